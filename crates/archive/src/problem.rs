//! What can be wrong in an archive, each told with where it is and, when known, the URL of
//! the record it is in.

use std::fmt;

/// Something of an archive that could not be read: where (the record's offset, or its gzip
/// member's), the record's URL when its header was read, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The offset in the file of the record (in a gzip'd file, of its gzip member).
    pub offset: u64,
    /// The record's URL (`WARC-Target-URI`, or the ARC header line's), when its header was
    /// read.
    pub url: Option<String>,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// What is wrong with a part of an archive.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// A gzip member is truncated or corrupt (its deflate data, header or CRC). Reading goes
    /// on at the next gzip member.
    Gzip(String),
    /// Bytes where a record (or, in a gzip'd file, a gzip member) should start, skipped to
    /// the next one.
    Skipped {
        /// How many bytes (decompressed ones inside a gzip member).
        bytes: u64,
    },
    /// A record header that cannot be read: a WARC header line without a colon, a
    /// `Content-Length` missing or not a number, a header longer than the limit, a header
    /// cut off by the end of the file.
    Header(String),
    /// The file (or gzip member) ends before the length the record's header gives. The
    /// next record is searched for from its header's end.
    Truncated {
        /// The length its header gives.
        declared: u64,
        /// The bytes there were.
        read: u64,
    },
    /// The record does not end where its length says (no `CRLF CRLF` after a WARC
    /// record's block, nor the next version line; no LF after an ARC record's, nor the
    /// next header line): the length lies. Reading goes on at the next record found after
    /// the header.
    Length {
        /// The length its header gives.
        declared: u64,
    },
    /// The record's length is over the largest one allowed: nothing of it is held, and the
    /// length is not trusted (a lie of 10^18 would take the rest of the file): the next
    /// record is searched for from its header's end.
    TooLong {
        /// Its length.
        length: u64,
        /// The largest allowed ([`ArchiveReader::max_record`](super::ArchiveReader::max_record)).
        max_record: u64,
    },
    /// A response record whose block is no HTTP response (no status line, headers that do
    /// not end).
    Http(String),
    /// A warning ([`Item::Warning`](super::Item::Warning)): a `Transfer-Encoding: chunked`
    /// body whose framing breaks off after its first chunk (a size that runs past the end
    /// of the record, a chunk not followed by `CR LF`, no last chunk): the chunks before
    /// are decoded, the rest is read as stored.
    Chunked(String),
    /// A warning ([`Item::Warning`](super::Item::Warning)): a body under
    /// `Transfer-Encoding: chunked` that is not chunked (its first line is no chunk size),
    /// as recorders (pywb's, node-warc's) store a body they de-chunked without changing
    /// its head: read as stored.
    Dechunked,
    /// A warning ([`Item::Warning`](super::Item::Warning)): a body under
    /// `Content-Encoding: gzip` (or `x-gzip`, `deflate`: the coding named) that is not
    /// encoded (no gzip member, no zlib or deflate data), as ClueWeb09 and other crawls
    /// stored bodies they had decoded: read as stored.
    Decoded(String),
    /// A record an index ([`cdxj`](super::cdxj)) cannot give a line: no
    /// `WARC-Target-URI`, no `WARC-Date` or one that is no date. The reading goes on.
    Unindexed(String),
    /// A `Content-Encoding` (or transfer coding) not read (`br`, `compress`, ...), or a
    /// gzip or deflate body that does not decode, or decodes to more than the largest
    /// record allowed.
    Encoding(String),
}

impl ProblemKind {
    /// Whether it is a warning (handed on as [`Item::Warning`](super::Item::Warning), its
    /// record read all the same) rather than something not read.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            ProblemKind::Chunked(_) | ProblemKind::Dechunked | ProblemKind::Decoded(_)
        )
    }

    /// A short code: `gzip`, `skipped`, `header`, `truncated`, `length`, `too-long`,
    /// `http`, `encoding`, `unindexed`; for warnings, `chunked`, `dechunked` and `decoded`.
    pub fn code(&self) -> &'static str {
        match self {
            ProblemKind::Gzip(_) => "gzip",
            ProblemKind::Skipped { .. } => "skipped",
            ProblemKind::Header(_) => "header",
            ProblemKind::Truncated { .. } => "truncated",
            ProblemKind::Length { .. } => "length",
            ProblemKind::TooLong { .. } => "too-long",
            ProblemKind::Http(_) => "http",
            ProblemKind::Chunked(_) => "chunked",
            ProblemKind::Dechunked => "dechunked",
            ProblemKind::Decoded(_) => "decoded",
            ProblemKind::Encoding(_) => "encoding",
            ProblemKind::Unindexed(_) => "unindexed",
        }
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemKind::Gzip(error) => write!(
                f,
                "gzip member truncated or corrupt ({error}): read again from the next gzip member"
            ),
            ProblemKind::Skipped { bytes } => write!(
                f,
                "{bytes} bytes that start no record skipped, to the next record"
            ),
            ProblemKind::Header(what) => write!(f, "record header unreadable: {what}"),
            ProblemKind::Truncated { declared, read } => write!(
                f,
                "the record's length is {declared} bytes, but the file (or gzip member) ends \
                 after {read}: record skipped"
            ),
            ProblemKind::Length { declared } => write!(
                f,
                "the record does not end where its length ({declared} bytes) says: record \
                 skipped, the next one searched for from its header's end"
            ),
            ProblemKind::TooLong { length, max_record } => write!(
                f,
                "record of {length} bytes is longer than --max-record {max_record}: its \
                 length is not trusted, the next record searched for from its header's end"
            ),
            ProblemKind::Http(what) => write!(f, "not an HTTP response: {what}"),
            ProblemKind::Chunked(what) => write!(
                f,
                "chunked HTTP body broken off ({what}): the chunks before it decoded, the \
                 rest read as stored"
            ),
            ProblemKind::Decoded(coding) => write!(
                f,
                "the HTTP head says Content-Encoding: {coding}, but the body is stored \
                 decoded (it holds no {coding} data): read as stored"
            ),
            ProblemKind::Dechunked => write!(
                f,
                "the HTTP head says Transfer-Encoding: chunked, but the body is stored \
                 de-chunked (its first line is no chunk size): read as stored"
            ),
            ProblemKind::Encoding(what) => write!(f, "HTTP body not decoded: {what}"),
            ProblemKind::Unindexed(what) => write!(f, "record not indexed: {what}"),
        }
    }
}

/// `{"offset", "url", "code", "message"}`: the problem (or warning) as the archive summary
/// of `rfc1738 links --json` and Python's `problems` and `warnings` list it.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Problem {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("offset", &self.offset)?;
        map.serialize_entry("url", &self.url)?;
        map.serialize_entry("code", self.kind.code())?;
        map.serialize_entry("message", &self.kind.to_string())?;
        map.end()
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record at byte {}", self.offset)?;
        if let Some(url) = &self.url {
            write!(f, " ({url})")?;
        }
        write!(f, ": {}", self.kind)
    }
}
