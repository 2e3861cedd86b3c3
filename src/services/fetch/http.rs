//! HTTP/1.0 (RFC 1945) as the clients of 1994 spoke it: the request of section 3.3, the
//! status line and headers read, the body to `Content-Length` or to the close.

use super::connection::{Connection, Session};
use super::error::FetchErrorKind;
use super::outcome::Outcome;
use super::reply::{parse_http_status, without_line_end, HttpHead};
use crate::services::request::{shown, HttpRequest};

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
    let status = head.status_line();
    let media_type = head.header("content-type").map(shown);
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
    let length = head.content_length()?;
    if matches!(head.code, 204 | 304) {
        connection.close();
        return Ok(Outcome::Done {
            status: Some(status),
            media_type,
        });
    }
    match length {
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
    let mut head = HttpHead {
        version: status.version,
        code: status.code,
        reason: status.reason.to_vec(),
        headers: Vec::new(),
    };
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
        head.push_line(&line)?;
    }
}
