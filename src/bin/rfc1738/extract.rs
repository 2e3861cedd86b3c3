//! `rfc1738 extract`: the URLs of running text, from files or standard input.

use crate::lines::each_file;
use crate::output::{shown, Out, Select};
use crate::Status;
use rfc1738::{ExtractReport, Extractor, Found};
use std::io::{self, Write};

/// Prints the URLs found in each file (standard input without files, and for `-`) that
/// `select` shows, reading each as a stream. A file that cannot be opened or read is
/// reported on standard error and the others are still read.
pub(crate) fn run_extract(
    extractor: Extractor,
    files: &[std::path::PathBuf],
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<Status> {
    let status = each_file("extract", "text", files, out, |input, file, out| {
        extract_from(extractor, input, file, json, select, out)
    })?;
    select.finish(out, "extract", "URLs found")?;
    Ok(status)
}

/// Prints the URLs found in one stream.
fn extract_from(
    extractor: Extractor,
    input: impl io::Read,
    file: Option<&str>,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<()> {
    for found in extractor.extract_reader(input) {
        let found = found?;
        if !select.shows(found.is_valid()) {
            continue;
        }
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
        shown_fast(file),
        found.line(),
        found.column(),
        found.wrapper(),
        shown_fast(found.url()),
        shown_fast(&verdict)
    )?;
    if let Some(alternative) = found.alternative() {
        writeln!(
            out,
            "    hyphen at a line break; without it: {}",
            shown_fast(alternative)
        )?;
    }
    Ok(())
}

/// [`shown`], with text that holds no control character let through after a look at its
/// bytes (a control character is a byte below 0x20, 0x7f, or a C1 control, which UTF-8
/// writes 0xC2 0x80-0x9F): most URLs, read without decoding their characters.
fn shown_fast(text: &str) -> std::borrow::Cow<'_, str> {
    if text.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xC2) {
        shown(text)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}
