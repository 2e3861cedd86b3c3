//! Content-ID URLs, RFC 1630 (URL syntax): `cidaddress = "cid:" content-identifier`.

use crate::escape::Escaped;
use crate::scheme::url_text;
use crate::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `cidaddress`: a body part of a MIME message, named by its Content-ID
/// (`content-identifier`).
///
/// RFC 1630 leaves `content-identifier` undefined; it is read permissively as `xalphas`
/// (the characters a URI holds unescaped), without checking MIME's structure.
///
/// ```
/// use rfc1738::{Dialect, Url};
///
/// let reference = rfc1738::parse_reference("cid:part1.msg2@host.dom", Dialect::Rfc1630).unwrap();
/// let Url::Cid(cid) = reference.url() else { unreachable!() };
/// assert_eq!(cid.content_identifier(), "part1.msg2@host.dom");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CidUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) content_identifier: Span,
}

url_text!(CidUrl { content_identifier });

impl CidUrl<'_> {
    /// The `content-identifier`, as written.
    pub fn content_identifier(&self) -> Escaped<'_> {
        self.content_identifier.escaped(&self.text)
    }

    /// Always `None`: a content-identifier is no url-path.
    pub fn url_path(&self) -> Option<&str> {
        None
    }
}

impl fmt::Debug for CidUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CidUrl")
            .field("content_identifier", &self.content_identifier())
            .finish()
    }
}
