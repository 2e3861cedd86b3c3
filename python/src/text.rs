//! Inputs from Python: `str` or `bytes`, and the names of dialects.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use rfc1738::Dialect;
use std::str::FromStr;

/// An input as text: UTF-8, or the bytes of one that is not (a `bytes` object that is not
/// UTF-8, or a `str` holding lone surrogates, as `surrogatepass` encodes them).
pub(crate) type Text = Result<String, Vec<u8>>;

/// Reads a `str`, `bytes` or `bytearray` argument.
pub(crate) fn text_of(object: &Bound<'_, PyAny>) -> PyResult<Text> {
    if let Ok(string) = object.cast::<PyString>() {
        return match string.to_cow() {
            Ok(text) => Ok(Ok(text.into_owned())),
            // Lone surrogates: not Unicode text, so not UTF-8 once encoded.
            Err(_) => {
                let bytes = string.call_method1("encode", ("utf-8", "surrogatepass"))?;
                Ok(Err(bytes.cast::<PyBytes>()?.as_bytes().to_vec()))
            }
        };
    }
    let bytes = if let Ok(bytes) = object.cast::<PyBytes>() {
        bytes.as_bytes().to_vec()
    } else if let Ok(bytes) = object.cast::<PyByteArray>() {
        bytes.to_vec()
    } else {
        let name = object.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "expected str or bytes, not {name}"
        )));
    };
    Ok(String::from_utf8(bytes).map_err(|error| error.into_bytes()))
}

/// A dialect by the name the CLI uses (`rfc1738`, `rfc1630`, `draft`), through the crate's
/// own lookup.
pub(crate) fn dialect_of(name: &str) -> PyResult<Dialect> {
    Dialect::from_str(name).map_err(|error| PyValueError::new_err(error.to_string()))
}

/// A str as Python's `repr` writes it, for the common case of printable text (the
/// `Debug` form differs from `repr` only in escapes of unusual characters).
pub(crate) fn python_repr(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_graphic() || c == ' ') && !text.contains('\\') {
        if !text.contains('\'') {
            return format!("'{text}'");
        }
        if !text.contains('"') {
            return format!("\"{text}\"");
        }
    }
    // Double quotes, and Python's escapes (Rust's `Debug` writes `\u{..}`, not Python).
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() && (c as u32) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
