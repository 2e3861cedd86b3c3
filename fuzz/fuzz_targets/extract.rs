//! `extract` and `extract_reader`: each finding's span slices the text to what was found,
//! its URL holds no whitespace, and a stream read in small pieces finds the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::extraction::{Extractor, Found};

use rfc1738_test_support::pieces::Pieces;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let extractor = Extractor::new()
        .max_len(256 + usize::from(first))
        .line_numbers(first & 1 == 1);
    let from_str: Vec<Found<'static>> = extractor
        .extract(text)
        .inspect(|found| {
            assert_eq!(&text[found.span()], found.found());
            assert!(!found.url().contains([' ', '\t', '\n', '\r']));
        })
        .map(Found::into_owned)
        .collect();
    let piece = 1 + usize::from(first % 13);
    let from_stream: Vec<Found<'static>> = extractor
        .extract_reader(Pieces(rest, piece))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_stream, from_str);
});
