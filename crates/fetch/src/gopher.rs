//! Gopher (RFC 1436) and Gopher+: the selector line sent, the reply read by what the
//! item is.

use super::connection::{Connection, Session};
use super::error::FetchErrorKind;
use super::outcome::Outcome;
use super::reply::{
    parse_gopher_plus_header, parse_menu_line, without_line_end, GopherPlusLength, MenuLine,
};
use rfc1738::escape_octets;
use rfc1738::requests::{GopherPlus, GopherRequest, Missing};

/// The longest line of a menu, or of a Gopher+ reply's first line.
pub(crate) const MAX_MENU_LINE: usize = 64 * 1024;

/// Fetches a gopher item: a menu (types 1 and 7) checked line by line and written as it
/// came, a text (type 0) without its final `.` line, anything else byte for byte; with a
/// Gopher+ string, the data after the Gopher+ length line, to where that line says it ends.
pub(crate) fn fetch(
    request: &GopherRequest<'_>,
    session: &mut Session<'_>,
) -> Result<Outcome, FetchErrorKind> {
    if matches!(request.item_type(), b'8' | b'T') {
        return Err(FetchErrorKind::Unsupported {
            scheme: "gopher".to_owned(),
            reason: format!(
                "an item of type {} is a {} session, which is interactive: nothing to fetch",
                char::from(request.item_type()),
                if request.item_type() == b'8' {
                    "telnet"
                } else {
                    "tn3270"
                }
            ),
        });
    }
    if request.missing().contains(&Missing::Search) {
        return Err(FetchErrorKind::Incomplete(Missing::Search));
    }
    let host = request.host().unwrap_or_default();
    let port = request.port().unwrap_or(70);
    let mut connection = Connection::open(session, host, port, "control")?;
    for line in request.lines() {
        connection.send_line(session, line.as_bytes(), false)?;
    }
    let menu = matches!(request.item_type(), b'1' | b'7');
    match request.gopher_plus_kind() {
        Some(kind) => {
            let menu = menu && kind == GopherPlus::View;
            gopher_plus(&mut connection, session, menu)?
        }
        None if menu => read_menu(&mut connection, session)?,
        None if request.item_type() == b'0' => read_text(&mut connection, session)?,
        None => read_to_close(&mut connection, session, "the item")?,
    }
    connection.close();
    Ok(Outcome::Done {
        status: None,
        media_type: Some(format!(
            "gopher type {}",
            escape_octets(&[request.item_type()])
        )),
    })
}

/// A menu, line by line: each must be an item or the `.` that ends it.
fn read_menu(connection: &mut Connection, session: &mut Session<'_>) -> Result<(), FetchErrorKind> {
    let mut items = 0u64;
    let mut first = true;
    loop {
        let Some(line) = connection.read_line(session, MAX_MENU_LINE, "the menu")? else {
            session
                .transcript
                .note("the menu ended without its \".\" line (RFC 1436)");
            break;
        };
        session.transcript.data(line.len() as u64);
        match parse_menu_line(&line)? {
            MenuLine::End => break,
            MenuLine::Item(item) => {
                if first && item.item_type == b'3' {
                    return Err(server_error(item.display));
                }
                first = false;
                items += 1;
                session.body(&line)?;
            }
        }
    }
    session.transcript.note(format!("a menu of {items} items"));
    Ok(())
}

/// A text item: written as it comes, but its last line when that is `.` alone (RFC 1436's
/// end of a text): the last four bytes wait until more comes or the connection closes. A
/// reply whose first line is a menu line of type `3` is the server's error.
fn read_text(connection: &mut Connection, session: &mut Session<'_>) -> Result<(), FetchErrorKind> {
    let mut held: Vec<u8> = Vec::new();
    // The last byte written (`None`: none yet): whether `held` starts a line.
    let mut last_written: Option<u8> = None;
    let mut checked_first = false;
    while let Some(bytes) = connection.read_some(session, usize::MAX, "the text")? {
        session.transcript.data(bytes.len() as u64);
        held.extend_from_slice(&bytes);
        if !checked_first {
            match memchr::memchr(b'\n', &held) {
                Some(end) => {
                    if let Ok(MenuLine::Item(item)) = parse_menu_line(&held[..=end]) {
                        if item.item_type == b'3' {
                            return Err(server_error(item.display));
                        }
                    }
                    checked_first = true;
                }
                None if held.len() < MAX_MENU_LINE => continue,
                None => checked_first = true,
            }
        }
        if held.len() > 4 {
            let write = held.len() - 4;
            session.body(&held[..write])?;
            last_written = Some(held[write - 1]);
            held.drain(..write);
        }
    }
    let line_start = |at: usize| match at {
        0 => matches!(last_written, None | Some(b'\n')),
        _ => held[at - 1] == b'\n',
    };
    let end = [&b".\r\n"[..], b".\n"]
        .iter()
        .find(|end| held.ends_with(end) && line_start(held.len() - end.len()))
        .map_or(0, |end| end.len());
    if end > 0 {
        session
            .transcript
            .note("the text's last line \".\" (RFC 1436) is not written");
    }
    session.body(&held[..held.len() - end])?;
    Ok(())
}

/// Bytes to the close of the connection.
fn read_to_close(
    connection: &mut Connection,
    session: &mut Session<'_>,
    what: &str,
) -> Result<(), FetchErrorKind> {
    while let Some(bytes) = connection.read_some(session, usize::MAX, what)? {
        session.transcript.data(bytes.len() as u64);
        session.body(&bytes)?;
    }
    Ok(())
}

/// A Gopher+ reply: the length line, then the data it announces.
fn gopher_plus(
    connection: &mut Connection,
    session: &mut Session<'_>,
    menu: bool,
) -> Result<(), FetchErrorKind> {
    let Some(first) = connection.read_line(session, MAX_MENU_LINE, "the Gopher+ reply")? else {
        return Err(FetchErrorKind::ShortRead {
            what: "the Gopher+ reply's first line".to_owned(),
            received: 0,
        });
    };
    session.transcript.received(&first);
    match parse_gopher_plus_header(&first)? {
        GopherPlusLength::Error => {
            let mut text = Vec::new();
            while let Some(line) =
                connection.read_line(session, MAX_MENU_LINE, "the Gopher+ error")?
            {
                session.transcript.received(&line);
                if without_line_end(&line) == b"." || text.len() > MAX_MENU_LINE {
                    break;
                }
                text.extend_from_slice(without_line_end(&line));
                text.push(b' ');
            }
            Err(FetchErrorKind::ServerError {
                reply: format!(
                    "{}: {}",
                    escape_octets(without_line_end(&first)),
                    escape_octets(text.trim_ascii())
                ),
                context: None,
            })
        }
        GopherPlusLength::DotTerminated if menu => read_menu(connection, session),
        GopherPlusLength::DotTerminated => {
            loop {
                let Some(line) = connection.read_body_line(session, "the Gopher+ data")? else {
                    return Err(FetchErrorKind::ShortRead {
                        what: "the Gopher+ data, which ends with a line \".\" (+-1)".to_owned(),
                        received: session.transcript.body_bytes(),
                    });
                };
                session.transcript.data(line.len() as u64);
                if without_line_end(&line) == b"." {
                    break;
                }
                session.body(&line)?;
            }
            Ok(())
        }
        GopherPlusLength::UntilClose => read_to_close(connection, session, "the Gopher+ data"),
        GopherPlusLength::Exactly(length) => {
            // The count is the server's claim: checked against the limit, never allocated.
            session.check_size(length)?;
            let mut left = length;
            while left > 0 {
                let want = usize::try_from(left).unwrap_or(usize::MAX);
                let Some(bytes) = connection.read_some(session, want, "the Gopher+ data")? else {
                    return Err(FetchErrorKind::ShortRead {
                        what: format!("the Gopher+ data of {length} bytes"),
                        received: length - left,
                    });
                };
                session.transcript.data(bytes.len() as u64);
                left -= bytes.len() as u64;
                session.body(&bytes)?;
            }
            Ok(())
        }
    }
}

fn server_error(display: &[u8]) -> FetchErrorKind {
    FetchErrorKind::ServerError {
        reply: format!("an error item (type 3): {}", escape_octets(display)),
        context: None,
    }
}
