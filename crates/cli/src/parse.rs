//! `rfc1738 parse`: the report of each URL, as a tree or as JSON.

use crate::lines::Item;
use crate::output::{report_unreadable_input, shown, write_error, write_json, Gap, Out, Select};
use crate::place::Place;
use rfc1738::reports::{InputForm, ParseReport, UnreadableReport};
use rfc1738::{Dialect, UrlReference};
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
                report_unreadable_input(out, place, &input, mode.json, Gap::Stderr, || {
                    UnreadableReport::parse(&input, mode.dialect, mode.form)
                })?;
            }
            return Ok(false);
        }
    };
    let report = ParseReport::of(url, mode.form, mode.form.read(url, mode.dialect));
    let valid = report.is_valid();
    if !select.shows(valid) {
        return Ok(valid);
    }
    if mode.json {
        write_json(out, place, &report)?;
        return Ok(valid);
    }
    match report.result() {
        Ok(parsed) => print_tree(url, parsed, out)?,
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

/// The report of a valid URL reference as an indented tree, one `name: value` per line
/// ([`UrlReference::entries`] but `display`, which is the input echoed above it), each
/// value written as its JSON text (`(none)` for null) straight to the output: a path of
/// millions of segments costs its output, not tens of bytes per segment.
pub(crate) fn print_tree(
    url: &str,
    reference: &UrlReference<'_>,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "{}", shown(url))?;
    let width = reference
        .entries()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0);
    for (name, value) in reference.entries() {
        if name == "display" {
            continue;
        }
        write!(out, "  {name:width$}  ")?;
        match value.is_null() {
            true => out.write_all(b"(none)")?,
            false => serde_json::to_writer(&mut *out, &value)?,
        }
        writeln!(out)?;
    }
    writeln!(out)
}
