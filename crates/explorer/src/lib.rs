//! The grammar explorer of `rfc1738 serve`: a local web server with one page (plain HTML,
//! CSS and JavaScript, served from the binary), the railroad diagrams of `docs/diagrams/`, and
//! the JSON API the page calls (`api.rs`). hyper's HTTP/1 server on one tokio thread reads
//! and writes every connection (`http.rs`, with the limits a client is held to); the API's
//! answers are computed on at most four blocking threads.
//!
//! It listens on 127.0.0.1 unless `--host` says otherwise, and prints its address on the
//! first line of standard output (`--port 0` picks a free port; tests read it there).

#![forbid(unsafe_code)]

pub mod api;
mod diagrams;
pub mod http;
mod tree;

use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How many connections are served at once. A client that connects beyond them waits in the
/// system's queue of the listening socket until one of them ends (each ends within the
/// limits of `http.rs` if its client stalls). Each holds at most its head's buffer (96 KiB)
/// beyond the room its body and answer share with the others (`http::Limits::held`).
const MAX_CONNECTIONS: usize = 512;

/// Serves until the process is stopped; an error only when the address cannot be bound.
pub fn run(host: IpAddr, port: u16, open: bool) -> io::Result<()> {
    let listener = std::net::TcpListener::bind(SocketAddr::new(host, port)).map_err(|error| {
        io::Error::other(format!("cannot listen on {host} port {port}: {error}"))
    })?;
    let address = listener.local_addr()?;
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
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(http::WORKERS)
        .build()?;
    runtime.block_on(accept(listener))
}

/// Accepts connections, at most [`MAX_CONNECTIONS`] served at once, each on a task of its own.
async fn accept(listener: std::net::TcpListener) -> io::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let server = http::Server::new(http::Limits::SERVE);
    loop {
        let slot = Arc::clone(&slots)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection reset before it was accepted, or no file descriptor left for
            // it: the next one is tried a moment later.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        // Answers go out at once, not after the client's acknowledgement of the last ones.
        let _ = stream.set_nodelay(true);
        let server = Arc::clone(&server);
        tokio::spawn(async move {
            http::connection(stream, server).await;
            drop(slot);
        });
    }
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
