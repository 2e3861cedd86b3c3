//! `rfc1738`: parse URLs by RFC 1738 (or RFC 1630, or its draft) from the command line,
//! and resolve RFC 1630's partial forms.
//!
//! ```text
//! rfc1738 parse [--dialect rfc1738|rfc1630|draft] [--json] [URL ...]
//! rfc1738 resolve [--mode rfc1630|draft] [--json] [CONTEXT PARTIAL ...]
//! rfc1738 extract [--dialect D] [--json] [--max-len N] [--line-numbers] [FILE ...]
//! rfc1738 normalize [--json] [URL ...]
//! rfc1738 lint [--dialect D] [--json] [--all] [URL ...]
//! ```
//!
//! Every mode also takes `--color auto|always|never` and `--line-buffered`.
//!
//! Without URL (or PARTIAL) arguments, reads one input per line from standard input (a
//! line's CR LF or LF ending is not part of it; `resolve` reads `CONTEXT<TAB>PARTIAL`
//! lines). Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage
//! error. `extract` reads the files (standard input without any, or for `-`) as streams,
//! in bounded memory; its exit status is 0 when every file was read, 2 when one could not
//! be (the others are still read), whatever it found. `lint` exits 0 when no input is
//! invalid or has a warning of severity `warning` or `danger`, 1 otherwise.
//!
//! Output conventions (README.md, "The command line"): JSON objects of the batch modes
//! carry `line`, the input's line (or the argument's position) from 1; a human error read
//! from standard input starts with `-:LINE:COLUMN:`; `normalize` and `resolve` print one
//! line per input line on standard output, empty for an input that has no answer (its
//! error goes to standard error); control characters of the input are shown as `\x1b`
//! escapes wherever text output echoes it.

use clap::{Parser, Subcommand, ValueEnum};
use rfc1738::{
    Dialect, ExtractReport, Extractor, Found, LintReport, ParseError, ParseReport, ResolveMode,
    Severity, UrlKind,
};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "rfc1738",
    version,
    about = "URLs exactly as RFC 1738 (1994) defines them",
    after_help = "Without URL arguments a mode reads one input per line from standard input. \
                  Exit status: 0 all valid, 1 some invalid (lint: or a warning), 2 usage error \
                  or unreadable file."
)]
struct Cli {
    /// Colour `error:`, carets and severities: auto (when writing to a terminal and
    /// NO_COLOR is not set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
    /// Write each answer as soon as its input line is read, also into a pipe (always so on
    /// a terminal): for `tail -f log | rfc1738 parse --json`.
    #[arg(long, global = true)]
    line_buffered: bool,
    #[command(subcommand)]
    command: Command,
}

/// When to colour the output.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set to a non-empty value.
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

/// The grammar to read by.
#[derive(Clone, Copy, ValueEnum)]
enum DialectArg {
    /// RFC 1738, Uniform Resource Locators (December 1994), the standard.
    Rfc1738,
    /// RFC 1630, Universal Resource Identifiers in WWW (June 1994).
    Rfc1630,
    /// draft-www-uri-00, the March 1994 draft of RFC 1630.
    #[value(alias = "draft-www-uri-00")]
    Draft,
}

impl From<DialectArg> for Dialect {
    fn from(dialect: DialectArg) -> Dialect {
        match dialect {
            DialectArg::Rfc1738 => Dialect::Rfc1738,
            DialectArg::Rfc1630 => Dialect::Rfc1630,
            DialectArg::Draft => Dialect::DraftWwwUri00,
        }
    }
}

/// How partial forms are resolved.
#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    /// Rule 2 as RFC 1630's text states it (confirmed by its author in 1997).
    Rfc1630,
    /// Rule 2 as the March 1994 draft states it (gives every row of the RFC's example
    /// table).
    #[value(alias = "draft-www-uri-00")]
    Draft,
}

impl From<ModeArg> for ResolveMode {
    fn from(mode: ModeArg) -> ResolveMode {
        match mode {
            ModeArg::Rfc1630 => ResolveMode::Rfc1630,
            ModeArg::Draft => ResolveMode::Draft,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Parse URLs and print their components, or where and why they are invalid.
    Parse {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Rfc1738)]
        dialect: DialectArg,
        /// Print one JSON object per input (the corpus format, with `line`) instead of a
        /// tree.
        #[arg(long)]
        json: bool,
        /// The URLs to parse (each may carry the prefix "URL:" and a "#fragment"); without
        /// any, one URL per line is read from standard input.
        urls: Vec<String>,
    },
    /// Resolve partial forms (relative URIs) against a context URI, by RFC 1630's rules.
    Resolve {
        /// The reading of RFC 1630's rule 2.
        #[arg(long, value_enum, ignore_case = true, default_value_t = ModeArg::Rfc1630)]
        mode: ModeArg,
        /// Print one JSON object per partial form: {"line", "context", "partial", "mode",
        /// "result"} (or "error" instead of "result").
        #[arg(long)]
        json: bool,
        /// The context URI (then at least one PARTIAL); without it, CONTEXT<TAB>PARTIAL
        /// lines are read from standard input.
        #[arg(requires = "partials")]
        context: Option<String>,
        /// The partial forms to resolve against the context. One line each on standard
        /// output: the result, or an empty line (the error goes to standard error).
        partials: Vec<String>,
    },
    /// Bring URLs to one encoding level for comparison (RFC 1630): scheme and host in lower
    /// case, needless escapes decoded, the rest in upper-case hex, default ports removed.
    /// A "URL:" prefix and a "#fragment" are kept as written around the normalized URL.
    /// One line per input: the normalized URL, or an empty line for an invalid one (its
    /// error goes to standard error).
    Normalize {
        /// Print one JSON object per URL: {"line", "input", "valid", "normalized"}, or the
        /// parse report with its "error".
        #[arg(long)]
        json: bool,
        /// The URL references (RFC 1738, "[URL:] url [#fragment]"); without any, one per
        /// line from standard input.
        urls: Vec<String>,
    },
    /// Check URLs as RFC 1738 section 6 asks: ports other than the default, escaped
    /// protocol delimiters (%0D %0A %00 %09), passwords, logins where the scheme allows none.
    /// Prints only the URLs with a warning or an error (--all: every URL).
    Lint {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Rfc1738)]
        dialect: DialectArg,
        /// Print one JSON object per URL, clean or not: {"line", "input", "valid", "kind",
        /// "warnings": [...]}.
        #[arg(long)]
        json: bool,
        /// Print every URL, "no warning" under the clean ones.
        #[arg(long)]
        all: bool,
        /// The URLs; without any, one per line from standard input.
        urls: Vec<String>,
    },
    /// Find the URLs in running text (RFC 1738 appendix): <URL:...>, <...> around a known
    /// scheme, and bare ones; one line (or JSON object) per URL.
    Extract {
        /// The grammar the URLs found are read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Rfc1738)]
        dialect: DialectArg,
        /// Print one JSON object per URL found (the extraction corpus format).
        #[arg(long)]
        json: bool,
        /// The longest URL looked for, in bytes (at least 256; less counts as 256); a longer
        /// one is reported cut and invalid. Memory stays within about five times this plus
        /// a few MB, whatever the input's size.
        #[arg(long, default_value_t = Extractor::DEFAULT_MAX_LEN)]
        max_len: usize,
        /// Each line starts with a line number ("1207."), as in a numbered copy of a
        /// document: the numbers are not part of URLs that run across lines.
        #[arg(long)]
        line_numbers: bool,
        /// The text files to search ("-" is standard input); without any, standard input.
        files: Vec<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let on_terminal = stdout.is_terminal();
    let mut out = Out {
        writer: BufWriter::new(stdout.lock()),
        line_buffered: cli.line_buffered || on_terminal,
    };
    let paint = Paint::new(cli.color, on_terminal);
    let paint_stderr = Paint::new(cli.color, io::stderr().is_terminal());
    let result = match cli.command {
        Command::Parse {
            dialect,
            json,
            urls,
        } => {
            let dialect = Dialect::from(dialect);
            each_input(
                &urls,
                Batch::Parse(dialect),
                json,
                paint,
                &mut out,
                |input, out| print_url(input, dialect, json, paint, out),
            )
        }
        Command::Resolve {
            mode,
            json,
            context: Some(context),
            partials,
        } => {
            let mode = ResolveMode::from(mode);
            partials
                .iter()
                .enumerate()
                .try_fold(true, |all_valid, (i, partial)| {
                    let place = Place::Argument(i + 1);
                    let valid = print_resolution(
                        &context,
                        partial,
                        place,
                        mode,
                        json,
                        paint_stderr,
                        &mut out,
                    )?;
                    out.end_item()?;
                    Ok(valid && all_valid)
                })
                .map(Status::from)
        }
        Command::Resolve {
            mode,
            json,
            context: None,
            ..
        } => {
            let mode = ResolveMode::from(mode);
            hint_if_terminal("resolve", "CONTEXT<TAB>PARTIAL lines");
            for_each_line(
                io::stdin().lock(),
                &mut out,
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
                        print_resolve_line_error(
                            line,
                            &problem,
                            place,
                            mode,
                            json,
                            paint_stderr,
                            out,
                        )
                    }
                },
                |line, problem, place, out| {
                    let (input, problem) = problem.describe(line);
                    print_resolve_line_error(&input, &problem, place, mode, json, paint_stderr, out)
                },
            )
            .map(Status::from)
        }
        Command::Normalize { json, urls } => each_input(
            &urls,
            Batch::Normalize,
            json,
            paint_stderr,
            &mut out,
            |input, out| print_normalized(input, json, paint_stderr, out),
        ),
        Command::Lint {
            dialect,
            json,
            all,
            urls,
        } => {
            let dialect = Dialect::from(dialect);
            each_input(
                &urls,
                Batch::Lint(dialect),
                json,
                paint,
                &mut out,
                |input, out| print_lint(input, dialect, json, all, paint, out),
            )
        }
        Command::Extract {
            dialect,
            json,
            max_len,
            line_numbers,
            files,
        } => {
            let extractor = Extractor::new()
                .dialect(dialect.into())
                .max_len(max_len)
                .line_numbers(line_numbers);
            run_extract(extractor, &files, json, &mut out)
        }
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(Status::Valid) => ExitCode::SUCCESS,
        Ok(Status::Invalid) => ExitCode::from(1),
        Ok(Status::Unreadable) => ExitCode::from(2),
        // A closed pipe (`rfc1738 parse ... | head`) is not an error of ours.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("rfc1738: {error}");
            ExitCode::from(2)
        }
    }
}

/// Standard output, buffered; flushed after every answer when line-buffered (on a
/// terminal, or with `--line-buffered`).
struct Out {
    writer: BufWriter<io::StdoutLock<'static>>,
    line_buffered: bool,
}

impl Out {
    /// The answer to one input is written: pass it on now if line-buffered.
    fn end_item(&mut self) -> io::Result<()> {
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
enum Place {
    Line(usize),
    Argument(usize),
}

impl Place {
    /// The number JSON objects carry as `line`.
    fn number(self) -> usize {
        match self {
            Place::Line(n) | Place::Argument(n) => n,
        }
    }

    /// `-:LINE:COLUMN: ` (or `-:LINE: ` without a column) for a line of standard input,
    /// nothing for an argument, which the output echoes.
    fn label(self, column: Option<usize>) -> String {
        match (self, column) {
            (Place::Line(line), Some(column)) => format!("-:{line}:{column}: "),
            (Place::Line(line), None) => format!("-:{line}: "),
            (Place::Argument(_), _) => String::new(),
        }
    }
}

/// One input and where it came from.
struct Input<'a> {
    text: &'a str,
    place: Place,
}

/// Runs `each` on every argument, or on every line of standard input when there is none;
/// returns whether all were valid.
fn each_input(
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

/// A one-line hint on standard error when a mode waits for lines typed at a terminal.
fn hint_if_terminal(mode: &str, what: &str) {
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

/// Colours for a terminal, or none.
#[derive(Debug, Clone, Copy)]
struct Paint {
    on: bool,
}

impl Paint {
    const RED: &'static str = "\x1b[1;31m";
    const YELLOW: &'static str = "\x1b[1;33m";
    const CYAN: &'static str = "\x1b[1;36m";
    const BLUE: &'static str = "\x1b[1;34m";
    const RESET: &'static str = "\x1b[0m";

    /// Colour on when `--color always`, or `auto` on a terminal without `NO_COLOR` (a
    /// non-empty value: <https://no-color.org>).
    fn new(when: ColorWhen, terminal: bool) -> Paint {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Paint {
            on: match when {
                ColorWhen::Always => true,
                ColorWhen::Never => false,
                ColorWhen::Auto => terminal && !no_color,
            },
        }
    }

    fn paint<'t>(self, style: &str, text: &'t str) -> Cow<'t, str> {
        if self.on && !text.is_empty() {
            Cow::Owned(format!("{style}{text}{}", Paint::RESET))
        } else {
            Cow::Borrowed(text)
        }
    }

    fn severity(self, severity: Severity, text: &str) -> Cow<'_, str> {
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
fn shown(text: &str) -> Cow<'_, str> {
    rfc1738::escape_controls(text)
}

/// Writes the caret block of `error` (`{:#}`), led by `label` (`-:3:9: `), coloured.
fn write_error(
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
struct CliError {
    code: &'static str,
    message: String,
    /// The byte offset of the problem in the line, and the same in characters where known.
    offset: usize,
    char_offset: Option<usize>,
}

impl CliError {
    /// The error object of the JSON output, as the library's errors have it.
    fn to_json(&self) -> serde_json::Value {
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
fn write_json(out: &mut impl Write, place: Place, report: &impl Serialize) -> io::Result<()> {
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

/// How a run ended: the exit status.
enum Status {
    /// Every input valid (for `extract`: every file read).
    Valid,
    /// Some input invalid.
    Invalid,
    /// Some file could not be read.
    Unreadable,
}

impl From<bool> for Status {
    fn from(all_valid: bool) -> Status {
        if all_valid {
            Status::Valid
        } else {
            Status::Invalid
        }
    }
}

/// Prints the URLs found in each file (standard input without files, and for `-`),
/// reading each as a stream. A file that cannot be opened or read is reported on standard
/// error and the others are still read.
fn run_extract(
    extractor: Extractor,
    files: &[std::path::PathBuf],
    json: bool,
    out: &mut Out,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    let stdin = [std::path::PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for path in files {
        let read = if path.as_os_str() == "-" {
            hint_if_terminal("extract", "text");
            extract_from(extractor, io::stdin().lock(), None, json, out)
        } else {
            std::fs::File::open(path).and_then(|file| {
                let name = path.to_string_lossy();
                extract_from(extractor, file, Some(&name), json, out)
            })
        };
        if let Err(error) = read {
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

/// Prints the URLs found in one stream.
fn extract_from(
    extractor: Extractor,
    input: impl io::Read,
    file: Option<&str>,
    json: bool,
    out: &mut Out,
) -> io::Result<()> {
    for found in extractor.extract_reader(input) {
        let found = found?;
        if json {
            serde_json::to_writer(&mut *out, &ExtractReport::new(file, &found))?;
            writeln!(out)?;
        } else {
            print_found(file.unwrap_or("-"), &found, out)?;
        }
        out.end_item()?;
    }
    Ok(())
}

/// One URL found, as a line `file:line:column: wrapper url: kind` (or the error), and the
/// other reading when a hyphen at a line break makes two.
fn print_found(file: &str, found: &Found<'_>, out: &mut impl Write) -> io::Result<()> {
    let verdict = match (found.kind(), found.error()) {
        (Some(kind), _) => format!("valid {kind}", kind = kind.name()),
        (None, Some(error)) => format!("invalid: {}", error.message()),
        (None, None) => "invalid".to_owned(),
    };
    writeln!(
        out,
        "{}:{}:{}: {} {}  ({})",
        shown(file),
        found.line(),
        found.column(),
        found.wrapper(),
        shown(found.url()),
        shown(&verdict)
    )?;
    if let Some(alternative) = found.alternative() {
        writeln!(
            out,
            "    hyphen at a line break; without it: {}",
            shown(alternative)
        )?;
    }
    Ok(())
}

/// The longest line the batch modes hold in memory: 64 MiB, or the number of bytes
/// `RFC1738_MAX_LINE` gives (a line's CR LF or LF ending not counted). A longer line is
/// answered with an error and skipped as a stream, never held whole. A value that is not
/// a number of bytes is a usage error.
fn max_line() -> Result<usize, String> {
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
enum LineProblem {
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
    fn describe(&self, line: &[u8]) -> (String, CliError) {
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
fn for_each_line(
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
fn skip_line(input: &mut impl BufRead, mut after_cr: bool) -> io::Result<(usize, bool)> {
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

/// Prints the report of one URL; returns whether it was valid.
fn print_url(
    input: Input<'_>,
    dialect: Dialect,
    json: bool,
    paint: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let url = input.text;
    let report = ParseReport::with_dialect(url, dialect);
    if json {
        write_json(out, input.place, &report)?;
    } else {
        match report.result() {
            Ok(parsed) => print_tree(url, &serde_json::to_vec(parsed)?, out)?,
            Err(error) => {
                writeln!(out, "{}", shown(url))?;
                write_error(out, &input.place.label(Some(error.column())), error, paint)?;
                writeln!(out)?;
            }
        }
    }
    Ok(report.is_valid())
}

/// The batch modes that read URLs, and the dialect each reads by.
#[derive(Debug, Clone, Copy)]
enum Batch {
    Parse(Dialect),
    Normalize,
    Lint(Dialect),
}

/// A line that is not UTF-8, or too long to hold, cannot be read as a URL: reported as
/// invalid, never dropped, in the shape of the mode's report. (For a line too long, `line`
/// is its first 256 bytes.)
fn print_unreadable_line(
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

/// Prints one URL reference at one encoding level (its prefix and fragment as written);
/// returns whether it was valid. The input is read once: a JSON object has either
/// `normalized` or, in the parse report, `error`. In text mode an invalid input gives an
/// empty line, and its error goes to standard error.
fn print_normalized(
    input: Input<'_>,
    json: bool,
    paint_stderr: Paint,
    out: &mut impl Write,
) -> io::Result<bool> {
    let url = input.text;
    let report = ParseReport::new(url);
    match (report.result(), json) {
        (Ok(reference), true) => write_json(
            out,
            input.place,
            &json!({"input": url, "valid": true, "normalized": reference.normalize().as_str()}),
        )?,
        (Ok(reference), false) => writeln!(out, "{}", reference.normalize())?,
        // The parse report, which carries the error object.
        (Err(_), true) => write_json(out, input.place, &report)?,
        (Err(error), false) => {
            writeln!(out)?;
            let mut stderr = io::stderr().lock();
            writeln!(stderr, "{}", shown(url))?;
            write_error(
                &mut stderr,
                &input.place.label(Some(error.column())),
                error,
                paint_stderr,
            )?;
        }
    }
    Ok(report.is_valid())
}

/// Prints the section 6 checks of one URL; returns whether it was valid and without a
/// warning of severity `warning` or more. In text mode a clean URL (valid, no warning)
/// prints nothing unless `all`.
fn print_lint(
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

/// Prints the resolution of one partial form; returns whether it succeeded. In text mode a
/// failure gives an empty line, and its error goes to standard error.
fn print_resolution(
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
fn print_resolve_line_error(
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

/// The components of a valid URL as an indented tree, one `name: value` per line, from
/// the URL's JSON object (each value printed as its JSON text: no value tree is built,
/// so a path of millions of segments costs its output, not tens of bytes per segment).
fn print_tree(url: &str, json: &[u8], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", shown(url))?;
    let Fields(fields) = serde_json::from_slice(json)?;
    let width = fields.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    for (name, value) in fields {
        if name == "display" {
            continue;
        }
        let shown = match value.get() {
            "null" => "(none)",
            other => other,
        };
        writeln!(out, "  {name:width$}  {shown}")?;
    }
    writeln!(out)
}

/// The fields of a JSON object, in order, each value as its JSON text.
struct Fields<'j>(Vec<(&'j str, &'j RawValue)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Fields<'de>, A::Error> {
                let mut fields = Vec::new();
                while let Some(field) = map.next_entry()? {
                    fields.push(field);
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}
