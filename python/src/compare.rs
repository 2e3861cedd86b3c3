//! Then and now (issue 49): `compare` and the class `Comparison`, over the library's
//! `rfc1738::resolution::compare` (`rfc1738 resolve --compare --json`); the modes compared
//! of `links` and `arrow.links`.

use crate::errors::resolve_error;
use crate::pyser::Keys;
use crate::services::get;
use crate::text::python_repr;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rfc1738::reports::CompareReport;
use rfc1738::resolution::ResolveMode;
use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::OnceLock;

/// ``link`` resolved against ``base`` by several modes, with the fields of ``rfc1738
/// resolve --compare --json``: ``context`` and ``partial`` (the base and the link),
/// ``compare`` (each mode's result, None for none, in the order given),
/// ``compare_errors`` (the error code of each mode that gave none), ``differ`` (whether any
/// two results differ), ``classes`` (the classes of every difference: ``whitespace``,
/// ``backslash``, ``escaping``, ``case``, ``localhost``, ``scheme-relative``,
/// ``empty-path``, ``trailing-dot``, ``default-port``, ``dot-segments``, ``empty-query``,
/// ``fragment``, ``refused``, ``other``) and ``differences`` (the classes of each pair of
/// modes that differs, keyed ``"cern/whatwg"``).
///
/// >>> import rfc1738
/// >>> c = rfc1738.compare("http://info.cern.ch/hypertext/WWW/TheProject.html", "..",
/// ...                     ["cern", "whatwg"])
/// >>> c.compare
/// {'cern': 'http://info.cern.ch/hypertext', 'whatwg': 'http://info.cern.ch/hypertext/'}
/// >>> c.differ, c.classes, c.differences
/// (True, ['dot-segments'], {'cern/whatwg': ['dot-segments']})
#[pyclass(frozen, module = "rfc1738", name = "Comparison")]
pub(crate) struct Comparison {
    /// The base the link was resolved against.
    #[pyo3(get)]
    context: String,
    /// The link as given.
    #[pyo3(get)]
    partial: String,
    /// Each mode's result (None when the mode gives none), in the order given.
    #[pyo3(get)]
    compare: Py<PyDict>,
    /// The error code of each mode that gives no result (``context-without-scheme``,
    /// ``whatwg-failure``, ...); empty when each gives one.
    #[pyo3(get)]
    compare_errors: BTreeMap<String, String>,
    /// Whether any two modes' results differ.
    #[pyo3(get)]
    differ: bool,
    /// The classes of every difference, in the crate's order.
    #[pyo3(get)]
    classes: Vec<String>,
    /// The classes of each pair of modes whose results differ, keyed ``"first/second"``.
    #[pyo3(get)]
    differences: BTreeMap<String, Vec<String>>,
    /// The report the fields come from.
    report: Py<PyDict>,
}

#[pymethods]
impl Comparison {
    /// The object ``rfc1738 resolve --compare --json`` prints (less ``line``; a copy).
    ///
    /// >>> import rfc1738
    /// >>> rfc1738.compare("http://a/b#f", "c", ["cern", "rfc1808"]).to_dict()["differences"]
    /// {'cern/rfc1808': ['fragment']}
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let copy = py
            .import("copy")?
            .call_method1("deepcopy", (self.report.bind(py),))?;
        Ok(copy.cast_into::<PyDict>()?)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let classes: Vec<String> = self
            .classes
            .iter()
            .map(|class| python_repr(class))
            .collect();
        Ok(format!(
            "Comparison(partial={}, compare={}, classes=[{}])",
            python_repr(&self.partial),
            self.compare.bind(py).repr()?,
            classes.join(", ")
        ))
    }
}

/// The modes named (each looked up by the crate): two or more, each once; a
/// ``ResolveError`` for a name the crate does not know, a ``ValueError`` otherwise.
pub(crate) fn modes_of(py: Python<'_>, names: &[String]) -> PyResult<Vec<ResolveMode>> {
    let modes = names
        .iter()
        .map(|name| ResolveMode::from_str(name).map_err(|error| resolve_error(py, &error)))
        .collect::<PyResult<Vec<_>>>()?;
    if modes.len() < 2 {
        return Err(PyValueError::new_err(format!(
            "compare: two modes or more are compared, not {}",
            modes.len()
        )));
    }
    if let Some((i, twice)) = modes
        .iter()
        .enumerate()
        .find(|(i, mode)| modes[..*i].contains(mode))
    {
        return Err(PyValueError::new_err(format!(
            "compare: the mode {twice} is named twice (at {i})"
        )));
    }
    Ok(modes)
}

/// ``link`` resolved against ``base`` by each of ``modes`` (two or more names of
/// ``MODES``, each once; the same call, ``rfc1738.resolve``, for each), whether their
/// results differ, and the classes of each difference, as ``rfc1738 resolve --compare
/// --json`` gives them: a ``Comparison``. A class is an aspect of a URL that one mode's
/// rules changed and the other's did not (a host's trailing dot, dot segments, an empty
/// query, a default port, the fragment, whitespace, a backslash, a scheme-relative link,
/// an empty path, the case, escaping, a file URL's ``localhost``); a difference no class
/// explains is ``other``, a result against none ``refused``. Raises ``ResolveError`` for
/// an unknown mode and ``ValueError`` for fewer than two modes or one named twice.
///
/// >>> import rfc1738
/// >>> c = rfc1738.compare("http://info.cern.ch/", "http://info.cern.ch.:80/x",
/// ...                     ["cern", "rfc1808"])
/// >>> c.compare["cern"], c.classes
/// ('http://info.cern.ch/x', ['trailing-dot', 'default-port'])
/// >>> rfc1738.compare("http://a/b#f", "c", ["cern", "whatwg"]).classes
/// ['fragment']
#[pyfunction]
#[pyo3(signature = (base, link, modes))]
pub(crate) fn compare(
    py: Python<'_>,
    base: &str,
    link: &str,
    modes: Vec<String>,
) -> PyResult<Comparison> {
    let modes = modes_of(py, &modes)?;
    let comparison = rfc1738::resolution::compare(base, link, &modes);
    let report = Keys::new(py).dict_of(&CompareReport::of(base, link, &comparison))?;
    Ok(Comparison {
        context: base.to_owned(),
        partial: link.to_owned(),
        compare: get(&report, "compare")?,
        compare_errors: get::<Option<_>>(&report, "compare_errors")?.unwrap_or_default(),
        differ: get(&report, "differ")?,
        classes: get(&report, "classes")?,
        differences: get(&report, "differences")?,
        report: report.unbind(),
    })
}

/// The name of a pair of modes (`cern/whatwg`), for the names of Arrow fields.
pub(crate) fn pair_name(first: ResolveMode, second: ResolveMode) -> &'static str {
    static NAMES: OnceLock<Vec<(ResolveMode, ResolveMode, String)>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut names = Vec::new();
        for first in ResolveMode::ALL {
            for second in ResolveMode::ALL {
                names.push((first, second, rfc1738::resolution::pair_name(first, second)));
            }
        }
        names
    });
    names
        .iter()
        .find(|(a, b, _)| (*a, *b) == (first, second))
        .map_or("", |(_, _, name)| name.as_str())
}
