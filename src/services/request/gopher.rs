//! Gopher and Gopher+, RFC 1738 section 3.4 (and draft-ietf-uri-url-03, which has the
//! fullest text on Gopher+ strings and what a client sends for each).

use super::line::{Line, decode_cow, decode_for_line, decode_plain, plus_as_space, split_lines};
use super::terms::{Common, Missing, Protocol, Transport};
use crate::ast::scheme::GopherUrl;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What a gopher client sends for a `gopher` URL to `host:port` (port 70 by default): one
/// line, "the Gopher selector string" (3.4), decoded, then CR LF. The gopher type is not
/// sent: it says what the item is. An empty gopher-path means type `1` (a directory) and
/// the empty selector, so `gopher://host` sends CR LF alone.
///
/// With a search (`%09search`), the selector, a TAB and the search. With a Gopher+ string
/// (`%09search%09gopher+`), "the Gopher selector, followed by a tab and the search string
/// (which may be empty), followed by a tab and the Gopher+ commands" (3.4); the examples
/// the client sends for such URLs (draft-ietf-uri-url-03, and RFC 1738's own lines lost
/// from our copy) hold one TAB where the search is empty: for
/// `...%09%09+application/postscript%20Es_ES` the client sends
/// `a_gopher_selector<tab>+application/postscript Es_ES<cr><lf>`, as the Gopher+ protocol
/// has it: so an empty search is not sent, and a non-empty one is (a
/// choice between the sentence and the examples, for the examples). Each part is decoded:
/// `%20` in `!+ABSTRACT%20+SMELL` is the space between attribute names.
///
/// The Gopher+ string of a filled-out ASK form (`+%091%0D%0A+-1%0D%0A<value>%0D%0A.%0D%0A`)
/// decodes into lines of its own, which are sent as they are (their last CR LF ends the
/// request). `?` (an item with an ASK form to fill in) sends `!+ASK`, the request for the
/// form, and the values are the user's ([`Missing::AskForm`]). A search item (type `7`)
/// without a search needs the user's words ([`Missing::Search`]). In the RFC 1630 dialects
/// a `+` of the draft's `?search` is a space.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{GopherPlus, Request, RequestOptions};
///
/// let request = |text| {
///     let reference = rfc1738::parse_reference(text, Dialect::Rfc1738).unwrap();
///     Request::of_reference(&reference, &RequestOptions::new()).unwrap().bytes()
/// };
/// assert_eq!(request("gopher://gopher.micro.umn.edu/11/Information%20About%20Gopher"), b"1/Information About Gopher\r\n");
/// assert_eq!(request("gopher://host"), b"\r\n");
/// assert_eq!(request("gopher://host/7a_gopher_selector%09foobar"), b"a_gopher_selector\tfoobar\r\n");
/// assert_eq!(request("gopher://host/0a_gopher_selector%09%09!+ABSTRACT%20+SMELL"), b"a_gopher_selector\t!+ABSTRACT +SMELL\r\n");
/// assert_eq!(
///     request("gopher://host/0sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A"),
///     b"sel\t+\t1\r\n+-1\r\nyes\r\n.\r\n"
/// );
///
/// let reference = rfc1738::parse_reference("gopher://host/1dir%09%09$", Dialect::Rfc1738).unwrap();
/// let Request::Gopher(gopher) = Request::of_reference(&reference, &RequestOptions::new()).unwrap() else { unreachable!() };
/// assert_eq!(gopher.gopher_plus_kind(), Some(GopherPlus::DirectoryAttributes));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GopherRequest<'u> {
    host: &'u str,
    port: u16,
    item_type: u8,
    selector: Cow<'u, [u8]>,
    search: Option<Cow<'u, [u8]>>,
    gopher_plus: Option<Cow<'u, [u8]>>,
    pub(crate) common: Common,
}

/// What a Gopher+ string asks for (draft-ietf-uri-url-03's summary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GopherPlus {
    /// `+`, or `+view_name language_name`: the default view, or an alternate view.
    View,
    /// `+...` then TAB `1` and the lines of a filled-out ASK form.
    Form,
    /// `!`, or `!+ATTRIBUTE ...`: all of an item's attributes, or the ones named.
    ItemAttributes,
    /// `$`, or `$+ATTRIBUTE ...`: the attributes of every item of a directory.
    DirectoryAttributes,
    /// `?`: an item with an ASK form for the user to fill in.
    Ask,
    /// Anything else: sent as it is.
    Other,
}

impl<'u> GopherRequest<'u> {
    pub(crate) fn new(url: &'u GopherUrl<'_>, dialect: Dialect) -> GopherRequest<'u> {
        let mut kept = 0;
        let selector = decode_plain(url.selector().as_str());
        kept += selector.kept;
        let search = url.search().map(|search| {
            let text = match dialect {
                Dialect::Rfc1738 => Cow::Borrowed(search.as_str()),
                _ => plus_as_space(search.as_str()),
            };
            let decoded = decode_cow(text);
            kept += decoded.kept;
            decoded.bytes
        });
        let gopher_plus = url.gopher_plus().map(|gopher_plus| {
            let legitimate = crate::services::lint::ask_form_lines(gopher_plus.as_str());
            let decoded = decode_for_line(gopher_plus.as_str(), &*legitimate);
            kept += decoded.kept;
            decoded.bytes
        });
        GopherRequest {
            host: url.host().as_str(),
            port: url.port().unwrap_or(70),
            item_type: url.item_type(),
            selector: selector.bytes,
            search,
            gopher_plus,
            common: Common {
                kept,
                ..Common::default()
            },
        }
    }

    /// The gopher type (decoded; `1` for an empty gopher-path): what the item is, not
    /// sent.
    pub fn item_type(&self) -> u8 {
        self.item_type
    }

    /// The selector, decoded.
    pub fn selector(&self) -> &[u8] {
        &self.selector
    }

    /// The search, decoded; `None` without one.
    pub fn search(&self) -> Option<&[u8]> {
        self.search.as_deref()
    }

    /// The Gopher+ string, decoded; `None` without one.
    pub fn gopher_plus(&self) -> Option<&[u8]> {
        self.gopher_plus.as_deref()
    }

    /// What the Gopher+ string asks for.
    pub fn gopher_plus_kind(&self) -> Option<GopherPlus> {
        let gopher_plus = self.gopher_plus.as_deref()?;
        Some(match gopher_plus.first() {
            Some(b'+') if contains(gopher_plus, b"\t1\r\n") => GopherPlus::Form,
            Some(b'+') => GopherPlus::View,
            Some(b'!') => GopherPlus::ItemAttributes,
            Some(b'$') => GopherPlus::DirectoryAttributes,
            Some(b'?') => GopherPlus::Ask,
            _ => GopherPlus::Other,
        })
    }

    /// The bytes sent: the selector line (and a filled-out form's lines).
    pub fn request_bytes(&self) -> Vec<u8> {
        let mut bytes = self.selector.to_vec();
        let search = self.search.as_deref();
        match (search, self.gopher_plus.as_deref()) {
            (None, None) => {}
            (Some(search), None) => {
                bytes.push(b'\t');
                bytes.extend_from_slice(search);
            }
            (search, Some(gopher_plus)) => {
                if let Some(search) = search.filter(|search| !search.is_empty()) {
                    bytes.push(b'\t');
                    bytes.extend_from_slice(search);
                }
                bytes.push(b'\t');
                match self.gopher_plus_kind() {
                    Some(GopherPlus::Ask) => bytes.extend_from_slice(b"!+ASK"),
                    _ => bytes.extend_from_slice(gopher_plus),
                }
            }
        }
        if !bytes.ends_with(b"\r\n") || self.gopher_plus_kind() != Some(GopherPlus::Form) {
            bytes.extend_from_slice(b"\r\n");
        }
        bytes
    }

    /// The lines sent: one, or a filled-out form's several.
    pub fn lines(&self) -> Vec<Line> {
        split_lines(&self.request_bytes())
    }

    /// The server's host.
    pub fn host(&self) -> Option<&str> {
        Some(self.host)
    }

    /// The port: the URL's, or 70.
    pub fn port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// Gopher, or Gopher+ with a Gopher+ string.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(match self.gopher_plus {
            Some(_) => Protocol::GopherPlus,
            None => Protocol::Gopher,
        })
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The search of a search item (type 7) without one; the values of an ASK form.
    pub fn missing(&self) -> Vec<Missing> {
        let mut missing = Vec::new();
        if self.item_type == b'7' && self.search.is_none() && !self.selector.contains(&b'\t') {
            missing.push(Missing::Search);
        }
        if self.gopher_plus_kind() == Some(GopherPlus::Ask) {
            missing.push(Missing::AskForm);
        }
        missing
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.gopher_plus.is_some() && self.search.as_deref() == Some(b"") {
            notes.push("the empty search is not sent: one TAB before the Gopher+ string, as section 3.4's examples send it (a choice)".to_owned());
        }
        if self.gopher_plus_kind() == Some(GopherPlus::Ask) {
            notes.push("Gopher+ string \"?\": the client first fetches the item's +ASK attribute (sent here), then sends the user's answers with the selector".to_owned());
        }
        if matches!(self.item_type, b'8' | b'T') {
            notes.push(format!(
                "gopher type {}: the item is a {} session (RFC 1436), which a gopher client opens instead, the selector as the login; the line is the one section 3.4 gives",
                char::from(self.item_type),
                if self.item_type == b'8' { "telnet" } else { "tn3270" }
            ));
        }
        notes
    }

    pub(crate) fn scheme(&self) -> &str {
        "gopher"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gopher request for an item of type {}, selector \"{}\"",
            escape_octets(&[self.item_type]),
            escape_octets(&self.selector)
        )?;
        if let Some(search) = &self.search {
            write!(f, ", search \"{}\"", escape_octets(search))?;
        }
        if let Some(gopher_plus) = &self.gopher_plus {
            write!(f, ", Gopher+ \"{}\"", escape_octets(gopher_plus))?;
        }
        Ok(())
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}
