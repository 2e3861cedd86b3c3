//! The links of HTML documents: `links`, `links_file` and the class `Link`, over the
//! crate's `LinkLister` (`rfc1738 links`).

use crate::errors::resolve_error;
use crate::pyser::Keys;
use crate::services::{get, os_error};
use crate::text::{python_repr, text_of};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList};
use rfc1738::resolution::ResolveMode;
use rfc1738_links::{HtmlReading, LinkLister, LinkReport};
use std::path::PathBuf;
use std::str::FromStr;

/// A link of an HTML document, with the fields of ``rfc1738 links --json``: the ``file``
/// (``"-"`` for a document given as text), the ``line`` of its attribute, the ``element``
/// and ``attribute`` (lower case), the ``href`` as written (character references decoded),
/// the ``result`` (its absolute form by the ``mode``, or None), then ``valid`` and ``kind`` of
/// the result read by RFC 1738 and, when it is invalid, the ``error`` object of the parse
/// (``code``, ``offset``, ``char_offset``, ``expected``, ``message``), or the ``error``
/// object (``code``, ``message``) that says why there is no result; ``href_valid`` (and
/// ``href_error``) for the href as written when it is absolute, ``changed`` (what the mode
/// changed of its server); a ``warning`` object for a relative ``BASE HREF`` resolved, and
/// the ``charset`` in force when the link's attribute ended (``utf-8``, or ``latin-1`` from
/// the first byte that is not UTF-8 on).
///
/// >>> import rfc1738
/// >>> link = rfc1738.links('<A HREF="../Overview.html#top">back</A>',
/// ...                      base="http://info.cern.ch/hypertext/WWW/TheProject.html")[0]
/// >>> link.element, link.href, link.result, link.kind
/// ('a', '../Overview.html#top', 'http://info.cern.ch/hypertext/Overview.html#top', 'http')
#[pyclass(frozen, module = "rfc1738", name = "Link")]
pub(crate) struct Link {
    /// The document's name as given, ``"-"`` for text.
    #[pyo3(get)]
    file: String,
    /// For a page of a web archive (``links_warc``), the offset of its record in the
    /// file (of its gzip member in a gzip'd file); else None.
    #[pyo3(get)]
    record_offset: Option<u64>,
    /// For a page of a web archive, its record's URL (``WARC-Target-URI``, or the ARC
    /// header's), against which its links are resolved; else None.
    #[pyo3(get)]
    record_url: Option<String>,
    /// For a page of a web archive, its record's date (``WARC-Date``, or the ARC
    /// header's as ISO 8601); else None.
    #[pyo3(get)]
    record_date: Option<String>,
    /// The line of the link's attribute, from 1.
    #[pyo3(get)]
    line: u64,
    /// The element, in lower case (``a``, ``img``, ``base``, ``link``, ``form``,
    /// ``input``).
    #[pyo3(get)]
    element: String,
    /// The attribute, in lower case (``href``, ``src``, ``action``); None for a tag or
    /// comment skipped as too long.
    #[pyo3(get)]
    attribute: Option<String>,
    /// The attribute's value as written, character references decoded; None when skipped.
    #[pyo3(get)]
    href: Option<String>,
    /// The absolute form of ``href`` by the mode, or None (see ``error``).
    #[pyo3(get)]
    result: Option<String>,
    /// The resolution mode that gave ``result`` (``cern`` by default); None without a
    /// result.
    #[pyo3(get)]
    mode: Option<String>,
    /// Whether ``result`` is a valid URL reference by RFC 1738; None without a result.
    #[pyo3(get)]
    valid: Option<bool>,
    /// The production ``result`` was read by (for an invalid one, the one tried), or None.
    #[pyo3(get)]
    kind: Option<String>,
    /// Why the result is invalid (the parse error: ``code``, ``offset``, ``char_offset``,
    /// ``expected``, ``message``, as ``rfc1738.parse`` raises it), or why there is no
    /// result (``code``, ``message``: ``no-base``, ``relative-base``, ``unresolved-base``,
    /// ``too-long``, ``unclosed`` or a resolution error's code); else None.
    #[pyo3(get)]
    error: Option<Py<PyDict>>,
    /// For an absolute href, whether it is a valid URL reference by RFC 1738 as written
    /// (a mode may rewrite it: see ``changed``); None for a partial form or without a
    /// result.
    #[pyo3(get)]
    href_valid: Option<bool>,
    /// Why the absolute href is invalid as written (a parse error's object); else None.
    #[pyo3(get)]
    href_error: Option<Py<PyDict>>,
    /// What the mode changed of an absolute href's server: ``("host", "port")``, one of
    /// them, or ``()``.
    #[pyo3(get)]
    changed: Vec<String>,
    /// A relative ``BASE HREF`` resolved against the base given (``code``, ``message``);
    /// else None.
    #[pyo3(get)]
    warning: Option<Py<PyDict>>,
    /// ``utf-8``, or ``latin-1`` when a byte that is not UTF-8 came before the end of the
    /// link's attribute.
    #[pyo3(get)]
    charset: String,
    /// With ``compare``: each mode's result (None for none), in the order given; else
    /// None.
    #[pyo3(get)]
    compare: Option<Py<PyDict>>,
    /// With ``compare``: the error code of each mode that gives no result (``no-base``,
    /// ``whatwg-failure``, ...); else None.
    #[pyo3(get)]
    compare_errors: Option<Py<PyDict>>,
    /// With ``compare``: whether any two modes' results differ; else None.
    #[pyo3(get)]
    differ: Option<bool>,
    /// With ``compare``: the classes of every difference (``trailing-dot``,
    /// ``dot-segments``, ...; see ``rfc1738.compare``); else None.
    #[pyo3(get)]
    classes: Option<Vec<String>>,
    /// With ``compare``: the classes of each pair of modes whose results differ, keyed
    /// ``"cern/whatwg"``; else None.
    #[pyo3(get)]
    differences: Option<Py<PyDict>>,
    /// The report the fields come from.
    report: Py<PyDict>,
}

impl Link {
    pub(crate) fn from_report(report: Bound<'_, PyDict>) -> PyResult<Link> {
        Ok(Link {
            file: get(&report, "file")?,
            record_offset: get(&report, "record_offset")?,
            record_url: get(&report, "record_url")?,
            record_date: get(&report, "record_date")?,
            line: get(&report, "line")?,
            element: get(&report, "element")?,
            attribute: get(&report, "attribute")?,
            href: get(&report, "href")?,
            result: get(&report, "result")?,
            mode: get(&report, "mode")?,
            valid: get(&report, "valid")?,
            kind: get(&report, "kind")?,
            error: get(&report, "error")?,
            href_valid: get(&report, "href_valid")?,
            href_error: get(&report, "href_error")?,
            changed: get::<Option<Vec<String>>>(&report, "changed")?.unwrap_or_default(),
            warning: get(&report, "warning")?,
            charset: get(&report, "charset")?,
            compare: get(&report, "compare")?,
            compare_errors: match report.contains("compare")? {
                true => Some(
                    get::<Option<Py<PyDict>>>(&report, "compare_errors")?
                        .unwrap_or_else(|| PyDict::new(report.py()).unbind()),
                ),
                false => None,
            },
            differ: get(&report, "differ")?,
            classes: get(&report, "classes")?,
            differences: get(&report, "differences")?,
            report: report.unbind(),
        })
    }
}

#[pymethods]
impl Link {
    /// The object ``rfc1738 links --json`` prints for this link (a copy).
    ///
    /// >>> import rfc1738
    /// >>> rfc1738.links('<IMG SRC="gopher://gopher.micro.umn.edu/11/">')[0].to_dict()["kind"]
    /// 'gopher'
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        // A deep copy: the nested objects and lists are the link's own.
        let copy = py
            .import("copy")?
            .call_method1("deepcopy", (self.report.bind(py),))?;
        Ok(copy.cast_into::<PyDict>()?)
    }

    fn __repr__(&self) -> String {
        let shown = |text: &Option<String>| text.as_deref().map_or("None".into(), python_repr);
        format!(
            "Link(element={}, href={}, result={}, line={})",
            python_repr(&self.element),
            shown(&self.href),
            shown(&self.result),
            self.line
        )
    }
}

// The default `max_len` of `links` and `links_file`, written as a number for their
// signatures (which Python shows): the crate's default.
const _: () = assert!(LinkLister::DEFAULT_MAX_LEN == 65536);

/// A lister by the arguments: `mode` and `html` looked up by the crate itself, and the
/// modes compared (`None`: none).
fn lister(
    py: Python<'_>,
    base: Option<&str>,
    mode: &str,
    html: &str,
    max_len: usize,
    compare: Option<Vec<String>>,
) -> PyResult<LinkLister> {
    let mode = ResolveMode::from_str(mode).map_err(|error| resolve_error(py, &error))?;
    let reading = HtmlReading::from_str(html).map_err(PyValueError::new_err)?;
    let compared = match compare {
        Some(names) => crate::compare::modes_of(py, &names)?,
        None => Vec::new(),
    };
    let lister = LinkLister::new()
        .mode(mode)
        .reading(reading)
        .max_len(max_len)
        .compare(&compared);
    Ok(match base {
        Some(base) => lister.base(base),
        None => lister,
    })
}

/// The links, as `Link` objects, and an iterator over them.
fn link_objects<'py>(
    py: Python<'py>,
    file: Option<&str>,
    links: &[rfc1738_links::Link],
) -> PyResult<Bound<'py, PyIterator>> {
    let mut keys = Keys::new(py);
    let list = PyList::empty(py);
    for link in links {
        let report = keys.dict_of(&LinkReport::new(file, link))?;
        list.append(Bound::new(py, Link::from_report(report)?)?)?;
    }
    list.try_iter()
}

/// The links of an HTML document (a str, or bytes: read as UTF-8, and as Latin-1, HTML
/// 2.0's character set, from the first byte that is not UTF-8 on), as ``rfc1738 links
/// --json`` lists them: the URL attributes of HTML 2.0 (``A HREF``, ``BASE HREF``, ``FORM
/// ACTION``, ``IMG SRC``, ``LINK HREF``, ``INPUT SRC`` of ``TYPE=IMAGE``) in document order,
/// each resolved against the document's ``BASE HREF``, else ``base`` (the URL the page was
/// fetched from), without its fragment, by ``mode`` (a resolution mode of the crate:
/// ``cern``, the library NCSA Mosaic 2.4-2.7b5 and Lynx up to 2.6 ran, called per element
/// as Mosaic 2.7b5 called it, by default; ``rfc1808``, ``rfc1630``, ``draft``; and the
/// later ``rfc2396``, ``rfc3986``, ``whatwg``). Comments
/// and other markup declarations are read by ``reading`` (``rfc1738 links --html``):
/// ``html2`` (HTML 2.0's rules, RFC 1866, the default) or ``whatwg`` (today's tokenizer). A tag, comment, declaration or link
/// attribute longer than ``max_len`` bytes (at least 256) is reported and skipped; one left
/// open at the end is reported (error ``unclosed``). Returns a list of ``Link`` objects
/// whose ``file`` is ``"-"``; the document is read with the GIL released. Raises
/// ``ResolveError`` (code ``unknown-mode``) for a mode the crate does not know, and
/// ``ValueError`` for a ``reading`` it does not know.
///
/// >>> import rfc1738
/// >>> page = '<BASE HREF="http://www.example.edu/docs/guide/intro.html">' \
/// ...        '<A HREF="?y">query</A> <A HREF=..>up</A> <!-- <A HREF="no"> -->'
/// >>> [link.result for link in rfc1738.links(page)][1:]
/// ['http://www.example.edu/docs/guide/?y', 'http://www.example.edu/docs']
/// >>> [link.result for link in rfc1738.links(page, mode="rfc1808")][1:]
/// ['http://www.example.edu/docs/guide/intro.html?y', 'http://www.example.edu/docs/']
/// >>> comment = '<!-- a -- ><A HREF="x.html">x</A>'
/// >>> [link.error["code"] for link in rfc1738.links(comment, reading="whatwg")]
/// ['unclosed']
///
/// With ``compare`` (two modes or more, as ``rfc1738.compare`` takes them, ``rfc1738
/// links --compare``), each link is also resolved by each of them, each element treated
/// as NCSA Mosaic treated it (an image keeps no fragment, a ``GET`` form's ``ACTION`` no
/// query), and has ``compare`` (each mode's result), ``compare_errors``, ``differ``,
/// ``classes`` and ``differences`` (else None).
///
/// >>> [link.classes for link in rfc1738.links(page, compare=["cern", "whatwg"])][1:]
/// [['other'], ['dot-segments']]
#[pyfunction]
#[pyo3(signature = (html, base = None, mode = "cern", max_len = 65536, *, reading = "html2", compare = None))]
pub(crate) fn links<'py>(
    py: Python<'py>,
    html: &Bound<'py, PyAny>,
    base: Option<&str>,
    mode: &str,
    max_len: usize,
    reading: &str,
    compare: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyList>> {
    let lister = lister(py, base, mode, reading, max_len, compare)?;
    let bytes = match text_of(html)? {
        Ok(text) => text.into_bytes(),
        Err(bytes) => bytes,
    };
    let links = py.detach(|| {
        lister
            .links_reader(&bytes[..])
            .collect::<std::io::Result<Vec<_>>>()
    })?;
    let list = PyList::empty(py);
    for link in link_objects(py, None, &links)? {
        list.append(link?)?;
    }
    Ok(list)
}

/// The links of the HTML document in a file, read as a stream (memory bounded by
/// ``max_len`` while it is read, whatever the file's size), as ``rfc1738 links --json
/// FILE`` lists them; ``file`` is ``path`` as given, the other arguments as for
/// ``links``. Raises ``OSError`` when the file cannot be read. The file is read with the
/// GIL released; iterates ``Link`` objects.
///
/// >>> import rfc1738, tempfile, os
/// >>> with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
/// ...     _ = f.write('<A HREF="http://info.cern.ch:80/hypertext/WWW/">W3</A>')
/// >>> [link.result for link in rfc1738.links_file(f.name)]
/// ['http://info.cern.ch/hypertext/WWW/']
/// >>> os.unlink(f.name)
#[pyfunction]
#[pyo3(signature = (path, base = None, mode = "cern", max_len = 65536, *, reading = "html2", compare = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn links_file<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    base: Option<&str>,
    mode: &str,
    max_len: usize,
    reading: &str,
    compare: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyIterator>> {
    let lister = lister(py, base, mode, reading, max_len, compare)?;
    let name = path;
    let path: PathBuf = path.extract()?;
    let links = py.detach(|| {
        let file = std::fs::File::open(&path)?;
        lister
            .links_reader(std::io::BufReader::new(file))
            .collect::<std::io::Result<Vec<_>>>()
    });
    let links = links.map_err(|error| os_error(py, error, name))?;
    let name = path.to_string_lossy();
    link_objects(py, Some(&name), &links)
}
