//! The explorer's JSON API: `/api/parse`, `/api/tree`, `/api/resolve`, `/api/lint`,
//! `/api/extract`, each by `GET` (a query string) or `POST` (a JSON object). The answers are
//! the library's reports, as the command line prints them with `--json` (without `line`):
//! one home for a report's fields. Every error is `{"error": {"code", "message", ...}}`
//! with a 4xx status.

use super::tree;
use rfc1738::extraction::Extractor;
use rfc1738::reports::{ExtractReport, InputForm, LintReport, ParseReport, ResolveReport};
use rfc1738::resolution::{ResolveError, ResolveMode};
use rfc1738::unreadable::{Unreadable, UnreadableInput};
use rfc1738::Dialect;
use serde::Serialize;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// The longest input (`input`, `context`, `partial`), in bytes.
pub const MAX_INPUT: usize = 64 * 1024;
/// The longest text `/api/extract` reads, in bytes.
pub const MAX_TEXT: usize = 1024 * 1024;
/// The largest request body: the longest text, with room for its JSON escapes.
pub const MAX_BODY: usize = 4 * MAX_TEXT;

/// The forms, as the parameter `form` names them.
const FORMS: [&str; 2] = ["reference", "url"];

/// An HTTP method, as far as the API tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    Other,
}

/// An answer: status, content type, body, and for a 405 the methods allowed.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Cow<'static, [u8]>,
    pub allow: Option<&'static str>,
}

impl Reply {
    /// A JSON answer.
    pub fn json(status: u16, value: &impl serde::Serialize) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: Cow::Owned(serde_json::to_vec(value).expect("reports serialize")),
            allow: None,
        }
    }
}

/// A request's failure: status, code, message, and more fields for the error object.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: &'static str,
    pub message: String,
    pub extra: Map<String, Value>,
}

impl ApiError {
    pub fn new(status: u16, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            extra: Map::new(),
        }
    }

    /// The same error with one more field.
    fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.extra.insert(key.to_owned(), value.into());
        self
    }

    /// `{"error": {"code", "message", ...}}`
    pub fn reply(self) -> Reply {
        let error = ErrorObject {
            code: self.code,
            message: &self.message,
            extra: &self.extra,
        };
        Reply::json(self.status, &ErrorReply { error })
    }
}

/// The body of an error's answer: `{"error": ...}`.
#[derive(Serialize)]
struct ErrorReply<'a> {
    error: ErrorObject<'a>,
}

/// An error object: `code`, `message`, then the fields the error adds (`parameter`,
/// `allowed`, `limit`, ...).
#[derive(Serialize)]
struct ErrorObject<'a> {
    code: &'static str,
    message: &'a str,
    #[serde(flatten)]
    extra: &'a Map<String, Value>,
}

/// One mode's answer of `/api/resolve` without `mode`: the resolution's report, and the
/// result read by RFC 1738.
#[derive(Serialize)]
struct ModeResolution<'a> {
    resolution: &'a ResolveReport<'a>,
    rfc1738: Option<ParseReport<'a>>,
}

/// `/api/resolve` without `mode`: every mode's answer.
#[derive(Serialize)]
struct Resolutions<'a> {
    context: &'a str,
    partial: &'a str,
    modes: Vec<ModeResolution<'a>>,
}

/// The endpoints: path, the parameters they read, and the function answering.
type Handler = fn(&Params) -> Result<Reply, ApiError>;
static ENDPOINTS: [(&str, &[&str], Handler); 7] = [
    ("/api/parse", &["input", "dialect", "form"], parse),
    ("/api/tree", &["input", "dialect", "form"], tree),
    ("/api/resolve", &["context", "partial", "mode"], resolve),
    ("/api/lint", &["input", "dialect"], lint),
    ("/api/extract", &["text", "dialect"], extract),
    ("/api/key", &["input"], key),
    ("/api/timeline", &["input", "base"], timeline),
];

/// Whether `path` is an endpoint of the API.
pub fn is_endpoint(path: &str) -> bool {
    ENDPOINTS.iter().any(|(name, _, _)| *name == path)
}

/// Answers a request to an endpoint (`path` is one: [`is_endpoint`]): its parameters read
/// from the query string (`GET`, `HEAD`) or the JSON body (`POST`).
pub fn answer(method: Method, path: &str, query: &str, body: &[u8]) -> Reply {
    let Some((_, names, handler)) = ENDPOINTS.iter().find(|(name, _, _)| *name == path) else {
        return not_found(path);
    };
    let params = match method {
        Method::Get | Method::Head => Params::from_query(query, names),
        Method::Post => Params::from_json(body, names),
        Method::Other => {
            let mut reply = ApiError::new(
                405,
                "method-not-allowed",
                format!("{path} answers GET and POST"),
            )
            .reply();
            reply.allow = Some("GET, HEAD, POST");
            return reply;
        }
    };
    match params.and_then(|params| handler(&params)) {
        Ok(reply) => reply,
        Err(error) => error.reply(),
    }
}

/// The answer to a path that is neither a page, a diagram nor an endpoint.
pub fn not_found(path: &str) -> Reply {
    let endpoints: Vec<&str> = ENDPOINTS.iter().map(|(name, _, _)| *name).collect();
    ApiError::new(
        404,
        "not-found",
        format!("no such page or endpoint: {path}"),
    )
    .with("endpoints", endpoints)
    .reply()
}

/// The parameters of a request, by name, each text (already checked as UTF-8).
pub struct Params {
    values: Vec<(&'static str, String)>,
}

impl Params {
    /// The parameters of a query string (`a=b&c=d`, `+` for a space, `%XX` escapes): each
    /// known, at most once, UTF-8 once decoded.
    fn from_query(query: &str, names: &[&'static str]) -> Result<Params, ApiError> {
        let mut values = Vec::new();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = utf8("parameter name", form_decode(key))?;
            let name = known(&key, names)?;
            let value = utf8(name, form_decode(value))?;
            push(&mut values, name, value)?;
        }
        Ok(Params { values })
    }

    /// The parameters of a JSON body: an object whose members are known parameters, each
    /// a string.
    fn from_json(body: &[u8], names: &[&'static str]) -> Result<Params, ApiError> {
        if let Err(error) = std::str::from_utf8(body) {
            return Err(not_utf8("the request body", body, error.valid_up_to()));
        }
        let value: Value = serde_json::from_slice(body).map_err(|error| {
            ApiError::new(400, "bad-json", format!("the body is not JSON: {error}"))
        })?;
        let Value::Object(object) = value else {
            return Err(ApiError::new(
                400,
                "bad-json",
                format!(
                    "the body must be a JSON object of parameters ({}), each a string",
                    names.join(", ")
                ),
            ));
        };
        let mut values = Vec::new();
        for (key, value) in object {
            let name = known(&key, names)?;
            match value {
                Value::String(text) => push(&mut values, name, text)?,
                Value::Null => {}
                other => {
                    return Err(ApiError::new(
                        400,
                        "bad-parameter",
                        format!("{name} must be a string, not {other}"),
                    )
                    .with("parameter", name))
                }
            }
        }
        Ok(Params { values })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.as_str())
    }

    /// A parameter that must be there, of at most `max` bytes.
    fn required(&self, name: &'static str, max: usize) -> Result<&str, ApiError> {
        let value = self.get(name).ok_or_else(|| {
            ApiError::new(400, "missing-parameter", format!("{name} is required"))
                .with("parameter", name)
        })?;
        if value.len() > max {
            return Err(ApiError::new(
                413,
                "too-long",
                format!(
                    "{name} is {} bytes long: at most {max} bytes are read",
                    value.len()
                ),
            )
            .with("parameter", name)
            .with("limit", max));
        }
        Ok(value)
    }

    /// `dialect`: rfc1738 (the default), rfc1630 or draft, as the command line reads it.
    fn dialect(&self) -> Result<Dialect, ApiError> {
        let Some(name) = self.get("dialect") else {
            return Ok(Dialect::Rfc1738);
        };
        name.parse::<Dialect>().map_err(|error| {
            ApiError::new(400, "unknown-dialect", error.to_string())
                .with("parameter", "dialect")
                .with("allowed", Dialect::ALL.map(Dialect::name).to_vec())
        })
    }

    /// `form`: reference (the default) or url.
    fn form(&self) -> Result<InputForm, ApiError> {
        match self.get("form").map(str::to_ascii_lowercase).as_deref() {
            None | Some("reference") => Ok(InputForm::Reference),
            Some("url") => Ok(InputForm::Url),
            Some(other) => Err(ApiError::new(
                400,
                "unknown-form",
                format!("unknown form {other:?}: expected reference or url"),
            )
            .with("parameter", "form")
            .with("allowed", FORMS.to_vec())),
        }
    }
}

/// A name among `names`, or the error listing them.
fn known(key: &str, names: &[&'static str]) -> Result<&'static str, ApiError> {
    names
        .iter()
        .find(|name| **name == key)
        .copied()
        .ok_or_else(|| {
            ApiError::new(
                400,
                "unknown-parameter",
                format!("unknown parameter {key:?}: expected {}", names.join(", ")),
            )
            .with("allowed", names.to_vec())
        })
}

fn push(
    values: &mut Vec<(&'static str, String)>,
    name: &'static str,
    value: String,
) -> Result<(), ApiError> {
    if values.iter().any(|(key, _)| *key == name) {
        return Err(
            ApiError::new(400, "duplicate-parameter", format!("{name} is given twice"))
                .with("parameter", name),
        );
    }
    values.push((name, value));
    Ok(())
}

/// The text of decoded bytes, or the CLI's error for bytes that are not UTF-8.
fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, ApiError> {
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        not_utf8(name, error.as_bytes(), at)
    })
}

/// `not-utf-8`: the message of the command line's unreadable input, where (`offset`, in
/// bytes), and which parameter (`parameter`, unless it is the request body).
fn not_utf8(name: &str, bytes: &[u8], offset: usize) -> ApiError {
    let input = UnreadableInput::new(bytes, Unreadable::NotUtf8);
    let error = ApiError::new(400, "not-utf-8", format!("{name}: {}", input.message()))
        .with("offset", offset);
    match name {
        "the request body" => error,
        _ => error.with("parameter", name),
    }
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte; a `%` not
/// followed by two hex digits stands for itself (as browsers read it).
fn form_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| (*b as char).to_digit(16));
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                if let (Some(high), Some(low)) = (hex(i + 1), hex(i + 2)) {
                    out.push((high * 16 + low) as u8);
                    i += 3;
                    continue;
                }
                out.push(b'%');
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    out
}

/// The report of `rfc1738 parse --json` for the input, without `line`.
fn parse(params: &Params) -> Result<Reply, ApiError> {
    let input = params.required("input", MAX_INPUT)?;
    let dialect = params.dialect()?;
    let form = params.form()?;
    let report = ParseReport::of(input, form, form.read(input, dialect));
    Ok(Reply::json(200, &report))
}

/// The report of `rfc1738 key --json` (the scheme-aware key, the surt style's key and what
/// it merges), without `line`.
fn key(params: &Params) -> Result<Reply, ApiError> {
    let input = params.required("input", MAX_INPUT)?;
    Ok(Reply::json(
        200,
        &rfc1738_keys::KeyReport::of(input, rfc1738_keys::Style::Rfc1738),
    ))
}

/// The verdict of each standard on the input in its year and, with a base, the input
/// resolved in every mode: the report of `rfc1738 timeline --json`, without `line`.
fn timeline(params: &Params) -> Result<Reply, ApiError> {
    let input = params.required("input", MAX_INPUT)?;
    let base = params.get("base").filter(|base| !base.is_empty());
    if base.is_some() {
        params.required("base", MAX_INPUT)?;
    }
    Ok(Reply::json(
        200,
        &rfc1738::timeline::TimelineReport::of(input, base),
    ))
}

/// The reading of the input as a rule tree, or its error with the diagram to look at.
fn tree(params: &Params) -> Result<Reply, ApiError> {
    let input = params.required("input", MAX_INPUT)?;
    let dialect = params.dialect()?;
    let form = params.form()?;
    Ok(Reply::json(200, &tree::explain(input, dialect, form)))
}

/// One mode: the report of `rfc1738 resolve --json`, without `line`. No mode: every mode
/// ([`ResolveMode::ALL`]) side by side, each result judged by RFC 1738 (a mode this build
/// lacks answers its `mode-not-built` error in its row).
fn resolve(params: &Params) -> Result<Reply, ApiError> {
    let context = params.required("context", MAX_INPUT)?;
    let partial = params.required("partial", MAX_INPUT)?;
    let modes: Vec<ResolveMode> = match params.get("mode") {
        None => ResolveMode::ALL.to_vec(),
        Some(name) => vec![name.parse::<ResolveMode>().map_err(|error: ResolveError| {
            let code = error.code();
            let allowed: Vec<&str> = ResolveMode::ALL.iter().map(|mode| mode.name()).collect();
            ApiError::new(400, code, error.to_string())
                .with("parameter", "mode")
                .with("allowed", allowed)
        })?],
    };
    if let [mode] = modes.as_slice() {
        return Ok(Reply::json(
            200,
            &ResolveReport::of(
                context,
                partial,
                *mode,
                rfc1738::resolution::resolve(context, partial, *mode),
            ),
        ));
    }
    let reports: Vec<ResolveReport<'_>> = modes
        .iter()
        .map(|mode| {
            ResolveReport::of(
                context,
                partial,
                *mode,
                rfc1738::resolution::resolve(context, partial, *mode),
            )
        })
        .collect();
    let modes: Vec<ModeResolution<'_>> = reports
        .iter()
        .map(|report| ModeResolution {
            resolution: report,
            rfc1738: report.result().as_ref().ok().map(|result| {
                ParseReport::of(
                    result,
                    InputForm::Reference,
                    InputForm::Reference.read(result, Dialect::Rfc1738),
                )
            }),
        })
        .collect();
    Ok(Reply::json(
        200,
        &Resolutions {
            context,
            partial,
            modes,
        },
    ))
}

/// The report of `rfc1738 lint --json`, without `line`.
fn lint(params: &Params) -> Result<Reply, ApiError> {
    let input = params.required("input", MAX_INPUT)?;
    let dialect = params.dialect()?;
    let lint = rfc1738::lint::lint(input, dialect);
    Ok(Reply::json(200, &LintReport::new(input, dialect, &lint)))
}

/// `{"urls": [...]}`: the reports of `rfc1738 extract --json` (`file` is `-`), in order.
fn extract(params: &Params) -> Result<Reply, ApiError> {
    let text = params.required("text", MAX_TEXT)?;
    let extractor = Extractor::new().dialect(params.dialect()?);
    let found: Vec<_> = extractor.extract(text).collect();
    let reports: Vec<ExtractReport<'_, '_>> = found
        .iter()
        .map(|found| ExtractReport::new(None, found))
        .collect();
    Ok(Reply::json(200, &Urls(&reports)))
}

/// `{"urls": [...]}`, written from the reports as they are: a `json!` value of them held
/// every report again as a tree of values (the server's peak was 513 MB for the densest
/// 1 MiB of text, whose answer is 28 MB; 62 MB so, in a debug build).
struct Urls<'a, T>(&'a [T]);

impl<T: serde::Serialize> serde::Serialize for Urls<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("urls", self.0)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(path: &str, query: &str) -> (u16, Value) {
        let reply = answer(Method::Get, path, query, b"");
        (reply.status, serde_json::from_slice(&reply.body).unwrap())
    }

    #[test]
    fn query_strings_decode_as_forms() {
        assert_eq!(form_decode("a+b%2Fc%zz%4"), b"a b/c%zz%4");
        let (status, json) = get("/api/parse", "input=http%3A%2F%2Fh%2Fa+b&dialect=DRAFT");
        assert_eq!(status, 200);
        assert_eq!(json["input"], "http://h/a b");
        assert_eq!(json["dialect"], "draft");
        assert_eq!(json["valid"], true);
    }

    #[test]
    fn keys_in_both_styles() {
        let (status, json) = get("/api/key", "input=telnet://fedix@fedix.fie.com/");
        assert_eq!(status, 200);
        assert_eq!(json["key"], "telnet://(com,fie,fedix,@fedix)");
        assert_eq!(json["surt"], "com,fie,fedix)/");
        assert_eq!(json["merges"], serde_json::json!(["scheme", "login"]));
    }

    #[test]
    fn the_timeline_is_the_command_s_report() {
        let (status, json) = get(
            "/api/timeline",
            "input=g%3Bx%3Fy&base=http://a/b/c/d%3Bp%3Fq",
        );
        assert_eq!(status, 200);
        assert_eq!(json["input"], "g;x?y");
        assert_eq!(json["verdicts"][1]["standard"], "rfc1630");
        assert_eq!(json["verdicts"][1]["valid"], false);
        assert_eq!(json["verdicts"][4]["valid"], true);
        assert_eq!(json["verdicts"][6]["standard"], "whatwg");
        assert_eq!(json["resolutions"][3]["mode"], "cern");
        assert_eq!(json["resolutions"][3]["result"], "http://a/b/c/g;x?y");
        // Without a base: the verdicts only.
        let (_, json) = get("/api/timeline", "input=http://h/");
        assert!(json.get("resolutions").is_none());
        assert!(json.get("base").is_none());
    }

    #[test]
    fn errors_name_the_parameter() {
        let (status, json) = get("/api/parse", "input=x&dialect=rfc3986");
        assert_eq!(status, 400);
        assert_eq!(json["error"]["code"], "unknown-dialect");
        assert_eq!(
            json["error"]["allowed"],
            serde_json::json!(["rfc1738", "rfc1630", "draft", "rfc2396"])
        );
        let (status, json) = get("/api/parse", "input=%FF");
        assert_eq!(
            (status, json["error"]["code"].as_str()),
            (400, Some("not-utf-8"))
        );
        let (status, json) = get("/api/parse", "inptu=x");
        assert_eq!(
            (status, json["error"]["code"].as_str()),
            (400, Some("unknown-parameter"))
        );
        let (status, json) = get("/api/parse", "input=a&input=b");
        assert_eq!(
            (status, json["error"]["code"].as_str()),
            (400, Some("duplicate-parameter"))
        );
        let (status, json) = get("/api/key", "input=x&dialect=rfc1738");
        assert_eq!(
            (status, json["error"]["code"].as_str()),
            (400, Some("unknown-parameter"))
        );
        let (status, json) = get("/api/resolve", "context=http://a/b&partial=c&mode=x");
        assert_eq!(
            (status, json["error"]["code"].as_str()),
            (400, Some("unknown-mode"))
        );
        let reply = answer(Method::Other, "/api/lint", "", b"");
        assert_eq!((reply.status, reply.allow), (405, Some("GET, HEAD, POST")));
        let reply = answer(Method::Post, "/api/lint", "", b"{\"input\": 3}");
        assert_eq!(reply.status, 400);
    }
}
