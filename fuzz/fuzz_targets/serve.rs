//! `rfc1738 serve`'s connection (the crate rfc1738-explorer's `http`, with the API, the rule
//! tree and the diagrams), fed over tokio's in-memory pipe with
//! limits small enough for the inputs to cross them: a head of 1 KiB, a body of 1 KiB.
//!
//! The first byte chooses how the rest is read:
//! - even: as raw bytes on the connection. No panic; the answer is nothing, or a response
//!   whose status is one the server gives, and a JSON answer parses;
//! - odd: as the description of one to three requests (method, path, query, body, framing:
//!   `Content-Length`, chunked, a declared length over the limit, a head over the limit),
//!   written as HTTP/1.1 on one connection. Each is answered in order with what the API or
//!   the page answers it, byte for byte, whichever the framing of its body, and with the
//!   headers every answer carries; a body over the limit, declared or chunked, is a 413 and
//!   the connection's end; a head over the limit is a 431 and the end; a body left unread
//!   ends the connection after its answer.
#![no_main]

use rfc1738_explorer::{api, http};

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The server's limits, but for the head and the body.
const LIMITS: http::Limits = http::Limits {
    head: 1024,
    body: 1024,
    ..http::Limits::SERVE
};

/// The statuses the server (and hyper for a bad head) answers with.
const STATUSES: [u16; 8] = [200, 400, 404, 405, 408, 413, 414, 431];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .max_blocking_threads(http::WORKERS)
            .build()
            .expect("a runtime")
    })
}

/// What the connections share: one server, as `rfc1738 serve` has.
fn shared() -> std::sync::Arc<http::Server> {
    static SERVER: OnceLock<std::sync::Arc<http::Server>> = OnceLock::new();
    std::sync::Arc::clone(SERVER.get_or_init(|| http::Server::new(LIMITS)))
}

/// Writes `input` to a connection and closes the writing side; returns all it answered.
fn exchange(input: &[u8]) -> Vec<u8> {
    runtime().block_on(async {
        let (client, server) = tokio::io::duplex(16 * 1024);
        let served = tokio::spawn(http::connection(server, shared()));
        let (mut reader, mut writer) = tokio::io::split(client);
        let input = input.to_vec();
        let write = tokio::spawn(async move {
            // The server may close before reading it all (a 413, a 431).
            let _ = writer.write_all(&input).await;
            let _ = writer.shutdown().await;
        });
        let mut answer = Vec::new();
        reader
            .read_to_end(&mut answer)
            .await
            .expect("a pipe in memory");
        write.await.expect("the writer's task ends");
        served.await.expect("the connection's task ends");
        answer
    })
}

/// One response read from the front of `bytes`: status, headers (names in lower case),
/// body; `head_only` for the answer to a HEAD. `None` when no response is there.
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn read(bytes: &mut &[u8], head_only: bool) -> Option<Response> {
        if bytes.is_empty() {
            return None;
        }
        let end = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("a head: {:?}", String::from_utf8_lossy(bytes)));
        let head = std::str::from_utf8(&bytes[..end]).expect("an ASCII head");
        let mut lines = head.split("\r\n");
        let status_line = lines.next().expect("a status line");
        assert!(
            status_line.starts_with("HTTP/1.1 ") || status_line.starts_with("HTTP/1.0 "),
            "{status_line:?}"
        );
        let status: u16 = status_line[9..12].parse().expect("a status code");
        assert!(STATUSES.contains(&status), "{status_line:?}");
        let headers: Vec<(String, String)> = lines
            .map(|line| {
                let (name, value) = line.split_once(':').expect("a header line");
                (name.trim().to_ascii_lowercase(), value.trim().to_owned())
            })
            .collect();
        let length: usize = headers
            .iter()
            .find(|(name, _)| name == "content-length")
            .map(|(_, value)| value.parse().expect("a length"))
            .expect("every answer has a Content-Length");
        let rest = &bytes[end + 4..];
        let length = if head_only { 0 } else { length };
        assert!(rest.len() >= length, "the body as long as said");
        let body = rest[..length].to_vec();
        *bytes = &rest[length..];
        Some(Response {
            status,
            headers,
            body,
        })
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn closes(&self) -> bool {
        self.header("connection") == Some("close")
    }

    /// The server's own answer (not hyper's to a bad head): the headers every answer
    /// carries, a JSON body that parses (an error object for a 4xx).
    fn check_ours(&self, head_only: bool) {
        assert_eq!(self.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(self.header("cache-control"), Some("no-store"));
        assert!(self
            .header("content-security-policy")
            .is_some_and(|csp| csp.starts_with("default-src 'self'")));
        assert_eq!(self.header("allow").is_some(), self.status == 405);
        if self.header("content-type") == Some("application/json") && !head_only {
            let json: Value = serde_json::from_slice(&self.body).expect("a JSON answer parses");
            if self.status >= 400 {
                assert!(json["error"]["code"].is_string(), "{json}");
                assert!(json["error"]["message"].is_string(), "{json}");
            }
        }
    }
}

/// Draws the parts of a request from the fuzzer's bytes.
struct Draw<'a>(&'a [u8]);

impl Draw<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&first, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        first
    }

    fn bytes(&mut self) -> Vec<u8> {
        let n = usize::from(self.byte()) * 4;
        let n = n.min(self.0.len());
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        taken.to_vec()
    }

    fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[usize::from(self.byte()) % choices.len()]
    }
}

const METHODS: [&str; 7] = ["GET", "HEAD", "POST", "POST", "POST", "PUT", "OPTIONS"];
const PATHS: [&str; 12] = [
    "/api/parse",
    "/api/tree",
    "/api/resolve",
    "/api/lint",
    "/api/extract",
    "/",
    "/index.html",
    "/explorer.js",
    "/diagrams/",
    "/diagrams/rfc1738/httpurl.svg",
    "/api/nothing",
    "/nothing",
];
const PARAMETERS: [&str; 9] = [
    "input", "dialect", "form", "context", "partial", "mode", "text", "inptu", "",
];

/// How a request's body is framed.
#[derive(Clone, Copy, PartialEq)]
enum Framing {
    Length,
    Chunked,
    /// A `Content-Length` over the limit, and no body.
    Declared(u64),
}

/// A query string's bytes, escaped where a request target may not hold them (`%` is kept,
/// so that broken escapes reach the API).
fn escape(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (byte as char).to_string()
            }
            b'=' | b'&' | b'+' | b'%' | b'/' | b':' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// A body: the bytes as they are, or a JSON object of parameters drawn from them.
fn body(draw: &mut Draw) -> Vec<u8> {
    match draw.byte() % 3 {
        0 => draw.bytes(),
        _ => {
            let mut object = serde_json::Map::new();
            for _ in 0..draw.byte() % 4 {
                let name = draw.pick(&PARAMETERS);
                let value = String::from_utf8_lossy(&draw.bytes()).into_owned();
                object.insert(name.to_owned(), Value::String(value));
            }
            serde_json::to_vec(&object).expect("a map serializes")
        }
    }
}

/// Whether the server refuses the request's body with a 413: a declared length over the
/// limit, whatever the method and path; a chunked body that grows over it, where a body is
/// read (a POST to the API).
fn refused(method: &str, path: &str, body: &[u8], framing: Framing) -> bool {
    match framing {
        Framing::Declared(_) => true,
        Framing::Length => body.len() > LIMITS.body,
        Framing::Chunked => body.len() > LIMITS.body && method == "POST" && api::is_endpoint(path),
    }
}

/// Whether the answer to the request ends the connection: its body refused, or left unread
/// (sent where none is read: to a page, or other than by POST).
fn ends_connection(method: &str, path: &str, body: &[u8], framing: Framing) -> bool {
    let read = method == "POST" && api::is_endpoint(path);
    let sent = !body.is_empty() || framing != Framing::Length;
    refused(method, path, body, framing) || (sent && !read)
}

fn structured(data: &[u8]) {
    let mut draw = Draw(data);
    let mut wire = Vec::new();
    // What each request must be answered with: method, path, query, body, framing, and
    // whether its head is over the limit.
    let mut sent = Vec::new();
    for _ in 0..1 + draw.byte() % 3 {
        let method = draw.pick(&METHODS);
        let path = draw.pick(&PATHS);
        let query = match draw.byte() % 2 {
            0 => None,
            _ => Some(escape(&draw.bytes())),
        };
        let body = body(&mut draw);
        let framing = match draw.byte() % 8 {
            0 => Framing::Chunked,
            1 => Framing::Declared(match draw.byte() % 3 {
                0 => LIMITS.body as u64 + 1,
                1 => 100_000_000_000,
                _ => 1_000_000_000_000_000_000,
            }),
            _ => Framing::Length,
        };
        let filler = usize::from(draw.byte()) * 6;
        let mut head = format!("{method} {path}");
        if let Some(query) = &query {
            head.push('?');
            head.push_str(query);
        }
        head.push_str(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        if filler > 0 {
            head.push_str(&format!("X-Filler: {}\r\n", "a".repeat(filler)));
        }
        match framing {
            Framing::Length => head.push_str(&format!("Content-Length: {}\r\n", body.len())),
            Framing::Chunked => head.push_str("Transfer-Encoding: chunked\r\n"),
            Framing::Declared(length) => head.push_str(&format!("Content-Length: {length}\r\n")),
        }
        head.push_str("\r\n");
        let head_over = head.len() > LIMITS.head;
        wire.extend_from_slice(head.as_bytes());
        match framing {
            Framing::Length => wire.extend_from_slice(&body),
            Framing::Chunked => {
                let mut rest = body.as_slice();
                while !rest.is_empty() {
                    let n = (usize::from(draw.byte()) + 1).min(rest.len());
                    wire.extend_from_slice(format!("{n:x}\r\n").as_bytes());
                    wire.extend_from_slice(&rest[..n]);
                    wire.extend_from_slice(b"\r\n");
                    rest = &rest[n..];
                }
                wire.extend_from_slice(b"0\r\n\r\n");
            }
            Framing::Declared(_) => {}
        }
        let ends = head_over || ends_connection(method, path, &body, framing);
        sent.push((method, path, query, body, framing, head_over));
        if ends {
            // Nothing after this request is read.
            break;
        }
    }
    let answer = exchange(&wire);
    let mut rest = answer.as_slice();
    for (method, path, query, body, framing, head_over) in sent {
        let head_only = method == "HEAD";
        let response = Response::read(&mut rest, head_only)
            .unwrap_or_else(|| panic!("an answer to {method} {path}"));
        if head_over {
            assert_eq!(response.status, 431);
            assert!(rest.is_empty(), "nothing after a 431");
            return;
        }
        response.check_ours(head_only);
        if refused(method, path, &body, framing) {
            assert_eq!(response.status, 413, "{method} {path}");
            assert!(response.closes());
            assert_eq!(
                serde_json::from_slice::<Value>(&response.body).unwrap_or_default()["error"]
                    ["code"],
                if head_only {
                    Value::Null
                } else {
                    "body-too-large".into()
                }
            );
            assert!(rest.is_empty(), "nothing after a 413");
            return;
        }
        if api::is_endpoint(path) {
            let api_method = match method {
                "GET" => api::Method::Get,
                "HEAD" => api::Method::Head,
                "POST" => api::Method::Post,
                _ => api::Method::Other,
            };
            let read = if api_method == api::Method::Post {
                body.as_slice()
            } else {
                b""
            };
            let expected = api::answer(api_method, path, query.as_deref().unwrap_or(""), read);
            assert_eq!(response.status, expected.status, "{method} {path}");
            if !head_only {
                assert_eq!(response.body, &expected.body[..], "{method} {path}");
            }
        } else {
            let known = !path.starts_with("/api/") && path != "/nothing";
            let status = match (known, method) {
                (false, _) => 404,
                (true, "GET" | "HEAD") => 200,
                (true, _) => 405,
            };
            assert_eq!(response.status, status, "{method} {path}");
        }
        if ends_connection(method, path, &body, framing) {
            assert!(response.closes(), "a body left unread ends the connection");
            assert!(rest.is_empty(), "nothing after a body left unread");
            return;
        }
        assert!(!response.closes(), "{method} {path}");
    }
    assert!(rest.is_empty(), "one answer a request");
}

fn raw(data: &[u8]) {
    let answer = exchange(data);
    let mut rest = answer.as_slice();
    let trimmed = data.trim_ascii_start();
    let head_only = trimmed.starts_with(b"HEAD");
    if let Some(response) = Response::read(&mut rest, head_only) {
        if !matches!(response.status, 400 | 414 | 431)
            || response.header("x-content-type-options").is_some()
        {
            response.check_ours(head_only);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    match first % 2 {
        0 => raw(rest),
        _ => structured(rest),
    }
});
