//! Escaped text and its decoding (RFC 1738 section 2.2: `escape = "%" hex hex`).
//!
//! Components are kept exactly as written; [`Escaped::decode`] turns `%XX` triplets into
//! octets on request. Decoding never fails and never panics: a `%` that does not start a
//! valid triplet (impossible in a parsed component, possible in text given to
//! [`Escaped::new`]) is kept as it is.

use std::borrow::Cow;
use std::fmt;

/// A component of a URL as written, with its `%XX` escapes still in place.
///
/// ```
/// use rfc1738::Escaped;
///
/// let name = Escaped::new("caf%C3%A9%20au%20lait");
/// assert_eq!(name.as_str(), "caf%C3%A9%20au%20lait");
/// assert_eq!(name.decode().as_ref(), "café au lait".as_bytes());
/// assert_eq!(name.decode_utf8().unwrap(), "café au lait");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Escaped<'s>(&'s str);

impl<'s> Escaped<'s> {
    /// Wraps text that may contain `%XX` escapes.
    pub const fn new(text: &'s str) -> Self {
        Escaped(text)
    }

    /// The text as written, escapes included.
    pub const fn as_str(&self) -> &'s str {
        self.0
    }

    /// Whether the component is empty (`ftp://@host/` has an empty user name).
    pub const fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether the text contains at least one `%XX` escape.
    pub fn has_escapes(&self) -> bool {
        self.0.as_bytes().windows(3).any(is_escape)
    }

    /// The octets the component stands for: every `%XX` replaced by its octet. Borrows when
    /// there is nothing to decode.
    pub fn decode(&self) -> Cow<'s, [u8]> {
        percent_decode(self.0)
    }

    /// The decoded octets as UTF-8 text, or an error when they are not valid UTF-8 (RFC 1738
    /// says nothing of character sets: octets are octets).
    pub fn decode_utf8(&self) -> Result<Cow<'s, str>, std::str::Utf8Error> {
        match self.decode() {
            Cow::Borrowed(bytes) => std::str::from_utf8(bytes).map(Cow::Borrowed),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Ok(Cow::Owned(text)),
                Err(error) => Err(error.utf8_error()),
            },
        }
    }

    /// The decoded octets as text, with invalid UTF-8 replaced by U+FFFD.
    pub fn decode_utf8_lossy(&self) -> Cow<'s, str> {
        match self.decode() {
            Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
            Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
        }
    }

    /// The words of a `search` part: RFC 1630 says that "within the search part '+' stands
    /// for a space", so the text is split at each unescaped `+` (a real `+` is written
    /// `%2B`). Each word is still escaped.
    ///
    /// ```
    /// let url = rfc1738::parse("http://info.cern.ch/find?url+syntax%2B").unwrap();
    /// let rfc1738::Url::Http(http) = url else { unreachable!() };
    /// let words: Vec<_> = http.search().unwrap().search_words().collect();
    /// assert_eq!(words, ["url", "syntax%2B"]);
    /// assert_eq!(words[1].decode_utf8().unwrap(), "syntax+");
    /// ```
    pub fn search_words(&self) -> impl Iterator<Item = Escaped<'s>> + use<'s> {
        self.0.split('+').map(Escaped)
    }
}

impl fmt::Display for Escaped<'_> {
    /// Writes the text as written (escapes kept).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Debug for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl AsRef<str> for Escaped<'_> {
    fn as_ref(&self) -> &str {
        self.0
    }
}

impl PartialEq<str> for Escaped<'_> {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Escaped<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// The segments of a path (`hsegment`s, `fsegment`s, `psegment`s): the path split at every
/// `/`, which no segment contains unescaped. A missing path has no segments; an empty path
/// has one empty segment.
///
/// ```
/// let url = rfc1738::parse("ftp://host//etc/motd").unwrap();
/// let rfc1738::Url::Ftp(ftp) = &url else { unreachable!() };
/// let segments: Vec<&str> = ftp.segments().map(|s| s.as_str()).collect();
/// assert_eq!(segments, ["", "etc", "motd"]);
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'s> {
    /// The segments not given yet, `/` between them; `None` when every one is given.
    rest: Option<&'s str>,
}

impl<'s> Segments<'s> {
    pub(crate) fn new(path: Option<Escaped<'s>>) -> Segments<'s> {
        Segments {
            rest: path.map(|path| path.as_str()),
        }
    }
}

impl<'s> Iterator for Segments<'s> {
    type Item = Escaped<'s>;

    /// Each `/` found eight bytes at a time (`str::split` sets up a search of its own for
    /// each path).
    fn next(&mut self) -> Option<Escaped<'s>> {
        let rest = self.rest?;
        let (segment, after) = match rfc1738_words::find_byte(rest.as_bytes(), b'/') {
            Some(slash) => (&rest[..slash], Some(&rest[slash + 1..])),
            None => (rest, None),
        };
        self.rest = after;
        Some(Escaped::new(segment))
    }
}

/// Replaces every `%XX` triplet (hex digits in either case) by its octet; any other byte,
/// including a `%` that starts no triplet, is copied. Borrows when the text has no escape.
///
/// ```
/// assert_eq!(rfc1738::encoding::percent_decode("%2Fetc").as_ref(), b"/etc");
/// assert_eq!(rfc1738::encoding::percent_decode("100%").as_ref(), b"100%");
/// ```
pub fn percent_decode(text: &str) -> Cow<'_, [u8]> {
    let bytes = text.as_bytes();
    let Some(first) = bytes.windows(3).position(is_escape) else {
        return Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        match bytes.get(i..i + 3) {
            Some(triplet) if is_escape(triplet) => {
                out.push(hex_value(triplet[1]) << 4 | hex_value(triplet[2]));
                i += 3;
            }
            _ => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// Whether `bytes` starts with an escape, `"%" hex hex` (RFC 1738 section 2.2): the one
/// test of an escape, used by the parsers' hand-written parts, the diagnosis, lint and
/// normalize.
pub(crate) fn is_escape(bytes: &[u8]) -> bool {
    matches!(bytes, [b'%', high, low, ..] if high.is_ascii_hexdigit() && low.is_ascii_hexdigit())
}

/// The value of an ASCII hex digit (the caller has checked it is one).
pub(crate) fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn decodes_escapes_in_either_case() {
        assert_eq!(percent_decode("%2f%2F%7e").as_ref(), b"//~");
    }

    #[test]
    fn borrows_when_nothing_to_decode() {
        assert!(matches!(percent_decode("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn keeps_a_percent_that_starts_no_escape() {
        assert_eq!(percent_decode("%").as_ref(), b"%");
        assert_eq!(percent_decode("%4").as_ref(), b"%4");
        assert_eq!(percent_decode("%zz%41").as_ref(), b"%zzA");
        assert_eq!(percent_decode("a%%41").as_ref(), b"a%A");
    }

    #[test]
    fn decodes_octets_that_are_not_utf8() {
        let escaped = Escaped::new("%FF%00");
        assert_eq!(escaped.decode().as_ref(), &[0xFF, 0x00]);
        assert!(escaped.decode_utf8().is_err());
        assert_eq!(escaped.decode_utf8_lossy(), "\u{FFFD}\u{0}");
    }

    #[test]
    fn reports_whether_escapes_are_present() {
        assert!(Escaped::new("a%20b").has_escapes());
        assert!(!Escaped::new("a%2").has_escapes());
    }

    /// The segments are the path split at every `/`, as `str::split` splits it, for every
    /// path of up to nine bytes of `a`, `/` and `%` (runs of slashes, slashes at either
    /// end, past the eight bytes read at a time), and none for a missing path.
    #[test]
    fn segments_split_at_every_slash() {
        let mut paths = vec![String::new()];
        for _ in 0..9 {
            let longer: Vec<String> = paths
                .iter()
                .filter(|path| path.len() == paths.last().map_or(0, String::len))
                .flat_map(|path| ["a", "/", "%"].map(|byte| format!("{path}{byte}")))
                .collect();
            paths.extend(longer);
        }
        paths.push(format!("{}/{}/", "x".repeat(17), "y".repeat(40)));
        for path in &paths {
            let segments: Vec<&str> = Segments::new(Some(Escaped::new(path)))
                .map(|segment| segment.as_str())
                .collect();
            assert_eq!(segments, path.split('/').collect::<Vec<_>>(), "{path:?}");
        }
        assert_eq!(Segments::new(None).count(), 0);
    }
}
