//! Fetching what a URL names: the request of section 3 ([`Request`], of the rfc1738 library)
//! sent over the standard library's TCP sockets to a gopher, FTP, HTTP/1.0 or NNTP
//! server, and the reply read back as the protocol says, the body written to any
//! [`Write`]. A server is untrusted input: every wait is bounded by the fetch's time-out,
//! the body by a size limit counted as bytes arrive (never by a length the server claims),
//! every reply line by its own limit; a reply that is not what the protocol says is an
//! error that quotes it ([`MalformedReply`]). Nothing is written that was not received.
//!
//! ```no_run
//! use rfc1738::requests::RequestOptions;
//! use rfc1738_fetch::Fetcher;
//! use std::time::Duration;
//!
//! let fetcher = Fetcher::new()
//!     .options(RequestOptions::new().ftp_password("me@example.org"))
//!     .timeout(Duration::from_secs(10))
//!     .max_size(1 << 20);
//! let mut body = Vec::new();
//! let fetched = fetcher.fetch("ftp://ftp.example.org/pub/README;type=a", &mut body).unwrap();
//! assert_eq!(fetched.transcript().body_bytes(), body.len() as u64);
//! for event in fetched.transcript().events() {
//!     eprintln!("{event}");   // connect, ->, <-, data, note
//! }
//! ```
//!
//! Dangerous URLs (section 6) are refused before anything is sent, as by [`Request::of_reference`]:
//!
//! ```
//! use rfc1738_fetch::Fetcher;
//!
//! let error = Fetcher::new().fetch("gopher://127.0.0.1:25/0%0D%0AHELO", &mut std::io::sink()).unwrap_err();
//! assert_eq!(error.code(), "refused-by-lint");
//! assert!(error.transcript().events().is_empty());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod connection;
mod error;
mod ftp;
mod gopher;
mod http;
mod nntp;
mod outcome;
pub mod reply;
#[cfg(feature = "serde")]
mod report;
mod transcript;

pub use error::{FetchError, FetchErrorKind};
pub use outcome::Fetched;
pub use reply::MalformedReply;
#[cfg(feature = "serde")]
pub use report::FetchReport;
pub use transcript::{Event, Transcript};

use connection::Session;
use outcome::Outcome;
use rfc1738::escape_octets;
use rfc1738::parse_reference;
use rfc1738::requests::{Missing, Request, RequestOptions};
use rfc1738::resolution::{resolve, ResolveMode};
use rfc1738::Dialect;
use std::io::Write;
use std::time::Duration;

/// Fetches URLs: the configuration of their requests ([`RequestOptions`]: anonymous FTP's
/// password, the news server, whether dangerous URLs are fetched), the dialect they are
/// read by, the time-out, the size limit and how many HTTP redirects are followed.
///
/// - **Time-out:** one for the whole fetch (30 s by default): the connections, every
///   reply and the body; each read and write waits at most the time left. (A host name
///   is resolved by the system, whose wait this does not bound.)
/// - **Size limit:** the body (64 MiB by default), counted as it arrives; a
///   `Content-Length` or Gopher+ length beyond it fails at once. Reply lines, headers and
///   menu lines have limits of their own (8 KiB to 64 KiB).
/// - **Redirects:** none followed by default: a `3xx` with a `Location` is an error that
///   names it; [`follow_redirects`](Fetcher::follow_redirects) follows up to that many,
///   to http URLs only, each built by [`Request::of_reference`] (so refused when dangerous).
/// - **FTP:** passive mode; the data connection goes to the control connection's
///   address, whatever address the `227` reply names (the port alone is used).
/// - **What is written:** the body alone; text (FTP's ASCII type, NNTP's articles and
///   lists) with each CR LF as LF and NNTP's dot-stuffing undone, a gopher text without
///   its last `.` line; a gopher menu checked line by line and written as it came;
///   anything else byte for byte.
#[derive(Debug, Clone)]
pub struct Fetcher {
    options: RequestOptions,
    dialect: Dialect,
    timeout: Duration,
    max_size: u64,
    max_redirects: u32,
}

impl Default for Fetcher {
    fn default() -> Fetcher {
        Fetcher::new()
    }
}

impl Fetcher {
    /// The default time-out for a whole fetch: 30 seconds.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
    /// The default size limit of a body: 64 MiB.
    pub const DEFAULT_MAX_SIZE: u64 = 64 << 20;

    /// No configuration, RFC 1738's grammar, the default time-out and size limit, no
    /// redirect followed.
    pub fn new() -> Fetcher {
        Fetcher {
            options: RequestOptions::new(),
            dialect: Dialect::Rfc1738,
            timeout: Fetcher::DEFAULT_TIMEOUT,
            max_size: Fetcher::DEFAULT_MAX_SIZE,
            max_redirects: 0,
        }
    }

    /// The requests' configuration.
    pub fn options(mut self, options: RequestOptions) -> Fetcher {
        self.options = options;
        self
    }

    /// The grammar the URL (and a redirect's `Location`) is read by.
    pub fn dialect(mut self, dialect: Dialect) -> Fetcher {
        self.dialect = dialect;
        self
    }

    /// The time-out of the whole fetch.
    pub fn timeout(mut self, timeout: Duration) -> Fetcher {
        self.timeout = timeout;
        self
    }

    /// The size limit of the body, in bytes.
    pub fn max_size(mut self, bytes: u64) -> Fetcher {
        self.max_size = bytes;
        self
    }

    /// Follow up to `count` HTTP redirects (0, the default: none).
    pub fn follow_redirects(mut self, count: u32) -> Fetcher {
        self.max_redirects = count;
        self
    }

    /// Fetches the URL reference `url` (its `URL:` prefix and `#fragment` are not sent),
    /// writing the body to `sink`.
    pub fn fetch(&self, url: &str, sink: &mut dyn Write) -> Result<Fetched, FetchError> {
        let mut session = Session::new(self.timeout, self.max_size, sink);
        let result = self.follow(url.to_owned(), None, &mut session);
        self.finish(result, session)
    }

    /// Fetches what `request` asks (built by [`Request::of_reference`] with this fetcher's options
    /// or others), writing the body to `sink`; a redirect is followed as
    /// [`fetch`](Fetcher::fetch) follows it.
    pub fn fetch_request(
        &self,
        request: &Request<'_>,
        sink: &mut dyn Write,
    ) -> Result<Fetched, FetchError> {
        let mut session = Session::new(self.timeout, self.max_size, sink);
        let result = self.follow(String::new(), Some(request), &mut session);
        self.finish(result, session)
    }

    fn finish(
        &self,
        result: Result<Fetched, FetchErrorKind>,
        mut session: Session<'_>,
    ) -> Result<Fetched, FetchError> {
        let flushed = session.flush();
        let transcript = session.finish();
        match result.and_then(|fetched| flushed.map(|()| fetched)) {
            Ok(fetched) => Ok(Fetched {
                transcript,
                ..fetched
            }),
            Err(kind) => Err(FetchError::new(kind, transcript)),
        }
    }

    /// Fetches `url` (or `first`), then each redirect while they are followed.
    fn follow(
        &self,
        mut url: String,
        first: Option<&Request<'_>>,
        session: &mut Session<'_>,
    ) -> Result<Fetched, FetchErrorKind> {
        let mut redirects = Vec::new();
        let mut outcome = match first {
            Some(request) => run(request, session)?,
            None => self.run_url(&url, session)?,
        };
        loop {
            match outcome {
                Outcome::Done { status, media_type } => {
                    return Ok(Fetched {
                        url,
                        status,
                        media_type,
                        redirects,
                        transcript: Transcript::default(),
                    })
                }
                Outcome::Redirect { location, status } => {
                    let shown_location = escape_octets(&location);
                    let not_followed = |reason: String| FetchErrorKind::Redirect {
                        location: shown_location.clone(),
                        reason,
                    };
                    if redirects.len() >= self.max_redirects as usize {
                        return Err(not_followed(match self.max_redirects {
                            0 => format!(
                                "{status}: redirects are not followed unless asked (--follow)"
                            ),
                            max => format!("{status}: more than {max} redirects"),
                        }));
                    }
                    let Ok(location) = std::str::from_utf8(&location) else {
                        return Err(not_followed("the Location is not text".to_owned()));
                    };
                    // HTTP/1.0 asks for an absolute URL; a relative one is read against
                    // the URL that was fetched, by RFC 1808.
                    let next = match (rfc1738::is_absolute(location), url.is_empty()) {
                        (true, _) | (false, true) => location.to_owned(),
                        (false, false) => resolve(&url, location, ResolveMode::Rfc1808)
                            .map_err(|error| not_followed(format!("not resolved: {error}")))?,
                    };
                    if !next
                        .get(..5)
                        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("http:"))
                    {
                        return Err(not_followed("only http URLs are followed".to_owned()));
                    }
                    session
                        .transcript
                        .note(format!("{status}: following to {next}"));
                    redirects.push(next.clone());
                    url = next;
                    outcome = self.run_url(&url, session)?;
                }
            }
        }
    }

    /// Reads `url`, builds its request (refused when dangerous), and fetches it.
    fn run_url(&self, url: &str, session: &mut Session<'_>) -> Result<Outcome, FetchErrorKind> {
        let reference = parse_reference(url, self.dialect).map_err(FetchErrorKind::Invalid)?;
        let request = Request::of_reference(&reference, &self.options)
            .map_err(FetchErrorKind::RefusedByLint)?;
        run(&request, session)
    }
}

/// Fetches what a request asks, by its protocol.
fn run(request: &Request<'_>, session: &mut Session<'_>) -> Result<Outcome, FetchErrorKind> {
    let unsupported = |reason: &str| FetchErrorKind::Unsupported {
        scheme: request.scheme().to_owned(),
        reason: reason.to_owned(),
    };
    match request {
        Request::Ftp(ftp) => {
            if ftp.missing().contains(&Missing::AnonymousPassword) {
                return Err(FetchErrorKind::Incomplete(Missing::AnonymousPassword));
            }
            ftp::fetch(ftp, session)
        }
        Request::Gopher(gopher) => gopher::fetch(gopher, session),
        Request::Http(http) => http::fetch(http, session),
        Request::News(news) => {
            let (Some(host), Some(port)) = (news.host(), news.port()) else {
                return Err(FetchErrorKind::Incomplete(Missing::NewsServer));
            };
            nntp::fetch(host, port, &[news.command()], session)
        }
        Request::Nntp(nntp) => {
            let (Some(host), Some(port)) = (nntp.host(), nntp.port()) else {
                return Err(FetchErrorKind::Incomplete(Missing::NewsServer));
            };
            nntp::fetch(host, port, &nntp.commands(), session)
        }
        Request::Telnet(_) => Err(unsupported("an interactive session: nothing to fetch (RFC 1738 section 3.8)")),
        Request::Wais(_) => Err(unsupported("WAIS (Z39.50) is not spoken by this client: the request is described by `rfc1738 request`")),
        Request::Prospero(_) => Err(unsupported("the Prospero protocol is not spoken by this client: the request is described by `rfc1738 request`")),
        Request::File(_) => Err(unsupported("a file URL names no protocol to fetch with (RFC 1738 section 3.10)")),
        Request::Mailto(_) => Err(unsupported("a mailto URL names a mailbox to write to, nothing to fetch")),
        _ => Err(unsupported("RFC 1738 section 3 defines no request for this scheme")),
    }
}
