//! The record reader of web archives (`rfc1738_archive`): any bytes as an ARC or WARC file,
//! plain or gzip'd, with a small `--max-record`. No panic; every document and the bodies
//! handed on are within the limit; the same items whether the file arrives whole or in
//! pieces; the reading always ends (every record read, skipped or reported); warnings are
//! warnings and problems are not; and no bad record takes a good one after it: a record
//! written after the bytes and more line ends than any record may be long is always read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738_archive::{sniff, ArchiveReader, Detected, Format, Item};
use std::io::Read;

use rfc1738_test_support::pieces::Pieces;

const MAX_RECORD: u64 = 4096;

fn items(input: impl Read, detected: Detected) -> Vec<String> {
    let mut items = Vec::new();
    ArchiveReader::new()
        .max_record(MAX_RECORD)
        .read(input, detected, &mut |item| {
            items.push(match item {
                Item::Document(d) => {
                    assert!(d.body.len() as u64 <= MAX_RECORD);
                    assert!(d.record.length <= MAX_RECORD);
                    format!("doc {:?} {:?} {:?}", d.record, d.media_type, d.body)
                }
                Item::Skipped(r) => format!("skip {r:?}"),
                Item::Problem(p) => {
                    assert!(!p.to_string().is_empty());
                    assert!(!p.kind.is_warning(), "{p:?}");
                    format!("problem {p:?}")
                }
                Item::Warning(w) => {
                    assert!(w.kind.is_warning(), "{w:?}");
                    format!("warning {w:?}")
                }
            });
            Ok(())
        })
        .expect("reading from memory never fails");
    items
}

/// A good record of `format`, of the URL `http://sentinel.test/`.
fn sentinel(format: Format) -> Vec<u8> {
    let page = "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    match format {
        Format::Warc => format!(
            "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://sentinel.test/\r\n\
             Content-Length: {}\r\n\r\n{page}\r\n\r\n",
            page.len()
        ),
        Format::Arc => format!(
            "http://sentinel.test/ 192.0.2.1 19960923142103 text/html {}\n{page}\n",
            page.len()
        ),
    }
    .into_bytes()
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, file)) = data.split_first() else {
        return;
    };
    let format = [Format::Warc, Format::Arc][usize::from(first & 1)];
    let gzip = first & 2 != 0;
    let file: Vec<u8> = if gzip {
        // The bytes as gzip members: the reader's own input, compressed, so that records
        // inside members are reached (and the raw bytes too, as corrupt members).
        use flate2::write::GzEncoder;
        use std::io::Write;
        let mut encoder = GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(file).unwrap();
        let mut member = encoder.finish().unwrap();
        if first & 4 != 0 {
            // Cut the member, and let the raw bytes follow: a truncated member.
            member.truncate(member.len() / 2);
            member.extend_from_slice(file);
        }
        member
    } else {
        file.to_vec()
    };
    let detected = Detected { format, gzip };
    if !gzip {
        // Resynchronization: whatever the bytes say of lengths (a length no larger than the
        // limit cannot reach past the line ends; a larger one is not trusted), the record
        // after them is read.
        let mut resync = file.clone();
        resync.extend_from_slice(&b"\r\n".repeat(MAX_RECORD as usize / 2 + 64));
        resync.extend_from_slice(&sentinel(format));
        let read = items(&resync[..], detected);
        let last = read.last().expect("the sentinel");
        assert!(
            last.starts_with("doc ") && last.contains("http://sentinel.test/"),
            "the record after the bytes was not read: {read:?}"
        );
    }
    let whole = items(&file[..], detected);
    let piece = usize::from(first >> 3) % 13 + 1;
    assert_eq!(whole, items(Pieces(&file, piece), detected));
    // Detection hands the stream back whole.
    let (_, mut peeked) = sniff(Pieces(&file, piece), None).unwrap();
    let mut again = Vec::new();
    peeked.read_to_end(&mut again).unwrap();
    assert_eq!(again, file);
});
