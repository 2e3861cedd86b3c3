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

/// How reports become Python objects, with what one dict can share with the next: the
/// Python strings of the keys (and of the values of keys that name one of a few things: a
/// dialect, a kind, a scheme, ...), kept from call to call in [`STRINGS`]; the templates
/// of the dicts of one call; and the input, which a report holds twice (`input`,
/// `display`) and whose Python object the caller may have already.
pub(crate) struct Keys<'py> {
    py: Python<'py>,
    /// Whether the value being written is one of those (its key's flag).
    share_value: bool,
    /// An empty dict (values None) per sequence of keys (their Python strings'
    /// addresses: the template's keys keep those strings alive), copied for each dict of
    /// those keys after the first.
    templates: HashMap<u64, (Vec<usize>, Bound<'py, PyDict>), BuildHasherDefault<Fnv>>,
    /// The key sequences seen once.
    shapes_seen: std::collections::HashSet<u64, BuildHasherDefault<Fnv>>,
    /// The input's text and its Python object, for the report being written.
    input_text: String,
    input: Option<Bound<'py, PyAny>>,
}

/// The strings kept from one call to the next (the thread's: each call holds the GIL).
struct Strings {
    /// Each string made, and whether it is a key whose values are shared too.
    by_text: HashMap<Box<str>, (Py<PyString>, bool), BuildHasherDefault<Fnv>>,
    /// In front of `by_text`: the last string seen at each of a few addresses (a key is
    /// a literal of the report code, at one address), checked byte for byte.
    recent: Vec<Option<Recent>>,
}

thread_local! {
    static STRINGS: std::cell::RefCell<Strings> = std::cell::RefCell::new(Strings {
        by_text: HashMap::default(),
        recent: (0..RECENT).map(|_| None).collect(),
    });
}

/// The most strings [`STRINGS`] keeps (the reports have a few dozen keys; shared values,
/// such as schemes, are not bounded in number).
const MAX_KEPT: usize = 1024;

/// A string of [`Strings::recent`]: where its text was, the text, its Python string.
struct Recent {
    address: usize,
    text: Box<str>,
    string: Py<PyString>,
    share: bool,
}

/// The slots of [`Strings::recent`] (a power of two).
const RECENT: usize = 64;

/// The keys whose values are one of a few names, made once.
const SHARED_VALUES: &[&str] = &[
    "dialect",
    "kind",
    "scheme",
    "wrapper",
    "severity",
    "component",
    "code",
    "grouppart_kind",
    "wais_kind",
    "typecode",
    "gopher_type",
    "file",
];

impl Strings {
    /// The Python string of `text` (made and kept, while there is room), and whether it
    /// is a key whose values are shared.
    fn string<'py>(&mut self, py: Python<'py>, text: &str) -> (Bound<'py, PyString>, bool) {
        match self.by_text.get(text) {
            Some((string, share)) => (string.bind(py).clone(), *share),
            None => {
                let string = PyString::new(py, text);
                let share = SHARED_VALUES.contains(&text);
                if self.by_text.len() < MAX_KEPT {
                    self.by_text
                        .insert(text.into(), (string.clone().unbind(), share));
                }
                (string, share)
            }
        }
    }
}

impl<'py> Keys<'py> {
    /// An empty cache.
    pub(crate) fn new(py: Python<'py>) -> Keys<'py> {
        Keys {
            py,
            templates: HashMap::default(),
            shapes_seen: Default::default(),
            share_value: false,
            input_text: String::new(),
            input: None,
        }
    }

    /// The Python string of `key`, and whether its values are shared.
    fn get(&mut self, key: &str) -> (Bound<'py, PyString>, bool) {
        let py = self.py;
        STRINGS.with_borrow_mut(|strings| {
            let address = key.as_ptr() as usize;
            let slot = (address ^ (address >> 7)) & (RECENT - 1);
            if let Some(recent) = &strings.recent[slot] {
                // The same address and the same bytes (a short loop, no call).
                if recent.address == address
                    && recent.text.len() == key.len()
                    && recent.text.bytes().zip(key.bytes()).all(|(a, b)| a == b)
                {
                    return (recent.string.bind(py).clone(), recent.share);
                }
            }
            let (string, share) = strings.string(py, key);
            strings.recent[slot] = Some(Recent {
                address,
                text: key.into(),
                string: string.clone().unbind(),
                share,
            });
            (string, share)
        })
    }

    /// The Python string of a value.
    fn value(&mut self, text: &str) -> Bound<'py, PyAny> {
        if let Some(input) = &self.input {
            if text.len() == self.input_text.len() && text == self.input_text {
                return input.clone();
            }
        }
        if self.share_value {
            // Not through `recent`: a value's text is anywhere in the input.
            let py = self.py;
            return STRINGS.with_borrow_mut(|strings| strings.string(py, text).0.into_any());
        }
        PyString::new(self.py, text).into_any()
    }

    /// [`Keys::object_of`] of the report of `text`, whose Python object is `input`: a
    /// string value equal to the text is that object.
    pub(crate) fn object_of_input<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
        text: &str,
        input: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.input_text.clear();
        self.input_text.push_str(text);
        self.input = Some(input);
        let made = self.object_of(value);
        self.input = None;
        made
    }

    /// `value` as the Python object `json.loads` makes of its JSON.
    pub(crate) fn object_of<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
    ) -> PyResult<Bound<'py, PyAny>> {
        value.serialize(Serializer { keys: self }).map_err(|e| e.0)
    }

    /// `value` as a `dict`; an error if it does not serialize as a map.
    pub(crate) fn dict_of<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
    ) -> PyResult<Bound<'py, PyDict>> {
        Ok(self.object_of(value)?.cast_into::<PyDict>()?)
    }
}

/// FNV-1a over bytes (the keys are a few short names, for which SipHash's strength buys
/// nothing), and one multiply per integer (the addresses of a dict shape's keys).
#[derive(Default)]
struct Fnv(u64);

impl Fnv {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;

    fn state(&self) -> u64 {
        if self.0 == 0 {
            Fnv::OFFSET
        } else {
            self.0
        }
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut hash = self.state();
        for &byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(Fnv::PRIME);
        }
        self.0 = hash;
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.state() ^ n)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
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
    entries: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    key: Option<Bound<'py, PyAny>>,
}

impl<'py> Map<'_, 'py> {
    /// The dict of the entries: a copy of the template of the same keys, where there is
    /// one, with the values set (a dict made the right size at once, its keys' table
    /// copied, instead of one grown and rebuilt as entries come).
    fn finish(self) -> Result<Bound<'py, PyAny>> {
        let Map { keys, entries, .. } = self;
        let mut hasher = Fnv::default();
        for (key, _) in &entries {
            hasher.write_usize(key.as_ptr() as usize);
        }
        let shape = hasher.finish();
        let same_keys = |kept: &[usize]| {
            kept.len() == entries.len()
                && kept
                    .iter()
                    .zip(&entries)
                    .all(|(&kept, (key, _))| kept == key.as_ptr() as usize)
        };
        let dict = match keys.templates.get(&shape) {
            Some((kept, template)) if same_keys(kept) => template.copy()?,
            _ => {
                let py = keys.py;
                // A template pays from the second dict of its keys on: the first is
                // only counted.
                let first = keys.shapes_seen.insert(shape);
                if !first && keys.templates.len() < MAX_TEMPLATES {
                    let template = PyDict::new(py);
                    for (key, _) in &entries {
                        template.set_item(key, py.None())?;
                    }
                    let kept = entries
                        .iter()
                        .map(|(key, _)| key.as_ptr() as usize)
                        .collect();
                    keys.templates.entry(shape).or_insert((kept, template));
                }
                PyDict::new(py)
            }
        };
        for (key, value) in entries {
            dict.set_item(key, value)?;
        }
        Ok(dict.into_any())
    }
}

/// The most dict shapes (key sequences) [`Keys`] keeps a template of.
const MAX_TEMPLATES: usize = 256;

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
        Ok(self.keys.value(v))
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
        Ok(self.keys.get(variant).0.into_any())
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
        let (key, _) = self.keys.get(variant);
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

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap> {
        Ok(Map {
            keys: self.keys,
            entries: Vec::with_capacity(len.unwrap_or(16)),
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
        self.keys.share_value = false;
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
        });
        self.keys.share_value = false;
        self.entries.push((key, value?));
        Ok(())
    }

    fn end(self) -> Result<Self::Ok> {
        self.finish()
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
        let (key, share) = self.keys.get(key);
        self.keys.share_value = share;
        let value = value.serialize(Serializer {
            keys: &mut *self.keys,
        });
        self.keys.share_value = false;
        self.entries.push((key.into_any(), value?));
        Ok(())
    }

    fn end(self) -> Result<Self::Ok> {
        self.finish()
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
        let (key, share) = self.keys.get(text);
        self.keys.share_value = share;
        Ok(key.into_any())
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

/// The cyclic garbage collector paused while many dicts are made, and resumed as it was
/// (its passes over the growing list of new containers find no cycle in reports, and
/// cost a sixth of the time).
pub(crate) struct GcPause<'py> {
    gc: Option<Bound<'py, PyModule>>,
}

impl<'py> GcPause<'py> {
    /// Pauses the collector, if it runs.
    pub(crate) fn new(py: Python<'py>) -> GcPause<'py> {
        let gc = py.import("gc").ok().filter(|gc| {
            gc.call_method0("isenabled")
                .and_then(|on| on.is_truthy())
                .unwrap_or(false)
                && gc.call_method0("disable").is_ok()
        });
        GcPause { gc }
    }
}

impl Drop for GcPause<'_> {
    fn drop(&mut self) {
        if let Some(gc) = &self.gc {
            // Nothing to do about a failure to resume here; it does not fail.
            let _ = gc.call_method0("enable");
        }
    }
}
