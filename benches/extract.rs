//! `cargo bench --bench extract`: rfc1738's extraction of URLs from running text, beside
//! linkify (`LinkFinder::new()`, URLs only), on the same texts in the same run, then the
//! medians and ratios.
//!
//! Texts (`benches/texts/`, rebuilt by `make.py` from the seed documents): `seeds.txt` (the
//! four text seeds repeated to 8 MiB), `no-url.txt` (the same prose without any URL),
//! `dense.txt` (URLs in short sentences). Group `extract`: each text read by `extract`
//! (a `&str`), by `extract_reader` (a stream, copied into the reader's buffer), by
//! `extract_buf_reader` (the same stream read in place), by the same reader's lending
//! `next_borrowed` (each finding's text borrowed, as the CLI reads) and by linkify, every finding
//! consumed. Group `extract_linear`: `extract` on the first 1 KiB, 64 KiB, 1 MiB and
//! 16 MiB of the dense text (repeated to 16 MiB: URLs at one density all through), time
//! per byte. `EXTRACT_PASSES` and `EXTRACT_ONLY` run one finder on one text without
//! timing, for callgrind ([`passes_only`]).

mod support;

use criterion::{Criterion, Throughput, black_box};
use linkify::{LinkFinder, LinkKind};
use std::path::PathBuf;
use support::median_ns;

const TEXTS: &[&str] = &["seeds", "no-url", "dense"];

fn text(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("benches")
        .join("texts")
        .join(format!("{name}.txt"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each way of reading a text: the number of findings, their lengths summed.
type Find = fn(&str) -> (usize, usize);

const FINDERS: &[(&str, Find)] = &[
    ("rfc1738", |text| {
        rfc1738::extraction::extract(text)
            .fold((0, 0), |(n, len), found| (n + 1, len + found.url().len()))
    }),
    ("rfc1738-reader", |text| {
        rfc1738::extraction::Extractor::new()
            .extract_reader(text.as_bytes())
            .fold((0, 0), |(n, len), found| {
                (n + 1, len + found.map_or(0, |found| found.url().len()))
            })
    }),
    ("rfc1738-bufread", |text| {
        rfc1738::extraction::Extractor::new()
            .extract_buf_reader(text.as_bytes())
            .fold((0, 0), |(n, len), found| {
                (n + 1, len + found.map_or(0, |found| found.url().len()))
            })
    }),
    ("rfc1738-lent", |text| {
        let mut reader = rfc1738::extraction::Extractor::new().extract_buf_reader(text.as_bytes());
        let (mut n, mut len) = (0, 0);
        while let Some(found) = reader.next_borrowed() {
            n += 1;
            len += found.map_or(0, |found| found.url().len());
        }
        (n, len)
    }),
    ("linkify", |text| {
        let mut finder = LinkFinder::new();
        finder.kinds(&[LinkKind::Url]);
        finder
            .links(text)
            .fold((0, 0), |(n, len), link| (n + 1, len + link.as_str().len()))
    }),
];

fn bench_texts(c: &mut Criterion, texts: &[(&str, String)]) {
    let mut group = c.benchmark_group("extract");
    for (name, text) in texts {
        group.throughput(Throughput::Bytes(text.len() as u64));
        for &(finder, find) in FINDERS {
            group.bench_function(format!("{finder}/{name}"), |b| {
                b.iter(|| black_box(find(black_box(text))))
            });
        }
    }
    group.finish();
}

const SIZES: &[(&str, usize)] = &[
    ("1KiB", 1 << 10),
    ("64KiB", 1 << 16),
    ("1MiB", 1 << 20),
    ("16MiB", 1 << 24),
];

/// The first `size` bytes of `text` repeated, cut back to a character boundary.
fn prefix(text: &str, size: usize) -> String {
    let mut long = text.repeat(size.div_ceil(text.len()));
    let mut end = size;
    while !long.is_char_boundary(end) {
        end -= 1;
    }
    long.truncate(end);
    long
}

fn bench_linear(c: &mut Criterion, dense: &str) {
    let mut group = c.benchmark_group("extract_linear");
    for &(name, size) in SIZES {
        let input = prefix(dense, size);
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| black_box(rfc1738::extraction::extract(black_box(&input)).count()))
        });
    }
    group.finish();
}

fn print_ratios(texts: &[(&str, String)]) {
    println!(
        "\nmedian rate per text (ratio: linkify's time / this one's; at least 1.0x is as fast)"
    );
    for (name, text) in texts {
        let linkify = median_ns("extract", &format!("linkify/{name}"));
        for &(finder, find) in FINDERS {
            let Some(ns) = median_ns("extract", &format!("{finder}/{name}")) else {
                continue;
            };
            let (found, _) = find(text);
            let ratio = linkify.map_or(String::new(), |base| format!("{:.2}x", base / ns));
            println!(
                "  {name:<7} {finder:<15} {:>9.1} MB/s  {:>6.3} ns/byte  {ratio:>6}  {found:>6} found",
                text.len() as f64 / ns * 1e3,
                ns / text.len() as f64,
            );
        }
    }
    // The dense text: URLs at the same density all through, so that every size has the
    // same mix (the seeds' first kilobytes hold no URL at all).
    let dense = texts.iter().find(|(name, _)| *name == "dense");
    for &(name, size) in SIZES {
        if let (Some(ns), Some((_, dense))) = (median_ns("extract_linear", name), dense) {
            let bytes = prefix(dense, size).len();
            println!("  linear  {name:<15} {:>9.3} ns/byte", ns / bytes as f64);
        }
    }
}

/// `EXTRACT_PASSES=N EXTRACT_ONLY=finder/text`: `finder` reads `text` N times, and nothing
/// is timed: for an instruction count (valgrind's callgrind) of one pass, as the
/// difference between 2 passes and 1.
fn passes_only() -> bool {
    let (Ok(passes), Ok(only)) = (
        std::env::var("EXTRACT_PASSES"),
        std::env::var("EXTRACT_ONLY"),
    ) else {
        return false;
    };
    let passes: usize = passes.parse().expect("EXTRACT_PASSES: a number");
    let (finder, name) = only.split_once('/').expect("EXTRACT_ONLY: finder/text");
    let find = FINDERS
        .iter()
        .find(|&&(name, _)| name == finder)
        .map(|&(_, find)| find)
        .expect("EXTRACT_ONLY: a finder of the bench");
    let text = text(name);
    let mut found = (0, 0);
    for _ in 0..passes {
        found = black_box(find(black_box(&text)));
    }
    println!(
        "{finder}/{name}: {} found, {} bytes of URLs, {passes} passes",
        found.0, found.1
    );
    true
}

fn main() {
    if passes_only() {
        return;
    }
    let texts: Vec<(&str, String)> = TEXTS.iter().map(|&name| (name, text(name))).collect();
    let mut c = Criterion::default().configure_from_args();
    bench_texts(&mut c, &texts);
    let dense = texts
        .iter()
        .find(|(name, _)| *name == "dense")
        .map(|(_, text)| text);
    bench_linear(&mut c, dense.expect("the dense text"));
    c.final_summary();
    print_ratios(&texts);
}
