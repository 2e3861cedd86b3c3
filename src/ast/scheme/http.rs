//! HTTP URLs, RFC 1738 section 3.3:
//! `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::{hostport_accessors, url_text};
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::span::OptSpan;
use std::borrow::Cow;
use std::fmt;

/// An `httpurl`: host and port, an optional path (`hpath`) and an optional `search`.
/// No user name or password is allowed (section 3.3).
///
/// ```
/// use rfc1738::Url;
///
/// let url = rfc1738::parse("http://www.w3.org/hypertext/WWW/Addressing?url+syntax").unwrap();
/// let Url::Http(http) = url else { unreachable!() };
/// assert_eq!(http.host().as_str(), "www.w3.org");
/// assert_eq!(http.path().unwrap(), "hypertext/WWW/Addressing");
/// assert_eq!(http.segments().map(|s| s.as_str()).collect::<Vec<_>>(), ["hypertext", "WWW", "Addressing"]);
/// assert_eq!(http.search().unwrap(), "url+syntax");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HttpUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) hostport: HostPortSpans,
    pub(crate) hpath: OptSpan,
    pub(crate) search: OptSpan,
}

url_text!(HttpUrl {
    hostport,
    hpath,
    search
});

impl<'a> HttpUrl<'a> {
    hostport_accessors!(hostport);

    /// The path: RFC 1738's `hpath` (section 3.3) as written, without the `/` before it;
    /// `None` when the URL has no `/` after the host, `Some("")` for `http://host/`. (`path`
    /// in the JSON report and in Python.)
    pub fn path(&self) -> Option<Escaped<'_>> {
        self.hpath.map(|span| span.escaped(&self.text))
    }

    /// The `hsegment`s of the path (none when there is no path).
    pub fn segments(&self) -> Segments<'_> {
        Segments::new(self.path())
    }

    /// The `search` part as written, without the `?`; `None` when there is no `?`.
    pub fn search(&self) -> Option<Escaped<'_>> {
        self.search.map(|span| span.escaped(&self.text))
    }

    /// The url-path: `hpath` and `?search`, as written.
    pub fn url_path(&self) -> Option<&str> {
        self.hpath.map(|span| span.rest_of(&self.text))
    }
}

impl fmt::Debug for HttpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpUrl")
            .field("host", &self.host())
            .field("port", &self.port())
            .field("hpath", &self.path())
            .field("search", &self.search())
            .finish()
    }
}
