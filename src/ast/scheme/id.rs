//! Message-ID and Content-ID URLs, RFC 1630 (URL syntax): `midaddress = "mid:" addr-spec`
//! and `cidaddress = "cid:" content-identifier`.

use crate::ast::scheme::macros::url_text;
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `midaddress` or a `cidaddress` of RFC 1630 ([`Url::Mid`](crate::Url::Mid),
/// [`Url::Cid`](crate::Url::Cid)): a scheme, `:` and an identifier, which names a mail or
/// news message (`mid:`, its message-id: an `addr-spec`, RFC 822) or a body part of a MIME
/// message (`cid:`, its Content-ID: a `content-identifier`).
///
/// RFC 1630 leaves `addr-spec` and `content-identifier` undefined; both are read
/// permissively as `xalphas` (the characters a URI holds unescaped), without checking RFC
/// 822's or MIME's structure. The two forms have the same layout, hence one type; the
/// [`Url`](crate::Url) variant says which it is.
///
/// ```
/// use rfc1738::{Dialect, Url};
///
/// let mid = Url::parse_in("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
/// let Url::Mid(id) = &mid else { unreachable!() };
/// assert_eq!(id.id(), "12345@info.cern.ch");
///
/// let cid = Url::parse_in("cid:part1.msg2@host.dom", Dialect::Rfc1630).unwrap();
/// let Url::Cid(id) = &cid else { unreachable!() };
/// assert_eq!(id.id(), "part1.msg2@host.dom");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IdUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) id: Span,
}

url_text!(IdUrl { id });

impl IdUrl<'_> {
    /// The identifier after the scheme's `:`, as written: the `addr-spec` of a `mid:` URL
    /// (the message-id without angle brackets), the `content-identifier` of a `cid:` URL.
    pub fn id(&self) -> Escaped<'_> {
        self.id.escaped(&self.text)
    }

    /// Always `None`: an identifier is no url-path.
    pub fn url_path(&self) -> Option<&str> {
        None
    }
}

impl fmt::Debug for IdUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IdUrl").field("id", &self.id()).finish()
    }
}
