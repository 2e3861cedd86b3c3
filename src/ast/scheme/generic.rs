//! Every other scheme, RFC 1738 section 5: `otherurl = genericurl`,
//! `genericurl = scheme ":" schemepart`, `schemepart = *xchar | ip-schemepart`.

use crate::ast::host::{Host, LoginSpans};
use crate::ast::scheme::macros::url_text;
use crate::ast::scheme::rfc2396::{PathSegment, Rfc2396Form, Rfc2396Spans};
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::Span;
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
    /// How the schemepart is read, and its parts.
    pub(crate) form: GenericParts,
}

url_text!(GenericUrl {
    scheme,
    scheme_lower,
    scheme_part,
    form
});

/// How a generic URL's schemepart is read: which document's form, and where its parts lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum GenericParts {
    /// RFC 1738: `schemepart = *xchar`, nothing more read.
    Opaque,
    /// RFC 1738: `ip-schemepart = "//" login [ "/" urlpath ]`.
    IpSchemepart {
        login: LoginSpans,
        urlpath: Option<Span>,
    },
    /// RFC 1630's `uri` (draft-www-uri-00's `generic`): `path [ "?" search ]`. Neither
    /// dialect of the RFC 1630 family allows "?" in a path, so the first "?" is the one
    /// before the search, and the parts need not be stored.
    Uri,
    /// RFC 2396's `URI-reference` (Appendix A), without its fragment.
    Rfc2396(Rfc2396Spans),
}

/// Which form a [`GenericUrl`]'s schemepart has: RFC 1738's `genericurl`, with or without
/// its `ip-schemepart`, or RFC 1630's generic `uri` ([`GenericUrl::form`]).
///
/// ```
/// use rfc1738::{Dialect, Url};
/// use rfc1738::schemes::GenericForm;
///
/// let form = |text, dialect| match Url::parse_in(text, dialect).unwrap() {
///     Url::Generic(generic) => generic.form(),
///     _ => unreachable!(),
/// };
/// assert_eq!(form("x-archie://archie.au/find", Dialect::Rfc1738), GenericForm::IpSchemepart);
/// assert_eq!(form("urn:isbn:0-201-63346-9", Dialect::Rfc1738), GenericForm::Opaque);
/// assert_eq!(form("magic://a/b?x", Dialect::Rfc1630), GenericForm::Uri);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GenericForm {
    /// RFC 1738's `genericurl` whose `schemepart` is read as `*xchar` only: no
    /// `ip-schemepart` ([`GenericUrl::scheme_part`]).
    Opaque,
    /// RFC 1738's `genericurl` whose `schemepart` is an `ip-schemepart`,
    /// `"//" login [ "/" urlpath ]` ([`GenericUrl::user`], [`GenericUrl::host`], ...,
    /// [`GenericUrl::urlpath`]).
    IpSchemepart,
    /// RFC 1630's generic `uri` (draft-www-uri-00's `generic`): `path [ "?" search ]`
    /// ([`GenericUrl::path`], [`GenericUrl::search`]).
    Uri,
    /// RFC 2396's `absoluteURI` with a `hier_part`: `( net_path | abs_path ) [ "?" query ]`
    /// ([`GenericUrl::authority`], [`GenericUrl::host`], [`GenericUrl::path`],
    /// [`GenericUrl::path_segments`], [`GenericUrl::query`]).
    HierPart,
    /// RFC 2396's `absoluteURI` with an `opaque_part` ([`GenericUrl::opaque_part`]).
    OpaquePart,
    /// RFC 2396's `relativeURI`, `( net_path | abs_path | rel_path ) [ "?" query ]`, or
    /// the empty reference: no scheme ([`GenericUrl::is_relative`]).
    RelativeUri,
}

impl<'a> GenericUrl<'a> {
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

    /// Which form the schemepart has: RFC 1738's, opaque or an `ip-schemepart`, or RFC
    /// 1630's generic `uri`.
    pub fn form(&self) -> GenericForm {
        match self.form {
            GenericParts::Opaque => GenericForm::Opaque,
            GenericParts::IpSchemepart { .. } => GenericForm::IpSchemepart,
            GenericParts::Uri => GenericForm::Uri,
            GenericParts::Rfc2396(parts) => GenericUrl::rfc2396_form(&parts),
        }
    }

    /// Whether the schemepart is an `ip-schemepart` (`//login[/urlpath]`): the same as
    /// `form() == GenericForm::IpSchemepart`.
    pub fn has_ip_schemepart(&self) -> bool {
        self.form() == GenericForm::IpSchemepart
    }

    /// The login of the ip-schemepart, and its urlpath.
    fn ip(&self) -> Option<(LoginSpans, Option<Span>)> {
        match self.form {
            GenericParts::IpSchemepart { login, urlpath } => Some((login, urlpath)),
            _ => None,
        }
    }

    /// The user of the ip-schemepart's login, as written.
    pub fn user(&self) -> Option<Escaped<'_>> {
        self.ip()?.0.user.map(|span| span.escaped(&self.text))
    }

    /// The password of the ip-schemepart's login, as written.
    pub fn password(&self) -> Option<Escaped<'_>> {
        self.ip()?.0.password.map(|span| span.escaped(&self.text))
    }

    /// The host of the ip-schemepart.
    pub fn host(&self) -> Option<Host<'_>> {
        if self.rfc2396().is_some() {
            return self.rfc2396_host();
        }
        self.ip()
            .map(|(login, _)| login.hostport.host.view(&self.text))
    }

    /// The port of the ip-schemepart, when given.
    pub fn port(&self) -> Option<u16> {
        if self.rfc2396().is_some() {
            return self.rfc2396_port_value();
        }
        self.ip()?.0.hostport.port.map(|port| port.value)
    }

    /// The port of the ip-schemepart as written.
    pub fn port_as_written(&self) -> Option<&str> {
        if self.rfc2396().is_some() {
            return self.rfc2396_port();
        }
        let port = self.ip()?.0.hostport.port?;
        Some(port.span.of_text(&self.text))
    }

    /// The `urlpath` of the ip-schemepart (after its `/`), as written.
    pub fn urlpath(&self) -> Option<Escaped<'_>> {
        self.ip()?.1.map(|span| span.escaped(&self.text))
    }

    /// RFC 1630's `path` and `search` spans (the search without its `?`), for the `uri`
    /// form.
    pub(crate) fn path_search(&self) -> Option<(Span, Option<Span>)> {
        if !matches!(self.form, GenericParts::Uri) {
            return None;
        }
        let part = self.scheme_part.of_text(&self.text);
        let start = self.scheme_part.start;
        Some(match part.find('?') {
            Some(at) => (
                Span {
                    start,
                    end: start + at as u32,
                },
                Some(Span {
                    start: start + at as u32 + 1,
                    end: self.scheme_part.end,
                }),
            ),
            None => (self.scheme_part, None),
        })
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
        if let Some(parts) = self.rfc2396() {
            // RFC 2396: the path of a hier_part or relativeURI; an opaque_part is no path.
            let opaque = parts.form == Rfc2396Form::OpaquePart;
            return (!opaque).then(|| parts.path.escaped(&self.text));
        }
        let (path, _) = self.path_search()?;
        Some(path.escaped(&self.text))
    }

    /// RFC 1630's `search` after `?`, as written; `None` without `?` and for RFC 1738 URLs.
    pub fn search(&self) -> Option<Escaped<'_>> {
        let (_, search) = self.path_search()?;
        Some(search?.escaped(&self.text))
    }

    /// Whether this is a `urn:` URI read by an RFC 1630 dialect (a reserved scheme).
    pub(crate) fn is_rfc1630_urn(&self) -> bool {
        matches!(self.form, GenericParts::Uri)
            && self.scheme_as_written().eq_ignore_ascii_case("urn")
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
        if matches!(self.form, GenericParts::Uri) {
            debug
                .field("path", &self.path())
                .field("search", &self.search());
        }
        if self.has_ip_schemepart() {
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

/// RFC 2396's parts (the `rfc2396` dialect): `src/ast/scheme/rfc2396.rs` says where they lie.
impl GenericUrl<'_> {
    /// The parts of an RFC 2396 URI-reference, `None` for the other dialects.
    pub(crate) fn rfc2396(&self) -> Option<&Rfc2396Spans> {
        match &self.form {
            GenericParts::Rfc2396(parts) => Some(parts),
            _ => None,
        }
    }

    /// Whether this is an RFC 2396 `relativeURI` (or the empty reference): no scheme.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("../g;x?y#s", Dialect::Rfc2396).unwrap();
    /// let Url::Generic(relative) = reference.url() else { unreachable!() };
    /// assert!(relative.is_relative());
    /// assert_eq!(relative.scheme(), "");
    /// assert_eq!(relative.path().unwrap(), "../g;x");
    /// assert_eq!(relative.query().unwrap(), "y");
    /// assert_eq!(reference.fragment(), Some("s"));
    /// ```
    pub fn is_relative(&self) -> bool {
        self.rfc2396()
            .is_some_and(|parts| parts.form == Rfc2396Form::RelativeUri)
    }

    /// RFC 2396's `authority` after `//` (a `server` or a `reg_name`), as written; `Some("")`
    /// for `//` with nothing after it, `None` without `//` and in the other dialects.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("http://joe:pw@a.example:8080/p", Dialect::Rfc2396).unwrap();
    /// let Url::Generic(uri) = reference.url() else { unreachable!() };
    /// assert_eq!(uri.authority().unwrap(), "joe:pw@a.example:8080");
    /// assert_eq!(uri.userinfo().unwrap(), "joe:pw");
    /// assert_eq!(uri.host().unwrap().as_str(), "a.example");
    /// assert_eq!(uri.port(), Some(8080));
    /// assert_eq!(uri.reg_name(), None);
    ///
    /// // A registry-based name (section 3.2.1): no server's host can be read from it.
    /// let reference = rfc1738::parse_reference("//a_b$c/p", Dialect::Rfc2396).unwrap();
    /// let Url::Generic(uri) = reference.url() else { unreachable!() };
    /// assert_eq!(uri.reg_name().unwrap(), "a_b$c");
    /// assert!(uri.host().is_none());
    /// ```
    pub fn authority(&self) -> Option<Escaped<'_>> {
        let authority = self.rfc2396()?.authority?;
        Some(authority.span.escaped(&self.text))
    }

    /// RFC 2396's `userinfo` before `@` in a server-based authority, as written.
    pub fn userinfo(&self) -> Option<Escaped<'_>> {
        let authority = self.rfc2396()?.authority?;
        Some(authority.userinfo.get()?.escaped(&self.text))
    }

    /// RFC 2396's `reg_name`: an authority that is no server (section 3.2.1), as written.
    pub fn reg_name(&self) -> Option<Escaped<'_>> {
        let authority = self.rfc2396()?.authority?;
        authority
            .reg_name
            .then(|| authority.span.escaped(&self.text))
    }

    /// The port's digits as written in an RFC 2396 server (`port = *digit`: possibly empty,
    /// with no range), `None` without `:`. [`GenericUrl::port`] is its value when it is at
    /// most 65535.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("http://h:99999/", Dialect::Rfc2396).unwrap();
    /// let Url::Generic(uri) = reference.url() else { unreachable!() };
    /// assert_eq!((uri.port_as_written(), uri.port()), (Some("99999"), None));
    /// ```
    pub(crate) fn rfc2396_port(&self) -> Option<&str> {
        let authority = self.rfc2396()?.authority?;
        Some(authority.port.get()?.of_text(&self.text))
    }

    /// RFC 2396's `query` after `?`, as written (possibly empty); `None` without `?` and in
    /// the other dialects (whose `?` starts a [`search`](GenericUrl::search)).
    pub fn query(&self) -> Option<Escaped<'_>> {
        Some(self.rfc2396()?.query.get()?.escaped(&self.text))
    }

    /// RFC 2396's `opaque_part` of an absolute URI whose part after `scheme:` does not
    /// start with `/` (`mailto:a@b`, `news:comp.infosystems.www`).
    pub fn opaque_part(&self) -> Option<Escaped<'_>> {
        let parts = self.rfc2396()?;
        (parts.form == Rfc2396Form::OpaquePart).then(|| parts.path.escaped(&self.text))
    }

    /// The path's segments (RFC 2396 `path_segments`, and a `rel_path`'s segments), each
    /// with its `;` parameters: `None` for an opaque URI and in the other dialects. The
    /// `/` of an `abs_path` is not a segment: `/a/b;p` is `a` and `b;p`, `/` is one empty
    /// segment; an empty path (`http://h`) has none (`None`).
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("http://a/b/c/d;p;q=1?x", Dialect::Rfc2396).unwrap();
    /// let Url::Generic(uri) = reference.url() else { unreachable!() };
    /// let segments: Vec<_> = uri.path_segments().unwrap().collect();
    /// assert_eq!(segments.iter().map(|s| s.as_str()).collect::<Vec<_>>(), ["b", "c", "d;p;q=1"]);
    /// assert_eq!(segments[2].name(), "d");
    /// assert_eq!(segments[2].params().collect::<Vec<_>>(), ["p", "q=1"]);
    /// ```
    pub fn path_segments(&self) -> Option<impl Iterator<Item = PathSegment<'_>>> {
        let span = self.path_segments_span()?;
        Some(span.of_text(&self.text).split('/').map(PathSegment::new))
    }

    /// The span of the path's segments: the path without the `/` of an `abs_path`.
    pub(crate) fn path_segments_span(&self) -> Option<Span> {
        let parts = self.rfc2396()?;
        if parts.form == Rfc2396Form::OpaquePart {
            return None;
        }
        let path = parts.path;
        if path.start == path.end {
            // No path at all (`http://h`, `//h`, the empty reference): no path_segments.
            return None;
        }
        let slash = self.text.as_bytes().get(path.start as usize) == Some(&b'/');
        Some(Span {
            start: path.start + u32::from(slash),
            end: path.end,
        })
    }

    /// The host of an RFC 2396 server, the lowering's view of it.
    pub(crate) fn rfc2396_host(&self) -> Option<Host<'_>> {
        let host = self.rfc2396()?.authority?.host?;
        Some(host.view(&self.text))
    }

    /// The port value of an RFC 2396 server.
    pub(crate) fn rfc2396_port_value(&self) -> Option<u16> {
        self.rfc2396()?.authority?.port_value
    }

    /// The form of an RFC 2396 reference.
    pub(crate) fn rfc2396_form(parts: &Rfc2396Spans) -> GenericForm {
        match parts.form {
            Rfc2396Form::HierPart => GenericForm::HierPart,
            Rfc2396Form::OpaquePart => GenericForm::OpaquePart,
            Rfc2396Form::RelativeUri => GenericForm::RelativeUri,
        }
    }
}
