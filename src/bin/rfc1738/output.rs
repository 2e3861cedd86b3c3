//! Standard output and what is written to it: buffering, places, colour, escapes, errors, JSON.

use crate::ColorWhen;
use rfc1738::{ParseError, Severity};
use serde::Serialize;
use serde_json::json;
use std::borrow::Cow;
use std::io::{self, BufWriter, Write};

/// Standard output, buffered; flushed after every answer when line-buffered (on a
/// terminal, or with `--line-buffered`).
pub(crate) struct Out {
    pub(crate) writer: BufWriter<io::StdoutLock<'static>>,
    pub(crate) line_buffered: bool,
}

impl Out {
    /// The answer to one input is written: pass it on now if line-buffered.
    pub(crate) fn end_item(&mut self) -> io::Result<()> {
        if self.line_buffered {
            self.writer.flush()
        } else {
            Ok(())
        }
    }
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writer.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.writer.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Where an input came from: a line of standard input or a command-line argument, each
/// counted from 1. JSON objects carry the number as `line`.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Place {
    Line(usize),
    Argument(usize),
}

impl Place {
    /// The number JSON objects carry as `line`.
    pub(crate) fn number(self) -> usize {
        match self {
            Place::Line(n) | Place::Argument(n) => n,
        }
    }

    /// `-:LINE:COLUMN: ` (or `-:LINE: ` without a column) for a line of standard input,
    /// nothing for an argument, which the output echoes.
    pub(crate) fn label(self, column: Option<usize>) -> String {
        match (self, column) {
            (Place::Line(line), Some(column)) => format!("-:{line}:{column}: "),
            (Place::Line(line), None) => format!("-:{line}: "),
            (Place::Argument(_), _) => String::new(),
        }
    }
}

/// One input and where it came from.
pub(crate) struct Input<'a> {
    pub(crate) text: &'a str,
    pub(crate) place: Place,
}

/// Colours for a terminal, or none.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Paint {
    pub(crate) on: bool,
}

impl Paint {
    pub(crate) const RED: &'static str = "\x1b[1;31m";
    pub(crate) const YELLOW: &'static str = "\x1b[1;33m";
    pub(crate) const CYAN: &'static str = "\x1b[1;36m";
    pub(crate) const BLUE: &'static str = "\x1b[1;34m";
    pub(crate) const RESET: &'static str = "\x1b[0m";

    /// Colour on when `--color always`, or `auto` on a terminal without `NO_COLOR` (a
    /// non-empty value: <https://no-color.org>).
    pub(crate) fn new(when: ColorWhen, terminal: bool) -> Paint {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Paint {
            on: match when {
                ColorWhen::Always => true,
                ColorWhen::Never => false,
                ColorWhen::Auto => terminal && !no_color,
            },
        }
    }

    pub(crate) fn paint<'t>(self, style: &str, text: &'t str) -> Cow<'t, str> {
        if self.on && !text.is_empty() {
            Cow::Owned(format!("{style}{text}{}", Paint::RESET))
        } else {
            Cow::Borrowed(text)
        }
    }

    pub(crate) fn severity(self, severity: Severity, text: &str) -> Cow<'_, str> {
        let style = match severity {
            Severity::Danger => Paint::RED,
            Severity::Warning => Paint::YELLOW,
            Severity::Notice => Paint::CYAN,
        };
        self.paint(style, text)
    }
}

/// The input as text output shows it: control characters (C0, DEL, C1) as `\x1b`-style
/// escapes (`\u{9b}` above U+007F), so that untrusted text cannot drive the terminal; the
/// same escapes as in error messages and carets (one home: [`rfc1738::escape_controls`]).
pub(crate) fn shown(text: &str) -> Cow<'_, str> {
    rfc1738::escape_controls(text)
}

/// Writes the caret block of `error` (`{:#}`), led by `label` (`-:3:9: `), coloured.
pub(crate) fn write_error(
    out: &mut impl Write,
    label: &str,
    error: &ParseError,
    paint: Paint,
) -> io::Result<()> {
    let block = format!("{error:#}");
    let mut lines = block.lines();
    // The block's layout: "error: message", " --> position", "  |", "  | snippet",
    // "  | caret", and "  = expected: ..." when something was expected.
    if let Some(first) = lines.next() {
        let message = first.strip_prefix("error:").unwrap_or(first);
        writeln!(out, "{label}{}{message}", paint.paint(Paint::RED, "error:"))?;
    }
    for (i, line) in lines.enumerate() {
        match (i, line.split_at_checked(4)) {
            (3, Some((gutter, caret))) => writeln!(
                out,
                "{}{}",
                paint.paint(Paint::BLUE, gutter),
                paint.paint(Paint::RED, caret)
            )?,
            (1 | 2, Some((gutter, text))) => {
                writeln!(out, "{}{text}", paint.paint(Paint::BLUE, gutter))?
            }
            (1, None) => writeln!(out, "{}", paint.paint(Paint::BLUE, line))?,
            _ => writeln!(out, "{line}")?,
        }
    }
    Ok(())
}

/// An error of the command line's own about one input line, with its code.
pub(crate) struct CliError {
    pub(crate) code: &'static str,
    pub(crate) message: String,
    /// The byte offset of the problem in the line, and the same in characters where known.
    pub(crate) offset: usize,
    pub(crate) char_offset: Option<usize>,
}

impl CliError {
    /// The error object of the JSON output, as the library's errors have it.
    pub(crate) fn to_json(&self) -> serde_json::Value {
        json!({
            "code": self.code,
            "offset": self.offset,
            "char_offset": self.char_offset,
            "expected": [],
            "message": self.message,
        })
    }
}

/// Writes `report` as one JSON line, `line` first (the input's position, which is not part
/// of the report).
pub(crate) fn write_json(
    out: &mut impl Write,
    place: Place,
    report: &impl Serialize,
) -> io::Result<()> {
    let json = serde_json::to_vec(report)?;
    // Every report is a non-empty object: `{"line":N,` then its entries.
    match json.strip_prefix(b"{") {
        Some(entries) if entries != b"}" => {
            write!(out, "{{\"line\":{},", place.number())?;
            out.write_all(entries)?;
        }
        _ => out.write_all(&json)?,
    }
    writeln!(out)
}
