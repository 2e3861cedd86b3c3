//! The report format: one JSON object per input, as `rfc1738 parse --json` prints it and as
//! the corpus (`corpus/*.jsonl`) records it. Behind the `serde` feature.
//!
//! Every text field is the raw text of the URL (escapes not decoded). The fields are
//! documented in `corpus/README.md`.

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::services::extract::Found;
use crate::services::lint::{Lint, Warning, WarningKind};
use crate::services::resolve::{ResolveError, ResolveMode};
use crate::services::serialize::reference_entries;
use crate::services::unreadable::{UnreadableInput, hex};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// Which question a report answers of its input: is it a URL reference, or a URL alone?
/// Reports say so as `form`.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::reports::{InputForm, ParseReport};
///
/// let input = "URL:http://h/a#top";
/// // A URL reference: the prefix "URL:" and a "#fragment" are allowed around the URL.
/// let form = InputForm::Reference;
/// assert!(ParseReport::of(input, form, form.read(input, Dialect::Rfc1738)).is_valid());
/// // A URL alone (what `rfc1738::parse` reads): neither is.
/// let form = InputForm::Url;
/// let url = ParseReport::of(input, form, form.read(input, Dialect::Rfc1738));
/// assert_eq!(url.form(), InputForm::Url);
/// assert!(!url.is_valid());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputForm {
    /// A URL reference as it stands in a document, `[URL:] url [#fragment]`
    /// ([`parse_reference`](crate::parse_reference)): what `rfc1738 parse` reads by default.
    Reference,
    /// A URL alone, without prefix or fragment ([`parse`](crate::parse),
    /// [`Url::parse_in`](crate::Url::parse_in)): `rfc1738 parse --url-only`.
    Url,
}

impl InputForm {
    /// Reads `input` in this form by the grammar of `dialect`: a reference by
    /// [`parse_reference`](crate::parse_reference), or a URL alone by
    /// [`Url::parse_in`](crate::Url::parse_in) (a valid one as a reference without prefix
    /// and fragment). The parse a [`ParseReport`] is made of.
    pub fn read(self, input: &str, dialect: Dialect) -> Result<UrlReference<'_>, ParseError> {
        match self {
            InputForm::Reference => crate::facade::parse_reference(input, dialect),
            InputForm::Url => Url::parse_in(input, dialect)
                .map(|url| crate::ast::reference::new(dialect, input, false, url, None)),
        }
    }

    /// `reference` or `url`, as reports write it.
    pub fn name(self) -> &'static str {
        match self {
            InputForm::Reference => "reference",
            InputForm::Url => "url",
        }
    }
}

/// The result of parsing one input, serializable as the CLI's and the corpus's JSON object.
///
/// ```
/// use rfc1738::reports::{InputForm, ParseReport};
/// use rfc1738::Dialect;
///
/// let form = InputForm::Reference;
/// let input = "news:comp.infosystems.www";
/// let report = ParseReport::of(input, form, form.read(input, Dialect::Rfc1738));
/// assert!(report.is_valid());
///
/// let input = "http://info.cern.ch/a b";
/// let draft = ParseReport::of(input, form, form.read(input, Dialect::DraftWwwUri00));
/// assert!(draft.is_valid());
/// assert_eq!(draft.result().as_ref().unwrap().dialect(), Dialect::DraftWwwUri00);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseReport<'i> {
    input: &'i str,
    dialect: Dialect,
    form: InputForm,
    result: Result<UrlReference<'i>, ParseError>,
}

impl<'i> ParseReport<'i> {
    /// The report of `input` read in `form`, from its result (as [`InputForm::read`]
    /// gives it: the report parses nothing); the dialect is the result's.
    pub fn of(
        input: &'i str,
        form: InputForm,
        result: Result<UrlReference<'i>, ParseError>,
    ) -> ParseReport<'i> {
        let dialect = match &result {
            Ok(reference) => reference.dialect(),
            Err(error) => error.dialect(),
        };
        ParseReport {
            input,
            dialect,
            form,
            result,
        }
    }

    /// Which question was asked of the input.
    pub fn form(&self) -> InputForm {
        self.form
    }

    /// Whether the input is a valid URL reference.
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// The parse result.
    pub fn result(&self) -> &Result<UrlReference<'i>, ParseError> {
        &self.result
    }

    /// The `scheme` the report writes for an invalid input: the scheme it starts with
    /// (after the prefix `URL:` where the dialect reads one in a reference), by the
    /// dialect's rule for a scheme, in lower case; `None` for a valid input (whose scheme
    /// is its URL's) and for an input that starts with none.
    ///
    /// ```
    /// use rfc1738::reports::{InputForm, ParseReport};
    /// use rfc1738::Dialect;
    ///
    /// let form = InputForm::Reference;
    /// let input = "URL:HTTP://h/a b";
    /// let report = ParseReport::of(input, form, form.read(input, Dialect::Rfc1738));
    /// assert_eq!(report.invalid_scheme().as_deref(), Some("http"));
    /// ```
    pub fn invalid_scheme(&self) -> Option<String> {
        match self.result {
            Ok(_) => None,
            Err(_) => report_scheme(self.input, self.dialect, self.form),
        }
    }
}

impl Serialize for ParseReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("dialect", self.dialect.name())?;
        map.serialize_entry("form", self.form.name())?;
        map.serialize_entry("valid", &self.result.is_ok())?;
        match &self.result {
            Ok(reference) => reference_entries(reference, &mut map)?,
            Err(error) => {
                let kind = error.url_kind().map(|kind| kind.name());
                let scheme = self.invalid_scheme();
                map.serialize_entry("kind", &kind)?;
                map.serialize_entry("scheme", &scheme)?;
                map.serialize_entry("error", error)?;
            }
        }
        map.end()
    }
}

/// The scheme an invalid input starts with (after the prefix `URL:`, where the dialect
/// reads one and a reference may have one), by the dialect's rule for a scheme, in lower
/// case.
pub(crate) fn report_scheme(input: &str, dialect: Dialect, form: InputForm) -> Option<String> {
    let prefix = match form {
        InputForm::Reference => dialect.prefix_len(input),
        InputForm::Url => 0,
    };
    let unprefixed = &input[prefix..];
    let len = dialect.scheme_len(unprefixed)?;
    Some(unprefixed[..len].to_ascii_lowercase())
}

/// The section 6 checks of one input, serializable as one line of `rfc1738 lint --json` and
/// of `corpus/lint/cases.jsonl`: `input`, `dialect`, `valid`, `kind` (for an invalid input,
/// the production it was read by), `error` (only when invalid), `warnings`, each
/// `{"kind", "severity", "component", "start", "end", "message"}` (and, for
/// `cross-protocol`, `line_break`: the offset of the first encoded line break), and
/// `omitted_warnings` (only when some escaped-delimiter warnings were counted and not
/// kept: see [`Lint::MAX_DELIMITER_WARNINGS`](crate::lint::Lint::MAX_DELIMITER_WARNINGS)).
///
/// ```
/// let lint = rfc1738::lint::lint("telnet://h:2323/", rfc1738::Dialect::Rfc1738);
/// let report = rfc1738::reports::LintReport::new("telnet://h:2323/", rfc1738::Dialect::Rfc1738, &lint);
/// # let _ = report;
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LintReport<'r> {
    input: &'r str,
    dialect: Dialect,
    lint: &'r Lint,
}

impl<'r> LintReport<'r> {
    /// The report of `lint`, the checks of `input` read by `dialect`.
    pub fn new(input: &'r str, dialect: Dialect, lint: &'r Lint) -> LintReport<'r> {
        LintReport {
            input,
            dialect,
            lint,
        }
    }
}

impl Serialize for LintReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let lint = self.lint;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("dialect", self.dialect.name())?;
        map.serialize_entry("form", InputForm::Reference.name())?;
        map.serialize_entry("valid", &lint.is_valid())?;
        let kind = lint
            .kind()
            .or_else(|| lint.error().and_then(ParseError::url_kind));
        map.serialize_entry("kind", &kind.map(|kind| kind.name()))?;
        if let Some(error) = lint.error() {
            map.serialize_entry("error", error)?;
        }
        let warnings: Vec<WarningReport<'_>> = lint
            .warnings()
            .iter()
            .map(|warning| WarningReport::new(warning, self.input))
            .collect();
        map.serialize_entry("warnings", &warnings)?;
        if lint.omitted() > 0 {
            map.serialize_entry("omitted_warnings", &lint.omitted())?;
        }
        map.end()
    }
}

/// One warning of the section 6 checks, serializable as a warning of [`LintReport`]:
/// `kind`, `severity`, `component`, `start`, `end` (bytes of the input), `char_start`,
/// `char_end` (the same in characters), `line_break` (`cross-protocol` only: the offset
/// of the first encoded line break) and `message`.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::reports::WarningReport;
///
/// let input = "telnet://h:2323/";
/// let lint = rfc1738::lint::lint(input, Dialect::Rfc1738);
/// let report = WarningReport::new(&lint.warnings()[0], input);
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!((json["kind"].as_str(), json["severity"].as_str()), (Some("non-default-port"), Some("warning")));
/// assert_eq!((json["start"].as_u64(), json["char_end"].as_u64()), (Some(11), Some(15)));
/// assert!(json.get("line_break").is_none());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct WarningReport<'w> {
    warning: &'w Warning,
    input: &'w str,
}

impl<'w> WarningReport<'w> {
    /// The report of `warning`, one of the checks of `input` (in which its span's
    /// offsets are counted in characters as well).
    pub fn new(warning: &'w Warning, input: &'w str) -> WarningReport<'w> {
        WarningReport { warning, input }
    }
}

impl Serialize for WarningReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let warning = self.warning;
        let span = warning.span();
        let chars = |at: usize| {
            self.input
                .get(..at)
                .map_or(at, |before| before.chars().count())
        };
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", warning.kind().name())?;
        map.serialize_entry("severity", warning.severity().name())?;
        map.serialize_entry("component", warning.component())?;
        map.serialize_entry("start", &span.start)?;
        map.serialize_entry("end", &span.end)?;
        map.serialize_entry("char_start", &chars(span.start))?;
        map.serialize_entry("char_end", &chars(span.end))?;
        if let WarningKind::CrossProtocol { line_break, .. } = warning.kind() {
            map.serialize_entry("line_break", &line_break)?;
        }
        map.serialize_entry("message", warning.message())?;
        map.end()
    }
}

/// The record of a web archive (ARC or WARC) a page or text came from, as the reports of
/// its links (`rfc1738_links::LinkReport::in_record`) and URLs ([`ExtractReport::in_record`]) carry it:
/// `record_offset` (the record's offset in the file, or its gzip member's), `record_url`
/// (`WARC-Target-URI` or the ARC header's URL; null without one) and `record_date`
/// (`WARC-Date`, or the ARC date as ISO 8601; null without one).
///
/// ```
/// use rfc1738::reports::{ExtractReport, InRecord};
///
/// let found = rfc1738::extraction::extract("see http://info.cern.ch/").next().unwrap();
/// let record = InRecord {
///     offset: 1207,
///     url: Some("http://info.cern.ch/notes.txt"),
///     date: Some("1996-09-23T14:21:03Z"),
/// };
/// let json = serde_json::to_string(&ExtractReport::new(Some("crawl.warc"), &found).in_record(record)).unwrap();
/// assert!(json.starts_with(
///     r#"{"file":"crawl.warc","record_offset":1207,"record_url":"http://info.cern.ch/notes.txt","record_date":"1996-09-23T14:21:03Z","start":4,"#
/// ));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InRecord<'r> {
    /// The record's offset in its file (in a gzip'd file, its gzip member's).
    pub offset: u64,
    /// Its URL.
    pub url: Option<&'r str>,
    /// Its date.
    pub date: Option<&'r str>,
}

impl InRecord<'_> {
    /// Writes its entries, `record_offset`, `record_url` and `record_date`, into a
    /// report's map (the one way every report, here and in the crates built on this one,
    /// places an answer in a record).
    pub fn entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry("record_offset", &self.offset)?;
        map.serialize_entry("record_url", &self.url)?;
        map.serialize_entry("record_date", &self.date)
    }
}

/// A URL found in text, serializable as one line of `rfc1738 extract --json` and of the
/// extraction corpus (`corpus/extract/`): `file`, `start`, `end`, `line`, `column`,
/// `found`, `url`, `wrapper`, `prefixed`, `hyphen_break`, `alternative` and
/// `alternative_valid` (only when `hyphen_break`), `valid`, `kind` (for an invalid URL, the
/// production it was read by, as in [`ParseReport`]), and `error` (only when not valid).
///
/// ```
/// let found = rfc1738::extraction::extract("see <URL:news:comp.infosystems.www>").next().unwrap();
/// let report = rfc1738::reports::ExtractReport::new(Some("notes.txt"), &found);
/// # let _ = report;
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ExtractReport<'r, 't> {
    file: Option<&'r str>,
    record: Option<InRecord<'r>>,
    found: &'r Found<'t>,
}

impl<'r, 't> ExtractReport<'r, 't> {
    /// The report of `found`, in the text named `file` (`None` for standard input, which
    /// prints as `"-"`).
    pub fn new(file: Option<&'r str>, found: &'r Found<'t>) -> ExtractReport<'r, 't> {
        ExtractReport {
            file,
            record: None,
            found,
        }
    }

    /// The same report, of a URL found in a record of a web archive: `record_offset`,
    /// `record_url` and `record_date` follow `file`.
    pub fn in_record(mut self, record: InRecord<'r>) -> ExtractReport<'r, 't> {
        self.record = Some(record);
        self
    }
}

impl Serialize for ExtractReport<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let found = self.found;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("file", self.file.unwrap_or("-"))?;
        if let Some(record) = &self.record {
            record.entries(&mut map)?;
        }
        map.serialize_entry("start", &found.start())?;
        map.serialize_entry("end", &found.end())?;
        map.serialize_entry("line", &found.line())?;
        map.serialize_entry("column", &found.column())?;
        map.serialize_entry("char_start", &found.char_start())?;
        map.serialize_entry("char_end", &found.char_end())?;
        map.serialize_entry("char_column", &found.char_column())?;
        map.serialize_entry("found", found.found())?;
        if let Some(bytes) = found.found_bytes() {
            map.serialize_entry("found_hex", &hex(bytes))?;
        }
        map.serialize_entry("url", found.url())?;
        map.serialize_entry("wrapper", found.wrapper().name())?;
        map.serialize_entry("prefixed", &found.is_prefixed())?;
        map.serialize_entry("hyphen_break", &found.hyphen_break())?;
        if let (Some(alternative), Some(valid)) = (found.alternative(), found.alternative_valid()) {
            map.serialize_entry("alternative", alternative)?;
            map.serialize_entry("alternative_valid", &valid)?;
        }
        map.serialize_entry("valid", &found.is_valid())?;
        // As in the parse report: for an invalid URL, the production it was read by.
        let kind = found
            .kind()
            .or_else(|| found.error().and_then(ParseError::url_kind));
        map.serialize_entry("kind", &kind.map(|kind| kind.name()))?;
        if let Some(error) = found.error() {
            map.serialize_entry("error", error)?;
        }
        map.end()
    }
}

/// A URL reference at one encoding level, serializable as one line of `rfc1738 normalize
/// --json`: `input`, `form` (`reference`), `valid`, `normalized`; for an invalid input, its
/// [`ParseReport`] (with the `error`).
///
/// ```
/// use rfc1738::reports::{InputForm, NormalizeReport, ParseReport};
/// use rfc1738::Dialect;
///
/// let input = "HTTP://H:80/a%2db#f";
/// let parsed = ParseReport::of(input, InputForm::Reference, InputForm::Reference.read(input, Dialect::Rfc1738));
/// let normalized = parsed.result().as_ref().ok().map(|reference| reference.normalize().to_string());
/// let report = NormalizeReport::of(parsed, normalized);
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"input":"HTTP://H:80/a%2db#f","form":"reference","valid":true,"normalized":"http://h/a-b#f"}"#
/// );
/// ```
#[derive(Debug, Clone)]
pub struct NormalizeReport<'i> {
    report: ParseReport<'i>,
    normalized: Option<String>,
}

impl<'i> NormalizeReport<'i> {
    /// The report of an input's parse and, when it is valid, the reference at one
    /// encoding level ([`normalize_reference`](crate::normalize_reference)), both
    /// computed already.
    pub fn of(report: ParseReport<'i>, normalized: Option<String>) -> NormalizeReport<'i> {
        NormalizeReport { report, normalized }
    }

    /// The reference at one encoding level, when it is valid.
    pub fn normalized(&self) -> Option<&str> {
        self.normalized.as_deref()
    }

    /// The parse report of the input.
    pub fn parse_report(&self) -> &ParseReport<'i> {
        &self.report
    }
}

impl Serialize for NormalizeReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some(normalized) = &self.normalized else {
            return self.report.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("input", self.report.input)?;
        map.serialize_entry("form", self.report.form.name())?;
        map.serialize_entry("valid", &true)?;
        map.serialize_entry("normalized", normalized)?;
        map.end()
    }
}

/// A partial form resolved in a context, serializable as one line of `rfc1738 resolve
/// --json` and of `corpus/resolve/`: `context`, `partial`, `mode`, and `result` or `error`
/// (`code`, `message`).
///
/// ```
/// use rfc1738::resolution::ResolveMode;
/// use rfc1738::reports::ResolveReport;
///
/// let (context, partial, mode) = ("http://a/b/c", "../g", ResolveMode::Rfc1808);
/// let report = ResolveReport::of(context, partial, mode, rfc1738::resolution::resolve(context, partial, mode));
/// assert_eq!(report.result().as_deref().ok(), Some("http://a/g"));
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"context":"http://a/b/c","partial":"../g","mode":"rfc1808","result":"http://a/g"}"#
/// );
/// ```
#[derive(Debug, Clone)]
pub struct ResolveReport<'i> {
    context: &'i str,
    partial: &'i str,
    mode: ResolveMode,
    result: Result<String, ResolveError>,
}

impl<'i> ResolveReport<'i> {
    /// The report of `partial` resolved in `context` by `mode`, from its result (as
    /// [`resolve`](crate::resolution::resolve) gives it).
    pub fn of(
        context: &'i str,
        partial: &'i str,
        mode: ResolveMode,
        result: Result<String, ResolveError>,
    ) -> ResolveReport<'i> {
        ResolveReport {
            context,
            partial,
            mode,
            result,
        }
    }

    /// The absolute form, or why there is none.
    pub fn result(&self) -> &Result<String, ResolveError> {
        &self.result
    }
}

impl Serialize for ResolveReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("context", self.context)?;
        map.serialize_entry("partial", self.partial)?;
        map.serialize_entry("mode", self.mode.name())?;
        match &self.result {
            Ok(result) => map.serialize_entry("result", result)?,
            Err(error) => map.serialize_entry(
                "error",
                &CodedEntry {
                    code: error.code(),
                    message: error.to_string(),
                },
            )?,
        }
        map.end()
    }
}

/// `{"code", "message"}`
struct CodedEntry {
    code: &'static str,
    message: String,
}

impl Serialize for CodedEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("code", self.code)?;
        map.serialize_entry("message", &self.message)?;
        map.end()
    }
}

/// The report of an input that cannot be read as a URL at all ([`UnreadableInput`]: not
/// UTF-8, or a line too long), in the shape of a mode's report, with the error object of
/// the others (`code` `not-utf-8` or `line-too-long`, `offset`, `char_offset`, an empty
/// `expected`, `message`) and, when the input was not UTF-8, `input_hex`: its bytes in
/// hexadecimal, which the `input` shown (U+FFFD for each byte that is not UTF-8) has lost.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::reports::{InputForm, UnreadableReport};
/// use rfc1738::unreadable::{Unreadable, UnreadableInput};
///
/// let input = UnreadableInput::new(b"http://h/caf\xe9", Unreadable::NotUtf8);
/// let report = UnreadableReport::parse(&input, Dialect::Rfc1738, InputForm::Reference);
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!(json["input"], "http://h/caf\u{fffd}");
/// assert_eq!(json["input_hex"], "687474703a2f2f682f636166e9");
/// assert_eq!(json["error"]["code"], "not-utf-8");
/// assert_eq!(json["kind"], "http");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct UnreadableReport<'r> {
    input: &'r UnreadableInput<'r>,
    shape: Shape,
}

/// Which mode's report an unreadable input is reported as.
#[derive(Debug, Clone, Copy)]
enum Shape {
    Parse(Dialect, InputForm),
    Lint(Dialect),
    Resolve(ResolveMode),
}

impl<'r> UnreadableReport<'r> {
    /// As a [`ParseReport`] (and `rfc1738 normalize`'s, with RFC 1738 and a reference):
    /// `input`, `dialect`, `form`, `valid` (false), `kind`, `scheme` (of the bytes before
    /// the problem), `error`, `input_hex`.
    pub fn parse(
        input: &'r UnreadableInput<'r>,
        dialect: Dialect,
        form: InputForm,
    ) -> UnreadableReport<'r> {
        UnreadableReport {
            input,
            shape: Shape::Parse(dialect, form),
        }
    }

    /// As a [`LintReport`]: `input`, `dialect`, `form`, `valid` (false), `kind`, `error`,
    /// `warnings` (none), `input_hex`.
    pub fn lint(input: &'r UnreadableInput<'r>, dialect: Dialect) -> UnreadableReport<'r> {
        UnreadableReport {
            input,
            shape: Shape::Lint(dialect),
        }
    }

    /// As a [`ResolveReport`] of a line of `rfc1738 resolve`: `context` (null), `partial`
    /// (the line shown), `mode`, `error`, `input_hex`.
    pub fn resolve(input: &'r UnreadableInput<'r>, mode: ResolveMode) -> UnreadableReport<'r> {
        UnreadableReport {
            input,
            shape: Shape::Resolve(mode),
        }
    }
}

impl Serialize for UnreadableReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let input = self.input;
        let shown = input.shown();
        let kind = input.kind().map(|kind| kind.name());
        let error = UnreadableEntry(input);
        let mut map = serializer.serialize_map(None)?;
        match self.shape {
            Shape::Parse(dialect, form) => {
                map.serialize_entry("input", &shown)?;
                map.serialize_entry("dialect", dialect.name())?;
                map.serialize_entry("form", form.name())?;
                map.serialize_entry("valid", &false)?;
                map.serialize_entry("kind", &kind)?;
                map.serialize_entry("scheme", &input.scheme())?;
                map.serialize_entry("error", &error)?;
            }
            Shape::Lint(dialect) => {
                map.serialize_entry("input", &shown)?;
                map.serialize_entry("dialect", dialect.name())?;
                map.serialize_entry("form", InputForm::Reference.name())?;
                map.serialize_entry("valid", &false)?;
                map.serialize_entry("kind", &kind)?;
                map.serialize_entry("error", &error)?;
                map.serialize_entry("warnings", &[(); 0])?;
            }
            Shape::Resolve(mode) => {
                map.serialize_entry("context", &None::<&str>)?;
                map.serialize_entry("partial", &shown)?;
                map.serialize_entry("mode", mode.name())?;
                map.serialize_entry("error", &error)?;
            }
        }
        if let Some(hex) = input.hex() {
            map.serialize_entry("input_hex", &hex)?;
        }
        map.end()
    }
}

/// The error object of an unreadable input, as a [`ParseError`] serializes.
struct UnreadableEntry<'e>(&'e UnreadableInput<'e>);

impl Serialize for UnreadableEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let input = self.0;
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("code", input.code())?;
        map.serialize_entry("offset", &input.offset())?;
        map.serialize_entry("char_offset", &input.char_offset())?;
        map.serialize_entry("expected", &[(); 0])?;
        map.serialize_entry("message", &input.message())?;
        map.end()
    }
}
