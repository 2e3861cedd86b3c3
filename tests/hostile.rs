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
    assert!(error.render().len() < 600);
    assert!(error.to_string().len() < 200);
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
fn odd_short_inputs_get_their_verdicts() {
    // Each input with the error code and offset it gets, or `None` for a valid URL.
    let cases: [(&str, Option<(&str, usize)>); 24] = [
        ("", Some(("empty", 0))),
        ("%", Some(("missing-scheme", 0))),
        (":", Some(("missing-scheme", 0))),
        ("::", Some(("missing-scheme", 0))),
        ("a:", None),
        ("http", Some(("missing-scheme", 4))),
        ("http:", Some(("missing-slashes", 5))),
        ("http://", Some(("unexpected-end", 7))),
        ("http://:", Some(("unexpected-character", 7))),
        ("http://h:", Some(("missing-port", 9))),
        ("http://h/%", Some(("invalid-escape", 9))),
        ("http://h/%4", Some(("invalid-escape", 9))),
        ("ftp://h/;type=", Some(("unexpected-end", 14))),
        ("news:", Some(("unexpected-end", 5))),
        ("nntp://h/g/", Some(("unexpected-end", 11))),
        ("wais://h/d/", Some(("unexpected-end", 11))),
        ("gopher://h/%", Some(("invalid-escape", 11))),
        ("gopher://h/1%0", Some(("invalid-escape", 12))),
        ("prospero://h/;", Some(("unexpected-end", 14))),
        ("telnet://@", Some(("unexpected-end", 10))),
        ("file://", Some(("unexpected-end", 7))),
        ("\u{0}", Some(("missing-scheme", 0))),
        ("\u{FEFF}http://h/", Some(("missing-scheme", 0))),
        ("http://\u{e9}/", Some(("unexpected-character", 7))),
    ];
    for (input, expected) in cases {
        match (rfc1738::parse(input), expected) {
            (Ok(url), None) => assert_eq!(url.to_string(), input),
            (Err(error), Some((code, offset))) => {
                assert_eq!(
                    (error.kind().code(), error.offset()),
                    (code, offset),
                    "{input:?}"
                )
            }
            (result, expected) => panic!("{input:?}: {result:?}, expected {expected:?}"),
        }
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

#[test]
fn a_sixteen_mebibyte_url_parses_and_one_bad_byte_at_its_end_is_found() {
    let input = format!("ftp://h/{}", "abc/".repeat(4 << 20));
    let Ok(Url::Ftp(ftp)) = rfc1738::parse(&input) else {
        panic!("not parsed")
    };
    assert_eq!(ftp.segments().count(), (4 << 20) + 1);
    let bad = format!("{input} ");
    assert_eq!(rfc1738::parse(&bad).unwrap_err().offset(), input.len());
}

#[test]
fn a_hundred_thousand_path_segments_and_separators() {
    let segments = format!("http://h/{}", "s/".repeat(100_000));
    let Ok(Url::Http(http)) = rfc1738::parse(&segments) else {
        panic!("not parsed")
    };
    assert_eq!(http.segments().count(), 100_001);
    let separators = format!("gopher://h/1{}", "%09".repeat(100_000));
    let Ok(Url::Gopher(gopher)) = rfc1738::parse(&separators) else {
        panic!("not parsed")
    };
    // The first two "%09" are separators; the rest is the Gopher+ string's.
    assert_eq!(gopher.gopher_plus().unwrap().as_str().len(), 3 * 99_998);
}

#[test]
fn deeply_repeated_dot_dot_resolves_in_both_modes() {
    use rfc1738::resolution::ResolveMode;
    let partial = format!("{}g", "../".repeat(100_000));
    let context = format!("magic://a/{}f", "b/".repeat(100_000));
    // RFC 1808 and the CERN library as RFC 1630 and its draft, in linear time.
    let modes = [
        ResolveMode::Rfc1630,
        ResolveMode::Draft,
        ResolveMode::Rfc1808,
        ResolveMode::Cern,
    ];
    for mode in modes {
        assert_eq!(
            rfc1738::resolution::resolve(&context, &partial, mode).unwrap(),
            "magic://a/g"
        );
        // More ".." than elements: they stay (they are not "xxx/../").
        let short = rfc1738::resolution::resolve("magic://a/b/c", &partial, mode).unwrap();
        assert!(
            short.starts_with("magic://a/..") && short.ends_with("/g"),
            "{short}"
        );
    }
}

/// Every octet (as a character: 0x80-0xFF as the Latin-1 character, two UTF-8 bytes) in
/// every component of every scheme: valid exactly when the component's grammar allows
/// the character there, with a round trip when valid, and an error at the character
/// when it is one allowed nowhere unescaped.
#[test]
fn every_octet_in_every_component_is_judged_by_the_components_grammar() {
    use rfc1738::encoding::{CharSet, charset};
    fn with(set: CharSet, more: &'static str) -> impl Fn(u8) -> bool {
        move |b: u8| set.contains(b) || (b < 128 && more.as_bytes().contains(&b))
    }
    let group = |b: u8| b.is_ascii_alphanumeric() || b"-.+_".contains(&b);
    type Allowed = Box<dyn Fn(u8) -> bool>;
    let cases: Vec<(&str, Allowed)> = vec![
        ("http://h/a{}b", Box::new(with(charset::HSEGMENT, "/?"))),
        ("http://h/?a{}b", Box::new(with(charset::SEARCH, ""))),
        // "/" ends the login: "ftp://u/v@h/" is host "u" and path "v@h/".
        ("ftp://u{}v@h/", Box::new(with(charset::USER, ":/"))),
        ("ftp://u:p{}q@h/", Box::new(with(charset::PASSWORD, ""))),
        ("ftp://h/a{}b", Box::new(with(charset::FSEGMENT, "/"))),
        ("file://h/a{}b", Box::new(with(charset::FSEGMENT, "/"))),
        ("gopher://h/1a{}b", Box::new(with(charset::SELECTOR, ""))),
        ("gopher://h/1a%09b{}c", Box::new(with(charset::SEARCH, ""))),
        (
            "gopher://h/1a%09b%09c{}d",
            Box::new(with(charset::GOPHER_PLUS, "")),
        ),
        ("mailto:a{}b", Box::new(with(charset::ENCODED822ADDR, ""))),
        ("news:a{}b@h", Box::new(with(charset::UNIQUE, ""))),
        ("nntp://h/g{}h", Box::new(group)),
        ("telnet://u{}v@h/", Box::new(with(charset::USER, ":"))),
        ("wais://h/d{}b", Box::new(with(charset::WAIS, "?"))),
        ("wais://h/d?a{}b", Box::new(with(charset::SEARCH, ""))),
        ("wais://h/d/t/p{}q", Box::new(with(charset::WAIS, ""))),
        ("prospero://h/a{}b", Box::new(with(charset::PSEGMENT, "/"))),
        ("prospero://h/a;n{}m=v", Box::new(with(charset::FIELD, ""))),
        ("prospero://h/a;n=v{}w", Box::new(with(charset::FIELD, ""))),
        ("x-y:a{}b", Box::new(with(charset::SCHEMEPART, ""))),
    ];
    let mut wrong = Vec::new();
    for (template, allowed) in &cases {
        for octet in 0u8..=255 {
            let c = char::from(octet);
            let input = template.replace("{}", &c.to_string());
            let at = template.find("{}").unwrap();
            match rfc1738::parse(&input) {
                Ok(url) => {
                    assert_eq!(url.to_string(), input);
                    if !allowed(octet) {
                        wrong.push(format!("{input:?} accepted"));
                    }
                }
                Err(error) => {
                    if allowed(octet) {
                        wrong.push(format!("{input:?} refused: {}", error.message()));
                    } else if !charset::XCHAR.contains(octet) && error.offset() != at {
                        // A character allowed nowhere is the error itself. (A reserved
                        // one may first be read as the delimiter it is elsewhere, as the
                        // "@" of "ftp://u@v@h/", and the error comes later.)
                        wrong.push(format!(
                            "{input:?}: error at {}, not at {at}",
                            error.offset()
                        ));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Every dialect reads what RFC 1738 reads: no dialect has a limit below 4 GiB
/// ([`Dialect::max_input_len`]), and a 16 MiB URI parses in every dialect, valid (a path
/// of 8 Mi segments, a search, a fragment) and invalid (one bad byte at the end, found at
/// its offset by the dialect's diagnosis), in linear time and no memory beyond the input
/// (`tests/memory.rs` counts it).
#[test]
fn every_dialect_reads_a_sixteen_mebibyte_uri() {
    use rfc1738::{Dialect, ErrorKind};
    let path = "a/".repeat(8 << 20);
    // RFC 2396 has no prefix "URL:": its 16 MiB reference is read without one.
    let valid = format!("http://h/{path}?s+t#f");
    let reference = rfc1738::parse_reference(&valid, Dialect::Rfc2396).unwrap();
    let rfc1738::Url::Generic(uri) = reference.url() else {
        panic!("RFC 2396 reads every URI as generic")
    };
    assert_eq!(
        uri.path().map(|path| path.as_str().len()),
        Some(path.len() + 1)
    );
    assert_eq!(reference.fragment(), Some("f"));
    let error = rfc1738::parse_reference(&format!("{valid} "), Dialect::Rfc2396).unwrap_err();
    assert_eq!(error.offset(), valid.len());
    for dialect in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::DraftWwwUri00] {
        assert_eq!(dialect.max_input_len(), u32::MAX as usize);
        let started = std::time::Instant::now();
        let valid = format!("URL:http://h/{path}?s+t#f");
        let reference = rfc1738::parse_reference(&valid, dialect).unwrap();
        assert_eq!(reference.as_str().len(), valid.len());
        assert_eq!(reference.fragment(), Some("f"));
        assert_eq!(
            reference.url().url_path().map(str::len),
            Some(path.len() + 4)
        );
        let generic = format!("x-long:{path}");
        let reference = rfc1738::parse_reference(&generic, dialect).unwrap();
        assert_eq!(reference.url().scheme(), "x-long");
        for bad in ["|", "%4", "<x"] {
            let invalid = format!("http://h/{path}{bad}");
            let error = rfc1738::parse_reference(&invalid, dialect).unwrap_err();
            assert_eq!(
                error.offset(),
                "http://h/".len() + path.len(),
                "{dialect} {bad:?}"
            );
            assert_eq!(error.dialect(), dialect);
            assert!(error.render().len() < 600);
            assert_ne!(
                error.kind(),
                &ErrorKind::TooLong {
                    len: invalid.len(),
                    limit: 1 << 20
                }
            );
        }
        // Bounded time: well under a minute on a loaded debug build.
        assert!(
            started.elapsed().as_secs() < 60,
            "{dialect}: {:?}",
            started.elapsed()
        );
    }
}

/// The components `every_octet_in_every_component_is_judged_by_the_components_grammar`
/// leaves out (scheme, host, port, IPv4 octet, ftp type code, telnet password, gopher
/// type, fragment, prefix, partial forms, RFC 1630's schemes): every octet and one
/// character beyond U+FFFF in each, in every dialect, keeps the properties every entry
/// point promises: round trip (borrowed and owned), normalize idempotent, of the same
/// kind and equivalent, error offsets on a character boundary inside the input, lint's
/// spans inside it, and resolve resolving it as a context exactly when it is absolute (and
/// not gopher) and as a partial form in the context's scheme (or standing for itself).
#[test]
fn every_octet_in_the_other_components_of_every_dialect_keeps_every_property() {
    use rfc1738::Dialect;
    use rfc1738::resolution::ResolveMode;
    let templates = [
        "{}ttp://h/",
        "h{}ttp://h/",
        "http://h{}/",
        "http://{}h/",
        "http://h:8{}0/",
        "http://1.2.3.{}4/",
        "ftp://h/f;type={}",
        "ftp://h/f;typ{}e=a",
        "telnet://u:p{}q@h/",
        "gopher://h/{}sel",
        "gopher://h:{}/",
        "news:{}",
        "nntp://h/g/1{}",
        "mailto:{}",
        "file://{}/x",
        "prospero://h/a;{}",
        "URL:{}http://h/",
        "http://h/#{}",
        "http://h/#a{}b",
        "{}",
        "http://h/a/{}/../b",
        "cid:{}",
        "mid:{}",
        "rlogin://{}h",
        "tn3270://h{}",
    ];
    let characters = (0u8..=255).map(char::from).chain(['\u{10FF00}']);
    let mut wrong = Vec::new();
    for c in characters {
        for template in templates {
            let input = template.replace("{}", &c.to_string());
            for dialect in Dialect::ALL {
                match rfc1738::parse_reference(&input, dialect) {
                    Ok(reference) => {
                        if reference.to_string() != input
                            || reference.clone().into_owned().to_string() != input
                        {
                            wrong.push(format!("{dialect}: {input:?} does not round-trip"));
                        }
                        let url = reference.url();
                        let normal = url.normalize();
                        if normal.normalize().as_str() != normal.as_str()
                            || normal.kind() != url.kind()
                            || !url.equivalent(&normal)
                        {
                            wrong.push(format!("{dialect}: {input:?} normalizes to {normal}"));
                        }
                    }
                    Err(error) => {
                        if error.offset() > input.len() || !input.is_char_boundary(error.offset()) {
                            wrong.push(format!("{dialect}: {input:?} error at {}", error.offset()));
                        }
                    }
                }
                let lint = rfc1738::lint::lint(&input, dialect);
                if lint
                    .warnings()
                    .iter()
                    .any(|w| input.get(w.span()).is_none())
                {
                    wrong.push(format!("{dialect}: {input:?} warning outside the input"));
                }
            }
            let absolute = rfc1738::is_absolute(&input);
            let gopher = input
                .split_once(':')
                .is_some_and(|(scheme, _)| scheme.eq_ignore_ascii_case("gopher"));
            for mode in [ResolveMode::Rfc1630, ResolveMode::Draft] {
                // As a context: resolved (to an absolute form) exactly when it is absolute
                // and no gopher URL, which has no partial forms.
                match rfc1738::resolution::resolve(&input, "../g", mode) {
                    Ok(result) if absolute && !gopher && rfc1738::is_absolute(&result) => {}
                    Err(_) if !absolute || gopher => {}
                    other => wrong.push(format!("{mode}: {input:?} + ../g gives {other:?}")),
                }
                // As a partial form: an absolute form stands for itself; any other is
                // resolved in the context's scheme.
                match rfc1738::resolution::resolve("magic://a/b", &input, mode) {
                    Ok(result) if absolute && result == input => {}
                    Ok(result) if !absolute && result.starts_with("magic:") => {}
                    other => wrong.push(format!("{mode}: magic://a/b + {input:?} gives {other:?}")),
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn a_long_fragment_of_the_rfc1738_dialect_is_read_without_pest() {
    let long = format!("http://h/#{}%2", "a%20".repeat(1 << 20));
    let error = rfc1738::parse_reference(&long, rfc1738::Dialect::Rfc1738).unwrap_err();
    assert_eq!(error.offset(), long.len() - 2);
    let valid = &long[..long.len() - 2];
    let reference = rfc1738::parse_reference(valid, rfc1738::Dialect::Rfc1738).unwrap();
    assert_eq!(reference.fragment().map(str::len), Some(4 << 20));
}
