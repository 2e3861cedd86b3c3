//! `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` (RFC 1738 section 3.2).

use super::text::{finish_as, push_hostport, push_login, push_segments, BuildError};
use crate::ast::scheme::{FtpUrl, Typecode};
use crate::vocabulary::encode::charset;

/// Builds an [`FtpUrl`] from decoded components.
///
/// ```
/// use rfc1738::{FtpUrl, Typecode};
///
/// let url = FtpUrl::builder("host.dom")
///     .user("myname")
///     .segment("/etc")
///     .segment("motd")
///     .typecode(Typecode::Ascii)
///     .build()
///     .unwrap();
/// assert_eq!(url.as_str(), "ftp://myname@host.dom/%2Fetc/motd;type=a");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FtpBuilder {
    host: String,
    port: Option<u16>,
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
    segments: Option<Vec<Vec<u8>>>,
    typecode: Option<Typecode>,
}

impl FtpUrl<'static> {
    /// A builder for an ftp URL on `host`.
    pub fn builder(host: impl Into<String>) -> FtpBuilder {
        FtpBuilder {
            host: host.into(),
            port: None,
            user: None,
            password: None,
            segments: None,
            typecode: None,
        }
    }
}

impl FtpBuilder {
    /// The port.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The user name ([`charset::USER`](crate::charset::USER); `:`, `@` and `/` escaped).
    pub fn user(mut self, user: impl AsRef<[u8]>) -> Self {
        self.user = Some(user.as_ref().to_vec());
        self
    }

    /// The password. Without a user name, the user name is empty (`ftp://:pw@host`):
    /// "there is no way to specify a password without specifying a user name".
    pub fn password(mut self, password: impl AsRef<[u8]>) -> Self {
        self.password = Some(password.as_ref().to_vec());
        self
    }

    /// Appends a path segment (`fsegment`, [`charset::FSEGMENT`](crate::charset::FSEGMENT)):
    /// `/` becomes `%2F` and `;` `%3B`, so a name holding them stays one name.
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments
            .get_or_insert_with(Vec::new)
            .push(segment.as_ref().to_vec());
        self
    }

    /// The `;type=` typecode. Without a path, the URL gets the empty one.
    pub fn typecode(mut self, typecode: Typecode) -> Self {
        self.typecode = Some(typecode);
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<FtpUrl<'static>, BuildError> {
        let mut text = String::from("ftp://");
        push_login(&mut text, self.user.as_deref(), self.password.as_deref());
        push_hostport(&mut text, &self.host, self.port)?;
        if self.segments.is_some() || self.typecode.is_some() {
            text.push('/');
            push_segments(
                &mut text,
                self.segments.as_deref().unwrap_or_default(),
                &charset::FSEGMENT,
            );
            if let Some(typecode) = self.typecode {
                text.push_str(";type=");
                text.push(typecode.as_char());
            }
        }
        finish_as!(text, Ftp)
    }
}
