//! The `rfc1738` binary: exit codes, and one output object per input line, in order.

use pretty_assertions::assert_eq;
use std::io::Write;
use std::process::{Command, Stdio};

fn run(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (status, out, _) = run_with(args, &[], stdin);
    (status, out)
}

/// Runs the binary with environment variables; returns the exit status, standard output
/// and standard error.
fn run_with(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Written from another thread: a large input and output would otherwise fill both
    // pipes and block each side on the other.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early (a usage error): a broken pipe is not ours.
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The JSON objects of an output, one per line.
fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

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
    assert_eq!(run(&["parse", "--dialect", "rfc2396", spaced], b"").0, 2);
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
    let (status, stdout) = run(&["resolve", context, "g", "/g", "../g"], b"");
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
fn resolve_reads_tab_separated_lines_and_reports_every_line_as_json() {
    let stdin = b"magic://a/b/c//d/e/f\t//g\r\nno tab here\n\ngopher://h/1a\tb\n\xff\tg\n";
    let (status, stdout) = run(&["resolve", "--json"], stdin);
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

/// 100,000 mixed lines: valid, invalid, empty, CR LF, not UTF-8, whitespace, long.
fn mixed_lines() -> (Vec<u8>, Vec<String>) {
    let pool: [&[u8]; 12] = [
        b"http://info.cern.ch/",
        b"http://h/ x",
        b"",
        b"ftp://h/f;type=a\r",
        b"\xff\xfe",
        b"news:\xc3",
        b"   ",
        b"\t",
        b"gopher://h:70/1%0D%0A",
        b"HTTP://H:80/%7e",
        b"mailto:",
        b"URL:wais://h/db#frag",
    ];
    let mut stdin = Vec::new();
    let mut expected = Vec::new();
    let mut state = 1u32;
    for i in 0..100_000 {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let mut line = pool[(state >> 16) as usize % pool.len()].to_vec();
        if i % 1000 == 0 {
            // Now and then a long line.
            line.splice(0..0, b"a".repeat(10_000));
        }
        stdin.extend_from_slice(&line);
        stdin.push(b'\n');
        let text = line.strip_suffix(b"\r").unwrap_or(&line);
        expected.push(String::from_utf8_lossy(text).into_owned());
    }
    (stdin, expected)
}

#[test]
fn batch_modes_answer_every_one_of_100000_mixed_lines_in_order() {
    let (stdin, expected) = mixed_lines();
    for command in [
        &["parse", "--json"][..],
        &["normalize", "--json"][..],
        &["lint", "--json"][..],
    ] {
        let (_, out) = run(command, &stdin);
        let inputs: Vec<String> = out
            .lines()
            .map(|line| {
                let object: serde_json::Value = serde_json::from_str(line).unwrap();
                object["input"].as_str().unwrap().to_owned()
            })
            .collect();
        assert_eq!(inputs.len(), expected.len(), "{command:?}");
        if let Some(at) = (0..inputs.len()).find(|&i| inputs[i] != expected[i]) {
            panic!(
                "{command:?}: line {at} answered as {:?}, expected {:?}",
                inputs[at], expected[at]
            );
        }
    }
    // resolve: CONTEXT<TAB>PARTIAL lines, the malformed ones answered with an error.
    let resolve_in: Vec<u8> = stdin
        .split(|&b| b == b'\n')
        .take(100_000)
        .flat_map(|line| {
            let mut out = b"magic://a/b/c\t".to_vec();
            out.extend_from_slice(line);
            out.push(b'\n');
            out
        })
        .collect();
    let (_, out) = run(&["resolve", "--json"], &resolve_in);
    assert_eq!(out.lines().count(), 100_000);
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
    assert!(out.contains("warning login 7..11"), "{out}");
    assert_eq!(out.matches("\n\n").count(), 1, "one block: {out}");
    // The URL is invalid (http has no user) and the line after it is not UTF-8.
    assert_eq!(err.matches("\n\n").count(), 2, "two blocks: {err}");
    assert!(
        err.contains("-:2:1: error: input is not valid UTF-8"),
        "{err}"
    );
}

#[test]
fn a_line_longer_than_the_limit_is_answered_and_skipped_not_held() {
    let long = "a".repeat(5_000);
    let limit = [("RFC1738_MAX_LINE", "1000")];
    let message =
        "a line of 5000 bytes: longer than the 1000 bytes a line may hold (RFC1738_MAX_LINE)";
    let stdin = format!("http://h/\n{long}\nnews:*\n");
    for command in ["parse", "normalize", "lint"] {
        let (status, out, _) = run_with(&[command, "--json"], &limit, stdin.as_bytes());
        let lines = json_lines(&out);
        assert_eq!(status, 1, "{command}");
        assert_eq!(lines.len(), 3, "{command}");
        assert_eq!(lines[1]["valid"], false);
        assert_eq!(lines[1]["error"]["message"], message);
        assert_eq!(lines[1]["error"]["code"], "line-too-long");
        assert_eq!(lines[1]["error"]["offset"], 1000);
        assert_eq!(lines[1]["line"], 2);
        assert_eq!(lines[1]["input"], format!("{}...", &long[..256]));
        assert_eq!(
            lines[2]["input"], "news:*",
            "{command}: the next line is read"
        );
    }
    // resolve says the same, not that the TAB is missing.
    let stdin = format!("http://h/\tx\nhttp://h/\t{}\nhttp://h/\ty\n", &long[10..]);
    let (status, out, _) = run_with(&["resolve", "--json"], &limit, stdin.as_bytes());
    let lines = json_lines(&out);
    assert_eq!(status, 1);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["result"], "http://h/x");
    assert_eq!(lines[1]["error"]["message"], message);
    assert_eq!(lines[2]["result"], "http://h/y");
    assert_eq!(lines[1]["error"]["code"], "line-too-long");
    let (_, out, err) = run_with(&["resolve"], &limit, stdin.as_bytes());
    assert_eq!(
        out, "http://h/x\n\nhttp://h/y\n",
        "the line keeps its place, empty"
    );
    assert!(err.contains("...\n-:2:1001: error: "), "{err}");
    assert!(err.contains(message), "{err}");
}

#[test]
fn the_line_limit_counts_the_line_without_its_cr_lf_ending() {
    let limit = [("RFC1738_MAX_LINE", "10")];
    // 10 bytes with CR LF, LF or no ending fit; 11 do not, whatever the ending; a CR that
    // does not end a line (here the last byte of the input) belongs to it.
    let stdin = b"http://h/a\r\nhttp://h/b\nhttp://h/cd\r\nhttp://h/cd\nhttp://h/\r\rhttp://h/e\r";
    let (status, out, _) = run_with(&["parse", "--json"], &limit, stdin);
    let lines = json_lines(&out);
    let verdicts: Vec<_> = lines
        .iter()
        .map(|line| {
            (
                line["input"].as_str().unwrap(),
                line["valid"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(status, 1);
    assert_eq!(
        verdicts,
        [
            ("http://h/a", true),
            ("http://h/b", true),
            ("http://h/cd...", false),
            ("http://h/cd...", false),
            // A CR inside a line is not an ending: the line is 22 bytes (12 shown).
            ("http://h/\r\rh...", false),
        ]
    );
    assert_eq!(
        lines[4]["error"]["message"],
        "a line of 22 bytes: longer than the 10 bytes a line may hold (RFC1738_MAX_LINE)"
    );
    assert_eq!(
        lines[2]["error"]["message"],
        "a line of 11 bytes: longer than the 10 bytes a line may hold (RFC1738_MAX_LINE)"
    );
    // Without a limit in the way, a CR at the end of the input is the URL's last octet.
    let (status, out, _) = run_with(&["parse", "--json"], &[], b"http://h/e\r");
    assert_eq!(status, 1);
    assert_eq!(json_lines(&out)[0]["error"]["offset"], 10);
    // The count of a line cut and skipped leaves its CR LF out too.
    let stdin = format!("{}\r\nnews:*\r\n", "a".repeat(30));
    let (_, out, _) = run_with(&["parse", "--json"], &limit, stdin.as_bytes());
    let lines = json_lines(&out);
    assert_eq!(
        lines[0]["error"]["message"],
        "a line of 30 bytes: longer than the 10 bytes a line may hold (RFC1738_MAX_LINE)"
    );
    assert_eq!(lines[0]["input"], format!("{}...", "a".repeat(12)));
    assert_eq!(lines[1]["input"], "news:*");
}

#[test]
fn a_line_limit_that_is_not_a_number_is_a_usage_error_and_the_largest_works() {
    for bad in ["4x", "-1", "", "18446744073709551616"] {
        let (status, out, err) = run_with(
            &["parse", "--json"],
            &[("RFC1738_MAX_LINE", bad)],
            b"news:*\n",
        );
        assert_eq!(status, 2, "{bad:?}");
        assert_eq!(out, "");
        assert!(
            err.contains("RFC1738_MAX_LINE") && err.contains("number of bytes"),
            "{err}"
        );
    }
    // usize::MAX bytes: no overflow in the room for the line and its ending.
    let largest = usize::MAX.to_string();
    for command in ["parse", "normalize", "lint"] {
        let (status, out, _) = run_with(
            &[command, "--json"],
            &[("RFC1738_MAX_LINE", &largest)],
            b"news:*\r\nhttp://h/\n",
        );
        assert_eq!(status, 0, "{command}");
        assert_eq!(json_lines(&out).len(), 2, "{command}");
    }
    let (status, out, _) = run_with(&["parse", "--json"], &[("RFC1738_MAX_LINE", "0")], b"\nx\n");
    assert_eq!(status, 1);
    assert_eq!(json_lines(&out).len(), 2, "an empty line fits a limit of 0");
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
fn json_objects_of_the_batch_modes_carry_the_input_line_or_argument_position() {
    for command in ["parse", "normalize", "lint"] {
        let (_, out) = run(&[command, "--json"], b"http://h/\n\xff\nnews:*\n");
        let lines: Vec<_> = json_lines(&out).iter().map(|o| o["line"].clone()).collect();
        assert_eq!(lines, [1, 2, 3], "{command}");
        let (_, out) = run(&[command, "--json", "http://h/", "x y", "news:*"], b"");
        let lines: Vec<_> = json_lines(&out).iter().map(|o| o["line"].clone()).collect();
        assert_eq!(lines, [1, 2, 3], "{command}");
        // `line` comes first: the batch position, not part of the report.
        assert!(out.starts_with("{\"line\":1,"), "{command}: {out}");
    }
    let (_, out) = run(&["resolve", "--json", "http://a/b/c", "g", "h"], b"");
    let lines: Vec<_> = json_lines(&out).iter().map(|o| o["line"].clone()).collect();
    assert_eq!(lines, [1, 2]);
}

#[test]
fn error_objects_carry_the_library_code_and_the_cli_codes_for_unreadable_lines() {
    let (_, out) = run(
        &["parse", "--json"],
        b"http://h:99999/\n\xffhttp\nhttp://h/\xc3\xa9\xff\n",
    );
    let objects = json_lines(&out);
    assert_eq!(objects[0]["error"]["code"], "port-out-of-range");
    assert_eq!(objects[1]["error"]["code"], "not-utf-8");
    assert_eq!(objects[1]["error"]["offset"], 0);
    // The valid prefix "http://h/é" is 11 bytes and 10 characters.
    assert_eq!(objects[2]["error"]["offset"], 11);
    assert_eq!(objects[2]["error"]["char_offset"], 10);
    let (_, out) = run(&["lint", "--json"], b"\xff\n");
    let objects = json_lines(&out);
    assert_eq!(objects[0]["error"]["code"], "not-utf-8");
    assert_eq!(objects[0]["warnings"], serde_json::json!([]));
    for report in json_lines(&run(&["parse", "--json"], b"http://h/ x\nnews:\n").1) {
        let code = report["error"]["code"].as_str().unwrap();
        assert!(rfc1738::ErrorKind::CODES.contains(&code), "{code}");
    }
}

#[test]
fn a_human_error_read_from_standard_input_says_its_line_and_column() {
    let (status, _, err) = run_with(&["parse"], &[], b"http://h/\nnews:*\nhttp://h:99999/\n");
    assert_eq!(status, 1);
    assert!(
        err.starts_with("http://h:99999/\n-:3:10: error: port 99999 is out of range"),
        "{err}"
    );
    // An argument is echoed above its error, without a position of standard input.
    let (_, _, err) = run_with(&["parse", "http://h:99999/"], &[], b"");
    assert!(
        err.starts_with("http://h:99999/\nerror: port 99999"),
        "{err}"
    );
    let (_, _, err) = run_with(&["parse"], &[], b"news:*\n\xff\n");
    assert!(
        err.contains("\n-:2:1: error: input is not valid UTF-8"),
        "{err}"
    );
    let (_, out) = run(&["lint"], b"http://h/\ntelnet://h:2323/\n");
    assert!(out.starts_with("-:2: telnet://h:2323/\n"), "{out}");
    // A line of a file says the file.
    let dir = std::env::temp_dir().join(format!("rfc1738-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "http://h/\nnews:*\nhttp://h:99999/\n").unwrap();
    let name = file.to_str().unwrap();
    let (_, _, err) = run_with(&["parse", "-f", name], &[], b"");
    assert!(
        err.contains(&format!("\n{name}:3:10: error: port")),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
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
    let (status, out, err) = run_with(&["resolve"], &[], stdin);
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
    let (_, out, err) = run_with(&["resolve", "gopher://h/1", "x", "y"], &[], b"");
    assert_eq!(out, "\n\n");
    assert_eq!(err.lines().count(), 2, "{err}");
}

#[test]
fn lint_prints_only_urls_with_a_warning_or_an_error_unless_all() {
    let urls = ["http://h/", "telnet://h:2323/", "news:*", "http://h/ x"];
    let (status, out, err) = run_with(&[&["lint"][..], &urls].concat(), &[], b"");
    assert_eq!(status, 1);
    assert!(!out.contains("http://h/\n"), "{out}");
    assert!(!out.contains("news:*"), "{out}");
    assert!(!out.contains("no warning"), "{out}");
    assert!(out.contains("telnet://h:2323/\n  warning port"), "{out}");
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
    let (_, out) = run(&["resolve", "x\x1b:/a", "b\x1b"], b"");
    assert_eq!(out, "x\\x1b:/b\\x1b\n");
    let (_, out, err) = run_with(&["resolve", "/a\x1b", "b\x1b"], &[], b"");
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
fn colour_follows_the_option_and_never_reaches_a_pipe_by_default() {
    let (_, out) = run(&["parse", "http://h/ x"], b"");
    assert!(!out.contains('\x1b'), "auto: no colour into a pipe");
    let (_, _, err) = run_with(&["--color", "always", "parse", "http://h/ x"], &[], b"");
    assert!(err.contains("\x1b[1;31merror:\x1b[0m"), "{err:?}");
    let (_, out) = run(&["lint", "--color=always", "telnet://h:2323/"], b"");
    assert!(out.contains("\x1b[1;33mwarning\x1b[0m"), "{out:?}");
    let (_, out, err) = run_with(&["normalize", "--color=always", "x"], &[], b"");
    assert_eq!(out, "\n");
    assert!(err.contains("\x1b[1;31merror:"), "{err:?}");
    let (status, _, err) = run_with(&["parse", "--color", "sometimes", "x"], &[], b"");
    assert_eq!(status, 2);
    assert!(err.contains("auto, always, never"), "{err}");
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

/// Spawns the binary with standard output and input on pipes and returns a channel of its
/// output lines, read as they come.
fn spawn_lines(args: &[&str]) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    (child, receive)
}

/// How long a test waits for an answer that should come at once (a hang, not a speed).
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

#[test]
fn line_buffered_answers_each_line_while_the_input_is_still_open() {
    for (args, answer) in [
        (vec!["parse", "--json", "--line-buffered"], "\"line\":1,"),
        (vec!["normalize", "--line-buffered"], "http://h/a"),
        (vec!["lint", "--json", "--line-buffered"], "\"line\":1,"),
    ] {
        let (mut child, lines) = spawn_lines(&args);
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"HTTP://h/a\n").unwrap();
        stdin.flush().unwrap();
        let first = lines.recv_timeout(PATIENCE);
        assert!(
            first.as_deref().is_ok_and(|line| line.contains(answer)),
            "{args:?}: no answer while standard input is open: {first:?}"
        );
        drop(stdin);
        child.wait().unwrap();
    }
    let (mut child, lines) = spawn_lines(&["extract", "--line-buffered"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"see <URL:http://h/> and\n").unwrap();
    stdin.flush().unwrap();
    let first = lines.recv_timeout(PATIENCE);
    assert!(first.is_ok_and(|line| line.contains("http://h/")));
    drop(stdin);
    child.wait().unwrap();
}

/// Runs the binary on a terminal (a pseudo-terminal from util-linux's `script`), typing
/// `typed`, waiting for the terminal to show `answer`, then typing Ctrl-D; returns what the
/// terminal showed. `setup` runs first in the terminal's shell (`stty rows 24 cols 60`).
fn on_terminal(setup: &str, args: &str, env: &[(&str, &str)], typed: &str, answer: &str) -> String {
    let command = format!("{setup} {} {args}", env!("CARGO_BIN_EXE_rfc1738"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("util-linux's script runs");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::Read;
        let mut stdout = stdout;
        let mut buffer = [0; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    let deadline = std::time::Instant::now() + PATIENCE;
    if !typed.is_empty() {
        // Type only once the mode says it reads the terminal: the terminal's echo of what
        // is typed would otherwise interleave with that hint.
        while !String::from_utf8_lossy(&shown).contains("from the terminal") {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match receive.recv_timeout(left) {
                Ok(bytes) => shown.extend(bytes),
                Err(_) => panic!("no hint: {:?}", String::from_utf8_lossy(&shown)),
            }
        }
    }
    stdin.write_all(typed.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // Wait for the answer to the typed line before ending the input: on a terminal it
    // comes at once, not at the end.
    while !String::from_utf8_lossy(&shown).contains(answer) {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match receive.recv_timeout(left) {
            Ok(bytes) => shown.extend(bytes),
            Err(_) => panic!(
                "no answer on the terminal before Ctrl-D: {:?}",
                String::from_utf8_lossy(&shown)
            ),
        }
    }
    stdin.write_all(b"\x04").unwrap();
    drop(stdin);
    child.wait().unwrap();
    while let Ok(bytes) = receive.recv_timeout(std::time::Duration::from_secs(5)) {
        shown.extend(bytes);
    }
    String::from_utf8_lossy(&shown).into_owned()
}

#[test]
fn on_a_terminal_each_line_is_answered_at_once_with_a_hint_and_colour() {
    let answer = "http://h:99999/\r\n-:1:10";
    let shown = on_terminal("", "parse", &[], "http://h:99999/\n", answer);
    assert!(
        shown.contains("rfc1738 parse: reading URLs (one per line) from the terminal"),
        "{shown:?}"
    );
    assert!(
        shown.contains("-:1:10: \x1b[1;31merror:\x1b[0m port"),
        "{shown:?}"
    );
    let shown = on_terminal(
        "",
        "parse",
        &[("NO_COLOR", "1")],
        "http://h:99999/\n",
        answer,
    );
    assert!(shown.contains("-:1:10: error: port"), "{shown:?}");
    assert!(!shown.contains("\x1b[1;31m"), "NO_COLOR: {shown:?}");
    let shown = on_terminal("", "parse --color never", &[], "http://h:99999/\n", answer);
    assert!(!shown.contains("\x1b[1;31m"), "--color never: {shown:?}");
    // Lint's severities, and normalize's error on standard error, are coloured too; the
    // terminal's lines keep their order.
    let shown = on_terminal("", "lint", &[], "telnet://h:2323/\n", "^^^^");
    assert!(shown.contains("\x1b[1;33mwarning\x1b[0m port"), "{shown:?}");
    let shown = on_terminal("", "normalize", &[], "x y\nHTTP://H/\n", "http://h/\r\n");
    assert!(
        shown.contains("\x1b[1;31merror:\x1b[0m no scheme"),
        "{shown:?}"
    );
}

#[test]
fn help_wraps_to_the_width_of_the_terminal() {
    let shown = on_terminal(
        "stty rows 24 cols 60;",
        "parse --help",
        &[],
        "",
        "Print help",
    );
    // Measured without clap's styling (ESC [ ... m).
    let mut plain = String::new();
    let mut chars = shown.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    let widest = plain.lines().map(|line| line.chars().count()).max();
    assert!(widest.is_some_and(|width| width <= 60), "{plain}");
    assert!(plain.contains("rfc1630"), "{plain}");
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
