//! `rfc1738 links --compare` and `rfc1738 resolve --compare` (issue 49, "then against now,
//! for every link"): each link's result in each mode, whether they differ and the classes
//! of the difference, in JSON and in text, and the summary by pair of modes and class.

mod common;

use common::cli::{json_lines, run_with};
use rfc1738::resolution::ResolveMode;
use rfc1738_test_support::archives;
use serde_json::{json, Value};
use std::path::PathBuf;

/// A page of 1994 with one link of each class that the CERN library and the URL Standard
/// tell apart (the CERN pages of pages/cern/ hold such links: hosts with a trailing dot,
/// `..` above the root; the Lynx pages `file://localhost/`).
const PAGE: &str = r#"<TITLE>Then and now</TITLE>
<A HREF="Status.html">same</A>
<A HREF="http://info.cern.ch./hypertext/TBL_Disclaimer.html">trailing dot</A>
<A HREF="../../../../../TBL_Disclaimer.html">above the root</A>
<A HREF="gopher://gopher.micro.umn.edu:70/11/Other">gopher</A>
<A HREF="a b.html">space</A>
<A HREF="file://FTP.NISC.SRI.COM/">case</A>
<A HREF="http://info.cern.ch.:8001/wais?">port after the dot</A>
<IMG SRC="/icons/www.gif#x">
<FORM ACTION="search?q#top"></FORM>
"#;

const BASE: &str = "http://info.cern.ch/hypertext/WWW/TheProject.html";

/// A file of this test's own in the target folder.
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("links_compare");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn links(args: &[&str], stdin: &str) -> (i32, Vec<Value>, String) {
    let (status, out, err) = run_with(args, &[], stdin.as_bytes());
    (status, json_lines(&out), err)
}

#[test]
fn each_link_has_each_modes_result_and_the_classes_of_their_difference() {
    let (status, lines, _) = links(
        &[
            "links",
            "--json",
            "--base",
            BASE,
            "--compare",
            "cern,whatwg",
        ],
        PAGE,
    );
    assert_eq!(status, 0);
    let by_href = |href: &str| -> &Value {
        lines
            .iter()
            .find(|line| line["href"] == href)
            .unwrap_or_else(|| panic!("no link {href}"))
    };
    let classes = |href: &str| by_href(href)["classes"].clone();
    // The same link in both: no difference, every key still there.
    let same = by_href("Status.html");
    assert_eq!(
        same["compare"],
        json!({"cern": "http://info.cern.ch/hypertext/WWW/Status.html",
               "whatwg": "http://info.cern.ch/hypertext/WWW/Status.html"})
    );
    assert_eq!(same["differ"], false);
    assert_eq!(same["classes"], json!([]));
    assert_eq!(same["differences"], json!({}));
    assert!(same.get("compare_errors").is_none());
    // Each class.
    let dot = by_href("http://info.cern.ch./hypertext/TBL_Disclaimer.html");
    assert_eq!(dot["differ"], true);
    assert_eq!(
        dot["compare"]["whatwg"],
        "http://info.cern.ch./hypertext/TBL_Disclaimer.html"
    );
    assert_eq!(dot["differences"], json!({"cern/whatwg": ["trailing-dot"]}));
    assert_eq!(
        classes("../../../../../TBL_Disclaimer.html"),
        json!(["dot-segments"])
    );
    assert_eq!(
        by_href("../../../../../TBL_Disclaimer.html")["compare"]["cern"],
        "http://info.cern.ch/../../../TBL_Disclaimer.html"
    );
    assert_eq!(
        classes("gopher://gopher.micro.umn.edu:70/11/Other"),
        json!(["default-port"])
    );
    assert_eq!(classes("a b.html"), json!(["whitespace"]));
    assert_eq!(classes("file://FTP.NISC.SRI.COM/"), json!(["case"]));
    assert_eq!(
        classes("http://info.cern.ch.:8001/wais?"),
        json!(["trailing-dot"])
    );
    // An image keeps no fragment, a GET form no query, in both modes (Mosaic's calls).
    assert_eq!(by_href("/icons/www.gif#x")["differ"], false);
    assert_eq!(
        by_href("/icons/www.gif#x")["compare"]["whatwg"],
        "http://info.cern.ch/icons/www.gif"
    );
    assert_eq!(by_href("search?q#top")["differ"], false);
    // The keys come after the link's own and before "charset".
    let keys: Vec<&str> = same
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let at = |key| keys.iter().position(|k| *k == key).unwrap();
    assert!(at("href_valid") < at("compare") && at("differences") < at("charset"));
}

#[test]
fn a_compared_modes_result_is_the_result_of_that_mode_for_an_a_link() {
    let hrefs = [
        "Status.html",
        "../../../../../g",
        "http://info.cern.ch.:80/x",
        "//other.host",
        "?y",
        "#frag",
        "g;p?q#f",
        "a\\b",
        " a b ",
    ];
    let page: String = hrefs
        .iter()
        .map(|href| format!("<A HREF=\"{href}\">x</A>\n"))
        .collect();
    let names: Vec<&str> = ResolveMode::ALL.iter().map(|mode| mode.name()).collect();
    let (_, compared, _) = links(
        &[
            "links",
            "--json",
            "--base",
            BASE,
            "--compare",
            &names.join(","),
        ],
        &page,
    );
    assert_eq!(compared.len(), hrefs.len());
    for mode in ResolveMode::ALL {
        let (_, alone, _) = links(
            &["links", "--json", "--base", BASE, "--mode", mode.name()],
            &page,
        );
        for (one, both) in alone.iter().zip(&compared) {
            assert_eq!(
                both["compare"][mode.name()],
                one["result"],
                "{mode} {}",
                one["href"]
            );
        }
    }
}

#[test]
fn a_mode_without_a_result_is_null_with_its_error_code() {
    // No base: RFC 1808 leaves a relative link without one; the CERN library too.
    let (_, lines, _) = links(
        &["links", "--json", "--compare", "cern,rfc1630"],
        r#"<A HREF="x.html">x</A> <BASE HREF="gopher://h/1x"> <A HREF="y">y</A>"#,
    );
    assert_eq!(lines[0]["compare"], json!({"cern": null, "rfc1630": null}));
    assert_eq!(lines[0]["differ"], false);
    assert_eq!(
        lines[0]["compare_errors"],
        json!({"cern": "no-base", "rfc1630": "no-base"})
    );
    // RFC 1630 refuses a gopher base; the CERN library resolves against it.
    assert_eq!(lines[2]["compare"]["rfc1630"], Value::Null);
    assert_eq!(
        lines[2]["compare_errors"],
        json!({"rfc1630": "no-partial-forms"})
    );
    assert_eq!(lines[2]["classes"], json!(["refused"]));
}

#[test]
fn the_summary_counts_links_and_pages_by_pair_and_class() {
    let first = scratch("first.html", PAGE.as_bytes());
    let second = scratch("second.html", b"<A HREF=\"Status.html\">same</A>");
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    let args = [
        "links",
        "--quiet",
        "--summary",
        "--base",
        BASE,
        "--compare",
        "cern,whatwg,rfc1808",
    ];
    let (status, out, err) = run_with(&[&args[..], &[first, second]].concat(), &[], b"");
    assert_eq!((status, out.as_str()), (0, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines.contains(&"rfc1738 links: compared: 10 links on 2 pages; results differ for 6 links (60.0%) on 1 page (50.0%)"),
        "{err}"
    );
    assert!(lines.contains(&"rfc1738 links: cern/whatwg: 6 links (60.0%) on 1 page (50.0%) differ: whitespace 1 link on 1 page, case 1 link on 1 page, trailing-dot 2 links on 1 page, default-port 1 link on 1 page, dot-segments 1 link on 1 page"), "{err}");
    assert!(lines
        .iter()
        .any(|line| line.starts_with("rfc1738 links: whatwg/rfc1808: ")));

    // With --json, one JSON object.
    let args = [
        "links",
        "--json",
        "--summary",
        "--base",
        BASE,
        "--compare",
        "cern,whatwg",
    ];
    let (_, _, err) = run_with(&[&args[..], &[first, second]].concat(), &[], b"");
    let summary: Value = err
        .lines()
        .find(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str(line).unwrap())
        .expect("a JSON summary");
    assert_eq!(summary["summary"], "compare");
    assert_eq!(
        (summary["links"].clone(), summary["pages"].clone()),
        (json!(10), json!(2))
    );
    assert_eq!(summary["pages_differ"], 1);
    let pair = &summary["pairs"]["cern/whatwg"];
    assert_eq!(pair["links"], 6);
    assert_eq!(
        pair["classes"]["trailing-dot"],
        json!({"links": 2, "pages": 1})
    );
    assert!(pair["classes"].get("other").is_none());
}

#[test]
fn each_page_of_a_web_archive_counts_as_a_page() {
    let records = vec![
        archives::html("http://info.cern.ch/a/b.html", "<A HREF=\"..\">up</A>"),
        archives::html("http://info.cern.ch/c.html", "<A HREF=\"d.html\">d</A>"),
    ];
    let (bytes, _) = archives::file(&records);
    let file = scratch("crawl.warc", &bytes);
    let (_, out, err) = run_with(
        &[
            "links",
            "--summary",
            "--compare",
            "cern,rfc3986",
            file.to_str().unwrap(),
        ],
        &[],
        b"",
    );
    assert!(
        err.contains(
            "compared: 2 links on 2 pages; results differ for 1 link (50.0%) on 1 page (50.0%)"
        ),
        "{err}"
    );
    // In text, a link whose results differ is followed by each mode's and the classes.
    assert!(out.contains("\n    cern    -> http://info.cern.ch\n    rfc3986 -> http://info.cern.ch/\n    differ: cern/rfc3986 dot-segments\n"), "{out}");
}

#[test]
fn compare_takes_two_distinct_modes_or_more() {
    for (modes, says) in [
        ("cern", "name two modes or more"),
        ("cern,cern", "the mode cern is named twice"),
        ("cern,mosaic", "unknown resolution mode"),
    ] {
        let (status, _, err) = run_with(&["links", "--compare", modes], &[], b"");
        assert_eq!(status, 2, "{modes}");
        assert!(err.contains(says), "{modes}: {err}");
    }
}

#[test]
fn a_manifest_with_a_third_column_gives_the_url_alone() {
    // The MANIFEST.tsv of a crawl: local file, URL, original path.
    let page = scratch("m0001.html", b"<A HREF=\"../Overview.html\">up</A>");
    let manifest = scratch(
        "MANIFEST.tsv",
        b"m0001.html\thttp://www.w3.org/pub/WWW/ComLine/Overview.html\tComLine/Overview.html\n",
    );
    let (_, lines, _) = links(
        &[
            "links",
            "--json",
            "--bases",
            manifest.to_str().unwrap(),
            page.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        lines[0]["result"],
        "http://www.w3.org/pub/WWW/Overview.html"
    );
}

#[test]
fn resolve_compares_a_partial_form_in_each_mode() {
    let (status, lines, _) = links(
        &[
            "resolve",
            "--json",
            "--compare",
            "cern,rfc1808",
            "http://a/b/c/d#f",
            "..",
            "g",
        ],
        "",
    );
    assert_eq!(status, 0);
    assert_eq!(
        lines[0],
        json!({"line": 1, "context": "http://a/b/c/d#f", "partial": "..",
               "compare": {"cern": "http://a/b#f", "rfc1808": "http://a/b/"},
               "differ": true, "classes": ["dot-segments", "fragment"],
               "differences": {"cern/rfc1808": ["dot-segments", "fragment"]}})
    );
    assert_eq!(lines[1]["classes"], json!(["fragment"]));
    let (_, out, _) = run_with(
        &[
            "resolve",
            "--compare",
            "cern,whatwg",
            "http://a/b/c",
            "d",
            "../..",
        ],
        &[],
        b"",
    );
    assert_eq!(
        out,
        "cern   -> http://a/b/d\nwhatwg -> http://a/b/d\nsame\n\
         cern   -> http://a/..\nwhatwg -> http://a/\ndiffer: cern/whatwg dot-segments\n"
    );
}
