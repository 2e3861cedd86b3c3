//! `fileurl = "file://" [ host | "localhost" ] "/" fpath` (RFC 1738 section 3.10).

use super::text::{BuildError, finish_as, push_host, push_segments};
use crate::ast::scheme::FileUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`FileUrl`] from decoded components.
///
/// ```
/// use rfc1738::schemes::FileUrl;
///
/// let url = FileUrl::builder()
///     .host("vms.host.edu")
///     .segment("disk$user")
///     .segment("my notes")
///     .build()
///     .unwrap();
/// assert_eq!(url.as_str(), "file://vms.host.edu/disk$user/my%20notes");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileBuilder {
    host: Option<String>,
    segments: Vec<Vec<u8>>,
}

impl FileUrl<'static> {
    /// A builder for a file URL (no host: the machine the URL is read on).
    pub fn builder() -> FileBuilder {
        FileBuilder::default()
    }
}

impl FileBuilder {
    /// The host (or `localhost`).
    pub fn host(mut self, host: impl Into<String>) -> Self {
        self.host = Some(host.into());
        self
    }

    /// Appends a path segment ([`charset::FSEGMENT`](crate::encoding::charset::FSEGMENT)).
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments.push(segment.as_ref().to_vec());
        self
    }

    /// The URL (with no segment, the path is empty: `file://host/`).
    pub fn build(&self) -> Result<FileUrl<'static>, BuildError> {
        let mut text = String::from("file://");
        push_host(&mut text, self.host.as_deref().unwrap_or_default())?;
        text.push('/');
        push_segments(&mut text, &self.segments, &charset::FSEGMENT);
        finish_as!(text, File)
    }
}
