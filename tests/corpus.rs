//! Runs the conformance corpus: every line of `corpus/*.jsonl` is parsed by its dialect and
//! its report compared with the expectation on the line; every line of
//! `corpus/resolve/*.jsonl` is resolved and compared.
//!
//! `BLESS=1 cargo test --test corpus` rewrites the expectations from the parser's output
//! (review the diff before committing). The format is documented in `corpus/README.md`.
#![cfg(feature = "serde")]

use rfc1738::{Dialect, ErrorKind, ParseReport, ResolveMode};
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

    /// The dialect the case is read in.
    fn dialect(&self) -> Dialect {
        let name = self.expected["dialect"]
            .as_str()
            .unwrap_or_else(|| panic!("{}:{}: no dialect", self.file.display(), self.line));
        name.parse().expect("a known dialect")
    }

    /// The report the parser gives now, in the corpus's form.
    fn actual(&self) -> Map<String, Value> {
        match serde_json::to_value(ParseReport::with_dialect(self.input(), self.dialect())) {
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
    jsonl_files("corpus")
}

fn jsonl_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
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
            let key = (case.dialect(), case.input().to_owned());
            if let Some(first) = seen.insert(key, case.line) {
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
        match rfc1738::parse_reference(case.input(), case.dialect()) {
            Ok(reference) => {
                kinds_seen.insert(reference.url().kind());
            }
            Err(error) => {
                errors_seen.insert(error.kind().code());
            }
        }
        // The URL alone (no prefix, no fragment), as `rfc1738::parse` reads it.
        if case.dialect() == Dialect::Rfc1738 {
            if let Err(error) = rfc1738::parse(case.input()) {
                errors_seen.insert(error.kind().code());
            }
        }
    }
    // The URLs found in text (`corpus/extract/rules.jsonl`), as the extractor reads them
    // now: "too-long-in-text" is an error of text only.
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/extract/rules.jsonl");
    let rules = fs::read_to_string(rules).unwrap();
    for line in rules.lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let mut extractor = rfc1738::Extractor::new();
        if let Some(limit) = case["options"]["max_len"].as_u64() {
            extractor = extractor.max_len(limit as usize);
        }
        if let Some(dialect) = case["options"]["dialect"].as_str() {
            extractor = extractor.dialect(dialect.parse().unwrap());
        }
        let text = case["text"].as_str().unwrap();
        for found in extractor.extract(text) {
            if let Some(error) = found.error() {
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

/// The rules of a grammar that no valid case of `dialect` reaches. Silent rules (the
/// character classes, `name = _{ ... }`) make no pairs; the byte-by-byte test of
/// tests/hostile.rs covers them. Rules that only run inside a negative lookahead
/// (`unreached`) make no pairs either.
fn rules_not_reached<R: pest::RuleType>(
    dialect: Dialect,
    grammar: &str,
    all_rules: &[R],
    unreached: &[&str],
    pairs_of: impl Fn(&str) -> Vec<R>,
) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    for case in all_cases()
        .iter()
        .filter(|case| case.expected["valid"] == true && case.dialect() == dialect)
    {
        seen.extend(
            pairs_of(case.input())
                .iter()
                .map(|rule| format!("{rule:?}")),
        );
    }
    let silent: Vec<&str> = grammar
        .lines()
        .filter_map(|line| line.split_once(" = _{").map(|(name, _)| name))
        .collect();
    all_rules
        .iter()
        .map(|rule| format!("{rule:?}"))
        .filter(|name| !seen.contains(name) && !silent.contains(&name.as_str()))
        .filter(|name| !unreached.contains(&name.as_str()))
        .collect()
}

#[test]
fn the_valid_corpus_exercises_every_rule_that_makes_pairs() {
    use pest::Parser;
    use rfc1738::grammar::{Rfc1738Parser, Rule};
    let missing = rules_not_reached(
        Dialect::Rfc1738,
        include_str!("../grammar/rfc1738.pest"),
        Rule::all_rules(),
        &["predefined_scheme"],
        |input| {
            // The whole reference by `whole_reference`, and its URL alone by `whole_url`.
            let reference = rfc1738::parse_reference(input, Dialect::Rfc1738).expect("valid");
            let url = reference.url().as_str();
            let pairs = Rfc1738Parser::parse(Rule::whole_reference, input).expect("valid case");
            let url_pairs = Rfc1738Parser::parse(Rule::whole_url, url).expect("valid case");
            (pairs.flatten().chain(url_pairs.flatten()))
                .map(|pair| pair.as_rule())
                .collect()
        },
    );
    assert!(
        missing.is_empty(),
        "no valid corpus case reaches: {missing:?}"
    );
}

#[test]
fn the_valid_rfc1630_corpus_exercises_every_rule_that_makes_pairs() {
    use pest::Parser;
    use rfc1738::grammar::rfc1630::{Rfc1630Parser, Rule};
    // afsaddress is a historical note, not a url form: no URI reaches it.
    let missing = rules_not_reached(
        Dialect::Rfc1630,
        include_str!("../grammar/rfc1630.pest"),
        Rule::all_rules(),
        &["url_scheme", "afsaddress", "cellname"],
        |input| {
            let pairs = Rfc1630Parser::parse(Rule::whole_uri, input).expect("valid case");
            pairs.flatten().map(|pair| pair.as_rule()).collect()
        },
    );
    assert!(
        missing.is_empty(),
        "no valid corpus case reaches: {missing:?}"
    );
}

#[test]
fn the_valid_draft_corpus_exercises_every_rule_that_makes_pairs() {
    use pest::Parser;
    use rfc1738::grammar::draft_www_uri_00::{DraftParser, Rule};
    let missing = rules_not_reached(
        Dialect::DraftWwwUri00,
        include_str!("../grammar/draft-www-uri-00.pest"),
        Rule::all_rules(),
        &["afsaddress", "cellname"],
        |input| {
            let pairs = DraftParser::parse(Rule::whole_uri, input).expect("valid case");
            pairs.flatten().map(|pair| pair.as_rule()).collect()
        },
    );
    assert!(
        missing.is_empty(),
        "no valid corpus case reaches: {missing:?}"
    );
}

/// A line of `corpus/resolve/*.jsonl`.
struct Resolution {
    file: PathBuf,
    line: usize,
    case: Map<String, Value>,
}

impl Resolution {
    fn field(&self, key: &str) -> &str {
        self.case[key]
            .as_str()
            .unwrap_or_else(|| panic!("{}:{}: no {key}", self.file.display(), self.line))
    }

    fn actual(&self) -> Map<String, Value> {
        let mode: ResolveMode = self.field("mode").parse().expect("a known mode");
        let (context, partial) = (self.field("context"), self.field("partial"));
        let mut actual = Map::new();
        actual.insert("context".into(), context.into());
        actual.insert("partial".into(), partial.into());
        actual.insert("mode".into(), mode.name().into());
        match rfc1738::resolve(context, partial, mode) {
            Ok(result) => actual.insert("result".into(), result.into()),
            Err(error) => actual.insert(
                "error".into(),
                serde_json::json!({ "message": error.to_string() }),
            ),
        };
        actual
    }
}

fn resolutions() -> Vec<Resolution> {
    jsonl_files("corpus/resolve")
        .iter()
        .flat_map(|file| {
            read_cases(file).into_iter().map(|case| Resolution {
                file: case.file,
                line: case.line,
                case: case.expected,
            })
        })
        .collect()
}

#[test]
fn every_resolution_case_matches() {
    let cases = resolutions();
    assert!(cases.len() >= 40, "only {} resolution cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let mut expected = case.case.clone();
        expected.remove(NOTE);
        let actual = case.actual();
        if expected != actual {
            failures.push(format!(
                "{}:{}:\n{}",
                case.file.display(),
                case.line,
                pretty_assertions::Comparison::new(&expected, &actual)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
