//! `rfc1738 resolve`: partial forms resolved, one line per input.

use crate::lines::{for_each_line, hint_if_terminal};
use crate::output::{shown, write_json, CliError, Out, Paint, Place};
use crate::Status;
use rfc1738::ResolveMode;
use serde_json::json;
use std::io::{self, Write};

/// Prints the resolution of one partial form; returns whether it succeeded. In text mode a
/// failure gives an empty line, and its error goes to standard error.
pub(crate) fn print_resolution(
    context: &str,
    partial: &str,
    place: Place,
    mode: ResolveMode,
    json: bool,
    paint_stderr: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let result = rfc1738::resolve(context, partial, mode);
    if json {
        let report = match &result {
            Ok(resolved) => json!({
                "context": context, "partial": partial, "mode": mode.name(), "result": resolved,
            }),
            Err(error) => json!({
                "context": context, "partial": partial, "mode": mode.name(),
                "error": {"code": error.code(), "message": error.to_string()},
            }),
        };
        write_json(out, place, &report)?;
    } else {
        match &result {
            Ok(resolved) => writeln!(out, "{}", shown(resolved))?,
            Err(error) => {
                writeln!(out)?;
                eprintln!(
                    "{}{} {} ({} + {})",
                    place.label(None),
                    paint_stderr.paint(Paint::RED, "error:"),
                    shown(&error.to_string()),
                    shown(context),
                    shown(partial)
                );
            }
        }
    }
    Ok(result.is_ok())
}

/// A `resolve` input line without its TAB, not UTF-8 or too long: reported, never
/// dropped (in text mode, an empty line and the error on standard error).
pub(crate) fn print_resolve_line_error(
    line: &str,
    problem: &CliError,
    place: Place,
    mode: ResolveMode,
    json: bool,
    paint_stderr: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    if json {
        let report = json!({
            "context": null, "partial": line, "mode": mode.name(), "error": problem.to_json(),
        });
        write_json(out, place, &report)?;
    } else {
        writeln!(out)?;
        eprintln!(
            "{}{} {}: {}",
            place.label(None),
            paint_stderr.paint(Paint::RED, "error:"),
            problem.message,
            shown(line)
        );
    }
    Ok(false)
}

/// Resolves each PARTIAL against CONTEXT, or, without a context, the
/// `CONTEXT<TAB>PARTIAL` lines of standard input; one answer per partial form.
pub(crate) fn run(
    mode: ResolveMode,
    json: bool,
    context: Option<&str>,
    partials: &[String],
    paint_stderr: Paint,
    out: &mut Out,
) -> io::Result<Status> {
    if let Some(context) = context {
        return partials
            .iter()
            .enumerate()
            .try_fold(true, |all_valid, (i, partial)| {
                let place = Place::Argument(i + 1);
                let valid =
                    print_resolution(context, partial, place, mode, json, paint_stderr, out)?;
                out.end_item()?;
                Ok(valid && all_valid)
            })
            .map(Status::from);
    }
    hint_if_terminal("resolve", "CONTEXT<TAB>PARTIAL lines");
    for_each_line(
        io::stdin().lock(),
        out,
        |line, place, out| match line.split_once('\t') {
            Some((context, partial)) => {
                print_resolution(context, partial, place, mode, json, paint_stderr, out)
            }
            None => {
                let problem = CliError {
                    code: "missing-tab",
                    message: "expected CONTEXT<TAB>PARTIAL".to_owned(),
                    offset: line.len(),
                    char_offset: Some(line.chars().count()),
                };
                print_resolve_line_error(line, &problem, place, mode, json, paint_stderr, out)
            }
        },
        |line, problem, place, out| {
            let (input, problem) = problem.describe(line);
            print_resolve_line_error(&input, &problem, place, mode, json, paint_stderr, out)
        },
    )
    .map(Status::from)
}
