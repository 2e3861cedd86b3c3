//! The HTTP response inside a response record: status line, headers, and the body with
//! its transfer coding (`chunked`) and content codings (`gzip`, `x-gzip`, `deflate`)
//! decoded, within the largest record allowed.

use super::problem::ProblemKind;
use super::record::trim_line_end;
use rfc1738_http_head::{read_head, Manner, Part};
use std::borrow::Cow;
use std::io::Read;

/// An HTTP response read from a record's block.
pub(crate) struct Response<'b> {
    pub(crate) status: u16,
    /// The `Content-Type`'s media type, in lower case, without parameters.
    pub(crate) media_type: Option<String>,
    /// The body, decoded.
    pub(crate) body: Cow<'b, [u8]>,
    /// What was read otherwise than the head says ([`ProblemKind::is_warning`]).
    pub(crate) warnings: Vec<ProblemKind>,
}

/// The media type of a `Content-Type` value: before any `;`, trimmed, in lower case.
pub(crate) fn media_type(value: &str) -> String {
    value
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// One line of `bytes` from `at`: the line without its line end (LF after any CRs), and
/// where the next starts; `None` when no LF follows.
fn line_at(bytes: &[u8], at: usize) -> Option<(&[u8], usize)> {
    let rest = &bytes[at..];
    let end = memchr::memchr(b'\n', rest)?;
    Some((trim_line_end(&rest[..=end]), at + end + 1))
}

/// Reads the HTTP response of `block`, its body decoded to at most `max` bytes. Its head
/// is read leniently, by rfc1738-http-head: what another tool stored is read as far as it
/// can be.
pub(crate) fn parse(block: &[u8], max: u64) -> Result<Response<'_>, ProblemKind> {
    let (head, at) = read_head(block, Manner::Lenient).map_err(|malformed| {
        ProblemKind::Http(match malformed.part {
            Part::NoStatusLine => "no status line".into(),
            Part::StatusLine => {
                let line = &malformed.got;
                let shown = String::from_utf8_lossy(&line[..line.len().min(40)]);
                format!("status line {shown:?} is not HTTP/x.y and a code")
            }
            _ => "its headers do not end (no empty line)".into(),
        })
    })?;
    let status = head.code;
    let text = |value: &[u8]| String::from_utf8_lossy(value).into_owned();
    let content_type = head
        .headers_named("content-type")
        .last()
        .map(|value| media_type(&text(value)));
    let (mut transfer, mut content) = (String::new(), String::new());
    for value in head.headers_named("transfer-encoding") {
        push_codings(&mut transfer, &text(value));
    }
    for value in head.headers_named("content-encoding") {
        push_codings(&mut content, &text(value));
    }
    let mut body = Cow::Borrowed(&block[at..]);
    let mut warnings = Vec::new();
    // Transfer codings, then content codings, each undone last applied first.
    let mut codings: Vec<&str> = content.split(',').filter(|c| !c.is_empty()).collect();
    codings.extend(transfer.split(',').filter(|c| !c.is_empty()));
    for coding in codings.iter().rev() {
        body = Cow::Owned(match *coding {
            "identity" => continue,
            "chunked" => match dechunk(&body) {
                Ok(decoded) => decoded,
                Err(Dechunk::NotChunked) => {
                    warnings.push(ProblemKind::Dechunked);
                    continue;
                }
                Err(Dechunk::BrokenOff { read, why }) => {
                    warnings.push(ProblemKind::Chunked(why));
                    read
                }
            },
            // Nothing to decode (a HEAD's or a 304's body).
            _ if body.is_empty() => continue,
            "gzip" | "x-gzip" if !body.starts_with(&[0x1f, 0x8b]) => {
                warnings.push(ProblemKind::Decoded(coding.to_string()));
                continue;
            }
            "gzip" | "x-gzip" => gunzip(&body, max)?,
            "deflate" => match inflate(&body, max) {
                Ok(decoded) => decoded,
                Err(_) if !has_zlib_header(&body) => {
                    warnings.push(ProblemKind::Decoded(coding.to_string()));
                    continue;
                }
                Err(error) => return Err(error),
            },
            other => {
                return Err(ProblemKind::Encoding(format!(
                "coding {other:?} is not one this reader decodes (chunked, gzip, x-gzip, deflate)"
            )))
            }
        });
    }
    Ok(Response {
        status,
        media_type: content_type,
        body,
        warnings,
    })
}

/// The codings of a header value, in lower case, added to `list` (comma-separated).
fn push_codings(list: &mut String, value: &str) {
    for coding in value.split(',') {
        let coding = coding.trim().to_ascii_lowercase();
        if !coding.is_empty() {
            if !list.is_empty() {
                list.push(',');
            }
            list.push_str(&coding);
        }
    }
}

/// Why a `chunked` body does not decode.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Dechunk {
    /// Its first line is no chunk size (or it is empty): it is not chunked.
    NotChunked,
    /// Its framing breaks off after the first chunk size: the chunks before decoded and
    /// the rest of the body as it is (`read`), and `why`.
    BrokenOff { read: Vec<u8>, why: String },
}

/// A `chunked` body decoded (RFC 2616 section 3.6.1; chunk extensions and trailers
/// ignored). Never longer than the body.
pub(crate) fn dechunk(body: &[u8]) -> Result<Vec<u8>, Dechunk> {
    let mut out = Vec::with_capacity(body.len());
    let mut at = 0;
    // Where the chunk being read starts: the rest from there is taken as stored.
    let broken = |out: &mut Vec<u8>, from: usize, why: String| {
        let mut read = std::mem::take(out);
        read.extend_from_slice(&body[from..]);
        Dechunk::BrokenOff { read, why }
    };
    loop {
        let size = line_at(body, at).and_then(|(line, next)| Some((chunk_size(line)?, next)));
        let Some((size, next)) = size else {
            if at == 0 {
                return Err(Dechunk::NotChunked);
            }
            let why = match line_at(body, at) {
                _ if at == body.len() => "the body ends without its last chunk (size 0)".into(),
                None => "a chunk size line does not end".into(),
                Some((line, _)) => {
                    let shown = String::from_utf8_lossy(&line[..line.len().min(40)]);
                    format!("chunk size {shown:?} is not a hexadecimal number")
                }
            };
            return Err(broken(&mut out, at, why));
        };
        if size == 0 {
            return Ok(out);
        }
        let data = next;
        if size > body.len() - data {
            let why = format!(
                "a chunk of {size} bytes runs past the end of the record ({} left)",
                body.len() - data
            );
            return Err(broken(&mut out, data, why));
        }
        let end = data + size;
        let after = match &body[end..] {
            [b'\r', b'\n', ..] => 2,
            [b'\n', ..] => 1,
            // The last chunk's data at the very end of the record: nothing is lost.
            [] => 0,
            _ => {
                let why = format!("a chunk of {size} bytes is not followed by CR LF");
                return Err(broken(&mut out, data, why));
            }
        };
        out.extend_from_slice(&body[data..end]);
        at = end + after;
    }
}

/// The size of a chunk size line, read leniently by rfc1738-http-head (hexadecimal, at
/// most 15 digits; extensions after `;` ignored).
fn chunk_size(line: &[u8]) -> Option<usize> {
    let size = rfc1738_http_head::chunk_size(line, Manner::Lenient).ok()?;
    usize::try_from(size).ok()
}

/// Reads `decoder` to its end, to at most `max` bytes.
fn decode(decoder: impl Read, what: &str, max: u64) -> Result<Vec<u8>, ProblemKind> {
    let mut out = Vec::new();
    decoder
        .take(max.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|error| ProblemKind::Encoding(format!("{what} body does not decode: {error}")))?;
    if out.len() as u64 > max {
        return Err(ProblemKind::Encoding(format!(
            "{what} body decodes to more than --max-record {max} bytes"
        )));
    }
    Ok(out)
}

/// A `gzip` (or `x-gzip`) body decoded.
fn gunzip(body: &[u8], max: u64) -> Result<Vec<u8>, ProblemKind> {
    decode(flate2::read::MultiGzDecoder::new(body), "gzip-encoded", max)
}

/// Whether `body` starts with a zlib header (RFC 1950 section 2.2: method 8, the check
/// bits).
fn has_zlib_header(body: &[u8]) -> bool {
    match body {
        [cmf, flg, ..] => cmf & 0x0f == 8 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0,
        _ => false,
    }
}

/// A `deflate` body decoded: zlib data, as RFC 2616 says, or the raw deflate data some
/// servers sent instead.
fn inflate(body: &[u8], max: u64) -> Result<Vec<u8>, ProblemKind> {
    decode(flate2::read::ZlibDecoder::new(body), "deflate-encoded", max).or_else(|_| {
        decode(
            flate2::read::DeflateDecoder::new(body),
            "deflate-encoded",
            max,
        )
    })
}
