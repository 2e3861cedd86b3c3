//! Runs the conformance corpus: every line of `corpus/*.jsonl` is parsed by its dialect and
//! its report compared with the expectation on the line; every line of
//! `corpus/resolve/*.jsonl` is resolved and compared. Every case of every file has a stable
//! `id` and a `source` of one of the documented forms.
//!
//! `BLESS=1 cargo test --test corpus` rewrites the expectations from the parser's output,
//! keeping each case's `id`, `source` and `note` (review the diff before committing). The
//! format is documented in `corpus/README.md`.

use rfc1738::reports::{InputForm, ParseReport};
use rfc1738::resolution::ResolveMode;
use rfc1738::{Dialect, ErrorKind};
use rfc1738_test_support::corpus;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The keys of a case that are the corpus's own, not part of the report: kept by BLESS,
/// left out of every comparison, and written first, in this order.
const METADATA: [&str; 3] = ["id", "source", "note"];

/// Keys of the CLI's output that are not part of the report of a URL: `line`, the 1-based
/// input line or argument position of the batch modes. Never compared, never blessed.
const NOT_REPORT: [&str; 1] = ["line"];

/// The case without its metadata: what the report is compared with.
fn without_metadata(case: &Map<String, Value>) -> Map<String, Value> {
    let mut case = case.clone();
    for key in METADATA {
        case.remove(key);
    }
    case
}

/// A report (or a case being blessed) without the keys that are not the report's.
fn report_only(mut report: Map<String, Value>) -> Map<String, Value> {
    for key in NOT_REPORT {
        report.remove(key);
    }
    report
}

/// The case's metadata, in order, followed by `report`: a line as BLESS writes it.
fn blessed(case: &Map<String, Value>, report: Map<String, Value>) -> String {
    let mut line = Map::new();
    for key in METADATA {
        if let Some(value) = case.get(key) {
            line.insert(key.into(), value.clone());
        }
    }
    line.extend(report_only(report));
    serde_json::to_string(&line).expect("JSON")
}

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
        let form = InputForm::Reference;
        let report = ParseReport::of(self.input(), form, form.read(self.input(), self.dialect()));
        match serde_json::to_value(report) {
            Ok(Value::Object(map)) => report_only(map),
            other => panic!("a report serializes to an object, not {other:?}"),
        }
    }

    fn expected_report(&self) -> Map<String, Value> {
        without_metadata(&self.expected)
    }
}

/// The parse cases' files (`corpus/*.jsonl`), by the tests' one corpus reader.
fn corpus_files() -> Vec<PathBuf> {
    corpus::files("")
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
        let (expected, actual) = (case.expected_report(), case.actual());
        if expected != actual {
            failures.push(format!(
                "{}:{}: {} {:?}\n{}",
                case.file.display(),
                case.line,
                case.expected["id"],
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

/// Rewrites every parse and resolution file from the parser's output, keeping inputs, order
/// and each case's `id`, `source` and `note`.
fn bless() {
    for file in corpus_files() {
        let mut out = String::new();
        for case in read_cases(&file) {
            out.push_str(&blessed(&case.expected, case.actual()));
            out.push('\n');
        }
        fs::write(&file, out).expect("corpus file is writable");
    }
    for file in corpus::files("resolve") {
        let mut out = String::new();
        for case in read_cases(&file) {
            let resolution = Resolution {
                file: case.file,
                line: case.line,
                case: case.expected,
            };
            out.push_str(&blessed(&resolution.case, resolution.actual()));
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
        if case.dialect() == Dialect::Rfc1738
            && let Err(error) = rfc1738::parse(case.input())
        {
            errors_seen.insert(error.kind().code());
        }
    }
    // The URLs found in text (`corpus/extract/rules.jsonl`), as the extractor reads them
    // now: "too-long-in-text" is an error of text only.
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/extract/rules.jsonl");
    let rules = fs::read_to_string(rules).unwrap();
    for line in rules.lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let mut extractor = rfc1738::extraction::Extractor::new();
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

#[test]
fn the_valid_rfc2396_corpus_exercises_every_rule_that_makes_pairs() {
    use pest::Parser;
    use rfc1738::grammar::rfc2396::{Rfc2396Parser, Rule};
    // `whole_uri` is the entry rule of an absoluteURI alone, for pest's tools: the
    // references are read from `whole_reference`.
    let missing = rules_not_reached(
        Dialect::Rfc2396,
        include_str!("../grammar/rfc2396.pest"),
        Rule::all_rules(),
        &["whole_uri"],
        |input| {
            let pairs = Rfc2396Parser::parse(Rule::whole_reference, input).expect("valid case");
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
        match rfc1738::resolution::resolve(context, partial, mode) {
            Ok(result) => actual.insert("result".into(), result.into()),
            Err(error) => actual.insert(
                "error".into(),
                serde_json::json!({ "code": error.code(), "message": error.to_string() }),
            ),
        };
        actual
    }
}

fn resolutions() -> Vec<Resolution> {
    corpus::files("resolve")
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
    if std::env::var_os("BLESS").is_some() {
        // every_corpus_case_matches_the_parser blesses the resolution files too.
        return;
    }
    let cases = resolutions();
    assert!(cases.len() >= 40, "only {} resolution cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let expected = without_metadata(&case.case);
        let actual = case.actual();
        if expected != actual {
            failures.push(format!(
                "{}:{}: {}\n{}",
                case.file.display(),
                case.line,
                case.case["id"],
                pretty_assertions::Comparison::new(&expected, &actual)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `corpus/compare/cases.jsonl`: each link compared by the library in its modes gives the
/// case's `results`, `errors` (codes), `differ`, `classes` and, for three modes or more,
/// `differences`; `corpus/compare/classes.jsonl`: two results for a link (`first`,
/// `second`, null for none) give the case's `classes`.
#[test]
fn every_comparison_case_matches() {
    use rfc1738::resolution::{classify, compare};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/compare");
    let mut failures = Vec::new();
    let cases = read_cases(&dir.join("cases.jsonl"));
    assert!(cases.len() >= 30, "only {} comparison cases", cases.len());
    for case in &cases {
        let case = &case.expected;
        let text = |key: &str| case[key].as_str().expect("a string");
        let modes: Vec<ResolveMode> = case["modes"]
            .as_array()
            .expect("modes")
            .iter()
            .map(|mode| mode.as_str().unwrap().parse().unwrap())
            .collect();
        let comparison = compare(text("base"), text("link"), &modes);
        let mut actual = Map::new();
        let results: Map<String, Value> = comparison
            .results()
            .iter()
            .map(|(mode, result)| (mode.name().to_owned(), json_of(result.as_deref().ok())))
            .collect();
        actual.insert("results".into(), Value::Object(results));
        let errors: Map<String, Value> = comparison
            .results()
            .iter()
            .filter_map(|(mode, result)| {
                let code = result.as_ref().err()?.code();
                Some((mode.name().to_owned(), Value::from(code)))
            })
            .collect();
        if !errors.is_empty() {
            actual.insert("errors".into(), Value::Object(errors));
        }
        actual.insert("differ".into(), Value::from(comparison.differ()));
        actual.insert("classes".into(), names(comparison.classes()));
        if modes.len() > 2 {
            let differences = comparison
                .differences()
                .iter()
                .map(|difference| (difference.name(), names(difference.classes())))
                .collect();
            actual.insert("differences".into(), Value::Object(differences));
        }
        let mut expected = without_metadata(case);
        for key in ["base", "link", "modes"] {
            expected.remove(key);
        }
        if expected != actual {
            failures.push(format!(
                "{}\n{}",
                case["id"],
                pretty_assertions::Comparison::new(&expected, &actual)
            ));
        }
    }
    let cases = read_cases(&dir.join("classes.jsonl"));
    for case in &cases {
        let case = &case.expected;
        let classes = classify(
            case["link"].as_str().unwrap(),
            case["first"].as_str(),
            case["second"].as_str(),
        );
        if names(classes) != case["classes"] {
            failures.push(format!("{}: {:?}", case["id"], classes));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Every class is in a case of cases.jsonl, but empty-query, which no two modes give
    // (urljoin's, in classes.jsonl).
    let seen: BTreeSet<String> = read_cases(&dir.join("cases.jsonl"))
        .iter()
        .flat_map(|case| case.expected["classes"].as_array().unwrap().clone())
        .map(|class| class.as_str().unwrap().to_owned())
        .collect();
    for class in rfc1738::resolution::DifferenceClass::ALL {
        if class.name() != "empty-query" {
            assert!(seen.contains(class.name()), "no case of {class}");
        }
    }
}

/// A result as JSON: a string or null.
fn json_of(result: Option<&str>) -> Value {
    result.map_or(Value::Null, Value::from)
}

/// The names of classes as a JSON list.
fn names(classes: rfc1738::resolution::DifferenceClasses) -> Value {
    Value::from(classes.names().collect::<Vec<_>>())
}
