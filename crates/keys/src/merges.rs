//! What PyPI `surt`'s key merges that the scheme-aware key keeps apart.

use rfc1738::{Role, Url};

/// A difference that PyPI `surt`'s key ([`Style::Surt`](crate::Style::Surt)) does not keep
/// and the scheme-aware key ([`url_key`](crate::url_key)) keeps: a URL with it shares its
/// surt key with URLs that name other things.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Merge {
    /// The scheme: a URL with a host is keyed without it (`gopher://h/1` and `http://h/1`).
    Scheme,
    /// The login (user and password): left out (`telnet://fedix@h` and `telnet://molis@h`).
    Login,
    /// Letters of the path, selector, search or address in upper case: lower-cased
    /// (gopher selectors and Unix paths are case-sensitive).
    Case,
    /// An escaped delimiter or a double escape: decoded (`ftp://h/%2Fetc` and `ftp://h/etc`,
    /// section 3.2.2's root against the login directory).
    Escape,
    /// `&`-separated words after a `?`, out of order: sorted (in a gopher selector or an
    /// ftp path `?` is data, not a query).
    Order,
    /// A final `/`: dropped (`gopher://h/1/` and `gopher://h/1` are two selectors).
    TrailingSlash,
    /// Empty, `.` and `..` path segments: removed (`ftp://h//x` is another directory).
    Segments,
    /// A host starting `www.` (or `www2.` ...): the `www` dropped.
    Www,
}

impl Merge {
    /// Its name in the JSON report (`scheme`, `login`, `case`, `escape`, `order`,
    /// `trailing-slash`, `segments`, `www`).
    pub fn name(self) -> &'static str {
        match self {
            Merge::Scheme => "scheme",
            Merge::Login => "login",
            Merge::Case => "case",
            Merge::Escape => "escape",
            Merge::Order => "order",
            Merge::TrailingSlash => "trailing-slash",
            Merge::Segments => "segments",
            Merge::Www => "www",
        }
    }
}

/// What `surt`'s key of `url` merges that its scheme-aware key keeps apart, in the order
/// of [`Merge`]; empty when the two keys tell the same URLs apart around it.
///
/// ```
/// use rfc1738_keys::{merges, Merge};
/// let url = rfc1738::parse("ftp://anonymous@ftp.uu.net/%2FREADME").unwrap();
/// assert_eq!(merges(&url), [Merge::Scheme, Merge::Login, Merge::Case, Merge::Escape]);
/// assert_eq!(merges(&rfc1738::parse("news:comp.infosystems.www").unwrap()), []);
/// ```
pub fn merges(url: &Url<'_>) -> Vec<Merge> {
    let (key, rest_start) = crate::rfc1738_key::key_and_rest(url);
    merges_of(url, &key, rest_start)
}

/// [`merges`], with the URL's scheme-aware key and where its rest starts, made already.
pub(crate) fn merges_of(url: &Url<'_>, key: &str, rest_start: usize) -> Vec<Merge> {
    let mut found = Vec::new();
    let text = url.as_str();
    // The host, the port and whether there is a login, in one walk of the components.
    let (mut host, mut port, mut login) = (None, None, false);
    for component in url.components() {
        match component.role() {
            Role::Host => host = Some(component),
            Role::Port => port = Some(component),
            Role::User | Role::Password => login = true,
            _ => {}
        }
    }
    if host.is_some() {
        found.push(Merge::Scheme);
    }
    if login {
        found.push(Merge::Login);
    }
    // What surt reads as the path and query: after the host (and port), or after the scheme.
    let after = match (port, &host) {
        (Some(port), _) => port.span().end,
        (None, Some(host)) => host.span().end,
        (None, None) => memchr::memchr(b':', text.as_bytes()).map_or(0, |colon| colon + 1),
    };
    let rest = &text[after..];
    let (path, query) = match memchr::memchr(b'?', rest.as_bytes()) {
        Some(question) => (&rest[..question], Some(&rest[question + 1..])),
        None => (rest, None),
    };
    // The scheme-aware key's rest (path, selector, local part...): its letters' case and
    // the escapes it keeps (after its own decoding).
    let key_rest = &key[rest_start..];
    if has_upper_case_letter(key_rest) {
        found.push(Merge::Case);
    }
    if has_merged_escape(key_rest) {
        found.push(Merge::Escape);
    }
    if query.is_some_and(|query| !is_sorted_query(query)) {
        found.push(Merge::Order);
    }
    if path.len() > 1 && path.ends_with('/') {
        found.push(Merge::TrailingSlash);
    }
    if host.is_some() && has_removed_segment(path) {
        found.push(Merge::Segments);
    }
    if host.is_some_and(|host| is_www(host.as_str())) {
        found.push(Merge::Www);
    }
    found
}

/// Whether surt's `normalizePath` takes a segment out of `path`: a `.` or `..`, or an
/// empty one but the last.
fn has_removed_segment(path: &str) -> bool {
    let mut segments = path.split('/').skip(1).peekable();
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        if matches!(segment, "." | "..") || (segment.is_empty() && !last) {
            return true;
        }
    }
    false
}

/// Whether `text` has a letter in upper case outside its escapes (whose hex digits surt
/// lower-cases too, but that merges nothing). One pass.
fn has_upper_case_letter(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && bytes
                .get(i + 1..i + 3)
                .is_some_and(|pair| pair.iter().all(u8::is_ascii_hexdigit))
        {
            i += 3;
            continue;
        }
        if bytes[i].is_ascii_uppercase() {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether `text` (at one encoding level: escapes of `unreserved` characters decoded)
/// holds an escape that surt decodes for good: of a character it leaves plain
/// (`` !"$&'()*+,/:;<=>?@[\]^_`{|}~ ``), or of `%` before two hex digits (a double
/// escape).
fn has_merged_escape(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'%', bytes).any(|i| {
        let Some(&[high, low]) = bytes.get(i + 1..i + 3) else {
            return false;
        };
        let (Some(high), Some(low)) = (crate::hex(high), crate::hex(low)) else {
            return false;
        };
        match high << 4 | low {
            b'%' => bytes
                .get(i + 3..i + 5)
                .is_some_and(|next| next.iter().all(u8::is_ascii_hexdigit)),
            // "(" escaped is the key's own (an opaque part's first "(", written %28).
            octet => (0x21..0x7f).contains(&octet) && !matches!(octet, b'#' | b'('),
        }
    })
}

/// Whether surt's reordering of the query's `&`-separated words (as Python tuples of
/// name and value) leaves it as it is.
fn is_sorted_query(query: &str) -> bool {
    let mut words = query.split('&').map(|word| match word.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (word, None),
    });
    let Some(mut previous) = words.next() else {
        return true;
    };
    for word in words {
        if word < previous {
            return false;
        }
        previous = word;
    }
    true
}

/// `www`, digits, then `.`, at the start (surt's `massageHost`).
fn is_www(host: &str) -> bool {
    host.get(..3)
        .filter(|www| www.eq_ignore_ascii_case("www"))
        .map(|_| host[3..].trim_start_matches(|c: char| c.is_ascii_digit()))
        .is_some_and(|rest| rest.starts_with('.'))
}

#[cfg(test)]
mod tests {
    use super::{merges, Merge};

    #[test]
    fn upper_case_hex_digits_of_escapes_are_no_case_to_merge_however_many() {
        // 60,000 escapes whose hex digits are in upper case: one pass over them (the
        // search for a letter outside the escapes once went over the text again for each
        // letter it met, minutes for this URL).
        let text = format!("http://h/{}", "%3B".repeat(60_000));
        let url = rfc1738::parse(&text).unwrap();
        assert_eq!(merges(&url), [Merge::Scheme, Merge::Escape]);
        let url = rfc1738::parse("http://h/%3Ba").unwrap();
        assert_eq!(merges(&url), [Merge::Scheme, Merge::Escape]);
        let url = rfc1738::parse("http://h/%3BA").unwrap();
        assert_eq!(merges(&url), [Merge::Scheme, Merge::Case, Merge::Escape]);
    }
}
