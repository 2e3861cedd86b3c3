//! The search's settings: the dialect, the length limit, the line numbers, and the choices
//! where RFC 1738's appendix is silent (the documentation of [`Extractor`]).

use crate::vocabulary::dialect::Dialect;

/// What a search for URLs looks for, and how it reads them.
///
/// Choices where RFC 1738's appendix is silent:
/// - a known scheme is one of [`UrlKind::ALL`] but generic (the ten of RFC 1738 and
///   RFC 1630's mid, cid, urn, rlogin, tn3270), matched in any case; `<...>` with another
///   scheme, or text that merely has a colon, is not a URL;
/// - a bare URL starts at the start of a word: at the start of the text or after any byte
///   but a letter, a digit, `+`, `-`, `.` (RFC 1738's scheme characters: the name would be
///   a longer one, `x-http`, `a.ftp`) and `_` (the name would end an identifier, as `FILE`
///   in `DEFAULT_INDEX_FILE:`); so after whitespace, an opening bracket or quote, `=`,
///   `/`, `:` or any non-ASCII byte. It may be preceded by `URL:` (itself at the start of a
///   word), and ends at whitespace, a control character, a non-ASCII character, `<`, `>`
///   or `"`; then `.`, `,`, `;`, `:`, `!`, `?`, `'`, and `)`, `]` or `}` without their
///   opening partner inside the URL, are taken off its end;
/// - an invalid finding never hides a valid URL that starts inside it: the search goes on
///   from the byte after the first of its URL, and a candidate found before its end is
///   reported when valid (then the search goes on after it), and read inside in turn when
///   invalid, not reported (its text is already the invalid finding's). So findings come
///   in order of their starts, none starts inside a valid one, and a valid one may start
///   inside the invalid one before it (`FILE:http://h/a`: `FILE:http://h/a`, invalid, then
///   `http://h/a`). Inside one invalid finding at most 16 invalid candidates are read (a
///   limit of this implementation, which keeps text made of scheme names linear); past
///   them the rest of it is skipped. Text read as a candidate and found to be no URL (an
///   unclosed `<URL:` whose text has no scheme) hides none either: the search goes on
///   where a URL could start in it;
/// - a bare `scheme:` or `scheme://` with nothing more is a mention of the scheme, not a
///   URL;
/// - a bare URL continues on the next line only after a hyphen followed at once by the
///   line break, as the appendix describes;
/// - a wrapper is closed by the first `>`; it is unclosed when a blank line, another `<` or
///   the length limit comes first;
/// - whitespace is the ASCII set (space, tab, line feed, vertical tab, form feed, return)
///   and the no-break space U+00A0 (text converted from print is full of them); a bare URL
///   also ends at a no-break space, being non-ASCII; a hyphen break is a hyphen followed by whitespace that holds a line break;
/// - a URL (wrapper content, or bare run) longer than [`max_len`](Extractor::max_len)
///   bytes is reported cut at the limit, invalid with [`ErrorKind::TooLongInText`]; the
///   rest of a bare run is read to its end and searched, as the inside of an invalid
///   finding, from the last `max_len` bytes of it (a URL starting before them would be too
///   long to be valid).
///
/// [`UrlKind::ALL`]: crate::vocabulary::kind::UrlKind::ALL
/// [`ErrorKind::TooLongInText`]: crate::vocabulary::error::ErrorKind::TooLongInText
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extractor {
    pub(super) dialect: Dialect,
    pub(super) max_len: usize,
    pub(super) line_numbers: bool,
}

impl Default for Extractor {
    fn default() -> Extractor {
        Extractor::new()
    }
}

impl Extractor {
    /// The default limit on a URL's length in text: 64 KiB.
    pub const DEFAULT_MAX_LEN: usize = 64 * 1024;

    /// RFC 1738, the default limit, no line numbers.
    pub const fn new() -> Extractor {
        Extractor {
            dialect: Dialect::Rfc1738,
            max_len: Extractor::DEFAULT_MAX_LEN,
            line_numbers: false,
        }
    }

    /// Reads the URLs found by `dialect`'s grammar.
    pub const fn dialect(mut self, dialect: Dialect) -> Extractor {
        self.dialect = dialect;
        self
    }

    /// The longest URL (in bytes, inside its wrapper) looked for; at least 256 (a smaller
    /// value counts as 256). A stream is read holding at most two limits and four reads
    /// of 64 KiB in its buffer; with the URL found and its copies, a process reading one
    /// uses about five times the limit plus a few MB (measured with `rfc1738 extract`:
    /// 7.9 MB at 1 MiB, 85 MB at 16 MiB, 167 MB at 32 MiB, on a 40 MiB unbroken URL).
    pub const fn max_len(mut self, max_len: usize) -> Extractor {
        self.max_len = if max_len < 256 { 256 } else { max_len };
        self
    }

    /// The text has a line number (`1207.`) at the start of each line, as the numbered
    /// copy of draft-www-uri-00 does: where a URL runs across a line break, the next
    /// line's number is not part of it.
    pub const fn line_numbers(mut self, line_numbers: bool) -> Extractor {
        self.line_numbers = line_numbers;
        self
    }
}
