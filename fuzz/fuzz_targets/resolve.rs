//! `resolve` in every mode: context and partial form split at the first NUL or TAB. By RFC
//! 1630, an absolute partial form stands for itself and any other result keeps the
//! context's scheme; by RFC 1808, the CERN library, RFC 2396 and RFC 3986, nothing panics
//! and the result is never much longer than context and partial form together; by the
//! WHATWG URL Standard (which escapes), nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::resolution::ResolveMode;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (context, partial) = text.split_once(['\0', '\t']).unwrap_or((text, ""));
    for mode in [ResolveMode::Rfc1630, ResolveMode::Draft] {
        let Ok(result) = rfc1738::resolution::resolve(context, partial, mode) else {
            continue;
        };
        if rfc1738::is_absolute(partial) {
            assert_eq!(result, partial);
        } else {
            let scheme = &context[..context.find(':').unwrap()];
            assert!(
                result.starts_with(scheme),
                "{context:?} + {partial:?} = {result:?}"
            );
            // Resolution never grows beyond context and partial form together.
            assert!(result.len() <= context.len() + partial.len() + 1);
        }
    }
    for mode in [
        ResolveMode::Rfc1808,
        ResolveMode::Cern,
        ResolveMode::Rfc2396,
        ResolveMode::Rfc3986,
    ] {
        if let Ok(result) = rfc1738::resolution::resolve(context, partial, mode) {
            // At most the separators a join adds: ":", "//", "/", "#".
            assert!(
                result.len() <= context.len() + partial.len() + 5,
                "{mode}: {context:?} + {partial:?} = {result:?}"
            );
        }
    }
    let _ = rfc1738::resolution::resolve(context, partial, ResolveMode::Whatwg);
    let _ = rfc1738::resolution::whatwg_violations(context, partial);
});
