//! The security checks of RFC 1738 section 6: every hand-judged case of
//! `corpus/lint/cases.jsonl` (warnings with kind, severity, component and byte span).

use rfc1738::Dialect;
use rfc1738::reports::LintReport;
use serde_json::{Value, json};

#[test]
fn every_lint_case_gives_its_warnings() {
    let cases = rfc1738_test_support::corpus::read(
        &rfc1738_test_support::corpus::dir().join("lint/cases.jsonl"),
    );
    let mut failures = Vec::new();
    let mut count = 0;
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let dialect: Dialect = case["dialect"].as_str().unwrap().parse().unwrap();
        let lint = rfc1738::lint::lint(input, dialect);
        let report = serde_json::to_value(LintReport::new(input, dialect, &lint)).unwrap();
        let warnings: Vec<Value> = report["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                let mut entry = json!({"kind": w["kind"], "severity": w["severity"],
                                       "component": w["component"], "start": w["start"],
                                       "end": w["end"]});
                if let Some(line_break) = w.get("line_break") {
                    entry["line_break"] = line_break.clone();
                }
                entry
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

/// A URL of escaped line breaks has one warning per three bytes: a lint keeps the first
/// `Lint::MAX_DELIMITER_WARNINGS` and counts the rest, so that memory and output stay
/// small (a 3 MiB line held 320 MB of warnings and printed its whole text under each).
/// The port, password and cross-protocol warnings are always kept; `Url::warnings` keeps
/// every one.
#[test]
fn escaped_delimiters_beyond_the_limit_are_counted_not_kept() {
    use rfc1738::lint::{Lint, WarningKind};
    let count = 100_000;
    let input = format!("gopher://u@h:25/0{}", "%0D".repeat(count));
    let lint = rfc1738::lint::lint(&input, Dialect::Rfc1738);
    assert!(!lint.is_valid(), "gopher URLs carry no login");
    let kinds: Vec<WarningKind> = lint.warnings().iter().map(|w| w.kind()).collect();
    let delimiters = kinds
        .iter()
        .filter(|kind| matches!(kind, WarningKind::EncodedDelimiter { .. }))
        .count();
    assert_eq!(delimiters, Lint::MAX_DELIMITER_WARNINGS);
    assert_eq!(lint.omitted(), count - Lint::MAX_DELIMITER_WARNINGS);
    for kept in [
        "user-info-not-allowed",
        "non-default-port",
        "cross-protocol",
    ] {
        assert!(kinds.iter().any(|k| k.name() == kept), "{kept} kept");
    }
    // The first ones in the text, in order.
    let last = lint.warnings().last().unwrap().span();
    assert_eq!(last, 17 + 3 * 999..17 + 3 * 1000);
    let report = serde_json::to_value(LintReport::new(&input, Dialect::Rfc1738, &lint)).unwrap();
    assert_eq!(report["omitted_warnings"], json!(count - 1000));
    assert_eq!(report["warnings"].as_array().unwrap().len(), 1000 + 3);

    // Valid, and by the library's full list.
    let input = format!("gopher://h/0{}", "%0A".repeat(1500));
    let lint = rfc1738::lint::lint(&input, Dialect::Rfc1738);
    assert_eq!((lint.warnings().len(), lint.omitted()), (1000, 500));
    assert_eq!(rfc1738::parse(&input).unwrap().warnings().len(), 1500);
    let few = rfc1738::lint::lint("gopher://h/0%0D", Dialect::Rfc1738);
    let report = serde_json::to_value(LintReport::new("gopher://h/0%0D", Dialect::Rfc1738, &few));
    assert!(
        report.unwrap().get("omitted_warnings").is_none(),
        "absent when none"
    );
}

/// A warning's excerpt is a window of the input, however long: a span deep in a long URL
/// shows some forty characters each side, a long span its start.
#[test]
fn a_warnings_excerpt_is_a_bounded_window_of_the_input() {
    let input = format!(
        "gopher://h:25/0{}%0D{}",
        "a".repeat(10_000),
        "b".repeat(10_000)
    );
    let lint = rfc1738::lint::lint(&input, Dialect::Rfc1738);
    let delimiter = lint
        .warnings()
        .iter()
        .find(|w| w.component() == "selector")
        .unwrap();
    assert_eq!(
        delimiter.excerpt(&input),
        format!(
            "…{}%0D{}…\n{}^^^",
            "a".repeat(40),
            "b".repeat(40),
            " ".repeat(41)
        )
    );
    let port = &lint.warnings()[0];
    assert_eq!(
        port.excerpt(&input),
        format!("gopher://h:25/0{}…\n           ^^", "a".repeat(38))
    );
    let long_password = format!("ftp://u:{}@h/", "p".repeat(500));
    let lint = rfc1738::lint::lint(&long_password, Dialect::Rfc1738);
    let password = lint
        .warnings()
        .iter()
        .find(|w| w.component() == "password")
        .unwrap();
    assert_eq!(
        password.excerpt(&long_password),
        format!("ftp://u:{}…\n        {}", "p".repeat(40), "^".repeat(41))
    );
}
