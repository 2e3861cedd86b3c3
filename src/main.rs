//! `rfc1738`: parse URLs by RFC 1738 from the command line.
//!
//! ```text
//! rfc1738 parse [--json] [URL ...]
//! ```
//!
//! Without URL arguments, reads one URL per line from standard input (a line's CR LF or LF
//! ending is not part of it). Exit status: 0 when every input is valid, 1 when any is
//! invalid, 2 on a usage error.

use clap::{Parser, Subcommand};
use rfc1738::{ParseReport, UrlKind};
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
        /// Print one JSON object per input line (the corpus format) instead of a tree.
        #[arg(long)]
        json: bool,
        /// The URLs to parse; without any, one URL per line is read from standard input.
        urls: Vec<String>,
    },
}

fn main() -> ExitCode {
    let Command::Parse { json, urls } = Cli::parse().command;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = if urls.is_empty() {
        parse_lines(io::stdin().lock(), json, &mut out)
    } else {
        urls.iter().try_fold(true, |all_valid, url| {
            Ok(print_url(url, json, &mut out)? && all_valid)
        })
    };
    match result.and_then(|all_valid| out.flush().map(|()| all_valid)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A closed pipe (`rfc1738 parse ... | head`) is not an error of ours.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("rfc1738: {error}");
            ExitCode::from(2)
        }
    }
}

/// Parses each line of `input`; returns whether all were valid.
fn parse_lines(mut input: impl BufRead, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let mut all_valid = true;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(all_valid);
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let valid = match std::str::from_utf8(text) {
            Ok(url) => print_url(url, json, out)?,
            Err(error) => print_not_utf8(text, error, json, out)?,
        };
        all_valid &= valid;
    }
}

/// Prints the report of one URL; returns whether it was valid.
fn print_url(url: &str, json: bool, out: &mut impl Write) -> io::Result<bool> {
    let report = ParseReport::new(url);
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

/// A line that is not UTF-8 cannot be a URL: reported as invalid, never dropped.
fn print_not_utf8(
    line: &[u8],
    error: std::str::Utf8Error,
    json: bool,
    out: &mut impl Write,
) -> io::Result<bool> {
    let input = String::from_utf8_lossy(line);
    let message = "input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)";
    // The valid prefix still shows which scheme the line meant.
    let prefix = std::str::from_utf8(&line[..error.valid_up_to()]).unwrap_or_default();
    let scheme = rfc1738::leading_scheme(prefix).map(str::to_ascii_lowercase);
    let kind = scheme.as_deref().map(|s| UrlKind::from_scheme(s).name());
    if json {
        let report = json!({
            "input": input,
            "valid": false,
            "kind": kind,
            "scheme": scheme,
            "error": {"offset": error.valid_up_to(), "expected": [], "message": message},
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(
            out,
            "{input}\nerror: {message} (byte {})\n",
            error.valid_up_to()
        )?;
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
