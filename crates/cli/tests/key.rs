//! `rfc1738 key`: one key a line in either style, the JSON report, errors and exit status.

mod common;

use common::cli::{json_lines, run};
use pretty_assertions::assert_eq;

#[test]
fn one_key_a_line_in_the_order_of_the_inputs() {
    let (status, out) = run(
        &[
            "key",
            "gopher://Gopher.Micro.UMN.EDU:70/11/Gopher",
            "<URL:ftp://ftp.uu.net/%2Fetc/motd>",
            "-",
        ],
        b"mailto:timbl@Info.CERN.ch\nURL:news:comp.infosystems.www#x\n",
    );
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "gopher://(edu,umn,micro,gopher,)/11/Gopher\nftp://(net,uu,ftp,)/%2Fetc/motd\n\
         mailto:(ch,cern,info,)timbl\nnews:comp.infosystems.www\n"
    );
}

#[test]
fn an_input_without_a_key_is_an_empty_line_its_error_on_standard_error_and_status_1() {
    let (status, out, err) =
        common::cli::run_with(&["key", "http://h/", "http://h/a b", "news:x"], &[], b"");
    assert_eq!(status, 1);
    assert_eq!(out, "http://(h,)/\n\nnews:x\n");
    assert!(
        err.starts_with("http://h/a b\nerror: unsafe character"),
        "{err}"
    );
    // --only and --summary as in every mode.
    let (status, out, err) = common::cli::run_with(
        &["key", "--only", "invalid", "--summary", "http://h/", "x y"],
        &[],
        b"",
    );
    assert_eq!((status, out.as_str()), (1, "\n"));
    assert!(
        err.ends_with("rfc1738 key: 2 inputs: 1 valid, 1 invalid\n"),
        "{err}"
    );
}

#[test]
fn the_surt_style_keys_what_the_grammar_rejects_and_fails_where_surt_raises() {
    let (status, out, err) = common::cli::run_with(
        &[
            "key",
            "--style",
            "surt",
            "http://www.Example.com/a b?b=2&a=1",
            "http://h:x/",
        ],
        &[],
        b"",
    );
    assert_eq!(status, 1);
    assert_eq!(out, "com,example)/a%20b?a=1&b=2\n\n");
    assert!(
        err.contains("error: surt raises ValueError: Port could not be cast"),
        "{err}"
    );
}

/// PyPI surt keys bytes that are not UTF-8 (`surt.surt(b"http://h/caf\xe9")` gives
/// `b"h)/caf%e9"`): so does the surt style, where the scheme-aware style reports the line.
#[test]
fn the_surt_style_keys_a_line_that_is_not_utf8_as_surt_keys_its_bytes() {
    let stdin = b"http://h/caf\xe9\nhttp://h:x/\xe9\n";
    let (status, out, err) = common::cli::run_with(&["key", "--style", "surt", "-"], &[], stdin);
    assert_eq!(status, 1);
    assert_eq!(out, "h)/caf%e9\n\n");
    assert!(
        err.contains("-:2: error: surt raises ValueError: Port could not be cast"),
        "{err}"
    );
    let (status, out, err) = common::cli::run_with(&["key", "-"], &[], stdin);
    assert_eq!((status, out.as_str()), (1, "\n\n"));
    assert!(err.contains("not valid UTF-8"), "{err}");
}

#[test]
fn json_gives_both_styles_and_what_surt_merges() {
    let (_, out) = run(
        &["key", "--json", "telnet://fedix@fedix.fie.com/", "x"],
        b"",
    );
    let lines = json_lines(&out);
    assert_eq!(
        lines[0],
        serde_json::json!({
            "line": 1, "input": "telnet://fedix@fedix.fie.com/", "style": "rfc1738",
            "key": "telnet://(com,fie,fedix,@fedix)", "surt": "com,fie,fedix)/",
            "merges": ["scheme", "login"],
        })
    );
    assert_eq!(lines[1]["error"]["code"], "missing-scheme");
    assert_eq!(lines[1].get("key"), None);
    assert_eq!(lines[1].get("merges"), None);
    let (_, out) = run(&["key", "--json", "--style", "surt", "http://h:x/"], b"");
    let line = &json_lines(&out)[0];
    assert_eq!(line["style"], "surt");
    assert!(line["error"]["surt"]
        .as_str()
        .unwrap()
        .starts_with("ValueError"));
    assert_eq!(line.get("surt"), None);
}
