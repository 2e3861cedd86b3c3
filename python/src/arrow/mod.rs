//! `rfc1738.arrow`: the reports of `parse`, `resolve` and `links` over Arrow columns, in
//! and out through the Arrow PyCapsule interface (pyo3-arrow), so that a column of
//! pyarrow, Polars, DuckDB or pandas is read without copying its texts and without a
//! Python object per value. The inputs are read while holding the GIL; the rows are made
//! with it released, in as many slices as the machine has cores, and put end to end.

mod archive;
mod columns;
mod parse;
mod rows;
mod schema;

use crate::errors::resolve_error;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::{BooleanBufferBuilder, NullBuffer};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyArray;
use rfc1738::{Dialect, HtmlReading, LinkLister, LinkReport, ResolveMode, ResolveReport};
use rows::{RowError, Rows};
use std::str::FromStr;
use std::sync::Arc;

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

/// Makes the rows of `values` in slices (see [`slices`]), one thread each (`make` is given
/// the index of a slice's first value), and puts them end to end.
fn in_slices<T: Sync>(
    values: &[T],
    threads: Option<usize>,
    least: usize,
    make: impl Fn(usize, &[T]) -> Result<StructArray, RowError> + Sync,
) -> Result<StructArray, RowError> {
    let count = slices(values.len(), threads, least);
    if count == 1 {
        return make(0, values);
    }
    let size = values.len().div_ceil(count);
    let parts: Vec<Result<StructArray, RowError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = values
            .chunks(size)
            .enumerate()
            .map(|(index, slice)| {
                let make = &make;
                scope.spawn(move || make(index * size, slice))
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| Err(RowError("a thread panicked".into())))
            })
            .collect()
    });
    let parts = parts.into_iter().collect::<Result<Vec<_>, _>>()?;
    end_to_end(&parts, count)
}

/// The struct arrays `parts` (of the same fields) put end to end, column by column, the
/// columns shared among `threads` threads: copying them is the part of the work that would
/// otherwise run on one core.
fn end_to_end(parts: &[StructArray], threads: usize) -> Result<StructArray, RowError> {
    let Some(first) = parts.first() else {
        return Err(RowError("no rows to put end to end".into()));
    };
    let fields = first.fields().clone();
    let count = fields.len();
    let column = |index: usize| -> Result<ArrayRef, RowError> {
        let arrays: Vec<&dyn Array> = parts
            .iter()
            .map(|part| part.column(index).as_ref())
            .collect();
        arrow_select::concat::concat(&arrays).map_err(|error| RowError(error.to_string()))
    };
    let share = |thread: usize| -> Vec<(usize, Result<ArrayRef, RowError>)> {
        (thread..count)
            .step_by(threads.max(1))
            .map(|index| (index, column(index)))
            .collect()
    };
    let mut done: Vec<(usize, Result<ArrayRef, RowError>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|thread| scope.spawn(move || share(thread)))
            .collect();
        let mut done = share(0);
        for handle in handles {
            match handle.join() {
                Ok(columns) => done.extend(columns),
                Err(_) => done.push((0, Err(RowError("a thread panicked".into())))),
            }
        }
        done
    });
    done.sort_by_key(|(index, _)| *index);
    let columns = done
        .into_iter()
        .map(|(_, column)| column)
        .collect::<Result<Vec<_>, _>>()?;
    let nulls = parts.iter().any(|part| part.nulls().is_some()).then(|| {
        let mut valid = BooleanBufferBuilder::new(parts.iter().map(Array::len).sum());
        for part in parts {
            match part.nulls() {
                Some(nulls) => valid.append_buffer(nulls.inner()),
                None => valid.append_n(part.len(), true),
            }
        }
        NullBuffer::new(valid.finish())
    });
    StructArray::try_new(fields, columns, nulls).map_err(|error| RowError(error.to_string()))
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
    let rows = py.detach(|| {
        let values = values_of(&chunks);
        in_slices(&values, threads, 16 * 1024, |_, slice| {
            let mut rows = parse::ParseRows::new(dialect, slice.len());
            for value in slice {
                let url = match value {
                    Some(Value::Text(url)) => Some(*url),
                    _ => None,
                };
                rows.push(url)?;
            }
            Ok(rows.finish())
        })
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
#[pyo3(signature = (contexts, partials, mode = "rfc1630", *, threads = None))]
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
        in_slices(&pairs, threads, 4 * 1024, |_, slice| {
            let mut rows = Rows::new(&columns, schema::RESOLVE_SKIPPED, slice.len());
            for pair in slice {
                match *pair {
                    (Some(context), Some(partial)) => {
                        rows.push(&ResolveReport::new(context, partial, mode))?
                    }
                    _ => rows.push_null(),
                }
            }
            Ok(rows.finish())
        })
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

/// The links of each page of a column, each resolved against its base (see
/// ``rfc1738.arrow.links``).
#[pyfunction]
#[pyo3(signature = (pages, bases = None, mode = "cern", *, reading = "html2", max_len = 65536, threads = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn arrow_links(
    py: Python<'_>,
    pages: AnyArray,
    bases: Option<Texts>,
    mode: &str,
    reading: &str,
    max_len: usize,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    let lister = lister(py, mode, reading, max_len)?;
    let pages = chunks_of(pages)?;
    check(&pages, Holds::Bytes, "pages")?;
    let bases = bases.unwrap_or(Texts::One(None)).chunks("bases")?;
    let rows = rows_of_pairs(&Ok(pages.clone()), &bases, "pages", "bases")?;
    let rows = py.detach(|| {
        let (pages, bases) = (values_of(&pages), column(&bases));
        let pairs: Vec<_> = (0..rows).map(|row| (pages[row], bases.get(row))).collect();
        let columns = schema::links_columns();
        in_slices(&pairs, threads, 64, |first, slice| {
            let mut out = Rows::new(&columns, schema::LINKS_SKIPPED, slice.len());
            for (index, &(page, base)) in slice.iter().enumerate() {
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
            Ok(out.finish())
        })
    });
    output(py, rows)
}
