//! Reading inputs one per line from standard input (or from arguments), and the lines that cannot be read.

use crate::output::{shown, write_json, CliError, Input, Out, Paint, Place};
use crate::Status;
use rfc1738::{Dialect, UrlKind};
use serde_json::json;
use std::io::{self, BufRead, IsTerminal, Write};

/// Runs `each` on every argument, or on every line of standard input when there is none;
/// returns whether all were valid.
pub(crate) fn each_input(
    arguments: &[String],
    batch: Batch,
    json: bool,
    paint: Paint,
    out: &mut Out,
    mut each: impl FnMut(Input<'_>, &mut Out) -> io::Result<bool>,
) -> io::Result<Status> {
    if arguments.is_empty() {
        let mode = match batch {
            Batch::Parse(_) => "parse",
            Batch::Normalize => "normalize",
            Batch::Lint(_) => "lint",
        };
        hint_if_terminal(mode, "URLs (one per line)");
        for_each_line(
            io::stdin().lock(),
            out,
            |text, place, out| each(Input { text, place }, out),
            |line, problem, place, out| {
                print_unreadable_line(line, &problem, place, batch, json, paint, out)
            },
        )
        .map(Status::from)
    } else {
        arguments
            .iter()
            .enumerate()
            .try_fold(true, |all_valid, (i, text)| {
                let place = Place::Argument(i + 1);
                let valid = each(Input { text, place }, out)?;
                out.end_item()?;
                Ok(valid && all_valid)
            })
            .map(Status::from)
    }
}

/// Runs `read` on each file of a mode that reads whole documents (`extract`, `links`):
/// standard input without files, and for `-` (its name `None`, a hint given when it is a
/// terminal), each as a stream. A file that cannot be opened or read is reported on
/// standard error and the others are still read; the status says so.
pub(crate) fn each_file(
    mode: &str,
    what: &str,
    files: &[std::path::PathBuf],
    mut read: impl FnMut(&mut dyn io::Read, Option<&str>) -> io::Result<()>,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    let stdin = [std::path::PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for path in files {
        let result = if path.as_os_str() == "-" {
            hint_if_terminal(mode, what);
            read(&mut io::stdin().lock(), None)
        } else {
            std::fs::File::open(path)
                .and_then(|mut file| read(&mut file, Some(&path.to_string_lossy())))
        };
        if let Err(error) = result {
            let name = match path.as_os_str() == "-" {
                true => "standard input".into(),
                false => path.to_string_lossy(),
            };
            report_unreadable(&name, error)?;
            status = Status::Unreadable;
        }
    }
    Ok(status)
}

/// A file that could not be read: a broken output pipe is passed on, anything else told.
fn report_unreadable(name: &str, error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return Err(error);
    }
    eprintln!("rfc1738: {}: {error}", shown(name));
    Ok(())
}

/// A one-line hint on standard error when a mode waits for lines typed at a terminal.
pub(crate) fn hint_if_terminal(mode: &str, what: &str) {
    if io::stdin().is_terminal() {
        let instead = match mode {
            "extract" => "or name the files to read",
            _ => "or give them as arguments",
        };
        eprintln!(
            "rfc1738 {mode}: reading {what} from the terminal; end with Ctrl-D ({instead}; \
             rfc1738 {mode} --help)"
        );
    }
}

/// The longest line the batch modes hold in memory: 64 MiB, or the number of bytes
/// `RFC1738_MAX_LINE` gives (a line's CR LF or LF ending not counted). A longer line is
/// answered with an error and skipped as a stream, never held whole. A value that is not
/// a number of bytes is a usage error.
pub(crate) fn max_line() -> Result<usize, String> {
    match std::env::var("RFC1738_MAX_LINE") {
        Err(std::env::VarError::NotPresent) => Ok(64 << 20),
        Ok(value) => value.trim().parse().map_err(|_| {
            format!(
                "RFC1738_MAX_LINE={value:?}: expected a number of bytes (0 to {})",
                usize::MAX
            )
        }),
        Err(std::env::VarError::NotUnicode(value)) => Err(format!(
            "RFC1738_MAX_LINE={value:?}: expected a number of bytes"
        )),
    }
}

/// What is wrong with a line that cannot be read as a URL at all.
pub(crate) enum LineProblem {
    /// The line is not UTF-8.
    NotUtf8(std::str::Utf8Error),
    /// The line is longer than the limit.
    TooLong {
        /// The line's length in bytes, without its ending.
        len: usize,
        /// The limit (`RFC1738_MAX_LINE`).
        max_line: usize,
        /// The limit in characters, when the bytes up to it are UTF-8.
        char_offset: Option<usize>,
    },
}

impl LineProblem {
    /// The line as the output shows it (lossy UTF-8; a line too long is its first bytes
    /// and "...") and the error, with the byte offset the problem starts at.
    pub(crate) fn describe(&self, line: &[u8]) -> (String, CliError) {
        match *self {
            LineProblem::NotUtf8(error) => {
                let valid = &line[..error.valid_up_to()];
                (
                    String::from_utf8_lossy(line).into_owned(),
                    CliError {
                        code: "not-utf-8",
                        message: "input is not valid UTF-8 (a URL is US-ASCII; escape other \
                                  octets as %XX)"
                            .to_owned(),
                        offset: valid.len(),
                        char_offset: std::str::from_utf8(valid).ok().map(|v| v.chars().count()),
                    },
                )
            }
            LineProblem::TooLong {
                len,
                max_line,
                char_offset,
            } => (
                format!("{}...", String::from_utf8_lossy(line)),
                CliError {
                    code: "line-too-long",
                    message: format!(
                        "a line of {len} bytes: longer than the {max_line} bytes a line may \
                         hold (RFC1738_MAX_LINE)"
                    ),
                    offset: max_line,
                    char_offset,
                },
            ),
        }
    }
}

/// Calls `each` on every line of `input` with its place (`bad_line` on a line that is not
/// UTF-8, with the line, or too long, with its first 256 bytes); returns whether all were
/// valid. A line ends at LF; a CR just before the LF belongs to the ending, any other CR to
/// the line. Each line is held only up to [`max_line`] bytes. The answer to each line is
/// passed on at once when the output is line-buffered.
pub(crate) fn for_each_line(
    mut input: impl BufRead,
    out: &mut Out,
    mut each: impl FnMut(&str, Place, &mut Out) -> io::Result<bool>,
    mut bad_line: impl FnMut(&[u8], LineProblem, Place, &mut Out) -> io::Result<bool>,
) -> io::Result<bool> {
    // Checked only where lines are read: a bad value is a usage error (exit status 2).
    let max_line =
        max_line().map_err(|message| io::Error::new(io::ErrorKind::InvalidInput, message))?;
    // Room for the longest line allowed and its CR LF.
    let hold = u64::try_from(max_line)
        .unwrap_or(u64::MAX)
        .saturating_add(2);
    let mut all_valid = true;
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        let read = io::Read::take(&mut input, hold).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(all_valid);
        }
        number += 1;
        let place = Place::Line(number);
        let (text, len) = match line.strip_suffix(b"\n") {
            Some(text) => {
                let text = text.strip_suffix(b"\r").unwrap_or(text);
                (text, text.len())
            }
            // Cut at `hold` bytes (or at the end of the input): the line goes on.
            None if read as u64 == hold => {
                let (rest, cr) = skip_line(&mut input, line.last() == Some(&b'\r'))?;
                // The CR of a CR LF ending is not part of the line.
                let len = line.len().saturating_add(rest) - usize::from(cr);
                let shown = match line.strip_suffix(b"\r") {
                    Some(text) if cr && rest == 0 => text,
                    _ => &line[..],
                };
                (shown, len)
            }
            None => (&line[..], line.len()),
        };
        let valid = if len > max_line {
            // The characters of the bytes the line may hold, where they are UTF-8.
            let held = &text[..max_line.min(text.len())];
            let char_offset = std::str::from_utf8(held).ok().map(|t| t.chars().count());
            let problem = LineProblem::TooLong {
                len,
                max_line,
                char_offset,
            };
            bad_line(&text[..text.len().min(256)], problem, place, out)?
        } else {
            match std::str::from_utf8(text) {
                Ok(line) => each(line, place, out)?,
                Err(error) => bad_line(text, LineProblem::NotUtf8(error), place, out)?,
            }
        };
        out.end_item()?;
        all_valid &= valid;
    }
}

/// Reads past the rest of a line without keeping it; returns its length up to the LF and
/// whether a CR came just before the LF (`after_cr`: the byte before the rest was a CR).
pub(crate) fn skip_line(input: &mut impl BufRead, mut after_cr: bool) -> io::Result<(usize, bool)> {
    let mut skipped = 0usize;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok((skipped, false));
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                let cr = if at == 0 {
                    after_cr
                } else {
                    buffer[at - 1] == b'\r'
                };
                input.consume(at + 1);
                return Ok((skipped.saturating_add(at), cr));
            }
            None => {
                let len = buffer.len();
                after_cr = buffer.last() == Some(&b'\r');
                input.consume(len);
                skipped = skipped.saturating_add(len);
            }
        }
    }
}

/// The batch modes that read URLs, and the dialect each reads by.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Batch {
    Parse(Dialect),
    Normalize,
    Lint(Dialect),
}

/// A line that is not UTF-8, or too long to hold, cannot be read as a URL: reported as
/// invalid, never dropped, in the shape of the mode's report. (For a line too long, `line`
/// is its first 256 bytes.)
pub(crate) fn print_unreadable_line(
    line: &[u8],
    problem: &LineProblem,
    place: Place,
    batch: Batch,
    json: bool,
    paint: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let (input, error) = problem.describe(line);
    // The valid prefix still shows which scheme the line meant.
    let valid = std::str::from_utf8(line).map_or_else(|e| e.valid_up_to(), str::len);
    let prefix = std::str::from_utf8(&line[..valid.min(error.offset)]).unwrap_or_default();
    let scheme = rfc1738::leading_scheme(prefix).map(str::to_ascii_lowercase);
    let kind = scheme.as_deref().map(|s| UrlKind::from_scheme(s).name());
    if json {
        let report = match batch {
            Batch::Parse(dialect) => json!({
                "input": input, "dialect": dialect.name(), "valid": false, "kind": kind,
                "scheme": scheme, "error": error.to_json(),
            }),
            Batch::Normalize => json!({
                "input": input, "dialect": Dialect::Rfc1738.name(), "valid": false,
                "kind": kind, "scheme": scheme, "error": error.to_json(),
            }),
            Batch::Lint(dialect) => json!({
                "input": input, "dialect": dialect.name(), "valid": false, "kind": kind,
                "error": error.to_json(), "warnings": [],
            }),
        };
        return write_json(out, place, &report).map(|()| false);
    }
    let label = place.label(Some(error.char_offset.unwrap_or(error.offset) + 1));
    let message = format!(
        "{label}{} {} (byte {})",
        paint.paint(Paint::RED, "error:"),
        error.message,
        error.offset
    );
    match batch {
        Batch::Parse(_) => writeln!(out, "{}\n{message}\n", shown(&input))?,
        Batch::Normalize => {
            // The line keeps its place in the output, empty; the error goes to stderr.
            writeln!(out)?;
            eprintln!("{message}");
        }
        Batch::Lint(_) => writeln!(
            out,
            "{}{}\n  {} {} (byte {})\n",
            place.label(None),
            shown(&input),
            paint.paint(Paint::RED, "invalid:"),
            error.message,
            error.offset
        )?,
    }
    Ok(false)
}
