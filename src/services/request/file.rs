//! Files, RFC 1738 section 3.10.

use super::line::{Line, decode_plain};
use super::terms::{Common, Missing, Protocol, Transport};
use crate::ast::scheme::FileUrl;
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What a client does for a `file` URL. With the host `localhost` (in any case) or an
/// empty host, the file is "on the machine from which the URL is being interpreted" (3.10):
/// it is read from this machine's file system, nothing is sent, and the request is
/// complete; its path is the segments, decoded, after a `/` (how they map to the machine's
/// file names is the machine's: section 3.10's VMS example). On another host, "the file URL
/// scheme ... does not specify an Internet protocol or access method for such files": no
/// request can be made ([`Missing::AccessMethod`]).
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions, Transport};
///
/// let reference = rfc1738::parse_reference("file://localhost/etc/motd", Dialect::Rfc1738).unwrap();
/// let Request::File(file) = Request::of_reference(&reference, &RequestOptions::new()).unwrap() else { unreachable!() };
/// assert!(file.is_local());
/// assert_eq!(file.path(), b"/etc/motd");
///
/// let reference = rfc1738::parse_reference("file://vms.host.edu/disk$user/my/notes/note12345.txt", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
/// assert_eq!((request.host(), request.protocol(), request.transport()), (Some("vms.host.edu"), None, Transport::None));
/// assert_eq!(request.missing()[0].code(), "access-method");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRequest<'u> {
    host: Option<&'u str>,
    local: bool,
    segments: Vec<Cow<'u, [u8]>>,
    pub(crate) common: Common,
}

impl<'u> FileRequest<'u> {
    pub(crate) fn new(url: &'u FileUrl<'_>) -> FileRequest<'u> {
        FileRequest {
            host: url.host().map(|host| host.as_str()),
            local: url.is_local(),
            segments: url
                .segments()
                .map(|segment| decode_plain(segment.as_str()).bytes)
                .collect(),
            common: Common::default(),
        }
    }

    /// Whether the file is on this machine (host empty or `localhost`).
    pub fn is_local(&self) -> bool {
        self.local
    }

    /// The path's segments, decoded.
    pub fn segments(&self) -> Vec<&[u8]> {
        self.segments.iter().map(AsRef::as_ref).collect()
    }

    /// The path: `/` before each decoded segment (a `%2F` inside a segment gives a `/` that
    /// is no separator: read [`segments`](FileRequest::segments) where that matters).
    pub fn path(&self) -> Vec<u8> {
        let mut path = Vec::new();
        for segment in &self.segments {
            path.push(b'/');
            path.extend_from_slice(segment);
        }
        path
    }

    /// Nothing is sent.
    pub fn lines(&self) -> Vec<Line> {
        Vec::new()
    }

    /// The host the file is on; `None` when empty.
    pub fn host(&self) -> Option<&str> {
        self.host
    }

    /// None: no connection.
    pub fn port(&self) -> Option<u16> {
        None
    }

    /// The local file system; `None` for another host.
    pub fn protocol(&self) -> Option<Protocol> {
        self.local.then_some(Protocol::LocalFile)
    }

    /// No connection.
    pub fn transport(&self) -> Transport {
        Transport::None
    }

    /// An access method, for a file of another host.
    pub fn missing(&self) -> Vec<Missing> {
        match self.local {
            true => Vec::new(),
            false => vec![Missing::AccessMethod],
        }
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        match self.local {
            true => vec!["a file of this machine: read from its file system, nothing sent; how the path maps to file names is the machine's (section 3.10)".to_owned()],
            false => Vec::new(),
        }
    }

    pub(crate) fn scheme(&self) -> &str {
        "file"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = escape_octets(&self.path());
        match (self.local, self.host) {
            (true, _) => write!(f, "the file {path} of this machine"),
            (false, Some(host)) => write!(
                f,
                "the file {path} of the host {host}, by an access method RFC 1738 does not name"
            ),
            (false, None) => write!(f, "the file {path}"),
        }
    }
}
