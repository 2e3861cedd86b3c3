//! What a fetch sent and what came back, in order, with the sizes and the time: the report
//! of [`Fetched`](super::Fetched) and of a [`FetchError`](super::FetchError).

use rfc1738::escape_octets;
use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

/// The most events a transcript keeps; later ones are counted, not kept.
pub const MAX_EVENTS: usize = 500;

/// The most bytes of one line a transcript keeps.
const MAX_LINE_KEPT: usize = 1024;

/// One thing that happened on the connections of a fetch.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A connection was opened: to the server (`control`; for FTP the control
    /// connection), or FTP's data connection (`data`).
    Connected {
        /// The address connected to.
        address: SocketAddr,
        /// `control` or `data`.
        purpose: &'static str,
    },
    /// A line sent, its CR LF included. A password is not kept: `hidden` says a
    /// `PASS` line's argument was left out.
    Sent {
        /// The bytes sent (`PASS` without its argument when hidden).
        bytes: Vec<u8>,
        /// Whether the line's argument (a password) is left out.
        hidden: bool,
    },
    /// A line received: a reply, a status line, a header (its end included; at most its
    /// first 1024 bytes kept).
    Received {
        /// The bytes received.
        bytes: Vec<u8>,
        /// The line's length, when longer than what is kept.
        length: usize,
    },
    /// Data received: a body, a listing, an article (counted, not kept).
    Data {
        /// How many bytes came.
        bytes: u64,
    },
    /// What the client did or saw beside the lines (a redirect followed, an address in a
    /// `227` reply not used, a menu without its `.` line).
    Note(String),
}

impl fmt::Display for Event {
    /// One line for a person: `connect`, `->`, `<-`, `data`, `note`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Connected { address, purpose } => write!(f, "connect  {address} ({purpose})"),
            Event::Sent { bytes, hidden } => match hidden {
                true => write!(f, "->       {}(not shown)\\r\\n", escape_octets(bytes)),
                false => write!(f, "->       {}", escape_octets(bytes)),
            },
            Event::Received { bytes, length } => {
                write!(f, "<-       {}", escape_octets(bytes))?;
                match *length > bytes.len() {
                    true => write!(f, "... ({length} bytes)"),
                    false => Ok(()),
                }
            }
            Event::Data { bytes } => write!(f, "<-       ({bytes} bytes of data)"),
            Event::Note(note) => write!(f, "note     {}", escape_octets(note.as_bytes())),
        }
    }
}

/// The events of a fetch, the bytes sent and received, the body's size and the time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Transcript {
    pub(crate) events: Vec<Event>,
    pub(crate) omitted: usize,
    pub(crate) sent_bytes: u64,
    pub(crate) received_bytes: u64,
    pub(crate) body_bytes: u64,
    pub(crate) elapsed: Duration,
}

impl Transcript {
    /// The events, in order (at most 500).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// How many events were not kept (past 500).
    pub fn omitted(&self) -> usize {
        self.omitted
    }

    /// Every byte sent, on every connection.
    pub fn sent_bytes(&self) -> u64 {
        self.sent_bytes
    }

    /// Every byte received, on every connection.
    pub fn received_bytes(&self) -> u64 {
        self.received_bytes
    }

    /// The bytes of the body that reached the output (after the protocol's framing was
    /// taken off).
    pub fn body_bytes(&self) -> u64 {
        self.body_bytes
    }

    /// How long the fetch took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    pub(crate) fn push(&mut self, event: Event) {
        match self.events.len() < MAX_EVENTS {
            true => self.events.push(event),
            false => self.omitted += 1,
        }
    }

    pub(crate) fn sent(&mut self, bytes: &[u8], hidden: bool) {
        self.push(Event::Sent {
            bytes: bytes.to_vec(),
            hidden,
        });
    }

    pub(crate) fn received(&mut self, line: &[u8]) {
        self.push(Event::Received {
            bytes: line[..line.len().min(MAX_LINE_KEPT)].to_vec(),
            length: line.len(),
        });
    }

    pub(crate) fn note(&mut self, note: impl Into<String>) {
        self.push(Event::Note(note.into()));
    }

    /// Adds `bytes` of data to the last event when it is data, else a new data event.
    pub(crate) fn data(&mut self, bytes: u64) {
        match self.events.last_mut() {
            Some(Event::Data { bytes: total }) if self.omitted == 0 => *total += bytes,
            _ => self.push(Event::Data { bytes }),
        }
    }
}
