//! A URL found in a text: where it is, how it was written, and what the dialect's grammar
//! made of it.

use super::candidate::{Candidate, Wrapper};
use super::extractor::Extractor;
use super::lines::{CharPosition, Position};
use crate::ast::reference::UrlReference;
use crate::facade::{parse_reference, reference_kind_in};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

/// A URL found in a text.
///
/// ```
/// use rfc1738::UrlKind;
/// use rfc1738::extraction::{extract, Wrapper};
///
/// let text = "See <URL:ftp://ds.internic.net/internet-drafts\n   /draft-ietf-uri-irl-fun-req-02.txt> now.";
/// let found: Vec<_> = extract(text).collect();
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].wrapper(), Wrapper::Url);
/// assert_eq!(found[0].url(), "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt");
/// assert_eq!(found[0].kind(), Some(UrlKind::Ftp));
/// assert_eq!(&text[found[0].span()], found[0].found());
/// ```
///
/// Whether the URL is valid, and its kind, are known when it is found; why an invalid one
/// is not valid is looked for only when [`error`](Found::error) is called, so that a
/// search whose errors are not read diagnoses nothing.
#[derive(Clone)]
pub struct Found<'t> {
    start: u64,
    end: u64,
    line: u64,
    column: u64,
    chars: CharPosition,
    found: Cow<'t, str>,
    url: Cow<'t, str>,
    /// What few findings have: boxed, so that a finding stays small enough to be moved
    /// without a call to `memcpy` (at most 128 bytes).
    rare: Option<Box<Rare>>,
    verdict: Verdict,
    wrapper: Wrapper,
    prefixed: bool,
    dialect: Dialect,
}

/// The parts of a finding that only a few have: every invalid finding, and those with a
/// hyphen at a line break or text that is not UTF-8.
#[derive(Clone, Default)]
struct Rare {
    alternative: Option<String>,
    /// The found text's bytes, when they are not UTF-8.
    found_bytes: Option<Box<[u8]>>,
    /// The error of an invalid finding, once [`Found::error`] was called (or when reading
    /// the URL found it, a number out of range). Not part of the finding's value: two
    /// findings are equal whether or not it was filled.
    error: OnceLock<ParseError>,
    /// The limit a finding [`Verdict::TooLongInText`] was cut at (0 for the others).
    limit: usize,
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
    /// let found = rfc1738::extraction::extract(text).next().unwrap();
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
    /// let found = rfc1738::extraction::extract_reader(text).next().unwrap().unwrap();
    /// assert_eq!(found.found(), "<URL:http://h/caf\u{fffd}>");
    /// assert_eq!(found.found_bytes(), Some(&b"<URL:http://h/caf\xe9>"[..]));
    /// ```
    pub fn found_bytes(&self) -> Option<&[u8]> {
        self.rare.as_ref()?.found_bytes.as_deref()
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
        self.alternative().is_some()
    }

    /// The other reading when [`hyphen_break`](Found::hyphen_break): the URL without the
    /// hyphens written at line breaks.
    pub fn alternative(&self) -> Option<&str> {
        self.rare.as_ref()?.alternative.as_deref()
    }

    /// Whether the [`alternative`](Found::alternative) reading is a valid URL reference in
    /// the extractor's dialect (`alternative_valid` of the report); `None` without one.
    ///
    /// ```
    /// let text = "<URL:ftp://ds.internic.net/internet-\n   drafts/x.txt>";
    /// let found = rfc1738::extraction::extract(text).next().unwrap();
    /// assert_eq!(found.alternative(), Some("ftp://ds.internic.net/internetdrafts/x.txt"));
    /// assert_eq!(found.alternative_valid(), Some(true));
    /// ```
    pub fn alternative_valid(&self) -> Option<bool> {
        let alternative = self.alternative()?;
        Some(crate::facade::is_valid_reference(
            alternative,
            self.dialect(),
        ))
    }

    /// Whether [`url`](Found::url) is a valid URL reference in the extractor's dialect.
    pub fn is_valid(&self) -> bool {
        matches!(self.verdict, Verdict::Valid(_))
    }

    /// The kind of URL, when it is valid.
    pub fn kind(&self) -> Option<UrlKind> {
        match self.verdict {
            Verdict::Valid(kind) => Some(kind),
            Verdict::Rejected | Verdict::TooLongInText => None,
        }
    }

    /// Why the URL is not valid (offsets are in [`url`](Found::url)); `None` when it is
    /// valid. The error is looked for on the first call (the dialect's diagnosis of
    /// [`url`](Found::url), as [`parse_reference`](crate::parse_reference) gives it) and
    /// kept for the next ones: a search whose errors are not read diagnoses nothing.
    ///
    /// ```
    /// use rfc1738::{ErrorKind, UrlKind};
    ///
    /// let text = "see http://info.cern.ch:70000/ and <URL:ftp://h/a|b>";
    /// let found: Vec<_> = rfc1738::extraction::extract(text).collect();
    /// assert!(found.iter().all(|found| !found.is_valid()));
    /// let error = found[0].error().unwrap();
    /// assert_eq!((error.url_kind(), error.offset()), (Some(UrlKind::Http), 20));
    /// assert_eq!(found[1].error().unwrap().offset(), 9);
    /// // A URL longer than the limit is cut there, and so reported.
    /// let long = format!("http://h/{}", "a".repeat(300));
    /// let cut = rfc1738::extraction::Extractor::new().max_len(256).extract(&long).next().unwrap();
    /// assert!(matches!(cut.error().unwrap().kind(), ErrorKind::TooLongInText { limit: 256 }));
    /// ```
    pub fn error(&self) -> Option<&ParseError> {
        // An invalid finding has its rare parts.
        let rare = match self.verdict {
            Verdict::Valid(_) => return None,
            Verdict::Rejected | Verdict::TooLongInText => self.rare.as_ref()?,
        };
        let limit = (self.verdict == Verdict::TooLongInText).then_some(rare.limit);
        Some(rare.error.get_or_init(|| match limit {
            Some(limit) => {
                let kind = ErrorKind::TooLongInText { limit };
                ParseError::new(&self.url, self.url.len(), None, kind, Vec::new())
                    .in_dialect(self.dialect)
            }
            None => match parse_reference(&self.url, self.dialect) {
                Err(error) => error,
                // `reference_kind_in` and `parse_reference` read by the same grammar.
                Ok(_) => unreachable!("{:?} was rejected, then read", self.url),
            },
        }))
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
        candidate: &Candidate,
        base: u64,
        position: Position,
        found: Cow<'t, str>,
        url: Cow<'t, str>,
    ) -> Found<'t> {
        let mut error = None;
        let verdict = if candidate.truncated {
            Verdict::TooLongInText
        } else if url.len() > extractor.dialect.max_input_len() {
            // Too long for the parser: `error` says so.
            Verdict::Rejected
        } else {
            // The grammar's verdict, without the diagnosis of a rejected URL (`error`
            // looks for it). An error the reading found (a number out of range) is kept.
            match reference_kind_in(&url, extractor.dialect) {
                Some(Ok(kind)) => Verdict::Valid(kind),
                Some(Err(found)) => {
                    error = Some(found);
                    Verdict::Rejected
                }
                None => Verdict::Rejected,
            }
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
        let rare = (alternative.is_some() || !matches!(verdict, Verdict::Valid(_))).then(|| {
            Box::new(Rare {
                alternative,
                found_bytes: None,
                error: error.map_or_else(OnceLock::new, OnceLock::from),
                limit: match verdict {
                    Verdict::TooLongInText => extractor.max_len,
                    _ => 0,
                },
            })
        });
        Found {
            start: base + candidate.start as u64,
            end: base + candidate.end as u64,
            line: position.line,
            column: position.column,
            chars: position.chars,
            found,
            url,
            rare,
            verdict,
            wrapper: candidate.wrapper,
            prefixed: candidate.prefixed,
            dialect: extractor.dialect,
        }
    }

    /// The same finding, with the bytes of its found text when they are not UTF-8.
    pub(super) fn with_found_bytes(mut self, found_bytes: Option<Box<[u8]>>) -> Found<'t> {
        if found_bytes.is_some() {
            self.rare.get_or_insert_default().found_bytes = found_bytes;
        }
        self
    }
}

/// What the dialect's grammar made of a finding's URL, known without diagnosing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// A URL reference of this kind.
    Valid(UrlKind),
    /// Not a URL reference in the dialect: [`Found::error`] says why.
    Rejected,
    /// Longer than the extractor's limit ([`Rare::limit`]): cut there, and not read.
    TooLongInText,
}

/// Findings are equal when they are the same finding: the error, found on request from
/// the rest, is left out.
impl PartialEq for Found<'_> {
    fn eq(&self, other: &Found<'_>) -> bool {
        // Every field but the error (listed, so that a new field is not forgotten).
        let Found {
            start,
            end,
            line,
            column,
            chars,
            found,
            url,
            rare: _,
            verdict,
            wrapper,
            prefixed,
            dialect,
        } = self;
        let Rare {
            alternative: _,
            found_bytes: _,
            error: _,
            limit: _,
        } = Rare::default();
        let limit = |found: &Found<'_>| found.rare.as_ref().map_or(0, |rare| rare.limit);
        *start == other.start
            && *end == other.end
            && *line == other.line
            && *column == other.column
            && *chars == other.chars
            && *found == other.found
            && *url == other.url
            && *wrapper == other.wrapper
            && *prefixed == other.prefixed
            && self.alternative() == other.alternative()
            && *verdict == other.verdict
            && limit(self) == limit(other)
            && *dialect == other.dialect
            && self.found_bytes() == other.found_bytes()
    }
}

impl Eq for Found<'_> {}

/// Shows the finding with its verdict, `Ok(kind)` or `Err(error)`: the error of an invalid
/// one is looked for ([`Found::error`]).
impl fmt::Debug for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = self.kind().ok_or_else(|| self.error());
        f.debug_struct("Found")
            .field("start", &self.start)
            .field("end", &self.end)
            .field("line", &self.line)
            .field("column", &self.column)
            .field("chars", &self.chars)
            .field("found", &self.found)
            .field("url", &self.url)
            .field("wrapper", &self.wrapper)
            .field("prefixed", &self.prefixed)
            .field("alternative", &self.alternative())
            .field("verdict", &verdict)
            .field("dialect", &self.dialect)
            .field("found_bytes", &self.found_bytes())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn findings(text: &str, extractor: Extractor) -> Vec<Found<'_>> {
        extractor.extract(text).collect()
    }

    /// The error a finding holds, without looking for it.
    fn error_cell<'f>(found: &'f Found<'_>) -> Option<&'f ParseError> {
        found.rare.as_ref()?.error.get()
    }

    #[test]
    fn an_invalid_findings_error_is_looked_for_when_asked_and_is_the_parsers() {
        let text = "a http://h:70000/ b <URL:ftp://h/a|b> c nntp:x/1 2 d <mid:%zz> \
                    e http://h/ f URL:news:a..b";
        for dialect in Dialect::ALL {
            let extractor = Extractor::new().dialect(dialect);
            let found = findings(text, extractor);
            assert!(found.iter().any(|found| !found.is_valid()), "{dialect}");
            for found in &found {
                // A number out of range is found by reading the URL, and kept; a rejected
                // URL's error is not looked for yet.
                let range = found.url() == "http://h:70000/" && !found.is_valid();
                assert_eq!(error_cell(found).is_some(), range, "{found:?}");
                let expected = parse_reference(found.url(), dialect).err();
                assert_eq!(found.error(), expected.as_ref(), "{found:?}");
                assert_eq!(error_cell(found), expected.as_ref(), "{found:?}");
            }
        }
    }

    #[test]
    fn findings_are_equal_and_shown_alike_whether_or_not_their_error_was_asked_for() {
        let text = "<URL:ftp://h/a|b> and http://h:99999/x";
        let asked = findings(text, Extractor::new());
        let not_asked = findings(text, Extractor::new());
        assert!(asked.iter().filter(|found| found.error().is_some()).count() >= 2);
        assert!(
            not_asked
                .iter()
                .all(|found| error_cell(found).is_none() || found.url() == "http://h:99999/x")
        );
        assert_eq!(asked, not_asked);
        assert_eq!(format!("{asked:?}"), format!("{not_asked:?}"));
        let cloned = not_asked.clone();
        assert_eq!(cloned, asked);
        assert_eq!(cloned[0].error(), asked[0].error());
        let owned: Vec<Found<'static>> = asked.into_iter().map(Found::into_owned).collect();
        assert_eq!(owned, not_asked);
    }

    #[test]
    fn a_finding_cut_at_the_limit_says_so_and_differs_by_its_limit() {
        let text = format!("http://h/{}", "a".repeat(600));
        let cut = |limit| findings(&text, Extractor::new().max_len(limit)).remove(0);
        let (short, long) = (cut(256), cut(512));
        let error = short.error().unwrap();
        assert_eq!(error.kind(), &ErrorKind::TooLongInText { limit: 256 });
        assert_eq!(error.offset(), 256);
        let mut other = long.clone();
        other.url = short.url.clone();
        other.found = short.found.clone();
        other.end = short.end;
        other.chars = short.chars;
        assert_ne!(other, short, "the limit is part of the verdict");
    }

    #[test]
    fn a_finding_is_moved_without_a_call_and_holds_rare_parts_only_when_it_has_them() {
        assert!(std::mem::size_of::<Found<'_>>() <= 128);
        let text = "http://h/a <URL:ftp://h/a-\n b> http://h:99999/ <URL:ftp://h/a|b>";
        let rare: Vec<bool> = findings(text, Extractor::new())
            .iter()
            .map(|found| found.rare.is_some())
            .collect();
        assert_eq!(rare, [false, true, true, true]);
    }

    #[test]
    fn a_finding_can_be_sent_and_shared_between_threads() {
        fn send_and_sync<T: Send + Sync>() {}
        send_and_sync::<Found<'static>>();
    }
}
