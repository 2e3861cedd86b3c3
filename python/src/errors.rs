//! The exceptions: `rfc1738.ParseError` and `rfc1738.ResolveError`, Python classes
//! (python/python/rfc1738/_errors.py) made from the crate's errors; and the error of an
//! input that is not UTF-8, which the crate never sees (it reads `&str`).

use crate::pyser::Keys;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{IntoPyDict, PyType};
use rfc1738::reports::ErrorReport;
use rfc1738::unreadable::{Unreadable, UnreadableInput};
use rfc1738::Dialect;

static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static RESOLVE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `rfc1738.ParseError` of a report: its one line, and its fields as keyword
/// arguments (the dict the report serializes as).
fn raise_parse_error(py: Python<'_>, report: ErrorReport<'_>) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = PARSE_ERROR.import(py, "rfc1738._errors", "ParseError")?;
        let fields = Keys::new(py).dict_of(&report)?;
        let error = class.call((report.to_string(),), Some(&fields))?;
        Ok(PyErr::from_value(error))
    })();
    made.unwrap_or_else(|error| error)
}

/// The `rfc1738.ParseError` of the crate's error.
pub(crate) fn parse_error(py: Python<'_>, error: &rfc1738::ParseError) -> PyErr {
    raise_parse_error(py, ErrorReport::new(error))
}

/// The `rfc1738.ResolveError` of the crate's error.
pub(crate) fn resolve_error(py: Python<'_>, error: &rfc1738::resolution::ResolveError) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = RESOLVE_ERROR.import(py, "rfc1738._errors", "ResolveError")?;
        let keywords = [("code", error.code())].into_py_dict(py)?;
        let error = class.call((error.to_string(),), Some(&keywords))?;
        Ok(PyErr::from_value(error))
    })();
    made.unwrap_or_else(|error| error)
}

/// The text of an input, or the `rfc1738.ParseError` of one that is not UTF-8, read by
/// `dialect`: described as the CLI describes such a line ([`UnreadableInput`]: where the
/// first byte that is not UTF-8 is, as a line and column too, and which scheme the valid
/// bytes before it start with).
pub(crate) fn utf8_or_raise(
    py: Python<'_>,
    text: crate::text::Text,
    dialect: Dialect,
) -> PyResult<String> {
    text.map_err(|bytes| {
        let input = UnreadableInput::new(&bytes[..], Unreadable::NotUtf8);
        raise_parse_error(py, ErrorReport::unreadable(&input, dialect))
    })
}
