//! A small language algebra for turning a PEG into a context-free grammar: the rules of a
//! `.pest` file as expressions over character sets, and the one PEG construct that has no
//! context-free counterpart but can be derived away, a negative lookahead of finitely many
//! words (`!"%09" ~ xchar`, `!(predefined_scheme ~ ":") ~ genericurl`): the expression that
//! follows it, minus every string that starts with one of the words, written out as a
//! context-free expression (`without`).
//!
//! The derivation walks the expression after the lookahead one character at a time,
//! splitting each character set into the characters no word starts with (the rest is left
//! as it is) and those a word starts with (the rest is derived again, against the words'
//! remainders). A word that is used up excludes its branch. It never looks past the end of
//! the expression it derives: a lookahead that would need the text after the rule is
//! refused, and the rule needs a hand rewrite (`crate::abnf::REWRITES`).

use pest_meta::ast::Expr;
use rfc1738_grammar_compiler::expr::{flatten_choice, flatten_sequence};
use std::collections::{BTreeMap, BTreeSet};

/// A set of characters (all ASCII here).
pub type CharSet = BTreeSet<char>;

/// A word of a lookahead: one character set per position (`{h, H}` for a letter of a
/// case-insensitive literal).
pub type Word = Vec<CharSet>;

/// An expression of a context-free grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lang {
    /// One character of the set.
    Set(CharSet),
    /// A literal; `true` when case-sensitive.
    Lit(String, bool),
    /// A rule, by its pest name.
    Ref(String),
    /// A concatenation.
    Seq(Vec<Lang>),
    /// An alternation (unordered: a context-free union).
    Alt(Vec<Lang>),
    /// Zero or more (`false`) or one or more (`true`).
    Rep(Box<Lang>, bool),
    /// Zero or one.
    Opt(Box<Lang>),
    /// The empty string.
    Empty,
    /// No string at all.
    Fail,
}

/// Builds a concatenation, flattened and simplified.
pub fn seq(items: Vec<Lang>) -> Lang {
    let mut out = Vec::new();
    for item in items {
        match item {
            Lang::Empty => {}
            Lang::Fail => return Lang::Fail,
            Lang::Seq(inner) => out.extend(inner),
            other => out.push(other),
        }
    }
    match out.len() {
        0 => Lang::Empty,
        1 => out.pop().unwrap(),
        _ => Lang::Seq(out),
    }
}

/// Builds an alternation, flattened and simplified (`Empty` among others makes an `Opt`).
pub fn alt(items: Vec<Lang>) -> Lang {
    let mut out: Vec<Lang> = Vec::new();
    let mut empty = false;
    for item in items {
        match item {
            Lang::Fail => {}
            Lang::Empty => empty = true,
            Lang::Alt(inner) => {
                for i in inner {
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
            other => {
                if !out.contains(&other) {
                    out.push(other);
                }
            }
        }
    }
    let body = match out.len() {
        0 => return if empty { Lang::Empty } else { Lang::Fail },
        1 => out.pop().unwrap(),
        _ => Lang::Alt(out),
    };
    match (empty, body) {
        (false, body) => body,
        (true, Lang::Rep(inner, _)) => Lang::Rep(inner, false),
        (true, body @ Lang::Opt(_)) => body,
        (true, body) => Lang::Opt(Box::new(body)),
    }
}

/// The rules of a grammar as `Lang`, with what the derivation needs to know of them.
pub struct Grammar {
    /// Every rule's body, by pest name.
    pub rules: BTreeMap<String, Lang>,
}

/// The character set of a pest builtin, if it is one.
fn builtin(name: &str) -> Option<CharSet> {
    let range = |a: char, b: char| (a..=b).collect::<CharSet>();
    Some(match name {
        "ASCII_ALPHA" => range('a', 'z').union(&range('A', 'Z')).copied().collect(),
        "ASCII_ALPHA_LOWER" => range('a', 'z'),
        "ASCII_ALPHA_UPPER" => range('A', 'Z'),
        "ASCII_DIGIT" => range('0', '9'),
        "ASCII_HEX_DIGIT" => range('0', '9')
            .into_iter()
            .chain(range('a', 'f'))
            .chain(range('A', 'F'))
            .collect(),
        _ => return None,
    })
}

impl Grammar {
    /// Lowers the bodies of `rules`, deriving away every negative lookahead of words.
    /// `SOI` and `EOI` lower to the empty string: they may only frame an entry rule,
    /// which a parser of the ABNF matches against the whole input.
    pub fn new(rules: &[pest_meta::ast::Rule]) -> Result<Grammar, String> {
        let mut grammar = Grammar {
            rules: BTreeMap::new(),
        };
        // Plain bodies first (lookaheads derived need the bodies they inline).
        let by_name: BTreeMap<&str, &Expr> =
            rules.iter().map(|r| (r.name.as_str(), &r.expr)).collect();
        for rule in rules {
            let body = grammar
                .lower(&rule.expr, &by_name)
                .map_err(|e| format!("{}: {e}", rule.name))?;
            grammar.rules.insert(rule.name.clone(), body);
        }
        Ok(grammar)
    }

    /// The expression as `Lang`.
    pub fn lower(&self, expr: &Expr, pest: &BTreeMap<&str, &Expr>) -> Result<Lang, String> {
        Ok(match expr {
            Expr::Str(text) => Lang::Lit(text.clone(), true),
            Expr::Insens(text) => Lang::Lit(text.clone(), false),
            Expr::Range(a, b) => {
                let (a, b) = (a.chars().next().unwrap(), b.chars().next().unwrap());
                Lang::Set((a..=b).collect())
            }
            Expr::Ident(name) => match name.as_str() {
                "SOI" | "EOI" => Lang::Empty,
                "NEWLINE" => alt(vec![
                    Lang::Lit("\n".into(), true),
                    Lang::Lit("\r\n".into(), true),
                    Lang::Lit("\r".into(), true),
                ]),
                _ => match builtin(name) {
                    Some(set) => Lang::Set(set),
                    None => Lang::Ref(name.clone()),
                },
            },
            Expr::Seq(_, _) => {
                let mut parts = Vec::new();
                flatten_sequence(expr, &mut parts);
                self.lower_seq(&parts, pest)?
            }
            Expr::Choice(_, _) => {
                let mut parts = Vec::new();
                flatten_choice(expr, &mut parts);
                alt(parts
                    .into_iter()
                    .map(|p| self.lower(p, pest))
                    .collect::<Result<_, _>>()?)
            }
            Expr::Opt(inner) => alt(vec![self.lower(inner, pest)?, Lang::Empty]),
            Expr::Rep(inner) => Lang::Rep(Box::new(self.lower(inner, pest)?), false),
            Expr::RepOnce(inner) => Lang::Rep(Box::new(self.lower(inner, pest)?), true),
            Expr::NegPred(_) => self.lower_seq(&[expr], pest)?,
            Expr::PosPred(_) => {
                return Err(
                    "a positive lookahead has no context-free form: rewrite the rule".into(),
                )
            }
            other => return Err(format!("{other:?} is not supported")),
        })
    }

    fn lower_seq(&self, parts: &[&Expr], pest: &BTreeMap<&str, &Expr>) -> Result<Lang, String> {
        let mut out = Vec::new();
        for (index, part) in parts.iter().enumerate() {
            if let Expr::NegPred(inner) = part {
                let words = words(inner, pest)
                    .ok_or("a negative lookahead of infinitely many words: rewrite the rule")?;
                let rest = self.lower_seq(&parts[index + 1..], pest)?;
                out.push(self.without(&[rest], &words, pest)?);
                return Ok(seq(out));
            }
            out.push(self.lower(part, pest)?);
        }
        Ok(seq(out))
    }

    /// The body of a rule, lowered (the lowered bodies while lowering is under way are not
    /// all there yet, so this lowers the pest body again).
    fn body(&self, name: &str, pest: &BTreeMap<&str, &Expr>) -> Result<Lang, String> {
        let expr = pest.get(name).ok_or(format!("no rule {name}"))?;
        self.lower(expr, pest)
    }

    /// The set of first characters of `items`, and whether they can match the empty string.
    fn first(
        &self,
        items: &[Lang],
        pest: &BTreeMap<&str, &Expr>,
    ) -> Result<(CharSet, bool), String> {
        let mut set = CharSet::new();
        for item in items {
            let (first, nullable) = match item {
                Lang::Set(s) => (s.clone(), false),
                Lang::Lit(text, cs) => match text.chars().next() {
                    Some(c) => (cased(c, *cs), false),
                    None => (CharSet::new(), true),
                },
                Lang::Ref(name) => self.first(&[self.body(name, pest)?], pest)?,
                Lang::Seq(inner) => self.first(inner, pest)?,
                Lang::Alt(inner) => {
                    let mut all = CharSet::new();
                    let mut nullable = false;
                    for i in inner {
                        let (f, n) = self.first(std::slice::from_ref(i), pest)?;
                        all.extend(f);
                        nullable |= n;
                    }
                    (all, nullable)
                }
                Lang::Rep(inner, once) => {
                    let (f, n) = self.first(std::slice::from_ref(inner), pest)?;
                    (f, n || !once)
                }
                Lang::Opt(inner) => (self.first(std::slice::from_ref(inner), pest)?.0, true),
                Lang::Empty => (CharSet::new(), true),
                Lang::Fail => (CharSet::new(), false),
            };
            set.extend(first);
            if !nullable {
                return Ok((set, false));
            }
        }
        Ok((set, true))
    }

    /// The expression as one character set, when it matches exactly one character (by
    /// the lowered bodies of the rules it names).
    pub fn charset(&self, item: &Lang) -> Option<CharSet> {
        match item {
            Lang::Ref(name) => self.charset(self.rules.get(name)?),
            Lang::Alt(inner) => {
                let mut all = CharSet::new();
                for i in inner {
                    all.extend(self.charset(i)?);
                }
                Some(all)
            }
            other => self.charset_in(other, &BTreeMap::new()),
        }
    }

    /// The expression as one character set, when it matches exactly one character.
    fn charset_in(&self, item: &Lang, pest: &BTreeMap<&str, &Expr>) -> Option<CharSet> {
        match item {
            Lang::Set(s) => Some(s.clone()),
            Lang::Lit(text, cs) if text.chars().count() == 1 => {
                Some(cased(text.chars().next().unwrap(), *cs))
            }
            Lang::Ref(name) => self.charset_in(&self.body(name, pest).ok()?, pest),
            Lang::Alt(inner) => {
                let mut all = CharSet::new();
                for i in inner {
                    all.extend(self.charset_in(i, pest)?);
                }
                Some(all)
            }
            _ => None,
        }
    }

    /// The concatenation `items` minus every string that starts with one of `words`.
    pub fn without(
        &self,
        items: &[Lang],
        words: &[Word],
        pest: &BTreeMap<&str, &Expr>,
    ) -> Result<Lang, String> {
        if words.iter().any(Vec::is_empty) {
            return Ok(Lang::Fail);
        }
        if words.is_empty() {
            return Ok(seq(items.to_vec()));
        }
        let starts: CharSet = words.iter().flat_map(|w| w[0].iter().copied()).collect();
        let (first, nullable) = self.first(items, pest)?;
        if !nullable && first.is_disjoint(&starts) {
            return Ok(seq(items.to_vec()));
        }
        let Some((head, rest)) = items.split_first() else {
            return Err("the lookahead reaches past the end of the rule: rewrite the rule".into());
        };
        let with_rest = |head: Vec<Lang>| -> Vec<Lang> {
            head.into_iter().chain(rest.iter().cloned()).collect()
        };
        if let Some(set) = self.charset_in(head, pest) {
            // Split the set by the words that start with each of its characters.
            let mut groups: BTreeMap<Vec<usize>, CharSet> = BTreeMap::new();
            for &c in &set {
                let key = (0..words.len())
                    .filter(|&i| words[i][0].contains(&c))
                    .collect();
                groups.entry(key).or_default().insert(c);
            }
            let mut branches = Vec::new();
            for (key, chars) in groups {
                // A set left whole keeps its name (`alpha`, `xchar`).
                let head = if key.is_empty() && chars == set {
                    head.clone()
                } else {
                    Lang::Set(chars)
                };
                if key.is_empty() {
                    branches.push(seq(with_rest(vec![head])));
                } else {
                    let rests: Vec<Word> = key.iter().map(|&i| words[i][1..].to_vec()).collect();
                    branches.push(seq(vec![head, self.without(rest, &rests, pest)?]));
                }
            }
            return Ok(alt(branches));
        }
        Ok(match head {
            Lang::Lit(text, cs) => {
                let mut chars = text.chars();
                let c = chars.next().unwrap();
                let tail = Lang::Lit(chars.collect(), *cs);
                let tail = if matches!(&tail, Lang::Lit(t, _) if t.is_empty()) {
                    Lang::Empty
                } else {
                    tail
                };
                self.without(
                    &with_rest(vec![Lang::Set(cased(c, *cs)), tail]),
                    words,
                    pest,
                )?
            }
            Lang::Ref(name) => {
                self.without(&with_rest(vec![self.body(name, pest)?]), words, pest)?
            }
            Lang::Seq(inner) => self.without(&with_rest(inner.clone()), words, pest)?,
            Lang::Alt(inner) => {
                let (mut kept, mut chars, mut others) = (Vec::new(), CharSet::new(), Vec::new());
                for i in inner {
                    let (f, n) = self.first(std::slice::from_ref(i), pest)?;
                    if !n && f.is_disjoint(&starts) {
                        kept.push(i.clone());
                    } else if let Some(set) = self.charset_in(i, pest) {
                        chars.extend(set);
                    } else {
                        others.push(i.clone());
                    }
                }
                let mut branches = Vec::new();
                if !kept.is_empty() {
                    branches.push(seq(with_rest(vec![alt(kept)])));
                }
                if !chars.is_empty() {
                    branches.push(self.without(&with_rest(vec![Lang::Set(chars)]), words, pest)?);
                }
                for other in others {
                    branches.push(self.without(&with_rest(vec![other]), words, pest)?);
                }
                alt(branches)
            }
            Lang::Rep(inner, once) => {
                let more = with_rest(vec![(**inner).clone(), Lang::Rep(inner.clone(), false)]);
                let once_more = self.without(&more, words, pest)?;
                if *once {
                    once_more
                } else {
                    alt(vec![self.without(rest, words, pest)?, once_more])
                }
            }
            Lang::Opt(inner) => alt(vec![
                self.without(rest, words, pest)?,
                self.without(&with_rest(vec![(**inner).clone()]), words, pest)?,
            ]),
            Lang::Empty => self.without(rest, words, pest)?,
            Lang::Fail => Lang::Fail,
            Lang::Set(_) => unreachable!("a set is a charset"),
        })
    }
}

/// The characters a literal character matches.
fn cased(c: char, case_sensitive: bool) -> CharSet {
    if case_sensitive {
        [c].into()
    } else {
        [c.to_ascii_lowercase(), c.to_ascii_uppercase()].into()
    }
}

/// The words an expression matches, when they are finitely many.
pub fn words(expr: &Expr, pest: &BTreeMap<&str, &Expr>) -> Option<Vec<Word>> {
    Some(match expr {
        Expr::Str(text) => vec![text.chars().map(|c| cased(c, true)).collect()],
        Expr::Insens(text) => vec![text.chars().map(|c| cased(c, false)).collect()],
        Expr::Range(a, b) => {
            let (a, b) = (a.chars().next()?, b.chars().next()?);
            vec![vec![(a..=b).collect()]]
        }
        Expr::Ident(name) => match builtin(name) {
            Some(set) => vec![vec![set]],
            None => words(pest.get(name.as_str())?, pest)?,
        },
        Expr::Choice(a, b) => {
            let mut all = words(a, pest)?;
            all.extend(words(b, pest)?);
            all
        }
        Expr::Seq(a, b) => {
            let (a, b) = (words(a, pest)?, words(b, pest)?);
            a.iter()
                .flat_map(|x| b.iter().map(move |y| x.iter().chain(y).cloned().collect()))
                .collect()
        }
        _ => return None,
    })
}
