//! Reading: bytes to UTF-8 (Latin-1 from the first byte that is not UTF-8), lines counted,
//! and in HTML 2.0's reading its declarations taken out ([`Html2Markup`]).

use super::markup::{Charset, HtmlReading};
use super::sgml::{Finding, Html2Markup};
use super::shared::Shared;
use super::token::TagToken;
use html5gum::Reader;
use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::atomic::Ordering;
use std::sync::{Arc, PoisonError};

/// An [`html5gum::Reader`] over any [`Read`]: UTF-8 until the first byte that is not, then
/// Latin-1 (each byte the character of that number), so the tokenizer always reads UTF-8.
///
/// It also bounds the one buffer of html5gum 0.9 that its emitter cannot: the tokenizer's
/// "temporary buffer" takes every ASCII letter after `</` in RCDATA (`TITLE`,
/// `TEXTAREA`), RAWTEXT (`XMP`, `STYLE`, ...) and script data, and after `<` or `</` in
/// script data's escaped states, until a letter run ends. A run of ASCII letters right
/// after `<` or `</` that is longer than `max_len + 1` gets a `0` before its next letter
/// ([`RunBreaker`]). Every state of the tokenizer that reads such a run (a tag name,
/// those end tag names, the script "double escape" names) either appends the `0` to a
/// name already longer than the limit (a tag reported and skipped as too long) or ends
/// the run on it, where any other non-letter would (the text, which holds no link,
/// goes on); elsewhere (in a comment, an attribute value or name) the `0` lands in text
/// already longer than the limit, reported and skipped as such. Lines are not changed.
pub(super) struct HtmlReader<R> {
    inner: R,
    /// Decoded bytes; `buf[pos..]` not yet read.
    buf: Vec<u8>,
    pos: usize,
    /// The end of a UTF-8 sequence cut by a read, kept for the next.
    carry: Vec<u8>,
    eof: bool,
    /// Decoded bytes produced so far, and where the Latin-1 reading starts among them.
    decoded: u64,
    latin1_from: Option<u64>,
    /// Decoded bytes handed to the tokenizer so far.
    delivered: u64,
    last_was_cr: bool,
    shared: Arc<Shared>,
    breaker: RunBreaker,
    /// HTML 2.0's reading of declarations (after the breaker, so that its offsets are the
    /// buffer's), the text it reads into, and what it found that is not yet due.
    markup: Option<Html2Markup>,
    scratch: Vec<u8>,
    findings: VecDeque<Finding>,
}

/// Where the decoded text stands with respect to a run of ASCII letters after `<` or
/// `</` (see [`HtmlReader`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Not right after `<` or `</` + letters.
    Outside,
    /// Right after `<`: a `/` may come.
    AfterLessThan,
    /// This many letters read after `<` or `</`.
    Letters(usize),
}

/// Copies decoded text into the buffer, with a `0` before the letter that would make a
/// run of letters after `<` or `</` longer than `longest`.
#[derive(Debug)]
struct RunBreaker {
    longest: usize,
    run: Run,
}

impl RunBreaker {
    fn push(&mut self, buf: &mut Vec<u8>, mut text: &[u8]) {
        while let Some(&first) = text.first() {
            match self.run {
                Run::Outside => {
                    let Some(at) = text.iter().position(|&b| b == b'<') else {
                        buf.extend_from_slice(text);
                        return;
                    };
                    buf.extend_from_slice(&text[..=at]);
                    text = &text[at + 1..];
                    self.run = Run::AfterLessThan;
                }
                Run::AfterLessThan => {
                    if first == b'/' {
                        buf.push(first);
                        text = &text[1..];
                    }
                    self.run = Run::Letters(0);
                }
                Run::Letters(read) => {
                    let letters = text.iter().take_while(|b| b.is_ascii_alphabetic()).count();
                    let room = self.longest - read;
                    if letters > room {
                        buf.extend_from_slice(&text[..room]);
                        buf.push(b'0');
                        text = &text[room..];
                        self.run = Run::Outside;
                    } else {
                        buf.extend_from_slice(&text[..letters]);
                        text = &text[letters..];
                        self.run = match text.is_empty() {
                            true => Run::Letters(read + letters),
                            false => Run::Outside,
                        };
                    }
                }
            }
        }
    }
}

/// How much is read from the input at a time.
const CHUNK: usize = 16 * 1024;

impl<R: Read> HtmlReader<R> {
    pub(super) fn new(
        inner: R,
        shared: Arc<Shared>,
        max_len: usize,
        reading: HtmlReading,
    ) -> HtmlReader<R> {
        HtmlReader {
            inner,
            buf: Vec::with_capacity(2 * CHUNK),
            pos: 0,
            carry: Vec::new(),
            eof: false,
            decoded: 0,
            latin1_from: None,
            delivered: 0,
            last_was_cr: false,
            shared,
            breaker: RunBreaker {
                longest: max_len + 1,
                run: Run::Outside,
            },
            markup: match reading {
                HtmlReading::Html2 => Some(Html2Markup::new(max_len)),
                HtmlReading::Whatwg => None,
            },
            scratch: Vec::new(),
            findings: VecDeque::new(),
        }
    }

    /// Reads and decodes more input after what is left; false at the end.
    fn more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        self.buf.drain(..self.pos);
        self.pos = 0;
        let before = self.buf.len();
        while self.buf.len() == before && !self.eof {
            let mut raw = std::mem::take(&mut self.carry);
            let start = raw.len();
            raw.resize(start + CHUNK, 0);
            let read = loop {
                match self.inner.read(&mut raw[start..]) {
                    Ok(read) => break read,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => return Err(error),
                }
            };
            raw.truncate(start + read);
            self.eof = read == 0;
            self.decode(&raw);
            if self.eof {
                let start = self.buf.len();
                if let Some(markup) = &mut self.markup {
                    markup.finish(&mut self.buf);
                    self.findings.extend(markup.take_findings());
                }
                self.decoded += (self.buf.len() - start) as u64;
            }
        }
        Ok(self.buf.len() > before)
    }

    /// Appends `raw` decoded to the buffer (through the [`RunBreaker`]), keeping a cut
    /// UTF-8 sequence for later.
    fn decode(&mut self, raw: &[u8]) {
        let start = self.buf.len();
        let mut rest = raw;
        if self.latin1_from.is_none() {
            match std::str::from_utf8(raw) {
                Ok(text) => {
                    self.push(text.as_bytes());
                    rest = &[];
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    self.push(&raw[..valid]);
                    rest = &raw[valid..];
                    if error.error_len().is_none() && !self.eof {
                        // A sequence cut by the read: completed by the next.
                        self.carry = rest.to_vec();
                        rest = &[];
                    } else {
                        let valid = self.buf.len() - start;
                        self.latin1_from = Some(self.decoded + valid as u64);
                    }
                }
            }
        }
        if !rest.is_empty() {
            let latin1: String = rest.iter().map(|&byte| char::from(byte)).collect();
            self.push(latin1.as_bytes());
        }
        self.decoded += (self.buf.len() - start) as u64;
    }

    /// Appends decoded `text` to the buffer: through the [`RunBreaker`], then in HTML 2.0's
    /// reading through [`Html2Markup`].
    fn push(&mut self, text: &[u8]) {
        match &mut self.markup {
            None => self.breaker.push(&mut self.buf, text),
            Some(markup) => {
                self.scratch.clear();
                self.breaker.push(&mut self.scratch, text);
                markup.push(&self.scratch, &mut self.buf);
                self.findings.extend(markup.take_findings());
            }
        }
    }

    /// Counts what the tokenizer is handed: lines, and whether Latin-1 has begun.
    fn deliver(&mut self, count: usize) {
        let bytes = &self.buf[self.pos..self.pos + count];
        let mut breaks = 0;
        for &byte in bytes {
            if byte == b'\r' || (byte == b'\n' && !self.last_was_cr) {
                breaks += 1;
            }
            self.last_was_cr = byte == b'\r';
        }
        if breaks > 0 {
            self.shared.breaks.fetch_add(breaks, Ordering::Relaxed);
        }
        self.pos += count;
        self.delivered += count as u64;
        if self.latin1_from.is_some_and(|from| self.delivered > from) {
            self.shared.latin1.store(true, Ordering::Relaxed);
        }
        self.release();
    }

    /// Hands the emitter what the declarations' reader found up to what the tokenizer has
    /// been handed (all of it at the end).
    fn release(&mut self) {
        let end = self.eof && self.pos == self.buf.len();
        while let Some(finding) = self.findings.front() {
            if finding.at > self.delivered && !end {
                break;
            }
            let finding = self.findings.pop_front().expect("a finding is due");
            // The character set in force where it ended (not where the tokenizer happens to
            // be, which depends on the pieces the input came in).
            let charset = match self.latin1_from {
                Some(from) if from < finding.at => Charset::Latin1,
                _ => Charset::Utf8,
            };
            let mut found = self
                .shared
                .found
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            found.push_back(TagToken::Skipped {
                what: finding.what,
                element: finding.element.to_owned(),
                line: finding.line,
                charset,
                unclosed: finding.unclosed,
            });
        }
    }

    /// The end of the input: everything found is due, and the tokenizer is told.
    fn at_end(&mut self) {
        self.release();
        self.shared.eof.store(true, Ordering::Relaxed);
    }
}

impl<R: Read> Reader for HtmlReader<R> {
    type Error = io::Error;

    fn read_byte(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.buf.len() && !self.more()? {
            self.at_end();
            return Ok(None);
        }
        let byte = self.buf[self.pos];
        self.deliver(1);
        Ok(Some(byte))
    }

    fn try_read_string(&mut self, s: &[u8], case_sensitive: bool) -> io::Result<bool> {
        while self.buf.len() - self.pos < s.len() {
            if !self.more()? {
                return Ok(false);
            }
        }
        let ahead = &self.buf[self.pos..self.pos + s.len()];
        let matches = match case_sensitive {
            true => ahead == s,
            false => ahead.eq_ignore_ascii_case(s),
        };
        if matches {
            self.deliver(s.len());
        }
        Ok(matches)
    }

    fn read_until<'b>(
        &'b mut self,
        needle: &[u8],
        _char_buf: &'b mut [u8; 4],
    ) -> io::Result<Option<&'b [u8]>> {
        if self.pos == self.buf.len() && !self.more()? {
            self.at_end();
            return Ok(None);
        }
        let start = self.pos;
        let ahead = &self.buf[start..];
        let len = match ahead.iter().position(|byte| needle.contains(byte)) {
            Some(0) => 1,
            Some(at) => at,
            None => ahead.len(),
        };
        self.deliver(len);
        Ok(Some(&self.buf[start..start + len]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// `text` through a [`RunBreaker`] of `longest`, in pieces of `piece` bytes.
    fn broken(text: &str, longest: usize, piece: usize) -> String {
        let mut breaker = RunBreaker {
            longest,
            run: Run::Outside,
        };
        let mut buf = Vec::new();
        for chunk in text.as_bytes().chunks(piece) {
            breaker.push(&mut buf, chunk);
        }
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_run_of_letters_after_less_than_longer_than_the_limit_gets_a_zero() {
        for piece in [1, 2, 3, 100] {
            // Up to `longest` letters after "<" or "</": unchanged.
            assert_eq!(
                broken("<abc></abc> <ab/abc", 3, piece),
                "<abc></abc> <ab/abc"
            );
            // One more: a "0" before it, once per run.
            assert_eq!(broken("<abcdefgh>", 3, piece), "<abc0defgh>");
            assert_eq!(broken("x</abcdefgh>", 3, piece), "x</abc0defgh>");
            // Only right after "<" or "</", and letters only: digits, "!", "-" end it.
            assert_eq!(
                broken("abcdefgh <!abcdefgh <a1bcdefgh", 3, piece),
                "abcdefgh <!abcdefgh <a1bcdefgh"
            );
            // Lines and other characters are left alone; "<<" starts a new run.
            assert_eq!(
                broken("<<abcd\n</\u{e9}abcd", 3, piece),
                "<<abc0d\n</\u{e9}abcd"
            );
        }
    }
}
