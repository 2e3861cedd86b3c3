//! From a failed parse to an error a person can act on.
//!
//! pest reports the furthest position it reached and the non-silent rules it tried there.
//! The character classes of the grammar are silent (so that a parse makes no pair per
//! character), so on the error path the input is parsed once more with pest's error detail,
//! which also records every literal and character range tried at that position. Those
//! characters are named back by the RFC's classes (`uchar`, `alphadigit`, ...) to give the
//! `expected` list, and the character found there picks the message.

use crate::error::{ErrorKind, ParseError};
use crate::grammar::{Rfc1738Parser, Rule};
use crate::url::UrlKind;
use pest::Parser;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

/// The error for an input the grammar rejected.
pub(crate) fn diagnose(input: &str) -> ParseError {
    if input.is_empty() {
        return ParseError::new(input, 0, None, ErrorKind::Empty, vec!["scheme".into()]);
    }
    let mut failure = Failure::of(input);
    let Some(scheme_len) = leading_scheme_len(input) else {
        return failure.error(input, None, ErrorKind::MissingScheme);
    };
    let kind = UrlKind::from_scheme(&input[..scheme_len]);
    let error_at = |offset, error, expected: &[&str]| {
        let expected = expected.iter().map(|e| e.to_string()).collect();
        ParseError::new(input, offset, Some(kind), error, expected)
    };

    let after_colon = scheme_len + 1;
    if kind.has_slashes() && !input[after_colon..].starts_with("//") {
        let scheme = kind.name();
        return error_at(
            after_colon,
            ErrorKind::MissingSlashes { scheme },
            &["\"//\""],
        );
    }
    let authority = after_colon + 2;
    let authority_end = input
        .get(authority..)
        .and_then(|rest| rest.find(['/', '?', '#']))
        .map_or(input.len(), |i| authority + i);
    let has_user = kind.has_slashes() && input[authority..authority_end].contains('@');
    if has_user && !kind.allows_login() {
        let scheme = kind.name();
        return error_at(
            authority,
            ErrorKind::UserInfoNotAllowed { scheme },
            &["host"],
        );
    }
    if kind.has_slashes() && kind.allows_login() && !has_user {
        // Without an "@", `login` is a bare hostport, but pest's furthest failure is the
        // optional `user` branch reaching the end of the authority; find where the
        // hostport itself fails instead.
        if let Some(hostport) = Failure::of_hostport(input, authority, authority_end) {
            failure = hostport;
        }
    }
    let escape_allowed = failure.chars.contains(&'%');
    if let Some((start, escape)) = invalid_escape_at(input, failure.offset, escape_allowed) {
        return error_at(start, ErrorKind::InvalidEscape { escape }, &["hex"]);
    }
    if failure.lacks_port_digits(input) {
        return failure.error(input, Some(kind), ErrorKind::MissingPort);
    }
    if failure.ends_label_with_hyphen(input) {
        return failure.error(input, Some(kind), ErrorKind::LabelEndsWithHyphen);
    }
    let Some(found) = input[failure.offset..].chars().next() else {
        return failure.error(input, Some(kind), ErrorKind::UnexpectedEnd);
    };
    let error = match found {
        '#' => ErrorKind::Fragment,
        '?' if kind == UrlKind::Http && !input[authority..failure.offset].contains('/') => {
            ErrorKind::SearchWithoutPath
        }
        '%' if is_escape(&input.as_bytes()[failure.offset..]) => ErrorKind::EscapeNotAllowed {
            escape: input[failure.offset..failure.offset + 3].to_owned(),
        },
        ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '~' | '[' | ']' | '`' | '%' => {
            ErrorKind::UnsafeCharacter {
                found,
                escape: escape_char(found),
            }
        }
        ';' | '/' | '?' | ':' | '@' | '&' | '=' => ErrorKind::ReservedCharacter {
            found,
            escape: escape_char(found),
        },
        c if !c.is_ascii_graphic() => ErrorKind::NonGraphicCharacter {
            found,
            escape: escape_char(found),
        },
        _ => ErrorKind::UnexpectedCharacter { found },
    };
    failure.error(input, Some(kind), error)
}

/// The length of `scheme` when the input starts with `scheme ":"`.
pub(crate) fn leading_scheme_len(input: &str) -> Option<usize> {
    let len = input
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (len > 0 && input.as_bytes()[len] == b':').then_some(len)
}

/// A `%` that starts no valid escape, just before `offset` (the grammar was reading an
/// escape) or at it (where an escape is allowed): its position and the text of the broken
/// escape (`%zz`, `%4`, `%%3`).
fn invalid_escape_at(
    input: &str,
    offset: usize,
    allowed_at_offset: bool,
) -> Option<(usize, String)> {
    let bytes = input.as_bytes();
    let last = if allowed_at_offset {
        offset
    } else {
        offset.saturating_sub(1)
    };
    let start = (offset.saturating_sub(2)..=last).find(|&i| {
        bytes.get(i) == Some(&b'%')
            && bytes[i + 1..offset.max(i + 1)]
                .iter()
                .all(u8::is_ascii_hexdigit)
    })?;
    if is_escape(&bytes[start..]) {
        return None;
    }
    let escape: String = input[start..].chars().take(3).collect();
    Some((start, escape))
}

/// Whether `bytes` starts with a valid escape, `"%" hex hex`.
fn is_escape(bytes: &[u8]) -> bool {
    matches!(bytes, [b'%', high, low, ..] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit())
}

/// `%XX` for each UTF-8 octet of a character.
fn escape_char(c: char) -> String {
    let mut buffer = [0; 4];
    c.encode_utf8(&mut buffer)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// What pest tried at the furthest position it reached.
struct Failure {
    offset: usize,
    /// Non-silent rules that failed there (`host`, `ftptype`, `EOI`, ...).
    rules: Vec<Rule>,
    /// The ASCII characters those rules can start with (bit `c` for character `c`).
    covered: u128,
    /// Single characters that would have been accepted there.
    chars: BTreeSet<char>,
    /// Longer literals that would have been accepted there (`";type="`, `"%09"`).
    literals: BTreeSet<String>,
}

impl Failure {
    /// Where the hostport at `input[start..end]` fails, when it does not span that range.
    /// It is read as the hostport of an http URL, whose production has nothing else
    /// before its path.
    fn of_hostport(input: &str, start: usize, end: usize) -> Option<Failure> {
        const PREFIX: &str = "http://";
        let probe = format!("{PREFIX}{}", &input[start..end]);
        if Rfc1738Parser::parse(Rule::whole_url, &probe).is_ok() {
            return None;
        }
        let mut failure = Failure::of(&probe);
        let within = failure.offset.checked_sub(PREFIX.len())?;
        (within <= end - start).then(|| {
            failure.offset = start + within;
            failure
        })
    }

    /// Parses `input` (which the grammar rejects) with pest's error detail on.
    fn of(input: &str) -> Failure {
        with_error_detail(|| {
            let error = match Rfc1738Parser::parse(Rule::whole_url, input) {
                Err(error) => error,
                Ok(_) => unreachable!("diagnose is called only for rejected input"),
            };
            // pest places the error at the furthest *rule* it tried; the silent character
            // classes can get further, and the detail records how far.
            let rule_offset = match error.location {
                pest::error::InputLocation::Pos(pos) => pos,
                pest::error::InputLocation::Span((start, _)) => start,
            };
            let attempts = error.parse_attempts();
            let offset = attempts
                .as_ref()
                .map_or(rule_offset, |a| a.max_position.max(rule_offset));
            let rules = match &error.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. }
                    if rule_offset == offset =>
                {
                    positives.clone()
                }
                _ => Vec::new(),
            };
            let mut failure = Failure {
                offset,
                covered: rules.iter().fold(0, |set, &rule| set | first_set(rule)),
                rules,
                chars: BTreeSet::new(),
                literals: BTreeSet::new(),
            };
            for token in attempts.map(|a| a.expected_tokens()).unwrap_or_default() {
                failure.add_token(&token.to_string());
            }
            failure
        })
    }

    /// Records one token pest tried. pest does not export its token type, so tokens are
    /// read through their `Display` form: a range prints as `a..z`, a literal as itself,
    /// a case-insensitive literal in upper case (this grammar's only ones are the scheme
    /// prefixes, shown here in lower case), a built-in rule as `BUILTIN_RULE`.
    fn add_token(&mut self, token: &str) {
        let chars: Vec<char> = token.chars().collect();
        match chars[..] {
            [] => {}
            [c] => {
                self.chars.insert(c);
            }
            [start, '.', '.', end] => self.chars.extend(start..=end),
            _ if token == "BUILTIN_RULE" => {}
            _ => {
                self.literals.insert(token.to_ascii_lowercase());
            }
        }
    }

    /// Whether the failure is a ":" after a host with no port digits after it.
    fn lacks_port_digits(&self, input: &str) -> bool {
        input[..self.offset].ends_with(':')
            && !self.chars.is_empty()
            && self.chars.iter().all(char::is_ascii_digit)
    }

    /// Whether the failure is a host label that ends in "-": only an alphadigit or another
    /// "-" could follow, and a "-" came last.
    fn ends_label_with_hyphen(&self, input: &str) -> bool {
        let label_chars = |c: &char| c.is_ascii_alphanumeric() || *c == '-';
        input[..self.offset].ends_with('-')
            && self.chars.contains(&'a')
            && self.chars.iter().all(label_chars)
    }

    fn error(&self, input: &str, kind: Option<UrlKind>, error: ErrorKind) -> ParseError {
        ParseError::new(input, self.offset, kind, error, self.expected())
    }

    /// The expected list: the rules tried, then the characters and literals those rules do
    /// not already cover (named by the RFC's classes), then the end of the URL.
    fn expected(&self) -> Vec<String> {
        let covered = |c: char| c.is_ascii() && self.covered & (1 << c as u32) != 0;
        let mut chars: BTreeSet<char> = self
            .chars
            .iter()
            .copied()
            .filter(|&c| !covered(c))
            .collect();
        let rules = self.rules.iter().filter(|&&rule| rule != Rule::EOI);
        let mut expected: Vec<String> = rules.map(|rule| rule.rfc_name()).collect();
        for (name, members) in CLASSES {
            if members.chars().all(|c| chars.contains(&c)) {
                expected.push(name.to_string());
                for c in members.chars() {
                    chars.remove(&c);
                }
            }
        }
        expected.extend(chars.iter().map(|c| format!("{:?}", c.to_string())));
        let literals = self.literals.iter().filter(|l| !l.starts_with(covered));
        expected.extend(literals.map(|l| format!("{l:?}")));
        if self.rules.contains(&Rule::EOI) {
            expected.push(Rule::EOI.rfc_name());
        }
        expected
    }
}

/// The character classes of RFC 1738 section 5, largest first, used to name a set of
/// expected characters.
const CLASSES: &[(&str, &str)] = &[
    ("xchar", concat!(ALPHA!(), DIGIT!(), "$-_.+!*'(),;/?:@&=%")),
    ("uchar", concat!(ALPHA!(), DIGIT!(), "$-_.+!*'(),%")),
    ("unreserved", concat!(ALPHA!(), DIGIT!(), "$-_.+!*'(),")),
    ("alphadigit", concat!(ALPHA!(), DIGIT!())),
    ("alpha", ALPHA!()),
    ("hex", concat!(DIGIT!(), "ABCDEFabcdef")),
    ("digit", DIGIT!()),
    ("lowalpha", "abcdefghijklmnopqrstuvwxyz"),
    ("hialpha", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("reserved", ";/?:@&="),
    ("safe", "$-_.+"),
    ("extra", "!*'(),"),
];

macro_rules! ALPHA {
    () => {
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    };
}
macro_rules! DIGIT {
    () => {
        "0123456789"
    };
}
use {ALPHA, DIGIT};

/// The ASCII characters `rule` can start with (bit `c` for character `c`), asked of the
/// grammar itself: a rule starts with `c` when parsing `c` alone gets past it. Cached per
/// rule; called with the error detail on, which tells how far a failed parse got.
fn first_set(rule: Rule) -> u128 {
    static FIRST: OnceLock<Mutex<HashMap<Rule, u128>>> = OnceLock::new();
    if rule == Rule::EOI {
        return 0;
    }
    let cache = FIRST.get_or_init(Default::default);
    let mut cache = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *cache.entry(rule).or_insert_with(|| {
        (0u8..128).fold(0u128, |set, byte| {
            let probe = (byte as char).to_string();
            let starts = match Rfc1738Parser::parse(rule, &probe) {
                Ok(pairs) => pairs.last().is_some_and(|pair| pair.as_span().end() > 0),
                Err(error) => error.parse_attempts().is_some_and(|a| a.max_position > 0),
            };
            set | (u128::from(starts) << byte)
        })
    })
}

/// Runs `f` with pest's error detail switched on. The switch is process-wide, so it is only
/// flipped under a lock and switched off again at once; other parses running meanwhile may
/// record detail they do not need, which costs time but changes no result.
fn with_error_detail<T>(f: impl FnOnce() -> T) -> T {
    static DETAIL: Mutex<()> = Mutex::new(());
    let _guard = DETAIL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    pest::set_error_detail(true);
    let result = f();
    pest::set_error_detail(false);
    result
}
