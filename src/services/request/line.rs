//! The bytes a client sends: [`Line`]s, and the components decoded for them.
//!
//! Section 3 decodes the components before they are sent ("The components are decoded
//! prior to their use in the FTP protocol", 3.2.2); section 6 says which escapes must not
//! be: "Care should be taken when URLs contain embedded encoded delimiters for a given
//! protocol (for example, CR and LF characters for telnet protocols) that these are not
//! unencoded before transmission." [`decode_for_line`] decodes every `%XX` but a CR, LF or
//! NUL, which stays as written (three bytes, `%0D`), unless the scheme's own text makes
//! it a line of the request (the lines of a filled-out Gopher+ ASK form, section 3.4).

use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// One line a client sends, its end (CR LF) included: the exact bytes, whatever they are.
/// A request's lines, one after the other, are what goes on the connection
/// ([`Request::bytes`](super::Request::bytes)).
///
/// A line has no `Display`: `to_string()` of the bytes sent would be easy to write to a
/// socket with its CR LF turned into the four characters `\r\n`. [`Line::shown`] shows it
/// for a person: printable text as it is, a backslash as `\\`, CR, LF, TAB and NUL as `\r`,
/// `\n`, `\t`, `\0`, any other control byte or byte that is not UTF-8 as `\xNN`;
/// [`Line::as_bytes`] is what is sent.
///
/// ```
/// let reference = rfc1738::parse_reference("gopher://h/7find%09caf%E9", rfc1738::Dialect::Rfc1738).unwrap();
/// let request = rfc1738::requests::Request::of_reference(&reference, &rfc1738::requests::RequestOptions::new()).unwrap();
/// let line = &request.lines()[0];
/// assert_eq!(line.as_bytes(), b"find\tcaf\xe9\r\n");
/// assert_eq!(line.shown().to_string(), r"find\tcaf\xE9\r\n");
/// assert_eq!(line.to_str(), None);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Line(Vec<u8>);

impl Line {
    /// The bytes sent, the line's end included.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The bytes sent.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }

    /// The line as text, when its bytes are UTF-8 (its end included).
    pub fn to_str(&self) -> Option<&str> {
        std::str::from_utf8(&self.0).ok()
    }

    /// The line as text, a byte that is not UTF-8 as U+FFFD (the JSON report's `sends`;
    /// its `sends_hex` keeps the bytes).
    pub fn to_str_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.0)
    }
}

impl Line {
    /// The line shown for a person, in one line of text (see [`Line`]): a `Display` that
    /// is never the bytes sent.
    pub fn shown(&self) -> ShownLine<'_> {
        ShownLine(&self.0)
    }
}

/// A [`Line`] shown for a person ([`Line::shown`]).
#[derive(Clone, Copy)]
pub struct ShownLine<'l>(&'l [u8]);

impl fmt::Display for ShownLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_octets(self.0))
    }
}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Line(\"{}\")", escape_octets(&self.0))
    }
}

/// The lines of `bytes`: each ends after an LF (the last may end without one).
pub(crate) fn split_lines(bytes: &[u8]) -> Vec<Line> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|line| Line(line.to_vec()))
        .collect()
}

/// `parts` joined, then CR LF.
pub(crate) fn line(parts: &[&[u8]]) -> Line {
    let mut bytes = parts.concat();
    bytes.extend_from_slice(b"\r\n");
    Line(bytes)
}

/// A component decoded for a protocol line, and how many escapes were kept as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ForLine<'u> {
    pub(crate) bytes: Cow<'u, [u8]>,
    pub(crate) kept: usize,
}

/// Decodes `text` (a component as written) for a protocol line: every `%XX` becomes its
/// octet, but an escaped CR, LF or NUL stays as written unless `legitimate` (offset of
/// its `%` in `text`, octet) says the scheme makes it part of the request (RFC 1738
/// section 6: such delimiters "are not unencoded before transmission").
pub(crate) fn decode_for_line<'u>(
    text: &'u str,
    legitimate: &dyn Fn(usize, u8) -> bool,
) -> ForLine<'u> {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return ForLine {
            bytes: Cow::Borrowed(bytes),
            kept: 0,
        };
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut kept = 0;
    let mut at = 0;
    while at < bytes.len() {
        let octet = bytes
            .get(at..at + 3)
            .filter(|triplet| crate::vocabulary::escape::is_escape(triplet))
            .map(|triplet| hex(triplet[1]) << 4 | hex(triplet[2]));
        match octet {
            Some(octet) if matches!(octet, b'\r' | b'\n' | 0) && !legitimate(at, octet) => {
                out.extend_from_slice(&bytes[at..at + 3]);
                kept += 1;
                at += 3;
            }
            Some(octet) => {
                out.push(octet);
                at += 3;
            }
            None => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    ForLine {
        bytes: Cow::Owned(out),
        kept,
    }
}

/// Decodes `text` for a line where nothing is legitimate but plain octets.
pub(crate) fn decode_plain(text: &str) -> ForLine<'_> {
    decode_for_line(text, &|_, _| false)
}

/// The value of a hex digit (the caller checked it is one).
fn hex(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        _ => digit - b'A' + 10,
    }
}

/// A search's words joined by spaces: in the RFC 1630 dialects "within the search part
/// '+' stands for a space" (a real `+` is written `%2B`), so each unescaped `+` becomes a
/// space before the escapes are decoded.
pub(crate) fn plus_as_space(text: &str) -> Cow<'_, str> {
    match text.contains('+') {
        true => Cow::Owned(text.replace('+', " ")),
        false => Cow::Borrowed(text),
    }
}

/// A `Cow<str>`'s bytes decoded for a line, owning them when the text was owned.
pub(crate) fn decode_cow(text: Cow<'_, str>) -> ForLine<'_> {
    match text {
        Cow::Borrowed(text) => decode_plain(text),
        Cow::Owned(text) => {
            let ForLine { bytes, kept } = decode_plain(&text);
            ForLine {
                bytes: Cow::Owned(bytes.into_owned()),
                kept,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_decoded_but_line_breaks_and_nul_stay_as_written() {
        let decoded = decode_plain("a%20b%0D%0Ac%00d%09e%2f");
        assert_eq!(decoded.bytes.as_ref(), b"a b%0D%0Ac%00d\te/");
        assert_eq!(decoded.kept, 3);
        let legitimate = decode_for_line("x%0D%0A", &|at, _| at >= 1);
        assert_eq!(
            (legitimate.bytes.as_ref(), legitimate.kept),
            (&b"x\r\n"[..], 0)
        );
        assert!(matches!(decode_plain("plain").bytes, Cow::Borrowed(_)));
    }

    #[test]
    fn lines_show_control_bytes_and_bytes_that_are_not_utf8() {
        assert_eq!(
            escape_octets(b"a\\b\t\x01\x7f\xc3\xa9\xff\r\n"),
            r"a\\b\t\x01\x7Fé\xFF\r\n"
        );
        let lines = split_lines(b"a\r\nb\r\nc");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[2].as_bytes(), b"c");
    }
}
