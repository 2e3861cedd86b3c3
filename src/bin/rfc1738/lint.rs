//! `rfc1738 lint`: RFC 1738 section 6's checks, quiet on clean input.

use crate::output::{shown, write_json, Input, Paint};
use rfc1738::{Dialect, LintReport, Severity};
use std::io::{self, Write};

/// Prints the section 6 checks of one URL; returns whether it was valid and without a
/// warning of severity `warning` or more. In text mode a clean URL (valid, no warning)
/// prints nothing unless `all`.
pub(crate) fn print_lint(
    input: Input<'_>,
    dialect: Dialect,
    json: bool,
    all: bool,
    paint: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let url = input.text;
    let lint = rfc1738::lint(url, dialect);
    let passes = lint.is_valid() && lint.worst().is_none_or(|worst| worst < Severity::Warning);
    if json {
        write_json(out, input.place, &LintReport::new(url, dialect, &lint))?;
        return Ok(passes);
    }
    let clean = lint.is_valid() && lint.warnings().is_empty();
    if clean && !all {
        return Ok(passes);
    }
    writeln!(out, "{}{}", input.place.label(None), shown(url))?;
    if let Some(error) = lint.error() {
        writeln!(
            out,
            "  {} {}",
            paint.paint(Paint::RED, "invalid:"),
            error.message()
        )?;
    }
    for warning in lint.warnings() {
        let span = warning.span();
        let severity = warning.severity();
        let name = format!("{:7}", severity.name());
        writeln!(
            out,
            "  {} {} {}..{}: {}",
            paint.severity(severity, &name),
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
            rfc1738::Lint::MAX_DELIMITER_WARNINGS
        )?;
    }
    if clean {
        writeln!(out, "  no warning")?;
    }
    writeln!(out)?;
    Ok(passes)
}
