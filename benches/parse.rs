//! `cargo bench`: rfc1738 side by side with the strict URI parsers of the Rust ecosystem, on
//! the same inputs in the same run, then a table of medians and ratios.
//!
//! Groups: `valid` (every valid URL of the corpus, `benches/valid-urls.txt`: all ten schemes
//! and generic ones), `class` (the same by class: each scheme, short and long, by rfc1738
//! and both fluent-uri versions), `invalid` (the corpus's invalid inputs,
//! `benches/invalid-urls.txt`, with the full `ParseError`), `invalid_check` (the same
//! checked by `is_valid`, no error looked for), `dialects` (the validity check of `valid-urls.txt` read as
//! references in each dialect, `is_valid_reference`: yes or no, no error looked for),
//! `dialects_diagnosed` (the same parsed, each error diagnosed), `dialects_valid` (parsed,
//! only the URLs every dialect accepts), `long` (http
//! URLs of 1 KiB, 64 KiB, 1 MiB and 16 MiB), `long_<dialect>` (the same read by
//! `parse_reference` in each dialect) and `long_invalid_<dialect>` (the same with an
//! invalid character at the end, fully diagnosed), `mixed` (dirty data: the 2,000 URLs of
//! `benches/mixed-urls.txt`, every scheme, lengths like real links, a quarter invalid by RFC
//! 1738, each spoiled by one character at a place that depends on its length; made by
//! `benches/make_mixed.py`; every parser, rfc1738's with its full `ParseError`) and
//! `mixed_dialects` (the same read by `parse_reference` in each dialect, each error
//! diagnosed: 25% invalid by RFC 1738, 42% by RFC 1630, 27% by the draft, 20% by RFC 2396).
//!
//! Each peer parses and extracts host, port and path, as rfc1738's typed parse does;
//! fluent-uri twice, 0.3 (`fluent-uri`) and 0.4 (`fluent-uri-04`).
//!
//! `PARSE_INTERLEAVED=300` runs no criterion group: rfc1738 and both fluent-uri versions
//! take turns, a block of about 10,000 parses each, 300 rounds, on the valid corpus, the
//! invalid one, the dirty corpus and its two parts, and each class, and the smallest block
//! of each is printed ([`interleaved`]). On a machine shared with other work the turns see
//! the same load, where criterion's groups, run one after the other, may not.

mod support;

use criterion::{Criterion, Throughput, black_box};
use std::path::PathBuf;
use std::str::FromStr;
use support::median_ns;

fn lines(file: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("benches")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}

/// Parse and extract (host, port, path length) with each parser.
type Extract = fn(&str) -> Option<(usize, Option<u16>, usize)>;

/// The parse of fluent-uri's version `$crate_name` (0.3 and 0.4 spell it alike): host,
/// port and path read.
macro_rules! fluent_uri_parse {
    ($crate_name:ident) => {
        |input| {
            let uri = $crate_name::Uri::parse(input).ok()?;
            let (host, port) = uri.authority().map_or((0, None), |authority| {
                (
                    authority.host().len(),
                    authority.port_to_u16().ok().flatten(),
                )
            });
            Some((host, port, uri.path().as_str().len()))
        }
    };
}

const PARSERS: &[(&str, Extract)] = &[
    ("rfc1738", |input| {
        // An error is complete when `parse` returns it; its offset is read all the same.
        let url = rfc1738::parse(input)
            .map_err(|error| black_box(error.offset()))
            .ok()?;
        Some((
            url.host().map_or(0, |host| host.as_str().len()),
            url.port(),
            url.url_path().map_or(0, str::len),
        ))
    }),
    ("fluent-uri", fluent_uri_parse!(fluent_uri)),
    ("fluent-uri-04", fluent_uri_parse!(fluent_uri_04)),
    ("url", |input| {
        let url = url::Url::parse(input).ok()?;
        Some((
            url.host_str().map_or(0, str::len),
            url.port(),
            url.path().len(),
        ))
    }),
    ("oxiri", |input| {
        let iri = oxiri::Iri::parse(input).ok()?;
        Some((iri.authority().map_or(0, str::len), None, iri.path().len()))
    }),
    ("iri-string", |input| {
        let uri = iri_string::types::UriStr::new(input).ok()?;
        Some((
            uri.authority_str().map_or(0, str::len),
            None,
            uri.path_str().len(),
        ))
    }),
    ("http", |input| {
        let uri = http::Uri::from_str(input).ok()?;
        Some((
            uri.host().map_or(0, str::len),
            uri.port_u16(),
            uri.path().len(),
        ))
    }),
];

fn bench_inputs(c: &mut Criterion, group: &str, inputs: &[String], parsers: &[(&str, Extract)]) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(inputs.len() as u64));
    for &(name, extract) in parsers {
        group.bench_function(name, |b| {
            b.iter(|| {
                for input in inputs {
                    black_box(extract(black_box(input)));
                }
            })
        });
    }
    group.finish();
}

/// The validity check of the three dialects on the same inputs, each read as a reference
/// (`[URL:] url [#frag]`): `dialects`.
const DIALECTS_VALIDITY: &[(&str, Extract)] = &[
    ("rfc1738", |input| valid(input, rfc1738::Dialect::Rfc1738)),
    ("rfc1630", |input| valid(input, rfc1738::Dialect::Rfc1630)),
    ("draft", |input| {
        valid(input, rfc1738::Dialect::DraftWwwUri00)
    }),
];

/// The three dialects on the same inputs, each read as a reference (`[URL:] url [#frag]`),
/// each on its grammar compiled by `build.rs`: `dialects_valid`.
const DIALECTS: &[(&str, Extract)] = &[
    ("rfc1738", |input| {
        reference(input, rfc1738::Dialect::Rfc1738)
    }),
    ("rfc1630", |input| {
        reference(input, rfc1738::Dialect::Rfc1630)
    }),
    ("draft", |input| {
        reference(input, rfc1738::Dialect::DraftWwwUri00)
    }),
];

/// The dialects again, each error diagnosed (its offset read), as the `invalid` group
/// does: `dialects_diagnosed`.
const DIALECTS_DIAGNOSED: &[(&str, Extract)] = &[
    ("rfc1738", |input| {
        diagnosed(input, rfc1738::Dialect::Rfc1738)
    }),
    ("rfc1630", |input| {
        diagnosed(input, rfc1738::Dialect::Rfc1630)
    }),
    ("draft", |input| {
        diagnosed(input, rfc1738::Dialect::DraftWwwUri00)
    }),
    ("rfc2396", |input| {
        diagnosed(input, rfc1738::Dialect::Rfc2396)
    }),
];

fn valid(input: &str, dialect: rfc1738::Dialect) -> Option<(usize, Option<u16>, usize)> {
    rfc1738::is_valid_reference(input, dialect).then_some((0, None, 0))
}

fn reference(input: &str, dialect: rfc1738::Dialect) -> Option<(usize, Option<u16>, usize)> {
    let reference = rfc1738::parse_reference(input, dialect).ok()?;
    components(reference.url())
}

fn diagnosed(input: &str, dialect: rfc1738::Dialect) -> Option<(usize, Option<u16>, usize)> {
    let reference = rfc1738::parse_reference(input, dialect)
        .map_err(|error| black_box(error.offset()))
        .ok()?;
    components(reference.url())
}

fn components(url: &rfc1738::Url<'_>) -> Option<(usize, Option<u16>, usize)> {
    Some((
        url.host().map_or(0, |host| host.as_str().len()),
        url.port(),
        url.url_path().map_or(0, str::len),
    ))
}

/// The sizes of the `long` groups.
const LONG: &[(&str, usize)] = &[
    ("1KiB", 1 << 10),
    ("64KiB", 1 << 16),
    ("1MiB", 1 << 20),
    ("16MiB", 1 << 24),
];

/// A valid http URL of about `size` bytes (`http://h/ab/ab/...`).
fn long_url(size: usize) -> String {
    format!("http://h/{}", "ab/".repeat(size / 3))
}

fn bench_long(c: &mut Criterion) {
    let mut group = c.benchmark_group("long");
    // Ten samples: a pass over 16 MiB takes milliseconds.
    group.sample_size(10);
    for &(name, size) in LONG {
        let input = long_url(size);
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| black_box(rfc1738::parse(black_box(&input)).is_ok()))
        });
    }
    group.finish();
    // `parse_reference` in each dialect, on the same valid URLs (`long_<dialect>`), and on
    // the same with an invalid character at the very end, diagnosed in full
    // (`long_invalid_<dialect>`).
    for (invalid, prefix) in [(false, "long"), (true, "long_invalid")] {
        for &(dialect_name, dialect) in LONG_DIALECTS {
            let mut group = c.benchmark_group(format!("{prefix}_{dialect_name}"));
            group.sample_size(10);
            for &(name, size) in LONG {
                let mut input = long_url(size);
                if invalid {
                    input.push('<');
                }
                assert_eq!(
                    rfc1738::parse_reference(&input, dialect).is_ok(),
                    !invalid,
                    "{prefix} {dialect_name} {name}"
                );
                group.throughput(Throughput::Bytes(input.len() as u64));
                group.bench_function(name, |b| {
                    b.iter(|| {
                        let read = rfc1738::parse_reference(black_box(&input), dialect);
                        black_box(read.map_err(|error| black_box(error.offset())).is_ok())
                    })
                });
            }
            group.finish();
        }
    }
}

const LONG_DIALECTS: &[(&str, rfc1738::Dialect)] = &[
    ("rfc1738", rfc1738::Dialect::Rfc1738),
    ("rfc1630", rfc1738::Dialect::Rfc1630),
    ("draft", rfc1738::Dialect::DraftWwwUri00),
];

fn print_ratios(valid: usize, invalid: usize) {
    println!(
        "\nmedian time per URL (ratio to fluent-uri 0.3 and 0.4; URLs per second on one core)"
    );
    let per_url = |name: &str| median_ns("valid", name).map(|ns| ns / valid as f64);
    let (base_03, base_04) = (per_url("fluent-uri"), per_url("fluent-uri-04"));
    let ratio = |time: f64, base: Option<f64>| {
        base.map_or(String::new(), |base| format!("{:.2}x", time / base))
    };
    for &(name, _) in PARSERS {
        let Some(time) = per_url(name) else {
            continue;
        };
        println!(
            "  valid    {name:<13} {time:>9.1} ns  {:>6} {:>6}  {:>12.0}/s",
            ratio(time, base_03),
            ratio(time, base_04),
            1e9 / time
        );
    }
    let base = median_ns("dialects", "rfc1738");
    for &(name, _) in DIALECTS_VALIDITY {
        if let Some(ns) = median_ns("dialects", name) {
            let ratio = base.map_or(String::new(), |base| format!("{:.2}x", ns / base));
            println!(
                "  dialect  {name:<11} {:>9.1} ns  {ratio:>6} of rfc1738 (validity check)",
                ns / valid as f64
            );
        }
    }
    let base = median_ns("dialects_diagnosed", "rfc1738");
    for &(name, _) in DIALECTS_DIAGNOSED {
        if let Some(ns) = median_ns("dialects_diagnosed", name) {
            let ratio = base.map_or(String::new(), |base| format!("{:.2}x", ns / base));
            println!(
                "  dialect  {name:<11} {:>9.1} ns  {ratio:>6} of rfc1738 (each error diagnosed)",
                ns / valid as f64
            );
        }
    }
    let base = median_ns("dialects_valid", "rfc1738");
    for &(name, _) in DIALECTS {
        if let Some(ns) = median_ns("dialects_valid", name) {
            let ratio = base.map_or(String::new(), |base| format!("{:.2}x", ns / base));
            println!("  dialect  {name:<11} {ratio:>6} of rfc1738 (valid in every dialect)");
        }
    }
    if let Some(ns) = median_ns("invalid", "rfc1738") {
        let per_url = ns / invalid as f64;
        println!(
            "  invalid  {:<11} {per_url:>9.1} ns          {:>12.0}/s",
            "rfc1738",
            1e9 / per_url
        );
    }
    print_mixed_ratios();
    if let (Some(check), Some(parse)) = (
        median_ns("invalid_check", "rfc1738"),
        median_ns("valid", "rfc1738"),
    ) {
        println!(
            "  invalid  is_valid    {:>9.1} ns  {:.2}x of the valid parse",
            check / invalid as f64,
            (check / invalid as f64) / (parse / valid as f64)
        );
    }
    let groups = std::iter::once("long".to_owned()).chain(
        ["long", "long_invalid"].iter().flat_map(|prefix| {
            LONG_DIALECTS
                .iter()
                .map(move |(d, _)| format!("{prefix}_{d}"))
        }),
    );
    for group in groups {
        let invalid = usize::from(group.starts_with("long_invalid"));
        for &(name, size) in LONG {
            if let Some(ns) = median_ns(&group, name) {
                let bytes = long_url(size).len() + invalid;
                println!("  {group:<20} {name:<6} {:>9.2} ns/byte", ns / bytes as f64);
            }
        }
    }
}

/// The dirty corpus (`benches/mixed-urls.txt`) in its two parts: the URLs valid by RFC
/// 1738 (`mixed_valid`) and the others (`mixed_invalid`).
fn mixed_parts() -> (Vec<String>, Vec<String>) {
    lines("mixed-urls.txt")
        .into_iter()
        .partition(|url| rfc1738::is_valid(url))
}

/// The dirty corpus (`mixed`, `mixed_dialects`): each parser per URL and against
/// fluent-uri 0.4, and each dialect against RFC 1738's reading.
fn print_mixed_ratios() {
    let (valid, invalid) = mixed_parts();
    let (valid, invalid) = (valid.len() as f64, invalid.len() as f64);
    let count = valid + invalid;
    let base = median_ns("mixed", "fluent-uri-04");
    for &(name, _) in PARSERS {
        if let Some(ns) = median_ns("mixed", name) {
            let ratio = base.map_or(String::new(), |base| format!("{:.2}x", ns / base));
            println!(
                "  mixed    {name:<13} {:>9.1} ns  {ratio:>6} of fluent-uri 0.4 ({:.0}% invalid)",
                ns / count,
                100.0 * invalid / count
            );
        }
    }
    if let (Some(good), Some(bad)) = (
        median_ns("mixed_valid", "rfc1738"),
        median_ns("mixed_invalid", "rfc1738"),
    ) {
        println!(
            "  mixed    rfc1738 valid {:>9.1} ns, invalid (full ParseError) {:>9.1} ns: {:.2}x",
            good / valid,
            bad / invalid,
            (bad / invalid) / (good / valid)
        );
    }
    if let (Some(good), Some(bad)) = (
        median_ns("mixed_valid", "fluent-uri-04"),
        median_ns("mixed_invalid", "fluent-uri-04"),
    ) {
        println!(
            "  mixed    fluent-uri-04 valid {:>9.1} ns, invalid {:>9.1} ns",
            good / valid,
            bad / invalid
        );
    }
    let base = median_ns("mixed_dialects", "rfc1738");
    for &(name, _) in DIALECTS_DIAGNOSED {
        if let Some(ns) = median_ns("mixed_dialects", name) {
            let ratio = base.map_or(String::new(), |base| format!("{:.2}x", ns / base));
            println!(
                "  mixed    {name:<13} {:>9.1} ns  {ratio:>6} of rfc1738 (each error diagnosed)",
                ns / count
            );
        }
    }
}

/// The classes of the valid corpus: each predefined scheme of RFC 1738 and every other
/// scheme (`generic`), each split at 24 bytes into `short` and `long` (the corpus's median
/// length is 17).
fn classes(valid: &[String]) -> Vec<(String, Vec<String>)> {
    const SCHEMES: [&str; 10] = [
        "http", "ftp", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero",
    ];
    let mut classes: Vec<(String, Vec<String>)> = Vec::new();
    for input in valid {
        let scheme = input.split(':').next().unwrap_or("").to_ascii_lowercase();
        let scheme = SCHEMES
            .iter()
            .find(|&&known| known == scheme)
            .copied()
            .unwrap_or("generic");
        let length = if input.len() <= 24 { "short" } else { "long" };
        let class = format!("{scheme}-{length}");
        match classes.iter_mut().find(|(name, _)| *name == class) {
            Some((_, inputs)) => inputs.push(input.clone()),
            None => classes.push((class, vec![input.clone()])),
        }
    }
    classes.sort();
    classes
}

/// Each class of the valid corpus ([`classes`]) by rfc1738 and both fluent-uri versions:
/// group `class`, functions `<class>/<parser>`.
fn bench_classes(c: &mut Criterion, classes: &[(String, Vec<String>)]) {
    let mut group = c.benchmark_group("class");
    for (class, inputs) in classes {
        group.throughput(Throughput::Elements(inputs.len() as u64));
        for &(name, extract) in &PARSERS[..3] {
            group.bench_function(format!("{class}/{name}"), |b| {
                b.iter(|| {
                    for input in inputs {
                        black_box(extract(black_box(input)));
                    }
                })
            });
        }
    }
    group.finish();
}

/// The validity check of the invalid inputs (`rfc1738::is_valid`: no error looked for):
/// group `invalid_check`, to set beside the valid parse's time.
fn bench_invalid_check(c: &mut Criterion, invalid: &[String]) {
    let mut group = c.benchmark_group("invalid_check");
    group.throughput(Throughput::Elements(invalid.len() as u64));
    group.bench_function("rfc1738", |b| {
        b.iter(|| {
            for input in invalid {
                black_box(rfc1738::is_valid(black_box(input)));
            }
        })
    });
    group.finish();
}

/// The ratios of each class to fluent-uri 0.3 and 0.4.
fn print_class_ratios(classes: &[(String, Vec<String>)]) {
    println!("\nper class: median time per URL (ratio to fluent-uri 0.3 and 0.4)");
    for (class, inputs) in classes {
        let per_url = |name: &str| {
            median_ns("class", &format!("{class}/{name}")).map(|ns| ns / inputs.len() as f64)
        };
        let (Some(time), Some(base_03), Some(base_04)) = (
            per_url("rfc1738"),
            per_url("fluent-uri"),
            per_url("fluent-uri-04"),
        ) else {
            continue;
        };
        println!(
            "  {class:<16} {:>4} URLs  {time:>7.1} ns  {:>5.2}x {:>5.2}x",
            inputs.len(),
            time / base_03,
            time / base_04
        );
    }
}

/// `PARSE_INTERLEAVED=ROUNDS`: the typed parse and both fluent-uri versions in turns, on
/// the valid corpus, the invalid one (rfc1738's errors complete, fluent-uri's an index), the
/// dirty corpus (`mixed`, `mixed_valid`, `mixed_invalid`) and each class; for each, the
/// smallest block's time per URL and the ratios. Returns whether it ran.
fn interleaved(valid: &[String], invalid: &[String], classes: &[(String, Vec<String>)]) -> bool {
    let Ok(rounds) = std::env::var("PARSE_INTERLEAVED") else {
        return false;
    };
    let rounds: usize = rounds
        .parse()
        .expect("PARSE_INTERLEAVED: a number of rounds");
    let turns = [PARSERS[0], PARSERS[1], PARSERS[2]];
    println!(
        "smallest of {rounds} interleaved blocks, ns per URL (ratio to fluent-uri 0.3 and 0.4)"
    );
    let (mixed_valid, mixed_invalid) = mixed_parts();
    let corpora = [
        ("valid".to_owned(), valid.to_vec()),
        ("invalid".to_owned(), invalid.to_vec()),
        ("mixed".to_owned(), lines("mixed-urls.txt")),
        ("mixed_valid".to_owned(), mixed_valid),
        ("mixed_invalid".to_owned(), mixed_invalid),
    ];
    for (name, inputs) in corpora.into_iter().chain(classes.iter().cloned()) {
        let repeat = (10_000 / inputs.len()).max(1);
        let mut best = [f64::MAX; 3];
        for _ in 0..rounds {
            for (best, (_, parse)) in best.iter_mut().zip(turns) {
                let start = std::time::Instant::now();
                for _ in 0..repeat {
                    for input in &inputs {
                        black_box(parse(black_box(input)));
                    }
                }
                *best = best.min(start.elapsed().as_secs_f64());
            }
        }
        let per_url = best.map(|time| time * 1e9 / (repeat * inputs.len()) as f64);
        println!(
            "  {name:<16} {:>4} URLs  {:>6.1} ns  {:>6.1}  {:>6.1}   {:.2}x  {:.2}x",
            inputs.len(),
            per_url[0],
            per_url[1],
            per_url[2],
            per_url[0] / per_url[1],
            per_url[0] / per_url[2]
        );
    }
    true
}

/// `PARSE_PASSES=N PARSE_ONLY=GROUP` (`valid`, `invalid`, `mixed`, `mixed_valid`,
/// `mixed_invalid`; `PARSE_DIALECT` for `parse_reference` in a dialect, diagnosed;
/// `PARSE_PEER` for a peer of [`PARSERS`] by its name, `fluent-uri-04`): the typed parse
/// over the group's inputs N times, untimed, for callgrind (the instructions of N passes
/// less those of one are N - 1 passes'). Returns whether it ran.
fn passes(valid: &[String], invalid: &[String]) -> bool {
    let Ok(passes) = std::env::var("PARSE_PASSES") else {
        return false;
    };
    let passes: usize = passes.parse().expect("PARSE_PASSES: a number of passes");
    let group = std::env::var("PARSE_ONLY").unwrap_or_else(|_| "valid".to_owned());
    let inputs: Vec<String> = match group.as_str() {
        "valid" => valid.to_vec(),
        "invalid" => invalid.to_vec(),
        "mixed" => lines("mixed-urls.txt"),
        "mixed_valid" => mixed_parts().0,
        "mixed_invalid" => mixed_parts().1,
        other => panic!("PARSE_ONLY: no group {other}"),
    };
    let parse: Extract = match (std::env::var("PARSE_DIALECT"), std::env::var("PARSE_PEER")) {
        (Err(_), Err(_)) => PARSERS[0].1,
        (Err(_), Ok(name)) => {
            PARSERS
                .iter()
                .find(|(peer, _)| *peer == name)
                .unwrap_or_else(|| panic!("PARSE_PEER: no parser {name}"))
                .1
        }
        (Ok(_), Ok(_)) => panic!("PARSE_DIALECT and PARSE_PEER: one or the other"),
        (Ok(name), Err(_)) => {
            DIALECTS_DIAGNOSED
                .iter()
                .find(|(dialect, _)| *dialect == name)
                .unwrap_or_else(|| panic!("PARSE_DIALECT: no dialect {name}"))
                .1
        }
    };
    for _ in 0..passes {
        for input in &inputs {
            black_box(parse(black_box(input)));
        }
    }
    println!("{passes} passes over {} inputs of {group}", inputs.len());
    true
}

fn main() {
    let valid = lines("valid-urls.txt");
    let invalid = lines("invalid-urls.txt");
    let classes = classes(&valid);
    if interleaved(&valid, &invalid, &classes) || passes(&valid, &invalid) {
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench_inputs(&mut c, "valid", &valid, PARSERS);
    bench_classes(&mut c, &classes);
    bench_inputs(&mut c, "invalid", &invalid, &PARSERS[..1]);
    bench_invalid_check(&mut c, &invalid);
    bench_inputs(&mut c, "dialects", &valid, DIALECTS_VALIDITY);
    bench_inputs(&mut c, "dialects_diagnosed", &valid, DIALECTS_DIAGNOSED);
    // The same without the inputs some dialect rejects (RFC 1630 reserves ";", "=", ":"
    // and space in paths, and has no file URL form): a valid reading in every dialect.
    let everywhere: Vec<String> = valid
        .iter()
        .filter(|input| DIALECTS.iter().all(|(_, read)| read(input).is_some()))
        .cloned()
        .collect();
    bench_inputs(&mut c, "dialects_valid", &everywhere, DIALECTS);
    let mixed = lines("mixed-urls.txt");
    bench_inputs(&mut c, "mixed", &mixed, PARSERS);
    bench_inputs(&mut c, "mixed_dialects", &mixed, DIALECTS_DIAGNOSED);
    // Its valid and its invalid URLs apart: what an invalid one costs against a valid one
    // of the same lengths.
    let (mixed_valid, mixed_invalid) = mixed_parts();
    let pair = [PARSERS[0], PARSERS[2]];
    bench_inputs(&mut c, "mixed_valid", &mixed_valid, &pair);
    bench_inputs(&mut c, "mixed_invalid", &mixed_invalid, &pair);
    bench_long(&mut c);
    c.final_summary();
    print_ratios(valid.len(), invalid.len());
    print_class_ratios(&classes);
}
