//! `rfc1738 serve`: the grammar explorer, a local web server (tiny_http, a few worker
//! threads) with one page (plain HTML, CSS and JavaScript, served from the binary), the
//! railroad diagrams of `docs/diagrams/`, and the JSON API the page calls (`api.rs`).
//!
//! It listens on 127.0.0.1 unless `--host` says otherwise, and prints its address on the
//! first line of standard output (`--port 0` picks a free port; tests read it there).

mod api;
mod diagrams;
mod tree;

use api::{Method, Reply};
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// How many requests are answered at once.
const WORKERS: usize = 4;

/// The page and its two files, compiled into the binary.
static PAGES: [(&str, &str, &[u8]); 3] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("assets/index.html"),
    ),
    (
        "/explorer.css",
        "text/css; charset=utf-8",
        include_bytes!("assets/explorer.css"),
    ),
    (
        "/explorer.js",
        "text/javascript; charset=utf-8",
        include_bytes!("assets/explorer.js"),
    ),
];

/// The page's policy: its own files only (the SVG diagrams carry their own `<style>`).
const CSP: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
                   frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// Serves until the process is stopped; an error only when the address cannot be bound.
pub(crate) fn run(host: IpAddr, port: u16, open: bool) -> io::Result<()> {
    let server = tiny_http::Server::http(SocketAddr::new(host, port)).map_err(|error| {
        io::Error::other(format!("cannot listen on {host} port {port}: {error}"))
    })?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| io::Error::other("the server has no IP address"))?;
    let url = format!("http://{address}/");
    {
        let mut stdout = io::stdout().lock();
        writeln!(
            stdout,
            "rfc1738 serve: the explorer is at {url} (Ctrl-C stops it)"
        )?;
        stdout.flush()?;
    }
    if !host.is_loopback() {
        eprintln!(
            "rfc1738 serve: note: listening on {host}, not only this machine: anyone who \
             reaches it can use the explorer"
        );
    }
    if open {
        open_browser(&url);
    }
    let server = Arc::new(server);
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let server = Arc::clone(&server);
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    // A client that went away is no error of the server's.
                    let _ = handle(request);
                }
            })
        })
        .collect();
    for worker in workers {
        worker
            .join()
            .map_err(|_| io::Error::other("a worker of the server panicked"))?;
    }
    Ok(())
}

/// Opens `url` in the desktop's browser; a failure is told on standard error, not fatal.
fn open_browser(url: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let spawned = std::process::Command::new(program)
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let url = url.to_owned();
    match spawned {
        Err(error) => eprintln!(
            "rfc1738 serve: cannot open a browser with {program}: {error}; open {url} yourself"
        ),
        // Its status, when it has one, without holding up the server.
        Ok(mut child) => {
            std::thread::spawn(move || {
                match child.wait() {
                Ok(status) if !status.success() => eprintln!(
                    "rfc1738 serve: {program} could not open a browser ({status}); open {url} yourself"
                ),
                _ => {}
            }
            });
        }
    }
}

/// Answers one request.
fn handle(mut request: tiny_http::Request) -> io::Result<()> {
    let method = match request.method() {
        tiny_http::Method::Get => Method::Get,
        tiny_http::Method::Head => Method::Head,
        tiny_http::Method::Post => Method::Post,
        _ => Method::Other,
    };
    let target = request.url().to_owned();
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let reply = if api::is_endpoint(path) {
        match read_body(&mut request, method) {
            Ok(body) => api::answer(method, path, query, &body),
            Err(reply) => reply,
        }
    } else {
        page(method, path)
    };
    respond(request, reply)
}

/// The body of a `POST`, at most [`api::MAX_BODY`] bytes (more is a 413).
fn read_body(request: &mut tiny_http::Request, method: Method) -> Result<Vec<u8>, Reply> {
    if method != Method::Post {
        return Ok(Vec::new());
    }
    let too_large = || {
        api::ApiError::new(
            413,
            "body-too-large",
            format!("the request body is larger than {} bytes", api::MAX_BODY),
        )
        .reply()
    };
    if request.body_length().is_some_and(|len| len > api::MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(api::MAX_BODY as u64 + 1)
        .read_to_end(&mut body);
    match read {
        Ok(_) if body.len() > api::MAX_BODY => Err(too_large()),
        Ok(_) => Ok(body),
        Err(error) => Err(api::ApiError::new(
            400,
            "bad-body",
            format!("the request body cannot be read: {error}"),
        )
        .reply()),
    }
}

/// The page, its files, the diagrams; a JSON 404 for anything else.
fn page(method: Method, path: &str) -> Reply {
    let found = PAGES
        .iter()
        .find(|(name, _, _)| *name == path || (path == "/index.html" && *name == "/"))
        .map(|(_, content_type, bytes)| (*content_type, *bytes))
        .or_else(|| {
            let file = path.strip_prefix("/diagrams/")?;
            let file = if file.is_empty() { "index.html" } else { file };
            let content_type = match file.ends_with(".svg") {
                true => "image/svg+xml",
                false => "text/html; charset=utf-8",
            };
            diagrams::file(file).map(|bytes| (content_type, bytes))
        });
    match (found, method) {
        (Some((content_type, bytes)), Method::Get | Method::Head) => Reply {
            status: 200,
            content_type,
            body: Cow::Borrowed(bytes),
            allow: None,
        },
        (Some(_), _) => {
            let mut reply = api::ApiError::new(
                405,
                "method-not-allowed",
                format!("{path} answers GET and HEAD"),
            )
            .reply();
            reply.allow = Some("GET, HEAD");
            reply
        }
        (None, _) => api::not_found(path),
    }
}

/// Sends `reply`, with the headers every answer carries.
fn respond(request: tiny_http::Request, reply: Reply) -> io::Result<()> {
    let header = |name: &str, value: &str| {
        tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
            .expect("the server's own headers are ASCII")
    };
    let length = reply.body.len();
    let mut response = tiny_http::Response::new(
        tiny_http::StatusCode(reply.status),
        vec![
            header("Content-Type", reply.content_type),
            header("X-Content-Type-Options", "nosniff"),
            header("Cache-Control", "no-store"),
            header("Content-Security-Policy", CSP),
        ],
        io::Cursor::new(reply.body),
        Some(length),
        None,
    );
    if let Some(allow) = reply.allow {
        response.add_header(header("Allow", allow));
    }
    request.respond(response)
}
