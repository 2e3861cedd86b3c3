//! `rfc1738 normalize`: one encoding level, one line per input.

use crate::output::{shown, write_error, write_json, Input, Paint};
use rfc1738::ParseReport;
use serde_json::json;
use std::io::{self, Write};

/// Prints one URL reference at one encoding level (its prefix and fragment as written);
/// returns whether it was valid. The input is read once: a JSON object has either
/// `normalized` or, in the parse report, `error`. In text mode an invalid input gives an
/// empty line, and its error goes to standard error.
pub(crate) fn print_normalized(
    input: Input<'_>,
    json: bool,
    paint_stderr: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let url = input.text;
    let report = ParseReport::new(url);
    match (report.result(), json) {
        (Ok(reference), true) => write_json(
            out,
            input.place,
            &json!({"input": url, "valid": true, "normalized": reference.normalize().as_str()}),
        )?,
        (Ok(reference), false) => writeln!(out, "{}", reference.normalize())?,
        // The parse report, which carries the error object.
        (Err(_), true) => write_json(out, input.place, &report)?,
        (Err(error), false) => {
            writeln!(out)?;
            let mut stderr = io::stderr().lock();
            writeln!(stderr, "{}", shown(url))?;
            write_error(
                &mut stderr,
                &input.place.label(Some(error.column())),
                error,
                paint_stderr,
            )?;
        }
    }
    Ok(report.is_valid())
}
