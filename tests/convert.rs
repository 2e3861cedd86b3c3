//! The `url` feature: http, ftp and file URLs to `url::Url` and back.

use pretty_assertions::assert_eq;
use rfc1738::Url;
use rfc1738::convert::ConvertError;
use serde_json::Value;

fn to_url_crate(input: &str) -> Result<url::Url, ConvertError> {
    url::Url::try_from(&rfc1738::parse(input).unwrap())
}

#[test]
fn representative_urls_convert_to_the_whatwg_serialization() {
    for (ours, theirs) in [
        ("http://info.cern.ch/", "http://info.cern.ch/"),
        ("http://info.cern.ch", "http://info.cern.ch/"),
        (
            "HTTP://Info.CERN.ch:80/a/./b/../c",
            "http://info.cern.ch/a/c",
        ),
        ("http://h:8080/p?q", "http://h:8080/p?q"),
        ("http://h/%7Euser/a%2Fb", "http://h/%7Euser/a%2Fb"),
        ("http://h/a/%2e%2E/b", "http://h/b"),
        ("http://h/a%2e%2E/b", "http://h/a%2e%2E/b"),
        ("http://128.141.201.74/", "http://128.141.201.74/"),
        (
            "ftp://myname@host.dom/%2Fetc/motd",
            "ftp://myname@host.dom/%2Fetc/motd",
        ),
        ("ftp://foo:@host.com/", "ftp://foo@host.com/"),
        ("ftp://h:21/f;type=a", "ftp://h/f;type=a"),
        ("ftp://h/d/;type=d", "ftp://h/d/;type=d"),
        (
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
            "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        ),
        ("file:///etc/motd", "file:///etc/motd"),
        ("file://localhost/etc/motd", "file:///etc/motd"),
        ("http://h/a'b", "http://h/a'b"),
    ] {
        assert_eq!(to_url_crate(ours).unwrap().as_str(), theirs, "{ours}");
    }
}

#[test]
fn other_kinds_do_not_convert_and_say_why() {
    for input in [
        "gopher://h/1",
        "news:comp.infosystems.www",
        "mailto:a@b",
        "x-y:z",
    ] {
        let error = to_url_crate(input).unwrap_err();
        assert!(
            matches!(error, ConvertError::Kind { .. }),
            "{input}: {error}"
        );
    }
    assert_eq!(
        to_url_crate("telnet://h/").unwrap_err().to_string(),
        "telnet URLs do not convert: only http, ftp and file URLs carry over to and from url::Url"
    );
}

#[test]
fn what_does_not_carry_back_is_named() {
    let back = |text: &str| rfc1738::convert::from_url_crate(&url::Url::parse(text).unwrap());
    assert!(
        matches!(back("http://h/a#frag"), Err(ConvertError::Fragment { fragment }) if fragment == "frag")
    );
    assert!(matches!(
        back("http://user:pw@h/"),
        Err(ConvertError::HttpUserInfo)
    ));
    assert!(matches!(
        back("http://[::1]/"),
        Err(ConvertError::Ipv6Host { .. })
    ));
    assert!(matches!(back("https://h/"), Err(ConvertError::Kind { kind }) if kind == "https"));
    let Err(ConvertError::Invalid { error, .. }) = back("http://h/?a|b") else {
        panic!("a query with | is not RFC 1738")
    };
    assert_eq!(error.offset(), 11);
    // The url crate leaves "^" unescaped in a path; RFC 1738 calls it unsafe.
    let Err(ConvertError::Invalid { error, .. }) = back("http://h/a^b") else {
        panic!("a path with ^ is not RFC 1738")
    };
    assert_eq!(error.offset(), 10);
    // A space it escapes: that carries over.
    assert_eq!(back("http://h/a b").unwrap().as_str(), "http://h/a%20b");
}

/// Every valid http, ftp and file URL of the corpus converts or is refused by name, and
/// what converts comes back as an RFC 1738 URL of the same kind, or says why not.
#[test]
fn every_corpus_http_ftp_and_file_url_converts_both_ways_or_says_why() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let (mut there, mut back) = (0, 0);
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let (Some(input), Some(true), Some("rfc1738")) = (
                case["input"].as_str(),
                case["valid"].as_bool(),
                case["dialect"].as_str(),
            ) else {
                continue;
            };
            let Ok(url) = rfc1738::parse(input) else {
                continue;
            };
            if !matches!(url, Url::Http(_) | Url::Ftp(_) | Url::File(_)) {
                continue;
            }
            match url::Url::try_from(&url) {
                Ok(theirs) => {
                    there += 1;
                    match rfc1738::convert::from_url_crate(&theirs) {
                        Ok(ours) => {
                            assert_eq!(ours.kind(), url.kind(), "{input}");
                            // Once in the url crate's form, the round trip is exact.
                            let again = url::Url::try_from(&ours).unwrap();
                            assert_eq!(again.as_str(), theirs.as_str(), "{input}");
                            back += 1;
                        }
                        Err(error) => assert!(!error.to_string().is_empty(), "{input}"),
                    }
                }
                Err(error) => assert!(
                    matches!(error, ConvertError::Refused { .. }),
                    "{input}: {error}"
                ),
            }
        }
    }
    assert!(there > 150 && back > 150, "{there} converted, {back} back");
}
