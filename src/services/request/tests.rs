//! The requests of every scheme, by the text of section 3 (the corpus,
//! `corpus/requests/cases.jsonl`, holds more, language-neutral).

use super::*;
use crate::facade::parse_reference;
use pretty_assertions::assert_eq;

/// The bytes sent and the codes of what is missing.
fn request(
    input: &str,
    dialect: Dialect,
    options: &RequestOptions,
) -> (Vec<u8>, Vec<&'static str>) {
    let reference = parse_reference(input, dialect).unwrap();
    let request = Request::of_reference(&reference, options).unwrap();
    let missing = request.missing().into_iter().map(Missing::code).collect();
    (request.bytes(), missing)
}

fn sent(input: &str) -> Vec<u8> {
    request(input, Dialect::Rfc1738, &configured()).0
}

fn configured() -> RequestOptions {
    RequestOptions::new()
        .ftp_password("me@example.org")
        .news_server("news.example.org")
}

fn refused(input: &str, dialect: Dialect) -> RequestRefused {
    let reference = parse_reference(input, dialect).unwrap();
    Request::of_reference(&reference, &RequestOptions::new()).unwrap_err()
}

#[test]
fn ftp_follows_section_3_2_2_segment_by_segment() {
    let login = b"USER anonymous\r\nPASS me@example.org\r\n".to_vec();
    let with_login = |rest: &[u8]| [&login[..], rest].concat();
    // The RFC's three examples.
    assert_eq!(
        sent("ftp://myname@host.dom/%2Fetc/motd"),
        b"USER myname\r\nCWD /etc\r\nRETR motd\r\n"
    );
    assert_eq!(
        sent("ftp://myname@host.dom/etc/motd"),
        b"USER myname\r\nCWD etc\r\nRETR motd\r\n"
    );
    assert_eq!(
        sent("ftp://myname@host.dom//etc/motd"),
        b"USER myname\r\nCWD \r\nCWD etc\r\nRETR motd\r\n"
    );
    // Typecodes, in either case; d lists the name.
    assert_eq!(
        sent("ftp://h/f;type=a"),
        with_login(b"TYPE A\r\nRETR f\r\n")
    );
    assert_eq!(
        sent("ftp://h/f;type=I"),
        with_login(b"TYPE I\r\nRETR f\r\n")
    );
    assert_eq!(sent("ftp://h/pub;type=d"), with_login(b"NLST pub\r\n"));
    assert_eq!(
        sent("ftp://h/pub/;type=d"),
        with_login(b"CWD pub\r\nNLST\r\n")
    );
    // No path, an empty path, an empty name: a listing (a choice).
    assert_eq!(sent("ftp://h"), with_login(b"NLST\r\n"));
    assert_eq!(sent("ftp://h/"), with_login(b"NLST\r\n"));
    assert_eq!(sent("ftp://h/pub/"), with_login(b"CWD pub\r\nNLST\r\n"));
    // A name holding an escaped "/" and ";" (3.2.2: reserved, encoded).
    assert_eq!(sent("ftp://h/a%2Fb%3Bc"), with_login(b"RETR a/b;c\r\n"));
    // RFC 1630's ftptype: RFC 959's TYPE argument, its space put back.
    assert_eq!(
        request("ftp://h/f;type=AN", Dialect::Rfc1630, &configured()).0,
        with_login(b"TYPE A N\r\nRETR f\r\n")
    );
}

#[test]
fn ftp_logins_of_section_3_2_1() {
    let options = RequestOptions::new();
    assert_eq!(
        request("ftp://h/f", Dialect::Rfc1738, &options),
        (
            b"USER anonymous\r\nRETR f\r\n".to_vec(),
            vec!["anonymous-password"]
        )
    );
    assert_eq!(
        request("ftp://u:p%40ss@h/f", Dialect::Rfc1738, &options),
        (b"USER u\r\nPASS p@ss\r\nRETR f\r\n".to_vec(), vec![])
    );
    // An empty password is one; an empty user name is not anonymous (section 3.1).
    assert_eq!(
        request("ftp://foo:@host.com/", Dialect::Rfc1738, &options),
        (b"USER foo\r\nPASS \r\nNLST\r\n".to_vec(), vec![])
    );
    assert_eq!(
        request("ftp://@host.com/", Dialect::Rfc1738, &configured()),
        (b"USER \r\nNLST\r\n".to_vec(), vec!["password"])
    );
}

#[test]
fn gopher_sends_the_selector_line_of_section_3_4() {
    assert_eq!(sent("gopher://h"), b"\r\n");
    assert_eq!(sent("gopher://h/"), b"\r\n");
    assert_eq!(sent("gopher://h/1"), b"\r\n");
    assert_eq!(sent("gopher://h/00/Information"), b"0/Information\r\n");
    assert_eq!(sent("gopher://h/7sel%09foo%20bar"), b"sel\tfoo bar\r\n");
    // "+" has no meaning in an RFC 1738 search.
    assert_eq!(sent("gopher://h/7sel%09a+b"), b"sel\ta+b\r\n");
    assert_eq!(sent("gopher://h/7sel%09"), b"sel\t\r\n");
    assert_eq!(sent("gopher://h/0sel%09%09+"), b"sel\t+\r\n");
    assert_eq!(sent("gopher://h/0sel%09%09!"), b"sel\t!\r\n");
    assert_eq!(sent("gopher://h/1sel%09%09$"), b"sel\t$\r\n");
    assert_eq!(sent("gopher://h/0sel%09%09?"), b"sel\t!+ASK\r\n");
    assert_eq!(sent("gopher://h/7sel%09words%09+"), b"sel\twords\t+\r\n");
    // The filled-out form of an alternate view (draft-ietf-uri-url-03's complex example).
    assert_eq!(
        sent("gopher://h/0sel%09%09+view%20lang%091%0D%0A+-1%0D%0Aone%0D%0Atwo%0D%0A.%0D%0A"),
        b"sel\t+view lang\t1\r\n+-1\r\none\r\ntwo\r\n.\r\n"
    );
    let reference = parse_reference(
        "gopher://h/0sel%09%09+%091%0D%0A+-1%0D%0Ax%0D%0A.%0D%0A",
        Dialect::Rfc1738,
    )
    .unwrap();
    assert_eq!(
        Request::of_reference(&reference, &RequestOptions::new())
            .unwrap()
            .lines()
            .len(),
        4
    );
    // What the user must give.
    let none = RequestOptions::new();
    assert_eq!(
        request("gopher://h/7sel", Dialect::Rfc1738, &none).1,
        ["search"]
    );
    assert_eq!(
        request("gopher://h/0sel%09%09?", Dialect::Rfc1738, &none).1,
        ["ask-form"]
    );
    // The draft: "?search", "+" a space; RFC 1630: the gcommand alone, decoded.
    assert_eq!(
        request("gopher://h/7sel?a+b%2B", Dialect::DraftWwwUri00, &none).0,
        b"sel\ta b+\r\n"
    );
    assert_eq!(
        request("gopher://h/7sel%09words", Dialect::Rfc1630, &none),
        (b"sel\twords\r\n".to_vec(), vec![])
    );
}

#[test]
fn http_sends_the_request_line_as_written() {
    assert_eq!(sent("http://h"), b"GET / HTTP/1.0\r\n\r\n");
    assert_eq!(sent("http://h/"), b"GET / HTTP/1.0\r\n\r\n");
    assert_eq!(
        sent("http://h/a%20b?x+y%2Bz"),
        b"GET /a%20b?x+y%2Bz HTTP/1.0\r\n\r\n"
    );
    assert_eq!(sent("URL:http://h/a#frag"), b"GET /a HTTP/1.0\r\n\r\n");
    let none = RequestOptions::new();
    assert_eq!(
        request("http://h?q", Dialect::Rfc1630, &none).0,
        b"GET /?q HTTP/1.0\r\n\r\n"
    );
    assert_eq!(
        request("http://info.cern.ch/a b", Dialect::DraftWwwUri00, &none).0,
        b"GET /a%20b HTTP/1.0\r\n\r\n"
    );
    let host = RequestOptions::new().http_host_header(true);
    assert_eq!(
        request("http://H:80/", Dialect::Rfc1738, &host).0,
        b"GET / HTTP/1.0\r\nHost: H\r\n\r\n"
    );
}

#[test]
fn news_and_nntp_speak_nntp() {
    assert_eq!(
        sent("news:comp.infosystems.www"),
        b"GROUP comp.infosystems.www\r\n"
    );
    assert_eq!(sent("news:*"), b"LIST\r\n");
    assert_eq!(sent("news:a%20b@h.example"), b"ARTICLE <a b@h.example>\r\n");
    assert_eq!(sent("nntp://h/comp.x"), b"GROUP comp.x\r\n");
    assert_eq!(
        sent("nntp://h/comp.x/0042"),
        b"GROUP comp.x\r\nARTICLE 0042\r\n"
    );
    let reference = parse_reference("news:comp.x", Dialect::Rfc1738).unwrap();
    let options = RequestOptions::new().news_server("news.example.org:1119");
    let request = Request::of_reference(&reference, &options).unwrap();
    assert_eq!(
        (request.host(), request.port()),
        (Some("news.example.org"), Some(1119))
    );
    // RFC 1630's nntp:group/digits names no server.
    let (bytes, missing) = request_of("nntp:comp.x/12", Dialect::Rfc1630);
    assert_eq!(
        (bytes, missing),
        (
            b"GROUP comp.x\r\nARTICLE 12\r\n".to_vec(),
            vec!["news-server"]
        )
    );
}

fn request_of(input: &str, dialect: Dialect) -> (Vec<u8>, Vec<&'static str>) {
    request(input, dialect, &RequestOptions::new())
}

#[test]
fn interactive_described_and_undefined_requests_send_nothing() {
    for (input, dialect, port, missing) in [
        ("telnet://h", Dialect::Rfc1738, Some(23), vec!["login"]),
        (
            "telnet://u:p@h:2323/",
            Dialect::Rfc1738,
            Some(2323),
            vec!["login"],
        ),
        ("rlogin://u@h", Dialect::Rfc1630, Some(513), vec!["login"]),
        ("tn3270://h", Dialect::Rfc1630, Some(23), vec!["login"]),
        ("wais://h/db", Dialect::Rfc1738, Some(210), vec!["search"]),
        ("wais://h/db?x", Dialect::Rfc1738, Some(210), vec![]),
        ("wais://h/db/TEXT/id", Dialect::Rfc1738, Some(210), vec![]),
        ("prospero://h/x;a=b", Dialect::Rfc1738, Some(1525), vec![]),
        ("file:///etc/motd", Dialect::Rfc1738, None, vec![]),
        ("file://LOCALHOST/etc/motd", Dialect::Rfc1738, None, vec![]),
        (
            "file://h.example/etc/motd",
            Dialect::Rfc1738,
            None,
            vec!["access-method"],
        ),
        ("mailto:a@b", Dialect::Rfc1738, None, vec!["message"]),
        ("x-foo:bar", Dialect::Rfc1738, None, vec!["definition"]),
        ("mid:1@h", Dialect::Rfc1630, None, vec!["definition"]),
        ("cid:1@h", Dialect::Rfc1630, None, vec!["definition"]),
        (
            "urn:/iana/dns/ch",
            Dialect::Rfc1630,
            None,
            vec!["definition"],
        ),
    ] {
        let reference = parse_reference(input, dialect).unwrap();
        let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
        assert!(request.lines().is_empty(), "{input}");
        assert_eq!(request.port(), port, "{input}");
        let codes: Vec<&str> = request.missing().into_iter().map(Missing::code).collect();
        assert_eq!(codes, missing, "{input}");
        assert!(!request.to_string().is_empty(), "{input}");
    }
}

#[test]
fn section_6_dangers_are_refused_and_warnings_are_not() {
    let attack = refused("gopher://host:25/0%0D%0AHELO", Dialect::Rfc1738);
    assert_eq!(attack.warning().kind().name(), "cross-protocol");
    assert_eq!(attack.warnings().len(), 4);
    // An escaped line break alone, a reserved port alone, NUL: each a danger.
    for input in [
        "ftp://h/a%0D%0ADELE%20x",
        "ftp://u%0A@h/",
        "http://h:81/",
        "news:a%0D@h",
        "gopher://h/0a%00b",
        "mailto:a%0D%0A@b",
        "wais://h:25/db",
    ] {
        let refused = refused(input, Dialect::Rfc1738);
        assert!(!refused.warnings().is_empty(), "{input}");
        assert!(
            refused.to_string().starts_with("request refused: "),
            "{input}"
        );
    }
    // A port of 1024 or more, a password, an ASK form's lines, an escaped line break or
    // NUL in an http path or search (sent as written, section 3.3): built.
    for input in [
        "http://h:8080/",
        "http://h/a%0D%0Ab",
        "http://info.cern.ch:8001/wais.cic.net:210/directory-of-servers;7=%00;",
        "http://h/x?a%0Ab",
        "telnet://u:secret@h/",
        "gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A",
        "gopher://h/1sel%09%09+x%09y",
    ] {
        let reference = parse_reference(input, Dialect::Rfc1738).unwrap();
        assert!(
            Request::of_reference(&reference, &RequestOptions::new()).is_ok(),
            "{input}"
        );
    }
}

#[test]
fn allowed_dangers_keep_escaped_line_breaks_as_written() {
    let allow = RequestOptions::new().allow_dangerous(true);
    let reference = parse_reference("ftp://h/a%0D%0ADELE%20x/b", Dialect::Rfc1738).unwrap();
    let request = Request::of_reference(&reference, &allow).unwrap();
    assert_eq!(
        request.bytes(),
        b"USER anonymous\r\nCWD a%0D%0ADELE x\r\nRETR b\r\n"
    );
    assert_eq!(request.overridden().len(), 2);
    assert!(
        request
            .notes()
            .iter()
            .any(|note| note.starts_with("2 escaped CR, LF or NUL"))
    );
    // On a foreign port, an ASK form's lines are still its lines.
    let reference = parse_reference(
        "gopher://h:25/1s%09%09+%091%0D%0A+-1%0D%0Ay%0D%0A.%0D%0A",
        Dialect::Rfc1738,
    )
    .unwrap();
    assert!(Request::of_reference(&reference, &RequestOptions::new()).is_err());
    let request = Request::of_reference(&reference, &allow).unwrap();
    assert_eq!(request.bytes(), b"s\t+\t1\r\n+-1\r\ny\r\n.\r\n");
    // No line of any request holds a CR or LF but at its end, outside a form.
    for input in [
        "gopher://h:25/0%0D%0AHELO",
        "news:a%0D%0A@h",
        "http://h:25/%0D%0A",
    ] {
        let reference = parse_reference(input, Dialect::Rfc1738).unwrap();
        for line in Request::of_reference(&reference, &allow).unwrap().lines() {
            let bytes = line.as_bytes();
            let body = &bytes[..bytes.len() - 2];
            assert!(
                !body.iter().any(|&b| b == b'\r' || b == b'\n'),
                "{input}: {}",
                line.shown()
            );
        }
    }
}

#[test]
fn a_refused_url_read_alone_has_its_spans_in_the_url() {
    let url = crate::facade::parse("gopher://host:25/0%0D%0A").unwrap();
    let refused = Request::of_in(&url, Dialect::Rfc1738, &RequestOptions::new()).unwrap_err();
    assert_eq!(refused.warning().span(), 14..16);
    let reference = parse_reference("URL:gopher://host:25/0%0D%0A", Dialect::Rfc1738).unwrap();
    let refused = Request::of_reference(&reference, &RequestOptions::new()).unwrap_err();
    assert_eq!(refused.warning().span(), 18..20);
}
