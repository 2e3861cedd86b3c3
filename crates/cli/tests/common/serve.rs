//! `rfc1738 serve` for the tests that speak HTTP to it by hand (`tests/serve.rs`,
//! `tests/serve_hostile.rs`): the built binary on a free port of 127.0.0.1, its address
//! read from its first line, killed when dropped; and the head of an answer read.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// A running `rfc1738 serve --port 0`, killed when dropped (the test passed or failed).
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("rfc1738 serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the address line");
        // Killed on drop from here on, even if the line holds no address.
        let mut server = Server {
            child,
            address: String::new(),
        };
        let start = line
            .find("http://")
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let rest = &line[start + "http://".len()..];
        server.address = rest[..rest.find('/').expect("a / after the address")].to_owned();
        assert!(
            server.address.starts_with("127.0.0.1:"),
            "{}",
            server.address
        );
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The status and the headers (names in lower case, values trimmed) of an answer's head,
/// the text before its empty line.
pub fn head(text: &str) -> (u16, Vec<(String, String)>) {
    let mut lines = text.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line.split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .map(|line| {
            let (name, value) = line.split_once(':').unwrap();
            (name.trim().to_ascii_lowercase(), value.trim().to_owned())
        })
        .collect();
    (status, headers)
}
