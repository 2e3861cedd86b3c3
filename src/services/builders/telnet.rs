//! `telneturl = "telnet://" login [ "/" ]` (RFC 1738 section 3.8).

use super::authority::{Authority, authority_setters};
use super::text::{BuildError, finish_as};
use crate::ast::scheme::TelnetUrl;

/// Builds a [`TelnetUrl`].
///
/// ```
/// use rfc1738::schemes::TelnetUrl;
///
/// let url = TelnetUrl::builder("info.cern.ch").user("guest").trailing_slash(true).build().unwrap();
/// assert_eq!(url.as_str(), "telnet://guest@info.cern.ch/");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TelnetBuilder {
    authority: Authority,
    trailing_slash: bool,
}

impl TelnetUrl<'static> {
    /// A builder for a telnet URL to `host`.
    pub fn builder(host: impl Into<String>) -> TelnetBuilder {
        TelnetBuilder {
            authority: Authority::new(host),
            trailing_slash: false,
        }
    }
}

impl TelnetBuilder {
    /// Whether to write the optional final `/`.
    pub fn trailing_slash(mut self, trailing_slash: bool) -> Self {
        self.trailing_slash = trailing_slash;
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<TelnetUrl<'static>, BuildError> {
        let mut text = String::from("telnet://");
        self.authority.push_login(&mut text)?;
        if self.trailing_slash {
            text.push('/');
        }
        finish_as!(text, Telnet)
    }
}

authority_setters!(TelnetBuilder, login);
