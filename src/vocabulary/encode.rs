//! The character sets of RFC 1738 section 5 and escaping by them (section 2.2): which
//! octets a component may hold as themselves, and `%XX` for every other one.
//!
//! Each set is what the grammar allows unescaped in one place; [`encode`] escapes exactly
//! the octets outside it, no more. `%` is in no set: a literal `%` is always `%25`.

use std::borrow::Cow;
use std::fmt;

/// A set of US-ASCII characters, as a grammar rule defines it.
///
/// ```
/// use rfc1738::charset;
///
/// assert!(charset::UCHAR.contains(b'-'));
/// assert!(!charset::UCHAR.contains(b'/'));
/// assert!(charset::HSEGMENT.contains(b';'));
/// assert!(!charset::FSEGMENT.contains(b';'));
/// assert_eq!(rfc1738::encode("a b/c;d".as_bytes(), &charset::FSEGMENT), "a%20b%2Fc%3Bd");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CharSet {
    name: &'static str,
    mask: u128,
}

impl CharSet {
    const fn of(name: &'static str, members: &str) -> CharSet {
        let bytes = members.as_bytes();
        let mut mask = 0u128;
        let mut i = 0;
        while i < bytes.len() {
            mask |= 1 << bytes[i];
            i += 1;
        }
        CharSet { name, mask }
    }

    const fn named(self, name: &'static str) -> CharSet {
        CharSet {
            name,
            mask: self.mask,
        }
    }

    const fn with(self, name: &'static str, other: CharSet) -> CharSet {
        CharSet {
            name,
            mask: self.mask | other.mask,
        }
    }

    /// The rule's name in RFC 1738 (or RFC 1630).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Whether the octet may stand for itself.
    pub const fn contains(&self, octet: u8) -> bool {
        octet < 128 && self.mask & (1 << octet) != 0
    }

    /// The members, in code order.
    pub fn members(&self) -> impl Iterator<Item = u8> + '_ {
        (0u8..128).filter(|&b| self.contains(b))
    }
}

impl fmt::Debug for CharSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let members: String = self.members().map(char::from).collect();
        write!(f, "{}{{{members:?}}}", self.name)
    }
}

/// The character sets of RFC 1738 section 5 (and the component sets built from them).
pub mod charset {
    use super::CharSet;

    const LETTERS_AND_DIGITS: &str =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    /// `alpha | digit`.
    pub const ALPHANUMERIC: CharSet = CharSet::of("alphadigit", LETTERS_AND_DIGITS);
    /// `safe = "$" | "-" | "_" | "." | "+"`.
    pub const SAFE: CharSet = CharSet::of("safe", "$-_.+");
    /// `extra = "!" | "*" | "'" | "(" | ")" | ","`.
    pub const EXTRA: CharSet = CharSet::of("extra", "!*'(),");
    /// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
    pub const RESERVED: CharSet = CharSet::of("reserved", ";/?:@&=");
    /// `unreserved = alpha | digit | safe | extra`.
    pub const UNRESERVED: CharSet = ALPHANUMERIC
        .with("unreserved", SAFE)
        .with("unreserved", EXTRA);
    /// `uchar = unreserved | escape`: the characters that stand for themselves.
    pub const UCHAR: CharSet = UNRESERVED.named("uchar");
    /// `xchar = unreserved | reserved | escape`.
    pub const XCHAR: CharSet = UNRESERVED.with("xchar", RESERVED);
    /// `user` and `password`: `*[ uchar | ";" | "?" | "&" | "=" ]` (section 5, `login`).
    pub const USER: CharSet = UCHAR.with("user", CharSet::of("", ";?&="));
    /// `password`: the same set as `user`.
    pub const PASSWORD: CharSet = UCHAR.with("password", CharSet::of("", ";?&="));
    /// `hsegment` (http path segment): `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub const HSEGMENT: CharSet = UCHAR.with("hsegment", CharSet::of("", ";:@&="));
    /// `search` (http and gopher): `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub const SEARCH: CharSet = UCHAR.with("search", CharSet::of("", ";:@&="));
    /// `fsegment` (ftp and file path segment): `*[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
    pub const FSEGMENT: CharSet = UCHAR.with("fsegment", CharSet::of("", "?:@&="));
    /// `selector` and `gopher+_string` (gopher): `*xchar`. The tab that separates them in
    /// the gopher protocol is not an `xchar`, so it is escaped, `%09`.
    pub const SELECTOR: CharSet = XCHAR.named("selector");
    /// `gopher+_string`: `*xchar`.
    pub const GOPHER_PLUS: CharSet = XCHAR.named("gopher+_string");
    /// `encoded822addr` (mailto): `1*xchar`; "within mailto URLs, there are no reserved
    /// characters".
    pub const ENCODED822ADDR: CharSet = XCHAR.named("encoded822addr");
    /// `unique` (news message-id before "@"): `1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ]`.
    pub const UNIQUE: CharSet = UCHAR.with("unique", CharSet::of("", ";/?:&="));
    /// `database`, `wtype`, `wpath` (wais): `*uchar`.
    pub const WAIS: CharSet = UCHAR.named("database");
    /// `psegment` (prospero): `*[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
    pub const PSEGMENT: CharSet = UCHAR.with("psegment", CharSet::of("", "?:@&="));
    /// `fieldname` and `fieldvalue` (prospero): `*[ uchar | "?" | ":" | "@" | "&" ]`.
    pub const FIELD: CharSet = UCHAR.with("fieldname", CharSet::of("", "?:@&"));
    /// `schemepart` of a generic URL: `*xchar`.
    pub const SCHEMEPART: CharSet = XCHAR.named("schemepart");
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Escapes every octet of `data` that `set` does not hold as `%XX` (upper-case hex, as
/// RFC 1738's examples write it); borrows when nothing needs escaping. Never fails.
///
/// ```
/// use rfc1738::{charset, encode};
///
/// assert_eq!(encode(b"Gopher+.txt", &charset::FSEGMENT), "Gopher+.txt");
/// assert_eq!(encode("café au lait".as_bytes(), &charset::HSEGMENT), "caf%C3%A9%20au%20lait");
/// assert_eq!(encode(b"1\t2", &charset::SELECTOR), "1%092");
/// assert_eq!(encode(b"100%", &charset::XCHAR), "100%25");
/// ```
pub fn encode<'d>(data: &'d [u8], set: &CharSet) -> Cow<'d, str> {
    match data.iter().position(|&b| !set.contains(b)) {
        None => {
            // Every octet is ASCII (sets hold nothing else), hence UTF-8.
            Cow::Borrowed(std::str::from_utf8(data).unwrap_or_default())
        }
        Some(first) => {
            let mut out = String::with_capacity(data.len() + 16);
            for &b in &data[..first] {
                out.push(char::from(b));
            }
            for &b in &data[first..] {
                push_octet(&mut out, b, set);
            }
            Cow::Owned(out)
        }
    }
}

/// Appends `octet` to `out`, escaped unless `set` holds it.
pub(crate) fn push_octet(out: &mut String, octet: u8, set: &CharSet) {
    if set.contains(octet) {
        out.push(char::from(octet));
    } else {
        push_escape(out, octet);
    }
}

/// Appends `%XX` for `octet`, upper-case hex.
pub(crate) fn push_escape(out: &mut String, octet: u8) {
    out.push('%');
    out.push(char::from(HEX[usize::from(octet >> 4)]));
    out.push(char::from(HEX[usize::from(octet & 15)]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_sets_are_the_rfcs() {
        let members = |set: &CharSet| set.members().map(char::from).collect::<String>();
        assert_eq!(members(&charset::RESERVED), "&/:;=?@");
        assert_eq!(members(&charset::SAFE), "$+-._");
        assert_eq!(members(&charset::EXTRA), "!'()*,");
        assert_eq!(charset::UNRESERVED.members().count(), 62 + 5 + 6);
        assert_eq!(charset::XCHAR.members().count(), 62 + 5 + 6 + 7);
        for set in [
            charset::UCHAR,
            charset::XCHAR,
            charset::HSEGMENT,
            charset::FSEGMENT,
        ] {
            assert!(!set.contains(b'%'), "{set:?}");
            assert!(!set.contains(b' '));
            assert!(!set.contains(b'~'), "unsafe (section 2.2)");
        }
    }

    #[test]
    fn every_octet_outside_the_set_is_escaped_and_decodes_back() {
        let all: Vec<u8> = (0..=255).collect();
        for set in [
            charset::UCHAR,
            charset::XCHAR,
            charset::FSEGMENT,
            charset::SELECTOR,
        ] {
            let encoded = encode(&all, &set);
            assert_eq!(crate::percent_decode(&encoded).as_ref(), all.as_slice());
            assert_eq!(
                encoded.len(),
                all.len() + 2 * all.iter().filter(|&&b| !set.contains(b)).count()
            );
        }
    }

    #[test]
    fn borrows_when_nothing_needs_escaping() {
        assert!(matches!(
            encode(b"abc", &charset::UCHAR),
            Cow::Borrowed("abc")
        ));
    }
}
