//! `rfc1738 lint`: RFC 1738 section 6's checks, quiet on clean input.

use crate::lines::Item;
use crate::output::{report_unreadable_input, shown, write_json, Gap, Out, Paint, Select};
use crate::place::Place;
use rfc1738::lint::Severity;
use rfc1738::reports::{LintReport, UnreadableReport};
use rfc1738::Dialect;
use std::io::{self, Write};

/// How `lint` reads and prints.
pub(crate) struct LintMode {
    pub(crate) dialect: Dialect,
    /// The least severity reported (`--min-severity`).
    pub(crate) min_severity: Severity,
    /// The kinds left out (`--ignore`).
    pub(crate) ignore: Vec<String>,
    pub(crate) json: bool,
    /// Every URL, `no warning` under the clean ones.
    pub(crate) all: bool,
    pub(crate) paint: Paint,
}

/// Prints the section 6 checks of one URL, if `select` shows it (by its validity); returns
/// whether it was valid and without a warning of severity `warning` or more. In text a
/// clean URL (valid, no warning) prints nothing unless `all`; an invalid one's error goes
/// to standard error, its warnings (if any) to standard output.
pub(crate) fn print_lint(
    item: Item<'_>,
    place: Place<'_>,
    mode: &LintMode,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<bool> {
    let url = match item {
        Item::Text(url) => url,
        Item::Unreadable(input) => {
            if select.shows(false) {
                report_unreadable_input(out, place, &input, mode.json, Gap::Stderr, || {
                    UnreadableReport::lint(&input, mode.dialect)
                })?;
            }
            return Ok(false);
        }
    };
    let mut lint = rfc1738::lint::lint(url, mode.dialect);
    lint.retain(|warning| {
        warning.severity() >= mode.min_severity
            && !mode.ignore.iter().any(|kind| kind == warning.kind().name())
    });
    select.count_warnings(lint.warnings().iter().map(|warning| warning.severity()));
    let passes = lint.is_valid() && lint.worst().is_none_or(|worst| worst < Severity::Warning);
    if !select.shows(lint.is_valid()) {
        return Ok(passes);
    }
    if mode.json {
        write_json(out, place, &LintReport::new(url, mode.dialect, &lint))?;
        return Ok(passes);
    }
    if let Some(error) = lint.error() {
        out.stderr(|stderr, paint| {
            writeln!(stderr, "{}{}", place.label(None), shown(url))?;
            // One line, with where and what the grammar expected there (as `parse`'s
            // block says them).
            let mut place = format!("byte {}", error.offset());
            if let Some(production) = error.production() {
                place += &format!(", in {production}");
            }
            let expected = error.expected_phrase();
            if !expected.is_empty() {
                place += &format!("; expected: {expected}");
            }
            writeln!(
                stderr,
                "  {} {} ({place})\n",
                paint.paint(Paint::RED, "invalid:"),
                shown(&error.message())
            )
        })?;
    }
    // The warnings (an invalid URL may have some too: a login where none is allowed).
    let clean = lint.warnings().is_empty();
    if clean && (!mode.all || lint.error().is_some()) {
        return Ok(passes);
    }
    let paint = mode.paint;
    writeln!(out, "{}{}", place.label(None), shown(url))?;
    for warning in lint.warnings() {
        // `danger  cross-protocol in port (11..13): ...`: the kind, which the JSON
        // names too, then the component and the byte range in the input.
        let span = warning.span();
        let severity = warning.severity();
        let name = format!("{:7}", severity.name());
        writeln!(
            out,
            "  {} {} in {} ({}..{}): {}",
            paint.severity(severity, &name),
            warning.kind().name(),
            warning.component(),
            span.start,
            span.end,
            warning.message()
        )?;
        // The input around the span, carets under it (bounded, however long the line).
        for line in warning.excerpt(url).lines() {
            writeln!(out, "    | {}", shown(line))?;
        }
    }
    if lint.omitted() > 0 {
        writeln!(
            out,
            "  and {} more escaped delimiters, not listed (the first {} are)",
            lint.omitted(),
            rfc1738::lint::Lint::MAX_DELIMITER_WARNINGS
        )?;
    }
    if clean {
        writeln!(out, "  no warning")?;
    }
    writeln!(out)?;
    Ok(passes)
}
