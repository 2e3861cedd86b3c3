//! The report of a fetch, as `rfc1738 fetch --json` prints it on standard error. Behind
//! the `serde` feature.

use super::error::FetchError;
use super::outcome::Fetched;
use super::transcript::{Event, Transcript};
use rfc1738::unreadable::hex;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// One fetch, serializable as the JSON object of `rfc1738 fetch --json`: `input`, `ok`,
/// then for a fetch that succeeded `url` (the last one, after redirects), `status`,
/// `media_type`, `redirects`, or for one that failed `error` (`{"code", "message"}`);
/// and in both cases `transcript` (each event an object: `{"event": "connect",
/// "address", "purpose"}`, `{"event": "sent", "line"}` (with `"hidden": true` where a
/// password was left out), `{"event": "received", "line"}` (with `length` when the line
/// was longer than what is kept, `line_hex` when it is not UTF-8), `{"event": "data",
/// "bytes"}`, `{"event": "note", "text"}`), `omitted` (events not kept), `sent_bytes`,
/// `received_bytes`, `body_bytes` and `elapsed_ms`.
///
/// ```
/// use rfc1738_fetch::{FetchReport, Fetcher};
///
/// let result = Fetcher::new().fetch("telnet://host/", &mut std::io::sink());
/// let json = serde_json::to_value(FetchReport::new("telnet://host/", &result)).unwrap();
/// assert_eq!(json["ok"], false);
/// assert_eq!(json["error"]["code"], "unsupported");
/// assert_eq!(json["transcript"], serde_json::json!([]));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct FetchReport<'r> {
    input: &'r str,
    result: &'r Result<Fetched, FetchError>,
}

impl<'r> FetchReport<'r> {
    /// The report of fetching `input`.
    pub fn new(input: &'r str, result: &'r Result<Fetched, FetchError>) -> FetchReport<'r> {
        FetchReport { input, result }
    }
}

impl Serialize for FetchReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("ok", &self.result.is_ok())?;
        let transcript = match self.result {
            Ok(fetched) => {
                map.serialize_entry("url", fetched.url())?;
                map.serialize_entry("status", &fetched.status())?;
                map.serialize_entry("media_type", &fetched.media_type())?;
                map.serialize_entry("redirects", fetched.redirects())?;
                fetched.transcript()
            }
            Err(error) => {
                map.serialize_entry("error", &ErrorEntry(error))?;
                error.transcript()
            }
        };
        map.serialize_entry("transcript", &Events(transcript))?;
        map.serialize_entry("omitted", &transcript.omitted())?;
        map.serialize_entry("sent_bytes", &transcript.sent_bytes())?;
        map.serialize_entry("received_bytes", &transcript.received_bytes())?;
        map.serialize_entry("body_bytes", &transcript.body_bytes())?;
        map.serialize_entry("elapsed_ms", &(transcript.elapsed().as_secs_f64() * 1000.0))?;
        map.end()
    }
}

struct ErrorEntry<'e>(&'e FetchError);

impl Serialize for ErrorEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("code", self.0.code())?;
        map.serialize_entry("message", &self.0.to_string())?;
        map.end()
    }
}

struct Events<'t>(&'t Transcript);

impl Serialize for Events<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.events().iter().map(EventEntry))
    }
}

struct EventEntry<'e>(&'e Event);

impl Serialize for EventEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self.0 {
            Event::Connected { address, purpose } => {
                map.serialize_entry("event", "connect")?;
                map.serialize_entry("address", &address.to_string())?;
                map.serialize_entry("purpose", purpose)?;
            }
            Event::Sent { bytes, hidden } => {
                map.serialize_entry("event", "sent")?;
                map.serialize_entry("line", &String::from_utf8_lossy(bytes))?;
                if *hidden {
                    map.serialize_entry("hidden", &true)?;
                }
                if std::str::from_utf8(bytes).is_err() {
                    map.serialize_entry("line_hex", &hex(bytes))?;
                }
            }
            Event::Received { bytes, length } => {
                map.serialize_entry("event", "received")?;
                map.serialize_entry("line", &String::from_utf8_lossy(bytes))?;
                if *length > bytes.len() {
                    map.serialize_entry("length", length)?;
                }
                if std::str::from_utf8(bytes).is_err() {
                    map.serialize_entry("line_hex", &hex(bytes))?;
                }
            }
            Event::Data { bytes } => {
                map.serialize_entry("event", "data")?;
                map.serialize_entry("bytes", bytes)?;
            }
            Event::Note(text) => {
                map.serialize_entry("event", "note")?;
                map.serialize_entry("text", text)?;
            }
        }
        map.end()
    }
}
