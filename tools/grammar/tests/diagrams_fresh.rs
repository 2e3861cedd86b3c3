//! The committed diagrams (`docs/diagrams/`) are what the grammar files draw today.

use std::path::Path;

#[test]
fn the_committed_diagrams_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = rfc1738_grammar_tools::render_all(&root.join("grammar")).unwrap();
    let out = root.join("docs/diagrams");
    let mut stale = Vec::new();
    for (path, contents) in &files {
        match std::fs::read_to_string(out.join(path)) {
            Ok(committed) if committed == *contents => {}
            _ => stale.push(path.clone()),
        }
    }
    let mut committed = 0;
    for dir in std::fs::read_dir(&out).unwrap() {
        let dir = dir.unwrap().path();
        committed += if dir.is_dir() {
            std::fs::read_dir(&dir).unwrap().count()
        } else {
            1
        };
    }
    assert!(
        stale.is_empty() && committed == files.len(),
        "docs/diagrams is stale ({} of {} files differ, {committed} committed): run \
         `cargo run --manifest-path tools/grammar/Cargo.toml --bin diagrams`. First: {:?}",
        stale.len(),
        files.len(),
        stale.first()
    );
}

#[test]
fn every_rule_has_its_rfc_text_and_a_labelled_diagram() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (file, _) in rfc1738_grammar_tools::GRAMMARS {
        let text = std::fs::read_to_string(root.join("grammar").join(file)).unwrap();
        let rules = rfc1738_grammar_tools::diagrams(&text).unwrap();
        // RFC 2396's Appendix A is one generic syntax of 40 rules; the 1994 grammars have a
        // production per scheme.
        let least = if file == "rfc2396.pest" { 40 } else { 60 };
        assert!(rules.len() > least, "{file}: {} rules", rules.len());
        for rule in rules {
            assert!(
                !rule.doc.is_empty(),
                "{file}: {} has no /// text",
                rule.name
            );
            assert!(
                rule.svg.contains(&format!("{}</text>", rule.name)),
                "{file}: {}",
                rule.name
            );
        }
    }
}
