//! Untrusted text and octets shown to a person in one line: the one home of how a control
//! character, a backslash and a byte that is not UTF-8 are written. Two readers, two
//! manners of one writer ([`Manner`]):
//!
//! - [`escape_controls`]: the text of a URL or an error (messages, carets, the command's
//!   output), which must not drive a terminal or break a line: control characters as
//!   `\x1b` below U+0080 and `\u{9b}` above, everything else (backslashes too) as it is;
//! - [`escape_octets`]: octets sent or received on a connection, which must read back
//!   exactly: `\\`, `\r`, `\n`, `\t`, `\0`, any other control character's UTF-8 octets
//!   and every octet that is not UTF-8 as `\xNN`.

use rfc1738_words::{bytes_below, equal_bytes, first_where};
use std::borrow::Cow;
use std::fmt::Write as _;

/// Whose text is shown, and so how an escape is written (the module's two readers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Manner {
    /// Text of a URL or an error: control characters escaped, nothing else.
    Text,
    /// Octets on a connection: backslashes doubled, named escapes for line ends, tab and
    /// NUL, `\xNN` (upper-case hex) for other controls and for octets that are not UTF-8.
    Octets,
}

/// Pushes one character of untrusted text onto `shown`, written as `manner` says.
fn push_char(shown: &mut String, c: char, manner: Manner) {
    let code = u32::from(c);
    match manner {
        Manner::Text if !c.is_control() => shown.push(c),
        Manner::Text if code < 0x80 => {
            let _ = write!(shown, "\\x{code:02x}");
        }
        Manner::Text => {
            let _ = write!(shown, "\\u{{{code:x}}}");
        }
        Manner::Octets => match c {
            '\\' => shown.push_str("\\\\"),
            '\r' => shown.push_str("\\r"),
            '\n' => shown.push_str("\\n"),
            '\t' => shown.push_str("\\t"),
            '\0' => shown.push_str("\\0"),
            c if c.is_control() => {
                let mut buffer = [0; 4];
                for b in c.encode_utf8(&mut buffer).bytes() {
                    push_octet(shown, b);
                }
            }
            c => shown.push(c),
        },
    }
}

/// Pushes an octet that is not shown as itself (`Manner::Octets`): `\xNN`.
fn push_octet(shown: &mut String, b: u8) {
    let _ = write!(shown, "\\x{b:02X}");
}

/// Pushes `chars` onto `shown`, written as `manner` says.
pub(crate) fn push_shown(shown: &mut String, chars: impl Iterator<Item = char>, manner: Manner) {
    for c in chars {
        push_char(shown, c, manner);
    }
}

/// Text as error messages, carets and the command line show it: every control character
/// (C0, DEL, C1: ESC, line breaks and tab included) written as an escape, `\x1b` below
/// U+0080 and `\u{9b}` above, so that untrusted input can neither drive a terminal nor
/// break a line; everything else as it is. Borrowed when there is nothing to escape.
/// Octets on a connection are shown by [`escape_octets`], which must read back exactly.
///
/// ```
/// assert_eq!(rfc1738::escape_controls("http://h/"), "http://h/");
/// assert_eq!(rfc1738::escape_controls("a\x1b[2Jb\tc\u{9b}"), "a\\x1b[2Jb\\x09c\\u{9b}");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    // A control character is a byte below 0x20, 0x7f, or a C1 control, which UTF-8 writes
    // 0xC2 0x80-0x9F: text without those bytes (most URLs) is let through after a look at
    // its bytes, eight at a time, without decoding its characters.
    let bytes = text.as_bytes();
    let first = first_where(
        bytes,
        |word| bytes_below(word, 0x20) | equal_bytes(word, 0x7f) | equal_bytes(word, 0xC2),
        |b| b < 0x20 || b == 0x7f || b == 0xC2,
    );
    if first == bytes.len() || !text[first..].chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    push_shown(&mut shown, text.chars(), Manner::Text);
    Cow::Owned(shown)
}

/// Octets sent or received on a connection, shown for a person in one line (what
/// [`Line::shown`](crate::requests::Line::shown) writes): `\\`, `\r`, `\n`, `\t`, `\0`,
/// any other control character and any byte that is not UTF-8 as `\xNN`, so that a line
/// end or a stray byte can be seen and the text read back. Text of a URL or an error is
/// shown by [`escape_controls`], which keeps backslashes and writes C1 controls as
/// `\u{9b}`.
///
/// ```
/// assert_eq!(rfc1738::escape_octets(b"RETR a\\b\r\n"), "RETR a\\\\b\\r\\n");
/// assert_eq!(rfc1738::escape_octets(b"caf\xe9\x1b"), "caf\\xE9\\x1B");
/// ```
pub fn escape_octets(bytes: &[u8]) -> String {
    let mut shown = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        push_shown(&mut shown, chunk.valid().chars(), Manner::Octets);
        for &b in chunk.invalid() {
            push_octet(&mut shown, b);
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_found_eight_bytes_at_a_time_as_one_at_a_time() {
        let text: String = (0..=0xff_u8).map(char::from).collect::<String>() + "abcdefghijk\u{85}";
        for (from, _) in text.char_indices() {
            for (to, _) in text[from..].char_indices().take(30) {
                let slice = &text[from..from + to];
                let escaped = escape_controls(slice);
                assert_eq!(
                    matches!(escaped, std::borrow::Cow::Borrowed(_)),
                    !slice.chars().any(char::is_control),
                    "{from} {to}"
                );
                let mut expected = String::new();
                push_shown(&mut expected, slice.chars(), Manner::Text);
                assert_eq!(escaped, expected, "{from} {to}");
            }
        }
    }
}
