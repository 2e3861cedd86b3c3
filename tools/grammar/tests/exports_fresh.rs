//! The committed exports (`grammar/abnf/*.abnf`, `grammar/python/*.peg`) are what the
//! grammar files give today, and every rule of the grammar files is in them.

use std::path::Path;

#[test]
fn the_committed_exports_are_fresh() {
    let grammar = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../grammar");
    let files = rfc1738_grammar_tools::exports(&grammar).unwrap();
    let stale: Vec<&str> = files
        .iter()
        .filter(|(path, contents)| {
            std::fs::read_to_string(grammar.join(path)).ok().as_ref() != Some(contents)
        })
        .map(|(path, _)| path.as_str())
        .collect();
    assert!(
        stale.is_empty(),
        "stale exports {stale:?}: run `cargo run --manifest-path tools/grammar/Cargo.toml --bin exports`"
    );
    for dir in ["abnf", "python"] {
        let committed = std::fs::read_dir(grammar.join(dir)).unwrap().count();
        let made = files.iter().filter(|(p, _)| p.starts_with(dir)).count();
        assert_eq!(
            committed, made,
            "grammar/{dir} holds files no grammar makes"
        );
    }
}

#[test]
fn every_rule_is_exported_with_its_rfc_text_and_no_lookahead_is_left() {
    let grammar = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../grammar");
    for (file, title) in rfc1738_grammar_tools::GRAMMARS {
        let text = std::fs::read_to_string(grammar.join(file)).unwrap();
        let abnf = rfc1738_grammar_tools::abnf::abnf(file, &text, title).unwrap();
        let peg = rfc1738_grammar_tools::parsimonious::parsimonious(file, &text, title).unwrap();
        for rule in rfc1738_grammar_tools::diagrams(&text).unwrap() {
            let abnf_name = rfc1738_grammar_tools::abnf::name(&rule.name);
            let defined = abnf
                .lines()
                .any(|l| l.starts_with(&format!("{abnf_name} = ")));
            let core = abnf.contains(&format!(";   {abnf_name} = "));
            assert!(defined || core, "{file}: {abnf_name} is not in the ABNF");
            assert!(
                abnf.contains(&format!("; RFC: {}", rule.doc[0])),
                "{file}: the RFC text of {}",
                rule.name
            );
            assert!(
                peg.lines()
                    .any(|l| l.starts_with(&format!("{} = ", rule.name))),
                "{file}: {} is not in the PEG",
                rule.name
            );
        }
        // ABNF has no lookahead: no rule body holds pest's "!" or "&" operators.
        for line in abnf.lines().filter(|l| !l.starts_with(';')) {
            assert!(
                !line.contains(" !") && !line.contains(" &"),
                "{file}: {line}"
            );
        }
    }
}
