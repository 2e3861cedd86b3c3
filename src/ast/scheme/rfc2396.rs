//! RFC 2396's generic syntax (Appendix A), the `rfc2396` dialect: every scheme alike, and
//! the relative references of `URI-reference`. A URI (or relative reference) of this
//! dialect is a [`GenericUrl`] whose form is [`GenericForm::HierPart`],
//! [`GenericForm::OpaquePart`] or [`GenericForm::RelativeUri`]; this module holds where
//! its parts lie (the accessors are [`GenericUrl`]'s, in `generic.rs`).
//!
//! [`GenericUrl`]: crate::schemes::GenericUrl
//! [`GenericForm::HierPart`]: crate::schemes::GenericForm::HierPart
//! [`GenericForm::OpaquePart`]: crate::schemes::GenericForm::OpaquePart
//! [`GenericForm::RelativeUri`]: crate::schemes::GenericForm::RelativeUri

use crate::ast::host::HostSpan;
use crate::vocabulary::span::{OptSpan, Span};

/// Where the parts of an RFC 2396 URI-reference lie (the URI without its fragment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Rfc2396Spans {
    /// `absoluteURI` with `hier_part`, with `opaque_part`, or `relativeURI`.
    pub(crate) form: Rfc2396Form,
    /// The `authority` of a `net_path` (after `//`; it may be empty).
    pub(crate) authority: Option<AuthoritySpans>,
    /// The path: `abs_path`, `rel_path` or `opaque_part` (empty when there is none).
    pub(crate) path: Span,
    /// The `query` after `?` (it may be empty).
    pub(crate) query: OptSpan,
}

/// The three forms of an RFC 2396 URI-reference's URI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Rfc2396Form {
    HierPart,
    OpaquePart,
    RelativeUri,
}

/// Where an RFC 2396 `authority` and its parts lie: a `server` (`[ userinfo "@" ]
/// hostport`, or nothing) or a `reg_name`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct AuthoritySpans {
    /// The whole authority.
    pub(crate) span: Span,
    pub(crate) userinfo: OptSpan,
    pub(crate) host: Option<HostSpan>,
    /// The port's digits after `:` (RFC 2396: `port = *digit`, so it may be empty).
    pub(crate) port: OptSpan,
    /// The port's value, when its digits write a number of at most 65535.
    pub(crate) port_value: Option<u16>,
    /// Whether the authority is a `reg_name` (its span is then the whole authority).
    pub(crate) reg_name: bool,
}

/// One segment of an RFC 2396 path (`segment = *pchar *( ";" param )`), as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PathSegment<'s> {
    text: &'s str,
}

impl<'s> PathSegment<'s> {
    /// The segment of this text.
    pub(crate) fn new(text: &'s str) -> PathSegment<'s> {
        PathSegment { text }
    }

    /// The whole segment, its parameters included.
    pub fn as_str(&self) -> &'s str {
        self.text
    }

    /// The segment before its first `;`.
    pub fn name(&self) -> &'s str {
        self.text.split(';').next().unwrap_or_default()
    }

    /// Its parameters: each `param` after a `;`.
    pub fn params(&self) -> impl Iterator<Item = &'s str> {
        self.text.split(';').skip(1)
    }
}

impl std::fmt::Display for PathSegment<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text)
    }
}
