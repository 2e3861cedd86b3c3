//! Relative references against bases with a network location, generated: every base of a
//! set of schemes, net_locs, paths, params, queries and fragments, against every
//! reference of up to four pieces (`g`, `.`, `..`, `;x`, `?y`, `#s`, `/`, and the empty
//! reference).
//!
//! RFC 1808 (sections 2.2 and 4): a reference without a net_loc of its own keeps the
//! base's, and what follows the net_loc in the result is empty or starts with `/`
//! (`net_path = "//" net_loc [ abs_path ]`, `abs_path = "/" rel_path`). The CERN library
//! (libwww 2.11's `HTParse`) keeps neither where its code puts a relative path straight
//! after the base's host: when the base has no path after its host (`http://a` + `g` =
//! `http://ag`), and when the host holds a `?` (`http://a?q/b` + `g` = `http://g`); it
//! keeps both everywhere else.

use rfc1738::resolution::{ResolveMode, resolve};

const SCHEMES: [&str; 3] = ["http", "ftp", "foo"];
/// Net_locs as section 2.4.3 takes them: up to the next `/`, so `a?q` and `a;p` are
/// net_locs; the empty one too (`http:///x`).
const NET_LOCS: [&str; 6] = ["a", "u@a:21", "a?q", "a;p", "a.b:80", ""];
const PATHS: [&str; 7] = ["", "/", "/b", "/b/", "/b/c/d", "/b//c", "/.."];
const PARAMS: [&str; 2] = ["", ";p"];
const QUERIES: [&str; 2] = ["", "?q"];
const FRAGMENTS: [&str; 2] = ["", "#f"];
/// The pieces references are made of.
const PIECES: [&str; 7] = ["g", ".", "..", ";x", "?y", "#s", "/"];

/// Every base: `scheme://net_loc` and the rest, with the net_loc it has by section 2.4
/// (the fragment taken off, then up to the next `/`: `http://a?q` has the net_loc `a?q`).
fn bases() -> Vec<(String, &'static str, String)> {
    let mut bases = Vec::new();
    for scheme in SCHEMES {
        for net_loc in NET_LOCS {
            for path in PATHS {
                for params in PARAMS {
                    for query in QUERIES {
                        for fragment in FRAGMENTS {
                            let base =
                                format!("{scheme}://{net_loc}{path}{params}{query}{fragment}");
                            let net_loc = net_loc_of(&base).to_owned();
                            bases.push((base, scheme, net_loc));
                        }
                    }
                }
            }
        }
    }
    bases
}

/// The net_loc of a base `scheme://...` by section 2.4: its fragment taken off, the text
/// after `//` up to the next `/`.
fn net_loc_of(base: &str) -> &str {
    let without_fragment = base.split('#').next().unwrap_or_default();
    let after = &without_fragment[without_fragment.find("//").expect("a net_loc") + 2..];
    after.split('/').next().unwrap_or_default()
}

/// Every reference of up to `max` pieces, the empty one first.
fn references(max: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|start| PIECES.iter().map(move |piece| format!("{start}{piece}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Whether `reference` has a net_loc of its own (section 2.4: after its fragment is taken
/// off, it starts with `//`; the pieces make no scheme). An empty one is inherited.
fn has_own_net_loc(reference: &str) -> bool {
    let without_fragment = reference.split('#').next().unwrap_or_default();
    without_fragment
        .strip_prefix("//")
        .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'))
}

/// What `result` fails of the property against a base `scheme://net_loc...`: `None` when
/// it starts with `scheme://net_loc` and what follows, up to its first `#`, is empty or
/// starts with `/` (so section 2.4.3 reads the same net_loc back).
fn violation(result: &str, scheme: &str, net_loc: &str) -> Option<String> {
    let head = format!("{scheme}://{net_loc}");
    let Some(rest) = result.strip_prefix(&head) else {
        return Some(format!("does not start with {head:?}"));
    };
    let rest = rest.split('#').next().unwrap_or_default();
    (!rest.is_empty() && !rest.starts_with('/'))
        .then(|| format!("{rest:?} follows the net_loc {net_loc:?} without a \"/\""))
}

#[test]
fn rfc1808_keeps_the_net_loc_and_starts_the_path_after_it_with_a_slash() {
    let references = references(4);
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for (base, scheme, net_loc) in bases() {
        for reference in references.iter().filter(|r| !has_own_net_loc(r)) {
            let result = resolve(&base, reference, ResolveMode::Rfc1808).unwrap();
            checked += 1;
            if let Some(why) = violation(&result, scheme, &net_loc) {
                failures.push(format!("{base:?} + {reference:?} = {result:?}: {why}"));
            }
        }
    }
    assert!(checked > 1_000_000, "{checked} resolutions");
    assert!(
        failures.is_empty(),
        "{} of {checked} fail, such as:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn rfc1808_resolves_against_an_empty_path_after_a_net_loc_as_against_a_slash() {
    // Section 2.2: the path after a net_loc is an abs_path; `http://a` and `http://a/`
    // differ in that one only, so a reference with a path gives the same result.
    for reference in references(4) {
        // Section 2.4: the fragment, a net_loc, the query and the params taken off.
        let rest = reference.split('#').next().unwrap_or_default();
        let rest = match rest.strip_prefix("//") {
            Some(after) => &after[after.find('/').unwrap_or(after.len())..],
            None => rest,
        };
        let path = rest.split('?').next().unwrap_or_default();
        let path = path.split(';').next().unwrap_or_default();
        if path.is_empty() || has_own_net_loc(&reference) {
            // Step 5 takes the base's path as it is ("" or "/"); step 3 the reference's
            // net_loc.
            continue;
        }
        for (bare, slash) in [
            ("http://a", "http://a/"),
            ("ftp://u@a:21", "ftp://u@a:21/"),
            ("http://a?q", "http://a?q/"),
            ("http://a;p", "http://a;p/"),
            ("http://a#f", "http://a/#f"),
        ] {
            assert_eq!(
                resolve(bare, &reference, ResolveMode::Rfc1808),
                resolve(slash, &reference, ResolveMode::Rfc1808),
                "{bare:?} and {slash:?} + {reference:?}"
            );
        }
    }
}

/// Whether the CERN library puts a relative path (`given.relative`, a reference that does
/// not start with `/` or `#`) straight after the base's host, as `HTParse` does in two
/// cases: the base has no path after its host (no `related.absolute`: "else the given
/// relative path as it is"), or its host holds a `?` (the base's file name is cut after
/// the last `/` before the first `?` of the whole string, which is then the second `/` of
/// `//`: `http://a?q/b` + `g` is `http://g`).
fn cern_puts_the_path_after_the_host(base: &str, reference: &str) -> bool {
    let without_fragment = base.split('#').next().unwrap_or_default();
    let after_slashes = &without_fragment[without_fragment.find("//").map_or(0, |at| at + 2)..];
    let (host, path) = match after_slashes.split_once('/') {
        Some((host, _)) => (host, true),
        None => (after_slashes, false),
    };
    let reference = reference.split('#').next().unwrap_or_default();
    let relative = !reference.is_empty() && !reference.starts_with('/');
    relative && (!path || host.contains('?'))
}

#[test]
fn the_cern_library_loses_the_net_loc_only_where_htparse_puts_a_relative_path_after_the_host() {
    let references = references(3);
    let mut lost = 0usize;
    for (base, scheme, net_loc) in bases() {
        if net_loc.is_empty() {
            // "//" and no host: the library's host is empty, and its scan reads the path
            // alike; left out, as its `:80` and trailing-dot cleaning below.
            continue;
        }
        // The library takes a host after any "//", an empty one too (`http://a` + `//`
        // is `http:///`): such a reference has a host of its own.
        let own_host = |r: &str| r.split('#').next().unwrap_or_default().starts_with("//");
        for reference in references.iter().filter(|r| !own_host(r)) {
            let result = resolve(&base, reference, ResolveMode::Cern).unwrap();
            // CLEAN_URLS: ":80" goes from an http host.
            let net_loc = match (scheme, net_loc.strip_suffix(":80")) {
                ("http", Some(host)) => host,
                _ => &net_loc,
            };
            let why = violation(&result, scheme, net_loc);
            let expected = cern_puts_the_path_after_the_host(&base, reference);
            assert_eq!(
                why.is_some(),
                expected,
                "{base:?} + {reference:?} = {result:?}: {why:?}"
            );
            lost += usize::from(expected);
        }
    }
    assert!(lost > 0);
    // The examples of the class.
    assert_eq!(
        resolve("http://a", "g", ResolveMode::Cern).unwrap(),
        "http://ag"
    );
    assert_eq!(
        resolve("http://a", "?y", ResolveMode::Cern).unwrap(),
        "http://a?y"
    );
    assert_eq!(
        resolve("http://a", ";x", ResolveMode::Cern).unwrap(),
        "http://a;x"
    );
    assert_eq!(
        resolve("http://a#f", "../g", ResolveMode::Cern).unwrap(),
        "http://a../g#f"
    );
    assert_eq!(
        resolve("http://a?q/b", "g", ResolveMode::Cern).unwrap(),
        "http://g"
    );
    // With a path after the host, the relative path replaces its last segment.
    assert_eq!(
        resolve("http://a/", "g", ResolveMode::Cern).unwrap(),
        "http://a/g"
    );
}
