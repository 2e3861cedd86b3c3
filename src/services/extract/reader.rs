//! The URLs of a stream, read piece by piece into a bounded buffer.

use super::extractor::Extractor;
use super::found::Found;
use super::lines::LineCounter;
use super::scanner::{Scanner, Step};
use std::borrow::Cow;
use std::io::{self, Read};

/// The bytes read from a stream at a time.
const CHUNK: usize = 64 * 1024;

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
    /// A search of `reader` by `extractor` ([`Extractor::extract_reader`]).
    pub(super) fn new(extractor: Extractor, reader: R) -> ExtractReader<R> {
        ExtractReader {
            extractor,
            reader,
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
                    let found = Found::from_candidate(
                        &self.extractor,
                        candidate,
                        self.base,
                        position,
                        Cow::Owned(found),
                        url,
                    );
                    self.scanner.settle(found.is_valid());
                    return Some(Ok(found.with_found_bytes(found_bytes)));
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
