//! `rfc1738 timeline`: each standard's verdict in its year, and a link resolved in every
//! mode side by side.

mod common;

use common::cli::{json_lines, run};
use pretty_assertions::assert_eq;

#[test]
fn each_standard_gives_its_verdict_in_its_year() {
    let (status, out) = run(&["timeline", "--json", "http://info.cern.ch./a b"], b"");
    // Invalid today: status 1, as every command gives for an invalid input.
    assert_eq!(status, 1);
    let lines = json_lines(&out);
    let verdicts = lines[0]["verdicts"].as_array().unwrap();
    let said: Vec<(&str, &str, bool)> = verdicts
        .iter()
        .map(|v| {
            (
                v["standard"].as_str().unwrap(),
                v["date"].as_str().unwrap(),
                v["valid"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            // The draft allowed a space in a path and a host's trailing dot.
            ("draft", "1994-03", true),
            ("rfc1630", "1994-06", false),
            ("rfc1738", "1994-12", false),
            ("rfc1808", "1995-06", false),
            ("rfc2396", "1998-08", false),
            ("rfc3986", "2005-01", false),
            // The WHATWG parser takes it, with a validation error for the space.
            ("whatwg", "today", false),
        ]
    );
    // RFC 1738 stops at the trailing dot of the host, RFC 2396 at the space.
    assert_eq!(verdicts[2]["error"]["offset"], 20);
    assert_eq!(verdicts[4]["error"]["offset"], 22);
    assert!(verdicts[4]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("RFC 2396 section 2.4.3"));
    assert!(lines[0].get("resolutions").is_none());
}

#[test]
fn with_a_base_the_link_is_resolved_in_every_mode_and_the_differences_are_marked() {
    let base = "http://a/b/c/d;p?q";
    let (status, out) = run(&["timeline", "--json", "--base", base, "?y"], b"");
    assert_eq!(status, 0);
    let lines = json_lines(&out);
    let result = |mode: &str| {
        lines[0]["resolutions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["mode"] == mode)
            .unwrap()["result"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(result("rfc1808"), "http://a/b/c/d;p?y");
    assert_eq!(result("rfc2396"), "http://a/b/c/?y");
    assert_eq!(result("rfc3986"), "http://a/b/c/d;p?y");
    assert_eq!(result("whatwg"), "http://a/b/c/d;p?y");
    assert_eq!(result("cern"), "http://a/b/c/?y");
    let (_, text) = run(&["timeline", "--base", base, "?y"], b"");
    assert!(
        text.contains("    rfc3986  http://a/b/c/d;p?y  (differs from cern)\n"),
        "{text}"
    );
    assert!(text.contains("    rfc2396  http://a/b/c/?y\n"), "{text}");
}
