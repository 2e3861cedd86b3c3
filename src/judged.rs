//! What the judge (the crate `rfc1738-judge`, not published) reads of the library's
//! insides to hold them to pest: the compiled grammars (their runs, frames and traces),
//! the slots a run records, their lowering, the diagnosis and its naming of a failure,
//! RFC 1738's reference read by its parts. Feature `judge` only, hidden from the docs,
//! **not part of the API**: it changes with the insides, without notice.

pub use crate::facade::read_by_parts;
pub use crate::lowering::{lower, lower_reference};
pub use crate::syntax::compiled::{Grammar, draft_www_uri_00, rfc1630, rfc1738, rfc2396, run};
pub use crate::syntax::diagnose::{JudgedFailure, diagnose, xalphas_len};
pub use crate::syntax::slot::{Slot, Which};
pub use crate::vocabulary::span::Span;

use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;

/// What a traced run of a rule recorded (the run the diagnosis starts from): where the run
/// ended, if it matched, and what it expected at the furthest position it reached.
#[derive(Debug, Clone)]
pub struct Traced<R> {
    /// Where the run ended when the rule matched.
    pub end: Option<usize>,
    /// The furthest position reached.
    pub furthest: usize,
    /// The rules that failed there.
    pub rules: Vec<R>,
    /// The ASCII characters expected there (bit `c` for character `c`).
    pub chars: u128,
    /// The other literals expected there, with whether case is ignored.
    pub literals: Vec<(&'static [u8], bool)>,
}

/// The traced run of `rule` on `text` from its start.
pub fn traced<R: Grammar>(rule: R, text: &str) -> Traced<R> {
    let (end, trace) = crate::syntax::compiled::trace_rule(rule, text, 0);
    Traced {
        end,
        furthest: trace.furthest,
        rules: trace.rules.to_vec(),
        chars: trace.chars(),
        literals: trace.literals.to_vec(),
    }
}

/// The length of the prefix (`URL:`, with the spaces the dialect allows) at the start of
/// `text`, as `dialect` reads it.
pub fn prefix_len(dialect: Dialect, text: &str) -> usize {
    dialect.prefix_len(text)
}

/// The length of the scheme at the start of `text` when a `:` follows it, as `dialect`
/// reads a scheme.
pub fn scheme_len(dialect: Dialect, text: &str) -> Option<usize> {
    dialect.scheme_len(text)
}

/// `error`, found in the part of `input` from `start`, placed in `input`.
pub fn shifted(error: ParseError, input: &str, start: usize) -> ParseError {
    error.shifted(input, start)
}

/// Whether URLs of `kind` have `//` after their scheme.
pub fn has_slashes(kind: UrlKind) -> bool {
    kind.has_slashes()
}

/// Whether URLs of `kind` may have a login (`user:password@`).
pub fn allows_login(kind: UrlKind) -> bool {
    kind.allows_login()
}

/// An error of `kind` at `offset` in `input`, read by `dialect`'s grammar, naming
/// `expected`: one made by hand, for the judge's own tests (that it refuses an error other
/// than pest's reading).
pub fn error_at(
    input: &str,
    offset: usize,
    kind: ErrorKind,
    expected: Vec<String>,
    dialect: Dialect,
) -> ParseError {
    ParseError::new(input, offset, None, kind, expected).in_dialect(dialect)
}
