//! The command line on web archives (`links`, `extract`: detection, `--json` lines, the
//! archive summary on standard error, exit status), on hand-made ARC and WARC files and the
//! archive cases of the corpus. (The record reader alone: `crates/archive/tests/records.rs`.)

mod common;

use rfc1738_test_support::archives::{crawl, file, gz, html, warc_lying, HTTP};

/// Runs the command: its standard output, standard error and exit status.
fn rfc1738(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let (status, out, err) = common::cli::run_with(args, &[], stdin);
    (out, err, status)
}

#[test]
fn links_reads_a_gzipped_warc_from_standard_input_with_the_records_fields() {
    let members: Vec<Vec<u8>> = crawl().iter().map(|r| gz(r)).collect();
    let (bytes, o) = file(&members);
    let (stdout, stderr, status) = rfc1738(&["links", "--json"], &bytes);
    assert_eq!(status, 0, "{stderr}");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // The page's link and the resource's (text/plain is no page).
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["record_url"], "http://info.cern.ch/");
    assert_eq!(lines[0]["record_date"], "2008-04-30T20:48:25Z");
    assert_eq!(lines[0]["record_offset"], o[2]);
    assert_eq!(lines[0]["result"], "http://info.cern.ch/a.html");
    assert_eq!(lines[1]["result"], "file:///x");
    let summary: serde_json::Value = serde_json::from_str(stderr.trim()).unwrap();
    assert_eq!(summary["pages"], 2);
    assert_eq!(summary["skipped"]["request"], 1);
    assert_eq!(summary["skipped"]["revisit"], 1);
    assert_eq!(summary["other_media_types"]["text/plain"], 1);
    assert_eq!(summary["problem_count"], 0);
}

#[test]
fn a_bad_record_is_told_on_standard_error_and_the_status_is_2() {
    let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    let liar = warc_lying("response", "http://h/liar", HTTP, page, page.len() - 5);
    let (bytes, o) = file(&[liar, html("http://h/next", "<a href=y>y</a>")]);
    let (stdout, stderr, status) = rfc1738(&["links", "-"], &bytes);
    assert_eq!(status, 2);
    assert_eq!(
        stdout,
        format!(
            "-@{} http://h/next:1: a href y -> http://h/y  (valid http)\n",
            o[1]
        )
    );
    assert!(
        stderr.starts_with("rfc1738 links: -: record at byte 0 (http://h/liar): the record does not end where its length"),
        "{stderr}"
    );
    let (stdout, stderr, status) = rfc1738(&["links", "--json"], &bytes);
    assert_eq!(status, 2);
    assert_eq!(stdout.lines().count(), 1);
    let summary: serde_json::Value = serde_json::from_str(stderr.lines().last().unwrap()).unwrap();
    assert_eq!(summary["problem_count"], 2);
    assert_eq!(summary["problems"][0]["code"], "length");
    assert_eq!(summary["problems"][0]["url"], "http://h/liar");
    assert_eq!(summary["problems"][0]["offset"], 0);
}

#[test]
fn extract_reads_the_text_records_and_html_stays_html() {
    let (bytes, o) = file(&crawl());
    let (stdout, _, status) = rfc1738(&["extract", "--json", "--format", "warc"], &bytes);
    assert_eq!(status, 0);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert_eq!(lines[0]["url"], "http://h/");
    assert_eq!(lines[0]["record_offset"], o[5]);
    // A page is read as before: no record fields, nothing on standard error.
    let (stdout, stderr, status) =
        rfc1738(&["links", "--json", "--base", "http://h/"], b"<a href=x>");
    assert_eq!((stderr.as_str(), status), ("", 0));
    assert!(
        stdout.starts_with("{\"file\":\"-\",\"line\":1,"),
        "{stdout}"
    );
    // --format html reads an archive as a page.
    let (stdout, _, _) = rfc1738(&["links", "--json", "--format", "html"], &bytes);
    assert!(!stdout.contains("record_url"));
}

// ---------------------------------------------------------------------------------------
// The archive cases of the corpus (corpus/archives/), through the binary
// ---------------------------------------------------------------------------------------

/// Every case of `corpus/archives/cases.jsonl`: `rfc1738 links --json FILE`, run from
/// `corpus/archives/`, prints the golden `EXPECTED.jsonl` (its links, then its archive
/// summary, the last line of standard error) and exits with `status`. `BLESS=1` rewrites
/// the goldens and the statuses from the binary (review the diff).
#[test]
fn the_archive_cases_of_the_corpus_give_their_goldens() {
    let folder = rfc1738_test_support::root().join("corpus/archives");
    let bless = std::env::var_os("BLESS").is_some();
    let cases_file = folder.join("cases.jsonl");
    let mut cases: Vec<serde_json::Value> = std::fs::read_to_string(&cases_file)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut wrong = Vec::new();
    for case in &mut cases {
        let file = case["file"].as_str().unwrap().to_owned();
        let expected = case["expected"].as_str().unwrap().to_owned();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
            .args(["links", "--json", &file])
            .current_dir(&folder)
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        let summary = stderr.lines().last().unwrap_or_default();
        assert!(
            summary.starts_with("{\"summary\":\"archive\""),
            "{file}: {stderr}"
        );
        let got = format!("{stdout}{summary}\n");
        let status = output.status.code().unwrap();
        let golden = folder.join(format!("{expected}.jsonl"));
        if bless {
            std::fs::write(&golden, &got).unwrap();
            case["status"] = status.into();
            continue;
        }
        let want = std::fs::read_to_string(&golden).unwrap_or_default();
        if got != want {
            wrong.push(format!("{file}: output differs from {expected}.jsonl"));
        }
        if case["status"] != status {
            wrong.push(format!(
                "{file}: exit status {status}, not {}",
                case["status"]
            ));
        }
    }
    if bless {
        let lines: Vec<String> = cases.iter().map(|case| case.to_string()).collect();
        std::fs::write(&cases_file, lines.join("\n") + "\n").unwrap();
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
