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
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
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
    for file in jsonl_files("corpus/resolve") {
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

// ---------------------------------------------------------------------------------------
// Ids and sources: every case of every file (corpus/README.md, "Ids" and "Sources")
// ---------------------------------------------------------------------------------------

/// Every file of cases, relative to `corpus/`: the parse cases, `resolve/`, `normalize/`,
/// `lint/`, `requests/`, `extract/rules.jsonl`, `links/pages.jsonl` and
/// `archives/cases.jsonl` (the seed goldens of `extract/seeds/` are whole-file cases, named
/// by their file; the link goldens are the output of the cases of `links/pages.jsonl`,
/// checked by `tests/links.rs`, and the archive goldens of `archives/cases.jsonl`'s,
/// checked by `tests/archive.rs`).
fn case_files() -> Vec<PathBuf> {
    let mut files = corpus_files();
    for dir in [
        "corpus/resolve",
        "corpus/compare",
        "corpus/normalize",
        "corpus/keys",
        "corpus/lint",
        "corpus/requests",
    ] {
        files.extend(jsonl_files(dir));
    }
    files.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/extract/rules.jsonl"));
    files.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/links/pages.jsonl"));
    files.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/archives/cases.jsonl"));
    files
}

/// The file's path under `corpus/`, `/` as the separator.
fn corpus_relative(file: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let relative = file.strip_prefix(&root).expect("a file under corpus/");
    relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The id prefix of a file: its path under `corpus/` without `.jsonl`, `/` written `-`
/// (`http`, `resolve-table`, `extract-rules`).
fn id_prefix(file: &Path) -> String {
    corpus_relative(file)
        .trim_end_matches(".jsonl")
        .replace('/', "-")
}

/// `PREFIX-NNNN`: the prefix and the number, when the id is well formed (at least four
/// digits, zero-padded to four and not beyond, from 1).
fn split_id(id: &str) -> Option<(&str, u32)> {
    let (prefix, digits) = id.rsplit_once('-')?;
    let well_formed_prefix = !prefix.is_empty()
        && prefix.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
    let number: u32 = digits.parse().ok()?;
    let canonical = format!("{number:04}") == digits;
    (well_formed_prefix && canonical && number > 0).then_some((prefix, number))
}

/// The ids retired from the corpus (`corpus/retired-ids.txt`): never to be used again.
fn retired_ids() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/retired-ids.txt");
    fs::read_to_string(path)
        .expect("corpus/retired-ids.txt exists")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            line.split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

#[test]
fn every_case_has_a_stable_id_never_reused() {
    let retired = retired_ids();
    let mut problems = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    // The numbers of each prefix, in use and retired.
    let mut numbers: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for id in &retired {
        match split_id(id) {
            Some((prefix, number)) => {
                if !numbers.entry(prefix.to_owned()).or_default().insert(number) {
                    problems.push(format!("corpus/retired-ids.txt: {id} listed twice"));
                }
            }
            None => problems.push(format!("corpus/retired-ids.txt: {id:?} is not an id")),
        }
    }
    let mut count = 0;
    for file in case_files() {
        let prefix = id_prefix(&file);
        let text = fs::read_to_string(&file).expect("a corpus file");
        for (index, line) in text.lines().enumerate() {
            let at = format!("{}:{}", corpus_relative(&file), index + 1);
            count += 1;
            if !line.starts_with("{\"id\":") {
                problems.push(format!("{at}: \"id\" is not the first key"));
            }
            let case: Map<String, Value> = serde_json::from_str(line).expect("a JSON object");
            let Some(id) = case.get("id").and_then(Value::as_str) else {
                problems.push(format!("{at}: no id"));
                continue;
            };
            match split_id(id) {
                Some((id_prefix, number)) if id_prefix == prefix => {
                    numbers.entry(prefix.clone()).or_default().insert(number);
                }
                _ => problems.push(format!("{at}: {id:?} is not {prefix}-NNNN")),
            }
            if retired.iter().any(|old| old == id) {
                problems.push(format!("{at}: {id} is retired (corpus/retired-ids.txt)"));
            }
            if let Some(first) = seen.insert(id.to_owned(), at.clone()) {
                problems.push(format!("{at}: {id} is also the id of {first}"));
            }
        }
    }
    // Every number up to the highest of its prefix is in use or retired: a case is never
    // dropped without retiring its id, and new ids continue the sequence.
    for (prefix, used) in &numbers {
        let highest = used.iter().max().copied().unwrap_or(0);
        let missing: Vec<u32> = (1..=highest).filter(|n| !used.contains(n)).collect();
        if !missing.is_empty() {
            problems.push(format!(
                "{prefix}: ids {missing:?} are neither in use nor in corpus/retired-ids.txt"
            ));
        }
    }
    assert!(count > 2000, "only {count} cases");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The sections of RFC 1738 a source may cite as `RFC 1738 §N`.
const RFC1738_SECTIONS: &[&str] = &[
    "1", "2", "2.1", "2.2", "2.3", "3", "3.1", "3.2", "3.2.1", "3.2.2", "3.2.3", "3.2.4", "3.2.5",
    "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11", "4", "5", "6",
];

/// The sections of RFC 1808 a source may cite as `RFC 1808 §N`: its parsing (2.4), its
/// resolution (4) and its examples (5.1 normal, 5.2 abnormal).
const RFC1808_SECTIONS: &[&str] = &["2.2", "2.4", "4", "5.1", "5.2"];

/// The sections (and appendices) of RFC 2396 a source may cite as `RFC 2396 §N`.
const RFC2396_SECTIONS: &[&str] = &[
    "1.3", "2", "2.1", "2.2", "2.3", "2.4.1", "2.4.2", "2.4.3", "3", "3.1", "3.2", "3.2.1",
    "3.2.2", "3.3", "3.4", "4", "4.1", "4.2", "5", "5.1", "5.2", "A", "B", "C", "C.1", "C.2",
];

/// The sections of RFC 1866 (HTML 2.0) a source may cite as `RFC 1866 §N`: comments
/// (3.2.5), undeclared markup (4.2.1), XMP and LISTING (5.5.2.1).
const RFC1866_SECTIONS: &[&str] = &["3.2.5", "4.2.1", "5.5.2.1"];

/// The sections of RFC 3986 a source may cite as `RFC 3986 §N`: its resolution (5.1 to
/// 5.3), its examples (5.4.1 normal, 5.4.2 abnormal) and Appendix B's regular expression.
const RFC3986_SECTIONS: &[&str] = &[
    "5.1", "5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.3", "5.4.1", "5.4.2", "B",
];

/// The sections of the WHATWG URL Standard a source may cite as `WHATWG URL Standard
/// "HEADING"` (a living standard: by heading, not by number).
const WHATWG_URL_SECTIONS: &[&str] = &[
    "URL miscellaneous",
    "URL parsing",
    "Host parsing",
    "URL serializing",
];

/// The functions of NCSA Mosaic 2.7b5 (`src/mo-www.c`, `src/gui.c`) a source may cite as
/// `NCSA Mosaic 2.7b5 FUNCTION`: how it called the CERN library for each element.
const MOSAIC_FUNCTIONS: &[&str] = &[
    "mo_url_canonicalize",
    "mo_url_canonicalize_keep_anchor",
    "submit_form_callback",
];

/// The functions of the CERN library (libwww 2.11) a source may cite as
/// `CERN libwww 2.11 FUNCTION`.
const CERN_FUNCTIONS: &[&str] = &["HTParse", "HTSimplify"];

/// The sections of RFC 1630 and of draft-www-uri-00 a source may cite by title; the first two
/// are the grammars, whose rules may follow the title.
const RFC1630_SECTIONS: &[&str] = &[
    "BNF of Generic URI Syntax",
    "BNF for specific URL schemes",
    "Encoding reserved characters",
    "Partial (relative) form",
    "Fragment-id",
];

/// The rules of a grammar file of `grammar/`, by section: `None` for a file without
/// sections (RFC 1738's section 5), else the section's heading in lower case.
fn bnf_rules(file: &str) -> HashMap<Option<String>, BTreeSet<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammar")
        .join(file);
    let mut rules: HashMap<Option<String>, BTreeSet<String>> = HashMap::new();
    let mut section = None;
    for line in fs::read_to_string(path).expect("a grammar file").lines() {
        if line.starts_with("BNF ") {
            section = Some(line.to_lowercase());
            continue;
        }
        let name: String = line
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "+_-".contains(*c))
            .collect();
        let rest = &line[name.len()..];
        let defines = rest.starts_with("  ") || rest.trim_start().starts_with("= ");
        if !name.is_empty() && name.starts_with(|c: char| c.is_ascii_lowercase()) && defines {
            rules.entry(section.clone()).or_default().insert(name);
        }
    }
    rules
}

/// Whether `rule` of `grammar/FILE.pest` has a `// CHOICE` comment in the comment block
/// right above it.
fn pest_choice(file: &str, rule: &str) -> bool {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("grammar")
        .join(file);
    let Ok(text) = fs::read_to_string(path) else {
        return false;
    };
    let lines: Vec<&str> = text.lines().collect();
    let definition = format!("{rule} = ");
    lines.iter().enumerate().any(|(index, line)| {
        line.starts_with(&definition)
            && lines[..index]
                .iter()
                .rev()
                .take_while(|above| above.starts_with("//"))
                .any(|above| above.starts_with("// CHOICE"))
    })
}

/// Checks the form of `source` and that what it names exists: the section, the grammar
/// rule in that section, the seed line, the CHOICE comment, the README heading.
struct Sources {
    rfc1738: BTreeSet<String>,
    rfc1630: HashMap<Option<String>, BTreeSet<String>>,
    draft: HashMap<Option<String>, BTreeSet<String>>,
    readme_headings: BTreeSet<String>,
}

impl Sources {
    fn new() -> Sources {
        // The headings of the guide's chapters (book/src/*.md).
        let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src");
        let mut readme_headings = BTreeSet::new();
        for entry in fs::read_dir(&book).expect("book/src") {
            let path = entry.expect("a chapter").path();
            if path.extension().is_some_and(|e| e == "md") {
                let text = fs::read_to_string(&path).expect("a chapter");
                readme_headings.extend(text.lines().filter_map(|line| {
                    line.trim_start_matches('#')
                        .strip_prefix(' ')
                        .filter(|_| line.starts_with('#'))
                        .map(str::to_owned)
                }));
            }
        }
        Sources {
            rfc1738: bnf_rules("rfc1738-section5.bnf")
                .remove(&None)
                .unwrap_or_default(),
            rfc1630: bnf_rules("rfc1630.bnf"),
            draft: bnf_rules("draft-www-uri-00.bnf"),
            readme_headings,
        }
    }

    /// The form of a valid source (`RFC 1738`, `RFC 1630`, `draft-www-uri-00`, `RFC 1808`,
    /// `RFC 1866`, `Mosaic`,
    /// `CERN`, `seed`, `choice`), or what is wrong with it.
    fn check(&self, source: &str) -> Result<&'static str, String> {
        if let Some(section) = source.strip_prefix("RFC 2396 §") {
            return match RFC2396_SECTIONS.contains(&section) {
                true => Ok("RFC 2396"),
                false => Err(format!(
                    "no section {section} in RFC 2396 that the corpus cites"
                )),
            };
        }
        if let Some(section) = source.strip_prefix("RFC 1808 §") {
            return match RFC1808_SECTIONS.contains(&section) {
                true => Ok("RFC 1808"),
                false => Err(format!(
                    "no section {section} in RFC 1808 that the corpus cites"
                )),
            };
        }
        if let Some(section) = source.strip_prefix("RFC 1866 §") {
            return match RFC1866_SECTIONS.contains(&section) {
                true => Ok("RFC 1866"),
                false => Err(format!(
                    "no section {section} in RFC 1866 that the corpus cites"
                )),
            };
        }
        if let Some(section) = source.strip_prefix("RFC 3986 §") {
            return match RFC3986_SECTIONS.contains(&section) {
                true => Ok("RFC 3986"),
                false => Err(format!(
                    "no section {section} in RFC 3986 that the corpus cites"
                )),
            };
        }
        if let Some(rest) = source.strip_prefix("WHATWG URL Standard \"") {
            let heading = rest.strip_suffix('"').ok_or("an unclosed heading")?;
            return match WHATWG_URL_SECTIONS.contains(&heading) {
                true => Ok("WHATWG URL Standard"),
                false => Err(format!(
                    "{heading:?} is no heading of the WHATWG URL Standard the corpus cites"
                )),
            };
        }
        if let Some(function) = source.strip_prefix("NCSA Mosaic 2.7b5 ") {
            return match MOSAIC_FUNCTIONS.contains(&function) {
                true => Ok("Mosaic"),
                false => Err(format!(
                    "{function:?} is no function of Mosaic 2.7b5 the corpus cites"
                )),
            };
        }
        if let Some(function) = source.strip_prefix("CERN libwww 2.11 ") {
            return match CERN_FUNCTIONS.contains(&function) {
                true => Ok("CERN"),
                false => Err(format!(
                    "{function:?} is no function of libwww 2.11 the corpus cites"
                )),
            };
        }
        if let Some(rest) = source.strip_prefix("RFC 1738 ") {
            if rest == "appendix" {
                return Ok("RFC 1738");
            }
            let rest = rest
                .strip_prefix('§')
                .ok_or("RFC 1738 §N or RFC 1738 appendix")?;
            let (section, rule) = match rest.split_once(' ') {
                Some((section, rule)) => (section, Some(rule)),
                None => (rest, None),
            };
            if !RFC1738_SECTIONS.contains(&section) {
                return Err(format!("no section {section} in RFC 1738"));
            }
            return match rule {
                None => Ok("RFC 1738"),
                Some(rule) if section == "5" && self.rfc1738.contains(rule) => Ok("RFC 1738"),
                Some(rule) => Err(format!("{rule:?} is no rule of RFC 1738 section 5")),
            };
        }
        for (document, rules) in [
            ("RFC 1630", &self.rfc1630),
            ("draft-www-uri-00", &self.draft),
        ] {
            let Some(rest) = source
                .strip_prefix(document)
                .and_then(|r| r.strip_prefix(" \""))
            else {
                continue;
            };
            let (title, rule) = rest.split_once('"').ok_or("an unclosed title")?;
            if !RFC1630_SECTIONS.contains(&title) {
                return Err(format!("{title:?} is not a section this corpus cites"));
            }
            return match rule {
                "" => Ok(if document == "RFC 1630" {
                    "RFC 1630"
                } else {
                    "draft-www-uri-00"
                }),
                rule => {
                    let rule = rule.strip_prefix(' ').ok_or("a space before the rule")?;
                    let known = rules
                        .get(&Some(title.to_lowercase()))
                        .is_some_and(|names| names.contains(rule));
                    if known {
                        Ok(if document == "RFC 1630" {
                            "RFC 1630"
                        } else {
                            "draft-www-uri-00"
                        })
                    } else {
                        Err(format!("{rule:?} is no rule of {document} {title:?}"))
                    }
                }
            };
        }
        if let Some(rest) = source.strip_prefix("seed ") {
            let (file, line) = rest.split_once(':').ok_or("seed FILE:LINE")?;
            let line: usize = line.parse().map_err(|_| "seed FILE:LINE")?;
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("corpus/extract/seeds")
                .join(file);
            if !file.ends_with(".txt") || file.contains('/') {
                return Err(format!("{file} is not a seed document"));
            }
            let bytes = fs::read(&path).map_err(|_| format!("no seed {file}"))?;
            let text = String::from_utf8_lossy(&bytes);
            let printed = text.lines().nth(line.wrapping_sub(1));
            return match printed {
                Some(printed) if !printed.trim().is_empty() => Ok("seed"),
                _ => Err(format!("line {line} of {file} is empty or missing")),
            };
        }
        if let Some(rest) = source.strip_prefix("choice: grammar/") {
            let (file, rule) = rest
                .split_once(" CHOICE ")
                .ok_or("choice: grammar/FILE.pest CHOICE RULE")?;
            if file.ends_with(".pest") && pest_choice(file, rule) {
                return Ok("choice");
            }
            return Err(format!("no CHOICE comment on {rule} in grammar/{file}"));
        }
        if let Some(rest) = source.strip_prefix("choice: book \"") {
            let heading = rest.strip_suffix('"').ok_or("an unclosed heading")?;
            if self.readme_headings.contains(heading) {
                return Ok("choice");
            }
            return Err(format!("the book (book/src) has no heading {heading:?}"));
        }
        Err("not one of the forms of corpus/README.md, \"Sources\"".into())
    }
}

#[test]
fn every_case_says_where_its_answer_comes_from() {
    let sources = Sources::new();
    let mut problems = Vec::new();
    let mut forms: BTreeMap<&str, usize> = BTreeMap::new();
    for file in case_files() {
        for case in read_cases(&file) {
            let at = format!("{}:{}", corpus_relative(&file), case.line);
            match case.expected.get("source").and_then(Value::as_str) {
                None => problems.push(format!("{at}: no source")),
                Some(source) => match sources.check(source) {
                    Ok(form) => *forms.entry(form).or_default() += 1,
                    Err(why) => problems.push(format!("{at}: {source:?}: {why}")),
                },
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Each form is in use: a check that matched nothing would prove nothing.
    for form in [
        "RFC 1738",
        "RFC 1630",
        "draft-www-uri-00",
        "RFC 1808",
        "RFC 2396",
        "RFC 1866",
        "RFC 3986",
        "WHATWG URL Standard",
        "Mosaic",
        "CERN",
        "seed",
        "choice",
    ] {
        assert!(
            forms.contains_key(form),
            "no source of the form {form}: {forms:?}"
        );
    }
}
