//! The grammar files as grammars of parsimonious (PyPI `parsimonious`), a PEG library for
//! Python: `grammar/python/*.peg`, generated from the `.pest` files.
//!
//! parsimonious is a PEG (packrat) parser like pest: ordered choice `/`, greedy
//! repetition, `!` and `&` lookaheads. So every rule is written as the `.pest` file
//! writes it, with the same meaning; only the spelling changes:
//! - `^"ftp://"` (any case) is the regular expression `~"ftp://"i`;
//! - a range `'a'..'z'` and pest's `ASCII_*` classes are character classes `~"[a-z]"`;
//! - `EOI` and `NEWLINE` are rules of their own (`EOI = !~"."s`); `SOI`, which only opens
//!   the entry rules, is left out: parsimonious's `parse` starts at the input's start and
//!   must reach its end;
//! - a rule that is only another rule's name (`port = { digits }`) is written
//!   `port = digits ""`, since parsimonious would otherwise make the two one expression
//!   and name its node after the other rule.

use pest_meta::ast::{Expr, RuleType};

fn python_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn regex_escape(text: &str) -> String {
    text.chars()
        .map(|c| {
            if ".^$*+?{}[]\\|()".contains(c) {
                format!("\\{c}")
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Precedence: 0 choice, 1 sequence, 2 prefix/suffix element.
fn print(expr: &Expr, outer: u8, used: &mut Vec<&'static str>) -> String {
    let (text, prec) = match expr {
        Expr::Str(text) => (python_string(text), 2),
        Expr::Insens(text) => (format!("~{}i", python_string(&regex_escape(text))), 2),
        Expr::Range(a, b) => (format!("~\"[{a}-{b}]\""), 2),
        Expr::Ident(name) => match name.as_str() {
            "ASCII_ALPHA" => ("~\"[A-Za-z]\"".to_owned(), 2),
            "ASCII_ALPHA_LOWER" => ("~\"[a-z]\"".to_owned(), 2),
            "ASCII_ALPHA_UPPER" => ("~\"[A-Z]\"".to_owned(), 2),
            "ASCII_DIGIT" => ("~\"[0-9]\"".to_owned(), 2),
            "ASCII_HEX_DIGIT" => ("~\"[0-9A-Fa-f]\"".to_owned(), 2),
            "SOI" => (String::new(), 2),
            "EOI" => {
                used.push("EOI");
                ("EOI".to_owned(), 2)
            }
            "NEWLINE" => {
                used.push("NEWLINE");
                ("NEWLINE".to_owned(), 2)
            }
            other => (other.to_owned(), 2),
        },
        Expr::PosPred(inner) => (format!("&{}", print(inner, 2, used)), 2),
        Expr::NegPred(inner) => (format!("!{}", print(inner, 2, used)), 2),
        Expr::Seq(a, b) => {
            let parts: Vec<String> = [print(a, 1, used), print(b, 1, used)]
                .into_iter()
                .filter(|p| !p.is_empty())
                .collect();
            (parts.join(" "), 1)
        }
        Expr::Choice(a, b) => (format!("{} / {}", print(a, 0, used), print(b, 0, used)), 0),
        Expr::Opt(inner) => (format!("{}?", print(inner, 3, used)), 2),
        Expr::Rep(inner) => (format!("{}*", print(inner, 3, used)), 2),
        Expr::RepOnce(inner) => (format!("{}+", print(inner, 3, used)), 2),
        other => panic!("{other:?} is not used by the grammar files"),
    };
    // A suffix applies to an element that is not itself prefixed or suffixed.
    let needs = if outer == 3 {
        prec < 2
            || text.starts_with('!')
            || text.starts_with('&')
            || text.ends_with(['*', '+', '?'])
    } else {
        prec < outer
    };
    if needs {
        format!("({text})")
    } else {
        text
    }
}

/// The parsimonious grammar of a grammar file: `file` is its name, `text` its contents.
pub fn parsimonious(file: &str, text: &str, title: &str) -> Result<String, String> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, text)
        .map_err(|error| format!("{file}: {error}"))?;
    let rules = pest_meta::parser::consume_rules(pairs).map_err(|e| format!("{file}: {e:?}"))?;
    let comments = crate::comments(text);
    let mut out = format!(
        "# {title}: the grammar of grammar/{file} for parsimonious (PyPI), a PEG library.\n\
         # GENERATED from grammar/{file} by\n\
         #   cargo run --manifest-path tools/grammar/Cargo.toml --bin exports\n\
         # Do not edit: tools/grammar/tests/exports_fresh.rs fails when this file is stale.\n\
         #\n\
         # The rules are the .pest file's, with its names and its meaning: \"/\" is ordered\n\
         # choice, repetition is greedy, \"!\" and \"&\" are lookaheads. ~\"...\"i is a literal in\n\
         # any case (pest's ^\"...\"). A rule that is only another rule's name is written\n\
         # `name \"\"` so that its node keeps its name. Before each rule, the RFC's text of it\n\
         # and the .pest file's notes. parse() must read the whole input: pest's SOI is left out.\n\n"
    );
    let mut used = Vec::new();
    for rule in &rules {
        let (doc, notes) = comments.get(&rule.name).cloned().unwrap_or_default();
        for (index, line) in doc.iter().enumerate() {
            out.push_str(&if index == 0 {
                format!("# RFC: {line}\n")
            } else {
                format!("#      {line}\n")
            });
        }
        for note in notes {
            out.push_str(&format!("# {note}\n").replace("# \n", "#\n"));
        }
        if rule.ty == RuleType::Silent {
            out.push_str("# (silent in pest: no pair of its own)\n");
        }
        let mut body = print(&rule.expr, 0, &mut used);
        if matches!(&rule.expr, Expr::Ident(name) if !name.starts_with("ASCII_")) {
            body.push_str(" \"\"");
        }
        out.push_str(&format!("{} = {body}\n\n", rule.name));
    }
    used.sort_unstable();
    used.dedup();
    for builtin in used {
        out.push_str(match builtin {
            "EOI" => "# pest's EOI: the end of the input.\nEOI = !~\".\"s\n\n",
            _ => "# pest's NEWLINE.\nNEWLINE = \"\\n\" / \"\\r\\n\" / \"\\r\"\n\n",
        });
    }
    Ok(out.trim_end().to_owned() + "\n")
}
