//! `resolve` in both modes: context and partial form split at the first NUL or TAB. An
//! absolute partial form stands for itself; any other result keeps the context's scheme.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::ResolveMode;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (context, partial) = text.split_once(['\0', '\t']).unwrap_or((text, ""));
    for mode in [ResolveMode::Rfc1630, ResolveMode::Draft] {
        let Ok(result) = rfc1738::resolve(context, partial, mode) else {
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
});
