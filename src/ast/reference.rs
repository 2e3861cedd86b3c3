//! A URL as it stands in a document: the prefix `URL:`, the URL and a `#fragment`.

use crate::ast::url::Url;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::span::Span;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

/// A URL as it stands in a document: the optional prefix `URL:`, the URL, and an optional
/// fragment identifier after `#` (RFC 1630's `fragmentaddress`, `prefixedurl`; RFC 1738's
/// appendix puts the fragment "within the brackets as well").
///
/// The fragment is not part of the URL: [`UrlReference::url`] is the URL alone, and
/// `Display` writes the whole input back.
///
/// ```
/// use rfc1738::{Dialect, Url};
///
/// let reference = rfc1738::parse_reference("URL:http://info.cern.ch/hypertext#top", Dialect::Rfc1738).unwrap();
/// assert!(reference.is_prefixed());
/// assert_eq!(reference.url().as_str(), "http://info.cern.ch/hypertext");
/// assert_eq!(reference.fragment(), Some("top"));
/// assert_eq!(reference.to_string(), "URL:http://info.cern.ch/hypertext#top");
///
/// // A "#" with nothing after it is a void fragment: the whole object.
/// let whole = rfc1738::parse_reference("news:comp.infosystems.www#", Dialect::Rfc1630).unwrap();
/// assert_eq!(whole.fragment(), Some(""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlReference<'a> {
    dialect: Dialect,
    /// The whole reference as written.
    text: Cow<'a, str>,
    prefixed: bool,
    url: Url<'a>,
    /// The fragment-id after `#`, in `text`.
    fragment: Option<Span>,
}

impl<'a> UrlReference<'a> {
    /// A reference read from `text`; `fragment` is the byte range of the fragment-id.
    pub(crate) fn new(
        dialect: Dialect,
        text: impl Into<Cow<'a, str>>,
        prefixed: bool,
        url: Url<'a>,
        fragment: Option<std::ops::Range<usize>>,
    ) -> UrlReference<'a> {
        UrlReference {
            dialect,
            text: text.into(),
            prefixed,
            url,
            fragment: fragment.map(|range| Span {
                start: range.start as u32,
                end: range.end as u32,
            }),
        }
    }

    /// The dialect that read it.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether the input started with the prefix `URL:` (in any case): `URL:` followed by
    /// `scheme ":"`. Without a scheme after it, `url` is the URL's own scheme and the
    /// reference is not prefixed (`url:foo`, `URL:` alone).
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let prefixed = rfc1738::parse_reference("URL:url:foo", Dialect::Rfc1738).unwrap();
    /// assert!(prefixed.is_prefixed());
    /// let scheme = rfc1738::parse_reference("URL:foo", Dialect::Rfc1738).unwrap();
    /// assert!(!scheme.is_prefixed());
    /// assert_eq!(scheme.url().scheme(), "url");
    /// ```
    pub fn is_prefixed(&self) -> bool {
        self.prefixed
    }

    /// The URL, without prefix and fragment.
    pub fn url(&self) -> &Url<'a> {
        &self.url
    }

    /// The URL, without prefix and fragment, by value.
    pub fn into_url(self) -> Url<'a> {
        self.url
    }

    /// The fragment-id after `#`, as written: `None` without `#`, `Some("")` for a void
    /// fragment-id after `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.map(|span| span.of_text(&self.text))
    }

    /// The whole reference as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The same reference owning its text.
    pub fn into_owned(self) -> UrlReference<'static> {
        UrlReference {
            dialect: self.dialect,
            text: Cow::Owned(self.text.into_owned()),
            prefixed: self.prefixed,
            url: self.url.into_owned(),
            fragment: self.fragment,
        }
    }
}

impl fmt::Display for UrlReference<'_> {
    /// Writes the reference exactly as it was parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
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
