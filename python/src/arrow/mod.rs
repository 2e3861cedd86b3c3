//! `rfc1738.arrow`: the reports of `parse`, `resolve` and `links` over Arrow columns, in
//! and out through the Arrow PyCapsule interface (pyo3-arrow), so that a column of
//! pyarrow, Polars, DuckDB or pandas is read without copying its texts and without a
//! Python object per value. The inputs are read while holding the GIL; the rows are made
//! with it released, in as many slices as the machine has cores, and put end to end.

mod archive;
mod columns;
mod keys;
mod parse;
mod rows;
mod schema;
mod threads;

use crate::errors::resolve_error;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyArray;
use rfc1738::reports::ResolveReport;
use rfc1738::resolution::ResolveMode;
use rfc1738::Dialect;
use rfc1738_links::{HtmlReading, LinkLister, LinkReport};
use rows::{RowError, Rows};
use std::ops::Range;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use threads::{lock, on_threads};

pub(crate) use archive::arrow_links_warc;

/// The chunks of an Arrow column (an array, or a stream of them: a chunked array).
fn chunks_of(column: AnyArray) -> PyResult<Vec<ArrayRef>> {
    let (chunks, _field) = column.into_chunked_array()?.into_inner();
    Ok(chunks)
}

/// What a column of inputs holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    Texts,
    /// Texts or bytes (pages, archives).
    Bytes,
}

/// Checks the chunks' type: `string`, `large_string`, `string_view`, and for [`Holds::Bytes`]
/// the binary types too.
fn check(chunks: &[ArrayRef], holds: Holds, what: &str) -> PyResult<()> {
    for chunk in chunks {
        match chunk.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null => {}
            DataType::Binary | DataType::LargeBinary | DataType::BinaryView
                if holds == Holds::Bytes => {}
            other => {
                let wanted = match holds {
                    Holds::Texts => "strings (string, large_string or string_view)",
                    Holds::Bytes => "strings or binary",
                };
                return Err(PyTypeError::new_err(format!(
                    "{what}: an Arrow column of {wanted} is wanted, not {other}"
                )));
            }
        }
    }
    Ok(())
}

/// A value of a column of texts or bytes.
#[derive(Clone, Copy)]
enum Value<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

impl<'a> Value<'a> {
    fn as_bytes(self) -> &'a [u8] {
        match self {
            Value::Text(text) => text.as_bytes(),
            Value::Bytes(bytes) => bytes,
        }
    }
}

/// Calls `each` with every value of `chunk` (checked by [`check`]), in order.
fn each_value<'a>(chunk: &'a ArrayRef, mut each: impl FnMut(Option<Value<'a>>)) {
    macro_rules! over {
        ($array:expr, $wrap:path) => {
            for value in $array.iter() {
                each(value.map($wrap))
            }
        };
    }
    match chunk.data_type() {
        DataType::Utf8 => over!(chunk.as_string::<i32>(), Value::Text),
        DataType::LargeUtf8 => over!(chunk.as_string::<i64>(), Value::Text),
        DataType::Utf8View => over!(chunk.as_string_view(), Value::Text),
        DataType::Binary => over!(chunk.as_binary::<i32>(), Value::Bytes),
        DataType::LargeBinary => over!(chunk.as_binary::<i64>(), Value::Bytes),
        DataType::BinaryView => over!(chunk.as_binary_view(), Value::Bytes),
        _ => (0..chunk.len()).for_each(|_| each(None)),
    }
}

/// Calls `each` with the values of rows `range` of the column of `chunks`, in order.
fn each_value_in(
    chunks: &[ArrayRef],
    range: Range<usize>,
    mut each: impl for<'v> FnMut(Option<Value<'v>>),
) {
    let mut start = 0;
    for chunk in chunks {
        let end = start + chunk.len();
        let (from, to) = (range.start.max(start), range.end.min(end));
        if from < to {
            each_value(&chunk.slice(from - start, to - from), &mut each);
        }
        start = end;
    }
}

/// The values of one column as a list, one per row (for a column read beside another).
fn values_of(chunks: &[ArrayRef]) -> Vec<Option<Value<'_>>> {
    let mut values = Vec::with_capacity(chunks.iter().map(|chunk| chunk.len()).sum());
    for chunk in chunks {
        each_value(chunk, |value| values.push(value));
    }
    values
}

/// The rows' struct array as a Python object with `__arrow_c_array__` (pyo3-arrow's
/// `Array`; `rfc1738.arrow` hands a pyarrow array on when pyarrow is there).
fn output(py: Python<'_>, rows: Result<StructArray, RowError>) -> PyResult<Py<PyAny>> {
    let rows = rows.map_err(|error| PyValueError::new_err(format!("rfc1738.arrow: {error}")))?;
    let array: ArrayRef = Arc::new(rows);
    Ok(PyArray::from_array_ref(array)
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

/// How many slices a column of `rows` rows is made in: `threads`, or one per core, but
/// no more than there are slices of `least` rows (below that a thread does not pay for
/// itself).
fn slices(rows: usize, threads: Option<usize>, least: usize) -> usize {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    threads.min(rows / least.max(1)).max(1)
}

/// Makes the rows of `rows` inputs on as many threads as [`slices`] says, and puts them end
/// to end. `start(room)` begins rows with room for `room` of them, and `write(rows, range)`
/// writes the rows of the inputs `range`.
///
/// The inputs are shared out as the threads come for them, so that a thread that runs
/// slower (a busy core) takes less: the calling thread writes from the front, into rows
/// with room for all, and the others take slices from the back, into rows of their own,
/// until they meet. The back slices are then appended to the front's, and the columns
/// finished, by all the threads, a column each at a time ([`Rows::finish_parts`]): only the
/// back slices are copied.
fn in_slices<W: Into<Rows> + Send>(
    rows: usize,
    threads: Option<usize>,
    least: usize,
    start: impl Fn(usize) -> W + Sync,
    write: impl Fn(&mut W, Range<usize>) -> Result<(), RowError> + Sync,
) -> Result<StructArray, RowError> {
    let count = slices(rows, threads, least);
    let mut front = start(rows);
    if count == 1 {
        write(&mut front, 0..rows)?;
        return Ok(front.into().finish());
    }
    // Slices small enough for the threads to meet within a few percent of the rows.
    let slice = (rows / (count * 16)).max(least).max(1);
    // The inputs not yet taken.
    let left = Mutex::new(0..rows);
    let take = |from_front: bool| {
        let mut left = lock(&left);
        if left.is_empty() {
            return None;
        }
        let taken = if from_front {
            left.start..left.end.min(left.start + slice)
        } else {
            left.end.saturating_sub(slice).max(left.start)..left.end
        };
        *left = match from_front {
            true => taken.end..left.end,
            false => left.start..taken.start,
        };
        Some(taken)
    };
    let back_slices = || -> Result<Vec<(usize, Rows)>, RowError> {
        let mut parts = Vec::new();
        while let Some(range) = take(false) {
            let mut rows = start(range.len());
            let first = range.start;
            write(&mut rows, range)?;
            parts.push((first, rows.into()));
        }
        Ok(parts)
    };
    let front_slices = || -> Result<W, RowError> {
        while let Some(range) = take(true) {
            write(&mut front, range)?;
        }
        Ok(front)
    };
    let (front, back_parts) = on_threads(count - 1, back_slices, front_slices);
    let front: Rows = front?.into();
    let mut back = Vec::new();
    for parts in back_parts {
        back.extend(parts.unwrap_or_else(|| Err(RowError("a thread panicked".into())))?);
    }
    back.sort_by_key(|(first, _)| *first);
    front.finish_parts(back.into_iter().map(|(_, rows)| rows).collect(), count)
}

/// The report of every URL of a column of strings, as `rfc1738 parse --json` gives it, as
/// a struct array (see ``rfc1738.arrow.parse``).
#[pyfunction]
#[pyo3(signature = (urls, dialect = "rfc1738", *, threads = None))]
pub(crate) fn arrow_parse(
    py: Python<'_>,
    urls: AnyArray,
    dialect: &str,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let dialect =
        Dialect::from_str(dialect).map_err(|error| PyValueError::new_err(error.to_string()))?;
    let chunks = chunks_of(urls)?;
    check(&chunks, Holds::Texts, "urls")?;
    let rows: usize = chunks.iter().map(|chunk| chunk.len()).sum();
    let rows = py.detach(|| {
        in_slices(
            rows,
            threads,
            16 * 1024,
            |room| parse::ParseRows::new(dialect, room),
            |rows, range| {
                let mut written = Ok(());
                each_value_in(&chunks, range, |value| {
                    let url = match value {
                        Some(Value::Text(url)) => Some(url),
                        _ => None,
                    };
                    if written.is_ok() {
                        written = rows.push(url);
                    }
                });
                written
            },
        )
    });
    output(py, rows)
}

/// The key of each URL of a column (see ``rfc1738.arrow.keys``).
#[pyfunction]
#[pyo3(signature = (urls, style = "rfc1738", *, compare = true, threads = None))]
pub(crate) fn arrow_keys(
    py: Python<'_>,
    urls: AnyArray,
    style: &str,
    compare: bool,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let style = rfc1738_keys::Style::from_str(style)
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    let chunks = chunks_of(urls)?;
    check(&chunks, Holds::Texts, "urls")?;
    let rows: usize = chunks.iter().map(|chunk| chunk.len()).sum();
    let rows = py.detach(|| {
        in_slices(
            rows,
            threads,
            16 * 1024,
            |room| keys::KeyRows::new(style, compare, room),
            |rows, range| {
                let mut written = Ok(());
                each_value_in(&chunks, range, |value| {
                    if written.is_err() {
                        return;
                    }
                    written = match value {
                        Some(Value::Text(url)) => rows.push(url),
                        _ => {
                            rows.push_null();
                            Ok(())
                        }
                    };
                });
                written
            },
        )
    });
    output(py, rows)
}

/// The texts of a column given as a column, or as one Python string for every row.
enum Column<'a> {
    Each(Vec<Option<Value<'a>>>),
    All(Option<&'a str>),
}

impl<'a> Column<'a> {
    fn get(&self, row: usize) -> Option<&'a str> {
        match self {
            Column::Each(values) => match values.get(row).copied().flatten() {
                Some(Value::Text(text)) => Some(text),
                _ => None,
            },
            Column::All(text) => *text,
        }
    }
}

/// A column argument: an Arrow column, or a str (or None) for every row.
#[derive(FromPyObject)]
pub(crate) enum Texts {
    One(Option<String>),
    Many(AnyArray),
}

impl Texts {
    fn chunks(self, what: &str) -> PyResult<Result<Vec<ArrayRef>, Option<String>>> {
        match self {
            Texts::One(text) => Ok(Err(text)),
            Texts::Many(column) => {
                let chunks = chunks_of(column)?;
                check(&chunks, Holds::Texts, what)?;
                Ok(Ok(chunks))
            }
        }
    }
}

fn column<'a>(chunks: &'a Result<Vec<ArrayRef>, Option<String>>) -> Column<'a> {
    match chunks {
        Ok(chunks) => Column::Each(values_of(chunks)),
        Err(text) => Column::All(text.as_deref()),
    }
}

fn length(chunks: &Result<Vec<ArrayRef>, Option<String>>) -> Option<usize> {
    chunks
        .as_ref()
        .ok()
        .map(|chunks| chunks.iter().map(|chunk| chunk.len()).sum())
}

/// Each partial form of a column resolved against its context (see
/// ``rfc1738.arrow.resolve``).
#[pyfunction]
#[pyo3(signature = (contexts, partials, mode = "cern", *, threads = None))]
pub(crate) fn arrow_resolve(
    py: Python<'_>,
    contexts: Texts,
    partials: Texts,
    mode: &str,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let mode = ResolveMode::from_str(mode).map_err(|error| resolve_error(py, &error))?;
    let contexts = contexts.chunks("contexts")?;
    let partials = partials.chunks("partials")?;
    let rows = rows_of_pairs(&contexts, &partials, "contexts", "partials")?;
    let rows = py.detach(|| {
        let (contexts, partials) = (column(&contexts), column(&partials));
        let pairs: Vec<_> = (0..rows)
            .map(|row| (contexts.get(row), partials.get(row)))
            .collect();
        let columns = schema::resolve_columns();
        in_slices(
            pairs.len(),
            threads,
            4 * 1024,
            |room| Rows::new(&columns, schema::RESOLVE_SKIPPED, room),
            |rows, range| {
                for pair in &pairs[range] {
                    match *pair {
                        (Some(context), Some(partial)) => rows.push(&ResolveReport::of(
                            context,
                            partial,
                            mode,
                            rfc1738::resolution::resolve(context, partial, mode),
                        ))?,
                        _ => rows.push_null(),
                    }
                }
                Ok(())
            },
        )
    });
    output(py, rows)
}

/// The number of rows of two columns read side by side (a str for every row takes the
/// other's length); a `ValueError` when their lengths differ.
fn rows_of_pairs(
    first: &Result<Vec<ArrayRef>, Option<String>>,
    second: &Result<Vec<ArrayRef>, Option<String>>,
    first_name: &str,
    second_name: &str,
) -> PyResult<usize> {
    match (length(first), length(second)) {
        (Some(a), Some(b)) if a != b => Err(PyValueError::new_err(format!(
            "{first_name} has {a} rows and {second_name} {b}: they are read side by side"
        ))),
        (Some(a), _) => Ok(a),
        (None, Some(b)) => Ok(b),
        (None, None) => Err(PyTypeError::new_err(format!(
            "{first_name} or {second_name} must be an Arrow column"
        ))),
    }
}

/// A link lister of the mode and reading named.
pub(crate) fn lister(
    py: Python<'_>,
    mode: &str,
    reading: &str,
    max_len: usize,
) -> PyResult<LinkLister> {
    let mode = ResolveMode::from_str(mode).map_err(|error| resolve_error(py, &error))?;
    let reading = HtmlReading::from_str(reading).map_err(PyValueError::new_err)?;
    Ok(LinkLister::new()
        .mode(mode)
        .reading(reading)
        .max_len(max_len))
}

/// A link lister of the mode and reading named that compares the modes of `compare`
/// (none for `None`).
pub(crate) fn comparing_lister(
    py: Python<'_>,
    mode: &str,
    reading: &str,
    max_len: usize,
    compare: Option<Vec<String>>,
) -> PyResult<LinkLister> {
    let lister = lister(py, mode, reading, max_len)?;
    Ok(match compare {
        Some(names) => lister.compare(&crate::compare::modes_of(py, &names)?),
        None => lister,
    })
}

/// The links of each page of a column, each resolved against its base (see
/// ``rfc1738.arrow.links``).
#[pyfunction]
#[pyo3(signature = (pages, bases = None, mode = "cern", *, reading = "html2", max_len = 65536, threads = None, compare = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn arrow_links(
    py: Python<'_>,
    pages: AnyArray,
    bases: Option<Texts>,
    mode: &str,
    reading: &str,
    max_len: usize,
    threads: Option<usize>,
    compare: Option<Vec<String>>,
) -> PyResult<Py<PyAny>> {
    let lister = comparing_lister(py, mode, reading, max_len, compare)?;
    let pages = chunks_of(pages)?;
    check(&pages, Holds::Bytes, "pages")?;
    let bases = bases.unwrap_or(Texts::One(None)).chunks("bases")?;
    let rows = rows_of_pairs(&Ok(pages.clone()), &bases, "pages", "bases")?;
    let rows = py.detach(|| {
        let (pages, bases) = (values_of(&pages), column(&bases));
        let pairs: Vec<_> = (0..rows).map(|row| (pages[row], bases.get(row))).collect();
        let columns = schema::links_columns(lister.compared_modes());
        in_slices(
            pairs.len(),
            threads,
            64,
            |room| Rows::new(&columns, schema::LINKS_SKIPPED, room),
            |out, range| {
                let first = range.start;
                for (index, &(page, base)) in pairs[range].iter().enumerate() {
                    let Some(page) = page else { continue };
                    let lister = match base {
                        Some(base) => lister.clone().base(base),
                        None => lister.clone(),
                    };
                    for link in lister.links_reader(page.as_bytes()) {
                        let link = link.map_err(|error| RowError(error.to_string()))?;
                        out.set_int64(0, (first + index) as i64);
                        out.push(&LinkReport::new(None, &link))?;
                    }
                }
                Ok(())
            },
        )
    });
    output(py, rows)
}
