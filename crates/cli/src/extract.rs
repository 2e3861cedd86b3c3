//! `rfc1738 extract`: the URLs of running text, from files or standard input.

use crate::archives::{in_record, record_label, Archives, Command};
use crate::output::{shown, Out, Select};
use crate::status::Status;
use rfc1738::extraction::{Extractor, Found};
use rfc1738::reports::{ExtractReport, InRecord};
use std::io::{self, Write};

/// Prints the URLs found in each file (standard input without files, and for `-`) that
/// `select` shows, reading each as a stream. A file that cannot be opened or read is
/// reported on standard error and the others are still read. An ARC or WARC file is read
/// record by record: the URLs of each text record; a record that cannot be read makes the
/// status `Unreadable`.
pub(crate) fn run_extract(
    extractor: Extractor,
    archives: Archives,
    files: &[std::path::PathBuf],
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<Status> {
    let command = Command {
        mode: "extract",
        reads: "text",
        documents: "texts",
        found: "URLs found",
        wanted: |media_type| media_type.is_some_and(|t| t.starts_with("text/")),
        json,
    };
    archives.run(
        &command,
        files,
        select,
        out,
        |input, file, select, out| extract_from(extractor, input, file, json, select, out),
        |document, file, select, out| {
            let record = in_record(document.record);
            extract_record(extractor, document.body, file, record, json, select, out)
        },
    )
}

/// Prints the URLs found in the text of one record.
fn extract_record(
    extractor: Extractor,
    text: &[u8],
    file: &str,
    record: InRecord<'_>,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<()> {
    let mut reader = extractor.extract_reader(text);
    let label = shown(&record_label(file, &record)).into_owned();
    let mut line = Vec::with_capacity(512);
    while let Some(found) = reader.next_borrowed() {
        let found = found?;
        if !select.shows(found.is_valid()) {
            continue;
        }
        line.clear();
        if json {
            let report = ExtractReport::new(Some(file), &found).in_record(record);
            serde_json::to_writer(&mut line, &report)?;
            line.push(b'\n');
        } else {
            write_found(&mut line, label.as_bytes(), &found);
        }
        out.write_all(&line)?;
        out.end_item()?;
    }
    Ok(())
}

/// Prints the URLs found in one stream. Each finding is read with its text borrowed from
/// the reader's buffer, and written into one line of bytes, then out.
fn extract_from(
    extractor: Extractor,
    input: impl io::Read,
    file: Option<&str>,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<()> {
    let mut reader = extractor.extract_reader(input);
    // The file as each text line begins with it.
    let label = shown(file.unwrap_or("-"));
    let mut line = Vec::with_capacity(512);
    while let Some(found) = reader.next_borrowed() {
        let found = found?;
        if !select.shows(found.is_valid()) {
            continue;
        }
        line.clear();
        if json {
            serde_json::to_writer(&mut line, &ExtractReport::new(file, &found))?;
            line.push(b'\n');
        } else {
            write_found(&mut line, label.as_bytes(), &found);
        }
        out.write_all(&line)?;
        out.end_item()?;
    }
    Ok(())
}

/// One URL found, as a line `file:line:column: wrapper url  (kind)` (or the error), and
/// the other reading when a hyphen at a line break makes two; `file` as shown.
fn write_found(line: &mut Vec<u8>, file: &[u8], found: &Found<'_>) {
    line.extend_from_slice(file);
    line.push(b':');
    push_number(line, found.line());
    line.push(b':');
    push_number(line, found.column());
    line.extend_from_slice(b": ");
    line.extend_from_slice(found.wrapper().name().as_bytes());
    line.push(b' ');
    line.extend_from_slice(shown(found.url()).as_bytes());
    line.extend_from_slice(b"  (");
    match (found.kind(), found.error()) {
        (Some(kind), _) => {
            line.extend_from_slice(b"valid ");
            line.extend_from_slice(kind.name().as_bytes());
        }
        (None, Some(error)) => {
            let verdict = format!("invalid: {}", error.message());
            line.extend_from_slice(shown(&verdict).as_bytes());
        }
        (None, None) => line.extend_from_slice(b"invalid"),
    }
    line.extend_from_slice(b")\n");
    if let Some(alternative) = found.alternative() {
        line.extend_from_slice(b"    hyphen at a line break; without it: ");
        line.extend_from_slice(shown(alternative).as_bytes());
        line.push(b'\n');
    }
}

/// `number` in decimal.
fn push_number(line: &mut Vec<u8>, number: u64) {
    line.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_decimal() {
        for number in [0, 1, 9, 10, 99, 100, 12345, u64::from(u32::MAX), u64::MAX] {
            let mut line = Vec::new();
            push_number(&mut line, number);
            assert_eq!(line, number.to_string().as_bytes());
        }
    }
}
