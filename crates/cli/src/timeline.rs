//! `rfc1738 timeline`: the verdict of each standard on a URL in its year, and with
//! --base, the URL resolved as a link in every mode side by side.

use crate::lines::Item;
use crate::output::{report_unreadable_input, write_json, Gap, Out, Select};
use crate::place::Place;
use rfc1738::reports::{InputForm, UnreadableReport};
use rfc1738::timeline::TimelineReport;
use rfc1738::Dialect;
use std::io::{self, Write};

/// Prints the timeline of one input; returns whether today's standard (the last one
/// built) finds it valid, which `--only` selects on.
pub(crate) fn print_timeline(
    item: Item<'_>,
    place: Place<'_>,
    base: Option<&str>,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let input = match item {
        Item::Text(input) => input,
        Item::Unreadable(input) => {
            if select.shows(false) {
                report_unreadable_input(out, place, &input, json, Gap::Stdout, || {
                    UnreadableReport::parse(&input, Dialect::Rfc1738, InputForm::Reference)
                })?;
            }
            return Ok(false);
        }
    };
    let report = TimelineReport::of(input, base);
    let valid = report.valid_today();
    if !select.shows(valid) {
        return Ok(valid);
    }
    if json {
        write_json(out, place, &report)?;
        return Ok(valid);
    }
    writeln!(out, "{input}")?;
    for verdict in &report.verdicts {
        let said = match (verdict.valid, &verdict.error) {
            (None, _) => "not built".to_owned(),
            (Some(true), _) => "valid".to_owned(),
            (Some(false), Some(error)) => match error.offset {
                Some(offset) => format!("invalid at {offset}: {}", error.message),
                None => format!("invalid: {}", error.message),
            },
            (Some(false), None) => "invalid".to_owned(),
        };
        writeln!(out, "  {:<7}  {:<19}  {said}", verdict.date, verdict.title)?;
    }
    if let (Some(base), Some(rows)) = (base, report.resolutions) {
        writeln!(out, "  resolved against {base}:")?;
        let then = rows
            .iter()
            .find(|row| row.mode == "cern")
            .and_then(|row| row.result.clone());
        for row in rows {
            let (text, mark) = match (&row.result, &row.error) {
                (Some(result), _) => {
                    let differs = then.as_deref().is_some_and(|then| then != result);
                    (
                        result.clone(),
                        if differs { "  (differs from cern)" } else { "" },
                    )
                }
                (None, error) => (
                    format!(
                        "error: {}",
                        error.as_ref().map_or("", |error| error.message.as_str())
                    ),
                    "",
                ),
            };
            writeln!(out, "    {:<8} {text}{mark}", row.mode)?;
        }
    }
    Ok(valid)
}
