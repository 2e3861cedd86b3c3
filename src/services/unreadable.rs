//! An input that cannot be read as a URL at all: bytes that are not UTF-8, a line longer
//! than a reader holds, a line of `rfc1738 resolve` without its TAB. The command line and the Python package answer such an
//! input in the shape of their other reports, with this error, never dropping it.

use crate::facade::leading_scheme;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::shown::escape_controls;
use std::borrow::Cow;
use std::fmt::{self, Write as _};

/// Why an input cannot be read as a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unreadable {
    /// Its bytes are not UTF-8 (a URL is US-ASCII).
    NotUtf8,
    /// A line of `len` bytes (its ending not counted), longer than the `max_line` bytes the
    /// reader holds; only its first bytes were kept.
    TooLong {
        /// The line's length.
        len: usize,
        /// The most a line may hold.
        max_line: usize,
    },
    /// A line of `rfc1738 resolve` without the TAB of `CONTEXT<TAB>PARTIAL`.
    MissingTab,
}

/// An input that cannot be read as a URL: the bytes kept of it and why.
///
/// ```
/// use rfc1738::unreadable::{UnreadableInput, Unreadable};
///
/// let input = UnreadableInput::new(b"http://h/caf\xe9", Unreadable::NotUtf8);
/// assert_eq!(input.code(), "not-utf-8");
/// assert_eq!(input.offset(), 12);
/// assert_eq!(input.shown(), "http://h/caf\u{fffd}");
/// // The bytes, kept whole: the text shown has lost the byte 0xE9.
/// assert_eq!(input.hex().as_deref(), Some("687474703a2f2f682f636166e9"));
/// assert_eq!(input.scheme().as_deref(), Some("http"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableInput<'b> {
    bytes: Cow<'b, [u8]>,
    problem: Unreadable,
}

/// The message of an input that is not UTF-8.
const NOT_UTF8: &str = "input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)";

impl<'b> UnreadableInput<'b> {
    /// The bytes kept of an input (all of them, or for a line too long its first bytes)
    /// and why it cannot be read.
    pub fn new(bytes: impl Into<Cow<'b, [u8]>>, problem: Unreadable) -> UnreadableInput<'b> {
        UnreadableInput {
            bytes: bytes.into(),
            problem,
        }
    }

    /// Why it cannot be read.
    pub fn problem(&self) -> Unreadable {
        self.problem
    }

    /// The bytes kept of it.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The error's code: `not-utf-8`, `line-too-long` or `missing-tab`.
    pub fn code(&self) -> &'static str {
        match self.problem {
            Unreadable::NotUtf8 => "not-utf-8",
            Unreadable::TooLong { .. } => "line-too-long",
            Unreadable::MissingTab => "missing-tab",
        }
    }

    /// The message for a person.
    pub fn message(&self) -> String {
        match self.problem {
            Unreadable::NotUtf8 => NOT_UTF8.to_owned(),
            Unreadable::TooLong { len, max_line } => format!(
                "a line of {len} bytes: longer than the {max_line} bytes a line may hold \
                 (RFC1738_MAX_LINE)"
            ),
            Unreadable::MissingTab => "expected CONTEXT<TAB>PARTIAL".to_owned(),
        }
    }

    /// The bytes up to the first that is not UTF-8 (all of them when they are).
    fn valid(&self) -> &str {
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => text,
            Err(error) => std::str::from_utf8(&self.bytes[..error.valid_up_to()]).unwrap_or(""),
        }
    }

    /// The valid text before the problem: [`valid`](UnreadableInput::valid) up to the
    /// offset (for a line too long, up to the last whole character before it).
    fn before(&self) -> &str {
        let valid = self.valid();
        let mut end = self.offset().min(valid.len());
        while !valid.is_char_boundary(end) {
            end -= 1;
        }
        &valid[..end]
    }

    /// The byte offset of the problem: the first byte that is not UTF-8, or the most a
    /// line may hold.
    pub fn offset(&self) -> usize {
        match self.problem {
            Unreadable::NotUtf8 | Unreadable::MissingTab => self.valid().len(),
            Unreadable::TooLong { max_line, .. } => max_line,
        }
    }

    /// [`offset`](UnreadableInput::offset) in characters, where the bytes before it are
    /// known and UTF-8.
    pub fn char_offset(&self) -> Option<usize> {
        match self.problem {
            Unreadable::NotUtf8 | Unreadable::MissingTab => Some(self.valid().chars().count()),
            Unreadable::TooLong { max_line, .. } => {
                let held = &self.bytes[..max_line.min(self.bytes.len())];
                match (max_line <= self.bytes.len(), std::str::from_utf8(held)) {
                    (true, Ok(text)) => Some(text.chars().count()),
                    _ => None,
                }
            }
        }
    }

    /// The input as text shows it: every byte that is not UTF-8 as U+FFFD, and for a line
    /// too long its first bytes and `...`.
    pub fn shown(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        match self.problem {
            Unreadable::NotUtf8 | Unreadable::MissingTab => text.into_owned(),
            Unreadable::TooLong { .. } => format!("{text}..."),
        }
    }

    /// The bytes kept, in lower-case hexadecimal, when they are not UTF-8 (when
    /// [`shown`](UnreadableInput::shown) has lost some); `None` when they are.
    pub fn hex(&self) -> Option<String> {
        std::str::from_utf8(&self.bytes)
            .is_err()
            .then(|| hex(&self.bytes))
    }

    /// The scheme the valid bytes before the problem start with, in lower case: which kind
    /// of URL the input meant.
    pub fn scheme(&self) -> Option<String> {
        leading_scheme(self.before()).map(str::to_ascii_lowercase)
    }

    /// The kind of URL [`scheme`](UnreadableInput::scheme) names.
    pub fn kind(&self) -> Option<UrlKind> {
        self.scheme().map(|scheme| UrlKind::from_scheme(&scheme))
    }

    /// The line of the problem, from 1: one more than the line breaks (LF) before it.
    ///
    /// ```
    /// use rfc1738::unreadable::{Unreadable, UnreadableInput};
    ///
    /// let input = UnreadableInput::new(b"see\nhttp://h/caf\xe9", Unreadable::NotUtf8);
    /// assert_eq!((input.line(), input.column(), input.offset()), (2, 13, 16));
    /// ```
    pub fn line(&self) -> usize {
        self.before().matches('\n').count() + 1
    }

    /// The column of the problem on its [`line`](UnreadableInput::line), in characters,
    /// from 1.
    pub fn column(&self) -> usize {
        let before = self.before();
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        before[line_start..].chars().count() + 1
    }

    /// The error as a block of lines a person reads in a terminal, as
    /// [`ParseError::render`](crate::ParseError::render) writes a parse error: the
    /// message, the position, the problem's line as [`shown`](UnreadableInput::shown)
    /// (control characters escaped) with a caret under the problem.
    ///
    /// ```
    /// use rfc1738::unreadable::{Unreadable, UnreadableInput};
    ///
    /// let input = UnreadableInput::new(b"http://h/caf\xe9", Unreadable::NotUtf8);
    /// assert_eq!(
    ///     input.render(),
    ///     "error: input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)\n \
    ///      --> line 1, column 13 (byte 12)\n  |\n  | http://h/caf\u{fffd}\n  |             ^"
    /// );
    /// ```
    pub fn render(&self) -> String {
        let (line, column) = (self.line(), self.column());
        let shown = self.shown();
        let line_text = shown.split('\n').nth(line - 1).unwrap_or("");
        format!(
            "error: {}\n --> line {line}, column {column} (byte {})\n  |\n  | {}\n  | {:>column$}",
            self.message(),
            self.offset(),
            escape_controls(line_text),
            "^",
        )
    }
}

impl fmt::Display for UnreadableInput<'_> {
    /// One line: `<message> at line L, column C (byte B)`, as a [`ParseError`](crate::ParseError)'s.
    ///
    /// ```
    /// use rfc1738::unreadable::{Unreadable, UnreadableInput};
    ///
    /// let input = UnreadableInput::new(b"http://h/caf\xe9", Unreadable::NotUtf8);
    /// assert!(input.to_string().ends_with(" at line 1, column 13 (byte 12)"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {}, column {} (byte {})",
            self.message(),
            self.line(),
            self.column(),
            self.offset()
        )
    }
}

/// `bytes` in lower-case hexadecimal, two digits a byte: how every report writes bytes that
/// are not text (`found_hex`, `sends_hex`, the network client's `line_hex`).
///
/// ```
/// assert_eq!(rfc1738::unreadable::hex(b"caf\xe9"), "636166e9");
/// ```
pub fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(2 * bytes.len());
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_too_long_is_told_by_its_first_bytes() {
        let input = UnreadableInput::new(
            &b"gopher://h/1xyz"[..],
            Unreadable::TooLong {
                len: 100,
                max_line: 10,
            },
        );
        assert_eq!(input.code(), "line-too-long");
        assert_eq!(input.offset(), 10);
        assert_eq!(input.char_offset(), Some(10));
        assert_eq!(input.shown(), "gopher://h/1xyz...");
        assert_eq!(input.hex(), None);
        assert_eq!(input.kind(), Some(UrlKind::Gopher));
        assert!(input.message().contains("100 bytes"));
    }

    #[test]
    fn a_line_cut_inside_a_character_is_read_up_to_the_character() {
        // The most a line may hold ends inside the "é" (bytes 9 and 10).
        let input = UnreadableInput::new(
            "http://h/\u{e9}aaaa".as_bytes(),
            Unreadable::TooLong {
                len: 100,
                max_line: 10,
            },
        );
        assert_eq!(input.offset(), 10);
        assert_eq!(input.char_offset(), None);
        assert_eq!(input.scheme().as_deref(), Some("http"));
        assert_eq!((input.line(), input.column()), (1, 10));
    }
}
