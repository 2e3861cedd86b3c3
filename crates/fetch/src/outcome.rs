//! What a fetch gives back: how a protocol's fetch ended ([`Outcome`], inside the crate),
//! and the fetch that succeeded ([`Fetched`]).

use super::transcript::Transcript;

/// How a protocol's fetch ended.
pub(crate) enum Outcome {
    /// The body was written.
    Done {
        /// The server's last word (the HTTP status line, FTP's completion reply, NNTP's
        /// status), shown.
        status: Option<String>,
        /// What the body is (HTTP's Content-Type, the gopher type, ascii or binary).
        media_type: Option<String>,
    },
    /// An HTTP redirect, not yet followed.
    Redirect {
        /// The `Location`, as sent.
        location: Vec<u8>,
        /// The status line.
        status: String,
    },
}

/// A fetch that succeeded: the URL fetched last (after redirects), the server's last
/// word, what the body is, the redirects followed, and the transcript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    pub(crate) url: String,
    pub(crate) status: Option<String>,
    pub(crate) media_type: Option<String>,
    pub(crate) redirects: Vec<String>,
    pub(crate) transcript: Transcript,
}

impl Fetched {
    /// The URL whose body was written: the one asked for, or the last redirect's (empty
    /// for [`Fetcher::fetch_request`](super::Fetcher::fetch_request) without a redirect).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The server's last word: the HTTP status line, FTP's completion reply, NNTP's status
    /// line (control bytes shown as escapes); `None` for gopher.
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// What the body is: HTTP's `Content-Type`, the gopher type, FTP's `ascii` or
    /// `binary`.
    pub fn media_type(&self) -> Option<&str> {
        self.media_type.as_deref()
    }

    /// The URLs redirected to, in order.
    pub fn redirects(&self) -> &[String] {
        &self.redirects
    }

    /// What was sent and received, the sizes and the time.
    pub fn transcript(&self) -> &Transcript {
        &self.transcript
    }
}
