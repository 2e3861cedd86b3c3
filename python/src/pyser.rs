//! A serde serializer whose output is Python objects: the report types of the library
//! (`ParseReport`, `LintReport`, `ExtractReport`), which are the CLI's JSON objects, become
//! the `dict`s `json.loads` would make of that JSON, without the JSON text in between.
//!
//! JSON's shapes map as `json` maps them: an object is a `dict` (keys in the order
//! written), an array (a sequence or a tuple) a `list`, a string a `str`, a number an
//! `int` or a `float`, `true`/`false` a `bool`, `null` (`None`, unit) `None`.
//! Dictionary keys repeat from one report to the next, so each is made once per
//! [`Keys`] and shared.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::ser::{self, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// The Python strings of dictionary keys, made once and shared by the dicts of one call.
pub(crate) struct Keys<'py> {
    py: Python<'py>,
    strings: HashMap<Box<str>, Bound<'py, PyString>, BuildHasherDefault<Fnv>>,
}

impl<'py> Keys<'py> {
    /// An empty cache.
    pub(crate) fn new(py: Python<'py>) -> Keys<'py> {
        Keys {
            py,
            strings: HashMap::default(),
        }
    }

    /// The Python string of `key`.
    fn get(&mut self, key: &str) -> Bound<'py, PyString> {
        if let Some(string) = self.strings.get(key) {
            return string.clone();
        }
        let string = PyString::new(self.py, key);
        self.strings.insert(key.into(), string.clone());
        string
    }

    /// `value` as the Python object `json.loads` makes of its JSON.
    pub(crate) fn to_python<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
    ) -> PyResult<Bound<'py, PyAny>> {
        value.serialize(Serializer { keys: self }).map_err(|e| e.0)
    }

    /// `value` as a `dict`; an error if it does not serialize as a map.
    pub(crate) fn to_dict<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
    ) -> PyResult<Bound<'py, PyDict>> {
        Ok(self.to_python(value)?.cast_into::<PyDict>()?)
    }
}

/// FNV-1a: the keys are a few short names, for which SipHash's strength buys nothing.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }
}

/// A Python exception, carried through serde.
pub(crate) struct Error(PyErr);

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Error {
        Error(PyValueError::new_err(message.to_string()))
    }
}

impl From<std::convert::Infallible> for Error {
    fn from(never: std::convert::Infallible) -> Error {
        match never {}
    }
}

impl From<PyErr> for Error {
    fn from(error: PyErr) -> Error {
        Error(error)
    }
}

/// The serializer: one value into one Python object.
struct Serializer<'k, 'py> {
    keys: &'k mut Keys<'py>,
}

/// An array being written: its items, then a `list`.
struct Seq<'k, 'py> {
    keys: &'k mut Keys<'py>,
    items: Vec<Bound<'py, PyAny>>,
}

/// An object being written: a `dict`, and the key waiting for its value.
struct Map<'k, 'py> {
    keys: &'k mut Keys<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
}

/// A variant with contents (`{"Variant": contents}`, as serde_json writes it).
struct Variant<'k, 'py, S> {
    name: &'static str,
    inner: S,
    keys_py: Python<'py>,
    _keys: std::marker::PhantomData<&'k ()>,
}

type Result<T, E = Error> = std::result::Result<T, E>;

impl<'py> Serializer<'_, 'py> {
    fn py(&self) -> Python<'py> {
        self.keys.py
    }
}

impl<'k, 'py> ser::Serializer for Serializer<'k, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'k, 'py>;
    type SerializeTuple = Seq<'k, 'py>;
    type SerializeTupleStruct = Seq<'k, 'py>;
    type SerializeTupleVariant = Variant<'k, 'py, Seq<'k, 'py>>;
    type SerializeMap = Map<'k, 'py>;
    type SerializeStruct = Map<'k, 'py>;
    type SerializeStructVariant = Variant<'k, 'py, Map<'k, 'py>>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        Ok(v.into_pyobject(self.py())?.to_owned().into_any())
    }

    fn serialize_i8(self, v: i8) -> Result<Self::Ok> {
        self.serialize_i64(i64::from(v))
    }

    fn serialize_i16(self, v: i16) -> Result<Self::Ok> {
        self.serialize_i64(i64::from(v))
    }

    fn serialize_i32(self, v: i32) -> Result<Self::Ok> {
        self.serialize_i64(i64::from(v))
    }

    fn serialize_i64(self, v: i64) -> Result<Self::Ok> {
        Ok(v.into_pyobject(self.py())?.into_any())
    }

    fn serialize_i128(self, v: i128) -> Result<Self::Ok> {
        Ok(v.into_pyobject(self.py())?.into_any())
    }

    fn serialize_u8(self, v: u8) -> Result<Self::Ok> {
        self.serialize_u64(u64::from(v))
    }

    fn serialize_u16(self, v: u16) -> Result<Self::Ok> {
        self.serialize_u64(u64::from(v))
    }

    fn serialize_u32(self, v: u32) -> Result<Self::Ok> {
        self.serialize_u64(u64::from(v))
    }

    fn serialize_u64(self, v: u64) -> Result<Self::Ok> {
        Ok(v.into_pyobject(self.py())?.into_any())
    }

    fn serialize_u128(self, v: u128) -> Result<Self::Ok> {
        Ok(v.into_pyobject(self.py())?.into_any())
    }

    fn serialize_f32(self, v: f32) -> Result<Self::Ok> {
        self.serialize_f64(f64::from(v))
    }

    fn serialize_f64(self, v: f64) -> Result<Self::Ok> {
        Ok(v.into_pyobject(self.py())?.into_any())
    }

    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        Ok(PyString::new(self.py(), v).into_any())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok> {
        // As serde_json writes bytes: an array of numbers.
        let items: Vec<u8> = v.to_vec();
        Ok(PyList::new(self.py(), items)?.into_any())
    }

    fn serialize_none(self) -> Result<Self::Ok> {
        Ok(self.py().None().into_bound(self.py()))
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<Self::Ok> {
        self.serialize_none()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        self.serialize_none()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok> {
        Ok(self.keys.get(variant).into_any())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        let py = self.py();
        let key = self.keys.get(variant);
        let inner = value.serialize(Serializer { keys: self.keys })?;
        let dict = PyDict::new(py);
        dict.set_item(key, inner)?;
        Ok(dict.into_any())
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq> {
        Ok(Seq {
            keys: self.keys,
            items: Vec::with_capacity(len.unwrap_or(0)),
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        let py = self.py();
        Ok(Variant {
            name: variant,
            inner: self.serialize_seq(Some(len))?,
            keys_py: py,
            _keys: std::marker::PhantomData,
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        let dict = PyDict::new(self.py());
        Ok(Map {
            keys: self.keys,
            dict,
            key: None,
        })
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Self::SerializeStruct> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        let py = self.py();
        Ok(Variant {
            name: variant,
            inner: self.serialize_map(Some(len))?,
            keys_py: py,
            _keys: std::marker::PhantomData,
        })
    }
}

impl<'py> ser::SerializeSeq for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let item = value.serialize(Serializer {
            keys: &mut *self.keys,
        })?;
        self.items.push(item);
        Ok(())
    }

    fn end(self) -> Result<Self::Ok> {
        Ok(PyList::new(self.keys.py, self.items)?.into_any())
    }
}

impl<'py> ser::SerializeTuple for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<Self::Ok> {
        ser::SerializeSeq::end(self)
    }
}

impl<'py> ser::SerializeTupleStruct for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<Self::Ok> {
        ser::SerializeSeq::end(self)
    }
}

impl<'py> ser::SerializeMap for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(KeySerializer {
            keys: &mut *self.keys,
        })?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a value without its key"))?;
        let value = value.serialize(Serializer {
            keys: &mut *self.keys,
        })?;
        self.dict.set_item(key, value)?;
        Ok(())
    }

    fn end(self) -> Result<Self::Ok> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStruct for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        let key = self.keys.get(key);
        let value = value.serialize(Serializer {
            keys: &mut *self.keys,
        })?;
        self.dict.set_item(key, value)?;
        Ok(())
    }

    fn end(self) -> Result<Self::Ok> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeTupleVariant for Variant<'_, 'py, Seq<'_, 'py>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(&mut self.inner, value)
    }

    fn end(self) -> Result<Self::Ok> {
        let py = self.keys_py;
        let name = self.name;
        let inner = ser::SerializeSeq::end(self.inner)?;
        let dict = PyDict::new(py);
        dict.set_item(name, inner)?;
        Ok(dict.into_any())
    }
}

impl<'py> ser::SerializeStructVariant for Variant<'_, 'py, Map<'_, 'py>> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        ser::SerializeStruct::serialize_field(&mut self.inner, key, value)
    }

    fn end(self) -> Result<Self::Ok> {
        let py = self.keys_py;
        let name = self.name;
        let inner = ser::SerializeStruct::end(self.inner)?;
        let dict = PyDict::new(py);
        dict.set_item(name, inner)?;
        Ok(dict.into_any())
    }
}

/// A dictionary key: a string (shared through [`Keys`]), or a number or a bool written as
/// JSON writes a key, as its text.
struct KeySerializer<'k, 'py> {
    keys: &'k mut Keys<'py>,
}

impl<'k, 'py> KeySerializer<'k, 'py> {
    fn text(self, text: &str) -> Result<Bound<'py, PyAny>> {
        Ok(self.keys.get(text).into_any())
    }

    fn not_a_key() -> Error {
        <Error as ser::Error>::custom("a dictionary key must be a string")
    }
}

impl<'k, 'py> ser::Serializer for KeySerializer<'k, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = ser::Impossible<Self::Ok, Error>;
    type SerializeTuple = ser::Impossible<Self::Ok, Error>;
    type SerializeTupleStruct = ser::Impossible<Self::Ok, Error>;
    type SerializeTupleVariant = ser::Impossible<Self::Ok, Error>;
    type SerializeMap = ser::Impossible<Self::Ok, Error>;
    type SerializeStruct = ser::Impossible<Self::Ok, Error>;
    type SerializeStructVariant = ser::Impossible<Self::Ok, Error>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        self.text(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok> {
        self.text(&v.to_string())
    }
    fn serialize_f32(self, _v: f32) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_f64(self, _v: f64) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        self.text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        self.text(v)
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_none(self) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Self::Ok> {
        self.text(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<Self::Ok> {
        Err(Self::not_a_key())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(Self::not_a_key())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(Self::not_a_key())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        Err(Self::not_a_key())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(Self::not_a_key())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Self::not_a_key())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(Self::not_a_key())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(Self::not_a_key())
    }
}
