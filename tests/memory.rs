//! A parse costs no memory beyond its input (issue 30): a run of a compiled grammar records
//! spans in a fixed set of slots, repeated fields are read back from the text, and the
//! typed URL borrows the input. Counted with `allocation-counter`, whose global allocator
//! this test binary alone links.

use allocation_counter::measure;
use rfc1738::Dialect;

/// Parses `input` in `dialect` inside a measurement; returns the allocations made and
/// whether it was valid.
fn allocations(input: &str, dialect: Dialect) -> (u64, u64, bool) {
    let mut valid = false;
    let info = measure(|| {
        let reference = rfc1738::parse_reference(input, dialect);
        valid = reference.is_ok();
        drop(reference);
    });
    (info.count_total, info.bytes_max, valid)
}

/// Long inputs of the shapes that once cost a token per production (a path of many
/// segments, prospero's and RFC 1630's wpath fields, gopher's separators, a hostname of
/// many labels, a search, a generic URL) parse without a single allocation, in every
/// dialect that reads them; their length changes nothing.
#[test]
fn a_valid_parse_allocates_nothing_whatever_its_length() {
    for repeat in [1, 1_000, 100_000] {
        let cases = [
            (
                format!("http://h/{}?s+t", "a/".repeat(repeat)),
                Dialect::ALL.to_vec(),
            ),
            (
                format!("URL:ftp://u:p@h/{}#f", "d/".repeat(repeat)),
                // Not RFC 2396, which has no prefix: there "URL" is a scheme, in upper
                // case, which a generic URI keeps lowered (one allocation).
                vec![Dialect::Rfc1738, Dialect::Rfc1630, Dialect::DraftWwwUri00],
            ),
            (
                format!("ftp://h/{};type=i", "d/".repeat(repeat)),
                vec![Dialect::Rfc1738, Dialect::Rfc1630],
            ),
            (
                format!("prospero://h/p{}", ";f=v".repeat(repeat)),
                vec![Dialect::Rfc1738],
            ),
            (
                format!("wais://h/db/t/{}", "1=a;".repeat(repeat)),
                vec![Dialect::Rfc1630],
            ),
            (
                format!("gopher://h/1{}", "%09x".repeat(repeat)),
                Dialect::ALL.to_vec(),
            ),
            (
                format!("telnet://{}h:23", "a.".repeat(repeat)),
                Dialect::ALL.to_vec(),
            ),
            (
                format!("news:{}a@b", "x".repeat(repeat)),
                Dialect::ALL.to_vec(),
            ),
            (
                format!("x-long://u@h:1/{}", "p/".repeat(repeat)),
                vec![Dialect::Rfc1738, Dialect::DraftWwwUri00],
            ),
            (
                format!("x-long:{}?s", "p/".repeat(repeat)),
                Dialect::ALL.to_vec(),
            ),
            (
                format!("urn:isbn:{}", "0-".repeat(repeat)),
                vec![Dialect::Rfc1738, Dialect::DraftWwwUri00],
            ),
        ];
        for (input, dialects) in &cases {
            for &dialect in dialects {
                let (count, bytes, valid) = allocations(input, dialect);
                assert!(valid, "{dialect} {:?}", &input[..input.len().min(40)]);
                assert_eq!(
                    (count, bytes),
                    (0, 0),
                    "{dialect} {:?} ({} bytes)",
                    &input[..input.len().min(40)],
                    input.len()
                );
            }
        }
    }
}

/// What a valid parse may allocate, and no more: a scheme not written in lower case keeps
/// its lower-case form (one allocation of its length).
#[test]
fn a_scheme_in_capitals_is_the_one_allocation_of_a_valid_parse() {
    for dialect in Dialect::ALL {
        let (count, bytes, valid) = allocations("X-Long:stuff", dialect);
        assert!(valid);
        assert_eq!((count, bytes), (1, "x-long".len() as u64), "{dialect}");
    }
}

/// A rejected input's error holds a bounded window of its input (its snippet)
/// whatever the input's length: a 1 MiB path with a bad byte at its end costs as much as
/// a short one, not memory per byte.
#[test]
fn an_error_holds_a_bounded_copy_whatever_the_length() {
    for dialect in Dialect::ALL {
        let short = allocations("http://h/a|", dialect);
        let long = allocations(&format!("http://h/{}|", "a/".repeat(1 << 19)), dialect);
        assert!(!short.2 && !long.2);
        assert!(long.1 <= 64 * 1024, "{dialect}: {} bytes at most", long.1);
        assert!(
            long.0 <= short.0 + 4,
            "{dialect}: {} against {}",
            long.0,
            short.0
        );
    }
}

/// An error, on a thread that has diagnosed one before, is two allocations whatever its
/// dialect or place: its box and its expected list (issue 50). The trace's lists are kept on
/// the thread between diagnoses, a nested trace's too (ftp's login read again as a
/// hostport); the snippet is held in the box; the escape a message names is a slice of a
/// table; a reference's error in the whole input is not placed again; longer literals are
/// named without a list of their own (gopher's "%09").
#[test]
fn an_error_is_its_box_and_its_expected_list() {
    for dialect in Dialect::ALL {
        for input in [
            "http://h1.info.cern.ch/hypertext/WWW/The Project.html",
            "ftp://ftp.funet.fi/pub/{README",
            "ftp://user@ftp.funet.fi/pub/{README",
            "gopher://gopher.micro.umn.edu/11/~x",
            "gopher://gopher.micro.umn.edu/1%09\\x",
            "telnet://h.example:23/x y",
            "news:comp.infosystems www",
            "x-long:a b",
            // Outside ASCII: the escape a message names ("%C3%A9") and a window that is
            // not plain ASCII are written on the heap, two allocations more.
            "http://h/a\u{e9} b",
        ] {
            // The first error of a grammar fills its tables once (the characters each rule
            // starts with, the quoted characters) and the thread's kept lists: not counted.
            allocations(input, dialect);
            let (count, bytes, valid) = allocations(input, dialect);
            if valid {
                continue;
            }
            let expected = if input.is_ascii() { 2 } else { 4 };
            assert_eq!(
                count, expected,
                "{dialect} {input:?}: {count} allocations, {bytes} bytes"
            );
        }
    }
}
