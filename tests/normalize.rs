//! One encoding level (RFC 1630): the hand-judged cases of `corpus/normalize/cases.jsonl`, and
//! properties over every valid URL of the corpus: normalizing is idempotent, keeps the
//! kind, and gives an equivalent URL.

use pretty_assertions::assert_eq;
use rfc1738::{Dialect, Url};
use serde_json::Value;

fn lines(path: &str) -> Vec<Value> {
    rfc1738_test_support::corpus::read(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
}

#[test]
fn every_normalize_case_gives_its_normal_form() {
    let cases = lines("corpus/normalize/cases.jsonl");
    assert!(cases.len() >= 25);
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let normalized = rfc1738::normalize_reference(input).unwrap();
        assert_eq!(normalized.as_str(), case["normalized"], "{}", case["note"]);
        // The URL alone, without the prefix and the fragment.
        let url = rfc1738::normalize(input).unwrap();
        assert_eq!(url.as_str(), normalized.url().as_str(), "{input}");
    }
}

#[test]
fn rfc1630s_comparison_examples_hold() {
    let base = "http://info.cern.ch/albert/bertram/marie-claude";
    assert!(
        rfc1738::equivalent(base, "http://info.cern.ch/albert/bertram/marie%2Dclaude").unwrap()
    );
    assert!(
        !rfc1738::equivalent(base, "http://info.cern.ch/albert/bertram%2Fmarie-claude").unwrap()
    );
    assert!(
        rfc1738::equivalent(
            "HTTP://INFO.CERN.CH:80",
            base.replace(base, "http://info.cern.ch/").as_str()
        )
        .unwrap()
    );
    assert!(rfc1738::equivalent("http://h/ a", "http://h/").is_err());
}

#[test]
fn normalizing_every_valid_corpus_url_is_idempotent_and_equivalent() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") || path.ends_with("cases.jsonl") {
            continue;
        }
        for case in lines(
            path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap()
                .to_str()
                .unwrap(),
        ) {
            let (Some(input), Some(true)) = (case["input"].as_str(), case["valid"].as_bool())
            else {
                continue;
            };
            let dialect: Dialect = case["dialect"]
                .as_str()
                .unwrap_or("rfc1738")
                .parse()
                .unwrap();
            let reference = rfc1738::parse_reference(input, dialect).unwrap();
            let url: &Url<'_> = reference.url();
            let once = url.normalize();
            assert_eq!(once.kind(), url.kind(), "{input}");
            assert_eq!(
                once.normalize().as_str(),
                once.as_str(),
                "{input}: not idempotent"
            );
            assert!(url.equivalent(&once), "{input}");
            // The whole reference, as the CLI prints it: read back, the same reference at
            // the same level (the prefix stays a prefix, a scheme `url` stays the scheme).
            // (A normal form follows RFC 1738, which an RFC 1630 dialect may not read:
            // gopher://h/, where RFC 1630's "/" comes with a gtype.)
            let normal = reference.normalize();
            let again = rfc1738::parse_reference(normal.as_str(), dialect)
                .or_else(|_| rfc1738::parse_reference(normal.as_str(), Dialect::Rfc1738))
                .unwrap();
            assert_eq!(again.is_prefixed(), reference.is_prefixed(), "{input}");
            assert_eq!(again.fragment(), reference.fragment(), "{input}");
            assert_eq!(again.normalize().as_str(), normal.as_str(), "{input}");
            if dialect == Dialect::Rfc1738 {
                assert_eq!(rfc1738::equivalent(input, normal.as_str()), Ok(true));
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// RFC 1630 reserves `.` and `..` as whole path elements: normalizing a context must not
/// change what a partial form resolves to, so an escaped dot element keeps its escapes.
#[test]
fn normalizing_a_context_keeps_what_partial_forms_resolve_to() {
    use rfc1738::resolution::ResolveMode;
    let elements = [
        "%2e",
        "%2E",
        "%2e.",
        ".%2e",
        "%2e%2E",
        ".",
        "..",
        "a%2e",
        "%2e%2e%2e",
        "%2Ea",
    ];
    let contexts = [
        "http://h/a/{}/b/c",
        "http://h/{}/{}/c",
        "ftp://h/a/{}/b;type=a",
        "file://h/a/{}/b",
        "x-a://h/a/{}/b",
        "magic://a/b/c//{}/e/f",
    ];
    let partials = ["../g", "g", "./g", "../../g", "../../../g", "/g"];
    let normal = |url: &str| rfc1738::normalize(url).map(|url| url.to_string());
    for element in elements {
        for context in contexts {
            let context = context.replace("{}", element);
            let normalized_context = normal(&context).unwrap();
            for partial in partials {
                for mode in [ResolveMode::Rfc1630, ResolveMode::Draft] {
                    let before = rfc1738::resolution::resolve(&context, partial, mode).unwrap();
                    let after =
                        rfc1738::resolution::resolve(&normalized_context, partial, mode).unwrap();
                    assert_eq!(
                        normal(&before).ok(),
                        normal(&after).ok(),
                        "{context} (normalized {normalized_context}) + {partial} in {mode}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_url_of_scheme_url_never_normalizes_into_a_prefix() {
    for (input, normal) in [
        ("url:%41:b", "url:%41:b"),
        ("url:A%42:c", "url:%41B:c"),
        ("URL:+%50:", "url:+%50:"),
        ("url:%2E.:x", "url:%2E.:x"),
    ] {
        let normalized = rfc1738::normalize_reference(input).unwrap();
        assert_eq!(normalized.as_str(), normal, "{input}");
        assert!(!normalized.is_prefixed(), "{input}");
        assert_eq!(rfc1738::equivalent(input, normal), Ok(true), "{input}");
        assert_eq!(
            rfc1738::normalize_reference(normal).unwrap().as_str(),
            normal
        );
    }
}

#[test]
fn equivalent_compares_the_urls_of_references() {
    assert!(rfc1738::equivalent("URL:HTTP://H/a%41#top", "http://h:80/aA").unwrap());
    assert!(rfc1738::equivalent("gopher://h", "gopher://h:70/1#menu").unwrap());
    assert!(!rfc1738::equivalent("http://h/a/%2e/b", "http://h/a/./b").unwrap());
    assert!(rfc1738::equivalent("http://h/a/%2e./b", "http://h/a/.%2E/b").unwrap());
}

/// A reference's URL normalized without a second reading ([`rfc1738::UrlReference::
/// normalized_url`], when RFC 1738 read it) is the URL's normal form
/// ([`Url::normalize`], which reads it again), for every input of the corpus in every
/// dialect.
#[test]
fn a_references_normalized_url_is_its_urls_normal_form() {
    let mut compared = 0;
    for input in rfc1738_test_support::corpus::inputs() {
        for dialect in Dialect::ALL {
            if let Ok(reference) = rfc1738::parse_reference(&input, dialect) {
                assert_eq!(
                    *reference.normalized_url(),
                    reference.url().normalize(),
                    "{input:?} in {dialect:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 3_000, "{compared}");
}
