//! What a client sends for a URL, scheme by scheme, as RFC 1738 section 3 says: the FTP
//! commands (3.2), the gopher selector line (3.4), the HTTP/1.0 request (3.3), the NNTP
//! commands of a news or nntp URL (3.6, 3.7), and, where the protocol is interactive or
//! binary or not named, a description of the request and what the URL leaves open (3.5,
//! 3.8 to 3.11). A [`Request`] is built before any connection is opened, and refused when
//! the section 6 checks ([`lint`](crate::lint)) call the URL dangerous.
//!
//! ```
//! use rfc1738::Dialect;
//! use rfc1738::requests::{Request, RequestOptions};
//!
//! let reference = rfc1738::parse_reference("ftp://myname@host.dom/%2Fetc/motd", Dialect::Rfc1738).unwrap();
//! let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
//! assert_eq!((request.host(), request.port()), (Some("host.dom"), Some(21)));
//! assert_eq!(request.bytes(), b"USER myname\r\nCWD /etc\r\nRETR motd\r\n");
//! // The URL gives a user name and no password: asked of the user if the server wants one.
//! assert!(!request.is_complete());
//! assert_eq!(request.missing()[0].code(), "password");
//! ```
//!
//! Section 6's attack, refused before anything is sent: a gopher URL that names SMTP's
//! port and carries encoded line breaks.
//!
//! ```
//! use rfc1738::Dialect;
//! use rfc1738::requests::{Request, RequestOptions};
//! use rfc1738::lint::WarningKind;
//!
//! let attack = "gopher://mail.example.com:25/0%0D%0AHELO%20x%0D%0AMAIL%20FROM:%3Ca@b%3E%0D%0A";
//! let reference = rfc1738::parse_reference(attack, Dialect::Rfc1738).unwrap();
//! let refused = Request::of_reference(&reference, &RequestOptions::new()).unwrap_err();
//! assert_eq!(refused.warning().kind(), WarningKind::CrossProtocol { port: 25, line_break: 30 });
//! assert!(refused.to_string().starts_with("request refused: this gopher URL names port 25 (SMTP)"));
//!
//! // The caller may insist; even then no encoded CR or LF is decoded into the line.
//! let insisting = RequestOptions::new().allow_dangerous(true);
//! let request = Request::of_reference(&reference, &insisting).unwrap();
//! assert_eq!(request.port(), Some(25));
//! assert_eq!(request.bytes(), b"%0D%0AHELO x%0D%0AMAIL FROM:<a@b>%0D%0A\r\n");
//! ```
//!
//! The choices section 3 leaves open are documented on each scheme's request
//! ([`FtpRequest`], [`GopherRequest`], [`HttpRequest`], ...) and in the book, "What a
//! client sends".

mod file;
mod ftp;
mod gopher;
mod http;
mod line;
mod mailto;
mod nntp;
mod prospero;
#[cfg(feature = "serde")]
pub(crate) mod report;
mod telnet;
mod terms;
#[cfg(test)]
mod tests;
mod undefined;
mod wais;

pub use file::FileRequest;
pub use ftp::{FtpRequest, FtpTransfer};
pub use gopher::{GopherPlus, GopherRequest};
pub use http::HttpRequest;
pub use line::{Line, ShownLine};
pub use mailto::MailtoRequest;
pub use nntp::{NewsRequest, NntpCommand, NntpRequest};
pub use prospero::ProsperoRequest;
pub use telnet::TelnetRequest;
pub use terms::{Missing, Protocol, RequestOptions, Transport};
pub use undefined::UndefinedRequest;
pub use wais::{WaisAction, WaisRequest};

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::services::lint::{Severity, Warning, WarningKind};
use crate::vocabulary::dialect::Dialect;
use std::fmt;
use terms::Common;

/// What a client sends for one URL, by the scheme's section of RFC 1738 section 3: one
/// variant per scheme, each saying where it connects ([`host`](Request::host),
/// [`port`](Request::port), [`transport`](Request::transport)), what it sends byte for
/// byte ([`lines`](Request::lines), [`bytes`](Request::bytes); nothing where the protocol
/// is interactive, binary or not named), and what the URL leaves to the user or the
/// configuration ([`missing`](Request::missing)).
///
/// Built by [`Request::of_reference`] before any connection is opened; never holds a CR, LF or NUL
/// that came from an escape, except the lines of a filled-out Gopher+ ASK form, which
/// section 3.4 defines as lines.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Request<'u> {
    /// `ftp`: login, CWD per directory, TYPE, RETR or NLST (section 3.2).
    Ftp(FtpRequest<'u>),
    /// `gopher`: the selector line, with a search and a Gopher+ string (section 3.4).
    Gopher(GopherRequest<'u>),
    /// `http`: the HTTP/1.0 request line and the empty line that ends the request (3.3).
    Http(HttpRequest<'u>),
    /// `news`: GROUP, ARTICLE or LIST to the news server of the configuration (3.6).
    News(NewsRequest<'u>),
    /// `nntp`: GROUP and ARTICLE to the server the URL names (3.7).
    Nntp(NntpRequest<'u>),
    /// `telnet`, and RFC 1630's `rlogin` and `tn3270`: an interactive session (3.8).
    Telnet(TelnetRequest<'u>),
    /// `wais`: a search of a database, or a retrieval of a document (3.9), described.
    Wais(WaisRequest<'u>),
    /// `file`: a file of this machine, or of another reached by no named protocol (3.10).
    File(FileRequest<'u>),
    /// `prospero`: a query of a Prospero directory server (3.11), described.
    Prospero(ProsperoRequest<'u>),
    /// `mailto`: a message to compose; nothing fetched (3.5).
    Mailto(MailtoRequest<'u>),
    /// Any other scheme (RFC 1738's `genericurl`; RFC 1630's `mid`, `cid`, `urn` and
    /// generic URIs): section 3 defines no request.
    Undefined(UndefinedRequest<'u>),
}

/// Calls `$body` with the request struct inside whichever variant `$request` is.
macro_rules! each_request {
    ($request:expr, $inner:ident => $body:expr) => {
        match $request {
            Request::Ftp($inner) => $body,
            Request::Gopher($inner) => $body,
            Request::Http($inner) => $body,
            Request::News($inner) => $body,
            Request::Nntp($inner) => $body,
            Request::Telnet($inner) => $body,
            Request::Wais($inner) => $body,
            Request::File($inner) => $body,
            Request::Prospero($inner) => $body,
            Request::Mailto($inner) => $body,
            Request::Undefined($inner) => $body,
        }
    };
}

impl<'u> Request<'u> {
    /// The request of a URL read by RFC 1738, what [`rfc1738::parse`](crate::parse) and
    /// [`Url::parse`] return. Refused ([`RequestRefused`]) when the section 6 checks give a
    /// warning of severity [`Danger`](Severity::Danger) (a reserved port not the scheme's
    /// own, the cross-protocol attack, an escaped CR, LF or NUL that would be sent), unless
    /// [`RequestOptions::allow_dangerous`]. A URL read by another dialect:
    /// [`of_in`](Request::of_in); a reference with its dialect:
    /// [`of_reference`](Request::of_reference).
    ///
    /// ```
    /// use rfc1738::requests::{Request, RequestOptions};
    ///
    /// let url = rfc1738::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
    /// let Request::Ftp(ftp) = Request::of(&url, &RequestOptions::new()).unwrap() else { unreachable!() };
    /// // Section 3.2.2: each segment is decoded, then sent.
    /// let sent: Vec<String> = ftp.navigation_lines().iter().map(|line| line.shown().to_string()).collect();
    /// assert_eq!(sent, [r"CWD /etc\r\n"]);
    /// assert_eq!(ftp.transfer_line().as_bytes(), b"RETR motd\r\n");
    ///
    /// // An escaped CR LF would end the command and start another: refused.
    /// let url = rfc1738::parse("ftp://h/a%0D%0ADELE%20x/b").unwrap();
    /// assert!(Request::of(&url, &RequestOptions::new()).is_err());
    /// ```
    pub fn of(url: &'u Url<'_>, options: &RequestOptions) -> Result<Request<'u>, RequestRefused> {
        Request::of_in(url, Dialect::Rfc1738, options)
    }

    /// The request of a URL reference, by the dialect that read it; its fragment is not
    /// sent (RFC 1630: the fragment is the client's). Refused as [`Request::of`] says.
    pub fn of_reference(
        reference: &'u UrlReference<'_>,
        options: &RequestOptions,
    ) -> Result<Request<'u>, RequestRefused> {
        let (warnings, omitted) = crate::services::lint::warnings_of(reference);
        Request::checked(
            reference.url(),
            reference.dialect(),
            options,
            warnings,
            omitted,
        )
    }

    /// The request of a URL read by `dialect` (the dialect matters where RFC 1630 reads a
    /// `+` of a search as a space). Refused as [`Request::of_reference`] says.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    /// use rfc1738::requests::{Request, RequestOptions};
    ///
    /// let url = Url::parse_in("wais://quake.think.com/directory-of-servers?weather+maps", Dialect::Rfc1630).unwrap();
    /// let request = Request::of_in(&url, Dialect::Rfc1630, &RequestOptions::new()).unwrap();
    /// let Request::Wais(wais) = &request else { unreachable!() };
    /// assert_eq!(wais.database(), b"directory-of-servers");
    /// let rfc1738::requests::WaisAction::Search { query: Some(query) } = wais.action() else { unreachable!() };
    /// assert_eq!(query.as_ref(), b"weather maps");
    /// assert!(request.lines().is_empty(), "WAIS is binary: the request is described");
    /// ```
    pub fn of_in(
        url: &'u Url<'_>,
        dialect: Dialect,
        options: &RequestOptions,
    ) -> Result<Request<'u>, RequestRefused> {
        let (warnings, omitted) = crate::services::lint::warnings_in(url, 0);
        Request::checked(url, dialect, options, warnings, omitted)
    }

    fn checked(
        url: &'u Url<'_>,
        dialect: Dialect,
        options: &RequestOptions,
        warnings: Vec<Warning>,
        omitted: usize,
    ) -> Result<Request<'u>, RequestRefused> {
        let dangers: Vec<Warning> = warnings
            .into_iter()
            .filter(|warning| warning.severity() == Severity::Danger)
            .collect();
        if !dangers.is_empty() && !options.allow_dangerous {
            return Err(RequestRefused {
                warnings: dangers,
                omitted,
            });
        }
        let mut request = Request::build(url, dialect, options);
        request.set_overridden(dangers);
        Ok(request)
    }

    fn build(url: &'u Url<'_>, dialect: Dialect, options: &RequestOptions) -> Request<'u> {
        let kind = url.kind();
        match url {
            Url::Ftp(ftp) => Request::Ftp(FtpRequest::new(ftp, options)),
            Url::Gopher(gopher) => Request::Gopher(GopherRequest::new(gopher, dialect)),
            Url::Http(http) => Request::Http(HttpRequest::new(http, options)),
            Url::News(news) => Request::News(NewsRequest::new(news, options)),
            Url::Nntp(nntp) => Request::Nntp(NntpRequest::new(nntp, options)),
            Url::Telnet(telnet) | Url::Rlogin(telnet) | Url::Tn3270(telnet) => {
                Request::Telnet(TelnetRequest::new(telnet, kind))
            }
            Url::Wais(wais) => Request::Wais(WaisRequest::new(wais, dialect)),
            Url::File(file) => Request::File(FileRequest::new(file)),
            Url::Prospero(prospero) => Request::Prospero(ProsperoRequest::new(prospero)),
            Url::Mailto(mailto) => Request::Mailto(MailtoRequest::new(mailto)),
            Url::Generic(_) | Url::Mid(_) | Url::Cid(_) => {
                Request::Undefined(UndefinedRequest::new(url.scheme(), kind))
            }
        }
    }

    fn set_overridden(&mut self, warnings: Vec<Warning>) {
        each_request!(self, request => request.common.overridden = warnings)
    }

    fn common(&self) -> &Common {
        each_request!(self, request => &request.common)
    }

    /// The protocol the client speaks; `None` where there is none: a `file` URL of
    /// another host, and the schemes section 3 does not define.
    pub fn protocol(&self) -> Option<Protocol> {
        each_request!(self, request => request.protocol())
    }

    /// The host the client connects to: the URL's, or for `news` (and RFC 1630's
    /// `nntp:group/digits`) the configured news server ([`RequestOptions::news_server`]);
    /// for `file`, the host the file is on (`None` when empty). `None` for `mailto` and
    /// the schemes section 3 does not define.
    pub fn host(&self) -> Option<&str> {
        each_request!(self, request => request.host())
    }

    /// The port: the URL's, or the scheme's default (section 3); `None` where nothing
    /// connects.
    pub fn port(&self) -> Option<u16> {
        each_request!(self, request => request.port())
    }

    /// How the client reaches the server: TCP, UDP (Prospero), or no connection.
    pub fn transport(&self) -> Transport {
        each_request!(self, request => request.transport())
    }

    /// What the client sends, line by line, exactly: empty where the protocol is
    /// interactive (telnet), binary (WAIS, Prospero) or not named, or nothing is fetched.
    pub fn lines(&self) -> Vec<Line> {
        each_request!(self, request => request.lines())
    }

    /// The bytes the client sends: the [`lines`](Request::lines) one after the other.
    pub fn bytes(&self) -> Vec<u8> {
        self.lines()
            .into_iter()
            .flat_map(Line::into_bytes)
            .collect()
    }

    /// What the URL does not say and the client needs: from the user (a password, search
    /// words, a login), from the configuration (a news server, anonymous FTP's password),
    /// or what no document defines. Empty when the URL says enough.
    pub fn missing(&self) -> Vec<Missing> {
        each_request!(self, request => request.missing())
    }

    /// Whether the URL says everything the client needs ([`missing`](Request::missing)
    /// is empty).
    pub fn is_complete(&self) -> bool {
        self.missing().is_empty()
    }

    /// What a reader of the request should know: what is sent outside these lines (a data
    /// connection, a session), the choices made where section 3 is silent, escapes kept
    /// as written.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = each_request!(self, request => request.notes());
        let common = self.common();
        if common.kept > 0 {
            notes.push(format!(
                "{} escaped CR, LF or NUL sent as written, not decoded: \"these are not unencoded before transmission\" (RFC 1738 section 6)",
                common.kept
            ));
        }
        if !common.overridden.is_empty() {
            notes.push(format!(
                "built although dangerous (allow_dangerous, --allow-dangerous): {} of section 6, the first: {}",
                match common.overridden.len() {
                    1 => "1 warning".to_owned(),
                    n => format!("{n} warnings"),
                },
                common.overridden[0].message()
            ));
        }
        notes
    }

    /// The dangerous warnings of section 6 that [`RequestOptions::allow_dangerous`] let
    /// through; empty otherwise.
    pub fn overridden(&self) -> &[Warning] {
        &self.common().overridden
    }

    /// The scheme, in lower case.
    pub fn scheme(&self) -> &str {
        each_request!(self, request => request.scheme())
    }
}

impl fmt::Display for Request<'_> {
    /// What the request does, in one line for a person.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_request!(self, request => request.describe(f))
    }
}

/// `Display` of each scheme's request: what it does, in one line for a person.
macro_rules! described {
    ($($request:ident),*) => {
        $(
            impl fmt::Display for $request<'_> {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    self.describe(f)
                }
            }
        )*
    };
}

described!(
    FtpRequest,
    GopherRequest,
    HttpRequest,
    NewsRequest,
    NntpRequest,
    TelnetRequest,
    WaisRequest,
    FileRequest,
    ProsperoRequest,
    MailtoRequest,
    UndefinedRequest
);

/// A request refused before any connection was opened: the section 6 checks call its URL
/// dangerous. `Display` is the most telling warning's message (the cross-protocol attack
/// when there is one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("request refused: {} (RFC 1738 section 6; RequestOptions::allow_dangerous, the command's --allow-dangerous, builds it anyway)", self.warning().message())]
pub struct RequestRefused {
    warnings: Vec<Warning>,
    omitted: usize,
}

impl RequestRefused {
    /// The warning that tells most: `cross-protocol` if there is one, else the first
    /// dangerous warning in the text.
    pub fn warning(&self) -> &Warning {
        self.warnings
            .iter()
            .find(|warning| matches!(warning.kind(), WarningKind::CrossProtocol { .. }))
            .unwrap_or(&self.warnings[0])
    }

    /// Every warning of severity [`Danger`](Severity::Danger), in the order of the text
    /// (spans in the reference's text).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// How many escaped-delimiter warnings were counted and not kept (beyond
    /// [`Lint::MAX_DELIMITER_WARNINGS`](crate::lint::Lint::MAX_DELIMITER_WARNINGS)).
    pub fn omitted(&self) -> usize {
        self.omitted
    }
}
