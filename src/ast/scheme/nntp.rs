//! NNTP URLs, RFC 1738 section 3.7:
//! `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::url_text;
use crate::vocabulary::span::{OptSpan, Span};
use std::borrow::Cow;
use std::fmt;

/// An `nntpurl`: a server, a newsgroup and an optional article number.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Nntp(nntp) = rfc1738::parse("nntp://news.cern.ch/comp.infosystems.www/1042").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(nntp.group(), "comp.infosystems.www");
/// assert_eq!(nntp.article(), Some(1042));
/// ```
///
/// RFC 1738 bounds no article number (`digits = 1*digit`, section 5; section 3.1 bounds
/// ports and host numbers, not articles), nor does RFC 1630 (`nntp:group/digits`): any
/// number of digits is valid. [`article`](NntpUrl::article) gives the number when it fits
/// in a `u64`, [`article_number`](NntpUrl::article_number) says when it does not, and
/// [`article_as_written`](NntpUrl::article_as_written) keeps the digits:
///
/// ```
/// use rfc1738::Url;
/// use std::num::IntErrorKind;
///
/// let Url::Nntp(nntp) = rfc1738::parse("nntp://news.server.example/example.group.this/1234567890123456789012").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(nntp.article(), None);
/// let too_large = nntp.article_number().unwrap().unwrap_err();
/// assert_eq!(too_large.kind(), &IntErrorKind::PosOverflow);
/// assert_eq!(nntp.article_as_written(), Some("1234567890123456789012"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NntpUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    /// `None` for RFC 1630's `nntpaddress` (`nntp:group/digits`), which names no server.
    pub(crate) hostport: Option<HostPortSpans>,
    pub(crate) group: Span,
    /// The article number's digits (any number of them).
    pub(crate) article: OptSpan,
}

url_text!(NntpUrl {
    hostport,
    group,
    article
});

impl<'a> NntpUrl<'a> {
    /// The `host` as written; `None` for RFC 1630's `nntpaddress`, which names no server.
    pub fn host(&self) -> Option<crate::ast::host::Host<'_>> {
        self.hostport.map(|hostport| hostport.host.view(&self.text))
    }

    /// The `port` as written (not defaulted), or `None`.
    pub fn port(&self) -> Option<u16> {
        self.hostport?.port.map(|port| port.value)
    }

    /// The `port` digits exactly as written (`"0119"` keeps its zeros).
    pub fn port_as_written(&self) -> Option<&str> {
        let port = self.hostport?.port?;
        Some(port.span.of_text(&self.text))
    }

    /// The newsgroup name.
    pub fn group(&self) -> &str {
        self.group.of_text(&self.text)
    }

    /// The article number, when given and when it fits in a `u64` (at most
    /// 18446744073709551615); `None` without an article, and for a larger number, which
    /// is valid ([`article_number`](NntpUrl::article_number) tells the two apart,
    /// [`article_as_written`](NntpUrl::article_as_written) gives its digits).
    pub fn article(&self) -> Option<u64> {
        self.article_number()?.ok()
    }

    /// The article number read as a `u64`, when given: `Err` (of kind
    /// [`PosOverflow`](std::num::IntErrorKind::PosOverflow)) when it is larger than
    /// `u64::MAX`, which RFC 1738 allows (`digits = 1*digit`). Leading zeros are read
    /// (`0042` is 42).
    pub fn article_number(&self) -> Option<Result<u64, std::num::ParseIntError>> {
        self.article_as_written().map(str::parse)
    }

    /// The article number's digits as written, whatever their number (leading zeros
    /// kept); the report's `article_digits`.
    pub fn article_as_written(&self) -> Option<&str> {
        self.article.map(|span| span.of_text(&self.text))
    }

    /// The url-path: `group` and `/digits`, as written.
    pub fn url_path(&self) -> Option<&str> {
        Some(self.group.rest_of(&self.text))
    }
}

impl fmt::Debug for NntpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NntpUrl")
            .field("host", &self.host())
            .field("port", &self.port())
            .field("group", &self.group())
            .field("article", &self.article())
            .finish()
    }
}
