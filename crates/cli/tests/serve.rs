//! `rfc1738 serve` without a browser: the built binary started on a free port of
//! 127.0.0.1, its address read from its first line, requests written by hand on a
//! `TcpStream`. Every endpoint by GET and POST, the answers byte for byte those of the
//! command line's `--json` (without `line`) over the corpus in each dialect, bad input
//! (too long, not UTF-8, unknown dialect or mode, bad JSON, wrong method, unknown path), the
//! page and the diagrams, and requests from several threads at once. The server is killed
//! when the test ends, passed or failed (`Drop`).

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

mod common;
use common::serve::{head, Server};

impl Server {
    /// Sends one request; returns the status, the headers (names in lower case) and the body.
    fn request(
        &self,
        method: &str,
        target: &str,
        headers: &[(&str, String)],
        body: &[u8],
    ) -> Answer {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut head = format!(
            "{method} {target} HTTP/1.0\r\nHost: {}\r\nConnection: close\r\n",
            self.address
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        // A server may answer before reading a body it refuses.
        let _ = stream.write_all(body);
        // The head, then as many bytes as Content-Length says (not to the end of the
        // stream: a server that refused a body may still be reading it).
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 8192];
        loop {
            if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
                let length = head
                    .lines()
                    .find_map(|line| line.strip_prefix("content-length:"))
                    .map(|value| value.trim().parse::<usize>().unwrap());
                // Without a length, the body runs to the end of the stream (HTTP/1.0).
                if method == "HEAD" || length.is_some_and(|length| bytes.len() >= end + 4 + length)
                {
                    break;
                }
            }
            let read = stream.read(&mut chunk).expect("read the answer");
            if read == 0 {
                break;
            }
            bytes.extend_from_slice(&chunk[..read]);
        }
        Answer::read(&bytes, method == "HEAD")
    }

    fn get(&self, target: &str) -> Answer {
        self.request("GET", target, &[], b"")
    }

    fn post(&self, path: &str, body: &[u8]) -> Answer {
        self.request(
            "POST",
            path,
            &[("Content-Type", "application/json".to_owned())],
            body,
        )
    }
}

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn read(bytes: &[u8], head_only: bool) -> Answer {
        let end = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a head");
        let (status, headers) = head(std::str::from_utf8(&bytes[..end]).expect("an ASCII head"));
        let body = bytes[end + 4..].to_vec();
        if !head_only {
            let length = headers.iter().find(|(name, _)| name == "content-length");
            if let Some((_, length)) = length {
                assert_eq!(
                    body.len(),
                    length.parse::<usize>().unwrap(),
                    "Content-Length"
                );
            }
        }
        Answer {
            status,
            headers,
            body,
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn json(&self) -> Value {
        assert_eq!(self.header("content-type"), Some("application/json"));
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }

    /// The error object's code, after checking the status and the object's shape.
    fn error(&self, status: u16) -> Value {
        let json = self.json();
        assert_eq!(self.status, status, "{json}");
        let error = &json["error"];
        assert!(
            error["code"].is_string() && error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{json}"
        );
        error.clone()
    }
}

/// A query string's value, escaped as a form does.
fn escape(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// What the command line prints with `--json` for each line of `stdin`, each without its
/// leading `"line":N,`, as bytes.
fn cli_json(args: &[&str], stdin: &str) -> Vec<Vec<u8>> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_owned();
    let writer = std::thread::spawn(move || input.write_all(stdin.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
        .stdout
        .split(|byte| *byte == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| {
            let rest = line
                .strip_prefix(b"{\"line\":")
                .expect("a line number first");
            let comma = rest.iter().position(|byte| *byte == b',').unwrap();
            [b"{".as_slice(), &rest[comma + 1..]].concat()
        })
        .collect()
}

/// The corpus's inputs of one line, by dialect.
fn corpus() -> Vec<(String, String)> {
    let mut inputs = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(rfc1738_test_support::root().join("corpus"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    for file in files {
        for line in std::fs::read_to_string(&file)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
        {
            let case: Value = serde_json::from_str(line).unwrap();
            let input = case["input"].as_str().unwrap();
            if !input.contains(['\n', '\r']) {
                inputs.push((
                    input.to_owned(),
                    case["dialect"].as_str().unwrap_or("rfc1738").to_owned(),
                ));
            }
        }
    }
    assert!(
        inputs.len() > 1500,
        "the corpus has its inputs: {}",
        inputs.len()
    );
    inputs
}

#[test]
fn parse_answers_what_parse_json_prints_over_the_corpus() {
    let server = Server::start();
    let inputs = corpus();
    for dialect in ["rfc1738", "rfc1630", "draft"] {
        let cases: Vec<&str> = inputs
            .iter()
            .filter(|(_, d)| d == dialect)
            .map(|(i, _)| i.as_str())
            .collect();
        assert!(!cases.is_empty(), "{dialect}");
        let stdin: String = cases.iter().map(|input| format!("{input}\n")).collect();
        let expected = cli_json(&["parse", "--json", "--dialect", dialect, "-"], &stdin);
        assert_eq!(expected.len(), cases.len());
        for (input, expected) in cases.iter().zip(&expected) {
            let got = server.get(&format!(
                "/api/parse?input={}&dialect={dialect}",
                escape(input)
            ));
            assert_eq!(got.status, 200);
            assert_eq!(
                String::from_utf8_lossy(&got.body),
                String::from_utf8_lossy(expected),
                "GET {input:?} ({dialect})"
            );
            let body = serde_json::to_vec(&json!({ "input": input, "dialect": dialect })).unwrap();
            let got = server.post("/api/parse", &body);
            assert_eq!(got.status, 200);
            assert_eq!(got.body, *expected, "POST {input:?} ({dialect})");
        }
    }
    // --url-only is the form "url".
    let expected = cli_json(
        &["parse", "--json", "--url-only", "-"],
        "URL:http://h/a#top\n",
    );
    let got = server.get("/api/parse?input=URL:http://h/a%23top&form=url");
    assert_eq!(got.body, expected[0]);
    assert_eq!(got.json()["valid"], false);
}

#[test]
fn resolve_lint_and_extract_answer_the_reports_of_the_command_line() {
    let server = Server::start();
    // resolve, one mode: `resolve --json`'s object.
    for mode in [
        "rfc1630", "draft", "rfc1808", "cern", "rfc2396", "rfc3986", "whatwg",
    ] {
        let expected = cli_json(
            &[
                "resolve",
                "--json",
                "--mode",
                mode,
                "http://a/b/c/d;p?q#f",
                "-",
            ],
            "../g\n",
        );
        let got = server.get(&format!(
            "/api/resolve?context={}&partial=..%2Fg&mode={mode}",
            escape("http://a/b/c/d;p?q#f")
        ));
        assert_eq!(
            (got.status, String::from_utf8_lossy(&got.body)),
            (200, String::from_utf8_lossy(&expected[0]))
        );
    }
    // resolve, no mode: every mode side by side, each judged by RFC 1738.
    let all = server
        .post(
            "/api/resolve",
            br#"{"context": "http://a/b/c/d;p?q#f", "partial": "g"}"#,
        )
        .json();
    assert_eq!(all["context"], "http://a/b/c/d;p?q#f");
    let modes: Vec<&str> = all["modes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["resolution"]["mode"].as_str().unwrap())
        .collect();
    assert_eq!(
        modes,
        ["rfc1630", "draft", "rfc1808", "cern", "rfc2396", "rfc3986", "whatwg"]
    );
    let cern = &all["modes"][3];
    assert_eq!(
        cern["resolution"]["result"], "http://a/b/c/g#f",
        "CERN keeps the base's fragment"
    );
    assert_eq!(all["modes"][2]["resolution"]["result"], "http://a/b/c/g");
    assert_eq!(cern["rfc1738"]["valid"], true);
    assert_eq!(cern["rfc1738"]["input"], "http://a/b/c/g#f");
    let none = server
        .post(
            "/api/resolve",
            br#"{"context": "gopher://h/1x", "partial": "y"}"#,
        )
        .json();
    assert_eq!(
        none["modes"][0]["resolution"]["error"]["code"],
        "no-partial-forms"
    );
    assert_eq!(none["modes"][0]["rfc1738"], Value::Null);

    // lint: `lint --json`'s object.
    for (input, dialect) in [
        ("gopher://h:25/0%0D%0AHELO", "rfc1738"),
        ("telnet://u:p@h:2323/", "rfc1630"),
        ("http://h/ok", "draft"),
    ] {
        let expected = cli_json(
            &["lint", "--json", "--dialect", dialect, "-"],
            &format!("{input}\n"),
        );
        let got = server.get(&format!(
            "/api/lint?input={}&dialect={dialect}",
            escape(input)
        ));
        assert_eq!(
            String::from_utf8_lossy(&got.body),
            String::from_utf8_lossy(&expected[0])
        );
        let body = serde_json::to_vec(&json!({ "input": input, "dialect": dialect })).unwrap();
        assert_eq!(server.post("/api/lint", &body).body, expected[0]);
    }
    let warned = server
        .get("/api/lint?input=gopher%3A%2F%2Fh%3A25%2F0%250D%250AHELO")
        .json();
    assert!(
        warned["warnings"].as_array().unwrap().len() >= 2,
        "{warned}"
    );

    // extract: `extract --json`'s objects, in order.
    let text = "See <URL:http://info.cern.ch/a> and ftp://h/f;type=x, <news:comp.x>.\nmailto:a@b é http://h:99999/\n";
    let expected = {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(["extract", "--json"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        let lines: Vec<Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        Value::Array(lines)
    };
    assert!(expected.as_array().unwrap().len() >= 4);
    let got = server
        .post(
            "/api/extract",
            &serde_json::to_vec(&json!({ "text": text })).unwrap(),
        )
        .json();
    assert_eq!(got["urls"], expected);
    let got = server
        .get(&format!(
            "/api/extract?text={}&dialect=rfc1738",
            escape(text)
        ))
        .json();
    assert_eq!(got["urls"], expected);
}

#[test]
fn tree_lights_each_rule_and_marks_the_failing_one() {
    let server = Server::start();
    let valid = server
        .get("/api/tree?input=URL%3Aftp%3A%2F%2Fu%40h%2Fp%3Btype%3Da%23x")
        .json();
    assert_eq!(valid["valid"], true);
    let tree = &valid["tree"];
    assert_eq!(tree["rule"], "urlreference");
    let ftp = &tree["children"][0]["children"][0];
    assert_eq!(ftp["rule"], "ftpurl");
    assert_eq!(ftp["diagram"], "/diagrams/rfc1738/ftpurl.svg");
    let rules: Vec<(&str, &str)> = ftp["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["rule"].as_str().unwrap(), n["text"].as_str().unwrap()))
        .collect();
    assert_eq!(
        rules,
        [
            ("scheme", "ftp"),
            ("user", "u"),
            ("host", "h"),
            ("fpath", "p"),
            ("typecode", "a")
        ]
    );
    // Each span, in characters, is the node's text.
    let input: Vec<char> = "URL:ftp://u@h/p;type=a#x".chars().collect();
    for node in ftp["children"].as_array().unwrap() {
        let (start, end) = (
            node["char_start"].as_u64().unwrap() as usize,
            node["char_end"].as_u64().unwrap() as usize,
        );
        assert_eq!(
            input[start..end].iter().collect::<String>(),
            node["text"].as_str().unwrap()
        );
    }
    // The diagram served is the one named.
    let svg = server.get("/diagrams/rfc1738/ftpurl.svg");
    assert_eq!(
        (svg.status, svg.header("content-type")),
        (200, Some("image/svg+xml"))
    );
    assert!(String::from_utf8_lossy(&svg.body).contains("<svg"));

    for dialect in ["rfc1738", "rfc1630", "draft"] {
        let invalid = server
            .get(&format!(
                "/api/tree?input=http%3A%2F%2Fh%2F%25zz&dialect={dialect}"
            ))
            .json();
        assert_eq!(invalid["valid"], false, "{dialect}");
        let error = &invalid["error"];
        assert_eq!(error["offset"], 9, "{error}");
        assert_eq!(error["code"], "invalid-escape");
        assert!(error["rendered"].as_str().unwrap().contains("^"));
        let diagram = &error["diagram"];
        let production = diagram["rule"].as_str().unwrap();
        assert!(production.starts_with("http"), "{production}");
        let url = diagram["url"].as_str().unwrap();
        assert_eq!(server.get(url).status, 200, "{url}");
        assert!(
            ["expected", "leads-to-expected", "none"].contains(&diagram["marks"].as_str().unwrap())
        );
    }
    let space = server.get("/api/tree?input=http%3A%2F%2Fh%2Fa%20b").json();
    let expected: Vec<&str> = space["error"]["expected"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(expected.contains(&"end of URL"), "{expected:?}");
    // The classes httpurl uses (its hsegment's uchar), each with its diagram.
    let uchar = space["error"]["expected"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "uchar")
        .unwrap_or_else(|| panic!("uchar in {expected:?}"));
    assert_eq!(uchar["diagram"], "/diagrams/rfc1738/uchar.svg");
    assert!(!expected.contains(&"xchar"), "{expected:?}");
    // The marked boxes are drawn in the production's diagram.
    let port = server.get("/api/tree?input=http%3A%2F%2Fh%3Ax%2F").json();
    let diagram = &port["error"]["diagram"];
    let svg = String::from_utf8(server.get(diagram["url"].as_str().unwrap()).body).unwrap();
    for marked in diagram["marked"].as_array().unwrap() {
        assert!(
            svg.contains(&format!("\n{}</text>", marked.as_str().unwrap())),
            "{marked} in {}",
            diagram["rule"]
        );
    }
}

#[test]
fn the_page_and_the_diagrams_are_served() {
    let server = Server::start();
    let page = server.get("/");
    assert_eq!(
        (page.status, page.header("content-type")),
        (200, Some("text/html; charset=utf-8"))
    );
    let html = String::from_utf8(page.body).unwrap();
    for id in [
        "parse-input",
        "parse-dialect",
        "resolve-context",
        "lint-input",
        "extract-text",
        "/explorer.js",
        "/explorer.css",
    ] {
        assert!(html.contains(id), "{id}");
    }
    assert!(page
        .headers
        .iter()
        .any(|(name, value)| name == "content-security-policy"
            && value.contains("default-src 'self'")));
    assert_eq!(
        server.get("/explorer.js").header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(server.get("/explorer.css").status, 200);
    let index = server.get("/diagrams/");
    assert!(String::from_utf8_lossy(&index.body).contains("railroad diagrams"));
    for path in [
        "/diagrams/rfc1630/httpaddress.svg",
        "/diagrams/draft-www-uri-00/generic.svg",
    ] {
        assert_eq!(server.get(path).status, 200, "{path}");
    }
    let head = server.request("HEAD", "/", &[], b"");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
}

#[test]
fn bad_requests_get_clear_errors() {
    let server = Server::start();
    let long = "a".repeat(64 * 1024 + 1);
    // By POST: a GET cannot carry 64 KiB in its query, as a request target is at most
    // 65,534 bytes (the `http` crate's bound, which hyper answers with 414).
    let body = serde_json::to_vec(&json!({ "input": long })).unwrap();
    let error = server.post("/api/parse", &body).error(413);
    assert_eq!(
        (error["code"].as_str(), error["limit"].as_u64()),
        (Some("too-long"), Some(65536))
    );
    assert_eq!(
        server.post("/api/lint", &body).error(413)["code"],
        "too-long"
    );
    // 64 KiB exactly is read.
    let body = serde_json::to_vec(&json!({ "input": &long[1..] })).unwrap();
    assert_eq!(server.post("/api/parse", &body).status, 200);
    // The longest request target is read by GET; one byte more is a 414.
    let target = "/api/parse?input=";
    let longest = format!("{target}{}", &long[..65534 - target.len()]);
    assert_eq!(server.get(&longest).status, 200);
    assert_eq!(server.get(&format!("{longest}a")).status, 414);
    // A body larger than 4 MiB is refused on its length alone.
    let huge = server.request(
        "POST",
        "/api/extract",
        &[("Content-Length", (4 * 1024 * 1024 + 1).to_string())],
        b"",
    );
    assert_eq!(huge.error(413)["code"], "body-too-large");

    let error = server
        .get("/api/parse?input=http%3A%2F%2Fh%2Fcaf%E9")
        .error(400);
    assert_eq!(
        (
            error["code"].as_str(),
            error["parameter"].as_str(),
            error["offset"].as_u64()
        ),
        (Some("not-utf-8"), Some("input"), Some(12))
    );
    assert!(error["message"]
        .as_str()
        .unwrap()
        .contains("not valid UTF-8"));
    let error = server
        .post("/api/parse", b"{\"input\": \"http://h/caf\xe9\"}")
        .error(400);
    assert_eq!(error["code"], "not-utf-8");

    let error = server.get("/api/parse?input=x&dialect=rfc3986").error(400);
    assert_eq!(error["code"], "unknown-dialect");
    assert_eq!(
        error["allowed"],
        json!(["rfc1738", "rfc1630", "draft", "rfc2396"])
    );
    assert!(error["message"].as_str().unwrap().contains("rfc3986"));
    let error = server
        .post(
            "/api/resolve",
            br#"{"context": "http://a/", "partial": "b", "mode": "html5"}"#,
        )
        .error(400);
    assert_eq!(
        (error["code"].as_str(), error["allowed"].clone()),
        (
            Some("unknown-mode"),
            json!(["rfc1630", "draft", "rfc1808", "cern", "rfc2396", "rfc3986", "whatwg"])
        )
    );
    assert_eq!(
        server.get("/api/parse?input=x&form=uri").error(400)["code"],
        "unknown-form"
    );

    assert_eq!(
        server.post("/api/parse", b"{\"input\": ").error(400)["code"],
        "bad-json"
    );
    assert_eq!(
        server.post("/api/parse", b"[\"http://h/\"]").error(400)["code"],
        "bad-json"
    );
    assert_eq!(
        server.post("/api/parse", br#"{"input": 42}"#).error(400)["code"],
        "bad-parameter"
    );
    assert_eq!(
        server
            .post("/api/parse", br#"{"dialect": "rfc1738"}"#)
            .error(400)["code"],
        "missing-parameter"
    );
    assert_eq!(
        server.get("/api/resolve?context=http://a/").error(400)["parameter"],
        "partial"
    );
    assert_eq!(
        server.get("/api/parse?url=http://h/").error(400)["code"],
        "unknown-parameter"
    );
    assert_eq!(
        server.get("/api/parse?input=a&input=b").error(400)["code"],
        "duplicate-parameter"
    );

    let put = server.request("PUT", "/api/parse", &[], b"{}");
    assert_eq!(put.error(405)["code"], "method-not-allowed");
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST"));
    let post_page = server.post("/", b"{}");
    assert_eq!(
        (
            post_page.error(405)["code"].as_str(),
            post_page.header("allow")
        ),
        (Some("method-not-allowed"), Some("GET, HEAD"))
    );
    let missing = server.get("/api/nothing").error(404);
    assert_eq!(missing["code"], "not-found");
    assert!(missing["endpoints"]
        .as_array()
        .unwrap()
        .contains(&json!("/api/parse")));
    assert_eq!(
        server.get("/diagrams/rfc1738/nothing.svg").error(404)["code"],
        "not-found"
    );
    // The server still answers after all that.
    assert_eq!(
        server.get("/api/parse?input=http://h/").json()["valid"],
        true
    );
}

#[test]
fn requests_from_several_threads_are_answered_each_its_own() {
    let server = Server::start();
    std::thread::scope(|scope| {
        for thread in 0..8 {
            let server = &server;
            scope.spawn(move || {
                for i in 0..25 {
                    let input = format!("http://host{thread}.example/{i}?q");
                    let (path, body) = match i % 3 {
                        0 => ("/api/parse", json!({ "input": input })),
                        1 => ("/api/lint", json!({ "input": input, "dialect": "rfc1630" })),
                        _ => ("/api/tree", json!({ "input": input, "dialect": "draft" })),
                    };
                    let answer = server
                        .post(path, &serde_json::to_vec(&body).unwrap())
                        .json();
                    assert_eq!(answer["input"], input.as_str(), "{path}");
                    assert_eq!(answer["valid"], true, "{answer}");
                }
            });
        }
    });
}
