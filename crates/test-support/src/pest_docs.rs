//! The tests' one reader of a `.pest` file's rules and their `///` doc comments (each rule
//! quotes its document there).

use std::collections::BTreeMap;

/// Rule name to the text of its `///` doc comment (whitespace collapsed), `None` when
/// undocumented. Ordinary `//` comments (`// PEG:`, `// CHOICE:`) between a doc comment
/// and its rule are skipped; a blank line ends a doc comment.
pub fn rules(pest: &str) -> BTreeMap<String, Option<String>> {
    let mut rules = BTreeMap::new();
    let mut doc: Vec<&str> = Vec::new();
    for line in pest.lines() {
        let trimmed = line.trim_start();
        if let Some(text) = trimmed.strip_prefix("///") {
            doc.push(text);
        } else if trimmed.starts_with("//") {
            // An ordinary comment between a doc comment and its rule.
        } else if let Some((name, _)) = line.split_once(" = ") {
            if !name.starts_with(' ') && !name.is_empty() {
                let documented = (!doc.is_empty()).then(|| collapse(&doc.join(" ")));
                rules.insert(name.to_owned(), documented);
            }
            doc.clear();
        } else if trimmed.is_empty() {
            doc.clear();
        }
    }
    rules
}

/// Whitespace collapsed to single spaces.
pub fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
