//! The security checks of RFC 1738 section 6: every hand-judged case of
//! `corpus/lint/cases.jsonl` (warnings with kind, severity, component and byte span).
#![cfg(feature = "serde")]

use rfc1738::{Dialect, LintReport};
use serde_json::{json, Value};

#[test]
fn every_lint_case_gives_its_warnings() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/lint/cases.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let input = case["input"].as_str().unwrap();
        let dialect: Dialect = case["dialect"].as_str().unwrap().parse().unwrap();
        let lint = rfc1738::lint(input, dialect);
        let report = serde_json::to_value(LintReport::new(input, dialect, &lint)).unwrap();
        let warnings: Vec<Value> = report["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                json!({"kind": w["kind"], "severity": w["severity"], "component": w["component"],
                       "start": w["start"], "end": w["end"]})
            })
            .collect();
        let got = json!({"valid": report["valid"], "warnings": warnings});
        let expected = json!({"valid": case["valid"], "warnings": case["warnings"]});
        if got != expected {
            failures.push(format!(
                "{}\n  {input}\n  expected {expected}\n  got      {got}",
                case["note"]
            ));
        }
        count += 1;
    }
    assert!(count >= 40, "{count} cases");
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
