//! What every request says besides its lines: the protocol, the transport, what the URL
//! leaves open, and the caller's configuration.

use crate::services::lint::Warning;
use std::fmt;

/// What every request keeps beside its scheme's own parts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Common {
    /// How many escaped CR, LF or NUL were kept as written in the lines.
    pub(crate) kept: usize,
    /// The dangerous warnings the caller let through.
    pub(crate) overridden: Vec<Warning>,
}

/// What the caller configures: what section 3 takes from outside the URL (anonymous FTP's
/// password, the news server), and whether a dangerous URL may be requested.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions};
///
/// let options = RequestOptions::new()
///     .ftp_password("timbl@info.cern.ch")
///     .news_server("news.cern.ch");
/// let reference = rfc1738::parse_reference("ftp://info.cern.ch/pub/www/README;type=a", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &options).unwrap();
/// let sent: Vec<String> = request.lines().iter().map(|line| line.shown().to_string()).collect();
/// assert_eq!(
///     sent,
///     [r"USER anonymous\r\n", r"PASS timbl@info.cern.ch\r\n", r"CWD pub\r\n", r"CWD www\r\n", r"TYPE A\r\n", r"RETR README\r\n"]
/// );
/// assert!(request.is_complete());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestOptions {
    pub(crate) ftp_password: Option<String>,
    /// Where the anonymous password came from, for the request's notes.
    pub(crate) ftp_password_source: Option<String>,
    pub(crate) news_server: Option<(String, u16)>,
    pub(crate) allow_dangerous: bool,
    pub(crate) http_host_header: bool,
}

impl RequestOptions {
    /// No configuration: no anonymous password, no news server, dangerous URLs refused,
    /// no `Host` header.
    pub fn new() -> RequestOptions {
        RequestOptions::default()
    }

    /// The password of anonymous FTP (the command's `--ftp-password`): "the Internet
    /// e-mail address of the end user
    /// accessing the resource" (section 3.2.1), sent when the URL gives no user name.
    /// Without it such a request is incomplete ([`Missing::AnonymousPassword`]).
    pub fn ftp_password(mut self, email: impl Into<String>) -> RequestOptions {
        self.ftp_password = Some(email.into());
        self
    }

    /// [`ftp_password`](RequestOptions::ftp_password), and where it came from, which an
    /// anonymous FTP request's notes say with the address (the command: `--ftp-password`,
    /// `$EMAIL`, or the user and host names, as the clients of the time made one: Lynx
    /// sent `user@host`).
    ///
    /// ```
    /// use rfc1738::requests::{Request, RequestOptions};
    ///
    /// let url = rfc1738::parse("ftp://ftp.funet.fi/README").unwrap();
    /// let options = RequestOptions::new().ftp_password_from("guest@example.org", "$EMAIL");
    /// let request = Request::of(&url, &options).unwrap();
    /// assert!(request.is_complete());
    /// assert!(request.notes().iter().any(|note| note == "PASS gives guest@example.org, from $EMAIL"));
    /// ```
    pub fn ftp_password_from(
        self,
        email: impl Into<String>,
        source: impl Into<String>,
    ) -> RequestOptions {
        let mut options = self.ftp_password(email);
        options.ftp_password_source = Some(source.into());
        options
    }

    /// The news server of `news:` URLs, which name none ("the reader will fetch the
    /// article or group from his or her local news host": draft-ietf-uri-url-03; the
    /// readers of the time took it from `NNTPSERVER`): `host` or `host:port` (port 119 by
    /// default). Without it such a request is incomplete ([`Missing::NewsServer`]).
    pub fn news_server(mut self, server: impl AsRef<str>) -> RequestOptions {
        let server = server.as_ref();
        let (host, port) = match server.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() => match port.parse::<u16>() {
                Ok(port) => (host, port),
                Err(_) => (server, 119),
            },
            _ => (server, 119),
        };
        self.news_server = Some((host.to_owned(), port));
        self
    }

    /// Build the request although the section 6 checks call the URL dangerous. An
    /// escaped CR, LF or NUL is still not decoded into a line: it is sent as written.
    pub fn allow_dangerous(mut self, allow: bool) -> RequestOptions {
        self.allow_dangerous = allow;
        self
    }

    /// Send a `Host:` header with an HTTP request: HTTP/1.1's (RFC 2068, 1997), which
    /// the HTTP/1.0 clients of 1994 did not send and HTTP/1.0 servers ignore; today's
    /// servers of several names need it. Off by default.
    pub fn http_host_header(mut self, send: bool) -> RequestOptions {
        self.http_host_header = send;
        self
    }

    /// Whether dangerous URLs are requested anyway.
    pub fn allows_dangerous(&self) -> bool {
        self.allow_dangerous
    }
}

/// The protocol a client speaks for a URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Protocol {
    /// FTP (RFC 959).
    Ftp,
    /// Gopher (RFC 1436).
    Gopher,
    /// Gopher+, when the URL has a Gopher+ string.
    GopherPlus,
    /// HTTP/1.0.
    Http10,
    /// NNTP (RFC 977), for `news` and `nntp` URLs.
    Nntp,
    /// Telnet (RFC 854), interactive.
    Telnet,
    /// rlogin (RFC 1282), interactive.
    Rlogin,
    /// tn3270, interactive (telnet with 3270 terminal emulation).
    Tn3270,
    /// WAIS: Z39.50-1988 with WAIS's extensions.
    Wais,
    /// The Prospero directory protocol.
    Prospero,
    /// This machine's file system.
    LocalFile,
    /// Electronic mail: a message composed and sent by the user's mail system.
    Mail,
}

impl Protocol {
    /// `ftp`, `gopher`, `gopher+`, `http/1.0`, `nntp`, `telnet`, `rlogin`, `tn3270`,
    /// `wais`, `prospero`, `local-file`, `mail`.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Ftp => "ftp",
            Protocol::Gopher => "gopher",
            Protocol::GopherPlus => "gopher+",
            Protocol::Http10 => "http/1.0",
            Protocol::Nntp => "nntp",
            Protocol::Telnet => "telnet",
            Protocol::Rlogin => "rlogin",
            Protocol::Tn3270 => "tn3270",
            Protocol::Wais => "wais",
            Protocol::Prospero => "prospero",
            Protocol::LocalFile => "local-file",
            Protocol::Mail => "mail",
        }
    }
}

/// How a client reaches the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Transport {
    /// A TCP connection to the host and port.
    Tcp,
    /// UDP datagrams (Prospero's ARDP).
    Udp,
    /// No connection: a local file, a message to compose, no request defined.
    None,
}

impl Transport {
    /// `tcp`, `udp` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Tcp => "tcp",
            Transport::Udp => "udp",
            Transport::None => "none",
        }
    }
}

/// Something the client needs that the URL does not say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Missing {
    /// ftp without a user name: anonymous FTP's password, the user's e-mail address
    /// (section 3.2.1), was not configured ([`RequestOptions::ftp_password`]).
    AnonymousPassword,
    /// ftp with a user name and no password: "if the remote server requests a password,
    /// the program interpreting the FTP URL should request one from the user" (3.2.1).
    Password,
    /// news: the server, which news URLs do not name (3.6); from the configuration
    /// ([`RequestOptions::news_server`]).
    NewsServer,
    /// telnet, rlogin, tn3270: the login is typed by the user in the session; the URL's
    /// user and password are advisory (3.8).
    Login,
    /// A search to be asked of the user: a gopher search item (type 7) without a search,
    /// a WAIS database without one (3.4, 3.9).
    Search,
    /// The values of a Gopher+ ASK form, asked of the user (the Gopher+ string `?`).
    AskForm,
    /// mailto: the message, written by the user (3.5).
    Message,
    /// file of another host: "it does not specify an Internet protocol or access method
    /// for such files" (3.10).
    AccessMethod,
    /// A scheme without a request in section 3.
    Definition,
}

impl Missing {
    /// `anonymous-password`, `password`, `news-server`, `login`, `search`, `ask-form`,
    /// `message`, `access-method`, `definition`.
    pub fn code(self) -> &'static str {
        match self {
            Missing::AnonymousPassword => "anonymous-password",
            Missing::Password => "password",
            Missing::NewsServer => "news-server",
            Missing::Login => "login",
            Missing::Search => "search",
            Missing::AskForm => "ask-form",
            Missing::Message => "message",
            Missing::AccessMethod => "access-method",
            Missing::Definition => "definition",
        }
    }
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Missing::AnonymousPassword => "anonymous FTP's password, the user's e-mail address (RFC 1738 section 3.2.1), is not configured: PASS cannot be written",
            Missing::Password => "the URL gives a user name and no password: if the server asks for one (reply 331 to USER), the user is asked (RFC 1738 section 3.2.1)",
            Missing::NewsServer => "a news URL names no server (RFC 1738 section 3.6): the reader's own comes from the configuration (NNTPSERVER), and none is configured",
            Missing::Login => "the session is interactive: the user types the login; the URL's user and password are only shown as advice (RFC 1738 section 3.8)",
            Missing::Search => "the URL names something to search and no search: the words are asked of the user (RFC 1738 sections 3.4, 3.9)",
            Missing::AskForm => "the item's +ASK form is filled in by the user once fetched (Gopher+ string \"?\", draft-ietf-uri-url-03)",
            Missing::Message => "a mailto URL gives the address: the user writes the message, which the mail system sends (RFC 1738 section 3.5)",
            Missing::AccessMethod => "the file is on another host, and RFC 1738 \"does not specify an Internet protocol or access method for such files\" (section 3.10)",
            Missing::Definition => "RFC 1738 section 3 defines no request for this scheme",
        })
    }
}
