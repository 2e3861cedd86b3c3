//! `rfc1738.arrow.links_warc`: the links of the pages of a column of web archives (their
//! bytes, or their paths), one row per link, and one row per thing not read.

use super::rows::{RowError, Rows};
use super::{
    check, chunks_of, comparing_lister, each_value, in_slices, output, schema, Holds, Value,
};
use crate::archive::{in_record, read_archive, Event};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use rfc1738_archive::ArchiveReader;
use rfc1738_links::LinkReport;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::io;

/// A row that tells what could not be read (column `problem`), or what was read otherwise
/// than its record says (column `record_warning`): where (the record's offset and URL,
/// when known), and its `code` and `message`.
struct ProblemRow<'p> {
    offset: Option<u64>,
    url: Option<&'p str>,
    column: &'static str,
    code: &'p str,
    message: String,
}

impl<'p> ProblemRow<'p> {
    /// The row of a problem or warning the reader handed on.
    fn of(problem: &'p rfc1738_archive::Problem) -> ProblemRow<'p> {
        ProblemRow {
            offset: Some(problem.offset),
            url: problem.url.as_deref(),
            column: match problem.kind.is_warning() {
                true => "record_warning",
                false => "problem",
            },
            code: problem.kind.code(),
            message: problem.kind.to_string(),
        }
    }
}

impl Serialize for ProblemRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Coded<'c>(&'c str, &'c str);
        impl Serialize for Coded<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("code", self.0)?;
                map.serialize_entry("message", self.1)?;
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("record_offset", &self.offset)?;
        map.serialize_entry("record_url", &self.url)?;
        map.serialize_entry(self.column, &Coded(self.code, &self.message))?;
        map.end()
    }
}

// The default `max_record`, written as a number for the signature (which Python shows):
// the crate's default.
const _: () = assert!(ArchiveReader::DEFAULT_MAX_RECORD == 16777216);

/// The links of the pages of each web archive of a column (see
/// ``rfc1738.arrow.links_warc``).
#[pyfunction]
#[pyo3(signature = (files, mode = "cern", *, max_record = 16777216, reading = "html2", max_len = 65536, threads = None, compare = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn arrow_links_warc(
    py: Python<'_>,
    files: AnyArray,
    mode: &str,
    max_record: u64,
    reading: &str,
    max_len: usize,
    threads: Option<usize>,
    compare: Option<Vec<String>>,
) -> PyResult<Py<PyAny>> {
    let lister = comparing_lister(py, mode, reading, max_len, compare)?;
    let reader = ArchiveReader::new().max_record(max_record);
    let chunks = chunks_of(files)?;
    check(&chunks, Holds::Bytes, "files")?;
    let rows = py.detach(|| {
        let mut files = Vec::new();
        for chunk in &chunks {
            each_value(chunk, |value| files.push(value));
        }
        let columns = schema::archive_links_columns(lister.compared_modes());
        in_slices(
            files.len(),
            threads,
            1,
            |room| Rows::new(&columns, schema::LINKS_SKIPPED, room),
            |rows, range| {
                let first = range.start;
                for (index, file) in files[range].iter().enumerate() {
                    let Some(file) = file else { continue };
                    let index = (first + index) as i64;
                    archive_rows(rows, index, *file, &lister, reader)?;
                }
                Ok(())
            },
        )
    });
    output(py, rows)
}

/// The rows of one archive: its bytes, or (a text) its path.
fn archive_rows(
    rows: &mut Rows,
    index: i64,
    file: Value<'_>,
    lister: &rfc1738_links::LinkLister,
    reader: ArchiveReader,
) -> Result<(), RowError> {
    let mut failed: Option<RowError> = None;
    let mut each = |event: Event<'_>| -> io::Result<()> {
        let pushed = match event {
            Event::Links(record, links) => links.iter().try_for_each(|link| {
                rows.set_int64(schema::ARCHIVE_FILE, index);
                rows.push(&LinkReport::new(None, link).in_record(in_record(record)))
            }),
            Event::Problem(problem) | Event::Warning(problem) => {
                rows.set_int64(schema::ARCHIVE_FILE, index);
                rows.push(&ProblemRow::of(problem))
            }
            Event::Other(..) | Event::Skipped(_) => Ok(()),
        };
        pushed.map_err(|error| {
            let message = error.to_string();
            failed = Some(error);
            io::Error::other(message)
        })
    };
    let read = match file {
        Value::Bytes(bytes) => read_archive(bytes, lister, reader, &mut each),
        Value::Text(path) => std::fs::File::open(path)
            .and_then(|input| read_archive(io::BufReader::new(input), lister, reader, &mut each)),
    };
    if let Some(error) = failed {
        return Err(error);
    }
    let problem = match read {
        Ok(Some(_)) => return Ok(()),
        Ok(None) => ProblemRow {
            offset: None,
            url: None,
            column: "problem",
            code: "not-an-archive",
            message: "not an ARC or WARC file (plain or gzip'd)".into(),
        },
        Err(error) => ProblemRow {
            offset: None,
            url: None,
            column: "problem",
            code: "io",
            message: error.to_string(),
        },
    };
    rows.set_int64(schema::ARCHIVE_FILE, index);
    rows.push(&problem)
}
