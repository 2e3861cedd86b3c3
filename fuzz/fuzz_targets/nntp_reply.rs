//! NNTP status lines and dot-stuffed multi-line responses as a hostile server sends them
//! (`rfc1738_fetch::reply`). No panic; a status read has a code from 100 to 599; a
//! multi-line response decoded, stuffed again and ended by ".", decodes to the same text;
//! an HTTP/1.0 head (the other line protocol the client reads) never panics either, nor
//! does a chunk's size line, whose size written again in hexadecimal reads back the same.
//! A head the client's strict reading takes, the archive's lenient reading
//! (`rfc1738_http_head`) takes too, with the same code and the same body; a lenient reading
//! of anything never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738_fetch::reply::{
    decode_multiline, parse_chunk_size, parse_http_head, parse_nntp_status, status_line,
};
use rfc1738_http_head::{read_head, Manner};

fuzz_target!(|data: &[u8]| {
    if let Ok(status) = parse_nntp_status(data) {
        assert!((100..600).contains(&status.code));
    }
    if let Ok((text, taken)) = decode_multiline(data) {
        assert!(taken <= data.len());
        let mut wire = Vec::new();
        for line in text.split_inclusive(|&byte| byte == b'\n') {
            let line = line.strip_suffix(b"\n").expect("every line ends with LF");
            if line.starts_with(b".") {
                wire.push(b'.');
            }
            wire.extend_from_slice(line);
            wire.extend_from_slice(b"\r\n");
        }
        wire.extend_from_slice(b".\r\n");
        let (again, taken_again) = decode_multiline(&wire).expect("stuffed again, it decodes");
        assert_eq!((again, taken_again), (text, wire.len()));
    }
    if let Ok((head, body)) = parse_http_head(data) {
        assert!(body <= data.len());
        assert!((100..600).contains(&head.code));
        let _ = head.content_length();
        let _ = head.is_chunked();
        let _ = status_line(&head);
        let (stored, stored_body) = read_head(data, Manner::Lenient).expect("strict, so lenient");
        assert_eq!((stored.code, stored_body), (head.code, body));
    } else if let Ok((stored, body)) = read_head(data, Manner::Lenient) {
        assert!(body <= data.len() && stored.code < 1000);
    }
    if let Ok(size) = parse_chunk_size(data) {
        let again = format!("{size:x}\r\n");
        assert_eq!(parse_chunk_size(again.as_bytes()), Ok(size));
    }
});
