//! `corpus/keys/`: each case's key in both styles and what the surt key merges
//! (`cases.jsonl`), and the pairs that must get one key or two (`pairs.jsonl`).

use rfc1738_keys::{key, KeyReport, Style};
use rfc1738_test_support::corpus;
use serde_json::{json, Value};

#[test]
fn every_case_keeps_its_keys_and_merges() {
    let file = corpus::dir().join("keys/cases.jsonl");
    let mut failures = Vec::new();
    let cases = corpus::read(&file);
    assert!(cases.len() >= 40, "{} cases", cases.len());
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let report = KeyReport::of(input, Style::Rfc1738);
        let surt = key(input, Style::Surt).ok();
        let got = json!({
            "key": report.key(),
            "surt": surt,
            "merges": report.key().map(|_| report.merges().iter().map(|m| m.name()).collect::<Vec<_>>()),
        });
        let expected = json!({"key": case["key"], "surt": case["surt"], "merges": case["merges"]});
        if got != expected {
            failures.push(format!(
                "{} {input:?}\n  expected {expected}\n  got      {got}",
                case["id"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_pair_gets_one_key_or_two_as_its_rfc_says() {
    let file = corpus::dir().join("keys/pairs.jsonl");
    let mut failures = Vec::new();
    let pairs = corpus::read(&file);
    assert!(pairs.iter().any(|pair| pair["same"] == Value::Bool(true)));
    assert!(pairs.iter().any(|pair| pair["same"] == Value::Bool(false)));
    for pair in &pairs {
        let keyed = |side: &str| {
            let input = pair[side].as_str().unwrap();
            key(input, Style::Rfc1738)
                .unwrap_or_else(|error| panic!("{}: {input:?}: {error}", pair["id"]))
        };
        let (a, b) = (keyed("a"), keyed("b"));
        if (a == b) != pair["same"].as_bool().unwrap() {
            failures.push(format!(
                "{}: {a:?} and {b:?}, same: {}",
                pair["id"], pair["same"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
