//! Where inputs come from, the same way in every mode: URLs (or partial forms) as
//! arguments, `-` alone for standard input, files of one input per line by `--file`; the
//! documents of `extract` and `links` as files, `-` for standard input. A line that cannot
//! be read (not UTF-8, too long) is passed on as such, never dropped; a file that cannot be
//! opened or read is told on standard error and the others are still read.

use crate::output::{shown, Out};
use crate::place::Place;
use crate::status::Status;
use rfc1738::unreadable::{Unreadable, UnreadableInput};
use std::io::{self, BufRead, IsTerminal};
use std::path::{Path, PathBuf};

/// One input: its text, or why it cannot be read.
pub(crate) enum Item<'a> {
    Text(&'a str),
    Unreadable(UnreadableInput<'a>),
}

/// The inputs of a mode that reads one input per line: the arguments in order (`-` among
/// them reads standard input there), then each `--file` (`-` is standard input); without
/// either, standard input.
pub(crate) struct Sources<'a> {
    pub(crate) arguments: &'a [String],
    pub(crate) files: &'a [PathBuf],
}

impl Sources<'_> {
    /// Calls `each` on every input with its place; returns the run's status: `Invalid`
    /// when `each` said an input was invalid, `Unreadable` when a file could not be read
    /// (which wins).
    pub(crate) fn each(
        &self,
        mode: &str,
        what: &str,
        out: &mut Out,
        mut each: impl FnMut(Item<'_>, Place<'_>, &mut Out) -> io::Result<bool>,
    ) -> io::Result<Status> {
        let mut status = Status::Valid;
        let mut argument = 0;
        let stdin_only = self.arguments.is_empty() && self.files.is_empty();
        let from_stdin =
            |out: &mut Out,
             each: &mut dyn FnMut(Item<'_>, Place<'_>, &mut Out) -> io::Result<bool>| {
                hint_if_terminal(mode, what);
                for_each_line(io::stdin().lock(), None, out, each)
            };
        if stdin_only {
            let all_valid = from_stdin(out, &mut each)?;
            return Ok(Status::from(all_valid));
        }
        for text in self.arguments {
            let valid = if text == "-" {
                from_stdin(out, &mut each)?
            } else {
                argument += 1;
                let valid = each(Item::Text(text), Place::Argument(argument), out)?;
                out.end_item()?;
                valid
            };
            status = status.and(Status::from(valid));
        }
        for path in self.files {
            let result = if path.as_os_str() == "-" {
                from_stdin(out, &mut each)
            } else {
                let name = path.to_string_lossy();
                std::fs::File::open(path).and_then(|file| {
                    for_each_line(io::BufReader::new(file), Some(&name), out, &mut each)
                })
            };
            match result {
                Ok(valid) => status = status.and(Status::from(valid)),
                Err(error) => {
                    report_unreadable(out, path, error)?;
                    status = status.and(Status::Unreadable);
                }
            }
        }
        Ok(status)
    }
}

/// Runs `read` on each file of a mode that reads whole documents (`extract`, `links`):
/// standard input without files, and for `-` (its name `None`, a hint given when it is a
/// terminal), each as a stream. A file that cannot be opened or read is reported on
/// standard error and the others are still read; the status says so.
pub(crate) fn each_file(
    mode: &str,
    what: &str,
    files: &[PathBuf],
    out: &mut Out,
    mut read: impl FnMut(&mut dyn io::Read, Option<&str>, &mut Out) -> io::Result<()>,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for path in files {
        let result = if path.as_os_str() == "-" {
            hint_if_terminal(mode, what);
            read(&mut io::stdin().lock(), None, out)
        } else {
            std::fs::File::open(path)
                .and_then(|mut file| read(&mut file, Some(&path.to_string_lossy()), out))
        };
        if let Err(error) = result {
            report_unreadable(out, path, error)?;
            status = Status::Unreadable;
        }
    }
    Ok(status)
}

/// A file that could not be read: a broken output pipe is passed on, anything else told.
fn report_unreadable(out: &mut Out, path: &Path, error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return Err(error);
    }
    let name = match path.as_os_str() == "-" {
        true => "standard input".into(),
        false => path.to_string_lossy(),
    };
    out.note(format_args!("rfc1738: {}: {error}", shown(&name)))
}

/// A one-line hint on standard error when a mode waits for lines typed at a terminal.
pub(crate) fn hint_if_terminal(mode: &str, what: &str) {
    if io::stdin().is_terminal() {
        let instead = match mode {
            "extract" | "links" => "or name the files to read",
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

/// Calls `each` on every line of `input` with its place (a line that is not UTF-8, or too
/// long, as [`Item::Unreadable`] with its bytes, or its first 256); returns whether all
/// were valid. A line ends at LF; a CR just before the LF belongs to the ending, any other
/// CR to the line. Each line is held only up to [`max_line`] bytes. The answer to each
/// line is passed on at once when the output is line-buffered.
pub(crate) fn for_each_line(
    mut input: impl BufRead,
    file: Option<&str>,
    out: &mut Out,
    each: &mut dyn FnMut(Item<'_>, Place<'_>, &mut Out) -> io::Result<bool>,
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
        // A whole line in the reader's buffer is read there, not copied (most lines).
        let buffer = input.fill_buf()?;
        if let Some(end) = memchr::memchr(b'\n', buffer).filter(|&end| end < max_line) {
            let text = &buffer[..end];
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            number += 1;
            let place = Place::Line { file, line: number };
            all_valid &= each(item_of(text, text.len(), max_line), place, out)?;
            input.consume(end + 1);
            out.end_item()?;
            continue;
        }
        line.clear();
        let read = io::Read::take(&mut input, hold).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(all_valid);
        }
        number += 1;
        let place = Place::Line { file, line: number };
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
        all_valid &= each(item_of(text, len, max_line), place, out)?;
        out.end_item()?;
    }
}

/// A line (`text`, of `len` bytes in the input: more than `text` holds when it was cut) as
/// its item.
fn item_of(text: &[u8], len: usize, max_line: usize) -> Item<'_> {
    if len > max_line {
        let problem = Unreadable::TooLong { len, max_line };
        Item::Unreadable(UnreadableInput::new(&text[..text.len().min(256)], problem))
    } else {
        match std::str::from_utf8(text) {
            Ok(text) => Item::Text(text),
            Err(_) => Item::Unreadable(UnreadableInput::new(text, Unreadable::NotUtf8)),
        }
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
