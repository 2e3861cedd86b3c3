//! Conversions between this crate's http, ftp and file URLs and the `url` crate's
//! [`url::Url`] (the WHATWG URL Standard), behind the `url` feature.
//!
//! To `url::Url` ([`TryFrom<&Url>`](TryFrom)): the URL's text is parsed by the `url`
//! crate, which does not keep it as written: the scheme and host go to lower case, a
//! default port is dropped, `.` and `..` path segments (and their escaped forms) are
//! resolved, which RFC 1738 gives no meaning; an ftp `;type=` code stays in the path as
//! text. Other kinds (gopher, news, mailto, ...) are refused: the `url` crate would keep
//! them as opaque paths, and nothing of their structure would carry over.
//!
//! From `url::Url` ([`from_url_crate`]): only http, ftp and file URLs, only when their
//! serialization is an RFC 1738 URL of the same kind. What does not carry over is named:
//! a fragment (not part of a URL in RFC 1738; read `url.as_str()` with
//! [`parse_reference`](crate::parse_reference) to keep it), a user name or password in an
//! http URL, an IPv6 host, and characters the WHATWG standard leaves unescaped that RFC
//! 1738 calls unsafe (`|`, `^`, `{`, `}`, `` ` `` in a query, for instance), reported with
//! the RFC 1738 parse error.
//!
//! ```
//! use rfc1738::Url;
//!
//! let ours = rfc1738::parse("HTTP://Info.CERN.ch:80/hypertext/./WWW/../TheProject.html").unwrap();
//! let theirs = url::Url::try_from(&ours).unwrap();
//! assert_eq!(theirs.as_str(), "http://info.cern.ch/hypertext/TheProject.html");
//!
//! let back: Url<'static> = rfc1738::convert::from_url_crate(&theirs).unwrap();
//! assert_eq!(back.host().unwrap(), "info.cern.ch");
//!
//! let with_fragment = url::Url::parse("http://info.cern.ch/a#b").unwrap();
//! assert!(rfc1738::convert::from_url_crate(&with_fragment).is_err());
//! ```

use crate::ast::scheme::{FileUrl, FtpUrl, HttpUrl};
use crate::ast::url::Url;
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;

/// What keeps a URL from converting, named.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// A kind of URL other than http, ftp and file.
    #[error(
        "{kind} URLs do not convert: only http, ftp and file URLs carry over to and from url::Url"
    )]
    Kind {
        /// The kind (or scheme) of the URL.
        kind: String,
    },
    /// The `url` crate refused the text.
    #[error("url::Url refuses {text:?}: {error}")]
    Refused {
        /// The URL's text.
        text: String,
        /// The `url` crate's reason.
        error: url::ParseError,
    },
    /// A fragment, which is not part of an RFC 1738 URL.
    #[error(
        "the fragment #{fragment} is not part of an RFC 1738 URL (it belongs to the reference: read it with rfc1738::parse_reference)"
    )]
    Fragment {
        /// The fragment, without `#`.
        fragment: String,
    },
    /// A user name or password in an http URL.
    #[error("an http URL has no user name or password in RFC 1738 (section 3.3)")]
    HttpUserInfo,
    /// An IPv6 host, which RFC 1738's `host` cannot be.
    #[error(
        "the host {host} is an IPv6 address: RFC 1738 hosts are hostnames and IPv4 hostnumbers"
    )]
    Ipv6Host {
        /// The host, as serialized.
        host: String,
    },
    /// The serialization is not an RFC 1738 URL of the same kind.
    #[error("{text:?} is not an RFC 1738 {kind} URL: {error}")]
    Invalid {
        /// The serialization.
        text: String,
        /// The kind expected.
        kind: &'static str,
        /// Why RFC 1738 refuses it.
        error: Box<ParseError>,
    },
}

fn to_url_crate(text: &str) -> Result<url::Url, ConvertError> {
    url::Url::parse(text).map_err(|error| ConvertError::Refused {
        text: text.to_owned(),
        error,
    })
}

impl TryFrom<&HttpUrl<'_>> for url::Url {
    type Error = ConvertError;

    /// The `url` crate's reading of the http URL (see the [module](mod@crate::convert)).
    fn try_from(url: &HttpUrl<'_>) -> Result<url::Url, ConvertError> {
        to_url_crate(url.as_str())
    }
}

impl TryFrom<&FtpUrl<'_>> for url::Url {
    type Error = ConvertError;

    /// The `url` crate's reading of the ftp URL; `;type=` stays in the path.
    fn try_from(url: &FtpUrl<'_>) -> Result<url::Url, ConvertError> {
        to_url_crate(url.as_str())
    }
}

impl TryFrom<&FileUrl<'_>> for url::Url {
    type Error = ConvertError;

    /// The `url` crate's reading of the file URL.
    fn try_from(url: &FileUrl<'_>) -> Result<url::Url, ConvertError> {
        to_url_crate(url.as_str())
    }
}

impl TryFrom<&Url<'_>> for url::Url {
    type Error = ConvertError;

    /// http, ftp and file URLs; any other kind is refused with [`ConvertError::Kind`].
    fn try_from(url: &Url<'_>) -> Result<url::Url, ConvertError> {
        match url {
            Url::Http(http) => http.try_into(),
            Url::Ftp(ftp) => ftp.try_into(),
            Url::File(file) => file.try_into(),
            other => Err(ConvertError::Kind {
                kind: other.kind().name().to_owned(),
            }),
        }
    }
}

/// An http, ftp or file `url::Url` as an RFC 1738 URL of the same kind; see the
/// [module](mod@crate::convert) for what does not carry over.
pub fn from_url_crate(url: &url::Url) -> Result<Url<'static>, ConvertError> {
    let kind = match url.scheme() {
        "http" => UrlKind::Http,
        "ftp" => UrlKind::Ftp,
        "file" => UrlKind::File,
        other => {
            return Err(ConvertError::Kind {
                kind: other.to_owned(),
            });
        }
    };
    if let Some(fragment) = url.fragment() {
        return Err(ConvertError::Fragment {
            fragment: fragment.to_owned(),
        });
    }
    if kind == UrlKind::Http && (!url.username().is_empty() || url.password().is_some()) {
        return Err(ConvertError::HttpUserInfo);
    }
    if let Some(url::Host::Ipv6(address)) = url.host() {
        return Err(ConvertError::Ipv6Host {
            host: format!("[{address}]"),
        });
    }
    let text = url.as_str();
    let invalid = |error: ParseError| ConvertError::Invalid {
        text: text.to_owned(),
        kind: kind.name(),
        error: Box::new(error),
    };
    let parsed = crate::facade::parse(text).map_err(invalid)?;
    if parsed.kind() == kind {
        Ok(parsed.into_owned())
    } else {
        Err(ConvertError::Kind {
            kind: parsed.kind().name().to_owned(),
        })
    }
}
