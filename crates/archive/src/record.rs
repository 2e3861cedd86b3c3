//! What the archive reader hands on: the formats, a record's header, a document, an item;
//! and the bound of a header and the end of its lines.

use super::problem::Problem;
#[cfg(doc)]
use super::problem::ProblemKind;

/// The longest header line (WARC or ARC) read, and the most bytes of a WARC header.
pub(super) const MAX_HEADER: usize = 64 * 1024;

/// The archive formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// WARC 1.0 or 1.1 (ISO 28500), and the drafts 0.17 and 0.18 (the same record
    /// syntax), told by a version line in any case (`WARC/1.0`, `warc/0.18`).
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

/// A record's header: where it is, what it is, its URL and date.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// Its offset in the file; in a gzip'd file, its gzip member's.
    pub offset: u64,
    /// Its file's format.
    pub format: Format,
    /// The format's version it was read by: a WARC record's version line's (`1.0`, `1.1`,
    /// `0.17`, `0.18`); an ARC record's file's, from its `filedesc` block (`1`, `2`; `1`
    /// in a fragment without one).
    pub version: &'static str,
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
    /// Its `WARC-Payload-Digest` as written (`sha1:` and the base32 digest, mostly), the
    /// first if there are several; an ARC record has none.
    pub payload_digest: Option<String>,
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

impl Document<'_> {
    /// Whether it is an HTML page: of media type `text/html` or `application/xhtml+xml`
    /// (the documents `rfc1738 links` reads in an archive).
    pub fn is_html(&self) -> bool {
        is_html(self.media_type)
    }
}

/// Whether a document of this media type (lower case, without parameters) is an HTML page.
pub fn is_html(media_type: Option<&str>) -> bool {
    matches!(media_type, Some("text/html" | "application/xhtml+xml"))
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
    /// Something read otherwise than its record says, told before the record's document:
    /// a body stored de-chunked under `Transfer-Encoding: chunked`
    /// ([`ProblemKind::Dechunked`]), chunked framing that breaks off
    /// ([`ProblemKind::Chunked`]), a body stored decoded under `Content-Encoding: gzip`
    /// ([`ProblemKind::Decoded`]). The document is read all the same.
    Warning(&'a Problem),
}

/// A record with its block as stored, as
/// [`ArchiveReader::read_blocks`](super::ArchiveReader::read_blocks) hands on every record of
/// any kind: what an index of the file is made of ([`cdxj`](super::cdxj)).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Block<'a> {
    /// The record's header.
    pub record: &'a Record,
    /// Its block, as stored: the record's length of bytes after its header (a WARC
    /// record's `Content-Length`, an ARC record's length), the HTTP response's head and
    /// body as they were written, codings and all.
    pub block: &'a [u8],
    /// In a plain file, the offset in the file where the block ends (the record's end,
    /// the line ends after it not counted): `end - record.offset` is the record's length
    /// in the file. `None` in a gzip'd file, where the record's gzip member's end is told
    /// after the member ([`BlockItem::MemberEnd`]).
    pub end: Option<u64>,
}

/// What [`ArchiveReader::read_blocks`](super::ArchiveReader::read_blocks) hands on, in file
/// order.
#[derive(Debug, Clone, Copy)]
pub enum BlockItem<'a> {
    /// A record (of any kind: `warcinfo`, `request`, an ARC file's `filedesc` block too),
    /// with its block.
    Record(Block<'a>),
    /// Something that could not be read; the reading goes on after it.
    Problem(&'a Problem),
    /// A gzip member was read to its end, gzip trailer and all: the records handed on
    /// since the last one are in it. A corrupt or truncated member is a
    /// [`ProblemKind::Gzip`] problem instead.
    MemberEnd {
        /// The member's offset in the file (the [`Record::offset`] of its records).
        offset: u64,
        /// The offset in the file of the first byte after it.
        end: u64,
    },
}

/// `line` without its line end: LF, CR LF, or LF after several CRs (a file converted to
/// CR LF twice ends its lines with CR CR LF, as pywb's `missing-status-text.warc` does).
pub(super) fn trim_line_end(line: &[u8]) -> &[u8] {
    rfc1738_http_head::without_line_end(line, rfc1738_http_head::Manner::Lenient)
}
