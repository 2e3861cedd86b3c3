//! `grammar/README.md` lists every PEG rewrite: each rule with a `// PEG:` comment in a
//! grammar file is named (in backticks) in the README's list.

use std::path::Path;

#[test]
fn every_peg_rewrite_is_listed_in_the_grammar_readme() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../grammar");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut missing = Vec::new();
    for (file, _) in rfc1738_grammar_tools::GRAMMARS {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for rule in rfc1738_grammar_tools::diagrams(&text).unwrap() {
            let rewritten = rule.notes.iter().any(|note| note.contains("PEG:"));
            if rewritten && !readme.contains(&format!("`{}`", rule.name)) {
                missing.push(format!("{file}: {}", rule.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rewrites missing from grammar/README.md: {missing:?}"
    );
}
