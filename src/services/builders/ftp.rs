//! `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` (RFC 1738 section 3.2).

use super::authority::{Authority, authority_setters};
use super::text::{BuildError, finish_as, push_segments};
use crate::ast::scheme::{FtpUrl, Typecode};
use crate::vocabulary::encode::charset;

/// Builds an [`FtpUrl`] from decoded components.
///
/// ```
/// use rfc1738::schemes::{FtpUrl, Typecode};
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
    authority: Authority,
    segments: Option<Vec<Vec<u8>>>,
    typecode: Option<Typecode>,
}

impl FtpUrl<'static> {
    /// A builder for an ftp URL on `host`.
    pub fn builder(host: impl Into<String>) -> FtpBuilder {
        FtpBuilder {
            authority: Authority::new(host),
            segments: None,
            typecode: None,
        }
    }
}

impl FtpBuilder {
    /// Appends a path segment (`fsegment`, [`charset::FSEGMENT`](crate::encoding::charset::FSEGMENT)):
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
        self.authority.push_login(&mut text)?;
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

authority_setters!(FtpBuilder, login);
