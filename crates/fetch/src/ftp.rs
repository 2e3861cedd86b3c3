//! FTP (RFC 959): the login, the navigation and the transfer of section 3.2, over a
//! passive data connection to the control connection's own address.

use super::connection::{Connection, Session};
use super::error::FetchErrorKind;
use super::outcome::Outcome;
use super::reply::{check_name_line, parse_epsv, parse_pasv, FtpReply, FtpReplyReader};
use rfc1738::escape_octets;
use rfc1738::requests::{FtpRequest, FtpTransfer, Missing};
use std::net::{IpAddr, SocketAddr};

/// The longest reply line.
const MAX_REPLY_LINE: usize = 8 * 1024;
/// The longest line of an `NLST` listing.
const MAX_NAME_LINE: usize = 64 * 1024;

/// The control connection and its reply reader.
struct Control {
    connection: Connection,
    reader: FtpReplyReader,
}

impl Control {
    /// The next complete reply, each line recorded; the connection's end before it is a
    /// short read.
    fn reply(
        &mut self,
        session: &mut Session<'_>,
        waiting_for: &str,
    ) -> Result<FtpReply, FetchErrorKind> {
        let what = format!("the reply to {waiting_for}");
        loop {
            let Some(line) = self.connection.read_line(session, MAX_REPLY_LINE, &what)? else {
                return Err(FetchErrorKind::ShortRead {
                    what: format!("{what}: the server closed the control connection"),
                    received: 0,
                });
            };
            session.transcript.received(&line);
            if let Some(reply) = self.reader.push_line(&line)? {
                return Ok(reply);
            }
        }
    }

    /// Sends a line and reads the reply that is not preliminary.
    fn command(
        &mut self,
        session: &mut Session<'_>,
        line: &[u8],
        hidden: bool,
    ) -> Result<FtpReply, FetchErrorKind> {
        self.connection.send_line(session, line, hidden)?;
        let name = command_name(line);
        loop {
            let reply = self.reply(session, &name)?;
            if !reply.is_preliminary() {
                return Ok(reply);
            }
        }
    }
}

/// `USER`, `CWD`, ... of a line: what a report names it by (never a password).
fn command_name(line: &[u8]) -> String {
    let line = super::reply::without_line_end(line);
    match line.starts_with(b"PASS") {
        true => "PASS".to_owned(),
        false => escape_octets(line),
    }
}

fn refused(reply: &FtpReply, line: &[u8]) -> FetchErrorKind {
    FetchErrorKind::ServerError {
        reply: reply.to_string(),
        context: Some(format!("to {}", command_name(line))),
    }
}

/// Fetches an ftp URL: login, each `CWD`, `TYPE`, then `PASV` (or `EPSV` over IPv6), the
/// data connection, `RETR` or `NLST`, the data to its close, the completion reply, `QUIT`.
/// In ASCII (typecode `a`, no typecode: the server's default, or a listing) each CR LF is
/// written as LF, the local form of a text, as the FTP clients of the time stored it.
pub(crate) fn fetch(
    request: &FtpRequest<'_>,
    session: &mut Session<'_>,
) -> Result<Outcome, FetchErrorKind> {
    let host = request.host().unwrap_or_default();
    let port = request.port().unwrap_or(21);
    let connection = Connection::open(session, host, port, "control")?;
    let mut control = Control {
        connection,
        reader: FtpReplyReader::new(),
    };
    // The greeting: 220, perhaps after 120 ("ready in nnn minutes").
    loop {
        let reply = control.reply(session, "the connection (the greeting)")?;
        match reply.code() {
            120 => continue,
            220 => break,
            _ => {
                return Err(FetchErrorKind::ServerError {
                    reply: reply.to_string(),
                    context: Some("as its greeting".to_owned()),
                })
            }
        }
    }
    login(request, &mut control, session)?;
    for line in request.navigation_lines() {
        let reply = control.command(session, line.as_bytes(), false)?;
        if !reply.is_completion() {
            return Err(refused(&reply, line.as_bytes()));
        }
    }
    let data_address = passive(&mut control, session)?;
    let mut data = Connection::open_address(session, data_address, "data")?;
    let transfer = request.transfer_line();
    control
        .connection
        .send_line(session, transfer.as_bytes(), false)?;
    let name = command_name(transfer.as_bytes());
    let first = control.reply(session, &name)?;
    if !first.is_preliminary() && !first.is_completion() {
        data.close();
        return Err(refused(&first, transfer.as_bytes()));
    }
    let listing = matches!(request.transfer(), FtpTransfer::Nlst(_));
    let ascii = listing
        || request
            .type_argument()
            .is_none_or(|kind| kind.starts_with('A'));
    let mut names = 0u64;
    if listing {
        while let Some(line) = data.read_line(session, MAX_NAME_LINE, "the listing")? {
            session.transcript.data(line.len() as u64);
            let name = check_name_line(&line)?;
            if !name.is_empty() {
                names += 1;
            }
            session.body(name)?;
            session.body(b"\n")?;
        }
    } else {
        let mut carriage_return = false;
        while let Some(bytes) = data.read_some(session, usize::MAX, "the file")? {
            session.transcript.data(bytes.len() as u64);
            match ascii {
                true => write_local_lines(session, &bytes, &mut carriage_return)?,
                false => session.body(&bytes)?,
            }
        }
        if carriage_return {
            session.body(b"\r")?;
        }
    }
    data.close();
    let mut last = first;
    while last.is_preliminary() {
        last = control.reply(session, &name)?;
    }
    if !last.is_completion() {
        return Err(refused(&last, transfer.as_bytes()));
    }
    if listing {
        session
            .transcript
            .note(format!("a listing of {names} names"));
    }
    if ascii && !listing {
        session
            .transcript
            .note("an ASCII transfer: each CR LF written as LF (RFC 959's text in the local form)");
    }
    // QUIT, and its reply if it comes in time: the file is complete either way.
    if control
        .connection
        .send_line(session, b"QUIT\r\n", false)
        .is_ok()
    {
        let _ = control.reply(session, "QUIT");
    }
    control.connection.close();
    Ok(Outcome::Done {
        status: Some(last.to_string()),
        media_type: Some(match ascii {
            true => "ascii".to_owned(),
            false => "binary".to_owned(),
        }),
    })
}

/// `USER`, and `PASS` when the server asks (331).
fn login(
    request: &FtpRequest<'_>,
    control: &mut Control,
    session: &mut Session<'_>,
) -> Result<(), FetchErrorKind> {
    let lines = request.login_lines();
    let user = &lines[0];
    let reply = control.command(session, user.as_bytes(), false)?;
    let reply = match reply.code() {
        230 | 202 => return Ok(()),
        331 => match lines.get(1) {
            Some(pass) => {
                if let Some(note) = request.anonymous_password_note() {
                    session.transcript.note(note.to_owned());
                }
                control.command(session, pass.as_bytes(), !request.is_anonymous())?
            }
            None => {
                return Err(FetchErrorKind::Incomplete(match request.is_anonymous() {
                    true => Missing::AnonymousPassword,
                    false => Missing::Password,
                }))
            }
        },
        _ => return Err(refused(&reply, user.as_bytes())),
    };
    match reply.code() {
        230 | 202 => Ok(()),
        // 332: an account, which no URL gives.
        _ => Err(refused(&reply, b"PASS")),
    }
}

/// The data connection's address: `PASV`'s port (or `EPSV`'s, over IPv6) at the control
/// connection's own address. The address a `227` reply names is not used: a server must
/// not send the client elsewhere (a hostile one could aim it at a third host); when it
/// differs, the transcript says so.
fn passive(control: &mut Control, session: &mut Session<'_>) -> Result<SocketAddr, FetchErrorKind> {
    let peer = control.connection.peer();
    match peer.ip() {
        IpAddr::V4(peer_ip) => {
            let reply = control.command(session, b"PASV\r\n", false)?;
            if reply.code() != 227 {
                return Err(refused(&reply, b"PASV"));
            }
            let (named, port) = parse_pasv(reply.text())?;
            if port == 0 {
                return Err(FetchErrorKind::Protocol(super::reply::MalformedReply::new(
                    "a 227 reply names port 0",
                    reply.text(),
                )));
            }
            if named != peer_ip {
                session.transcript.note(format!(
                    "the 227 reply names {named}: the data connection goes to the control connection's address, {peer_ip}, instead"
                ));
            }
            Ok(SocketAddr::new(peer.ip(), port))
        }
        IpAddr::V6(_) => {
            let reply = control.command(session, b"EPSV\r\n", false)?;
            if reply.code() != 229 {
                return Err(refused(&reply, b"EPSV"));
            }
            Ok(SocketAddr::new(peer.ip(), parse_epsv(reply.text())?))
        }
    }
}

/// Writes ASCII data with each CR LF as LF; a CR at the end of `bytes` waits for the next
/// byte (`carriage_return`).
fn write_local_lines(
    session: &mut Session<'_>,
    bytes: &[u8],
    carriage_return: &mut bool,
) -> Result<(), FetchErrorKind> {
    let mut out = Vec::with_capacity(bytes.len() + 1);
    let mut iter = bytes.iter().peekable();
    if std::mem::take(carriage_return) && bytes.first() != Some(&b'\n') {
        out.push(b'\r');
    }
    while let Some(&byte) = iter.next() {
        match (byte, iter.peek()) {
            (b'\r', Some(b'\n')) => {}
            (b'\r', None) => *carriage_return = true,
            _ => out.push(byte),
        }
    }
    session.body(&out)
}
