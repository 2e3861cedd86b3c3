//! Building URLs from decoded components, escaping exactly what each component's grammar
//! requires (RFC 1738 sections 2.2 and 5): one builder per scheme, each producing the
//! scheme's typed URL, which parses back to the same components.
//!
//! ```
//! use rfc1738::FtpUrl;
//!
//! // A file name holding "/" and ";": escaped, so they are data, not delimiters.
//! let ftp = FtpUrl::builder("ftp.example.org")
//!     .segment("pub")
//!     .segment("a/b;c.txt")
//!     .build()
//!     .unwrap();
//! assert_eq!(ftp.as_str(), "ftp://ftp.example.org/pub/a%2Fb%3Bc.txt");
//! assert_eq!(ftp.segments().nth(1).unwrap().decode().as_ref(), b"a/b;c.txt");
//! ```

mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;

pub use file::FileBuilder;
pub use ftp::FtpBuilder;
pub use generic::GenericBuilder;
pub use gopher::GopherBuilder;
pub use http::HttpBuilder;
pub use mailto::MailtoBuilder;
pub use news::NewsBuilder;
pub use nntp::NntpBuilder;
pub use prospero::ProsperoBuilder;
pub use telnet::TelnetBuilder;
pub use wais::WaisBuilder;

use crate::encode::{push_octet, CharSet};
use crate::error::ParseError;
use crate::url::{Url, UrlKind};

/// Why a URL could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A component that must not be empty is.
    #[error("the {component} of a {scheme} URL cannot be empty (RFC 1738 section 5)")]
    Empty {
        /// The scheme.
        scheme: &'static str,
        /// The component, by its rule name.
        component: &'static str,
    },
    /// A component with no escapes in its grammar holds a character it cannot hold.
    #[error("the {component} {value:?} cannot be written in a URL: {reason}")]
    NotAllowed {
        /// The component, by its rule name.
        component: &'static str,
        /// The value given.
        value: String,
        /// What the grammar allows.
        reason: &'static str,
    },
    /// One component needs another that was not given.
    #[error("a {component} needs a {needs} (RFC 1738 section 5)")]
    Missing {
        /// The component given.
        component: &'static str,
        /// The component it needs.
        needs: &'static str,
    },
    /// The URL written from the components is not valid: a host or scheme that the
    /// grammar refuses (they have no escapes).
    #[error("the URL built is not valid: {0}")]
    Invalid(Box<ParseError>),
}

/// Appends `data`, escaped by `set`.
fn push(out: &mut String, data: &[u8], set: &CharSet) {
    for &octet in data {
        push_octet(out, octet, set);
    }
}

/// Appends `user[:password]@` when either is given (an empty user name before a password
/// given alone: "there is no way to specify a password without specifying a user name").
fn push_login(out: &mut String, user: Option<&[u8]>, password: Option<&[u8]>) {
    if user.is_none() && password.is_none() {
        return;
    }
    push(out, user.unwrap_or_default(), &crate::encode::charset::USER);
    if let Some(password) = password {
        out.push(':');
        push(out, password, &crate::encode::charset::PASSWORD);
    }
    out.push('@');
}

/// Appends `host[:port]`. The host is written as given (a host has no escapes): see
/// [`push_host`].
fn push_hostport(out: &mut String, host: &str, port: Option<u16>) -> Result<(), BuildError> {
    push_host(out, host)?;
    if let Some(port) = port {
        out.push(':');
        out.push_str(&port.to_string());
    }
    Ok(())
}

/// Appends a host, written as given: a host has no escapes. Only the characters of
/// `hostname` and `hostnumber` (letters, digits, `-` and `.`) are taken, so that no
/// delimiter in a host given moves the components after it (`h/a` with port 8080 would
/// write `http://h/a:8080`, host `h` and the port in the path); the parse of the result
/// judges the rest (labels, octets).
fn push_host(out: &mut String, host: &str) -> Result<(), BuildError> {
    if !host
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return Err(BuildError::NotAllowed {
            component: "host",
            value: host.to_owned(),
            reason: "a host is a hostname or hostnumber: letters, digits, \"-\" and \".\", with no escapes (RFC 1738 section 3.1)",
        });
    }
    out.push_str(host);
    Ok(())
}

/// Appends `/`-separated segments escaped by `set`.
fn push_segments(out: &mut String, segments: &[Vec<u8>], set: &CharSet) {
    for (i, segment) in segments.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        push(out, segment, set);
    }
}

/// Parses the text built (by RFC 1738, or `dialect` for RFC 1630's kinds) into a URL of
/// `kind`.
fn finish(text: String, kind: UrlKind) -> Result<Url<'static>, BuildError> {
    let url = crate::parse(&text)
        .map_err(|error| BuildError::Invalid(Box::new(error)))?
        .into_owned();
    if url.kind() == kind {
        Ok(url)
    } else {
        // A generic URL built with a predefined scheme's name reads as that scheme.
        Err(BuildError::NotAllowed {
            component: "scheme",
            value: url.scheme().to_owned(),
            reason: "a predefined scheme's URL is built with that scheme's builder",
        })
    }
}

/// The typed URL of one variant from [`finish`].
macro_rules! finish_as {
    ($text:expr, $variant:ident) => {
        match crate::build::finish($text, crate::url::UrlKind::$variant)? {
            crate::url::Url::$variant(url) => Ok(url),
            other => Err(crate::build::BuildError::NotAllowed {
                component: "scheme",
                value: other.scheme().to_owned(),
                reason: "not the builder's scheme",
            }),
        }
    };
}
use finish_as;
