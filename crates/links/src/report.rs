//! The JSON report of a link (feature `serde`): one line of `rfc1738 links --json` and of
//! the links corpus.

use rfc1738::reports::InRecord;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A link of an HTML document, serializable as one line of `rfc1738 links --json` and of
/// the links corpus (`corpus/links/`): `file`, `line`, `element`, `attribute`, `href`,
/// `result` (null without one), then for a result:
/// - `mode`, the resolution mode that gave it;
/// - `valid` and `kind` of the result by RFC 1738 (for an invalid one, the production it
///   was read by, as in `rfc1738::reports::ParseReport`), and for an invalid one its
///   `error`, the parse error's object (`code`, `offset`, `char_offset`, `expected`,
///   `message`): the reason, as `parse --json` gives it;
/// - `href_valid`: the href as written by RFC 1738 when it is absolute, `null` for a
///   partial form; `href_error` when it is invalid; `changed` (`["host", "port"]` or one of
///   them) when the mode changed the server of an absolute href;
///
/// or, without a result, `error` (`code` and `message`, and `reading` for markup left
/// open); then, when modes are compared ([`LinkLister::compare`](crate::LinkLister::compare)),
/// `compare` (each mode's result, `null` for none), `compare_errors` (the error code of
/// each mode that gave none, only when one did), `differ`, `classes` (of every difference)
/// and `differences` (the classes of each pair of modes that differs, keyed
/// `cern/whatwg`); then `warning` (a relative `BASE HREF` resolved) and `charset`. Behind
/// the `serde` feature.
///
/// ```
/// use rfc1738_links::{LinkLister, LinkReport};
///
/// let links = LinkLister::new()
///     .base("http://info.cern.ch/hypertext/WWW/TheProject.html")
///     .links(r#"<A HREF="Status.html">status</A>"#);
/// let report = LinkReport::new(Some("page.html"), &links[0]);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"file":"page.html","line":1,"element":"a","attribute":"href","href":"Status.html","#
///         .to_owned()
///         + r#""result":"http://info.cern.ch/hypertext/WWW/Status.html","mode":"cern","#
///         + r#""valid":true,"kind":"http","href_valid":null,"charset":"utf-8"}"#
/// );
///
/// // An invalid link says why, and a rewritten one what the mode changed.
/// let links = LinkLister::new().links(
///     r#"<A HREF="http://h/~x">x</A> <A HREF="http://info.cern.ch.:8001/w">w</A>"#,
/// );
/// let json = |link| serde_json::to_value(LinkReport::new(None, link)).unwrap();
/// assert_eq!(json(&links[0])["error"]["code"], "unsafe-character");
/// assert_eq!(json(&links[0])["error"]["offset"], 9);
/// assert_eq!(json(&links[1])["valid"], true);
/// assert_eq!(json(&links[1])["href_valid"], false);
/// assert_eq!(json(&links[1])["href_error"]["code"], "empty-label");
/// assert_eq!(json(&links[1])["changed"], serde_json::json!(["host", "port"]));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LinkReport<'r> {
    file: Option<&'r str>,
    record: Option<InRecord<'r>>,
    link: &'r crate::Link,
}

impl<'r> LinkReport<'r> {
    /// The report of `link`, in the document named `file` (`None` for standard input,
    /// which prints as `"-"`).
    pub fn new(file: Option<&'r str>, link: &'r crate::Link) -> LinkReport<'r> {
        LinkReport {
            file,
            record: None,
            link,
        }
    }

    /// The same report, of a link of a page in a record of a web archive:
    /// `record_offset`, `record_url` and `record_date` follow `file`.
    pub fn in_record(mut self, record: InRecord<'r>) -> LinkReport<'r> {
        self.record = Some(record);
        self
    }
}

impl Serialize for LinkReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// An error or a warning: its code and its message, and for an error that a
        /// reading of the markup left open, that reading (`html2`, `whatwg`).
        struct Coded<'c>(
            &'static str,
            &'c dyn std::fmt::Display,
            Option<&'static str>,
        );
        impl Serialize for Coded<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(None)?;
                map.serialize_entry("code", self.0)?;
                map.serialize_entry("message", &self.1.to_string())?;
                if let Some(reading) = self.2 {
                    map.serialize_entry("reading", reading)?;
                }
                map.end()
            }
        }
        let link = self.link;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("file", self.file.unwrap_or("-"))?;
        if let Some(record) = &self.record {
            record.entries(&mut map)?;
        }
        map.serialize_entry("line", &link.line())?;
        map.serialize_entry("element", link.element())?;
        map.serialize_entry("attribute", &link.attribute())?;
        map.serialize_entry("href", &link.href())?;
        match (link.result(), link.verdict()) {
            (Ok(result), Some(verdict)) => {
                map.serialize_entry("result", result)?;
                map.serialize_entry("mode", &link.mode().map(|mode| mode.name()))?;
                map.serialize_entry("valid", &verdict.is_ok())?;
                let kind = match &verdict {
                    Ok(kind) => Some(*kind),
                    Err(error) => error.url_kind(),
                };
                map.serialize_entry("kind", &kind.map(|kind| kind.name()))?;
                if let Err(error) = verdict {
                    map.serialize_entry("error", error)?;
                }
                let href = link.href_verdict();
                map.serialize_entry("href_valid", &href.map(|verdict| verdict.is_ok()))?;
                if let Some(Err(error)) = href {
                    map.serialize_entry("href_error", error)?;
                }
                if !link.changed().is_empty() {
                    map.serialize_entry("changed", link.changed())?;
                }
            }
            (result, _) => {
                map.serialize_entry("result", &None::<&str>)?;
                if let Err(error) = result {
                    let reading = match error {
                        crate::LinkError::Unclosed { reading, .. } => Some(reading.name()),
                        _ => None,
                    };
                    map.serialize_entry("error", &Coded(error.code(), error, reading))?;
                }
            }
        }
        if let Some(comparison) = link.comparison() {
            comparison.entries(&mut map, crate::LinkError::code)?;
        }
        if let Some(warning) = link.warning() {
            map.serialize_entry("warning", &Coded(warning.code(), warning, None))?;
        }
        map.serialize_entry("charset", link.charset().name())?;
        map.end()
    }
}
