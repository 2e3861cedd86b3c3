//! URLs in running text: finding them as RFC 1738's appendix ("Recommendations for URLs in
//! Context") says they are written, in a `&str` or in a stream of any size.
//!
//! Three ways of writing a URL are found:
//! - `<URL:...>`, the recommended wrapper (any scheme);
//! - `<...>` around a URL of a known scheme;
//! - bare, a known scheme and `:` at the start of a word, up to whitespace.
//!
//! The appendix's rules: whitespace (spaces, tabs, line breaks) inside a wrapper is not
//! part of the URL; at a line break right after a hyphen, the whitespace around the break
//! is not part of it either, and "the hyphen may or may not actually be part of the URL":
//! the URL is reported with the hyphen, flagged, and the reading without it is given too.
//! A `#fragment` may follow the URL inside the brackets. See [`Extractor`] for every choice
//! where the appendix is silent; two of them say where a URL may be:
//! - **where a scheme may begin**: a bare URL's scheme (or its `URL:`) begins at the start
//!   of the text or after any byte but a scheme character (a letter, a digit, `+`, `-`,
//!   `.`: glued, they make one longer name, `x-http`, another scheme) and `_` (a name
//!   glued to an identifier, `FILE` in `DEFAULT_INDEX_FILE:`, is no scheme). So
//!   `DEFAULT_INDEX_FILE:http://h/` holds `http://h/`, and `(http://h/)`, `"http://h/"`,
//!   `=http://h/`, `/http://h/`, `:http://h/` do too; `x-http://h/` and `a.ftp://h/` hold
//!   none. A wrapper begins at its `<`, whatever is before it.
//! - **an invalid finding hides no valid URL**: a valid URL whose scheme (or `URL:`)
//!   starts inside an invalid finding is reported too, after it, the two spans
//!   overlapping (`FILE:http://h/a`: the invalid file URL, then `http://h/a`). Findings
//!   come in the order of their starts, and none starts inside a valid one.

use crate::vocabulary::dialect::{Dialect, PREFIX};
use crate::vocabulary::scheme::{is_scheme_char, scheme_run_end, scheme_run_start};

use crate::facade::parse_reference;

use crate::ast::reference::UrlReference;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};

/// How a URL was written in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wrapper {
    /// `<URL:...>`: the wrapper RFC 1738's appendix recommends.
    Url,
    /// `<...>` around a URL of a known scheme (draft-ietf-uri-url-03 wraps URLs so).
    Angle,
    /// No wrapper: a known scheme at the start of a word, up to whitespace, without
    /// trailing punctuation. The text around it decides where it ends, so it is flagged.
    Bare,
    /// `<URL:` or `<` and a known scheme, never closed by `>` (before a blank line, another
    /// `<`, or the length limit): damaged text. The URL is read as a bare one from there.
    Unclosed,
}

impl Wrapper {
    /// The name used in JSON: `url`, `angle`, `bare` or `unclosed`.
    pub fn name(self) -> &'static str {
        match self {
            Wrapper::Url => "url",
            Wrapper::Angle => "angle",
            Wrapper::Bare => "bare",
            Wrapper::Unclosed => "unclosed",
        }
    }
}

impl fmt::Display for Wrapper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A URL found in a text.
///
/// ```
/// use rfc1738::{extract, UrlKind, Wrapper};
///
/// let text = "See <URL:ftp://ds.internic.net/internet-drafts\n   /draft-ietf-uri-irl-fun-req-02.txt> now.";
/// let found: Vec<_> = extract(text).collect();
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].wrapper(), Wrapper::Url);
/// assert_eq!(found[0].url(), "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt");
/// assert_eq!(found[0].kind(), Some(UrlKind::Ftp));
/// assert_eq!(&text[found[0].span()], found[0].found());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'t> {
    start: u64,
    end: u64,
    line: u64,
    column: u64,
    chars: CharPosition,
    found: Cow<'t, str>,
    url: Cow<'t, str>,
    wrapper: Wrapper,
    prefixed: bool,
    alternative: Option<String>,
    verdict: Result<UrlKind, ParseError>,
    dialect: Dialect,
    /// The found text's bytes, when they are not UTF-8.
    found_bytes: Option<Box<[u8]>>,
}

impl<'t> Found<'t> {
    /// The byte offset in the text where the found text starts (at `<` for a wrapper).
    pub fn start(&self) -> u64 {
        self.start
    }

    /// The byte offset in the text just after the found text (after `>` for a wrapper).
    pub fn end(&self) -> u64 {
        self.end
    }

    /// `start..end` as a range, to slice the text that was searched.
    pub fn span(&self) -> std::ops::Range<usize> {
        // An in-memory text is indexed by usize, so its offsets fit.
        usize::try_from(self.start).unwrap_or(usize::MAX)
            ..usize::try_from(self.end).unwrap_or(usize::MAX)
    }

    /// The line (from 1) of the start.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The column (from 1, in bytes) of the start.
    pub fn column(&self) -> u64 {
        self.column
    }

    /// [`start`](Found::start) counted in characters (Unicode scalar values) instead of
    /// bytes, for consumers whose strings index by character. In a text that is not UTF-8,
    /// every byte that does not continue a UTF-8 sequence counts as one character.
    ///
    /// ```
    /// let text = "Voilà: <URL:http://h/>";
    /// let found = rfc1738::extract(text).next().unwrap();
    /// assert_eq!((found.start(), found.char_start()), (8, 7));
    /// assert_eq!((found.column(), found.char_column()), (9, 8));
    /// ```
    pub fn char_start(&self) -> u64 {
        self.chars.start
    }

    /// [`end`](Found::end) counted in characters, as [`char_start`](Found::char_start).
    pub fn char_end(&self) -> u64 {
        self.chars.end
    }

    /// [`column`](Found::column) counted in characters (from 1), as
    /// [`char_start`](Found::char_start).
    pub fn char_column(&self) -> u64 {
        self.chars.column
    }

    /// The text as found, wrapper and whitespace included. From a stream, octets that are
    /// not UTF-8 show as U+FFFD ([`found_bytes`](Found::found_bytes) keeps them).
    pub fn found(&self) -> &str {
        &self.found
    }

    /// The found text's bytes when they are not UTF-8 (from a stream), which
    /// [`found`](Found::found) shows with U+FFFD; `None` when they are.
    ///
    /// ```
    /// let text: &[u8] = b"see <URL:http://h/caf\xe9>";
    /// let found = rfc1738::extract_reader(text).next().unwrap().unwrap();
    /// assert_eq!(found.found(), "<URL:http://h/caf\u{fffd}>");
    /// assert_eq!(found.found_bytes(), Some(&b"<URL:http://h/caf\xe9>"[..]));
    /// ```
    pub fn found_bytes(&self) -> Option<&[u8]> {
        self.found_bytes.as_deref()
    }

    /// The URL: the wrapper (and the prefix `URL:`) removed, the whitespace inside deleted,
    /// a hyphen at a line break kept (see [`alternative`](Found::alternative)).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// How the URL was written.
    pub fn wrapper(&self) -> Wrapper {
        self.wrapper
    }

    /// Whether the prefix `URL:` was written (always for [`Wrapper::Url`]).
    pub fn is_prefixed(&self) -> bool {
        self.prefixed
    }

    /// Whether the URL ran across a line break right after a hyphen: the hyphen may or may
    /// not belong to it (RFC 1738 appendix).
    pub fn hyphen_break(&self) -> bool {
        self.alternative.is_some()
    }

    /// The other reading when [`hyphen_break`](Found::hyphen_break): the URL without the
    /// hyphens written at line breaks.
    pub fn alternative(&self) -> Option<&str> {
        self.alternative.as_deref()
    }

    /// Whether [`url`](Found::url) is a valid URL reference in the extractor's dialect.
    pub fn is_valid(&self) -> bool {
        self.verdict.is_ok()
    }

    /// The kind of URL, when it is valid.
    pub fn kind(&self) -> Option<UrlKind> {
        self.verdict.as_ref().ok().copied()
    }

    /// Why the URL is not valid (offsets are in [`url`](Found::url)).
    pub fn error(&self) -> Option<&ParseError> {
        self.verdict.as_ref().err()
    }

    /// The dialect the URL was read by.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The typed URL reference, read again from [`url`](Found::url).
    pub fn reference(&self) -> Result<UrlReference<'_>, ParseError> {
        parse_reference(&self.url, self.dialect)
    }

    /// The same finding, owning its text.
    pub fn into_owned(self) -> Found<'static> {
        Found {
            found: Cow::Owned(self.found.into_owned()),
            url: Cow::Owned(self.url.into_owned()),
            ..self
        }
    }
}

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extractor {
    dialect: Dialect,
    max_len: usize,
    line_numbers: bool,
}

impl Default for Extractor {
    fn default() -> Extractor {
        Extractor::new()
    }
}

/// The bytes read from a stream at a time.
const CHUNK: usize = 64 * 1024;

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

    /// The URLs in `text`, in order of their starts (a valid URL inside an invalid one
    /// comes after it).
    pub fn extract<'t>(&self, text: &'t str) -> Extract<'t> {
        Extract {
            extractor: *self,
            text,
            scanner: Scanner::new(*self),
            lines: LineCounter::default(),
        }
    }

    /// The URLs in a stream, in order of their starts, reading it piece by piece: memory
    /// stays bounded by the length limit, whatever the stream's size. The findings are
    /// those of [`extract`](Extractor::extract) on the whole text, however the stream
    /// hands it out.
    pub fn extract_reader<R: Read>(&self, reader: R) -> ExtractReader<R> {
        ExtractReader {
            extractor: *self,
            reader,
            buffer: Vec::new(),
            filled: 0,
            base: 0,
            eof: false,
            failed: false,
            scanner: Scanner::new(*self),
            lines: LineCounter::default(),
            high_water: 0,
        }
    }
}

/// The URLs in `text`, by RFC 1738 with the default limit; see [`Extractor`].
///
/// ```
/// let text = "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n\
///             see also http://info.cern.ch/hypertext/WWW/TheProject.html.";
/// let urls: Vec<_> = rfc1738::extract(text).map(|found| found.url().to_owned()).collect();
/// assert_eq!(urls, ["ftp://ftp.w3.org/pub/www/doc", "http://info.cern.ch/hypertext/WWW/TheProject.html"]);
/// ```
pub fn extract(text: &str) -> Extract<'_> {
    Extractor::new().extract(text)
}

/// The URLs in a stream, by RFC 1738 with the default limit; see [`Extractor`].
///
/// ```
/// let text: &[u8] = b"mail <URL:mailto:timbl@info.cern.ch> or telnet://info.cern.ch/";
/// let found: Vec<_> = rfc1738::extract_reader(text).collect::<Result<_, _>>().unwrap();
/// assert_eq!(found.len(), 2);
/// assert_eq!(found[1].url(), "telnet://info.cern.ch/");
/// ```
pub fn extract_reader<R: Read>(reader: R) -> ExtractReader<R> {
    Extractor::new().extract_reader(reader)
}

/// The URLs of a `&str`: see [`Extractor::extract`].
#[derive(Debug, Clone)]
pub struct Extract<'t> {
    extractor: Extractor,
    text: &'t str,
    scanner: Scanner,
    lines: LineCounter,
}

impl<'t> Iterator for Extract<'t> {
    type Item = Found<'t>;

    fn next(&mut self) -> Option<Found<'t>> {
        let bytes = self.text.as_bytes();
        match self.scanner.step(bytes, true) {
            Step::Found(candidate) => {
                let position = self.lines.advance(bytes, candidate.start, candidate.end);
                let found = self.text.get(candidate.start..candidate.end).unwrap_or("");
                let url = candidate.url_text(self.text);
                Some(self.extractor.finish(
                    candidate,
                    &mut self.scanner,
                    0,
                    position,
                    found.into(),
                    url,
                ))
            }
            Step::NeedMore { .. } | Step::End => None,
        }
    }
}

/// The URLs of a stream: see [`Extractor::extract_reader`]. Yields an error (once, then
/// stops) when reading fails.
#[derive(Debug)]
pub struct ExtractReader<R> {
    extractor: Extractor,
    reader: R,
    /// The unread part of the stream held in memory: `buffer[0]` is at offset `base`.
    buffer: Vec<u8>,
    /// The bytes of `buffer` read (the rest is room for the next read, zeroed once).
    filled: usize,
    base: u64,
    eof: bool,
    failed: bool,
    scanner: Scanner,
    lines: LineCounter,
    high_water: usize,
}

impl<R> ExtractReader<R> {
    /// The most bytes held in memory at once so far: bounded by the length limit and the
    /// read size, whatever the stream's size.
    pub fn high_water(&self) -> usize {
        self.high_water
    }

    /// Drops the bytes before `keep` (a buffer offset), counting their lines.
    fn discard(&mut self, keep: usize) {
        let keep = keep.min(self.filled);
        self.lines.advance(&self.buffer[..self.filled], keep, keep);
        self.lines.rebase(keep);
        self.scanner.rebase(keep);
        self.buffer.copy_within(keep..self.filled, 0);
        self.filled -= keep;
        self.base += keep as u64;
    }
}

impl<R: Read> ExtractReader<R> {
    /// Reads more of the stream; a bigger piece when the buffer holds one unfinished URL, so
    /// that a long URL is scanned a bounded number of times.
    fn fill(&mut self) -> io::Result<()> {
        let want = CHUNK.max(self.filled);
        let old = self.filled;
        if self.buffer.len() < old + want {
            self.buffer.resize(old + want, 0);
        }
        let read = loop {
            match self.reader.read(&mut self.buffer[old..old + want]) {
                Ok(read) => break read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(error);
                }
            }
        };
        self.filled = old + read;
        self.eof = read == 0;
        self.high_water = self.high_water.max(self.buffer.capacity());
        Ok(())
    }
}

impl<R: Read> Iterator for ExtractReader<R> {
    type Item = io::Result<Found<'static>>;

    fn next(&mut self) -> Option<io::Result<Found<'static>>> {
        if self.failed {
            return None;
        }
        loop {
            let buffer = &self.buffer[..self.filled];
            match self.scanner.step(buffer, self.eof) {
                Step::Found(candidate) => {
                    let position = self.lines.advance(buffer, candidate.start, candidate.end);
                    let bytes = &buffer[candidate.start..candidate.end];
                    let found_bytes = std::str::from_utf8(bytes).is_err().then(|| bytes.into());
                    let found = String::from_utf8_lossy(bytes).into_owned();
                    let url = Cow::Owned(candidate.url_bytes_lossy(buffer));
                    let mut found = self.extractor.finish(
                        candidate,
                        &mut self.scanner,
                        self.base,
                        position,
                        Cow::Owned(found),
                        url,
                    );
                    found.found_bytes = found_bytes;
                    return Some(Ok(found));
                }
                Step::End => return None,
                Step::NeedMore { keep } => {
                    self.discard(keep);
                    if let Err(error) = self.fill() {
                        self.failed = true;
                        return Some(Err(error));
                    }
                }
            }
        }
    }
}

impl Extractor {
    /// A candidate made a finding: the URL read by the dialect's grammar, and the verdict
    /// told to the scanner (which searches inside an invalid finding).
    fn finish<'t>(
        &self,
        candidate: Candidate,
        scanner: &mut Scanner,
        base: u64,
        position: Position,
        found: Cow<'t, str>,
        url: Cow<'t, str>,
    ) -> Found<'t> {
        let verdict = if candidate.truncated {
            let kind = ErrorKind::TooLongInText {
                limit: self.max_len,
            };
            Err(ParseError::new(&url, url.len(), None, kind, Vec::new()).in_dialect(self.dialect))
        } else {
            parse_reference(&url, self.dialect).map(|reference| reference.url().kind())
        };
        scanner.settle(verdict.is_ok());
        let alternative = (!candidate.hyphens.is_empty()).then(|| {
            // One pass: the hyphens are in order, each a one-byte character.
            let mut alternative = String::with_capacity(url.len());
            let mut hyphens = candidate.hyphens.iter().peekable();
            for (at, c) in url.char_indices() {
                if hyphens.next_if(|&&hyphen| hyphen == at).is_some() && c == '-' {
                    continue;
                }
                alternative.push(c);
            }
            alternative
        });
        Found {
            start: base + candidate.start as u64,
            end: base + candidate.end as u64,
            line: position.line,
            column: position.column,
            chars: position.chars,
            found,
            url,
            wrapper: candidate.wrapper,
            prefixed: candidate.prefixed,
            alternative,
            verdict,
            dialect: self.dialect,
            found_bytes: None,
        }
    }
}

/// Where a finding is: its line and column (from 1, the column in bytes) and the same
/// place counted in characters.
#[derive(Debug, Clone, Copy)]
struct Position {
    line: u64,
    column: u64,
    chars: CharPosition,
}

/// A finding's start, end and column counted in characters (bytes that do not continue a
/// UTF-8 sequence), from 0 (`start`, `end`) or 1 (`column`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct CharPosition {
    start: u64,
    end: u64,
    column: u64,
}

/// The characters of `bytes`: the bytes that do not continue a UTF-8 sequence.
fn count_chars(bytes: &[u8]) -> u64 {
    count_lines_and_chars(bytes).1
}

/// The line feeds and the characters of `bytes` (as [`count_chars`]), in one pass: lanes
/// of byte-wide counters, each taking one byte of every 32 and emptied before it can
/// overflow, a loop the compiler turns into vector instructions (a continuation byte,
/// 0b10xxxxxx, is below -64 as a signed byte).
fn count_lines_and_chars(bytes: &[u8]) -> (u64, u64) {
    const LANES: usize = 32;
    /// Rounds of `LANES` bytes a byte-wide counter can take without overflowing.
    const ROUNDS: usize = 255;
    let (mut lines, mut continuations) = (0u64, 0u64);
    let whole = bytes.len() / LANES * LANES;
    for stretch in bytes[..whole].chunks(LANES * ROUNDS) {
        let (mut line_lanes, mut continuation_lanes) = ([0u8; LANES], [0u8; LANES]);
        for block in stretch.chunks_exact(LANES) {
            for lane in 0..LANES {
                line_lanes[lane] += u8::from(block[lane] == b'\n');
                continuation_lanes[lane] += u8::from((block[lane] as i8) < -64);
            }
        }
        lines += line_lanes
            .iter()
            .map(|&count| u64::from(count))
            .sum::<u64>();
        continuations += continuation_lanes
            .iter()
            .map(|&count| u64::from(count))
            .sum::<u64>();
    }
    for &byte in &bytes[whole..] {
        lines += u64::from(byte == b'\n');
        continuations += u64::from((byte as i8) < -64);
    }
    (lines, bytes.len() as u64 - continuations)
}

/// Counts lines (and characters) up to each finding, without going over the same bytes
/// twice.
#[derive(Debug, Clone, Copy, Default)]
struct LineCounter {
    /// Lines (line feeds) seen before `counted`, and where the current line starts.
    line: u64,
    counted: usize,
    line_start: usize,
    /// The current line started before the buffer held it: columns count from there.
    carried: u64,
    /// Characters before `counted`, and before the current line's start, from the start of
    /// the text.
    chars: u64,
    line_start_chars: u64,
}

impl LineCounter {
    /// Counts `bytes[self.counted..start]`; returns where the finding `start..end` is.
    fn advance(&mut self, bytes: &[u8], start: usize, end: usize) -> Position {
        let to = start.min(bytes.len());
        if to > self.counted {
            let span = &bytes[self.counted..to];
            let (lines, chars) = count_lines_and_chars(span);
            self.chars += chars;
            if let Some(last) = memchr::memrchr(b'\n', span).filter(|_| lines > 0) {
                self.line += lines;
                self.line_start = self.counted + last + 1;
                self.line_start_chars = self.chars - count_chars(&span[last + 1..]);
                self.carried = 0;
            }
            self.counted = to;
        }
        // Findings come in order, so `to` is `counted` (a finding that started before the
        // last one would count back from it).
        let chars_at = self.chars - count_chars(&bytes[to..self.counted]);
        let column = self.carried + (to.saturating_sub(self.line_start)) as u64;
        let char_start = chars_at;
        let char_end = char_start + count_chars(&bytes[to..end.clamp(to, bytes.len())]);
        Position {
            line: self.line + 1,
            column: column + 1,
            chars: CharPosition {
                start: char_start,
                end: char_end,
                column: char_start.saturating_sub(self.line_start_chars) + 1,
            },
        }
    }

    /// The buffer lost its first `dropped` bytes (all counted).
    fn rebase(&mut self, dropped: usize) {
        if self.line_start <= dropped {
            self.carried += (dropped - self.line_start) as u64;
            self.line_start = 0;
        } else {
            self.line_start -= dropped;
        }
        self.counted = self.counted.saturating_sub(dropped);
    }
}

/// One finding, as offsets in the scanned bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Candidate {
    start: usize,
    end: usize,
    /// The URL: `pieces` of the bytes, joined (whitespace and line numbers left out).
    pieces: Vec<(usize, usize)>,
    /// Offsets in the joined URL of hyphens written at line breaks.
    hyphens: Vec<usize>,
    wrapper: Wrapper,
    prefixed: bool,
    truncated: bool,
}

impl Candidate {
    /// Where the URL starts in the bytes (after the wrapper's head, `URL:` and
    /// whitespace); the end of the found text when the URL is empty.
    fn url_start(&self) -> usize {
        self.pieces.first().map_or(self.end, |&(start, _)| start)
    }

    /// The URL's text: borrowed when it is one piece of `text`.
    fn url_text<'t>(&self, text: &'t str) -> Cow<'t, str> {
        match self.pieces.as_slice() {
            [] => Cow::Borrowed(""),
            &[(start, end)] => Cow::Borrowed(text.get(start..end).unwrap_or("")),
            pieces => Cow::Owned(
                pieces
                    .iter()
                    .map(|&(start, end)| text.get(start..end).unwrap_or(""))
                    .collect(),
            ),
        }
    }

    /// The URL's text from bytes, U+FFFD for what is not UTF-8.
    fn url_bytes_lossy(&self, bytes: &[u8]) -> String {
        if let &[(start, end)] = self.pieces.as_slice() {
            return String::from_utf8_lossy(&bytes[start..end]).into_owned();
        }
        let mut joined = Vec::with_capacity(self.pieces.iter().map(|&(s, e)| e - s).sum());
        for &(start, end) in &self.pieces {
            joined.extend_from_slice(&bytes[start..end]);
        }
        // One copy: the joined bytes become the string when they are UTF-8.
        String::from_utf8(joined)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
    }
}

/// What the scanner made of the bytes it was given.
#[derive(Debug)]
enum Step {
    /// A finding; the scanner continues after it.
    Found(Candidate),
    /// The bytes end before the scanner can decide: bytes before `keep` are done with.
    NeedMore { keep: usize },
    /// No more findings (only when the bytes are the end of the text).
    End,
}

/// The search's state between steps: where it is, and what the last finding left it to
/// do inside that finding.
#[derive(Debug, Clone, Copy)]
struct Scanner {
    extractor: Extractor,
    pos: usize,
    /// The byte before `pos` when the buffer no longer holds it.
    before: Option<u8>,
    /// The finding just returned, until its verdict is known ([`Scanner::settle`]).
    last: Option<Last>,
    /// Inside an invalid finding: the valid URLs that start in it are looked for.
    inside: Option<Inside>,
    /// A finding cut at the length limit: the end of its run is looked for first.
    seeking: Option<Seeking>,
}

/// What the search needs of a finding once its verdict is known.
#[derive(Debug, Clone, Copy)]
struct Last {
    /// Where its URL starts (after the wrapper's head and `URL:`).
    url_start: usize,
    /// Where the search would go on after it.
    resume: usize,
    truncated: bool,
    /// The URL is one piece of the text (no line break inside it).
    one_piece: bool,
}

/// The rest of an invalid finding, where only valid URLs are reported.
#[derive(Debug, Clone, Copy)]
struct Inside {
    /// Where the finding's text (for one cut at the limit, its run) ends.
    end: usize,
    /// Invalid candidates that may still be read in it before the rest of it is skipped.
    tries: usize,
}

/// A finding cut at the length limit, whose run is read on to its end: only the last
/// `max_len` bytes of the run can hold the start of a URL short enough to be valid.
#[derive(Debug, Clone, Copy)]
struct Seeking {
    /// The first byte after the start of the finding's URL.
    from: usize,
    /// Where the finding was cut.
    cut: usize,
    one_piece: bool,
    /// The run already goes on for `max_len` bytes past the cut (`from` and `cut` may be
    /// gone from the buffer).
    far: bool,
}

/// The invalid candidates read inside one invalid finding, at most, while looking for a
/// valid URL that starts in it: past them the rest of the finding is skipped. Each is read
/// to the end of the finding's run, so the bound keeps text made of scheme names
/// (`ftp:ftp:ftp:...`) linear.
const TRIES_INSIDE: usize = 16;

/// The longest head a candidate start needs to be recognized: `<`, whitespace, `URL:`,
/// a scheme name and `:`.
const HEAD: usize = 64;

/// Whether the bytes from `at` hold a candidate's whole head, so that it can be recognized
/// without reading on: `<` and whitespace (for a wrapper), a run of scheme characters and
/// the byte after it, and when that is `:`, the next run and the byte after it (for
/// `URL:scheme:`). A line typed at a terminal is then answered before the next one comes.
fn head_is_complete(bytes: &[u8], at: usize) -> bool {
    let start = if bytes.get(at) == Some(&b'<') {
        skip_whitespace(bytes, at + 1)
    } else {
        at
    };
    let name_end = scheme_run_end(bytes, start);
    match bytes.get(name_end) {
        None => false,
        Some(b':') => scheme_run_end(bytes, name_end + 1) < bytes.len(),
        Some(_) => true,
    }
}

/// The most whitespace looked through at a hyphen line break of a bare URL.
const BREAK: usize = 1024;

impl Scanner {
    fn new(extractor: Extractor) -> Scanner {
        Scanner {
            extractor,
            pos: 0,
            before: None,
            last: None,
            inside: None,
            seeking: None,
        }
    }

    /// The buffer lost its first `dropped` bytes.
    fn rebase(&mut self, dropped: usize) {
        self.pos = self.pos.saturating_sub(dropped);
        if let Some(inside) = &mut self.inside {
            // An end that is gone is passed: the search is beyond it.
            inside.end = inside.end.saturating_sub(dropped);
        }
        if let Some(seeking) = &mut self.seeking {
            seeking.from = seeking.from.saturating_sub(dropped);
            seeking.cut = seeking.cut.saturating_sub(dropped);
        }
    }

    /// The verdict on the finding the last step returned: after an invalid one, the search
    /// goes on inside it, from the byte after its URL's first, for the valid URLs that
    /// start there (a finding cut at the limit first has the end of its run found).
    fn settle(&mut self, valid: bool) {
        let Some(last) = self.last.take() else {
            return;
        };
        if valid {
            return;
        }
        if last.truncated {
            self.seeking = Some(Seeking {
                from: last.url_start + 1,
                cut: last.resume,
                one_piece: last.one_piece,
                far: false,
            });
        } else if last.url_start + 1 < last.resume {
            self.pos = last.url_start + 1;
            self.inside = Some(Inside {
                end: last.resume,
                tries: TRIES_INSIDE,
            });
        }
    }

    /// Reads on to the end of the run of a finding cut at the limit; then the search goes
    /// on inside it from the first start that can begin a URL within the limit. `None`
    /// when the end is found, or the step to return.
    fn seek(&mut self, bytes: &[u8], eof: bool) -> Option<Step> {
        let mut seeking = self.seeking?;
        let limit = self.extractor.max_len;
        let from = self.pos.min(bytes.len());
        let end = match bytes[from..].iter().position(|&b| ends_run(b)) {
            Some(offset) => from + offset,
            None if eof => bytes.len(),
            None => {
                // Keep what a start inside may still be at: the finding's URL, or once the
                // run is a limit longer than it, the last limit's worth of the run.
                seeking.far = seeking.far || bytes.len() - seeking.cut >= limit;
                let keep = if seeking.far {
                    bytes.len().saturating_sub(limit)
                } else {
                    seeking.from
                };
                self.seeking = Some(seeking);
                self.pos = bytes.len();
                return Some(Step::NeedMore { keep });
            }
        };
        self.seeking = None;
        let far = seeking.far || end - seeking.cut >= limit;
        // A URL that starts more than the limit before the run's end is too long to be
        // valid: in one piece, or when the run goes on for a limit after the cut, that is
        // every start before `end - limit`, or before `end - limit - 4` for `URL:` and
        // the URL after it.
        let first = if far || seeking.one_piece {
            seeking
                .from
                .max(end.saturating_sub(limit.saturating_add(PREFIX.len())))
        } else {
            seeking.from
        };
        self.pos = first.min(end);
        if first < end {
            self.inside = Some(Inside {
                end,
                tries: TRIES_INSIDE,
            });
        }
        None
    }

    /// Whether a candidate read inside an invalid finding is a valid URL (as
    /// [`Extractor::finish`] would find it).
    fn is_valid(&self, bytes: &[u8], candidate: &Candidate) -> bool {
        if candidate.truncated {
            return false;
        }
        let url = match candidate.pieces.as_slice() {
            &[(start, end)] => String::from_utf8_lossy(&bytes[start..end]),
            _ => Cow::Owned(candidate.url_bytes_lossy(bytes)),
        };
        crate::facade::is_valid_reference(&url, self.extractor.dialect)
    }

    fn byte_before(&self, bytes: &[u8], at: usize) -> Option<u8> {
        if at == 0 {
            self.before
        } else {
            bytes.get(at - 1).copied()
        }
    }

    /// Looks for the next finding from `self.pos`.
    fn step(&mut self, bytes: &[u8], eof: bool) -> Step {
        let step = self.search(bytes, eof);
        if let Step::NeedMore { keep } = step {
            // Remember the byte before what is kept, for the start-of-word test.
            if keep > 0 {
                self.before = bytes.get(keep - 1).copied();
            }
        }
        step
    }

    fn search(&mut self, bytes: &[u8], eof: bool) -> Step {
        if let Some(step) = self.seek(bytes, eof) {
            return step;
        }
        // Every start has a `:` within HEAD bytes: the one closing its scheme (or `URL`)
        // name. The search finds the colons (memchr) and looks back from each for the
        // starts it closes: `<` and whitespace before the name, then the name itself.
        // `at` is where the search stands: no start before it is tried again.
        let mut at = self.pos;
        let mut scan = at;
        while let Some(offset) = memchr::memchr(b':', &bytes[scan.min(bytes.len())..]) {
            let colon = scan + offset;
            scan = colon + 1;
            // Most colons in prose end a word that no name ends like: they are let go by
            // the two bytes before them, without reading the word.
            if colon >= 2 && !may_end_a_name(bytes[colon - 2], bytes[colon - 1]) {
                continue;
            }
            for start in self.starts_closed_by(bytes, colon).into_iter().flatten() {
                if start < at {
                    continue;
                }
                if self.inside.is_some_and(|inside| start >= inside.end) {
                    self.inside = None;
                }
                if !eof && bytes.len() - start < HEAD && !head_is_complete(bytes, start) {
                    // Not enough bytes to recognize a start: read on, keeping them.
                    return Step::NeedMore { keep: start };
                }
                let attempt = if bytes[start] == b'<' {
                    self.wrapped(bytes, start, eof)
                } else {
                    self.bare_at(bytes, start, eof)
                };
                match attempt {
                    Attempt::No => at = start + 1,
                    Attempt::Skip(to) => at = to,
                    Attempt::NeedMore => return Step::NeedMore { keep: start },
                    Attempt::Found(candidate, resume) => {
                        if let Some(inside) = self.inside {
                            if !self.is_valid(bytes, &candidate) {
                                // Not reported: its text is the invalid finding's. The
                                // search goes on inside it, while tries are left.
                                if inside.tries > 1 {
                                    at = candidate.url_start() + 1;
                                    self.inside = Some(Inside {
                                        tries: inside.tries - 1,
                                        ..inside
                                    });
                                } else {
                                    at = inside.end;
                                    self.inside = None;
                                }
                                continue;
                            }
                        }
                        self.pos = resume;
                        self.last = Some(Last {
                            url_start: candidate.url_start(),
                            resume,
                            truncated: candidate.truncated,
                            one_piece: candidate.pieces.len() == 1,
                        });
                        return Step::Found(candidate);
                    }
                }
            }
            scan = scan.max(at);
        }
        if eof {
            self.pos = bytes.len();
            Step::End
        } else {
            // A start whose colon is still to come is within HEAD bytes of the end.
            let keep = at.max(bytes.len().saturating_sub(HEAD)).min(bytes.len());
            self.pos = keep;
            Step::NeedMore { keep }
        }
    }

    /// The starts a `:` at `colon` can close, in order: `<` (with whitespace) before a
    /// name, and the name at the start of a word (a letter first), when the name is `URL`
    /// or a known scheme. Nothing else can start a URL whose head this colon ends.
    fn starts_closed_by(&self, bytes: &[u8], colon: usize) -> [Option<usize>; 2] {
        // (The search lets most colons go before this, by the two bytes before them.)
        let low = colon.saturating_sub(HEAD);
        // A name longer than the longest known one is none of them.
        let longest = colon.saturating_sub(crate::vocabulary::kind::LONGEST_NAME + 1);
        let name = scheme_run_start(bytes, colon, low.max(longest));
        // The name must be `URL` or a known scheme: nothing else starts a URL (most
        // colons in prose end here).
        let head = &bytes[name..colon];
        let prefix = head.eq_ignore_ascii_case(b"URL");
        if !(prefix || is_known_scheme(head)) {
            return [None, None];
        }
        // A bare scheme with nothing after its colon (`"news:"`, `ftp: `) is a mention of
        // the scheme, and `URL:` needs a scheme after it: no bare URL starts here.
        let mention = !prefix && bytes.get(colon + 1).is_some_and(|&b| ends_run(b));
        let word = (!mention && bytes[name].is_ascii_alphabetic() && self.word_starts(bytes, name))
            .then_some(name);
        let mut space = name;
        while space > low
            && matches!(
                bytes[space - 1],
                b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | 0xC2 | 0xA0
            )
        {
            space -= 1;
        }
        let angle =
            (space > low && bytes[space - 1] == b'<' && skip_whitespace(bytes, space) == name)
                .then(|| space - 1);
        [angle, word]
    }

    /// Whether `at` starts a word: the byte before is not part of a scheme name (a letter,
    /// a digit, `+`, `-`, `.`: the name would be a longer one), nor `_` (the name would end
    /// an identifier, as `FILE` in `DEFAULT_INDEX_FILE:`).
    fn word_starts(&self, bytes: &[u8], at: usize) -> bool {
        !self
            .byte_before(bytes, at)
            .is_some_and(|b| is_scheme_char(b) || b == b'_')
    }

    /// A wrapper starting with `<` at `at`.
    fn wrapped(&self, bytes: &[u8], at: usize, eof: bool) -> Attempt {
        let head = skip_whitespace(bytes, at + 1);
        let name_end = scheme_run_end(bytes, head);
        if name_end - at >= HEAD || bytes.get(name_end) != Some(&b':') {
            return Attempt::No;
        }
        let name = &bytes[head..name_end];
        let (wrapper, content_start) = if name.eq_ignore_ascii_case(b"URL") {
            (Wrapper::Url, name_end + 1)
        } else if is_known_scheme(name) {
            (Wrapper::Angle, head)
        } else {
            return Attempt::No;
        };
        let limit = self.extractor.max_len;
        let mut close = None;
        let mut i = content_start;
        while i < bytes.len() && i - content_start <= limit {
            match bytes[i] {
                b'>' => {
                    close = Some(i);
                    break;
                }
                b'<' => break,
                b'\n' if blank_line_follows(bytes, i + 1) => break,
                _ => i += 1,
            }
        }
        let Some(close) = close else {
            if !eof && i >= bytes.len() {
                return Attempt::NeedMore;
            }
            // Unclosed: read what follows the wrapper's head as a bare URL.
            let url_start = skip_whitespace(bytes, content_start).min(i);
            let prefixed = wrapper == Wrapper::Url;
            return self.bare_after_head(bytes, at, url_start, eof, Wrapper::Unclosed, prefixed);
        };
        let (pieces, hyphens) = self.join_lines(bytes, content_start, close);
        let candidate = Candidate {
            start: at,
            end: close + 1,
            pieces,
            hyphens,
            wrapper,
            prefixed: wrapper == Wrapper::Url,
            truncated: false,
        };
        Attempt::Found(candidate, close + 1)
    }

    /// The text `bytes[from..to]` without its whitespace (and, with line numbers, without
    /// the number starting each continued line): the pieces kept and the offsets, in the
    /// joined text, of hyphens written at line breaks.
    fn join_lines(
        &self,
        bytes: &[u8],
        from: usize,
        to: usize,
    ) -> (Vec<(usize, usize)>, Vec<usize>) {
        let mut pieces = Vec::new();
        let mut hyphens = Vec::new();
        let mut joined = 0;
        let mut i = from;
        while i < to {
            let mut piece_end = i;
            while piece_end < to && space_len(bytes, piece_end) == 0 {
                piece_end += 1;
            }
            if piece_end > i {
                pieces.push((i, piece_end));
                joined += piece_end - i;
            }
            // A closed wrapper: every byte up to `to` is at hand.
            let space_end = self.skip_break(bytes, piece_end, to, true).unwrap_or(to);
            let has_break = line_breaks(&bytes[piece_end..space_end]) > 0;
            if has_break && piece_end > i && bytes[piece_end - 1] == b'-' && space_end < to {
                hyphens.push(joined - 1);
            }
            i = space_end;
        }
        (pieces, hyphens)
    }

    /// The end of the whitespace starting at `from` (not past `to`), with the line numbers
    /// that start lines inside it when the text has them; `None` when the bytes are not
    /// `complete` and the answer depends on bytes past `to` (a stream reads on).
    fn skip_break(&self, bytes: &[u8], from: usize, to: usize, complete: bool) -> Option<usize> {
        let mut i = from;
        loop {
            while i < to && space_len(bytes, i) > 0 {
                i += space_len(bytes, i);
            }
            // Whitespace (a no-break space is two bytes) or a line number may go on past
            // the bytes at hand: a stream must read on before deciding.
            if !complete && i + 1 >= to {
                return None;
            }
            if !self.extractor.line_numbers || i == from || !bytes[from..i].contains(&b'\n') {
                return Some(i);
            }
            // "1207." and whitespace, at the start of a line.
            let digits = bytes[i..to]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let number_end = i + digits;
            if !complete && number_end + 2 >= to {
                return None;
            }
            if digits == 0
                || bytes.get(number_end) != Some(&b'.')
                || number_end + 1 >= to
                || space_len(bytes, number_end + 1) == 0
            {
                return Some(i);
            }
            i = number_end + 1;
        }
    }

    /// A bare URL starting with a letter at `at`: `[URL:] scheme ":" ...`.
    fn bare_at(&self, bytes: &[u8], at: usize, eof: bool) -> Attempt {
        let name_end = scheme_run_end(bytes, at);
        if name_end - at >= HEAD || bytes.get(name_end) != Some(&b':') {
            return Attempt::Skip(name_end.max(at + 1));
        }
        let name = &bytes[at..name_end];
        let (prefixed, url_start) = if name.eq_ignore_ascii_case(b"URL") {
            let scheme_end = scheme_run_end(bytes, name_end + 1);
            if scheme_end - at >= HEAD
                || bytes.get(scheme_end) != Some(&b':')
                || !is_known_scheme(&bytes[name_end + 1..scheme_end])
            {
                return Attempt::Skip(name_end + 1);
            }
            (true, name_end + 1)
        } else if is_known_scheme(name) {
            (false, at)
        } else {
            return Attempt::Skip(name_end + 1);
        };
        self.bare_after_head(bytes, at, url_start, eof, Wrapper::Bare, prefixed)
    }

    /// The bare URL at `url_start`, found as written from `at` (its head: `<URL:`, `<`,
    /// `URL:` or nothing).
    fn bare_after_head(
        &self,
        bytes: &[u8],
        at: usize,
        url_start: usize,
        eof: bool,
        wrapper: Wrapper,
        prefixed: bool,
    ) -> Attempt {
        match self.bare_run(bytes, url_start, eof) {
            BareRun::NeedMore => Attempt::NeedMore,
            BareRun::Nothing(to) => Attempt::Skip(to.max(at + 1)),
            BareRun::Found {
                mut candidate,
                resume,
            } => {
                candidate.start = at;
                candidate.wrapper = wrapper;
                candidate.prefixed = prefixed;
                Attempt::Found(candidate, resume)
            }
        }
    }

    /// The bare URL starting at `from` (at its scheme): its runs up to whitespace, joined
    /// at hyphen line breaks, without trailing punctuation.
    fn bare_run(&self, bytes: &[u8], from: usize, eof: bool) -> BareRun {
        let limit = self.extractor.max_len;
        let mut pieces: Vec<(usize, usize)> = Vec::new();
        let mut hyphens = Vec::new();
        let mut joined = 0;
        let mut i = from;
        let mut truncated = false;
        loop {
            let room = limit - joined;
            let run = bytes[i..]
                .iter()
                .take(room.saturating_add(1))
                .take_while(|&&b| !ends_run(b))
                .count();
            let run_end = i + run;
            if run_end == bytes.len() && !eof && run <= room {
                return BareRun::NeedMore;
            }
            if run > room {
                pieces.push((i, i + room));
                truncated = true;
                break;
            }
            pieces.push((i, run_end));
            joined += run;
            // A hyphen right before a line break: the URL goes on after the break.
            let breaks_here = run > 0
                && bytes[run_end - 1] == b'-'
                && matches!(bytes.get(run_end), Some(b'\n' | b'\r'));
            if !breaks_here {
                break;
            }
            // The whitespace (and line number) before the next line's text, looked at
            // within a bound so that a stream of whitespace is not held.
            let bound = (run_end + BREAK).min(bytes.len());
            let complete = eof || run_end + BREAK < bytes.len();
            let Some(next) = self.skip_break(bytes, run_end, bound, complete) else {
                return BareRun::NeedMore;
            };
            if next >= bound || ends_run(bytes[next]) || line_breaks(&bytes[run_end..next]) > 1 {
                break;
            }
            hyphens.push(joined - 1);
            i = next;
        }
        let Some(&(_, last_end)) = pieces.last() else {
            return BareRun::Nothing(from + 1);
        };
        let resume = last_end;
        let first_end = pieces[0].1;
        if !truncated {
            trim_trailing_punctuation(bytes, &mut pieces);
            // Hyphens past the trimmed end are gone with it.
            let kept: usize = pieces.iter().map(|&(s, e)| e - s).sum();
            hyphens.retain(|&h| h < kept);
        }
        let last = pieces.last().map_or(from, |&(_, end)| end);
        // Something other than slashes must follow "scheme:" ("http://" names a scheme).
        let first = pieces.first().copied().unwrap_or((from, from));
        let colon = bytes[first.0..first.1].iter().position(|&b| b == b':');
        let only_scheme = colon.is_none_or(|c| {
            let after = &bytes[first.0 + c + 1..first.1];
            pieces.len() == 1 && after.iter().all(|&b| b == b'/')
        });
        if only_scheme {
            // No start is in the first piece (it has no colon, or only slashes after its
            // one), unless it was cut at the limit, before a colon; one may be on the lines
            // a hyphen joined to it.
            let past = if truncated { from } else { first_end };
            return BareRun::Nothing(past.max(from + 1));
        }
        BareRun::Found {
            candidate: Candidate {
                start: from,
                end: last,
                pieces,
                hyphens,
                wrapper: Wrapper::Bare,
                prefixed: false,
                truncated,
            },
            resume: if truncated { last } else { resume },
        }
    }
}

/// What a candidate start turned out to be.
enum Attempt {
    /// Not a URL: go on at the next byte.
    No,
    /// Not a URL, and nothing can start before this offset.
    Skip(usize),
    /// More bytes are needed to decide.
    NeedMore,
    /// A finding; the search resumes at the offset (for one cut at the limit, where it
    /// was cut).
    Found(Candidate, usize),
}

/// What [`Scanner::bare_run`] read.
enum BareRun {
    NeedMore,
    Nothing(usize),
    Found { candidate: Candidate, resume: usize },
}

/// Takes off a bare URL's end what the sentence around it put there.
fn trim_trailing_punctuation(bytes: &[u8], pieces: &mut Vec<(usize, usize)>) {
    // Opening and closing brackets in the URL, counted once: [(, ), [, ], {, }].
    let mut counts = [0usize; 6];
    for &(start, end) in pieces.iter() {
        for &b in &bytes[start..end] {
            if let Some(i) = b"()[]{}".iter().position(|&p| p == b) {
                counts[i] += 1;
            }
        }
    }
    while let Some(&(start, end)) = pieces.last() {
        if start == end {
            pieces.pop();
            continue;
        }
        let last = bytes[end - 1];
        let trim = match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' => counts[1] > counts[0],
            b']' => counts[3] > counts[2],
            b'}' => counts[5] > counts[4],
            _ => false,
        };
        if !trim {
            break;
        }
        if let Some(i) = b"()[]{}".iter().position(|&p| p == last) {
            counts[i] -= 1;
        }
        if let Some(piece) = pieces.last_mut() {
            piece.1 -= 1;
        }
    }
}

/// The length of the whitespace character at `at`, 0 when there is none: ASCII whitespace
/// (space, tab, line feed, vertical tab, form feed, return) or a no-break space (U+00A0,
/// which text converted from print or HTML puts between words).
fn space_len(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at..) {
        Some([b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r', ..]) => 1,
        Some([0xC2, 0xA0, ..]) => 2,
        _ => 0,
    }
}

/// What ends a bare URL: whitespace, a control character, non-ASCII, `<`, `>`, `"`.
fn ends_run(b: u8) -> bool {
    b <= b' ' || b >= 0x7f || matches!(b, b'<' | b'>' | b'"')
}

fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while space_len(bytes, at) > 0 {
        at += space_len(bytes, at);
    }
    at
}

/// The line breaks in `space`: line feeds, and returns not followed by a line feed.
fn line_breaks(space: &[u8]) -> usize {
    space
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && space.get(i + 1) != Some(&b'\n')))
        .count()
}

/// Whether the line starting at `from` is blank (only spaces, tabs and a return).
fn blank_line_follows(bytes: &[u8], from: usize) -> bool {
    let rest = &bytes[from.min(bytes.len())..];
    let blank = rest
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
        .count();
    rest.get(blank) == Some(&b'\n')
}

/// A scheme this crate knows (not generic), in any case.
fn is_known_scheme(name: &[u8]) -> bool {
    UrlKind::named(name).is_some_and(|kind| kind != UrlKind::Generic)
}

/// For each ASCII byte, the bytes (as bits) that come before it at the end of `URL` or of a
/// known scheme (each at least three bytes long), in any case.
const NAME_ENDS: [u128; 128] = {
    let mut ends = [0; 128];
    let mut i = 0;
    // Generic's place holds `URL`: the names that can come before a start's colon.
    while i < UrlKind::ALL.len() {
        let name = match UrlKind::ALL[i] {
            UrlKind::Generic => b"url".as_slice(),
            kind => kind.name().as_bytes(),
        };
        assert!(name.len() >= 3);
        let (first, last) = (name[name.len() - 2], name[name.len() - 1]);
        let before = 1 << first.to_ascii_lowercase() | 1 << first.to_ascii_uppercase();
        ends[last.to_ascii_lowercase() as usize] |= before;
        ends[last.to_ascii_uppercase() as usize] |= before;
        i += 1;
    }
    ends
};

/// Whether `URL` or a known scheme can end with the bytes `first`, `last`: when not, a colon
/// after them closes no start.
fn may_end_a_name(first: u8, last: u8) -> bool {
    NAME_ENDS
        .get(usize::from(last))
        .is_some_and(|&before| first < 128 && (before >> first) & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// The names a start's head can end with before its colon: `URL` and the known
    /// schemes, in lower case.
    fn names_before_a_colon() -> Vec<&'static str> {
        UrlKind::ALL
            .iter()
            .filter(|&&kind| kind != UrlKind::Generic)
            .map(|kind| kind.name())
            .chain(["url"])
            .collect()
    }

    #[test]
    fn a_colon_after_the_end_of_url_or_a_known_scheme_is_looked_at_in_any_case() {
        for name in names_before_a_colon() {
            let name = name.to_owned();
            let upper = name.to_ascii_uppercase();
            let mixed: String = name
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if i % 2 == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            for written in [&name, &upper, &mixed] {
                let end = &written.as_bytes()[written.len() - 2..];
                assert!(may_end_a_name(end[0], end[1]), "{written}");
                // `URL:` is looked at as the prefix of a URL, bare or wrapped.
                let (text, expected) = if name == "url" {
                    (
                        format!("see {written}:http://h/ and <{written}:ftp://h/>"),
                        ["http://h/".to_owned(), "ftp://h/".to_owned()],
                    )
                } else {
                    (
                        format!("see {written}:x and <{written}:y>"),
                        [format!("{written}:x"), format!("{written}:y")],
                    )
                };
                let found: Vec<_> = extract(&text).map(|found| found.url().to_owned()).collect();
                assert_eq!(found, expected, "{text}");
            }
        }
    }

    #[test]
    fn two_bytes_may_end_a_name_exactly_when_url_or_a_known_scheme_ends_with_them() {
        let names = names_before_a_colon();
        for first in 0..=u8::MAX {
            for last in 0..=u8::MAX {
                let ends = names.iter().any(|name| {
                    name.as_bytes()
                        .ends_with(&[first, last].to_ascii_lowercase())
                });
                assert_eq!(may_end_a_name(first, last), ends, "{first:#x} {last:#x}");
            }
        }
    }

    #[test]
    fn a_colon_after_a_word_no_name_ends_like_is_let_go() {
        for word in [
            "note", "Email", "fax", "PHONE", "naming", "3:30", "e.g.", "a",
        ] {
            let text = format!("{word}:");
            let bytes = text.as_bytes();
            let colon = bytes.len() - 1;
            if colon >= 2 {
                assert!(
                    !may_end_a_name(bytes[colon - 2], bytes[colon - 1]),
                    "{word}"
                );
            }
            let scanner = Scanner::new(Extractor::new());
            assert_eq!(
                scanner.starts_closed_by(bytes, colon),
                [None, None],
                "{word}"
            );
        }
    }

    #[test]
    fn lines_and_characters_are_counted_as_one_at_a_time_at_every_length() {
        // Line feeds, ASCII, two-, three- and four-byte characters, over lengths around the
        // 32-byte lanes and the 255 rounds a lane counter holds.
        let pattern = "ab\nc\u{e9}\n\u{20ac}x\u{1f600}\n\n";
        let text = pattern.repeat(40 * 255 * 32 / pattern.len() + 2);
        let lengths = (0..70).chain([8159, 8160, 8161, 16320, 16321, 40000, text.len()]);
        for length in lengths {
            let bytes = &text.as_bytes()[..length];
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
            let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
            assert_eq!(
                count_lines_and_chars(bytes),
                (lines, chars),
                "length {length}"
            );
        }
    }
}
