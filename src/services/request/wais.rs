//! WAIS, RFC 1738 section 3.9.

use super::line::{Line, decode_cow, decode_plain, plus_as_space};
use super::terms::{Common, Missing, Protocol, Transport};
use crate::ast::scheme::{WaisForm, WaisUrl};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// What a WAIS client asks of the server at `host:port` (port 210 by default) for a `wais`
/// URL: by its three forms (3.9), the database alone "designates a WAIS database that is
/// available for searching" (the words are the user's: [`Missing::Search`]), with
/// `?search` "a particular search" of it, and with `/wtype/wpath` "a particular document
/// within a WAIS database to be retrieved", the wpath being "the WAIS document-id",
/// opaque, and the wtype its type, which "many WAIS implementations require ... prior to
/// retrieval". Each part is decoded; in the RFC 1630 dialects a `+` of the search is a
/// space ("within the search part '+' stands for a space"); RFC 1738 gives `+` no meaning
/// there, and it stays.
///
/// WAIS speaks Z39.50-1988 with WAIS's extensions: binary, BER-encoded APDUs (an
/// initialization, then a search, whose query for a retrieval is the document-id). The
/// request is described ([`action`](WaisRequest::action)), not written byte for byte:
/// [`lines`](WaisRequest::lines) is empty.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions, WaisAction};
///
/// let reference = rfc1738::parse_reference("wais://quake.think.com/wais-discussion-archives/TEXT/0x1%2Fa", Dialect::Rfc1738).unwrap();
/// let Request::Wais(wais) = Request::of_reference(&reference, &RequestOptions::new()).unwrap() else { unreachable!() };
/// assert_eq!(wais.action(), WaisAction::Retrieve { wtype: b"TEXT", wpath: b"0x1/a" });
/// assert_eq!(wais.to_string(), "a retrieval of the document \"0x1/a\" (WAIS type TEXT) from the WAIS database \"wais-discussion-archives\" on quake.think.com");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaisRequest<'u> {
    host: &'u str,
    port: u16,
    database: Cow<'u, [u8]>,
    form: Form<'u>,
    pub(crate) common: Common,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Form<'u> {
    Database,
    Search(Cow<'u, [u8]>),
    Document {
        wtype: Cow<'u, [u8]>,
        wpath: Cow<'u, [u8]>,
    },
}

/// What a WAIS request asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WaisAction<'r> {
    /// A search of the database: with the URL's query (decoded), or (`None`, the database
    /// form) with the user's words.
    Search {
        /// The query.
        query: Option<&'r [u8]>,
    },
    /// The retrieval of one document.
    Retrieve {
        /// The WAIS type of the document (decoded).
        wtype: &'r [u8],
        /// The document-id (decoded).
        wpath: &'r [u8],
    },
}

impl<'u> WaisRequest<'u> {
    pub(crate) fn new(url: &'u WaisUrl<'_>, dialect: Dialect) -> WaisRequest<'u> {
        let form = match url.form() {
            WaisForm::Database => Form::Database,
            WaisForm::Index { search } => {
                let text = match dialect {
                    Dialect::Rfc1738 => Cow::Borrowed(search.as_str()),
                    _ => plus_as_space(search.as_str()),
                };
                Form::Search(decode_cow(text).bytes)
            }
            WaisForm::Document { wtype, wpath } => Form::Document {
                wtype: decode_plain(wtype.as_str()).bytes,
                wpath: decode_plain(wpath.as_str()).bytes,
            },
        };
        WaisRequest {
            host: url.host().as_str(),
            port: url.port().unwrap_or(210),
            database: decode_plain(url.database().as_str()).bytes,
            form,
            common: Common::default(),
        }
    }

    /// The database's name, decoded.
    pub fn database(&self) -> &[u8] {
        &self.database
    }

    /// What is asked: a search or a retrieval.
    pub fn action(&self) -> WaisAction<'_> {
        match &self.form {
            Form::Database => WaisAction::Search { query: None },
            Form::Search(query) => WaisAction::Search { query: Some(query) },
            Form::Document { wtype, wpath } => WaisAction::Retrieve { wtype, wpath },
        }
    }

    /// Nothing written: the protocol is binary.
    pub fn lines(&self) -> Vec<Line> {
        Vec::new()
    }

    /// The server's host.
    pub fn host(&self) -> Option<&str> {
        Some(self.host)
    }

    /// The port: the URL's, or 210.
    pub fn port(&self) -> Option<u16> {
        Some(self.port)
    }

    /// WAIS.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Wais)
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The search words of the database form.
    pub fn missing(&self) -> Vec<Missing> {
        match self.form {
            Form::Database => vec![Missing::Search],
            _ => Vec::new(),
        }
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        vec!["WAIS speaks Z39.50-1988 with WAIS's extensions, binary APDUs: the request is described, not written".to_owned()]
    }

    pub(crate) fn scheme(&self) -> &str {
        "wais"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let database = escape_octets(&self.database);
        match self.action() {
            WaisAction::Search { query: None } => write!(
                f,
                "a search of the WAIS database \"{database}\" on {} with the user's words",
                self.host
            ),
            WaisAction::Search { query: Some(query) } => write!(
                f,
                "a search of the WAIS database \"{database}\" on {} for \"{}\"",
                self.host,
                escape_octets(query)
            ),
            WaisAction::Retrieve { wtype, wpath } => write!(
                f,
                "a retrieval of the document \"{}\" (WAIS type {}) from the WAIS database \"{database}\" on {}",
                escape_octets(wpath),
                escape_octets(wtype),
                self.host
            ),
        }
    }
}
