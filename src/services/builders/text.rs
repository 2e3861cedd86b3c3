//! Writing a URL's text from decoded components: each escaped by its component's set,
//! then read back by the parser (`finish`).

use crate::ast::url::Url;
use crate::vocabulary::encode::{CharSet, push_octet};
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;

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
pub(super) fn push(out: &mut String, data: &[u8], set: &CharSet) {
    for &octet in data {
        push_octet(out, octet, set);
    }
}

/// Appends `host[:port]`. The host is written as given (a host has no escapes): see
/// [`push_host`].
pub(super) fn push_hostport(
    out: &mut String,
    host: &str,
    port: Option<u16>,
) -> Result<(), BuildError> {
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
pub(super) fn push_host(out: &mut String, host: &str) -> Result<(), BuildError> {
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
pub(super) fn push_segments(out: &mut String, segments: &[Vec<u8>], set: &CharSet) {
    for (i, segment) in segments.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        push(out, segment, set);
    }
}

/// Parses the text built (by RFC 1738, or `dialect` for RFC 1630's kinds) into a URL of
/// `kind`.
pub(super) fn finish(text: String, kind: UrlKind) -> Result<Url<'static>, BuildError> {
    let url = crate::facade::parse(&text)
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
        match crate::services::builders::text::finish(
            $text,
            crate::vocabulary::kind::UrlKind::$variant,
        )? {
            crate::ast::url::Url::$variant(url) => Ok(url),
            other => Err(crate::services::builders::BuildError::NotAllowed {
                component: "scheme",
                value: other.scheme().to_owned(),
                reason: "not the builder's scheme",
            }),
        }
    };
}
pub(super) use finish_as;
