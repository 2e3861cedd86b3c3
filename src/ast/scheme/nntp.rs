//! NNTP URLs, RFC 1738 section 3.7:
//! `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::url_text;
use crate::vocabulary::span::Span;
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
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NntpUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    /// `None` for RFC 1630's `nntpaddress` (`nntp:group/digits`), which names no server.
    pub(crate) hostport: Option<HostPortSpans>,
    pub(crate) group: Span,
    pub(crate) article: Option<(Span, u64)>,
}

url_text!(NntpUrl {
    hostport,
    group,
    article
});

impl<'a> NntpUrl<'a> {
    /// The `host` as written; `None` for RFC 1630's `nntpaddress`, which names no server.
    pub fn host(&self) -> Option<crate::Host<'_>> {
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

    /// The article number, when given.
    pub fn article(&self) -> Option<u64> {
        self.article.map(|(_, number)| number)
    }

    /// The article number's digits as written.
    pub fn article_as_written(&self) -> Option<&str> {
        self.article.map(|(span, _)| span.of_text(&self.text))
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
