//! The typed URL: one variant per predefined scheme of RFC 1738 section 3, plus
//! `genericurl` for every other scheme, plus the forms RFC 1630 adds (mid, cid, urn,
//! rlogin, tn3270).

use crate::component::Role;
use crate::dialect::{Dialect, UrlReference};
use crate::error::{ErrorKind, ParseError};
use crate::scheme::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, HttpUrl, IdUrl, MailtoUrl, NewsUrl, NntpUrl,
    ProsperoUrl, TelnetUrl, WaisUrl,
};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// Which production a URL matches: one of RFC 1738 section 5, or one RFC 1630 adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum UrlKind {
    /// `httpurl` (section 3.3)
    Http,
    /// `ftpurl` (section 3.2)
    Ftp,
    /// `gopherurl` (section 3.4)
    Gopher,
    /// `mailtourl` (section 3.5)
    Mailto,
    /// `newsurl` (section 3.6)
    News,
    /// `nntpurl` (section 3.7)
    Nntp,
    /// `telneturl` (section 3.8)
    Telnet,
    /// `waisurl` (section 3.9)
    Wais,
    /// `fileurl` (section 3.10)
    File,
    /// `prosperourl` (section 3.11)
    Prospero,
    /// `otherurl`: any other scheme, read as `genericurl` (section 5); in the RFC 1630
    /// dialects, the generic `uri` (draft-www-uri-00: `generic`)
    Generic,
    /// RFC 1630 `midaddress`: a message-id
    Mid,
    /// RFC 1630 `cidaddress`: a MIME Content-ID
    Cid,
    /// RFC 1630 reserves the scheme `urn`; read as a generic `uri`
    Urn,
    /// rlogin, which RFC 1630's text reads as telnet
    Rlogin,
    /// tn3270, which RFC 1630's text reads as telnet
    Tn3270,
}

impl UrlKind {
    /// Every kind: RFC 1738's ten predefined schemes, generic, then RFC 1630's additions.
    pub const ALL: [UrlKind; 16] = [
        UrlKind::Http,
        UrlKind::Ftp,
        UrlKind::Gopher,
        UrlKind::Mailto,
        UrlKind::News,
        UrlKind::Nntp,
        UrlKind::Telnet,
        UrlKind::Wais,
        UrlKind::File,
        UrlKind::Prospero,
        UrlKind::Generic,
        UrlKind::Mid,
        UrlKind::Cid,
        UrlKind::Urn,
        UrlKind::Rlogin,
        UrlKind::Tn3270,
    ];

    /// The kind a scheme name selects in RFC 1738 (case-insensitively, section 2.1): one of
    /// the ten predefined schemes, otherwise [`UrlKind::Generic`].
    ///
    /// ```
    /// use rfc1738::UrlKind;
    /// assert_eq!(UrlKind::from_scheme("HTTP"), UrlKind::Http);
    /// assert_eq!(UrlKind::from_scheme("x-gopher"), UrlKind::Generic);
    /// ```
    pub fn from_scheme(scheme: &str) -> UrlKind {
        UrlKind::ALL[..10]
            .iter()
            .copied()
            .find(|kind| kind.name().eq_ignore_ascii_case(scheme))
            .unwrap_or(UrlKind::Generic)
    }

    /// The scheme name in lower case (`"http"`), or `"generic"`.
    pub fn name(self) -> &'static str {
        match self {
            UrlKind::Http => "http",
            UrlKind::Ftp => "ftp",
            UrlKind::Gopher => "gopher",
            UrlKind::Mailto => "mailto",
            UrlKind::News => "news",
            UrlKind::Nntp => "nntp",
            UrlKind::Telnet => "telnet",
            UrlKind::Wais => "wais",
            UrlKind::File => "file",
            UrlKind::Prospero => "prospero",
            UrlKind::Generic => "generic",
            UrlKind::Mid => "mid",
            UrlKind::Cid => "cid",
            UrlKind::Urn => "urn",
            UrlKind::Rlogin => "rlogin",
            UrlKind::Tn3270 => "tn3270",
        }
    }

    /// The RFC's name for the production (`"httpurl"`, ..., `"genericurl"`; RFC 1630's
    /// `"midaddress"` and `"cidaddress"`; `"uri"` for urn, `"telnetaddress"` for rlogin and
    /// tn3270, which RFC 1630 names in its text only).
    pub fn production(self) -> &'static str {
        match self {
            UrlKind::Http => "httpurl",
            UrlKind::Ftp => "ftpurl",
            UrlKind::Gopher => "gopherurl",
            UrlKind::Mailto => "mailtourl",
            UrlKind::News => "newsurl",
            UrlKind::Nntp => "nntpurl",
            UrlKind::Telnet => "telneturl",
            UrlKind::Wais => "waisurl",
            UrlKind::File => "fileurl",
            UrlKind::Prospero => "prosperourl",
            UrlKind::Generic => "genericurl",
            UrlKind::Mid => "midaddress",
            UrlKind::Cid => "cidaddress",
            UrlKind::Urn => "uri",
            UrlKind::Rlogin | UrlKind::Tn3270 => "telnetaddress",
        }
    }

    /// The default port of RFC 1738 section 3 (`None` for schemes without one, and for
    /// rlogin and tn3270, for which neither RFC gives one).
    pub fn default_port(self) -> Option<u16> {
        match self {
            UrlKind::Ftp => Some(21),
            UrlKind::Http => Some(80),
            UrlKind::Gopher => Some(70),
            UrlKind::Nntp => Some(119),
            UrlKind::Telnet => Some(23),
            UrlKind::Wais => Some(210),
            UrlKind::Prospero => Some(1525),
            UrlKind::Mailto
            | UrlKind::News
            | UrlKind::File
            | UrlKind::Generic
            | UrlKind::Mid
            | UrlKind::Cid
            | UrlKind::Urn
            | UrlKind::Rlogin
            | UrlKind::Tn3270 => None,
        }
    }

    /// Whether the production starts `scheme "://"`.
    pub(crate) fn has_slashes(self) -> bool {
        !matches!(
            self,
            UrlKind::Mailto
                | UrlKind::News
                | UrlKind::Generic
                | UrlKind::Mid
                | UrlKind::Cid
                | UrlKind::Urn
        )
    }

    /// Whether the production's authority is a `login` (user and password allowed) rather
    /// than a bare `hostport`.
    pub(crate) fn allows_login(self) -> bool {
        matches!(
            self,
            UrlKind::Ftp | UrlKind::Telnet | UrlKind::Generic | UrlKind::Rlogin | UrlKind::Tn3270
        )
    }
}

impl fmt::Display for UrlKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A URL read by RFC 1738: one variant per predefined scheme, `Generic` for the others.
///
/// Components borrow from the input; [`Url::into_owned`] (or [`str::parse`]) gives a
/// `Url<'static>` that owns its text. [`Display`](fmt::Display) writes the input back byte
/// for byte.
///
/// ```
/// use rfc1738::Url;
///
/// let url = rfc1738::parse("ftp://ftp.funet.fi:2121/pub/README;type=a").unwrap();
/// assert_eq!(url.scheme(), "ftp");
/// assert_eq!(url.host(), Some("ftp.funet.fi"));
/// assert_eq!(url.port(), Some(2121));
/// assert_eq!(url.default_port(), Some(21));
/// assert_eq!(url.url_path(), Some("pub/README;type=a"));
/// assert_eq!(url.to_string(), "ftp://ftp.funet.fi:2121/pub/README;type=a");
///
/// let Url::Ftp(ftp) = &url else { unreachable!() };
/// assert_eq!(ftp.typecode(), Some(rfc1738::Typecode::Ascii));
///
/// // An owned URL outlives its input.
/// let owned: Url<'static> = String::from("news:comp.infosystems.www").parse().unwrap();
/// assert_eq!(owned.kind(), rfc1738::UrlKind::News);
/// ```
///
/// # Equality and order
///
/// Two URLs are equal (`==`) when they are the same reading of the same text: the same
/// variant, the same text byte for byte, the same components. Equal texts read alike are
/// equal whichever dialect read them; a text two dialects read differently gives two
/// unequal URLs (RFC 1630 reads `mid:` URLs, which RFC 1738 reads as generic). Nothing is
/// normalized: `HTTP://h/` and `http://h/` differ (compare with [`Url::equivalent`]).
///
/// [`Ord`] agrees with `==`: URLs are ordered by their text ([`Url::as_str`], byte-wise, as
/// `str` orders), and URLs of the same text by their reading (variant, in the order of
/// [`UrlKind::ALL`], then their components' positions), so that `a.cmp(&b)` is `Equal`
/// exactly when `a == b`. The scheme structs ([`HttpUrl`], ...) are ordered the same way.
///
/// ```
/// use rfc1738::{Dialect, Url};
/// use std::collections::BTreeSet;
///
/// let set: BTreeSet<Url<'_>> = ["news:b", "http://h/", "news:a", "http://h/"]
///     .into_iter()
///     .map(|text| Url::parse(text).unwrap())
///     .collect();
/// let texts: Vec<&str> = set.iter().map(Url::as_str).collect();
/// assert_eq!(texts, ["http://h/", "news:a", "news:b"]);
///
/// // One text, two readings: unequal, and ordered apart.
/// let generic = Url::parse("mid:12345@info.cern.ch").unwrap();
/// let mid = Url::parse_in("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
/// assert_ne!(generic, mid);
/// assert!(generic < mid);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Url<'a> {
    /// `httpurl`
    Http(HttpUrl<'a>),
    /// `ftpurl`
    Ftp(FtpUrl<'a>),
    /// `gopherurl`
    Gopher(GopherUrl<'a>),
    /// `mailtourl`
    Mailto(MailtoUrl<'a>),
    /// `newsurl`
    News(NewsUrl<'a>),
    /// `nntpurl`
    Nntp(NntpUrl<'a>),
    /// `telneturl`
    Telnet(TelnetUrl<'a>),
    /// `waisurl`
    Wais(WaisUrl<'a>),
    /// `fileurl`
    File(FileUrl<'a>),
    /// `prosperourl`
    Prospero(ProsperoUrl<'a>),
    /// `otherurl`, read as `genericurl`; in the RFC 1630 dialects, a generic `uri` (whose
    /// [`kind`](Url::kind) is [`UrlKind::Urn`] for the scheme RFC 1630 reserves, `urn`)
    Generic(GenericUrl<'a>),
    /// RFC 1630 `midaddress`: `mid:` and a message-id ([`IdUrl::id`])
    Mid(IdUrl<'a>),
    /// RFC 1630 `cidaddress`: `cid:` and a Content-ID ([`IdUrl::id`])
    Cid(IdUrl<'a>),
    /// An rlogin URL of the RFC 1630 dialects, read as telnet
    Rlogin(TelnetUrl<'a>),
    /// A tn3270 URL of the RFC 1630 dialects, read as telnet
    Tn3270(TelnetUrl<'a>),
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
        crate::parse(input)
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
            return crate::parse(input);
        }
        let reference = crate::parse_reference(input, dialect)?;
        if reference.is_prefixed() {
            // The grammar reads `URL:` and a scheme as the prefix of a reference; the same
            // text is a URL only after a prefix (the draft's `URL:URL:x:y`, whose URL is
            // `URL:x:y`, of scheme `url`), which is how it is read here.
            let wrapped = format!("{}{input}", crate::dialect::PREFIX);
            if let Ok(reference) = crate::parse_reference(&wrapped, dialect) {
                if reference.is_prefixed()
                    && reference.fragment().is_none()
                    && reference.url().as_str() == input
                {
                    return Ok(reference.into_url().into_owned());
                }
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
                crate::too_long(text, dialect).is_none()
                    && crate::parse_without_diagnosis(text)
                        .is_some_and(|url| url.is_ok_and(|url| url == *self))
            } else {
                Url::parse_in(text, dialect).is_ok_and(|url| url == *self)
            }
        })
    }

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

    /// The host as written, for URLs in the common Internet scheme syntax (section 3.1).
    /// `None` for mailto and news (which name no host to connect to), for a file URL with
    /// an empty host, and for a generic URL without an `ip-schemepart`.
    pub fn host(&self) -> Option<&str> {
        self.component(Role::Host).map(|host| host.as_str())
    }

    /// The port as written (not defaulted); `None` when the URL gives none.
    pub fn port(&self) -> Option<u16> {
        // The lowering checked the digits: at most 65535.
        let port = self.component(Role::Port)?;
        Some(port.as_str().parse().expect("a port is at most 65535"))
    }

    /// The scheme's default port (section 3): 21 ftp, 80 http, 70 gopher, 119 nntp,
    /// 23 telnet, 210 wais, 1525 prospero; `None` for the others.
    pub fn default_port(&self) -> Option<u16> {
        self.kind().default_port()
    }

    /// The raw url-path (section 3.1): everything after the `/` that follows
    /// `host[:port]`, that `/` excluded. `None` where the scheme has no url-path (mailto,
    /// news, telnet) or the URL has none (`http://host`).
    pub fn url_path(&self) -> Option<&str> {
        each_variant!(self, url => url.url_path())
    }

    /// The whole URL as written.
    pub fn as_str(&self) -> &str {
        each_variant!(self, url => url.as_str())
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

impl AsRef<str> for UrlReference<'_> {
    /// The whole reference as written ([`UrlReference::as_str`]).
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialOrd for UrlReference<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UrlReference<'_> {
    /// By text ([`UrlReference::as_str`]), then by the dialect that read it, then by the
    /// reading (prefixed or not, the URL in [`Url`]'s order, the fragment), so that it
    /// agrees with `==`, which compares all of these: references are equal only when read
    /// by the same dialect.
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let a = rfc1738::parse_reference("http://h/#a", Dialect::Rfc1738).unwrap();
    /// let b = rfc1738::parse_reference("http://h/#b", Dialect::Rfc1738).unwrap();
    /// let c = rfc1738::parse_reference("http://h/#a", Dialect::Rfc1630).unwrap();
    /// assert!(a < b && a < c && c < b);
    /// assert_ne!(a, c);
    /// ```
    fn cmp(&self, other: &Self) -> Ordering {
        // The fragment's position is the text after the prefix and the URL, so equal texts,
        // prefixes and URLs with equal fragments have equal fragment positions: `==`, which
        // compares the positions, agrees.
        self.as_str()
            .cmp(other.as_str())
            .then_with(|| self.dialect().cmp(&other.dialect()))
            .then_with(|| self.is_prefixed().cmp(&other.is_prefixed()))
            .then_with(|| self.url().cmp(other.url()))
            .then_with(|| self.fragment().cmp(&other.fragment()))
    }
}

impl FromStr for Url<'static> {
    type Err = ParseError;

    /// Parses and takes ownership of the text.
    fn from_str(input: &str) -> Result<Self, ParseError> {
        crate::parse(input).map(Url::into_owned)
    }
}

impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Self, ParseError> {
        crate::parse(input)
    }
}
