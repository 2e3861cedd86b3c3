//! Hostile input: long, deep, odd. Each gives the right result or a clear error, without
//! panicking. (Speed is measured in benchmarks, never asserted here.)

use rfc1738::Url;

#[test]
fn a_one_mebibyte_path_parses() {
    let input = format!("http://h/{}", "a/".repeat(512 * 1024));
    let Ok(Url::Http(http)) = rfc1738::parse(&input) else {
        panic!("not parsed")
    };
    assert_eq!(http.segments().count(), 512 * 1024 + 1);
    assert_eq!(http.as_str().len(), input.len());
}

#[test]
fn an_error_at_the_end_of_a_long_url_is_shown_in_a_window() {
    let input = format!("ftp://h/{} x", "b".repeat(1 << 20));
    let error = rfc1738::parse(&input).unwrap_err();
    assert_eq!(error.offset(), input.len() - 2);
    assert!(error.to_string().len() < 600);
}

#[test]
fn a_hostname_of_many_labels_parses() {
    let input = format!("http://{}com/", "a.".repeat(100_000));
    assert!(rfc1738::parse(&input).is_ok());
}

#[test]
fn many_gopher_separators_parse() {
    let input = format!("gopher://h/1a%09b%09{}", "%09".repeat(100_000));
    let Ok(Url::Gopher(gopher)) = rfc1738::parse(&input) else {
        panic!("not parsed")
    };
    assert_eq!(gopher.gopher_plus().unwrap().as_str().len(), 300_000);
}

#[test]
fn every_ascii_byte_in_an_http_path_gets_a_verdict_consistent_with_the_grammar() {
    for byte in 0u8..128 {
        let c = byte as char;
        let input = format!("http://h/a{c}b");
        let allowed = c.is_ascii_alphanumeric() || "$-_.+!*'(),;:@&=/?".contains(c);
        match rfc1738::parse(&input) {
            Ok(url) => assert!(allowed, "{input:?} accepted as {url:?}"),
            Err(error) => {
                assert!(!allowed, "{input:?} refused: {error}");
                assert_eq!(error.offset(), 10, "{input:?}");
            }
        }
    }
}

#[test]
fn non_ascii_and_nul_are_refused_with_their_escape() {
    for (input, escape) in [
        ("http://h/\u{0}", "%00"),
        ("http://h/\u{e9}", "%C3%A9"),
        ("http://h/\u{1F600}", "%F0%9F%98%80"),
    ] {
        let error = rfc1738::parse(input).unwrap_err();
        assert!(error.message().contains(escape), "{input:?}: {error}");
    }
}

#[test]
fn odd_short_inputs_give_errors_not_panics() {
    for input in [
        "",
        "%",
        ":",
        "::",
        "a:",
        "http",
        "http:",
        "http://",
        "http://:",
        "http://h:",
        "http://h/%",
        "http://h/%4",
        "ftp://h/;type=",
        "news:",
        "nntp://h/g/",
        "wais://h/d/",
        "gopher://h/%",
        "gopher://h/1%0",
        "prospero://h/;",
        "telnet://@",
        "file://",
        "\u{0}",
        "\u{FEFF}http://h/",
        "http://\u{e9}/",
    ] {
        let _ = rfc1738::parse(input).map(|url| assert_eq!(url.to_string(), input));
    }
}

#[test]
fn ports_and_octets_of_a_thousand_digits_are_out_of_range() {
    let digits = "1".repeat(1000);
    let port = rfc1738::parse(&format!("http://h:{digits}/")).unwrap_err();
    assert_eq!(port.kind().code(), "port-out-of-range");
    let octet = rfc1738::parse(&format!("http://1.1.1.{digits}/")).unwrap_err();
    assert_eq!(octet.kind().code(), "octet-out-of-range");
    let zeros = format!("http://h:{}80/", "0".repeat(1000));
    assert_eq!(rfc1738::parse(&zeros).unwrap().port(), Some(80));
}

/// The RFC 1630 family's grammars write the RFCs' recursion as repetition: long inputs
/// neither deepen the parser nor slow it beyond linear. (Sizes are smaller than for RFC
/// 1738: these dialects run on pest, which a debug build makes slow.)
#[test]
fn the_rfc1630_dialects_take_long_inputs_and_give_errors_at_their_end() {
    use rfc1738::{Dialect, ErrorKind};
    for dialect in [Dialect::Rfc1630, Dialect::DraftWwwUri00] {
        let path = format!("magic:{}", "a/".repeat(64 * 1024));
        assert!(rfc1738::parse_reference(&path, dialect).is_ok());
        let slashes = format!("http://h/{}x", "/".repeat(50_000));
        assert!(rfc1738::parse_reference(&slashes, dialect).is_ok());
        let search = format!("http://h/?{}", "w+".repeat(20_000));
        assert!(rfc1738::parse_reference(&search, dialect).is_ok());
        let host = format!("telnet://{}com", "a.".repeat(20_000));
        assert!(rfc1738::parse_reference(&host, dialect).is_ok());
        let bad = format!("http://h/{}%zz", "b".repeat(1 << 17));
        let error = rfc1738::parse_reference(&bad, dialect).unwrap_err();
        assert_eq!(error.offset(), bad.len() - 3);
        assert!(
            matches!(error.kind(), ErrorKind::InvalidEscape { .. }),
            "{error}"
        );
    }
    let wpath = format!("wais://h/db/t/{}", "1=a;".repeat(20_000));
    assert!(rfc1738::parse_reference(&wpath, Dialect::Rfc1630).is_ok());
}

#[test]
fn every_byte_in_every_dialect_gets_a_verdict_without_panic() {
    use rfc1738::Dialect;
    for dialect in Dialect::ALL {
        for byte in 0u8..=127 {
            let c = char::from(byte);
            for input in [
                format!("http://h/a{c}b"),
                format!("ftp://u{c}@h/f"),
                format!("news:a{c}b@h"),
                format!("{c}"),
                format!("x:{c}#{c}"),
                format!("URL:{c}"),
            ] {
                if let Ok(reference) = rfc1738::parse_reference(&input, dialect) {
                    assert_eq!(reference.to_string(), input);
                }
            }
        }
    }
}
