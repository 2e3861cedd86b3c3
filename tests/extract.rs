//! URLs in running text (RFC 1738 appendix): the hand-judged rules of
//! `corpus/extract/rules.jsonl`, the golden extraction of the five seed documents, the
//! stream reader agreeing with the `&str` reader at every piece size, and bounded memory.
//!
//! `BLESS=1 cargo test --test extract` rewrites the seed goldens (never the rules, which
//! are judged by hand, nor their `id`, `source` and `note`, which no comparison reads: a
//! rules case is compared by its `expected` alone); review the diff.

use pretty_assertions::assert_eq;
use rfc1738::Dialect;
use rfc1738::extraction::{Extractor, Found};
use rfc1738::reports::ExtractReport;
use serde_json::{Value, json};
use std::io::Read;
use std::path::PathBuf;

use rfc1738_test_support::pieces::Pieces;

fn corpus_dir() -> PathBuf {
    rfc1738_test_support::corpus::dir().join("extract")
}

/// The extractor a rules case asks for.
fn extractor_for(options: Option<&Value>) -> Extractor {
    let mut extractor = Extractor::new();
    if let Some(options) = options {
        if let Some(dialect) = options.get("dialect").and_then(Value::as_str) {
            extractor = extractor.dialect(dialect.parse::<Dialect>().unwrap());
        }
        if let Some(max_len) = options.get("max_len").and_then(Value::as_u64) {
            extractor = extractor.max_len(max_len as usize);
        }
        if let Some(line_numbers) = options.get("line_numbers").and_then(Value::as_bool) {
            extractor = extractor.line_numbers(line_numbers);
        }
    }
    extractor
}

/// The fields a rules case states, as the extractor found them.
fn stated(text: &str, found: &Found<'_>) -> Value {
    assert_eq!(&text[found.span()], found.found(), "span and found text");
    let mut value = json!({
        "found": found.found(),
        "url": found.url(),
        "wrapper": found.wrapper().name(),
        "prefixed": found.is_prefixed(),
        "hyphen_break": found.hyphen_break(),
        "valid": found.is_valid(),
        "kind": found.kind().map(|kind| kind.name()),
    });
    if let Some(alternative) = found.alternative() {
        value["alternative"] = json!(alternative);
    }
    if let Some(error) = found.error() {
        value["error_code"] = json!(error.kind().code());
    }
    value
}

/// Every finding from a stream read `piece` bytes at a time equals the `&str` reading,
/// copied (`extract_reader`) or read in place in buffers of `piece` bytes
/// (`extract_buf_reader`), and read in place from the whole text at once.
fn assert_stream_agrees(extractor: Extractor, text: &str, piece: usize) {
    let from_str: Vec<Found<'static>> = extractor.extract(text).map(Found::into_owned).collect();
    let from_stream: Vec<Found<'static>> = extractor
        .extract_reader(Pieces(text.as_bytes(), piece))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_stream, from_str, "stream read {piece} bytes at a time");
    let in_place: Vec<Found<'static>> = extractor
        .extract_buf_reader(Pieces(text.as_bytes(), piece))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(in_place, from_str, "read in place, {piece} bytes a buffer");
    let whole: Vec<Found<'static>> = extractor
        .extract_buf_reader(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(whole, from_str, "read in place, one buffer");
    // The lending read: the same findings, their text borrowed one at a time.
    fn lent<R: Read>(mut reader: rfc1738::extraction::ExtractReader<R>) -> Vec<Found<'static>> {
        let mut found = Vec::new();
        while let Some(next) = reader.next_borrowed() {
            found.push(next.unwrap().into_owned());
        }
        found
    }
    let copied = extractor.extract_reader(Pieces(text.as_bytes(), piece));
    assert_eq!(lent(copied), from_str, "lent, {piece} bytes at a time");
    let in_place = extractor.extract_buf_reader(Pieces(text.as_bytes(), piece));
    assert_eq!(
        lent(in_place),
        from_str,
        "lent in place, {piece} bytes a buffer"
    );
}

fn rules() -> Vec<Value> {
    rfc1738_test_support::corpus::read(&corpus_dir().join("rules.jsonl"))
}

#[test]
fn every_rule_case_is_found_as_judged() {
    let mut failures = Vec::new();
    let cases = rules();
    assert!(cases.len() >= 50);
    for case in &cases {
        let text = case["text"].as_str().unwrap();
        let extractor = extractor_for(case.get("options"));
        let found: Vec<Value> = extractor
            .extract(text)
            .map(|found| stated(text, &found))
            .collect();
        let expected = case["expected"].as_array().unwrap();
        if found != *expected {
            failures.push(format!(
                "{} ({})\n  text: {text:?}\n  expected: {}\n  found:    {}",
                case["id"],
                case["note"],
                Value::from(expected.clone()),
                Value::from(found)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_stream_reader_agrees_with_the_str_reader_at_every_piece_size() {
    for case in rules() {
        let text = case["text"].as_str().unwrap();
        let extractor = extractor_for(case.get("options"));
        for piece in [1, 2, 3, 7, 64, 4096] {
            assert_stream_agrees(extractor, text, piece);
        }
    }
}

/// The seed documents and their golden extraction (`NAME.jsonl`, and for the numbered
/// draft `NAME.line-numbers.jsonl` read with `--line-numbers`).
#[test]
fn the_seed_documents_give_their_golden_extraction() {
    let dir = corpus_dir().join("seeds");
    let mut texts: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    texts.sort();
    assert_eq!(texts.len(), 5, "the five seed documents");
    let bless = std::env::var_os("BLESS").is_some();
    let mut stale = Vec::new();
    for text_path in &texts {
        let stem = text_path.file_stem().unwrap().to_string_lossy();
        let name = format!("seeds/{stem}.txt");
        for (suffix, extractor) in [
            ("", Extractor::new()),
            (".line-numbers", Extractor::new().line_numbers(true)),
        ] {
            let golden = dir.join(format!("{stem}{suffix}.jsonl"));
            if !suffix.is_empty() && !golden.exists() && !bless {
                continue;
            }
            let file = std::fs::File::open(text_path).unwrap();
            let mut lines = String::new();
            for found in extractor.extract_reader(file) {
                let found = found.unwrap();
                lines.push_str(
                    &serde_json::to_string(&ExtractReport::new(Some(&name), &found)).unwrap(),
                );
                lines.push('\n');
            }
            if bless {
                if suffix.is_empty() || stem.starts_with("000") {
                    std::fs::write(&golden, &lines).unwrap();
                }
                continue;
            }
            let expected = std::fs::read_to_string(&golden).unwrap();
            if expected != lines {
                stale.push(golden.display().to_string());
            }
            // The in-memory reading (lossy for the PostScript's odd octets) agrees.
            let bytes = std::fs::read(text_path).unwrap();
            if let Ok(text) = std::str::from_utf8(&bytes) {
                assert_stream_agrees(extractor, text, 4096);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "golden extraction differs (BLESS=1 rewrites; review the diff): {stale:?}"
    );
}

/// A stream of generated text, `len` bytes long: prose with URLs of every kind, and
/// hostile stretches (a long run without whitespace, an unclosed wrapper, a flood of
/// whitespace inside a wrapper).
struct Generated {
    produced: usize,
    len: usize,
    cycle: Vec<u8>,
}

impl Generated {
    fn new(len: usize) -> Generated {
        let mut cycle = Vec::new();
        cycle
            .extend_from_slice(b"Some prose: see <URL:ftp://ds.internic.net/rfc/rfc1738.txt> or\n");
        cycle.extend_from_slice(
            b"http://info.cern.ch/hypertext/WWW/TheProject.html, and <gopher://h/1x-\n  y>.\n",
        );
        cycle.extend_from_slice(b"http://long/");
        cycle.extend(std::iter::repeat_n(b'a', 100_000));
        cycle.extend_from_slice(b"\n<URL:http://unclosed/");
        cycle.extend(std::iter::repeat_n(b'b', 100_000));
        cycle.extend_from_slice(b"\n<URL:news:");
        cycle.extend(std::iter::repeat_n(b' ', 3_000));
        cycle.extend_from_slice(b"comp.infosystems.www>\n");
        // Whitespace past the limit: an unclosed wrapper with nothing in it, no URL.
        cycle.extend_from_slice(b"<URL:");
        cycle.extend(std::iter::repeat_n(b' ', 100_000));
        cycle.extend_from_slice(b"x>\n");
        Generated {
            produced: 0,
            len,
            cycle,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.len - self.produced;
        let at = self.produced % self.cycle.len();
        let n = buf.len().min(left).min(self.cycle.len() - at);
        buf[..n].copy_from_slice(&self.cycle[at..at + n]);
        self.produced += n;
        Ok(n)
    }
}

#[test]
fn a_long_stream_is_read_in_bounded_memory_and_every_url_found() {
    let cycles = 40;
    let generated = Generated::new(0);
    let len = generated.cycle.len() * cycles;
    let extractor = Extractor::new().max_len(4096);
    let expected: std::collections::BTreeMap<(String, bool), usize> = [
        // <URL:ftp...> and <URL:news: (3,000 spaces) ...>
        (("url".to_owned(), true), 2 * cycles),
        // <gopher://h/1x- y>
        (("angle".to_owned(), true), cycles),
        // http://info.cern.ch/...
        (("bare".to_owned(), true), cycles),
        // http://long/aaaa... cut at the limit
        (("bare".to_owned(), false), cycles),
        // <URL:http://unclosed/bbbb... cut at the limit
        (("unclosed".to_owned(), false), cycles),
    ]
    .into_iter()
    .collect();
    // Copied into the reader's buffer, and read in place in a `BufReader`'s (whose own
    // 64 KiB are the source's, not counted).
    let source = || std::io::BufReader::with_capacity(64 * 1024, Generated::new(len));
    let readers = [
        extractor.extract_reader(source()),
        extractor.extract_buf_reader(source()),
    ];
    for mut reader in readers {
        let mut counts = std::collections::BTreeMap::<(String, bool), usize>::new();
        for found in reader.by_ref() {
            let found = found.unwrap();
            *counts
                .entry((found.wrapper().name().to_owned(), found.is_valid()))
                .or_default() += 1;
        }
        assert_eq!(counts, expected);
        // Two limits' worth and two reads' worth, whatever the stream's length (about 12 MB).
        assert!(
            reader.high_water() <= 2 * 4096 + 4 * 64 * 1024,
            "held {} bytes",
            reader.high_water()
        );
    }
}

#[test]
fn line_and_column_count_across_stream_pieces() {
    let text = "first line\n  second <URL:http://a/>\r\n\nfourth http://b/ x\n";
    let found: Vec<(u64, u64)> = Extractor::new()
        .extract_reader(Pieces(text.as_bytes(), 3))
        .map(|found| {
            let found = found.unwrap();
            (found.line(), found.column())
        })
        .collect();
    assert_eq!(found, [(2, 10), (4, 8)]);
}

#[test]
fn a_read_error_is_yielded_once_then_the_stream_ends() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut reader = rfc1738::extraction::extract_reader(Failing);
    assert_eq!(
        reader.next().unwrap().unwrap_err().to_string(),
        "disk on fire"
    );
    assert!(reader.next().is_none());
    let mut in_place = Extractor::new().extract_buf_reader(std::io::BufReader::new(Failing));
    assert_eq!(
        in_place.next().unwrap().unwrap_err().to_string(),
        "disk on fire"
    );
    assert!(in_place.next().is_none());
}

#[test]
fn invalid_utf8_in_a_stream_shows_as_replacement_and_the_url_is_invalid() {
    let bytes: &[u8] = b"<URL:http://h/\xff> and http://ok/";
    let found: Vec<_> = rfc1738::extraction::extract_reader(bytes)
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].url(), "http://h/\u{fffd}");
    assert!(!found[0].is_valid());
    assert_eq!((found[0].start(), found[0].end()), (0, 16));
    assert_eq!(found[1].url(), "http://ok/");
}

#[test]
fn mutated_texts_give_the_same_findings_from_a_str_and_a_stream() {
    // Rules texts cut and spliced together, read whole and in odd pieces.
    let texts: Vec<String> = rules()
        .iter()
        .map(|case| case["text"].as_str().unwrap().to_owned())
        .collect();
    let mut state = 0x1738_u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    for _ in 0..400 {
        let mut text = String::new();
        for _ in 0..=next(4) {
            let piece = &texts[next(texts.len())];
            let mut cut = next(piece.len() + 1);
            while !piece.is_char_boundary(cut) {
                cut -= 1;
            }
            text.push_str(if next(2) == 0 {
                &piece[..cut]
            } else {
                &piece[cut..]
            });
            text.push_str(["", "\n", "-\n", " ", "<", ">", "URL:", "\n\n"][next(8)]);
        }
        let extractor = Extractor::new().max_len(256 + next(64));
        // Findings come in order of their starts, and none starts inside a valid one.
        let (mut last_start, mut valid_end) = (None, 0);
        for found in extractor.extract(&text) {
            assert_eq!(&text[found.span()], found.found());
            assert!(!found.url().contains(char::is_whitespace) || found.url().contains('\u{85}'));
            assert!(last_start < Some(found.start()), "{text:?}");
            assert!(found.start() >= valid_end, "{text:?}");
            last_start = Some(found.start());
            if found.is_valid() {
                valid_end = found.end();
            }
        }
        assert_stream_agrees(extractor, &text, 1 + next(9));
    }
}

#[test]
fn hostile_texts_are_read_in_linear_time() {
    // Each would be quadratic with a naive scan: a debug build does them in well under a
    // second each when linear.
    let limit = Extractor::DEFAULT_MAX_LEN;
    let many_hyphen_breaks = format!("http://x/{}", "a-\n".repeat(limit));
    let found: Vec<_> = rfc1738::extraction::extract(&many_hyphen_breaks).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].url().len(), limit);
    let closing = format!("http://x/a{}", ")".repeat(limit - 10));
    let found: Vec<_> = rfc1738::extraction::extract(&closing).collect();
    assert_eq!(found[0].url(), "http://x/a");
    for hostile in [
        "<".repeat(1 << 20),
        "<URL:".repeat(1 << 18),
        "<http:".repeat(1 << 18),
        "URL:".repeat(1 << 18),
        "http:".repeat(1 << 18),
        // Scheme names inside invalid findings: each candidate inside one is read to the
        // end of its run, so at most 16 invalid ones are read (in and past the limit).
        "ftp:".repeat(1 << 18),
        "FILE:".repeat(1 << 18),
        format!("{}|", "http://h/".repeat(1 << 12)),
        format!("{}|", "http://h/".repeat(1 << 16)),
        format!("{}|", "x/news:".repeat(1 << 16)),
        "a ".repeat(1 << 19),
        "-\n".repeat(1 << 19),
        format!("<URL:{}", " ".repeat(1 << 20)),
    ] {
        for found in rfc1738::extraction::extract(&hostile) {
            assert!(found.url().len() <= limit);
        }
        assert_stream_agrees(Extractor::new(), &hostile, 65536);
    }
}

#[test]
fn a_valid_url_that_starts_inside_an_invalid_finding_is_found() {
    // In every known scheme's invalid URL, whole and from a stream in pieces.
    for outer in [
        "FILE:",
        "gopher:",
        "news:x|",
        "mailto:a|",
        "ftp:",
        "<URL:ftp:",
        "URL:http:",
    ] {
        for inner in [
            "http://h/a",
            "ftp://h/f",
            "gopher://h/1x",
            "news:comp.x",
            "mailto:a@h",
        ] {
            let text = format!("see {outer}{inner} then");
            let found: Vec<_> = rfc1738::extraction::extract(&text).collect();
            let valid: Vec<_> = found.iter().filter(|found| found.is_valid()).collect();
            assert_eq!(valid.len(), 1, "{text}");
            assert_eq!(valid[0].url(), inner, "{text}");
            for piece in [1, 2, 5] {
                assert_stream_agrees(Extractor::new(), &text, piece);
            }
        }
    }
}

/// Where the URL of a finding starts in its found text: after `<`, `URL:` and the
/// whitespace a wrapper allows around them.
fn url_offset(found: &Found<'_>) -> usize {
    let text = found.found().as_bytes();
    let wrapped = text[0] == b'<';
    let space = |at: &mut usize| {
        while text
            .get(*at)
            .is_some_and(|b| b" \t\n\x0b\x0c\r\xc2\xa0".contains(b))
        {
            *at += 1;
        }
    };
    let mut at = 0;
    if wrapped {
        at = 1;
        space(&mut at);
    }
    if text.len() >= at + 4 && text[at..at + 4].eq_ignore_ascii_case(b"URL:") {
        at += 4;
        if wrapped {
            space(&mut at);
        }
    }
    at
}

#[test]
fn no_candidate_hides_a_valid_url_that_starts_inside_it() {
    // Generated texts dense in scheme names, wrappers, hyphen breaks, line numbers and runs
    // near the limit. Wherever a bare URL read from that byte on (the byte before it no
    // scheme character nor `_`) is valid, the whole text's findings report it, or the byte
    // is inside a valid finding, or inside the head of an invalid one (before its URL's
    // second byte). And a stream in pieces finds the same.
    let tokens = [
        "http://h/",
        "FILE:",
        "ftp:",
        "ftp://f/",
        "news:",
        "gopher:",
        "mailto:a@h",
        "x",
        "-\n",
        " ",
        "\n\n",
        "\n",
        "<URL:",
        "<",
        ">",
        "_",
        "|",
        "URL:",
        "(",
        ")",
        "/",
        ":",
        "?",
        "@h",
        "%",
        "  12.  ",
        "-",
        ".",
        "\u{a0}",
        "é",
        "1",
        "x/http://h/",
        "a-\n",
        "http://h/a|",
        "<URL:FILE:",
        "'",
        "\"",
        "<ftp:",
        "wais://h/db?",
    ];
    let mut state = 0x27_u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    for _ in 0..1500 {
        let mut text = String::new();
        let mut names = 0;
        for _ in 0..=next(40) {
            let token = tokens[next(tokens.len())];
            names += usize::from(token.contains(':'));
            text.push_str(token);
            let run = [0, 0, 0, 5, 60, 120][next(6)];
            text.extend(std::iter::repeat_n('a', run));
        }
        let dialect = [Dialect::Rfc1738, Dialect::Rfc1630][next(2)];
        let extractor = Extractor::new()
            .max_len(256 + next(3) * 20)
            .line_numbers(next(4) == 0)
            .dialect(dialect);
        assert_stream_agrees(extractor, &text, 1 + next(13));
        // Past 16 invalid candidates inside an invalid finding the rest of it is skipped.
        if names > 12 {
            continue;
        }
        let found: Vec<Found<'_>> = extractor.extract(&text).collect();
        let bytes = text.as_bytes();
        for at in (0..bytes.len()).filter(|&at| text.is_char_boundary(at)) {
            let glued = at > 0
                && (bytes[at - 1].is_ascii_alphanumeric() || b"+-._".contains(&bytes[at - 1]));
            if glued || bytes[at] == b'<' {
                continue;
            }
            let Some(bare) = extractor.extract(&text[at..]).next() else {
                continue;
            };
            if bare.start() != 0 || !bare.is_valid() {
                continue;
            }
            let at = at as u64;
            let reported = found.iter().any(|found| {
                let inside = found.start() <= at && at < found.end();
                (found.start() == at && found.url() == bare.url())
                    || (inside && found.is_valid())
                    || (inside && at <= found.start() + url_offset(found) as u64)
            });
            assert!(
                reported,
                "{:?} at {at} not reported in {text:?}: {:?}",
                bare.url(),
                found
                    .iter()
                    .map(|found| (found.start(), found.url()))
                    .collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn at_most_16_invalid_candidates_are_read_inside_an_invalid_finding() {
    // A limit of this implementation (linear time on text made of scheme names): with 15
    // invalid candidates inside, the valid URL after them is found; with 17, it is not.
    let urls = |text: &str| -> Vec<String> {
        rfc1738::extraction::extract(text)
            .map(|found| found.url().to_owned())
            .collect()
    };
    let text = format!("{}http://h/", "FILE:".repeat(16));
    assert_eq!(urls(&text), [text.as_str(), "http://h/"]);
    let text = format!("{}http://h/", "FILE:".repeat(18));
    assert_eq!(urls(&text), [text.as_str()]);
}

#[test]
fn a_valid_url_at_the_end_of_a_run_longer_than_the_limit_is_found_from_a_stream() {
    // The run is read to its end holding only the last limit's worth of it.
    let limit = 4096;
    let text = format!(
        "x http://h/{}/http://x/ok then ftp://y/ and news:{}/news:comp.x.",
        "a".repeat(300_000),
        "b-\n".repeat(3_000)
    );
    let extractor = Extractor::new().max_len(limit);
    let found: Vec<(String, bool)> = extractor
        .extract(&text)
        .map(|found| (found.url().chars().take(20).collect(), found.is_valid()))
        .collect();
    let expected = [
        ("http://h/aaaaaaaaaaa", false),
        ("http://x/ok", true),
        ("ftp://y/", true),
        ("news:b-b-b-b-b-b-b-b", false),
        ("news:comp.x", true),
    ];
    let expected: Vec<(String, bool)> = expected
        .iter()
        .map(|&(url, valid)| (url.to_owned(), valid))
        .collect();
    assert_eq!(found, expected);
    for piece in [1, 7, 4096, 70_000] {
        assert_stream_agrees(extractor, &text, piece);
    }
    let mut reader = extractor.extract_reader(text.as_bytes());
    assert_eq!(reader.by_ref().count(), 5);
    assert!(
        reader.high_water() <= 2 * limit + 4 * 64 * 1024,
        "held {} bytes",
        reader.high_water()
    );
}

#[test]
fn character_positions_agree_between_text_and_stream_across_buffer_refills() {
    // Multi-byte characters before, between and inside findings, over more than the
    // stream reader's buffer, so that lines and characters are counted across refills.
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!(
            "ligne {i} — voilà <URL:http://h/{i}> et é http://x/é{i}\n"
        ));
    }
    let from_text: Vec<_> = rfc1738::extraction::extract(&text)
        .map(|f| {
            (
                f.start(),
                f.end(),
                f.char_start(),
                f.char_end(),
                f.column(),
                f.char_column(),
            )
        })
        .collect();
    let from_stream: Vec<_> = rfc1738::extraction::Extractor::new()
        .extract_reader(text.as_bytes())
        .map(|f| {
            let f = f.unwrap();
            (
                f.start(),
                f.end(),
                f.char_start(),
                f.char_end(),
                f.column(),
                f.char_column(),
            )
        })
        .collect();
    assert_eq!(from_text, from_stream);
    for found in rfc1738::extraction::extract(&text) {
        let (start, end) = (found.start() as usize, found.end() as usize);
        assert_eq!(found.char_start() as usize, text[..start].chars().count());
        assert_eq!(found.char_end() as usize, text[..end].chars().count());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        assert_eq!(
            found.char_column() as usize,
            text[line_start..start].chars().count() + 1
        );
    }
}
