//! FTP, RFC 1738 section 3.2: the login of 3.2.1, the commands of 3.2.2.

use super::line::{ForLine, Line, decode_plain, line};
use super::terms::{Common, Missing, Protocol, RequestOptions, Transport};
use crate::ast::scheme::{FtpUrl, Typecode};
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What an FTP client sends for an `ftp` URL, on the control connection of `host:port`
/// (port 21 by default), in this order, each after the server's reply to the one before:
///
/// 1. The login (3.2.1): `USER` with the URL's user name, decoded, and `PASS` with its
///    password; without a user name, anonymous FTP: `USER anonymous` and `PASS` with "the
///    Internet e-mail address of the end user", which the caller configures
///    ([`RequestOptions::ftp_password`]). A user name without a password sends no
///    `PASS`: "the program interpreting the FTP URL should request one from the user" if
///    the server asks ([`Missing::Password`]). `PASS` goes only when the server answers
///    `USER` with 331 (RFC 959). An empty user name (`ftp://@host/`), which section 3.1
///    says differs from none, is sent as it is: `USER ` with an empty argument, as 3.2.2
///    sends `CWD ` for an empty segment. No `ACCT`: the URL has no account.
/// 2. `CWD` with each directory segment, decoded (3.2.2): `%2F` gives a `/` inside the
///    argument (`ftp://h/%2Fetc/motd` sends `CWD /etc`), an empty segment an empty
///    argument (`ftp://h//etc/motd` sends `CWD `, then `CWD etc`).
/// 3. With typecode `a` or `i`, `TYPE A` or `TYPE I`; with RFC 1630's ftptype, RFC 959's
///    TYPE argument with its space restored (`;type=AN`: `TYPE A N`). Without a typecode
///    no `TYPE` (3.2.2 names none; the server's default is ASCII).
/// 4. The transfer: with typecode `d`, `NLST` of the name (3.2.2); otherwise `RETR` of the
///    name. An empty name (`ftp://h/pub/`) and a URL without a path (`ftp://h`) give `NLST`
///    without argument: 3.2.2 does not say what they retrieve, and a listing of the
///    directory is what a client shows (a choice). `RETR` and `NLST` need a data
///    connection, which the client opens first with `PASV` or `PORT` (RFC 959); neither,
///    nor `QUIT`, comes from the URL, and neither is among the lines.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{FtpTransfer, Request, RequestOptions};
///
/// let reference = rfc1738::parse_reference("ftp://ftp.uu.net//doc/%2E%2E/ls-lR;type=d", Dialect::Rfc1738).unwrap();
/// let options = RequestOptions::new().ftp_password("guest@example.org");
/// let Request::Ftp(ftp) = Request::of_reference(&reference, &options).unwrap() else { unreachable!() };
/// assert_eq!(ftp.user(), b"anonymous");
/// assert!(ftp.is_anonymous());
/// assert_eq!(ftp.directories(), [&b""[..], b"doc", b".."]);
/// assert_eq!(ftp.transfer(), FtpTransfer::Nlst(Some(&b"ls-lR"[..])));
/// // A client sends the login, the navigation, sets up a data connection, then the transfer.
/// assert_eq!((ftp.login_lines().len(), ftp.navigation_lines().len()), (2, 3));
/// assert_eq!(ftp.transfer_line().as_bytes(), b"NLST ls-lR\r\n");
/// let sent: Vec<String> = ftp.lines().iter().map(|line| line.shown().to_string()).collect();
/// assert_eq!(
///     sent,
///     [r"USER anonymous\r\n", r"PASS guest@example.org\r\n", r"CWD \r\n", r"CWD doc\r\n", r"CWD ..\r\n", r"NLST ls-lR\r\n"]
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FtpRequest<'u> {
    host: &'u str,
    port: u16,
    /// The user name, decoded; `None`: anonymous.
    user: Option<Cow<'u, [u8]>>,
    /// The password: the URL's, decoded, or the configured e-mail address when anonymous;
    /// `None` when neither.
    password: Option<Cow<'u, [u8]>>,
    directories: Vec<Cow<'u, [u8]>>,
    type_argument: Option<String>,
    /// `None`: NLST without argument.
    name: Option<Cow<'u, [u8]>>,
    /// Typecode `d`: a listing whatever the name.
    directory_typecode: bool,
    has_path: bool,
    /// The anonymous password's note: the address, and where it came from.
    anonymous: Option<String>,
    pub(crate) common: Common,
}

/// The last command of an FTP request: what it transfers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FtpTransfer<'r> {
    /// `RETR name`: the file.
    Retr(&'r [u8]),
    /// `NLST`, of the name or (`None`) of the current directory: a listing.
    Nlst(Option<&'r [u8]>),
}

impl<'u> FtpRequest<'u> {
    pub(crate) fn new(url: &'u FtpUrl<'_>, options: &RequestOptions) -> FtpRequest<'u> {
        let mut kept = 0;
        let mut decode = |text: &'u str| {
            let ForLine { bytes, kept: k } = decode_plain(text);
            kept += k;
            bytes
        };
        let user = url.user().map(|user| decode(user.as_str()));
        let password = match (&user, url.password()) {
            (_, Some(password)) => Some(decode(password.as_str())),
            (None, None) => options
                .ftp_password
                .as_ref()
                .map(|email| Cow::Owned(email.clone().into_bytes())),
            (Some(_), None) => None,
        };
        let anonymous = match (&user, url.password(), &options.ftp_password) {
            (None, None, Some(email)) => Some(match &options.ftp_password_source {
                Some(source) => format!(
                    "PASS gives {}, from {source}",
                    escape_octets(email.as_bytes())
                ),
                None => format!(
                    "PASS gives {}, the anonymous password configured",
                    escape_octets(email.as_bytes())
                ),
            }),
            _ => None,
        };
        let mut segments: Vec<Cow<'u, [u8]>> = url
            .segments()
            .map(|segment| decode(segment.as_str()))
            .collect();
        let has_path = !segments.is_empty();
        let name = segments.pop().filter(|name| !name.is_empty());
        let ftp_type = url.ftp_type();
        let directory_typecode =
            ftp_type.and_then(|ftp_type| ftp_type.typecode()) == Some(Typecode::Directory);
        let type_argument = ftp_type.and_then(|ftp_type| ftp_type.type_argument());
        FtpRequest {
            host: url.host().as_str(),
            port: url.port().unwrap_or(21),
            user,
            password,
            directories: segments,
            type_argument,
            name,
            directory_typecode,
            has_path,
            anonymous,
            common: Common {
                kept,
                ..Common::default()
            },
        }
    }

    /// For anonymous FTP with a configured address, what the notes say of it: the
    /// address `PASS` gives, and where it came from
    /// ([`RequestOptions::ftp_password_from`]); `None` otherwise.
    pub fn anonymous_password_note(&self) -> Option<&str> {
        self.anonymous.as_deref()
    }

    /// The user name sent with `USER`: the URL's, decoded, or `anonymous`.
    pub fn user(&self) -> &[u8] {
        self.user.as_deref().unwrap_or(b"anonymous")
    }

    /// Whether the login is anonymous FTP (the URL gives no user name).
    pub fn is_anonymous(&self) -> bool {
        self.user.is_none()
    }

    /// The password sent with `PASS`: the URL's, decoded, or for anonymous FTP the
    /// configured e-mail address; `None` when neither is known.
    pub fn password(&self) -> Option<&[u8]> {
        self.password.as_deref()
    }

    /// The directory segments, decoded: one `CWD` each.
    pub fn directories(&self) -> Vec<&[u8]> {
        self.directories.iter().map(AsRef::as_ref).collect()
    }

    /// The argument of `TYPE` (`A`, `I`, or RFC 959's with its space, `A N`), when the URL
    /// gives a typecode other than `d`.
    pub fn type_argument(&self) -> Option<&str> {
        self.type_argument.as_deref()
    }

    /// The transfer: `RETR` of the name, or `NLST`.
    pub fn transfer(&self) -> FtpTransfer<'_> {
        match (self.directory_typecode, self.name.as_deref()) {
            (false, Some(name)) => FtpTransfer::Retr(name),
            (_, name) => FtpTransfer::Nlst(name),
        }
    }

    /// The login's lines: `USER`, and `PASS` when the password is known.
    pub fn login_lines(&self) -> Vec<Line> {
        let mut lines = vec![line(&[b"USER ", self.user()])];
        if let Some(password) = self.password() {
            lines.push(line(&[b"PASS ", password]));
        }
        lines
    }

    /// The lines after the login and before the transfer: each `CWD`, then `TYPE`.
    pub fn navigation_lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = self
            .directories
            .iter()
            .map(|directory| line(&[b"CWD ", directory]))
            .collect();
        if let Some(argument) = &self.type_argument {
            lines.push(line(&[b"TYPE ", argument.as_bytes()]));
        }
        lines
    }

    /// The transfer's line, `RETR` or `NLST`, which a client sends once it has set up the
    /// data connection (`PASV` or `PORT`, RFC 959: not among these lines).
    pub fn transfer_line(&self) -> Line {
        match self.transfer() {
            FtpTransfer::Retr(name) => line(&[b"RETR ", name]),
            FtpTransfer::Nlst(Some(name)) => line(&[b"NLST ", name]),
            FtpTransfer::Nlst(None) => line(&[b"NLST"]),
        }
    }

    /// Every line: the login's, the navigation's, the transfer's.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = self.login_lines();
        lines.extend(self.navigation_lines());
        lines.push(self.transfer_line());
        lines
    }

    /// The host of the control connection.
    pub fn host(&self) -> Option<&str> {
        Some(self.host)
    }

    /// The port: the URL's, or 21.
    pub fn port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// FTP.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Ftp)
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The password, when the URL gives a user name without one ([`Missing::Password`]),
    /// or anonymous FTP's when none was configured ([`Missing::AnonymousPassword`]).
    pub fn missing(&self) -> Vec<Missing> {
        match (&self.user, &self.password) {
            (_, Some(_)) => Vec::new(),
            (Some(_), None) => vec![Missing::Password],
            (None, None) => vec![Missing::AnonymousPassword],
        }
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        let mut notes = vec![
            "PASS is sent only when the server asks for it (reply 331 to USER, RFC 959)".to_owned(),
            "RETR and NLST go with a data connection the client opens first (PASV or PORT, RFC 959); neither, nor QUIT, comes from the URL".to_owned(),
        ];
        if let Some(anonymous) = &self.anonymous {
            notes.push(anonymous.clone());
        }
        if !self.has_path {
            notes.push(
                "no url-path: the login directory is listed (NLST), a choice: section 3.2.2 names no command".to_owned(),
            );
        } else if self.name.is_none() && !self.directory_typecode {
            notes.push(
                "an empty name: the directory is listed (NLST), a choice: section 3.2.2 does not say what it retrieves".to_owned(),
            );
        }
        notes
    }

    pub(crate) fn scheme(&self) -> &str {
        "ftp"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whom = match &self.user {
            Some(user) => format!("\"{}\"", escape_octets(user)),
            None => "anonymous".to_owned(),
        };
        let path: Vec<String> = self.directories.iter().map(|d| escape_octets(d)).collect();
        let within = match path.is_empty() {
            true => "the login directory".to_owned(),
            false => format!("\"{}\"", path.join("\" then \"")),
        };
        match self.transfer() {
            FtpTransfer::Retr(name) => write!(
                f,
                "FTP retrieval of the file \"{}\" in {within}, logged in as {whom}",
                escape_octets(name)
            ),
            FtpTransfer::Nlst(Some(name)) => write!(
                f,
                "FTP listing (NLST) of \"{}\" in {within}, logged in as {whom}",
                escape_octets(name)
            ),
            FtpTransfer::Nlst(None) => {
                write!(f, "FTP listing (NLST) of {within}, logged in as {whom}")
            }
        }
    }
}
