//! `rfc1738 parse`: the report of each URL, as a tree or as JSON.

use crate::output::{shown, write_error, write_json, Input, Paint};
use rfc1738::{Dialect, ParseReport};
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use std::io::{self, Write};

/// Prints the report of one URL; returns whether it was valid.
pub(crate) fn print_url(
    input: Input<'_>,
    dialect: Dialect,
    json: bool,
    paint: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let url = input.text;
    let report = ParseReport::with_dialect(url, dialect);
    if json {
        write_json(out, input.place, &report)?;
    } else {
        match report.result() {
            Ok(parsed) => print_tree(url, &serde_json::to_vec(parsed)?, out)?,
            Err(error) => {
                writeln!(out, "{}", shown(url))?;
                write_error(out, &input.place.label(Some(error.column())), error, paint)?;
                writeln!(out)?;
            }
        }
    }
    Ok(report.is_valid())
}

/// The components of a valid URL as an indented tree, one `name: value` per line, from
/// the URL's JSON object (each value printed as its JSON text: no value tree is built,
/// so a path of millions of segments costs its output, not tens of bytes per segment).
pub(crate) fn print_tree(url: &str, json: &[u8], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", shown(url))?;
    let Fields(fields) = serde_json::from_slice(json)?;
    let width = fields.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    for (name, value) in fields {
        if name == "display" {
            continue;
        }
        let shown = match value.get() {
            "null" => "(none)",
            other => other,
        };
        writeln!(out, "  {name:width$}  {shown}")?;
    }
    writeln!(out)
}

/// The fields of a JSON object, in order, each value as its JSON text.
pub(crate) struct Fields<'j>(Vec<(&'j str, &'j RawValue)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Fields<'de>, A::Error> {
                let mut fields = Vec::new();
                while let Some(field) = map.next_entry()? {
                    fields.push(field);
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}
