//! The RFC 1630 family: RFC 1630 (June 1994) and its draft, draft-www-uri-00 (March 1994).
//!
//! Each document has its own grammar file, compiled by `build.rs` as RFC 1738's is
//! (`crate::syntax::compiled::rfc1630`, `crate::syntax::compiled::draft_www_uri_00`), with its pest parser kept as
//! the judge (`crate::judge::grammar::rfc1630`, `crate::judge::grammar::draft_www_uri_00`). A valid
//! input's tree is lowered by `crate::lowering`, as RFC 1738's is; a rejected one is diagnosed here,
//! from a tracing run of the same compiled grammar.

use std::borrow::Cow;

use crate::syntax::diagnose::partial_form_error;

use crate::vocabulary::dialect::Dialect;

use crate::syntax::compiled::Grammar;
use crate::syntax::compiled::Trace;
use crate::vocabulary::encode::escape_char;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::escape::is_escape;
use crate::vocabulary::kind::UrlKind;

/// How many bytes at the start of `text` RFC 1630's `xalphas` (`1*xalpha`) matches, 0 for
/// none: `fragmentid` compiled by hand, as the RFC 1738 dialect's diagnosis reads a
/// fragment (`facade::read_by_parts`; a valid one is read by `fragmentid` of
/// grammar/rfc1738.pest, and the differential test holds the two readings together). The
/// test below holds it to RFC 1630's rule.
pub(crate) fn xalphas_len(text: &str) -> usize {
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
    let expected = vec![Cow::Borrowed("xalpha"), Cow::Borrowed("end of URI")];
    Err(character_error(
        input,
        offset + matched,
        Dialect::Rfc1738,
        expected,
        None,
    ))
}

/// The error for input the grammar of `dialect` rejects, from a tracing run of its compiled
/// grammar: where it got furthest, what it expected there (the rules that failed there and
/// the characters it would have taken, named by the grammar's classes), and why the
/// character there is wrong.
pub(crate) fn diagnose<R: Grammar>(input: &str) -> ParseError {
    let dialect = R::DIALECT;
    let prefix_len = dialect.prefix_len(input);
    let Some(scheme_len) = dialect.scheme_len(&input[prefix_len..]) else {
        return partial_form_error(input, dialect);
    };
    let (end, trace) = crate::syntax::compiled::trace_rule(R::URL, input, 0);
    debug_assert!(end.is_none(), "diagnose is called only for rejected input");
    let offset = trace.furthest;
    let mut expected = expected_names(&trace, dialect);
    let scheme = &input[prefix_len..prefix_len + scheme_len];
    let kind = UrlKind::from_scheme_in(scheme, dialect);
    // A generic uri (urn included): no production of the URL grammar.
    let generic = matches!(kind, UrlKind::Generic | UrlKind::Urn);
    if prefix_len > 0 && generic && dialect == Dialect::Rfc1630 {
        // RFC 1630's `prefixedurl` is "URL:" and a `url`, which has only named schemes.
        let error = ErrorKind::PrefixedGenericUri {
            scheme: scheme.to_owned(),
        };
        return ParseError::with_names(input, prefix_len, None, error, vec![Cow::Borrowed("url")])
            .in_dialect(dialect);
    }
    let after_colon = prefix_len + scheme_len + 1;
    if offset < after_colon && !generic {
        // pest gives up at the start when a production fails inside a lookahead, or at
        // its first literal: the scheme is known, so the error is after its colon.
        expected = vec![Cow::Borrowed(kind.production_in(dialect))];
        // RFC 1630's nntp URL names no host: "nntp:group/digits".
        let needs_slashes = kind.has_slashes() && kind != UrlKind::Nntp;
        if needs_slashes && !input[after_colon..].starts_with("//") {
            let error = ErrorKind::MissingSlashes {
                scheme: kind.name(),
            };
            return ParseError::with_names(
                input,
                after_colon,
                Some(kind),
                error,
                vec![Cow::Borrowed("\"//\"")],
            )
            .in_dialect(dialect);
        }
        return character_error(input, after_colon, dialect, expected, Some(kind));
    }
    let uri_end = memchr::memchr(b'#', input.as_bytes()).unwrap_or(input.len());
    let at_uri_end = offset.min(input.len()) == uri_end;
    let article = offset > after_colon && !input[after_colon..uri_end].contains('@');
    if kind == UrlKind::News && at_uri_end && article {
        // Not "*" and not a group: read to its end as an article (xalphas "@" host).
        let error = ErrorKind::ArticleWithoutHost {
            group: dialect.group_rule(),
        };
        let expected = vec![Cow::Borrowed("xalpha"), Cow::Borrowed("\"@\"")];
        return ParseError::with_names(input, offset, Some(kind), error, expected)
            .in_dialect(dialect);
    }
    if let Some(error) = slash_in_login::<R>(input, after_colon, offset, kind) {
        return error;
    }
    if input[offset.min(input.len())..].starts_with('[')
        && expected
            .iter()
            .any(|name| matches!(name.as_ref(), "host" | "hostname" | "hostport" | "login"))
    {
        // A "[" where a host starts (the news article's, mailto's hostname, a login's).
        return ParseError::with_names(
            input,
            offset,
            Some(kind),
            ErrorKind::HostInBrackets,
            expected,
        )
        .in_dialect(dialect);
    }
    if kind.has_slashes() {
        if let Some(error) = crate::syntax::diagnose::hostnumber_parts(input, offset) {
            return ParseError::with_names(input, offset, Some(kind), error, expected)
                .in_dialect(dialect);
        }
    }
    character_error(input, offset, dialect, expected, Some(kind))
}

/// A "/" that cut the user name or password of a login short, in a scheme with one (ftp,
/// telnet, rlogin, tn3270): see `crate::syntax::diagnose::slash_cut_login`. RFC 1630's
/// user name and password are `alphanum2` alone, without escapes, so no "/" can be written
/// in one ([`ErrorKind::SlashInAlphanum2Login`]); the draft's take escapes
/// ([`ErrorKind::SlashInLogin`], though its `url` reads such a URL as generic first).
fn slash_in_login<R: Grammar>(
    input: &str,
    after_colon: usize,
    furthest: usize,
    kind: UrlKind,
) -> Option<ParseError> {
    let dialect = R::DIALECT;
    let login = matches!(
        kind,
        UrlKind::Ftp | UrlKind::Telnet | UrlKind::Rlogin | UrlKind::Tn3270
    );
    if !login || !input[after_colon..].starts_with("//") {
        return None;
    }
    let authority = after_colon + 2;
    let slash = authority + input[authority..].find('/')?;
    if input[authority..slash].contains('@') {
        return None;
    }
    let (data, error) = match dialect {
        Dialect::Rfc1630 => ("x", ErrorKind::SlashInAlphanum2Login),
        _ => ("%2F", ErrorKind::SlashInLogin),
    };
    let user_info = |text: &str| crate::syntax::diagnose::is_user_info(R::USER, R::PASSWORD, text);
    let expected = crate::syntax::diagnose::slash_cut_login(
        input, authority, slash, furthest, data, user_info,
    )?;
    let expected = expected.iter().map(|&name| Cow::Borrowed(name)).collect();
    Some(ParseError::with_names(input, slash, Some(kind), error, expected).in_dialect(dialect))
}

/// What the trace says was expected, in the order RFC 1738's diagnosis gives: the rules that
/// failed where the parse got furthest, then the characters it would have taken there,
/// named by the grammar's classes (the largest first), then one by one, then the end.
fn expected_names<R: Grammar>(trace: &Trace<R>, dialect: Dialect) -> Vec<Cow<'static, str>> {
    let mut names: Vec<Cow<'static, str>> = Vec::with_capacity(8);
    names.extend(
        trace
            .rules
            .iter()
            .map(|&rule| Cow::Borrowed(rule.rfc_name())),
    );
    names.sort_unstable();
    names.dedup();
    let mut chars = trace.chars();
    let classes = expected_classes(dialect);
    let at_end = names.iter().any(|name| name == END_OF_URI);
    names.retain(|name| name != END_OF_URI);
    for (name, members) in classes {
        if members != 0 && chars & members == members {
            names.push(Cow::Borrowed(name));
            chars &= !members;
        }
    }
    while chars != 0 {
        let quoted = crate::syntax::diagnose::quoted_char(chars.trailing_zeros() as usize);
        chars &= chars - 1;
        if !names.iter().any(|name| name == quoted) {
            names.push(Cow::Borrowed(quoted));
        }
    }
    if at_end {
        names.push(Cow::Borrowed(END_OF_URI));
    }
    names
}

/// The classes an expected list names, the largest first, with their characters as the
/// dialect's grammar defines them (`crate::vocabulary::classes`). `xalpha` also holds
/// `"%"`, the start of its `escape` (the trace records that literal as a character).
fn expected_classes(dialect: Dialect) -> [(&'static str, u128); 6] {
    use crate::vocabulary::classes::{draft_www_uri_00 as draft, rfc1630};
    match dialect {
        Dialect::DraftWwwUri00 => [
            ("xalpha", draft::XALPHA | draft::ESCAPE),
            // `alphanum2` is a rule of RFC 1630's grammar only.
            ("alphanum2", 0),
            ("alphanum", draft::ALPHANUM),
            ("hex", draft::HEX),
            ("alpha", draft::ALPHA),
            ("digit", draft::DIGIT),
        ],
        _ => [
            ("xalpha", rfc1630::XALPHA | rfc1630::ESCAPE),
            ("alphanum2", rfc1630::ALPHANUM2),
            ("alphanum", rfc1630::ALPHANUM),
            ("hex", rfc1630::HEX),
            ("alpha", rfc1630::ALPHA),
            ("digit", rfc1630::DIGIT),
        ],
    }
}

/// How the expected list names the end of the input (pest's `EOI`).
const END_OF_URI: &str = "end of URI";

/// The error at `offset`: what stands there, and why the dialect refuses it.
fn character_error(
    input: &str,
    offset: usize,
    dialect: Dialect,
    expected: Vec<Cow<'static, str>>,
    production: Option<UrlKind>,
) -> ParseError {
    let mut offset = offset.min(input.len());
    // pest fails an escape at its bad hex digit; the error is the escape, from its "%".
    if expected.iter().any(|name| name == "hex") {
        if let Some(back) =
            (1..=2).find(|&back| offset >= back && input.as_bytes()[offset - back] == b'%')
        {
            offset -= back;
        }
    }
    let rest = &input[offset..];
    let kind = match rest.chars().next() {
        None => ErrorKind::UnexpectedEnd,
        Some('%') if !is_escape(rest.as_bytes()) => ErrorKind::InvalidEscape {
            escape: rest.chars().take(3).collect(),
        },
        Some(found) if !found.is_ascii_graphic() && found != ' ' => {
            let escape = escape_char(found);
            ErrorKind::NonGraphicCharacter { found, escape }
        }
        // Where RFC 1630 (and its draft) mean what RFC 1738 means, RFC 1738's kind and
        // message: its national characters and punctuation are RFC 1738's unsafe ones, and
        // its reserved "=", ";", "/", "?", ":" are RFC 1738's reserved ones (a fragment of
        // the RFC 1738 dialect, read by RFC 1630's rule, keeps its own kind).
        Some(found) if dialect != Dialect::Rfc1738 && is_national_or_punctuation(found) => {
            ErrorKind::UnsafeCharacter {
                found,
                escape: escape_char(found),
            }
        }
        Some(found @ ('=' | ';' | '/' | '?' | ':')) if dialect == Dialect::Rfc1630 => {
            ErrorKind::ReservedCharacter {
                found,
                escape: escape_char(found),
            }
        }
        Some(found) => match not_allowed_reason(found, dialect) {
            Some(reason) => ErrorKind::NotAllowed {
                found,
                escape: escape_char(found),
                reason,
            },
            None => ErrorKind::UnexpectedCharacter { found },
        },
    };
    ParseError::with_names(input, offset, production, kind, expected).in_dialect(dialect)
}

/// Why a graphic character (or space) is refused, when its class says so.
fn not_allowed_reason(found: char, dialect: Dialect) -> Option<&'static str> {
    use crate::vocabulary::classes::{holds, rfc1630};
    let draft = dialect == Dialect::DraftWwwUri00;
    let byte = u8::try_from(found).unwrap_or(0);
    match found {
        _ if holds(rfc1630::NATIONAL, byte) => {
            Some("it is a national character, which may not appear in URIs")
        }
        _ if holds(rfc1630::PUNCTUATION, byte) => {
            Some("it is punctuation, which may not appear in URIs")
        }
        '#' => Some("\"#\" ends the URI and starts its fragment-id, which holds no second \"#\""),
        '=' | '/' | '?' if draft => {
            Some("the draft allows it only where its grammar uses it as a delimiter")
        }
        '=' | ';' | '/' | '?' | ':' | ' ' if !draft => {
            Some("it is reserved: it may stand only where the grammar uses it as a delimiter")
        }
        _ => None,
    }
}

/// RFC 1630's `national` and `punctuation`, the characters it calls unsafe (RFC 1738's
/// unsafe ones too), from the grammar's classes.
fn is_national_or_punctuation(found: char) -> bool {
    use crate::vocabulary::classes::{holds, rfc1630};
    let byte = u8::try_from(found).unwrap_or(0);
    holds(rfc1630::NATIONAL | rfc1630::PUNCTUATION, byte)
}
