//! Archive keys: `key`, and `KEY_STYLES`.

use crate::errors::{parse_error, utf8_or_raise};
use crate::text::text_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
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
    let text = utf8_or_raise(py, text_of(url)?, Dialect::Rfc1738)?;
    rfc1738_keys::key(&text, style).map_err(|error| match error {
        KeyError::Rfc1738(error) => parse_error(py, &error),
        // "ValueError: MESSAGE" raised as a ValueError of that message (another type of
        // surt's keeps its text whole).
        KeyError::Surt(error) => PyValueError::new_err(
            error
                .message
                .strip_prefix("ValueError: ")
                .unwrap_or(&error.message)
                .to_owned(),
        ),
    })
}
