//! The corpus's cases as a suite: every case of every file (the parse cases, `resolve/`,
//! `compare/`, `normalize/`, `keys/`, `lint/`, `requests/`, `extract/rules.jsonl`,
//! `links/pages.jsonl`, `archives/cases.jsonl`) has a stable id never reused and a
//! `source` of one of the documented forms that names what exists (corpus/README.md, "Ids"
//! and "Sources"). The cases' answers are checked by `tests/corpus.rs` and the others.

use rfc1738_test_support::corpus;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

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
    let mut files = corpus::files("");
    for dir in [
        "resolve",
        "compare",
        "normalize",
        "keys",
        "lint",
        "requests",
    ] {
        files.extend(corpus::files(dir));
    }
    files.push(corpus::dir().join("extract/rules.jsonl"));
    files.push(corpus::dir().join("links/pages.jsonl"));
    files.push(corpus::dir().join("archives/cases.jsonl"));
    files
}

/// The file's path under `corpus/`, `/` as the separator.
fn corpus_relative(file: &Path) -> String {
    let relative = file
        .strip_prefix(corpus::dir())
        .expect("a file under corpus/");
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
    let path = corpus::dir().join("retired-ids.txt");
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
        for (n, case) in corpus::read(&file).iter().enumerate() {
            let at = format!("{} case {}", corpus_relative(&file), n + 1);
            match case.get("source").and_then(Value::as_str) {
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
