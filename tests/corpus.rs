//! Runs the conformance corpus: every line of `corpus/*.jsonl` is parsed and its report
//! compared with the expectation on the line.
//!
//! `BLESS=1 cargo test --test corpus` rewrites the expectations from the parser's output
//! (review the diff before committing). The format is documented in `corpus/README.md`.
#![cfg(feature = "serde")]

use rfc1738::{ErrorKind, ParseReport};
use serde_json::{Map, Value};
use std::fs;
use std::path::{Path, PathBuf};

/// The key of a case that is a comment, not an expectation.
const NOTE: &str = "note";

struct Case {
    file: PathBuf,
    line: usize,
    expected: Map<String, Value>,
}

impl Case {
    fn input(&self) -> &str {
        self.expected["input"].as_str().unwrap_or_else(|| {
            panic!(
                "{}:{}: input is not a string",
                self.file.display(),
                self.line
            )
        })
    }

    /// The report the parser gives now, in the corpus's form.
    fn actual(&self) -> Map<String, Value> {
        match serde_json::to_value(ParseReport::new(self.input())) {
            Ok(Value::Object(map)) => map,
            other => panic!("a report serializes to an object, not {other:?}"),
        }
    }

    fn expected_without_note(&self) -> Map<String, Value> {
        let mut expected = self.expected.clone();
        expected.remove(NOTE);
        expected
    }
}

fn corpus_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("corpus/ exists")
        .map(|entry| entry.expect("corpus entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    files
}

fn read_cases(file: &Path) -> Vec<Case> {
    let text = fs::read_to_string(file).expect("corpus file is UTF-8");
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let expected = match serde_json::from_str(line) {
                Ok(Value::Object(map)) => map,
                other => panic!(
                    "{}:{}: not a JSON object: {other:?}",
                    file.display(),
                    index + 1
                ),
            };
            Case {
                file: file.to_owned(),
                line: index + 1,
                expected,
            }
        })
        .collect()
}

fn all_cases() -> Vec<Case> {
    corpus_files()
        .iter()
        .flat_map(|file| read_cases(file))
        .collect()
}

#[test]
fn every_corpus_case_matches_the_parser() {
    if std::env::var_os("BLESS").is_some() {
        bless();
        return;
    }
    let mut failures = Vec::new();
    let cases = all_cases();
    for case in &cases {
        let (expected, actual) = (case.expected_without_note(), case.actual());
        if expected != actual {
            failures.push(format!(
                "{}:{}: {:?}\n{}",
                case.file.display(),
                case.line,
                case.input(),
                pretty_assertions::Comparison::new(&expected, &actual)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} corpus cases differ (BLESS=1 rewrites the corpus; review the diff):\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

/// Rewrites every corpus file from the parser's output, keeping inputs, order and notes.
fn bless() {
    for file in corpus_files() {
        let mut out = String::new();
        for case in read_cases(&file) {
            let mut blessed = Map::new();
            if let Some(note) = case.expected.get(NOTE) {
                blessed.insert(NOTE.into(), note.clone());
            }
            blessed.extend(case.actual());
            out.push_str(&serde_json::to_string(&blessed).expect("JSON"));
            out.push('\n');
        }
        fs::write(&file, out).expect("corpus file is writable");
    }
}

#[test]
fn corpus_inputs_are_unique_within_a_file() {
    for file in corpus_files() {
        let mut seen = std::collections::HashMap::new();
        for case in read_cases(&file) {
            if let Some(first) = seen.insert(case.input().to_owned(), case.line) {
                panic!(
                    "{}: {:?} on lines {first} and {}",
                    file.display(),
                    case.input(),
                    case.line
                );
            }
        }
    }
}

#[test]
fn corpus_has_at_least_400_valid_and_200_invalid_cases() {
    let cases = all_cases();
    let valid = cases
        .iter()
        .filter(|case| case.expected["valid"] == true)
        .count();
    let invalid = cases.len() - valid;
    assert!(valid >= 400, "only {valid} valid cases");
    assert!(invalid >= 200, "only {invalid} invalid cases");
}

#[test]
fn corpus_covers_every_scheme_and_every_error_kind() {
    let cases = all_cases();
    let mut kinds_seen = std::collections::BTreeSet::new();
    let mut errors_seen = std::collections::BTreeSet::new();
    for case in &cases {
        match rfc1738::parse(case.input()) {
            Ok(url) => {
                kinds_seen.insert(url.kind());
            }
            Err(error) => {
                errors_seen.insert(error.kind().code());
            }
        }
    }
    for kind in rfc1738::UrlKind::ALL {
        assert!(
            kinds_seen.contains(&kind),
            "no valid {kind} URL in the corpus"
        );
    }
    // "too-long" needs an input of 4 GiB, which no corpus line can hold.
    let missing: Vec<_> = ErrorKind::CODES
        .iter()
        .filter(|code| !errors_seen.contains(*code) && **code != "too-long")
        .collect();
    assert!(
        missing.is_empty(),
        "no corpus case gives these errors: {missing:?}"
    );
}

#[test]
fn the_valid_corpus_exercises_every_rule_that_makes_pairs() {
    use pest::Parser;
    use rfc1738::grammar::{Rfc1738Parser, Rule};
    let mut seen = std::collections::BTreeSet::new();
    for case in all_cases()
        .iter()
        .filter(|case| case.expected["valid"] == true)
    {
        let pairs = Rfc1738Parser::parse(Rule::whole_url, case.input()).expect("valid case");
        seen.extend(pairs.flatten().map(|pair| format!("{:?}", pair.as_rule())));
    }
    // Silent rules (the character classes, `name = _{ ... }`) make no pairs; the byte-by-byte
    // test of tests/hostile.rs covers them. `predefined_scheme` only runs inside a negative
    // lookahead, which makes no pairs either.
    let grammar = include_str!("../grammar/rfc1738.pest");
    let silent: Vec<&str> = grammar
        .lines()
        .filter_map(|line| line.split_once(" = _{").map(|(name, _)| name))
        .collect();
    let missing: Vec<String> = Rule::all_rules()
        .iter()
        .map(|rule| format!("{rule:?}"))
        .filter(|name| !seen.contains(name) && !silent.contains(&name.as_str()))
        .filter(|name| name != "predefined_scheme")
        .collect();
    assert!(
        missing.is_empty(),
        "no valid corpus case reaches: {missing:?}"
    );
}
