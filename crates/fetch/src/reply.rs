//! The servers' replies, read by pure functions over bytes: FTP reply lines (RFC 959 4.2,
//! multi-line replies included) and the `227` and `229` answers to `PASV` and `EPSV`, the
//! names of an `NLST` listing, gopher menu lines (RFC 1436) and the Gopher+ length line,
//! NNTP status lines and dot-stuffed multi-line responses (RFC 977), the HTTP/1.0 status
//! line and headers (RFC 1945), the size lines and transfer coding of a chunked body
//! (RFC 9112 7.1). Nothing here touches a socket: the clients feed them what arrives,
//! line by line, and the fuzz targets feed them anything.
//!
//! A server is untrusted input: a line that is not what the protocol says is a
//! [`MalformedReply`], which quotes it (its first 200 bytes, control bytes and bytes that
//! are not UTF-8 shown as escapes). No parser allocates by a length the server claims.

use rfc1738::escape_octets;
pub use rfc1738_http_head::{Head as HttpHead, Status as HttpStatus};
use rfc1738_http_head::{Malformed, Manner};
use std::fmt;
use std::net::Ipv4Addr;

/// The most lines of one FTP multi-line reply.
pub const MAX_REPLY_LINES: usize = 1000;

/// How many bytes of a malformed line its error quotes.
const QUOTED: usize = 200;

/// A reply that is not what the protocol says: what was expected, and the line (its first
/// 200 bytes) that was not it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what}: \"{}\"{}", escape_octets(&self.got), if self.cut { "..." } else { "" })]
pub struct MalformedReply {
    what: String,
    got: Vec<u8>,
    cut: bool,
}

impl MalformedReply {
    pub(crate) fn new(what: impl Into<String>, got: &[u8]) -> MalformedReply {
        MalformedReply {
            what: what.into(),
            got: got[..got.len().min(QUOTED)].to_vec(),
            cut: got.len() > QUOTED,
        }
    }

    /// What the protocol wanted there.
    pub fn what(&self) -> &str {
        &self.what
    }

    /// The bytes that were not it (at most the first 200).
    pub fn got(&self) -> &[u8] {
        &self.got
    }
}

/// A line without its end: a final LF, and a CR before it.
pub fn without_line_end(line: &[u8]) -> &[u8] {
    rfc1738_http_head::without_line_end(line, Manner::Strict)
}

/// The text of a reply line holds no control byte but TAB (a CR or LF inside it, a NUL,
/// an escape sequence for a terminal): else `what` says whose line it was.
fn text_only(line: &[u8], what: &str) -> Result<(), MalformedReply> {
    match !rfc1738_http_head::is_text(line) {
        true => Err(MalformedReply::new(
            format!("{what} holds control bytes (it is not text)"),
            line,
        )),
        false => Ok(()),
    }
}

/// Three digits at the start of `line`, the first 1 to 5: a reply code of FTP or NNTP.
fn reply_code(line: &[u8]) -> Option<u16> {
    match line {
        [a @ b'1'..=b'5', b @ b'0'..=b'9', c @ b'0'..=b'9', ..] => {
            Some(u16::from(a - b'0') * 100 + u16::from(b - b'0') * 10 + u16::from(c - b'0'))
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// FTP

/// One FTP reply (RFC 959 section 4.2): its code and its lines (without their ends; a
/// single-line reply has one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FtpReply {
    code: u16,
    lines: Vec<Vec<u8>>,
}

impl FtpReply {
    /// The three-digit code.
    pub fn code(&self) -> u16 {
        self.code
    }

    /// Every line of the reply, without its end.
    pub fn lines(&self) -> &[Vec<u8>] {
        &self.lines
    }

    /// The text of the last line, after the code and its separator.
    pub fn text(&self) -> &[u8] {
        let last = self.lines.last().map_or(&[][..], Vec::as_slice);
        last.get(4..).unwrap_or_default()
    }

    /// `1yz`: a preliminary reply; another follows.
    pub fn is_preliminary(&self) -> bool {
        self.code / 100 == 1
    }

    /// `2yz`: done.
    pub fn is_completion(&self) -> bool {
        self.code / 100 == 2
    }

    /// `3yz`: more is wanted (331: the password).
    pub fn is_intermediate(&self) -> bool {
        self.code / 100 == 3
    }
}

impl fmt::Display for FtpReply {
    /// The reply's lines, joined by `\n` as escapes, for a report.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.lines.iter().map(|line| escape_octets(line)).collect();
        f.write_str(&lines.join("\\n"))
    }
}

/// Reads FTP replies line by line: a single line `NNN text`, or a multi-line reply from
/// `NNN-text` to the line that starts with the same code and a space (RFC 959 4.2; the
/// lines between may be anything but a control byte).
#[derive(Debug, Default)]
pub struct FtpReplyReader {
    open: Option<FtpReply>,
}

impl FtpReplyReader {
    /// A reader between replies.
    pub fn new() -> FtpReplyReader {
        FtpReplyReader::default()
    }

    /// Takes one line (its end, if any, is ignored); a reply when it is complete.
    pub fn push_line(&mut self, line: &[u8]) -> Result<Option<FtpReply>, MalformedReply> {
        let line = without_line_end(line);
        text_only(line, "an FTP reply line")?;
        if let Some(open) = &mut self.open {
            if open.lines.len() >= MAX_REPLY_LINES {
                return Err(MalformedReply::new(
                    format!("an FTP multi-line reply longer than {MAX_REPLY_LINES} lines"),
                    line,
                ));
            }
            open.lines.push(line.to_vec());
            let ends =
                reply_code(line) == Some(open.code) && matches!(line.get(3), None | Some(b' '));
            return Ok(match ends {
                true => self.open.take(),
                false => None,
            });
        }
        let Some(code) = reply_code(line) else {
            return Err(MalformedReply::new(
                "an FTP reply starts with a three-digit code (1yz to 5yz)",
                line,
            ));
        };
        let reply = FtpReply {
            code,
            lines: vec![line.to_vec()],
        };
        match line.get(3) {
            None | Some(b' ') => Ok(Some(reply)),
            Some(b'-') => {
                self.open = Some(reply);
                Ok(None)
            }
            Some(_) => Err(MalformedReply::new(
                "an FTP reply's code is followed by a space, a hyphen (a multi-line reply) or the line's end",
                line,
            )),
        }
    }

    /// Whether a multi-line reply is open.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }
}

/// The complete replies in `bytes` (lines ended by LF); an error for a malformed line or a
/// reply still open at the end.
pub fn ftp_replies(bytes: &[u8]) -> Result<Vec<FtpReply>, MalformedReply> {
    let mut reader = FtpReplyReader::new();
    let mut replies = Vec::new();
    for line in bytes.split_inclusive(|&byte| byte == b'\n') {
        if let Some(reply) = reader.push_line(line)? {
            replies.push(reply);
        }
    }
    match reader.open.take() {
        Some(open) => Err(MalformedReply::new(
            "an FTP multi-line reply without its last line",
            open.lines.last().map_or(&[][..], Vec::as_slice),
        )),
        None => Ok(replies),
    }
}

/// The address of a `227` reply to `PASV`: six numbers `h1,h2,h3,h4,p1,p2` anywhere in the
/// text (RFC 959 shows them in parentheses; RFC 1123 4.1.2.6 tells clients to scan for
/// them), each at most 255.
pub fn parse_pasv(text: &[u8]) -> Result<(Ipv4Addr, u16), MalformedReply> {
    let mut at = 0;
    while at < text.len() {
        if text[at].is_ascii_digit() {
            if let Some(numbers) = six_numbers(&text[at..]) {
                let [a, b, c, d, p1, p2] = numbers;
                return Ok((
                    Ipv4Addr::new(a, b, c, d),
                    u16::from(p1) << 8 | u16::from(p2),
                ));
            }
            while at < text.len() && text[at].is_ascii_digit() {
                at += 1;
            }
        } else {
            at += 1;
        }
    }
    Err(MalformedReply::new(
        "a 227 reply to PASV holds h1,h2,h3,h4,p1,p2 (six numbers up to 255)",
        text,
    ))
}

/// `a,b,c,d,e,f` at the start of `text`, each a number up to 255.
fn six_numbers(text: &[u8]) -> Option<[u8; 6]> {
    let mut numbers = [0u8; 6];
    let mut at = 0;
    for (i, number) in numbers.iter_mut().enumerate() {
        if i > 0 {
            if text.get(at) != Some(&b',') {
                return None;
            }
            at += 1;
        }
        let start = at;
        let mut value: u32 = 0;
        while let Some(digit) = text.get(at).filter(|byte| byte.is_ascii_digit()) {
            value = value * 10 + u32::from(digit - b'0');
            at += 1;
            if at - start > 3 {
                return None;
            }
        }
        if at == start {
            return None;
        }
        *number = u8::try_from(value).ok()?;
    }
    Some(numbers)
}

/// The port of a `229` reply to `EPSV` (RFC 2428): `(<d><d><d>port<d>)`, the same
/// delimiter four times.
pub fn parse_epsv(text: &[u8]) -> Result<u16, MalformedReply> {
    let malformed = || {
        MalformedReply::new(
            "a 229 reply to EPSV holds (|||port|), the same delimiter four times",
            text,
        )
    };
    let open = text
        .iter()
        .position(|&byte| byte == b'(')
        .ok_or_else(malformed)?;
    let inside = &text[open + 1..];
    let close = inside
        .iter()
        .position(|&byte| byte == b')')
        .ok_or_else(malformed)?;
    let inside = &inside[..close];
    let [d, rest @ ..] = inside else {
        return Err(malformed());
    };
    let digits = match rest {
        [e, f, digits @ .., g] if e == d && f == d && g == d => digits,
        _ => return Err(malformed()),
    };
    if digits.is_empty() || digits.len() > 5 || !digits.iter().all(u8::is_ascii_digit) {
        return Err(malformed());
    }
    let port: u32 = digits
        .iter()
        .fold(0, |port, digit| port * 10 + u32::from(digit - b'0'));
    u16::try_from(port)
        .ok()
        .filter(|&port| port != 0)
        .ok_or_else(malformed)
}

/// The names of an `NLST` listing (RFC 959: a name per line, ended by CR LF or, from some
/// servers, LF): an error for a line with a control byte (a NUL, a lone CR), which no name
/// sent over an ASCII data connection holds. Empty lines are skipped.
pub fn parse_name_list(listing: &[u8]) -> Result<Vec<&[u8]>, MalformedReply> {
    let mut names = Vec::new();
    for line in listing.split_inclusive(|&byte| byte == b'\n') {
        let name = check_name_line(line)?;
        if !name.is_empty() {
            names.push(name);
        }
    }
    Ok(names)
}

/// One line of an `NLST` listing, its end taken off.
pub fn check_name_line(line: &[u8]) -> Result<&[u8], MalformedReply> {
    let name = without_line_end(line);
    text_only(name, "a line of an NLST listing")?;
    Ok(name)
}

// ---------------------------------------------------------------------------------------
// Gopher

/// One line of a gopher menu (RFC 1436 section 3.8): the type, the display string, the
/// selector, the host, the port, and the Gopher+ field when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuItem<'l> {
    /// The gopher type: `0` a file, `1` a menu, `7` a search, `i` (a common extension) a
    /// line of information, ...
    pub item_type: u8,
    /// What the user sees.
    pub display: &'l [u8],
    /// The selector to send for the item.
    pub selector: &'l [u8],
    /// The item's host.
    pub host: &'l [u8],
    /// The item's port.
    pub port: u16,
    /// The Gopher+ field (`+`, `?`), when the server wrote one.
    pub gopher_plus: Option<&'l [u8]>,
}

/// What a line of a gopher menu is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuLine<'l> {
    /// An item.
    Item(MenuItem<'l>),
    /// The line `.` that ends the menu.
    End,
}

/// Reads one line of a gopher menu (its end, CR LF or LF, ignored): `.` alone ends the
/// menu; an item is its type byte and display string, then TAB, the selector, TAB, the
/// host, TAB, the port (digits, at most 65535), and optionally TAB and a Gopher+ field
/// (fields after it are ignored). A line with fewer fields, a port that is no number, a
/// control byte, or an empty line is malformed.
pub fn parse_menu_line(line: &[u8]) -> Result<MenuLine<'_>, MalformedReply> {
    let line = without_line_end(line);
    if line == b"." {
        return Ok(MenuLine::End);
    }
    text_only(line, "a gopher menu line")?;
    let mut fields = line.split(|&byte| byte == b'\t');
    let first = fields.next().unwrap_or_default();
    let (Some((&item_type, display)), Some(selector), Some(host), Some(port)) = (
        first.split_first(),
        fields.next(),
        fields.next(),
        fields.next(),
    ) else {
        return Err(MalformedReply::new(
            "a gopher menu line is a type and a display string, a selector, a host and a port, separated by TABs",
            line,
        ));
    };
    let port_text = port.trim_ascii();
    let port = match port_text.len() {
        1..=5 if port_text.iter().all(u8::is_ascii_digit) => port_text
            .iter()
            .fold(0u32, |port, digit| port * 10 + u32::from(digit - b'0')),
        _ => u32::MAX,
    };
    let Ok(port) = u16::try_from(port) else {
        return Err(MalformedReply::new(
            "the port of a gopher menu line is a number up to 65535",
            line,
        ));
    };
    Ok(MenuLine::Item(MenuItem {
        item_type,
        display,
        selector,
        host,
        port,
        gopher_plus: fields.next(),
    }))
}

/// A whole gopher menu: its items, and whether it ended with its `.` line (bytes after it
/// are not read). An error for the first malformed line.
pub fn parse_menu(menu: &[u8]) -> Result<(Vec<MenuItem<'_>>, bool), MalformedReply> {
    let mut items = Vec::new();
    for line in menu.split_inclusive(|&byte| byte == b'\n') {
        match parse_menu_line(line)? {
            MenuLine::Item(item) => items.push(item),
            MenuLine::End => return Ok((items, true)),
        }
    }
    Ok((items, false))
}

/// How the data of a Gopher+ reply ends, from its first line (Gopher+ 2.1): `+-1` at a
/// line `.`, `+-2` when the server closes, `+N` after N bytes; `--1` or `--2`: an error,
/// whose text follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GopherPlusLength {
    /// `+-1`: text ended by a line `.`.
    DotTerminated,
    /// `+-2`: data up to the close of the connection.
    UntilClose,
    /// `+N`: exactly N bytes (the count the server claims: read as they come, never
    /// allocated).
    Exactly(u64),
    /// `-...`: the server's error; its text follows, to a `.` (`--1`) or the close.
    Error,
}

/// Reads the first line of a Gopher+ reply.
pub fn parse_gopher_plus_header(line: &[u8]) -> Result<GopherPlusLength, MalformedReply> {
    let text = without_line_end(line);
    let malformed = || {
        MalformedReply::new(
            "a Gopher+ reply starts with +-1, +-2, +N (a byte count) or an error --1, --2",
            text,
        )
    };
    let (&sign, rest) = text.split_first().ok_or_else(malformed)?;
    // The length may be followed by a space and more (some servers); the number ends it.
    let number = rest.split(|&byte| byte == b' ').next().unwrap_or_default();
    match (sign, number) {
        (b'-', _) => Ok(GopherPlusLength::Error),
        (b'+', b"-1") => Ok(GopherPlusLength::DotTerminated),
        (b'+', b"-2") => Ok(GopherPlusLength::UntilClose),
        (b'+', digits)
            if (1..=19).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) =>
        {
            std::str::from_utf8(digits)
                .ok()
                .and_then(|digits| digits.parse().ok())
                .map(GopherPlusLength::Exactly)
                .ok_or_else(malformed)
        }
        _ => Err(malformed()),
    }
}

// ---------------------------------------------------------------------------------------
// NNTP

/// An NNTP status line (RFC 977 section 2.4.2): a three-digit code, then text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NntpStatus<'l> {
    /// The code: 1xx information, 2xx done, 3xx go on, 4xx and 5xx failed.
    pub code: u16,
    /// The text after the code and its space.
    pub text: &'l [u8],
}

/// Reads an NNTP status line (its end ignored): three digits, the first 1 to 5, then the
/// line's end or a space and text without control bytes.
pub fn parse_nntp_status(line: &[u8]) -> Result<NntpStatus<'_>, MalformedReply> {
    let line = without_line_end(line);
    text_only(line, "an NNTP status line")?;
    let code = reply_code(line).filter(|_| matches!(line.get(3), None | Some(b' ')));
    match code {
        Some(code) => Ok(NntpStatus {
            code,
            text: line.get(4..).unwrap_or_default(),
        }),
        None => Err(MalformedReply::new(
            "an NNTP status line is a three-digit code (1xx to 5xx), then a space and text",
            line,
        )),
    }
}

/// One line of a multi-line NNTP response (RFC 977 section 2.4.1): `None` for the line
/// `.` that ends it; otherwise the line, its leading `.` taken off when it was doubled
/// (dot-stuffing), its end kept.
pub fn unstuff_line(line: &[u8]) -> Option<&[u8]> {
    match without_line_end(line) {
        b"." => None,
        _ => Some(match line.starts_with(b"..") {
            true => &line[1..],
            false => line,
        }),
    }
}

/// A whole multi-line NNTP response: its lines unstuffed, each ended by LF (the local
/// form), and how many bytes of `bytes` it took, the `.` line included; an error when the
/// `.` line never comes.
pub fn decode_multiline(bytes: &[u8]) -> Result<(Vec<u8>, usize), MalformedReply> {
    let mut text = Vec::new();
    let mut taken = 0;
    for line in bytes.split_inclusive(|&byte| byte == b'\n') {
        taken += line.len();
        if !line.ends_with(b"\n") {
            break;
        }
        match unstuff_line(line) {
            None => return Ok((text, taken)),
            Some(line) => {
                text.extend_from_slice(without_line_end(line));
                text.push(b'\n');
            }
        }
    }
    Err(MalformedReply::new(
        "a multi-line NNTP response ends with a line \".\"",
        bytes
            .get(bytes.len().saturating_sub(QUOTED)..)
            .unwrap_or_default(),
    ))
}

// ---------------------------------------------------------------------------------------
// HTTP: read by rfc1738-http-head, strictly

impl From<Malformed> for MalformedReply {
    fn from(malformed: Malformed) -> MalformedReply {
        MalformedReply::new(malformed.what, &malformed.got)
    }
}

/// Reads an HTTP status line strictly ([`rfc1738_http_head::read_status`]). A response
/// without one (HTTP/0.9's) is not read: this client speaks HTTP/1.0 and wants its answer.
pub fn parse_http_status(line: &[u8]) -> Result<HttpStatus<'_>, MalformedReply> {
    Ok(rfc1738_http_head::read_status(line, Manner::Strict)?)
}

/// Reads one header line strictly ([`rfc1738_http_head::read_header_line`]).
pub fn parse_header_line(line: &[u8]) -> Result<(&[u8], &[u8]), MalformedReply> {
    Ok(rfc1738_http_head::read_header_line(line)?)
}

/// The head of an HTTP response read strictly ([`rfc1738_http_head::read_head`]): its
/// status, its headers (continuation lines joined to the header before, with a space),
/// and where the body starts in `bytes`.
pub fn parse_http_head(bytes: &[u8]) -> Result<(HttpHead, usize), MalformedReply> {
    Ok(rfc1738_http_head::read_head(bytes, Manner::Strict)?)
}

/// The size of a chunk of a chunked body, read strictly
/// ([`rfc1738_http_head::chunk_size`]).
pub fn parse_chunk_size(line: &[u8]) -> Result<u64, MalformedReply> {
    Ok(rfc1738_http_head::chunk_size(line, Manner::Strict)?)
}

/// The status line as the server sent it, for a report: its bytes that are not text
/// written as escapes.
pub fn status_line(head: &HttpHead) -> String {
    let (major, minor) = head.version.unwrap_or_default();
    format!(
        "HTTP/{major}.{minor} {} {}",
        head.code,
        escape_octets(&head.reason)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ftp_replies_single_and_multi_line() {
        let replies =
            ftp_replies(b"220 ready\r\n230-Welcome\r\n 230 not the end\r\n230 done\r\n").unwrap();
        assert_eq!(replies.len(), 2);
        assert_eq!((replies[0].code(), replies[0].text()), (220, &b"ready"[..]));
        assert_eq!(replies[1].lines().len(), 3);
        assert_eq!(replies[1].text(), b"done");
        assert!(ftp_replies(b"2x0 no\r\n").is_err());
        assert!(ftp_replies(b"220-open\r\n").is_err());
        assert!(ftp_replies(b"220 a\x00b\r\n").is_err());
        assert!(ftp_replies(b"220x\r\n").is_err());
        assert_eq!(ftp_replies(b"200\r\n").unwrap()[0].code(), 200);
    }

    #[test]
    fn pasv_and_epsv_addresses() {
        assert_eq!(
            parse_pasv(b"Entering Passive Mode (127,0,0,1,4,1).").unwrap(),
            (Ipv4Addr::new(127, 0, 0, 1), 1025)
        );
        assert_eq!(
            parse_pasv(b"=10,1,2,3,255,255").unwrap(),
            (Ipv4Addr::new(10, 1, 2, 3), 65535)
        );
        assert!(parse_pasv(b"(127,0,0,1,256,1)").is_err());
        assert!(parse_pasv(b"(127,0,0,1,4)").is_err());
        assert_eq!(
            parse_epsv(b"Entering Extended Passive Mode (|||6446|)").unwrap(),
            6446
        );
        assert!(parse_epsv(b"(|||0|)").is_err());
        assert!(parse_epsv(b"(||6446|)").is_err());
    }

    #[test]
    fn gopher_menu_lines() {
        let (items, ended) = parse_menu(
            b"0About\t/about.txt\tlocalhost\t70\r\n1Dir\t/d\th\t7070\t+\r\n.\r\ngarbage",
        )
        .unwrap();
        assert!(ended);
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].gopher_plus, Some(&b"+"[..]));
        assert!(parse_menu_line(b"0no tabs\r\n").is_err());
        assert!(parse_menu_line(b"0a\tb\tc\t99999\r\n").is_err());
        assert!(parse_menu_line(b"\r\n").is_err());
        assert!(parse_menu_line(b"0a\x1b[2J\tb\tc\t70\r\n").is_err());
        assert_eq!(
            parse_gopher_plus_header(b"+-1\r\n").unwrap(),
            GopherPlusLength::DotTerminated
        );
        assert_eq!(
            parse_gopher_plus_header(b"+1234\r\n").unwrap(),
            GopherPlusLength::Exactly(1234)
        );
        assert_eq!(
            parse_gopher_plus_header(b"--1\r\n").unwrap(),
            GopherPlusLength::Error
        );
        assert!(parse_gopher_plus_header(b"+abc\r\n").is_err());
    }

    #[test]
    fn nntp_status_and_dot_stuffing() {
        let status = parse_nntp_status(b"220 3 <a@b> article\r\n").unwrap();
        assert_eq!((status.code, status.text), (220, &b"3 <a@b> article"[..]));
        assert!(parse_nntp_status(b"22 short\r\n").is_err());
        assert!(parse_nntp_status(b"220article\r\n").is_err());
        let (text, taken) = decode_multiline(b"a\r\n..b\r\n.\r\nnext").unwrap();
        assert_eq!((text.as_slice(), taken), (&b"a\n.b\n"[..], 11));
        assert!(decode_multiline(b"a\r\nb\r\n").is_err());
    }

    #[test]
    fn http_status_and_headers() {
        let (head, body) = parse_http_head(
            b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nX: a\r\n b\r\nContent-Length: 3\r\n\r\nabc",
        )
        .unwrap();
        assert_eq!((head.code, body), (200, 74));
        assert_eq!(head.header("x"), Some(&b"a b"[..]));
        assert_eq!(head.content_length().unwrap(), Some(3));
        assert!(parse_http_status(b"HTTP/1.0 2OO OK\r\n").is_err());
        assert!(parse_http_status(b"<html>\r\n").is_err());
        assert!(parse_header_line(b"no colon\r\n").is_err());
        assert!(parse_http_head(b"HTTP/1.0 200 OK\r\nA: b\r\n").is_err());
    }

    #[test]
    fn chunk_sizes_and_transfer_codings() {
        assert_eq!(parse_chunk_size(b"0\r\n").unwrap(), 0);
        assert_eq!(parse_chunk_size(b"1aF\r\n").unwrap(), 0x1af);
        assert_eq!(parse_chunk_size(b"5 ; name=\"value\"\r\n").unwrap(), 5);
        assert_eq!(parse_chunk_size(b"5;x\n").unwrap(), 5);
        assert_eq!(
            parse_chunk_size(b"000000000000000000ffffffffffffffff\r\n").unwrap(),
            u64::MAX
        );
        for line in [
            &b"\r\n"[..],
            b"zz\r\n",
            b"-5\r\n",
            b"+5\r\n",
            b"0x5\r\n",
            b"5 5\r\n",
            b" 5\r\n",
            b"5\x00\r\n",
            b"10000000000000000\r\n",
        ] {
            assert!(parse_chunk_size(line).is_err(), "{line:?}");
        }
        let head = |text: &[u8]| parse_http_head(text).unwrap().0;
        assert!(!head(b"HTTP/1.1 200 OK\r\n\r\n").is_chunked().unwrap());
        assert!(
            head(b"HTTP/1.1 200 OK\r\nTransfer-Encoding:  CHUNKED \r\n\r\n")
                .is_chunked()
                .unwrap()
        );
        for text in [
            &b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n"[..],
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n",
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, chunked\r\n\r\n",
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
            b"HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
        ] {
            assert!(head(text).is_chunked().is_err(), "{text:?}");
        }
    }
}
