//! Web archive files made in the tests: WARC records of every kind, gzip members, files
//! with the offset of each record, and one crawl of every kind of record. Used by the
//! archive reader's tests (`crates/archive`) and the command's (`crates/cli`).

use flate2::write::GzEncoder;
use flate2::Compression;
use std::io::Write;

/// A WARC record with the given block (its Content-Length the block's length).
pub fn warc(kind: &str, uri: &str, content_type: &str, block: &[u8]) -> Vec<u8> {
    warc_lying(kind, uri, content_type, block, block.len())
}

/// A WARC record whose Content-Length is `length`, whatever its block.
pub fn warc_lying(
    kind: &str,
    uri: &str,
    content_type: &str,
    block: &[u8],
    length: usize,
) -> Vec<u8> {
    let mut record = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{kind}>\r\n\
         WARC-Target-URI: {uri}\r\nWARC-Date: 2008-04-30T20:48:25Z\r\n\
         Content-Type: {content_type}\r\nContent-Length: {length}\r\n\r\n"
    )
    .into_bytes();
    record.extend_from_slice(block);
    record.extend_from_slice(b"\r\n\r\n");
    record
}

/// The content type of a WARC response record holding an HTTP response.
pub const HTTP: &str = "application/http; msgtype=response";

/// A WARC response record: an HTTP response with `headers` and `body`.
pub fn response(uri: &str, headers: &str, body: &[u8]) -> Vec<u8> {
    let mut block = format!("HTTP/1.1 200 OK\r\n{headers}\r\n").into_bytes();
    block.extend_from_slice(body);
    warc("response", uri, HTTP, &block)
}

/// A WARC response record of an HTML page in ISO 8859-1.
pub fn html(uri: &str, body: &str) -> Vec<u8> {
    response(
        uri,
        "Content-Type: text/html; charset=iso-8859-1\r\n",
        body.as_bytes(),
    )
}

/// Where a WARC record's header ends (its block starts).
pub fn header_end(record: &[u8]) -> u64 {
    record.windows(4).position(|w| w == b"\r\n\r\n").unwrap() as u64 + 4
}

/// Where an ARC record's header line ends.
pub fn line_end(record: &[u8]) -> u64 {
    record.iter().position(|&b| b == b'\n').unwrap() as u64 + 1
}

/// `bytes` as one gzip member.
pub fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// The records concatenated, and the offset of each.
pub fn file(records: &[Vec<u8>]) -> (Vec<u8>, Vec<u64>) {
    let mut bytes = Vec::new();
    let mut offsets = Vec::new();
    for record in records {
        offsets.push(bytes.len() as u64);
        bytes.extend_from_slice(record);
    }
    (bytes, offsets)
}

/// A crawl of every kind of record.
pub fn crawl() -> Vec<Vec<u8>> {
    vec![
        warc(
            "warcinfo",
            "",
            "application/warc-fields",
            b"software: test\r\n",
        ),
        warc(
            "request",
            "http://info.cern.ch/",
            "application/http; msgtype=request",
            b"GET / HTTP/1.0\r\n\r\n",
        ),
        html("http://info.cern.ch/", "<A HREF=a.html>a</A>"),
        warc(
            "revisit",
            "http://info.cern.ch/",
            HTTP,
            b"HTTP/1.1 200 OK\r\n\r\n",
        ),
        warc(
            "metadata",
            "http://info.cern.ch/",
            "application/warc-fields",
            b"via: x\r\n",
        ),
        response(
            "http://h/n.txt",
            "Content-Type: text/plain\r\n",
            b"see http://h/",
        ),
        warc(
            "resource",
            "file:///p.html",
            "text/html",
            b"<a href=x>x</a>",
        ),
    ]
}
