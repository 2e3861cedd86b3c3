//! FTP URLs, RFC 1738 section 3.2:
//! `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.

use crate::ast::host::LoginSpans;
use crate::ast::scheme::macros::{login_accessors, url_text};
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::span::{OptSpan, Span};
use std::borrow::Cow;
use std::fmt;

/// An `ftpurl`: a login (user, password, host, port), an optional path of `fsegment`s and an
/// optional `;type=` typecode.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::schemes::FtpCommand;
///
/// let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
/// let Url::Ftp(ftp) = url else { unreachable!() };
/// assert_eq!(ftp.user().unwrap(), "myname");
/// assert_eq!(ftp.password(), None);
/// // Section 3.2.2: each segment is decoded, then sent.
/// let commands: Vec<String> = ftp.commands().unwrap().iter().map(|c| c.to_string()).collect();
/// assert_eq!(commands, ["CWD /etc", "RETR motd"]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FtpUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) login: LoginSpans,
    pub(crate) fpath: OptSpan,
    /// What follows `;type=`, in the form of the document that read the URL.
    pub(crate) ftp_type: Option<FtpTypeSpan>,
}

url_text!(FtpUrl {
    login,
    fpath,
    ftp_type
});

/// Where the code after `;type=` lies, and which document's form it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum FtpTypeSpan {
    /// RFC 1738's typecode (`a`, `i`, `d`).
    Typecode(Typecode, Span),
    /// RFC 1630's ftptype (RFC 959's TYPE argument without its space).
    Ftptype(Span),
}

impl FtpTypeSpan {
    /// Where the code lies.
    pub(crate) fn span(self) -> Span {
        match self {
            FtpTypeSpan::Typecode(_, span) | FtpTypeSpan::Ftptype(span) => span,
        }
    }
}

/// The code after an ftp URL's `;type=`, in the form of the document that read the URL:
/// RFC 1738's [`Typecode`] (`a`, `i`, `d`) or RFC 1630's [`Ftptype`] (the argument of RFC
/// 959's TYPE command, `AN`, `I`, `L8`). A URL holds one or the other, never both
/// ([`FtpUrl::ftp_type`]).
///
/// ```
/// use rfc1738::{Dialect, Url};
/// use rfc1738::schemes::{FtpType, Typecode};
///
/// let Ok(Url::Ftp(ftp)) = rfc1738::parse("ftp://host/pub/file;type=i") else { unreachable!() };
/// assert_eq!(ftp.ftp_type(), Some(FtpType::Typecode(Typecode::Image)));
///
/// let reference = rfc1738::parse_reference("ftp://host/pub/file;type=L8", Dialect::Rfc1630).unwrap();
/// let Url::Ftp(ftp) = reference.url() else { unreachable!() };
/// let Some(FtpType::Ftptype(ftptype)) = ftp.ftp_type() else { unreachable!() };
/// assert_eq!(ftptype.type_argument(), "L 8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FtpType<'s> {
    /// RFC 1738 section 3.2.2's typecode, read by [`Dialect::Rfc1738`](crate::Dialect).
    Typecode(Typecode),
    /// RFC 1630's `ftptype`, read by the RFC 1630 dialects.
    Ftptype(Ftptype<'s>),
}

/// The `ftptype` of `;type=` (section 3.2.2), read case-insensitively.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Typecode {
    /// `a`: ASCII (`TYPE A`)
    Ascii,
    /// `i`: image, binary (`TYPE I`)
    Image,
    /// `d`: directory listing (`NLST`)
    Directory,
}

/// RFC 1630's `ftptype` (section "FTP", "Data type"): the type code of RFC 959's TYPE
/// command with the space left out: `A` or `E` with an optional `formcode` (`N` `T` `C`),
/// `I`, or `L` and a byte size. Letters may be written in either case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ftptype<'s> {
    text: &'s str,
}

impl<'s> Ftptype<'s> {
    /// The ftptype as written (`"an"`, `"L8"`).
    pub fn as_str(&self) -> &'s str {
        self.text
    }

    /// The type letter in upper case: `A` ASCII, `E` EBCDIC, `I` image, `L` local byte size.
    pub fn code(&self) -> char {
        char::from(self.text.as_bytes()[0].to_ascii_uppercase())
    }

    /// The format control of an `A` or `E` type, in upper case: `N` non-print, `T` Telnet
    /// format effectors, `C` carriage control (ASA).
    pub fn formcode(&self) -> Option<char> {
        match self.code() {
            'A' | 'E' => self.text[1..]
                .bytes()
                .next()
                .map(|b| char::from(b.to_ascii_uppercase())),
            _ => None,
        }
    }

    /// The byte size of an `L` type, as written.
    pub fn byte_size(&self) -> Option<&'s str> {
        (self.code() == 'L').then(|| &self.text[1..])
    }

    /// The argument of the TYPE command as RFC 959 writes it, space restored: `"A N"`,
    /// `"I"`, `"L 8"`.
    pub fn type_argument(&self) -> String {
        let rest = self
            .formcode()
            .map(String::from)
            .or(self.byte_size().map(String::from));
        match rest {
            Some(rest) => format!("{} {rest}", self.code()),
            None => self.code().to_string(),
        }
    }
}

impl Typecode {
    /// The typecode letter in lower case.
    pub fn as_char(self) -> char {
        match self {
            Typecode::Ascii => 'a',
            Typecode::Image => 'i',
            Typecode::Directory => 'd',
        }
    }

    pub(crate) fn from_letter(letter: &str) -> Typecode {
        match letter {
            "a" | "A" => Typecode::Ascii,
            "i" | "I" => Typecode::Image,
            _ => Typecode::Directory,
        }
    }
}

/// One FTP command of the reading of an ftp url-path (section 3.2.2). Arguments are the
/// decoded octets of the segments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FtpCommand<'s> {
    /// `CWD` with a directory (possibly empty: `ftp://host//etc` starts with `CWD ""`).
    Cwd(Cow<'s, [u8]>),
    /// `TYPE` with the typecode `A` or `I`.
    Type(Typecode),
    /// `RETR` with the file name.
    Retr(Cow<'s, [u8]>),
    /// `NLST` with the name (empty: no argument), for typecode `d` or an empty name.
    Nlst(Cow<'s, [u8]>),
}

impl fmt::Display for FtpCommand<'_> {
    /// The command as sent on the control connection (octets that are not UTF-8 shown as
    /// U+FFFD), without CR LF.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (verb, argument) = match self {
            FtpCommand::Cwd(dir) => ("CWD", dir),
            FtpCommand::Retr(name) => ("RETR", name),
            FtpCommand::Nlst(name) => ("NLST", name),
            FtpCommand::Type(code) => {
                return write!(f, "TYPE {}", code.as_char().to_ascii_uppercase())
            }
        };
        if argument.is_empty() && matches!(self, FtpCommand::Nlst(_)) {
            return f.write_str(verb);
        }
        write!(f, "{verb} {}", String::from_utf8_lossy(argument))
    }
}

/// A path segment that decodes to a CR or LF octet, which an FTP command cannot carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("ftp path segment {segment} decodes to a CR or LF, which would inject an FTP command (RFC 1738 section 6)")]
pub struct FtpCommandError {
    segment: usize,
}

impl FtpCommandError {
    /// The index of the offending segment (0 for the first).
    pub fn segment(&self) -> usize {
        self.segment
    }
}

impl<'a> FtpUrl<'a> {
    login_accessors!(login);

    /// The `fpath` as written (without the `/` before it and without `;type=`); `None` when
    /// the URL has no path.
    pub fn fpath(&self) -> Option<Escaped<'_>> {
        self.fpath.map(|span| span.escaped(&self.text))
    }

    /// The `fsegment`s: the directories (`cwd1` ... `cwdN`) and then the name.
    pub fn segments(&self) -> Segments<'_> {
        Segments::new(self.fpath())
    }

    /// The code after `;type=`, in the form of the document that read the URL: RFC 1738's
    /// [`Typecode`] or RFC 1630's [`Ftptype`]; `None` when the URL gives none.
    pub fn ftp_type(&self) -> Option<FtpType<'_>> {
        self.ftp_type.map(|ftp_type| match ftp_type {
            FtpTypeSpan::Typecode(code, _) => FtpType::Typecode(code),
            FtpTypeSpan::Ftptype(span) => FtpType::Ftptype(Ftptype {
                text: span.of_text(&self.text),
            }),
        })
    }

    /// The code after `;type=` as written, whichever document's form it is (`"A"`, `"a"`,
    /// `"L8"`).
    pub fn ftp_type_as_written(&self) -> Option<&str> {
        self.ftp_type
            .map(|ftp_type| ftp_type.span().of_text(&self.text))
    }

    /// RFC 1738's typecode of `;type=` ([`FtpType::Typecode`]); `None` when the URL gives
    /// none, and for an RFC 1630 URL, whose `;type=` holds an [`ftptype`](Self::ftptype).
    pub fn typecode(&self) -> Option<Typecode> {
        match self.ftp_type? {
            FtpTypeSpan::Typecode(code, _) => Some(code),
            FtpTypeSpan::Ftptype(_) => None,
        }
    }

    /// RFC 1630's `ftptype` after `;type=`: the argument of FTP's TYPE command (RFC 959)
    /// with its space left out (`AN`, `I`, `L8`). `None` for RFC 1738 URLs, whose
    /// `;type=` holds a [`typecode`](Self::typecode) instead.
    ///
    /// ```
    /// let reference = rfc1738::parse_reference("ftp://host/pub/file;type=AN", rfc1738::Dialect::Rfc1630).unwrap();
    /// let rfc1738::Url::Ftp(ftp) = reference.url() else { unreachable!() };
    /// let ftptype = ftp.ftptype().unwrap();
    /// assert_eq!((ftptype.code(), ftptype.formcode()), ('A', Some('N')));
    /// assert_eq!(ftptype.type_argument(), "A N");
    /// ```
    pub fn ftptype(&self) -> Option<Ftptype<'_>> {
        match self.ftp_type()? {
            FtpType::Ftptype(ftptype) => Some(ftptype),
            FtpType::Typecode(_) => None,
        }
    }

    /// The url-path: `fpath` and `;type=`, as written.
    pub fn url_path(&self) -> Option<&str> {
        self.fpath.map(|span| span.rest_of(&self.text))
    }

    /// The FTP commands section 3.2.2 reads from the path, after logging in: `CWD` for each
    /// directory segment (decoded), then for typecode `d` an `NLST` of the name; otherwise
    /// `TYPE` when a typecode is given and `RETR` of the name.
    ///
    /// The RFC does not say what an empty name without typecode `d` retrieves
    /// (`ftp://host/pub/`); this reads it as a listing, `NLST` without argument. A URL
    /// without a path gives no command.
    ///
    /// A segment that decodes to a CR or LF octet is refused: sent, it would end the command
    /// and start another (RFC 1738 section 6: encoded protocol delimiters must not be
    /// decoded before transmission).
    ///
    /// ```
    /// let Ok(rfc1738::Url::Ftp(ftp)) = rfc1738::parse("ftp://h/a%0D%0ADELE%20x/b") else { unreachable!() };
    /// let error = ftp.commands().unwrap_err();
    /// assert_eq!(error.segment(), 0);
    /// ```
    pub fn commands(&self) -> Result<Vec<FtpCommand<'_>>, FtpCommandError> {
        let mut segments: Vec<Escaped<'_>> = self.segments().collect();
        let decoded: Vec<Cow<'_, [u8]>> = segments.iter().map(Escaped::decode).collect();
        if let Some(segment) = decoded
            .iter()
            .position(|s| s.iter().any(|&b| b == b'\r' || b == b'\n'))
        {
            return Err(FtpCommandError { segment });
        }
        let mut decoded = decoded.into_iter();
        let Some(name) = segments.pop().and(decoded.next_back()) else {
            return Ok(Vec::new());
        };
        let mut commands: Vec<FtpCommand<'_>> = decoded.map(FtpCommand::Cwd).collect();
        match self.typecode() {
            Some(Typecode::Directory) => commands.push(FtpCommand::Nlst(name)),
            code => {
                commands.extend(code.map(FtpCommand::Type));
                commands.push(if name.is_empty() {
                    FtpCommand::Nlst(name)
                } else {
                    FtpCommand::Retr(name)
                });
            }
        }
        Ok(commands)
    }
}

impl fmt::Debug for FtpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FtpUrl")
            .field("user", &self.user())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("fpath", &self.fpath())
            .field("ftp_type", &self.ftp_type())
            .finish()
    }
}
