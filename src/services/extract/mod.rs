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
//!
//! This file holds the entry points ([`extract`], [`extract_reader`], the iterator over a
//! `&str`); its rooms are `extractor` (the settings, [`Extractor`]), `found` (a finding,
//! [`Found`]), `scanner` (the search for where URLs start), `candidate` (the reading of
//! one candidate from its start, [`Wrapper`]), `reader` (a stream, copied or read in
//! place) and `lines` (the line and character counter). None of them imports this file.

mod candidate;
mod extractor;
mod found;
mod lines;
mod reader;
mod scanner;

pub use candidate::Wrapper;
pub use extractor::Extractor;
pub use found::Found;
pub use reader::ExtractReader;

use lines::LineCounter;
use scanner::{Scanner, Step};
use std::io::{BufRead, Read};

impl Extractor {
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
        ExtractReader::new(*self, reader)
    }

    /// The URLs in a buffered stream, as [`extract_reader`](Extractor::extract_reader)
    /// finds them, read in place in the source's own buffer ([`BufRead::fill_buf`]) instead
    /// of copied into the reader's: only the few bytes a search keeps across the end of one
    /// of the source's buffers are copied. For a source that holds its bytes already (a
    /// `&[u8]`, a [`BufReader`](std::io::BufReader)); a plain [`Read`] is better read by
    /// [`extract_reader`](Extractor::extract_reader), whose buffer its reads fill.
    ///
    /// ```
    /// let text = "mail <URL:mailto:timbl@info.cern.ch> or telnet://info.cern.ch/";
    /// let in_place: Vec<_> = rfc1738::extraction::Extractor::new()
    ///     .extract_buf_reader(text.as_bytes())
    ///     .collect::<Result<_, _>>()
    ///     .unwrap();
    /// let copied: Vec<_> = rfc1738::extraction::extract_reader(text.as_bytes())
    ///     .collect::<Result<_, _>>()
    ///     .unwrap();
    /// assert_eq!(in_place, copied);
    /// assert_eq!(in_place[1].url(), "telnet://info.cern.ch/");
    /// ```
    pub fn extract_buf_reader<R: BufRead>(&self, reader: R) -> ExtractReader<R> {
        ExtractReader::new_in_place(*self, reader)
    }
}

/// The URLs in `text`, by RFC 1738 with the default limit; see [`Extractor`].
///
/// ```
/// let text = "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n\
///             see also http://info.cern.ch/hypertext/WWW/TheProject.html.";
/// let urls: Vec<_> = rfc1738::extraction::extract(text).map(|found| found.url().to_owned()).collect();
/// assert_eq!(urls, ["ftp://ftp.w3.org/pub/www/doc", "http://info.cern.ch/hypertext/WWW/TheProject.html"]);
/// ```
pub fn extract(text: &str) -> Extract<'_> {
    Extractor::new().extract(text)
}

/// The URLs in a stream, by RFC 1738 with the default limit; see [`Extractor`].
///
/// ```
/// let text: &[u8] = b"mail <URL:mailto:timbl@info.cern.ch> or telnet://info.cern.ch/";
/// let found: Vec<_> = rfc1738::extraction::extract_reader(text).collect::<Result<_, _>>().unwrap();
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
            Step::Found => {
                let candidate = self.scanner.candidate();
                let position = self.lines.advance(bytes, candidate.start, candidate.end);
                let found = self.text.get(candidate.start..candidate.end).unwrap_or("");
                let url = candidate.url_text(self.text);
                let found = Found::from_candidate(
                    &self.extractor,
                    candidate,
                    0,
                    position,
                    found.into(),
                    url,
                );
                self.scanner.settle(found.is_valid());
                Some(found)
            }
            Step::NeedMore { .. } | Step::End => None,
        }
    }
}
