//! Message-ID URLs, RFC 1630 (URL syntax): `midaddress = "mid:" addr-spec`.

use crate::escape::Escaped;
use crate::scheme::url_text;
use crate::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `midaddress`: the message-id of a mail or news message (`addr-spec`, RFC 822).
///
/// RFC 1630 leaves `addr-spec` undefined; it is read permissively as `xalphas` (the
/// characters a URI holds unescaped), without checking RFC 822's structure.
///
/// ```
/// use rfc1738::{Dialect, Url};
///
/// let reference = rfc1738::parse_reference("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
/// let Url::Mid(mid) = reference.url() else { unreachable!() };
/// assert_eq!(mid.addr_spec(), "12345@info.cern.ch");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MidUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) addr_spec: Span,
}

url_text!(MidUrl { addr_spec });

impl MidUrl<'_> {
    /// The `addr-spec` (the message-id without angle brackets), as written.
    pub fn addr_spec(&self) -> Escaped<'_> {
        self.addr_spec.escaped(&self.text)
    }

    /// Always `None`: a message-id is no url-path.
    pub fn url_path(&self) -> Option<&str> {
        None
    }
}

impl fmt::Debug for MidUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MidUrl")
            .field("addr_spec", &self.addr_spec())
            .finish()
    }
}
