//! What the emitter hands on to the link list: the start tags read, and what was skipped
//! or left open (a tag, comment or declaration).

use super::markup::Charset;

/// An attribute of a tag read.
#[derive(Debug, Clone)]
pub(super) struct Attribute {
    pub(super) name: String,
    /// `None` when longer than the limit.
    pub(super) value: Option<String>,
    pub(super) line: u64,
    pub(super) charset: Charset,
}

/// What the emitter hands on.
#[derive(Debug, Clone)]
pub(super) enum TagToken {
    /// A start tag with its attributes.
    Tag {
        name: String,
        attributes: Vec<Attribute>,
    },
    /// A tag, comment or declaration longer than the limit, or still open at the end.
    Skipped {
        what: &'static str,
        element: String,
        line: u64,
        charset: Charset,
        unclosed: bool,
    },
}
