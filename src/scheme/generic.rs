//! Every other scheme, RFC 1738 section 5: `otherurl = genericurl`,
//! `genericurl = scheme ":" schemepart`, `schemepart = *xchar | ip-schemepart`.

use crate::escape::Escaped;
use crate::grammar::Rule;
use crate::host::{Host, LoginSpans};
use crate::lower::{expect_rule, Lowering};
use crate::scheme::url_text;
use crate::span::Span;
use crate::tree::Node;
use std::borrow::Cow;
use std::fmt;

/// A URL of a scheme RFC 1738 does not define, read as `genericurl`. When the schemepart
/// has the common Internet form `//login[/urlpath]` (`ip-schemepart`), its parts are read
/// too.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Generic(generic) = rfc1738::parse("X-Archie://archie.au:1525/find?rfc").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(generic.scheme(), "x-archie");
/// assert_eq!(generic.scheme_part(), "//archie.au:1525/find?rfc");
/// assert_eq!(generic.host().unwrap().as_str(), "archie.au");
/// assert_eq!(generic.port(), Some(1525));
/// assert_eq!(generic.urlpath().unwrap(), "find?rfc");
///
/// let Url::Generic(opaque) = rfc1738::parse("urn:isbn:0-201-63346-9").unwrap() else {
///     unreachable!()
/// };
/// assert!(!opaque.has_ip_schemepart());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GenericUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) scheme: Span,
    /// The scheme in lower case, when it was not written in lower case.
    pub(crate) scheme_lower: Option<Box<str>>,
    pub(crate) scheme_part: Span,
    pub(crate) ip: Option<IpSchemePart>,
    /// Whether the schemepart is read as RFC 1630's `path [ "?" search ]`. Neither dialect
    /// of the RFC 1630 family allows "?" in a path, so the first "?" is the one before the
    /// search, and the parts need not be stored.
    pub(crate) rfc1630_uri: bool,
}

url_text!(GenericUrl {
    scheme,
    scheme_lower,
    scheme_part,
    ip,
    rfc1630_uri
});

/// `ip-schemepart = "//" login [ "/" urlpath ]`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct IpSchemePart {
    pub(crate) login: LoginSpans,
    pub(crate) urlpath: Option<Span>,
}

impl<'a> GenericUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a>) -> Self {
        expect_rule(&pair, Rule::otherurl);
        let genericurl = pair.into_inner().next().expect("otherurl holds genericurl");
        let mut inner = genericurl.into_inner();
        let scheme = inner.next().expect("genericurl starts with scheme");
        let scheme_part = inner.next().expect("genericurl ends with schemepart");
        let written = scheme.as_str();
        let scheme_lower = written
            .bytes()
            .any(|b| b.is_ascii_uppercase())
            .then(|| written.to_ascii_lowercase().into_boxed_str());
        let scheme_span = scheme.span();
        let part_span = scheme_part.span();
        // schemepart = *xchar | ip-schemepart: an ip-schemepart whose port or hostnumber is
        // out of range is no ip-schemepart, but the same text is still a valid *xchar, so
        // the schemepart is then read as opaque rather than refused.
        let ip = match scheme_part.into_inner().next() {
            Some(ip) if ip.as_rule() == Rule::ip_schemepart => {
                let mut parts = ip.into_inner();
                let login = cx.login(parts.next().expect("ip-schemepart holds login"));
                let urlpath = parts.next().map(|urlpath| urlpath.span());
                login.ok().map(|login| IpSchemePart { login, urlpath })
            }
            _ => None,
        };
        GenericUrl {
            text: Cow::Borrowed(cx.text),
            scheme: scheme_span,
            scheme_lower,
            scheme_part: part_span,
            ip,
            rfc1630_uri: false,
        }
    }

    /// The scheme in lower case.
    pub fn scheme(&self) -> &str {
        self.scheme_lower
            .as_deref()
            .unwrap_or_else(|| self.scheme.of_text(&self.text))
    }

    /// The scheme as written.
    pub fn scheme_as_written(&self) -> &str {
        self.scheme.of_text(&self.text)
    }

    /// The `schemepart` (everything after the first `:`), as written.
    pub fn scheme_part(&self) -> Escaped<'_> {
        self.scheme_part.escaped(&self.text)
    }

    /// Whether the schemepart is an `ip-schemepart` (`//login[/urlpath]`).
    pub fn has_ip_schemepart(&self) -> bool {
        self.ip.is_some()
    }

    /// The user of the ip-schemepart's login, as written.
    pub fn user(&self) -> Option<Escaped<'_>> {
        self.ip?.login.user.map(|span| span.escaped(&self.text))
    }

    /// The password of the ip-schemepart's login, as written.
    pub fn password(&self) -> Option<Escaped<'_>> {
        self.ip?.login.password.map(|span| span.escaped(&self.text))
    }

    /// The host of the ip-schemepart.
    pub fn host(&self) -> Option<Host<'_>> {
        self.ip.map(|ip| ip.login.hostport.host.view(&self.text))
    }

    /// The port of the ip-schemepart, when given.
    pub fn port(&self) -> Option<u16> {
        self.ip?.login.hostport.port.map(|port| port.value)
    }

    /// The port of the ip-schemepart as written.
    pub fn port_as_written(&self) -> Option<&str> {
        let port = self.ip?.login.hostport.port?;
        Some(port.span.of_text(&self.text))
    }

    /// The `urlpath` of the ip-schemepart (after its `/`), as written.
    pub fn urlpath(&self) -> Option<Escaped<'_>> {
        self.ip?.urlpath.map(|span| span.escaped(&self.text))
    }

    /// RFC 1630's `path` (everything after the scheme's `:` up to `?`), as written; `None`
    /// for RFC 1738 URLs, whose schemepart has no such structure.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("magic://a/b?x+y", Dialect::Rfc1630).unwrap();
    /// let Url::Generic(generic) = reference.url() else { unreachable!() };
    /// assert_eq!(generic.path().unwrap(), "//a/b");
    /// assert_eq!(generic.search().unwrap().search_words().collect::<Vec<_>>(), ["x", "y"]);
    /// ```
    pub fn path(&self) -> Option<Escaped<'_>> {
        self.rfc1630_uri.then(|| {
            let part = self.scheme_part.of_text(&self.text);
            Escaped::new(part.split_once('?').map_or(part, |(path, _)| path))
        })
    }

    /// RFC 1630's `search` after `?`, as written; `None` without `?` and for RFC 1738 URLs.
    pub fn search(&self) -> Option<Escaped<'_>> {
        let part = self.scheme_part.of_text(&self.text);
        let (_, search) = part.split_once('?').filter(|_| self.rfc1630_uri)?;
        Some(Escaped::new(search))
    }

    /// Whether this is a `urn:` URI read by an RFC 1630 dialect (a reserved scheme).
    pub(crate) fn is_rfc1630_urn(&self) -> bool {
        self.rfc1630_uri && self.scheme_as_written().eq_ignore_ascii_case("urn")
    }

    /// The url-path: the `urlpath` of the ip-schemepart.
    pub fn url_path(&self) -> Option<&str> {
        self.urlpath().map(|urlpath| urlpath.as_str())
    }
}

impl fmt::Debug for GenericUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("GenericUrl");
        debug
            .field("scheme", &self.scheme())
            .field("scheme_part", &self.scheme_part());
        if self.rfc1630_uri {
            debug
                .field("path", &self.path())
                .field("search", &self.search());
        }
        if self.ip.is_some() {
            debug
                .field("user", &self.user())
                .field("password", &self.password())
                .field("host", &self.host())
                .field("port", &self.port())
                .field("urlpath", &self.urlpath());
        }
        debug.finish()
    }
}
