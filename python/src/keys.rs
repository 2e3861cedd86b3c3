//! Archive keys: `key`, and `KEY_STYLES`.

use crate::errors::{parse_error, utf8_or_raise};
use crate::text::text_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use rfc1738::Dialect;
use rfc1738_keys::{KeyError, Style};
use std::str::FromStr;

/// The archive key of ``url`` in ``style`` (one of ``KEY_STYLES``): by default
/// ``rfc1738``, a SURT-ordered key that keeps the scheme and is equal for two URL
/// references exactly when RFC 1738 (or RFC 1630) says they name the same thing, as
/// ``rfc1738 key`` prints it; ``surt``, PyPI ``surt`` 0.3.1's key, byte for byte, of any
/// text. Raises ``ParseError`` for an input that is no URL reference (style ``rfc1738``),
/// ``ValueError`` where ``surt`` raises it, or for an unknown style.
///
/// >>> import rfc1738
/// >>> rfc1738.key("gopher://Gopher.Micro.UMN.EDU:70/11/Gopher")
/// 'gopher://(edu,umn,micro,gopher,)/11/Gopher'
/// >>> rfc1738.key("telnet://fedix@fedix.fie.com/", style="surt")
/// 'com,fie,fedix)/'
#[pyfunction]
#[pyo3(signature = (url, style = "rfc1738"))]
pub(crate) fn key(py: Python<'_>, url: &Bound<'_, PyAny>, style: &str) -> PyResult<String> {
    let style = Style::from_str(style).map_err(|error| PyValueError::new_err(error.to_string()))?;
    let text = match text_of(url)? {
        // surt keys bytes that are not UTF-8 (`surt.surt(bytes)`), and so does its style.
        Err(bytes) if style == Style::Surt && !url.is_instance_of::<PyString>() => {
            let key = rfc1738_keys::surt::surt_bytes(&bytes).map_err(surt_raises)?;
            return String::from_utf8(key).map_err(|_| {
                PyValueError::new_err("surt gives these bytes back (a \"filedesc\" line): no text")
            });
        }
        text => utf8_or_raise(py, text, Dialect::Rfc1738)?,
    };
    rfc1738_keys::key(&text, style).map_err(|error| match error {
        KeyError::Rfc1738(error) => parse_error(py, &error),
        KeyError::Surt(error) => surt_raises(error),
    })
}

/// What surt raises, as Python's exception: "ValueError: MESSAGE" a `ValueError` of that
/// message (another type of surt's keeps its text whole).
fn surt_raises(error: rfc1738_keys::surt::SurtError) -> PyErr {
    PyValueError::new_err(
        error
            .message
            .strip_prefix("ValueError: ")
            .unwrap_or(&error.message)
            .to_owned(),
    )
}
