//! The grammar files as a product: railroad diagrams of every rule, drawn from the `.pest`
//! files themselves (`pest_meta` reads them, the `railroad` crate draws), and the index
//! page that shows each diagram with the rule's RFC text.
//!
//! `cargo run --manifest-path tools/grammar/Cargo.toml --bin diagrams` writes
//! `docs/diagrams/`; `tests/diagrams_fresh.rs` fails when the committed files are stale.

pub mod abnf;
pub mod lang;
pub mod parsimonious;

use pest_meta::ast::Expr;
use railroad::{
    Choice, Comment, Diagram, Empty, End, LabeledBox, Node, NonTerminal, Optional, Repeat,
    Sequence, SimpleStart, Start, Stylesheet, Terminal,
};
use rfc1738_grammar_compiler::expr::{flatten_choice, flatten_sequence};
use std::collections::BTreeMap;

/// The grammar files drawn, with the document each implements.
pub const GRAMMARS: [(&str, &str); 4] = [
    (
        "rfc1738.pest",
        "RFC 1738, Uniform Resource Locators (December 1994), section 5",
    ),
    (
        "rfc1630.pest",
        "RFC 1630, Universal Resource Identifiers in WWW (June 1994)",
    ),
    (
        "draft-www-uri-00.pest",
        "draft-www-uri-00, the March 1994 draft of RFC 1630",
    ),
    (
        "rfc2396.pest",
        "RFC 2396, Uniform Resource Identifiers (URI): Generic Syntax (August 1998), Appendix A",
    ),
];

/// One rule drawn: its name, its `///` text (the RFC's), its `//` notes (PEG rewrites and
/// choices), and the SVG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleDiagram {
    /// The rule's name.
    pub name: String,
    /// The rule's `///` doc lines: the RFC's text of the rule.
    pub doc: Vec<String>,
    /// The `//` comment lines before the rule: why the PEG differs, choices.
    pub notes: Vec<String>,
    /// The diagram.
    pub svg: String,
}

/// The comment lines written before each rule of a `.pest` file: its `///` doc and its
/// `//` notes, by rule name.
pub(crate) fn comments(text: &str) -> BTreeMap<String, (Vec<String>, Vec<String>)> {
    let mut found = BTreeMap::new();
    let (mut doc, mut notes) = (Vec::new(), Vec::new());
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("///") {
            doc.push(rest.strip_prefix(' ').unwrap_or(rest).to_owned());
        } else if let Some(rest) = trimmed.strip_prefix("//") {
            notes.push(rest.strip_prefix(' ').unwrap_or(rest).to_owned());
        } else if let Some((name, _)) = line.split_once('=') {
            let name = name.trim();
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                found.insert(
                    name.to_owned(),
                    (std::mem::take(&mut doc), std::mem::take(&mut notes)),
                );
            }
        } else if trimmed.is_empty() {
            doc.clear();
            notes.clear();
        }
    }
    found
}

/// The expression as a railroad node.
fn node(expr: &Expr) -> Box<dyn Node> {
    match expr {
        Expr::Str(text) => Box::new(Terminal::new(format!("{text:?}"))),
        Expr::Insens(text) => Box::new(Terminal::new(format!("^{text:?} (any case)"))),
        Expr::Range(from, to) => Box::new(Terminal::new(format!("{from}..{to}"))),
        Expr::Ident(name) => Box::new(NonTerminal::new(name.clone())),
        Expr::PosPred(inner) => Box::new(LabeledBox::new(
            node(inner),
            Comment::new("followed by (not consumed)".to_owned()),
        )),
        Expr::NegPred(inner) => Box::new(LabeledBox::new(
            node(inner),
            Comment::new("not followed by".to_owned()),
        )),
        Expr::Seq(_, _) => {
            let mut parts = Vec::new();
            flatten_sequence(expr, &mut parts);
            Box::new(Sequence::new(parts.into_iter().map(node).collect()))
        }
        Expr::Choice(_, _) => {
            let mut parts = Vec::new();
            flatten_choice(expr, &mut parts);
            Box::new(Choice::new(parts.into_iter().map(node).collect()))
        }
        Expr::Opt(inner) => Box::new(Optional::new(node(inner))),
        Expr::Rep(inner) => Box::new(Optional::new(Repeat::new(node(inner), Empty))),
        Expr::RepOnce(inner) => Box::new(Repeat::new(node(inner), Empty)),
        Expr::RepExact(inner, n) => counted(inner, format!("{n} times")),
        Expr::RepMin(inner, n) => counted(inner, format!("at least {n} times")),
        Expr::RepMax(inner, n) => counted(inner, format!("at most {n} times")),
        Expr::RepMinMax(inner, m, n) => counted(inner, format!("{m} to {n} times")),
        Expr::Push(inner) => node(inner),
        other => Box::new(Comment::new(format!("{other:?}"))),
    }
}

fn counted(inner: &Expr, times: String) -> Box<dyn Node> {
    Box::new(Repeat::new(node(inner), Comment::new(times)))
}

/// Every rule of a grammar file's text, drawn, in the file's order.
pub fn diagrams(text: &str) -> Result<Vec<RuleDiagram>, String> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, text)
        .map_err(|error| error.to_string())?;
    let rules = pest_meta::parser::consume_rules(pairs).map_err(|errors| format!("{errors:?}"))?;
    let comments = comments(text);
    Ok(rules
        .iter()
        .map(|rule| {
            let mut sequence: Sequence<Box<dyn Node>> = Sequence::default();
            sequence
                .push(Box::new(SimpleStart))
                .push(Box::new(Comment::new(rule.name.clone())))
                .push(Box::new(Start))
                .push(node(&rule.expr))
                .push(Box::new(End));
            let diagram = Diagram::new_with_stylesheet(sequence, &Stylesheet::Light);
            let (doc, notes) = comments.get(&rule.name).cloned().unwrap_or_default();
            RuleDiagram {
                name: rule.name.clone(),
                doc,
                notes,
                svg: with_natural_size(&format!("{diagram}\n")),
            }
        })
        .collect())
}

/// The SVG with `width` and `height` from its `viewBox`, so that a page shows it at its
/// natural size instead of stretching it to the page's width.
fn with_natural_size(svg: &str) -> String {
    let Some(start) = svg.find("viewBox=\"0 0 ") else {
        return svg.to_owned();
    };
    let numbers = &svg[start + "viewBox=\"0 0 ".len()..];
    let Some(end) = numbers.find('"') else {
        return svg.to_owned();
    };
    let Some((width, height)) = numbers[..end].split_once(' ') else {
        return svg.to_owned();
    };
    format!(
        "{}width=\"{width}\" height=\"{height}\" {}",
        &svg[..start],
        &svg[start..]
    )
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The folder of a grammar file's diagrams (`rfc1738.pest` -> `rfc1738`).
pub fn folder(file: &str) -> &str {
    file.trim_end_matches(".pest")
}

/// The index page: every grammar, every rule, its RFC text, notes and diagram.
pub fn index_html(grammars: &[(&str, &str, Vec<RuleDiagram>)]) -> String {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>The URL grammars of 1994 and RFC 2396: railroad diagrams</title>\n<style>\n\
         body { font-family: sans-serif; margin: 2em; max-width: 80em; }\n\
         section.rule { border-top: 1px solid #ccc; padding: 0.5em 0; }\n\
         pre.rfc { background: #f6f6f0; padding: 0.5em; }\n\
         pre.note { color: #555; font-size: 90%; }\n\
         nav a { margin-right: 0.6em; }\n\
         img { max-width: 100%; height: auto; }\n</style>\n</head>\n<body>\n\
         <h1>The URL grammars of 1994 and RFC 2396 (1998), rule by rule</h1>\n\
         <p>Drawn from the grammar files in <code>grammar/</code> by \
         <code>cargo run --manifest-path tools/grammar/Cargo.toml --bin diagrams</code>. \
         Each rule shows the RFC's text (the rule's <code>///</code> lines), the notes on \
         where the PEG differs from the BNF, and its diagram. Quoted text is matched \
         exactly; boxes are other rules.</p>\n",
    );
    for (file, title, rules) in grammars {
        let dir = folder(file);
        html.push_str(&format!(
            "<h2 id=\"{dir}\">{} (<code>grammar/{file}</code>)</h2>\n<nav>",
            escape_html(title)
        ));
        for rule in rules {
            html.push_str(&format!("<a href=\"#{dir}-{0}\">{0}</a> ", rule.name));
        }
        html.push_str("</nav>\n");
        for rule in rules {
            html.push_str(&format!(
                "<section class=\"rule\" id=\"{dir}-{name}\">\n<h3>{name}</h3>\n",
                name = rule.name
            ));
            if !rule.doc.is_empty() {
                html.push_str(&format!(
                    "<pre class=\"rfc\">{}</pre>\n",
                    escape_html(&rule.doc.join("\n"))
                ));
            }
            if !rule.notes.is_empty() {
                html.push_str(&format!(
                    "<pre class=\"note\">{}</pre>\n",
                    escape_html(&rule.notes.join("\n"))
                ));
            }
            html.push_str(&format!(
                "<img src=\"{dir}/{name}.svg\" alt=\"railroad diagram of {name}\">\n</section>\n",
                name = rule.name
            ));
        }
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// Every file of `docs/diagrams/`, path (relative to it) and contents, from the grammar
/// files in `grammar_dir`.
pub fn render_all(grammar_dir: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    let mut grammars = Vec::new();
    for (file, title) in GRAMMARS {
        let text =
            std::fs::read_to_string(grammar_dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        let rules = diagrams(&text).map_err(|e| format!("{file}: {e}"))?;
        for rule in &rules {
            files.push((
                format!("{}/{}.svg", folder(file), rule.name),
                rule.svg.clone(),
            ));
        }
        grammars.push((file, title, rules));
    }
    files.push(("index.html".to_owned(), index_html(&grammars)));
    Ok(files)
}

/// Every exported grammar (`grammar/abnf/*.abnf`, `grammar/python/*.peg`): path relative
/// to `grammar/`, and contents, from the grammar files in `grammar_dir`.
pub fn exports(grammar_dir: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let mut files = Vec::new();
    for (file, title) in GRAMMARS {
        let text =
            std::fs::read_to_string(grammar_dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        let stem = folder(file);
        files.push((format!("abnf/{stem}.abnf"), abnf::abnf(file, &text, title)?));
        files.push((
            format!("python/{stem}.peg"),
            parsimonious::parsimonious(file, &text, title)?,
        ));
    }
    Ok(files)
}
