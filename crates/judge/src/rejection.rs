//! Rejected input judged against pest's own reading: where a run of the grammar got
//! furthest and what it expected there, as pest reports it with its error detail on
//! (`pest::set_error_detail`), against the compiled grammar's trace and the error the
//! diagnosis gives.
//!
//! Two comparisons, for every input both parsers reject:
//! - [`traces_agree`]: the compiled grammar's trace of the entry rule (`compiled::trace_rule`,
//!   which the diagnosis starts from) and pest's reading: the same furthest offset, the
//!   same characters and literals expected there, the same rules failed there.
//! - [`error_agrees`]: the error the entry point gave. Its offset is pest's furthest offset
//!   and its expected list is pest's reading named as the errors name it
//!   (by the diagnosis's own naming, `Failure::judged`), unless the error names an earlier cause or its own list,
//!   which [`Basis::of`] lists code by code with the reason; then what stays comparable is
//!   compared: the cause lies at or before pest's furthest offset, and nothing the list
//!   names can be read at the caret by pest's rule of that name.

use crate::pairs::{Numbered, to_pest};
use pest::Parser;
use rfc1738::Dialect;
use rfc1738::ParseError;
use rfc1738::judged::Grammar;
use std::cell::RefCell;

/// A compiled grammar's rule enum and its `pest_derive` parser.
pub trait Judged: Grammar {
    /// pest's rule enum of the grammar.
    type Pest: Numbered;
    /// pest's parser of the grammar.
    type Parser: Parser<Self::Pest>;
}

impl Judged for rfc1738::judged::rfc1738::Rule {
    type Pest = rfc1738::grammar::Rule;
    type Parser = rfc1738::grammar::Rfc1738Parser;
}

impl Judged for rfc1738::judged::rfc1630::Rule {
    type Pest = rfc1738::grammar::rfc1630::Rule;
    type Parser = rfc1738::grammar::rfc1630::Rfc1630Parser;
}

impl Judged for rfc1738::judged::draft_www_uri_00::Rule {
    type Pest = rfc1738::grammar::draft_www_uri_00::Rule;
    type Parser = rfc1738::grammar::draft_www_uri_00::DraftParser;
}

impl Judged for rfc1738::judged::rfc2396::Rule {
    type Pest = rfc1738::grammar::rfc2396::Rule;
    type Parser = rfc1738::grammar::rfc2396::Rfc2396Parser;
}

/// What a reading of a rule expected where it got furthest, by pest or by the trace.
#[derive(Clone, PartialEq, Eq)]
pub struct Furthest<R> {
    /// The furthest offset reached: pest's `max_position`, the trace's `furthest`.
    pub offset: usize,
    /// pest's `attempt_pos`, the furthest place a non-silent rule failed at its start
    /// (the trace records rules only at `offset`: there it is `offset`).
    pub rule_offset: usize,
    /// The rules that failed at `rule_offset` (pest's `positives`), sorted.
    pub rules: Vec<R>,
    /// The ASCII characters expected at `offset` (bit `c` for `c`).
    pub chars: u128,
    /// The literals of more than one character expected there, with whether case is
    /// ignored, sorted.
    pub literals: Vec<(Vec<u8>, bool)>,
}

impl<R: std::fmt::Debug> std::fmt::Debug for Furthest<R> {
    /// The characters and literals as text (`"09AZaz:"`, `^"url:"` for one whose case is
    /// ignored), as a disagreement is read.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let chars: String = (0u8..128)
            .filter(|&c| self.chars & 1 << c != 0)
            .map(char::from)
            .collect();
        let literals: Vec<String> = self
            .literals
            .iter()
            .map(|(literal, ignoring_case)| {
                let text = format!("{:?}", String::from_utf8_lossy(literal));
                if *ignoring_case {
                    format!("^{text}")
                } else {
                    text
                }
            })
            .collect();
        f.debug_struct("Furthest")
            .field("offset", &self.offset)
            .field("rule_offset", &self.rule_offset)
            .field("rules", &self.rules)
            .field("chars", &chars)
            .field("literals", &literals)
            .finish()
    }
}

/// A token of pest's error detail. pest does not export its `ParsingToken` type, only its
/// `Debug` form, which this reads back: `Sensitive { token: "..." }`, `Insensitive { token:
/// "..." }`, `Range { start: 'a', end: 'z' }`, `BuiltInRule`.
#[derive(Debug)]
pub enum Token {
    /// A literal, and whether its case is ignored.
    Literal(String, bool),
    /// A range of characters, both ends in.
    Range(char, char),
    /// A rule of pest's own (`ANY`, `ASCII_DIGIT`, ...).
    BuiltIn,
}

impl Token {
    /// The token whose `Debug` form pest wrote.
    pub fn of(debug: &str) -> Result<Token, String> {
        let unreadable = || format!("an unreadable token of pest's: {debug}");
        let literal = |rest: &str| {
            rest.strip_suffix("\" }")
                .map(unescape)
                .ok_or_else(unreadable)
        };
        if let Some(rest) = debug.strip_prefix("Sensitive { token: \"") {
            return Ok(Token::Literal(literal(rest)?, false));
        }
        if let Some(rest) = debug.strip_prefix("Insensitive { token: \"") {
            return Ok(Token::Literal(literal(rest)?, true));
        }
        if let Some(rest) = debug.strip_prefix("Range { start: '") {
            let (start, end) = rest
                .strip_suffix("' }")
                .and_then(|rest| rest.split_once("', end: '"))
                .ok_or_else(unreadable)?;
            let one = |text: &str| unescape(text).chars().next().ok_or_else(unreadable);
            return Ok(Token::Range(one(start)?, one(end)?));
        }
        (debug == "BuiltInRule")
            .then_some(Token::BuiltIn)
            .ok_or_else(unreadable)
    }
}

/// A string or character as Rust's `Debug` escapes it, unescaped.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// The bit of an ASCII character (0 for any other).
fn bit(c: char) -> u128 {
    if c.is_ascii() { 1 << c as u32 } else { 0 }
}

/// pest's reading of `rule` run on `text`, `None` when pest accepts it.
pub fn pest_furthest<R: Judged>(rule: R, text: &str) -> Result<Option<Furthest<R>>, String> {
    pest::set_error_detail(true);
    let Err(error) = R::Parser::parse(to_pest::<R::Pest>(rule), text) else {
        return Ok(None);
    };
    let rule_offset = match error.location {
        pest::error::InputLocation::Pos(at) | pest::error::InputLocation::Span((at, _)) => at,
    };
    let mut rules: Vec<R> = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .map(|&rule| R::ALL[rule.number()])
            .collect(),
        pest::error::ErrorVariant::CustomError { message } => return Err(message.clone()),
    };
    rules.sort_unstable();
    let attempts = error.parse_attempts().ok_or("pest gave no error detail")?;
    let (mut chars, mut literals) = (0u128, Vec::new());
    for token in attempts.expected_tokens() {
        match Token::of(&format!("{token:?}"))? {
            // A literal of one character, as the trace records it: its character, and its
            // other case where case is ignored.
            Token::Literal(literal, ignoring_case) if literal.len() == 1 => {
                let c = literal.chars().next().unwrap_or_default();
                chars |= bit(c);
                if ignoring_case {
                    chars |= bit(c.to_ascii_lowercase()) | bit(c.to_ascii_uppercase());
                }
            }
            Token::Literal(literal, ignoring_case) => {
                literals.push((literal.into_bytes(), ignoring_case));
            }
            Token::Range(start, end) => chars |= (start..=end).fold(0, |set, c| set | bit(c)),
            // No grammar here uses pest's built-in rules (ANY, ASCII_DIGIT...) but EOI and
            // SOI, which are no tokens.
            Token::BuiltIn => return Err("pest expected a built-in rule".into()),
        }
    }
    literals.sort_unstable();
    literals.dedup();
    Ok(Some(Furthest {
        offset: attempts.max_position,
        rule_offset,
        rules,
        chars,
        literals,
    }))
}

/// The compiled grammar's trace of `rule` run on `text`, `None` when it accepts it.
pub fn traced_furthest<R: Grammar>(rule: R, text: &str) -> Option<Furthest<R>> {
    let trace = rfc1738::judged::traced(rule, text);
    if trace.end.is_some() {
        return None;
    }
    let mut rules = trace.rules;
    rules.sort_unstable();
    rules.dedup();
    let mut literals: Vec<(Vec<u8>, bool)> = trace
        .literals
        .iter()
        .map(|&(literal, ignoring_case)| (literal.to_vec(), ignoring_case))
        .collect();
    literals.sort_unstable();
    Some(Furthest {
        offset: trace.furthest,
        rule_offset: trace.furthest,
        rules,
        chars: trace.chars,
        literals,
    })
}

/// How much of pest's reading the trace could be held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// pest's furthest offset holds the failures the trace records: the trace was compared
    /// whole.
    Whole,
    /// pest got furthest by a match alone, inside a positive lookahead (`&url_prefix`
    /// reading a scheme and ":"): nothing failed at its furthest offset, and pest forgets
    /// what failed before it. The trace stands where something failed last; it was held
    /// between pest's furthest rule failure and its furthest offset.
    MatchAlone,
}

/// Whether the compiled grammar's trace of `rule` on `text` is pest's reading: `Ok(None)`
/// when both accept.
pub fn traces_agree<R: Judged>(rule: R, text: &str) -> Result<Option<Readings<R>>, String> {
    let pest = pest_furthest(rule, text)?;
    let traced = traced_furthest(rule, text);
    let (pest, traced) = match (pest, traced) {
        (None, None) => return Ok(None),
        (Some(pest), Some(traced)) => (pest, traced),
        (pest, traced) => {
            return Err(format!(
                "{text:?} ({rule:?}): pest {pest:?}\n  traced {traced:?}"
            ));
        }
    };
    let disagree = |what: &str| {
        Err(format!(
            "{text:?} ({rule:?}): the trace's {what} is not pest's\n  pest {pest:?}\n  traced {traced:?}"
        ))
    };
    let nothing_failed = pest.chars == 0 && pest.literals.is_empty();
    if nothing_failed && pest.rule_offset < pest.offset {
        // Nothing failed where pest got furthest (see `Reach::MatchAlone`).
        if !(pest.rule_offset..pest.offset).contains(&traced.offset) {
            return disagree("furthest offset");
        }
        if traced.offset == pest.rule_offset && traced.rules != pest.rules {
            return disagree("rules");
        }
        return Ok(Some(Readings {
            reach: Reach::MatchAlone,
            pest,
            traced,
        }));
    }
    if traced.offset != pest.offset {
        return disagree("furthest offset");
    }
    if traced.chars != pest.chars {
        return disagree("characters");
    }
    if traced.literals != pest.literals {
        return disagree("literals");
    }
    // pest's rules are those that failed furthest at their start; where that is before its
    // furthest offset, no rule failed there, and the trace records none.
    let rules_there: &[R] = if pest.rule_offset == pest.offset {
        &pest.rules
    } else {
        &[]
    };
    if traced.rules != rules_there {
        return disagree("rules");
    }
    Ok(Some(Readings {
        reach: Reach::Whole,
        pest,
        traced,
    }))
}

/// pest's reading and the trace of a rejected text, and how far [`traces_agree`] held the
/// one to the other: what [`error_agrees`] judges the error by.
pub struct Readings<R> {
    reach: Reach,
    pest: Furthest<R>,
    traced: Furthest<R>,
}

/// A reading named as the diagnosis names what it expected (`diagnose::failure::Naming`),
/// within the production of `error`'s kind of URL, as the diagnosis names it.
fn named<R: Judged>(pest: &Furthest<R>, error: &ParseError) -> Result<Vec<String>, String> {
    let rules = if pest.rule_offset == pest.offset {
        pest.rules.clone()
    } else {
        Vec::new()
    };
    let failure =
        rfc1738::judged::JudgedFailure::judged(pest.offset, rules, pest.chars, &pest.literals)
            .ok_or_else(|| format!("pest expected a literal the grammar does not hold: {pest:?}"))?
            .within(error.url_kind());
    let names = failure.expected();
    Ok(names.into_iter().map(String::from).collect())
}

/// What an error's offset and expected list rest on, by its code and what the diagnosis
/// read (`crate::syntax::diagnose`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Basis {
    /// pest's furthest offset, and its reading there named.
    Furthest,
    /// The "%" of the escape pest failed in, one or two bytes before pest's furthest
    /// offset (the family's diagnosis reports an escape from its start), and pest's
    /// reading at its furthest offset named.
    EscapeStart,
    /// RFC 1738's login without "@" (ftp, telnet) is a bare hostport (`login = [ user [ ":"
    /// password ] "@" ] hostport`), but pest's furthest reading is the `user` branch, which
    /// takes the host for a user name waiting for its "@": the error is where pest's
    /// `hostport` stops in the authority (`start..end`, up to the first "/"), and pest's
    /// reading there, as pest reads that hostport in a gopher URL, whose authority is a
    /// hostport alone (followed, as in ftp and telnet, by "/" or the end).
    Hostport { start: usize, end: usize },
    /// A cause the message names before pest's furthest offset, or a list of its own
    /// (why, in words): the caret is at or before pest's furthest offset, and no name the
    /// list gives can be read at the caret by pest's rule of that name.
    Own(&'static str),
    /// An error beyond the grammar: pest accepts the text.
    BeyondGrammar,
    /// A limit of this implementation on the input's length (4 GiB), beyond what pest is
    /// asked to read: not compared.
    Limit,
    /// pest's furthest offset, and a list of its own, each name of which is in pest's
    /// reading there named (the family's article without "@": `xalpha` or "@").
    NamedAmong,
    /// A named scheme's "//" missing after its ":": pest tries the literal `scheme "://"`
    /// whole at the scheme, so the caret, after the ":", is inside the literal its reading
    /// expected at its furthest offset; the list is that "//".
    MissingSlashes,
}

impl Basis {
    fn of(dialect: Dialect, text: &str, error: &ParseError) -> Basis {
        use rfc1738::UrlKind;
        let family = dialect != Dialect::Rfc1738;
        let code = error.kind().code();
        match code {
            "port-out-of-range" | "octet-out-of-range" => return Basis::BeyondGrammar,
            "too-long" => return Basis::Limit,
            "empty" | "surrounding-whitespace" | "wrapper" | "quoted" => {
                return Basis::Own(
                    "the input as it stood in running text, read before the grammar",
                );
            }
            "missing-slashes" => return Basis::MissingSlashes,
            "slash-in-login" | "slash-in-alphanum2-login" => {
                return Basis::Own(
                    "on the \"/\" that cut a user name or password short; the list continues it",
                );
            }
            "user-info-not-allowed" => {
                return Basis::Own(
                    "on the login of a scheme that has none; the user name reads as a host",
                );
            }
            "prefixed-generic-uri" => {
                return Basis::Own(
                    "on the scheme after \"URL:\" that RFC 1630's url does not name",
                );
            }
            "partial-form" | "missing-scheme" if family => {
                return Basis::Own(
                    "where the reading of a scheme stops (no scheme, or a partial form)",
                );
            }
            "invalid-escape" if !family => {
                return Basis::Own("on the \"%\" of a broken escape: two hex digits expected");
            }
            "invalid-escape" => return Basis::EscapeStart,
            "article-without-host" => return Basis::NamedAmong,
            _ => {}
        }
        // RFC 1738's text is a URL alone (a reference's prefix is read apart): "URL:" at its
        // start is the scheme `url`.
        let prefix_len = if family {
            rfc1738::judged::prefix_len(dialect, text)
        } else {
            0
        };
        let Some(scheme_len) = rfc1738::judged::scheme_len(dialect, &text[prefix_len..]) else {
            return Basis::Furthest;
        };
        let after_colon = prefix_len + scheme_len + 1;
        let kind = UrlKind::from_scheme_in(&text[prefix_len..prefix_len + scheme_len], dialect);
        let production = [kind.production_in(dialect)];
        if family && error.offset() == after_colon && error.expected() == production {
            return Basis::Own("a named scheme's production refused at its start: the production");
        }
        let start = after_colon + 2;
        let login = rfc1738::judged::has_slashes(kind)
            && rfc1738::judged::allows_login(kind)
            && text[after_colon..].starts_with("//");
        if !family && login {
            let end = text[start..].find('/').map_or(text.len(), |at| start + at);
            if !text[start..end].contains('@') {
                return Basis::Hostport { start, end };
            }
        }
        Basis::Furthest
    }
}

/// How far a rejection was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgment {
    /// The offset and the expected list equal pest's.
    Equal,
    /// The offset is at or before pest's furthest, the list is the error's own, and none
    /// of its names can be read at the caret.
    Bounded,
    /// An error beyond the grammar, whose text pest accepts.
    Accepted,
    /// An input beyond the implementation's limit of length: not compared.
    Limit,
    /// pest got furthest by a match alone, where its reading is empty: the offset and the
    /// list equal the trace's, which [`traces_agree`] held between pest's bounds.
    EqualToTrace,
}

/// Whether `error`, the error an entry point gave for `text` read by the grammar `R` from
/// its entry rule (`whole_url`, `whole_uri`), is pest's reading of `text` (see [`Basis`]);
/// `readings` are those [`traces_agree`] compared (`None`: both accept the text).
fn error_agrees<R: Judged>(
    text: &str,
    error: &ParseError,
    readings: Option<Readings<R>>,
) -> Result<Judgment, String> {
    let basis = Basis::of(R::DIALECT, text, error);
    let disagree = |what: String| {
        Err(format!(
            "{text:?} ({basis:?}, {}): {what}",
            error.kind().code()
        ))
    };
    let (offset, expected) = (error.offset(), error.expected());
    if basis == Basis::Limit {
        return Ok(Judgment::Limit);
    }
    let Some(Readings {
        reach,
        pest,
        traced,
    }) = readings
    else {
        return match basis {
            Basis::BeyondGrammar => Ok(Judgment::Accepted),
            _ => disagree("pest accepts the text".into()),
        };
    };
    // Where pest got furthest by a match alone, its reading there is empty; the trace,
    // held between pest's bounds (`traces_agree`), stands where something failed last, and
    // an error at the furthest failure is compared with it.
    let (reading, judged) = match reach {
        Reach::MatchAlone => (traced, Judgment::EqualToTrace),
        Reach::Whole => (pest.clone(), Judgment::Equal),
    };
    let equal = |offset_there: usize, names: Vec<String>| {
        if offset != offset_there || expected != names {
            return disagree(format!(
                "at {offset} expected {expected:?}; pest's reading: at {offset_there} {names:?}"
            ));
        }
        Ok(judged)
    };
    let bounded = |furthest: usize| {
        if offset > furthest {
            return disagree(format!(
                "the caret {offset} is past pest's furthest offset {furthest}"
            ));
        }
        for name in expected {
            if reads_at::<R>(name, text, offset)? {
                return disagree(format!("{name} can be read at the caret"));
            }
        }
        Ok(Judgment::Bounded)
    };
    match basis {
        Basis::Furthest => equal(reading.offset, named(&reading, error)?),
        Basis::NamedAmong => {
            let names = named(&reading, error)?;
            if offset != reading.offset {
                return disagree(format!(
                    "at {offset}; pest got furthest at {}",
                    reading.offset
                ));
            }
            // A name of the list is in pest's reading named, or is a character it expected
            // there (which a class of the reading may stand for).
            let in_reading = |name: &str| {
                names.iter().any(|known| known == name)
                    || name
                        .strip_prefix('"')
                        .and_then(|name| name.strip_suffix('"'))
                        .and_then(|name| name.chars().next().filter(|_| name.len() == 1))
                        .is_some_and(|c| reading.chars & bit(c) != 0)
            };
            match expected.iter().find(|name| !in_reading(name.as_ref())) {
                Some(name) => disagree(format!("lists {name}, not in pest's reading {names:?}")),
                None => Ok(Judgment::Bounded),
            }
        }
        Basis::EscapeStart => {
            let start = (1..=2)
                .map(|back| reading.offset.saturating_sub(back))
                .find(|&at| text.as_bytes().get(at) == Some(&b'%'));
            equal(start.unwrap_or(reading.offset), named(&reading, error)?)
        }
        Basis::Hostport { start, end } => {
            let gopher = format!("gopher://{}", &text[start..end]);
            match pest_furthest(R::URL, &gopher)? {
                Some(hostport) => equal(
                    start + hostport.offset - "gopher://".len(),
                    named(&hostport, error)?,
                ),
                // The login is a hostport: the error is beyond it, where pest got furthest.
                None => equal(reading.offset, named(&reading, error)?),
            }
        }
        Basis::MissingSlashes => {
            if text[offset..].starts_with("//") || expected != ["\"//\""] {
                return disagree("\"//\" is not missing at the caret".into());
            }
            if judged == Judgment::EqualToTrace {
                // pest's reading is empty where it got furthest: the caret is bounded.
                return bounded(pest.offset);
            }
            let scheme = &text[pest.offset.min(offset)..offset.saturating_sub(1)];
            let literal = format!("{}://", scheme.to_ascii_lowercase());
            let in_literal = pest
                .literals
                .iter()
                .any(|(l, _)| l.eq_ignore_ascii_case(literal.as_bytes()));
            if !in_literal {
                return disagree(format!(
                    "no literal {literal:?} where pest got furthest, {}",
                    pest.offset
                ));
            }
            Ok(Judgment::Bounded)
        }
        Basis::Own(_) => bounded(pest.offset),
        Basis::BeyondGrammar => disagree("pest rejects the text".into()),
        Basis::Limit => Ok(Judgment::Limit),
    }
}

/// Whether what `name` names (a rule or class of the grammar, a quoted literal, the end)
/// can be read at `offset` of `text`: a rule when pest's rules of that name all take a
/// character there.
fn reads_at<R: Judged>(name: &str, text: &str, offset: usize) -> Result<bool, String> {
    let rest = &text[offset..];
    if name == R::EOI.rfc_name() {
        return Ok(rest.is_empty());
    }
    if let Some(literal) = name
        .strip_prefix('"')
        .and_then(|name| name.strip_suffix('"'))
    {
        return Ok(!literal.is_empty() && rest.starts_with(literal));
    }
    let rules: Vec<R> = R::ALL[1..]
        .iter()
        .copied()
        .filter(|rule| rule.rfc_name() == name)
        .collect();
    if rules.is_empty() {
        return Err(format!("the list names {name:?}, no rule of the grammar"));
    }
    Ok(rules.iter().all(|&rule| {
        R::Parser::parse(to_pest::<R::Pest>(rule), rest)
            .ok()
            .and_then(|mut pairs| pairs.next())
            .is_some_and(|pair| pair.as_span().end() > 0)
    }))
}

/// Which reading a rejection was judged in: a URL alone (RFC 1738's `whole_url`), or a
/// reference (RFC 1738's `[URL:] url [#fragment]`, the family's `whole_uri`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Url,
    Reference,
}

/// Every judgment, in the order the counts list them.
pub const JUDGMENTS: [Judgment; 5] = [
    Judgment::Equal,
    Judgment::EqualToTrace,
    Judgment::Bounded,
    Judgment::Accepted,
    Judgment::Limit,
];

thread_local! {
    /// How many rejections this thread judged, by dialect, form and judgment (a test of
    /// the differential runs on its own thread and reports its own).
    static JUDGED: RefCell<[[[u64; JUDGMENTS.len()]; 2]; Dialect::ALL.len()]> = const { RefCell::new([[[0; JUDGMENTS.len()]; 2]; Dialect::ALL.len()]) };
}

/// Judges the rejection of `text` by the grammar `R` (read from its entry rule), whose
/// error is `error`: the trace against pest's reading ([`traces_agree`]), then the error
/// ([`error_agrees`]); counts the judgment.
pub fn judge_rejection<R: Judged>(
    text: &str,
    error: &ParseError,
    form: Form,
) -> Result<Judgment, String> {
    // Both accept only an error beyond the grammar, which `error_agrees` requires.
    let readings = traces_agree(R::URL, text)?;
    let judgment = error_agrees::<R>(text, error, readings)?;
    count(R::DIALECT, form, judgment);
    Ok(judgment)
}

/// Counts a rejection judged.
pub fn count(dialect: Dialect, form: Form, judgment: Judgment) {
    let at = JUDGMENTS.iter().position(|&j| j == judgment).unwrap_or(0);
    JUDGED.with(|judged| judged.borrow_mut()[dialect as usize][form as usize][at] += 1);
}

/// How many rejections this thread judged in `dialect` and `form` with `judgment`.
pub fn judged(dialect: Dialect, form: Form, judgment: Judgment) -> u64 {
    let at = JUDGMENTS.iter().position(|&j| j == judgment).unwrap_or(0);
    JUDGED.with(|judged| judged.borrow()[dialect as usize][form as usize][at])
}

/// The counts of [`judge_rejection`] on this thread, one line per dialect and form.
pub fn tally() -> String {
    let mut lines = String::new();
    for dialect in Dialect::ALL {
        for form in [Form::Url, Form::Reference] {
            let counts: Vec<u64> = JUDGMENTS
                .iter()
                .map(|&judgment| judged(dialect, form, judgment))
                .collect();
            let total: u64 = counts.iter().sum();
            if total == 0 {
                continue;
            }
            let parts: Vec<String> = JUDGMENTS
                .iter()
                .zip(&counts)
                .map(|(judgment, n)| format!("{judgment:?} {n}"))
                .collect();
            lines.push_str(&format!(
                "{dialect} {form:?}: {total} rejections judged against pest ({})\n",
                parts.join(", ")
            ));
        }
    }
    lines
}
