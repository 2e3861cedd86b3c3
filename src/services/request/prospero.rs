//! Prospero, RFC 1738 section 3.11.

use super::line::{Line, decode_plain};
use super::terms::{Common, Missing, Protocol, Transport};
use crate::ast::scheme::ProsperoUrl;
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What a client asks of the Prospero directory server at `host:port` (port 1525 by
/// default) for a `prospero` URL: "Prospero URLs are interpreted by contacting a Prospero
/// directory server on the specified host and port to determine appropriate access methods
/// for a resource" (3.11). It asks about the object named by the hsoname ("opaque and
/// interpreted by the Prospero server"; decoded), which the `;field=value` pairs ("these
/// fields serve to identify the target of the URL", such as OBJECT-VERSION) and, in RFC
/// 1630, the version after `%00` narrow down.
///
/// Prospero's commands are text, but they travel in ARDP, Prospero's reliable delivery
/// protocol over UDP, with binary headers: the request is described, not written
/// ([`lines`](ProsperoRequest::lines) is empty); the transport is UDP.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions, Transport};
///
/// let reference = rfc1738::parse_reference("prospero://host.dom//pros/name;OBJECT-VERSION=2", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
/// let Request::Prospero(prospero) = &request else { unreachable!() };
/// assert_eq!(prospero.hsoname(), b"/pros/name");
/// assert_eq!(prospero.fields(), [(&b"OBJECT-VERSION"[..], &b"2"[..])]);
/// assert_eq!((request.port(), request.transport()), (Some(1525), Transport::Udp));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProsperoRequest<'u> {
    host: &'u str,
    port: u16,
    hsoname: Cow<'u, [u8]>,
    fields: Vec<Field<'u>>,
    version: Option<&'u str>,
    pub(crate) common: Common,
}

/// A `;field=value` pair, decoded.
type Field<'u> = (Cow<'u, [u8]>, Cow<'u, [u8]>);

impl<'u> ProsperoRequest<'u> {
    pub(crate) fn new(url: &'u ProsperoUrl<'_>) -> ProsperoRequest<'u> {
        ProsperoRequest {
            host: url.host().as_str(),
            port: url.port().unwrap_or(1525),
            hsoname: decode_plain(url.path().as_str()).bytes,
            fields: url
                .fields()
                .map(|field| {
                    (
                        decode_plain(field.name().as_str()).bytes,
                        decode_plain(field.value().as_str()).bytes,
                    )
                })
                .collect(),
            version: url.version(),
            common: Common::default(),
        }
    }

    /// The hsoname, decoded.
    pub fn hsoname(&self) -> &[u8] {
        &self.hsoname
    }

    /// The `;field=value` pairs, decoded.
    pub fn fields(&self) -> Vec<(&[u8], &[u8])> {
        self.fields
            .iter()
            .map(|(name, value)| (name.as_ref(), value.as_ref()))
            .collect()
    }

    /// RFC 1630's version (the digits after `%00`).
    pub fn version(&self) -> Option<&str> {
        self.version
    }

    /// Nothing written: ARDP's headers are binary.
    pub fn lines(&self) -> Vec<Line> {
        Vec::new()
    }

    /// The directory server's host.
    pub fn host(&self) -> Option<&str> {
        Some(self.host)
    }

    /// The port: the URL's, or 1525.
    pub fn port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// Prospero.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Prospero)
    }

    /// UDP (ARDP).
    pub fn transport(&self) -> Transport {
        Transport::Udp
    }

    /// Nothing: the URL names the object.
    pub fn missing(&self) -> Vec<Missing> {
        Vec::new()
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        vec!["Prospero's text commands travel in ARDP over UDP, with binary headers: the request is described, not written; the answer gives the object's access methods, themselves URLs".to_owned()]
    }

    pub(crate) fn scheme(&self) -> &str {
        "prospero"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a query of the Prospero directory server {} for the object \"{}\"",
            self.host,
            escape_octets(&self.hsoname)
        )?;
        for (name, value) in &self.fields {
            write!(f, ", {}={}", escape_octets(name), escape_octets(value))?;
        }
        if let Some(version) = self.version {
            write!(f, ", version {version}")?;
        }
        f.write_str(": its access methods")
    }
}
