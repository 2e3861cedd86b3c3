//! The last step of the diagnosis: no check found the fault, so the character where the
//! grammar stopped picks the message, in the words of the grammar's document. RFC 1738
//! section 2.2 names unsafe and reserved characters, and says which must be escaped;
//! RFC 1630 names national characters, punctuation and reserved ones ([`rule_error`]).

use crate::syntax::compiled::Grammar;
use crate::syntax::diagnose::reading::{Reading, holds};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::encode::escape_char;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::escape::is_escape;
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;

/// The error at the character where the grammar got furthest, or at the end.
pub(super) fn error<R: Grammar>(r: &Reading<'_, R>) -> ParseError {
    if r.dialect != Dialect::Rfc1738 {
        let offset = r.failure.offset;
        return rule_error(
            r.input,
            offset,
            r.dialect,
            r.failure.expected(),
            Some(r.kind),
        );
    }
    let Some(found) = r.found() else {
        return r.failure_error(ErrorKind::UnexpectedEnd);
    };
    let (input, offset) = (r.input, r.failure.offset);
    let error = match found {
        '#' => ErrorKind::Fragment,
        ';' if r.kind == UrlKind::Ftp
            && input[offset..]
                .get(..6)
                .is_some_and(|t| t.eq_ignore_ascii_case(";type=") && t != ";type=") =>
        {
            ErrorKind::TypeInUpperCase
        }
        '?' if r.kind == UrlKind::Http && !holds(&input[r.after_colon + 2..offset], b'/') => {
            ErrorKind::SearchWithoutPath
        }
        '%' if is_escape(&input.as_bytes()[offset..]) => ErrorKind::EscapeNotAllowed {
            escape: input[offset..offset + 3].to_owned(),
        },
        // Where no escape is allowed (a host, a port, a group), advice to escape is wrong.
        _ if !r.escape_allowed() => ErrorKind::UnexpectedCharacter { found },
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
    r.failure_error(error)
}

/// The error at `offset` by RFC 1630's classes (the family's grammars, and the fragment-id
/// of RFC 1738's reference, which RFC 1630's `fragmentid` reads): what stands there, and
/// why the dialect refuses it.
pub(super) fn rule_error(
    input: &str,
    offset: usize,
    dialect: Dialect,
    expected: Vec<Cow<'static, str>>,
    production: Option<UrlKind>,
) -> ParseError {
    let mut offset = offset.min(input.len());
    // pest fails an escape at its bad hex digit; the error is the escape, from its "%".
    if expected.iter().any(|name| name == "hex")
        && let Some(back) =
            (1..=2).find(|&back| offset >= back && input.as_bytes()[offset - back] == b'%')
    {
        offset -= back;
    }
    let rest = &input[offset..];
    let kind = match rest.chars().next() {
        None => ErrorKind::UnexpectedEnd,
        Some('%') if !is_escape(rest.as_bytes()) => ErrorKind::InvalidEscape {
            escape: rest.chars().take(3).collect(),
        },
        Some(found) if dialect == Dialect::Rfc2396 => match rfc2396_reason(found) {
            Some(reason) => ErrorKind::NotAllowed {
                found,
                escape: escape_char(found),
                reason,
            },
            None => ErrorKind::UnexpectedCharacter { found },
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

/// Why RFC 2396 refuses a graphic character (or space) where it stands: its classes of
/// section 2 (reserved, 2.2; excluded: delims and unwise, 2.4.3; "#", 4.1).
fn rfc2396_reason(found: char) -> Option<&'static str> {
    match found {
        ' ' => Some("space is excluded from URIs (RFC 2396 section 2.4.3)"),
        c if c.is_ascii_control() => {
            Some("control characters are excluded from URIs (RFC 2396 section 2.4.3)")
        }
        c if !c.is_ascii() => Some(
            "a URI is a sequence of US-ASCII characters; any other octet is written as an escape (RFC 2396 section 2.1)",
        ),
        '<' | '>' | '"' => Some(
            "it is a delimiter excluded from URIs, which often stand between a URI and the text around it (RFC 2396 section 2.4.3)",
        ),
        '{' | '}' | '|' | '\\' | '^' | '[' | ']' | '`' => Some(
            "it is unwise, excluded from URIs because gateways and transports are known to change it (RFC 2396 section 2.4.3)",
        ),
        '#' => Some(
            "\"#\" ends the URI and starts its fragment, which holds no second \"#\" (RFC 2396 section 4.1)",
        ),
        ';' | '/' | '?' | ':' | '@' | '&' | '=' | '+' | '$' | ',' => Some(
            "it is reserved: it may stand only where the grammar uses it as a delimiter (RFC 2396 section 2.2)",
        ),
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
