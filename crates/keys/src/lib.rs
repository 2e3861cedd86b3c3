//! Archive keys for the URLs of the early web.
//!
//! A web archive finds a capture by its key: a SURT (Sort-friendly URI Reordering
//! Transform: the host's labels reversed, so that a site's and a domain's captures sort
//! together) in a CDX or CDXJ index. Two styles of key are made here:
//!
//! - [`Style::Rfc1738`], the default: a SURT-ordered key that keeps the scheme, and is
//!   equal for two URLs exactly when RFC 1738 (or RFC 1630) says they name the same thing
//!   (the rules, each with the section that gives it: [`url_key`]);
//! - [`Style::Surt`]: PyPI `surt` 0.3.1's key byte for byte, the key pywb, cdxj-indexer and
//!   the CDX servers of today write, for joining with the indexes archives have
//!   ([`surt::surt`]); [`merges`] says what it merges that the first keeps apart.
//!
//! ```
//! use rfc1738_keys::{key, Style};
//!
//! assert_eq!(key("gopher://Gopher.Micro.UMN.EDU:70/11/Gopher", Style::Rfc1738).unwrap(),
//!            "gopher://(edu,umn,micro,gopher,)/11/Gopher");
//! assert_eq!(key("gopher://Gopher.Micro.UMN.EDU:70/11/Gopher", Style::Surt).unwrap(),
//!            "edu,umn,micro,gopher:70)/11/gopher");
//! ```
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod merges;
mod report;
mod rfc1738_key;
pub mod surt;

pub use merges::{merges, Merge};
pub use report::KeyReport;

pub use rfc1738_key::url_key;

use rfc1738::{Dialect, ParseError};
use std::fmt;
use std::str::FromStr;

/// Which key to make.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Style {
    /// The scheme-aware key ([`url_key`]): the URL read by its scheme's grammar.
    #[default]
    Rfc1738,
    /// PyPI `surt` 0.3.1's default key, byte for byte ([`surt::surt`]): any text.
    Surt,
}

impl Style {
    /// Every style, the default first.
    pub const ALL: [Style; 2] = [Style::Rfc1738, Style::Surt];

    /// Its name: `rfc1738` or `surt` (the command's `--style`, the JSON's `style`).
    pub fn name(self) -> &'static str {
        match self {
            Style::Rfc1738 => "rfc1738",
            Style::Surt => "surt",
        }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A style's name that is none of [`Style::ALL`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no key style {0:?}: rfc1738 or surt")]
pub struct UnknownStyle(pub String);

impl FromStr for Style {
    type Err = UnknownStyle;

    fn from_str(name: &str) -> Result<Style, UnknownStyle> {
        Style::ALL
            .into_iter()
            .find(|style| style.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownStyle(name.to_owned()))
    }
}

/// Why an input has no key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// [`Style::Rfc1738`]: the input is no URL reference by RFC 1738.
    #[error(transparent)]
    Rfc1738(ParseError),
    /// [`Style::Surt`]: PyPI `surt` raises on it.
    #[error("surt raises {0}")]
    Surt(surt::SurtError),
}

/// The key of `input` in `style`. For [`Style::Rfc1738`], `input` is read as a URL
/// reference by RFC 1738 (a `URL:` prefix and a `#fragment` allowed, and taken off, as is
/// an angle bracket pair around it: `<URL:ftp://h/f>`); for [`Style::Surt`], it is given to
/// `surt` as it is, whatever it is.
///
/// ```
/// use rfc1738_keys::{key, Style};
/// assert_eq!(key("<URL:HTTP://INFO.CERN.CH:80/hypertext/#top>", Style::Rfc1738).unwrap(),
///            "http://(ch,cern,info,)/hypertext/");
/// assert!(key("http://h/a b", Style::Rfc1738).is_err());
/// assert_eq!(key("http://h/a b", Style::Surt).unwrap(), "h)/a%20b");
/// ```
pub fn key(input: &str, style: Style) -> Result<String, KeyError> {
    let mut key = String::new();
    key_into(input, style, &mut key)?;
    Ok(key)
}

/// [`key`], appended to `out` (which keeps what it held): for a caller that makes many
/// keys, one buffer instead of a string each. On an error `out` is as it was.
///
/// ```
/// use rfc1738_keys::{key_into, Style};
/// let mut line = String::new();
/// for url in ["gopher://h:70/1", "HTTP://H/a"] {
///     line.clear();
///     key_into(url, Style::Rfc1738, &mut line).unwrap();
///     assert_eq!(line, rfc1738_keys::key(url, Style::Rfc1738).unwrap());
/// }
/// let mut surt_line = String::from("> ");
/// key_into("http://www.H.com/A", Style::Surt, &mut surt_line).unwrap();
/// assert_eq!(surt_line, "> com,h)/a");
/// assert!(key_into("http://h/a b", Style::Rfc1738, &mut surt_line).is_err());
/// assert_eq!(surt_line, "> com,h)/a");
/// ```
pub fn key_into(input: &str, style: Style, out: &mut String) -> Result<(), KeyError> {
    match style {
        Style::Rfc1738 => {
            let reference =
                rfc1738::parse_reference(without_angle_brackets(input), Dialect::Rfc1738)
                    .map_err(KeyError::Rfc1738)?;
            // The reference knows RFC 1738 read it: its URL is normalized without a
            // second reading (and not copied when it is normal already).
            rfc1738_key::write_key_of_normal(&reference.normalized_url(), out);
            Ok(())
        }
        Style::Surt => surt::surt_into(input, out).map_err(KeyError::Surt),
    }
}

/// The key of a record's URL in an index of `style` (`rfc1738 cdxj`, Python's
/// `rfc1738.cdxj`), and the style it was made in when that is not `style`: in the surt
/// style, surt's key, or the URL itself where surt raises (cdxj-indexer's rule); in the
/// rfc1738 style, the scheme-aware key, or for a URL the RFC 1738 grammar rejects the
/// surt style's (said by `Some(Style::Surt)`, the line's `"key_style": "surt"`).
///
/// ```
/// use rfc1738_keys::{index_key, Style};
/// assert_eq!(index_key("gopher://h:70/1", Style::Rfc1738), ("gopher://(h,)/".to_owned(), None));
/// assert_eq!(index_key("https://h/a b", Style::Rfc1738), ("h)/a%20b".to_owned(), Some(Style::Surt)));
/// assert_eq!(index_key("http://h:x/", Style::Surt), ("http://h:x/".to_owned(), None));
/// ```
pub fn index_key(url: &str, style: Style) -> (String, Option<Style>) {
    let surt = || surt::surt(url).unwrap_or_else(|_| url.to_owned());
    match style {
        Style::Surt => (surt(), None),
        Style::Rfc1738 => match key(url, Style::Rfc1738) {
            Ok(key) => (key, None),
            Err(_) => (surt(), Some(Style::Surt)),
        },
    }
}

/// The value of a hex digit (either case), for the escapes the keys read.
pub(crate) fn hex(digit: u8) -> Option<u8> {
    char::from(digit).to_digit(16).map(|value| value as u8)
}

/// `input` without the angle brackets RFC 1738 appendix "Recommendations for URLs in
/// Context" puts around a URL in text (`<URL:http://h/>`), when it has both.
fn without_angle_brackets(input: &str) -> &str {
    input
        .strip_prefix('<')
        .and_then(|inner| inner.strip_suffix('>'))
        .unwrap_or(input)
}
