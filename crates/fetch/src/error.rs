//! Why a fetch failed: plain data, each kind with its code, and the transcript up to the
//! failure.

use super::reply::MalformedReply;
use super::transcript::Transcript;
use rfc1738::requests::{Missing, RequestRefused};
use rfc1738::ParseError;
use std::net::SocketAddr;
use std::time::Duration;

/// A fetch that failed: what went wrong ([`kind`](FetchError::kind)) and what was sent
/// and received up to then ([`transcript`](FetchError::transcript)). `Display` is the
/// kind's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.0.kind)]
pub struct FetchError(Box<Failure>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Failure {
    kind: FetchErrorKind,
    transcript: Transcript,
}

impl FetchError {
    pub(crate) fn new(kind: FetchErrorKind, transcript: Transcript) -> FetchError {
        FetchError(Box::new(Failure { kind, transcript }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &FetchErrorKind {
        &self.0.kind
    }

    /// The kind's code ([`FetchErrorKind::code`]).
    pub fn code(&self) -> &'static str {
        self.0.kind.code()
    }

    /// What was sent and received before the failure.
    pub fn transcript(&self) -> &Transcript {
        &self.0.transcript
    }
}

/// What went wrong in a fetch.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FetchErrorKind {
    /// The URL is not valid (by the fetcher's dialect).
    #[error("invalid URL: {0}")]
    Invalid(ParseError),
    /// The section 6 checks call the URL dangerous, and dangerous URLs are not fetched
    /// ([`RequestRefused`]).
    #[error("{0}")]
    RefusedByLint(RequestRefused),
    /// The scheme is not one this client fetches (telnet is interactive, WAIS and
    /// Prospero are not spoken here, mailto sends, file is local).
    #[error("{scheme}: {reason}")]
    Unsupported {
        /// The scheme.
        scheme: String,
        /// Why.
        reason: String,
    },
    /// The URL leaves out something the client needs and the configuration does not give
    /// (a news server, a password, a search).
    #[error("not fetched: {0}")]
    Incomplete(Missing),
    /// The host's name did not resolve.
    #[error("the host {host} did not resolve: {message}")]
    Unresolved {
        /// The host.
        host: String,
        /// The system's words.
        message: String,
    },
    /// Nothing listens there: the connection was refused.
    #[error("connection refused by {address}")]
    ConnectionRefused {
        /// The address.
        address: SocketAddr,
    },
    /// The time-out ran out.
    #[error("timed out after {} s waiting for {waiting_for}", limit.as_secs_f64())]
    Timeout {
        /// What was awaited (the connection, the reply to RETR, the body).
        waiting_for: String,
        /// The fetch's time-out.
        limit: Duration,
    },
    /// More came than the limit allows: a body past the size limit, a line or a reply
    /// past its own.
    #[error("{what} is larger than the limit of {limit} bytes")]
    TooLarge {
        /// What grew too large (the body, a reply line, the headers).
        what: String,
        /// The limit.
        limit: u64,
    },
    /// The server said no: its reply, quoted (control bytes as escapes).
    #[error("the server answered {reply}{}", context.as_ref().map_or(String::new(), |c| format!(" ({c})")))]
    ServerError {
        /// The reply (the FTP reply, the NNTP status line, the HTTP status line, the
        /// gopher error), escapes shown.
        reply: String,
        /// What had been sent, when it tells.
        context: Option<String>,
    },
    /// The server's reply is not what the protocol says.
    #[error("malformed reply from the server: {0}")]
    Protocol(MalformedReply),
    /// The server closed the connection before the reply or the body was complete.
    #[error("the connection closed early: {what} ({received} bytes received)")]
    ShortRead {
        /// What was incomplete.
        what: String,
        /// How many bytes of it had come.
        received: u64,
    },
    /// The network failed otherwise (a reset, an unreachable network).
    #[error("network error {during}: {message}")]
    Network {
        /// What was going on.
        during: String,
        /// The system's words.
        message: String,
    },
    /// The body could not be written where it goes.
    #[error("the body could not be written: {message}")]
    Output {
        /// The system's words.
        message: String,
    },
    /// An HTTP redirect that is not followed: not asked for, too many, or to a URL that
    /// is not http or not valid.
    #[error("redirect to {location}: {reason}")]
    Redirect {
        /// The `Location` the server gave (escapes shown).
        location: String,
        /// Why it was not followed.
        reason: String,
    },
}

impl FetchErrorKind {
    /// `invalid`, `refused-by-lint`, `unsupported`, `incomplete`, `unresolved`,
    /// `refused` (the connection), `timeout`, `too-large`, `server-error`, `protocol`,
    /// `short-read`, `network`, `output`, `redirect`.
    pub fn code(&self) -> &'static str {
        match self {
            FetchErrorKind::Invalid(_) => "invalid",
            FetchErrorKind::RefusedByLint(_) => "refused-by-lint",
            FetchErrorKind::Unsupported { .. } => "unsupported",
            FetchErrorKind::Incomplete(_) => "incomplete",
            FetchErrorKind::Unresolved { .. } => "unresolved",
            FetchErrorKind::ConnectionRefused { .. } => "refused",
            FetchErrorKind::Timeout { .. } => "timeout",
            FetchErrorKind::TooLarge { .. } => "too-large",
            FetchErrorKind::ServerError { .. } => "server-error",
            FetchErrorKind::Protocol(_) => "protocol",
            FetchErrorKind::ShortRead { .. } => "short-read",
            FetchErrorKind::Network { .. } => "network",
            FetchErrorKind::Output { .. } => "output",
            FetchErrorKind::Redirect { .. } => "redirect",
        }
    }
}

impl From<MalformedReply> for FetchErrorKind {
    fn from(malformed: MalformedReply) -> FetchErrorKind {
        FetchErrorKind::Protocol(malformed)
    }
}
