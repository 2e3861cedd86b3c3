//! `parse_reference` in every dialect (`Dialect::ALL`): in RFC 1630, the draft and RFC 2396,
//! the compiled grammar and its pest parser agree (verdict, tree from `whole_uri`, RFC
//! 2396's `whole_reference`, and the reference's forms, and the lowered reference, a
//! rejection's error judged against pest's own reading; RFC 1738's own check is the
//! `parse` and `reference` targets); a valid
//! reference re-displays to its input, and its components (`Url::components`) come in the
//! order of the text, apart, each the text of its span; an error points inside the input,
//! at a character boundary.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::Dialect;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for dialect in Dialect::ALL {
        if dialect != Dialect::Rfc1738 {
            if let Err(disagreement) =
                rfc1738_judge::fuzzing::dialect_fast_and_pest_agree(dialect, input)
            {
                panic!("{dialect}: {disagreement}");
            }
        }
        match rfc1738::parse_reference(input, dialect) {
            Ok(reference) => {
                assert_eq!(reference.to_string(), input);
                assert_eq!(reference.clone().into_owned().to_string(), input);
                let url = reference.url();
                let mut at = 0;
                for component in url.components() {
                    let span = component.span();
                    assert!(span.start >= at && span.end <= url.as_str().len());
                    assert_eq!(&url.as_str()[span.clone()], component.as_str());
                    at = span.end;
                }
            }
            Err(error) => {
                assert!(error.offset() <= input.len());
                assert!(input.is_char_boundary(error.offset()));
            }
        }
    }
});
