//! `rfc1738 key`: one archive key per input.

use crate::lines::Item;
use crate::output::{report_unreadable_input, shown, write_error, write_json, Gap, Out, Select};
use crate::place::Place;
use rfc1738::reports::{InputForm, UnreadableReport};
use rfc1738::unreadable::{Unreadable, UnreadableInput};
use rfc1738::Dialect;
use rfc1738_keys::{KeyError, KeyReport, Style};
use std::io::{self, Write};

/// Prints the key of one input in `style`, if `select` shows it; returns whether it had
/// one. In text an input without a key gives an empty line, so that the lines stay
/// aligned, and its error goes to standard error. `line` is a buffer for the line written
/// (kept from one input to the next).
pub(crate) fn print_key(
    item: Item<'_>,
    place: Place<'_>,
    style: Style,
    json: bool,
    select: &mut Select,
    line: &mut String,
    out: &mut Out,
) -> io::Result<bool> {
    let input = match item {
        Item::Text(input) => input,
        // PyPI surt keys bytes too (`_surt_bytes`): in the surt style a line that is not
        // UTF-8 (a Latin-1 URL of an old page) gets surt's key of its bytes.
        Item::Unreadable(input)
            if style == Style::Surt && !json && input.problem() == Unreadable::NotUtf8 =>
        {
            return print_surt_of_bytes(&input, place, select, out);
        }
        Item::Unreadable(input) => {
            if select.shows(false) {
                report_unreadable_input(out, place, &input, json, Gap::Stdout, || {
                    UnreadableReport::parse(&input, Dialect::Rfc1738, InputForm::Reference)
                })?;
            }
            return Ok(false);
        }
    };
    if json {
        let report = KeyReport::of(input, style);
        let valid = report.key().is_some();
        if select.shows(valid) {
            write_json(out, place, &report)?;
        }
        return Ok(valid);
    }
    // The key alone (the report's comparison with the other style is for --json).
    line.clear();
    let keyed = rfc1738_keys::key_into(input, style, line);
    let valid = keyed.is_ok();
    if !select.shows(valid) {
        return Ok(valid);
    }
    match keyed {
        Ok(()) => {
            // The line written whole (through `fmt`, a key cost a tenth of its making).
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        Err(error) => write_no_key(out, place, &shown(input), &error)?,
    }
    Ok(valid)
}

/// The line of an input without a key: empty, so that the lines stay aligned; the input
/// as `shown` and why it has none on standard error.
fn write_no_key(out: &mut Out, place: Place<'_>, shown: &str, error: &KeyError) -> io::Result<()> {
    writeln!(out)?;
    out.stderr(|mut stderr, paint| {
        writeln!(stderr, "{shown}")?;
        match error {
            KeyError::Rfc1738(error) => write_error(
                &mut stderr,
                &place.label(Some(error.column())),
                error,
                paint,
            ),
            KeyError::Surt(error) => writeln!(
                stderr,
                "{}error: surt raises {}",
                place.label(None),
                error.message
            ),
        }
    })
}

/// [`print_key`] in the surt style of a line that is not UTF-8: surt's key of its bytes
/// (`surt.surt(bytes)`), written as the bytes it is (ASCII: surt escapes the others), or
/// an empty line and surt's error.
fn print_surt_of_bytes(
    input: &UnreadableInput<'_>,
    place: Place<'_>,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let keyed = rfc1738_keys::surt::surt_bytes(input.bytes());
    let valid = keyed.is_ok();
    if !select.shows(valid) {
        return Ok(valid);
    }
    match keyed {
        Ok(mut key) => {
            key.push(b'\n');
            out.write_all(&key)?;
        }
        Err(error) => write_no_key(out, place, &input.shown(), &KeyError::Surt(error))?,
    }
    Ok(valid)
}
