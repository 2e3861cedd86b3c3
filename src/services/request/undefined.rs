//! The schemes section 3 does not define.

use super::line::Line;
use super::terms::{Common, Missing, Protocol, Transport};
use crate::vocabulary::kind::UrlKind;
use std::fmt;

/// A URL of a scheme for which RFC 1738 section 3 defines no request: RFC 1738's
/// `genericurl` (schemes to be registered, "an algorithm for accessing of resources within
/// that scheme" being part of each registration, section 4), and RFC 1630's `mid`
/// (a mail message by its Message-ID), `cid` (a MIME body part by its Content-ID), `urn`
/// (reserved) and generic URIs. Nothing connects, nothing is sent, and
/// [`Missing::Definition`] says why.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions, Transport};
///
/// let reference = rfc1738::parse_reference("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
/// assert_eq!((request.scheme(), request.protocol(), request.transport()), ("mid", None, Transport::None));
/// assert_eq!(request.missing()[0].code(), "definition");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndefinedRequest<'u> {
    scheme: &'u str,
    kind: UrlKind,
    pub(crate) common: Common,
}

impl<'u> UndefinedRequest<'u> {
    pub(crate) fn new(scheme: &'u str, kind: UrlKind) -> UndefinedRequest<'u> {
        UndefinedRequest {
            scheme,
            kind,
            common: Common::default(),
        }
    }

    /// Nothing.
    pub fn lines(&self) -> Vec<Line> {
        Vec::new()
    }

    /// None.
    pub fn host(&self) -> Option<&str> {
        None
    }

    /// None.
    pub fn port(&self) -> Option<u16> {
        None
    }

    /// None.
    pub fn protocol(&self) -> Option<Protocol> {
        None
    }

    /// No connection.
    pub fn transport(&self) -> Transport {
        Transport::None
    }

    /// The definition of a request.
    pub fn missing(&self) -> Vec<Missing> {
        vec![Missing::Definition]
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        let note = match self.kind {
            UrlKind::Mid => {
                "mid: names a mail message by its Message-ID (RFC 1630); no protocol to fetch it is given"
            }
            UrlKind::Cid => {
                "cid: names a MIME body part by its Content-ID (RFC 1630), found in the message that holds it"
            }
            UrlKind::Urn => "urn: is reserved by RFC 1630 for names still in development",
            _ => {
                "a new scheme's registration gives its access algorithm (RFC 1738 section 4); this library knows none"
            }
        };
        vec![note.to_owned()]
    }

    pub(crate) fn scheme(&self) -> &str {
        self.scheme
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no request: section 3 defines none for the scheme {}",
            self.scheme
        )
    }
}
