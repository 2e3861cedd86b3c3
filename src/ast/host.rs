//! Hosts, ports and logins: RFC 1738 section 3.1 (`login`, `hostport`, `host`, `port`).
//!
//! The AST keeps byte ranges ([`HostPortSpans`], [`LoginSpans`]); the public views
//! ([`Host`]) borrow from the URL's text.

use crate::vocabulary::span::{OptSpan, Span};
use std::fmt;
use std::net::Ipv4Addr;

/// A `host` as written: a `hostname` (a fully qualified domain name) or a `hostnumber`
/// (dotted-decimal IPv4 address, each octet checked to be at most 255).
///
/// ```
/// let url = rfc1738::parse("http://10.0.0.1/").unwrap();
/// let rfc1738::Url::Http(http) = &url else { unreachable!() };
/// assert_eq!(http.host().as_str(), "10.0.0.1");
/// assert_eq!(http.host().ipv4(), Some(std::net::Ipv4Addr::new(10, 0, 0, 1)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Host<'s> {
    text: &'s str,
    number: Option<Ipv4Addr>,
}

impl<'s> Host<'s> {
    /// The host exactly as written (case kept, leading zeros of a hostnumber kept).
    pub fn as_str(&self) -> &'s str {
        self.text
    }

    /// The address of a `hostnumber`; `None` for a `hostname`.
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        self.number
    }

    /// Whether the host is a `hostname` (a domain name) rather than a `hostnumber`.
    pub fn is_hostname(&self) -> bool {
        self.number.is_none()
    }

    /// The labels of a hostname (`domainlabel`s then the `toplabel`), or the four octets of
    /// a hostnumber as written.
    pub fn labels(&self) -> std::str::Split<'s, char> {
        self.text.split('.')
    }
}

/// A host equals the text it was written as (`host == "info.cern.ch"`).
impl PartialEq<str> for Host<'_> {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Host<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Debug for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number {
            Some(address) => write!(f, "Host({:?} = {address})", self.text),
            None => write!(f, "Host({:?})", self.text),
        }
    }
}

/// Where a `host` lies in a URL's text, and its address when it is a `hostnumber`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct HostSpan {
    pub(crate) span: Span,
    pub(crate) number: Option<Ipv4Addr>,
}

impl HostSpan {
    pub(crate) fn view<'s>(&self, text: &'s str) -> Host<'s> {
        Host {
            text: self.span.of_text(text),
            number: self.number,
        }
    }
}

/// A `port`: where it lies and its value (checked to be at most 65535).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PortSpan {
    pub(crate) span: Span,
    pub(crate) value: u16,
}

/// `hostport = host [ ":" port ]`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct HostPortSpans {
    pub(crate) host: HostSpan,
    pub(crate) port: Option<PortSpan>,
}

impl HostPortSpans {
    /// The offset just past the hostport.
    pub(crate) fn end(&self) -> usize {
        self.port.map_or(self.host.span.end, |port| port.span.end) as usize
    }
}

/// `login = [ user [ ":" password ] "@" ] hostport`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct LoginSpans {
    pub(crate) user: OptSpan,
    pub(crate) password: OptSpan,
    pub(crate) hostport: HostPortSpans,
}
