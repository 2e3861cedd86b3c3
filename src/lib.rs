//! # rfc1738
//!
//! URLs exactly as RFC 1738 (December 1994) defines them: the BNF of section 5 transcribed
//! into a pest grammar (`grammar/rfc1738.pest`), lowered into one typed struct per scheme,
//! with errors that say where, what the RFC expected there, and why.
//!
//! ```
//! use rfc1738::Url;
//!
//! let url = rfc1738::parse("gopher://gopher.micro.umn.edu:70/00/Information").unwrap();
//! assert_eq!(url.scheme(), "gopher");
//! assert_eq!(url.host(), Some("gopher.micro.umn.edu"));
//! assert_eq!(url.port(), Some(70));
//! let Url::Gopher(gopher) = &url else { unreachable!() };
//! assert_eq!(gopher.gopher_type().unwrap(), "0");
//! assert_eq!(gopher.selector(), "0/Information");
//!
//! let error = rfc1738::parse("http://info.cern.ch/hypertext#top").unwrap_err();
//! assert_eq!(error.offset(), 29);
//! assert!(error.message().contains("fragment"));
//! ```
//!
//! The pipeline: grammar ([`grammar`]) → pest pairs → lowering → typed [`Url`] (one module
//! per scheme) → decoding on request ([`Escaped`]). Failures go through a diagnosis step
//! that produces a [`ParseError`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod diagnose;
#[cfg(test)]
mod differential;
mod error;
mod escape;
mod fast;
pub mod grammar;
mod host;
mod lower;
#[cfg(feature = "serde")]
mod report;
mod scheme;
mod span;
mod tree;
mod url;

pub use error::{ErrorKind, ParseError};
pub use escape::{percent_decode, Escaped, Segments};
pub use host::Host;
#[cfg(feature = "serde")]
pub use report::ParseReport;
pub use scheme::{
    Article, Fieldspec, FileUrl, FtpCommand, FtpCommandError, FtpUrl, GenericUrl, GopherUrl,
    Grouppart, HttpUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, Typecode, WaisForm,
    WaisUrl,
};
pub use url::{Url, UrlKind};

#[cfg(test)]
use grammar::{Rfc1738Parser, Rule};
#[cfg(test)]
use pest::Parser;

/// Parses a URL by the grammar of RFC 1738 section 5.
///
/// A URL of one of the ten predefined schemes (matched case-insensitively) must match that
/// scheme's production; any other scheme is read as `genericurl`. The result borrows from
/// `input`.
///
/// ```
/// let url = rfc1738::parse("HTTP://info.cern.ch/").unwrap();
/// assert_eq!(url.kind(), rfc1738::UrlKind::Http);
///
/// let error = rfc1738::parse("http://info.cern.ch:70000/").unwrap_err();
/// assert_eq!(error.message(), "port 70000 is out of range: a port is at most 65535");
/// ```
pub fn parse(input: &str) -> Result<Url<'_>, ParseError> {
    thread_local! {
        /// The token buffer of the fast path, reused from one parse to the next.
        static TOKENS: std::cell::RefCell<Vec<tree::Tok>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if let Some(error) = too_long(input) {
        return Err(error);
    }
    TOKENS.with(|buffer| {
        let mut toks = buffer.take();
        let result = if fast::parse(input, &mut toks) {
            lower::lower(input, &toks)
        } else {
            Err(diagnose::diagnose(input))
        };
        // Keep a small buffer for the next parse; give a large one back to the allocator.
        if toks.capacity() <= 1024 {
            buffer.replace(toks);
        }
        result
    })
}

/// Offsets are `u32`: an input of 4 GiB or more is refused, not misread.
fn too_long(input: &str) -> Option<ParseError> {
    const MAX: usize = u32::MAX as usize;
    (input.len() > MAX).then(|| {
        let error = ErrorKind::TooLong { len: input.len() };
        ParseError::new(&input[..0], 0, None, error, Vec::new())
    })
}

/// Parses with the pest parser alone (the reference the fast path is tested against).
#[cfg(test)]
pub(crate) fn parse_with_pest(input: &str) -> Result<Url<'_>, ParseError> {
    match Rfc1738Parser::parse(Rule::whole_url, input) {
        Ok(pairs) => lower::lower(input, &tree::from_pest(pairs)),
        Err(_) => Err(diagnose::diagnose(input)),
    }
}

/// The examples of README.md, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
