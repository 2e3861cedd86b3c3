//! The typed URL: one variant per predefined scheme of RFC 1738 section 3, plus
//! `genericurl` for every other scheme, plus the forms RFC 1630 adds (mid, cid, urn,
//! rlogin, tn3270).

use crate::ast::scheme::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, HttpUrl, IdUrl, MailtoUrl, NewsUrl, NntpUrl,
    ProsperoUrl, TelnetUrl, WaisUrl,
};

/// A URL read by RFC 1738: one variant per predefined scheme, `Generic` for the others.
///
/// Components borrow from the input; [`Url::into_owned`] (or [`str::parse`]) gives a
/// `Url<'static>` that owns its text. [`Display`](std::fmt::Display) writes the input back byte
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
/// [`UrlKind::ALL`](crate::UrlKind::ALL), then their components' positions), so that `a.cmp(&b)` is `Equal`
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
    /// [`kind`](Url::kind) is [`UrlKind::Urn`](crate::UrlKind::Urn) for the scheme RFC 1630 reserves, `urn`)
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
