//! HTTP/1.0 (RFC 1945) as the clients of 1994 spoke it: the request of section 3.3, the
//! status line and headers read, the body to `Content-Length` or to the close; a chunked
//! body (HTTP/1.1's, which servers send to HTTP/1.0 clients too) decoded, its framing
//! checked.

use super::connection::{Connection, Session};
use super::error::FetchErrorKind;
use super::outcome::Outcome;
use super::reply::{
    parse_chunk_size, parse_header_line, parse_http_status, status_line, without_line_end,
    HttpHead, MalformedReply,
};
use rfc1738::escape_octets;
use rfc1738::requests::HttpRequest;
use rfc1738_http_head::Manner;

/// The longest status or header line.
const MAX_HEADER_LINE: usize = 8 * 1024;
/// The most bytes of a response's head (status line and headers).
const MAX_HEAD: usize = 64 * 1024;
/// The most header lines.
const MAX_HEADERS: usize = 200;

/// Fetches an http URL: a `2xx` answer's body is written; a redirect (301, 302, 303, 307,
/// 308) with a `Location` is handed back ([`Outcome::Redirect`]) for the caller to follow
/// or not; any other status is the server's error.
pub(crate) fn fetch(
    request: &HttpRequest<'_>,
    session: &mut Session<'_>,
) -> Result<Outcome, FetchErrorKind> {
    let host = request.host().unwrap_or_default();
    let port = request.port().unwrap_or(80);
    let mut connection = Connection::open(session, host, port, "control")?;
    for line in request.lines() {
        connection.send_line(session, line.as_bytes(), false)?;
    }
    let head = read_head(&mut connection, session)?;
    let status = status_line(&head);
    let media_type = head.header("content-type").map(escape_octets);
    if matches!(head.code, 301 | 302 | 303 | 307 | 308) {
        if let Some(location) = head.header("location") {
            connection.close();
            return Ok(Outcome::Redirect {
                location: location.to_vec(),
                status,
            });
        }
    }
    if !(200..300).contains(&head.code) {
        connection.close();
        return Err(FetchErrorKind::ServerError {
            reply: status,
            context: Some(format!("to GET {}", request.request_uri())),
        });
    }
    let length = head.content_length().map_err(MalformedReply::from)?;
    let chunked = head.is_chunked().map_err(MalformedReply::from)?;
    if matches!(head.code, 204 | 304) {
        connection.close();
        return Ok(Outcome::Done {
            status: Some(status),
            media_type,
        });
    }
    match length {
        _ if chunked => read_chunked(&mut connection, session)?,
        Some(length) => {
            // The length the server claims: checked against the limit, never allocated.
            session.check_size(length)?;
            let mut left = length;
            while left > 0 {
                let want = usize::try_from(left).unwrap_or(usize::MAX);
                let Some(bytes) = connection.read_some(session, want, "the body")? else {
                    return Err(FetchErrorKind::ShortRead {
                        what: format!("the body of {length} bytes (Content-Length)"),
                        received: length - left,
                    });
                };
                session.transcript.data(bytes.len() as u64);
                left -= bytes.len() as u64;
                session.body(&bytes)?;
            }
        }
        None => {
            while let Some(bytes) = connection.read_some(session, usize::MAX, "the body")? {
                session.transcript.data(bytes.len() as u64);
                session.body(&bytes)?;
            }
        }
    }
    connection.close();
    Ok(Outcome::Done {
        status: Some(status),
        media_type,
    })
}

/// The status line and the headers, each recorded in the transcript.
fn read_head(
    connection: &mut Connection,
    session: &mut Session<'_>,
) -> Result<HttpHead, FetchErrorKind> {
    let Some(first) = connection.read_line(session, MAX_HEADER_LINE, "the status line")? else {
        return Err(FetchErrorKind::ShortRead {
            what: "the response, which the server closed before its status line".to_owned(),
            received: 0,
        });
    };
    session.transcript.received(&first);
    let status = parse_http_status(&first)?;
    let mut head = HttpHead::new(status);
    let mut size = first.len();
    let mut count = 0;
    loop {
        let Some(line) = connection.read_line(session, MAX_HEADER_LINE, "the headers")? else {
            return Err(FetchErrorKind::ShortRead {
                what: "the headers, which end with an empty line".to_owned(),
                received: size as u64,
            });
        };
        session.transcript.received(&line);
        size += line.len();
        count += 1;
        if size > MAX_HEAD || count > MAX_HEADERS {
            return Err(FetchErrorKind::TooLarge {
                what: format!("the response's head (at most {MAX_HEADERS} headers)"),
                limit: MAX_HEAD as u64,
            });
        }
        if without_line_end(&line).is_empty() {
            return Ok(head);
        }
        head.push_line(&line, Manner::Strict)
            .map_err(MalformedReply::from)?;
    }
}

/// A chunked body (RFC 9112 section 7.1): chunk after chunk, each a size line, that many
/// bytes of data and CR LF, to the chunk of size 0, then the trailer's fields (read and
/// left) and an empty line. Each size is the server's claim: checked against the size
/// limit before its data is read, never allocated. The framing is counted as data. A
/// size line that is no size, data not followed by CR LF (a size that was not the
/// data's), a close before the last chunk or the trailer's end: an error, the data of the
/// chunks before written.
fn read_chunked(
    connection: &mut Connection,
    session: &mut Session<'_>,
) -> Result<(), FetchErrorKind> {
    let mut chunks = 0u64;
    loop {
        let Some(line) = connection.read_line(session, MAX_HEADER_LINE, "a chunk's size")? else {
            return Err(FetchErrorKind::ShortRead {
                what: "the chunked body, which ends with a chunk of size 0".to_owned(),
                received: session.transcript.body_bytes(),
            });
        };
        session.transcript.data(line.len() as u64);
        let size = parse_chunk_size(&line)?;
        if size == 0 {
            break;
        }
        session.check_size(size)?;
        let mut left = size;
        while left > 0 {
            let want = usize::try_from(left).unwrap_or(usize::MAX);
            let Some(bytes) = connection.read_some(session, want, "a chunk's data")? else {
                return Err(FetchErrorKind::ShortRead {
                    what: format!("a chunk of {size} bytes"),
                    received: size - left,
                });
            };
            session.transcript.data(bytes.len() as u64);
            left -= bytes.len() as u64;
            session.body(&bytes)?;
        }
        let mut end = Vec::with_capacity(2);
        while end.len() < 2 {
            let Some(bytes) =
                connection.read_some(session, 2 - end.len(), "the CR LF after a chunk")?
            else {
                return Err(FetchErrorKind::ShortRead {
                    what: "the CR LF after a chunk's data".to_owned(),
                    received: end.len() as u64,
                });
            };
            session.transcript.data(bytes.len() as u64);
            end.extend_from_slice(&bytes);
        }
        if end != b"\r\n" {
            return Err(MalformedReply::new(
                format!(
                    "a chunk's data ends with CR LF, which did not follow the {size} bytes its size line gave"
                ),
                &end,
            )
            .into());
        }
        chunks += 1;
    }
    let mut size = 0;
    let mut count = 0;
    loop {
        let Some(line) = connection.read_line(session, MAX_HEADER_LINE, "the trailer")? else {
            return Err(FetchErrorKind::ShortRead {
                what: "the chunked body's trailer, which ends with an empty line".to_owned(),
                received: size as u64,
            });
        };
        session.transcript.data(line.len() as u64);
        if without_line_end(&line).is_empty() {
            break;
        }
        size += line.len();
        count += 1;
        if size > MAX_HEAD || count > MAX_HEADERS {
            return Err(FetchErrorKind::TooLarge {
                what: format!("the chunked body's trailer (at most {MAX_HEADERS} fields)"),
                limit: MAX_HEAD as u64,
            });
        }
        parse_header_line(&line)?;
    }
    session
        .transcript
        .note(format!("a chunked body of {chunks} chunks"));
    Ok(())
}
