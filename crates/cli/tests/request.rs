//! What a client sends (RFC 1738 section 3): every hand-judged case of
//! `corpus/requests/cases.jsonl` through the library and through `rfc1738 request --json`,
//! the command's text, status and options, and README's table of one request per scheme.

use pretty_assertions::assert_eq;
use rfc1738::requests::{Request, RequestOptions, RequestReport};
use rfc1738::Dialect;
use serde_json::{json, Map, Value};
use std::io::Write;
use std::process::{Command, Stdio};

mod common;

/// What a case compares of a report (corpus/README.md, "Request cases"): for a request,
/// `valid`, `scheme`, `protocol`, `host`, `port`, `transport`, `sends` (and `sends_hex`
/// when present), `complete`, the codes of `missing`, `refused` (and the kinds of
/// `warnings` when there are some); for a refusal, `valid`, `scheme`, `host`, `port`,
/// `refused`, the code of `error` and the kinds of `warnings`; for an invalid input,
/// `valid`, `scheme` and the code of `error`.
fn projection(report: &Value) -> Value {
    let mut out = Map::new();
    let copy = |out: &mut Map<String, Value>, key: &str| {
        if let Some(value) = report.get(key) {
            out.insert(key.to_owned(), value.clone());
        }
    };
    let codes = |list: &Value, key: &str| -> Value {
        Value::Array(
            list.as_array()
                .unwrap()
                .iter()
                .map(|item| item[key].clone())
                .collect(),
        )
    };
    copy(&mut out, "valid");
    copy(&mut out, "scheme");
    if report["valid"] == false {
        out.insert("error".into(), report["error"]["code"].clone());
        return Value::Object(out);
    }
    if report["refused"] == true {
        for key in ["host", "port", "refused"] {
            copy(&mut out, key);
        }
        out.insert("error".into(), report["error"]["code"].clone());
        out.insert("warnings".into(), codes(&report["warnings"], "kind"));
        return Value::Object(out);
    }
    for key in [
        "protocol",
        "host",
        "port",
        "transport",
        "sends",
        "sends_hex",
        "complete",
    ] {
        copy(&mut out, key);
    }
    out.insert("missing".into(), codes(&report["missing"], "code"));
    copy(&mut out, "refused");
    if !report["warnings"].as_array().unwrap().is_empty() {
        out.insert("warnings".into(), codes(&report["warnings"], "kind"));
    }
    Value::Object(out)
}

/// The case without its metadata, input, dialect and options: what it expects.
fn expected(case: &Value) -> Value {
    let mut case = case.as_object().unwrap().clone();
    for key in ["id", "source", "note", "input", "dialect", "options"] {
        case.remove(key);
    }
    Value::Object(case)
}

fn cases() -> Vec<Value> {
    rfc1738_test_support::corpus::read(
        &rfc1738_test_support::corpus::dir().join("requests/cases.jsonl"),
    )
}

fn options(case: &Value) -> RequestOptions {
    let given = &case["options"];
    let mut options = RequestOptions::new()
        .allow_dangerous(given["allow_dangerous"] == true)
        .http_host_header(given["http_host"] == true);
    // The command's default without --ftp-password and EMAIL, in the environment its
    // runs are given (`rfc1738` below, corpus/run.py): the user at the host, as Lynx did.
    match given["ftp_password"].as_str() {
        Some("") => {}
        Some(email) => options = options.ftp_password(email),
        None => options = options.ftp_password(format!("{USER}@{HOSTNAME}")),
    }
    if let Some(server) = given["news_server"].as_str() {
        options = options.news_server(server);
    }
    options
}

/// The command's arguments for a case's options.
fn arguments(case: &Value) -> Vec<String> {
    let mut args = vec![
        "request".to_owned(),
        "--json".to_owned(),
        "--dialect".to_owned(),
        case["dialect"].as_str().unwrap().to_owned(),
    ];
    let given = &case["options"];
    for (key, flag) in [
        ("ftp_password", "--ftp-password"),
        ("news_server", "--news-server"),
    ] {
        if let Some(value) = given[key].as_str() {
            args.extend([flag.to_owned(), value.to_owned()]);
        }
    }
    for (key, flag) in [
        ("allow_dangerous", "--allow-dangerous"),
        ("http_host", "--http-host"),
    ] {
        if given[key] == true {
            args.push(flag.to_owned());
        }
    }
    args
}

/// The user and host names the command's runs are given (as corpus/run.py gives them).
const USER: &str = "guest";
const HOSTNAME: &str = "example.org";

/// Runs `rfc1738` without `NNTPSERVER` and `EMAIL` (unless `env` sets them), as the user
/// [`USER`] on [`HOSTNAME`]: status, stdout, stderr.
fn rfc1738(args: &[String], env: &[(&str, &str)], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .env_remove("NNTPSERVER")
        .env_remove("EMAIL")
        .env_remove("LOGNAME")
        .env("USER", USER)
        .env("HOSTNAME", HOSTNAME)
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|arg| (*arg).to_owned()).collect()
}

#[test]
fn every_request_case_gives_its_request() {
    let cases = cases();
    assert!(cases.len() >= 100, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let dialect: Dialect = case["dialect"].as_str().unwrap().parse().unwrap();
        let report = match rfc1738::parse_reference(input, dialect) {
            Ok(reference) => {
                let request = Request::of_reference(&reference, &options(case));
                serde_json::to_value(RequestReport::new(input, &reference, &request)).unwrap()
            }
            Err(error) => {
                serde_json::to_value(RequestReport::invalid(input, dialect, &error)).unwrap()
            }
        };
        if projection(&report) != expected(case) {
            failures.push(format!(
                "{} {input}\n  expected {}\n  got      {}",
                case["id"],
                expected(case),
                projection(&report)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn the_cases_cover_every_scheme_every_missing_and_refusals() {
    let cases = cases();
    let field = |key: &str| -> Vec<String> {
        cases
            .iter()
            .filter_map(|case| case[key].as_str().map(str::to_owned))
            .collect()
    };
    let schemes = field("scheme");
    for scheme in [
        "ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero",
        "rlogin", "tn3270", "mid", "cid", "x-foo",
    ] {
        assert!(schemes.iter().any(|s| s == scheme), "no {scheme} case");
    }
    let missing: Vec<&Value> = cases
        .iter()
        .filter_map(|case| case["missing"].as_array())
        .flatten()
        .collect();
    for code in [
        "anonymous-password",
        "password",
        "news-server",
        "login",
        "search",
        "ask-form",
        "message",
        "access-method",
        "definition",
    ] {
        assert!(missing.iter().any(|m| *m == code), "no case missing {code}");
    }
    assert!(cases.iter().filter(|case| case["refused"] == true).count() >= 10);
    assert!(cases.iter().any(|case| case["valid"] == false));
    for dialect in ["rfc1738", "rfc1630", "draft"] {
        assert!(
            cases.iter().any(|case| case["dialect"] == dialect),
            "{dialect}"
        );
    }
}

#[test]
fn the_command_prints_every_case_as_the_library_does() {
    for case in cases() {
        let mut args = arguments(&case);
        args.extend(["--".to_owned(), case["input"].as_str().unwrap().to_owned()]);
        let (status, out, err) = rfc1738(&args, &[], b"");
        let reports = common::cli::json_lines(&out);
        assert_eq!(reports.len(), 1, "{}: {err}", case["id"]);
        assert_eq!(projection(&reports[0]), expected(&case), "{}", case["id"]);
        assert_eq!(reports[0]["line"], 1);
        let answered = case["valid"] == true && case["refused"] == false;
        assert_eq!(status, if answered { 0 } else { 1 }, "{}", case["id"]);
    }
}

#[test]
fn text_shows_each_line_sent_and_errors_go_to_standard_error() {
    let (status, out, err) = rfc1738(
        &strings(&[
            "request",
            "ftp://myname@host.dom/%2Fetc/motd",
            "gopher://host/7sel%09a%09b",
        ]),
        &[],
        b"",
    );
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(out.starts_with(
        "ftp://myname@host.dom/%2Fetc/motd\n  request  FTP retrieval of the file \"motd\" in \"/etc\", logged in as \"myname\"\n  to       host.dom port 21 (tcp, ftp)\n  sends    USER myname\\r\\n\n           CWD /etc\\r\\n\n           RETR motd\\r\\n\n  missing  password: "
    ), "{out}");
    assert!(out.contains("  sends    sel\\ta\\tb\\r\\n\n"), "{out}");
    // A refusal and an invalid input: standard error, status 1; the request printed.
    let stdin = b"gopher://host:25/0%0D%0AHELO\nhttp://h:99999/\nnews:*\n";
    let (status, out, err) = rfc1738(&strings(&["request"]), &[], stdin);
    assert_eq!(status, 1);
    assert!(out.starts_with("-:3: news:*\n"), "{out}");
    assert!(
        err.starts_with(
            "gopher://host:25/0%0D%0AHELO\n-:1:15: refused: this gopher URL names port 25 (SMTP)"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "    | gopher://host:25/0%0D%0AHELO\n    |               ^^\n  = 4 dangerous warnings"
        ),
        "{err}"
    );
    assert!(
        err.contains("-:2:10: error: port 99999 is out of range"),
        "{err}"
    );
    // --allow-dangerous: built, the escapes kept; a note says so.
    let (status, out, _) = rfc1738(
        &strings(&[
            "request",
            "--allow-dangerous",
            "gopher://host:25/0%0D%0AHELO",
        ]),
        &[],
        b"",
    );
    assert_eq!(status, 0);
    assert!(out.contains("  sends    %0D%0AHELO\\r\\n\n"), "{out}");
    assert!(
        out.contains("  note     2 escaped CR, LF or NUL sent as written"),
        "{out}"
    );
    // --only and --quiet count refusals as inputs without an answer.
    let (status, out, _) = rfc1738(
        &strings(&["request", "--only", "invalid", "--json"]),
        &[],
        stdin,
    );
    assert_eq!(status, 1);
    assert_eq!(common::cli::json_lines(&out).len(), 2);
    let (status, out, err) = rfc1738(&strings(&["request", "-q", "news:*"]), &[], b"");
    assert_eq!((status, out.as_str(), err.as_str()), (0, "", ""));
}

#[test]
fn the_news_server_comes_from_the_option_or_nntpserver() {
    let args = strings(&["request", "--json", "news:comp.x"]);
    let (_, out, _) = rfc1738(&args, &[], b"");
    assert_eq!(common::cli::json_lines(&out)[0]["host"], Value::Null);
    let (_, out, _) = rfc1738(&args, &[("NNTPSERVER", "news.example.org:1119")], b"");
    let report = &common::cli::json_lines(&out)[0];
    assert_eq!(
        (&report["host"], &report["port"]),
        (&json!("news.example.org"), &json!(1119))
    );
    assert_eq!(report["complete"], true);
    let mut with_option = args.clone();
    with_option.extend(strings(&["--news-server", "other.example.org"]));
    let (_, out, _) = rfc1738(&with_option, &[("NNTPSERVER", "news.example.org")], b"");
    assert_eq!(
        common::cli::json_lines(&out)[0]["host"],
        "other.example.org"
    );
    // An empty NNTPSERVER is none.
    let (_, out, _) = rfc1738(&args, &[("NNTPSERVER", "")], b"");
    assert_eq!(
        common::cli::json_lines(&out)[0]["missing"][0]["code"],
        "news-server"
    );
}

#[test]
fn json_reports_carry_description_notes_and_lines_not_utf_8_in_hex() {
    let (_, out, _) = rfc1738(
        &strings(&["request", "--json", "gopher://h/0caf%E9", "x-foo:bar"]),
        &[],
        b"",
    );
    let reports = common::cli::json_lines(&out);
    assert_eq!(reports[0]["sends"], json!(["caf\u{fffd}\r\n"]));
    assert_eq!(reports[0]["sends_hex"], json!(["636166e90d0a"]));
    assert!(reports[0]["description"]
        .as_str()
        .unwrap()
        .starts_with("gopher request"));
    assert_eq!(reports[1]["protocol"], Value::Null);
    assert_eq!(reports[1]["line"], 2);
    assert!(reports[1]["notes"].as_array().unwrap().len() == 1);
    assert!(reports[1].get("sends_hex").is_none());
    // A line that is not UTF-8: the parse report's shape, with its bytes.
    let (status, out, _) = rfc1738(&strings(&["request", "--json"]), &[], b"http://h/caf\xe9\n");
    assert_eq!(status, 1);
    assert_eq!(
        common::cli::json_lines(&out)[0]["error"]["code"],
        "not-utf-8"
    );
}

/// The book's section "What a client sends" (book/src/clients.md) holds a table of one
/// request per scheme, each row `| `URL` | `sends` (or nothing, or refused) | what else |`:
/// each row is what the library builds (with the section's options: anonymous password
/// `me@example.org`, news server `news.example.org`; by RFC 1630 where the last cell
/// starts with "RFC 1630").
#[test]
fn the_readme_table_of_requests_is_what_the_library_builds() {
    let chapter = rfc1738_test_support::root().join("book/src/clients.md");
    let readme = std::fs::read_to_string(chapter).unwrap();
    let section = readme
        .split("\n## What a client sends\n")
        .nth(1)
        .expect("the book has the section")
        .split("\n## ")
        .next()
        .unwrap();
    let options = RequestOptions::new()
        .ftp_password("me@example.org")
        .news_server("news.example.org");
    let mut rows = 0;
    for row in section.lines().filter(|line| line.starts_with("| `")) {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        let unquote = |cell: &str| cell.trim_matches('`').replace("\\|", "|");
        let input = unquote(cells[0]);
        let dialect = match cells[2].starts_with("RFC 1630") {
            true => Dialect::Rfc1630,
            false => Dialect::Rfc1738,
        };
        let reference = rfc1738::parse_reference(&input, dialect).unwrap();
        let sends = match Request::of_reference(&reference, &options) {
            Ok(request) => {
                let lines: Vec<String> = request
                    .lines()
                    .iter()
                    .map(|line| line.shown().to_string())
                    .collect();
                match lines.is_empty() {
                    true => "nothing".to_owned(),
                    false => format!("`{}`", lines.join("")),
                }
            }
            Err(_) => "refused".to_owned(),
        };
        assert_eq!(cells[1].replace("\\|", "|"), sends, "{input}");
        rows += 1;
    }
    assert!(rows >= 12, "{rows} rows");
}

#[test]
fn the_anonymous_ftp_password_is_emails_unless_the_option_gives_one() {
    let url = "ftp://ftp.funet.fi/pub/README".to_owned();
    let args = |extra: &[&str]| {
        let mut args = vec!["request".to_owned(), "--json".to_owned()];
        args.extend(extra.iter().map(|arg| (*arg).to_owned()));
        args.push(url.clone());
        args
    };
    // Without an address, the user at the host, as Lynx made one, and the notes say so.
    let (status, out, _) = rfc1738(&args(&[]), &[], b"");
    assert_eq!(status, 0);
    assert!(out.contains(r"PASS guest@example.org\r\n"), "{out}");
    assert!(
        out.contains("PASS gives guest@example.org, from the user and host names"),
        "{out}"
    );
    assert!(!out.contains("anonymous-password"), "{out}");
    let (_, out, _) = rfc1738(&args(&[]), &[("EMAIL", "tbl@info.cern.ch")], b"");
    assert!(
        out.contains("PASS gives tbl@info.cern.ch, from $EMAIL"),
        "{out}"
    );
    assert!(out.contains(r"PASS tbl@info.cern.ch\r\n"), "{out}");
    assert!(!out.contains("anonymous-password"), "{out}");
    let (_, out, _) = rfc1738(
        &args(&["--ftp-password", "me@h.example"]),
        &[("EMAIL", "tbl@info.cern.ch")],
        b"",
    );
    assert!(out.contains(r"PASS me@h.example\r\n"), "{out}");
    // An empty EMAIL is none; an empty --ftp-password sends none.
    let (_, out, _) = rfc1738(&args(&[]), &[("EMAIL", "")], b"");
    assert!(out.contains(r"PASS guest@example.org\r\n"), "{out}");
    let (_, out, _) = rfc1738(
        &args(&["--ftp-password", ""]),
        &[("EMAIL", "a@b.example")],
        b"",
    );
    assert!(out.contains("anonymous-password"), "{out}");
    assert!(
        !out.contains("a@b.example") && !out.contains("guest@"),
        "no PASS line is sent: {out}"
    );
}
