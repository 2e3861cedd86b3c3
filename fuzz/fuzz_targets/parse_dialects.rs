//! `parse_reference` in the RFC 1630 and draft dialects: each dialect's compiled grammar and
//! its pest parser agree (verdict, tree from `whole_uri` and the reference's forms, and the
//! lowered reference); a valid reference re-displays to its input; an error points inside
//! the input, at a character boundary.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::Dialect;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for dialect in [Dialect::Rfc1630, Dialect::DraftWwwUri00] {
        if let Err(disagreement) = rfc1738::fuzzing::dialect_fast_and_pest_agree(dialect, input)
        {
            panic!("{dialect}: {disagreement}");
        }
        match rfc1738::parse_reference(input, dialect) {
            Ok(reference) => {
                assert_eq!(reference.to_string(), input);
                assert_eq!(reference.clone().into_owned().to_string(), input);
            }
            Err(error) => {
                assert!(error.offset() <= input.len());
                assert!(input.is_char_boundary(error.offset()));
            }
        }
    }
});
