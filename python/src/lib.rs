//! The native module `rfc1738._rfc1738`: Python bindings of the `rfc1738` crate. The Python
//! package `rfc1738` (python/python/rfc1738) re-exports it with its exceptions, which are
//! plain Python classes this module raises.
//!
//! Every dict it returns is an object the `rfc1738` command prints with `--json`, less the
//! batch position `line`: the library's report types (`ParseReport`, `LintReport`,
//! `ExtractReport`, `LinkReport`) written into Python objects by [`pyser`].
//!
//! How a function over many inputs is laid out (`parse_many`, `extract`, `extract_file`,
//! `links`, `links_file`): read the Python inputs into
//! Rust values while holding the GIL, do the work with the GIL released
//! ([`Python::detach`]), then make the Python objects of the results ([`pyser::Keys`]
//! shares the dict keys).

#![forbid(unsafe_code)]

mod archive;
mod arrow;
mod cdxj;
mod compare;
mod errors;
mod keys;
mod links;
mod pyser;
mod services;
mod text;
mod url;

use pyo3::prelude::*;
use rfc1738::resolution::ResolveMode;

/// URLs exactly as RFC 1738, RFC 1630 and draft-www-uri-00 define them (native part).
#[pymodule]
fn _rfc1738(m: &Bound<'_, PyModule>) -> PyResult<()> {
    url::add_classes(m)?;
    m.add_class::<services::LintWarning>()?;
    m.add_class::<services::Found>()?;
    m.add_class::<links::Link>()?;
    m.add_function(wrap_pyfunction!(url::parse, m)?)?;
    m.add_function(wrap_pyfunction!(url::parse_many, m)?)?;
    m.add_function(wrap_pyfunction!(services::resolve, m)?)?;
    m.add_class::<compare::Comparison>()?;
    m.add_function(wrap_pyfunction!(compare::compare, m)?)?;
    m.add_function(wrap_pyfunction!(services::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(services::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(keys::key, m)?)?;
    m.add_class::<cdxj::CdxjIndex>()?;
    m.add_function(wrap_pyfunction!(cdxj::cdxj, m)?)?;
    m.add_function(wrap_pyfunction!(services::lint, m)?)?;
    m.add_function(wrap_pyfunction!(services::lint_report, m)?)?;
    m.add_function(wrap_pyfunction!(services::timeline, m)?)?;
    m.add_function(wrap_pyfunction!(services::extract, m)?)?;
    m.add_function(wrap_pyfunction!(services::extract_file, m)?)?;
    m.add_function(wrap_pyfunction!(links::links, m)?)?;
    m.add_function(wrap_pyfunction!(links::links_file, m)?)?;
    m.add_class::<archive::ArchiveLinks>()?;
    m.add_function(wrap_pyfunction!(archive::links_warc, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_parse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_links, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_links_warc, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_keys, m)?)?;
    let styles: Vec<&str> = rfc1738_keys::Style::ALL
        .iter()
        .map(|style| style.name())
        .collect();
    m.add("KEY_STYLES", pyo3::types::PyTuple::new(m.py(), styles)?)?;
    let dialects: Vec<&str> = rfc1738::Dialect::ALL.iter().map(|d| d.name()).collect();
    m.add("DIALECTS", pyo3::types::PyTuple::new(m.py(), dialects)?)?;
    let modes: Vec<&str> = ResolveMode::ALL.iter().map(|mode| mode.name()).collect();
    m.add("MODES", pyo3::types::PyTuple::new(m.py(), modes)?)?;
    // The library's one default, which every `mode=` of this package takes (a test holds
    // their signatures to it).
    m.add("DEFAULT_MODE", ResolveMode::default().name())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
