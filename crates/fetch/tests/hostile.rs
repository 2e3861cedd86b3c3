//! Hostile servers: servers of the test's own on 127.0.0.1 that answer with an endless
//! line, a body past the size limit, a reply that never comes, a malformed status or
//! listing, bytes that are not text, a connection closed early, an FTP `227` that points
//! elsewhere. Each fetch ends in a clear error (its kind checked) within its time-out and
//! size limit, and the body written is only what was received.

use rfc1738::requests::RequestOptions;
use rfc1738_fetch::{FetchError, FetchErrorKind, Fetcher};
use rfc1738_test_support::servers::{endless, http_reply, read_line, serve, SERVER_LIFE};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

fn fetcher() -> Fetcher {
    Fetcher::new()
        .timeout(Duration::from_millis(1500))
        .max_size(64 * 1024)
        .options(
            RequestOptions::new()
                .ftp_password("test@example.org")
                .news_server("127.0.0.1"),
        )
}

/// Fetches `url`, expecting an error of `code` within the time-out (and a little), and
/// returns it with what was written.
fn fails(fetcher: &Fetcher, url: &str, code: &str) -> (FetchError, Vec<u8>) {
    let started = Instant::now();
    let mut body = Vec::new();
    let error = fetcher.fetch(url, &mut body).expect_err(url);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{url}: took {:?}",
        started.elapsed()
    );
    assert_eq!(error.code(), code, "{url}: {error}");
    assert!(!error.to_string().is_empty());
    (error, body)
}

// --- an endless line ------------------------------------------------------------------------

#[test]
fn an_endless_line_is_too_large_in_every_protocol() {
    for (scheme, head) in [
        ("ftp", &b"220"[..]),
        ("http", b"HTTP/1.0 200 OK"),
        ("nntp", b"200 "),
        ("gopher", b"1"),
    ] {
        let port = serve(1, move |stream| {
            if scheme == "http" || scheme == "gopher" {
                read_line(&stream);
            }
            endless(stream, head, &[b'a'; 4096]);
        });
        let url = match scheme {
            "nntp" => format!("nntp://127.0.0.1:{port}/a.group/1"),
            _ => format!("{scheme}://127.0.0.1:{port}/"),
        };
        let (error, body) = fails(&fetcher().max_size(u64::MAX), &url, "too-large");
        assert!(body.is_empty(), "{url}");
        let FetchErrorKind::TooLarge { what, .. } = error.kind() else {
            unreachable!()
        };
        assert!(what.starts_with("a line of"), "{url}: {what}");
    }
}

#[test]
fn an_endless_text_stops_at_the_size_limit() {
    let port = serve(1, |stream| {
        read_line(&stream);
        endless(stream, b"", b"0123456789abcdef\n");
    });
    let (_, body) = fails(
        &fetcher(),
        &format!("gopher://127.0.0.1:{port}/0text"),
        "too-large",
    );
    assert!(body.len() <= 64 * 1024);
    assert!(b"0123456789abcdef\n".repeat(4096).starts_with(&body));
}

// --- a body past the size limit ---------------------------------------------------------------

#[test]
fn a_body_past_the_limit_is_cut_before_the_limit() {
    let sent = b"x".repeat(200_000);
    let body_sent = sent.clone();
    let port = serve(1, move |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(b"HTTP/1.0 200 OK\r\n\r\n");
        let _ = stream.write_all(&body_sent);
    });
    let (error, body) = fails(
        &fetcher(),
        &format!("http://127.0.0.1:{port}/big"),
        "too-large",
    );
    assert!(body.len() <= 64 * 1024 && sent.starts_with(&body));
    assert_eq!(error.transcript().body_bytes(), body.len() as u64);
}

#[test]
fn a_claimed_length_past_the_limit_fails_at_once_and_allocates_nothing() {
    for (scheme, reply) in [
        (
            "http",
            &b"HTTP/1.0 200 OK\r\nContent-Length: 999999999999999\r\n\r\nabc"[..],
        ),
        ("gopher", b"+999999999999999\r\nabc"),
    ] {
        let port = serve(1, move |mut stream| {
            read_line(&stream);
            let _ = stream.write_all(reply);
            thread::sleep(Duration::from_secs(2));
        });
        let url = match scheme {
            "gopher" => format!("gopher://127.0.0.1:{port}/0x%09%09+"),
            _ => format!("http://127.0.0.1:{port}/"),
        };
        let started = Instant::now();
        let (_, body) = fails(&fetcher(), &url, "too-large");
        assert!(body.is_empty());
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{url}: not at once"
        );
    }
}

// --- a reply that never comes -----------------------------------------------------------------

#[test]
fn a_reply_that_never_comes_times_out() {
    for url in [
        "ftp://127.0.0.1:PORT/file",
        "http://127.0.0.1:PORT/",
        "gopher://127.0.0.1:PORT/0file",
        "nntp://127.0.0.1:PORT/a.group/1",
    ] {
        let port = serve(1, |stream| {
            thread::sleep(Duration::from_secs(3));
            drop(stream);
        });
        let url = url.replace("PORT", &port.to_string());
        let started = Instant::now();
        let (error, body) = fails(&fetcher(), &url, "timeout");
        assert!(body.is_empty());
        assert!(started.elapsed() >= Duration::from_millis(1400), "{url}");
        assert!(
            error.to_string().contains("timed out after 1.5 s"),
            "{error}"
        );
    }
}

#[test]
fn a_server_that_drips_one_byte_at_a_time_meets_the_whole_time_out() {
    let port = serve(1, |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(b"HTTP/1.0 200 OK\r\n\r\n");
        let until = Instant::now() + SERVER_LIFE;
        while Instant::now() < until && stream.write_all(b"x").is_ok() {
            thread::sleep(Duration::from_millis(50));
        }
    });
    let (_, body) = fails(&fetcher(), &format!("http://127.0.0.1:{port}/"), "timeout");
    assert!(body.iter().all(|&byte| byte == b'x'));
}

#[test]
fn a_closed_port_is_refused() {
    let port = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    fails(&fetcher(), &format!("http://127.0.0.1:{port}/"), "refused");
}

// --- malformed replies -------------------------------------------------------------------------

#[test]
fn malformed_status_lines_are_protocol_errors_that_quote_them() {
    for (url, reply, quoted) in [
        (
            "http://127.0.0.1:PORT/",
            &b"HTTP/1.0 2x0 OK\r\n\r\n"[..],
            "HTTP/1.0 2x0 OK",
        ),
        (
            "http://127.0.0.1:PORT/",
            b"<html>hello</html>\r\n",
            "<html>",
        ),
        (
            "http://127.0.0.1:PORT/",
            b"HTTP/1.0 200 OK\r\nno colon here\r\n\r\n",
            "no colon here",
        ),
        ("ftp://127.0.0.1:PORT/f", b"hello there\r\n", "hello there"),
        ("ftp://127.0.0.1:PORT/f", b"220x\r\n", "220x"),
        ("nntp://127.0.0.1:PORT/g/1", b"OK ready\r\n", "OK ready"),
        ("gopher://127.0.0.1:PORT/0x%09%09+", b"+abc\r\ndata", "+abc"),
    ] {
        let port = serve(1, move |mut stream| {
            if !url.starts_with("ftp") && !url.starts_with("nntp") {
                read_line(&stream);
            }
            let _ = stream.write_all(reply);
            thread::sleep(Duration::from_millis(300));
        });
        let url = url.replace("PORT", &port.to_string());
        let (error, body) = fails(&fetcher(), &url, "protocol");
        assert!(body.is_empty(), "{url}");
        assert!(error.to_string().contains(quoted), "{url}: {error}");
    }
}

#[test]
fn a_malformed_menu_line_stops_the_menu_after_the_lines_before_it() {
    let port = serve(1, |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(b"0Good\t/good\th\t70\r\n1Also good\t/d\th\t70\r\n0no tabs at all\r\n0Late\t/l\th\t70\r\n.\r\n");
    });
    let (error, body) = fails(
        &fetcher(),
        &format!("gopher://127.0.0.1:{port}/1"),
        "protocol",
    );
    assert_eq!(body, b"0Good\t/good\th\t70\r\n1Also good\t/d\th\t70\r\n");
    assert!(error.to_string().contains("0no tabs at all"), "{error}");
}

/// A minimal FTP server: the greeting, the login, PASV answered with `pasv` (`{port}`
/// replaced by the data listener's port), then RETR or NLST with `data` on the data
/// connection and `after` on the control connection.
fn ftp_server(pasv: &'static str, data: &'static [u8], after: &'static [u8]) -> u16 {
    serve(1, move |mut control| {
        let reply = |control: &mut TcpStream, text: &str| {
            let _ = control.write_all(text.as_bytes());
        };
        reply(&mut control, "220 hostile ready\r\n");
        let mut reader = BufReader::new(control.try_clone().unwrap());
        let data_listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let data_port = data_listener.local_addr().unwrap().port();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            match &line[..4.min(line.len())] {
                "USER" => reply(&mut control, "331 password please\r\n"),
                "PASS" => reply(&mut control, "230 in\r\n"),
                "CWD " | "TYPE" => reply(&mut control, "250 ok\r\n"),
                "PASV" => reply(
                    &mut control,
                    &pasv
                        .replace("{p1}", &(data_port >> 8).to_string())
                        .replace("{p2}", &(data_port & 255).to_string()),
                ),
                "RETR" | "NLST" => {
                    reply(&mut control, "150 here it comes\r\n");
                    if let Ok((mut stream, _)) = data_listener.accept() {
                        let _ = stream.write_all(data);
                    }
                    let _ = control.write_all(after);
                    if after.is_empty() {
                        return;
                    }
                }
                "QUIT" => {
                    reply(&mut control, "221 bye\r\n");
                    return;
                }
                _ => reply(&mut control, "500 what\r\n"),
            }
        }
    })
}

#[test]
fn ftp_data_goes_to_the_control_connection_s_address_whatever_227_says() {
    // The 227 reply names another host: the client connects to 127.0.0.1 instead.
    let port = ftp_server(
        "227 Entering Passive Mode (10,9,8,7,{p1},{p2})\r\n",
        b"the file\r\n",
        b"226 done\r\n",
    );
    let mut body = Vec::new();
    let fetched = fetcher()
        .fetch(&format!("ftp://127.0.0.1:{port}/f;type=i"), &mut body)
        .unwrap();
    assert_eq!(body, b"the file\r\n");
    let report: Vec<String> = fetched
        .transcript()
        .events()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert!(
        report
            .iter()
            .any(|line| line.contains("the 227 reply names 10.9.8.7")),
        "{report:?}"
    );
    assert!(report
        .iter()
        .any(|line| line.starts_with("connect  127.0.0.1:") && line.ends_with("(data)")));
}

#[test]
fn ftp_hostile_answers() {
    // A 227 without an address.
    let port = ftp_server("227 passive, somewhere\r\n", b"", b"");
    fails(&fetcher(), &format!("ftp://127.0.0.1:{port}/f"), "protocol");
    // A listing with a NUL in a name: the names before it are written, not the rest.
    let port = ftp_server(
        "227 (127,0,0,1,{p1},{p2})\r\n",
        b"good\r\nalso good\r\nbad\x00name\r\nlate\r\n",
        b"226 done\r\n",
    );
    let (error, body) = fails(
        &fetcher(),
        &format!("ftp://127.0.0.1:{port}/d;type=d"),
        "protocol",
    );
    assert_eq!(body, b"good\nalso good\n");
    assert!(error.to_string().contains(r"bad\0name"), "{error}");
    // The control connection closes after 150: a short read, what came is written.
    let port = ftp_server("227 (127,0,0,1,{p1},{p2})\r\n", b"partial", b"");
    let (_, body) = fails(
        &fetcher(),
        &format!("ftp://127.0.0.1:{port}/f;type=i"),
        "short-read",
    );
    assert_eq!(body, b"partial");
    // The transfer fails after the data: the server's 426, quoted.
    let port = ftp_server("227 (127,0,0,1,{p1},{p2})\r\n", b"some", b"426 aborted\r\n");
    let (error, _) = fails(
        &fetcher(),
        &format!("ftp://127.0.0.1:{port}/f;type=i"),
        "server-error",
    );
    assert!(error.to_string().contains("426 aborted"));
}

// --- bytes that are not text -----------------------------------------------------------------

#[test]
fn bytes_that_are_not_text_in_a_reply_are_protocol_errors() {
    for (url, reply) in [
        (
            "ftp://127.0.0.1:PORT/f",
            &b"220 \x00\xff\xfe\x1b[2J\r\n"[..],
        ),
        ("nntp://127.0.0.1:PORT/g/1", b"200 hello\x00\x01\r\n"),
        (
            "http://127.0.0.1:PORT/",
            b"HTTP/1.0 200 OK\r\nX-Evil: \x1b]0;title\x07\r\n\r\n",
        ),
        ("gopher://127.0.0.1:PORT/1", b"0a\x1b[31m\tb\tc\t70\r\n"),
        ("ftp://127.0.0.1:PORT/f", b"\x89PNG\r\n\x1a\n\x00\x00"),
    ] {
        let port = serve(1, move |mut stream| {
            if url.starts_with("http") || url.starts_with("gopher") {
                read_line(&stream);
            }
            let _ = stream.write_all(reply);
            thread::sleep(Duration::from_millis(300));
        });
        let url = url.replace("PORT", &port.to_string());
        let (error, body) = fails(&fetcher(), &url, "protocol");
        assert!(body.is_empty(), "{url}");
        // The quote shows control bytes as escapes: nothing reaches a terminal raw.
        let message = error.to_string();
        assert!(
            !message.bytes().any(|byte| byte < 0x20),
            "{url}: {message:?}"
        );
    }
}

// --- closed early ------------------------------------------------------------------------------

#[test]
fn a_connection_closed_early_is_a_short_read_and_keeps_what_came() {
    let port = serve(1, |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(b"HTTP/1.0 200 OK\r\nContent-Length: 100\r\n\r\nonly ten b");
    });
    let (error, body) = fails(
        &fetcher(),
        &format!("http://127.0.0.1:{port}/"),
        "short-read",
    );
    assert_eq!(body, b"only ten b");
    assert!(error.to_string().contains("(10 bytes received)"), "{error}");
    // An NNTP article without its "." line.
    let port = serve(1, |mut stream| {
        let _ = stream.write_all(b"200 hi\r\n");
        read_line(&stream);
        let _ = stream.write_all(b"211 1 1 1 g\r\n");
        read_line(&stream);
        let _ = stream.write_all(b"220 1 <a@b> article\r\nSubject: x\r\n\r\nbody\r\n");
    });
    let (_, body) = fails(
        &fetcher(),
        &format!("nntp://127.0.0.1:{port}/g/1"),
        "short-read",
    );
    assert_eq!(body, b"Subject: x\n\nbody\n");
}

// --- redirects ----------------------------------------------------------------------------------

#[test]
fn redirects_are_not_followed_unless_asked_and_never_to_danger() {
    let redirect = |location: &'static str| {
        serve(2, move |mut stream| {
            read_line(&stream);
            let _ = write!(stream, "HTTP/1.0 302 Found\r\nLocation: {location}\r\n\r\n");
        })
    };
    let port = redirect("http://127.0.0.1:1/elsewhere");
    let (error, _) = fails(&fetcher(), &format!("http://127.0.0.1:{port}/"), "redirect");
    assert!(error.to_string().contains("--follow"));
    let port = redirect("gopher://127.0.0.1:25/0%0D%0AHELO");
    let (error, _) = fails(
        &fetcher().follow_redirects(5),
        &format!("http://127.0.0.1:{port}/"),
        "redirect",
    );
    assert!(error.to_string().contains("only http URLs are followed"));
    let port = redirect("http://127.0.0.1:25/%0D%0AHELO");
    let (error, _) = fails(
        &fetcher().follow_redirects(5),
        &format!("http://127.0.0.1:{port}/"),
        "refused-by-lint",
    );
    assert!(error
        .transcript()
        .events()
        .iter()
        .any(|e| e.to_string().contains("following to")));
    // A redirect to itself: followed up to the count, then an error.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        for stream in listener.incoming().take(4) {
            let Ok(mut stream) = stream else { return };
            read_line(&stream);
            let _ = write!(
                stream,
                "HTTP/1.0 301 Moved\r\nLocation: http://127.0.0.1:{port}/again\r\n\r\n"
            );
        }
    });
    let (error, _) = fails(
        &fetcher().follow_redirects(3),
        &format!("http://127.0.0.1:{port}/"),
        "redirect",
    );
    assert!(error.to_string().contains("more than 3 redirects"));
}

// --- what is written ---------------------------------------------------------------------------

#[test]
fn a_gopher_text_s_last_dot_line_is_not_written_and_other_dots_are() {
    for (sent, written) in [
        (&b"line\r\n.\r\n"[..], &b"line\r\n"[..]),
        (b"line\n.\n", b"line\n"),
        (b".\r\n", b""),
        (b"a\r\n.\r\nb\r\n", b"a\r\n.\r\nb\r\n"),
        (b"ends with a dot.\r\n", b"ends with a dot.\r\n"),
        (b"x.\r\n", b"x.\r\n"),
        (b"no end", b"no end"),
    ] {
        let port = serve(1, move |mut stream| {
            read_line(&stream);
            for byte in sent {
                // One byte at a time: the end is held back across reads.
                let _ = stream.write_all(&[*byte]);
                let _ = stream.flush();
                thread::sleep(Duration::from_millis(2));
            }
        });
        let mut body = Vec::new();
        fetcher()
            .fetch(&format!("gopher://127.0.0.1:{port}/0text"), &mut body)
            .unwrap();
        assert_eq!(body, written, "{:?}", String::from_utf8_lossy(sent));
    }
}

// --- a chunked reply --------------------------------------------------------------------------

/// The head of a chunked reply, before its body.
const CHUNKED: &[u8] = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

#[test]
fn a_chunked_body_is_decoded() {
    let port = http_reply(
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\n6;name=value\r\n world\r\n0\r\nExpires: never\r\n\r\n",
    );
    let mut body = Vec::new();
    fetcher()
        .fetch(&format!("http://127.0.0.1:{port}/"), &mut body)
        .unwrap();
    assert_eq!(body, b"hello world");
}

#[test]
fn a_chunked_reply_whose_framing_lies_is_an_error() {
    for (framing, code, written) in [
        // The last chunk (size 0) never comes: the server closed early.
        (&b"5\r\nhello\r\n"[..], "short-read", &b"hello"[..]),
        (b"5\r\nhello", "short-read", b"hello"),
        // A size larger than the bytes sent before the close.
        (b"100\r\nhello\r\n", "short-read", b"hello\r\n"),
        // A size smaller than the chunk: its data is not followed by CR LF.
        (b"3\r\nhello\r\n0\r\n\r\n", "protocol", b"hel"),
        // Chunk-size lines that are not hexadecimal sizes.
        (b"zz\r\nhello\r\n0\r\n\r\n", "protocol", b""),
        (b"-5\r\nhello\r\n0\r\n\r\n", "protocol", b""),
        (b"\r\nhello\r\n0\r\n\r\n", "protocol", b""),
        (b"5 5\r\nhello\r\n0\r\n\r\n", "protocol", b""),
        (b"0x5\r\nhello\r\n0\r\n\r\n", "protocol", b""),
        // A size past 64 bits, and one past the size limit (64 KiB here).
        (b"10000000000000000\r\nhello\r\n", "protocol", b""),
        (b"fffffffffff\r\nhello\r\n", "too-large", b""),
        // The trailer never ends.
        (
            b"5\r\nhello\r\n0\r\nExpires: never\r\n",
            "short-read",
            b"hello",
        ),
    ] {
        let reply: &'static [u8] = [CHUNKED, framing].concat().leak();
        let port = http_reply(reply);
        let (error, body) = fails(&fetcher(), &format!("http://127.0.0.1:{port}/"), code);
        assert_eq!(
            body,
            written,
            "{:?}: {error}",
            String::from_utf8_lossy(framing)
        );
    }
}

#[test]
fn transfer_codings_this_client_cannot_undo_are_errors() {
    for head in [
        // A coding other than chunked: the bytes are not the body.
        &b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n"[..],
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
        // Two framings at once (RFC 9112 6.3: a sign of request smuggling).
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
        // HTTP/1.0 has no transfer codings (RFC 9112 6.1: faulty framing).
        b"HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
    ] {
        let reply: &'static [u8] = [head, b"5\r\nhello\r\n0\r\n\r\n"].concat().leak();
        let port = http_reply(reply);
        let (error, body) = fails(&fetcher(), &format!("http://127.0.0.1:{port}/"), "protocol");
        assert!(body.is_empty(), "{error}");
        assert!(error.to_string().contains("Transfer-Encoding"), "{error}");
    }
}

// --- the size limit of a text read line by line -----------------------------------------------

#[test]
fn a_line_past_the_size_limit_names_the_size_limit() {
    // An NNTP article and a Gopher+ text (+-1): lines, each written as it comes, until
    // one would pass the size limit (10 bytes here).
    let nntp = serve(1, |mut stream| {
        let _ = stream.write_all(b"200 hi\r\n");
        read_line(&stream);
        let _ = stream.write_all(b"211 1 1 1 g\r\n");
        read_line(&stream);
        let _ = stream
            .write_all(b"220 1 <a@b> article\r\nshort\r\na line longer than the limit\r\n.\r\n");
        thread::sleep(Duration::from_millis(300));
    });
    let gopher = serve(1, |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(b"+-1\r\nshort\r\na line longer than the limit\r\n.\r\n");
        thread::sleep(Duration::from_millis(300));
    });
    for url in [
        format!("nntp://127.0.0.1:{nntp}/g/1"),
        format!("gopher://127.0.0.1:{gopher}/0x%09%09+"),
    ] {
        let (error, body) = fails(&fetcher().max_size(10), &url, "too-large");
        assert!(body.starts_with(b"short"), "{url}");
        assert_eq!(
            error.to_string(),
            "the body is larger than the limit of 10 bytes",
            "{url}"
        );
    }
}
