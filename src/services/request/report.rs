//! The report of a request, as `rfc1738 request --json` prints it and
//! `corpus/requests/cases.jsonl` records it. Behind the `serde` feature.

use super::{Request, RequestRefused};
use crate::ast::reference::UrlReference;
use crate::services::lint::Warning;
use crate::services::report::{InputForm, WarningReport, report_scheme};
use crate::services::unreadable::hex;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// What a client sends for one input, serializable as one line of `rfc1738 request --json`:
/// `input`, `dialect`, `valid`, `kind`, `scheme`, then for a request `protocol` (`null`
/// where there is none), `host`, `port`, `transport` (`tcp`, `udp`, `none`), `sends` (the
/// lines, each with its CR LF, as text; a byte that is not UTF-8 as U+FFFD, and then
/// `sends_hex` holds every line's bytes in hexadecimal), `complete`, `missing` (each
/// `{"code", "message"}`), `refused` (false), `warnings` (the dangerous ones that
/// `allow_dangerous` let through), `description` and `notes`. A refused request has
/// `host` and `port` (of the URL), `refused` (true), `error` (`{"code": "refused",
/// "message"}`) and `warnings` (the dangerous ones, as `rfc1738 lint --json` writes
/// them). An invalid input has `error`, as [`ParseReport`](crate::reports::ParseReport)'s.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions, RequestReport};
///
/// let input = "gopher://gopher.micro.umn.edu/1";
/// let reference = rfc1738::parse_reference(input, Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new());
/// let json = serde_json::to_value(RequestReport::new(input, &reference, &request)).unwrap();
/// assert_eq!(json["sends"], serde_json::json!(["\r\n"]));
/// assert_eq!((json["port"].as_u64(), json["complete"].as_bool()), (Some(70), Some(true)));
///
/// let error = rfc1738::parse_reference("gopher://h:99999/", Dialect::Rfc1738).unwrap_err();
/// let json = serde_json::to_value(RequestReport::invalid("gopher://h:99999/", Dialect::Rfc1738, &error)).unwrap();
/// assert_eq!(json["error"]["code"], "port-out-of-range");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RequestReport<'r> {
    input: &'r str,
    dialect: Dialect,
    outcome: Outcome<'r>,
}

#[derive(Debug, Clone, Copy)]
enum Outcome<'r> {
    Invalid(&'r ParseError),
    Read(
        &'r UrlReference<'r>,
        &'r Result<Request<'r>, RequestRefused>,
    ),
}

impl<'r> RequestReport<'r> {
    /// The report of the request of `reference` (read from `input`), built or refused.
    pub fn new(
        input: &'r str,
        reference: &'r UrlReference<'r>,
        request: &'r Result<Request<'r>, RequestRefused>,
    ) -> RequestReport<'r> {
        RequestReport {
            input,
            dialect: reference.dialect(),
            outcome: Outcome::Read(reference, request),
        }
    }

    /// The report of an input that is no URL reference of `dialect`.
    pub fn invalid(input: &'r str, dialect: Dialect, error: &'r ParseError) -> RequestReport<'r> {
        RequestReport {
            input,
            dialect,
            outcome: Outcome::Invalid(error),
        }
    }
}

impl Serialize for RequestReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("dialect", self.dialect.name())?;
        let (reference, request) = match self.outcome {
            Outcome::Invalid(error) => {
                map.serialize_entry("valid", &false)?;
                map.serialize_entry("kind", &error.url_kind().map(|kind| kind.name()))?;
                let scheme = report_scheme(self.input, self.dialect, InputForm::Reference);
                map.serialize_entry("scheme", &scheme)?;
                map.serialize_entry("error", error)?;
                return map.end();
            }
            Outcome::Read(reference, request) => (reference, request),
        };
        let url = reference.url();
        map.serialize_entry("valid", &true)?;
        map.serialize_entry("kind", url.kind().name())?;
        map.serialize_entry("scheme", url.scheme())?;
        match request {
            Err(refused) => {
                map.serialize_entry("host", &url.host().map(|host| host.as_str()))?;
                map.serialize_entry("port", &url.port().or(url.default_port()))?;
                map.serialize_entry("refused", &true)?;
                map.serialize_entry("error", &Refusal(refused))?;
                map.serialize_entry("warnings", &warning_reports(refused.warnings(), self.input))?;
            }
            Ok(request) => {
                map.serialize_entry("protocol", &request.protocol().map(|p| p.name()))?;
                map.serialize_entry("host", &request.host())?;
                map.serialize_entry("port", &request.port())?;
                map.serialize_entry("transport", request.transport().name())?;
                let lines = request.lines();
                let sends: Vec<_> = lines.iter().map(|line| line.to_str_lossy()).collect();
                map.serialize_entry("sends", &sends)?;
                if lines.iter().any(|line| line.to_str().is_none()) {
                    let hex: Vec<String> = lines.iter().map(|line| hex(line.as_bytes())).collect();
                    map.serialize_entry("sends_hex", &hex)?;
                }
                map.serialize_entry("complete", &request.is_complete())?;
                let missing: Vec<Coded> = request
                    .missing()
                    .into_iter()
                    .map(|missing| Coded(missing.code(), missing.to_string()))
                    .collect();
                map.serialize_entry("missing", &missing)?;
                map.serialize_entry("refused", &false)?;
                map.serialize_entry(
                    "warnings",
                    &warning_reports(request.overridden(), self.input),
                )?;
                map.serialize_entry("description", &request.to_string())?;
                map.serialize_entry("notes", &request.notes())?;
            }
        }
        map.end()
    }
}

/// The reports of `warnings`, found in `input`.
fn warning_reports<'w>(warnings: &'w [Warning], input: &'w str) -> Vec<WarningReport<'w>> {
    warnings
        .iter()
        .map(|warning| WarningReport::new(warning, input))
        .collect()
}

/// `{"code", "message"}`.
struct Coded(&'static str, String);

impl Serialize for Coded {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("code", self.0)?;
        map.serialize_entry("message", &self.1)?;
        map.end()
    }
}

/// A refusal as an error object: `{"code": "refused", "message"}`.
struct Refusal<'r>(&'r RequestRefused);

impl Serialize for Refusal<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Coded("refused", self.0.to_string()).serialize(serializer)
    }
}
