//! Gopher URLs, RFC 1738 section 3.4:
//! `gopherurl = "gopher://" hostport [ / [ gtype [ selector
//!              [ "%09" search [ "%09" gopher+_string ] ] ] ] ]`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::{hostport_accessors, url_text};
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::OptSpan;
use std::borrow::Cow;
use std::fmt;

/// A `gopherurl`: host and port, then an optional gopher-path of a type character, a
/// selector, a search and a Gopher+ string, separated by `%09` (TAB).
///
/// ```
/// use rfc1738::Url;
///
/// let url = rfc1738::parse("gopher://host/7a_gopher_selector%09foobar").unwrap();
/// let Url::Gopher(gopher) = url else { unreachable!() };
/// assert_eq!(gopher.gopher_type().unwrap(), "7");
/// assert_eq!(gopher.selector(), "a_gopher_selector");
/// assert_eq!(gopher.search().unwrap(), "foobar");
/// assert_eq!(gopher.gopher_plus(), None);
///
/// // No gopher-path: type "1" (a directory), empty selector.
/// let Url::Gopher(root) = rfc1738::parse("gopher://host").unwrap() else { unreachable!() };
/// assert_eq!(root.gopher_type(), None);
/// assert_eq!(root.item_type(), b'1');
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GopherUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) hostport: HostPortSpans,
    pub(crate) gtype: OptSpan,
    pub(crate) selector: OptSpan,
    pub(crate) search: OptSpan,
    pub(crate) gopher_plus: OptSpan,
}

url_text!(GopherUrl {
    hostport,
    gtype,
    selector,
    search,
    gopher_plus
});

impl<'a> GopherUrl<'a> {
    hostport_accessors!(hostport);

    /// The `gtype` as written (one `xchar`, possibly an escape such as `%30`); `None` when
    /// the URL has no gopher-path.
    pub fn gopher_type(&self) -> Option<Escaped<'_>> {
        self.gtype.map(|span| span.escaped(&self.text))
    }

    /// The item type the URL means: the decoded `gtype`, or `b'1'` (a directory) when the
    /// gopher-path is empty (section 3.4).
    pub fn item_type(&self) -> u8 {
        self.gopher_type().map_or(b'1', |gtype| gtype.decode()[0])
    }

    /// The `selector` as written (empty when absent).
    pub fn selector(&self) -> Escaped<'_> {
        Escaped::new(self.selector.map_or("", |span| span.of_text(&self.text)))
    }

    /// The `search` after the first `%09`, as written; `None` without a first `%09`.
    pub fn search(&self) -> Option<Escaped<'_>> {
        self.search.map(|span| span.escaped(&self.text))
    }

    /// The `gopher+_string` after the second `%09`, as written; `None` without it.
    pub fn gopher_plus(&self) -> Option<Escaped<'_>> {
        self.gopher_plus.map(|span| span.escaped(&self.text))
    }

    /// The url-path (the gopher-path) as written, when the URL has a `/` after the host.
    pub fn url_path(&self) -> Option<&str> {
        // The grammar lets only "/" and the gopher-path follow the hostport.
        let end = self.hostport.end();
        (end < self.text.len()).then(|| &self.text[end + 1..])
    }
}

impl fmt::Debug for GopherUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GopherUrl")
            .field("host", &self.host())
            .field("port", &self.port())
            .field("gopher_type", &self.gopher_type())
            .field("selector", &self.selector())
            .field("search", &self.search())
            .field("gopher_plus", &self.gopher_plus())
            .finish()
    }
}
