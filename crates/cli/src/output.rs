//! Standard output and standard error, and what is written to them: buffering, colour,
//! escapes, errors, JSON. The rule of every mode (the book, "The command line"): standard
//! output holds the answers (with `--json`, one object per input, valid or not); standard
//! error holds the errors (in text, each input that has no answer; in every mode, a file
//! that cannot be read, a value changed, the summary).

use crate::cli::{ColorWhen, Only};
use crate::place::Place;
use rfc1738::lint::Severity;
use rfc1738::unreadable::UnreadableInput;
use rfc1738::ParseError;
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufWriter, Write};

/// Standard output, buffered; flushed after every answer when line-buffered (on a
/// terminal, or with `--line-buffered`), and before anything is written to standard error,
/// so that the two keep their order on a terminal.
pub(crate) struct Out {
    pub(crate) writer: BufWriter<io::StdoutLock<'static>>,
    pub(crate) line_buffered: bool,
    /// Colours of standard error.
    pub(crate) paint_stderr: Paint,
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

    /// Writes to standard error, after what standard output holds so far.
    pub(crate) fn stderr(
        &mut self,
        write: impl FnOnce(&mut dyn Write, Paint) -> io::Result<()>,
    ) -> io::Result<()> {
        self.writer.flush()?;
        let mut stderr = io::stderr().lock();
        write(&mut stderr, self.paint_stderr)
    }

    /// A line on standard error.
    pub(crate) fn note(&mut self, line: fmt::Arguments<'_>) -> io::Result<()> {
        self.stderr(|stderr, _| writeln!(stderr, "{line}"))
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

/// Writes an input that cannot be read as a URL (text output; on standard error): the input
/// as shown, then `LABEL error: message (byte N)`.
pub(crate) fn write_unreadable(
    out: &mut impl Write,
    input: &UnreadableInput<'_>,
    place: Place<'_>,
    paint: Paint,
) -> io::Result<()> {
    let column = input.char_offset().unwrap_or(input.offset()) + 1;
    writeln!(out, "{}", shown(&input.shown()))?;
    writeln!(
        out,
        "{}{} {} (byte {})",
        place.label(Some(column)),
        paint.paint(Paint::RED, "error:"),
        input.message(),
        input.offset()
    )
}

/// Where the blank line after an unreadable input's text report goes.
#[derive(Clone, Copy)]
pub(crate) enum Gap {
    /// After the error, on standard error (`parse`, `lint`, `request`: reports that are
    /// blocks of lines).
    Stderr,
    /// On standard output, before the error (`normalize`, `resolve`: one line of standard
    /// output for each input, an empty one for this).
    Stdout,
}

/// Reports an input that cannot be read as text: `report` as a JSON line, or in text the
/// error on standard error ([`write_unreadable`]) and the blank line `gap` says.
pub(crate) fn report_unreadable_input<R: Serialize>(
    out: &mut Out,
    place: Place<'_>,
    input: &UnreadableInput<'_>,
    json: bool,
    gap: Gap,
    report: impl FnOnce() -> R,
) -> io::Result<()> {
    if json {
        return write_json(out, place, &report());
    }
    if let Gap::Stdout = gap {
        writeln!(out)?;
    }
    out.stderr(|mut stderr, paint| {
        write_unreadable(&mut stderr, input, place, paint)?;
        match gap {
            Gap::Stderr => writeln!(stderr),
            Gap::Stdout => Ok(()),
        }
    })
}

/// Writes `report` as one JSON line, led by where its input came from, which is not part of
/// the report: `file` (for a line of a file given by `--file`) and `line` (the line, or the
/// argument's position).
pub(crate) fn write_json(
    out: &mut impl Write,
    place: Place<'_>,
    report: &impl Serialize,
) -> io::Result<()> {
    let (file, line) = match place {
        Place::Argument(n)
        | Place::Line {
            file: None,
            line: n,
        } => (None, n),
        Place::Line {
            file: Some(file),
            line,
        } => (Some(file), line),
    };
    serde_json::to_writer(&mut *out, &Placed { file, line, report })?;
    writeln!(out)
}

/// A report led by its place: `file` (when a file was given), `line`, then the report's
/// own entries (the one way every line-reading command places its answers).
#[derive(Serialize)]
struct Placed<'a, R> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: usize,
    #[serde(flatten)]
    report: &'a R,
}

/// `1 word`, `n words`: a count in a message.
pub(crate) fn counted(n: u64, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        _ => format!("{n} {word}s"),
    }
}

/// Which inputs are printed and what is counted: `--only`, `--quiet`, `--summary`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Select {
    pub(crate) only: Option<Only>,
    pub(crate) quiet: bool,
    pub(crate) summary: bool,
    valid: u64,
    invalid: u64,
    /// The warnings counted by severity (notice, warning, danger), by `lint`.
    warnings: Option<[u64; 3]>,
}

impl Select {
    pub(crate) fn new(only: Option<Only>, quiet: bool, summary: bool) -> Select {
        Select {
            only,
            quiet,
            summary,
            valid: 0,
            invalid: 0,
            warnings: None,
        }
    }

    /// Counts the warnings of an input by severity, for the summary.
    pub(crate) fn count_warnings(&mut self, severities: impl Iterator<Item = Severity>) {
        let counts = self.warnings.get_or_insert([0; 3]);
        for severity in severities {
            counts[severity as usize] += 1;
        }
    }

    /// Counts an input (or a URL found, a link); returns whether it is to be printed.
    pub(crate) fn shows(&mut self, valid: bool) -> bool {
        match valid {
            true => self.valid += 1,
            false => self.invalid += 1,
        }
        !self.quiet && self.only.is_none_or(|only| (only == Only::Valid) == valid)
    }

    /// Whether anything counted was invalid.
    pub(crate) fn any_invalid(&self) -> bool {
        self.invalid > 0
    }

    /// With `--summary`, the counts on standard error: `rfc1738 MODE: N WHAT: V valid, I
    /// invalid` (`what` the plural of what was counted: "inputs", "URLs found", "links").
    pub(crate) fn finish(&self, out: &mut Out, mode: &str, what: &str) -> io::Result<()> {
        if !self.summary {
            return Ok(());
        }
        let total = self.valid + self.invalid;
        let warnings = match self.warnings {
            Some([notice, warning, danger]) => {
                format!(
                    "; {}: {danger} danger, {warning} warning, {notice} notice",
                    counted(notice + warning + danger, "warning")
                )
            }
            None => String::new(),
        };
        out.note(format_args!(
            "rfc1738 {mode}: {total} {what}: {} valid, {} invalid{warnings}",
            self.valid, self.invalid
        ))
    }
}
