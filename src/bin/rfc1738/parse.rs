//! `rfc1738 parse`: the report of each URL, as a tree or as JSON.

use crate::lines::{Item, Place};
use crate::output::{shown, write_error, write_json, write_unreadable, Out, Select};
use rfc1738::{Dialect, InputForm, ParseReport, UnreadableReport};
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use std::io::{self, Write};

/// How `parse` reads and prints.
pub(crate) struct ParseMode {
    pub(crate) dialect: Dialect,
    pub(crate) form: InputForm,
    pub(crate) json: bool,
}

/// Prints the report of one input (if `select` shows it); returns whether it was valid. In
/// text, a valid URL's tree goes to standard output, an invalid one's error to standard
/// error.
pub(crate) fn print_url(
    item: Item<'_>,
    place: Place<'_>,
    mode: &ParseMode,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let url = match item {
        Item::Text(url) => url,
        Item::Unreadable(input) => {
            if select.shows(false) {
                match mode.json {
                    true => write_json(
                        out,
                        place,
                        &UnreadableReport::parse(&input, mode.dialect, mode.form),
                    )?,
                    false => out.stderr(|mut stderr, paint| {
                        write_unreadable(&mut stderr, &input, place, paint)?;
                        writeln!(stderr)
                    })?,
                }
            }
            return Ok(false);
        }
    };
    let report = match mode.form {
        InputForm::Url => ParseReport::url_only(url, mode.dialect),
        _ => ParseReport::with_dialect(url, mode.dialect),
    };
    let valid = report.is_valid();
    if !select.shows(valid) {
        return Ok(valid);
    }
    if mode.json {
        write_json(out, place, &report)?;
        return Ok(valid);
    }
    match report.result() {
        Ok(parsed) => print_tree(url, &serde_json::to_vec(parsed)?, out)?,
        Err(error) => out.stderr(|mut stderr, paint| {
            writeln!(stderr, "{}", shown(url))?;
            write_error(
                &mut stderr,
                &place.label(Some(error.column())),
                error,
                paint,
            )?;
            writeln!(stderr)
        })?,
    }
    Ok(valid)
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
