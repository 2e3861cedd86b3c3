//! The RFC 1630 family's grammar files transcribe their documents whole: every rule of RFC
//! 1630 (`grammar/rfc1630.bnf`) and of draft-www-uri-00 (`grammar/draft-www-uri-00.bnf`)
//! has a pest rule of the same name whose `///` doc comment quotes each of the document's
//! definitions of it, and every pest rule is documented.

use pretty_assertions::assert_eq;
use std::collections::BTreeMap;

const RFC1630_BNF: &str = include_str!("../grammar/rfc1630.bnf");
const RFC1630_PEST: &str = include_str!("../grammar/rfc1630.pest");
const DRAFT_BNF: &str = include_str!("../grammar/draft-www-uri-00.bnf");
const DRAFT_PEST: &str = include_str!("../grammar/draft-www-uri-00.pest");

/// The document's rules: name to its definitions ("name  definition", continuation lines
/// joined, whitespace collapsed), in the order printed. A rule the document prints in both
/// grammars has two. Definitions reading "as above" repeat an earlier one and are skipped.
fn bnf_rules(bnf: &str) -> BTreeMap<String, Vec<String>> {
    let mut rules: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current: Option<(Vec<String>, String)> = None;
    let mut finish = |current: &mut Option<(Vec<String>, String)>| {
        if let Some((names, text)) = current.take() {
            for name in names {
                rules.entry(name).or_default().push(text.clone());
            }
        }
    };
    for line in bnf.lines() {
        if line.starts_with(' ') && !line.trim().is_empty() {
            if let Some((_, text)) = current.as_mut() {
                text.push(' ');
                text.push_str(&collapse(line));
            }
            continue;
        }
        finish(&mut current);
        if let Some((names, definition)) = rule_line(line)
            && definition != "as above"
        {
            current = Some((names, collapse(line)));
        }
    }
    finish(&mut current);
    rules
}

/// `name  definition` (two or more spaces between), `alpha, digit  as above`, or `void`.
fn rule_line(line: &str) -> Option<(Vec<String>, String)> {
    if line == "void" {
        return Some((vec!["void".to_owned()], String::new()));
    }
    let (names, definition) = line.split_once("  ")?;
    let names: Vec<String> = names.split(", ").map(str::to_owned).collect();
    let is_name = |name: &String| {
        name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    names
        .iter()
        .all(is_name)
        .then(|| (names, definition.trim().to_owned()))
}

/// pest rule name to the text of its `///` doc comment (collapsed), `None` when undocumented.
fn pest_rules(pest: &str) -> BTreeMap<String, Option<String>> {
    rfc1738_test_support::pest_docs::rules(pest)
}

fn collapse(text: &str) -> String {
    rfc1738_test_support::pest_docs::collapse(text)
}

/// `addr-spec` is `addr_spec`.
fn pest_name(name: &str) -> String {
    name.replace('-', "_")
}

/// Checks one grammar file against its document; returns the rules beyond the document.
fn check(bnf: &str, pest: &str) -> Vec<String> {
    let document = bnf_rules(bnf);
    let grammar = pest_rules(pest);
    let missing: Vec<&String> = document
        .keys()
        .filter(|name| !grammar.contains_key(&pest_name(name)))
        .collect();
    assert_eq!(
        missing,
        Vec::<&String>::new(),
        "rules of the document missing"
    );
    for (name, definitions) in &document {
        let doc = grammar[&pest_name(name)].clone().unwrap_or_default();
        for definition in definitions {
            assert!(
                doc.contains(definition.as_str()),
                "the doc comment of {name} does not quote {definition:?}: {doc:?}"
            );
        }
    }
    let undocumented: Vec<&String> = grammar
        .iter()
        .filter(|(_, doc)| doc.is_none())
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        undocumented,
        Vec::<&String>::new(),
        "undocumented pest rules"
    );
    grammar
        .into_keys()
        .filter(|name| !document.keys().any(|rule| pest_name(rule) == *name))
        .collect()
}

#[test]
fn the_rfc1630_copy_holds_both_grammars() {
    let rules = bnf_rules(RFC1630_BNF);
    // 21 generic rules and 63 URL rules, two of which ("alpha, digit", "hex") read "as
    // above": 82 definitions of 66 names.
    let printed: usize = rules.values().map(Vec::len).sum();
    assert_eq!((rules.len(), printed), (66, 82));
    assert_eq!(rules["xpalphas"].len(), 2);
    assert!(rules.contains_key("afsaddress"));
}

#[test]
fn every_rfc1630_rule_is_in_the_grammar_and_quoted() {
    let extra = check(RFC1630_BNF, RFC1630_PEST);
    assert_eq!(
        extra,
        [
            "addr_spec",
            "content_identifier",
            "fragment",
            "rloginaddress",
            "tn3270address",
            "url_prefix",
            "url_scheme",
            "whole_uri"
        ]
    );
}

#[test]
fn every_draft_rule_is_in_the_grammar_and_quoted() {
    let extra = check(DRAFT_BNF, DRAFT_PEST);
    assert_eq!(
        extra,
        [
            "addr_spec",
            "content_identifier",
            "fragment",
            "rloginaddress",
            "tn3270address",
            "url_end",
            "url_prefix",
            "whole_uri"
        ]
    );
}
