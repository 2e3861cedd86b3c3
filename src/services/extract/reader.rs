//! The URLs of a stream, read piece by piece: copied into a bounded buffer of its own
//! ([`Read`]), or read in place in the source's own buffer ([`BufRead`]).

use super::extractor::Extractor;
use super::found::Found;
use super::lines::LineCounter;
use super::scanner::{Scanner, Step};
use std::borrow::Cow;
use std::io::{self, BufRead, Read};

/// The bytes read from a stream at a time, and the most of a source's buffer read in place
/// at a time (so that the bytes are still in the cache when their lines are counted).
const CHUNK: usize = 64 * 1024;

/// The fewest bytes of a source's buffer copied after the bytes carried over from the one
/// before: the four heads a start needs (`<`, whitespace, `URL:`, a scheme), enough that
/// the search, given them, lets the carried bytes go and goes back to reading in place.
const CARRY_STEP: usize = 4 * super::candidate::HEAD;

/// A [`BufRead`] source's own methods, taken when the reader was made for it: the reader
/// then scans the source's buffer where it is, without copying it.
struct InPlace<R> {
    fill_buf: for<'a> fn(&'a mut R) -> io::Result<&'a [u8]>,
    consume: fn(&mut R, usize),
    /// Where the search's bytes start in the source's buffer (when none are carried).
    offset: usize,
    /// The most of the source's buffer searched at once (grows for a long candidate).
    window: usize,
    /// When bytes are carried over (`buffer`), how many of them were copied from the start
    /// of the source's current buffer (not consumed yet).
    taken: usize,
    /// The carried bytes need more after them before the search can go on.
    wants_more: bool,
}

impl<R> std::fmt::Debug for InPlace<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InPlace")
            .field("offset", &self.offset)
            .field("window", &self.window)
            .field("taken", &self.taken)
            .field("wants_more", &self.wants_more)
            .finish()
    }
}

/// The URLs of a stream: see [`Extractor::extract_reader`] and
/// [`Extractor::extract_buf_reader`]. Yields an error (once, then stops) when reading fails.
#[derive(Debug)]
pub struct ExtractReader<R> {
    extractor: Extractor,
    reader: R,
    /// Read in place: the source's buffer, and `buffer` holds only the bytes carried from
    /// one of its buffers to the next.
    in_place: Option<InPlace<R>>,
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
    /// A search of `reader` by `extractor` ([`Extractor::extract_reader`]).
    pub(super) fn new(extractor: Extractor, reader: R) -> ExtractReader<R> {
        ExtractReader {
            extractor,
            reader,
            in_place: None,
            buffer: Vec::new(),
            filled: 0,
            base: 0,
            eof: false,
            failed: false,
            scanner: Scanner::new(extractor),
            lines: LineCounter::default(),
            high_water: 0,
        }
    }

    /// A search of `reader`'s own buffer, in place ([`Extractor::extract_buf_reader`]).
    pub(super) fn new_in_place(extractor: Extractor, reader: R) -> ExtractReader<R>
    where
        R: BufRead,
    {
        ExtractReader {
            in_place: Some(InPlace {
                fill_buf: <R as BufRead>::fill_buf,
                consume: <R as BufRead>::consume,
                offset: 0,
                window: CHUNK,
                taken: 0,
                wants_more: false,
            }),
            ..ExtractReader::new(extractor, reader)
        }
    }

    /// The most bytes the reader held in memory at once so far: bounded by the length
    /// limit and the read size, whatever the stream's size. (Read in place, the source's
    /// own buffer is not counted: the reader holds only what it carries from one of the
    /// source's buffers to the next.)
    pub fn high_water(&self) -> usize {
        self.high_water
    }

    /// Drops the bytes before `keep` (a buffer offset), counting their lines.
    fn discard(&mut self, keep: usize) {
        let keep = keep.min(self.filled);
        self.lines.let_go(&self.buffer[..self.filled], keep);
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

    /// Searches a stream copied into `buffer` up to its next finding.
    fn search_copied(&mut self) -> Option<io::Result<Held>> {
        loop {
            let buffer = &self.buffer[..self.filled];
            match self.scanner.step(buffer, self.eof) {
                Step::Found => return Some(Ok(Held::Buffer(self.filled))),
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

    /// Searches up to the next finding: in a stream copied into `buffer`, or in a stream
    /// read in place. Read in place, the search runs on a window of the source's buffer (at
    /// most `window` bytes of it, so that lines are counted while the bytes are in the
    /// cache) and moves on in it without copying; only where it needs bytes past the end of
    /// the source's buffer are the bytes it keeps carried over, in `buffer`, with the start
    /// of the next buffer copied after them, until the search lets the carried bytes go and
    /// reads in place again.
    fn search(&mut self) -> Option<io::Result<Held>> {
        let Some(place) = self.in_place.as_mut() else {
            return self.search_copied();
        };
        loop {
            let source = loop {
                match (place.fill_buf)(&mut self.reader) {
                    Ok(source) => break source,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => {
                        self.failed = true;
                        return Some(Err(error));
                    }
                }
            };
            if self.filled == 0 {
                // In place: the window from `offset`.
                let end = source.len().min(place.offset.saturating_add(place.window));
                let window = &source[place.offset.min(end)..end];
                let eof = source.is_empty();
                match self.scanner.step(window, eof) {
                    Step::Found => {
                        let start = place.offset.min(end);
                        return Some(Ok(Held::Source { start, end }));
                    }
                    Step::End => return None,
                    Step::NeedMore { keep } => {
                        let keep = keep.min(window.len());
                        self.lines.let_go(window, keep);
                        self.scanner.rebase(keep);
                        self.base += keep as u64;
                        place.offset += keep;
                        let rest = window.len() - keep;
                        if end < source.len() {
                            // The window moves on in the source's buffer; it grows when the
                            // search keeps more than half of it (a long candidate), so that
                            // a long URL is scanned a bounded number of times.
                            place.window = CHUNK.max(rest.saturating_mul(2));
                            continue;
                        }
                        // The window reached the end of the source's buffer: what the
                        // search keeps is carried over, and the buffer let go.
                        if self.buffer.len() < rest {
                            self.buffer.resize(rest, 0);
                        }
                        self.buffer[..rest].copy_from_slice(&window[keep..]);
                        self.filled = rest;
                        self.high_water = self.high_water.max(self.buffer.capacity());
                        let consumed = source.len();
                        (place.consume)(&mut self.reader, consumed);
                        place.offset = 0;
                        place.taken = 0;
                        place.wants_more = true;
                        place.window = CHUNK;
                    }
                }
                continue;
            }
            // Carrying bytes over: the search runs on `buffer`, its last `taken` bytes the
            // start of the source's current buffer.
            if place.wants_more {
                if source.is_empty() {
                    self.eof = true;
                } else if place.taken == source.len() {
                    // All of this buffer is carried: let it go and take the next one.
                    (place.consume)(&mut self.reader, place.taken);
                    place.taken = 0;
                    continue;
                } else {
                    let more = CARRY_STEP.max(self.filled).min(source.len() - place.taken);
                    let old = self.filled;
                    if self.buffer.len() < old + more {
                        self.buffer.resize(old + more, 0);
                    }
                    self.buffer[old..old + more]
                        .copy_from_slice(&source[place.taken..place.taken + more]);
                    self.filled += more;
                    place.taken += more;
                    self.high_water = self.high_water.max(self.buffer.capacity());
                }
                place.wants_more = false;
            }
            let buffer = &self.buffer[..self.filled];
            match self.scanner.step(buffer, self.eof) {
                Step::Found => return Some(Ok(Held::Buffer(self.filled))),
                Step::End => return None,
                Step::NeedMore { keep } => {
                    let keep = keep.min(self.filled);
                    let carried = self.filled - place.taken;
                    if keep >= carried {
                        // Every byte kept is in the source's buffer: read it in place again.
                        let buffer = &self.buffer[..self.filled];
                        self.lines.let_go(buffer, keep);
                        self.scanner.rebase(keep);
                        self.base += keep as u64;
                        place.offset = keep - carried;
                        place.window = CHUNK.max((self.filled - keep).saturating_mul(2));
                        place.taken = 0;
                        self.filled = 0;
                    } else {
                        self.lines.let_go(&self.buffer[..self.filled], keep);
                        self.scanner.rebase(keep);
                        self.buffer.copy_within(keep..self.filled, 0);
                        self.filled -= keep;
                        self.base += keep as u64;
                        place.wants_more = true;
                    }
                }
            }
        }
    }
}

/// Where the bytes a search stopped at, for a finding, are.
#[derive(Debug, Clone, Copy)]
enum Held {
    /// In the source's buffer (read in place), `start..end`.
    Source { start: usize, end: usize },
    /// In the reader's buffer, up to this.
    Buffer(usize),
}

/// What a finding is made of: the settings, the scanner that found it, the counter, and
/// the bytes it was found in, at stream offset `base`.
struct Parts<'a> {
    extractor: &'a Extractor,
    scanner: &'a mut Scanner,
    lines: &'a mut LineCounter,
    bytes: &'a [u8],
    base: u64,
}

impl<R: Read> ExtractReader<R> {
    /// What the finding a search stopped at, in the bytes `held`, is made of (borrowing the
    /// fields apart, so that `failed` can still be set). Read in place, the source's buffer
    /// is asked for again: not consumed since the search, it holds the same bytes
    /// ([`BufRead::fill_buf`] reads only into an empty buffer).
    fn parts(&mut self, held: Held) -> io::Result<Parts<'_>> {
        let bytes = match held {
            Held::Buffer(len) => &self.buffer[..len],
            Held::Source { start, end } => {
                let place = self.in_place.as_ref().expect("a reader in place");
                (place.fill_buf)(&mut self.reader)?
                    .get(start..end)
                    .ok_or_else(|| io::Error::other("the source's buffer changed unconsumed"))?
            }
        };
        Ok(Parts {
            extractor: &self.extractor,
            scanner: &mut self.scanner,
            lines: &mut self.lines,
            bytes,
            base: self.base,
        })
    }

    /// The next finding a search stops at, made by `make`; after an error (reading, or the
    /// source's buffer not what it was), the error, then nothing.
    fn next_with<'s, T>(&'s mut self, make: impl FnOnce(Parts<'s>) -> T) -> Option<io::Result<T>> {
        if self.failed {
            return None;
        }
        let held = match self.search()? {
            Ok(held) => held,
            Err(error) => {
                self.failed = true;
                return Some(Err(error));
            }
        };
        // The only error left is the source's buffer asked for again: checked first, so
        // that the finding's borrow is taken once, and never given back on an error.
        if let Held::Source { end, .. } = held {
            let place = self.in_place.as_ref().expect("a reader in place");
            let fits = (place.fill_buf)(&mut self.reader).map(|source| source.len() >= end);
            if let Err(error) = fits.and_then(|fits| {
                fits.then_some(())
                    .ok_or_else(|| io::Error::other("the source's buffer changed unconsumed"))
            }) {
                self.failed = true;
                return Some(Err(error));
            }
        }
        Some(self.parts(held).map(make))
    }

    /// The next finding, its text borrowed from the reader's buffer (or the source's, read
    /// in place) instead of copied: the findings of the iterator, one at a time, each
    /// given back before the next is asked for. A finding whose text is not UTF-8, or
    /// whose URL is in pieces, owns those.
    ///
    /// ```
    /// let text = "mail <URL:mailto:timbl@info.cern.ch> or telnet://info.cern.ch/";
    /// let mut reader = rfc1738::extraction::Extractor::new().extract_buf_reader(text.as_bytes());
    /// let mut urls = Vec::new();
    /// while let Some(found) = reader.next_borrowed() {
    ///     urls.push(found.unwrap().url().to_owned());
    /// }
    /// assert_eq!(urls, ["mailto:timbl@info.cern.ch", "telnet://info.cern.ch/"]);
    /// ```
    pub fn next_borrowed(&mut self) -> Option<io::Result<Found<'_>>> {
        self.next_with(found_borrowed)
    }
}

/// The scanner's candidate, found in the bytes, made a finding that borrows its text.
fn found_borrowed(parts: Parts<'_>) -> Found<'_> {
    let Parts {
        extractor,
        scanner,
        lines,
        bytes,
        base,
    } = parts;
    let candidate = scanner.candidate();
    let position = lines.advance(bytes, candidate.start, candidate.end);
    let found_text = &bytes[candidate.start..candidate.end];
    let (found, url, found_bytes) = match std::str::from_utf8(found_text) {
        Ok(text) => {
            let url = match candidate.pieces.as_slice() {
                // Cut at ASCII bytes, so at characters.
                &[(start, end)] => text.get(start - candidate.start..end - candidate.start),
                _ => None,
            };
            let url = match url {
                Some(url) => Cow::Borrowed(url),
                None => Cow::Owned(
                    candidate
                        .url_in_found(text)
                        .unwrap_or_else(|| candidate.url_bytes_lossy(bytes)),
                ),
            };
            (Cow::Borrowed(text), url, None)
        }
        Err(_) => (
            String::from_utf8_lossy(found_text),
            Cow::Owned(candidate.url_bytes_lossy(bytes)),
            Some(found_text.into()),
        ),
    };
    let found = Found::from_candidate(extractor, candidate, base, position, found, url);
    scanner.settle(found.is_valid());
    found.with_found_bytes(found_bytes)
}

/// The scanner's candidate, found in the bytes, made a finding that owns its text: the
/// borrowing one's, its text copied once.
fn found_in(parts: Parts<'_>) -> Found<'static> {
    found_borrowed(parts).into_owned()
}

impl<R: Read> Iterator for ExtractReader<R> {
    type Item = io::Result<Found<'static>>;

    fn next(&mut self) -> Option<io::Result<Found<'static>>> {
        self.next_with(found_in)
    }
}
