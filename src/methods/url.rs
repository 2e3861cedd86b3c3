//! Layer 6, every method of [`Url`] and every trait it implements, in one file (the type
//! is in `crate::ast::url`). Each method calls the layer that does the work: the
//! AST's component walk (`crate::ast::component`), the facade's parse, the services'
//! normalization, section 6 checks and serde. The layers below call these methods as any
//! user of the type does; none of them imports this module.

use crate::ast::component::{Component, Components, Role, authority, component_of, components_of};
use crate::ast::host::Host;
use crate::ast::url::Url;
use crate::facade::{parse, parse_reference};
use crate::services::lint::{Warning, warnings_at_most};
use crate::services::normalize::normalize_url;
#[cfg(feature = "serde")]
use crate::services::serialize::Entries;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
#[cfg(feature = "serde")]
use serde::ser::{SerializeMap, Serializer};
#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

impl<'a> Url<'a> {
    /// Parses a URL by the grammar of RFC 1738 section 5: the same as [`crate::parse`].
    ///
    /// ```
    /// use rfc1738::{Url, UrlKind};
    ///
    /// let url = Url::parse("wais://quake.think.com/directory-of-servers").unwrap();
    /// assert_eq!(url.kind(), UrlKind::Wais);
    /// assert!(Url::parse("http://info.cern.ch/a b").is_err());
    /// ```
    pub fn parse(input: &'a str) -> Result<Url<'a>, ParseError> {
        parse(input)
    }

    /// Parses a URL by the grammar of `dialect`: the whole input is the URL, without the
    /// prefix `URL:` and the `#fragment` that [`crate::parse_reference`] reads around one.
    ///
    /// - [`Dialect::Rfc1738`]: [`crate::parse`] (where `URL:` followed by a scheme is a
    ///   `genericurl` of scheme `url`, as section 5 reads it).
    /// - [`Dialect::Rfc1630`] and [`Dialect::DraftWwwUri00`]: the input is read as
    ///   [`crate::parse_reference`] reads it, and one with a fragment is refused with
    ///   [`ErrorKind::Fragment`] at its `#`. These grammars read `URL:` followed by a
    ///   scheme as the prefix of `prefixedurl`: such an input is read as the URL after a
    ///   prefix, where the draft has a generic URL of scheme `url` (`URL:http://h/`, the
    ///   URL of `URL:URL:http://h/`), or refused with [`ErrorKind::Wrapper`] at offset 0
    ///   (RFC 1630, whose prefix comes before a URL of a named scheme only). Such a URL
    ///   owns its text.
    /// - [`Dialect::Rfc2396`]: RFC 2396's `URI-reference` without a fragment (refused as
    ///   above): an absolute URI, or a relative reference (a [`GenericUrl`](crate::schemes::GenericUrl) whose
    ///   [`is_relative`](crate::schemes::GenericUrl::is_relative) is true, with no scheme).
    ///
    /// `Url::parse_in(url.as_str(), dialect)` gives back, equal (`==`), a URL that
    /// `dialect` read, alone or inside a reference.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url, UrlKind};
    ///
    /// // RFC 1630 knows mid: URLs; the draft allows a space in an http path.
    /// let mid = Url::parse_in("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
    /// assert_eq!(mid.kind(), UrlKind::Mid);
    /// assert!(Url::parse_in("http://info.cern.ch/a b", Dialect::DraftWwwUri00).is_ok());
    ///
    /// let error = Url::parse_in("http://info.cern.ch/#top", Dialect::Rfc1630).unwrap_err();
    /// assert_eq!((error.kind().code(), error.offset()), ("fragment", 20));
    /// ```
    pub fn parse_in(input: &'a str, dialect: Dialect) -> Result<Url<'a>, ParseError> {
        if dialect == Dialect::Rfc1738 {
            return parse(input);
        }
        let reference = parse_reference(input, dialect)?;
        if reference.is_prefixed() {
            // The grammar reads `URL:` and a scheme as the prefix of a reference; the same
            // text is a URL only after a prefix (the draft's `URL:URL:x:y`, whose URL is
            // `URL:x:y`, of scheme `url`), which is how it is read here.
            let wrapped = format!("{}{input}", crate::vocabulary::dialect::PREFIX);
            if let Ok(reference) = parse_reference(&wrapped, dialect)
                && reference.is_prefixed()
                && reference.fragment().is_none()
                && reference.url().as_str() == input
            {
                return Ok(reference.into_url().into_owned());
            }
            let error = ErrorKind::Wrapper { wrapper: "URL:..." };
            return Err(ParseError::new(input, 0, None, error, Vec::new()).in_dialect(dialect));
        }
        if let Some(fragment) = reference.fragment() {
            let hash = input.len() - fragment.len() - 1;
            let kind = reference.url().kind();
            let error = ParseError::new(input, hash, Some(kind), ErrorKind::Fragment, Vec::new());
            return Err(error.in_dialect(dialect));
        }
        Ok(reference.into_url())
    }

    /// The first dialect, of RFC 1738, RFC 1630 and draft-www-uri-00 in that order, that
    /// reads this URL's text as this same URL ([`Url::parse_in`]): a URL does not keep the
    /// dialect that read it, and URLs that several dialects read alike are equal. `None`
    /// for a URL none reads back, which no function of this crate makes.
    #[cfg(feature = "serde")]
    pub(crate) fn reading_dialect(&self) -> Option<Dialect> {
        let text = self.as_str();
        Dialect::ALL.into_iter().find(|&dialect| {
            if dialect == Dialect::Rfc1738 {
                // Without the diagnosis of a failure, which is not needed here.
                text.len() <= dialect.max_input_len()
                    && crate::facade::read_url(text)
                        .is_some_and(|url| url.is_ok_and(|url| url == *self))
            } else {
                Url::parse_in(text, dialect).is_ok_and(|url| url == *self)
            }
        })
    }
}

impl FromStr for Url<'static> {
    type Err = ParseError;

    /// Parses and takes ownership of the text.
    fn from_str(input: &str) -> Result<Self, ParseError> {
        parse(input).map(Url::into_owned)
    }
}

impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        parse(input)
    }
}

/// Calls `$body` with the scheme struct inside whichever variant `$url` is.
macro_rules! each_variant {
    ($url:expr, $inner:ident => $body:expr) => {
        match $url {
            Url::Http($inner) => $body,
            Url::Ftp($inner) => $body,
            Url::Gopher($inner) => $body,
            Url::Mailto($inner) => $body,
            Url::News($inner) => $body,
            Url::Nntp($inner) => $body,
            Url::Telnet($inner) => $body,
            Url::Wais($inner) => $body,
            Url::File($inner) => $body,
            Url::Prospero($inner) => $body,
            Url::Generic($inner) => $body,
            Url::Mid($inner) => $body,
            Url::Cid($inner) => $body,
            Url::Rlogin($inner) => $body,
            Url::Tn3270($inner) => $body,
        }
    };
}

impl<'a> Url<'a> {
    /// Which production the URL matched.
    pub fn kind(&self) -> UrlKind {
        match self {
            Url::Http(_) => UrlKind::Http,
            Url::Ftp(_) => UrlKind::Ftp,
            Url::Gopher(_) => UrlKind::Gopher,
            Url::Mailto(_) => UrlKind::Mailto,
            Url::News(_) => UrlKind::News,
            Url::Nntp(_) => UrlKind::Nntp,
            Url::Telnet(_) => UrlKind::Telnet,
            Url::Wais(_) => UrlKind::Wais,
            Url::File(_) => UrlKind::File,
            Url::Prospero(_) => UrlKind::Prospero,
            // RFC 1630 reserves urn, which has no syntax of its own: a generic uri.
            Url::Generic(generic) if generic.is_rfc1630_urn() => UrlKind::Urn,
            Url::Generic(_) => UrlKind::Generic,
            Url::Mid(_) => UrlKind::Mid,
            Url::Cid(_) => UrlKind::Cid,
            Url::Rlogin(_) => UrlKind::Rlogin,
            Url::Tn3270(_) => UrlKind::Tn3270,
        }
    }

    /// The scheme in lower case, whatever case it was written in.
    pub fn scheme(&self) -> &str {
        match self {
            Url::Generic(generic) => generic.scheme(),
            other => other.kind().name(),
        }
    }

    /// The scheme's default port (section 3): 21 ftp, 80 http, 70 gopher, 119 nntp,
    /// 23 telnet, 210 wais, 1525 prospero; `None` for the others.
    pub fn default_port(&self) -> Option<u16> {
        self.kind().default_port()
    }

    /// The raw url-path (section 3.1): everything after the `/` that follows
    /// `host[:port]`, that `/` excluded. `None` where the scheme has no url-path (mailto,
    /// news, telnet) or the URL has none (`http://host`).
    #[inline]
    pub fn url_path(&self) -> Option<&str> {
        each_variant!(self, url => url.url_path())
    }

    /// The whole URL as written.
    #[inline]
    pub fn as_str(&self) -> &str {
        each_variant!(self, url => url.as_str())
    }

    /// The same URL over `text`, which is the text it was read from (moved in where
    /// [`Url::into_owned`] would copy it), or for a moment a stand-in for it: the empty
    /// text, which frees the URL of the lifetime of the text it was read from, so that
    /// the text can be moved in next. Its spans are kept as they are.
    pub(crate) fn retext<'b>(self, text: std::borrow::Cow<'b, str>) -> Url<'b> {
        match self {
            Url::Http(url) => Url::Http(url.retext(text)),
            Url::Ftp(url) => Url::Ftp(url.retext(text)),
            Url::Gopher(url) => Url::Gopher(url.retext(text)),
            Url::Mailto(url) => Url::Mailto(url.retext(text)),
            Url::News(url) => Url::News(url.retext(text)),
            Url::Nntp(url) => Url::Nntp(url.retext(text)),
            Url::Telnet(url) => Url::Telnet(url.retext(text)),
            Url::Wais(url) => Url::Wais(url.retext(text)),
            Url::File(url) => Url::File(url.retext(text)),
            Url::Prospero(url) => Url::Prospero(url.retext(text)),
            Url::Generic(url) => Url::Generic(url.retext(text)),
            Url::Mid(url) => Url::Mid(url.retext(text)),
            Url::Cid(url) => Url::Cid(url.retext(text)),
            Url::Rlogin(url) => Url::Rlogin(url.retext(text)),
            Url::Tn3270(url) => Url::Tn3270(url.retext(text)),
        }
    }

    /// The same URL owning its text, free of the input's lifetime.
    pub fn into_owned(self) -> Url<'static> {
        match self {
            Url::Http(url) => Url::Http(url.into_owned()),
            Url::Ftp(url) => Url::Ftp(url.into_owned()),
            Url::Gopher(url) => Url::Gopher(url.into_owned()),
            Url::Mailto(url) => Url::Mailto(url.into_owned()),
            Url::News(url) => Url::News(url.into_owned()),
            Url::Nntp(url) => Url::Nntp(url.into_owned()),
            Url::Telnet(url) => Url::Telnet(url.into_owned()),
            Url::Wais(url) => Url::Wais(url.into_owned()),
            Url::File(url) => Url::File(url.into_owned()),
            Url::Prospero(url) => Url::Prospero(url.into_owned()),
            Url::Generic(url) => Url::Generic(url.into_owned()),
            Url::Mid(url) => Url::Mid(url.into_owned()),
            Url::Cid(url) => Url::Cid(url.into_owned()),
            Url::Rlogin(url) => Url::Rlogin(url.into_owned()),
            Url::Tn3270(url) => Url::Tn3270(url.into_owned()),
        }
    }
}

impl fmt::Display for Url<'_> {
    /// Writes the URL exactly as it was parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for Url<'_> {
    /// The whole URL as written ([`Url::as_str`]).
    ///
    /// ```
    /// fn length(text: impl AsRef<str>) -> usize {
    ///     text.as_ref().len()
    /// }
    /// let url = rfc1738::Url::parse("news:comp.infosystems.www").unwrap();
    /// assert_eq!(length(&url), 25);
    /// ```
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Url<'_> {
    /// The rank of the variant, in declaration order (the order of [`UrlKind::ALL`]), for
    /// [`Ord`]: unlike [`Url::kind`], one rank per variant.
    fn variant_rank(&self) -> u8 {
        match self {
            Url::Http(_) => 0,
            Url::Ftp(_) => 1,
            Url::Gopher(_) => 2,
            Url::Mailto(_) => 3,
            Url::News(_) => 4,
            Url::Nntp(_) => 5,
            Url::Telnet(_) => 6,
            Url::Wais(_) => 7,
            Url::File(_) => 8,
            Url::Prospero(_) => 9,
            Url::Generic(_) => 10,
            Url::Mid(_) => 11,
            Url::Cid(_) => 12,
            Url::Rlogin(_) => 14,
            Url::Tn3270(_) => 15,
        }
    }
}

impl PartialOrd for Url<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url<'_> {
    /// By text, then by reading: see [`Url`]'s "Equality and order".
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str()
            .cmp(other.as_str())
            .then_with(|| match (self, other) {
                (Url::Http(a), Url::Http(b)) => a.cmp(b),
                (Url::Ftp(a), Url::Ftp(b)) => a.cmp(b),
                (Url::Gopher(a), Url::Gopher(b)) => a.cmp(b),
                (Url::Mailto(a), Url::Mailto(b)) => a.cmp(b),
                (Url::News(a), Url::News(b)) => a.cmp(b),
                (Url::Nntp(a), Url::Nntp(b)) => a.cmp(b),
                (Url::Telnet(a), Url::Telnet(b))
                | (Url::Rlogin(a), Url::Rlogin(b))
                | (Url::Tn3270(a), Url::Tn3270(b)) => a.cmp(b),
                (Url::Wais(a), Url::Wais(b)) => a.cmp(b),
                (Url::File(a), Url::File(b)) => a.cmp(b),
                (Url::Prospero(a), Url::Prospero(b)) => a.cmp(b),
                (Url::Generic(a), Url::Generic(b)) => a.cmp(b),
                (Url::Mid(a), Url::Mid(b)) => a.cmp(b),
                (Url::Cid(a), Url::Cid(b)) => a.cmp(b),
                _ => self.variant_rank().cmp(&other.variant_rank()),
            })
    }
}

impl<'a> Url<'a> {
    /// The components of the URL, in the order of its text, each with its [`Role`] (the
    /// rule it matches), its byte range in [`Url::as_str`] and its text as written.
    ///
    /// Only the components the URL holds are given (an absent port is not; an empty user,
    /// `ftp://@host/`, is, empty). They do not overlap: with the delimiters between them
    /// (`://`, `:`, `@`, `/`, `;type=`, `%09`, ...) they make up the text. The scheme comes
    /// first; then, by scheme:
    ///
    /// | URL | components |
    /// | --- | --- |
    /// | http | host, port, hpath, search |
    /// | ftp | user, password, host, port, fpath, then typecode (RFC 1738) or ftptype (RFC 1630) |
    /// | gopher | host, port, gtype, selector, search, gopher+_string |
    /// | mailto | encoded822addr |
    /// | news | grouppart |
    /// | nntp | host, port, group, article |
    /// | telnet, rlogin, tn3270 | user, password, host, port |
    /// | wais | host, port, database, then search, or wtype and wpath |
    /// | file | host (when not empty), fpath |
    /// | prospero | host, port, ppath, fieldname and fieldvalue of each fieldspec, version, attributes |
    /// | generic, RFC 1738 | schemepart; or, for an `ip-schemepart`, user, password, host, port, urlpath |
    /// | generic, RFC 1630 | path, search |
    /// | mid, cid | addr-spec, content-identifier |
    ///
    /// ```
    /// use rfc1738::{Role, Url};
    ///
    /// let url = Url::parse("ftp://anonymous@ftp.funet.fi:2121/pub/README;type=a").unwrap();
    /// let parts: Vec<(&str, std::ops::Range<usize>, &str)> = url
    ///     .components()
    ///     .map(|c| (c.role().name(), c.span(), c.as_str()))
    ///     .collect();
    /// assert_eq!(
    ///     parts,
    ///     [
    ///         ("scheme", 0..3, "ftp"),
    ///         ("user", 6..15, "anonymous"),
    ///         ("host", 16..28, "ftp.funet.fi"),
    ///         ("port", 29..33, "2121"),
    ///         ("fpath", 34..44, "pub/README"),
    ///         ("typecode", 50..51, "a"),
    ///     ]
    /// );
    /// assert_eq!(url.component(Role::Host).unwrap().as_str(), "ftp.funet.fi");
    /// ```
    pub fn components(&self) -> Components<'_> {
        components_of(self)
    }

    /// The first component of the role `role` ([`Url::components`]), or `None` when the
    /// URL has none. Walks the URL only up to it, and allocates nothing.
    #[inline]
    pub fn component(&self, role: Role) -> Option<Component<'_>> {
        component_of(self, role)
    }
}

/// The accessors of [`Url`] that read the layout the component walk reads.
impl Url<'_> {
    /// The `host` as written ([`Host`]: the text, and the address of a `hostnumber`), for
    /// URLs in the common Internet scheme syntax (section 3.1): the same type as each
    /// scheme's own `host()`. `None` for mailto and news (which name no host to connect
    /// to), for a file URL with an empty host, an RFC 1630 `nntpaddress`, and a generic URL
    /// without an `ip-schemepart`.
    ///
    /// ```
    /// let url = rfc1738::parse("gopher://128.101.54.2:70/1").unwrap();
    /// let host = url.host().unwrap();
    /// assert_eq!(host, "128.101.54.2");
    /// assert_eq!(host.ipv4(), Some(std::net::Ipv4Addr::new(128, 101, 54, 2)));
    /// assert_eq!(rfc1738::parse("mailto:timbl@info.cern.ch").unwrap().host(), None);
    /// ```
    #[inline]
    pub fn host(&self) -> Option<Host<'_>> {
        match self {
            Url::Http(url) => Some(url.host()),
            Url::Ftp(url) => Some(url.host()),
            Url::Gopher(url) => Some(url.host()),
            Url::Nntp(url) => url.host(),
            Url::Telnet(url) | Url::Rlogin(url) | Url::Tn3270(url) => Some(url.host()),
            Url::Wais(url) => Some(url.host()),
            Url::File(url) => url.host(),
            Url::Prospero(url) => Some(url.host()),
            Url::Generic(url) => url.host(),
            Url::Mailto(_) | Url::News(_) | Url::Mid(_) | Url::Cid(_) => None,
        }
    }

    /// The port as written (not defaulted); `None` when the URL gives none.
    #[inline]
    pub fn port(&self) -> Option<u16> {
        if let Url::Generic(generic) = self
            && generic.rfc2396().is_some()
        {
            // RFC 2396's server, whose port has no range.
            return generic.port();
        }
        authority(self)?.port.map(|port| port.value)
    }
}

/// Comparing URLs at one encoding level, and the checks of section 6.
impl Url<'_> {
    /// The URL at one encoding level, for comparison:
    /// - the scheme and the host in lower case (section 2.1, and DNS names are
    ///   case-insensitive);
    /// - a `%XX` escape of an `unreserved` character (letters, digits, `$-_.!*'(),`)
    ///   decoded, since such a character needs no escape; `%2B` is kept, "+" meaning a
    ///   space in a search part (RFC 1630);
    /// - every other escape in upper-case hex; reserved characters (`;/?:@&=`) left exactly
    ///   as they are, escaped or not, since escaping changes their meaning;
    /// - a port equal to the scheme's default removed, any other port without leading
    ///   zeros;
    /// - an ftp `;type=` code in lower case;
    /// - `http://host` written `http://host/` ("If neither `<path>` nor `<searchpart>`
    ///   is present, the "/" may also be omitted", section 3.3), and a telnet URL's optional
    ///   final `/` left out (section 3.8);
    /// - a gopher URL of type `1` with nothing after it written `gopher://host/`: "If
    ///   `<gopher-path>` is empty, the type defaults to 1" and the "/" may be omitted
    ///   (section 3.4), so `gopher://host`, `gopher://host/` and `gopher://host/1` are one
    ///   URL;
    /// - a path element (the text between slashes, before the search of http, wais and
    ///   generic URLs, and in ftp and prospero before a `;`) that decodes to `.` or `..` but
    ///   has an escaped dot keeps its
    ///   dots escaped, each written `%2E` (`%2e.` gives `%2E%2E`): RFC
    ///   1630 reserves `.` and `..` as whole path elements, and decoding one would change
    ///   what partial forms resolve to. A literal `.` or `..` stays as it is, and an escaped
    ///   dot in a longer element is decoded (`a%2E` gives `a.`).
    ///
    /// The rewriting is repeated until nothing changes: a decoded escape can turn what
    /// follows into a host (`x://E%2Ea` reads as `x://E.a`, whose host then goes to lower
    /// case), so normalizing twice gives the same URL.
    ///
    /// Nothing else changes: path segments keep their case, and `.` and `..` elements stay
    /// (they are not removed: RFC 1738 gives them no meaning).
    ///
    /// ```
    /// let url = rfc1738::parse("HTTP://Info.CERN.ch:80/albert/bertram/marie%2dclaude%2f").unwrap();
    /// assert_eq!(url.normalize().as_str(), "http://info.cern.ch/albert/bertram/marie-claude%2F");
    ///
    /// let dot = rfc1738::parse("http://h/a/%2e/b%2E").unwrap();
    /// assert_eq!(dot.normalize().as_str(), "http://h/a/%2E/b.");
    /// ```
    pub fn normalize(&self) -> Url<'static> {
        normalize_url(self)
    }

    /// Whether two URLs are the same at one encoding level ([`Url::normalize`]).
    ///
    /// ```
    /// let a = rfc1738::parse("http://info.cern.ch/albert/bertram/marie-claude").unwrap();
    /// let b = rfc1738::parse("http://info.cern.ch/albert/bertram/marie%2Dclaude").unwrap();
    /// let c = rfc1738::parse("http://info.cern.ch/albert/bertram%2Fmarie-claude").unwrap();
    /// assert!(a.equivalent(&b));   // RFC 1630: "%2D encodes a hyphen character"
    /// assert!(!a.equivalent(&c));  // "/" is reserved: escaped, it is data
    /// ```
    pub fn equivalent(&self, other: &Url<'_>) -> bool {
        self.normalize().as_str() == other.normalize().as_str()
    }

    /// The security checks of RFC 1738 section 6 (see the [module](mod@crate::lint) list), in
    /// the order of the URL's text.
    ///
    /// ```
    /// use rfc1738::lint::{Severity, WarningKind};
    ///
    /// // Section 6's example: a gopher URL that talks SMTP.
    /// let url = rfc1738::parse("gopher://host:25/0%0D%0AHELO%20x%0D%0A").unwrap();
    /// let warnings = url.warnings();
    /// assert_eq!(warnings[0].kind(), WarningKind::NonDefaultPort { port: 25, default: 70 });
    /// assert_eq!(warnings[0].span(), 14..16);
    /// // On the port, pairing it with the first encoded line break.
    /// let cross = WarningKind::CrossProtocol { port: 25, line_break: 18 };
    /// assert!(warnings.iter().any(|w| w.kind() == cross && w.span() == (14..16)));
    /// assert!(warnings.iter().all(|w| w.severity() == Severity::Danger));
    ///
    /// assert!(rfc1738::parse("gopher://gopher.micro.umn.edu/1").unwrap().warnings().is_empty());
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        warnings_at_most(self, usize::MAX).0
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Url<'_> {
    /// A map of `kind`, `scheme`, `dialect`, `display` and the scheme's components, with
    /// the report's names and values (`rfc1738 parse --json`, `corpus/README.md`).
    ///
    /// `dialect` (`rfc1738`, `rfc1630` or `draft`) is the one that reads `display` back as
    /// this same URL, which is what [`Deserialize`] does. A URL does not keep the dialect
    /// that read it, and a text that two dialects read alike gives equal URLs: the first
    /// that reads it back is named, in the order RFC 1738, RFC 1630, draft-www-uri-00.
    /// Finding it reads the text again (once for a URL RFC 1738 reads).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", self.kind().name())?;
        // An RFC 2396 relative reference has no scheme: null, as in the report.
        let scheme = self.scheme();
        map.serialize_entry("scheme", &(!scheme.is_empty()).then_some(scheme))?;
        let dialect = self.reading_dialect().unwrap_or_default();
        map.serialize_entry("dialect", dialect.name())?;
        map.serialize_entry("display", self.as_str())?;
        for (key, value) in Entries::components(self) {
            map.serialize_entry(key, &value)?;
        }
        map.end()
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Url<'_> {
    /// Reads either form, into a URL that owns its text, so that `Url` is
    /// `DeserializeOwned` (`serde_json::from_reader` works) whatever the lifetime asked for:
    ///
    /// - a string: the URL's text, read by RFC 1738 ([`crate::parse`]);
    /// - a map, as [`Serialize`] writes it: its `display` is read by its `dialect`
    ///   ([`Url::parse_in`]; RFC 1738 when the map has no `dialect`, as maps written before
    ///   it was added have not). When the map has a `kind`, the URL read must be of that
    ///   kind, which catches a map read by the wrong dialect; the other entries are derived
    ///   from `display` and are not read.
    ///
    /// Telling the two apart needs a self-describing format (JSON, YAML, CBOR, ...).
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let mid = Url::parse_in("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
    /// let json = serde_json::to_string(&mid).unwrap();
    /// assert!(json.contains(r#""dialect":"rfc1630""#));
    /// assert_eq!(serde_json::from_str::<Url<'_>>(&json).unwrap(), mid);
    ///
    /// let url: Url<'static> = serde_json::from_reader(&br#""news:comp.infosystems.www""#[..]).unwrap();
    /// assert_eq!(url.kind(), rfc1738::UrlKind::News);
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Url<'static>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an RFC 1738 URL string, or a map with the URL's display and dialect")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Url<'static>, E> {
                crate::facade::parse(v)
                    .map(Url::into_owned)
                    .map_err(E::custom)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Url<'static>, A::Error> {
                use serde::de::Error;
                let (mut display, mut dialect, mut kind) = (None, None, None);
                while let Some(key) = map.next_key::<Key>()? {
                    match key {
                        Key::Display => display = Some(map.next_value::<String>()?),
                        Key::Dialect => dialect = Some(map.next_value::<String>()?),
                        Key::Kind => kind = Some(map.next_value::<String>()?),
                        Key::Other => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                let display = display.ok_or_else(|| A::Error::missing_field("display"))?;
                let dialect = match dialect {
                    Some(name) => name.parse::<Dialect>().map_err(A::Error::custom)?,
                    None => Dialect::Rfc1738,
                };
                let url = Url::parse_in(&display, dialect).map_err(A::Error::custom)?;
                if let Some(kind) = kind
                    && kind != url.kind().name()
                {
                    return Err(A::Error::custom(format_args!(
                        "{dialect} reads {display:?} as a {} URL, not {kind}",
                        url.kind()
                    )));
                }
                Ok(url.into_owned())
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Key;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Key, E> {
                Ok(match v {
                    "display" => Key::Display,
                    "dialect" => Key::Dialect,
                    "kind" => Key::Kind,
                    _ => Key::Other,
                })
            }
        }
        deserializer.deserialize_identifier(Visitor)
    }
}

#[cfg(feature = "serde")]
/// The keys of a URL's map that [`Url`]'s `Deserialize` reads; the others are skipped.
enum Key {
    Display,
    Dialect,
    Kind,
    Other,
}
