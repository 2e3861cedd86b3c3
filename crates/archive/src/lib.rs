//! Web archives: the records of ARC files (version 1 and 2, the Internet Archive's format
//! of 1996-2008) and WARC files (1.0 and 1.1, and the drafts 0.17 and 0.18), plain or
//! gzip'd (one gzip member per record, several, or the whole file), read record by record
//! with memory bounded by the largest record allowed. A crate of its own: it knows nothing
//! of URLs (the rfc1738 command and Python package read the documents it hands on).
//!
//! The format is told from the first bytes ([`sniff`]): gzip's magic bytes, then `WARC/`
//! (in any case), `filedesc://` or an ARC record's header line. Each record is handed to a
//! callback as an [`Item`]: a [`Document`] (a `response` or `resource` record: the HTTP
//! response's body, its `chunked` transfer coding and `gzip`/`deflate` content coding
//! decoded, with its media type), a record [skipped](Item::Skipped) by its kind
//! (`request`, `revisit`, `metadata`, `warcinfo`, an ARC file's `filedesc` block, ...), a
//! [`Problem`] (a truncated or corrupt gzip member, a header that cannot be read, a length
//! that cannot be trusted, a body that does not decode, bytes that start no record), or a
//! [warning](Item::Warning) before a document read otherwise than its record says. After a
//! problem the rest of the file is still read: from the next gzip member, or from the next
//! line that starts a record, searched for from the bad record's header.
//!
//! ```
//! use rfc1738_archive::{sniff, ArchiveReader, Format, Item};
//!
//! let page = "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<A HREF=a.html>a</A>";
//! let warc = format!(
//!     "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://info.cern.ch/\r\n\
//!      WARC-Date: 1996-09-23T14:21:03Z\r\nContent-Type: application/http; msgtype=response\r\n\
//!      Content-Length: {}\r\n\r\n{page}\r\n\r\n",
//!     page.len()
//! );
//! let (detected, input) = sniff(warc.as_bytes(), None).unwrap();
//! let detected = detected.unwrap();
//! assert_eq!((detected.format, detected.gzip), (Format::Warc, false));
//! let mut bodies = Vec::new();
//! ArchiveReader::new()
//!     .read(input, detected, &mut |item| {
//!         if let Item::Document(document) = item {
//!             assert_eq!(document.record.url.as_deref(), Some("http://info.cern.ch/"));
//!             assert_eq!(document.media_type.as_deref(), Some("text/html"));
//!             bodies.push(document.body.to_vec());
//!         }
//!         Ok(())
//!     })
//!     .unwrap();
//! assert_eq!(bodies, [b"<A HREF=a.html>a</A>".to_vec()]);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod cdxj;
mod http;
mod input;
mod parser;
mod problem;
mod record;
mod tally;

pub use problem::{Problem, ProblemKind};
pub use record::{is_html, Block, BlockItem, Document, Format, Item, Record};
#[cfg(feature = "serde")]
pub use tally::Summary;
pub use tally::Tally;

use input::Input;
use parser::{Parser, Sink};
use std::io::{self, BufRead, Read};

/// The first bytes of a gzip member.
const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
/// A gzip member of deflate data (the only method there is) starts so.
const GZIP_MEMBER: &[u8] = &[0x1f, 0x8b, 0x08];

/// What an archive is: its format, and whether it is gzip'd.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Detected {
    /// ARC or WARC.
    pub format: Format,
    /// Gzip'd (member by member, or whole).
    pub gzip: bool,
}

/// The bytes of a stream that [`sniff`] looked at, given back in front of the rest: reads
/// the whole stream as it was.
pub struct Peeked<R>(Input<R>);

impl<R: Read> Read for Peeked<R> {
    fn read(&mut self, into: &mut [u8]) -> io::Result<usize> {
        self.0.read(into)
    }
}

impl<R: Read> BufRead for Peeked<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.0.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.0.consume(n);
    }
}

impl<R> std::fmt::Debug for Peeked<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Peeked").finish_non_exhaustive()
    }
}

/// Tells whether `reader` holds an archive, from its first bytes: gzip's magic bytes are
/// looked through (the first bytes of the first member decoded), then a WARC version line
/// (`WARC/`, in any case) starts a WARC file, and `filedesc://` or the header line of an
/// ARC record (a fragment of an ARC file without its `filedesc` block, as crawlers' tools
/// split them) an ARC file; a gzip'd file of nothing but empty gzip members is an empty
/// WARC file. With `format` given, the file is taken to be one of that
/// format, gzip'd when it starts with gzip's magic bytes. Reads no more than it needs to
/// decide (a byte, for most text; the first line, for a line that starts with a URL's
/// scheme), and hands the stream back whole.
pub fn sniff<R: Read>(
    reader: R,
    format: Option<Format>,
) -> io::Result<(Option<Detected>, Peeked<R>)> {
    let mut input = Input::new(reader);
    let mut want = 1;
    let detected = loop {
        let bytes = input.peek(want)?;
        let complete = bytes.len() < want;
        if bytes.starts_with(GZIP_MAGIC) {
            let gzip = match format {
                Some(format) => Some(format),
                None => {
                    let compressed = input.peek(SNIFF_GZIP)?;
                    let whole = compressed.len() < SNIFF_GZIP;
                    let mut first = Vec::new();
                    // What decodes from the bytes at hand, through empty members (an error
                    // past them is no matter): the first line, or as much of it as a
                    // header line may hold.
                    let decoded = flate2::read::MultiGzDecoder::new(compressed)
                        .take(record::MAX_HEADER as u64)
                        .read_to_end(&mut first);
                    match (first.is_empty(), decoded.is_ok() && whole) {
                        // Nothing but empty members: an empty WARC file, the one format
                        // an empty file is a valid archive of (gowarc writes them).
                        (true, true) => Some(Format::Warc),
                        _ => format_of(&first, true).flatten(),
                    }
                }
            };
            break gzip.map(|format| Detected { format, gzip: true });
        }
        if let Some(format) = format {
            if bytes.len() >= 2 || complete || bytes != [GZIP_MAGIC[0]] {
                break Some(Detected {
                    format,
                    gzip: false,
                });
            }
        } else if bytes == [GZIP_MAGIC[0]] && !complete {
            // Perhaps gzip's magic bytes.
        } else if let Some(format) = format_of(bytes, complete) {
            break format.map(|format| Detected {
                format,
                gzip: false,
            });
        }
        want = bytes.len() + 1;
    };
    Ok((detected, Peeked(input)))
}

/// The format of a file that starts with `bytes` (all there are when `complete`):
/// `Some(Some(format))`, `Some(None)` for none, or `None` when more bytes must tell.
fn format_of(bytes: &[u8], complete: bool) -> Option<Option<Format>> {
    let starts = |magic: &[u8]| {
        let n = magic.len().min(bytes.len());
        bytes[..n].eq_ignore_ascii_case(&magic[..n])
    };
    if starts(b"WARC/") {
        return match bytes.len() >= 5 {
            true => Some(Some(Format::Warc)),
            false => (complete).then_some(None),
        };
    }
    if bytes.starts_with(b"filedesc://") {
        return Some(Some(Format::Arc));
    }
    if b"filedesc://".starts_with(bytes) && !complete {
        return None;
    }
    // The header line of an ARC record: a URL's scheme and `:` first, then the line.
    let scheme = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')));
    let scheme_ok = bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && match scheme {
            Some(at) => bytes[at] == b':' && at <= MAX_SCHEME,
            None => bytes.len() <= MAX_SCHEME,
        };
    if !scheme_ok {
        return Some(None);
    }
    match memchr::memchr(b'\n', bytes) {
        Some(lf) => Some(parser::is_arc_header_line(&bytes[..=lf]).then_some(Format::Arc)),
        None if complete || bytes.len() > record::MAX_HEADER => Some(None),
        None => None,
    }
}

/// How many bytes of a gzip'd file [`sniff`] decodes its first line from.
const SNIFF_GZIP: usize = 64 * 1024;

/// The longest scheme [`format_of`] waits for before it calls a file no archive.
const MAX_SCHEME: usize = 32;

/// Reads the records of ARC and WARC files.
#[derive(Debug, Clone, Copy)]
pub struct ArchiveReader {
    max_record: u64,
}

impl Default for ArchiveReader {
    fn default() -> ArchiveReader {
        ArchiveReader::new()
    }
}

impl ArchiveReader {
    /// The largest record read when none is given: 16 MiB.
    pub const DEFAULT_MAX_RECORD: u64 = 16 << 20;

    /// A reader with [`DEFAULT_MAX_RECORD`](ArchiveReader::DEFAULT_MAX_RECORD).
    pub fn new() -> ArchiveReader {
        ArchiveReader {
            max_record: ArchiveReader::DEFAULT_MAX_RECORD,
        }
    }

    /// The largest record read, in bytes (its `Content-Length` or ARC length; a decoded
    /// HTTP body is held to the same limit): a longer one is reported
    /// ([`ProblemKind::TooLong`]), nothing of it held, and its length not trusted: the
    /// next record is searched for from its header's end. Memory stays within about
    /// three times this (the input's buffer, which holds a record where it is read and up
    /// to twice that while records whose lengths lie are looked past, and the record's
    /// decoded body), and a fourth in a gzip'd file (the compressed member kept to find
    /// the next one after a corrupt one), whatever the file's size.
    pub fn max_record(mut self, max_record: u64) -> ArchiveReader {
        self.max_record = max_record;
        self
    }

    /// Reads the records of `reader`, an archive as `detected` says, handing each to
    /// `each` in file order. The error of `each` ends the reading and is returned; so is
    /// an error reading `reader`. Nothing of the file is passed over in silence: every
    /// record is a [`Item::Document`], an [`Item::Skipped`], or within an
    /// [`Item::Problem`].
    pub fn read<R: Read>(
        &self,
        reader: R,
        detected: Detected,
        each: &mut dyn FnMut(Item<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.run(reader, detected, Sink::Items(each))
    }

    /// Reads the records of `reader` as [`read`](ArchiveReader::read) does, but hands on
    /// every record, of any kind, with its block as stored ([`BlockItem::Record`]), and
    /// nothing decoded: what an index of the file needs ([`cdxj`]). The problems are the
    /// same as `read`'s, but for those of a record's HTTP response, which is not read
    /// (its head and body are in the block). In a gzip'd file, the end of each member read
    /// whole is told after its records ([`BlockItem::MemberEnd`]).
    ///
    /// ```
    /// use rfc1738_archive::{sniff, ArchiveReader, BlockItem};
    ///
    /// let warc = b"WARC/1.0\r\nWARC-Type: request\r\nContent-Length: 3\r\n\r\nGET\r\n\r\n";
    /// let (detected, input) = sniff(&warc[..], None).unwrap();
    /// let mut seen = Vec::new();
    /// ArchiveReader::new()
    ///     .read_blocks(input, detected.unwrap(), &mut |item| {
    ///         if let BlockItem::Record(block) = item {
    ///             seen.push((block.record.kind.clone(), block.block.to_vec(), block.end));
    ///         }
    ///         Ok(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(seen, [("request".to_string(), b"GET".to_vec(), Some(54))]);
    /// ```
    pub fn read_blocks<R: Read>(
        &self,
        reader: R,
        detected: Detected,
        each: &mut dyn FnMut(BlockItem<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.run(reader, detected, Sink::Blocks(each))
    }

    /// Reads the records of `reader`, handing them to `sink`.
    fn run<R: Read>(&self, reader: R, detected: Detected, sink: Sink<'_>) -> io::Result<()> {
        let mut input = Input::new(reader);
        let mut parser = Parser::new(self.max_record, detected.format, sink);
        if !detected.gzip {
            return parser.run(&mut input);
        }
        let record_cap = usize::try_from(self.max_record).unwrap_or(usize::MAX);
        let mut room = Vec::new();
        loop {
            let start = input.offset();
            let bytes = input.peek(GZIP_MAGIC.len())?;
            if bytes.is_empty() {
                return Ok(());
            }
            if !bytes.starts_with(GZIP_MAGIC) {
                let skipped = skip_to_member(&mut input)?;
                parser.problem(start, None, ProblemKind::Skipped { bytes: skipped })?;
                continue;
            }
            input.start_recording(record_cap);
            parser.member = Some(start);
            let result = {
                let decoder = flate2::bufread::GzDecoder::new(&mut input);
                let mut member = Input::with_room(decoder, std::mem::take(&mut room));
                let result = parser.run(&mut member);
                room = member.into_room();
                result
            };
            let recorded = input.stop_recording();
            let Err(error) = result else {
                let end = input.offset();
                parser.emit_block(BlockItem::MemberEnd { offset: start, end })?;
                continue;
            };
            if parser.each_failed || input.failed {
                return Err(error);
            }
            let url = parser.current_url.take();
            parser.problem(start, url, ProblemKind::Gzip(error.to_string()))?;
            // Read again from the next member's first bytes after this one's.
            let next = recorded.as_deref().and_then(|recorded| {
                let at = memchr::memmem::find(recorded.get(1..)?, GZIP_MEMBER)?;
                Some(&recorded[1 + at..])
            });
            match next {
                Some(next) => input.pushback(next),
                None if input.offset() == start => input.consume(1),
                None => {}
            }
        }
    }
}

/// Reads past bytes up to the next gzip member's first bytes (or the end); returns how
/// many.
fn skip_to_member<R: Read>(input: &mut Input<R>) -> io::Result<u64> {
    let from = input.offset();
    input.consume(1);
    loop {
        let bytes = input.peek(GZIP_MEMBER.len())?;
        if bytes.len() < GZIP_MEMBER.len() {
            let n = bytes.len();
            input.consume(n);
            break;
        }
        match memchr::memmem::find(bytes, GZIP_MEMBER) {
            Some(at) => {
                input.consume(at);
                break;
            }
            None => {
                let n = bytes.len() - (GZIP_MEMBER.len() - 1);
                input.consume(n);
            }
        }
    }
    Ok(input.offset() - from)
}
