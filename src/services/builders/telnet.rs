//! `telneturl = "telnet://" login [ "/" ]` (RFC 1738 section 3.8).

use super::text::{finish_as, push_hostport, push_login, BuildError};
use crate::ast::scheme::TelnetUrl;

/// Builds a [`TelnetUrl`].
///
/// ```
/// use rfc1738::TelnetUrl;
///
/// let url = TelnetUrl::builder("info.cern.ch").user("guest").trailing_slash(true).build().unwrap();
/// assert_eq!(url.as_str(), "telnet://guest@info.cern.ch/");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TelnetBuilder {
    host: String,
    port: Option<u16>,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
    trailing_slash: bool,
}

impl TelnetUrl<'static> {
    /// A builder for a telnet URL to `host`.
    pub fn builder(host: impl Into<String>) -> TelnetBuilder {
        TelnetBuilder {
            host: host.into(),
            port: None,
            user: None,
            password: None,
            trailing_slash: false,
        }
    }
}

impl TelnetBuilder {
    /// The port.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The suggested user name ([`charset::USER`](crate::charset::USER)).
    pub fn user(mut self, user: impl AsRef<[u8]>) -> Self {
        self.user = Some(user.as_ref().to_vec());
        self
    }

    /// The suggested password (an empty user name goes before it when none is given).
    pub fn password(mut self, password: impl AsRef<[u8]>) -> Self {
        self.password = Some(password.as_ref().to_vec());
        self
    }

    /// Whether to write the optional final `/`.
    pub fn trailing_slash(mut self, trailing_slash: bool) -> Self {
        self.trailing_slash = trailing_slash;
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<TelnetUrl<'static>, BuildError> {
        let mut text = String::from("telnet://");
        push_login(&mut text, self.user.as_deref(), self.password.as_deref());
        push_hostport(&mut text, &self.host, self.port)?;
        if self.trailing_slash {
            text.push('/');
        }
        finish_as!(text, Telnet)
    }
}
