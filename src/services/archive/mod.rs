//! Web archives: the records of ARC files (version 1 and 2, the Internet Archive's format
//! of 1996-2008) and WARC files (1.0 and 1.1), plain or gzip'd (one gzip member per record,
//! or the whole file), read record by record with memory bounded by the largest record
//! allowed. Behind the `archive` feature (on by default through `cli`).
//!
//! The format is told from the first bytes ([`sniff`]): gzip's magic bytes, then `WARC/`
//! or `filedesc://`. Each record is handed to a callback as an [`Item`]: a
//! [`Document`] (a `response` or `resource` record: the HTTP response's body, its
//! `chunked` transfer coding and `gzip`/`deflate` content coding decoded, with its media
//! type), a record [skipped](Item::Skipped) by its kind (`request`, `revisit`,
//! `metadata`, `warcinfo`, an ARC file's `filedesc` block, ...), or a [`Problem`]: a
//! truncated or corrupt gzip member, a header that cannot be read, a length that lies, a
//! record over the limit, a body that does not decode. After a problem the rest of the file
//! is still read: from the next gzip member, or from the next line that starts a record.
//!
//! ```
//! use rfc1738::archive::{sniff, ArchiveReader, Format, Item};
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

mod http;
mod input;
mod problem;

pub use problem::{Problem, ProblemKind};

use input::Input;
use std::io::{self, BufRead, Read};

/// The longest header line (WARC or ARC) read, and the most bytes of a WARC header.
const MAX_HEADER: usize = 64 * 1024;
/// The first bytes of a gzip member.
const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
/// A gzip member of deflate data (the only method there is) starts so.
const GZIP_MEMBER: &[u8] = &[0x1f, 0x8b, 0x08];

/// The archive formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// WARC 1.0 or 1.1 (ISO 28500).
    Warc,
    /// ARC, version 1 or 2 (the Internet Archive's, 1996-2008), told by its `filedesc://`
    /// block.
    Arc,
}

impl Format {
    /// `warc` or `arc`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Warc => "warc",
            Format::Arc => "arc",
        }
    }
}

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
/// looked through (the first bytes of the first member decoded), then `WARC/` starts a
/// WARC file and `filedesc://` an ARC file. With `format` given, the file is taken to be
/// one of that format, gzip'd when it starts with gzip's magic bytes. Reads no more than it
/// needs to decide (a byte, for most text), and hands the stream back whole.
pub fn sniff<R: Read>(
    reader: R,
    format: Option<Format>,
) -> io::Result<(Option<Detected>, Peeked<R>)> {
    let mut input = Input::new(reader);
    let mut want = 1;
    let detected = loop {
        let bytes = input.peek(want)?;
        if bytes.starts_with(GZIP_MAGIC) {
            let gzip = match format {
                Some(format) => Some(format),
                None => {
                    let compressed = input.peek(64 * 1024)?;
                    let mut first = Vec::new();
                    // What decodes from the bytes at hand (an error past them is no matter).
                    let _ = flate2::read::GzDecoder::new(compressed)
                        .take(11)
                        .read_to_end(&mut first);
                    format_of(&first)
                }
            };
            break gzip.map(|format| Detected { format, gzip: true });
        }
        if let Some(format) = format {
            if bytes.len() >= 2 || bytes.len() < want || bytes != [GZIP_MAGIC[0]] {
                break Some(Detected {
                    format,
                    gzip: false,
                });
            }
        } else if let Some(format) = format_of(bytes) {
            break Some(Detected {
                format,
                gzip: false,
            });
        } else {
            let prefix = |magic: &[u8]| magic.starts_with(bytes);
            let more = bytes.len() == want
                && (prefix(b"WARC/") || prefix(b"filedesc://") || prefix(GZIP_MAGIC));
            if !more {
                break None;
            }
        }
        want += 1;
    };
    Ok((detected, Peeked(input)))
}

/// The format whose first bytes `bytes` starts with.
fn format_of(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(b"WARC/") {
        Some(Format::Warc)
    } else if bytes.starts_with(b"filedesc://") {
        Some(Format::Arc)
    } else {
        None
    }
}

/// A record's header: where it is, what it is, its URL and date.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// Its offset in the file; in a gzip'd file, its gzip member's.
    pub offset: u64,
    /// Its file's format.
    pub format: Format,
    /// Its `WARC-Type` as written (`response`, `request`, `revisit`, ...); an ARC record is
    /// a `response`, its version block a `filedesc`.
    pub kind: String,
    /// `WARC-Target-URI` (without the `<` `>` some writers put around it), or the ARC
    /// header line's URL.
    pub url: Option<String>,
    /// `WARC-Date` as written (ISO 8601); an ARC record's 14-digit date as ISO 8601
    /// (`19960923142103` as `1996-09-23T14:21:03Z`), other ARC dates as written.
    pub date: Option<String>,
    /// The record's `Content-Type` (WARC), or the ARC header line's content type.
    pub content_type: Option<String>,
    /// Its length (`Content-Length`, or the ARC header line's).
    pub length: u64,
}

/// A document of a `response` or `resource` record (WARC), or of an ARC record.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Document<'a> {
    /// The record it is in.
    pub record: &'a Record,
    /// The HTTP status, for an HTTP response.
    pub status: Option<u16>,
    /// Its media type in lower case, without parameters: the HTTP response's
    /// `Content-Type`, or for a record without HTTP headers the record's content type.
    pub media_type: Option<&'a str>,
    /// Its body, transfer and content codings decoded.
    pub body: &'a [u8],
}

/// What the reader hands on, one record (or problem) at a time.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    /// A document to read.
    Document(Document<'a>),
    /// A record skipped by its kind: `request`, `revisit`, `metadata`, `warcinfo`,
    /// `conversion`, `continuation`, an ARC file's `filedesc` block, or a kind unknown.
    Skipped(&'a Record),
    /// Something that could not be read; the reading goes on after it.
    Problem(&'a Problem),
}

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
    /// ([`ProblemKind::TooLong`]) and its bytes read past, not held. Memory stays within
    /// about three times this (the record, its decoded body, and in a gzip'd file the
    /// compressed member kept to find the next one after a corrupt one), whatever the
    /// file's size.
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
        let mut input = Input::new(reader);
        let mut parser = Parser {
            max_record: self.max_record,
            format: detected.format,
            arc_version: 1,
            member: None,
            current_url: None,
            each_failed: false,
            each,
        };
        if !detected.gzip {
            return parser.run(&mut input);
        }
        let record_cap = usize::try_from(self.max_record).unwrap_or(usize::MAX);
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
                let mut member = Input::new(flate2::bufread::GzDecoder::new(&mut input));
                parser.run(&mut member)
            };
            let recorded = input.stop_recording();
            let Err(error) = result else { continue };
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

/// What comes after a record.
enum Step {
    /// The next record.
    Next,
    /// Look for the next line that starts a record.
    Resync,
}

/// The record parser of one file, over its bytes (or a gzip member's).
struct Parser<'e> {
    max_record: u64,
    format: Format,
    /// The ARC version, from the `filedesc://` block (1 until then).
    arc_version: u8,
    /// The offset of the gzip member being read.
    member: Option<u64>,
    /// The URL of the record being read.
    current_url: Option<String>,
    /// `each` returned an error.
    each_failed: bool,
    each: &'e mut dyn FnMut(Item<'_>) -> io::Result<()>,
}

impl Parser<'_> {
    fn emit(&mut self, item: Item<'_>) -> io::Result<()> {
        (self.each)(item).inspect_err(|_| self.each_failed = true)
    }

    fn problem(&mut self, offset: u64, url: Option<String>, kind: ProblemKind) -> io::Result<()> {
        self.emit(Item::Problem(&Problem { offset, url, kind }))
    }

    /// The offset in the file of what is at `offset` in the stream read.
    fn file_offset(&self, offset: u64) -> u64 {
        self.member.unwrap_or(offset)
    }

    /// Reads the records of `input` to its end.
    fn run<R: Read>(&mut self, input: &mut Input<R>) -> io::Result<()> {
        loop {
            input.skip_line_ends()?;
            if input.fill_buf()?.is_empty() {
                return Ok(());
            }
            self.current_url = None;
            let start = input.offset();
            let step = match self.format {
                Format::Warc => self.warc_record(input, start)?,
                Format::Arc => self.arc_record(input, start)?,
            };
            if let Step::Resync = step {
                self.resync(input)?;
            }
        }
    }

    /// Whether `line` (with its line end) starts a record.
    fn starts_record(&self, line: &[u8]) -> bool {
        match self.format {
            Format::Warc => is_warc_version(line),
            Format::Arc => arc_header(line, self.arc_version).is_some(),
        }
    }

    /// Reads past lines up to the next one that starts a record; reports what it skipped.
    fn resync<R: Read>(&mut self, input: &mut Input<R>) -> io::Result<()> {
        let from = input.offset();
        while let Some((line, whole)) = input.read_line(MAX_HEADER)? {
            if whole && self.starts_record(&line) {
                input.pushback(&line);
                break;
            }
        }
        let bytes = input.offset() - from;
        if bytes > 0 {
            let at = self.file_offset(from);
            self.problem(at, None, ProblemKind::Skipped { bytes })?;
        }
        Ok(())
    }

    /// Reads a record's block of `length` bytes: `Some(block)`, or `None` when it is
    /// longer than allowed (its bytes read past) or cut off (each reported; `Err(step)`
    /// then says how to go on).
    fn block<R: Read>(
        &mut self,
        input: &mut Input<R>,
        start: u64,
        length: u64,
    ) -> io::Result<Result<Option<Vec<u8>>, Step>> {
        let at = self.file_offset(start);
        if length > self.max_record {
            let max_record = self.max_record;
            self.problem(
                at,
                self.current_url.clone(),
                ProblemKind::TooLong { length, max_record },
            )?;
            let read = input.skip(length)?;
            if read < length {
                let kind = ProblemKind::Truncated {
                    declared: length,
                    read,
                };
                self.problem(at, self.current_url.clone(), kind)?;
                return Ok(Err(Step::Next));
            }
            return Ok(Ok(None));
        }
        let mut block = Vec::with_capacity(usize::try_from(length.min(1 << 16)).unwrap_or(0));
        (&mut *input).take(length).read_to_end(&mut block)?;
        if (block.len() as u64) < length {
            let kind = ProblemKind::Truncated {
                declared: length,
                read: block.len() as u64,
            };
            self.problem(at, self.current_url.clone(), kind)?;
            input.pushback(&block);
            return Ok(Err(Step::Resync));
        }
        Ok(Ok(Some(block)))
    }

    /// One WARC record.
    fn warc_record<R: Read>(&mut self, input: &mut Input<R>, start: u64) -> io::Result<Step> {
        let at = self.file_offset(start);
        let Some((first, whole)) = input.read_line(MAX_HEADER)? else {
            return Ok(Step::Next);
        };
        if !whole || !is_warc_version(&first) {
            if whole {
                input.pushback(&first);
            }
            return Ok(Step::Resync);
        }
        // The header's fields, up to the empty line.
        let mut fields: Vec<(String, String)> = Vec::new();
        let mut size = first.len();
        loop {
            let Some((line, whole)) = input.read_line(MAX_HEADER)? else {
                let kind =
                    ProblemKind::Header("the file (or gzip member) ends in the header".into());
                self.problem(at, self.current_url.clone(), kind)?;
                return Ok(Step::Next);
            };
            size += line.len();
            if !whole || size > MAX_HEADER {
                let kind = ProblemKind::Header(format!("longer than {MAX_HEADER} bytes"));
                self.problem(at, self.current_url.clone(), kind)?;
                return Ok(Step::Resync);
            }
            let line = trim_line_end(&line);
            if line.is_empty() {
                break;
            }
            let text = header_text(line);
            if line[0] == b' ' || line[0] == b'\t' {
                if let Some((_, value)) = fields.last_mut() {
                    value.push(' ');
                    value.push_str(text.trim());
                    continue;
                }
            }
            let Some((name, value)) = text.split_once(':') else {
                let shown: String = text.chars().take(60).collect();
                let kind = ProblemKind::Header(format!("line {shown:?} has no colon"));
                self.problem(at, self.current_url.clone(), kind)?;
                return Ok(Step::Resync);
            };
            let name = name.trim().to_ascii_lowercase();
            if name == "warc-target-uri" {
                self.current_url = Some(target_uri(value));
            }
            fields.push((name, value.trim().to_owned()));
        }
        let field = |name: &str| {
            fields
                .iter()
                .find(|(field, _)| field == name)
                .map(|(_, value)| value.clone())
        };
        let Some(length) = field("content-length") else {
            let kind = ProblemKind::Header("no Content-Length".into());
            self.problem(at, self.current_url.clone(), kind)?;
            return Ok(Step::Resync);
        };
        let Some(length) = decimal(&length) else {
            let kind = ProblemKind::Header(format!("Content-Length {length:?} is not a number"));
            self.problem(at, self.current_url.clone(), kind)?;
            return Ok(Step::Resync);
        };
        let Some(kind) = field("warc-type") else {
            let kind = ProblemKind::Header("no WARC-Type".into());
            self.problem(at, self.current_url.clone(), kind)?;
            // Its length is known: read past its block.
            return Ok(match self.block(input, start, length)? {
                Ok(block) => self.warc_end(input, start, length, block.as_deref())?,
                Err(step) => step,
            });
        };
        let record = Record {
            offset: at,
            format: Format::Warc,
            kind,
            url: self.current_url.clone(),
            date: field("warc-date"),
            content_type: field("content-type"),
            length,
        };
        let block = match self.block(input, start, length)? {
            Ok(block) => block,
            Err(step) => return Ok(step),
        };
        if let Step::Resync = self.warc_end(input, start, length, block.as_deref())? {
            return Ok(Step::Resync);
        }
        if let Some(block) = block {
            let kind = record.kind.to_ascii_lowercase();
            if kind == "response" || kind == "resource" {
                let http = kind == "response"
                    && (record
                        .content_type
                        .as_deref()
                        .is_some_and(|t| http::media_type(t) == "application/http")
                        || block.starts_with(b"HTTP/"));
                self.document(&record, &block, http)?;
            } else {
                self.emit(Item::Skipped(&record))?;
            }
        }
        Ok(Step::Next)
    }

    /// After a WARC record's block: CR LF CR LF, or the length lied (then the block, when
    /// held, is read again for the next record).
    fn warc_end<R: Read>(
        &mut self,
        input: &mut Input<R>,
        start: u64,
        length: u64,
        block: Option<&[u8]>,
    ) -> io::Result<Step> {
        if input.peek(4)?.starts_with(b"\r\n\r\n") {
            input.consume(4);
            return Ok(Step::Next);
        }
        self.length_lied(input, start, length, block)
    }

    /// Reports a record whose length lied, and puts its block back to be read again.
    fn length_lied<R: Read>(
        &mut self,
        input: &mut Input<R>,
        start: u64,
        length: u64,
        block: Option<&[u8]>,
    ) -> io::Result<Step> {
        let at = self.file_offset(start);
        let url = self.current_url.clone();
        self.problem(at, url, ProblemKind::Length { declared: length })?;
        input.pushback(block.unwrap_or_default());
        Ok(Step::Resync)
    }

    /// One ARC record.
    fn arc_record<R: Read>(&mut self, input: &mut Input<R>, start: u64) -> io::Result<Step> {
        let at = self.file_offset(start);
        let Some((line, whole)) = input.read_line(MAX_HEADER)? else {
            return Ok(Step::Next);
        };
        let head = match whole {
            true => arc_header(&line, self.arc_version),
            false => None,
        };
        let Some(head) = head else {
            if whole {
                input.pushback(&line);
            }
            return Ok(Step::Resync);
        };
        self.current_url = Some(head.url.clone());
        let length = head.length;
        let block = match self.block(input, start, length)? {
            Ok(block) => block,
            Err(step) => return Ok(step),
        };
        let filedesc = head.url.starts_with("filedesc:");
        if let (true, Some(block)) = (filedesc, &block) {
            // The version block, "1 0 origin" (or "2 0 ..."), then the field names: the
            // version the next header lines are read by.
            if let Some(version) = block.split(|&b| b == b' ' || b == b'\n').next() {
                self.arc_version = match version {
                    b"2" => 2,
                    _ => 1,
                };
            }
        }
        // A record ends with a LF; the next line (after any empty ones) starts a record.
        let mut after = Vec::new();
        let ends = loop {
            match input.read_line(MAX_HEADER)? {
                None => break true,
                Some((line, whole)) => {
                    after.extend_from_slice(&line);
                    if !whole {
                        break false;
                    }
                    if trim_line_end(&line).is_empty() {
                        continue;
                    }
                    break arc_header(&line, self.arc_version).is_some();
                }
            }
        };
        if !ends {
            input.pushback(&after);
            return self.length_lied(input, start, length, block.as_deref());
        }
        let first_nonblank = after
            .iter()
            .position(|&b| b != b'\r' && b != b'\n')
            .unwrap_or(after.len());
        input.pushback(&after[first_nonblank..]);
        let Some(block) = block else {
            return Ok(Step::Next);
        };
        let record = Record {
            offset: at,
            format: Format::Arc,
            kind: if filedesc { "filedesc" } else { "response" }.into(),
            url: Some(head.url.clone()),
            date: Some(arc_date(&head.date)),
            content_type: Some(head.content_type.clone()),
            length,
        };
        if filedesc {
            self.emit(Item::Skipped(&record))?;
        } else {
            let scheme = head.url.split(':').next().unwrap_or_default();
            let http = (scheme.eq_ignore_ascii_case("http")
                || scheme.eq_ignore_ascii_case("https"))
                && block.starts_with(b"HTTP/");
            self.document(&record, &block, http)?;
        }
        Ok(Step::Next)
    }

    /// Hands on the document of a record: its HTTP response's body, or its block.
    fn document(&mut self, record: &Record, block: &[u8], http: bool) -> io::Result<()> {
        if !http {
            let media_type = record.content_type.as_deref().map(http::media_type);
            return self.emit(Item::Document(Document {
                record,
                status: None,
                media_type: media_type.as_deref(),
                body: block,
            }));
        }
        match http::parse(block, self.max_record) {
            Ok(response) => {
                // Without a Content-Type, the record's own (an ARC header line's is the
                // response's, as the crawler saw it).
                let media_type = response.media_type.or_else(|| {
                    let record_type = http::media_type(record.content_type.as_deref()?);
                    (record_type != "application/http").then_some(record_type)
                });
                self.emit(Item::Document(Document {
                    record,
                    status: Some(response.status),
                    media_type: media_type.as_deref(),
                    body: &response.body,
                }))
            }
            Err(kind) => self.problem(record.offset, record.url.clone(), kind),
        }
    }
}

/// A header line's text: UTF-8 (WARC 1.1's), or else Latin-1 (as warcio reads it: the
/// URLs of old crawls were written as the pages had them).
fn header_text(line: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(line) {
        Ok(text) => text.into(),
        Err(_) => line
            .iter()
            .map(|&b| char::from(b))
            .collect::<String>()
            .into(),
    }
}

/// `line` without its CR LF or LF.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Whether `line` is `WARC/1.0` or `WARC/1.1` (the versions read).
fn is_warc_version(line: &[u8]) -> bool {
    matches!(trim_line_end(line), b"WARC/1.0" | b"WARC/1.1")
}

/// A `WARC-Target-URI` value: trimmed, without the `<` `>` WARC 1.0's grammar (and some
/// writers) put around it.
fn target_uri(value: &str) -> String {
    let value = value.trim();
    value
        .strip_prefix('<')
        .and_then(|v| v.strip_suffix('>'))
        .unwrap_or(value)
        .to_owned()
}

/// A decimal number of at most 19 digits.
fn decimal(text: &str) -> Option<u64> {
    match text.len() {
        1..=19 if text.bytes().all(|b| b.is_ascii_digit()) => text.parse().ok(),
        _ => None,
    }
}

/// An ARC header line's fields.
struct ArcHeader {
    url: String,
    date: String,
    content_type: String,
    length: u64,
}

/// The header line of an ARC record: version 1's `URL IP-address Archive-date
/// Content-type Archive-length`, or version 2's `URL IP-address Archive-date Content-type
/// Result-code Checksum Location Offset Filename Archive-length` (a version 2 file's
/// `filedesc` line has version 1's five fields). The URL is what is left before the other
/// fields, spaces and all, as warcio reads it.
fn arc_header(line: &[u8], version: u8) -> Option<ArcHeader> {
    let text = header_text(trim_line_end(line));
    let fields = |n: usize| {
        let mut parts: Vec<&str> = text.rsplitn(n, ' ').collect();
        parts.reverse();
        (parts.len() == n).then_some(parts)
    };
    let parts = match version {
        2 => fields(10).or_else(|| fields(5)),
        _ => fields(5),
    }?;
    let (url, ip, date, content_type) = (parts[0], parts[1], parts[2], parts[3]);
    let length = decimal(parts[parts.len() - 1])?;
    let url_ok = !url.is_empty() && url.contains(':') && !url.starts_with(' ');
    let ip_ok = ip == "-"
        || (!ip.is_empty()
            && ip
                .bytes()
                .all(|b| b.is_ascii_hexdigit() || b == b'.' || b == b':'));
    let date_ok = (8..=14).contains(&date.len()) && date.bytes().all(|b| b.is_ascii_digit());
    let type_ok = !content_type.is_empty();
    (url_ok && ip_ok && date_ok && type_ok).then(|| ArcHeader {
        url: url.to_owned(),
        date: date.to_owned(),
        content_type: content_type.to_owned(),
        length,
    })
}

/// An ARC date, `YYYYMMDDhhmmss`, as ISO 8601 (`YYYY-MM-DDThh:mm:ssZ`); a shorter one as
/// written.
fn arc_date(date: &str) -> String {
    match date.len() {
        14 => format!(
            "{}-{}-{}T{}:{}:{}Z",
            &date[0..4],
            &date[4..6],
            &date[6..8],
            &date[8..10],
            &date[10..12],
            &date[12..14]
        ),
        _ => date.to_owned(),
    }
}
