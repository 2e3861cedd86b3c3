//! MAILTO URLs, RFC 1738 section 3.5: `mailtourl = "mailto:" encoded822addr`.

use crate::ast::scheme::macros::url_text;
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `mailtourl`: an RFC 822 addr-spec, escaped (`encoded822addr = 1*xchar`).
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Mailto(mailto) = rfc1738::parse("mailto:timbl%25cern@info.cern.ch").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(mailto.address(), "timbl%25cern@info.cern.ch");
/// assert_eq!(mailto.address().decode_utf8().unwrap(), "timbl%cern@info.cern.ch");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MailtoUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) address: Span,
}

url_text!(MailtoUrl { address });

impl<'a> MailtoUrl<'a> {
    /// The `encoded822addr` as written (RFC 822 is not parsed further).
    pub fn address(&self) -> Escaped<'_> {
        self.address.escaped(&self.text)
    }

    /// Always `None`: mailto has no url-path.
    pub fn url_path(&self) -> Option<&str> {
        None
    }
}

impl fmt::Debug for MailtoUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MailtoUrl")
            .field("address", &self.address())
            .finish()
    }
}
