//! `rfc1738 request`: what a client sends for each URL (RFC 1738 section 3), refused when
//! section 6's checks call it dangerous; nothing is connected to.

use crate::lines::Item;
use crate::output::{
    report_unreadable_input, shown, write_error, write_json, Gap, Out, Paint, Select,
};
use crate::place::Place;
use rfc1738::reports::{InputForm, UnreadableReport};
use rfc1738::requests::{Request, RequestOptions, RequestRefused, RequestReport, Transport};
use rfc1738::Dialect;
use std::io::{self, Write};

/// How `request` reads and prints.
pub(crate) struct RequestMode {
    pub(crate) dialect: Dialect,
    pub(crate) json: bool,
    pub(crate) options: RequestOptions,
    pub(crate) paint: Paint,
}

/// Prints the request of one URL, if `select` shows it; returns whether there is one
/// (valid and not refused). In text a request goes to standard output; an invalid input's
/// error and a refusal (with the warning that refused it) go to standard error.
pub(crate) fn print_request(
    item: Item<'_>,
    place: Place<'_>,
    mode: &RequestMode,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let input = match item {
        Item::Text(input) => input,
        Item::Unreadable(input) => {
            if select.shows(false) {
                report_unreadable_input(out, place, &input, mode.json, Gap::Stderr, || {
                    UnreadableReport::parse(&input, mode.dialect, InputForm::Reference)
                })?;
            }
            return Ok(false);
        }
    };
    let reference = match rfc1738::parse_reference(input, mode.dialect) {
        Ok(reference) => reference,
        Err(error) => {
            if select.shows(false) {
                match mode.json {
                    true => write_json(
                        out,
                        place,
                        &RequestReport::invalid(input, mode.dialect, &error),
                    )?,
                    false => out.stderr(|mut stderr, paint| {
                        writeln!(stderr, "{}", shown(input))?;
                        write_error(
                            &mut stderr,
                            &place.label(Some(error.column())),
                            &error,
                            paint,
                        )?;
                        writeln!(stderr)
                    })?,
                }
            }
            return Ok(false);
        }
    };
    let request = Request::of_reference(&reference, &mode.options);
    let built = request.is_ok();
    if !select.shows(built) {
        return Ok(built);
    }
    if mode.json {
        write_json(out, place, &RequestReport::new(input, &reference, &request))?;
        return Ok(built);
    }
    match &request {
        Ok(request) => print_text(input, place, request, mode.paint, out)?,
        Err(refused) => out.stderr(|stderr, paint| {
            print_refusal(input, place, refused, "builds the request", paint, stderr)
        })?,
    }
    Ok(built)
}

/// The request in text: what it is, where it goes, each line sent (control bytes shown as
/// `\r`, `\n`, ...), what is missing, the notes; a blank line after.
fn print_text(
    input: &str,
    place: Place<'_>,
    request: &Request<'_>,
    paint: Paint,
    out: &mut Out,
) -> io::Result<()> {
    writeln!(out, "{}{}", place.label(None), shown(input))?;
    writeln!(out, "  request  {}", shown(&request.to_string()))?;
    let protocol = request.protocol().map_or("no protocol", |p| p.name());
    let to = match (request.host(), request.port(), request.transport()) {
        (_, _, Transport::None) => match request.host() {
            Some(host) if request.protocol().is_none() => {
                format!("no connection ({protocol}; the host {host})")
            }
            _ => format!("no connection ({protocol})"),
        },
        (host, port, transport) => format!(
            "{} port {} ({}, {protocol})",
            host.unwrap_or("(no server configured)"),
            port.map_or_else(String::new, |port| port.to_string()),
            transport.name()
        ),
    };
    writeln!(out, "  to       {}", shown(&to))?;
    let lines = request.lines();
    if lines.is_empty() {
        writeln!(out, "  sends    nothing")?;
    }
    for (i, line) in lines.iter().enumerate() {
        let label = if i == 0 { "sends" } else { "" };
        writeln!(out, "  {label:8} {}", shown(&line.shown().to_string()))?;
    }
    for missing in request.missing() {
        writeln!(
            out,
            "  {} {}: {missing}",
            paint.paint(Paint::YELLOW, "missing "),
            missing.code()
        )?;
    }
    for note in request.notes() {
        writeln!(out, "  note     {}", shown(&note))?;
    }
    writeln!(out)
}

/// A refusal on standard error: the input, the warning that tells most with its excerpt,
/// how many dangerous warnings there are; `--allow-dangerous` then does `what`.
pub(crate) fn print_refusal(
    input: &str,
    place: Place<'_>,
    refused: &RequestRefused,
    what: &str,
    paint: Paint,
    stderr: &mut dyn Write,
) -> io::Result<()> {
    let warning = refused.warning();
    writeln!(stderr, "{}", shown(input))?;
    writeln!(
        stderr,
        "{}{} {}",
        place.label(Some(warning.span().start + 1)),
        paint.paint(Paint::RED, "refused:"),
        warning.message()
    )?;
    for line in warning.excerpt(input).lines() {
        writeln!(stderr, "    | {}", shown(line))?;
    }
    let count = refused.warnings().len() + refused.omitted();
    writeln!(
        stderr,
        "  = {count} dangerous warning{} (rfc1738 lint lists them); --allow-dangerous {what} anyway\n",
        if count == 1 { "" } else { "s" }
    )
}
