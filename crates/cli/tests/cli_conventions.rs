//! The conventions every mode of the `rfc1738` binary follows (the book, "The command line"):
//! inputs (arguments, `-`, `--file`), output (answers on standard output, `--only`,
//! `--quiet`, `form`), errors (on standard error, `--summary`, bytes kept), exit status.

mod common;

use common::cli::{json_lines, run_with};
use pretty_assertions::assert_eq;
use serde_json::Value;
use std::path::PathBuf;

/// Runs the binary; returns the exit status, standard output and standard error.
fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run_with(args, &[], stdin)
}

/// A folder of the test's own, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let path = std::env::temp_dir().join(format!("rfc1738-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        Folder(path)
    }

    /// Writes a file; returns its path as text.
    fn file(&self, name: &str, content: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, content).unwrap();
        path.to_str().unwrap().to_owned()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn parse_answers_the_library_s_question_with_url_only_and_says_which() {
    let inputs = [
        "http://h/",
        "http://h/#top",
        "URL:http://h/",
        "URL:http://h:99999/",
        "url:foo",
        "news:*#x",
    ];
    for input in inputs {
        let (status, out, _) = run(&["parse", "--json", input], b"");
        let report = &json_lines(&out)[0];
        assert_eq!(report["form"], "reference");
        let reference = rfc1738::parse_reference(input, rfc1738::Dialect::Rfc1738).is_ok();
        assert_eq!(
            (status == 0, report["valid"] == true),
            (reference, reference)
        );
        let (status, out, _) = run(&["parse", "--json", "--url-only", input], b"");
        let report = &json_lines(&out)[0];
        assert_eq!(report["form"], "url");
        let url = rfc1738::parse(input).is_ok();
        assert_eq!(
            (status == 0, report["valid"] == true),
            (url, url),
            "{input}"
        );
    }
    // The two questions differ on these, as the README says.
    assert_eq!(run(&["parse", "http://h/#top"], b"").0, 0);
    assert_eq!(run(&["parse", "--url-only", "http://h/#top"], b"").0, 1);
    assert_eq!(run(&["parse", "URL:http://h:99999/"], b"").0, 1);
    assert_eq!(
        run(&["parse", "--url-only", "URL:http://h:99999/"], b"").0,
        0
    );
    // In every dialect.
    let (status, out, _) = run(
        &[
            "parse",
            "--json",
            "--url-only",
            "--dialect",
            "rfc1630",
            "mid:a@b",
        ],
        b"",
    );
    assert_eq!(
        (status, json_lines(&out)[0]["kind"].as_str()),
        (0, Some("mid"))
    );
    // lint and normalize say which question they asked too.
    let (_, out, _) = run(&["lint", "--json", "http://h/"], b"");
    assert_eq!(json_lines(&out)[0]["form"], "reference");
    let (_, out, _) = run(&["normalize", "--json", "http://h/"], b"");
    assert_eq!(json_lines(&out)[0]["form"], "reference");
}

#[test]
fn every_url_mode_reads_arguments_dash_and_files_in_order() {
    let folder = Folder::new("inputs");
    let a = folder.file("a.txt", b"news:a\nhttp://h/ x\n");
    let b = folder.file("b.txt", b"gopher://h/\n");
    let stdin = b"ftp://h/\n";
    let (status, out, _) = run(
        &[
            "parse",
            "--json",
            "http://one/",
            "-",
            "http://two/",
            "-f",
            &a,
            "--file",
            &b,
        ],
        stdin,
    );
    assert_eq!(status, 1);
    let places: Vec<(bool, u64, String)> = json_lines(&out)
        .iter()
        .map(|r| {
            let input = r["input"].as_str().unwrap().to_owned();
            (r.get("file").is_some(), r["line"].as_u64().unwrap(), input)
        })
        .collect();
    assert_eq!(
        places,
        [
            (false, 1, "http://one/".to_owned()),
            (false, 1, "ftp://h/".to_owned()),
            (false, 2, "http://two/".to_owned()),
            (true, 1, "news:a".to_owned()),
            (true, 2, "http://h/ x".to_owned()),
            (true, 1, "gopher://h/".to_owned()),
        ]
    );
    let (_, out, _) = run(&["parse", "--json", "-f", &a], b"");
    assert_eq!(json_lines(&out)[1]["file"], a.as_str());
    // Every mode that reads URLs: "-" is standard input.
    for mode in ["parse", "lint", "normalize", "key"] {
        let (status, out, _) = run(&[mode, "--json", "-"], b"http://h/\n");
        assert_eq!((status, json_lines(&out).len()), (0, 1), "{mode}");
    }
    let (status, out, _) = run(&["resolve", "http://a/b/c", "-"], b"g\n../d\n");
    assert_eq!((status, out.as_str()), (0, "http://a/b/g\nhttp://a/d\n"));
    let (status, out, _) = run(&["resolve", "-"], b"http://a/b/c\tg\n");
    assert_eq!((status, out.as_str()), (0, "http://a/b/g\n"));
    let tsv = folder.file("r.tsv", b"http://a/b/c\tg\n");
    let (status, out, _) = run(&["resolve", "-f", &tsv], b"");
    assert_eq!((status, out.as_str()), (0, "http://a/b/g\n"));
    let partials = folder.file("p.txt", b"g\n");
    let (status, out, _) = run(&["resolve", "http://a/b/c", "-f", &partials], b"");
    assert_eq!((status, out.as_str()), (0, "http://a/b/g\n"));
    // A file that cannot be read: told on standard error, the others read, status 2.
    let missing = folder.0.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let (status, out, err) = run(&["parse", "-f", missing, "-f", &b], b"");
    assert_eq!(status, 2);
    assert!(out.starts_with("gopher://h/\n"), "{out}");
    assert!(err.contains(&format!("rfc1738: {missing}: ")), "{err}");
}

#[test]
fn answers_go_to_standard_output_and_errors_to_standard_error_in_every_mode() {
    let (status, out, err) = run(&["parse", "http://h/", "http://h/ x"], b"");
    assert_eq!(status, 1);
    assert!(
        out.starts_with("http://h/\n  kind") && !out.contains(" x"),
        "{out}"
    );
    assert!(err.starts_with("http://h/ x\nerror: "), "{err}");
    let (_, out, err) = run(&["normalize", "HTTP://H/", "x y"], b"");
    assert_eq!(out, "http://h/\n\n");
    assert!(err.starts_with("x y\nerror: "), "{err}");
    let (_, out, err) = run(&["resolve", "--mode", "rfc1630", "gopher://h/1", "x"], b"");
    assert_eq!(out, "\n");
    assert!(err.starts_with("error: gopher URIs"), "{err}");
    let (_, out, err) = run(&["lint", "telnet://h:2323/", "http://h/ x"], b"");
    assert!(out.starts_with("telnet://h:2323/\n  warning"), "{out}");
    assert!(err.starts_with("http://h/ x\n  invalid: "), "{err}");
    // What is found is an answer, valid or not.
    let (status, out, err) = run(&["extract"], b"see http://h/ x and news:*\n");
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out.lines().count(), 2, "{out}");
    // With --json, every object on standard output, and nothing on standard error.
    let (_, out, err) = run(&["parse", "--json", "http://h/", "x y"], b"\xff\n");
    assert_eq!((json_lines(&out).len(), err.as_str()), (2, ""));
}

#[test]
fn only_summary_and_quiet_select_what_is_printed_not_the_status() {
    let inputs = ["http://h/", "x y", "news:*", "http://h:99999/"];
    let args = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut args = vec!["parse", "--json"];
        args.extend_from_slice(extra);
        args.extend(inputs);
        args
    };
    let (status, out, err) = run(&args(&["--only", "valid"]), b"");
    let valid: Vec<_> = json_lines(&out)
        .iter()
        .map(|r| r["input"].clone())
        .collect();
    assert_eq!(
        (status, valid),
        (1, vec![Value::from("http://h/"), "news:*".into()])
    );
    assert_eq!(err, "");
    let (_, out, err) = run(&args(&["--only", "invalid", "--summary"]), b"");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    // The positions are the inputs' own, not the printed objects'.
    assert_eq!(
        (lines[0]["line"].as_u64(), lines[1]["line"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(err, "rfc1738 parse: 4 inputs: 2 valid, 2 invalid\n");
    let (status, out, err) = run(&["parse", "--quiet", "x y", "http://h/"], b"");
    assert_eq!((status, out.as_str(), err.as_str()), (1, "", ""));
    let (status, out, err) = run(&["parse", "-q", "http://h/"], b"");
    assert_eq!((status, out.as_str(), err.as_str()), (0, "", ""));
    // Nothing but the counts.
    let (status, out, err) = run(&["parse", "-q", "--summary", "http://h/", "x y"], b"");
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(err, "rfc1738 parse: 2 inputs: 1 valid, 1 invalid\n");
    assert_eq!(
        run(&["parse", "-q", "--only", "valid", "http://h/"], b"").0,
        2
    );
    // In the other modes too.
    let (_, out, _) = run(&["normalize", "--only", "valid", "x y", "HTTP://H/"], b"");
    assert_eq!(out, "http://h/\n");
    let (_, _, err) = run(&["resolve", "--summary", "http://a/b", "g", "h"], b"");
    assert_eq!(
        err,
        "rfc1738 resolve: 2 partial forms: 2 valid, 0 invalid\n"
    );
    let text = b"see http://h/ x, news:* and <URL:ftp://h:99999/a>\n";
    let (status, out, err) = run(&["extract", "--only", "invalid", "--summary"], text);
    assert_eq!(status, 0);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("invalid"), "{out}");
    assert_eq!(err, "rfc1738 extract: 3 URLs found: 2 valid, 1 invalid\n");
    let page = b"<A HREF=a.html><A HREF='http://h/a b'><!-- open";
    let (_, out, err) = run(
        &[
            "links",
            "--base",
            "http://h/",
            "--only",
            "invalid",
            "--summary",
        ],
        page,
    );
    assert_eq!(out.lines().count(), 2, "{out}");
    assert_eq!(err, "rfc1738 links: 3 links: 1 valid, 2 invalid\n");
}

#[test]
fn extract_and_links_fail_on_invalid_only_when_asked() {
    let text = b"see http://h:99999/ x\n";
    assert_eq!(run(&["extract", "-q"], text).0, 0);
    assert_eq!(run(&["extract", "-q", "--fail-on-invalid"], text).0, 1);
    assert_eq!(
        run(&["extract", "-q", "--fail-on-invalid"], b"see http://h/\n").0,
        0
    );
    let page = b"<A HREF='http://h/a b'>";
    assert_eq!(run(&["links", "-q"], page).0, 0);
    assert_eq!(run(&["links", "-q", "--fail-on-invalid"], page).0, 1);
    // A comment left open, or a link without a base, counts as invalid.
    assert_eq!(
        run(&["links", "-q", "--fail-on-invalid"], b"<!-- open").0,
        1
    );
    assert_eq!(
        run(&["links", "-q", "--fail-on-invalid"], b"<A HREF=x>").0,
        1
    );
    assert_eq!(
        run(
            &["links", "-q", "--fail-on-invalid", "--base", "http://h/"],
            b"<A HREF=x>"
        )
        .0,
        0
    );
}

#[test]
fn bad_option_values_are_usage_errors_or_said() {
    for base in ["www.umn.edu/resources/", "not a url", "/a/b.html"] {
        let (status, out, err) = run(&["links", "--base", base], b"<A HREF=x>");
        assert_eq!((status, out.as_str()), (2, ""), "{base}");
        assert!(err.contains("not an absolute URL"), "{err}");
    }
    // An absolute URL that RFC 1738 rejects is used as written, with a note.
    let (status, out, err) = run(&["links", "--base", "http://h/~u/p.html"], b"<A HREF=x>");
    assert_eq!(status, 0);
    assert!(out.contains("-> http://h/~u/x"), "{out}");
    assert!(
        err.contains("note: --base \"http://h/~u/p.html\" is no valid URL"),
        "{err}"
    );
    // A fragment is allowed.
    assert_eq!(run(&["links", "-q", "--base", "http://h/a#top"], b"").0, 0);
    for mode in ["extract", "links"] {
        let (status, _, err) = run(&[mode, "--max-len", "10"], b"");
        assert_eq!(status, 0, "{mode}");
        assert_eq!(
            err,
            format!("rfc1738 {mode}: --max-len 10 is less than the least, 256: reading with 256\n")
        );
        assert_eq!(run(&[mode, "--max-len", "ten"], b"").0, 2);
    }
}

#[test]
fn input_that_is_not_utf_8_is_kept_in_hexadecimal() {
    let line = b"http://h/caf\xe9\n";
    let hex = "687474703a2f2f682f636166e9";
    for mode in ["parse", "lint", "normalize", "key"] {
        let (_, out, _) = run(&[mode, "--json"], line);
        let report = &json_lines(&out)[0];
        assert_eq!(report["input"], "http://h/caf\u{fffd}", "{mode}");
        assert_eq!(report["input_hex"], hex, "{mode}");
        assert_eq!(report["error"]["code"], "not-utf-8", "{mode}");
    }
    let (_, out, _) = run(&["resolve", "--json"], b"http://h/\tcaf\xe9\n");
    assert_eq!(
        json_lines(&out)[0]["input_hex"],
        "687474703a2f2f682f09636166e9"
    );
    // UTF-8 input has no copy.
    let (_, out, _) = run(&["parse", "--json"], b"http://h/caf\xc3\xa9\n");
    assert_eq!(json_lines(&out)[0].get("input_hex"), None);
    let (_, out, _) = run(&["extract", "--json"], b"see <URL:http://h/caf\xe9>\n");
    let found = &json_lines(&out)[0];
    assert_eq!(found["found_hex"], "3c55524c3a687474703a2f2f682f636166e93e");
    let (_, out, _) = run(&["extract", "--json"], b"see <URL:http://h/>\n");
    assert_eq!(json_lines(&out)[0].get("found_hex"), None);
}

#[test]
fn every_mode_s_help_has_examples() {
    for mode in [
        "parse",
        "resolve",
        "normalize",
        "key",
        "cdxj",
        "lint",
        "request",
        "fetch",
        "extract",
        "links",
    ] {
        let (status, out, _) = run(&[mode, "--help"], b"");
        assert_eq!(status, 0);
        let examples = out.split("Examples:\n").nth(1).unwrap_or_default();
        let commands: Vec<&str> = examples
            .lines()
            .filter(|line| line.trim_start().starts_with("rfc1738 ") || line.contains("| rfc1738 "))
            .collect();
        assert!(commands.len() >= 2, "{mode}: {out}");
    }
}
