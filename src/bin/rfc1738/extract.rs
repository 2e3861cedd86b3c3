//! `rfc1738 extract`: the URLs of running text, from files or standard input.

use crate::lines::hint_if_terminal;
use crate::output::{shown, Out};
use crate::Status;
use rfc1738::{ExtractReport, Extractor, Found};
use std::io::{self, Write};

/// Prints the URLs found in each file (standard input without files, and for `-`),
/// reading each as a stream. A file that cannot be opened or read is reported on standard
/// error and the others are still read.
pub(crate) fn run_extract(
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
pub(crate) fn report_unreadable(name: &str, error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return Err(error);
    }
    eprintln!("rfc1738: {}: {error}", shown(name));
    Ok(())
}

/// Prints the URLs found in one stream.
pub(crate) fn extract_from(
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
pub(crate) fn print_found(file: &str, found: &Found<'_>, out: &mut impl Write) -> io::Result<()> {
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
