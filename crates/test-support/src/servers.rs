//! Servers on 127.0.0.1 that misbehave, for the tests of the network client
//! (`crates/fetch`) and of the command's `fetch` (`crates/cli`): each runs a script on the
//! connections it accepts, within a life of its own.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

/// How long a hostile server keeps at it before it gives up (the fetches' time-outs are
/// much shorter).
pub const SERVER_LIFE: Duration = Duration::from_secs(8);

/// A server on 127.0.0.1 that runs `script` on each of `connections` connections.
pub fn serve(connections: usize, script: impl Fn(TcpStream) + Send + Sync + 'static) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        for stream in listener.incoming().take(connections) {
            let Ok(stream) = stream else { return };
            let _ = stream.set_read_timeout(Some(SERVER_LIFE));
            let _ = stream.set_write_timeout(Some(SERVER_LIFE));
            script(stream);
        }
    });
    port
}

/// Reads the request the client sent: one line (a gopher selector), or an HTTP request's
/// line and headers through the blank line. All of it is read before the server answers
/// and closes: a socket closed with bytes unread is reset, and the reset can reach the
/// client before the answer does.
pub fn read_line(stream: &TcpStream) -> String {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let _ = reader.read_line(&mut line);
    if line.trim_end().ends_with("HTTP/1.0") {
        let mut header = String::new();
        while reader.read_line(&mut header).is_ok_and(|n| n > 0) && !header.trim_end().is_empty() {
            header.clear();
        }
    }
    line
}

/// Writes `chunk` again and again until the client goes away or the server's life ends.
pub fn endless(mut stream: TcpStream, head: &[u8], chunk: &[u8]) {
    let _ = stream.write_all(head);
    let until = Instant::now() + SERVER_LIFE;
    while Instant::now() < until && stream.write_all(chunk).is_ok() {}
}

/// A server that answers one HTTP request with `reply` and closes.
pub fn http_reply(reply: &'static [u8]) -> u16 {
    serve(1, move |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(reply);
    })
}
