//! `keys`: a key in either style of any text without a panic; the scheme-aware key of a
//! valid URL is its normal form's key (two URLs the normalizer calls equivalent get one
//! key), and names its URL's scheme; two URLs of one key given as `A<TAB>B` that the
//! normalizer calls equivalent get one key.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738_keys::{key, url_key, Style};

fuzz_target!(|data: &[u8]| {
    let _ = rfc1738_keys::surt::surt_bytes(data);
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let _ = key(input, Style::Surt);
    if let Ok(url) = rfc1738::parse(input) {
        let keyed = url_key(&url);
        assert_eq!(url_key(&url.normalize()), keyed, "{input:?}");
        assert!(
            keyed.starts_with(&format!("{}:", url.scheme())),
            "{input:?}: {keyed}"
        );
        let _ = rfc1738_keys::merges(&url);
    }
    let _ = key(input, Style::Rfc1738);
    if let Some((a, b)) = input.split_once('\t') {
        if rfc1738::equivalent(a, b) == Ok(true) {
            assert_eq!(
                key(a, Style::Rfc1738).ok(),
                key(b, Style::Rfc1738).ok(),
                "{a:?} {b:?}"
            );
        }
    }
});
