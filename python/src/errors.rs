//! The exceptions: `rfc1738.ParseError` and `rfc1738.ResolveError`, Python classes
//! (python/python/rfc1738/_errors.py) made from the crate's errors; and the error of an
//! input that is not UTF-8, which the crate never sees (it reads `&str`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use rfc1738::{Dialect, UrlKind};

static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static RESOLVE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The fields of a `rfc1738.ParseError`.
struct Fields<'a> {
    description: String,
    code: &'a str,
    message: String,
    offset: usize,
    char_offset: usize,
    line: usize,
    column: usize,
    expected: Vec<String>,
    dialect: Dialect,
    kind: Option<&'static str>,
    rendered: String,
}

fn raise_parse_error(py: Python<'_>, fields: Fields<'_>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = PARSE_ERROR.import(py, "rfc1738._errors", "ParseError")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("code", fields.code)?;
        kwargs.set_item("message", fields.message)?;
        kwargs.set_item("offset", fields.offset)?;
        kwargs.set_item("char_offset", fields.char_offset)?;
        kwargs.set_item("line", fields.line)?;
        kwargs.set_item("column", fields.column)?;
        kwargs.set_item("expected", fields.expected)?;
        kwargs.set_item("dialect", fields.dialect.name())?;
        kwargs.set_item("kind", fields.kind)?;
        kwargs.set_item("rendered", fields.rendered)?;
        let error = class.call((fields.description,), Some(&kwargs))?;
        Ok(PyErr::from_value(error))
    })();
    made.unwrap_or_else(|error| error)
}

/// The `rfc1738.ParseError` of the crate's error.
pub(crate) fn parse_error(py: Python<'_>, error: &rfc1738::ParseError) -> PyErr {
    raise_parse_error(
        py,
        Fields {
            description: error.to_string(),
            code: error.kind().code(),
            message: error.message(),
            offset: error.offset(),
            char_offset: error.char_offset(),
            line: error.line(),
            column: error.column(),
            expected: error.expected().to_vec(),
            dialect: error.dialect(),
            kind: error.url_kind().map(UrlKind::name),
            rendered: error.render(),
        },
    )
}

/// The `rfc1738.ResolveError` of the crate's error.
pub(crate) fn resolve_error(py: Python<'_>, error: &rfc1738::ResolveError) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = RESOLVE_ERROR.import(py, "rfc1738._errors", "ResolveError")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("code", error.code())?;
        let error = class.call((error.to_string(),), Some(&kwargs))?;
        Ok(PyErr::from_value(error))
    })();
    made.unwrap_or_else(|error| error)
}

/// The message of an input that is not UTF-8: the CLI's, word for word.
const NOT_UTF8: &str = "input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)";

/// An input that is not UTF-8, described as the CLI describes such a line: where the
/// first byte that is not UTF-8 is, and which scheme the valid bytes before it start with.
pub(crate) struct NotUtf8 {
    /// The input with every byte that is not UTF-8 replaced (U+FFFD), as the CLI shows it.
    pub(crate) shown: String,
    pub(crate) offset: usize,
    pub(crate) char_offset: usize,
    line: usize,
    column: usize,
    /// The scheme the input starts with, in lower case, and the kind of URL it names.
    pub(crate) scheme: Option<String>,
    pub(crate) kind: Option<&'static str>,
}

impl NotUtf8 {
    pub(crate) fn new(bytes: &[u8]) -> NotUtf8 {
        let valid_up_to = match std::str::from_utf8(bytes) {
            Ok(text) => text.len(),
            Err(error) => error.valid_up_to(),
        };
        let valid = std::str::from_utf8(&bytes[..valid_up_to]).unwrap_or_default();
        let line_start = valid.rfind('\n').map_or(0, |at| at + 1);
        let scheme = rfc1738::leading_scheme(valid).map(str::to_ascii_lowercase);
        let kind = scheme.as_deref().map(|s| UrlKind::from_scheme(s).name());
        NotUtf8 {
            shown: String::from_utf8_lossy(bytes).into_owned(),
            offset: valid_up_to,
            char_offset: valid.chars().count(),
            line: valid.matches('\n').count() + 1,
            column: valid[line_start..].chars().count() + 1,
            scheme,
            kind,
        }
    }

    /// The error object of the CLI's JSON.
    pub(crate) fn error_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let error = PyDict::new(py);
        error.set_item("code", "not-utf-8")?;
        error.set_item("offset", self.offset)?;
        error.set_item("char_offset", self.char_offset)?;
        error.set_item("expected", Vec::<String>::new())?;
        error.set_item("message", NOT_UTF8)?;
        Ok(error)
    }

    /// The parse report of `rfc1738 parse --json` for such a line, less `line`.
    pub(crate) fn parse_report<'py>(
        &self,
        py: Python<'py>,
        dialect: Dialect,
    ) -> PyResult<Bound<'py, PyDict>> {
        let report = PyDict::new(py);
        report.set_item("input", &self.shown)?;
        report.set_item("dialect", dialect.name())?;
        report.set_item("valid", false)?;
        report.set_item("kind", self.kind)?;
        report.set_item("scheme", &self.scheme)?;
        report.set_item("error", self.error_dict(py)?)?;
        Ok(report)
    }

    /// The `rfc1738.ParseError` of the input, read by `dialect`.
    pub(crate) fn to_error(&self, py: Python<'_>, dialect: Dialect) -> PyErr {
        let position = format!(
            "line {}, column {} (byte {})",
            self.line, self.column, self.offset
        );
        let line_text = self.shown.split('\n').nth(self.line - 1).unwrap_or("");
        let rendered = format!(
            "error: {NOT_UTF8}\n --> {position}\n  |\n  | {}\n  | {:>width$}",
            rfc1738::escape_controls(line_text),
            "^",
            width = self.column
        );
        raise_parse_error(
            py,
            Fields {
                description: format!("{NOT_UTF8} at {position}"),
                code: "not-utf-8",
                message: NOT_UTF8.to_owned(),
                offset: self.offset,
                char_offset: self.char_offset,
                line: self.line,
                column: self.column,
                expected: Vec::new(),
                dialect,
                kind: self.kind,
                rendered,
            },
        )
    }
}

/// The text of an input, or the `rfc1738.ParseError` of one that is not UTF-8.
pub(crate) fn utf8_or_raise(
    py: Python<'_>,
    text: crate::text::Text,
    dialect: Dialect,
) -> PyResult<String> {
    text.map_err(|bytes| NotUtf8::new(&bytes).to_error(py, dialect))
}
