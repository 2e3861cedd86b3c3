//! NNTP (RFC 977) for news and nntp URLs: an article by message-id or by number, the
//! articles of a group, the list of groups.

use super::connection::{Connection, Session};
use super::error::FetchErrorKind;
use super::outcome::Outcome;
use super::reply::{parse_nntp_status, unstuff_line, without_line_end, NntpStatus};
use rfc1738::escape_octets;
use rfc1738::requests::{Line, NntpCommand};

/// The longest status line.
const MAX_STATUS_LINE: usize = 8 * 1024;

/// What the client reads after the commands of the request.
pub(crate) enum Then {
    /// An article (ARTICLE): its text.
    Article,
    /// The groups (LIST): the list.
    List,
    /// A group (GROUP alone): its articles, by `STAT` and `NEXT`.
    GroupArticles,
}

/// Fetches over NNTP: the greeting (200 or 201), each command of the request with its
/// status, then the multi-line response the last one announces, dot-stuffing undone and
/// each line ended by LF (the article as a news reader saves it). A group's articles are
/// listed as `number <message-id>` lines, walked with `STAT` and `NEXT` (RFC 977's own
/// commands, as the readers of the time had no overview).
pub(crate) fn fetch(
    host: &str,
    port: u16,
    commands: &[NntpCommand<'_>],
    session: &mut Session<'_>,
) -> Result<Outcome, FetchErrorKind> {
    let mut connection = Connection::open(session, host, port, "control")?;
    let greeting = status(&mut connection, session, "the greeting")?;
    if !matches!(greeting.0, 200 | 201) {
        return Err(FetchErrorKind::ServerError {
            reply: greeting.1,
            context: Some("as its greeting".to_owned()),
        });
    }
    let then = match commands.last() {
        Some(NntpCommand::List) => Then::List,
        Some(NntpCommand::Group(_)) => Then::GroupArticles,
        _ => Then::Article,
    };
    let mut last = greeting;
    for command in commands {
        let line = command.line();
        last = command_status(&mut connection, session, &line)?;
        let expected = command.success_code();
        if last.0 != expected {
            return Err(FetchErrorKind::ServerError {
                reply: last.1,
                context: Some(format!(
                    "to {}",
                    escape_octets(without_line_end(line.as_bytes()))
                )),
            });
        }
    }
    match then {
        Then::Article | Then::List => read_multiline(&mut connection, session)?,
        Then::GroupArticles => group_articles(&mut connection, session)?,
    }
    if connection.send_line(session, b"QUIT\r\n", false).is_ok() {
        let _ = status(&mut connection, session, "QUIT");
    }
    connection.close();
    Ok(Outcome::Done {
        status: Some(last.1),
        media_type: None,
    })
}

/// Sends a command's line and reads its status.
fn command_status(
    connection: &mut Connection,
    session: &mut Session<'_>,
    line: &Line,
) -> Result<(u16, String), FetchErrorKind> {
    connection.send_line(session, line.as_bytes(), false)?;
    let name = escape_octets(without_line_end(line.as_bytes()));
    status(connection, session, &format!("the reply to {name}"))
}

/// A status line: its code and the line, shown.
fn status(
    connection: &mut Connection,
    session: &mut Session<'_>,
    waiting_for: &str,
) -> Result<(u16, String), FetchErrorKind> {
    let Some(line) = connection.read_line(session, MAX_STATUS_LINE, waiting_for)? else {
        return Err(FetchErrorKind::ShortRead {
            what: format!("{waiting_for}: the server closed the connection"),
            received: 0,
        });
    };
    session.transcript.received(&line);
    let NntpStatus { code, .. } = parse_nntp_status(&line)?;
    Ok((code, escape_octets(without_line_end(&line))))
}

/// A multi-line response to its `.` line, unstuffed, each line ended by LF.
fn read_multiline(
    connection: &mut Connection,
    session: &mut Session<'_>,
) -> Result<(), FetchErrorKind> {
    loop {
        let Some(line) = connection.read_body_line(session, "the text")? else {
            return Err(FetchErrorKind::ShortRead {
                what: "the text, which ends with a line \".\" (RFC 977)".to_owned(),
                received: session.transcript.body_bytes(),
            });
        };
        session.transcript.data(line.len() as u64);
        match unstuff_line(&line) {
            None => return Ok(()),
            Some(text) => {
                session.body(without_line_end(text))?;
                session.body(b"\n")?;
            }
        }
    }
}

/// The articles of the selected group: `STAT` (the current article, the first), then
/// `NEXT` until there is none (421); one line `number <message-id>` each.
fn group_articles(
    connection: &mut Connection,
    session: &mut Session<'_>,
) -> Result<(), FetchErrorKind> {
    let mut line = b"STAT\r\n".as_slice();
    let mut count = 0u64;
    loop {
        connection.send_line(session, line, false)?;
        let Some(reply) = connection.read_line(session, MAX_STATUS_LINE, "the reply to NEXT")?
        else {
            return Err(FetchErrorKind::ShortRead {
                what: "the articles of the group: the server closed the connection".to_owned(),
                received: 0,
            });
        };
        session.transcript.received(&reply);
        let status = parse_nntp_status(&reply)?;
        match status.code {
            223 => {
                let mut fields = status.text.split(|&byte| byte == b' ');
                let number = fields.next().unwrap_or_default();
                let id = fields.next().unwrap_or_default();
                session.body(number)?;
                session.body(b" ")?;
                session.body(id)?;
                session.body(b"\n")?;
                count += 1;
            }
            // 420: no current article (an empty group); 421: no next article.
            420 | 421 => break,
            _ => {
                return Err(FetchErrorKind::ServerError {
                    reply: escape_octets(without_line_end(&reply)),
                    context: Some(format!("to {}", escape_octets(without_line_end(line)))),
                })
            }
        }
        line = b"NEXT\r\n";
    }
    session
        .transcript
        .note(format!("{count} articles in the group"));
    Ok(())
}
