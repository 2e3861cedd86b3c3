//! `rfc1738 extract`: the URLs of running text, from files or standard input.

use crate::archives::{in_record, record_label, Archives, Command};
use crate::output::{shown, Out, Select};
use crate::status::Status;
use rfc1738::extraction::{Extractor, Found};
use rfc1738::reports::{ExtractReport, InRecord};
use rfc1738_words::{bytes_below, equal_bytes, first_where};
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
    // The file as each line begins with it: shown (text), or as a JSON string.
    let mut label = Vec::new();
    match json {
        true => json_string(&mut label, file.unwrap_or("-")),
        false => label.extend_from_slice(shown(file.unwrap_or("-")).as_bytes()),
    }
    let mut line = Vec::with_capacity(512);
    while let Some(found) = reader.next_borrowed() {
        let found = found?;
        if !select.shows(found.is_valid()) {
            continue;
        }
        line.clear();
        if json {
            write_json(&mut line, &label, file, &found)?;
        } else {
            write_found(&mut line, &label, &found);
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

/// One URL found as a line of JSON, [`ExtractReport`]'s, byte for byte as serde_json
/// writes it: a valid URL found in UTF-8 text (nearly all) written here, the others (their
/// error, their bytes in hex) by serde_json. `label` is the file as a JSON string.
fn write_json(
    line: &mut Vec<u8>,
    label: &[u8],
    file: Option<&str>,
    found: &Found<'_>,
) -> io::Result<()> {
    let Some(kind) = found.kind().filter(|_| found.found_bytes().is_none()) else {
        serde_json::to_writer(&mut *line, &ExtractReport::new(file, found))?;
        line.push(b'\n');
        return Ok(());
    };
    line.extend_from_slice(b"{\"file\":");
    line.extend_from_slice(label);
    line.extend_from_slice(b",\"start\":");
    push_number(line, found.start());
    line.extend_from_slice(b",\"end\":");
    push_number(line, found.end());
    line.extend_from_slice(b",\"line\":");
    push_number(line, found.line());
    line.extend_from_slice(b",\"column\":");
    push_number(line, found.column());
    line.extend_from_slice(b",\"char_start\":");
    push_number(line, found.char_start());
    line.extend_from_slice(b",\"char_end\":");
    push_number(line, found.char_end());
    line.extend_from_slice(b",\"char_column\":");
    push_number(line, found.char_column());
    line.extend_from_slice(b",\"found\":");
    json_string(line, found.found());
    line.extend_from_slice(b",\"url\":");
    json_string(line, found.url());
    line.extend_from_slice(b",\"wrapper\":\"");
    line.extend_from_slice(found.wrapper().name().as_bytes());
    line.extend_from_slice(b"\",\"prefixed\":");
    push_bool(line, found.is_prefixed());
    line.extend_from_slice(b",\"hyphen_break\":");
    push_bool(line, found.hyphen_break());
    if let Some(alternative) = found.alternative() {
        line.extend_from_slice(b",\"alternative\":");
        json_string(line, alternative);
        line.extend_from_slice(b",\"alternative_valid\":");
        push_bool(line, found.alternative_valid() == Some(true));
    }
    line.extend_from_slice(b",\"valid\":true,\"kind\":\"");
    line.extend_from_slice(kind.name().as_bytes());
    line.extend_from_slice(b"\"}\n");
    Ok(())
}

/// `number` in decimal.
fn push_number(line: &mut Vec<u8>, number: u64) {
    line.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
}

fn push_bool(line: &mut Vec<u8>, value: bool) {
    line.extend_from_slice(if value { b"true" } else { b"false" });
}

/// `text` as a JSON string, escaped as serde_json escapes it: `"` and `\` with a
/// backslash, the control characters below 0x20 as `\b`, `\t`, `\n`, `\f`, `\r` or
/// `\u00xx` (lower-case hex), every other character as it is.
fn json_string(line: &mut Vec<u8>, text: &str) {
    line.push(b'"');
    let bytes = text.as_bytes();
    // Most text needs no escape: found eight bytes at a time.
    let plain = plain_len(bytes);
    line.extend_from_slice(&bytes[..plain]);
    let mut from = plain;
    for (at, &byte) in bytes.iter().enumerate().skip(plain) {
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x00..=0x1f => b"",
            _ => continue,
        };
        line.extend_from_slice(&bytes[from..at]);
        from = at + 1;
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            line.extend_from_slice(b"\\u00");
            line.push(HEX[usize::from(byte >> 4)]);
            line.push(HEX[usize::from(byte & 0xf)]);
        } else {
            line.extend_from_slice(escape);
        }
    }
    line.extend_from_slice(&bytes[from..]);
    line.push(b'"');
}

/// How many bytes at the start of `bytes` a JSON string holds as they are: up to the
/// first below 0x20, `"` or `\`, eight bytes at a time.
fn plain_len(bytes: &[u8]) -> usize {
    first_where(
        bytes,
        |word| bytes_below(word, 0x20) | equal_bytes(word, b'"') | equal_bytes(word, b'\\'),
        |b| b < 0x20 || b == b'"' || b == b'\\',
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts with every shape of finding: valid and invalid, wrapped across lines, with a
    /// hyphen at a line break, control characters, quotes and backslashes, bytes that are
    /// not UTF-8, characters of every length.
    const TEXTS: &[&[u8]] = &[
        b"see http://h/a and <URL:ftp://h/a|b> and http://h:99999/\n",
        b"<URL:ftp://ds.internic.net/internet-\n   drafts/x.txt> news:comp.x \"quoted\"",
        "caf\u{e9} http://h/\u{e9}\u{1f600} <http://h/a\\b> telnet://u@h/\t".as_bytes(),
        b"<URL:http://h/\x01x> http://h/\x7f http://h/\xc2\x85 <URL:http://h/\xff>",
        b"http://h/a-\r\n b mailto:a@b <URL:\x0c\x08http://h/> file://h/\"x\"\\y",
    ];

    #[test]
    fn json_is_serde_jsons_byte_for_byte() {
        for text in TEXTS {
            for file in [None, Some("a \"b\"\\c\td\u{1}\u{e9}.txt")] {
                let mut label = Vec::new();
                json_string(&mut label, file.unwrap_or("-"));
                for found in Extractor::new().extract_reader(*text) {
                    let found = found.unwrap();
                    let mut line = Vec::new();
                    write_json(&mut line, &label, file, &found).unwrap();
                    let mut expected =
                        serde_json::to_vec(&ExtractReport::new(file, &found)).unwrap();
                    expected.push(b'\n');
                    assert_eq!(
                        String::from_utf8_lossy(&line),
                        String::from_utf8_lossy(&expected)
                    );
                }
            }
        }
        for byte in 0..=0x7f_u8 {
            let text = format!("a{}b", char::from(byte));
            let mut line = Vec::new();
            json_string(&mut line, &text);
            assert_eq!(line, serde_json::to_vec(&text).unwrap(), "{byte:#x}");
        }
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for number in [0, 1, 9, 10, 99, 100, 12345, u64::from(u32::MAX), u64::MAX] {
            let mut line = Vec::new();
            push_number(&mut line, number);
            assert_eq!(line, number.to_string().as_bytes());
        }
    }
}
