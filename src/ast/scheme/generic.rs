//! Every other scheme, RFC 1738 section 5: `otherurl = genericurl`,
//! `genericurl = scheme ":" schemepart`, `schemepart = *xchar | ip-schemepart`.

use crate::ast::host::{Host, LoginSpans};
use crate::ast::scheme::macros::url_text;
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
        self.ip()
            .map(|(login, _)| login.hostport.host.view(&self.text))
    }

    /// The port of the ip-schemepart, when given.
    pub fn port(&self) -> Option<u16> {
        self.ip()?.0.hostport.port.map(|port| port.value)
    }

    /// The port of the ip-schemepart as written.
    pub fn port_as_written(&self) -> Option<&str> {
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
        if self.form != GenericParts::Uri {
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
        self.form == GenericParts::Uri && self.scheme_as_written().eq_ignore_ascii_case("urn")
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
        if self.form == GenericParts::Uri {
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
