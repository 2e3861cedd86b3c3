//! `rfc1738 resolve`: partial forms resolved, one line per input.

use crate::lines::{Item, Sources};
use crate::output::{report_unreadable_input, shown, write_json, Gap, Out, Paint, Select};
use crate::place::Place;
use crate::status::Status;
use rfc1738::reports::{CompareReport, ResolveReport, UnreadableReport};
use rfc1738::resolution::{compare, ResolveMode};
use rfc1738::unreadable::{Unreadable, UnreadableInput};
use std::io::{self, Write};

/// Prints the resolution of one partial form, if `select` shows it; returns whether it
/// succeeded. In text a failure gives an empty line, so that the lines stay aligned, and
/// its error goes to standard error.
fn print_resolution(
    context: &str,
    partial: &str,
    place: Place<'_>,
    mode: ResolveMode,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let report = ResolveReport::of(
        context,
        partial,
        mode,
        rfc1738::resolution::resolve(context, partial, mode),
    );
    let valid = report.result().is_ok();
    if !select.shows(valid) {
        return Ok(valid);
    }
    if json {
        write_json(out, place, &report)?;
        return Ok(valid);
    }
    match report.result() {
        Ok(resolved) => writeln!(out, "{}", shown(resolved))?,
        Err(error) => {
            writeln!(out)?;
            out.stderr(|stderr, paint| {
                writeln!(
                    stderr,
                    "{}{} {} ({} + {})",
                    place.label(None),
                    paint.paint(Paint::RED, "error:"),
                    shown(&error.to_string()),
                    shown(context),
                    shown(partial)
                )
            })?;
        }
    }
    Ok(valid)
}

/// A `resolve` input that cannot be read (not UTF-8, too long, a line without its TAB):
/// reported, never dropped (in text, an empty line and the error on standard error).
fn print_unreadable(
    input: &UnreadableInput<'_>,
    place: Place<'_>,
    mode: ResolveMode,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    if !select.shows(false) {
        return Ok(false);
    }
    report_unreadable_input(out, place, input, json, Gap::Stdout, || {
        UnreadableReport::resolve(input, mode)
    })?;
    Ok(false)
}

/// Prints the comparison of one partial form resolved by each of `modes` (`--compare`), if
/// `select` shows it; returns whether every mode gave a result. In text, a line per mode
/// (`MODE -> RESULT`, or its error), then `differ:` and the classes of each pair that
/// differs, or `same`.
fn print_comparison(
    context: &str,
    partial: &str,
    place: Place<'_>,
    modes: &[ResolveMode],
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let comparison = compare(context, partial, modes);
    let valid = comparison
        .results()
        .iter()
        .all(|(_, result)| result.is_ok());
    if !select.shows(valid) {
        return Ok(valid);
    }
    if json {
        write_json(
            out,
            place,
            &CompareReport::of(context, partial, &comparison),
        )?;
        return Ok(valid);
    }
    let width = modes
        .iter()
        .map(|mode| mode.name().len())
        .max()
        .unwrap_or(0);
    for (mode, result) in comparison.results() {
        match result {
            Ok(result) => writeln!(out, "{:width$} -> {}", mode.name(), shown(result))?,
            Err(error) => writeln!(
                out,
                "{:width$} -> error: {}",
                mode.name(),
                shown(&error.to_string())
            )?,
        }
    }
    let differences: Vec<String> = comparison
        .differences()
        .iter()
        .map(|difference| {
            let classes: Vec<&str> = difference.classes().names().collect();
            format!("{} {}", difference.name(), classes.join(", "))
        })
        .collect();
    match differences.is_empty() {
        true => writeln!(out, "same")?,
        false => writeln!(out, "differ: {}", differences.join("; "))?,
    }
    Ok(valid)
}

/// Resolves each partial form against CONTEXT (the partial forms given, or the lines of
/// `-` and of each `--file`), or, without a context, each `CONTEXT<TAB>PARTIAL` line of
/// standard input and of each `--file`; one answer per partial form.
pub(crate) fn run(
    mode: ResolveMode,
    compare: &[ResolveMode],
    json: bool,
    context: Option<&str>,
    sources: &Sources<'_>,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<Status> {
    let what = match context {
        Some(_) => "partial forms (one per line)",
        None => "CONTEXT<TAB>PARTIAL lines",
    };
    let status = sources.each("resolve", what, out, |item, place, out| {
        let line = match item {
            Item::Text(line) => line,
            Item::Unreadable(input) => {
                return print_unreadable(&input, place, mode, json, select, out)
            }
        };
        let resolution = |context, partial, place, select: &mut Select, out: &mut Out| match compare
            .is_empty()
        {
            true => print_resolution(context, partial, place, mode, json, select, out),
            false => print_comparison(context, partial, place, compare, json, select, out),
        };
        if let Some(context) = context {
            return resolution(context, line, place, select, out);
        }
        match line.split_once('\t') {
            Some((context, partial)) => resolution(context, partial, place, select, out),
            None => {
                let input = UnreadableInput::new(line.as_bytes(), Unreadable::MissingTab);
                print_unreadable(&input, place, mode, json, select, out)
            }
        }
    })?;
    select.finish(out, "resolve", "partial forms")?;
    Ok(status)
}
