//! `rfc1738 normalize`: one encoding level, one line per input.

use crate::lines::Item;
use crate::output::{report_unreadable_input, shown, write_error, write_json, Gap, Out, Select};
use crate::place::Place;
use rfc1738::reports::{InputForm, NormalizeReport, ParseReport, UnreadableReport};
use rfc1738::Dialect;
use std::io::{self, Write};

/// Prints one URL reference at one encoding level (its prefix and fragment as written), if
/// `select` shows it; returns whether it was valid. In text an invalid input gives an
/// empty line, so that the lines stay aligned, and its error goes to standard error.
pub(crate) fn print_normalized(
    item: Item<'_>,
    place: Place<'_>,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let url = match item {
        Item::Text(url) => url,
        Item::Unreadable(input) => {
            if select.shows(false) {
                report_unreadable_input(out, place, &input, json, Gap::Stdout, || {
                    UnreadableReport::parse(&input, Dialect::Rfc1738, InputForm::Reference)
                })?;
            }
            return Ok(false);
        }
    };
    let form = InputForm::Reference;
    let parsed = ParseReport::of(url, form, form.read(url, Dialect::Rfc1738));
    let normalized = parsed
        .result()
        .as_ref()
        .ok()
        .map(|reference| reference.normalize().to_string());
    let report = NormalizeReport::of(parsed, normalized);
    let valid = report.normalized().is_some();
    if !select.shows(valid) {
        return Ok(valid);
    }
    if json {
        write_json(out, place, &report)?;
        return Ok(valid);
    }
    match (report.normalized(), report.parse_report().result()) {
        (Some(normalized), _) => writeln!(out, "{normalized}")?,
        (None, Err(error)) => {
            writeln!(out)?;
            out.stderr(|mut stderr, paint| {
                writeln!(stderr, "{}", shown(url))?;
                write_error(
                    &mut stderr,
                    &place.label(Some(error.column())),
                    error,
                    paint,
                )
            })?;
        }
        (None, Ok(_)) => writeln!(out)?,
    }
    Ok(valid)
}
