//! `rfc1738`: parse URLs by RFC 1738 (or RFC 1630, or its draft) from the command line,
//! and resolve RFC 1630's partial forms.
//!
//! ```text
//! rfc1738 parse [--dialect rfc1738|rfc1630|draft] [--json] [URL ...]
//! rfc1738 resolve [--mode rfc1630|draft] [--json] CONTEXT PARTIAL ...
//! rfc1738 extract [--dialect D] [--json] [--max-len N] [--line-numbers] [FILE ...]
//! rfc1738 normalize [--json] [URL ...]
//! rfc1738 lint [--dialect D] [--json] [URL ...]
//! ```
//!
//! Without URL (or PARTIAL) arguments, reads one input per line from standard input (a
//! line's CR LF or LF ending is not part of it; `resolve` reads `CONTEXT<TAB>PARTIAL`
//! lines). Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage
//! error. `extract` reads the files (standard input without any) as streams, in bounded
//! memory; its exit status is 0 when every file was read, 2 when one could not be (the
//! others are still read), whatever it found. `lint` exits 0 when no input is invalid or has
//! a warning of severity `warning` or `danger`, 1 otherwise.

use clap::{Parser, Subcommand};
use rfc1738::{
    Dialect, ExtractReport, Extractor, Found, LintReport, ParseReport, ResolveMode, Severity,
    UrlKind,
};
use serde_json::{json, Value};
use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "rfc1738",
    version,
    about = "URLs exactly as RFC 1738 (1994) defines them"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse URLs and print their components, or where and why they are invalid.
    Parse {
        /// The grammar to read by: rfc1738 (RFC 1738, the default), rfc1630 (RFC 1630), or
        /// draft (draft-www-uri-00, March 1994).
        #[arg(long, default_value = "rfc1738")]
        dialect: Dialect,
        /// Print one JSON object per input line (the corpus format) instead of a tree.
        #[arg(long)]
        json: bool,
        /// The URLs to parse (each may carry the prefix "URL:" and a "#fragment"); without
        /// any, one URL per line is read from standard input.
        urls: Vec<String>,
    },
    /// Resolve partial forms (relative URIs) against a context URI, by RFC 1630's rules.
    Resolve {
        /// Rule 2 as RFC 1630's text states it (rfc1630, the default) or as its draft does
        /// (draft, which reproduces the RFC's example table).
        #[arg(long, default_value = "rfc1630")]
        mode: ResolveMode,
        /// Print one JSON object per partial form: {"context", "partial", "mode", "result"}.
        #[arg(long)]
        json: bool,
        /// The context URI; without it, CONTEXT<TAB>PARTIAL lines are read from standard
        /// input.
        context: Option<String>,
        /// The partial forms to resolve against the context.
        partials: Vec<String>,
    },
    /// Bring URLs to one encoding level for comparison (RFC 1630): scheme and host in lower
    /// case, needless escapes decoded, the rest in upper-case hex, default ports removed.
    Normalize {
        /// Print one JSON object per URL: {"input", "valid", "normalized"} or an error.
        #[arg(long)]
        json: bool,
        /// The URLs (RFC 1738); without any, one per line from standard input.
        urls: Vec<String>,
    },
    /// Check URLs as RFC 1738 section 6 asks: ports other than the default, escaped
    /// protocol delimiters (%0D %0A %00 %09), passwords, logins where the scheme allows none.
    Lint {
        /// The grammar to read by.
        #[arg(long, default_value = "rfc1738")]
        dialect: Dialect,
        /// Print one JSON object per URL: {"input", "valid", "kind", "warnings": [...]}.
        #[arg(long)]
        json: bool,
        /// The URLs; without any, one per line from standard input.
        urls: Vec<String>,
    },
    /// Find the URLs in running text (RFC 1738 appendix): <URL:...>, <...> around a known
    /// scheme, and bare ones; one line (or JSON object) per URL.
    Extract {
        /// The grammar the URLs found are read by.
        #[arg(long, default_value = "rfc1738")]
        dialect: Dialect,
        /// Print one JSON object per URL found (the extraction corpus format).
        #[arg(long)]
        json: bool,
        /// The longest URL looked for, in bytes; a longer one is reported cut and invalid.
        /// Memory stays within about this plus 64 KiB, whatever the input's size.
        #[arg(long, default_value_t = Extractor::DEFAULT_MAX_LEN)]
        max_len: usize,
        /// Each line starts with a line number ("1207."), as in a numbered copy of a
        /// document: the numbers are not part of URLs that run across lines.
        #[arg(long)]
        line_numbers: bool,
        /// The text files to search; without any, standard input.
        files: Vec<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match Cli::parse().command {
        Command::Parse {
            dialect,
            json,
            urls,
        } => {
            let print = |url: &str, out: &mut BufWriter<_>| print_url(url, dialect, json, out);
            if urls.is_empty() {
                for_each_line(io::stdin().lock(), &mut out, print, |line, problem, out| {
                    print_not_utf8(line, problem, dialect, json, out)
                })
            } else {
                urls.iter().try_fold(true, |all_valid, url| {
                    Ok(print_url(url, dialect, json, &mut out)? && all_valid)
                })
            }
            .map(Status::from)
        }
        Command::Resolve {
            mode,
            json,
            context: Some(context),
            partials,
        } => partials
            .iter()
            .try_fold(true, |all_valid, partial| {
                Ok(print_resolution(&context, partial, mode, json, &mut out)? && all_valid)
            })
            .map(Status::from),
        Command::Resolve {
            mode,
            json,
            context: None,
            ..
        } => for_each_line(
            io::stdin().lock(),
            &mut out,
            |line, out| match line.split_once('\t') {
                Some((context, partial)) => print_resolution(context, partial, mode, json, out),
                None => print_resolve_usage_error(line, mode, json, out),
            },
            |line, _, out| {
                print_resolve_usage_error(&String::from_utf8_lossy(line), mode, json, out)
            },
        )
        .map(Status::from),
        Command::Normalize { json, urls } => {
            let print = |url: &str, out: &mut BufWriter<_>| print_normalized(url, json, out);
            if urls.is_empty() {
                for_each_line(io::stdin().lock(), &mut out, print, |line, problem, out| {
                    print_not_utf8(line, problem, Dialect::Rfc1738, json, out)
                })
            } else {
                urls.iter().try_fold(true, |all_valid, url| {
                    Ok(print_normalized(url, json, &mut out)? && all_valid)
                })
            }
            .map(Status::from)
        }
        Command::Lint {
            dialect,
            json,
            urls,
        } => {
            let print = |url: &str, out: &mut BufWriter<_>| print_lint(url, dialect, json, out);
            if urls.is_empty() {
                for_each_line(io::stdin().lock(), &mut out, print, |line, problem, out| {
                    print_not_utf8(line, problem, dialect, json, out)
                })
            } else {
                urls.iter().try_fold(true, |all_clean, url| {
                    Ok(print_lint(url, dialect, json, &mut out)? && all_clean)
                })
            }
            .map(Status::from)
        }
        Command::Extract {
            dialect,
            json,
            max_len,
            line_numbers,
            files,
        } => {
            let extractor = Extractor::new()
                .dialect(dialect)
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

/// Prints the URLs found in each file (standard input without files), reading each as a
/// stream. A file that cannot be opened or read is reported on standard error and the
/// others are still read.
fn run_extract(
    extractor: Extractor,
    files: &[std::path::PathBuf],
    json: bool,
    out: &mut impl Write,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    if files.is_empty() {
        if let Err(error) = extract_from(extractor, io::stdin().lock(), None, json, out) {
            report_unreadable("standard input", error)?;
            status = Status::Unreadable;
        }
    }
    for path in files {
        let name = path.to_string_lossy();
        let read = std::fs::File::open(path)
            .and_then(|file| extract_from(extractor, file, Some(&name), json, out));
        if let Err(error) = read {
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
    eprintln!("rfc1738: {name}: {error}");
    Ok(())
}

/// Prints the URLs found in one stream.
fn extract_from(
    extractor: Extractor,
    input: impl io::Read,
    file: Option<&str>,
    json: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    for found in extractor.extract_reader(input) {
        let found = found?;
        if json {
            serde_json::to_writer(&mut *out, &ExtractReport::new(file, &found))?;
            writeln!(out)?;
        } else {
            print_found(file.unwrap_or("-"), &found, out)?;
        }
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
        "{file}:{}:{}: {} {}  ({verdict})",
        found.line(),
        found.column(),
        found.wrapper(),
        found.url()
    )?;
    if let Some(alternative) = found.alternative() {
        writeln!(out, "    hyphen at a line break; without it: {alternative}")?;
    }
    Ok(())
}

/// The longest line the batch modes hold in memory: 64 MiB (`RFC1738_MAX_LINE` sets
/// another number of bytes). A longer line is answered with an error and skipped as a
/// stream, never held whole.
fn max_line() -> usize {
    std::env::var("RFC1738_MAX_LINE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64 << 20)
}

/// What is wrong with a line that cannot be read as a URL at all.
enum LineProblem {
    /// The line is not UTF-8.
    NotUtf8(std::str::Utf8Error),
    /// The line is longer than [`max_line`]: its length in bytes.
    TooLong(usize),
}

/// Calls `each` on every line of `input` (`bad_line` on a line that is not UTF-8 or too
/// long, with the line's start); returns whether all were valid.
fn for_each_line<W: Write>(
    mut input: impl BufRead,
    out: &mut W,
    mut each: impl FnMut(&str, &mut W) -> io::Result<bool>,
    mut bad_line: impl FnMut(&[u8], LineProblem, &mut W) -> io::Result<bool>,
) -> io::Result<bool> {
    let limit = max_line();
    let mut all_valid = true;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = io::Read::take(&mut input, limit as u64 + 1).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(all_valid);
        }
        if line.len() > limit && !line.ends_with(b"\n") {
            let len = line.len() + skip_line(&mut input)?;
            all_valid &= bad_line(&line[..line.len().min(256)], LineProblem::TooLong(len), out)?;
            continue;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let valid = match std::str::from_utf8(text) {
            Ok(line) => each(line, out)?,
            Err(error) => bad_line(text, LineProblem::NotUtf8(error), out)?,
        };
        all_valid &= valid;
    }
}

/// Reads past the rest of a line without keeping it; returns its length (without the
/// line feed).
fn skip_line(input: &mut impl BufRead) -> io::Result<usize> {
    let mut skipped = 0;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(skipped);
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(skipped + at);
            }
            None => {
                let len = buffer.len();
                input.consume(len);
                skipped += len;
            }
        }
    }
}

/// Prints the report of one URL; returns whether it was valid.
fn print_url(url: &str, dialect: Dialect, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let report = ParseReport::with_dialect(url, dialect);
    if json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        match report.result() {
            Ok(parsed) => print_tree(url, &serde_json::to_value(parsed)?, out)?,
            Err(error) => writeln!(out, "{url}\n{error}\n")?,
        }
    }
    Ok(report.is_valid())
}

/// A line that is not UTF-8, or too long to hold, cannot be read as a URL: reported as
/// invalid, never dropped. (For a line too long, `input` is its first 256 bytes and "...".)
fn print_not_utf8(
    line: &[u8],
    problem: LineProblem,
    dialect: Dialect,
    json: bool,
    out: &mut impl Write,
) -> io::Result<bool> {
    let (input, message, offset) = match problem {
        LineProblem::NotUtf8(error) => (
            String::from_utf8_lossy(line).into_owned(),
            "input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)"
                .to_owned(),
            error.valid_up_to(),
        ),
        LineProblem::TooLong(len) => (
            format!("{}...", String::from_utf8_lossy(line)),
            format!(
                "a line of {len} bytes: longer than the {} bytes a line may hold (RFC1738_MAX_LINE)",
                max_line()
            ),
            max_line(),
        ),
    };
    // The valid prefix still shows which scheme the line meant.
    let valid = std::str::from_utf8(line).map_or_else(|e| e.valid_up_to(), str::len);
    let prefix = std::str::from_utf8(&line[..valid.min(offset)]).unwrap_or_default();
    let scheme = rfc1738::leading_scheme(prefix).map(str::to_ascii_lowercase);
    let kind = scheme.as_deref().map(|s| UrlKind::from_scheme(s).name());
    if json {
        let report = json!({
            "input": input,
            "dialect": dialect.name(),
            "valid": false,
            "kind": kind,
            "scheme": scheme,
            "error": {"offset": offset, "expected": [], "message": message},
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "{input}\nerror: {message} (byte {offset})\n")?;
    }
    Ok(false)
}

/// Prints one URL at one encoding level; returns whether it was valid.
fn print_normalized(url: &str, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let result = rfc1738::normalize(url);
    match (&result, json) {
        (Ok(normal), true) => writeln!(
            out,
            "{}",
            json!({"input": url, "valid": true, "normalized": normal.as_str()})
        )?,
        (Ok(normal), false) => writeln!(out, "{normal}")?,
        (Err(_), true) => {
            // The parse report, which carries the error object.
            serde_json::to_writer(&mut *out, &ParseReport::new(url))?;
            writeln!(out)?;
        }
        (Err(error), false) => writeln!(out, "{url}\n{error}\n")?,
    }
    Ok(result.is_ok())
}

/// Prints the section 6 checks of one URL; returns whether it was valid and without a
/// warning of severity `warning` or more.
fn print_lint(url: &str, dialect: Dialect, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let lint = rfc1738::lint(url, dialect);
    if json {
        serde_json::to_writer(&mut *out, &LintReport::new(url, dialect, &lint))?;
        writeln!(out)?;
    } else {
        writeln!(out, "{url}")?;
        if let Some(error) = lint.error() {
            writeln!(out, "  invalid: {}", error.message())?;
        }
        for warning in lint.warnings() {
            let span = warning.span();
            writeln!(
                out,
                "  {:7} {} {}..{}: {}",
                warning.severity().name(),
                warning.component(),
                span.start,
                span.end,
                warning.message()
            )?;
            // A caret line under the span (the input is one line; offsets are bytes).
            let before = url.get(..span.start).map_or(0, |b| b.chars().count());
            let width = url
                .get(span.clone())
                .map_or(1, |s| s.chars().count().max(1));
            writeln!(
                out,
                "    | {url}\n    | {}{}",
                " ".repeat(before),
                "^".repeat(width)
            )?;
        }
        if lint.is_valid() && lint.warnings().is_empty() {
            writeln!(out, "  no warning")?;
        }
        writeln!(out)?;
    }
    Ok(lint.is_valid() && lint.worst().is_none_or(|worst| worst < Severity::Warning))
}

/// Prints the resolution of one partial form; returns whether it succeeded.
fn print_resolution(
    context: &str,
    partial: &str,
    mode: ResolveMode,
    json: bool,
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
                "error": {"message": error.to_string()},
            }),
        };
        writeln!(out, "{report}")?;
    } else {
        match &result {
            Ok(resolved) => writeln!(out, "{resolved}")?,
            Err(error) => writeln!(out, "error: {error} ({context} + {partial})")?,
        }
    }
    Ok(result.is_ok())
}

/// A `resolve` input line without its TAB (or not UTF-8): reported, never dropped.
fn print_resolve_usage_error(
    line: &str,
    mode: ResolveMode,
    json: bool,
    out: &mut impl Write,
) -> io::Result<bool> {
    let message = "expected CONTEXT<TAB>PARTIAL (UTF-8)";
    if json {
        let report = json!({
            "context": null, "partial": line, "mode": mode.name(), "error": {"message": message},
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "error: {message}: {line:?}")?;
    }
    Ok(false)
}

/// The components of a valid URL as an indented tree, one `name: value` per line.
fn print_tree(url: &str, value: &Value, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{url}")?;
    let Value::Object(fields) = value else {
        return Ok(());
    };
    let width = fields.keys().map(String::len).max().unwrap_or(0);
    for (name, value) in fields {
        if name == "display" {
            continue;
        }
        let shown = match value {
            Value::Null => "(none)".to_owned(),
            other => other.to_string(),
        };
        writeln!(out, "  {name:width$}  {shown}")?;
    }
    writeln!(out)
}
