//! The fragment and prefix reader (RFC 1738's appendix): the compiled `whole_reference`
//! and pest's agree (verdict and tree), and `parse_reference` reads as its parts read, a
//! rejection's error judged against pest's own reading of the part it is in; a
//! reference re-displays to its input, its URL is what `parse` reads between the prefix
//! and the "#", and its fragment is the text after the first "#".
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::Dialect;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(disagreement) = rfc1738_judge::fuzzing::reference_fast_and_pest_agree(input) {
        panic!("{disagreement}");
    }
    let Ok(reference) = rfc1738::parse_reference(input, Dialect::Rfc1738) else {
        return;
    };
    assert_eq!(reference.to_string(), input);
    let unprefixed = if reference.is_prefixed() {
        &input[4..]
    } else {
        input
    };
    let (url, fragment) = match unprefixed.split_once('#') {
        Some((url, fragment)) => (url, Some(fragment)),
        None => (unprefixed, None),
    };
    assert_eq!(reference.fragment(), fragment);
    assert_eq!(rfc1738::parse(url).as_ref(), Ok(reference.url()));
});
