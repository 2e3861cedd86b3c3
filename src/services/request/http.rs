//! HTTP, RFC 1738 section 3.3, sent as the HTTP/1.0 clients of 1994 sent it.

use super::line::{Line, line};
use super::terms::{Common, Missing, Protocol, RequestOptions, Transport};
use crate::ast::scheme::HttpUrl;
use std::fmt;

/// What an HTTP client sends for an `http` URL to `host:port` (port 80 by default): the
/// request line `GET /path?search HTTP/1.0` and the empty line that ends a request without
/// headers, each ended by CR LF.
///
/// Section 3.3 says only that the path "is an HTTP selector" and the search "a query
/// string"; what is sent comes from the HTTP of the time. The path and the search are sent
/// as written, escapes and all, not decoded: "The path is passed by the client to the
/// server with any request, but is not otherwise understood by the client"
/// (draft-ietf-uri-url-03), and the request line carries the URL's own form, so an escaped
/// CR or LF stays three characters. "No fragmentid part of a WWW URI (the hash sign and
/// following) is sent"; a URL without a path asks for `/`. "Spaces and control characters in
/// URLs must be escaped for transmission in HTTP": the draft-www-uri-00 dialect allows a
/// space in a path, sent as `%20`.
///
/// No header is sent: a `Host:` header is HTTP/1.1's (RFC 2068, 1997), which the clients of
/// 1994 did not send; [`RequestOptions::http_host_header`] adds one (`Host: host`, with
/// `:port` when the URL names a port other than 80), for today's servers of many names.
/// `User-Agent`, `Accept` and the like say what the client is, not what the URL asks.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions};
///
/// let reference = rfc1738::parse_reference("http://www.w3.org/hypertext/WWW/Addressing?url+syntax#top", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
/// assert_eq!(request.bytes(), b"GET /hypertext/WWW/Addressing?url+syntax HTTP/1.0\r\n\r\n");
///
/// let reference = rfc1738::parse_reference("http://info.cern.ch:8001", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new().http_host_header(true)).unwrap();
/// assert_eq!(request.bytes(), b"GET / HTTP/1.0\r\nHost: info.cern.ch:8001\r\n\r\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest<'u> {
    host: &'u str,
    port: u16,
    port_written: bool,
    request_uri: String,
    host_header: bool,
    pub(crate) common: Common,
}

impl<'u> HttpRequest<'u> {
    pub(crate) fn new(url: &'u HttpUrl<'_>, options: &RequestOptions) -> HttpRequest<'u> {
        // The path and search as written, after a "/".
        let request_uri = match (url.url_path(), url.search()) {
            (Some(path), _) => format!("/{path}"),
            (None, Some(search)) => format!("/?{search}"),
            (None, None) => "/".to_owned(),
        };
        let request_uri = match request_uri.contains(' ') {
            true => request_uri.replace(' ', "%20"),
            false => request_uri,
        };
        HttpRequest {
            host: url.host().as_str(),
            port: url.port().unwrap_or(80),
            port_written: url.port().is_some_and(|port| port != 80),
            request_uri,
            host_header: options.http_host_header,
            common: Common::default(),
        }
    }

    /// The Request-URI of the request line: `/`, the path and `?search`, as written.
    pub fn request_uri(&self) -> &str {
        &self.request_uri
    }

    /// The request line, the `Host:` header when asked for, and the empty line.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = vec![line(&[b"GET ", self.request_uri.as_bytes(), b" HTTP/1.0"])];
        if self.host_header {
            let port = match self.port_written {
                true => format!(":{}", self.port),
                false => String::new(),
            };
            lines.push(line(&[b"Host: ", self.host.as_bytes(), port.as_bytes()]));
        }
        lines.push(line(&[]));
        lines
    }

    /// The server's host.
    pub fn host(&self) -> Option<&str> {
        Some(self.host)
    }

    /// The port: the URL's, or 80.
    pub fn port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// HTTP/1.0.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Http10)
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// Nothing: an http URL says all a GET needs.
    pub fn missing(&self) -> Vec<Missing> {
        Vec::new()
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        let mut notes = vec![
            "the path and search are sent as written (not decoded); a fragment is never sent"
                .to_owned(),
        ];
        if !self.host_header {
            notes.push("no Host header: HTTP/1.1's (RFC 2068), which the HTTP/1.0 clients of 1994 did not send (RequestOptions::http_host_header, the command's --http-host, adds it)".to_owned());
        }
        notes
    }

    pub(crate) fn scheme(&self) -> &str {
        "http"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HTTP/1.0 GET of {}", self.request_uri)
    }
}
