//! A CDXJ index of ARC and WARC files: one line per record, `KEY TIMESTAMP JSON`, the lines
//! webrecorder's `cdxj-indexer` (PyPI, 1.5.0, over warcio 1.8.1) writes, field for field and
//! byte for byte, given the same key.
//!
//! The records indexed are those of kind `response`, `revisit`, `resource` and `metadata`
//! (an ARC record is a `response`), but a `resource` or `metadata` record of
//! `Content-Type: application/warc-fields`. Each gives an [`Entry`]:
//!
//! - KEY: the key of the URL, made by the caller's key maker ([`UrlKey`]): this crate knows
//!   no URL;
//! - TIMESTAMP: `WARC-Date`'s 14 digits (an ARC record's date, padded and clamped as warcio
//!   converts it to a `WARC-Date`);
//! - JSON, as Python's `json.dumps` writes it (`", "` and `": "` between fields and values,
//!   every character past ASCII escaped), its fields in this order, those without a value
//!   left out:
//!   - `url`: `WARC-Target-URI` (without the `<` `>` some writers put around it, a space
//!     written `%20`), or the ARC header line's URL;
//!   - `mime`: `warc/revisit` for a revisit; the HTTP response's (or request's)
//!     `Content-Type` for a `response`; the record's own `Content-Type` for a `resource`
//!     or `metadata` record; each cut at its first `;` or white space;
//!   - `status`: the HTTP status code of a `response` or `revisit`, as its status line
//!     has it;
//!   - `digest`: `WARC-Payload-Digest` as written; without one (an ARC record, a WARC
//!     record whose writer left it out), `sha1:` and the base32 SHA-1 of the payload: the
//!     block after its HTTP head, or the whole block when it has none (a revisit has no
//!     digest computed);
//!   - `length` and `offset`: where the record is in the file (in a gzip'd file, its gzip
//!     member: the member's offset and its compressed length), as decimal strings;
//!   - `filename`: the file's name, as the caller gives it;
//!   - `key_style`: only when the key maker made the key otherwise than asked (the
//!     `rfc1738` command gives the `surt` style's key to a URL that the RFC 1738 grammar
//!     rejects, and says so here).
//!
//! An HTTP head is read as warcio reads it (its lines decoded as UTF-8, or else Latin-1,
//! up to the first line that is white space alone), in a `response`, `request` or
//! `revisit` record of an `http:` or `https:` URL.
//!
//! A record the index cannot give a line (no `WARC-Target-URI`, a `WARC-Date` that is no
//! date) is a [`Problem`] ([`ProblemKind::Unindexed`]), as are the reader's problems: no
//! record is left out in silence. So are the records of a gzip member that turns out
//! corrupt after them: the member's [`ProblemKind::Gzip`] problem stands for them.
//!
//! ```
//! use rfc1738_archive::cdxj::{Indexed, Indexer, UrlKey};
//! use rfc1738_archive::{sniff, ArchiveReader};
//!
//! let page = "HTTP/1.0 200 OK\r\nContent-Type: text/html; charset=latin1\r\n\r\n<A HREF=a.html>a</A>";
//! let warc = format!(
//!     "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://info.cern.ch/\r\n\
//!      WARC-Date: 1996-09-23T14:21:03Z\r\nContent-Type: application/http; msgtype=response\r\n\
//!      Content-Length: {}\r\n\r\n{page}\r\n\r\n",
//!     page.len()
//! );
//! let (detected, input) = sniff(warc.as_bytes(), None).unwrap();
//! let key = |url: &str| UrlKey::from(url.to_ascii_uppercase());
//! let mut lines = Vec::new();
//! Indexer::new(ArchiveReader::new(), &key)
//!     .index(input, detected.unwrap(), "cern.warc", &mut |item| {
//!         if let Indexed::Entry(entry) = item {
//!             lines.push(entry.line());
//!         }
//!         Ok(())
//!     })
//!     .unwrap();
//! assert_eq!(
//!     lines,
//!     [r#"HTTP://INFO.CERN.CH/ 19960923142103 {"url": "http://info.cern.ch/", "mime": "text/html", "status": "200", "digest": "sha1:4N5LZZNUW2HF4CVKJRJOEPD3SFIT247K", "length": "255", "offset": "0", "filename": "cern.warc"}"#]
//! );
//! ```

use crate::{ArchiveReader, Block, BlockItem, Detected, Format, Problem, ProblemKind, Record};
use rfc1738_http_head::warcio::{is_python_space, StoredHead};
use std::io::{self, Read};

/// The key of a URL, as the caller's key maker gives it: the key, and the name of its
/// style when it is not the one asked for (written as the line's `key_style` field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlKey {
    /// The key.
    pub key: String,
    /// The style the key was made in, when it is not the index's (the `rfc1738` command:
    /// `surt`, for a URL the RFC 1738 grammar rejects); `None` otherwise.
    pub style: Option<&'static str>,
}

impl From<String> for UrlKey {
    /// A key in the index's own style.
    fn from(key: String) -> UrlKey {
        UrlKey { key, style: None }
    }
}

/// One line of the index: a record's key, timestamp and fields ([the module](self) says
/// what each is). The fields are public: an entry can be written otherwise than as a line
/// (a row of a table).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The key of the URL.
    pub key: String,
    /// The record's date, 14 digits (`YYYYMMDDhhmmss`).
    pub timestamp: String,
    /// The record's URL.
    pub url: String,
    /// The media type.
    pub mime: Option<String>,
    /// The HTTP status code, as written.
    pub status: Option<String>,
    /// The payload's digest.
    pub digest: Option<String>,
    /// The record's length in the file (its gzip member's in a gzip'd file).
    pub length: u64,
    /// The record's offset in the file (its gzip member's in a gzip'd file).
    pub offset: u64,
    /// The file's name.
    pub filename: String,
    /// The style of the key when it is not the index's ([`UrlKey::style`]).
    pub key_style: Option<&'static str>,
}

impl Entry {
    /// The JSON object of the line, as Python's `json.dumps` writes it: `{"url": ...,
    /// "mime": ..., "status": ..., "digest": ..., "length": ..., "offset": ...,
    /// "filename": ...}`, a field without a value left out, `key_style` last when there
    /// is one.
    pub fn json(&self) -> String {
        let length = self.length.to_string();
        let offset = self.offset.to_string();
        let fields = [
            ("url", Some(self.url.as_str())),
            ("mime", self.mime.as_deref()),
            ("status", self.status.as_deref()),
            ("digest", self.digest.as_deref()),
            ("length", Some(length.as_str())),
            ("offset", Some(offset.as_str())),
            ("filename", Some(self.filename.as_str())),
            ("key_style", self.key_style),
        ];
        let mut json = String::from("{");
        for (name, value) in fields {
            let Some(value) = value else { continue };
            if json.len() > 1 {
                json.push_str(", ");
            }
            python_json_string(&mut json, name);
            json.push_str(": ");
            python_json_string(&mut json, value);
        }
        json.push('}');
        json
    }

    /// The line, without its line end: `KEY TIMESTAMP JSON`.
    pub fn line(&self) -> String {
        format!("{} {} {}", self.key, self.timestamp, self.json())
    }
}

/// What [`Indexer::index`] hands on, in file order.
#[derive(Debug, Clone, Copy)]
pub enum Indexed<'a> {
    /// A line of the index.
    Entry(&'a Entry),
    /// A record read and left out by its kind (`warcinfo`, `request`, an ARC file's
    /// `filedesc` block, ...) or, for a `resource` or `metadata` record, its
    /// `application/warc-fields` content type.
    LeftOut(&'a Record),
    /// Something that could not be read or indexed; the reading goes on after it.
    Problem(&'a Problem),
}

/// Makes the index of archives: their records read by an [`ArchiveReader`] (whose
/// `max_record` bounds the memory), their URLs keyed by the caller's key maker.
pub struct Indexer<'k> {
    reader: ArchiveReader,
    key: &'k dyn Fn(&str) -> UrlKey,
}

impl std::fmt::Debug for Indexer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Indexer")
            .field("reader", &self.reader)
            .finish_non_exhaustive()
    }
}

impl<'k> Indexer<'k> {
    /// An indexer reading with `reader`, keying each URL with `key` (cdxj-indexer's key is
    /// PyPI surt's, or the URL itself when surt raises on it).
    pub fn new(reader: ArchiveReader, key: &'k dyn Fn(&str) -> UrlKey) -> Indexer<'k> {
        Indexer { reader, key }
    }

    /// Indexes `input`, an archive as `detected` says ([`crate::sniff`]), named `filename`
    /// in its lines, handing each entry, each record left out and each problem to `each`
    /// in file order (in a gzip'd file, a member's entries once the member has been read
    /// whole, its length then known). The error of `each`, or of reading `input`, ends
    /// the indexing and is returned.
    pub fn index<R: Read>(
        &self,
        input: R,
        detected: Detected,
        filename: &str,
        each: &mut dyn FnMut(Indexed<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        // The entries of the gzip member being read, its end not yet known.
        let mut pending: Vec<Entry> = Vec::new();
        self.reader
            .read_blocks(input, detected, &mut |item| match item {
                BlockItem::Record(block) => match self.entry(&block, filename) {
                    Ok(Some(mut entry)) => match block.end {
                        Some(end) => {
                            entry.length = end - entry.offset;
                            each(Indexed::Entry(&entry))
                        }
                        None => {
                            pending.push(entry);
                            Ok(())
                        }
                    },
                    Ok(None) => each(Indexed::LeftOut(block.record)),
                    Err(why) => each(Indexed::Problem(&Problem {
                        offset: block.record.offset,
                        url: block.record.url.clone(),
                        kind: ProblemKind::Unindexed(why),
                    })),
                },
                BlockItem::MemberEnd { offset, end } => {
                    for mut entry in pending.drain(..) {
                        entry.length = end - offset;
                        each(Indexed::Entry(&entry))?;
                    }
                    Ok(())
                }
                BlockItem::Problem(problem) => {
                    if matches!(problem.kind, ProblemKind::Gzip(_)) {
                        // The member is corrupt: its records cannot be found by its offset
                        // and length, and the problem (at the member's offset) stands for
                        // them.
                        pending.clear();
                    }
                    each(Indexed::Problem(problem))
                }
            })
    }

    /// The entry of a record (its length still to be set), `Ok(None)` for a record left
    /// out, or why it has none.
    fn entry(&self, block: &Block<'_>, filename: &str) -> Result<Option<Entry>, String> {
        let record = block.record;
        let kind = record.kind.as_str();
        if !matches!(kind, "response" | "revisit" | "resource" | "metadata") {
            return Ok(None);
        }
        if matches!(kind, "resource" | "metadata")
            && record.content_type.as_deref() == Some("application/warc-fields")
        {
            return Ok(None);
        }
        let Some(url) = &record.url else {
            return Err("it has no WARC-Target-URI".into());
        };
        // warcio writes a space in a WARC-Target-URI as %20 (an ARC URL's too).
        let url = url.replace(' ', "%20");
        let timestamp = match record.format {
            Format::Warc => record.date.as_deref().and_then(warc_timestamp),
            Format::Arc => record.date.as_deref().map(arc_timestamp),
        };
        let Some(timestamp) = timestamp else {
            return Err(match &record.date {
                None => "it has no WARC-Date".into(),
                Some(date) => format!("its date {date:?} is no date"),
            });
        };
        let http = (!block.block.is_empty()
            && matches!(kind, "response" | "request" | "revisit")
            && (url.starts_with("http:") || url.starts_with("https:")))
        .then(|| StoredHead::read(block.block));
        let head = http.as_ref().filter(|head| head.is_some());
        let mime = match kind {
            "revisit" => Some("warc/revisit".to_owned()),
            "response" => head.and_then(|head| head.header("content-type")),
            _ => record.content_type.clone(),
        }
        .map(|value| media_type(&value));
        let status = match kind {
            "response" | "revisit" => head.map(|head| head.status_code().to_owned()),
            _ => None,
        };
        let digest = match (&record.payload_digest, kind) {
            (Some(digest), _) => Some(digest.clone()),
            (None, "revisit") => None,
            (None, _) => {
                let payload = match &http {
                    Some(head) => &block.block[head.body..],
                    None => block.block,
                };
                Some(sha1_base32(payload))
            }
        };
        let UrlKey { key, style } = (self.key)(&url);
        Ok(Some(Entry {
            key,
            timestamp,
            url,
            mime,
            status,
            digest,
            length: 0,
            offset: record.offset,
            filename: filename.to_owned(),
            key_style: style,
        }))
    }
}

/// `sha1:` and the base32 (RFC 4648, upper case) of the SHA-1 of `payload`: warcio's
/// payload digest.
fn sha1_base32(payload: &[u8]) -> String {
    let digest = sha1_smol::Sha1::from(payload).digest().bytes();
    const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let mut out = String::from("sha1:");
    // 160 bits: 32 characters of 5 bits, no padding.
    let mut bits: u64 = 0;
    let mut count = 0;
    for byte in digest {
        bits = bits << 8 | u64::from(byte);
        count += 8;
        while count >= 5 {
            count -= 5;
            out.push(char::from(ALPHABET[(bits >> count & 31) as usize]));
        }
    }
    out
}

/// The media type as cdxj-indexer writes it: the value up to its first `;` or white space.
fn media_type(value: &str) -> String {
    let end = value
        .find(|c: char| c == ';' || is_python_space(c))
        .unwrap_or(value.len());
    value[..end].to_owned()
}

/// A `WARC-Date` as 14 digits, as warcio's `iso_date_to_timestamp` makes them: the runs of
/// digits (3 to 7 of them: year, month, day, and maybe hour, minute, second, fraction),
/// a valid date and time, the year not padded. `None` where warcio raises.
fn warc_timestamp(date: &str) -> Option<String> {
    let mut parts: Vec<&str> = date.split(|c: char| !c.is_ascii_digit()).collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    if !(3..=7).contains(&parts.len()) {
        return None;
    }
    let number = |part: &str| -> Option<u32> {
        let digits = part.trim_start_matches('0');
        match (part.is_empty(), digits.len()) {
            (true, _) => None,
            (false, 0) => Some(0),
            (false, 1..=9) => digits.parse().ok(),
            _ => None,
        }
    };
    let mut numbers = [0u32; 6];
    // The seventh run, a fraction of a second, is cut to six digits and padded (empty
    // too): always a number, and not written.
    for (i, part) in parts.iter().take(6).enumerate() {
        numbers[i] = number(part)?;
    }
    let [year, month, day, hour, minute, second] = numbers;
    let valid = (1..=9999).contains(&year)
        && (1..=12).contains(&month)
        && (1..=days_in_month(year, month)).contains(&day)
        && hour <= 23
        && minute <= 59
        && second <= 59;
    valid.then(|| format!("{year}{month:02}{day:02}{hour:02}{minute:02}{second:02}"))
}

/// An ARC record's date as 14 digits, as warcio's `timestamp_to_datetime` makes a
/// `WARC-Date` of it: padded (`299912` for a date of fewer than 6 characters), each field
/// clamped to its range (the year to 1900-2999), a field that is missing or no number its
/// largest value. The reader gives a 14-digit ARC date as ISO 8601: its digits are taken
/// back.
fn arc_timestamp(date: &str) -> String {
    let digits: String;
    let raw = match date.len() == 20 && date.ends_with('Z') && date.as_bytes()[10] == b'T' {
        true => {
            digits = date.chars().filter(char::is_ascii_digit).collect();
            digits.as_str()
        }
        false => date,
    };
    let chars: Vec<char> = raw.chars().collect();
    let mut padded: Vec<char> = chars.clone();
    const PAD: &str = "299912";
    if padded.len() < PAD.len() {
        padded.extend(PAD.chars().skip(padded.len()));
    }
    let extract = |start: usize, end: usize, min: i64, max: i64| -> i64 {
        if padded.len() < end {
            return max;
        }
        let text: String = padded[start..end].iter().collect();
        match py_int(&text) {
            Some(n) => n.clamp(min, max),
            None => max,
        }
    };
    let year = extract(0, 4, 1900, 2999);
    let month = extract(4, 6, 1, 12);
    let day = extract(6, 8, 1, i64::from(days_in_month(year as u32, month as u32)));
    let hour = extract(8, 10, 0, 23);
    let minute = extract(10, 12, 0, 59);
    let second = extract(12, 14, 0, 59);
    format!("{year}{month:02}{day:02}{hour:02}{minute:02}{second:02}")
}

/// Python's `int` of a short text: white space around, a sign, digits with single
/// underscores between them.
fn py_int(text: &str) -> Option<i64> {
    let text = text.trim_matches(is_python_space);
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let bytes = digits.as_bytes();
    let well_formed = !bytes.is_empty()
        && bytes.first().is_some_and(u8::is_ascii_digit)
        && bytes.last().is_some_and(u8::is_ascii_digit)
        && bytes.iter().all(|b| b.is_ascii_digit() || *b == b'_')
        && !digits.contains("__");
    if !well_formed {
        return None;
    }
    let n: i64 = digits.replace('_', "").parse().ok()?;
    Some(if negative { -n } else { n })
}

/// The days of a month of the Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Writes `text` as a JSON string as Python's `json.dumps` does (`ensure_ascii`): `"`
/// and `\` escaped, `\n` `\r` `\t` `\b` `\f` so, other control characters, DEL and every
/// character past ASCII as `\u` and four lower-case hexadecimal digits (a surrogate pair
/// past U+FFFF).
fn python_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base32_of_the_empty_payload_is_warcios() {
        assert_eq!(sha1_base32(b""), "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ");
    }

    #[test]
    fn warc_dates_as_warcio_reads_them() {
        assert_eq!(
            warc_timestamp("2013-12-26T10:11:12Z").as_deref(),
            Some("20131226101112")
        );
        assert_eq!(
            warc_timestamp("2013-12-26T10:11:12.123456789Z").as_deref(),
            Some("20131226101112")
        );
        assert_eq!(
            warc_timestamp("2013-12-26").as_deref(),
            Some("20131226000000")
        );
        assert_eq!(
            warc_timestamp("0999-01-02T03:04:05Z").as_deref(),
            Some("9990102030405")
        );
        assert_eq!(warc_timestamp("2013-02-30T10:11:12Z"), None);
        assert_eq!(warc_timestamp("2013-12"), None);
        assert_eq!(warc_timestamp("2013-12-26T10:11:12+01:00"), None);
        assert_eq!(
            warc_timestamp("2013-12-26T10:11:12.Z").as_deref(),
            Some("20131226101112")
        );
        assert_eq!(warc_timestamp("2013--12-26"), None);
    }

    #[test]
    fn arc_dates_padded_and_clamped_as_warcio_does() {
        // warcio's own doctests of timestamp_to_datetime.
        let cases = [
            ("2014122609501011", "20141226095010"),
            ("20141226095010", "20141226095010"),
            ("2014122609501", "20141226095059"),
            ("201412260950", "20141226095059"),
            ("2014122609", "20141226095959"),
            ("20141226", "20141226235959"),
            ("201410", "20141031235959"),
            ("2014", "20141231235959"),
            ("20", "20991231235959"),
            ("", "29991231235959"),
            ("20131709005601", "20131209005601"),
            ("40001965252477", "29991231232459"),
            ("2010abc", "20101231235959"),
            ("-", "19001231235959"),
            ("1996-09-23T14:21:03Z", "19960923142103"),
        ];
        for (date, expected) in cases {
            assert_eq!(arc_timestamp(date), expected, "{date}");
        }
    }

    #[test]
    fn json_as_python_writes_it() {
        let mut out = String::new();
        python_json_string(&mut out, "a\"\\\n\u{1}\u{7f}é€😀");
        assert_eq!(out, r#""a\"\\\n\u0001\u007f\u00e9\u20ac\ud83d\ude00""#);
    }

    #[test]
    fn media_types_as_cdxj_indexer_writes_them() {
        assert_eq!(media_type(" text/html"), "");
        assert_eq!(media_type("text/html;charset=x"), "text/html");
        assert_eq!(media_type("text/html\u{1c}x"), "text/html");
    }
}
