//! A URL as it stands in a document: the prefix `URL:`, the URL and a `#fragment`.

use crate::ast::url::Url;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::span::Span;
use std::borrow::Cow;

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
    pub(crate) dialect: Dialect,
    /// The whole reference as written.
    pub(crate) text: Cow<'a, str>,
    pub(crate) prefixed: bool,
    pub(crate) url: Url<'a>,
    /// The fragment-id after `#`, in `text`.
    pub(crate) fragment: Option<Span>,
}

/// A reference read from `text`; `fragment` is the byte range of the fragment-id.
pub(crate) fn new<'a>(
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
