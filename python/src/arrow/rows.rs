//! Reports written into Arrow columns: a serde serializer that takes a report (a map: the
//! library's `ParseReport`, `ResolveReport`, `LinkReport`) as one row of a [`Table`], each
//! entry into the column of its name. The reports' `Serialize` stays the one home of their
//! fields, as it is for `--json` and the package's dicts; a field the table lacks is an
//! error (tests/test_arrow.py reads the whole corpus), never a column dropped silently.

use super::columns::{Column, ColumnType, Data, NullArrays, Table, SKIPPED};
use arrow_array::builder::ArrayBuilder;
use arrow_array::StructArray;
use arrow_buffer::NullBufferBuilder;
use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeSeq, SerializeTuple};
use std::fmt;

/// A report that does not fit the table: a bug of the schema, told with the field.
#[derive(Debug)]
pub(crate) struct RowError(pub(crate) String);

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RowError {}

impl ser::Error for RowError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        RowError(msg.to_string())
    }
}

/// The rows of a struct array, a report each (or null).
pub(crate) struct Rows {
    table: Table,
    rows: usize,
    nulls: NullBufferBuilder,
}

impl Rows {
    /// Rows of these columns; the names in `skipped` are written by the reports and not
    /// kept.
    pub(crate) fn new(
        columns: &[(&'static str, ColumnType)],
        skipped: &'static [&'static str],
        capacity: usize,
    ) -> Rows {
        Rows {
            table: Table::new(columns, skipped, capacity),
            rows: 0,
            nulls: NullBufferBuilder::new(capacity),
        }
    }

    /// Sets an int64 column of the row being written (before its report is pushed).
    pub(crate) fn set_int64(&mut self, column: usize, value: i64) {
        let row = self.rows;
        self.table.column(column).number(row, value.into());
    }

    /// Writes `report` as the next row.
    pub(crate) fn push<T: Serialize + ?Sized>(&mut self, report: &T) -> Result<(), RowError> {
        report.serialize(RowSerializer {
            table: &mut self.table,
            row: self.rows,
        })?;
        self.rows += 1;
        self.nulls.append_non_null();
        Ok(())
    }

    /// The row being written, and the table's columns.
    pub(crate) fn current(&mut self) -> (usize, &mut Table) {
        (self.rows, &mut self.table)
    }

    /// Ends the row being written with [`Rows::current`].
    pub(crate) fn end_row(&mut self) {
        self.rows += 1;
        self.nulls.append_non_null();
    }

    /// Writes a null row (a null input).
    pub(crate) fn push_null(&mut self) {
        self.rows += 1;
        self.nulls.append_null();
    }

    /// The struct array of these rows followed by those of `parts` (rows of the same
    /// columns): the rows of a column made in slices, put end to end by `threads` threads
    /// ([`Table::finish_parts`]).
    pub(crate) fn finish_parts(
        mut self,
        parts: Vec<Rows>,
        threads: usize,
    ) -> Result<StructArray, RowError> {
        let mut tables = Vec::with_capacity(parts.len());
        let at = self.rows;
        for mut part in parts {
            match part.nulls.finish() {
                Some(nulls) => self.nulls.append_buffer(&nulls),
                None => self.nulls.append_n_non_nulls(part.rows),
            }
            tables.push((part.table, part.rows));
        }
        let valid = self.nulls.finish();
        self.table
            .finish_parts(at, tables, threads, valid)
            .map_err(|error| RowError(error.to_string()))
    }

    /// The struct array.
    pub(crate) fn finish(mut self) -> StructArray {
        let valid = self.nulls.finish();
        self.table
            .finish_with(self.rows, valid, &mut NullArrays::new())
    }
}

/// Serializes a map into the columns of `table`, as row `row`.
struct RowSerializer<'t> {
    table: &'t mut Table,
    row: usize,
}

/// The entries of a row, each into its column.
struct RowMap<'t> {
    table: &'t mut Table,
    row: usize,
    /// The column last written (the column count at the start).
    previous: usize,
    /// The column of the key just given, to [`SerializeMap::serialize_value`].
    current: usize,
}

impl SerializeMap for RowMap<'_> {
    type Ok = ();
    type Error = RowError;

    fn serialize_key<K: Serialize + ?Sized>(&mut self, key: &K) -> Result<(), RowError> {
        self.current = key.serialize(KeySerializer {
            table: self.table,
            previous: self.previous,
        })?;
        if self.current != SKIPPED {
            self.previous = self.current;
        }
        Ok(())
    }

    fn serialize_value<V: Serialize + ?Sized>(&mut self, value: &V) -> Result<(), RowError> {
        if self.current == SKIPPED {
            return Ok(());
        }
        value.serialize(ValueSerializer {
            column: self.table.column(self.current),
            row: self.row,
        })
    }

    fn end(self) -> Result<(), RowError> {
        Ok(())
    }
}

/// Rejects, in a serializer, what no report writes there.
macro_rules! refuse {
    ($what:literal: $($method:ident($($arg:ty),*) -> $ok:ty;)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<$ok, RowError> {
            Err(RowError(format!(concat!("unexpected ", stringify!($method), " in ", $what))))
        })*
    };
}

/// The serializer methods of maps and structs a serializer of one kind does not take.
macro_rules! refuse_compound {
    ($what:literal) => {
        refuse! { $what:
            serialize_char(char) -> ();
            serialize_f32(f32) -> ();
            serialize_f64(f64) -> ();
            serialize_bytes(&[u8]) -> ();
            serialize_unit_struct(&'static str) -> ();
            serialize_unit_variant(&'static str, u32, &'static str) -> ();
            serialize_tuple_struct(&'static str, usize) -> Impossible<(), RowError>;
            serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), RowError>;
            serialize_struct(&'static str, usize) -> Impossible<(), RowError>;
            serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), RowError>;
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            value: &T,
        ) -> Result<(), RowError> {
            value.serialize(self)
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<(), RowError> {
            Err(RowError(concat!("unexpected enum in ", $what).into()))
        }
    };
}

impl<'t> ser::Serializer for RowSerializer<'t> {
    type Ok = ();
    type Error = RowError;
    type SerializeSeq = Impossible<(), RowError>;
    type SerializeTuple = Impossible<(), RowError>;
    type SerializeTupleStruct = Impossible<(), RowError>;
    type SerializeTupleVariant = Impossible<(), RowError>;
    type SerializeMap = RowMap<'t>;
    type SerializeStruct = Impossible<(), RowError>;
    type SerializeStructVariant = Impossible<(), RowError>;

    fn serialize_map(self, _: Option<usize>) -> Result<RowMap<'t>, RowError> {
        let previous = self.table.columns.len();
        Ok(RowMap {
            table: self.table,
            row: self.row,
            previous,
            current: SKIPPED,
        })
    }

    refuse! { "a row":
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u32(u32) -> ();
        serialize_u64(u64) -> ();
        serialize_str(&str) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_seq(Option<usize>) -> Impossible<(), RowError>;
        serialize_tuple(usize) -> Impossible<(), RowError>;
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), RowError> {
        value.serialize(self)
    }
    refuse_compound!("a row");
}

/// Finds the column of a key.
struct KeySerializer<'t> {
    table: &'t mut Table,
    previous: usize,
}

impl ser::Serializer for KeySerializer<'_> {
    type Ok = usize;
    type Error = RowError;
    type SerializeSeq = Impossible<usize, RowError>;
    type SerializeTuple = Impossible<usize, RowError>;
    type SerializeTupleStruct = Impossible<usize, RowError>;
    type SerializeTupleVariant = Impossible<usize, RowError>;
    type SerializeMap = Impossible<usize, RowError>;
    type SerializeStruct = Impossible<usize, RowError>;
    type SerializeStructVariant = Impossible<usize, RowError>;

    fn serialize_str(self, name: &str) -> Result<usize, RowError> {
        self.table
            .lookup(self.previous, name)
            .ok_or_else(|| RowError(format!("the report's field {name:?} has no column")))
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<usize, RowError> {
        self.serialize_str(variant)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<usize, RowError> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<usize, RowError> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<usize, RowError> {
        Err(RowError("a key that is not a string".into()))
    }
    refuse! { "a key (not a string)":
        serialize_bool(bool) -> usize;
        serialize_i8(i8) -> usize;
        serialize_i16(i16) -> usize;
        serialize_i32(i32) -> usize;
        serialize_i64(i64) -> usize;
        serialize_u8(u8) -> usize;
        serialize_u16(u16) -> usize;
        serialize_u32(u32) -> usize;
        serialize_u64(u64) -> usize;
        serialize_f32(f32) -> usize;
        serialize_f64(f64) -> usize;
        serialize_char(char) -> usize;
        serialize_bytes(&[u8]) -> usize;
        serialize_none() -> usize;
        serialize_unit() -> usize;
        serialize_unit_struct(&'static str) -> usize;
        serialize_seq(Option<usize>) -> Impossible<usize, RowError>;
        serialize_tuple(usize) -> Impossible<usize, RowError>;
        serialize_tuple_struct(&'static str, usize) -> Impossible<usize, RowError>;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<usize, RowError>;
        serialize_map(Option<usize>) -> Impossible<usize, RowError>;
        serialize_struct(&'static str, usize) -> Impossible<usize, RowError>;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<usize, RowError>;
    }
}

/// Writes one value into its column, at row `row`.
struct ValueSerializer<'c> {
    column: &'c mut Column,
    row: usize,
}

impl ValueSerializer<'_> {
    fn mismatch(&self, what: &str) -> RowError {
        RowError(format!("the field {:?} got {what}", self.column.name))
    }

    fn integer(self, value: i128) -> Result<(), RowError> {
        match self.column.number(self.row, value) {
            true => Ok(()),
            false => Err(self.mismatch("a number")),
        }
    }
}

impl<'c> ser::Serializer for ValueSerializer<'c> {
    type Ok = ();
    type Error = RowError;
    type SerializeSeq = ListWriter<'c>;
    type SerializeTuple = ListWriter<'c>;
    type SerializeTupleStruct = Impossible<(), RowError>;
    type SerializeTupleVariant = Impossible<(), RowError>;
    type SerializeMap = RowMap<'c>;
    type SerializeStruct = Impossible<(), RowError>;
    type SerializeStructVariant = Impossible<(), RowError>;

    fn serialize_bool(self, value: bool) -> Result<(), RowError> {
        match self.column.flag(self.row, value) {
            true => Ok(()),
            false => Err(self.mismatch("a boolean")),
        }
    }
    fn serialize_i8(self, v: i8) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_u8(self, v: u8) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<(), RowError> {
        self.integer(v.into())
    }
    fn serialize_str(self, value: &str) -> Result<(), RowError> {
        match self.column.text(self.row, value) {
            true => Ok(()),
            false => Err(self.mismatch("a text")),
        }
    }
    fn serialize_none(self) -> Result<(), RowError> {
        Ok(())
    }
    fn serialize_unit(self) -> Result<(), RowError> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), RowError> {
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<ListWriter<'c>, RowError> {
        self.column.fill(self.row);
        match &self.column.data {
            Data::TextList(..) | Data::Pairs(..) => Ok(ListWriter {
                column: self.column,
                row: self.row,
            }),
            _ => Err(self.mismatch("a list")),
        }
    }
    fn serialize_tuple(self, len: usize) -> Result<ListWriter<'c>, RowError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<RowMap<'c>, RowError> {
        self.column.fill(self.row);
        let row = self.row;
        let name = self.column.name;
        if matches!(self.column.data, Data::Struct(..)) {
            self.column.wrote(row);
        }
        match &mut self.column.data {
            Data::Struct(table, nulls) => {
                nulls.append_non_null();
                let previous = table.columns.len();
                Ok(RowMap {
                    table,
                    row,
                    previous,
                    current: SKIPPED,
                })
            }
            _ => Err(RowError(format!("the field {name:?} got a map"))),
        }
    }
    refuse_compound!("a value");
}

/// The items of a list column's row: texts, or pairs of texts.
struct ListWriter<'c> {
    column: &'c mut Column,
    row: usize,
}

impl ListWriter<'_> {
    fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), RowError> {
        match &mut self.column.data {
            Data::TextList(_, _, texts) => value.serialize(TextItem(texts)),
            Data::Pairs(_, _, _, firsts, seconds) => {
                value.serialize(PairItem([firsts, seconds], 0))
            }
            _ => Err(RowError("a list in a column that is no list".into())),
        }
    }

    fn finish(self) -> Result<(), RowError> {
        self.column.wrote(self.row);
        match &mut self.column.data {
            Data::TextList(offsets, nulls, texts) => {
                offsets.push(texts.len() as i32);
                nulls.append_non_null();
            }
            Data::Pairs(_, offsets, nulls, firsts, _) => {
                offsets.push(firsts.len() as i32);
                nulls.append_non_null();
            }
            _ => {}
        }
        Ok(())
    }
}

impl SerializeSeq for ListWriter<'_> {
    type Ok = ();
    type Error = RowError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), RowError> {
        self.item(value)
    }
    fn end(self) -> Result<(), RowError> {
        self.finish()
    }
}

impl SerializeTuple for ListWriter<'_> {
    type Ok = ();
    type Error = RowError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), RowError> {
        self.item(value)
    }
    fn end(self) -> Result<(), RowError> {
        self.finish()
    }
}

/// A text of a list.
struct TextItem<'b>(&'b mut arrow_array::builder::StringBuilder);

/// A pair of texts, written as a sequence (or tuple) of two: the next of the two builders.
struct PairItem<'b>([&'b mut arrow_array::builder::StringBuilder; 2], usize);

/// Implements a serializer that takes texts (and, for `$seq`, a sequence of them) only.
macro_rules! text_only {
    ($ty:ident, $what:literal, $seq:ty) => {
        impl<'b> ser::Serializer for $ty<'b> {
            type Ok = ();
            type Error = RowError;
            type SerializeSeq = $seq;
            type SerializeTuple = $seq;
            type SerializeTupleStruct = Impossible<(), RowError>;
            type SerializeTupleVariant = Impossible<(), RowError>;
            type SerializeMap = Impossible<(), RowError>;
            type SerializeStruct = Impossible<(), RowError>;
            type SerializeStructVariant = Impossible<(), RowError>;

            fn serialize_str(self, value: &str) -> Result<(), RowError> {
                self.text(value)
            }
            fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), RowError> {
                value.serialize(self)
            }
            fn serialize_seq(self, _: Option<usize>) -> Result<$seq, RowError> {
                self.seq()
            }
            fn serialize_tuple(self, _: usize) -> Result<$seq, RowError> {
                self.seq()
            }
            refuse! { $what:
                serialize_bool(bool) -> ();
                serialize_i8(i8) -> ();
                serialize_i16(i16) -> ();
                serialize_i32(i32) -> ();
                serialize_i64(i64) -> ();
                serialize_u8(u8) -> ();
                serialize_u16(u16) -> ();
                serialize_u32(u32) -> ();
                serialize_u64(u64) -> ();
                serialize_none() -> ();
                serialize_unit() -> ();
                serialize_map(Option<usize>) -> Impossible<(), RowError>;
            }
            refuse_compound!($what);
        }
    };
}

impl TextItem<'_> {
    fn text(self, value: &str) -> Result<(), RowError> {
        self.0.append_value(value);
        Ok(())
    }
    fn seq(self) -> Result<Impossible<(), RowError>, RowError> {
        Err(RowError("a list in a list of texts".into()))
    }
}

impl<'b> PairItem<'b> {
    fn text(self, _: &str) -> Result<(), RowError> {
        Err(RowError("a text where a pair of texts was expected".into()))
    }
    fn seq(self) -> Result<PairItem<'b>, RowError> {
        Ok(self)
    }
}

text_only!(TextItem, "a list of texts", Impossible<(), RowError>);
text_only!(PairItem, "a list of pairs", PairItem<'b>);

impl SerializeSeq for PairItem<'_> {
    type Ok = ();
    type Error = RowError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), RowError> {
        let index = self.1;
        let builder = self
            .0
            .get_mut(index)
            .ok_or_else(|| RowError("a pair of more than two texts".into()))?;
        value.serialize(TextItem(builder))?;
        self.1 += 1;
        Ok(())
    }
    fn end(self) -> Result<(), RowError> {
        match self.1 {
            2 => Ok(()),
            _ => Err(RowError("a pair of fewer than two texts".into())),
        }
    }
}

impl SerializeTuple for PairItem<'_> {
    type Ok = ();
    type Error = RowError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), RowError> {
        SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), RowError> {
        SerializeSeq::end(self)
    }
}
