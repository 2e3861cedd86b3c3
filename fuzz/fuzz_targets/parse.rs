//! `parse` (RFC 1738): the fast path and pest agree; a rejection's error is judged against
//! pest's own reading (where it got furthest, what it expected there); a valid URL
//! re-displays to its input; an error points inside the input, at a character boundary.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(disagreement) = rfc1738_judge::fuzzing::fast_and_pest_agree(input) {
        panic!("{disagreement}");
    }
    match rfc1738::parse(input) {
        Ok(url) => {
            assert_eq!(url.to_string(), input);
            assert_eq!(url.clone().into_owned(), url);
        }
        Err(error) => {
            assert!(error.offset() <= input.len());
            assert!(input.is_char_boundary(error.offset()));
            assert!(!error.to_string().is_empty());
        }
    }
});
