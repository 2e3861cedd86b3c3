//! The common accessors on `Url` that other code is written against: scheme, host, port,
//! default_port, url_path, plus Display, FromStr, TryFrom and into_owned.

use pretty_assertions::assert_eq;
use rfc1738::requests::{Request, RequestOptions};
use rfc1738::{Url, UrlKind};

/// (input, kind, scheme, host, port, default port, url-path)
type Row = (
    &'static str,
    UrlKind,
    &'static str,
    Option<&'static str>,
    Option<u16>,
    Option<u16>,
    Option<&'static str>,
);

const ROWS: &[Row] = &[
    (
        "http://h.com",
        UrlKind::Http,
        "http",
        Some("h.com"),
        None,
        Some(80),
        None,
    ),
    (
        "HTTP://H.com:8080/a/b?q",
        UrlKind::Http,
        "http",
        Some("H.com"),
        Some(8080),
        Some(80),
        Some("a/b?q"),
    ),
    (
        "http://h/",
        UrlKind::Http,
        "http",
        Some("h"),
        None,
        Some(80),
        Some(""),
    ),
    (
        "ftp://u:p@h:2121/a/b;type=d",
        UrlKind::Ftp,
        "ftp",
        Some("h"),
        Some(2121),
        Some(21),
        Some("a/b;type=d"),
    ),
    (
        "ftp://h",
        UrlKind::Ftp,
        "ftp",
        Some("h"),
        None,
        Some(21),
        None,
    ),
    (
        "gopher://h:7070/1sel%09x",
        UrlKind::Gopher,
        "gopher",
        Some("h"),
        Some(7070),
        Some(70),
        Some("1sel%09x"),
    ),
    (
        "gopher://h",
        UrlKind::Gopher,
        "gopher",
        Some("h"),
        None,
        Some(70),
        None,
    ),
    (
        "gopher://h/",
        UrlKind::Gopher,
        "gopher",
        Some("h"),
        None,
        Some(70),
        Some(""),
    ),
    (
        "mailto:a@b.c",
        UrlKind::Mailto,
        "mailto",
        None,
        None,
        None,
        None,
    ),
    (
        "news:comp.lang.c",
        UrlKind::News,
        "news",
        None,
        None,
        None,
        None,
    ),
    (
        "nntp://h:119/comp.lang.c/42",
        UrlKind::Nntp,
        "nntp",
        Some("h"),
        Some(119),
        Some(119),
        Some("comp.lang.c/42"),
    ),
    (
        "telnet://u@h:2323/",
        UrlKind::Telnet,
        "telnet",
        Some("h"),
        Some(2323),
        Some(23),
        None,
    ),
    (
        "wais://h/db/t/p",
        UrlKind::Wais,
        "wais",
        Some("h"),
        None,
        Some(210),
        Some("db/t/p"),
    ),
    (
        "file:///etc/motd",
        UrlKind::File,
        "file",
        None,
        None,
        None,
        Some("etc/motd"),
    ),
    (
        "file://localhost/etc/motd",
        UrlKind::File,
        "file",
        Some("localhost"),
        None,
        None,
        Some("etc/motd"),
    ),
    (
        "prospero://h:1526//p;a=b",
        UrlKind::Prospero,
        "prospero",
        Some("h"),
        Some(1526),
        Some(1525),
        Some("/p;a=b"),
    ),
    (
        "X-Foo://u@h:1/p",
        UrlKind::Generic,
        "x-foo",
        Some("h"),
        Some(1),
        None,
        Some("p"),
    ),
    (
        "urn:isbn:1",
        UrlKind::Generic,
        "urn",
        None,
        None,
        None,
        None,
    ),
];

#[test]
fn common_accessors_answer_for_every_scheme() {
    for &(input, kind, scheme, host, port, default_port, url_path) in ROWS {
        let url = rfc1738::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(
            (
                url.kind(),
                url.scheme(),
                url.host().map(|host| host.as_str()),
                url.port(),
                url.default_port(),
                url.url_path()
            ),
            (kind, scheme, host, port, default_port, url_path),
            "{input}"
        );
    }
}

#[test]
fn display_writes_the_input_back_byte_for_byte() {
    for &(input, ..) in ROWS {
        let url = rfc1738::parse(input).unwrap();
        assert_eq!(url.to_string(), input);
        assert_eq!(url.as_str(), input);
    }
}

#[test]
fn an_owned_url_equals_the_borrowed_one_and_outlives_its_input() {
    for &(input, ..) in ROWS {
        let borrowed = rfc1738::parse(input).unwrap();
        let owned: Url<'static> = {
            let text = input.to_owned();
            rfc1738::parse(&text).unwrap().into_owned()
        };
        assert_eq!(owned, borrowed);
        let parsed: Url<'static> = input.parse().unwrap();
        assert_eq!(parsed, borrowed);
        assert_eq!(Url::try_from(input).unwrap(), borrowed);
    }
}

#[test]
fn from_str_reports_the_parse_error() {
    let error = "http://h:99999/".parse::<Url<'static>>().unwrap_err();
    assert_eq!(error.kind().code(), "port-out-of-range");
    let boxed: Box<dyn std::error::Error> = Box::new(error);
    // The kind's message is in the one-line Display: no source repeats it.
    assert!(boxed.source().is_none());
    assert!(boxed.to_string().starts_with("port 99999 is out of range"));
}

#[test]
fn an_empty_user_or_password_is_not_an_absent_one() {
    let user_password = |input| {
        let Ok(Url::Ftp(ftp)) = rfc1738::parse(input) else {
            panic!("{input}")
        };
        let user = ftp.user().map(|u| u.as_str().to_owned());
        let password = ftp.password().map(|p| p.as_str().to_owned());
        (user, password)
    };
    assert_eq!(
        user_password("ftp://@host.com/"),
        (Some(String::new()), None)
    );
    assert_eq!(user_password("ftp://host.com/"), (None, None));
    assert_eq!(
        user_password("ftp://foo:@host.com/"),
        (Some("foo".into()), Some(String::new()))
    );
}

#[test]
fn gopher_exposes_the_written_type_and_the_default() {
    let Ok(Url::Gopher(written)) = rfc1738::parse("gopher://h/0about") else {
        panic!()
    };
    assert_eq!(
        (
            written.gopher_type().map(|t| t.as_str()),
            written.item_type()
        ),
        (Some("0"), b'0')
    );
    let Ok(Url::Gopher(absent)) = rfc1738::parse("gopher://h/") else {
        panic!()
    };
    assert_eq!((absent.gopher_type(), absent.item_type()), (None, b'1'));
    let Ok(Url::Gopher(escaped)) = rfc1738::parse("gopher://h/%30x") else {
        panic!()
    };
    assert_eq!(escaped.item_type(), b'0');
}

#[test]
fn file_localhost_or_empty_means_this_machine() {
    let local = |input| match rfc1738::parse(input) {
        Ok(Url::File(file)) => file.is_local(),
        other => panic!("{input}: {other:?}"),
    };
    assert!(local("file:///x"));
    assert!(local("file://localhost/x"));
    assert!(local("file://LocalHost/x"));
    assert!(!local("file://host.dom/x"));
}

#[test]
fn components_decode_on_request() {
    let Ok(Url::Http(http)) = rfc1738::parse("http://h/caf%C3%A9/%7Euser?a%20b") else {
        panic!()
    };
    let decoded: Vec<String> = http
        .segments()
        .map(|s| s.decode_utf8().unwrap().into_owned())
        .collect();
    assert_eq!(decoded, ["café", "~user"]);
    assert_eq!(http.search().unwrap().decode().as_ref(), b"a b");
}

#[test]
fn hostnumbers_are_ipv4_addresses() {
    let Ok(Url::Http(http)) = rfc1738::parse("http://010.0.0.255/") else {
        panic!()
    };
    assert_eq!(
        http.host().ipv4(),
        Some(std::net::Ipv4Addr::new(10, 0, 0, 255))
    );
    assert_eq!(http.host().as_str(), "010.0.0.255");
}

#[test]
fn parse_as_ref_and_parse_in() {
    let url = Url::parse("gopher://h/1menu").unwrap();
    assert_eq!(url, rfc1738::parse("gopher://h/1menu").unwrap());
    let text: &str = url.as_ref();
    assert_eq!(text, "gopher://h/1menu");
    for dialect in rfc1738::Dialect::ALL {
        let url = Url::parse_in("http://info.cern.ch/", dialect).unwrap();
        assert_eq!(url.as_str(), "http://info.cern.ch/");
    }
    let error = Url::parse_in("http://h/a b", rfc1738::Dialect::Rfc1630).unwrap_err();
    assert_eq!(error.dialect(), rfc1738::Dialect::Rfc1630);
    // A reference's prefix is not part of a URL read alone.
    let error = Url::parse_in("URL:http://h/", rfc1738::Dialect::Rfc1630).unwrap_err();
    assert_eq!((error.kind().code(), error.offset()), ("wrapper", 0));
    // In RFC 1738 (and after a prefix, in the draft) it is a URL of scheme `url`.
    assert_eq!(Url::parse("URL:http://h/").unwrap().scheme(), "url");
    let draft = Url::parse_in("URL:http://h/", rfc1738::Dialect::DraftWwwUri00).unwrap();
    assert_eq!(draft.scheme(), "url");
    let reference =
        rfc1738::parse_reference("URL:http://h/#top", rfc1738::Dialect::Rfc1738).unwrap();
    assert_eq!(reference.as_ref(), "URL:http://h/#top");
}

/// Every URL and reference of the corpus, read by every dialect: `Ord` agrees with `==`
/// (`Equal` exactly when equal), is antisymmetric, and sorts by text first.
#[test]
fn order_agrees_with_equality() {
    use std::cmp::Ordering;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut inputs = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "jsonl") {
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let case: serde_json::Value = serde_json::from_str(line).unwrap();
                if let Some(input) = case["input"].as_str() {
                    inputs.insert(input.to_owned());
                }
            }
        }
    }
    let mut references = Vec::new();
    for input in &inputs {
        for dialect in rfc1738::Dialect::ALL {
            if let Ok(reference) = rfc1738::parse_reference(input, dialect) {
                references.push(reference);
            }
        }
    }
    let urls: Vec<Url<'_>> = references.iter().map(|r| r.url().clone()).collect();
    assert!(urls.len() > 1500, "{}", urls.len());
    let mut same_text_apart = 0;
    for a in &urls {
        for b in &urls {
            let order = a.cmp(b);
            assert_eq!(order == Ordering::Equal, a == b, "{a:?} {b:?}");
            assert_eq!(order, b.cmp(a).reverse());
            assert_eq!(a.partial_cmp(b), Some(order));
            if a.as_str() != b.as_str() {
                assert_eq!(order, a.as_str().cmp(b.as_str()));
            } else if a != b {
                same_text_apart += 1;
            }
        }
    }
    // Texts that two dialects read apart (mid:, ftp types, generic URIs) are ordered apart.
    assert!(same_text_apart > 0);
    for a in &references {
        for b in &references {
            let order = a.cmp(b);
            assert_eq!(order == Ordering::Equal, a == b, "{a:?} {b:?}");
            assert_eq!(order, b.cmp(a).reverse());
        }
    }
    // A sorted list is sorted pairwise (transitivity, on this sample).
    let mut sorted = urls.clone();
    sorted.sort();
    assert!(sorted.windows(2).all(|pair| pair[0] <= pair[1]));
    let set: std::collections::BTreeSet<&Url<'_>> = urls.iter().collect();
    let distinct: std::collections::HashSet<&Url<'_>> = urls.iter().collect();
    assert_eq!(set.len(), distinct.len());
}

#[test]
fn an_nntp_article_number_of_any_length_is_valid_and_its_accessors_say_whether_it_fits() {
    use rfc1738::Dialect;
    use std::num::IntErrorKind;
    // RFC 1738: `digits = 1*digit`, which no text bounds; RFC 1630's `nntp:group/digits`
    // alike, in both of its dialects.
    for (input, dialect) in [
        (
            "nntp://news.server.example/example.group.this/1234567890123456789012",
            Dialect::Rfc1738,
        ),
        (
            "nntp:example.group.this/1234567890123456789012",
            Dialect::Rfc1630,
        ),
        (
            "nntp:example.group.this/1234567890123456789012",
            Dialect::DraftWwwUri00,
        ),
    ] {
        let url = Url::parse_in(input, dialect).unwrap();
        let Url::Nntp(nntp) = &url else {
            panic!("{input} in {dialect} is not an nntp URL: {url:?}")
        };
        assert_eq!(nntp.group(), "example.group.this");
        assert_eq!(nntp.article(), None);
        let error = nntp.article_number().unwrap().unwrap_err();
        assert_eq!(error.kind(), &IntErrorKind::PosOverflow);
        assert_eq!(nntp.article_as_written(), Some("1234567890123456789012"));
    }
    let at_most = |input: &str| {
        let Ok(Url::Nntp(nntp)) = rfc1738::parse(input) else {
            panic!("{input}")
        };
        (nntp.article(), nntp.article_number().map(Result::ok))
    };
    let max = Some(u64::MAX);
    assert_eq!(at_most("nntp://h/g/18446744073709551615"), (max, Some(max)));
    assert_eq!(
        at_most("nntp://h/g/18446744073709551616"),
        (None, Some(None))
    );
    assert_eq!(
        at_most("nntp://h/g/0000000000000000000000042"),
        (Some(42), Some(Some(42)))
    );
    assert_eq!(at_most("nntp://h/g"), (None, None));
    let long = format!("nntp://h/g/{}", "9".repeat(100_000));
    assert_eq!(at_most(&long), (None, Some(None)));
    assert!(!rfc1738::ErrorKind::CODES.contains(&"article-number-out-of-range"));
}

// RFC 1738 section 3.2.2: the FTP commands an ftp URL stands for, after the login, as
// its request sends them (the one FTP command model: `FtpRequest`, which the fetcher runs).

fn commands(input: &str) -> Vec<String> {
    let url = rfc1738::parse(input).unwrap();
    let Ok(Request::Ftp(ftp)) = Request::of(&url, &RequestOptions::new()) else {
        panic!("{input} is not an ftp URL that is sent")
    };
    ftp.navigation_lines()
        .iter()
        .chain([ftp.transfer_line()].iter())
        .map(|line| {
            String::from_utf8(line.as_bytes().to_vec())
                .unwrap()
                .trim_end_matches("\r\n")
                .to_owned()
        })
        .collect()
}

#[test]
fn ftp_an_encoded_cr_or_lf_is_refused_not_sent() {
    for input in [
        "ftp://h/a%0D%0ADELE%20x/b",
        "ftp://h/a/b%0a",
        "ftp://h/%0d;type=d",
    ] {
        let url = rfc1738::parse(input).unwrap();
        assert!(
            Request::of(&url, &RequestOptions::new()).is_err(),
            "{input}"
        );
    }
}

#[test]
fn ftp_section_3_2_2_examples_read_as_the_rfc_says() {
    assert_eq!(
        commands("ftp://myname@host.dom/%2Fetc/motd"),
        ["CWD /etc", "RETR motd"]
    );
    assert_eq!(
        commands("ftp://myname@host.dom/etc/motd"),
        ["CWD etc", "RETR motd"]
    );
    assert_eq!(
        commands("ftp://myname@host.dom//etc/motd"),
        ["CWD ", "CWD etc", "RETR motd"]
    );
}

#[test]
fn ftp_typecode_d_lists_the_name() {
    assert_eq!(commands("ftp://host/pub;type=d"), ["NLST pub"]);
}

#[test]
fn ftp_typecode_a_or_i_sets_the_type_before_retrieving() {
    assert_eq!(
        commands("ftp://host/a/b;type=I"),
        ["CWD a", "TYPE I", "RETR b"]
    );
}

#[test]
fn ftp_an_empty_name_is_listed() {
    assert_eq!(commands("ftp://host/pub/"), ["CWD pub", "NLST"]);
}

#[test]
fn ftp_no_path_lists_the_login_directory() {
    // Section 3.2.2 names no command for it: the request's choice, a listing.
    assert_eq!(commands("ftp://host"), ["NLST"]);
}
