//! What the compiler knows of a grammar's expressions as sets of bytes: the byte an
//! expression consumes when it always consumes exactly one ([`Rules::byte_set`]), the bytes
//! it can start with ([`Rules::first_set`]), the bytes that stand for themselves in a
//! rule ([`Rules::units`]), and the repetitions that compile into one byte loop
//! ([`Rules::unit_loop`], [`Rules::run_loop`]).

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr as Expr, OptimizedRule};
use std::collections::HashMap;

/// A set of bytes, one flag per byte value.
pub type ByteSet = [bool; 256];

/// Past this depth an expression is not looked into (the grammars nest a few levels).
const DEPTH: usize = 64;

/// The rules of a grammar by name, as `pest_meta` optimized them.
pub struct Rules<'g> {
    pub by_name: HashMap<String, &'g OptimizedRule>,
}

/// A run of labels and separators read in one pass (see [`Rules::labels`]).
pub struct Labels {
    /// The bytes a label of the repetition, and the last label, can start with.
    pub first: ByteSet,
    pub last_first: ByteSet,
    /// The bytes a label may hold inside (`-`) and the bytes it may end with.
    pub skipped: ByteSet,
    pub ending: ByteSet,
    /// The separator after each label of the repetition (`.`).
    pub separator: u8,
}

/// A repetition compiled into one byte loop (see [`Rules::unit_loop`]).
pub struct UnitLoop {
    /// Literals that end the repetition where they start (`!"%09"`).
    pub guards: Vec<Vec<u8>>,
    /// The single-byte alternatives, merged.
    pub single: ByteSet,
    /// The longer alternatives, one byte set per byte, with disjoint first bytes.
    pub multi: Vec<Vec<ByteSet>>,
}

impl<'g> Rules<'g> {
    pub fn new(rules: &'g [OptimizedRule]) -> Rules<'g> {
        Rules {
            by_name: rules.iter().map(|rule| (rule.name.clone(), rule)).collect(),
        }
    }

    /// The rule of that name, if the grammar defines it.
    pub fn get(&self, name: &str) -> Option<&'g OptimizedRule> {
        self.by_name.get(name).copied()
    }

    /// Whether `name` is a rule that makes a node (a non-silent rule).
    pub fn is_node(&self, name: &str) -> bool {
        self.get(name)
            .is_some_and(|rule| rule.ty == RuleType::Normal)
    }

    /// The bytes `expr` matches when it always consumes exactly one byte and makes no node.
    pub fn byte_set(&self, expr: &Expr, depth: usize) -> Option<ByteSet> {
        if depth > DEPTH {
            return None;
        }
        let mut set = [false; 256];
        match expr {
            Expr::Str(text) if text.len() == 1 && text.is_ascii() => {
                set[text.as_bytes()[0] as usize] = true
            }
            Expr::Insens(text) if text.len() == 1 && text.is_ascii() => {
                let byte = text.as_bytes()[0];
                set[byte.to_ascii_lowercase() as usize] = true;
                set[byte.to_ascii_uppercase() as usize] = true;
            }
            Expr::Range(start, end) => {
                let (start, end) = (single_ascii(start)?, single_ascii(end)?);
                (start..=end).for_each(|b| set[b as usize] = true);
            }
            Expr::Choice(first, second) => {
                let (first, second) = (
                    self.byte_set(first, depth + 1)?,
                    self.byte_set(second, depth + 1)?,
                );
                (0..256).for_each(|b| set[b] = first[b] || second[b]);
            }
            Expr::Ident(name) if !self.by_name.contains_key(name) => return builtin_set(name),
            Expr::Ident(name) => {
                let rule = self.get(name)?;
                if rule.ty != RuleType::Silent {
                    return None;
                }
                return self.byte_set(&rule.expr, depth + 1);
            }
            _ => return None,
        }
        Some(set)
    }

    /// The bytes that every match of `expr` holds somewhere (`"@"` in `user [":" password]
    /// "@"`): where none of them is left in the input, `expr` cannot match.
    pub fn required(&self, expr: &Expr, depth: usize) -> ByteSet {
        let mut set = [false; 256];
        if depth > DEPTH {
            return set;
        }
        if let Some(bytes) = self.byte_set(expr, depth) {
            // A byte of a set of one.
            if bytes.iter().filter(|&&b| b).count() == 1 {
                return bytes;
            }
            return set;
        }
        match expr {
            Expr::Str(text) => text.bytes().for_each(|b| set[b as usize] = true),
            // Letters may come in either case; the other bytes as written.
            Expr::Insens(text) => text
                .bytes()
                .filter(|b| !b.is_ascii_alphabetic())
                .for_each(|b| set[b as usize] = true),
            Expr::Seq(first, second) => {
                let (a, b) = (
                    self.required(first, depth + 1),
                    self.required(second, depth + 1),
                );
                (0..256).for_each(|i| set[i] = a[i] || b[i]);
            }
            Expr::Choice(first, second) => {
                let (a, b) = (
                    self.required(first, depth + 1),
                    self.required(second, depth + 1),
                );
                (0..256).for_each(|i| set[i] = a[i] && b[i]);
            }
            // What a positive lookahead matches lies ahead in the input too.
            Expr::PosPred(inner) | Expr::RestoreOnErr(inner) => {
                return self.required(inner, depth + 1);
            }
            Expr::Ident(name) => {
                if let Some(rule) = self.get(name) {
                    return self.required(&rule.expr, depth + 1);
                }
            }
            _ => {}
        }
        set
    }

    /// The bytes `expr` can start with, when it never matches the empty string; `None` when
    /// it may match empty or the set is not known.
    pub fn first_set(&self, expr: &Expr, depth: usize) -> Option<ByteSet> {
        if depth > DEPTH {
            return None;
        }
        if let Some(set) = self.byte_set(expr, depth) {
            return Some(set);
        }
        let mut set = [false; 256];
        match expr {
            Expr::Str(text) if !text.is_empty() => set[text.as_bytes()[0] as usize] = true,
            Expr::Insens(text) if !text.is_empty() => {
                let byte = text.as_bytes()[0];
                set[byte.to_ascii_lowercase() as usize] = true;
                set[byte.to_ascii_uppercase() as usize] = true;
            }
            Expr::Seq(first, _) => return self.first_set(first, depth + 1),
            Expr::Choice(first, second) => {
                let (first, second) = (
                    self.first_set(first, depth + 1)?,
                    self.first_set(second, depth + 1)?,
                );
                (0..256).for_each(|b| set[b] = first[b] || second[b]);
            }
            Expr::Ident(name) => return self.first_set(&self.get(name)?.expr, depth + 1),
            _ => return None,
        }
        Some(set)
    }

    /// The single bytes `expr` can consume as one unit of a component: a byte set's
    /// members, the alternatives of a choice that are single bytes (a sequence among them,
    /// such as `escape`, is skipped), what a repetition or option repeats, and past a
    /// lookahead what follows it. `top`: `expr` is a rule's body, where a sequence stands
    /// for the component's structure and its first part is its repeated unit (`article`'s
    /// `(uchar | ...)+ "@" host`).
    pub fn units(&self, expr: &Expr, top: bool, depth: usize) -> ByteSet {
        let mut set = [false; 256];
        if depth > DEPTH {
            return set;
        }
        if let Some(bytes) = self.byte_set(expr, depth) {
            return bytes;
        }
        match expr {
            Expr::Choice(first, second) => {
                let (a, b) = (
                    self.units(first, false, depth + 1),
                    self.units(second, false, depth + 1),
                );
                (0..256).for_each(|b_| set[b_] = a[b_] || b[b_]);
            }
            Expr::Opt(inner) | Expr::Rep(inner) | Expr::RestoreOnErr(inner) => {
                return self.units(inner, false, depth + 1);
            }
            Expr::Seq(first, second) => match &**first {
                Expr::PosPred(_) | Expr::NegPred(_) => {
                    return self.units(second, top, depth + 1);
                }
                _ if top => return self.units(first, true, depth + 1),
                _ => {}
            },
            Expr::Ident(name) => {
                if let Some(rule) = self.get(name) {
                    return self.units(&rule.expr, top, depth + 1);
                }
            }
            _ => {}
        }
        set
    }

    /// A repetition's body as one byte loop, when it is a choice of fixed-length sequences
    /// of byte sets (`uchar | ";" | ...`: single bytes and `escape`, `"%" hex hex`), possibly
    /// after negative lookaheads of literals (`!"%09" ~ xchar`), that makes no node and
    /// whose alternatives cannot start with the same byte (single-byte alternatives may
    /// overlap: they consume the same byte alike). Then at most one alternative can match
    /// at each step, so trying them by their first byte is the ordered choice.
    pub fn unit_loop(&self, inner: &Expr) -> Option<UnitLoop> {
        let mut guards = Vec::new();
        let mut body = inner;
        while let Expr::Seq(first, second) = body {
            match &**first {
                Expr::NegPred(literal) => match &**literal {
                    Expr::Str(text) if !text.is_empty() => guards.push(text.as_bytes().to_vec()),
                    _ => return None,
                },
                _ => break,
            }
            body = second;
        }
        let mut alternatives = Vec::new();
        self.sequences(body, &mut alternatives, 0)?;
        let mut single = [false; 256];
        let mut multi: Vec<Vec<ByteSet>> = Vec::new();
        for alternative in alternatives {
            if alternative.len() == 1 {
                (0..256).for_each(|b| single[b] |= alternative[0][b]);
            } else {
                multi.push(alternative);
            }
        }
        if multi.is_empty() {
            return None;
        }
        let mut seen = single;
        for alternative in &multi {
            if (0..256).any(|b| seen[b] && alternative[0][b]) {
                return None;
            }
            (0..256).for_each(|b| seen[b] |= alternative[0][b]);
        }
        Some(UnitLoop {
            guards,
            single,
            multi,
        })
    }

    /// A sequence `u* ~ (c ~ u*)*` (`hsegment ~ ("/" ~ hsegment)*`, through silent rules)
    /// where `u*` compiles into one byte loop ([`Rules::unit_loop`], without lookaheads)
    /// and the byte `c` starts no unit: the sequence matches the longest run of units and
    /// `c`s, which one byte loop with `c` among the single bytes reads, instead of a loop
    /// per segment. Returns that loop.
    pub fn separated_units(&self, expr: &Expr) -> Option<UnitLoop> {
        let Expr::Seq(first, rest) = expr else {
            return None;
        };
        let Expr::Rep(rounds) = &**rest else {
            return None;
        };
        let Expr::Seq(separator, again) = &**rounds else {
            return None;
        };
        let separator = match &**separator {
            Expr::Str(text) if text.len() == 1 && text.is_ascii() => text.as_bytes()[0],
            _ => return None,
        };
        let (units, again) = (
            self.unit_repetition(first, 0)?,
            self.unit_repetition(again, 0)?,
        );
        let same = units.single == again.single && units.multi == again.multi;
        let starts_unit = units.single[separator as usize]
            || units.multi.iter().any(|unit| unit[0][separator as usize]);
        if !same || starts_unit || !units.guards.is_empty() || !again.guards.is_empty() {
            return None;
        }
        let mut single = units.single;
        single[separator as usize] = true;
        Some(UnitLoop {
            guards: Vec::new(),
            single,
            multi: units.multi,
        })
    }

    /// `(label ~ x)* ~ last` (`hostname = *[ domainlabel "." ] toplabel`), where `label`
    /// and `last` are each a byte of a set then `(a* ~ b)*` ([`Rules::run_loop`], the same
    /// `a` and `b` for both), and the byte `x` is in neither `a` nor `b`. The PEG reads a
    /// label, and takes it with its `x` when the label ends where the `x` is (no byte of
    /// `a` left after its last byte of `b`); the first label it does not take is `last`,
    /// which ends after its last byte of `b`. One pass reads the same: a label and an `x`
    /// are taken together, and where they cannot be, the label is the last.
    pub fn labels(&self, expr: &Expr) -> Option<Labels> {
        let Expr::Seq(rounds, last) = expr else {
            return None;
        };
        let Expr::Rep(round) = &**rounds else {
            return None;
        };
        let Expr::Seq(label, separator) = &**round else {
            return None;
        };
        let separator = match &**separator {
            Expr::Str(text) if text.len() == 1 && text.is_ascii() => text.as_bytes()[0],
            _ => return None,
        };
        let (first, skipped, ending) = self.label(label, 0)?;
        let (last_first, last_skipped, last_ending) = self.label(last, 0)?;
        let apart = !skipped[separator as usize] && !ending[separator as usize];
        (skipped == last_skipped && ending == last_ending && apart).then_some(Labels {
            first,
            last_first,
            skipped,
            ending,
            separator,
        })
    }

    /// A byte of a set, then `(a* ~ b)*`: the set, `a` and `b`.
    fn label(&self, expr: &Expr, depth: usize) -> Option<(ByteSet, ByteSet, ByteSet)> {
        if depth > DEPTH {
            return None;
        }
        match expr {
            Expr::Ident(name) => {
                let rule = self.get(name)?;
                (rule.ty == RuleType::Silent)
                    .then(|| self.label(&rule.expr, depth + 1))
                    .flatten()
            }
            Expr::Seq(first, rest) => {
                let first = self.byte_set(first, 0)?;
                let Expr::Rep(inner) = &**rest else {
                    return None;
                };
                let (skipped, ending) = self.run_loop(inner)?;
                Some((first, skipped, ending))
            }
            _ => None,
        }
    }

    /// `expr` as a repetition that compiles into one byte loop (through silent rules).
    fn unit_repetition(&self, expr: &Expr, depth: usize) -> Option<UnitLoop> {
        if depth > DEPTH {
            return None;
        }
        match expr {
            Expr::Rep(inner) => self.unit_loop(inner),
            Expr::Ident(name) => {
                let rule = self.get(name)?;
                (rule.ty == RuleType::Silent)
                    .then(|| self.unit_repetition(&rule.expr, depth + 1))
                    .flatten()
            }
            _ => None,
        }
    }

    /// A repetition's body `a* ~ b` with `a` and `b` disjoint byte sets (`"-"* ~
    /// alphadigit`): the repetition then ends just after the last byte of `b` in the run of
    /// bytes of either set (each round takes `a*` greedily, which cannot take a byte of
    /// `b`, then one byte of `b`; a round that finds no byte of `b` is undone). Returns
    /// the two sets.
    pub fn run_loop(&self, inner: &Expr) -> Option<(ByteSet, ByteSet)> {
        let Expr::Seq(first, second) = inner else {
            return None;
        };
        let Expr::Rep(skipped) = &**first else {
            return None;
        };
        let (skipped, ending) = (self.byte_set(skipped, 0)?, self.byte_set(second, 0)?);
        (0..256)
            .all(|b| !(skipped[b] && ending[b]))
            .then_some((skipped, ending))
    }

    /// The alternatives of `expr` (an ordered choice, through silent rules) as sequences
    /// of byte sets; `None` if one is not such a sequence.
    fn sequences(&self, expr: &Expr, into: &mut Vec<Vec<ByteSet>>, depth: usize) -> Option<()> {
        if depth > DEPTH {
            return None;
        }
        if let Some(set) = self.byte_set(expr, depth) {
            into.push(vec![set]);
            return Some(());
        }
        match expr {
            Expr::Choice(first, second) => {
                self.sequences(first, into, depth + 1)?;
                self.sequences(second, into, depth + 1)
            }
            Expr::Ident(name) => {
                let rule = self.get(name)?;
                if rule.ty != RuleType::Silent {
                    return None;
                }
                self.sequences(&rule.expr, into, depth + 1)
            }
            _ => {
                let mut sets = Vec::new();
                self.sequence_sets(expr, &mut sets, depth + 1)?;
                into.push(sets);
                Some(())
            }
        }
    }

    /// `expr` as a sequence of byte sets, one per byte it consumes (`"%" ~ hex ~ hex`).
    fn sequence_sets(&self, expr: &Expr, into: &mut Vec<ByteSet>, depth: usize) -> Option<()> {
        if depth > DEPTH {
            return None;
        }
        if let Some(set) = self.byte_set(expr, depth) {
            into.push(set);
            return Some(());
        }
        match expr {
            Expr::Seq(first, second) => {
                self.sequence_sets(first, into, depth + 1)?;
                self.sequence_sets(second, into, depth + 1)
            }
            Expr::Str(text) if text.is_ascii() && !text.is_empty() => {
                for byte in text.bytes() {
                    let mut set = [false; 256];
                    set[byte as usize] = true;
                    into.push(set);
                }
                Some(())
            }
            Expr::Ident(name) => {
                let rule = self.get(name)?;
                if rule.ty != RuleType::Silent {
                    return None;
                }
                self.sequence_sets(&rule.expr, into, depth + 1)
            }
            _ => None,
        }
    }
}

/// pest's built-in ASCII character classes, as byte sets.
pub fn builtin_set(name: &str) -> Option<ByteSet> {
    let member: fn(u8) -> bool = match name {
        "ASCII_DIGIT" => |b| b.is_ascii_digit(),
        "ASCII_NONZERO_DIGIT" => |b| matches!(b, b'1'..=b'9'),
        "ASCII_ALPHA_LOWER" => |b| b.is_ascii_lowercase(),
        "ASCII_ALPHA_UPPER" => |b| b.is_ascii_uppercase(),
        "ASCII_ALPHA" => |b| b.is_ascii_alphabetic(),
        "ASCII_ALPHANUMERIC" => |b| b.is_ascii_alphanumeric(),
        "ASCII_HEX_DIGIT" => |b| b.is_ascii_hexdigit(),
        _ => return None,
    };
    let mut set = [false; 256];
    (0..=255u8).for_each(|b| set[b as usize] = member(b));
    Some(set)
}

/// The byte of a one-character ASCII string.
fn single_ascii(text: &str) -> Option<u8> {
    (text.len() == 1 && text.is_ascii()).then(|| text.as_bytes()[0])
}
