//! `rfc1738::resolution::{compare, classify}` on any input: no panic, the same classes
//! whichever result comes first, `other` alone, nothing for equal results, and time linear
//! in the length (issue 49).

use rfc1738::resolution::{
    Comparison, ComparisonSummary, DifferenceClass, DifferenceClasses, ResolveMode, classify,
    compare,
};
use rfc1738_test_support::random::Random;
use std::time::{Duration, Instant};

/// Pieces that the classes look at: separators, dots, escapes, whitespace, ports, hosts.
const PIECES: &[&str] = &[
    "http:",
    "HTTP:",
    "file:",
    "gopher:",
    "//",
    "///",
    "/",
    "\\",
    ".",
    "..",
    "./",
    "../",
    "?",
    "#",
    ":",
    ":80",
    ":70",
    ":",
    "@",
    "%",
    "%2",
    "%20",
    "%2e",
    "%2E",
    "%7E",
    "~",
    " ",
    "\t",
    "\n",
    "\r",
    "localhost",
    "LocalHost",
    "h",
    "H.",
    "info.cern.ch.",
    "[::1]",
    "a",
    "é",
    "%C3%A9",
    "\0",
    ";p",
    "=",
];

/// A random string of pieces.
fn random_text(random: &mut Random, most: usize) -> String {
    let len = random.below(most + 1);
    (0..len)
        .map(|_| PIECES[random.below(PIECES.len())])
        .collect()
}

/// `text` with one edit that a class undoes: a piece inserted, a byte removed.
fn mutated(random: &mut Random, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let at = random.below(bytes.len() + 1);
    match random.below(3) {
        0 if at < bytes.len() => {
            bytes.remove(at);
        }
        1 => bytes
            .splice(at..at, PIECES[random.below(PIECES.len())].bytes())
            .for_each(drop),
        _ => bytes.splice(at..at, [b'/']).for_each(drop),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What holds of the classes of any two results.
fn check(link: &str, a: &str, b: &str) {
    let classes = classify(link, Some(a), Some(b));
    assert_eq!(
        classes,
        classify(link, Some(b), Some(a)),
        "not symmetric: {link:?} {a:?} {b:?}"
    );
    assert_eq!(
        classes.is_empty(),
        a == b,
        "{link:?} {a:?} {b:?}: {classes:?}"
    );
    assert!(
        !classes.contains(DifferenceClass::Other) || classes.len() == 1,
        "other beside another class: {link:?} {a:?} {b:?}: {classes:?}"
    );
    assert!(!classes.contains(DifferenceClass::Refused));
    assert!(classify(link, Some(a), None).contains(DifferenceClass::Refused));
}

#[test]
fn any_results_are_classed_without_panic() {
    let mut random = Random(0x1994_0049);
    for _ in 0..20_000 {
        let link = random_text(&mut random, 6);
        let a = random_text(&mut random, 12);
        let b = match random.chance(70) {
            true => mutated(&mut random, &a),
            false => random_text(&mut random, 12),
        };
        check(&link, &a, &b);
    }
}

#[test]
fn any_link_is_compared_in_every_mode_without_panic() {
    let mut random = Random(49);
    let modes = ResolveMode::ALL;
    let mut summary = ComparisonSummary::new(&modes);
    for round in 0..3_000 {
        let base = random_text(&mut random, 8);
        let link = random_text(&mut random, 6);
        let comparison: Comparison = compare(&base, &link, &modes);
        assert_eq!(comparison.results().len(), modes.len());
        for difference in comparison.differences() {
            let (first, second) = difference.modes();
            let ok = |mode| comparison.result(mode).and_then(Result::ok);
            assert_eq!(difference.classes(), classify(&link, ok(first), ok(second)));
        }
        summary.count(&comparison);
        if round % 7 == 0 {
            summary.end_page();
        }
    }
    assert_eq!(summary.links(), 3_000);
    assert!(
        summary
            .pairs()
            .iter()
            .all(|pair| pair.pages() <= summary.pages())
    );
}

#[test]
fn the_classes_of_real_differences() {
    let modes = [ResolveMode::Cern, ResolveMode::Whatwg];
    let classes = |base: &str, link: &str| -> Vec<&'static str> {
        compare(base, link, &modes).classes().names().collect()
    };
    let page = "http://info.cern.ch/hypertext/WWW/TheProject.html";
    assert_eq!(classes(page, "http://info.cern.ch./x"), ["trailing-dot"]);
    assert_eq!(classes(page, "../../../../g"), ["dot-segments"]);
    assert_eq!(classes(page, "gopher://h:70/1"), ["default-port"]);
    assert_eq!(classes(page, "a b.html"), ["whitespace"]);
    assert_eq!(classes(page, "a\\b.html"), ["backslash"]);
    assert_eq!(classes(page, "file://FTP.NISC.SRI.COM/"), ["case"]);
    assert_eq!(
        classes("file://localhost/usr/local/lib/lynx/a.html", "b.html"),
        ["localhost"]
    );
    assert_eq!(classes("http://a/b#f", "c"), ["fragment"]);
    assert_eq!(classes(page, "?"), ["other"]);
}

#[test]
fn long_results_take_linear_time() {
    // Each class is a pass or two; a difference of several classes a fixed number more.
    let time = |n: usize| {
        let a = format!("HTTP://H.:80/{}a b/../?#f", "x/./y/../".repeat(n));
        let b = format!("http://h/{}a%20b/?", "x/y/".repeat(n).replace("/y", ""));
        let start = Instant::now();
        let classes: DifferenceClasses = classify("..", Some(&a), Some(&b));
        assert!(!classes.is_empty());
        start.elapsed()
    };
    let small = time(10_000).max(Duration::from_micros(200));
    let large = time(100_000);
    assert!(
        large < small * 40,
        "10 times the length took {large:?} against {small:?}"
    );
}
