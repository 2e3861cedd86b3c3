//! Unit tests of the surt key: each expected value is what PyPI surt 0.3.1 gives on
//! CPython 3.11 (surt.surt run on each input to write them).

use super::{surt, surt_bytes};
use pretty_assertions::assert_eq;

/// Each pair: an input and what PyPI surt 0.3.1 gives for it on CPython 3.11 (`surt.surt`
/// run on each to write these tests).
fn agree(cases: &[(&str, &str)]) {
    for &(input, expected) in cases {
        assert_eq!(surt(input).as_deref(), Ok(expected), "{input:?}");
    }
}

/// handyurl.parse and geturl_bytes: whitespace, the default scheme, repeated
/// protocols, netloc, ports, user info, brackets, the host of `http:/h`, no host.
#[test]
fn handyurl_parse_and_geturl() {
    agree(&[
        ("", "-"),
        ("filedesc://x.arc 0.0.0.0 1", "filedesc://x.arc 0.0.0.0 1"),
        ("filedesc", "filedesc"),
        ("  http://h/a\tb\n ", "h)/ab"),
        ("\u{b}http://h/\u{c}", "h)/"),
        ("http://h/a\u{b}b", "h)/a%0bb"),
        ("archive.org/x", "org,archive)/x"),
        ("URL:http://x/y", "URL:http://x/y"),
        ("http://http://h/", "h)/"),
        ("https://http://h/", "h)/"),
        ("http://https://http://h/", "h)/"),
        ("HTTP://http://h/", "http)/h"),
        ("http://h:/", "h)/"),
        ("http://h::/", "h)/"),
        ("http://user:pw@H:8080/", "h:8080)/"),
        ("http://a@b@H/", "h)/"),
        ("http://[::1]:8080/x", "::1:8080)/x"),
        ("http://[FE80::1%25ETH0]/", "fe80::1%25eth0)/"),
        ("http:/h/p", "h)/p"),
        ("http:////h/p", "h)/p"),
        ("http:", "http:"),
        ("http://:80/x", "x)/"),
        ("HTTP:/h/p", "HTTP:/h/p"),
        ("mailto:Me@H", "mailto:me@h"),
        ("news:A%2Fb", "news:a/b"),
        ("dns:WWW.Example.com", "dns:www.example.com"),
        ("gopher://h:70/1/A/", "h:70)/1/a"),
        ("ftp://h:21/", "h:21)/"),
        ("https://h:443/", "h)/"),
        ("HTTP://h:80/", "h)/"),
        ("http://h:443/", "h:443)/"),
        ("http://h:0/", "h)/"),
        ("http://h:08080/", "h:8080)/"),
        ("http://h:65535/", "h:65535)/"),
        ("http://h?a", "h)/?a"),
        ("http://h/?", "h)/"),
        ("http://h/?a", "h)/?a"),
        ("http://h#f", "h)/"),
        ("http://h/p#a?b", "h)/p"),
    ]);
}

/// GoogleURLCanonicalizer: escapes, dots, numeric hosts (inet_aton), IDNA.
#[test]
fn google_canonicalizer() {
    agree(&[
        ("http://h/a b", "h)/a%20b"),
        ("http://h/%2541%2f", "h)/a"),
        ("http://h/%zz%", "h)/%25zz%25"),
        ("http://h/?q=%2541%20b&c=%7e", "h)/?c=~&q=a%20b"),
        ("http://%57ww.%45xample.com/", "com,example)/"),
        ("http://a..b.../", "b,a)/"),
        ("http://.../x", "http:/x"),
        ("http://a...b/", "b,,a)/"),
        ("http://h/a/./b/../c//d", "h)/a/c/d"),
        ("http://h/../../x", "h)/x"),
        ("http://h/a/..", "h)/"),
        ("http://h/a/", "h)/a"),
        ("http://h/%23%3F", "h)/%23?"),
        ("http://h/\\^`{|}\"<>", "h)/\\^`{|}\"<>"),
        ("http://h%20x/", "h%20x)/"),
        ("http://3232235777/", "1,1,168,192)/"),
        ("http://4294967296/", "0,0,0,0)/"),
        ("http://0177.1/", "1,0,0,127)/"),
        ("http://0x7f.1/", "1,0x7f)/"),
        ("http://1.2.3/", "3,0,2,1)/"),
        ("http://1.16777215/", "255,255,255,1)/"),
        ("http://1.16777216/", "16777216,1)/"),
        ("http://256.1.1.1/", "1,1,1,256)/"),
        ("http://1.08.0.1/", "1,0,08,1)/"),
        ("http://08.1/", "1,08)/"),
        ("http://00.0/", "0,0,0,0)/"),
        ("http://1.2.3.4.5/", "5,4,3,2,1)/"),
        ("http://1.2.3.4%0A/", "4%0a,3,2,1)/"),
        ("http://b\u{fc}cher.de/", "de,xn--bcher-kva)/"),
        ("http://Stra%C3%9Fe.de/", "de,strasse)/"),
        ("http://\u{2603}.net/", "net,xn--n3h)/"),
        ("http://\u{e000}.net/", "net,%ee%80%80)/"),
        ("http://xn--n3h.NET/", "net,xn--n3h)/"),
    ]);
}

/// IAURLCanonicalizer: www, session ids, trailing slash, the query's order.
#[test]
fn ia_canonicalizer() {
    agree(&[
        ("http://www.archive.org/", "org,archive)/"),
        (
            "http://www2.Archive.ORG:80/Index.HTML?B=2&a=1#x",
            "org,archive)/index.html?a=1&b=2",
        ),
        ("http://www.www.h/", "h,www)/"),
        ("http://wwwx.h/", "h,wwwx)/"),
        ("http://WWW9.h/", "h)/"),
        ("dns://www.h/", "h,www)/"),
        (
            "http://h/x?jsessionid=0123456789abcdef0123456789abcdef&a=1",
            "h)/x?a=1",
        ),
        (
            "http://h/x?a=1&JSESSIONID=0123456789abcdef0123456789ABCDEF",
            "h)/x?&a=1",
        ),
        (
            "http://h/x?a=1&jsessionid=0123456789abcdef0123456789abcdef0",
            "h)/x?a=1&jsessionid=0123456789abcdef0123456789abcdef0",
        ),
        (
            "http://h/?x=1&sid=0123456789abcdef0123456789abcdef&y=2",
            "h)/?x=1&y=2",
        ),
        (
            "http://h/?phpsessid=0123456789abcdef0123456789abcdef",
            "h)/",
        ),
        (
            "http://h/?ASPSESSIONIDabcdefgh=ABCDEFGHIJKLMNOPQRSTUVWX&z",
            "h)/?z",
        ),
        ("http://h/?a=1&cfid=12&cftoken=34&z=2", "h)/?a=1&z=2"),
        ("http://h/(ABCDEFGHIJKLMNOPQRSTUVWX)/p.aspx", "h)/p.aspx"),
        (
            "http://h/a/(b(ABCDEFGHIJKLMNOPQRSTUVWX))/p.ASPX?q",
            "h)/a/p.aspx?q",
        ),
        (
            "http://h/(ABCDEFGHIJKLMNOPQRSTUVWX)/p.aspx?(ABCDEFGHIJKLMNOPQRSTUVWX)/",
            "h)/p.aspx?(abcdefghijklmnopqrstuvwx)/",
        ),
        ("http://h/?a=&a&b=2&a=1", "h)/?a&a=&a=1&b=2"),
        ("http://h/?b&a=1&A=0", "h)/?a=0&a=1&b"),
        ("http://h/?&", "h)/?&"),
        ("http://h/?=", "h)/?="),
        ("http://h/?a", "h)/?a"),
    ]);
}

/// What surt raises, as "Type: message" (from surt itself).
#[test]
fn where_pypi_surt_raises() {
    for (input, message) in [
        (
            "http://h:x/",
            "ValueError: Port could not be cast to integer value as b'x'",
        ),
        ("http://h:99999/", "ValueError: Port out of range 0-65535"),
        (
            "http://h:\u{b2}/",
            "ValueError: Port could not be cast to integer value as b'\\xc2\\xb2'",
        ),
        (
            "http://h:1'\"/",
            "ValueError: Port could not be cast to integer value as b'1\\'\"'",
        ),
        (
            "http://h:-1/",
            "ValueError: Port could not be cast to integer value as b'-1'",
        ),
        (
            "   ",
            "AttributeError: 'NoneType' object has no attribute 'startswith'",
        ),
        (
            "\t\n",
            "AttributeError: 'NoneType' object has no attribute 'startswith'",
        ),
    ] {
        assert_eq!(
            surt(input).map_err(|error| error.message),
            Err(message.to_owned()),
            "{input:?}"
        );
    }
}

/// `bytes` inputs (surt's `_surt_bytes`), from surt itself.
#[test]
fn bytes_inputs() {
    assert_eq!(surt_bytes(b"http://a\xffb/").unwrap(), b"ab)/");
    assert_eq!(surt_bytes(b"filedesc:\xff").unwrap(), b"filedesc:\xff");
    assert_eq!(surt_bytes(b"http://h/\xfe").unwrap(), b"h)/%fe");
}

/// Hosts whose nameprep needs the whole of NFKC, and what PyPI surt gives for each
/// (`surt.surt` run on CPython 3.11 for this test): a mark that composes with the letter
/// before it (U+0301 after `b`, `e`), marks to put in order, Hangul jamo that compose,
/// compatibility forms, a singleton decomposition.
#[test]
fn hosts_whose_nameprep_composes() {
    agree(&[
        ("http://a\u{e9}b\u{301}.de/", "de,xn--ab-bja95s)/"),
        ("http://cafe\u{301}.fr/", "fr,xn--caf-dma)/"),
        ("http://a\u{323}\u{302}.vn/", "vn,xn--zkg)/"),
        ("http://\u{1100}\u{1161}\u{11a8}.kr/", "kr,xn--p39a)/"),
        ("http://\u{fb01}le.com/", "com,file)/"),
        ("http://\u{2460}.jp/", "jp,1)/"),
        ("http://\u{212b}ngstr\u{f6}m.se/", "se,xn--ngstrm-hua5l)/"),
        // U+0301 blocked from `a` by a mark of its own class (230), not by one of a
        // lower class (220).
        ("http://xa\u{305}\u{301}.de/", "de,xn--xa-9tbp)/"),
        ("http://xa\u{316}\u{301}.de/", "de,xn--x-ufa90o)/"),
    ]);
}

/// Session ids in long queries and paths: the keys PyPI surt gives (for n = 3, run for
/// this test), found in one pass over each (the run after each "cfid=", and the ".aspx"
/// after each session, were once looked for again at each place: quadratic where none
/// matches).
#[test]
fn session_ids_in_long_queries_and_paths() {
    let session = "(abcdefghijklmnopqrstuvwx)/";
    for n in [3, 40_000] {
        let query = format!("http://h/?{}&cftoken=1", "cfid=".repeat(n));
        assert_eq!(
            surt(&query).unwrap(),
            format!("h)/?{}", "cfid=".repeat(n - 2)),
            "{n}"
        );
        let path = format!("http://h/{}p.aspx", session.repeat(n));
        assert_eq!(
            surt(&path).unwrap(),
            format!("h)/{}p.aspx", session.repeat(n - 1)),
            "{n}"
        );
        // None matches: every place is looked at.
        let query = format!("http://h/?{}", "cfid=x".repeat(n));
        assert_eq!(
            surt(&query).unwrap(),
            format!("h)/?{}", "cfid=x".repeat(n)),
            "{n}"
        );
        let path = format!("http://h/p.aspx/{}", session.repeat(n));
        let key = format!("h)/p.aspx/{}", session.repeat(n));
        assert_eq!(surt(&path).unwrap(), key[..key.len() - 1], "{n}");
    }
}

/// An escape of `%` nested n deep decodes to its byte, as PyPI surt's repeated passes
/// decode it (`h)/a` for n = 50, run for this test), in one pass (one pass per level
/// before: quadratic).
#[test]
fn nested_escapes_decode_in_one_pass() {
    for n in [50, 30_000] {
        let url = format!("http://h/%{}41", "25".repeat(n));
        assert_eq!(surt(&url).unwrap(), "h)/a", "{n}");
    }
    assert_eq!(surt("http://h/%%41%2%341").unwrap(), "h)/%25a$1");
}
