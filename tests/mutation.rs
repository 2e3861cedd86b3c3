//! Deterministic mutation testing, fast enough for CI: corpus inputs are cut, spliced and
//! sprinkled with the grammar's delimiters and multi-byte characters, then read in every
//! dialect and resolved in both modes. Properties, not just "no panic": a valid reference
//! re-displays to its input, an error points at a character boundary inside the input and
//! its caret, `expected` and message are true of the input (`crates/test-support/src/error_truth.rs`),
//! and resolution returns an absolute form or the error its input calls for.
//!
//! `RFC1738_MUTATIONS=<n>` runs n cases instead of the default and `RFC1738_MUTATION_SEED=<n>`
//! draws other cases (long runs belong to the fuzz targets, not to CI).

use rfc1738::Dialect;
use rfc1738::resolution::{ResolveError, ResolveMode};
use rfc1738_test_support::random::Random;

const PIECES: &[&str] = &[
    "/",
    "//",
    "///",
    ":",
    "#",
    "?",
    "@",
    ".",
    "..",
    "./",
    "../",
    "%",
    "%0",
    "%00",
    "%2F",
    "%09",
    ";",
    "=",
    "+",
    "&",
    "URL:",
    "url:",
    "é",
    "\u{1F600}",
    "\u{0}",
    " ",
    "\t",
    "\n",
    "a",
    "Z",
    "9",
    "gopher:",
    "http://",
    "ftp://",
    "news:",
    "mailto:",
    "wais://",
    "prospero://",
    "file://",
    "telnet://",
    ";type=a",
    ":21",
    "~",
    "*",
    "-",
    "_",
    "<",
    ">",
];

fn corpus_inputs() -> Vec<String> {
    rfc1738_test_support::corpus::inputs().into_iter().collect()
}

fn char_boundary_near(s: &str, mut at: usize) -> usize {
    at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn mutate(mix: &mut Random, inputs: &[String]) -> String {
    let mut text = inputs[mix.below(inputs.len())].clone();
    for _ in 0..=mix.below(3) {
        let at = char_boundary_near(&text, mix.below(text.len() + 1));
        match mix.below(4) {
            0 => text.insert_str(at, PIECES[mix.below(PIECES.len())]),
            1 => {
                let end = char_boundary_near(&text, at + mix.below(8));
                text.replace_range(at..end, "");
            }
            2 => {
                let other = &inputs[mix.below(inputs.len())];
                let from = char_boundary_near(other, mix.below(other.len() + 1));
                text.truncate(at);
                text.push_str(&other[from..]);
            }
            _ => {
                let end = char_boundary_near(&text, at + mix.below(4));
                text.replace_range(at..end, PIECES[mix.below(PIECES.len())]);
            }
        }
    }
    text
}

/// `RFC1738_MUTATION_SEED=<n>` varies the cases (the default seed keeps CI reproducible).
fn seed(salt: u64) -> Random {
    let seed: u64 = std::env::var("RFC1738_MUTATION_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Random(seed.wrapping_mul(0x1_0000_0001) ^ salt)
}

fn iterations() -> usize {
    std::env::var("RFC1738_MUTATIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6_000)
}

#[test]
fn mutated_inputs_round_trip_or_fail_at_a_character_boundary() {
    let inputs = corpus_inputs();
    let mut mix = seed(1738);
    let mut untrue = Vec::new();
    for _ in 0..iterations() {
        let input = mutate(&mut mix, &inputs);
        for dialect in Dialect::ALL {
            match rfc1738::parse_reference(&input, dialect) {
                Ok(reference) => {
                    assert_eq!(reference.to_string(), input, "{dialect}");
                    assert_eq!(reference.clone().into_owned().to_string(), input);
                    for warning in rfc1738::lint::lint(&input, dialect).warnings() {
                        let span = warning.span();
                        assert!(
                            span.start <= span.end && span.end <= input.len(),
                            "{input:?}"
                        );
                    }
                    let normal = reference.url().normalize();
                    assert_eq!(normal.kind(), reference.url().kind(), "{input:?}");
                    assert_eq!(normal.normalize().as_str(), normal.as_str(), "{input:?}");
                    // The reference, read back: the same prefix, fragment and level.
                    let whole = reference.normalize();
                    // (By RFC 1738 where the dialect does not read the normal form.)
                    let again = rfc1738::parse_reference(whole.as_str(), dialect)
                        .or_else(|_| rfc1738::parse_reference(whole.as_str(), Dialect::Rfc1738))
                        .unwrap_or_else(|e| panic!("{input:?} -> {whole}: {e}"));
                    assert_eq!(again.is_prefixed(), reference.is_prefixed(), "{input:?}");
                    assert_eq!(again.normalize().as_str(), whole.as_str(), "{input:?}");
                }
                Err(error) => {
                    assert!(
                        error.offset() <= input.len(),
                        "{input:?} {dialect}: {error}"
                    );
                    assert!(
                        input.is_char_boundary(error.offset()),
                        "{input:?} {dialect}: {error}"
                    );
                    let rendered = error.render();
                    assert!(
                        rendered.starts_with(&format!(
                            "error: {}",
                            rfc1738::escape_controls(&error.message())
                        )),
                        "{rendered}"
                    );
                    let line = error.to_string();
                    assert!(
                        !line.contains('\n') && line.contains(" at line "),
                        "{line:?}"
                    );
                    for falsehood in
                        rfc1738_test_support::error_truth::falsehoods(&input, dialect, &error)
                    {
                        untrue.push(format!("{dialect} {input:?}: {falsehood}\n{error:#}"));
                    }
                }
            }
        }
        parse_agrees_with_the_reference_reading(&input);
    }
    assert!(
        untrue.is_empty(),
        "{} errors say what is not so:\n\n{}",
        untrue.len(),
        untrue.join("\n\n")
    );
}

/// `parse` is the RFC 1738 reading of the URL alone: where it accepts an input that has no
/// `URL:` prefix (`URL:` before `scheme ":"`, which the reference reading takes off;
/// `url:foo` is a URL of scheme `url` to both), the reference reading accepts too, with the
/// same URL.
fn parse_agrees_with_the_reference_reading(input: &str) {
    let prefixed = input
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
        && rfc1738::leading_scheme(&input[4..]).is_some();
    if prefixed {
        return;
    }
    if let Ok(url) = rfc1738::parse(input) {
        let reference = rfc1738::parse_reference(input, Dialect::Rfc1738)
            .unwrap_or_else(|e| panic!("{input:?}: parse accepts, parse_reference: {e}"));
        assert_eq!(reference.url(), &url, "{input:?}");
        assert_eq!(url.to_string(), input);
    }
}

#[test]
fn mutated_contexts_and_partials_resolve_or_give_a_named_error() {
    let inputs = corpus_inputs();
    let mut mix = seed(1630);
    for _ in 0..iterations() {
        let context = mutate(&mut mix, &inputs);
        let partial = if mix.below(2) == 0 {
            mutate(&mut mix, &inputs)
        } else {
            (0..mix.below(6))
                .map(|_| PIECES[mix.below(PIECES.len())])
                .collect()
        };
        for mode in [ResolveMode::Rfc1630, ResolveMode::Draft] {
            match rfc1738::resolution::resolve(&context, &partial, mode) {
                Ok(result) => {
                    if rfc1738::is_absolute(&partial) {
                        assert_eq!(result, partial);
                    } else {
                        assert!(
                            rfc1738::is_absolute(&result) || result.starts_with(':'),
                            "{context:?} + {partial:?} = {result:?}"
                        );
                    }
                }
                Err(ResolveError::ContextNotAbsolute(named)) => {
                    assert!(!rfc1738::is_absolute(&context), "{context:?} is absolute");
                    assert_eq!(named, context);
                }
                Err(ResolveError::NoPartialForms(scheme)) => {
                    assert_eq!(scheme, "gopher", "{context:?}");
                    let colon = context.find(':').unwrap();
                    assert!(context[..colon].eq_ignore_ascii_case("gopher"));
                }
                Err(other) => panic!("{context:?} + {partial:?}: {other}"),
            }
        }
    }
}

#[test]
fn mutated_contexts_and_partials_resolve_by_rfc1808_and_the_cern_library() {
    let inputs = corpus_inputs();
    let mut mix = seed(1808);
    for _ in 0..iterations() {
        let context = mutate(&mut mix, &inputs);
        let partial: String = if mix.below(2) == 0 {
            mutate(&mut mix, &inputs)
        } else {
            (0..mix.below(6))
                .map(|_| PIECES[mix.below(PIECES.len())])
                .collect()
        };
        // RFC 1808: a base without a scheme is the one refusal, of a reference that would
        // inherit it (section 4 step 2c); an empty base leaves the reference as written
        // (step 1), and a reference with a scheme (section 2.4.2) stands for itself.
        let scheme = |text: &str| {
            let text = text.split('#').next().unwrap_or_default();
            let len = text
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || b"+.-".contains(b))
                .count();
            len > 0 && text.as_bytes().get(len) == Some(&b':')
        };
        match rfc1738::resolution::resolve(&context, &partial, ResolveMode::Rfc1808) {
            Ok(result) => {
                assert!(
                    scheme(&context)
                        || context.is_empty()
                        || partial.is_empty()
                        || scheme(&partial),
                    "{context:?} + {partial:?}: no scheme to inherit"
                );
                if context.is_empty() || scheme(&partial) {
                    assert_eq!(result, partial);
                }
                assert!(result.len() <= context.len() + partial.len() + 5);
            }
            Err(ResolveError::ContextWithoutScheme(named)) => {
                assert!(!scheme(&context), "{context:?} has a scheme");
                assert!(!context.is_empty() && !partial.is_empty() && !scheme(&partial));
                assert_eq!(named, context);
            }
            Err(other) => panic!("{context:?} + {partial:?}: {other}"),
        }
        // The CERN library refuses nothing.
        let result = rfc1738::resolution::resolve(&context, &partial, ResolveMode::Cern)
            .unwrap_or_else(|e| panic!("{context:?} + {partial:?}: {e}"));
        assert!(
            result.len() <= context.len() + partial.len() + 5,
            "{context:?} + {partial:?} = {result:?}"
        );
    }
}
