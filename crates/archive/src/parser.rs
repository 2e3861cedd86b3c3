//! The record parser of one archive file (or one gzip member of it): WARC and ARC headers,
//! record blocks within their lengths and the limit, the HTTP response inside, and the
//! problems, each handed to the reader's callback as an [`Item`].

use super::http;
use super::input::Input;
use super::problem::{Problem, ProblemKind};
use super::record::{trim_line_end, Block, BlockItem, Document, Format, Item, Record, MAX_HEADER};
use rfc1738_http_head::warcio::decode_line;
use std::io::{self, BufRead, Read};

/// What comes after a record.
enum Step {
    /// The next record.
    Next,
    /// Look for the next line that starts a record, from here.
    Resync,
    /// No record starts where one was looked for: look for the next line that starts one,
    /// counting what is skipped from there (a line too long to put back was read).
    NoRecord,
}

/// The record parser of one file, over its bytes (or a gzip member's).
pub(super) struct Parser<'e> {
    max_record: u64,
    format: Format,
    /// The ARC version, from the `filedesc://` block (1 until then).
    arc_version: u8,
    /// The offset of the gzip member being read.
    pub(super) member: Option<u64>,
    /// The URL of the record being read.
    pub(super) current_url: Option<String>,
    /// `each` returned an error.
    pub(super) each_failed: bool,
    each: Sink<'e>,
}

/// Where the parser hands on what it reads.
pub(super) enum Sink<'e> {
    /// Documents, records skipped by kind, problems and warnings
    /// ([`ArchiveReader::read`](super::ArchiveReader::read)).
    Items(&'e mut dyn FnMut(Item<'_>) -> io::Result<()>),
    /// Every record with its block as stored, and the problems
    /// ([`ArchiveReader::read_blocks`](super::ArchiveReader::read_blocks)).
    Blocks(&'e mut dyn FnMut(BlockItem<'_>) -> io::Result<()>),
}

impl<'e> Parser<'e> {
    /// A parser of a `format` file, records up to `max_record` bytes, handing each item
    /// to `each`.
    pub(super) fn new(max_record: u64, format: Format, each: Sink<'e>) -> Parser<'e> {
        Parser {
            max_record,
            format,
            arc_version: 1,
            member: None,
            current_url: None,
            each_failed: false,
            each,
        }
    }

    /// Hands on `item`; in the blocks' manner only a problem (documents, records skipped
    /// and warnings are not made there).
    fn emit(&mut self, item: Item<'_>) -> io::Result<()> {
        let result = match (&mut self.each, item) {
            (Sink::Items(each), item) => each(item),
            (Sink::Blocks(each), Item::Problem(problem)) => each(BlockItem::Problem(problem)),
            (Sink::Blocks(_), _) => Ok(()),
        };
        result.inspect_err(|_| self.each_failed = true)
    }

    /// Hands on `item` in the blocks' manner (nothing in the items').
    pub(super) fn emit_block(&mut self, item: BlockItem<'_>) -> io::Result<()> {
        let result = match &mut self.each {
            Sink::Blocks(each) => each(item),
            Sink::Items(_) => Ok(()),
        };
        result.inspect_err(|_| self.each_failed = true)
    }

    /// Whether every record is handed on with its block ([`Sink::Blocks`]).
    fn blocks(&self) -> bool {
        matches!(self.each, Sink::Blocks(_))
    }

    /// In the blocks' manner, hands on `record` and its `block`, which ends at `end` in the
    /// stream read (the file's offset in a plain file; in a gzip member, not the file's:
    /// its member's end is told after it). Returns whether it did.
    fn block(&mut self, record: &Record, block: &[u8], end: u64) -> io::Result<bool> {
        if !self.blocks() {
            return Ok(false);
        }
        let end = match self.member {
            Some(_) => None,
            None => Some(end),
        };
        self.emit_block(BlockItem::Record(Block { record, block, end }))?;
        Ok(true)
    }

    pub(super) fn problem(
        &mut self,
        offset: u64,
        url: Option<String>,
        kind: ProblemKind,
    ) -> io::Result<()> {
        self.emit(Item::Problem(&Problem { offset, url, kind }))
    }

    /// The offset in the file of what is at `offset` in the stream read.
    fn file_offset(&self, offset: u64) -> u64 {
        self.member.unwrap_or(offset)
    }

    /// Reads the records of `input` to its end.
    pub(super) fn run<R: Read>(&mut self, input: &mut Input<R>) -> io::Result<()> {
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
            match step {
                Step::Next => {}
                Step::Resync => self.resync(input, None)?,
                Step::NoRecord => self.resync(input, Some(start))?,
            }
        }
    }

    /// Whether `line` (with its line end) starts a record: a WARC version line, or a line
    /// of an ARC header's fields (its length readable or not).
    fn starts_record(&self, line: &[u8]) -> bool {
        match self.format {
            Format::Warc => warc_version(line).is_some(),
            Format::Arc => !matches!(arc_line(line, self.arc_version), ArcLine::None),
        }
    }

    /// Reads past lines up to the next one that starts a record (searching forward from
    /// where the reading is, a bad record's header's end or the first byte after a good
    /// record); reports what it skipped, at the offset of its first byte.
    fn resync<R: Read>(&mut self, input: &mut Input<R>, from: Option<u64>) -> io::Result<()> {
        let from = match from {
            Some(from) => from,
            None => {
                // Empty lines separate records: they are not what was skipped.
                input.skip_line_ends()?;
                input.offset()
            }
        };
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

    /// Looks at a record's block of `length` bytes from here, and at what follows it,
    /// without reading them: `Ok(block_end)`, where the record ends (the block, and the
    /// separator to read past after it), when the record ends where the format says.
    /// Otherwise its length cannot be trusted: it is reported, nothing is read, and
    /// `Err(Step::Resync)` says to search for the next record from its header's end: a
    /// length over the limit (a length of 10^18 in a plain file would otherwise take every
    /// record after it), past the end of the input, or not ending at the separator. Looking
    /// rather than reading keeps a run of header lines that all lie from costing a copy of
    /// the largest record each (the buffer moves only what it reads, see [`Input::peek`]).
    fn check_block<R: Read>(
        &mut self,
        input: &mut Input<R>,
        start: u64,
        length: u64,
    ) -> io::Result<Result<usize, Step>> {
        let at = self.file_offset(start);
        let url = self.current_url.clone();
        let Some(size) = usize::try_from(length)
            .ok()
            .filter(|_| length <= self.max_record)
        else {
            let max_record = self.max_record;
            self.problem(at, url, ProblemKind::TooLong { length, max_record })?;
            return Ok(Err(Step::Resync));
        };
        let lookahead = match self.format {
            Format::Warc => SEPARATOR_LOOKAHEAD,
            Format::Arc => 2,
        };
        let bytes = input.peek(size.saturating_add(lookahead))?;
        if bytes.len() < size {
            let kind = ProblemKind::Truncated {
                declared: length,
                read: bytes.len() as u64,
            };
            self.problem(at, url, kind)?;
            return Ok(Err(Step::Resync));
        }
        let at_end = bytes.len() < size + lookahead;
        let separator = match self.format {
            Format::Warc => warc_separator(&bytes[size..], at_end),
            Format::Arc => match arc_separator(&bytes[size..], at_end) {
                Some(separator) => Some(separator),
                // No LF: the next header line may follow at once. Looked at, not read: a
                // line longer than a header line could not be put back whole.
                None => {
                    let bytes = input.peek(size.saturating_add(MAX_HEADER))?;
                    let next = &bytes[size..];
                    memchr::memchr(b'\n', next)
                        .filter(|&lf| {
                            !matches!(arc_line(&next[..=lf], self.arc_version), ArcLine::None)
                        })
                        .map(|_| 0)
                }
            },
        };
        match separator {
            Some(separator) => Ok(Ok(size + separator)),
            None => {
                self.problem(at, url, ProblemKind::Length { declared: length })?;
                Ok(Err(Step::Resync))
            }
        }
    }

    /// One WARC record.
    fn warc_record<R: Read>(&mut self, input: &mut Input<R>, start: u64) -> io::Result<Step> {
        let at = self.file_offset(start);
        let Some((first, whole)) = input.read_line(MAX_HEADER)? else {
            return Ok(Step::Next);
        };
        let version = match whole {
            true => warc_version(&first),
            false => None,
        };
        let Some(version) = version else {
            if whole {
                input.pushback(&first);
            }
            return Ok(Step::NoRecord);
        };
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
            let text = decode_line(line);
            if line[0] == b' ' || line[0] == b'\t' {
                if let Some((_, value)) = fields.last_mut() {
                    // A folded value (`Content-Length:` CR LF TAB `483`): its lines joined
                    // by a space, the first of them possibly empty.
                    if !value.is_empty() {
                        value.push(' ');
                    }
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
        // Its value whole, should it have been folded onto the next lines.
        if let Some(url) = field("warc-target-uri") {
            self.current_url = Some(target_uri(&url));
        }
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
        let end = match self.check_block(input, start, length)? {
            Ok(end) => end,
            Err(step) => return Ok(step),
        };
        let Some(kind) = field("warc-type") else {
            // Its length was right: the next record is read after it.
            let kind = ProblemKind::Header("no WARC-Type".into());
            self.problem(at, self.current_url.clone(), kind)?;
            input.consume(end);
            return Ok(Step::Next);
        };
        let record = Record {
            offset: at,
            format: Format::Warc,
            version,
            kind,
            url: self.current_url.clone(),
            date: field("warc-date"),
            content_type: field("content-type"),
            length,
            payload_digest: field("warc-payload-digest"),
        };
        // The block, where it is in the input's buffer (looked at already: nothing is read).
        let block_end = input.offset() + length;
        let block = &input.peek(end)?[..length as usize];
        if self.block(&record, block, block_end)? {
            input.consume(end);
            return Ok(Step::Next);
        }
        let kind = record.kind.to_ascii_lowercase();
        if kind == "response" || kind == "resource" {
            let http = kind == "response"
                && (record
                    .content_type
                    .as_deref()
                    .is_some_and(|t| http::media_type(t) == "application/http")
                    || block.starts_with(b"HTTP/"));
            self.document(&record, block, http)?;
        } else {
            self.emit(Item::Skipped(&record))?;
        }
        input.consume(end);
        Ok(Step::Next)
    }

    /// One ARC record.
    fn arc_record<R: Read>(&mut self, input: &mut Input<R>, start: u64) -> io::Result<Step> {
        let at = self.file_offset(start);
        let Some((line, whole)) = input.read_line(MAX_HEADER)? else {
            return Ok(Step::Next);
        };
        let head = match whole {
            true => arc_line(&line, self.arc_version),
            false => ArcLine::None,
        };
        let head = match head {
            ArcLine::Header(head) => head,
            ArcLine::BadLength { url, length } => {
                let shown: String = length.chars().take(40).collect();
                let kind = ProblemKind::Header(format!("length {shown:?} is not a number"));
                self.problem(at, Some(url), kind)?;
                return Ok(Step::Resync);
            }
            ArcLine::None => {
                if whole {
                    input.pushback(&line);
                }
                return Ok(Step::NoRecord);
            }
        };
        self.current_url = Some(head.url.clone());
        let length = head.length;
        let end = match self.check_block(input, start, length)? {
            Ok(end) => end,
            Err(step) => return Ok(step),
        };
        // The block, where it is in the input's buffer (looked at already: nothing is read).
        let block_end = input.offset() + length;
        let block = &input.peek(end)?[..length as usize];
        let filedesc = head.url.starts_with("filedesc:");
        if filedesc {
            // The version block, "1 0 origin" (or "2 0 ..."), then the field names: the
            // version the next header lines are read by.
            if let Some(version) = block.split(|&b| b == b' ' || b == b'\n').next() {
                self.arc_version = match version {
                    b"2" => 2,
                    _ => 1,
                };
            }
        }
        let record = Record {
            offset: at,
            format: Format::Arc,
            version: match self.arc_version {
                2 => "2",
                _ => "1",
            },
            kind: if filedesc { "filedesc" } else { "response" }.into(),
            url: Some(head.url.clone()),
            date: Some(arc_date(&head.date)),
            content_type: Some(head.content_type.clone()),
            length,
            payload_digest: None,
        };
        let handed = self.block(&record, block, block_end)?;
        if handed {
            // Handed on with its block.
        } else if filedesc {
            self.emit(Item::Skipped(&record))?;
        } else {
            let scheme = head.url.split(':').next().unwrap_or_default();
            let http = (scheme.eq_ignore_ascii_case("http")
                || scheme.eq_ignore_ascii_case("https"))
                && block.starts_with(b"HTTP/");
            self.document(&record, block, http)?;
        }
        input.consume(end);
        Ok(Step::Next)
    }

    /// Hands on the document of a record: its HTTP response's body, or its block; what
    /// was read otherwise than its headers say comes first, as warnings.
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
                for kind in response.warnings {
                    let warning = Problem {
                        offset: record.offset,
                        url: record.url.clone(),
                        kind,
                    };
                    self.emit(Item::Warning(&warning))?;
                }
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

/// Whether a WARC record's block ends where the record does, from the bytes after it
/// (`at_end`: they are all there are): `Some(n)`, the `n` bytes of separator to read past
/// (the rest of the line ends are read past as between any records), when they are
/// `CR LF CR LF` (WARC 1.1 section 5), two line ends written otherwise (`LF LF`), or,
/// with fewer, the next record's version line or the end of the input at once (node-warc
/// writes one `CR LF`; warcio reads such records too).
fn warc_separator(after: &[u8], at_end: bool) -> Option<usize> {
    if after.starts_with(b"\r\n\r\n") {
        return Some(4);
    }
    let ends = after
        .iter()
        .take_while(|&&b| b == b'\r' || b == b'\n')
        .count();
    let line_feeds = after[..ends].iter().filter(|&&b| b == b'\n').count();
    let rest = &after[ends..];
    let next_record =
        memchr::memchr(b'\n', rest).is_some_and(|lf| warc_version(&rest[..=lf]).is_some());
    (line_feeds >= 2 || (at_end && rest.is_empty()) || next_record).then_some(0)
}

/// Whether an ARC record's block ends where the record does, from the bytes after it:
/// at its LF (IA's ARC file description: a record is followed by a newline; `CR LF` taken
/// too), whatever comes after it, or at the end of the input. `None` when neither: the
/// next header line may still follow at once (some writers counted the LF in the length).
fn arc_separator(after: &[u8], at_end: bool) -> Option<usize> {
    match after {
        [b'\n', ..] | [b'\r', b'\n', ..] => Some(0),
        [] if at_end => Some(0),
        _ => None,
    }
}

/// The version of a WARC version line (with its line end), in any case: 1.0 and 1.1 (ISO
/// 28500), and the drafts of 2006 and 2008 that Heritrix, ClueWeb09 and national crawls
/// wrote, 0.17 and 0.18, whose records have 1.0's syntax (warcio, jwat and
/// webarchive-commons read them too).
pub(super) fn warc_version(line: &[u8]) -> Option<&'static str> {
    let line = trim_line_end(line);
    let version = line
        .get(..5)
        .filter(|magic| magic.eq_ignore_ascii_case(b"WARC/"))
        .map(|_| &line[5..])?;
    WARC_VERSIONS
        .iter()
        .copied()
        .find(|known| known.as_bytes() == version)
}

/// The WARC versions read.
const WARC_VERSIONS: [&str; 4] = ["1.0", "1.1", "0.17", "0.18"];

/// How far past a WARC record's block [`warc_separator`] looks: the line ends and the
/// longest version line.
const SEPARATOR_LOOKAHEAD: usize = 64;

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

/// What a line is to the ARC reader.
enum ArcLine {
    /// A record's header line.
    Header(ArcHeader),
    /// A header line whose every field is in its place but its length, which is no
    /// number (`-1`, `abc`): a record starts here, its length unknown.
    BadLength { url: String, length: String },
    /// No header line.
    None,
}

/// An ARC header line's fields.
struct ArcHeader {
    url: String,
    date: String,
    content_type: String,
    length: u64,
}

/// What `line` is to the ARC reader: the header line of a record, version 1's `URL
/// IP-address Archive-date Content-type Archive-length`, or version 2's `URL IP-address
/// Archive-date Content-type Result-code Checksum Location Offset Filename Archive-length`
/// (a version 2 file's `filedesc` line has version 1's five fields). The URL is what is
/// left before the other fields, spaces and all, as warcio reads it; the date is 8 digits
/// or more (IA's are 14; a writer's bug gave 18), or `-` as the IP address may be (jwat's
/// test files have such `filedesc` lines).
fn arc_line(line: &[u8], version: u8) -> ArcLine {
    let text = decode_line(trim_line_end(line));
    let shapes: &[usize] = match version {
        2 => &[10, 5],
        _ => &[5],
    };
    let mut found = ArcLine::None;
    for &n in shapes {
        let mut parts: Vec<&str> = text.rsplitn(n, ' ').collect();
        parts.reverse();
        if parts.len() != n {
            continue;
        }
        let (url, ip, date, content_type) = (parts[0], parts[1], parts[2], parts[3]);
        let url_ok = !url.is_empty() && url.contains(':') && !url.starts_with(' ');
        let ip_ok = ip == "-"
            || (!ip.is_empty()
                && ip
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() || b == b'.' || b == b':'));
        let date_ok = date == "-" || (date.len() >= 8 && date.bytes().all(|b| b.is_ascii_digit()));
        let type_ok = !content_type.is_empty();
        if !(url_ok && ip_ok && date_ok && type_ok) {
            continue;
        }
        let length = parts[n - 1];
        match decimal(length) {
            Some(length) => {
                return ArcLine::Header(ArcHeader {
                    url: url.to_owned(),
                    date: date.to_owned(),
                    content_type: content_type.to_owned(),
                    length,
                })
            }
            None if matches!(found, ArcLine::None) => {
                found = ArcLine::BadLength {
                    url: url.to_owned(),
                    length: length.to_owned(),
                }
            }
            None => {}
        }
    }
    found
}

/// Whether `line` (with its line end) is the header line of an ARC record, in the shape
/// of version 1 (a file's first line: [`super::sniff`] tells an ARC file without its
/// `filedesc` block, a fragment of one, so).
pub(super) fn is_arc_header_line(line: &[u8]) -> bool {
    !matches!(arc_line(line, 1), ArcLine::None)
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
