//! `cdxj`: the CDXJ index of one web archive, as `rfc1738 cdxj` writes it; and the class
//! `CdxjIndex`.

use crate::archive::problem_dicts;
use crate::services::os_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use rfc1738_archive::cdxj::{Indexed, Indexer, UrlKey};
use rfc1738_archive::{sniff, ArchiveReader, Problem};
use rfc1738_keys::Style;
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::PathBuf;
use std::str::FromStr;

/// The CDXJ index of one ARC or WARC file: its ``lines`` (``KEY TIMESTAMP JSON``, in file
/// order, as ``rfc1738 cdxj`` writes them), the records ``left_out`` by their kind, the
/// ``problems`` (what could not be read or indexed, each ``offset``, ``url``, ``code``,
/// ``message``), and the file's ``format`` and ``gzip``.
///
/// >>> import rfc1738
/// >>> index = rfc1738.cdxj(b"WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n")
/// >>> index.lines, index.left_out, index.format, len(index)
/// ([], {'warcinfo': 1}, 'warc', 0)
#[pyclass(frozen, module = "rfc1738", name = "CdxjIndex")]
pub(crate) struct CdxjIndex {
    lines: Vec<String>,
    left_out: BTreeMap<String, u64>,
    problems: Vec<Problem>,
    format: &'static str,
    gzip: bool,
}

#[pymethods]
impl CdxjIndex {
    /// The lines of the index, without line ends, in file order.
    #[getter]
    fn lines(&self) -> Vec<String> {
        self.lines.clone()
    }

    /// How many records of each kind were read and left out (``warcinfo``, ``request``,
    /// ``filedesc``, ...).
    #[getter]
    fn left_out(&self) -> BTreeMap<String, u64> {
        self.left_out.clone()
    }

    /// What could not be read or indexed (the reading went on after each).
    #[getter]
    fn problems<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        problem_dicts(py, &self.problems)
    }

    /// ``warc`` or ``arc``.
    #[getter]
    fn format(&self) -> &'static str {
        self.format
    }

    /// Whether the file was gzip'd.
    #[getter]
    fn gzip(&self) -> bool {
        self.gzip
    }

    fn __len__(&self) -> usize {
        self.lines.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<CdxjIndex: {} lines, {} problems, {}{}>",
            self.lines.len(),
            self.problems.len(),
            self.format,
            if self.gzip { ".gz" } else { "" }
        )
    }
}

/// The CDXJ index of an ARC or WARC file (plain or gzip'd, told from its first bytes), as
/// ``rfc1738 cdxj`` writes it: one line per ``response``, ``revisit``, ``resource`` and
/// ``metadata`` record, ``KEY TIMESTAMP JSON`` with the fields cdxj-indexer writes
/// (``url``, ``mime``, ``status``, ``digest``, ``length``, ``offset``, ``filename``). The
/// key is in ``style`` (one of ``KEY_STYLES``): ``rfc1738``, the scheme-aware key (a URL
/// the grammar rejects gets the surt key, and its JSON ``"key_style": "surt"``), or
/// ``surt``, PyPI surt's (the lines cdxj-indexer writes). ``source`` is the file's path,
/// or its bytes (a Spark ``binaryFile``'s content); ``filename`` is the lines' file name
/// (by default the path's last part, ``-`` for bytes). The work is done without the GIL.
/// Raises ``OSError`` when the file cannot be read, ``ValueError`` when it is no archive
/// or for an unknown style.
///
/// >>> import rfc1738
/// >>> page = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\nhello"
/// >>> record = (b"WARC/1.0\r\nWARC-Type: response\r\n"
/// ...           b"WARC-Target-URI: gopher://gopher.micro.umn.edu:70/1\r\n"
/// ...           b"WARC-Date: 1996-09-23T14:21:03Z\r\n"
/// ...           b"Content-Length: %d\r\n\r\n" % len(page) + page + b"\r\n\r\n")
/// >>> index = rfc1738.cdxj(record, filename="x.warc")
/// >>> index.lines[0].split(" ", 2)[:2]
/// ['gopher://(edu,umn,micro,gopher,)/', '19960923142103']
/// >>> index.problems, index.format
/// ([], 'warc')
#[pyfunction]
#[pyo3(signature = (source, style = "rfc1738", *, filename = None, max_record = 16777216))]
pub(crate) fn cdxj(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    style: &str,
    filename: Option<String>,
    max_record: u64,
) -> PyResult<CdxjIndex> {
    let style = Style::from_str(style).map_err(|error| PyValueError::new_err(error.to_string()))?;
    let reader = ArchiveReader::new().max_record(max_record);
    if let Ok(bytes) = source.cast::<PyBytes>() {
        let data = bytes.as_bytes().to_vec();
        let name = filename.unwrap_or_else(|| "-".to_owned());
        return py
            .detach(|| index(&data[..], &name, style, reader))
            .map_err(|error| error.into_py(py, source));
    }
    let path: PathBuf = source.extract()?;
    let name = filename.unwrap_or_else(|| {
        path.file_name()
            .map_or_else(|| path.to_string_lossy(), |name| name.to_string_lossy())
            .into_owned()
    });
    py.detach(|| {
        let file = std::fs::File::open(&path).map_err(Failure::Io)?;
        index(io::BufReader::new(file), &name, style, reader)
    })
    .map_err(|error| error.into_py(py, source))
}

/// Why a file has no index.
enum Failure {
    Io(io::Error),
    NotAnArchive,
}

impl Failure {
    /// The exception, `source` the path given (or the bytes).
    fn into_py(self, py: Python<'_>, source: &Bound<'_, PyAny>) -> PyErr {
        let shown = match source.cast::<PyBytes>() {
            Ok(_) => "the bytes given".to_owned(),
            Err(_) => source
                .str()
                .map_or_else(|_| "the file".to_owned(), |s| s.to_string()),
        };
        match self {
            Failure::Io(error) => os_error(py, error, source),
            Failure::NotAnArchive => PyValueError::new_err(format!(
                "{shown}: not an ARC or WARC file (nothing indexed)"
            )),
        }
    }
}

fn index(
    input: impl Read,
    name: &str,
    style: Style,
    reader: ArchiveReader,
) -> Result<CdxjIndex, Failure> {
    let (detected, input) = sniff(input, None).map_err(Failure::Io)?;
    let detected = detected.ok_or(Failure::NotAnArchive)?;
    let key = |url: &str| {
        let (key, made_in) = rfc1738_keys::index_key(url, style);
        UrlKey {
            key,
            style: made_in.map(Style::name),
        }
    };
    let mut index = CdxjIndex {
        lines: Vec::new(),
        left_out: BTreeMap::new(),
        problems: Vec::new(),
        format: detected.format.name(),
        gzip: detected.gzip,
    };
    Indexer::new(reader, &key)
        .index(input, detected, name, &mut |item| {
            match item {
                Indexed::Entry(entry) => index.lines.push(entry.line()),
                Indexed::LeftOut(record) => {
                    *index.left_out.entry(record.kind.clone()).or_default() += 1
                }
                Indexed::Problem(problem) => index.problems.push(problem.clone()),
            }
            Ok(())
        })
        .map_err(Failure::Io)?;
    Ok(index)
}
