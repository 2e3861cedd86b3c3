//! What a grammar tried where its run got furthest ([`Failure`]), and the expected list
//! that names it: the rules by their RFC names, the characters by the grammar's classes
//! (generated from the grammar files, `crate::vocabulary::classes`), as each grammar's
//! diagnosis has named them ([`Naming`]).

use crate::syntax::compiled::{Grammar, Name, Trace};
use crate::syntax::kept::{Keep, KeptList, Literal};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;
use std::sync::OnceLock;

/// What the grammar tried at the furthest position a run reached. Its lists go back to the
/// thread when it is dropped, for the next trace (`crate::syntax::kept`).
pub struct Failure<R: Keep> {
    pub(super) offset: usize,
    /// Non-silent rules that failed there (`host`, `ftptype`, `EOI`, ...), each once, in
    /// the order the trace recorded them.
    pub(super) rules: KeptList<R>,
    /// ASCII characters that would have been accepted there (bit `c` for character `c`;
    /// the grammars accept no other character).
    pub(super) chars: u128,
    /// The literals that would have been accepted there, as the trace recorded them (with
    /// whether case is ignored).
    literals: KeptList<Literal>,
    /// The production being read, when its classes are the only ones to name (RFC 1738,
    /// whose named schemes have no other reading): a class it does not reach is not
    /// named, its characters are, by smaller classes or one by one (`http://h/~` expects
    /// `uchar` and the reserved characters `hsegment` lists, not `xchar`).
    pub(super) within: Option<R>,
}

impl<R: Grammar> Failure<R> {
    /// What the grammar expected where a run of its entry rule (`R::URL`) on the whole
    /// input got furthest.
    pub(super) fn of(input: &str) -> Failure<R> {
        let (end, trace) = crate::syntax::compiled::trace_rule(R::URL, input, 0);
        debug_assert!(end.is_none(), "diagnose is called only for rejected input");
        Failure::from_trace(trace)
    }

    /// Where `rule`, run at `start`, fails to span `start..end` (what may follow the range
    /// is one of `followers` or the end of the URL); `None` when it spans the range.
    pub(super) fn in_place(
        rule: R,
        input: &str,
        start: usize,
        end: usize,
        followers: &[&str],
    ) -> Option<Failure<R>> {
        let (matched, trace) = crate::syntax::compiled::trace_rule(rule, input, start);
        if matched == Some(end) {
            return None;
        }
        let stopped = matched.unwrap_or(start);
        let mut failure = Failure::from_trace(trace);
        if failure.offset <= stopped {
            failure.offset = stopped;
            if matched.is_some() {
                failure.chars |= followers
                    .iter()
                    .filter_map(|f| f.chars().next())
                    .fold(0, |m, c| m | bit(c));
                failure.rules.push(R::EOI);
            }
        }
        Some(failure)
    }

    fn from_trace(trace: Trace<R>) -> Failure<R> {
        let chars = trace.chars();
        // Each rule once, in the order recorded.
        let mut rules = trace.rules;
        let mut kept = 0;
        for at in 0..rules.len() {
            let rule = rules[at];
            if !rules[..kept].contains(&rule) {
                rules[kept] = rule;
                kept += 1;
            }
        }
        rules.truncate(kept);
        Failure {
            offset: trace.furthest,
            rules,
            chars,
            literals: trace.literals,
            within: None,
        }
    }

    /// The failure named within the production of `kind` ([`Failure::within`]), for RFC
    /// 1738.
    pub fn within(mut self, kind: Option<UrlKind>) -> Failure<R> {
        self.within = kind.and_then(production_rule::<R>);
        self
    }

    /// A failure the judge read from pest's error detail (`rfc1738_judge::rejection`), to be
    /// named as the diagnosis names its own: its literals are looked up in the grammar's
    /// table of literals (`None` for one the grammar does not hold).
    #[cfg(any(test, feature = "judge"))]
    pub fn judged(
        offset: usize,
        rules: Vec<R>,
        chars: u128,
        literals: &[(Vec<u8>, bool)],
    ) -> Option<Failure<R>> {
        let literals = literals
            .iter()
            .map(|(literal, ignoring_case)| {
                R::literal_name(literal).map(|(lower, _)| (lower.as_bytes(), *ignoring_case))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Failure {
            offset,
            rules: rules.into(),
            chars,
            literals: literals.into(),
            within: None,
        })
    }

    /// Whether a rule of one of `names` failed there.
    pub(super) fn tried(&self, names: &[Name]) -> bool {
        self.rules.iter().any(|rule| names.contains(&rule.name()))
    }

    /// The expected list, by the grammar's [`Naming`]: the rules tried, then the
    /// characters (and longer literals) they do not already stand for, named by the
    /// grammar's classes (those the production reaches, [`Failure::within`]; the others'
    /// characters by smaller classes or one by one), then the end of the input.
    pub fn expected(&self) -> Vec<Cow<'static, str>> {
        let naming = Naming::of(R::DIALECT);
        let covered = if naming.first_sets {
            self.rules
                .iter()
                .fold(0, |set, &rule| set | first_set(rule))
        } else {
            0
        };
        let mut chars = self.chars & !covered;
        // Room for the rules and the names most lists have after them (a class or two,
        // the characters a production lists, the end), kept small: the error holds it.
        let mut expected: Vec<Cow<'static, str>> = Vec::with_capacity(self.rules.len() + 10);
        // A rule named as one quoted character (RFC 1630's `fragment` as "#") stands for
        // that character, which is not named again.
        let mut named_by_rules = 0u128;
        for &rule in self.rules.iter() {
            if rule != R::EOI {
                let name = rule.rfc_name();
                if let [b'"', c, b'"'] = name.as_bytes() {
                    named_by_rules |= bit(char::from(*c));
                }
                expected.push(Cow::Borrowed(name));
            }
        }
        if naming.rules_sorted {
            expected.sort_unstable();
            expected.dedup();
        }
        for (class, &(name, members)) in naming.classes.iter().enumerate() {
            if members != 0
                && chars & members == members
                && self
                    .within
                    .is_none_or(|production| reaches(production, class))
            {
                expected.push(Cow::Borrowed(name));
                chars &= !members;
            }
        }
        // The characters left, in order, each quoted as a one-character string (but those
        // a listed rule is named as).
        chars &= !named_by_rules;
        while chars != 0 {
            expected.push(Cow::Borrowed(quoted_char(chars.trailing_zeros() as usize)));
            chars &= chars - 1;
        }
        if naming.longer_literals {
            self.push_longer_literals(&mut expected, |c| bit(c) & covered != 0);
        }
        if self.rules.contains(&R::EOI) {
            expected.push(Cow::Borrowed(R::EOI.rfc_name()));
        }
        expected
    }

    /// Appends [`Failure::longer_literals`] to `expected`. A failure has a literal or two:
    /// they are put in order where they are, without a list of their own; more, or one the
    /// grammar's table does not name, are named by `longer_literals`.
    fn push_longer_literals(
        &self,
        expected: &mut Vec<Cow<'static, str>>,
        covered: impl Fn(char) -> bool,
    ) {
        // Each name's lower case (its place in the order) and its quoted form.
        let mut names = [("", ""); 8];
        let mut count = 0;
        for (literal, _) in self
            .literals
            .iter()
            .filter(|(literal, _)| literal.len() > 1)
        {
            if literal.is_ascii() && covered(char::from(literal[0].to_ascii_lowercase())) {
                continue;
            }
            let Some((lower, quoted)) = R::literal_name(literal) else {
                expected.extend(self.longer_literals(&covered));
                return;
            };
            if lower.chars().count() <= 1 || lower.starts_with(&covered) {
                continue;
            }
            let at = names[..count].partition_point(|&(name, _)| name < lower);
            if at < count && names[at].0 == lower {
                continue;
            }
            if count == names.len() {
                expected.extend(self.longer_literals(&covered));
                return;
            }
            names.copy_within(at..count, at + 1);
            names[at] = (lower, quoted);
            count += 1;
        }
        expected.extend(
            names[..count]
                .iter()
                .map(|&(_, quoted)| Cow::Borrowed(quoted)),
        );
    }

    /// The names of the literals of more than one character (quoted, in lower case), in
    /// the order of their lower case, without repeats, but those that start with a
    /// character in `covered`. The grammar's literals are named by its generated table;
    /// a name is made only for a literal it does not hold (none is recorded today).
    fn longer_literals(&self, covered: impl Fn(char) -> bool) -> Vec<Cow<'static, str>> {
        let mut literals: Vec<(Cow<'static, str>, Cow<'static, str>)> = self
            .literals
            .iter()
            .filter(|(literal, _)| literal.len() > 1)
            .filter(|(literal, _)| {
                // ASCII (every literal of the grammar): the lower-case string's first
                // character is the first byte's lower case.
                !(literal.is_ascii() && covered(char::from(literal[0].to_ascii_lowercase())))
            })
            .map(|(literal, _)| match R::literal_name(literal) {
                Some((lower, quoted)) => (Cow::Borrowed(lower), Cow::Borrowed(quoted)),
                None => {
                    let lower = String::from_utf8_lossy(literal).to_ascii_lowercase();
                    let quoted = format!("{lower:?}");
                    (Cow::Owned(lower), Cow::Owned(quoted))
                }
            })
            .filter(|(lower, _)| lower.chars().count() > 1 && !lower.starts_with(&covered))
            .collect();
        literals.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        literals.dedup_by(|a, b| a.0 == b.0);
        literals.into_iter().map(|(_, quoted)| quoted).collect()
    }
}

/// How a grammar's diagnosis names what was expected: the conventions each has kept since
/// it was written (RFC 1738's rules in the order they were tried, the characters a listed
/// rule starts with left to it, the literals `";type="` and `"%09"` named; the family's
/// rules sorted, every character named), and the classes of its document, the largest
/// first, from the generated tables.
pub(super) struct Naming {
    rules_sorted: bool,
    /// Whether the characters a listed rule can start with are left to the rule.
    first_sets: bool,
    /// Whether literals of more than one character are named.
    longer_literals: bool,
    classes: &'static [(&'static str, u128)],
}

impl Naming {
    pub(super) fn of(dialect: Dialect) -> &'static Naming {
        match dialect {
            Dialect::Rfc1738 => &RFC1738,
            Dialect::Rfc1630 => &RFC1630,
            Dialect::DraftWwwUri00 => &DRAFT,
            Dialect::Rfc2396 => &RFC2396,
        }
    }
}

/// RFC 1738 section 5's classes. `xchar` and `uchar` hold `escape`, whose "%" the trace
/// records as a character.
const RFC1738: Naming = {
    use crate::vocabulary::classes::rfc1738 as c;
    Naming {
        rules_sorted: false,
        first_sets: true,
        longer_literals: true,
        classes: &[
            ("xchar", c::XCHAR | c::ESCAPE),
            ("uchar", c::UCHAR | c::ESCAPE),
            ("unreserved", c::UNRESERVED),
            ("alphadigit", c::ALPHADIGIT),
            ("alpha", c::ALPHA),
            ("hex", c::HEX),
            ("digit", c::DIGIT),
            ("lowalpha", c::LOWALPHA),
            ("hialpha", c::HIALPHA),
            ("reserved", c::RESERVED),
            ("safe", c::SAFE),
            ("extra", c::EXTRA),
        ],
    }
};

/// RFC 1630's classes. `xalpha` holds `escape`, whose "%" the trace records as a
/// character.
const RFC1630: Naming = {
    use crate::vocabulary::classes::rfc1630 as c;
    Naming {
        rules_sorted: true,
        first_sets: false,
        longer_literals: false,
        classes: &[
            ("xalpha", c::XALPHA | c::ESCAPE),
            ("alphanum2", c::ALPHANUM2),
            ("alphanum", c::ALPHANUM),
            ("hex", c::HEX),
            ("alpha", c::ALPHA),
            ("digit", c::DIGIT),
        ],
    }
};

/// The draft's classes (it has no `alphanum2`).
const DRAFT: Naming = {
    use crate::vocabulary::classes::draft_www_uri_00 as c;
    Naming {
        rules_sorted: true,
        first_sets: false,
        longer_literals: false,
        classes: &[
            ("xalpha", c::XALPHA | c::ESCAPE),
            ("alphanum", c::ALPHANUM),
            ("hex", c::HEX),
            ("alpha", c::ALPHA),
            ("digit", c::DIGIT),
        ],
    }
};

/// RFC 2396's classes (Appendix A), named as the family's are: rules sorted, every
/// character named. `uric` and `pchar` hold `escaped`, whose "%" the trace records as a
/// character.
const RFC2396: Naming = {
    use crate::vocabulary::classes::rfc2396 as c;
    Naming {
        rules_sorted: true,
        first_sets: false,
        longer_literals: false,
        classes: &[
            ("uric", c::URIC | c::ESCAPED),
            ("pchar", c::PCHAR | c::ESCAPED),
            ("unreserved", c::UNRESERVED),
            ("reserved", c::RESERVED),
            ("alphanum", c::ALPHANUM),
            ("mark", c::MARK),
            ("hex", c::HEX),
            ("alpha", c::ALPHA),
            ("digit", c::DIGIT),
        ],
    }
};

/// The rule of RFC 1738's production for `kind` (`httpurl`), the one grammar whose
/// named schemes have no other reading; `None` in the other grammars. Looked up once per
/// grammar.
fn production_rule<R: Grammar>(kind: UrlKind) -> Option<R> {
    static PRODUCTIONS: OnceLock<Vec<Option<u8>>> = OnceLock::new();
    if R::DIALECT != Dialect::Rfc1738 {
        return None;
    }
    let table = PRODUCTIONS.get_or_init(|| {
        UrlKind::ALL
            .iter()
            .map(|kind| rule_numbered::<R>(kind.production_in(R::DIALECT)))
            .collect()
    });
    let at = UrlKind::ALL.iter().position(|&k| k == kind)?;
    table[at].map(|rule| R::ALL[usize::from(rule)])
}

/// The number of the rule of `R` named `name` as its document writes it.
fn rule_numbered<R: Grammar>(name: &str) -> Option<u8> {
    let at = R::ALL.iter().position(|rule| rule.rfc_name() == name)?;
    u8::try_from(at).ok()
}

/// Whether `production` refers to the `class`th class of its grammar's [`Naming`] (a rule
/// of the grammar), directly or through other rules; a class that is no rule of the grammar
/// is reached. The classes' rules are looked up once per grammar.
fn reaches<R: Grammar>(production: R, class: usize) -> bool {
    static CLASSES: [OnceLock<Vec<Option<u8>>>; Dialect::ALL.len()] =
        [const { OnceLock::new() }; Dialect::ALL.len()];
    let rules = CLASSES[R::DIALECT as usize].get_or_init(|| {
        Naming::of(R::DIALECT)
            .classes
            .iter()
            .map(|(name, _)| rule_numbered::<R>(name))
            .collect()
    });
    match rules.get(class).copied().flatten() {
        Some(rule) => production.reaches() & (1 << rule) != 0,
        None => true,
    }
}

/// ASCII character `byte` (below 128) as a quoted one-character string (`"\"a\""`, the
/// `Debug` form of the string), as the expected list names a single character.
pub(crate) fn quoted_char(byte: usize) -> &'static str {
    static QUOTED: OnceLock<Vec<String>> = OnceLock::new();
    let table = QUOTED.get_or_init(|| {
        (0u8..128)
            .map(|b| format!("{:?}", char::from(b).to_string()))
            .collect()
    });
    &table[byte]
}

/// The bit of an ASCII character in a `u128` set (0 for any other character).
pub(super) fn bit(c: char) -> u128 {
    if c.is_ascii() { 1 << c as u32 } else { 0 }
}

/// The ASCII characters `rule` can start with (bit `c` for character `c`), asked of the
/// compiled grammar itself: a rule starts with `c` when running it on `c` alone gets past
/// it. Computed once for all rules of the grammar, at its first error that needs it.
fn first_set<R: Grammar>(rule: R) -> u128 {
    // One table per grammar (a static in a generic function is one for all of them).
    static FIRST: [OnceLock<Vec<u128>>; Dialect::ALL.len()] =
        [const { OnceLock::new() }; Dialect::ALL.len()];
    if rule == R::EOI {
        return 0;
    }
    let table = FIRST[R::DIALECT as usize].get_or_init(|| {
        let mut table = vec![0u128; R::ALL.len()];
        for &rule in &R::ALL[1..] {
            table[rule.index()] = (0u8..128).fold(0u128, |set, byte| {
                let probe = char::from(byte).to_string();
                let (end, trace) = crate::syntax::compiled::trace_rule(rule, &probe, 0);
                let starts = end.is_some_and(|end| end > 0) || trace.furthest > 0;
                set | (u128::from(starts) << byte)
            });
        }
        table
    });
    table.get(rule.index()).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of the characters of `members` (ASCII).
    fn mask(members: &str) -> u128 {
        members.bytes().fold(0, |set, b| set | 1 << b)
    }

    const ALPHA: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const DIGIT: &str = "0123456789";

    /// The longer literals named in place are those the general way names, in its order,
    /// whatever the order and repeats of the trace's literals, few or many, covered or not.
    #[test]
    fn longer_literals_named_in_place_are_named_as_in_general() {
        use crate::syntax::compiled::rfc1738::Rule;
        let grammar: [&'static [u8]; 14] = [
            b"url:",
            b"http",
            b"ftp",
            b"gopher",
            b"mailto",
            b"news",
            b"nntp",
            b"telnet",
            b"wais",
            b"file",
            b"prospero",
            b";type=",
            b"%09",
            b"//",
        ];
        // A literal the grammar's table does not name is named all the same.
        let unnamed: &'static [u8] = b"xyz";
        let mut seed = 7u64;
        for round in 0..2_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let count = (seed >> 33) as usize % 12;
            let mut literals: Vec<(&'static [u8], bool)> = (0..count)
                .map(|i| {
                    let pick = (seed >> (i * 4 % 60)) as usize % grammar.len();
                    (grammar[pick], i % 3 == 0)
                })
                .collect();
            if round % 50 == 0 {
                literals.push((unnamed, false));
            }
            let covered_chars = if round % 4 == 0 { mask("hn") } else { 0 };
            let covered = |c: char| bit(c) & covered_chars != 0;
            let failure = Failure::<Rule> {
                offset: 0,
                rules: Vec::new().into(),
                chars: 0,
                literals: literals.clone().into(),
                within: None,
            };
            let mut in_place = Vec::new();
            failure.push_longer_literals(&mut in_place, covered);
            assert_eq!(in_place, failure.longer_literals(covered), "{literals:?}");
        }
    }

    /// The generated classes are those RFC 1738 section 5 lists, character for character.
    #[test]
    fn rfc1738_classes_are_section_5s() {
        let section_5 = [
            ("xchar", format!("{ALPHA}{DIGIT}$-_.+!*'(),;/?:@&=%")),
            ("uchar", format!("{ALPHA}{DIGIT}$-_.+!*'(),%")),
            ("unreserved", format!("{ALPHA}{DIGIT}$-_.+!*'(),")),
            ("alphadigit", format!("{ALPHA}{DIGIT}")),
            ("alpha", ALPHA.to_owned()),
            ("hex", format!("{DIGIT}ABCDEFabcdef")),
            ("digit", DIGIT.to_owned()),
            ("lowalpha", "abcdefghijklmnopqrstuvwxyz".to_owned()),
            ("hialpha", "ABCDEFGHIJKLMNOPQRSTUVWXYZ".to_owned()),
            ("reserved", ";/?:@&=".to_owned()),
            ("safe", "$-_.+".to_owned()),
            ("extra", "!*'(),".to_owned()),
        ];
        let generated: Vec<(&str, u128)> = RFC1738.classes.to_vec();
        let written: Vec<(&str, u128)> = section_5
            .iter()
            .map(|(name, members)| (*name, mask(members)))
            .collect();
        assert_eq!(generated, written);
    }

    /// RFC 1630's classes as its BNF writes them.
    #[test]
    fn rfc1630_classes_are_its_bnfs() {
        let alphanum = format!("{ALPHA}{DIGIT}");
        assert_eq!(
            RFC1630.classes[1],
            ("alphanum2", mask(&format!("{alphanum}-_.+")))
        );
        assert_eq!(RFC1630.classes[2], ("alphanum", mask(&alphanum)));
        assert_eq!(DRAFT.classes[1], ("alphanum", mask(&alphanum)));
        assert_eq!(
            RFC1630.classes[0].1,
            mask(&format!("{alphanum}$-_@.&+!*\"'(),%"))
        );
    }
}
