//! `encode` by every character set and `percent_decode`: encoding then decoding gives the
//! octets back; encoded text holds only the set's characters and escapes; decoding any
//! text never fails.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::encoding::{charset, encode, percent_decode};
use rfc1738::Escaped;

const SETS: [rfc1738::encoding::CharSet; 10] = [
    charset::UCHAR,
    charset::XCHAR,
    charset::USER,
    charset::HSEGMENT,
    charset::SEARCH,
    charset::FSEGMENT,
    charset::SELECTOR,
    charset::UNIQUE,
    charset::PSEGMENT,
    charset::FIELD,
];

fuzz_target!(|data: &[u8]| {
    for set in &SETS {
        let encoded = encode(data, set);
        assert_eq!(percent_decode(&encoded).as_ref(), data);
        let bytes = encoded.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                assert!(bytes[i + 1].is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit());
                i += 3;
            } else {
                assert!(set.contains(bytes[i]), "{:?} in {set:?}", bytes[i] as char);
                i += 1;
            }
        }
    }
    let text = String::from_utf8_lossy(data);
    let escaped = Escaped::new(&text);
    let _ = escaped.decode_utf8_lossy();
    let _ = escaped.search_words().count();
});
