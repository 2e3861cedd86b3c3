//! The typed URL: one variant per predefined scheme of RFC 1738 section 3, plus
//! `genericurl` for every other scheme, plus the forms RFC 1630 adds (mid, cid, urn,
//! rlogin, tn3270).

use crate::ast::scheme::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, HttpUrl, IdUrl, MailtoUrl, NewsUrl, NntpUrl,
    ProsperoUrl, TelnetUrl, WaisUrl,
};
use crate::vocabulary::kind::UrlKind;
use std::cmp::Ordering;
use std::fmt;

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
/// assert_eq!(url.host().unwrap(), "ftp.funet.fi");
/// assert_eq!(url.port(), Some(2121));
/// assert_eq!(url.default_port(), Some(21));
/// assert_eq!(url.url_path(), Some("pub/README;type=a"));
/// assert_eq!(url.to_string(), "ftp://ftp.funet.fi:2121/pub/README;type=a");
///
/// let Url::Ftp(ftp) = &url else { unreachable!() };
/// assert_eq!(ftp.ftp_type().unwrap().typecode(), Some(rfc1738::schemes::Typecode::Ascii));
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
