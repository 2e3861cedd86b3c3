//! The `serde` feature: a typed URL serializes to the CLI's field names (the corpus
//! report's), and deserializes from a URL string, borrowed or owned.
#![cfg(feature = "serde")]

use pretty_assertions::assert_eq;
use rfc1738::Url;
use serde_json::Value;

#[test]
fn every_valid_corpus_url_serializes_to_the_report_fields() {
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
    assert_eq!(borrowed[0].host(), Some("info.cern.ch"));
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
