//! The bytes of an archive as the record reader takes them: buffered, with the offset of
//! the next byte, bytes that can be put back in front (to read again after a record whose
//! length lied), and a bounded copy of what was consumed (to find the next gzip member
//! after a corrupt one).

use std::io::{self, BufRead, Read};

/// How much is read from the source at a time.
const CHUNK: usize = 64 * 1024;

/// A buffered reader with an offset, put-back bytes and an optional bounded recording.
pub(crate) struct Input<R> {
    inner: R,
    /// The buffer: its bytes `pos..end` are still to be read; the rest is room that reads
    /// fill without its being zeroed again (zeroing the room on each read made a source
    /// that hands over a byte at a time cost 64 KiB of writes per byte).
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// The offset of `buf[pos]` in the stream.
    offset: u64,
    /// The source failed (an error other than `Interrupted`).
    pub(crate) failed: bool,
    /// The bytes consumed since [`Input::start_recording`], while within the cap.
    recording: Option<(Vec<u8>, usize)>,
    overflowed: bool,
}

impl<R: Read> Input<R> {
    pub(crate) fn new(inner: R) -> Input<R> {
        Input {
            inner,
            buf: Vec::new(),
            pos: 0,
            end: 0,
            offset: 0,
            failed: false,
            recording: None,
            overflowed: false,
        }
    }

    /// A reader of `inner` that fills the room of `room` (a buffer [`Input::into_room`]
    /// gave back), zeroed once already: each gzip member of a file is read through a
    /// reader of its own, and they all use one buffer.
    pub(crate) fn with_room(inner: R, room: Vec<u8>) -> Input<R> {
        Input {
            buf: room,
            ..Input::new(inner)
        }
    }

    /// The buffer, for [`Input::with_room`]; what was still to be read is dropped.
    pub(crate) fn into_room(self) -> Vec<u8> {
        self.buf
    }

    /// The offset of the next byte.
    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    /// Puts `bytes` back in front of what is still to be read (they were just consumed).
    /// When they are still in the buffer, before what is to be read (a line read and found
    /// to start a record), the reading steps back over them; else they are copied in front.
    pub(crate) fn pushback(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let n = bytes.len();
        if self.pos >= n && self.buf[self.pos - n..self.pos] == *bytes {
            self.pos -= n;
        } else {
            let mut buf = Vec::with_capacity((n + self.end - self.pos).max(CHUNK));
            buf.extend_from_slice(bytes);
            buf.extend_from_slice(&self.buf[self.pos..self.end]);
            self.end = buf.len();
            self.buf = buf;
            self.pos = 0;
        }
        self.offset = self.offset.saturating_sub(n as u64);
    }

    /// At least `n` bytes buffered, fewer only at the end of the stream.
    pub(crate) fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        if self.end - self.pos < n {
            // What was read is dropped from the front (what is left moved there) only when
            // it is at least as long as what is left: a reader that looks further and further
            // ahead (a record's length checked at every header line of a long run of them)
            // then moves no more bytes than it reads, not the whole buffer each time.
            if self.pos >= self.end - self.pos {
                self.buf.copy_within(self.pos..self.end, 0);
                self.end -= self.pos;
                self.pos = 0;
            }
            // Room for `n` bytes, or a chunk when that is more; zeroed once, when it is
            // made. Reads go no further than it, whatever the buffer's length: what is
            // buffered ahead never grows past the larger of `n` and a chunk.
            let room = self.end.max(self.pos + n.max(CHUNK));
            if self.buf.len() < room {
                self.buf.resize(room, 0);
            }
            while self.end - self.pos < n {
                match self.inner.read(&mut self.buf[self.end..room]) {
                    Ok(0) => break,
                    Ok(read) => self.end += read,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    Err(error) => {
                        self.failed = true;
                        return Err(error);
                    }
                }
            }
        }
        Ok(&self.buf[self.pos..self.end])
    }

    /// Keeps a copy of the bytes consumed from now on, up to `cap` bytes.
    pub(crate) fn start_recording(&mut self, cap: usize) {
        self.recording = Some((Vec::new(), cap));
        self.overflowed = false;
    }

    /// The bytes consumed since [`Input::start_recording`], or `None` when they were more
    /// than its cap.
    pub(crate) fn stop_recording(&mut self) -> Option<Vec<u8>> {
        let recorded = self.recording.take().map(|(bytes, _)| bytes);
        match self.overflowed {
            true => None,
            false => recorded,
        }
    }

    /// Reads one line through its LF (or to the end of the stream), keeping at most
    /// `limit` bytes of it: `None` at the end of the stream, else the line and whether it
    /// was kept whole.
    pub(crate) fn read_line(&mut self, limit: usize) -> io::Result<Option<(Vec<u8>, bool)>> {
        let mut line = Vec::new();
        let mut whole = true;
        let mut any = false;
        loop {
            let buf = self.fill_buf()?;
            if buf.is_empty() {
                return Ok(any.then_some((line, whole)));
            }
            any = true;
            let (n, done) = match memchr::memchr(b'\n', buf) {
                Some(at) => (at + 1, true),
                None => (buf.len(), false),
            };
            let keep = n.min(limit.saturating_sub(line.len()));
            line.extend_from_slice(&buf[..keep]);
            whole &= keep == n;
            self.consume(n);
            if done {
                return Ok(Some((line, whole)));
            }
        }
    }

    /// Consumes CR and LF bytes.
    pub(crate) fn skip_line_ends(&mut self) -> io::Result<()> {
        loop {
            let buf = self.fill_buf()?;
            let n = buf
                .iter()
                .take_while(|&&b| b == b'\r' || b == b'\n')
                .count();
            let all = n == buf.len() && n > 0;
            self.consume(n);
            if !all {
                return Ok(());
            }
        }
    }
}

impl<R: Read> Read for Input<R> {
    fn read(&mut self, into: &mut [u8]) -> io::Result<usize> {
        let buf = self.fill_buf()?;
        let n = buf.len().min(into.len());
        into[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Input<R> {
    /// When the buffer is empty, it is filled to [`CHUNK`] bytes (fewer only at the end
    /// of the stream), however the source hands them over: what a reader of this buffer
    /// sees at a time (a gzip decoder, the record parser) depends on the bytes alone, not
    /// on the sizes of the source's reads, so that a corrupt gzip member is told the same
    /// whether the file comes whole or in pieces (found by the `records` fuzz target).
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.end {
            self.pos = 0;
            self.end = 0;
            self.peek(CHUNK)?;
        }
        Ok(&self.buf[self.pos..self.end])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.end - self.pos);
        if let Some((recorded, cap)) = self.recording.as_mut().filter(|_| !self.overflowed) {
            if recorded.len() + n <= *cap {
                recorded.extend_from_slice(&self.buf[self.pos..self.pos + n]);
            } else {
                self.overflowed = true;
                recorded.clear();
            }
        }
        self.pos += n;
        self.offset += n as u64;
    }
}
