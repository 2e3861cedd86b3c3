//! Mail addresses, RFC 1738 section 3.5.

use super::line::{Line, decode_plain};
use super::terms::{Common, Missing, Protocol, Transport};
use crate::ast::scheme::MailtoUrl;
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What a client does for a `mailto` URL: it lets the user write a message to the address
/// (decoded: `%25` is the `%` of a gatewayed address). "The mailto scheme does not
/// represent a data object to be accessed directly" (3.5): nothing is fetched, nothing is
/// sent by the URL's reading, and the message is the user's ([`Missing::Message`]), sent
/// by the user's mail system.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions};
///
/// let reference = rfc1738::parse_reference("mailto:timbl%25cern@info.cern.ch", Dialect::Rfc1738).unwrap();
/// let Request::Mailto(mailto) = Request::of_reference(&reference, &RequestOptions::new()).unwrap() else { unreachable!() };
/// assert_eq!(mailto.address(), b"timbl%cern@info.cern.ch");
/// assert!(mailto.lines().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailtoRequest<'u> {
    address: Cow<'u, [u8]>,
    pub(crate) common: Common,
}

impl<'u> MailtoRequest<'u> {
    pub(crate) fn new(url: &'u MailtoUrl<'_>) -> MailtoRequest<'u> {
        MailtoRequest {
            address: decode_plain(url.address().as_str()).bytes,
            common: Common::default(),
        }
    }

    /// The RFC 822 address, decoded.
    pub fn address(&self) -> &[u8] {
        &self.address
    }

    /// Nothing.
    pub fn lines(&self) -> Vec<Line> {
        Vec::new()
    }

    /// None: the mail system chooses.
    pub fn host(&self) -> Option<&str> {
        None
    }

    /// None.
    pub fn port(&self) -> Option<u16> {
        None
    }

    /// Mail.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Mail)
    }

    /// No connection of the URL's.
    pub fn transport(&self) -> Transport {
        Transport::None
    }

    /// The message.
    pub fn missing(&self) -> Vec<Missing> {
        vec![Missing::Message]
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        vec!["\"the mailto scheme does not represent a data object to be accessed directly\" (section 3.5): nothing is fetched".to_owned()]
    }

    pub(crate) fn scheme(&self) -> &str {
        "mailto"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a message to {}, written by the user",
            escape_octets(&self.address)
        )
    }
}
