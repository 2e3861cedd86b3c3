//! The `rfc1738` binary's batch inputs: many mixed lines answered in order, the line limit
//! (`RFC1738_MAX_LINE`), and lines that cannot be read (not UTF-8, too long).

mod common;

use common::cli::{json_lines, mixed_lines, run, run_with};
use pretty_assertions::assert_eq;

#[test]
fn batch_modes_answer_every_one_of_100000_mixed_lines_in_order() {
    let (stdin, expected) = mixed_lines();
    for command in [
        &["parse", "--json"][..],
        &["normalize", "--json"][..],
        &["key", "--json"][..],
        &["key", "--style", "surt", "--json"][..],
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
