//! The report of one error alone, with every field a program may want of it: the parse
//! error of an input, or the error of an input that cannot be read as a URL at all. Behind
//! the `serde` feature. The Python package raises its `rfc1738.ParseError` with these
//! fields.

use crate::services::unreadable::UnreadableInput;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::fmt;

/// An error that an input is not a URL reference of a dialect, with all its fields:
/// serializable as a map of `code`, `message`, `offset`, `char_offset`, `line`, `column`,
/// `expected`, `dialect`, `kind` (the production being read, or `null`) and `rendered`
/// (the block of [`ParseError::render`]); `Display` writes the one line of the error's
/// `Display`. The reports ([`ParseReport`](crate::reports::ParseReport), ...) write a shorter
/// error object: `code`, `offset`, `char_offset`, `expected`, `message`.
///
/// An [`UnreadableInput`] (bytes that are not UTF-8, a line too long) has the same
/// fields: no `expected`, its [`render`](UnreadableInput::render), and the kind of URL its
/// valid bytes start with.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::reports::ErrorReport;
/// use rfc1738::unreadable::{Unreadable, UnreadableInput};
///
/// let error = rfc1738::parse("http://info.cern.ch:70000/").unwrap_err();
/// let report = ErrorReport::new(&error);
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!(json["code"], "port-out-of-range");
/// assert_eq!((json["line"].as_u64(), json["column"].as_u64()), (Some(1), Some(21)));
/// assert_eq!(json["kind"], "http");
/// assert_eq!(json["rendered"], error.render());
/// assert_eq!(report.to_string(), error.to_string());
///
/// let input = UnreadableInput::new(b"gopher://h/0caf\xe9", Unreadable::NotUtf8);
/// let report = ErrorReport::unreadable(&input, Dialect::Rfc1630);
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!((json["code"].as_str(), json["dialect"].as_str()), (Some("not-utf-8"), Some("rfc1630")));
/// assert_eq!(json["expected"], serde_json::json!([]));
/// assert_eq!(json["kind"], "gopher");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ErrorReport<'e> {
    error: Source<'e>,
}

/// Which error is reported.
#[derive(Debug, Clone, Copy)]
enum Source<'e> {
    Parse(&'e ParseError),
    Unreadable(&'e UnreadableInput<'e>, Dialect),
}

impl<'e> ErrorReport<'e> {
    /// The report of a parse error.
    pub fn new(error: &'e ParseError) -> ErrorReport<'e> {
        ErrorReport {
            error: Source::Parse(error),
        }
    }

    /// The report of an input that cannot be read as a URL, which `dialect` was to read.
    pub fn unreadable(input: &'e UnreadableInput<'e>, dialect: Dialect) -> ErrorReport<'e> {
        ErrorReport {
            error: Source::Unreadable(input, dialect),
        }
    }
}

impl fmt::Display for ErrorReport<'_> {
    /// The error's one line: `<message> at line L, column C (byte B)` (and `, in
    /// <production>` for a parse error that found a scheme).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            Source::Parse(error) => fmt::Display::fmt(error, f),
            Source::Unreadable(input, _) => fmt::Display::fmt(input, f),
        }
    }
}

impl Serialize for ErrorReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(10))?;
        match self.error {
            Source::Parse(error) => {
                map.serialize_entry("code", error.kind().code())?;
                map.serialize_entry("message", &error.message())?;
                map.serialize_entry("offset", &error.offset())?;
                map.serialize_entry("char_offset", &error.char_offset())?;
                map.serialize_entry("line", &error.line())?;
                map.serialize_entry("column", &error.column())?;
                map.serialize_entry("expected", error.expected())?;
                map.serialize_entry("dialect", error.dialect().name())?;
                map.serialize_entry("kind", &error.url_kind().map(|kind| kind.name()))?;
                map.serialize_entry("rendered", &error.render())?;
            }
            Source::Unreadable(input, dialect) => {
                let char_offset = input.char_offset().unwrap_or(input.offset());
                map.serialize_entry("code", input.code())?;
                map.serialize_entry("message", &input.message())?;
                map.serialize_entry("offset", &input.offset())?;
                map.serialize_entry("char_offset", &char_offset)?;
                map.serialize_entry("line", &input.line())?;
                map.serialize_entry("column", &input.column())?;
                map.serialize_entry("expected", &[(); 0])?;
                map.serialize_entry("dialect", dialect.name())?;
                map.serialize_entry("kind", &input.kind().map(|kind| kind.name()))?;
                map.serialize_entry("rendered", &input.render())?;
            }
        }
        map.end()
    }
}
