//! Around the parser: `resolve`, `normalize`, `equivalent`, `lint`, `lint_report`,
//! `extract`, `extract_file`, and the classes `LintWarning` and `Found`.

use crate::errors::{parse_error, resolve_error, utf8_or_raise};
use crate::pyser::Keys;
use crate::text::{dialect_of, python_repr, text_of};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList};
use rfc1738::extraction::Extractor;
use rfc1738::reports::{ExtractReport, LintReport, WarningReport};
use rfc1738::resolution::ResolveMode;
use rfc1738::Dialect;
use std::path::PathBuf;
use std::str::FromStr;

/// Resolves the partial form ``partial`` in the context of the absolute URI ``context`` by
/// ``mode`` (one of ``MODES``, any case, looked up by the crate itself): by default
/// ``DEFAULT_MODE``, ``cern``, the CERN library's rules that the browsers of 1993-1995 ran,
/// as ``links`` and ``rfc1738 resolve`` do; ``rfc1630`` and ``draft`` are RFC 1630's and
/// its draft's, ``rfc1808`` RFC 1808's; ``rfc2396``, ``rfc3986`` and ``whatwg`` the later
/// standards' (RFC 2396 of 1998, RFC 3986 of 2005, the WHATWG URL Standard of today's
/// browsers). Raises ``ResolveError`` when it cannot be resolved, or for a mode the crate
/// does not know (code ``unknown-mode``).
///
/// >>> import rfc1738
/// >>> rfc1738.resolve("magic://a/b/c//d/e/f", "../g")
/// 'magic://a/b/c//d/g'
/// >>> rfc1738.resolve("magic://a/b/c//d/e/f", "/g", mode="draft")
/// 'magic://a/g'
/// >>> [rfc1738.resolve("http://a/b/c/d;p?q", "?y", mode=m) for m in ("rfc2396", "rfc3986")]
/// ['http://a/b/c/?y', 'http://a/b/c/d;p?y']
#[pyfunction]
#[pyo3(signature = (context, partial, mode = "cern"))]
pub(crate) fn resolve(
    py: Python<'_>,
    context: &str,
    partial: &str,
    mode: &str,
) -> PyResult<String> {
    let mode = ResolveMode::from_str(mode).map_err(|error| resolve_error(py, &error))?;
    rfc1738::resolution::resolve(context, partial, mode).map_err(|error| resolve_error(py, &error))
}

/// A URL reference (read by RFC 1738, ``[URL:] url [#fragment]``) at one encoding level,
/// as ``rfc1738 normalize`` prints it: the prefix and the fragment as written, the URL with
/// scheme and host in lower case, needless escapes decoded, other escapes in upper case,
/// a default port left out. Raises ``ParseError`` for an input that is no URL reference.
///
/// >>> import rfc1738
/// >>> rfc1738.normalize("HTTP://Info.CERN.ch:80/albert/marie%2dclaude%2f")
/// 'http://info.cern.ch/albert/marie-claude%2F'
#[pyfunction]
pub(crate) fn normalize(py: Python<'_>, url: &Bound<'_, PyAny>) -> PyResult<String> {
    let text = utf8_or_raise(py, text_of(url)?, Dialect::Rfc1738)?;
    match rfc1738::normalize_reference(&text) {
        Ok(normal) => Ok(normal.as_str().to_owned()),
        Err(error) => Err(parse_error(py, &error)),
    }
}

/// Whether two URL references (read by RFC 1738) name the same URL at one encoding level;
/// their ``URL:`` prefixes and fragments take no part. Raises ``ParseError`` for the first
/// that is no URL reference.
///
/// >>> import rfc1738
/// >>> rfc1738.equivalent("gopher://H:70/0%41", "gopher://h/0A")
/// True
/// >>> rfc1738.equivalent("ftp://h/a%2Fb", "ftp://h/a/b")
/// False
#[pyfunction]
pub(crate) fn equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let a = utf8_or_raise(py, text_of(a)?, Dialect::Rfc1738)?;
    let b = utf8_or_raise(py, text_of(b)?, Dialect::Rfc1738)?;
    rfc1738::equivalent(&a, &b).map_err(|error| parse_error(py, &error))
}

/// One warning of RFC 1738 section 6's checks: its ``kind`` (``non-default-port``,
/// ``cross-protocol``, ``encoded-delimiter``, ``password``, ...), ``severity``
/// (``notice``, ``warning``, ``danger``), the ``component`` it is about, its span
/// ``start``/``end`` in bytes of the input (``char_start``/``char_end`` in characters),
/// ``line_break`` (``cross-protocol`` only: the offset of the encoded line break it pairs
/// with, else None) and ``message``; the fields of ``rfc1738 lint --json``'s warnings.
///
/// >>> import rfc1738
/// >>> [w.kind for w in rfc1738.lint("gopher://h:25/0%0D%0AMAIL")]
/// ['non-default-port', 'cross-protocol', 'encoded-delimiter', 'encoded-delimiter']
#[pyclass(frozen, module = "rfc1738", name = "LintWarning")]
pub(crate) struct LintWarning {
    /// The check: ``non-default-port``, ``cross-protocol``, ``encoded-delimiter``, ...
    #[pyo3(get)]
    kind: String,
    /// ``notice``, ``warning`` or ``danger``.
    #[pyo3(get)]
    severity: String,
    /// The component the warning is about (``port``, ``selector``, ``password``, ...).
    #[pyo3(get)]
    component: String,
    /// The byte offset of the span's start in the input.
    #[pyo3(get)]
    start: usize,
    /// The byte offset of the span's end in the input.
    #[pyo3(get)]
    end: usize,
    /// ``start`` in characters.
    #[pyo3(get)]
    char_start: usize,
    /// ``end`` in characters.
    #[pyo3(get)]
    char_end: usize,
    /// For ``cross-protocol``: the offset of the first encoded line break; else None.
    #[pyo3(get)]
    line_break: Option<usize>,
    /// The message for a person.
    #[pyo3(get)]
    message: String,
    /// The report the fields come from.
    report: Py<PyDict>,
}

impl LintWarning {
    fn from_report(report: Bound<'_, PyDict>) -> PyResult<LintWarning> {
        Ok(LintWarning {
            kind: get(&report, "kind")?,
            severity: get(&report, "severity")?,
            component: get(&report, "component")?,
            start: get(&report, "start")?,
            end: get(&report, "end")?,
            char_start: get(&report, "char_start")?,
            char_end: get(&report, "char_end")?,
            line_break: get(&report, "line_break")?,
            message: get(&report, "message")?,
            report: report.unbind(),
        })
    }
}

#[pymethods]
impl LintWarning {
    /// The warning object of ``rfc1738 lint --json`` (``line_break`` only for
    /// ``cross-protocol``), a copy.
    ///
    /// >>> import rfc1738
    /// >>> rfc1738.lint("telnet://h:2323/")[0].to_dict()["severity"]
    /// 'warning'
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.report.bind(py).copy()
    }

    fn __repr__(&self) -> String {
        format!(
            "LintWarning(kind={}, severity={}, component={}, start={}, end={})",
            python_repr(&self.kind),
            python_repr(&self.severity),
            python_repr(&self.component),
            self.start,
            self.end
        )
    }
}

/// The section 6 checks of a URL reference read by ``dialect``: its warnings, in the
/// order of the text. An invalid input gives no exception: like the crate, a URL invalid
/// only for a login its scheme does not allow is checked without it, any other gives
/// none (``lint_report`` tells validity and the error).
///
/// >>> import rfc1738
/// >>> [(w.kind, w.severity) for w in rfc1738.lint("telnet://h:2323/")]
/// [('non-default-port', 'warning')]
#[pyfunction]
#[pyo3(signature = (url, dialect = "rfc1738"))]
pub(crate) fn lint(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    dialect: &str,
) -> PyResult<Vec<LintWarning>> {
    let dialect = dialect_of(dialect)?;
    let text = utf8_or_raise(py, text_of(url)?, dialect)?;
    let lint = rfc1738::lint::lint(&text, dialect);
    let mut keys = Keys::new(py);
    lint.warnings()
        .iter()
        .map(|warning| LintWarning::from_report(keys.dict_of(&WarningReport::new(warning, &text))?))
        .collect()
}

/// The object ``rfc1738 lint --json`` prints for a URL reference, less ``line``:
/// ``input``, ``dialect``, ``valid``, ``kind``, ``error`` (when invalid), ``warnings``
/// (dicts), ``omitted_warnings`` (past 1,000 escaped-delimiter warnings).
///
/// >>> import rfc1738
/// >>> report = rfc1738.lint_report("http://user:pw@www.example.com/")
/// >>> report["valid"], [w["kind"] for w in report["warnings"]]
/// (False, ['user-info-not-allowed', 'password'])
#[pyfunction]
#[pyo3(signature = (url, dialect = "rfc1738"))]
pub(crate) fn lint_report<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    dialect: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let dialect = dialect_of(dialect)?;
    let text = utf8_or_raise(py, text_of(url)?, dialect)?;
    let lint = rfc1738::lint::lint(&text, dialect);
    Keys::new(py).dict_of(&LintReport::new(&text, dialect, &lint))
}

/// The verdict of each standard on ``url`` in its year, and with ``base`` the URL
/// resolved as a link in every mode: the object ``rfc1738 timeline --json`` prints (less
/// ``line``), ``input``, ``base``, ``verdicts`` (each ``standard``, ``title``, ``date``,
/// ``valid``, ``error``), ``resolutions`` (each ``mode``, ``result``, ``error``).
///
/// >>> import rfc1738
/// >>> report = rfc1738.timeline("http://info.cern.ch/~timbl/")
/// >>> [(v["standard"], v["valid"]) for v in report["verdicts"]][2:5]
/// [('rfc1738', False), ('rfc1808', False), ('rfc2396', True)]
/// >>> rfc1738.timeline("?y", base="http://a/b/c/d;p?q")["resolutions"][4]
/// {'mode': 'rfc2396', 'result': 'http://a/b/c/?y', 'error': None}
#[pyfunction]
#[pyo3(signature = (url, base = None))]
pub(crate) fn timeline<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    base: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let text = utf8_or_raise(py, text_of(url)?, rfc1738::Dialect::Rfc1738)?;
    Keys::new(py).dict_of(&rfc1738::timeline::TimelineReport::of(&text, base))
}

/// A URL found in running text, with the fields of ``rfc1738 extract --json``: where
/// (``start``, ``end``, ``line``, ``column`` in bytes, ``char_*`` in characters), what
/// was ``found`` (the wrapper included) and the ``url`` in it, the ``wrapper`` (``url``,
/// ``angle``, ``none``), whether ``prefixed`` with ``URL:``, a ``hyphen_break`` and its
/// ``alternative`` reading (with ``alternative_valid``), whether ``valid``, its ``kind``
/// and, when invalid, the ``error`` object. ``file`` is the file's name, ``"-"`` for text.
///
/// >>> import rfc1738
/// >>> found = next(rfc1738.extract("see <URL:news:comp.infosystems.www> soon"))
/// >>> found.url, found.wrapper, found.prefixed, found.kind, found.column
/// ('news:comp.infosystems.www', 'url', True, 'news', 5)
#[pyclass(frozen, module = "rfc1738", name = "Found")]
pub(crate) struct Found {
    /// The file's name as given, ``"-"`` for text.
    #[pyo3(get)]
    file: String,
    /// The byte offset where the finding starts (its wrapper included).
    #[pyo3(get)]
    start: u64,
    /// The byte offset where it ends.
    #[pyo3(get)]
    end: u64,
    /// The line it starts on, from 1.
    #[pyo3(get)]
    line: u64,
    /// The column it starts at, in bytes, from 1.
    #[pyo3(get)]
    column: u64,
    /// ``start`` in characters.
    #[pyo3(get)]
    char_start: u64,
    /// ``end`` in characters.
    #[pyo3(get)]
    char_end: u64,
    /// ``column`` in characters.
    #[pyo3(get)]
    char_column: u64,
    /// The text found, its wrapper included.
    #[pyo3(get)]
    found: String,
    /// The URL in it (whitespace inside a wrapper left out).
    #[pyo3(get)]
    url: String,
    /// ``url`` (``<URL:...>``), ``angle`` (``<...>``) or ``none`` (a bare URL).
    #[pyo3(get)]
    wrapper: String,
    /// Whether the URL has the prefix ``URL:``.
    #[pyo3(get)]
    prefixed: bool,
    /// Whether a hyphen stands at a line break inside the URL.
    #[pyo3(get)]
    hyphen_break: bool,
    /// After a hyphen break, the reading without the hyphen; else None.
    #[pyo3(get)]
    alternative: Option<String>,
    /// Whether ``alternative`` is a valid URL reference; None without one.
    #[pyo3(get)]
    alternative_valid: Option<bool>,
    /// Whether the URL is a valid URL reference in the dialect.
    #[pyo3(get)]
    valid: bool,
    /// The production read (for an invalid URL, the one tried), or None.
    #[pyo3(get)]
    kind: Option<String>,
    /// For an invalid URL, the error object (``code``, ``offset``, ``char_offset``,
    /// ``expected``, ``message``); else None.
    #[pyo3(get)]
    error: Option<Py<PyDict>>,
    /// The report the fields come from.
    report: Py<PyDict>,
}

/// The field `key` of a report dict, `None` where the report leaves it out.
pub(crate) fn get<'py, T: FromPyObjectOwned<'py>>(
    report: &Bound<'py, PyDict>,
    key: &str,
) -> PyResult<T> {
    match report.get_item(key)? {
        Some(value) => value.extract().map_err(Into::into),
        None => report
            .py()
            .None()
            .into_bound(report.py())
            .extract()
            .map_err(Into::into),
    }
}

impl Found {
    fn from_report(report: Bound<'_, PyDict>) -> PyResult<Found> {
        Ok(Found {
            file: get(&report, "file")?,
            start: get(&report, "start")?,
            end: get(&report, "end")?,
            line: get(&report, "line")?,
            column: get(&report, "column")?,
            char_start: get(&report, "char_start")?,
            char_end: get(&report, "char_end")?,
            char_column: get(&report, "char_column")?,
            found: get(&report, "found")?,
            url: get(&report, "url")?,
            wrapper: get(&report, "wrapper")?,
            prefixed: get(&report, "prefixed")?,
            hyphen_break: get(&report, "hyphen_break")?,
            alternative: get(&report, "alternative")?,
            alternative_valid: get(&report, "alternative_valid")?,
            valid: get(&report, "valid")?,
            kind: get(&report, "kind")?,
            error: get(&report, "error")?,
            report: report.unbind(),
        })
    }
}

#[pymethods]
impl Found {
    /// The object ``rfc1738 extract --json`` prints for this finding (a copy).
    ///
    /// >>> import rfc1738
    /// >>> sorted(next(rfc1738.extract("at http://h/ ok")).to_dict())[:4]
    /// ['char_column', 'char_end', 'char_start', 'column']
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let copy = self.report.bind(py).copy()?;
        if let Some(error) = &self.error {
            copy.set_item("error", error.bind(py).copy()?)?;
        }
        Ok(copy)
    }

    fn __repr__(&self) -> String {
        format!(
            "Found(url={}, line={}, column={}, valid={})",
            python_repr(&self.url),
            self.line,
            self.column,
            if self.valid { "True" } else { "False" }
        )
    }
}

/// The `OSError` of a file that could not be read, as Python's `open` makes it: of the
/// subclass its errno names (`FileNotFoundError`, ...), with `errno`, `strerror` and the
/// file's name.
pub(crate) fn os_error(py: Python<'_>, error: std::io::Error, path: &Bound<'_, PyAny>) -> PyErr {
    let Some(errno) = error.raw_os_error() else {
        return error.into();
    };
    let made = (|| -> PyResult<PyErr> {
        let strerror = py.import("os")?.call_method1("strerror", (errno,))?;
        let class = py.get_type::<PyOSError>();
        Ok(PyErr::from_value(class.call1((errno, strerror, path))?))
    })();
    made.unwrap_or_else(|_| error.into())
}

/// The findings, as `Found` objects, and an iterator over them.
fn found_objects<'py>(
    py: Python<'py>,
    file: Option<&str>,
    found: &[rfc1738::extraction::Found<'_>],
) -> PyResult<Bound<'py, PyIterator>> {
    let mut keys = Keys::new(py);
    let list = PyList::empty(py);
    for found in found {
        let report = keys.dict_of(&ExtractReport::new(file, found))?;
        list.append(Bound::new(py, Found::from_report(report)?)?)?;
    }
    list.try_iter()
}

// The default `max_len` of `extract` and `extract_file`, written as a number for their
// signatures (which Python shows): the crate's default.
const _: () = assert!(Extractor::DEFAULT_MAX_LEN == 65536);

fn extractor(dialect: &str, max_len: usize, line_numbers: bool) -> PyResult<Extractor> {
    Ok(Extractor::new()
        .dialect(dialect_of(dialect)?)
        .max_len(max_len)
        .line_numbers(line_numbers))
}

/// The URLs in running text (a str, or bytes read as the CLI reads a file: a byte that is
/// not UTF-8 is no part of a URL), by the rules of RFC 1738's appendix: ``<URL:...>``,
/// ``<...>`` and bare URLs, whitespace inside a wrapper ignored, a hyphen at a line break
/// flagged with both readings. ``max_len`` bounds a URL's length (at least 256);
/// ``line_numbers`` is for text whose lines start with a line number. Iterates ``Found``
/// objects whose ``file`` is ``"-"``. The text is scanned with the GIL released.
///
/// >>> import rfc1738
/// >>> text = "Yes, I found it under <ftp://ftp.w3.org/pub/www/doc> but see\n" \
/// ...        "also http://info.cern.ch/hypertext/WWW/TheProject.html."
/// >>> [found.url for found in rfc1738.extract(text)]
/// ['ftp://ftp.w3.org/pub/www/doc', 'http://info.cern.ch/hypertext/WWW/TheProject.html']
#[pyfunction]
#[pyo3(signature = (text, dialect = "rfc1738", max_len = 65536, line_numbers = false))]
pub(crate) fn extract<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    dialect: &str,
    max_len: usize,
    line_numbers: bool,
) -> PyResult<Bound<'py, PyIterator>> {
    let extractor = extractor(dialect, max_len, line_numbers)?;
    let text = text_of(text)?;
    let found = py.detach(|| match &text {
        Ok(text) => Ok(extractor
            .extract(text)
            .map(rfc1738::extraction::Found::into_owned)
            .collect::<Vec<_>>()),
        Err(bytes) => extractor
            .extract_reader(&bytes[..])
            .collect::<std::io::Result<Vec<_>>>(),
    })?;
    found_objects(py, None, &found)
}

/// The URLs in a file, read as a stream (memory bounded by ``max_len``, whatever the
/// file's size), as ``rfc1738 extract --json FILE`` finds them; ``file`` is ``path`` as
/// given. Raises ``OSError`` when the file cannot be read. The file is read and scanned
/// with the GIL released.
///
/// >>> import rfc1738, tempfile, os
/// >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
/// ...     _ = f.write("mail <URL:mailto:timbl@info.cern.ch> or telnet://info.cern.ch/")
/// >>> [found.kind for found in rfc1738.extract_file(f.name)]
/// ['mailto', 'telnet']
/// >>> os.unlink(f.name)
#[pyfunction]
#[pyo3(signature = (path, dialect = "rfc1738", max_len = 65536, line_numbers = false))]
pub(crate) fn extract_file<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    dialect: &str,
    max_len: usize,
    line_numbers: bool,
) -> PyResult<Bound<'py, PyIterator>> {
    let extractor = extractor(dialect, max_len, line_numbers)?;
    let name = path;
    let path: PathBuf = path.extract()?;
    let found = py.detach(|| {
        let file = std::fs::File::open(&path)?;
        extractor
            .extract_reader(std::io::BufReader::new(file))
            .collect::<std::io::Result<Vec<_>>>()
    });
    let found = found.map_err(|error| os_error(py, error, name))?;
    let name = path.to_string_lossy();
    found_objects(py, Some(&name), &found)
}
