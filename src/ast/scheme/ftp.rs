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
/// What a client sends for it (section 3.2.2: each segment decoded, then sent) is its
/// request, [`FtpRequest`](crate::requests::FtpRequest).
///
/// ```
/// use rfc1738::Url;
///
/// let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
/// let Url::Ftp(ftp) = url else { unreachable!() };
/// assert_eq!(ftp.user().unwrap(), "myname");
/// assert_eq!(ftp.password(), None);
/// assert_eq!(ftp.segments().map(|segment| segment.decode().into_owned()).collect::<Vec<_>>(), [b"/etc".to_vec(), b"motd".to_vec()]);
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

/// The code after an ftp URL's `;type=`, as the document that read the URL defines it:
/// RFC 1738's `ftptype` (section 3.2.2: `a`, `i` or `d`, its [`Typecode`]) or RFC 1630's
/// `ftptype` (section "FTP", "Data type": the argument of RFC 959's TYPE command with its
/// space left out, `A` or `E` with an optional `formcode`, `I`, or `L` and a byte size).
/// One type for both: the code as written, its letter, and the TYPE command a client
/// sends for it. Letters may be written in either case.
///
/// ```
/// use rfc1738::{Dialect, Url};
/// use rfc1738::schemes::Typecode;
///
/// let Ok(Url::Ftp(ftp)) = rfc1738::parse("ftp://host/pub/file;type=i") else { unreachable!() };
/// let ftp_type = ftp.ftp_type().unwrap();
/// assert_eq!((ftp_type.as_str(), ftp_type.typecode()), ("i", Some(Typecode::Image)));
/// assert_eq!(ftp_type.type_argument().as_deref(), Some("I"));
///
/// let reference = rfc1738::parse_reference("ftp://host/pub/file;type=L8", Dialect::Rfc1630).unwrap();
/// let Url::Ftp(ftp) = reference.url() else { unreachable!() };
/// let ftp_type = ftp.ftp_type().unwrap();
/// assert_eq!((ftp_type.code(), ftp_type.byte_size(), ftp_type.typecode()), ('L', Some("8"), None));
/// assert_eq!(ftp_type.type_argument().as_deref(), Some("L 8"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FtpType<'s> {
    text: &'s str,
    typecode: Option<Typecode>,
}

impl<'s> FtpType<'s> {
    /// The code as written (`"a"`, `"AN"`, `"L8"`).
    pub fn as_str(&self) -> &'s str {
        self.text
    }

    /// RFC 1738's typecode, for a URL RFC 1738 read; `None` for RFC 1630's `ftptype`.
    pub fn typecode(&self) -> Option<Typecode> {
        self.typecode
    }

    /// The type letter in upper case: `A` ASCII, `I` image, `D` a directory listing (RFC
    /// 1738); `E` EBCDIC, `L` local byte size (RFC 1630).
    pub fn code(&self) -> char {
        char::from(self.text.as_bytes()[0].to_ascii_uppercase())
    }

    /// The format control of an `A` or `E` type of RFC 1630, in upper case: `N`
    /// non-print, `T` Telnet format effectors, `C` carriage control (ASA).
    pub fn formcode(&self) -> Option<char> {
        match self.code() {
            'A' | 'E' => self.text[1..]
                .bytes()
                .next()
                .map(|b| char::from(b.to_ascii_uppercase())),
            _ => None,
        }
    }

    /// The byte size of an `L` type of RFC 1630, as written.
    pub fn byte_size(&self) -> Option<&'s str> {
        (self.code() == 'L').then(|| &self.text[1..])
    }

    /// The argument of the TYPE command a client sends, as RFC 959 writes it, space
    /// restored: `"A"`, `"I"`, `"A N"`, `"L 8"`; `None` for RFC 1738's `d`, a listing
    /// (`NLST`), for which no TYPE is sent.
    pub fn type_argument(&self) -> Option<String> {
        if self.typecode == Some(Typecode::Directory) {
            return None;
        }
        let rest = self
            .formcode()
            .map(String::from)
            .or(self.byte_size().map(String::from));
        Some(match rest {
            Some(rest) => format!("{} {rest}", self.code()),
            None => self.code().to_string(),
        })
    }
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

impl<'a> FtpUrl<'a> {
    login_accessors!(login);

    /// The path: RFC 1738's `fpath` (section 3.2.2) as written, without the `/` before it
    /// and without `;type=`; `None` when the URL has no path. (`path` in the JSON report and
    /// in Python, there as its decoded segments.)
    pub fn path(&self) -> Option<Escaped<'_>> {
        self.fpath.map(|span| span.escaped(&self.text))
    }

    /// The `fsegment`s: the directories (`cwd1` ... `cwdN`) and then the name.
    pub fn segments(&self) -> Segments<'_> {
        Segments::new(self.path())
    }

    /// The code after `;type=` ([`FtpType`]: as written, RFC 1738's [`Typecode`] or RFC
    /// 1630's TYPE argument); `None` when the URL gives none.
    ///
    /// ```
    /// let reference = rfc1738::parse_reference("ftp://host/pub/file;type=AN", rfc1738::Dialect::Rfc1630).unwrap();
    /// let rfc1738::Url::Ftp(ftp) = reference.url() else { unreachable!() };
    /// let ftp_type = ftp.ftp_type().unwrap();
    /// assert_eq!((ftp_type.code(), ftp_type.formcode()), ('A', Some('N')));
    /// assert_eq!(ftp_type.type_argument().as_deref(), Some("A N"));
    /// ```
    pub fn ftp_type(&self) -> Option<FtpType<'_>> {
        self.ftp_type.map(|ftp_type| {
            let text = ftp_type.span().of_text(&self.text);
            match ftp_type {
                FtpTypeSpan::Typecode(code, _) => FtpType {
                    text,
                    typecode: Some(code),
                },
                FtpTypeSpan::Ftptype(_) => FtpType {
                    text,
                    typecode: None,
                },
            }
        })
    }

    /// The url-path: `fpath` and `;type=`, as written.
    pub fn url_path(&self) -> Option<&str> {
        self.fpath.map(|span| span.rest_of(&self.text))
    }
}

impl fmt::Debug for FtpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FtpUrl")
            .field("user", &self.user())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("fpath", &self.path())
            .field("ftp_type", &self.ftp_type())
            .finish()
    }
}
