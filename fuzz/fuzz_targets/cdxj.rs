//! The CDXJ indexer of web archives (`rfc1738_archive::cdxj`): any bytes as an ARC or WARC
//! file, plain or gzip'd, with a small `--max-record`, keyed in both styles of
//! `rfc1738_keys::index_key`. No panic; every line is `KEY TIMESTAMP JSON` with a key of
//! one line, 14 digits and a JSON object whose fields are the entry's (url, offset,
//! length, filename; mime, status, digest, key_style when they are given) in cdxj-indexer's
//! order; the lines of a plain file lie in it, in order, each after the one before; the
//! same lines, records left out and problems whether the file arrives whole or in pieces.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738_archive::cdxj::{Indexed, Indexer, UrlKey};
use rfc1738_archive::{ArchiveReader, Detected, Format};
use rfc1738_keys::{index_key, Style};
use std::io::Read;

use rfc1738_test_support::pieces::Pieces;

const MAX_RECORD: u64 = 4096;

/// What the indexer hands on, as text: the lines, the records left out, the problems.
fn index(input: impl Read, detected: Detected, style: Style) -> Vec<String> {
    let key = |url: &str| {
        let (key, made_in) = index_key(url, style);
        UrlKey {
            key,
            style: made_in.map(Style::name),
        }
    };
    let mut handed = Vec::new();
    Indexer::new(ArchiveReader::new().max_record(MAX_RECORD), &key)
        .index(input, detected, "f.warc", &mut |item| {
            handed.push(match item {
                Indexed::Entry(entry) => {
                    let line = entry.line();
                    check_line(&line, entry.offset, entry.length);
                    format!("line {line}")
                }
                Indexed::LeftOut(record) => format!("left out {record:?}"),
                Indexed::Problem(problem) => {
                    assert!(!problem.kind.is_warning(), "{problem:?}");
                    format!("problem {problem:?}")
                }
            });
            Ok(())
        })
        .expect("reading from memory never fails");
    handed
}

/// The offset and length a line gives.
fn place(line: &str) -> (u64, u64) {
    let json = &line[line.rfind(" {\"url\": ").unwrap() + 1..];
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let number = |field: &str| value[field].as_str().unwrap().parse::<u64>().unwrap();
    (number("offset"), number("length"))
}

/// A line of the index as cdxj-indexer writes it.
fn check_line(line: &str, offset: u64, length: u64) {
    assert!(!line.contains('\n'), "{line:?}");
    // The JSON object is the last part (a quote inside it is escaped, so the text that
    // starts it is found last); before it the timestamp, before that the key, which may
    // hold spaces (the URL itself where surt raises).
    let at = line
        .rfind(" {\"url\": ")
        .unwrap_or_else(|| panic!("no JSON in {line:?}"));
    let json = &line[at + 1..];
    let (key, timestamp) = line[..at]
        .rsplit_once(' ')
        .unwrap_or_else(|| panic!("no key and timestamp in {line:?}"));
    assert_eq!(timestamp.len(), 14, "{line:?}");
    assert!(!key.is_empty(), "{line:?}");
    assert!(timestamp.bytes().all(|b| b.is_ascii_digit()), "{line:?}");
    let value: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    let object = value.as_object().expect("a JSON object");
    let order = [
        "url",
        "mime",
        "status",
        "digest",
        "length",
        "offset",
        "filename",
        "key_style",
    ];
    let fields: Vec<&str> = object.keys().map(String::as_str).collect();
    let mut expected: Vec<&str> = order
        .iter()
        .copied()
        .filter(|f| object.contains_key(*f))
        .collect();
    expected.dedup();
    assert_eq!(fields, expected, "{line:?}");
    assert_eq!(object["offset"], offset.to_string(), "{line:?}");
    assert_eq!(object["length"], length.to_string(), "{line:?}");
    assert_eq!(object["filename"], "f.warc");
    assert!(
        json.is_ascii(),
        "json.dumps escapes every character past ASCII: {line:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, file)) = data.split_first() else {
        return;
    };
    let format = [Format::Warc, Format::Arc][usize::from(first & 1)];
    let gzip = first & 2 != 0;
    let style = [Style::Surt, Style::Rfc1738][usize::from(first >> 2 & 1)];
    let file: Vec<u8> = if gzip {
        use flate2::write::GzEncoder;
        use std::io::Write;
        let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(file).unwrap();
        encoder.finish().unwrap()
    } else {
        file.to_vec()
    };
    let detected = Detected { format, gzip };
    let whole = index(&file[..], detected, style);
    // The same whether the file arrives whole or in pieces.
    let piece = usize::from(first >> 3) % 13 + 1;
    assert_eq!(whole, index(Pieces(&file, piece), detected, style));
    // The lines of a plain file lie in it, in file order.
    if !gzip {
        let mut end = 0;
        for line in whole.iter().filter_map(|h| h.strip_prefix("line ")) {
            let (offset, length) = place(line);
            assert!(
                offset >= end && offset + length <= file.len() as u64,
                "{line:?} after {end}"
            );
            end = offset + length;
        }
    }
});
