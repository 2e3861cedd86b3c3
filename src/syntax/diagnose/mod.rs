//! From an input a compiled grammar rejected to an error a person can act on: one
//! diagnosis for the three grammars.
//!
//! The grammar's entry rule is run once more in tracing mode (`compiled::trace_rule`), which
//! records, as pest's error detail does, the rules, literals and byte sets tried at the
//! furthest position reached ([`failure`]): the expected list names them by the rules' RFC
//! names and the grammar's classes. Then one ordered list of checks ([`checks`]) looks for
//! the faults people make (a wrapper, a partial form, a missing "//", a "/" in a login, a
//! broken escape, a host label, a bracketed host, ...), and when none is found the
//! character where the grammar stopped picks the message ([`character`]).
//!
//! The checks branch on the grammar where the grammars differ:
//! - RFC 1738's entry rule is a URL alone, whose named schemes have no other reading; the
//!   family's (RFC 1630 and its draft) is a reference, `[URL:] uri [#fragment]`, whose
//!   named schemes fall back on a generic `uri`, and which knows partial forms. So the
//!   checks keyed on a named scheme's production run for the family only where its trace
//!   stopped in that production.
//! - RFC 1738 names unsafe and reserved characters (section 2.2); RFC 1630 national
//!   characters, punctuation and reserved ones ([`character`]).
//! - RFC 1630's login is `alphanum2`, without escapes; the others' take escapes.
//! - Conventions each diagnosis has kept (checks of a host's labels, a missing port, a user
//!   in a URL without login, and how the expected list is named, `failure::Naming`) are
//!   RFC 1738's: each says so where it is gated.

mod character;
mod checks;
mod failure;
mod reading;

pub(crate) use checks::check_fragmentid;
use checks::partial_form_error;
#[cfg(any(test, feature = "judge"))]
pub use checks::xalphas_len;

use crate::syntax::compiled::Grammar;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use failure::Failure;
#[cfg(any(test, feature = "judge"))]
pub use failure::Failure as JudgedFailure;
use reading::Reading;

/// The error for an input the grammar `R` rejected. `valid` says whether a text is valid
/// (grammar and lowering: the facade's reading), which decides whether whitespace at the
/// end of an RFC 1738 URL is its only fault; the syntax layer itself knows the grammar only.
pub fn diagnose<R: Grammar>(input: &str, valid: &dyn Fn(&str) -> bool) -> ParseError {
    let dialect = R::DIALECT;
    // RFC 1738's entry rule is a URL alone: one copied from running text may still have
    // what it had there (nothing, its wrapper, whitespace around it).
    let url_alone = dialect == Dialect::Rfc1738;
    if url_alone && let Some(error) = checks::as_in_running_text(input, valid) {
        return error;
    }
    // RFC 2396's is a reference that needs no scheme, read by one generic syntax: the
    // checks of the 1994 grammars' productions and partial forms do not apply; the
    // character where its trace stopped says what is wrong (a broken escape, an excluded
    // or reserved character, the end).
    if dialect == Dialect::Rfc2396 {
        let failure = Failure::<R>::of(input);
        let kind = dialect.scheme_len(input).map(|_| UrlKind::Generic);
        return character::rule_error(input, failure.offset, dialect, failure.expected(), kind);
    }
    // The family's is a reference, which may start with the prefix "URL:".
    let prefix_len = if url_alone {
        0
    } else {
        dialect.prefix_len(input)
    };
    let Some(scheme_len) = dialect.scheme_len(&input[prefix_len..]) else {
        if url_alone {
            let failure = Failure::<R>::of(input);
            let error = ErrorKind::MissingScheme {
                rule: dialect.scheme_rule(),
            };
            return ParseError::with_names(input, failure.offset, None, error, failure.expected());
        }
        return partial_form_error(input, dialect);
    };
    let scheme = &input[prefix_len..prefix_len + scheme_len];
    let kind = UrlKind::from_scheme_in(scheme, dialect);
    let mut reading = Reading {
        input,
        dialect,
        kind,
        prefix_len,
        after_colon: prefix_len + scheme_len + 1,
        failure: Failure::of(input).within(Some(kind)),
        in_hostport: false,
    };
    let checks: [Check<R>; 12] = [
        checks::prefixed_generic,
        checks::after_the_scheme,
        checks::user_without_login,
        checks::login,
        checks::broken_escape,
        checks::host_label,
        checks::host_number,
        checks::host_in_brackets,
        checks::not_in_hostport,
        checks::missing_port,
        checks::article_without_host,
        checks::rule_stated,
    ];
    checks
        .iter()
        .find_map(|check| check(&mut reading))
        .unwrap_or_else(|| character::error(&reading))
}

/// A check of the list: the error it finds, if any. It may narrow the failure (a login
/// without "@" is read again as the hostport it is).
type Check<R> = fn(&mut Reading<'_, R>) -> Option<ParseError>;
