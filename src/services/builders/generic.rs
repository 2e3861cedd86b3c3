//! `genericurl = scheme ":" schemepart` (RFC 1738 section 5), for schemes other than the
//! predefined ones.

use super::text::{BuildError, finish_as, push};
use crate::ast::scheme::GenericUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`GenericUrl`] of a scheme RFC 1738 does not predefine.
///
/// ```
/// use rfc1738::schemes::GenericUrl;
///
/// let url = GenericUrl::builder("x-archive", "item 42/part#1").build().unwrap();
/// assert_eq!(url.as_str(), "x-archive:item%2042/part%231");
/// assert!(GenericUrl::builder("http", "//h/").build().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenericBuilder {
    scheme: String,
    schemepart: Vec<u8>,
}

impl GenericUrl<'static> {
    /// A builder for `scheme:schemepart`: the scheme is written as given (lower-case
    /// letters, digits, `+`, `-`, `.`; no escapes), the schemepart escaped by
    /// [`charset::SCHEMEPART`](crate::encoding::charset::SCHEMEPART) (`*xchar`).
    pub fn builder(scheme: impl Into<String>, schemepart: impl AsRef<[u8]>) -> GenericBuilder {
        GenericBuilder {
            scheme: scheme.into(),
            schemepart: schemepart.as_ref().to_vec(),
        }
    }
}

impl GenericBuilder {
    /// The URL; a predefined scheme's name is refused (its URLs must match its own
    /// production: use its builder).
    pub fn build(&self) -> Result<GenericUrl<'static>, BuildError> {
        let valid = !self.scheme.is_empty()
            && self
                .scheme
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b));
        if !valid {
            return Err(BuildError::NotAllowed {
                component: "scheme",
                value: self.scheme.clone(),
                reason: "a scheme is lower-case letters, digits, \"+\", \"-\", \".\" (section 2.1)",
            });
        }
        let mut text = self.scheme.clone();
        text.push(':');
        push(&mut text, &self.schemepart, &charset::SCHEMEPART);
        finish_as!(text, Generic)
    }
}
