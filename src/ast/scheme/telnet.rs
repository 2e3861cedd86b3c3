//! TELNET URLs, RFC 1738 section 3.8: `telneturl = "telnet://" login [ "/" ]`.

use crate::ast::host::LoginSpans;
use crate::ast::scheme::macros::{login_accessors, url_text};
use std::borrow::Cow;
use std::fmt;

/// A `telneturl`: a login (user and password are advisory) and an optional final `/`.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Telnet(telnet) = rfc1738::parse("telnet://guest:guest@info.cern.ch/").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(telnet.user().unwrap(), "guest");
/// assert!(telnet.has_trailing_slash());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TelnetUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) login: LoginSpans,
    pub(crate) trailing_slash: bool,
}

url_text!(TelnetUrl {
    login,
    trailing_slash
});

impl<'a> TelnetUrl<'a> {
    login_accessors!(login);

    /// Whether the URL ends in the optional `/`.
    pub fn has_trailing_slash(&self) -> bool {
        self.trailing_slash
    }

    /// Always `None`: telnet has no url-path.
    pub fn url_path(&self) -> Option<&str> {
        None
    }
}

impl fmt::Debug for TelnetUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TelnetUrl")
            .field("user", &self.user())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("trailing_slash", &self.trailing_slash)
            .finish()
    }
}
