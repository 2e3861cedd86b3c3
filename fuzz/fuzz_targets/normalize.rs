//! `normalize`: idempotent, keeps the kind, and the normal form is equivalent to the URL.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(url) = rfc1738::parse(input) else {
        return;
    };
    let normal = url.normalize();
    assert_eq!(normal.kind(), url.kind());
    assert_eq!(normal.normalize().as_str(), normal.as_str(), "{input:?}");
    assert!(url.equivalent(&normal));
    assert_eq!(rfc1738::equivalent(input, normal.as_str()), Ok(true));
});
