//! The grammar files as ABNF (RFC 5234, with RFC 7405's `%s` for case-sensitive strings):
//! `grammar/abnf/*.abnf`, generated from the `.pest` files.
//!
//! Each pest rule becomes an ABNF rule of the RFC's name (`_` written `-`), preceded by its
//! `///` text (the RFC's) and its `//` notes as comments. The PEG's constructs map one to
//! one but two:
//! - a negative lookahead of finitely many words is derived away (`crate::lang`): the
//!   comment gives the PEG and says the rule is its context-free form;
//! - a rule whose lookahead needs the text after the rule (or a positive lookahead), or
//!   whose ordered choice commits where a union would not, is taken from `REWRITES`, a
//!   table of hand rewrites written in pest's syntax (and derived the same way), each
//!   with its reason.
//!
//! Ordered choice becomes ABNF's `/`, a union. Where both readings of an input exist
//! (the draft's named productions and `generic`), the union is the PEG's language and the
//! alternative the PEG takes is written first.

use crate::lang::{CharSet, Grammar, Lang};
use std::collections::BTreeMap;

/// A hand rewrite: grammar file, rule, its context-free form in pest's syntax (helper
/// rules may follow it), and why.
pub struct Rewrite {
    /// The grammar file.
    pub file: &'static str,
    /// The rule rewritten.
    pub rule: &'static str,
    /// The rule's context-free form, in pest's syntax, and any helper rules.
    pub pest: &'static str,
    /// Why the PEG rule cannot be transcribed as it is, and why this is its language.
    pub reason: &'static str,
}

/// The named productions of the draft's `url`, without `generic`.
const DRAFT_NAMED: &str = "httpaddress | ftpaddress | newsaddress | nntpaddress | \
    prosperoaddress | telnetaddress | gopheraddress | waisaddress | mailtoaddress | \
    midaddress | cidaddress | rloginaddress | tn3270address";

/// The hand rewrites: where PEG and a context-free grammar part ways in a way the
/// derivation of `crate::lang` cannot follow.
pub const REWRITES: &[Rewrite] = &[
    Rewrite {
        file: "rfc1738.pest",
        rule: "urlreference",
        pest: "urlreference = { (prefixedurl | unprefixed_url) ~ fragment? }\n\
               unprefixed_url = { httpurl | ftpurl | newsurl | nntpurl | telneturl | gopherurl | \
               waisurl | mailtourl | fileurl | prosperourl | unprefixed_otherurl }\n\
               unprefixed_otherurl = { !((predefined_scheme | ^\"url\") ~ \":\") ~ genericurl | \
               ^\"url:\" ~ unprefixed_schemepart }\n\
               unprefixed_schemepart = { ip_schemepart | \":\" ~ xchar* | (lowalpha | hialpha | digit | \"+\" | \"-\" | \".\")* ~ \
               (!(lowalpha | hialpha | digit | \"+\" | \"-\" | \".\" | \":\") ~ xchar ~ xchar*)? }",
        reason: "the lookaheads `&url_prefix` and `!url_prefix` read an unbounded `scheme`. \
                 Every `prefixedurl` starts with `url_prefix` (\"URL:\" then a url, which \
                 starts with `scheme \":\"`), so `&url_prefix` adds nothing to it. Of the \
                 forms of `url`, only an `otherurl` of scheme \"url\" (any case) can start \
                 with `url_prefix`: `unprefixed_url` is `url` with that one left out, an \
                 `otherurl` of scheme \"url\" whose schemepart does not start with \
                 `scheme \":\"` (`unprefixed_schemepart`: scheme characters not followed by \
                 \":\", or a schemepart that starts with \":\").",
    },
    Rewrite {
        file: "rfc1738.pest",
        rule: "schemepart",
        pest: "schemepart = { ip_schemepart | xchar* }",
        reason: "`!xchar` after `ip_schemepart` looks at the text after the rule. In a URL \
                 nothing but the end or a fragment's \"#\" follows a schemepart, so the PEG's \
                 language is the RFC's union, `*xchar` (which holds every ip-schemepart); \
                 `ip-schemepart` is written first, the reading the PEG takes.",
    },
    Rewrite {
        file: "rfc1630.pest",
        rule: "fragmentaddress",
        pest: "fragmentaddress = { (prefixedurl | url | uri) ~ fragment? }",
        reason: "the lookaheads `&url_prefix` and `!url_prefix` read an unbounded `scheme`. \
                 Every `prefixedurl` starts with `url_prefix`, and no `url` or `uri` does: a \
                 `url` starts with its scheme's name, and a `uri` of scheme \"url\" would need \
                 a \":\" in its path or search, which hold none. So the lookaheads change \
                 nothing, and the rule is the union.",
    },
    Rewrite {
        file: "draft-www-uri-00.pest",
        rule: "fragmentaddress",
        pest: "fragmentaddress = { (prefixedurl | unprefixed_uri) ~ fragment? }\n\
               unprefixed_uri = { $NAMED | unprefixed_generic }\n\
               unprefixed_generic = { !^\"url:\" ~ generic | ^\"url:\" ~ unprefixed_path ~ (\"?\" ~ search)? }\n\
               unprefixed_path = { (alpha ~ (!\":\" ~ xalpha)* | !alpha ~ xpalpha ~ xpalpha*)? ~ (\"/\" ~ path)? }",
        reason: "the lookaheads `&url_prefix` and `!url_prefix` read an unbounded `scheme`. \
                 Every `prefixedurl` starts with `url_prefix`, so `&url_prefix` adds nothing \
                 to it. Of the forms of `uri`, only a `generic` of scheme \"url\" (any case) \
                 can start with `url_prefix`, when its path starts with a scheme and \":\" \
                 (an alpha, then xalphas up to a \":\"): `unprefixed_uri` is `uri` with those \
                 left out (`unprefixed_path`: a path whose first segment is not an alpha \
                 and non-\":\" xalphas followed by \":\").",
    },
    Rewrite {
        file: "draft-www-uri-00.pest",
        rule: "url",
        pest: "url = { $NAMED | generic }",
        reason: "`&url_end` looks at the text after the rule (\"#\" or the end). In a URI \
                 nothing else follows a url, so a named production counts exactly when it \
                 reads the whole URL, and otherwise `generic` is tried: the union. \
                 `generic` is written last, the reading the PEG takes when both read an \
                 input (a parser of this ABNF may report either tree).",
    },
    Rewrite {
        file: "draft-www-uri-00.pest",
        rule: "groupart",
        pest: "groupart = { article | \"*\" | group }",
        reason: "`!xalpha` after `article` looks at the text after the rule. In a URI only \
                 \"#\" or the end follows a groupart, so an article counts exactly when it \
                 is the whole groupart, and otherwise a group is tried: the union. `article` \
                 is written first, the reading the PEG takes.",
    },
    Rewrite {
        file: "rfc2396.pest",
        rule: "authority",
        pest: "authority = { server | reg_name }",
        reason: "`&(\"/\" | \"?\" | \"#\" | EOI)` after `server` looks at the text after \
                 the rule. This is the RFC's own rule, and its language: in a URI an \
                 authority is followed by the end or by \"/\" (an `abs_path`), \"?\" (a query) \
                 or \"#\" (a fragment), none of which an authority holds, so an authority is \
                 the whole run of characters before the first of them. Every character of \
                 a `server` is one of `reg_name`'s, so every non-empty server is a \
                 reg_name: the PEG takes the run as a `server` when `server` reads it whole \
                 (the lookahead succeeds) and otherwise as a `reg_name`, which reads any \
                 non-empty run of its characters whole; the empty authority is the empty \
                 `server` in both. `server` is written first, the reading the PEG takes \
                 when both read an authority.",
    },
    Rewrite {
        file: "rfc2396.pest",
        rule: "hostname",
        pest: "hostname = { (domainlabel ~ \".\")* ~ toplabel ~ \".\"? }",
        reason: "`&alphanum` after a `domainlabel \".\"` looks past the repetition. This is \
                 the RFC's own rule, and its language: a label holds no \".\", so the \
                 labels and dots of a hostname are fixed by its text, and the lookahead \
                 only stops the repetition from taking the last label and its trailing \
                 \".\" (which no label would follow), which greedy PEG repetition never \
                 gives back to `toplabel` and `[ \".\" ]`. In a URI a hostname is followed \
                 by \":\" (a port) or what follows an authority (\"/\", \"?\", \"#\", the \
                 end), never by an alphanum, so the PEG's repetition stops where the \
                 RFC's ends.",
    },
];

/// The ABNF name of a pest rule.
pub fn name(pest: &str) -> String {
    pest.replace('_', "-")
}

/// The definition of a rule as written in the `.pest` file (`name = { ... }`).
pub fn pest_source(text: &str, rule: &str) -> Option<String> {
    let start = text
        .lines()
        .position(|line| line.split_once('=').is_some_and(|(n, _)| n.trim() == rule))?;
    let mut out = Vec::new();
    let mut depth = 0i32;
    for line in text.lines().skip(start) {
        out.push(line.trim_end().to_owned());
        let mut quoted = false;
        let mut escaped = false;
        for c in line.chars() {
            match (quoted, escaped, c) {
                (true, true, _) => escaped = false,
                (true, false, '\\') => escaped = true,
                (_, false, '"') => quoted = !quoted,
                (false, _, '{') => depth += 1,
                (false, _, '}') => depth -= 1,
                _ => {}
            }
        }
        if depth <= 0 {
            break;
        }
    }
    Some(out.join("\n"))
}

/// The character set of an RFC 5234 core rule of this name (`ALPHA`, `DIGIT`), if any.
fn core_rule(rule: &str) -> Option<CharSet> {
    match rule {
        "alpha" => Some(('A'..='Z').chain('a'..='z').collect()),
        "digit" => Some(('0'..='9').collect()),
        _ => None,
    }
}

/// A character as an ABNF terminal.
fn char_value(c: char) -> String {
    if c.is_ascii_graphic() && !c.is_ascii_alphabetic() && c != '"' || c == ' ' {
        format!("\"{c}\"")
    } else {
        format!("%x{:02X}", c as u32)
    }
}

/// A character set as ABNF: its runs as ranges, joined by `/`.
fn set(chars: &CharSet) -> Vec<String> {
    let mut runs: Vec<(char, char)> = Vec::new();
    for &c in chars {
        match runs.last_mut() {
            Some((_, end)) if (*end as u32) + 1 == c as u32 => *end = c,
            _ => runs.push((c, c)),
        }
    }
    let mut out = Vec::new();
    for (a, b) in runs {
        // A letter in both cases is one case-insensitive quoted string.
        if a == b {
            let lower = a.to_ascii_lowercase();
            if a.is_ascii_uppercase() && chars.contains(&lower) {
                continue;
            }
            if a.is_ascii_lowercase() && chars.contains(&a.to_ascii_uppercase()) {
                out.push(format!("\"{a}\""));
                continue;
            }
            out.push(char_value(a));
        } else if (b as u32) - (a as u32) == 1 {
            out.push(char_value(a));
            out.push(char_value(b));
        } else {
            out.push(format!("%x{:02X}-{:02X}", a as u32, b as u32));
        }
    }
    out
}

/// A literal as ABNF.
fn literal(text: &str, case_sensitive: bool) -> String {
    if text.is_empty() {
        return "\"\"".to_owned();
    }
    let quotable = text
        .chars()
        .all(|c| c == ' ' || (c.is_ascii_graphic() && c != '"'));
    let letters = text.chars().any(|c| c.is_ascii_alphabetic());
    match (quotable, letters && case_sensitive) {
        (true, false) => format!("\"{text}\""),
        (true, true) => format!("%s\"{text}\""),
        (false, _) => {
            let codes: Vec<String> = text.chars().map(|c| format!("{:02X}", c as u32)).collect();
            format!("%x{}", codes.join("."))
        }
    }
}

/// Precedence: 0 alternation, 1 concatenation, 2 element.
fn print(lang: &Lang, outer: u8) -> String {
    let (text, prec) = match lang {
        Lang::Set(chars) => {
            let parts = set(chars);
            let prec = if parts.len() == 1 { 2 } else { 0 };
            (parts.join(" / "), prec)
        }
        Lang::Lit(text, cs) => (literal(text, *cs), 2),
        Lang::Ref(rule) if core_rule(rule).is_some() => (rule.to_ascii_uppercase(), 2),
        Lang::Ref(rule) => (name(rule), 2),
        Lang::Seq(items) => (
            items
                .iter()
                .map(|i| print(i, 2))
                .collect::<Vec<_>>()
                .join(" "),
            1,
        ),
        Lang::Alt(items) => (
            items
                .iter()
                .map(|i| print(i, 1))
                .collect::<Vec<_>>()
                .join(" / "),
            0,
        ),
        Lang::Rep(inner, once) => (
            format!("{}{}", if *once { "1*" } else { "*" }, print(inner, 2)),
            2,
        ),
        Lang::Opt(inner) => (format!("[ {} ]", print(inner, 0)), 2),
        Lang::Empty => ("\"\"".to_owned(), 2),
        Lang::Fail => unreachable!("a rule that matches nothing"),
    };
    if prec < outer {
        format!("( {text} )")
    } else {
        text
    }
}

/// A rule's definition, its top-level alternatives on lines of their own when long.
fn definition(rule: &str, body: &Lang) -> String {
    let head = format!("{} = ", name(rule));
    let one_line = format!("{head}{}", print(body, 0));
    if one_line.len() <= 90 {
        return one_line;
    }
    match body {
        Lang::Alt(items) => {
            let mut out = format!("{head}{}", print(&items[0], 1));
            for item in &items[1..] {
                out.push_str(&format!("\n    / {}", print(item, 1)));
            }
            out
        }
        _ => one_line,
    }
}

/// Comment lines: `; ` and the text (ABNF comments hold printable ASCII and spaces).
fn comment(lines: &[String]) -> String {
    lines
        .iter()
        .map(|line| {
            if line.is_empty() {
                ";\n".to_owned()
            } else {
                format!("; {line}\n")
            }
        })
        .collect()
}

/// Wraps a paragraph at about 88 columns.
fn wrap(text: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().unwrap();
        if !line.is_empty() && line.len() + word.len() + 1 > 86 {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

fn parse_rules(text: &str) -> Result<Vec<pest_meta::ast::Rule>, String> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, text)
        .map_err(|error| error.to_string())?;
    pest_meta::parser::consume_rules(pairs).map_err(|errors| format!("{errors:?}"))
}

/// The ABNF of a grammar file: `file` is its name (`rfc1738.pest`), `text` its contents.
pub fn abnf(file: &str, text: &str, title: &str) -> Result<String, String> {
    let mut rules = parse_rules(text).map_err(|e| format!("{file}: {e}"))?;
    let comments = crate::comments(text);
    // Rewritten rules replace their originals; helper rules follow them.
    let mut rewritten: BTreeMap<String, (&Rewrite, Vec<String>)> = BTreeMap::new();
    for rewrite in REWRITES.iter().filter(|r| r.file == file) {
        let source = rewrite.pest.replace("$NAMED", DRAFT_NAMED);
        let new = parse_rules(&source).map_err(|e| format!("{file}: {}: {e}", rewrite.rule))?;
        let position = rules
            .iter()
            .position(|r| r.name == rewrite.rule)
            .ok_or(format!("{file}: no rule {}", rewrite.rule))?;
        let names = new.iter().map(|r| r.name.clone()).collect();
        rewritten.insert(rewrite.rule.to_owned(), (rewrite, names));
        let mut new = new.into_iter();
        rules[position] = new.next().unwrap();
        for (offset, helper) in new.enumerate() {
            rules.insert(position + 1 + offset, helper);
        }
    }
    let grammar = Grammar::new(&rules).map_err(|e| format!("{file}: {e}"))?;
    let mut out = format!(
        "; {title}: the grammar of grammar/{file} as ABNF (RFC 5234; RFC 7405's %s\"...\"\n\
         ; marks a case-sensitive string, a plain \"...\" matches any case).\n\
         ; GENERATED from grammar/{file} by\n\
         ;   cargo run --manifest-path tools/grammar/Cargo.toml --bin exports\n\
         ; Do not edit: tools/grammar/tests/exports_fresh.rs fails when this file is stale.\n\
         ;\n\
         ; Rule names are the RFC's (pest's \"_\" written \"-\", gopher+_string written\n\
         ; gopher-plus-string). Before each rule: the RFC's text of it (\"RFC:\"), the notes of\n\
         ; the .pest file, and, where the PEG could not be written as it is, the PEG and its\n\
         ; context-free form. ABNF's \"/\" is a union, not PEG's ordered choice: every rule\n\
         ; here accepts exactly the strings the PEG rule accepts where it is used, which\n\
         ; tools/grammar/agree.py checks on the whole corpus with PyPI's abnf.\n\
         ; Match an entry rule against the whole input: SOI and EOI of the entry rules\n\
         ; (whole-url, whole-reference, whole-uri) are that.\n\n"
    );
    let helpers: BTreeMap<&str, &str> = rewritten
        .iter()
        .flat_map(|(rule, (_, names))| {
            names
                .iter()
                .skip(1)
                .map(move |n| (n.as_str(), rule.as_str()))
        })
        .collect();
    for rule in &rules {
        let body = &grammar.rules[&rule.name];
        let mut lines: Vec<String> = Vec::new();
        if let Some(owner) = helpers.get(rule.name.as_str()) {
            lines.push(format!(
                "Not a rule of the document: a helper of the context-free form of {}.",
                name(owner)
            ));
        } else {
            let (doc, notes) = comments.get(&rule.name).cloned().unwrap_or_default();
            for (index, line) in doc.iter().enumerate() {
                lines.push(if index == 0 {
                    format!("RFC: {line}")
                } else {
                    format!("     {line}")
                });
            }
            lines.extend(notes);
            let original = pest_source(text, &rule.name).unwrap_or_default();
            if let Some((rewrite, _)) = rewritten.get(&rule.name) {
                lines.push("PEG, as grammar/".to_owned() + file + " writes it:");
                lines.extend(original.lines().map(|l| format!("  {l}")));
                lines.extend(wrap(&format!(
                    "As a context-free rule (rewritten by hand: tools/grammar/src/abnf.rs, \
                     REWRITES): {}",
                    rewrite.reason
                )));
            } else if original.contains('!') {
                lines.push("PEG, as grammar/".to_owned() + file + " writes it:");
                lines.extend(original.lines().map(|l| format!("  {l}")));
                lines.extend(wrap(
                    "As a context-free rule: the negative lookahead derived away (the \
                     strings that start with what it refuses are left out, character by \
                     character).",
                ));
            }
        }
        if let Some(core) = core_rule(&rule.name) {
            // RFC 5234's core rules are every grammar's: a tool may refuse to redefine them
            // (PyPI abnf does). Ours define the same set, so the core rule stands for it.
            let same = grammar.charset(body).is_some_and(|set| set == core);
            if !same {
                return Err(format!(
                    "{file}: {} differs from RFC 5234's core rule",
                    rule.name
                ));
            }
            lines.push(format!(
                "The same set as RFC 5234's core rule {0}, which this grammar uses for it \
                 (a grammar may not redefine a core rule):",
                rule.name.to_ascii_uppercase()
            ));
            lines.push(format!("  {}", definition(&rule.name, body)));
            out.push_str(&comment(&lines));
            out.push('\n');
            continue;
        }
        out.push_str(&comment(&lines));
        out.push_str(&definition(&rule.name, body));
        out.push_str("\n\n");
    }
    Ok(out.trim_end().to_owned() + "\n")
}
