//! The links of the pages of web archives (ARC and WARC files, plain or gzip'd): the
//! reading shared by ``links_warc`` (an iterator of ``Link`` objects, streaming) and
//! ``rfc1738.arrow.links_warc`` (rows), as ``rfc1738 links`` reads an archive.

use crate::links::Link;
use crate::pyser::Keys;
use crate::services::os_error;
use pyo3::exceptions::{PyStopIteration, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rfc1738::reports::InRecord;
use rfc1738_archive::{sniff, ArchiveReader, Detected, Item, Problem, Record, Tally};
use rfc1738_links::{LinkLister, LinkReport};
use std::collections::{BTreeMap, VecDeque};
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

/// What the reading of an archive hands on, record by record.
pub(crate) enum Event<'a> {
    /// The links of an HTML page, resolved against its record's URL (and its BASE).
    Links(&'a Record, Vec<rfc1738_links::Link>),
    /// A document of another media type (its record's, and the media type), not read.
    Other(&'a Record, Option<&'a str>),
    /// A record skipped by its kind (`request`, `revisit`, `metadata`, ...).
    Skipped(&'a Record),
    /// What could not be read; the reading went on after it.
    Problem(&'a Problem),
    /// What was read otherwise than its record says (before the record's links).
    Warning(&'a Problem),
}

/// Reads `input` as an archive (told from its first bytes), handing on each page's links
/// and everything else read, skipped or not read. `Ok(None)` when it is no ARC or WARC
/// file (nothing is handed on).
pub(crate) fn read_archive<R: Read>(
    input: R,
    lister: &LinkLister,
    reader: ArchiveReader,
    each: &mut dyn FnMut(Event<'_>) -> io::Result<()>,
) -> io::Result<Option<Detected>> {
    let (detected, input) = sniff(input, None)?;
    let Some(detected) = detected else {
        return Ok(None);
    };
    reader.read(input, detected, &mut |item| match item {
        Item::Document(document) if document.is_html() => {
            let lister = match &document.record.url {
                Some(url) => lister.clone().base(url.as_str()),
                None => lister.clone(),
            };
            let links = lister
                .links_reader(document.body)
                .collect::<io::Result<Vec<_>>>()?;
            each(Event::Links(document.record, links))
        }
        Item::Document(document) => each(Event::Other(document.record, document.media_type)),
        Item::Skipped(record) => each(Event::Skipped(record)),
        Item::Problem(problem) => each(Event::Problem(problem)),
        Item::Warning(warning) => each(Event::Warning(warning)),
    })?;
    Ok(Some(detected))
}

/// The record of a page, for its links' reports.
pub(crate) fn in_record(record: &Record) -> InRecord<'_> {
    InRecord {
        offset: record.offset,
        url: record.url.as_deref(),
        date: record.date.as_deref(),
    }
}

/// What the reading thread sends: the owned form of an [`Event`], or the end.
enum Message {
    Links(Record, Vec<rfc1738_links::Link>),
    /// A document not read: its media type, its record's version.
    Other(Option<String>, &'static str),
    /// A record skipped: its kind in lower case, its version.
    Skipped(String, &'static str),
    Problem(Problem),
    Warning(Problem),
    /// The end: the archive's format, or that it is none, or why it could not be read.
    End(io::Result<Option<Detected>>),
}

/// How many records' links the reading thread may be ahead of the iterator.
const AHEAD: usize = 16;

/// The links of the pages of a web archive, read as they are asked for (see
/// ``rfc1738.links_warc``). Besides the links, it keeps what the archive's other records
/// were: ``pages`` (the HTML pages read), ``other_media_types`` and ``skipped`` (counts by
/// media type and by record kind), ``versions`` (records read by the format's version),
/// ``problems`` (each ``offset``, ``url``, ``code``, ``message``: what could not be read),
/// ``warnings`` (the same keys: what was read otherwise than its record says), and, once
/// known, ``format`` (``arc`` or ``warc``) and ``gzip``, as the summary of ``rfc1738 links
/// --json`` has them.
///
/// >>> import rfc1738, tempfile, os
/// >>> with tempfile.NamedTemporaryFile(suffix=".warc", delete=False) as f:
/// ...     _ = f.write(b"WARC/1.0\r\nWARC-Type: request\r\nContent-Length: 0\r\n\r\n\r\n\r\n")
/// >>> links = rfc1738.links_warc(f.name)
/// >>> list(links), links.pages, links.skipped, links.format, links.gzip
/// ([], 0, {'request': 1}, 'warc', False)
/// >>> os.unlink(f.name)
#[pyclass(module = "rfc1738", name = "ArchiveLinks")]
pub(crate) struct ArchiveLinks {
    file: String,
    receiver: Option<Mutex<Receiver<Message>>>,
    pending: VecDeque<Py<Link>>,
    /// What was made of the records so far, counted as the command counts them (every
    /// problem and warning kept).
    tally: Tally,
    /// ``arc`` or ``warc``, once the first bytes are read; None before.
    #[pyo3(get)]
    format: Option<&'static str>,
    /// Whether the archive is gzip'd, once the first bytes are read; None before.
    #[pyo3(get)]
    gzip: Option<bool>,
}

#[pymethods]
impl ArchiveLinks {
    /// HTML pages read.
    #[getter]
    fn pages(&self) -> u64 {
        self.tally.documents
    }

    /// Documents of other media types, by media type (``none`` without one).
    #[getter]
    fn other_media_types(&self) -> BTreeMap<String, u64> {
        self.tally.other_media_types.clone()
    }

    /// Records skipped by kind (lower case).
    #[getter]
    fn skipped(&self) -> BTreeMap<String, u64> {
        self.tally.skipped.clone()
    }

    /// Records read (documents and skipped ones) by the format's version (``1.0``,
    /// ``0.17``, ...; an ARC file's ``1`` or ``2``).
    #[getter]
    fn versions(&self) -> BTreeMap<&'static str, u64> {
        self.tally.versions.clone()
    }

    /// What could not be read so far, in file order: dicts of ``offset`` (of the record,
    /// or of its gzip member), ``url`` (when its header was read), ``code`` (``gzip``,
    /// ``truncated``, ``length``, ``too-long``, ``header``, ``http``, ``chunked``,
    /// ``encoding``, ``skipped``) and ``message``.
    #[getter]
    fn problems<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        problem_dicts(py, &self.tally.listed_problems)
    }

    /// What was read otherwise than its record says, so far, in file order, each before
    /// its record's links: dicts of the keys of ``problems``, ``code`` one of
    /// ``dechunked`` (a body stored de-chunked under ``Transfer-Encoding: chunked``),
    /// ``decoded`` (a body stored decoded under ``Content-Encoding: gzip``) and
    /// ``chunked`` (chunked framing that breaks off: the rest read as stored).
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        problem_dicts(py, &self.tally.listed_warnings)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Py<Link>> {
        loop {
            if let Some(link) = self.pending.pop_front() {
                return Ok(link);
            }
            let Some(receiver) = &self.receiver else {
                return Err(PyStopIteration::new_err(()));
            };
            let message = py.detach(|| receiver.lock().ok()?.recv().ok());
            let Some(message) = message else {
                self.receiver = None;
                continue;
            };
            self.take(py, message)?;
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<ArchiveLinks of {:?}: {} read, {}>",
            self.file,
            match self.tally.documents {
                1 => "1 page".to_owned(),
                n => format!("{n} pages"),
            },
            match self.tally.problems {
                1 => "1 problem".to_owned(),
                n => format!("{n} problems"),
            }
        )
    }
}

impl ArchiveLinks {
    /// Takes in what the reading thread sent.
    fn take(&mut self, py: Python<'_>, message: Message) -> PyResult<()> {
        match message {
            Message::Links(record, links) => {
                self.tally.read(record.version);
                let mut keys = Keys::new(py);
                for link in &links {
                    let report =
                        LinkReport::new(Some(&self.file), link).in_record(in_record(&record));
                    let report = keys.dict_of(&report)?;
                    self.pending
                        .push_back(Py::new(py, Link::from_report(report)?)?);
                }
            }
            Message::Other(media_type, version) => {
                self.tally.other(version, media_type.as_deref());
            }
            Message::Skipped(kind, version) => self.tally.skip(version, &kind),
            Message::Problem(problem) | Message::Warning(problem) => self.tally.problem(&problem),
            Message::End(end) => {
                self.receiver = None;
                match end {
                    Ok(Some(detected)) => {
                        self.format = Some(detected.format.name());
                        self.gzip = Some(detected.gzip);
                    }
                    Ok(None) => {
                        return Err(PyValueError::new_err(format!(
                            "{}: not an ARC or WARC file (plain or gzip'd)",
                            self.file
                        )))
                    }
                    Err(error) => {
                        return Err(os_error(
                            py,
                            error,
                            &self.file.clone().into_pyobject(py)?.into_any(),
                        ))
                    }
                }
            }
        }
        Ok(())
    }
}

/// Problems or warnings as ``problems`` and ``warnings`` hold them: the fields of their
/// serialization, as the summary of ``rfc1738 links --json`` has them.
pub(crate) fn problem_dicts<'py>(
    py: Python<'py>,
    problems: &[Problem],
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut keys = Keys::new(py);
    problems
        .iter()
        .map(|problem| keys.dict_of(problem))
        .collect()
}

// The default `max_record`, written as a number for the signature (which Python shows):
// the crate's default.
const _: () = assert!(ArchiveReader::DEFAULT_MAX_RECORD == 16777216);

/// The links of the HTML pages of a web archive: an ARC file (version 1 or 2) or a WARC
/// file (1.0 or 1.1, or the drafts 0.17 and 0.18), plain or gzip'd, told from its first
/// bytes, as ``rfc1738 links --json FILE`` lists them. Each response or resource record of ``text/html`` (or
/// ``application/xhtml+xml``) is read, its HTTP chunking and gzip or deflate coding
/// undone, and its links resolved against the record's URL and the page's ``BASE HREF``
/// by ``mode`` (as ``links``); each ``Link`` has ``record_offset``, ``record_url`` and
/// ``record_date``. Requests, revisits, metadata and other records are counted and
/// skipped. A record longer than ``max_record`` bytes is not held but reported, so memory
/// stays bounded by it; a truncated gzip member, a length that lies, a body that does not
/// decode are reported in ``problems`` and the rest of the file is still read (from the
/// next place a record header starts); a body stored de-chunked or decoded is read as
/// stored and told in ``warnings``.
///
/// Returns an ``ArchiveLinks`` iterator at once; the file is read by a thread of its own,
/// a few records ahead, without the GIL. Raises ``OSError`` when the file cannot be read,
/// ``ValueError`` when it is no archive (both when iterated).
///
/// >>> import rfc1738, tempfile, os
/// >>> page = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<A HREF=../b.html>b</A>"
/// >>> record = (b"WARC/1.0\r\nWARC-Type: response\r\n"
/// ...           b"WARC-Target-URI: http://info.cern.ch/a/c.html\r\n"
/// ...           b"WARC-Date: 1996-09-23T14:21:03Z\r\n"
/// ...           b"Content-Length: %d\r\n\r\n" % len(page) + page + b"\r\n\r\n")
/// >>> with tempfile.NamedTemporaryFile(suffix=".warc", delete=False) as f:
/// ...     _ = f.write(record)
/// >>> links = rfc1738.links_warc(f.name)
/// >>> [(link.record_url, link.result) for link in links]
/// [('http://info.cern.ch/a/c.html', 'http://info.cern.ch/b.html')]
/// >>> links.pages, links.format, links.problems
/// (1, 'warc', [])
/// >>> os.unlink(f.name)
#[pyfunction]
#[pyo3(signature = (path, mode = "cern", *, max_record = 16777216, reading = "html2", max_len = 65536))]
pub(crate) fn links_warc(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    mode: &str,
    max_record: u64,
    reading: &str,
    max_len: usize,
) -> PyResult<ArchiveLinks> {
    let lister = crate::arrow::lister(py, mode, reading, max_len)?;
    let file: PathBuf = path.extract()?;
    let name = file.to_string_lossy().into_owned();
    let (sender, receiver) = sync_channel(AHEAD);
    let reader = ArchiveReader::new().max_record(max_record);
    std::thread::spawn(move || {
        let read = std::fs::File::open(&file).and_then(|input| {
            read_archive(io::BufReader::new(input), &lister, reader, &mut |event| {
                let message = match event {
                    Event::Links(record, links) => Message::Links(record.clone(), links),
                    Event::Other(record, media_type) => {
                        Message::Other(media_type.map(str::to_owned), record.version)
                    }
                    Event::Skipped(record) => {
                        Message::Skipped(record.kind.to_ascii_lowercase(), record.version)
                    }
                    Event::Problem(problem) => Message::Problem(problem.clone()),
                    Event::Warning(warning) => Message::Warning(warning.clone()),
                };
                // The iterator dropped: stop reading.
                sender
                    .send(message)
                    .map_err(|_| io::Error::other("the iterator was dropped"))
            })
        });
        let _ = sender.send(Message::End(read));
    });
    Ok(ArchiveLinks {
        file: name,
        receiver: Some(Mutex::new(receiver)),
        pending: VecDeque::new(),
        tally: Tally::new(usize::MAX),
        format: None,
        gzip: None,
    })
}
