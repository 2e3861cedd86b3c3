//! The `serde` feature: a typed URL serializes to the CLI's field names (the corpus
//! report's) and the dialect that reads it back, and deserializes from that map (every URL
//! of every dialect comes back equal) or from a URL string, borrowed or owned.

use pretty_assertions::assert_eq;
use rfc1738::{Dialect, Url};
use serde_json::Value;

fn corpus_cases() -> Vec<Value> {
    rfc1738_test_support::corpus::parse_cases()
}

/// Serializes `url`, checks the map against the reading, and reads it back three ways:
/// borrowed (`from_str`), owned (`from_reader`) and from a `Value`.
fn round_trip(url: &Url<'_>, context: &str) -> Value {
    let json = serde_json::to_string(url).unwrap();
    let borrowed: Url<'_> =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{context}: {e}: {json}"));
    assert_eq!(&borrowed, url, "{context}: {json}");
    let owned: Url<'static> = serde_json::from_reader(json.as_bytes()).unwrap();
    assert_eq!(&owned, url, "{context}: {json}");
    let value: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        &serde_json::from_value::<Url<'static>>(value.clone()).unwrap(),
        url
    );
    // The dialect named reads the display back as this URL.
    let dialect: Dialect = value["dialect"].as_str().unwrap().parse().unwrap();
    assert_eq!(
        &Url::parse_in(url.as_str(), dialect).unwrap(),
        url,
        "{context}"
    );
    assert_eq!(value["display"], url.as_str(), "{context}");
    value
}

/// Every valid case of the corpus, in its dialect (RFC 1738, RFC 1630, the draft): the
/// URL of the reference serializes to the report's fields (and its dialect) and comes back
/// equal, as does its normal form; the same input read by the other dialects too.
#[test]
fn every_valid_corpus_url_of_every_dialect_round_trips() {
    let mut checked = std::collections::BTreeMap::new();
    let mut not_rfc1738 = 0;
    for case in corpus_cases() {
        let (Some(input), Some(true), Some(dialect)) = (
            case["input"].as_str(),
            case["valid"].as_bool(),
            case["dialect"].as_str(),
        ) else {
            continue;
        };
        let dialect: Dialect = dialect.parse().unwrap();
        let reference = rfc1738::parse_reference(input, dialect).unwrap();
        let url = reference.url();
        let context = format!("{dialect} {input:?}");
        let value = round_trip(url, &context);
        let Value::Object(fields) = &value else {
            panic!("{context}: not a map")
        };
        for (name, value) in fields {
            match name.as_str() {
                // The report's display is the whole reference's; its dialect the one asked.
                "display" | "dialect" => {}
                _ => assert_eq!(value, &case[name], "{context}: field {name}"),
            }
        }
        if value["dialect"] != "rfc1738" {
            not_rfc1738 += 1;
        }
        round_trip(&url.normalize(), &format!("{context}, normalized"));
        for other in Dialect::ALL {
            if let Ok(reference) = rfc1738::parse_reference(input, other) {
                round_trip(reference.url(), &format!("{other} {input:?}"));
            }
        }
        *checked.entry(dialect).or_insert(0) += 1;
    }
    assert!(checked[&Dialect::Rfc1738] > 500, "{checked:?}");
    assert!(checked[&Dialect::Rfc1630] > 200, "{checked:?}");
    assert!(checked[&Dialect::DraftWwwUri00] > 250, "{checked:?}");
    // URLs that only an RFC 1630 dialect reads as they were read: mid, cid, urn, rlogin,
    // RFC 959 ftp types, draft URLs with spaces, ...
    assert!(not_rfc1738 > 100, "{not_rfc1738}");
}

/// URLs of every kind, each read by the dialect that has its reading, serialize with that
/// dialect and come back equal, borrowed and owned.
#[test]
fn urls_of_every_kind_name_the_dialect_that_reads_them() {
    let cases = [
        (
            "http://info.cern.ch/hypertext/WWW/TheProject.html",
            Dialect::Rfc1738,
            "rfc1738",
        ),
        ("ftp://h/pub/file;type=I", Dialect::Rfc1630, "rfc1630"),
        ("ftp://h/pub/file;type=i", Dialect::Rfc1738, "rfc1738"),
        ("mid:12345@info.cern.ch", Dialect::Rfc1630, "rfc1630"),
        ("cid:part1@info.cern.ch", Dialect::Rfc1630, "rfc1630"),
        (
            "urn:/iana/dns/ch/cern/cernvm/doc",
            Dialect::Rfc1630,
            "rfc1630",
        ),
        ("rlogin://user@host", Dialect::Rfc1630, "rfc1630"),
        ("tn3270://host", Dialect::Rfc1630, "rfc1630"),
        ("http://info.cern.ch/a b", Dialect::DraftWwwUri00, "draft"),
        ("magic://a/b/c//d/e/f", Dialect::Rfc1630, "rfc1630"),
        ("news:comp.infosystems.www", Dialect::Rfc1630, "rfc1738"),
        (
            "gopher://gopher.micro.umn.edu:70/00/Information",
            Dialect::Rfc1738,
            "rfc1738",
        ),
        (
            "wais://quake.think.com/directory-of-servers",
            Dialect::Rfc1738,
            "rfc1738",
        ),
        ("prospero://host/path;x=y", Dialect::Rfc1738, "rfc1738"),
        ("telnet://user:pw@host/", Dialect::Rfc1738, "rfc1738"),
        ("file://host/etc/motd", Dialect::Rfc1738, "rfc1738"),
        ("mailto:timbl@info.cern.ch", Dialect::Rfc1738, "rfc1738"),
        (
            "nntp://host/comp.infosystems.www/12",
            Dialect::Rfc1738,
            "rfc1738",
        ),
    ];
    for (input, dialect, named) in cases {
        let url = Url::parse_in(input, dialect).unwrap_or_else(|e| panic!("{input}: {e}"));
        let value = round_trip(&url, input);
        assert_eq!(value["dialect"], named, "{input}");
        assert_eq!(value["kind"], url.kind().name(), "{input}");
    }
    let urls: Vec<Url<'static>> = cases
        .iter()
        .map(|(input, dialect, _)| Url::parse_in(input, *dialect).unwrap().into_owned())
        .collect();
    let json = serde_json::to_string(&urls).unwrap();
    let back: Vec<Url<'static>> = serde_json::from_reader(json.as_bytes()).unwrap();
    assert_eq!(back, urls);
}

#[test]
fn a_map_is_read_by_its_dialect_and_checked_against_its_kind() {
    // Without a dialect (maps written before it was named), RFC 1738 reads the display.
    let url: Url<'_> =
        serde_json::from_str(r#"{"display": "mid:1@h", "extra": [1, {"a": null}]}"#).unwrap();
    assert_eq!(url.kind(), rfc1738::UrlKind::Generic);
    let url: Url<'_> =
        serde_json::from_str(r#"{"dialect": "rfc1630", "display": "mid:1@h"}"#).unwrap();
    assert_eq!(url.kind(), rfc1738::UrlKind::Mid);
    // A kind that the dialect's reading does not give is refused.
    let error =
        serde_json::from_str::<Url<'_>>(r#"{"kind": "mid", "display": "mid:1@h"}"#).unwrap_err();
    assert!(error.to_string().contains("not mid"), "{error}");
    let error = serde_json::from_str::<Url<'_>>(r#"{"kind": "http"}"#).unwrap_err();
    assert!(
        error.to_string().contains("missing field `display`"),
        "{error}"
    );
    let error =
        serde_json::from_str::<Url<'_>>(r#"{"dialect": "rfc3986", "display": "x:y"}"#).unwrap_err();
    assert!(error.to_string().contains("unknown dialect"), "{error}");
    // The display is read by the dialect as a URL alone: no prefix, no fragment.
    let error =
        serde_json::from_str::<Url<'_>>(r#"{"dialect": "rfc1630", "display": "http://h/#top"}"#)
            .unwrap_err();
    assert!(error.to_string().contains("fragment"), "{error}");
    let error =
        serde_json::from_str::<Url<'_>>(r#"{"dialect": "draft", "display": "http://h/a b"}"#)
            .unwrap();
    assert_eq!(error.host().unwrap(), "h");
    assert!(serde_json::from_str::<Url<'_>>("42").is_err());
}

#[test]
fn every_valid_rfc1738_corpus_url_serializes_to_the_report_fields() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let (Some(input), Some(true), Some("rfc1738"), None, Some(false)) = (
                case["input"].as_str(),
                case["valid"].as_bool(),
                case["dialect"].as_str(),
                case["fragment"].as_str(),
                case["prefixed"].as_bool(),
            ) else {
                continue;
            };
            let url = rfc1738::parse(input).unwrap();
            let Value::Object(fields) = serde_json::to_value(&url).unwrap() else {
                panic!("{input}: not a map")
            };
            for (name, value) in &fields {
                assert_eq!(value, &case[name], "{input}: field {name}");
            }
            assert!(fields.len() >= 3, "{input}");
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn a_url_deserializes_from_a_string_borrowed_or_owned() {
    let json = r#"["http://info.cern.ch/hypertext/", "news:comp.infosystems.www"]"#;
    let borrowed: Vec<Url<'_>> = serde_json::from_str(json).unwrap();
    assert_eq!(borrowed[0].host().unwrap(), "info.cern.ch");
    let owned: Vec<Url<'static>> = serde_json::from_reader(json.as_bytes()).unwrap();
    assert_eq!(owned, borrowed);
    let escaped = r#""http://h/a\u0062""#;
    let url: Url<'static> = serde_json::from_str::<Url<'_>>(escaped)
        .unwrap()
        .into_owned();
    assert_eq!(url.as_str(), "http://h/ab");
    let error = serde_json::from_str::<Url<'_>>(r#""http://h/ x""#).unwrap_err();
    assert!(
        error.to_string().contains("unsafe character ' '"),
        "{error}"
    );
}
