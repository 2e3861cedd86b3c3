//! The head of an HTTP response (RFC 1945 section 6: a status line, header lines, an empty
//! line) and the size line of a chunk of a chunked body (RFC 9112 section 7.1), read in one
//! of two manners ([`Manner`]), or, as a third reading, as warcio reads a stored head
//! ([`warcio`]):
//!
//! - [`Manner::Strict`], for a client reading a server: every line must be what RFC 1945
//!   says (`HTTP/major.minor`, a code 1xx to 5xx, header names of token characters, no
//!   control byte), or the answer is [`Malformed`], quoting the line.
//! - [`Manner::Lenient`], for a response stored in a web archive by some other tool, years
//!   ago: what can be read is read. The status line needs only `HTTP/`, a space and three
//!   digits; a line without a colon is skipped; names and values are trimmed; a line ends
//!   at its LF, whatever CRs come before.
//!
//! Both manners refuse a head without an empty line. Nothing here allocates by a length the
//! bytes claim.
//!
//! - [`warcio::StoredHead`], for an index of a web archive that must agree with the
//!   indexers archives use today (cdxj-indexer): warcio's `StatusAndHeadersParser`, which
//!   refuses nothing; its status is any words, its lines UTF-8 or Latin-1.
//!
//! ```
//! use rfc1738_http_head::{Manner, read_head};
//!
//! let bytes = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nX: a\r\n b\r\n\r\n<html>";
//! let (head, body) = read_head(bytes, Manner::Strict).unwrap();
//! assert_eq!((head.version, head.code), (Some((1, 0)), 200));
//! assert_eq!(head.header("content-type"), Some(&b"text/html"[..]));
//! assert_eq!(head.header("x"), Some(&b"a b"[..])); // a continuation line, joined
//! assert_eq!(&bytes[body..], b"<html>");
//!
//! // A stored response from a tool that wrote `HTTP/1.0  200` and a stray line.
//! let stored = b"HTTP/1.0  200\nstray\nContent-Type: text/plain\n\nbody";
//! assert!(read_head(stored, Manner::Strict).is_err());
//! let (head, _) = read_head(stored, Manner::Lenient).unwrap();
//! assert_eq!(head.code, 200);
//! assert_eq!(head.header("Content-Type"), Some(&b"text/plain"[..]));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod warcio;

use std::borrow::Cow;

/// How the head is read: see the [crate] documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Manner {
    /// RFC 1945's rules, every line checked: a client reading a server.
    Strict,
    /// What can be read is read: a response stored by another tool.
    Lenient,
}

/// Which part of the head was not what it should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The bytes end before the status line's LF (lenient reading only: a strict reading
    /// reads the status line it has).
    NoStatusLine,
    /// The status line.
    StatusLine,
    /// A header line, or a continuation line with no header before it.
    Header,
    /// The head does not end: no empty line.
    NoEnd,
    /// A chunk's size line.
    ChunkSize,
}

/// A head, or a line of it, that is not what HTTP says: which part, what was expected, and
/// the bytes that were not it (the line without its end; the end of the bytes for
/// [`Part::NoEnd`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    /// Which part of the head.
    pub part: Part,
    /// What HTTP wanted there.
    pub what: Cow<'static, str>,
    /// The bytes that were not it.
    pub got: Vec<u8>,
}

impl Malformed {
    fn new(part: Part, what: impl Into<Cow<'static, str>>, got: &[u8]) -> Malformed {
        Malformed {
            part,
            what: what.into(),
            got: got.to_vec(),
        }
    }
}

/// How many bytes of the end of a head that does not end [`Malformed::got`] holds.
const QUOTED_END: usize = 200;

/// A status line (RFC 1945 section 6.1): `HTTP/major.minor code reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status<'l> {
    /// The version, as (major, minor); `None` when a lenient reading found no
    /// `digits.digits` after `HTTP/`.
    pub version: Option<(u32, u32)>,
    /// The three-digit code.
    pub code: u16,
    /// The reason phrase (after the code and one space), as sent.
    pub reason: &'l [u8],
}

/// The status and headers of an HTTP response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// The version, as (major, minor) ([`Status::version`]).
    pub version: Option<(u32, u32)>,
    /// The status code.
    pub code: u16,
    /// The reason phrase.
    pub reason: Vec<u8>,
    /// The headers, in order: names as sent (trimmed, by a lenient reading), values with
    /// the spaces around them taken off.
    pub headers: Vec<(Vec<u8>, Vec<u8>)>,
}

/// A line without its end: a final LF and, strictly, one CR before it; leniently, every CR
/// before it.
pub fn without_line_end(line: &[u8], manner: Manner) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    match manner {
        Manner::Strict => line.strip_suffix(b"\r").unwrap_or(line),
        Manner::Lenient => {
            let crs = line.iter().rev().take_while(|&&b| b == b'\r').count();
            &line[..line.len() - crs]
        }
    }
}

/// Whether a line (without its end) is text: no control byte but TAB, no DEL. What a
/// strict reading asks of every line of a server's reply.
pub fn is_text(line: &[u8]) -> bool {
    !line
        .iter()
        .any(|&byte| (byte < 0x20 && byte != b'\t') || byte == 0x7f)
}

/// A strict reading's check that a line is text: `what` names the line.
fn text_only(line: &[u8], part: Part, what: &str) -> Result<(), Malformed> {
    match !is_text(line) {
        true => Err(Malformed::new(
            part,
            format!("{what} holds control bytes (it is not text)"),
            line,
        )),
        false => Ok(()),
    }
}

/// `major.minor`, each of one to four digits.
fn version(text: &[u8]) -> Option<(u32, u32)> {
    let dot = text.iter().position(|&byte| byte == b'.')?;
    let number = |digits: &[u8]| -> Option<u32> {
        match digits.len() {
            1..=4 if digits.iter().all(u8::is_ascii_digit) => {
                Some(digits.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
            }
            _ => None,
        }
    };
    Some((number(&text[..dot])?, number(&text[dot + 1..])?))
}

/// Reads a status line (its end ignored). Strictly: `HTTP/`, a version of digits, one
/// space, a code of three digits whose first is 1 to 5, then the end or a space and the
/// reason; a response without one (HTTP/0.9's) is not read. Leniently: `HTTP/`, anything
/// to a space, and then, after any spaces, a word of exactly three digits.
pub fn read_status(line: &[u8], manner: Manner) -> Result<Status<'_>, Malformed> {
    let line = without_line_end(line, manner);
    match manner {
        Manner::Strict => strict_status(line),
        Manner::Lenient => lenient_status(line).ok_or_else(|| {
            Malformed::new(
                Part::StatusLine,
                "a status line is HTTP/x.y and a code",
                line,
            )
        }),
    }
}

fn strict_status(line: &[u8]) -> Result<Status<'_>, Malformed> {
    let malformed = || {
        Malformed::new(
            Part::StatusLine,
            "an HTTP/1.0 response starts with a status line, HTTP/1.0 and a three-digit code",
            line,
        )
    };
    text_only(line, Part::StatusLine, "an HTTP status line")?;
    let rest = line.strip_prefix(b"HTTP/").ok_or_else(malformed)?;
    let space = rest
        .iter()
        .position(|&byte| byte == b' ')
        .ok_or_else(malformed)?;
    let (version_text, rest) = (&rest[..space], &rest[space + 1..]);
    let version = version(version_text).ok_or_else(malformed)?;
    let code = match rest {
        [a @ b'1'..=b'5', b @ b'0'..=b'9', c @ b'0'..=b'9', tail @ ..]
            if tail.is_empty() || tail[0] == b' ' =>
        {
            u16::from(a - b'0') * 100 + u16::from(b - b'0') * 10 + u16::from(c - b'0')
        }
        _ => return Err(malformed()),
    };
    Ok(Status {
        version: Some(version),
        code,
        reason: rest.get(4..).unwrap_or_default(),
    })
}

fn lenient_status(line: &[u8]) -> Option<Status<'_>> {
    let rest = line.strip_prefix(b"HTTP/")?;
    let space = rest.iter().position(|&byte| byte == b' ')?;
    let after = &rest[space + 1..];
    let start = after.iter().position(|&byte| byte != b' ')?;
    let word = &after[start..];
    let end = word
        .iter()
        .position(|&byte| byte == b' ')
        .unwrap_or(word.len());
    let code = &word[..end];
    if code.len() != 3 || !code.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let code = code.iter().fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
    Some(Status {
        version: version(&rest[..space]),
        code,
        reason: word.get(end + 1..).unwrap_or_default(),
    })
}

/// Reads one header line strictly (RFC 1945 section 4.2; its end ignored): a name of
/// token characters, `:`, and the value with the spaces around it taken off.
pub fn read_header_line(line: &[u8]) -> Result<(&[u8], &[u8]), Malformed> {
    let line = without_line_end(line, Manner::Strict);
    text_only(line, Part::Header, "an HTTP header line")?;
    let colon = line.iter().position(|&byte| byte == b':');
    let name = colon.map(|colon| &line[..colon]);
    let token = |byte: &u8| byte.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?={}".contains(byte);
    match (colon, name) {
        (Some(colon), Some(name)) if !name.is_empty() && name.iter().all(token) => {
            Ok((name, line[colon + 1..].trim_ascii()))
        }
        _ => Err(Malformed::new(
            Part::Header,
            "an HTTP header line is a name, a colon and a value",
            line,
        )),
    }
}

impl Head {
    /// A head with `status`'s line and no header yet.
    pub fn new(status: Status<'_>) -> Head {
        Head {
            version: status.version,
            code: status.code,
            reason: status.reason.to_vec(),
            headers: Vec::new(),
        }
    }

    /// Adds a header line (not the empty line that ends the head).
    ///
    /// Strictly, a continuation line (one that starts with a space or TAB) is joined to the
    /// header before it with a space, and any other line must be a header line
    /// ([`read_header_line`]). Leniently, a line with a colon is a header, its name and
    /// value trimmed (of Unicode's white space, bytes that are not UTF-8 written U+FFFD),
    /// and a line without one is skipped.
    pub fn push_line(&mut self, line: &[u8], manner: Manner) -> Result<(), Malformed> {
        let text = without_line_end(line, manner);
        if manner == Manner::Lenient {
            if let Some(colon) = text.iter().position(|&byte| byte == b':') {
                let trimmed = |bytes: &[u8]| {
                    String::from_utf8_lossy(bytes.trim_ascii())
                        .trim()
                        .as_bytes()
                        .to_vec()
                };
                self.headers
                    .push((trimmed(&text[..colon]), trimmed(&text[colon + 1..])));
            }
            return Ok(());
        }
        if matches!(text.first(), Some(b' ' | b'\t')) {
            text_only(text, Part::Header, "an HTTP header line")?;
            let Some((_, value)) = self.headers.last_mut() else {
                return Err(Malformed::new(
                    Part::Header,
                    "an HTTP header's continuation line follows a header",
                    text,
                ));
            };
            value.push(b' ');
            value.extend_from_slice(text.trim_ascii());
            return Ok(());
        }
        let (name, value) = read_header_line(text)?;
        self.headers.push((name.to_vec(), value.to_vec()));
        Ok(())
    }

    /// The value of the first header of that name (in any case).
    pub fn header(&self, name: &str) -> Option<&[u8]> {
        self.headers_named(name).next()
    }

    /// The values of every header of that name (in any case), in order.
    pub fn headers_named<'h, 'n>(
        &'h self,
        name: &'n str,
    ) -> impl Iterator<Item = &'h [u8]> + use<'h, 'n> {
        self.headers
            .iter()
            .filter(move |(header, _)| header.eq_ignore_ascii_case(name.as_bytes()))
            .map(|(_, value)| value.as_slice())
    }

    /// `Content-Length`, when it is a number; an error when it is there and no number.
    pub fn content_length(&self) -> Result<Option<u64>, Malformed> {
        match self.header("content-length") {
            None => Ok(None),
            Some(value) => match value.len() {
                1..=19 if value.iter().all(u8::is_ascii_digit) => Ok(std::str::from_utf8(value)
                    .ok()
                    .and_then(|value| value.parse().ok())),
                _ => Err(Malformed::new(
                    Part::Header,
                    "Content-Length is a number of bytes",
                    value,
                )),
            },
        }
    }

    /// Whether the body is chunked (RFC 9112 section 7.1), for a client: `Transfer-Encoding:
    /// chunked`, in any case, and no other coding. An error for a coding a client that
    /// undoes only `chunked` cannot undo (`gzip`, `gzip, chunked`: the bytes would not be
    /// the body), for `Transfer-Encoding` beside `Content-Length` (two framings: RFC 9112
    /// section 6.3 has it handled as an error, a sign of request smuggling) and for
    /// `Transfer-Encoding` in a response that is not HTTP/1.1 or later, which has no
    /// transfer codings (faulty framing, section 6.1).
    pub fn is_chunked(&self) -> Result<bool, Malformed> {
        let mut codings = self.headers_named("transfer-encoding").peekable();
        let Some(&first) = codings.peek() else {
            return Ok(false);
        };
        let joined = codings.collect::<Vec<_>>().join(&b',');
        if self.version.is_none_or(|version| version < (1, 1)) {
            return Err(Malformed::new(
                Part::Header,
                "Transfer-Encoding in an HTTP/1.0 response, which has no transfer codings (RFC 9112 6.1)",
                &joined,
            ));
        }
        if self.header("content-length").is_some() {
            return Err(Malformed::new(
                Part::Header,
                "Transfer-Encoding and Content-Length in one response, two framings (RFC 9112 6.3)",
                first,
            ));
        }
        let mut names = joined
            .split(|&byte| byte == b',')
            .map(<[u8]>::trim_ascii)
            .filter(|name| !name.is_empty());
        match (names.next(), names.next()) {
            (Some(name), None) if name.eq_ignore_ascii_case(b"chunked") => Ok(true),
            _ => Err(Malformed::new(
                Part::Header,
                "Transfer-Encoding other than chunked alone, a coding this client does not undo",
                &joined,
            )),
        }
    }
}

/// Reads the head at the start of `bytes`: the [`Head`], and where the body starts. Each
/// line ends at an LF. Strictly, the first line is read as the status line even without
/// an LF; leniently, bytes without an LF have no status line ([`Part::NoStatusLine`]).
/// Without an empty line, [`Part::NoEnd`], with the last 200 bytes.
pub fn read_head(bytes: &[u8], manner: Manner) -> Result<(Head, usize), Malformed> {
    let mut lines = bytes.split_inclusive(|&byte| byte == b'\n');
    let first = lines.next().unwrap_or_default();
    if manner == Manner::Lenient && !first.ends_with(b"\n") {
        return Err(Malformed::new(Part::NoStatusLine, "no status line", b""));
    }
    let mut head = Head::new(read_status(first, manner)?);
    let mut taken = first.len();
    for line in lines {
        taken += line.len();
        if !line.ends_with(b"\n") {
            break;
        }
        if without_line_end(line, manner).is_empty() {
            return Ok((head, taken));
        }
        head.push_line(line, manner)?;
    }
    Err(Malformed::new(
        Part::NoEnd,
        "an HTTP response's headers end with an empty line",
        bytes
            .get(bytes.len().saturating_sub(QUOTED_END)..)
            .unwrap_or_default(),
    ))
}

/// The size of a chunk of a chunked body (RFC 9112 section 7.1), from its line (its end
/// ignored). Strictly: hexadecimal digits, then the line's end, or chunk extensions after
/// a `;` (spaces or tabs may come before it); a size past 64 bits is malformed.
/// Leniently: the text before any `;`, trimmed, of one to fifteen hexadecimal digits. The
/// size is the sender's claim: nothing is allocated by it.
pub fn chunk_size(line: &[u8], manner: Manner) -> Result<u64, Malformed> {
    let line = without_line_end(line, manner);
    let malformed = || {
        Malformed::new(
            Part::ChunkSize,
            "a chunk of a chunked body starts with its size in hexadecimal digits",
            line,
        )
    };
    let digits = match manner {
        Manner::Lenient => {
            let size = line.split(|&b| b == b';').next().unwrap_or_default();
            let size = size.trim_ascii();
            match size.len() {
                1..=15 if size.iter().all(u8::is_ascii_hexdigit) => size,
                _ => return Err(malformed()),
            }
        }
        Manner::Strict => {
            text_only(line, Part::ChunkSize, "a chunk's size line")?;
            let digits = line
                .iter()
                .position(|byte| !byte.is_ascii_hexdigit())
                .unwrap_or(line.len());
            let rest = line[digits..].trim_ascii_start();
            if digits == 0 || !(rest.is_empty() || rest.starts_with(b";")) {
                return Err(malformed());
            }
            &line[..digits]
        }
    };
    digits.iter().try_fold(0u64, |size, &digit| {
        let value = char::from(digit).to_digit(16).map(u64::from);
        size.checked_mul(16)
            .zip(value)
            .and_then(|(size, value)| size.checked_add(value))
            .ok_or_else(|| Malformed::new(Part::ChunkSize, "a chunk's size past 64 bits", digits))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A head read strictly, and leniently.
    type Both = [Result<(Head, usize), Malformed>; 2];

    fn both(bytes: &[u8]) -> Both {
        [Manner::Strict, Manner::Lenient].map(|manner| read_head(bytes, manner))
    }

    #[test]
    fn status_lines_that_only_a_lenient_reading_takes() {
        for (line, code, version) in [
            // Two spaces before the code; a code past 5xx; a version that is no number; a
            // reason glued to nothing; CR CR LF (a file converted twice).
            (&b"HTTP/1.0  200 OK\r\n\r\n"[..], 200, Some((1, 0))),
            (b"HTTP/1.1 999 Whatever\r\n\r\n", 999, Some((1, 1))),
            (b"HTTP/x 404 Not Found\n\n", 404, None),
            (b"HTTP/1.0 200 OK\r\r\n\r\r\n", 200, Some((1, 0))),
        ] {
            let [strict, lenient] = both(line);
            let error = strict.unwrap_err();
            assert_eq!(error.part, Part::StatusLine, "{line:?}");
            let (head, _) = lenient.unwrap();
            assert_eq!((head.code, head.version), (code, version), "{line:?}");
        }
        for line in [
            &b"HTTP/1.0 200OK\r\n\r\n"[..],
            b"HTTP/1.0 20 OK\n\n",
            b"<html>\n\n",
        ] {
            let [strict, lenient] = both(line);
            assert_eq!(strict.unwrap_err().part, Part::StatusLine, "{line:?}");
            let error = lenient.unwrap_err();
            assert_eq!(error.part, Part::StatusLine, "{line:?}");
            assert_eq!(
                error.got,
                without_line_end(line.split(|&b| b == b'\n').next().unwrap(), Manner::Lenient)
            );
        }
        let strict = read_status(b"HTTP/1.0 200 OK\r\n", Manner::Strict).unwrap();
        assert_eq!(
            (strict.version, strict.code, strict.reason),
            (Some((1, 0)), 200, &b"OK"[..])
        );
    }

    #[test]
    fn header_lines_by_manner() {
        let bytes = b"HTTP/1.1 200 OK\r\nstray line\r\n Folded: on\r\nA : b \r\n\r\nbody";
        let [strict, lenient] = both(bytes);
        assert_eq!(strict.unwrap_err().part, Part::Header);
        let (head, at) = lenient.unwrap();
        // The stray line skipped; a line starting with a space is a header of its own;
        // names and values trimmed.
        assert_eq!(
            head.headers,
            [
                (b"Folded".to_vec(), b"on".to_vec()),
                (b"A".to_vec(), b"b".to_vec())
            ]
        );
        assert_eq!(&bytes[at..], b"body");

        let folded = b"HTTP/1.1 200 OK\r\nX: a\r\n\tb\r\nX: c\r\n\r\n";
        let (head, _) = read_head(folded, Manner::Strict).unwrap();
        assert_eq!(head.header("x"), Some(&b"a b"[..]));
        assert_eq!(
            head.headers_named("X").collect::<Vec<_>>(),
            [&b"a b"[..], b"c"]
        );
        let (head, _) = read_head(folded, Manner::Lenient).unwrap();
        assert_eq!(
            head.headers_named("x").collect::<Vec<_>>(),
            [&b"a"[..], b"c"]
        );

        // Bytes that are not UTF-8 in a stored value, and Unicode's white space around it.
        let (head, _) =
            read_head(b"HTTP/1.0 200 OK\nX:\xc2\xa0v\xff\n\n", Manner::Lenient).unwrap();
        assert_eq!(head.header("x"), Some("v\u{fffd}".as_bytes()));
        let error =
            read_head(b"HTTP/1.0 200 OK\r\nX: v\x1b[2J\r\n\r\n", Manner::Strict).unwrap_err();
        assert_eq!(
            error.what,
            "an HTTP header line holds control bytes (it is not text)"
        );
    }

    #[test]
    fn a_head_without_its_end_or_its_status_line() {
        let [strict, lenient] = both(b"HTTP/1.0 200 OK\r\nA: b\r\n");
        assert_eq!(strict.unwrap_err().part, Part::NoEnd);
        assert_eq!(lenient.unwrap_err().part, Part::NoEnd);
        let [strict, lenient] = both(b"HTTP/1.0 200 OK");
        assert_eq!(strict.unwrap_err().part, Part::NoEnd);
        assert_eq!(lenient.unwrap_err().part, Part::NoStatusLine);
        let long = [&b"HTTP/1.0 200 OK\r\nA: "[..], &[b'x'; 500]].concat();
        assert_eq!(
            read_head(&long, Manner::Strict).unwrap_err().got.len(),
            QUOTED_END
        );
    }

    #[test]
    fn chunk_sizes_by_manner() {
        for (line, strict, lenient) in [
            (&b"1aF\r\n"[..], Some(0x1af), Some(0x1af)),
            (b"5 ; name=\"value\"\r\n", Some(5), Some(5)),
            (b" 5\r\n", None, Some(5)),
            (b"5 5\r\n", None, None),
            (b"0x5\r\n", None, None),
            (b"5\x00\r\n", None, None),
            (b"ffffffffffffffff\r\n", Some(u64::MAX), None),
            (b"10000000000000000\r\n", None, None),
            (b"\r\n", None, None),
        ] {
            assert_eq!(chunk_size(line, Manner::Strict).ok(), strict, "{line:?}");
            assert_eq!(chunk_size(line, Manner::Lenient).ok(), lenient, "{line:?}");
        }
    }

    #[test]
    fn framing_for_a_client() {
        let head = |text: &[u8]| read_head(text, Manner::Strict).unwrap().0;
        assert!(
            head(b"HTTP/1.1 200 OK\r\nTransfer-Encoding:  CHUNKED \r\n\r\n")
                .is_chunked()
                .unwrap()
        );
        assert!(!head(b"HTTP/1.0 200 OK\r\n\r\n").is_chunked().unwrap());
        assert!(
            head(b"HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
                .is_chunked()
                .is_err()
        );
        assert_eq!(
            head(b"HTTP/1.0 200 OK\r\nContent-Length: 12\r\n\r\n").content_length(),
            Ok(Some(12))
        );
        assert!(head(b"HTTP/1.0 200 OK\r\nContent-Length: -1\r\n\r\n")
            .content_length()
            .is_err());
        // A stored head whose version is unknown has no transfer codings a client trusts.
        let (stored, _) = read_head(
            b"HTTP/x 200\nTransfer-Encoding: chunked\n\n",
            Manner::Lenient,
        )
        .unwrap();
        assert!(stored.is_chunked().is_err());
    }
}
