//! Parse errors a person can act on: where (byte offset, line, column, a caret under the
//! input), what the RFC expected there (in its own rule names) and why.

mod kind;

pub use kind::ErrorKind;

use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::shown::escape_controls;
use crate::vocabulary::window::{CONTEXT, floor_char_boundary, plain_bounds, window};
use std::borrow::Cow;
use std::fmt;

/// A URL that does not match the grammar of RFC 1738, with where and why.
///
/// `Display` writes one line, as an [`std::error::Error`] is expected to (`anyhow` and
/// `Box<dyn Error>` print it after their own `Error: `): the message, then where, as
/// `at line L, column C (byte B)`, and the production being read:
///
/// ```
/// let error = rfc1738::parse("http://info.cern.ch/hyper text").unwrap_err();
/// assert_eq!(error.offset(), 25);
/// assert_eq!(error.production(), Some("httpurl"));
/// assert_eq!(
///     error.to_string(),
///     "unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2) \
///      at line 1, column 26 (byte 25), in httpurl"
/// );
/// ```
///
/// The alternate form, `{:#}` (or [`ParseError::render`]), writes the block a person reads
/// in a terminal, as the `rfc1738` command prints it: the message, the position, the input
/// with a caret under the offending character, and what the RFC expected there.
///
/// ```
/// let error = rfc1738::parse("http://info.cern.ch/hyper text").unwrap_err();
/// assert_eq!(
///     format!("{error:#}"),
///     "\
/// error: unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2)
///  --> line 1, column 26 (byte 25), in httpurl
///   |
///   | http://info.cern.ch/hyper text
///   |                          ^
///   = expected: uchar, \"&\", \"/\", \":\", \";\", \"=\", \"?\", \"@\" or end of URL"
/// );
/// assert_eq!(error.render(), format!("{error:#}"));
/// ```
///
/// # Plain data
///
/// An error is complete when `parse` returns it: its kind, offset, line and column, the
/// production, the dialect, the expected list and the snippet of the input around the
/// offset (at most 40 characters each side). It keeps no copy of the input and runs
/// nothing when it is shown, compared or hashed. Finding it takes a second, tracing run of
/// the grammar: a program that only asks whether an input is valid calls
/// [`is_valid`](crate::is_valid) or [`is_valid_reference`](crate::is_valid_reference),
/// which look for no error.
///
/// ```
/// let error = rfc1738::parse("http://h/a b").unwrap_err();
/// assert_eq!(error.offset(), 10);
/// // An http path's segment goes on with a uchar or one of six reserved characters, a
/// // "/" starts the next segment, a "?" the search (hpath and hsegment, section 5).
/// assert_eq!(
///     error.expected(),
///     ["uchar", "\"&\"", "\"/\"", "\":\"", "\";\"", "\"=\"", "\"?\"", "\"@\"", "end of URL"]
/// );
/// assert!(!rfc1738::is_valid("http://h/a b"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError(Box<Details>);

/// The contents of a [`ParseError`]. Boxed, so that results stay small on the hot path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Details {
    kind: ErrorKind,
    offset: usize,
    /// `offset` in characters.
    char_offset: usize,
    line: usize,
    column: usize,
    production: Option<UrlKind>,
    /// Found in the fragment-id after `#`: the rule read is `fragmentid`, whatever URL
    /// came before it.
    in_fragmentid: bool,
    dialect: Dialect,
    /// The names expected: most of them `'static` (rule and class names, quoted
    /// characters), so that an error allocates no string per name.
    expected: Vec<Cow<'static, str>>,
    snippet: Snippet,
}

/// No `source`: the [`ErrorKind`]'s message is already in the one-line `Display`, and an
/// error should not say the same thing twice (anyhow's "Caused by:"). Reach the kind with
/// [`ParseError::kind`].
impl std::error::Error for ParseError {}

impl ParseError {
    /// [`ParseError::new`] with the expected list as names, most of them `'static` (rule
    /// and class names, quoted characters).
    pub(crate) fn with_names(
        input: &str,
        offset: usize,
        production: Option<UrlKind>,
        kind: ErrorKind,
        expected: Vec<Cow<'static, str>>,
    ) -> ParseError {
        let place = Place::of(input, offset);
        ParseError(Box::new(Details {
            kind,
            offset: place.offset,
            char_offset: place.char_offset,
            line: place.line,
            column: place.column,
            production,
            in_fragmentid: false,
            dialect: Dialect::Rfc1738,
            expected,
            snippet: place.snippet,
        }))
    }

    /// An error at byte `offset` of `input`, its expected names owned.
    pub(crate) fn new(
        input: &str,
        offset: usize,
        production: Option<UrlKind>,
        kind: ErrorKind,
        expected: Vec<String>,
    ) -> ParseError {
        let expected = expected.into_iter().map(Cow::Owned).collect();
        ParseError::with_names(input, offset, production, kind, expected)
    }

    /// The same error, found in a fragment-id (RFC 1630's `fragmentid`).
    pub(crate) fn in_fragmentid(mut self) -> ParseError {
        self.0.in_fragmentid = true;
        self
    }

    /// The same error, found by `dialect`'s grammar.
    pub(crate) fn in_dialect(mut self, dialect: Dialect) -> ParseError {
        self.0.dialect = dialect;
        self
    }

    /// The same error in `input`, of which the text that was parsed starts at `start`
    /// (in its box: only where it is and what is shown change).
    pub(crate) fn shifted(mut self, input: &str, start: usize) -> ParseError {
        let details = &mut *self.0;
        let place = Place::of(input, start + details.offset);
        details.offset = place.offset;
        details.char_offset = place.char_offset;
        details.line = place.line;
        details.column = place.column;
        details.snippet = place.snippet;
        self
    }

    /// The same error, found while reading a URL of `kind`.
    pub(crate) fn in_production(mut self, kind: UrlKind) -> ParseError {
        self.0.production = Some(kind);
        self
    }

    /// The dialect whose grammar found the error.
    pub fn dialect(&self) -> Dialect {
        self.0.dialect
    }

    /// Why the URL was rejected.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The message a person reads (the [`ErrorKind`]'s text).
    pub fn message(&self) -> String {
        self.0.kind.to_string()
    }

    /// The byte offset in the input where the error lies.
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// [`offset`](ParseError::offset) counted in characters (Unicode scalar values), for
    /// consumers whose strings index by character. The two differ only when a character
    /// outside US-ASCII comes before the offset.
    ///
    /// ```
    /// let error = rfc1738::parse("http://h/é").unwrap_err();
    /// assert_eq!((error.offset(), error.char_offset()), (9, 9));
    /// ```
    pub fn char_offset(&self) -> usize {
        self.0.char_offset
    }

    /// The line of the offset, counted from 1.
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// The column of the offset in characters, counted from 1.
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// The production being read, as the RFC names it (`httpurl`, `ftpurl`, ...,
    /// `genericurl`; `fragmentid` for an error in the fragment-id after `#`, RFC 1630's
    /// rule, whatever URL came before), or `None` when not even a scheme was found.
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let error = rfc1738::parse_reference("http://h/x#../y", Dialect::Rfc1738).unwrap_err();
    /// assert_eq!((error.production(), error.offset()), (Some("fragmentid"), 13));
    /// assert_eq!(error.expected(), ["xalpha", "end of URL"]);
    /// assert_eq!(error.url_kind(), Some(rfc1738::UrlKind::Http));
    /// ```
    pub fn production(&self) -> Option<&'static str> {
        let details = &self.0;
        if details.in_fragmentid {
            return Some("fragmentid");
        }
        details
            .production
            .map(|kind| kind.production_in(details.dialect))
    }

    /// The kind of URL being read, when a scheme was found.
    pub fn url_kind(&self) -> Option<UrlKind> {
        self.0.production
    }

    /// What the RFC allows at the offset: rule names (`uchar`, `port`), literals in double
    /// quotes (`"/"`), and `end of URL`.
    pub fn expected(&self) -> &[Cow<'static, str>] {
        &self.0.expected
    }
}

impl ParseError {
    /// The error as a block of lines a person reads in a terminal: the message, the
    /// position, the input with a caret under the offending character, and what the RFC
    /// expected there. The same text as `format!("{error:#}")`; `format!("{error}")` is one
    /// line.
    ///
    /// ```
    /// let error = rfc1738::parse("ftp://h/f;type=x").unwrap_err();
    /// let block = error.render();
    /// assert!(block.starts_with("error: "));
    /// assert!(block.ends_with("= expected: ftptype"));
    /// assert!(!error.to_string().contains('\n'));
    /// ```
    pub fn render(&self) -> String {
        format!("{self:#}")
    }

    /// Where the error is, after `lead`: `line L, column C (byte B)`, then `, in
    /// <production>` when a scheme was found (the one-line form and the block share it).
    fn write_place(&self, f: &mut fmt::Formatter<'_>, lead: &str) -> fmt::Result {
        let details = &self.0;
        write!(
            f,
            "{lead}line {}, column {} (byte {})",
            details.line, details.column, details.offset
        )?;
        if let Some(production) = self.production() {
            write!(f, ", in {production}")?;
        }
        Ok(())
    }

    /// [`expected`](ParseError::expected) as a phrase: `a`, `a or b`, `a, b or c`; empty
    /// when nothing is expected. What the rendered block says after `= expected:`.
    ///
    /// ```
    /// let error = rfc1738::parse("gopher://h/1a b").unwrap_err();
    /// assert_eq!(error.expected_phrase(), "xchar, \"%09\" or end of URL");
    /// ```
    pub fn expected_phrase(&self) -> String {
        join_alternatives(&self.0.expected)
    }

    /// The block of [`ParseError::render`].
    fn write_block(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let details = &self.0;
        writeln!(f, "error: {}", escape_controls(&details.kind.to_string()))?;
        self.write_place(f, " --> ")?;
        writeln!(f, "\n  |")?;
        writeln!(f, "  | {}", details.snippet.text)?;
        write!(f, "  | {:>width$}", "^", width = details.snippet.caret + 1)?;
        if !details.expected.is_empty() {
            let expected = join_alternatives(&details.expected);
            write!(f, "\n  = expected: {expected}")?;
        }
        Ok(())
    }
}

impl fmt::Display for ParseError {
    /// One line: `<message> at line L, column C (byte B)`, then `, in <production>` when a
    /// scheme was found; control characters the message quotes from the input are written
    /// escaped (`\x0a`, as [`escape_controls`] writes them). With `{:#}`, the block of [`ParseError::render`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.write_block(f);
        }
        // A message quotes input (an invalid escape's characters), which may hold a line
        // break: control characters are written escaped, to keep the line one.
        let details = &self.0;
        f.write_str(&escape_controls(&details.kind.to_string()))?;
        self.write_place(f, " at ")
    }
}

/// "a", "a or b", "a, b or c".
fn join_alternatives(items: &[impl AsRef<str>]) -> String {
    let mut joined = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            joined.push_str(if i + 1 == items.len() { " or " } else { ", " });
        }
        joined.push_str(item.as_ref());
    }
    joined
}

/// Texts up to this length are searched eight bytes at a time (`rfc1738_words`), longer
/// ones by `memchr`, whose set-up costs more than a URL's search but whose search is
/// faster over a long text.
const SHORT: usize = 256;

/// Where the first line feed of `bytes` is.
fn first_line_feed(bytes: &[u8]) -> Option<usize> {
    if bytes.len() <= SHORT {
        rfc1738_words::find_byte(bytes, b'\n')
    } else {
        memchr::memchr(b'\n', bytes)
    }
}

/// Where the last line feed of `bytes` is.
fn last_line_feed(bytes: &[u8]) -> Option<usize> {
    if bytes.len() <= SHORT {
        rfc1738_words::rfind_byte(bytes, b'\n')
    } else {
        memchr::memrchr(b'\n', bytes)
    }
}

/// Where an error is in its input, and what of it is shown.
struct Place {
    offset: usize,
    char_offset: usize,
    line: usize,
    column: usize,
    snippet: Snippet,
}

impl Place {
    /// The place of byte `offset` of `input` (the start of its character; the end at most).
    #[inline(always)]
    fn of(input: &str, offset: usize) -> Place {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        let before = &input[..offset];
        // Most inputs are one line: no count of line breaks when there is none before.
        let line_start = last_line_feed(before.as_bytes()).map_or(0, |i| i + 1);
        let line = if line_start == 0 {
            1
        } else {
            before.matches('\n').count() + 1
        };
        let chars = |text: &str| {
            if text.is_ascii() {
                text.len()
            } else {
                text.chars().count()
            }
        };
        let column = chars(&input[line_start..offset]) + 1;
        let char_offset = chars(&input[..line_start]) + column - 1;
        Place {
            offset,
            char_offset,
            line,
            column,
            snippet: Snippet::new(input, line_start, offset),
        }
    }
}

/// The part of the input shown under the message: the offending line, cut to a window
/// around the offset, with characters that would break the caret's alignment replaced.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Snippet {
    text: SnippetText,
    /// The caret's column in `text`, counted in characters from 0.
    caret: usize,
}

impl Snippet {
    fn new(input: &str, line_start: usize, offset: usize) -> Snippet {
        let line_end =
            first_line_feed(&input.as_bytes()[offset..]).map_or(input.len(), |i| offset + i);
        let line = &input[line_start..line_end];
        let at = offset - line_start;
        // A window of printable ASCII (most) is written straight into the error.
        if let Some((from, to)) = plain_bounds(line, at, at) {
            let mut text = SnippetText::EMPTY;
            if from > 0 {
                text.push("…");
            }
            text.push(&line[from..to]);
            if to < line.len() {
                text.push("…");
            }
            let caret = usize::from(from > 0) + at - from;
            return Snippet { text, caret };
        }
        let (text, caret, _) = window(line, at..at);
        Snippet {
            text: SnippetText::from(text),
            caret,
        }
    }
}

/// Bytes of a snippet held in the error itself: a plain window (at most [`CONTEXT`]
/// characters each side and two `…`, [`plain_bounds`]) always fits.
const INLINE: usize = 2 * CONTEXT + 8;

/// A snippet's text: in the error itself when it fits, so that an error is one allocation
/// less (its box is allocated anyway), else on the heap. Which one depends on the text's
/// length alone, and the bytes after an inline text are zero: equal texts are equal values.
#[derive(Clone, PartialEq, Eq, Hash)]
enum SnippetText {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl SnippetText {
    const EMPTY: SnippetText = SnippetText::Inline {
        len: 0,
        bytes: [0; INLINE],
    };

    /// Appends `text`, which fits (the plain window's bounds keep it inside [`INLINE`]).
    fn push(&mut self, text: &str) {
        if let SnippetText::Inline { len, bytes } = self {
            let start = usize::from(*len);
            let end = start + text.len();
            debug_assert!(end <= INLINE, "a plain window fits");
            if let (Some(room), Ok(new_len)) = (bytes.get_mut(start..end), u8::try_from(end)) {
                room.copy_from_slice(text.as_bytes());
                *len = new_len;
                return;
            }
        }
        // Not reached for a plain window; any other text is kept whole.
        let mut whole = self.as_str().to_owned();
        whole.push_str(text);
        *self = SnippetText::Heap(whole.into_boxed_str());
    }

    fn as_str(&self) -> &str {
        match self {
            // Whole characters copied from a `str`: always UTF-8.
            SnippetText::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            SnippetText::Heap(text) => text,
        }
    }
}

impl From<String> for SnippetText {
    fn from(text: String) -> SnippetText {
        let mut inline = SnippetText::EMPTY;
        if text.len() <= INLINE {
            inline.push(&text);
            inline
        } else {
            SnippetText::Heap(text.into_boxed_str())
        }
    }
}

impl fmt::Display for SnippetText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SnippetText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// The error object of every report (`parse --json`, `lint`, `extract`, `request`, the
/// corpus): `code`, `offset`, `char_offset`, `expected`, `message`, in that order. One
/// serialization of an error, written by every report that holds one (feature `serde`).
///
/// ```
/// let error = rfc1738::parse("http://info.cern.ch:70000/").unwrap_err();
/// assert_eq!(
///     serde_json::to_string(&error).unwrap(),
///     r#"{"code":"port-out-of-range","offset":20,"char_offset":20,"expected":["port"],"message":"port 70000 is out of range: a port is at most 65535"}"#
/// );
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for ParseError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("code", self.kind().code())?;
        map.serialize_entry("offset", &self.offset())?;
        map.serialize_entry("char_offset", &self.char_offset())?;
        map.serialize_entry("expected", self.expected())?;
        map.serialize_entry("message", &self.message())?;
        map.end()
    }
}

/// Shortens a long run of digits for a message (`1234567890…` with the count).
pub(crate) fn abbreviate(digits: &str) -> String {
    const SHOWN: usize = 20;
    if digits.len() <= SHOWN {
        digits.to_owned()
    } else {
        format!("{}… ({} digits)", &digits[..SHOWN], digits.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn counts_lines_and_columns_in_characters() {
        let error = ParseError::new("ab\ncé d", 7, None, ErrorKind::UnexpectedEnd, vec![]);
        assert_eq!((error.line(), error.column()), (2, 4));
    }

    #[test]
    fn a_long_line_is_windowed_around_the_offset() {
        let input = format!("http://{}/ {}", "a".repeat(100), "b".repeat(100));
        let error = ParseError::new(&input, 108, None, ErrorKind::UnexpectedEnd, vec![]);
        let text = error.render();
        let shown: Vec<&str> = text.lines().skip(3).take(2).collect();
        assert_eq!(
            shown[0],
            format!("  | …{}/ {}…", "a".repeat(39), "b".repeat(39))
        );
        assert_eq!(shown[1], format!("  | {}^", " ".repeat(41)));
    }

    #[test]
    fn control_characters_are_escaped_and_keep_the_caret_aligned() {
        let error = ParseError::new("a\tb c", 4, None, ErrorKind::UnexpectedEnd, vec![]);
        assert!(error.render().contains("  | a\\x09b c\n  |        ^"));
        let error = ParseError::new("\x1b[2J\u{9b}x", 6, None, ErrorKind::UnexpectedEnd, vec![]);
        assert!(
            error
                .render()
                .contains("  | \\x1b[2J\\u{9b}x\n  |              ^")
        );
        // A span of control characters is as wide as their escapes.
        let (shown, column, width) = window("ab\x07\x07cd", 2..4);
        assert_eq!((shown.as_str(), column, width), ("ab\\x07\\x07cd", 2, 8));
    }

    #[test]
    fn an_offset_inside_a_character_moves_to_its_start() {
        let error = ParseError::new("é", 1, None, ErrorKind::UnexpectedEnd, vec![]);
        assert_eq!(error.offset(), 0);
    }

    #[test]
    fn static_names_are_the_strings_they_stand_for() {
        use std::hash::{BuildHasher, RandomState};
        let names = vec![Cow::Borrowed("uchar"), Cow::Borrowed("\"/\"")];
        let strings = vec!["uchar".to_owned(), "\"/\"".to_owned()];
        let by_names = ParseError::with_names("a b", 1, None, ErrorKind::UnexpectedEnd, names);
        let by_strings = ParseError::new("a b", 1, None, ErrorKind::UnexpectedEnd, strings.clone());
        let hasher = RandomState::new();
        assert_eq!(hasher.hash_one(&by_names), hasher.hash_one(&by_strings));
        assert_eq!(
            hasher.hash_one(&by_names.0.expected),
            hasher.hash_one(&strings)
        );
        assert_eq!(format!("{:?}", by_names.0.expected), format!("{strings:?}"));
        assert_eq!(by_names, by_strings);
        assert_eq!(by_names.expected(), strings);
        // Equal whether or not the strings were made.
        assert_eq!(by_names, by_strings.clone());
        assert_eq!(by_names.render(), by_strings.render());
    }

    /// A stand-in diagnosis: the end of the input is unexpected. Counts its runs.
    fn unexpected_end(input: &str) -> ParseError {
        let expected = vec![Cow::Borrowed("xchar")];
        ParseError::with_names(input, input.len(), None, ErrorKind::UnexpectedEnd, expected)
    }

    #[test]
    fn an_error_shifted_into_its_whole_input_is_placed_there() {
        let whole = "URL:http://h/a\u{e9} b#top";
        let url = &whole[4..whole.find('#').unwrap_or(whole.len())];
        let shifted = unexpected_end(url).shifted(whole, 4);
        assert_eq!(
            (shifted.offset(), shifted.char_offset(), shifted.column()),
            (18, 17, 18)
        );
        let expected = vec![Cow::Borrowed("xchar")];
        let in_whole = ParseError::with_names(whole, 18, None, ErrorKind::UnexpectedEnd, expected);
        assert_eq!(shifted, in_whole);
        assert_eq!(shifted.render(), in_whole.render());
        // Shifted twice, as a reference inside a longer text would be.
        let text = format!("see {whole}");
        let twice = unexpected_end(url).shifted(whole, 4).shifted(&text, 4);
        assert_eq!(twice, unexpected_end(url).shifted(&text, 8));
        // The dialect and the production go along.
        let error = unexpected_end(url)
            .in_dialect(Dialect::Rfc1630)
            .in_production(UrlKind::Http)
            .shifted(whole, 4);
        assert_eq!(
            (error.dialect(), error.url_kind()),
            (Dialect::Rfc1630, Some(UrlKind::Http))
        );
    }

    #[test]
    fn an_error_is_one_word_and_can_be_sent_shared_and_unwound() {
        fn assert_traits<T: Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
        assert_traits::<ParseError>();
        assert_eq!(
            std::mem::size_of::<ParseError>(),
            std::mem::size_of::<usize>()
        );
    }

    #[test]
    fn an_error_keeps_a_window_of_its_input_whatever_its_size() {
        for len in [10, 4096, 4097, 1 << 20] {
            let input = format!("http://h/{}", "a".repeat(len));
            let error = unexpected_end(&input);
            assert_eq!(error.offset(), input.len());
            // The snippet's window: at most 40 characters each side of the offset.
            let Details { snippet, .. } = &*error.0;
            assert!(
                snippet.text.as_str().chars().count() <= 81,
                "{len}: {:?}",
                snippet.text
            );
            assert_eq!(error.clone(), error);
        }
    }

    #[test]
    fn alternatives_are_joined_with_or() {
        let items = ["a", "b", "c"].map(String::from);
        assert_eq!(join_alternatives(&items), "a, b or c");
        assert_eq!(join_alternatives(&items[..1]), "a");
    }
}
