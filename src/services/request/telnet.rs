//! Interactive sessions: telnet, RFC 1738 section 3.8; RFC 1630's rlogin and tn3270.

use super::line::{Line, decode_plain};
use super::terms::{Common, Missing, Protocol, Transport};
use crate::ast::scheme::TelnetUrl;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What a client does for a `telnet` URL (and RFC 1630's `rlogin` and `tn3270`): it opens
/// an interactive session with `host:port` and hands it to the user. Nothing is sent on
/// the URL's behalf: "This URL does not designate a data object, but rather an interactive
/// service ... the `<user>` and `<password>` supplied are advisory only: clients accessing a
/// telnet URL merely advise the user of the suggested username and password" (3.8). So
/// [`lines`](TelnetRequest::lines) is empty, the user name and password (decoded) are what
/// the client shows, and the login is [`Missing::Login`]: the user's to type.
///
/// Ports: telnet's 23 (3.8); RFC 1630 gives rlogin and tn3270 none: rlogin's own, 513 (RFC
/// 1282), and telnet's, 23, for tn3270, which is telnet with a 3270 terminal (choices).
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions};
///
/// let reference = rfc1738::parse_reference("telnet://guest:guest@info.cern.ch/", Dialect::Rfc1738).unwrap();
/// // A password in the URL is a warning of section 6, not a danger: built.
/// let Request::Telnet(telnet) = Request::of_reference(&reference, &RequestOptions::new()).unwrap() else { unreachable!() };
/// assert_eq!((telnet.advised_user(), telnet.advised_password()), (Some(&b"guest"[..]), Some(&b"guest"[..])));
/// assert!(telnet.lines().is_empty());
/// assert_eq!(telnet.missing()[0].code(), "login");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TelnetRequest<'u> {
    kind: UrlKind,
    host: &'u str,
    port: u16,
    user: Option<Cow<'u, [u8]>>,
    password: Option<Cow<'u, [u8]>>,
    pub(crate) common: Common,
}

impl<'u> TelnetRequest<'u> {
    pub(crate) fn new(url: &'u TelnetUrl<'_>, kind: UrlKind) -> TelnetRequest<'u> {
        let default = match kind {
            UrlKind::Rlogin => 513,
            _ => 23,
        };
        TelnetRequest {
            kind,
            host: url.host().as_str(),
            port: url.port().unwrap_or(default),
            user: url.user().map(|user| decode_plain(user.as_str()).bytes),
            password: url
                .password()
                .map(|password| decode_plain(password.as_str()).bytes),
            common: Common::default(),
        }
    }

    /// The user name the client suggests to the user, decoded.
    pub fn advised_user(&self) -> Option<&[u8]> {
        self.user.as_deref()
    }

    /// The password the client suggests to the user, decoded.
    pub fn advised_password(&self) -> Option<&[u8]> {
        self.password.as_deref()
    }

    /// Nothing: the session is the user's.
    pub fn lines(&self) -> Vec<Line> {
        Vec::new()
    }

    /// The host of the session.
    pub fn host(&self) -> Option<&str> {
        Some(self.host)
    }

    /// The port: the URL's, or 23 (rlogin: 513).
    pub fn port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// Telnet, rlogin or tn3270.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(match self.kind {
            UrlKind::Rlogin => Protocol::Rlogin,
            UrlKind::Tn3270 => Protocol::Tn3270,
            _ => Protocol::Telnet,
        })
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The login, which the user types.
    pub fn missing(&self) -> Vec<Missing> {
        vec![Missing::Login]
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        match self.kind {
            UrlKind::Rlogin => vec!["rlogin: port 513 (RFC 1282), RFC 1630 names none; the rlogin handshake's local user name and terminal are the client's, not the URL's".to_owned()],
            UrlKind::Tn3270 => vec!["tn3270: port 23, telnet's, RFC 1630 names none".to_owned()],
            _ => Vec::new(),
        }
    }

    pub(crate) fn scheme(&self) -> &str {
        self.kind.name()
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an interactive {} session with {}",
            self.kind.name(),
            self.host
        )?;
        match (&self.user, &self.password) {
            (Some(user), Some(password)) => write!(
                f,
                ", the user advised to log in as \"{}\" with the password \"{}\"",
                escape_octets(user),
                escape_octets(password)
            ),
            (Some(user), None) => write!(
                f,
                ", the user advised to log in as \"{}\"",
                escape_octets(user)
            ),
            _ => Ok(()),
        }
    }
}
