//! `normalize`: idempotent, keeps the kind, and the normal form is equivalent to the URL;
//! a reference's normal form (prefix and fragment as written) reads back as the same
//! reference at the same level.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::Dialect;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(url) = rfc1738::parse(input) {
        let normal = url.normalize();
        assert_eq!(normal.kind(), url.kind());
        assert_eq!(normal.normalize().as_str(), normal.as_str(), "{input:?}");
        assert!(url.equivalent(&normal));
    }
    let Ok(reference) = rfc1738::parse_reference(input, Dialect::Rfc1738) else {
        return;
    };
    let normal = rfc1738::normalize_reference(input).unwrap();
    assert_eq!(normal.url().kind(), reference.url().kind(), "{input:?}");
    let again = rfc1738::parse_reference(normal.as_str(), Dialect::Rfc1738).unwrap();
    assert_eq!(again.is_prefixed(), reference.is_prefixed(), "{input:?}");
    assert_eq!(again.fragment(), reference.fragment(), "{input:?}");
    assert_eq!(again.normalize().as_str(), normal.as_str(), "{input:?}");
    assert_eq!(
        rfc1738::equivalent(input, normal.as_str()),
        Ok(true),
        "{input:?}"
    );
});
