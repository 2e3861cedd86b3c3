//! What the diagnosis knows of an input that starts with a scheme, which each check
//! reads ([`Reading`]).

use crate::syntax::compiled::Grammar;
use crate::syntax::diagnose::failure::{Failure, bit};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;

/// Whether `text` holds the ASCII character `byte`: the short texts of a URL's parts are
/// searched eight bytes at a time, where `str::contains` set up a search of its own.
pub(super) fn holds(text: &str, byte: u8) -> bool {
    rfc1738_words::find_byte(text.as_bytes(), byte).is_some()
}

/// What the diagnosis knows of an input that starts with a scheme.
pub(super) struct Reading<'i, R: Grammar> {
    pub(super) input: &'i str,
    pub(super) dialect: Dialect,
    /// The production the scheme names in the dialect (`Generic` for any other).
    pub(super) kind: UrlKind,
    /// The length of the prefix "URL:" (the family's references).
    pub(super) prefix_len: usize,
    /// Where the scheme-specific part starts.
    pub(super) after_colon: usize,
    /// Where the grammar got furthest, and what it tried there.
    pub(super) failure: Failure<R>,
    /// Whether `failure` is that of a login without "@" read as a hostport.
    pub(super) in_hostport: bool,
}

impl<R: Grammar> Reading<'_, R> {
    /// An error at `offset` in the URL's production, with `expected`.
    pub(super) fn error(
        &self,
        offset: usize,
        error: ErrorKind,
        expected: &[&'static str],
    ) -> ParseError {
        let expected = expected.iter().map(|&name| Cow::Borrowed(name)).collect();
        self.error_naming(offset, error, expected)
    }

    pub(super) fn error_naming(
        &self,
        offset: usize,
        error: ErrorKind,
        expected: Vec<Cow<'static, str>>,
    ) -> ParseError {
        ParseError::with_names(self.input, offset, Some(self.kind), error, expected)
            .in_dialect(self.dialect)
    }

    /// An error where the grammar got furthest, with what it expected there.
    pub(super) fn failure_error(&self, error: ErrorKind) -> ParseError {
        self.error_naming(self.failure.offset, error, self.failure.expected())
    }

    /// Whether the scheme names no production of the dialect (a generic URI, a URN).
    pub(super) fn generic(&self) -> bool {
        matches!(self.kind, UrlKind::Generic | UrlKind::Urn)
    }

    /// The character where the grammar got furthest, `None` at the end.
    pub(super) fn found(&self) -> Option<char> {
        self.input.get(self.failure.offset..)?.chars().next()
    }

    /// Whether an escape could stand where the grammar got furthest (RFC 1738): its class
    /// takes "%", or a generic schemepart read as opaque `*xchar`, where an escape can
    /// stand anywhere, got past the scheme.
    pub(super) fn escape_allowed(&self) -> bool {
        let opaque = self.kind == UrlKind::Generic && self.failure.offset > self.after_colon - 1;
        self.failure.chars & bit('%') != 0 || opaque
    }
}
