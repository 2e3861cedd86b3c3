//! From a failed parse to an error a person can act on.
//!
//! The compiled grammar is run once more in tracing mode (`compiled::trace_rule`), which records, as
//! pest's error detail does, the rules, literals and byte sets tried at the furthest
//! position reached. The bytes are named back by the RFC's classes (`uchar`, `alphadigit`,
//! ...) to give the `expected` list, and the character found there picks the message.

use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::compiled::Grammar;
use crate::syntax::compiled::Trace;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::encode::escape_char;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::escape::is_escape;
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;
use std::sync::OnceLock;

/// The error for an input the grammar rejected. `valid_url` says whether a text is a valid
/// URL (grammar and lowering: the facade's reading), which decides whether whitespace at
/// the end is the only fault; the syntax layer itself knows the grammar only.
pub(crate) fn diagnose(input: &str, valid_url: &dyn Fn(&str) -> bool) -> ParseError {
    if input.is_empty() {
        return ParseError::new(input, 0, None, ErrorKind::Empty, vec!["scheme".into()]);
    }
    if let Some(error) = wrapped_or_padded(input, valid_url) {
        return error;
    }
    let mut failure = Failure::of(input);
    let Some(scheme_len) = Dialect::Rfc1738.scheme_len(input) else {
        let rule = Dialect::Rfc1738.scheme_rule();
        return failure.error(input, None, ErrorKind::MissingScheme { rule });
    };
    let kind = UrlKind::from_scheme(&input[..scheme_len]);
    let error_at = |offset, error, expected: &[&'static str]| {
        let expected = expected.iter().map(|&e| Cow::Borrowed(e)).collect();
        ParseError::with_names(input, offset, Some(kind), error, expected)
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
    // A user or password may hold "?" (RFC 1738 section 5, `user`), so a login ends at the
    // first "/" only; a bare hostport holds none of "/", "?", "#".
    let terminators: &[char] = if kind.allows_login() {
        &['/']
    } else {
        &['/', '?', '#']
    };
    let authority_end = input
        .get(authority..)
        .and_then(|rest| rest.find(terminators))
        .map_or(input.len(), |i| authority + i);
    let has_user = kind.has_slashes() && input[authority..authority_end].contains('@');
    if has_user && !kind.allows_login() {
        // The message names the cause, the login before the host; the grammar's
        // expectation there (a host) is met by the user name, so none is listed.
        let scheme = kind.name();
        return error_at(authority, ErrorKind::UserInfoNotAllowed { scheme }, &[]);
    }
    // Whether the failure is that of the login read as a bare hostport (below).
    let mut in_hostport = false;
    if kind.has_slashes() && kind.allows_login() && !has_user {
        // A "/" that cut a user name or password short: what comes before the "@" after
        // it is a user and password once each "/" is escaped (RFC 1738 section 3.1).
        let user_info = |text: &str| is_user_info(Rule::user, Rule::password, text);
        if let Some(expected) = slash_cut_login(
            input,
            authority,
            authority_end,
            failure.offset,
            "%2F",
            user_info,
        ) {
            return error_at(authority_end, ErrorKind::SlashInLogin, expected);
        }
        // Without an "@", `login` is a bare hostport, but the furthest failure is the
        // optional `user` branch reaching the end of the authority, which reads a host
        // as a user name waiting for its "@"; report where the hostport itself fails, and
        // say that the login, lacking "@", is a host and port.
        let followers = ["/"];
        if let Some(hostport) =
            Failure::in_place(Rule::hostport, input, authority, authority_end, &followers)
        {
            // An "@" after the first "/" means a "/" cut a user or password short: the
            // user and password read well up to that "/", where the grammar got furthest.
            if input[authority_end..].contains('@')
                && input[authority..authority_end].contains(':')
                && failure.offset == authority_end
            {
                return error_at(
                    authority_end,
                    ErrorKind::SlashInLogin,
                    &["password", "\"@\""],
                );
            }
            failure = hostport;
            in_hostport = true;
        }
    }
    // A generic schemepart may be read as opaque *xchar, where an escape can stand anywhere.
    let opaque = kind == UrlKind::Generic && failure.offset > scheme_len;
    let escape_allowed = failure.chars & bit('%') != 0 || opaque;
    if let Some((start, escape)) = invalid_escape_at(input, failure.offset, escape_allowed) {
        return error_at(start, ErrorKind::InvalidEscape { escape }, &["hex"]);
    }
    if let Some(error) = failure.label_error(input) {
        return failure.error(input, Some(kind), error);
    }
    if let Some(error) = failure.host_without_toplabel(input) {
        return failure.error(input, Some(kind), error);
    }
    let found = input[failure.offset..].chars().next();
    // A "[" where a host starts. Not in a generic URL, whose schemepart may be read as
    // opaque `*xchar`, where the "[" is an unsafe character to escape.
    let host_expected = failure.rules.iter().any(|rule| {
        matches!(
            rule,
            Rule::host | Rule::hostname | Rule::hostport | Rule::login
        )
    });
    if found == Some('[') && host_expected && kind != UrlKind::Generic {
        return failure.error(input, Some(kind), ErrorKind::HostInBrackets);
    }
    if let (true, Some(found)) = (in_hostport, found) {
        if !matches!(found, '/' | '#') {
            // A character the hostport cannot go on with, in a login without "@".
            return failure.error(input, Some(kind), ErrorKind::NotInHostport { found });
        }
    }
    if failure.lacks_port_digits(input) {
        return failure.error(input, Some(kind), ErrorKind::MissingPort);
    }
    let Some(found) = found else {
        let article = failure.offset > after_colon && !input[after_colon..].contains('@');
        if kind == UrlKind::News && article {
            // Not "*" and not a group: read to its end as an article, which goes on with
            // its characters or ends with "@" host (RFC 1738 section 5, `article`). Its
            // characters are named as uchar and the reserved ones, "@" among them.
            let error = ErrorKind::ArticleWithoutHost {
                group: Dialect::Rfc1738.group_rule(),
            };
            let expected = failure.expected_naming_without(&["xchar", "reserved"]);
            return ParseError::with_names(input, failure.offset, Some(kind), error, expected);
        }
        return failure.error(input, Some(kind), ErrorKind::UnexpectedEnd);
    };
    let error = match found {
        '#' => ErrorKind::Fragment,
        ';' if kind == UrlKind::Ftp
            && input[failure.offset..]
                .get(..6)
                .is_some_and(|t| t.eq_ignore_ascii_case(";type=") && t != ";type=") =>
        {
            ErrorKind::TypeInUpperCase
        }
        '?' if kind == UrlKind::Http && !input[authority..failure.offset].contains('/') => {
            ErrorKind::SearchWithoutPath
        }
        '%' if is_escape(&input.as_bytes()[failure.offset..]) => ErrorKind::EscapeNotAllowed {
            escape: input[failure.offset..failure.offset + 3].to_owned(),
        },
        // Where no escape is allowed (a host, a port, a group), advice to escape is wrong.
        _ if !escape_allowed => ErrorKind::UnexpectedCharacter { found },
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

/// A "/" that cut a user name or password short (RFC 1738 section 3.1: "Within the user
/// and password field, any ":", "@", or "/" must be encoded"): the login starts at
/// `authority`, holds no "@" before its first "/" (at `slash`), and goes on to an "@"
/// after it; no reading of the grammar got past the character after that "/" (`furthest`,
/// where the grammar's reach ends); and the text from `authority` to that "@", each "/"
/// in it written as `data` (its escape, or a character the user name may hold where the
/// dialect has no escapes there), is `user [ ":" password ]` by `is_user_info`. Then the
/// "/" is the first fault, and the expected list at it: what continues the user name (and
/// its ":") or the password, and the "@".
pub(crate) fn slash_cut_login(
    input: &str,
    authority: usize,
    slash: usize,
    furthest: usize,
    data: &str,
    is_user_info: impl Fn(&str) -> bool,
) -> Option<&'static [&'static str]> {
    if input.as_bytes().get(slash) != Some(&b'/') || furthest > slash + 1 {
        return None;
    }
    let at = slash + input[slash..].find('@')?;
    let user_info = &input[authority..at];
    if !is_user_info(&user_info.replace('/', data)) {
        return None;
    }
    let password = input[authority..slash].contains(':');
    Some(if password {
        &["password", "\"@\""]
    } else {
        &["user", "\":\"", "\"@\""]
    })
}

/// Whether `text` is all of `user [ ":" password ]`, by the rules `user` and `password` of
/// a compiled grammar.
pub(crate) fn is_user_info<R: crate::syntax::compiled::Grammar>(
    user: R,
    password: R,
    text: &str,
) -> bool {
    let mut toks = Vec::new();
    let Some(end) = crate::syntax::compiled::run(user, text, &mut toks) else {
        return false;
    };
    match text[end..].strip_prefix(':') {
        None => end == text.len(),
        Some(rest) => crate::syntax::compiled::run(password, rest, &mut toks) == Some(rest.len()),
    }
}

/// A URL given with the whitespace or the wrapper it had in running text (RFC 1738
/// appendix): `<URL:...>`, `<...>`, quotes, or spaces around it.
fn wrapped_or_padded(input: &str, valid: &dyn Fn(&str) -> bool) -> Option<ParseError> {
    let error = |offset, kind| Some(ParseError::new(input, offset, None, kind, Vec::new()));
    let trimmed = input.trim_end();
    if input.starts_with(char::is_whitespace) {
        return error(0, ErrorKind::SurroundingWhitespace);
    }
    if trimmed.len() < input.len() && valid(trimmed) {
        return error(trimmed.len(), ErrorKind::SurroundingWhitespace);
    }
    wrapper_error(input)
}

/// A URL still in the wrapper it had in running text (RFC 1738 appendix): `<URL:...>`,
/// `<...>` or double quotes around something that starts with a scheme; single quotes
/// likewise ([`ErrorKind::Quoted`]).
pub(crate) fn wrapper_error(input: &str) -> Option<ParseError> {
    let error = |offset, kind| Some(ParseError::new(input, offset, None, kind, Vec::new()));
    // `<...>` and quotes count as a wrapper only around something that starts with a scheme
    // (`<gophertype><selector>` is a template, not a wrapped URL).
    let inside = |open: char, close: char| {
        input.len() > 1
            && input.starts_with(open)
            && input.ends_with(close)
            && Dialect::Rfc1738.scheme_len(&input[1..]).is_some()
    };
    let wrapper = if input
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("<URL:"))
    {
        "<URL:...>"
    } else if inside('<', '>') {
        "<...>"
    } else if inside('"', '"') {
        "\"...\""
    } else if inside('\'', '\'') {
        // Not a wrapper of the appendix, but the same mistake: quotes left from a shell or
        // a program's source.
        return error(0, ErrorKind::Quoted);
    } else {
        return None;
    };
    error(0, ErrorKind::Wrapper { wrapper })
}

/// A host of groups of digits, not four, that ends at `offset` where the grammar wanted
/// more of it: no host number, and no host name (whose last label starts with a letter).
pub(crate) fn hostnumber_parts(input: &str, offset: usize) -> Option<ErrorKind> {
    if !ends_a_host(input[offset..].chars().next()) {
        return None;
    }
    let host = host_before(input, offset)?;
    let parts = host.split('.');
    let all_digits = parts
        .clone()
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    let parts = parts.count();
    (all_digits && parts != 4).then_some(ErrorKind::HostnumberParts { parts })
}

/// The text of a host that ends at `offset`: the letters, digits, "-" and "." before it,
/// after the "//" of an authority or the "@" of a login or news article; `None` when what
/// comes before `offset` is no host.
fn host_before(input: &str, offset: usize) -> Option<&str> {
    let before = &input[..offset];
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .map_or(0, |(at, c)| at + c.len_utf8());
    (before[..start].ends_with("//") || before[..start].ends_with('@')).then(|| &before[start..])
}

/// Whether `c` (the character after a host's text, `None` at the end) cannot continue a
/// host: the end, or a delimiter that may follow one (`.` only as the second of "..").
fn ends_a_host(c: Option<char>) -> bool {
    matches!(c, None | Some('.' | '/' | ':' | '?' | '#' | ';' | '@'))
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

/// What the grammar tried at the furthest position a parse reached.
struct Failure {
    offset: usize,
    /// Non-silent rules that failed there (`host`, `ftptype`, `EOI`, ...).
    rules: Vec<Rule>,
    /// The ASCII characters those rules can start with (bit `c` for character `c`).
    covered: u128,
    /// Single characters that would have been accepted there.
    /// ASCII characters that would have been accepted there (bit `c` for character `c`;
    /// the grammar accepts no other character).
    chars: u128,
    /// The literals that would have been accepted there, as the trace recorded them (with
    /// whether case is ignored); the longer ones (`";type="`, `"%09"`) are named in the
    /// expected list, in lower case, sorted and without repeats.
    literals: Vec<(&'static [u8], bool)>,
}

impl Failure {
    /// What the grammar expected where a parse of the whole input got furthest.
    fn of(input: &str) -> Failure {
        let (end, trace) = crate::syntax::compiled::trace_rule(Rule::whole_url, input, 0);
        debug_assert!(end.is_none(), "diagnose is called only for rejected input");
        Failure::from_trace(trace)
    }

    /// Where `rule`, run at `start`, fails to span `start..end` (what may follow the range
    /// is one of `followers` or the end of the URL); `None` when it spans the range.
    fn in_place(
        rule: Rule,
        input: &str,
        start: usize,
        end: usize,
        followers: &[&str],
    ) -> Option<Failure> {
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
                failure.rules.push(Rule::EOI);
            }
        }
        Some(failure)
    }

    fn from_trace(trace: Trace<Rule>) -> Failure {
        let chars = trace.chars();
        let mut rules: Vec<Rule> = Vec::new();
        for rule in trace.rules {
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        }
        Failure {
            offset: trace.furthest,
            covered: rules.iter().fold(0, |set, &rule| set | first_set(rule)),
            rules,
            chars,
            literals: trace.literals,
        }
    }

    /// Whether the failure is a ":" after a host with no port digits after it.
    fn lacks_port_digits(&self, input: &str) -> bool {
        input[..self.offset].ends_with(':') && self.chars != 0 && self.chars & !DIGITS == 0
    }

    /// A host label that is empty, or starts or ends with "-": where only the start of
    /// a label (an alphadigit) may stand, or only more of a label ("-" or an
    /// alphadigit), what stands there says which.
    fn label_error(&self, input: &str) -> Option<ErrorKind> {
        let before = host_before(input, self.offset)?;
        let at = input[self.offset..].chars().next();
        let label_start_only = self.chars & bit('a') != 0 && self.chars & !ALPHADIGITS == 0;
        let label_inside_only =
            self.chars & bit('a') != 0 && self.chars & !(ALPHADIGITS | mask("-")) == 0;
        if label_start_only && at == Some('-') && (before.is_empty() || before.ends_with('.')) {
            // A label that starts with "-" (after "." or at the host's start).
            return Some(ErrorKind::LabelStartsWithHyphen);
        }
        if label_start_only && before.ends_with('.') && ends_a_host(at) {
            // A trailing "." or "..": the label after the "." is empty.
            return Some(ErrorKind::EmptyLabel);
        }
        if label_inside_only && before.ends_with('-') {
            return Some(ErrorKind::LabelEndsWithHyphen);
        }
        None
    }

    /// A host that ends where its grammar would go on with another label ("-", "." or an
    /// alphadigit expected) and whose last label starts with a digit: no host name (its
    /// last label is a toplabel, which starts with a letter) and, unless it is four
    /// groups of digits, no host number.
    fn host_without_toplabel(&self, input: &str) -> Option<ErrorKind> {
        let expected = ALPHADIGITS | mask("-.");
        if self.chars & expected != expected || !ends_a_host(input[self.offset..].chars().next()) {
            return None;
        }
        if let Some(error) = hostnumber_parts(input, self.offset) {
            return Some(error);
        }
        let label = host_before(input, self.offset)?.rsplit('.').next()?;
        label.starts_with(|c: char| c.is_ascii_digit()).then(|| {
            ErrorKind::ToplabelStartsWithDigit {
                label: label.to_owned(),
            }
        })
    }

    fn error(&self, input: &str, kind: Option<UrlKind>, error: ErrorKind) -> ParseError {
        ParseError::with_names(input, self.offset, kind, error, self.expected())
    }

    /// The literals of more than one character, in lower case, sorted and without repeats,
    /// but those that start with a character in `covered`. Strings are made only for
    /// these: most literals are single bytes, and a rule often covers the rest.
    fn longer_literals(&self, covered: impl Fn(char) -> bool) -> Vec<String> {
        let mut literals: Vec<String> = self
            .literals
            .iter()
            .filter(|(literal, _)| literal.len() > 1)
            .filter(|(literal, _)| {
                // ASCII (every literal of the grammar): the lower-case string's first
                // character is the first byte's lower case.
                !(literal.is_ascii() && covered(char::from(literal[0].to_ascii_lowercase())))
            })
            .map(|(literal, _)| String::from_utf8_lossy(literal).to_ascii_lowercase())
            .filter(|literal| literal.chars().count() > 1 && !literal.starts_with(&covered))
            .collect();
        literals.sort_unstable();
        literals.dedup();
        literals
    }

    /// The expected list: the rules tried, then the characters and literals those rules do
    /// not already cover (named by the RFC's classes), then the end of the URL.
    fn expected(&self) -> Vec<Cow<'static, str>> {
        self.expected_naming_without(&[])
    }

    /// The expected list, with the characters named by the classes but those in `skip`
    /// (their characters then named by smaller classes or one by one).
    fn expected_naming_without(&self, skip: &[&str]) -> Vec<Cow<'static, str>> {
        let covered = |c: char| bit(c) & self.covered != 0;
        let mut chars = self.chars & !self.covered;
        let rules = self.rules.iter().filter(|&&rule| rule != Rule::EOI);
        let mut expected: Vec<Cow<'static, str>> = Vec::with_capacity(8);
        expected.extend(rules.map(|&rule| Cow::Borrowed(rule.rfc_name())));
        for &(name, members) in CLASSES {
            if chars & members == members && !skip.contains(&name) {
                expected.push(Cow::Borrowed(name));
                chars &= !members;
            }
        }
        // The characters left, in order, each quoted as a one-character string.
        while chars != 0 {
            let byte = chars.trailing_zeros() as usize;
            expected.push(Cow::Borrowed(quoted_char(byte)));
            chars &= chars - 1;
        }
        let literals = self.longer_literals(covered);
        expected.extend(literals.iter().map(|l| Cow::Owned(format!("{l:?}"))));
        if self.rules.contains(&Rule::EOI) {
            expected.push(Cow::Borrowed(Rule::EOI.rfc_name()));
        }
        expected
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
fn bit(c: char) -> u128 {
    if c.is_ascii() {
        1 << c as u32
    } else {
        0
    }
}

/// The set of the characters of `members` (ASCII), computed at compile time.
const fn mask(members: &str) -> u128 {
    let bytes = members.as_bytes();
    let mut set = 0u128;
    let mut i = 0;
    while i < bytes.len() {
        set |= 1 << bytes[i];
        i += 1;
    }
    set
}

const DIGITS: u128 = mask(DIGIT!());
const ALPHADIGITS: u128 = mask(concat!(ALPHA!(), DIGIT!()));

/// The character classes of RFC 1738 section 5, largest first, used to name a set of
/// expected characters.
const CLASSES: &[(&str, u128)] = &[
    (
        "xchar",
        mask(concat!(ALPHA!(), DIGIT!(), "$-_.+!*'(),;/?:@&=%")),
    ),
    ("uchar", mask(concat!(ALPHA!(), DIGIT!(), "$-_.+!*'(),%"))),
    (
        "unreserved",
        mask(concat!(ALPHA!(), DIGIT!(), "$-_.+!*'(),")),
    ),
    ("alphadigit", mask(concat!(ALPHA!(), DIGIT!()))),
    ("alpha", mask(ALPHA!())),
    ("hex", mask(concat!(DIGIT!(), "ABCDEFabcdef"))),
    ("digit", mask(DIGIT!())),
    ("lowalpha", mask("abcdefghijklmnopqrstuvwxyz")),
    ("hialpha", mask("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
    ("reserved", mask(";/?:@&=")),
    ("safe", mask("$-_.+")),
    ("extra", mask("!*'(),")),
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
/// compiled grammar itself: a rule starts with `c` when running it on `c` alone gets past
/// it. Computed once for all rules, at the first error.
fn first_set(rule: Rule) -> u128 {
    static FIRST: OnceLock<Vec<u128>> = OnceLock::new();
    let table = FIRST.get_or_init(|| {
        let mut table = vec![0u128; Rule::ALL.len()];
        for &rule in &Rule::ALL[1..] {
            table[rule.index()] = (0u8..128).fold(0u128, |set, byte| {
                let probe = char::from(byte).to_string();
                let (end, trace) = crate::syntax::compiled::trace_rule(rule, &probe, 0);
                let starts = end.is_some_and(|end| end > 0) || trace.furthest > 0;
                set | (u128::from(starts) << byte)
            });
        }
        table
    });
    if rule == Rule::EOI {
        return 0;
    }
    table.get(rule.index()).copied().unwrap_or(0)
}

/// The error for input that starts with no scheme (RFC 1630 dialects): a partial form
/// when no ":" comes before the first "/" (RFC 1630's test of an absolute form), else a
/// scheme its rule refuses. The caret is where the scheme's reading stops: at the start,
/// or where a ":" should follow the letters of a scheme.
pub(crate) fn partial_form_error(input: &str, dialect: Dialect) -> ParseError {
    if let Some(error) = crate::syntax::diagnose::wrapper_error(input) {
        return error.in_dialect(dialect);
    }
    let reach = dialect.scheme_reach(input);
    if reach > 0 && input.as_bytes().get(reach) == Some(&b'%') {
        // The scheme's reading stopped in a broken escape: that is the first fault.
        let escape = input[reach..].chars().take(3).collect();
        let error = ErrorKind::InvalidEscape { escape };
        return ParseError::new(input, reach, None, error, vec!["hex".to_owned()])
            .in_dialect(dialect);
    }
    let expected = if reach == 0 {
        vec!["scheme".to_owned()]
    } else {
        vec!["\":\"".to_owned(), "xalpha".to_owned()]
    };
    let kind = if input.is_empty() {
        ErrorKind::Empty
    } else if input.starts_with(char::is_whitespace) {
        ErrorKind::SurroundingWhitespace
    } else if crate::vocabulary::dialect::is_absolute(input) {
        ErrorKind::MissingScheme {
            rule: dialect.scheme_rule(),
        }
    } else {
        ErrorKind::PartialForm
    };
    ParseError::new(input, reach, None, kind, expected).in_dialect(dialect)
}
