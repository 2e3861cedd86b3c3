//! The exceptions: `rfc1738.ParseError` and `rfc1738.ResolveError`, Python classes
//! (python/python/rfc1738/_errors.py) made from the crate's errors; and the error of an
//! input that is not UTF-8, which the crate never sees (it reads `&str`).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use rfc1738::{Dialect, Unreadable, UnreadableInput, UrlKind};

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

/// An input that is not UTF-8, described as the CLI describes such a line
/// ([`rfc1738::UnreadableInput`]: where the first byte that is not UTF-8 is, and which
/// scheme the valid bytes before it start with), and where it is as a line and column.
pub(crate) struct NotUtf8<'b> {
    input: UnreadableInput<'b>,
    line: usize,
    column: usize,
}

impl<'b> NotUtf8<'b> {
    pub(crate) fn new(bytes: &'b [u8]) -> NotUtf8<'b> {
        let input = UnreadableInput::new(bytes, Unreadable::NotUtf8);
        let valid = std::str::from_utf8(&bytes[..input.offset()]).unwrap_or_default();
        let line_start = valid.rfind('\n').map_or(0, |at| at + 1);
        NotUtf8 {
            line: valid.matches('\n').count() + 1,
            column: valid[line_start..].chars().count() + 1,
            input,
        }
    }

    /// The `rfc1738.ParseError` of the input, read by `dialect`.
    pub(crate) fn to_error(&self, py: Python<'_>, dialect: Dialect) -> PyErr {
        let input = &self.input;
        let message = input.message();
        let position = format!(
            "line {}, column {} (byte {})",
            self.line,
            self.column,
            input.offset()
        );
        let shown = input.shown();
        let line_text = shown.split('\n').nth(self.line - 1).unwrap_or("");
        let rendered = format!(
            "error: {message}\n --> {position}\n  |\n  | {}\n  | {:>width$}",
            rfc1738::escape_controls(line_text),
            "^",
            width = self.column
        );
        raise_parse_error(
            py,
            Fields {
                description: format!("{message} at {position}"),
                code: input.code(),
                message,
                offset: input.offset(),
                char_offset: input.char_offset().unwrap_or(input.offset()),
                line: self.line,
                column: self.column,
                expected: Vec::new(),
                dialect,
                kind: input.kind().map(UrlKind::name),
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
