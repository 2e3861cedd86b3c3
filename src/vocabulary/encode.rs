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
/// use rfc1738::encoding::charset;
///
/// assert!(charset::UCHAR.contains(b'-'));
/// assert!(!charset::UCHAR.contains(b'/'));
/// assert!(charset::HSEGMENT.contains(b';'));
/// assert!(!charset::FSEGMENT.contains(b';'));
/// assert_eq!(rfc1738::encoding::encode("a b/c;d".as_bytes(), &charset::FSEGMENT), "a%20b%2Fc%3Bd");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CharSet {
    name: &'static str,
    mask: u128,
}

impl CharSet {
    /// The set of a grammar rule's class (`crate::vocabulary::classes`).
    const fn from_mask(name: &'static str, mask: u128) -> CharSet {
        CharSet { name, mask }
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

/// The character sets of RFC 1738 section 5 (and the component sets built from them),
/// each taken from its rule in `grammar/rfc1738.pest` (the bytes that stand for
/// themselves there, `escape` aside), so that the encoder escapes exactly what the parser
/// refuses.
pub mod charset {
    use super::CharSet;
    use crate::vocabulary::classes::rfc1738 as grammar;

    /// `alpha | digit`.
    pub const ALPHANUMERIC: CharSet = CharSet::from_mask("alphadigit", grammar::ALPHADIGIT);
    /// `safe = "$" | "-" | "_" | "." | "+"`.
    pub const SAFE: CharSet = CharSet::from_mask("safe", grammar::SAFE);
    /// `extra = "!" | "*" | "'" | "(" | ")" | ","`.
    pub const EXTRA: CharSet = CharSet::from_mask("extra", grammar::EXTRA);
    /// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
    pub const RESERVED: CharSet = CharSet::from_mask("reserved", grammar::RESERVED);
    /// `unreserved = alpha | digit | safe | extra`.
    pub const UNRESERVED: CharSet = CharSet::from_mask("unreserved", grammar::UNRESERVED);
    /// `uchar = unreserved | escape`: the characters that stand for themselves.
    pub const UCHAR: CharSet = CharSet::from_mask("uchar", grammar::UCHAR);
    /// `xchar = unreserved | reserved | escape`.
    pub const XCHAR: CharSet = CharSet::from_mask("xchar", grammar::XCHAR);
    /// `user`: `*[ uchar | ";" | "?" | "&" | "=" ]` (section 5, `login`).
    pub const USER: CharSet = CharSet::from_mask("user", grammar::USER);
    /// `password`: the same set as `user`.
    pub const PASSWORD: CharSet = CharSet::from_mask("password", grammar::PASSWORD);
    /// `hsegment` (http path segment): `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub const HSEGMENT: CharSet = CharSet::from_mask("hsegment", grammar::HSEGMENT);
    /// `search` (http and gopher): `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub const SEARCH: CharSet = CharSet::from_mask("search", grammar::SEARCH);
    /// `fsegment` (ftp and file path segment): `*[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
    pub const FSEGMENT: CharSet = CharSet::from_mask("fsegment", grammar::FSEGMENT);
    /// `selector` and `gopher+_string` (gopher): `*xchar`. The tab that separates them in
    /// the gopher protocol is not an `xchar`, so it is escaped, `%09`.
    pub const SELECTOR: CharSet = CharSet::from_mask("selector", grammar::SELECTOR);
    /// `gopher+_string`: `*xchar`.
    pub const GOPHER_PLUS: CharSet =
        CharSet::from_mask("gopher+_string", grammar::GOPHER_PLUS_STRING);
    /// `encoded822addr` (mailto): `1*xchar`; "within mailto URLs, there are no reserved
    /// characters".
    pub const ENCODED822ADDR: CharSet =
        CharSet::from_mask("encoded822addr", grammar::ENCODED822ADDR);
    /// `unique` (news message-id before "@", the first part of `article`):
    /// `1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ]`.
    pub const UNIQUE: CharSet = CharSet::from_mask("unique", grammar::ARTICLE);
    /// `database`, `wtype`, `wpath` (wais): `*uchar`.
    pub const WAIS: CharSet = CharSet::from_mask("database", grammar::DATABASE);
    /// `psegment` (prospero): `*[ uchar | "?" | ":" | "@" | "&" | "=" ]`.
    pub const PSEGMENT: CharSet = CharSet::from_mask("psegment", grammar::PSEGMENT);
    /// `fieldname` and `fieldvalue` (prospero): `*[ uchar | "?" | ":" | "@" | "&" ]`.
    pub const FIELD: CharSet = CharSet::from_mask("fieldname", grammar::FIELDNAME);
    /// `schemepart` of a generic URL: `*xchar`.
    pub const SCHEMEPART: CharSet = CharSet::from_mask("schemepart", grammar::SCHEMEPART);
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Escapes every octet of `data` that `set` does not hold as `%XX` (upper-case hex, as
/// RFC 1738's examples write it); borrows when nothing needs escaping. Never fails.
///
/// ```
/// use rfc1738::encoding::{charset, encode};
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

/// Appends `%XX` for `octet`, upper-case hex: the one place an escape is written.
pub(crate) fn push_escape(out: &mut String, octet: u8) {
    out.push('%');
    out.push(char::from(HEX[usize::from(octet >> 4)]));
    out.push(char::from(HEX[usize::from(octet & 15)]));
}

/// `%XX` for `octet` (messages, generated inputs).
pub(crate) fn escape_octet(octet: u8) -> String {
    let mut out = String::with_capacity(3);
    push_escape(&mut out, octet);
    out
}

/// `%XX` for each UTF-8 octet of `c`: how a character outside a component's set is written.
/// An ASCII character's is a slice of a table, without allocating (the diagnosis names the
/// escape of the character it stops at).
pub(crate) fn escape_char(c: char) -> Cow<'static, str> {
    if c.is_ascii() {
        let at = 3 * c as usize;
        return Cow::Borrowed(&ASCII_ESCAPES[at..at + 3]);
    }
    let mut buffer = [0; 4];
    let mut out = String::with_capacity(12);
    for &octet in c.encode_utf8(&mut buffer).as_bytes() {
        push_escape(&mut out, octet);
    }
    Cow::Owned(out)
}

/// `%XX` of each ASCII byte in order, `%00%01…%7F`, as [`push_escape`] writes them.
const ASCII_ESCAPES: &str = {
    const BYTES: [u8; 3 * 128] = {
        let mut bytes = [0; 3 * 128];
        let mut octet = 0;
        while octet < 128 {
            bytes[3 * octet] = b'%';
            bytes[3 * octet + 1] = HEX[octet >> 4];
            bytes[3 * octet + 2] = HEX[octet & 15];
            octet += 1;
        }
        bytes
    };
    match std::str::from_utf8(&BYTES) {
        Ok(escapes) => escapes,
        Err(_) => panic!("ASCII"),
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grammars_classes_are_the_rfcs_definitions() {
        const LETTERS_AND_DIGITS: &str =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let unreserved = format!("{LETTERS_AND_DIGITS}$-_.+!*'(),");
        let xchar = format!("{unreserved};/?:@&=");
        let with = |extra: &str| format!("{unreserved}{extra}");
        // Section 5's text, set by set (and section 2.2's safe, extra, reserved).
        let cases = [
            (charset::ALPHANUMERIC, LETTERS_AND_DIGITS.to_owned()),
            (charset::SAFE, "$-_.+".to_owned()),
            (charset::EXTRA, "!*'(),".to_owned()),
            (charset::RESERVED, ";/?:@&=".to_owned()),
            (charset::UNRESERVED, unreserved.clone()),
            (charset::UCHAR, unreserved.clone()),
            (charset::XCHAR, xchar.clone()),
            (charset::USER, with(";?&=")),
            (charset::PASSWORD, with(";?&=")),
            (charset::HSEGMENT, with(";:@&=")),
            (charset::SEARCH, with(";:@&=")),
            (charset::FSEGMENT, with("?:@&=")),
            (charset::SELECTOR, xchar.clone()),
            (charset::GOPHER_PLUS, xchar.clone()),
            (charset::ENCODED822ADDR, xchar.clone()),
            (charset::UNIQUE, with(";/?:&=")),
            (charset::WAIS, unreserved.clone()),
            (charset::PSEGMENT, with("?:@&=")),
            (charset::FIELD, with("?:@&")),
            (charset::SCHEMEPART, xchar.clone()),
        ];
        for (set, rfc) in cases {
            let members: std::collections::BTreeSet<u8> = set.members().collect();
            let expected: std::collections::BTreeSet<u8> = rfc.bytes().collect();
            assert_eq!(members, expected, "{set:?}");
        }
    }
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
            assert_eq!(
                crate::vocabulary::escape::percent_decode(&encoded).as_ref(),
                all.as_slice()
            );
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
