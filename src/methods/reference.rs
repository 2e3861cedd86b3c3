//! Layer 6, every method of [`UrlReference`] and every trait it implements, in one file
//! (the type is in `crate::ast::reference`): its parts, its normal form
//! (`crate::services::normalize`) and its report's entries (`crate::services::serialize`).

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::services::normalize::{normalize_in_place_of, normalized_url_of};
#[cfg(feature = "serde")]
use crate::services::serialize::{
    Entries, EntryValue, each_entry_of, reference_entries, reference_entries_of,
};
use crate::vocabulary::dialect::Dialect;
#[cfg(feature = "serde")]
use serde::Serialize;
#[cfg(feature = "serde")]
use serde::ser::{SerializeMap, Serializer};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;

impl<'a> UrlReference<'a> {
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

/// Its normal form.
impl<'a> UrlReference<'a> {
    /// The reference at one encoding level: its prefix `URL:` as written, its URL
    /// normalized ([`Url::normalize`]), its `#fragment` as written. The URL's normal form
    /// follows RFC 1738, which a reference read by an RFC 1630 dialect may come out in
    /// (`gopher://host/`, where RFC 1630 writes a "/" only before a gtype).
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let reference = rfc1738::parse_reference("url:Gopher://H:70#Menu", Dialect::Rfc1738).unwrap();
    /// assert_eq!(reference.normalize().as_str(), "url:gopher://h/#Menu");
    ///
    /// // A URL of scheme `url` keeps the escape that stops it reading as a prefix.
    /// let scheme_url = rfc1738::parse_reference("url:%41:b", Dialect::Rfc1738).unwrap();
    /// assert_eq!(scheme_url.normalize().as_str(), "url:%41:b");
    /// ```
    pub fn normalize(&self) -> UrlReference<'static> {
        normalize_in_place_of(self)
    }

    /// The reference's URL at one encoding level: what
    /// [`url().normalize()`](Url::normalize) gives, without the URL read once more when
    /// RFC 1738 read the reference (which [`Url::normalize`] must do for a URL another
    /// dialect read: its normal form is read by RFC 1738's grammar where it can), and
    /// without a copy when the URL is at that level already: then it is
    /// [`url()`](UrlReference::url) itself, borrowed. What an archive key is made from.
    ///
    /// ```
    /// use rfc1738::Dialect;
    /// use std::borrow::Cow;
    ///
    /// let reference = rfc1738::parse_reference("URL:Gopher://H:70/0a%41#Menu", Dialect::Rfc1738).unwrap();
    /// assert_eq!(reference.normalized_url().as_str(), "gopher://h/0aA");
    /// assert_eq!(*reference.normalized_url(), reference.url().normalize());
    ///
    /// let normal = rfc1738::parse_reference("gopher://h/0aA", Dialect::Rfc1738).unwrap();
    /// assert!(matches!(normal.normalized_url(), Cow::Borrowed(url) if url == normal.url()));
    /// ```
    pub fn normalized_url(&self) -> Cow<'_, Url<'a>> {
        normalized_url_of(self)
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

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for UrlReference<'_> {
    /// A map of `kind`, `scheme`, `prefixed`, `fragment`, `display` and the URL's
    /// components, as in the report (whose `input` and `dialect` come before them): the
    /// [`entries`](UrlReference::entries). Unlike [`Url`]'s, the map does not name the
    /// dialect, and a reference does not deserialize: keep its
    /// [`url`](UrlReference::url), or its text and [`dialect`](UrlReference::dialect).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        reference_entries(self, &mut map)?;
        map.end()
    }
}

#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl UrlReference<'_> {
    /// The entries of the reference's report, in order, each a name and its value: `kind`,
    /// `scheme`, `prefixed`, `fragment`, `display`, then the URL's components by the
    /// names of its kind (`corpus/README.md`; `host`, `port`, `path`, ... for an http
    /// URL). They are the map the reference serializes as, and the fields of the report of
    /// `rfc1738 parse --json` after `input`, `dialect`, `form` and `valid`. The components
    /// are read by one walk of the URL, when the first of them is asked for.
    ///
    /// ```
    /// use rfc1738::Dialect;
    /// use rfc1738::reports::EntryValue;
    ///
    /// let reference = rfc1738::parse_reference("gopher://h:7070/0x#top", Dialect::Rfc1738).unwrap();
    /// let entries: Vec<(&str, String)> = reference
    ///     .entries()
    ///     .map(|(name, value)| (name, serde_json::to_string(&value).unwrap()))
    ///     .collect();
    /// assert_eq!(entries[..4], [
    ///     ("kind", r#""gopher""#.to_owned()),
    ///     ("scheme", r#""gopher""#.to_owned()),
    ///     ("prefixed", "false".to_owned()),
    ///     ("fragment", r#""top""#.to_owned()),
    /// ]);
    /// assert_eq!(entries[6..9], [
    ///     ("port", "7070".to_owned()),
    ///     ("gopher_type", r#""0""#.to_owned()),
    ///     ("selector", r#""x""#.to_owned()),
    /// ]);
    /// let (_, search) = reference.entries().find(|(name, _)| *name == "search").unwrap();
    /// assert!(search.is_null());
    /// assert!(matches!(search, EntryValue::Text(None)));
    /// ```
    pub fn entries(&self) -> Entries<'_> {
        reference_entries_of(self)
    }

    /// Calls `each` with every entry of [`entries`](UrlReference::entries), in the same
    /// order, without an iterator's state between them: the quicker way to write them
    /// all (the Python package's Arrow columns).
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let reference = rfc1738::parse_reference("news:comp.x", Dialect::Rfc1738).unwrap();
    /// let mut names = Vec::new();
    /// reference.each_entry(|name, _| names.push(name));
    /// let from_iterator: Vec<&str> = reference.entries().map(|(name, _)| name).collect();
    /// assert_eq!(names, from_iterator);
    /// ```
    pub fn each_entry<'s>(&'s self, each: impl FnMut(&'static str, EntryValue<'s>)) {
        each_entry_of(self, each)
    }
}
