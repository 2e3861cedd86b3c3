//! The checks of the diagnosis, in the order `diagnose` runs them, and what they share:
//! what an input copied from running text may still have around it, partial forms, the
//! login, escapes, the host, a news article, the fragment.

use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::diagnose::failure::Failure;
use crate::syntax::diagnose::reading::{Reading, holds};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::escape::is_escape;
use crate::vocabulary::kind::UrlKind;
use rfc1738_words::{equal_bytes, find_byte, first_where};
use std::borrow::Cow;

/// A URL given as running text had it (RFC 1738 appendix): empty, in its wrapper
/// (`<URL:...>`, `<...>`, quotes), or with whitespace around it. Whitespace at the end is
/// the fault only when the URL before it is `valid`.
pub(super) fn as_in_running_text(input: &str, valid: &dyn Fn(&str) -> bool) -> Option<ParseError> {
    if input.is_empty() {
        let expected = vec!["scheme".to_owned()];
        return Some(ParseError::new(input, 0, None, ErrorKind::Empty, expected));
    }
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
fn wrapper_error(input: &str) -> Option<ParseError> {
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

/// The error for input that starts with no scheme (RFC 1630 dialects): a partial form
/// when no ":" comes before the first "/" (RFC 1630's test of an absolute form), else a
/// scheme its rule refuses. The caret is where the scheme's reading stops: at the start,
/// or where a ":" should follow the letters of a scheme.
pub(super) fn partial_form_error(input: &str, dialect: Dialect) -> ParseError {
    if let Some(error) = wrapper_error(input) {
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

/// RFC 1630's `prefixedurl` is "URL:" and a `url`, which has only named schemes: "URL:"
/// before a generic URI is refused there.
pub(super) fn prefixed_generic<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    if r.dialect != Dialect::Rfc1630 || r.prefix_len == 0 || !r.generic() {
        return None;
    }
    let scheme = r.input[r.prefix_len..r.after_colon - 1].to_owned();
    let error = ErrorKind::PrefixedGenericUri { scheme };
    let expected = vec![Cow::Borrowed("url")];
    Some(ParseError::with_names(r.input, r.prefix_len, None, error, expected).in_dialect(r.dialect))
}

/// What follows a named scheme's colon. RFC 1738: its production has no other reading, and
/// one with an authority starts with "//". The family: a URL its production refuses may
/// still be a generic `uri`; the trace stopped before the colon only when neither reads on
/// (pest gives up at the start when a production fails inside a lookahead, or at its first
/// literal), and the error is after the colon, the production expected.
pub(super) fn after_the_scheme<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let rest = &r.input[r.after_colon..];
    let missing_slashes = || {
        let error = ErrorKind::MissingSlashes {
            scheme: r.kind.name(),
        };
        Some(r.error(r.after_colon, error, &["\"//\""]))
    };
    if r.dialect == Dialect::Rfc1738 {
        if r.kind.has_slashes() && !rest.starts_with("//") {
            return missing_slashes();
        }
        return None;
    }
    if r.failure.offset >= r.after_colon || r.generic() {
        return None;
    }
    // RFC 1630's nntp URL names no host: "nntp:group/digits".
    let needs_slashes = r.kind.has_slashes() && r.kind != UrlKind::Nntp;
    if needs_slashes && !rest.starts_with("//") {
        return missing_slashes();
    }
    let expected = vec![Cow::Borrowed(r.kind.production_in(r.dialect))];
    Some(crate::syntax::diagnose::character::rule_error(
        r.input,
        r.after_colon,
        r.dialect,
        expected,
        Some(r.kind),
    ))
}

/// A user name before the host of a scheme whose authority is a bare `hostport` (RFC
/// 1738's http, gopher, wais, prospero, nntp). The message names the cause, the login
/// before the host; the grammar's expectation there (a host) is met by the user name, so
/// none is listed. (RFC 1738's convention: the family's diagnosis has no such check.)
pub(super) fn user_without_login<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    if r.dialect != Dialect::Rfc1738 || !r.kind.has_slashes() || r.kind.allows_login() {
        return None;
    }
    let authority = r.after_colon + 2;
    // A bare hostport holds none of "/", "?", "#".
    let rest = r.input.as_bytes().get(authority..)?;
    let end = authority
        + first_where(
            rest,
            |word| equal_bytes(word, b'/') | equal_bytes(word, b'?') | equal_bytes(word, b'#'),
            |b| matches!(b, b'/' | b'?' | b'#'),
        );
    find_byte(&r.input.as_bytes()[authority..end], b'@')?;
    let scheme = r.kind.name();
    Some(r.error(authority, ErrorKind::UserInfoNotAllowed { scheme }, &[]))
}

/// The login of ftp, telnet (and RFC 1630's rlogin, tn3270) without "@" before its first
/// "/". A user or password may hold "?" (RFC 1738 section 5, `user`), so the login ends at
/// the first "/" only.
///
/// - A "/" that cut a user name or password short ([`slash_cut_login`]): RFC 1630's user
///   name and password are `alphanum2` alone, without escapes, so no "/" can be written in
///   one ([`ErrorKind::SlashInAlphanum2Login`]); the others' take escapes
///   ([`ErrorKind::SlashInLogin`]).
/// - RFC 1738 (its convention): without an "@", `login` is a bare hostport, but the furthest
///   failure is the optional `user` branch reaching the end of the authority, which reads a
///   host as a user name waiting for its "@"; the failure becomes where the hostport itself
///   fails, which a later check names.
pub(super) fn login<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let input = r.input;
    let login = r.kind.has_slashes() && r.kind.allows_login();
    if !login || !input[r.after_colon..].starts_with("//") {
        return None;
    }
    let authority = r.after_colon + 2;
    let end =
        find_byte(&input.as_bytes()[authority..], b'/').map_or(input.len(), |i| authority + i);
    if holds(&input[authority..end], b'@') {
        return None;
    }
    let (data, error) = match r.dialect {
        Dialect::Rfc1630 => ("x", ErrorKind::SlashInAlphanum2Login),
        _ => ("%2F", ErrorKind::SlashInLogin),
    };
    let user_info = |text: &str| is_user_info::<R>(text);
    if let Some(expected) =
        slash_cut_login(input, authority, end, r.failure.offset, data, user_info)
    {
        return Some(r.error(end, error, expected));
    }
    if r.dialect != Dialect::Rfc1738 {
        return None;
    }
    let hostport = rule_named::<R>(Name::hostport);
    let hostport = Failure::in_place(hostport, input, authority, end, &["/"])?;
    // An "@" after the first "/" means a "/" cut a user or password short: the user and
    // password read well up to that "/", where the grammar got furthest.
    if holds(&input[end..], b'@') && holds(&input[authority..end], b':') && r.failure.offset == end
    {
        return Some(r.error(end, ErrorKind::SlashInLogin, &["password", "\"@\""]));
    }
    r.failure = hostport.within(Some(r.kind));
    r.in_hostport = true;
    None
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
fn slash_cut_login(
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
    let at = slash + find_byte(&input.as_bytes()[slash..], b'@')?;
    let user_info = &input[authority..at];
    if !is_user_info(&user_info.replace('/', data)) {
        return None;
    }
    let password = holds(&input[authority..slash], b':');
    Some(if password {
        &["password", "\"@\""]
    } else {
        &["user", "\":\"", "\"@\""]
    })
}

/// Whether `text` is all of `user [ ":" password ]`, by the rules `user` and `password` of
/// the grammar.
fn is_user_info<R: Grammar>(text: &str) -> bool {
    let mut slots = R::EMPTY;
    let user = rule_named::<R>(Name::user);
    let Some(end) = crate::syntax::compiled::run(user, text, &mut slots) else {
        return false;
    };
    match text[end..].strip_prefix(':') {
        None => end == text.len(),
        Some(rest) => {
            let password = rule_named::<R>(Name::password);
            crate::syntax::compiled::run(password, rest, &mut slots) == Some(rest.len())
        }
    }
}

/// The grammar's rule of that name (every grammar has the authority's rules).
fn rule_named<R: Grammar>(name: Name) -> R {
    *R::ALL
        .iter()
        .find(|rule| rule.name() == name)
        .expect("the grammar has the rule")
}

/// A `%` that starts no valid escape, just before where the grammar got furthest (it was
/// reading an escape) or there (where an escape is allowed). (RFC 1738's check: the
/// family's character step reads a broken escape from its "%".)
pub(super) fn broken_escape<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    if r.dialect != Dialect::Rfc1738 {
        return None;
    }
    let (start, escape) = invalid_escape_at(r.input, r.failure.offset, r.escape_allowed())?;
    Some(r.error(start, ErrorKind::InvalidEscape { escape }, &["hex"]))
}

/// The position and text of a broken escape (`%zz`, `%4`, `%%3`) that starts just before
/// `offset` or, when `allowed_at_offset`, at it.
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

/// A host label that is empty, or starts or ends with "-" (RFC 1738 section 3.1): where
/// only the start of a label (an alphadigit) may stand, or only more of a label ("-" or an
/// alphadigit), what stands there says which. (RFC 1738's check.)
pub(super) fn host_label<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    if r.dialect != Dialect::Rfc1738 {
        return None;
    }
    let (input, offset, chars) = (r.input, r.failure.offset, r.failure.chars);
    let before = host_before(input, offset)?;
    let at = input[offset..].chars().next();
    let label_start_only = chars & bit('a') != 0 && chars & !ALPHADIGITS == 0;
    let label_inside_only = chars & bit('a') != 0 && chars & !(ALPHADIGITS | bit('-')) == 0;
    let error =
        if label_start_only && at == Some('-') && (before.is_empty() || before.ends_with('.')) {
            // A label that starts with "-" (after "." or at the host's start).
            ErrorKind::LabelStartsWithHyphen
        } else if label_start_only && before.ends_with('.') && ends_a_host(at) {
            // A trailing "." or "..": the label after the "." is empty.
            ErrorKind::EmptyLabel
        } else if label_inside_only && before.ends_with('-') {
            ErrorKind::LabelEndsWithHyphen
        } else {
            return None;
        };
    Some(r.failure_error(error))
}

/// A host that ends where the grammar wanted more of it. Groups of digits, not four: no
/// host number and no host name ([`hostnumber_parts`]). RFC 1738 (its convention) also
/// names a host whose last label starts with a digit, where its grammar would go on with
/// another label ("-", "." or an alphadigit expected): no host name (its last label is a
/// toplabel, which starts with a letter).
pub(super) fn host_number<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let (input, offset) = (r.input, r.failure.offset);
    if r.dialect != Dialect::Rfc1738 {
        if !r.kind.has_slashes() {
            return None;
        }
        return hostnumber_parts(input, offset).map(|error| r.failure_error(error));
    }
    let expected = ALPHADIGITS | bit('-') | bit('.');
    if r.failure.chars & expected != expected || !ends_a_host(input[offset..].chars().next()) {
        return None;
    }
    if let Some(error) = hostnumber_parts(input, offset) {
        return Some(r.failure_error(error));
    }
    let label = host_before(input, offset)?.rsplit('.').next()?;
    let label = label
        .starts_with(|c: char| c.is_ascii_digit())
        .then(|| label.to_owned())?;
    Some(r.failure_error(ErrorKind::ToplabelStartsWithDigit { label }))
}

/// A host of groups of digits, not four, that ends at `offset` where the grammar wanted
/// more of it: no host number, and no host name (whose last label starts with a letter).
fn hostnumber_parts(input: &str, offset: usize) -> Option<ErrorKind> {
    if !ends_a_host(input.get(offset..)?.chars().next()) {
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
    let before = input.get(..offset)?;
    // The last byte that is no host's (a character that is not ASCII ends with one).
    let start = before
        .bytes()
        .rposition(|b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'.'))
        .map_or(0, |at| at + 1);
    (before[..start].ends_with("//") || before[..start].ends_with('@')).then(|| &before[start..])
}

/// Whether `c` (the character after a host's text, `None` at the end) cannot continue a
/// host: the end, or a delimiter that may follow one (`.` only as the second of "..").
fn ends_a_host(c: Option<char>) -> bool {
    matches!(c, None | Some('.' | '/' | ':' | '?' | '#' | ';' | '@'))
}

/// A "[" where a host starts (an authority's, a login's, a news article's, mailto's): an
/// IPv6 literal or a habit of later URLs, no host of these grammars. Not in a generic URL,
/// whose schemepart may be read as opaque `*xchar`, where the "[" is an unsafe character to
/// escape.
pub(super) fn host_in_brackets<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let hosts = [Name::host, Name::hostname, Name::hostport, Name::login];
    if r.found() != Some('[') || !r.failure.tried(&hosts) || r.kind == UrlKind::Generic {
        return None;
    }
    Some(r.failure_error(ErrorKind::HostInBrackets))
}

/// A character the hostport cannot go on with, in a login without "@" (RFC 1738, whose
/// `login` check read it as a hostport).
pub(super) fn not_in_hostport<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let found = r.found().filter(|_| r.in_hostport)?;
    if matches!(found, '/' | '#') {
        return None;
    }
    Some(r.failure_error(ErrorKind::NotInHostport { found }))
}

/// A ":" after a host with no port digits after it. (RFC 1738's check.)
pub(super) fn missing_port<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let chars = r.failure.chars;
    let lacks_digits =
        r.input[..r.failure.offset].ends_with(':') && chars != 0 && chars & !DIGITS == 0;
    (r.dialect == Dialect::Rfc1738 && lacks_digits).then(|| r.failure_error(ErrorKind::MissingPort))
}

/// A news URL that is not "*" and not a group: read to the end of the URL as an article,
/// which goes on with its characters or ends with "@" host (RFC 1738 section 5, `article`;
/// RFC 1630's `xalphas "@" host`). RFC 1738 names its characters as `uchar` and the
/// reserved ones, "@" among them; the family, as `xalpha` and "@".
pub(super) fn article_without_host<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let (input, offset) = (r.input, r.failure.offset);
    if r.kind != UrlKind::News || offset <= r.after_colon {
        return None;
    }
    // Where the URL ends: RFC 1738's (a URL alone) holds no fragment.
    let url_end = match r.dialect {
        Dialect::Rfc1738 => input.len(),
        _ => find_byte(input.as_bytes(), b'#').unwrap_or(input.len()),
    };
    if offset.min(input.len()) != url_end || holds(&input[r.after_colon..url_end], b'@') {
        return None;
    }
    // An article cut short inside an escape ("news:a%0") lacks the escape's digits first.
    if invalid_escape_at(input, offset, false).is_some() {
        return None;
    }
    let error = ErrorKind::ArticleWithoutHost {
        group: r.dialect.group_rule(),
    };
    Some(match r.dialect {
        Dialect::Rfc1738 => r.failure_error(error),
        _ => r.error(offset, error, &["xalpha", "\"@\""]),
    })
}

/// What follows an ftp URL's ";type=" when it is no typecode (RFC 1738's `ftptype`: a, i
/// or d), and what follows a telnet URL's hostport and its optional "/":
/// rules simple enough to say instead of "unexpected character".
pub(super) fn rule_stated<R: Grammar>(r: &mut Reading<'_, R>) -> Option<ParseError> {
    let (input, offset) = (r.input, r.failure.offset);
    let found = r.found()?;
    let before = &input[..offset];
    match r.kind {
        UrlKind::Ftp if r.dialect == Dialect::Rfc1738 => {
            let after_type = before.len() >= 6
                && before.as_bytes()[before.len() - 6..].eq_ignore_ascii_case(b";type=");
            after_type.then(|| r.failure_error(ErrorKind::NotATypecode { found }))
        }
        UrlKind::Telnet | UrlKind::Rlogin | UrlKind::Tn3270 => {
            // The "/" after the hostport (a login holds none, RFC 1738 section 3.1).
            let authority = r.after_colon + 2;
            let slash = find_byte(input.get(authority..)?.as_bytes(), b'/')? + authority;
            (offset == slash + 1).then(|| {
                let scheme = r.kind.name();
                r.failure_error(ErrorKind::AfterTelnetHost { found, scheme })
            })
        }
        _ => None,
    }
}

/// How many bytes at the start of `text` RFC 1630's `xalphas` (`1*xalpha`) matches, 0 for
/// none: `fragmentid` compiled by hand, as the RFC 1738 dialect's diagnosis reads a
/// fragment (`facade::read_by_parts`; a valid one is read by `fragmentid` of
/// grammar/rfc1738.pest, and the differential test holds the two readings together).
pub fn xalphas_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut at = 0;
    // Every byte taken is ASCII, so `at` stays on a character boundary.
    while let Some(len) = crate::vocabulary::dialect::xalpha_len(&bytes[at..], Dialect::Rfc1630) {
        at += len;
    }
    at
}

/// Checks a fragment-id found at `offset` of `input` by RFC 1630's `fragmentid` (for the
/// RFC 1738 dialect, which defines none). A void fragment-id is allowed.
pub(crate) fn check_fragmentid(
    input: &str,
    offset: usize,
    fragment: &str,
) -> Result<(), ParseError> {
    let matched = xalphas_len(fragment);
    if matched == fragment.len() {
        return Ok(());
    }
    // The RFC 1738 dialect's words: a URL's end (RFC 1630 says URI).
    let expected = vec![Cow::Borrowed("xalpha"), Cow::Borrowed("end of URL")];
    Err(crate::syntax::diagnose::character::rule_error(
        input,
        offset + matched,
        Dialect::Rfc1738,
        expected,
        None,
    )
    .in_fragmentid())
}

/// The bit of an ASCII character in a `u128` set.
fn bit(c: char) -> u128 {
    crate::syntax::diagnose::failure::bit(c)
}

const DIGITS: u128 = crate::vocabulary::classes::rfc1738::DIGIT;
const ALPHADIGITS: u128 = crate::vocabulary::classes::rfc1738::ALPHADIGIT;
