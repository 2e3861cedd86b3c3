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
use serde::{Deserialize, Deserializer};
use serde_json::json;
use serde_json::value::RawValue;
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
    /// A "URL:" prefix and a "#fragment" are kept as written around the normalized URL.
    Normalize {
        /// Print one JSON object per URL: {"input", "valid", "normalized"}, or the parse
        /// report with its "error".
        #[arg(long)]
        json: bool,
        /// The URL references (RFC 1738, "[URL:] url [#fragment]"); without any, one per
        /// line from standard input.
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
        /// The longest URL looked for, in bytes (at least 256; less counts as 256); a longer
        /// one is reported cut and invalid. Memory stays within about five times this plus
        /// a few MB, whatever the input's size.
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
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match cli.command {
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
                None => {
                    print_resolve_line_error(line, "expected CONTEXT<TAB>PARTIAL", mode, json, out)
                }
            },
            |line, problem, out| {
                let (input, message, _) = problem.describe(line);
                print_resolve_line_error(&input, &message, mode, json, out)
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
    },
}

impl LineProblem {
    /// The line as the output shows it (lossy UTF-8; a line too long is its first bytes
    /// and "..."), the message, and the byte offset the problem starts at.
    fn describe(&self, line: &[u8]) -> (String, String, usize) {
        match *self {
            LineProblem::NotUtf8(error) => (
                String::from_utf8_lossy(line).into_owned(),
                "input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)"
                    .to_owned(),
                error.valid_up_to(),
            ),
            LineProblem::TooLong { len, max_line } => (
                format!("{}...", String::from_utf8_lossy(line)),
                format!(
                    "a line of {len} bytes: longer than the {max_line} bytes a line may hold \
                     (RFC1738_MAX_LINE)"
                ),
                max_line,
            ),
        }
    }
}

/// Calls `each` on every line of `input` (`bad_line` on a line that is not UTF-8, with the
/// line, or too long, with its first 256 bytes); returns whether all were valid. A line
/// ends at LF; a CR just before the LF belongs to the ending, any other CR to the line.
/// Each line is held only up to [`max_line`] bytes.
fn for_each_line<W: Write>(
    mut input: impl BufRead,
    out: &mut W,
    mut each: impl FnMut(&str, &mut W) -> io::Result<bool>,
    mut bad_line: impl FnMut(&[u8], LineProblem, &mut W) -> io::Result<bool>,
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
    loop {
        line.clear();
        let read = io::Read::take(&mut input, hold).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(all_valid);
        }
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
            let problem = LineProblem::TooLong { len, max_line };
            bad_line(&text[..text.len().min(256)], problem, out)?
        } else {
            match std::str::from_utf8(text) {
                Ok(line) => each(line, out)?,
                Err(error) => bad_line(text, LineProblem::NotUtf8(error), out)?,
            }
        };
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
fn print_url(url: &str, dialect: Dialect, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let report = ParseReport::with_dialect(url, dialect);
    if json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        match report.result() {
            Ok(parsed) => print_tree(url, &serde_json::to_vec(parsed)?, out)?,
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
    let (input, message, offset) = problem.describe(line);
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

/// Prints one URL reference at one encoding level (its prefix and fragment as written);
/// returns whether it was valid. The input is read once: a JSON object has either
/// `normalized` or, in the parse report, `error`.
fn print_normalized(url: &str, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let report = ParseReport::new(url);
    match (report.result(), json) {
        (Ok(reference), true) => writeln!(
            out,
            "{}",
            json!({"input": url, "valid": true, "normalized": reference.normalize().as_str()})
        )?,
        (Ok(reference), false) => writeln!(out, "{}", reference.normalize())?,
        (Err(_), true) => {
            // The parse report, which carries the error object.
            serde_json::to_writer(&mut *out, &report)?;
            writeln!(out)?;
        }
        (Err(error), false) => writeln!(out, "{url}\n{error}\n")?,
    }
    Ok(report.is_valid())
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
            // The input around the span, carets under it (bounded, however long the line).
            for line in warning.excerpt(url).lines() {
                writeln!(out, "    | {line}")?;
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

/// A `resolve` input line without its TAB, not UTF-8 or too long: reported, never
/// dropped.
fn print_resolve_line_error(
    line: &str,
    message: &str,
    mode: ResolveMode,
    json: bool,
    out: &mut impl Write,
) -> io::Result<bool> {
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

/// The components of a valid URL as an indented tree, one `name: value` per line, from
/// the URL's JSON object (each value printed as its JSON text: no value tree is built,
/// so a path of millions of segments costs its output, not tens of bytes per segment).
fn print_tree(url: &str, json: &[u8], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{url}")?;
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
