//! The grammar file transcribes all of RFC 1738 section 5: every rule of the RFC (kept in
//! `grammar/rfc1738-section5.bnf`) has a pest rule of the same name whose `///` doc comment
//! quotes the RFC's definition word for word, and every pest rule is documented.

use pretty_assertions::assert_eq;
use std::collections::BTreeMap;

const BNF: &str = include_str!("../grammar/rfc1738-section5.bnf");
const PEST: &str = include_str!("../grammar/rfc1738.pest");

/// The RFC's rules: name to definition (continuation lines joined, whitespace collapsed).
fn rfc_rules() -> BTreeMap<String, String> {
    let mut rules = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in BNF.lines() {
        let starts_rule = line
            .split_once('=')
            .filter(|(name, _)| !line.starts_with([' ', ';']) && !name.trim().is_empty());
        if let Some((name, _)) = starts_rule {
            rules.extend(current.take());
            current = Some((
                name.trim().to_owned(),
                rfc1738_test_support::pest_docs::collapse(line),
            ));
        } else if line.starts_with(' ') && !line.trim().is_empty() {
            if let Some((_, definition)) = current.as_mut() {
                definition.push(' ');
                definition.push_str(&rfc1738_test_support::pest_docs::collapse(line));
            }
        } else {
            rules.extend(current.take());
        }
    }
    rules.extend(current);
    rules
}

/// pest rule name to the text of its `///` doc comment (collapsed), `None` when undocumented.
fn pest_rules() -> BTreeMap<String, Option<String>> {
    rfc1738_test_support::pest_docs::rules(PEST)
}

fn pest_name(rfc_name: &str) -> String {
    rfc_name.replace('-', "_").replace('+', "_plus")
}

#[test]
fn the_rfc_copy_holds_all_67_rules_of_section_5() {
    assert_eq!(rfc_rules().len(), 67);
}

#[test]
fn every_rfc_rule_has_a_pest_rule_of_the_same_name() {
    let pest = pest_rules();
    let missing: Vec<String> = rfc_rules()
        .keys()
        .filter(|name| !pest.contains_key(&pest_name(name)))
        .cloned()
        .collect();
    assert_eq!(missing, Vec::<String>::new());
}

#[test]
fn every_rfc_rule_quotes_its_rfc_definition() {
    let pest = pest_rules();
    for (name, definition) in rfc_rules() {
        let doc = pest[&pest_name(&name)].clone().unwrap_or_default();
        assert_eq!(doc, definition, "the doc comment of {}", pest_name(&name));
    }
}

#[test]
fn every_pest_rule_is_documented() {
    let undocumented: Vec<String> = pest_rules()
        .into_iter()
        .filter(|(_, doc)| doc.is_none())
        .map(|(name, _)| name)
        .collect();
    assert_eq!(undocumented, Vec::<String>::new());
}

#[test]
fn rules_beyond_the_rfc_are_few_and_known() {
    let rfc: Vec<String> = rfc_rules().keys().map(|name| pest_name(name)).collect();
    let extra: Vec<String> = pest_rules()
        .into_keys()
        .filter(|name| !rfc.contains(name))
        .collect();
    assert_eq!(
        extra,
        [
            "all_groups",
            "fragment",
            "fragmentid",
            "gopher_search",
            "predefined_scheme",
            "prefixedurl",
            "trailing_slash",
            "url_prefix",
            "urlreference",
            "whole_reference",
            "whole_url",
            "xalpha"
        ]
    );
}
