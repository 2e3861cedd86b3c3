//! The grammar files load unchanged into pest's VM (`pest_meta` + `pest_vm`, no code
//! generation), and the VM gives the compiled parser's accept/reject verdict for every
//! corpus case, per dialect.

use pest_vm::Vm;
use rfc1738::Dialect;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load(file: &str) -> Vm {
    let text = std::fs::read_to_string(root().join("grammar").join(file)).unwrap();
    let (_, rules) = pest_meta::parse_and_optimize(&text)
        .unwrap_or_else(|errors| panic!("{file} does not load: {errors:?}"));
    Vm::new(rules)
}

/// What the grammar reads of a corpus input: for RFC 1738, the URL without the prefix
/// `URL:` and the `#fragment` (the appendix's wrapper, read outside the grammar; `URL:` is
/// a prefix only before `scheme ":"`, else the scheme of a generic URL); for the RFC 1630
/// family, all of it; for RFC 2396, all of it too: it has no `URL:` prefix (`URL:http://h/`
/// is an absolute URI of scheme `url`), and its entry rule `whole_reference` reads the
/// fragment.
fn grammar_input(dialect: Dialect, input: &str) -> &str {
    if dialect != Dialect::Rfc1738 {
        return input;
    }
    let unprefixed = match input.get(..4) {
        Some(prefix)
            if prefix.eq_ignore_ascii_case("URL:")
                && rfc1738::leading_scheme(&input[4..]).is_some() =>
        {
            &input[4..]
        }
        _ => input,
    };
    unprefixed.split('#').next().unwrap_or_default()
}

#[test]
fn the_vm_and_the_compiled_parser_agree_on_every_corpus_case() {
    let grammars = [
        (Dialect::Rfc1738, load("rfc1738.pest"), "whole_url"),
        (Dialect::Rfc1630, load("rfc1630.pest"), "whole_uri"),
        (
            Dialect::DraftWwwUri00,
            load("draft-www-uri-00.pest"),
            "whole_uri",
        ),
        (Dialect::Rfc2396, load("rfc2396.pest"), "whole_reference"),
    ];
    let mut checked = [0usize; 4];
    let mut disagreements = Vec::new();
    for entry in std::fs::read_dir(root().join("corpus")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let (Some(input), Some(dialect)) = (case["input"].as_str(), case["dialect"].as_str())
            else {
                continue;
            };
            let dialect: Dialect = dialect.parse().unwrap();
            let (index, (_, vm, entry_rule)) = grammars
                .iter()
                .enumerate()
                .find(|(_, (d, _, _))| *d == dialect)
                .unwrap();
            let text = grammar_input(dialect, input);
            let vm_accepts = vm.parse(entry_rule, text).is_ok();
            let compiled_accepts = rfc1738_judge::fuzzing::grammar_accepts(dialect, text);
            if vm_accepts != compiled_accepts {
                disagreements.push(format!(
                    "{dialect} {text:?}: vm {vm_accepts}, compiled {compiled_accepts}"
                ));
            }
            checked[index] += 1;
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    // RFC 2396's corpus is younger and smaller (one generic syntax, no production per
    // scheme).
    assert!(
        checked[..3].iter().all(|&n| n > 300) && checked[3] > 80,
        "cases per dialect: {checked:?}"
    );
}

/// RFC 1738's reference entry rule, `whole_reference` (`[URL:] url [#fragment]` and an
/// optional final line break), reads every RFC 1738 corpus input whole, prefix and fragment
/// included, as the compiled parser does, and as the library does: a case is valid only if
/// the grammar accepts it (the library adds the range checks). With a final line break,
/// as in a file given to pest_debugger, the verdict is the same.
#[test]
fn the_vm_reads_rfc1738_references_as_the_compiled_parser() {
    let vm = load("rfc1738.pest");
    let (mut checked, mut prefixed, mut fragments) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for entry in std::fs::read_dir(root().join("corpus")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let (Some(input), Some("rfc1738")) = (case["input"].as_str(), case["dialect"].as_str())
            else {
                continue;
            };
            let vm_accepts = vm.parse("whole_reference", input).is_ok();
            let compiled_accepts = rfc1738_judge::fuzzing::grammar_accepts_reference(input);
            let with_newline = vm.parse("whole_reference", &format!("{input}\n")).is_ok();
            if vm_accepts != compiled_accepts
                || with_newline != vm_accepts
                || (case["valid"] == true && !vm_accepts)
            {
                disagreements.push(format!(
                    "{input:?}: vm {vm_accepts} ({with_newline} with a newline), compiled \
                     {compiled_accepts}, valid {}",
                    case["valid"]
                ));
            }
            checked += 1;
            prefixed += usize::from(case["prefixed"] == true);
            fragments += usize::from(case["fragment"].is_string());
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    assert!(
        checked > 300 && prefixed > 10 && fragments > 10,
        "{checked} cases, {prefixed} prefixed, {fragments} with a fragment"
    );
}

/// The invalid cases the grammars accept are exactly those the library rejects for a
/// limit its grammar leaves to prose (`tools/grammar/agree.py`'s `PROSE_LIMITS`, which
/// expects the exported grammars to accept them): a port above 65535, a hostnumber part
/// above 255 (RFC 2396 sets no such limit: the grammar accepts none of its invalid cases).
/// Read as the corpus asks, a reference: RFC 1738's `whole_reference`, the RFC 1630
/// family's `whole_uri`, RFC 2396's `whole_reference`.
#[test]
fn the_grammars_accept_an_invalid_case_only_for_a_prose_limit() {
    const PROSE_LIMITS: [&str; 2] = ["port-out-of-range", "octet-out-of-range"];
    let mut accepted = std::collections::BTreeMap::<String, usize>::new();
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(root().join("corpus")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let (Some(input), Some(dialect)) = (case["input"].as_str(), case["dialect"].as_str())
            else {
                continue;
            };
            if case["valid"] == true {
                continue;
            }
            let dialect: Dialect = dialect.parse().unwrap();
            let grammar = if dialect == Dialect::Rfc1738 {
                rfc1738_judge::fuzzing::grammar_accepts_reference(input)
            } else {
                rfc1738_judge::fuzzing::grammar_accepts(dialect, input)
            };
            let code = case["error"]["code"].as_str().unwrap();
            if grammar != PROSE_LIMITS.contains(&code) {
                wrong.push(format!("{dialect} {input:?}: {code}, grammar {grammar}"));
            }
            if grammar {
                *accepted.entry(code.to_owned()).or_default() += 1;
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(accepted.len() == 2, "{accepted:?}");
}
