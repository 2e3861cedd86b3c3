//! Layer 1, the vocabulary every other layer may use: the dialects and the kinds of URL,
//! spans, the errors and their rendering, escapes, character classes and the scheme at the
//! start of a text.

pub(crate) mod classes;
pub(crate) mod dialect;
pub(crate) mod encode;
pub(crate) mod error;
pub(crate) mod escape;
pub(crate) mod kind;
pub(crate) mod scheme;
pub(crate) mod shown;
pub(crate) mod span;
pub(crate) mod window;
