//! The regular expression RFC 2396 and RFC 3986 both print in their Appendix B,
//! `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, which splits any text
//! into the five parts their section 5.2 resolves: one reading for the two modes.

/// A URI reference split by Appendix B. Each part is `None`
/// when its separator does not appear ("undefined", section 5.2) and `Some("")` when it
/// appears with nothing after it; the path is never undefined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<&'a str>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

/// Appendix B's split of `reference`, its scheme (the text before the first `:` that comes
/// before any `/`, `?` or `#`) kept only when `is_scheme` accepts it: RFC 3986's regular
/// expression takes any non-empty text there, RFC 2396's mode asks section 3.1's rule.
pub(crate) fn split(reference: &str, is_scheme: fn(&str) -> bool) -> Parts<'_> {
    let mut parts = Parts::default();
    let mut rest = reference;
    if let Some(colon) = rest.find([':', '/', '?', '#'])
        && rest.as_bytes()[colon] == b':'
        && is_scheme(&rest[..colon])
    {
        parts.scheme = Some(&rest[..colon]);
        rest = &rest[colon + 1..];
    }
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        parts.authority = Some(&after[..end]);
        rest = &after[end..];
    }
    if let Some((before, fragment)) = rest.split_once('#') {
        parts.fragment = Some(fragment);
        rest = before;
    }
    if let Some((before, query)) = rest.split_once('?') {
        parts.query = Some(query);
        rest = before;
    }
    parts.path = rest;
    parts
}
