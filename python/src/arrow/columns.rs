//! Typed Arrow columns filled row by row, sparsely: a row writes only the fields it has,
//! and the rows a column was not written in are nulls, appended in one run when the column
//! is next written or when the table is finished. A report of an ftp URL writes about a
//! dozen of `arrow.parse`'s thirty-four columns; the others cost nothing for that row, and
//! a column no row wrote is finished as nulls without being filled (one array of nulls per
//! type, [`NullArrays`]).
//!
//! Tables made in slices by several threads are put end to end by appending the later
//! slices' columns to the first's ([`Table::finish_parts`]): only those are copied.

use super::threads::{lock, on_threads};
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Int32Builder, Int64Builder, StringBuilder,
};
use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, Int64Type};
use arrow_array::{new_null_array, Array, ArrayRef, ListArray, StructArray};
use arrow_buffer::{NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use std::sync::{Arc, Mutex};

/// What a column holds.
#[derive(Debug, Clone)]
pub(crate) enum ColumnType {
    /// UTF-8 text (`utf8`).
    Text,
    /// `bool`
    Bool,
    /// `int32` (a port).
    Int32,
    /// `int64` (an offset, a line, an article number; one above `i64::MAX` is null).
    Int64,
    /// `list<utf8>`: path segments, an error's expected rules. A text written into it is
    /// split on `/` (an http or generic path, which `parse --json` gives as one string).
    TextList,
    /// `list<struct<A: utf8, B: utf8>>`, each item written as a sequence of two texts:
    /// prospero's fieldspecs (`fieldname`, `fieldvalue`).
    Pairs([&'static str; 2]),
    /// `struct<...>`: an error, a warning.
    Struct(Vec<(&'static str, ColumnType)>),
}

impl ColumnType {
    /// The Arrow type.
    pub(crate) fn data_type(&self) -> DataType {
        match self {
            ColumnType::Text => DataType::Utf8,
            ColumnType::Bool => DataType::Boolean,
            ColumnType::Int32 => DataType::Int32,
            ColumnType::Int64 => DataType::Int64,
            ColumnType::TextList => {
                DataType::List(Arc::new(Field::new("item", DataType::Utf8, true)))
            }
            ColumnType::Pairs([a, b]) => DataType::List(Arc::new(Field::new(
                "item",
                DataType::Struct(pair_fields(a, b)),
                true,
            ))),
            ColumnType::Struct(fields) => DataType::Struct(struct_fields(fields)),
        }
    }
}

fn pair_fields(a: &str, b: &str) -> Fields {
    Fields::from(vec![
        Field::new(a, DataType::Utf8, true),
        Field::new(b, DataType::Utf8, true),
    ])
}

fn struct_fields(fields: &[(&'static str, ColumnType)]) -> Fields {
    fields
        .iter()
        .map(|(name, kind)| Field::new(*name, kind.data_type(), true))
        .collect()
}

/// The rows of a column, by type.
pub(crate) enum Data {
    Text(StringBuilder),
    Bool(BooleanBuilder),
    Int32(Int32Builder),
    Int64(Int64Builder),
    /// Offsets into the texts, and the lists' validity.
    TextList(Vec<i32>, NullBufferBuilder, StringBuilder),
    /// Offsets into the pairs, the lists' validity, the pairs' two texts.
    Pairs(
        [&'static str; 2],
        Vec<i32>,
        NullBufferBuilder,
        StringBuilder,
        StringBuilder,
    ),
    /// The struct's fields, and its validity.
    Struct(Box<Table>, NullBufferBuilder),
}

/// The most room a text column makes for its texts before the first is written (a guess of
/// 8 bytes a row, not more than 64 MiB): a column of many rows grows as they come, rather
/// than asking for gigabytes it may never use.
const MAX_TEXT_ROOM: usize = 64 << 20;

/// One column: its name, type and rows.
pub(crate) struct Column {
    pub(crate) name: &'static str,
    data_type: DataType,
    pub(crate) data: Data,
    /// How many rows `data` has (nulls included): kept here, so that [`Column::fill`] is
    /// a comparison when there is nothing to fill.
    rows: usize,
}

impl Column {
    fn new(name: &'static str, kind: &ColumnType, capacity: usize) -> Column {
        let data = match kind {
            ColumnType::Text => Data::Text(StringBuilder::with_capacity(
                capacity,
                (capacity * 8).min(MAX_TEXT_ROOM),
            )),
            ColumnType::Bool => Data::Bool(BooleanBuilder::with_capacity(capacity)),
            ColumnType::Int32 => Data::Int32(Int32Builder::with_capacity(capacity)),
            ColumnType::Int64 => Data::Int64(Int64Builder::with_capacity(capacity)),
            ColumnType::TextList => Data::TextList(
                vec![0],
                NullBufferBuilder::new(capacity),
                StringBuilder::new(),
            ),
            ColumnType::Pairs(names) => Data::Pairs(
                *names,
                vec![0],
                NullBufferBuilder::new(capacity),
                StringBuilder::new(),
                StringBuilder::new(),
            ),
            ColumnType::Struct(fields) => Data::Struct(
                Box::new(Table::new(fields, &[], capacity)),
                NullBufferBuilder::new(capacity),
            ),
        };
        Column {
            name,
            data_type: kind.data_type(),
            data,
            rows: 0,
        }
    }

    /// Marks row `row` written (its value appended after [`Column::fill`]).
    pub(crate) fn wrote(&mut self, row: usize) {
        self.rows = row + 1;
    }

    /// How many rows its data has.
    fn len(&self) -> usize {
        match &self.data {
            Data::Text(b) => b.len(),
            Data::Bool(b) => b.len(),
            Data::Int32(b) => b.len(),
            Data::Int64(b) => b.len(),
            Data::TextList(offsets, ..) | Data::Pairs(_, offsets, ..) => offsets.len() - 1,
            Data::Struct(_, nulls) => nulls.len(),
        }
    }

    /// Appends nulls up to row `row` (excluded).
    #[inline(always)]
    pub(crate) fn fill(&mut self, row: usize) {
        if self.rows < row {
            self.fill_to(row);
        }
    }

    #[cold]
    #[inline(never)]
    fn fill_to(&mut self, row: usize) {
        self.rows = row;
        let missing = row.saturating_sub(self.len());
        if missing == 0 {
            return;
        }
        match &mut self.data {
            Data::Text(b) => b.append_nulls(missing),
            Data::Bool(b) => b.append_nulls(missing),
            Data::Int32(b) => b.append_nulls(missing),
            Data::Int64(b) => b.append_nulls(missing),
            Data::TextList(offsets, nulls, _) | Data::Pairs(_, offsets, nulls, ..) => {
                let last = offsets[offsets.len() - 1];
                offsets.extend(std::iter::repeat_n(last, missing));
                nulls.append_n_nulls(missing);
            }
            Data::Struct(table, nulls) => {
                table.fill(row);
                nulls.append_n_nulls(missing);
            }
        }
    }

    /// Writes a text at row `row` (split on `/` into a list column); `false` when the
    /// column holds no texts.
    #[inline(always)]
    pub(crate) fn text(&mut self, row: usize, value: &str) -> bool {
        self.fill(row);
        match &mut self.data {
            Data::Text(builder) => builder.append_value(value),
            Data::TextList(offsets, nulls, texts) => {
                // `value.split('/')`, each '/' found eight bytes at a time (`str::split`
                // sets up a search of its own for each text).
                let mut rest = value;
                while let Some(slash) = rfc1738_words::find_byte(rest.as_bytes(), b'/') {
                    texts.append_value(&rest[..slash]);
                    rest = &rest[slash + 1..];
                }
                texts.append_value(rest);
                offsets.push(texts.len() as i32);
                nulls.append_non_null();
            }
            _ => return false,
        }
        self.rows = row + 1;
        true
    }

    /// Writes `value` as it displays at row `row`: into a text column's buffer, without a
    /// string of its own (an error's message); `false` when the column holds no texts.
    pub(crate) fn display(&mut self, row: usize, value: &impl std::fmt::Display) -> bool {
        if !matches!(self.data, Data::Text(_)) {
            return self.text(row, &value.to_string());
        }
        self.fill(row);
        let Data::Text(builder) = &mut self.data else {
            return false;
        };
        // The builder's `write_str` appends to the value being written, which
        // `append_value` ends; it never fails.
        if std::fmt::Write::write_fmt(builder, format_args!("{value}")).is_err() {
            return false;
        }
        builder.append_value("");
        self.rows = row + 1;
        true
    }

    /// Writes a boolean at row `row`; `false` when the column holds none.
    #[inline(always)]
    pub(crate) fn flag(&mut self, row: usize, value: bool) -> bool {
        self.fill(row);
        match &mut self.data {
            Data::Bool(builder) => builder.append_value(value),
            _ => return false,
        }
        self.rows = row + 1;
        true
    }

    /// Writes a number at row `row` (null when it does not fit the column's type);
    /// `false` when the column holds no numbers.
    #[inline]
    pub(crate) fn number(&mut self, row: usize, value: i128) -> bool {
        self.fill(row);
        match &mut self.data {
            Data::Int32(builder) => builder.append_option(i32::try_from(value).ok()),
            Data::Int64(builder) => builder.append_option(i64::try_from(value).ok()),
            _ => return false,
        }
        self.rows = row + 1;
        true
    }

    /// Writes a list of texts at row `row`; `false` when the column holds no such lists.
    pub(crate) fn texts<'t>(&mut self, row: usize, items: impl Iterator<Item = &'t str>) -> bool {
        self.fill(row);
        match &mut self.data {
            Data::TextList(offsets, nulls, texts) => {
                for item in items {
                    texts.append_value(item);
                }
                offsets.push(texts.len() as i32);
                nulls.append_non_null();
            }
            _ => return false,
        }
        self.rows = row + 1;
        true
    }

    /// Writes a list of pairs of texts at row `row`; `false` when the column holds no such
    /// lists.
    pub(crate) fn pairs<'t>(
        &mut self,
        row: usize,
        items: impl Iterator<Item = [&'t str; 2]>,
    ) -> bool {
        self.fill(row);
        match &mut self.data {
            Data::Pairs(_, offsets, nulls, firsts, seconds) => {
                for [first, second] in items {
                    firsts.append_value(first);
                    seconds.append_value(second);
                }
                offsets.push(firsts.len() as i32);
                nulls.append_non_null();
            }
            _ => return false,
        }
        self.rows = row + 1;
        true
    }

    /// The finished column of `rows` rows: nulls, without filling them, when no row was
    /// written (an array of `nulls`, shared with the other such columns of its type).
    fn finish(&mut self, rows: usize, nulls: &mut NullArrays) -> ArrayRef {
        if self.len() == 0 {
            return nulls.of(&self.data_type, rows);
        }
        self.fill(rows);
        match &mut self.data {
            Data::Text(b) => Arc::new(b.finish()),
            Data::Bool(b) => Arc::new(b.finish()),
            Data::Int32(b) => Arc::new(b.finish()),
            Data::Int64(b) => Arc::new(b.finish()),
            Data::TextList(offsets, nulls, texts) => {
                let offsets =
                    OffsetBuffer::new(ScalarBuffer::from(std::mem::replace(offsets, vec![0])));
                let field = Arc::new(Field::new("item", DataType::Utf8, true));
                Arc::new(ListArray::new(
                    field,
                    offsets,
                    Arc::new(texts.finish()),
                    nulls.finish(),
                ))
            }
            Data::Pairs([a, b], offsets, nulls, firsts, seconds) => {
                let offsets =
                    OffsetBuffer::new(ScalarBuffer::from(std::mem::replace(offsets, vec![0])));
                let pairs = StructArray::new(
                    pair_fields(a, b),
                    vec![Arc::new(firsts.finish()), Arc::new(seconds.finish())],
                    None,
                );
                let field = Arc::new(Field::new("item", pairs.data_type().clone(), true));
                Arc::new(ListArray::new(
                    field,
                    offsets,
                    Arc::new(pairs),
                    nulls.finish(),
                ))
            }
            Data::Struct(table, valid) => {
                let valid = valid.finish();
                Arc::new(table.finish_with(rows, valid, nulls))
            }
        }
    }

    /// A rough measure of the work of appending and finishing the column.
    fn weight(&self) -> usize {
        match &self.data {
            Data::Text(b) => b.len() + b.values_slice().len(),
            Data::TextList(_, _, texts) => self.len() + texts.len() + texts.values_slice().len(),
            Data::Pairs(_, _, _, firsts, seconds) => {
                self.len()
                    + 2 * firsts.len()
                    + firsts.values_slice().len()
                    + seconds.values_slice().len()
            }
            Data::Struct(table, _) => table.columns.iter().map(Column::weight).sum(),
            _ => self.len(),
        }
    }
}

/// Arrays of nulls, one per type, of the rows of a table being finished: every column of a
/// type that no row wrote shares its type's (they are not written after).
pub(crate) struct NullArrays(Vec<ArrayRef>);

impl NullArrays {
    pub(crate) fn new() -> NullArrays {
        NullArrays(Vec::new())
    }

    /// `rows` nulls of this type.
    fn of(&mut self, data_type: &DataType, rows: usize) -> ArrayRef {
        if let Some(made) = self
            .0
            .iter()
            .find(|made| made.data_type() == data_type && made.len() == rows)
        {
            return made.clone();
        }
        let made = new_null_array(data_type, rows);
        self.0.push(made.clone());
        made
    }
}

impl Column {
    /// Appends the rows of `array` (this column's type) after row `at`.
    fn append_array(&mut self, at: usize, array: &dyn Array) -> Result<(), ArrowError> {
        self.fill(at);
        match &mut self.data {
            Data::Text(b) => b.append_array(array.as_string::<i32>())?,
            Data::Bool(b) => b.append_array(array.as_boolean()),
            Data::Int32(b) => b.append_array(array.as_primitive::<Int32Type>()),
            Data::Int64(b) => b.append_array(array.as_primitive::<Int64Type>()),
            Data::TextList(offsets, nulls, texts) => {
                let list = array.as_list::<i32>();
                let values = list_values(list);
                append_offsets(offsets, list)?;
                texts.append_array(values.as_string::<i32>())?;
                append_nulls(nulls, list.nulls(), list.len());
            }
            Data::Pairs(_, offsets, nulls, firsts, seconds) => {
                let list = array.as_list::<i32>();
                let values = list_values(list);
                let pairs = values.as_struct();
                append_offsets(offsets, list)?;
                firsts.append_array(pairs.column(0).as_string::<i32>())?;
                seconds.append_array(pairs.column(1).as_string::<i32>())?;
                append_nulls(nulls, list.nulls(), list.len());
            }
            Data::Struct(table, nulls) => {
                let fields = array.as_struct();
                for (column, child) in table.columns.iter_mut().zip(fields.columns()) {
                    column.append_array(at, child.as_ref())?;
                }
                append_nulls(nulls, fields.nulls(), fields.len());
            }
        }
        self.rows = at + array.len();
        Ok(())
    }

    /// Appends the `count` rows of `other` (a column of the same type) after row `at`.
    fn append(&mut self, at: usize, mut other: Column, count: usize) -> Result<(), ArrowError> {
        // A column no row of `other` wrote: its nulls are filled in when this one is next
        // written, or finished.
        if other.len() == 0 {
            return Ok(());
        }
        let array = other.finish(count, &mut NullArrays::new());
        self.append_array(at, array.as_ref())
    }
}

/// The items of a list's rows (all of them: a list made here starts at its first item).
fn list_values(list: &ListArray) -> ArrayRef {
    let offsets = list.value_offsets();
    let (first, last) = (offsets[0] as usize, offsets[offsets.len() - 1] as usize);
    list.values().slice(first, last - first)
}

/// Appends a list's offsets to `offsets`, moved to start at their last.
fn append_offsets(offsets: &mut Vec<i32>, list: &ListArray) -> Result<(), ArrowError> {
    let base = offsets.last().copied().unwrap_or_default();
    let added = list.value_offsets();
    let first = added[0];
    let shift = base - first;
    if shift.checked_add(added[added.len() - 1]).is_none() {
        return Err(ArrowError::OffsetOverflowError(
            base as usize + (added[added.len() - 1] - first) as usize,
        ));
    }
    offsets.extend(added[1..].iter().map(|offset| offset + shift));
    Ok(())
}

/// Appends a validity (`None`: every row valid) of `len` rows.
fn append_nulls(nulls: &mut NullBufferBuilder, added: Option<&NullBuffer>, len: usize) {
    match added {
        Some(added) => nulls.append_buffer(added),
        None => nulls.append_n_non_nulls(len),
    }
}

/// Columns of a struct array, with the names of the fields a writer does not keep, and the
/// guess, for each column, of the column written after it in the last row (a report's
/// fields come in the same order row after row).
pub(crate) struct Table {
    pub(crate) columns: Vec<Column>,
    fields: Fields,
    /// Names written by the reports and not kept (`input`, `dialect`, ...).
    skipped: &'static [&'static str],
    /// For each column (and, last, the start of a row), the column written after it.
    next: Vec<u16>,
}

/// The sentinel of [`Table::lookup`]: a skipped name.
pub(crate) const SKIPPED: usize = usize::MAX;

impl Table {
    /// A table of these columns, without rows.
    pub(crate) fn new(
        columns: &[(&'static str, ColumnType)],
        skipped: &'static [&'static str],
        capacity: usize,
    ) -> Table {
        Table {
            columns: columns
                .iter()
                .map(|(name, kind)| Column::new(name, kind, capacity))
                .collect(),
            fields: struct_fields(columns),
            skipped,
            next: vec![0; columns.len() + 1],
        }
    }

    /// The index of the column named `name` (written after column `previous`, or at the
    /// start of a row when `previous` is the column count), [`SKIPPED`] for a name not
    /// kept, or `None` for a name the table does not have.
    pub(crate) fn lookup(&mut self, previous: usize, name: &str) -> Option<usize> {
        // A skipped name first: it may be a column's too (`file`: a link report's page
        // name, the archive's index in a row of `links_warc`).
        if self.skipped.contains(&name) {
            return Some(SKIPPED);
        }
        let guess = self.next[previous] as usize;
        if self
            .columns
            .get(guess)
            .is_some_and(|column| column.name == name)
        {
            return Some(guess);
        }
        let found = self.columns.iter().position(|column| column.name == name)?;
        self.next[previous] = found as u16;
        Some(found)
    }

    /// The struct array of these columns' `at` rows followed by the rows of `parts` (tables
    /// of the same columns, each with its number of rows), with this validity. The later
    /// parts' columns are appended to these, and each finished, by `threads` threads, each
    /// taking the heaviest column left when it comes for one.
    pub(crate) fn finish_parts(
        &mut self,
        at: usize,
        parts: Vec<(Table, usize)>,
        threads: usize,
        valid: Option<NullBuffer>,
    ) -> Result<StructArray, ArrowError> {
        let counts: Vec<usize> = parts.iter().map(|(_, count)| *count).collect();
        let rows = at + counts.iter().sum::<usize>();
        let mut by_column: Vec<Vec<Column>> = self.columns.iter().map(|_| Vec::new()).collect();
        for (part, _) in parts {
            for (index, column) in part.columns.into_iter().enumerate() {
                if let Some(list) = by_column.get_mut(index) {
                    list.push(column);
                }
            }
        }
        let mut work: Vec<(usize, &mut Column, Vec<Column>)> = self
            .columns
            .iter_mut()
            .zip(by_column)
            .enumerate()
            .map(|(index, (column, others))| (index, column, others))
            .collect();
        // Lightest first: the threads pop the heaviest.
        work.sort_by_cached_key(|(_, column, others)| {
            column.weight() + others.iter().map(Column::weight).sum::<usize>()
        });
        let work = Mutex::new(work);
        let counts = &counts;
        let finish = || -> Result<Vec<(usize, ArrayRef)>, ArrowError> {
            let mut done = Vec::new();
            let mut nulls = NullArrays::new();
            while let Some((index, column, others)) = lock(&work).pop() {
                let mut end = at;
                for (other, &count) in others.into_iter().zip(counts) {
                    column.append(end, other, count)?;
                    end += count;
                }
                done.push((index, column.finish(rows, &mut nulls)));
            }
            Ok(done)
        };
        let (mine, theirs) = on_threads(threads.saturating_sub(1), finish, finish);
        let mut arrays = mine?;
        for made in theirs {
            arrays
                .extend(made.ok_or_else(|| ArrowError::ComputeError("a thread panicked".into()))??);
        }
        arrays.sort_by_key(|(index, _)| *index);
        let arrays = arrays.into_iter().map(|(_, array)| array).collect();
        StructArray::try_new(self.fields.clone(), arrays, valid)
    }

    /// Appends nulls to every column up to row `row` (excluded).
    pub(crate) fn fill(&mut self, row: usize) {
        for column in &mut self.columns {
            column.fill(row);
        }
    }

    /// The struct array of `rows` rows with this validity.
    pub(crate) fn finish_with(
        &mut self,
        rows: usize,
        valid: Option<NullBuffer>,
        nulls: &mut NullArrays,
    ) -> StructArray {
        let arrays: Vec<ArrayRef> = self
            .columns
            .iter_mut()
            .map(|column| column.finish(rows, nulls))
            .collect();
        StructArray::new(self.fields.clone(), arrays, valid)
    }

    /// The column of this index.
    pub(crate) fn column(&mut self, index: usize) -> &mut Column {
        &mut self.columns[index]
    }
}
