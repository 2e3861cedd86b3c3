//! `rfc1738 links`: the pages of `corpus/links/` (listed in `corpus/links/pages.jsonl`) are
//! run through the binary in every mode and compared with their goldens
//! `corpus/links/NAME.MODE.jsonl`; `BLESS=1 cargo test -p rfc1738-cli --test links`
//! rewrites the goldens (review the diff). (The link lister itself:
//! `crates/links/tests/links.rs`.)

use rfc1738::resolution::ResolveMode;
use serde_json::Value;
use std::process::Command;

/// The corpus directory.
fn corpus() -> std::path::PathBuf {
    rfc1738_test_support::root().join("corpus")
}

/// `rfc1738 links --json` on a page of `corpus/links/`, run from `corpus/`.
fn links_json(case: &Value, mode: ResolveMode) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rfc1738"));
    command
        .current_dir(corpus())
        .args(["links", "--json", "--mode", mode.name()]);
    if let Some(base) = case["base"].as_str() {
        command.args(["--base", base]);
    }
    if let Some(max_len) = case["max_len"].as_u64() {
        command.args(["--max-len", &max_len.to_string()]);
    }
    if let Some(reading) = case["html"].as_str() {
        command.args(["--html", reading]);
    }
    let page = format!("links/{}", case["page"].as_str().unwrap());
    let output = command.arg(page).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_page_of_the_corpus_gives_its_golden_links_in_every_mode() {
    let manifest = std::fs::read_to_string(corpus().join("links/pages.jsonl")).unwrap();
    let cases: Vec<Value> = manifest
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(cases.len() >= 4);
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        // The modes a case names, or all four.
        let modes: Vec<ResolveMode> = match case["modes"].as_array() {
            Some(names) => names
                .iter()
                .map(|name| name.as_str().unwrap().parse().unwrap())
                .collect(),
            None => ResolveMode::ALL.to_vec(),
        };
        for mode in modes {
            let golden = corpus().join(format!(
                "links/{}.{}.jsonl",
                case["expected"].as_str().unwrap(),
                mode.name()
            ));
            let actual = links_json(case, mode);
            if bless {
                std::fs::write(&golden, &actual).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&golden).unwrap_or_default();
            let parse = |text: &str| -> Vec<Value> {
                text.lines()
                    .map(|l| serde_json::from_str(l).unwrap())
                    .collect()
            };
            if parse(&expected) != parse(&actual) {
                failures.push(format!(
                    "{} ({}):\n{}",
                    golden.display(),
                    case["id"],
                    pretty_assertions::StrComparison::new(&expected, &actual)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
