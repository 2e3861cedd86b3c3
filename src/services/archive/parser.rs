//! The record parser of one archive file (or one gzip member of it): WARC and ARC headers,
//! record blocks within their lengths and the limit, the HTTP response inside, and the
//! problems, each handed to the reader's callback as an [`Item`].

use super::http;
use super::input::Input;
use super::problem::{Problem, ProblemKind};
use super::record::{Document, Format, Item, Record, MAX_HEADER};
use std::io::{self, BufRead, Read};

/// What comes after a record.
enum Step {
    /// The next record.
    Next,
    /// Look for the next line that starts a record.
    Resync,
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
    each: &'e mut dyn FnMut(Item<'_>) -> io::Result<()>,
}

impl<'e> Parser<'e> {
    /// A parser of a `format` file, records up to `max_record` bytes, handing each item
    /// to `each`.
    pub(super) fn new(
        max_record: u64,
        format: Format,
        each: &'e mut dyn FnMut(Item<'_>) -> io::Result<()>,
    ) -> Parser<'e> {
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

    fn emit(&mut self, item: Item<'_>) -> io::Result<()> {
        (self.each)(item).inspect_err(|_| self.each_failed = true)
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
