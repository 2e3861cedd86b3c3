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

    /// The next finding of a stream copied into `buffer`.
    fn next_copied(&mut self) -> Option<io::Result<Found<'static>>> {
        loop {
            let buffer = &self.buffer[..self.filled];
            match self.scanner.step(buffer, self.eof) {
                Step::Found => {
                    return Some(Ok(found_in(
                        &self.extractor,
                        &mut self.scanner,
                        &mut self.lines,
                        buffer,
                        self.base,
                    )));
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

    /// The next finding of a stream read in place: the search runs on a window of the
    /// source's buffer (at most `window` bytes of it, so that lines are counted while the
    /// bytes are in the cache) and moves on in it without copying; only where it needs
    /// bytes past the end of the source's buffer are the bytes it keeps carried over, in
    /// `buffer`, with the start of the next buffer copied after them, until the search lets
    /// the carried bytes go and reads in place again.
    fn next_in_place(&mut self) -> Option<io::Result<Found<'static>>> {
        let Some(place) = self.in_place.as_mut() else {
            return self.next_copied();
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
                        return Some(Ok(found_in(
                            &self.extractor,
                            &mut self.scanner,
                            &mut self.lines,
                            window,
                            self.base,
                        )));
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
                Step::Found => {
                    return Some(Ok(found_in(
                        &self.extractor,
                        &mut self.scanner,
                        &mut self.lines,
                        buffer,
                        self.base,
                    )));
                }
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

/// The scanner's candidate, found in `bytes` (at stream offset `base`), made a finding that
/// owns its text.
fn found_in(
    extractor: &Extractor,
    scanner: &mut Scanner,
    lines: &mut LineCounter,
    bytes: &[u8],
    base: u64,
) -> Found<'static> {
    let candidate = scanner.candidate();
    let position = lines.advance(bytes, candidate.start, candidate.end);
    let found_text = &bytes[candidate.start..candidate.end];
    // Found text that is UTF-8 (nearly always) is checked once, and the URL cut from it.
    let (found, url, found_bytes) = match std::str::from_utf8(found_text) {
        Ok(text) => (
            text.to_owned(),
            candidate
                .url_in_found(text)
                .unwrap_or_else(|| candidate.url_bytes_lossy(bytes)),
            None,
        ),
        Err(_) => (
            String::from_utf8_lossy(found_text).into_owned(),
            candidate.url_bytes_lossy(bytes),
            Some(found_text.into()),
        ),
    };
    let url = Cow::Owned(url);
    let found = Found::from_candidate(extractor, candidate, base, position, Cow::Owned(found), url);
    scanner.settle(found.is_valid());
    found.with_found_bytes(found_bytes)
}

impl<R: Read> Iterator for ExtractReader<R> {
    type Item = io::Result<Found<'static>>;

    fn next(&mut self) -> Option<io::Result<Found<'static>>> {
        if self.failed {
            return None;
        }
        self.next_in_place()
    }
}
