//! The `rfc1738` binary: exit codes, and one output object per input line, in order (the
//! batch inputs and the line limit: `cli_lines.rs`; terminals and pipes: `cli_terminal.rs`).

mod common;

use common::cli::{json_lines, mixed_lines, run, run_with};
use pretty_assertions::assert_eq;

#[test]
fn exit_status_is_0_when_all_valid_1_when_any_invalid_2_on_usage_error() {
    assert_eq!(run(&["parse", "http://h/", "news:*"], b"").0, 0);
    assert_eq!(run(&["parse", "http://h/", "http://h/ x"], b"").0, 1);
    assert_eq!(run(&["parse", "--bogus"], b"").0, 2);
}

#[test]
fn json_lines_from_stdin_keep_count_and_order_including_odd_lines() {
    let stdin = b"news:*\r\nhttp://h/ x\n\n\xffftp://h/\nftp:\xff\nwais://h/db";
    let (status, stdout) = run(&["parse", "--json"], stdin);
    assert_eq!(status, 1);
    let reports: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let summary: Vec<(String, bool, serde_json::Value)> = reports
        .iter()
        .map(|r| {
            (
                r["input"].as_str().unwrap().to_owned(),
                r["valid"] == true,
                r["scheme"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("news:*".to_owned(), true, "news".into()),
            ("http://h/ x".to_owned(), false, "http".into()),
            (String::new(), false, serde_json::Value::Null),
            (
                "\u{FFFD}ftp://h/".to_owned(),
                false,
                serde_json::Value::Null
            ),
            ("ftp:\u{FFFD}".to_owned(), false, "ftp".into()),
            ("wais://h/db".to_owned(), true, "wais".into()),
        ]
    );
}

#[test]
fn human_output_shows_components_or_the_caret() {
    // The answers on standard output, the errors on standard error.
    let (_, stdout, stderr) = run_with(&["parse", "ftp://@host.com/", "http://h/a b"], &[], b"");
    assert!(stdout.contains("  user      \"\""), "{stdout}");
    assert!(!stdout.contains("http://h/a b"), "{stdout}");
    assert!(stderr.starts_with("http://h/a b\nerror: "), "{stderr}");
    assert!(stderr.contains("  |           ^"), "{stderr}");
}

#[test]
fn a_url_starting_with_a_hyphen_goes_after_double_dash() {
    let (status, stdout) = run(&["parse", "--json", "--", "-x:y"], b"");
    assert_eq!(status, 0, "{stdout}");
}

#[test]
fn the_dialect_option_chooses_the_grammar_and_is_reported() {
    let input = "mid:12345@info.cern.ch";
    let (status, stdout) = run(&["parse", "--json", "--dialect", "rfc1630", input], b"");
    assert_eq!(status, 0);
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(report["dialect"], "rfc1630");
    assert_eq!(report["kind"], "mid");
    assert_eq!(report["addr_spec"], "12345@info.cern.ch");
    // The same text is a generic URL by RFC 1738 (the default).
    let (_, stdout) = run(&["parse", "--json", input], b"");
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(
        (report["dialect"].as_str(), report["kind"].as_str()),
        (Some("rfc1738"), Some("generic"))
    );
    // A space: reserved in RFC 1630, an "extra" character in the draft.
    let spaced = "http://info.cern.ch/a b";
    assert_eq!(run(&["parse", "--dialect", "rfc1630", spaced], b"").0, 1);
    assert_eq!(run(&["parse", "--dialect", "draft", spaced], b"").0, 0);
    // RFC 2396 excludes it too (section 2.4.3), and reads a relative reference.
    assert_eq!(run(&["parse", "--dialect", "rfc2396", spaced], b"").0, 1);
    assert_eq!(
        run(&["parse", "--dialect", "rfc2396", "../g;x?y"], b"").0,
        0
    );
    assert_eq!(run(&["parse", "--dialect", "rfc3986", spaced], b"").0, 2);
}

#[test]
fn prefix_and_fragment_are_reported() {
    let (status, stdout) = run(&["parse", "--json", "URL:http://info.cern.ch/#top"], b"");
    assert_eq!(status, 0);
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(report["prefixed"], true);
    assert_eq!(report["fragment"], "top");
    assert_eq!(report["display"], "URL:http://info.cern.ch/#top");
}

#[test]
fn resolve_prints_the_absolute_form_in_either_mode() {
    let context = "magic://a/b/c//d/e/f";
    let (status, stdout) = run(
        &["resolve", "--mode", "rfc1630", context, "g", "/g", "../g"],
        b"",
    );
    assert_eq!(status, 0);
    assert_eq!(
        stdout,
        "magic://a/b/c//d/e/g\nmagic://a/b/c//d/g\nmagic://a/b/c//d/g\n"
    );
    let (_, stdout) = run(&["resolve", "--mode", "draft", context, "/g"], b"");
    assert_eq!(stdout, "magic://a/g\n");
}

#[test]
fn resolve_by_rfc1808_and_the_cern_library_keeps_the_json_fields() {
    let base = "http://a/b/c/d;p?q#f";
    let (status, stdout) = run(
        &["resolve", "--mode", "rfc1808", base, "?y", "../../../g"],
        b"",
    );
    assert_eq!(status, 0);
    assert_eq!(stdout, "http://a/b/c/d;p?y\nhttp://a/../g\n");
    let (status, stdout) = run(&["resolve", "--mode", "CERN", base, "?y", "http:g"], b"");
    assert_eq!(status, 0);
    assert_eq!(stdout, "http://a/b/c/?y#f\nhttp://a/b/c/g#f\n");
    // Neither refuses a gopher base; RFC 1808 refuses a base without a scheme.
    let stdin = b"gopher://h/1x/y\tz\n/a/b\tg\n";
    let (status, stdout) = run(&["resolve", "--mode", "rfc1808", "--json"], stdin);
    assert_eq!(status, 1);
    let objects = json_lines(&stdout);
    assert_eq!(objects[0]["mode"], "rfc1808");
    assert_eq!(objects[0]["result"], "gopher://h/1x/z");
    assert_eq!(objects[1]["error"]["code"], "context-without-scheme");
    assert_eq!(objects[1]["context"], "/a/b");
    assert_eq!(objects[1]["partial"], "g");
    let (status, stdout) = run(&["resolve", "--mode", "cern", "--json"], stdin);
    assert_eq!(status, 0);
    let objects = json_lines(&stdout);
    assert_eq!(objects[0]["result"], "gopher://h/1x/z");
    assert_eq!(objects[1]["result"], "/a/g");
}

#[test]
fn resolve_and_links_by_the_later_standards() {
    // Issue 49: RFC 2396, RFC 3986 and the WHATWG URL Standard, built into the command.
    let base = "http://a/b/c/d;p?q#f";
    let partials = ["?y", "../../../g", "/./g", "http:g", "..\\g"];
    for (mode, expected) in [
        (
            "rfc2396",
            "http://a/b/c/?y\nhttp://a/../g\nhttp://a/./g\nhttp:g\nhttp://a/b/c/..\\g\n",
        ),
        (
            "RFC3986",
            "http://a/b/c/d;p?y\nhttp://a/g\nhttp://a/g\nhttp:g\nhttp://a/b/c/..\\g\n",
        ),
        (
            "whatwg",
            "http://a/b/c/d;p?y\nhttp://a/g\nhttp://a/g\nhttp://a/b/c/g\nhttp://a/b/g\n",
        ),
    ] {
        let mut args = vec!["resolve", "--mode", mode, base];
        args.extend(partials);
        let (status, stdout) = run(&args, b"");
        assert_eq!((status, stdout.as_str()), (0, expected), "{mode}");
    }
    // Their refusals, as JSON.
    let stdin = b"http://a/b\thttp://a:99999/\n/a/b\tg\n";
    let (status, stdout) = run(&["resolve", "--mode", "whatwg", "--json"], stdin);
    assert_eq!(status, 1);
    let objects = json_lines(&stdout);
    assert_eq!(objects[0]["mode"], "whatwg");
    assert_eq!(objects[0]["error"]["code"], "whatwg-failure");
    assert_eq!(
        objects[0]["error"]["message"],
        "the WHATWG URL parser fails on \"http://a:99999/\": invalid port number"
    );
    assert_eq!(objects[1]["error"]["code"], "whatwg-base-failure");
    let (status, stdout) = run(&["resolve", "--mode", "rfc3986", "--json"], stdin);
    assert_eq!(status, 1);
    let objects = json_lines(&stdout);
    assert_eq!(objects[0]["result"], "http://a:99999/");
    assert_eq!(objects[1]["error"]["code"], "context-without-scheme");
    // links, each link by the mode.
    let (status, stdout) = run(
        &["links", "--json", "--mode", "whatwg", "--base", base, "-"],
        b"<A HREF=\"HTTP://H:80/x/../y\">x</A>",
    );
    assert_eq!(status, 0);
    let link: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(
        (link["mode"].as_str(), link["result"].as_str()),
        (Some("whatwg"), Some("http://h/y"))
    );
}

#[test]
fn resolve_and_links_take_one_default_mode_and_name_it() {
    // The library's default (cern): `..` climbs as the browsers had it, in resolve and in
    // links alike, and the JSON of both names the mode.
    let (status, stdout) = run(&["resolve", "--json", "http://a/b/c/d;p?q", ".."], b"");
    assert_eq!(status, 0);
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(
        (report["mode"].as_str(), report["result"].as_str()),
        (Some("cern"), Some("http://a/b"))
    );
    let (status, stdout) = run(
        &["links", "--json", "--base", "http://a/b/c/d;p?q", "-"],
        b"<A HREF=\"..\">up</A>",
    );
    assert_eq!(status, 0);
    let link: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(
        (link["mode"].as_str(), link["result"].as_str()),
        (Some("cern"), Some("http://a/b"))
    );
}

#[test]
fn resolve_reads_tab_separated_lines_and_reports_every_line_as_json() {
    let stdin = b"magic://a/b/c//d/e/f\t//g\r\nno tab here\n\ngopher://h/1a\tb\n\xff\tg\n";
    let (status, stdout) = run(&["resolve", "--mode", "rfc1630", "--json"], stdin);
    assert_eq!(status, 1);
    let reports: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), 5, "one object per input line: {stdout}");
    assert_eq!(
        reports[0],
        serde_json::json!({"line": 1, "context": "magic://a/b/c//d/e/f", "partial": "//g", "mode": "rfc1630", "result": "magic://g"})
    );
    for report in &reports[1..] {
        assert!(report["error"]["message"].is_string(), "{report}");
    }
    let codes: Vec<_> = reports.iter().map(|r| r["error"]["code"].clone()).collect();
    assert_eq!(
        codes,
        [
            serde_json::Value::Null,
            "missing-tab".into(),
            "missing-tab".into(),
            "no-partial-forms".into(),
            "not-utf-8".into()
        ]
    );
    let lines: Vec<_> = reports.iter().map(|r| r["line"].clone()).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5]);
    assert!(reports[3]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("no partial forms"));
}

#[test]
fn extract_prints_one_json_object_per_url_found_in_order() {
    let text = "Voir <URL:ftp://h/a-\n b> and http://info.cern.ch/.\nNoté: no URL here.\n<URL:http://h:99999/>\n";
    let (status, out) = run(&["extract", "--json"], text.as_bytes());
    assert_eq!(
        status, 0,
        "finding invalid URLs is not a failure of extract"
    );
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 3);
    assert_eq!(
        objects[0],
        serde_json::json!({
            "file": "-", "start": 5, "end": 24, "line": 1, "column": 6,
            "char_start": 5, "char_end": 24, "char_column": 6,
            "found": "<URL:ftp://h/a-\n b>", "url": "ftp://h/a-b", "wrapper": "url",
            "prefixed": true, "hyphen_break": true, "alternative": "ftp://h/ab",
            "alternative_valid": true, "valid": true, "kind": "ftp",
        })
    );
    assert_eq!(objects[1]["url"], "http://info.cern.ch/");
    assert_eq!(objects[1]["wrapper"], "bare");
    assert_eq!(objects[2]["valid"], false);
    // After "é" (two bytes, one character), byte and character offsets part.
    assert_eq!(
        (&objects[2]["start"], &objects[2]["char_start"]),
        (&serde_json::json!(71), &serde_json::json!(70))
    );
    assert_eq!(objects[2]["error"]["offset"], 9);
    assert_eq!(objects[2]["error"]["code"], "port-out-of-range");
    assert_eq!(
        objects[2]["kind"], "http",
        "the production tried, as parse --json says"
    );
}

#[test]
fn extract_reads_every_file_and_reports_one_it_cannot_open() {
    let dir = std::env::temp_dir().join(format!("rfc1738-extract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("notes.txt");
    std::fs::write(&file, "mail <URL:mailto:timbl@info.cern.ch>\n").unwrap();
    let missing = dir.join("missing.txt");
    let (status, out) = run(
        &["extract", missing.to_str().unwrap(), file.to_str().unwrap()],
        b"",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status, 2);
    assert_eq!(
        out,
        format!(
            "{}:1:6: url mailto:timbl@info.cern.ch  (valid mailto)\n",
            file.display()
        )
    );
}

#[test]
fn extract_options_choose_dialect_limit_and_line_numbers() {
    let text = "  12.  <mid:msg@host> <URL:ftp://h/a\n  13.   /b>\n";
    let (_, out) = run(
        &["extract", "--dialect", "rfc1630", "--line-numbers"],
        text.as_bytes(),
    );
    assert_eq!(
        out,
        "-:1:8: angle mid:msg@host  (valid mid)\n-:1:23: url ftp://h/a/b  (valid ftp)\n"
    );
    let long = format!("http://h/{}", "a".repeat(500));
    let (_, out) = run(&["extract", "--json", "--max-len", "300"], long.as_bytes());
    let object: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(object["url"].as_str().unwrap().len(), 300);
    assert_eq!(object["valid"], false);
}

#[test]
fn normalize_prints_one_encoding_level_and_reports_invalid_lines() {
    let (status, out) = run(
        &["normalize"],
        b"HTTP://Info.CERN.ch:80/marie%2dclaude\nftp://h/a%2fb;type=I\n",
    );
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "http://info.cern.ch/marie-claude\nftp://h/a%2Fb;type=i\n"
    );
    let (status, out) = run(
        &["normalize", "--json", "gopher://h:70/1", "http://h/ x"],
        b"",
    );
    assert_eq!(status, 1);
    let objects: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        objects[0],
        serde_json::json!({"line": 1, "input": "gopher://h:70/1", "form": "reference", "valid": true, "normalized": "gopher://h/"})
    );
    assert_eq!(objects[1]["valid"], false);
    assert_eq!(objects[1]["error"]["offset"], 9);
}

#[test]
fn normalize_keeps_prefix_and_fragment_and_every_object_has_normalized_or_error() {
    let (status, out) = run(
        &[
            "normalize",
            "URL:HTTP://H:80/a%41",
            "http://h/a#x",
            "url:Foo",
        ],
        b"",
    );
    assert_eq!(status, 0);
    assert_eq!(out, "URL:http://h/aA\nhttp://h/a#x\nurl:Foo\n");
    let (stdin, _) = mixed_lines();
    let extra = b"http://h/a#x\nURL:http://h/#\nhttp://h/#a b\nURL:http://h:99999/\nurl:\n";
    let stdin = [&stdin[..20_000], b"\n", extra].concat();
    let (_, out) = run(&["normalize", "--json"], &stdin);
    for line in out.lines() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        let has = |key: &str| object.get(key).is_some();
        assert!(has("normalized") != has("error"), "{line}");
        assert_eq!(object["valid"], has("normalized"), "{line}");
    }
}

#[test]
fn lint_reports_warnings_with_spans_and_exits_1_on_a_warning() {
    let (status, out) = run(&["lint", "--json", "gopher://host:25/0%0D%0A"], b"");
    assert_eq!(status, 1);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["valid"], true);
    assert_eq!(report["kind"], "gopher");
    let kinds: Vec<&str> = report["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "non-default-port",
            "cross-protocol",
            "encoded-delimiter",
            "encoded-delimiter"
        ]
    );
    assert_eq!(report["warnings"][0]["start"], 14);
    assert_eq!(report["warnings"][0]["end"], 16);
    // A notice alone (an empty password) is not a reason to fail.
    assert_eq!(
        run(&["lint", "ftp://foo:@host.com/", "gopher://h/1"], b"").0,
        0
    );
    let (status, out, err) = run_with(&["lint"], &[], b"http://user@h/\n\xff\n");
    assert_eq!(status, 1);
    assert!(
        out.contains("warning user-info-not-allowed in login (7..11)"),
        "{out}"
    );
    assert_eq!(out.matches("\n\n").count(), 1, "one block: {out}");
    // The URL is invalid (http has no user) and the line after it is not UTF-8.
    assert_eq!(err.matches("\n\n").count(), 2, "two blocks: {err}");
    assert!(
        err.contains("-:2:1: error: input is not valid UTF-8"),
        "{err}"
    );
}

#[test]
fn lint_output_stays_bounded_for_a_url_of_escaped_line_breaks() {
    let url = format!("gopher://h/0{}", "%0D".repeat(5_000));
    let (status, out) = run(&["lint", &url], b"");
    assert_eq!(status, 1);
    assert!(
        out.contains("  and 4000 more escaped delimiters, not listed (the first 1000 are)"),
        "{}",
        &out[out.len() - 300..]
    );
    // The URL once, then per warning a message and a window of it, not the whole URL.
    assert_eq!(out.matches(&url).count(), 1);
    assert!(out.len() < url.len() + 1000 * 400, "{} bytes", out.len());
    let (_, out) = run(&["lint", "--json", &url], b"");
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["omitted_warnings"], 4000);
}

#[test]
fn normalize_and_resolve_print_one_line_per_input_line_errors_on_stderr() {
    let stdin = b"HTTP://H/a\nnot a url\n\nftp://h/%41\n\xff\n";
    let (status, out, err) = run_with(&["normalize"], &[], stdin);
    assert_eq!(status, 1);
    assert_eq!(out, "http://h/a\n\n\nftp://h/A\n\n");
    assert!(err.contains("-:2:4: error: no scheme"), "{err}");
    assert!(err.contains("-:3:1: error: empty input"), "{err}");
    assert!(
        err.contains("-:5:1: error: input is not valid UTF-8"),
        "{err}"
    );
    let (_, out, err) = run_with(&["normalize", "http://h/", "x y"], &[], b"");
    assert_eq!(out, "http://h/\n\n");
    assert!(err.starts_with("x y\nerror: "), "{err}");

    let stdin = b"http://a/b/c\tg\nno tab\ngopher://h/1\tx\nhttp://a/b/c\t../d\n";
    let (status, out, err) = run_with(&["resolve", "--mode", "rfc1630"], &[], stdin);
    assert_eq!(status, 1);
    assert_eq!(out, "http://a/b/g\n\n\nhttp://a/d\n");
    assert!(
        err.contains("no tab\n-:2:7: error: expected CONTEXT<TAB>PARTIAL (byte 6)"),
        "{err}"
    );
    assert!(
        err.contains("-:3: error: gopher URIs have no partial forms"),
        "{err}"
    );
    let (_, out, err) = run_with(
        &["resolve", "--mode", "rfc1630", "gopher://h/1", "x", "y"],
        &[],
        b"",
    );
    assert_eq!(out, "\n\n");
    assert_eq!(err.lines().count(), 2, "{err}");
}

#[test]
fn lint_filters_by_severity_and_kind_and_counts_severities() {
    let urls = [
        "http://h:8001/%00",
        "ftp://u:p@h/",
        "gopher://h:25/0%0D%0Ax",
    ];
    // Every warning, and the summary's count by severity.
    let (status, out, err) = run_with(&[&["lint", "--summary"][..], &urls].concat(), &[], b"");
    assert_eq!(status, 1);
    assert!(
        out.contains("  notice  encoded-delimiter in hpath (14..17): "),
        "{out}"
    );
    assert!(
        out.contains("  warning non-default-port in port (9..13): "),
        "{out}"
    );
    assert!(
        err.contains(
            "rfc1738 lint: 3 inputs: 3 valid, 0 invalid; 7 warnings: 4 danger, 2 warning, 1 notice"
        ),
        "{err}"
    );
    // At least a warning, non-default ports left out: the http URL is clean.
    let args = [
        "lint",
        "--summary",
        "--min-severity",
        "warning",
        "--ignore",
        "non-default-port",
    ];
    let (status, out, err) = run_with(&[&args[..], &urls].concat(), &[], b"");
    assert_eq!(status, 1);
    assert!(!out.contains("http://h:8001/"), "{out}");
    assert!(!out.contains("non-default-port"), "{out}");
    assert!(out.contains("warning password in password"), "{out}");
    assert!(out.contains("danger  cross-protocol in port"), "{out}");
    assert!(
        err.contains("; 4 warnings: 3 danger, 1 warning, 0 notice"),
        "{err}"
    );
    // Dangers only, in JSON too; with the dangers ignored as well, nothing fails.
    let (_, out, _) = run_with(
        &["lint", "--json", "--min-severity", "danger", urls[1]],
        &[],
        b"",
    );
    assert!(out.contains(r#""warnings":[]"#), "{out}");
    let args = [
        "lint",
        "--ignore",
        "non-default-port",
        "--ignore",
        "cross-protocol",
        "--ignore",
        "encoded-delimiter",
        "--ignore",
        "password",
    ];
    let (status, out, _) = run_with(&[&args[..], &urls].concat(), &[], b"");
    assert_eq!((status, out.as_str()), (0, ""));
    // An unknown kind or severity is a usage error.
    assert_eq!(
        run_with(&["lint", "--ignore", "port", "http://h/"], &[], b"").0,
        2
    );
    assert_eq!(
        run_with(&["lint", "--min-severity", "high", "http://h/"], &[], b"").0,
        2
    );
}

#[test]
fn lint_prints_only_urls_with_a_warning_or_an_error_unless_all() {
    let urls = ["http://h/", "telnet://h:2323/", "news:*", "http://h/ x"];
    let (status, out, err) = run_with(&[&["lint"][..], &urls].concat(), &[], b"");
    assert_eq!(status, 1);
    assert!(!out.contains("http://h/\n"), "{out}");
    assert!(!out.contains("news:*"), "{out}");
    assert!(!out.contains("no warning"), "{out}");
    assert!(
        out.contains("telnet://h:2323/\n  warning non-default-port in port (11..15)"),
        "{out}"
    );
    // An invalid URL has no checks: its error is on standard error.
    assert!(err.contains("http://h/ x\n  invalid: "), "{err}");
    let (_, out) = run(&["lint", "http://h/", "news:*"], b"");
    assert_eq!(out, "", "clean input prints nothing");
    let (_, out) = run(&[&["lint", "--all"][..], &urls].concat(), b"");
    assert!(out.starts_with("http://h/\n  no warning\n\n"), "{out}");
    assert!(out.contains("news:*\n  no warning\n"), "{out}");
    // JSON still has one object per input.
    let (_, out) = run(&[&["lint", "--json"][..], &urls].concat(), b"");
    assert_eq!(json_lines(&out).len(), 4);
}

#[test]
fn extract_reads_standard_input_for_a_dash_among_files() {
    let dir = std::env::temp_dir().join(format!("rfc1738-dash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.txt");
    std::fs::write(&file, "see http://a/ here\n").unwrap();
    let (status, out) = run(
        &["extract", file.to_str().unwrap(), "-"],
        b"and <URL:news:comp.x>\n",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status, 0);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].ends_with("a.txt:1:5: bare http://a/  (valid http)"),
        "{out}"
    );
    assert_eq!(lines[1], "-:1:5: url news:comp.x  (valid news)");
}

#[test]
fn control_characters_of_the_input_are_escaped_in_every_text_output() {
    let hostile = "http://h/\x1b]0;pwned\x07\x1b[2J";
    for args in [
        vec!["parse", hostile],
        vec!["lint", hostile],
        vec!["lint", "--all", hostile],
    ] {
        let (_, out, err) = run_with(&args, &[], b"");
        assert!(
            !out.contains('\x1b') && !out.contains('\x07'),
            "{args:?}: {out:?}"
        );
        assert!(!err.contains('\x1b'), "{args:?}: {err:?}");
        // Invalid: echoed with its error, on standard error.
        assert!(err.contains("\\x1b]0;pwned\\x07"), "{args:?}: {err}");
    }
    let (_, out, err) = run_with(&["normalize", hostile], &[], b"");
    assert_eq!(out, "\n");
    assert!(
        !err.contains('\x1b') && err.contains("\\x1b]0;pwned"),
        "{err:?}"
    );
    // RFC 1630's resolution takes what it is given; the result is shown escaped.
    let (_, out) = run(&["resolve", "--mode", "rfc1630", "x\x1b:/a", "b\x1b"], b"");
    assert_eq!(out, "x\\x1b:/b\\x1b\n");
    let (_, out, err) = run_with(
        &["resolve", "--mode", "rfc1630", "/a\x1b", "b\x1b"],
        &[],
        b"",
    );
    assert_eq!(out, "\n");
    assert!(!err.contains('\x1b') && err.contains("b\\x1b"), "{err:?}");
    let (_, out) = run(&["extract"], "go to <URL:http://h/\u{9b}31m>\n".as_bytes());
    assert!(
        !out.contains('\u{9b}') && out.contains("\\u{9b}"),
        "{out:?}"
    );
    // JSON escapes them its own way.
    let (_, out) = run(&["parse", "--json", hostile], b"");
    assert!(!out.contains('\x1b') && out.contains("\\u001b"), "{out:?}");
}

#[test]
fn help_lists_possible_values_and_a_dialect_in_any_case_is_read() {
    let (status, out) = run(&["parse", "--help"], b"");
    assert_eq!(status, 0);
    for value in ["rfc1738", "rfc1630", "draft", "auto", "always", "never"] {
        assert!(out.contains(&format!("- {value}:")), "{value}: {out}");
    }
    let (status, out) = run(
        &[
            "parse",
            "--dialect",
            "DRAFT-WWW-URI-00",
            "--json",
            "http://h/a b",
        ],
        b"",
    );
    assert_eq!(status, 0, "{out}");
    assert_eq!(json_lines(&out)[0]["dialect"], "draft");
    let (status, _, err) = run_with(&["resolve", "--help"], &[], b"");
    assert_eq!(status, 0, "{err}");
}

#[test]
fn resolve_with_a_context_and_no_partial_form_is_a_usage_error() {
    let (status, out, err) = run_with(&["resolve", "http://a/b/c"], &[], b"g\n");
    assert_eq!(status, 2);
    assert_eq!(out, "");
    assert!(err.contains("no partial form"), "{err}");
    assert!(err.contains("Usage: rfc1738 resolve"), "{err}");
}

#[test]
fn a_url_in_single_quotes_gets_the_wrapper_hint() {
    for dialect in ["rfc1738", "rfc1630", "draft"] {
        let (_, out) = run(
            &["parse", "--json", "--dialect", dialect, "'http://a/x'"],
            b"",
        );
        let report = &json_lines(&out)[0];
        assert_eq!(report["error"]["code"], "quoted", "{dialect}");
        assert!(report["error"]["message"]
            .as_str()
            .unwrap()
            .contains("parse what is inside them"));
    }
}

#[test]
fn links_lists_each_page_and_exits_2_when_one_cannot_be_read() {
    let page = b"<A HREF=\"../a.html\">a</A>\n<IMG SRC=b.gif>\n";
    let (status, out, err) = run_with(
        &[
            "links",
            "--base",
            "http://h/x/y.html",
            "-",
            "/no/such/page.html",
        ],
        &[],
        page,
    );
    assert_eq!(status, 2);
    assert_eq!(
        out,
        "-:1: a href ../a.html -> http://h/a.html  (valid http)\n\
         -:2: img src b.gif -> http://h/x/b.gif  (valid http)\n"
    );
    assert!(err.contains("/no/such/page.html"), "{err}");
    // Without a base: the error, in text and in JSON.
    let (status, out) = run(&["links", "--json"], page);
    assert_eq!(status, 0);
    let objects = json_lines(&out);
    assert_eq!(objects[0]["result"], serde_json::Value::Null);
    assert_eq!(objects[0]["error"]["code"], "no-base");
    assert_eq!(objects[0]["file"], "-");
    let (_, out) = run(&["links", "--mode", "rfc1630"], page);
    assert!(
        out.starts_with("-:1: a href ../a.html -> error: no base"),
        "{out}"
    );
}
