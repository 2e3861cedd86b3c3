//! A URL found in a text: where it is, how it was written, and what the dialect's grammar
//! made of it.

use super::candidate::{Candidate, Wrapper};
use super::extractor::Extractor;
use super::lines::{CharPosition, Position};
use crate::ast::reference::UrlReference;
use crate::facade::parse_reference;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;

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

impl<'t> Found<'t> {
    /// A candidate made a finding: the URL read by `extractor`'s dialect (the caller tells
    /// the scanner whether it is valid, [`Found::is_valid`]: it searches inside an invalid
    /// finding).
    pub(super) fn from_candidate(
        extractor: &Extractor,
        candidate: Candidate,
        base: u64,
        position: Position,
        found: Cow<'t, str>,
        url: Cow<'t, str>,
    ) -> Found<'t> {
        let verdict = if candidate.truncated {
            let kind = ErrorKind::TooLongInText {
                limit: extractor.max_len,
            };
            Err(ParseError::new(&url, url.len(), None, kind, Vec::new())
                .in_dialect(extractor.dialect))
        } else {
            parse_reference(&url, extractor.dialect).map(|reference| reference.url().kind())
        };
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
            dialect: extractor.dialect,
            found_bytes: None,
        }
    }

    /// The same finding, with the bytes of its found text when they are not UTF-8.
    pub(super) fn with_found_bytes(self, found_bytes: Option<Box<[u8]>>) -> Found<'t> {
        Found {
            found_bytes,
            ..self
        }
    }
}
