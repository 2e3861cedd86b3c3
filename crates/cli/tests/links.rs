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
        // The modes a case names, or the four of 1993-1995 (corpus/README.md, "Link
        // cases"; the later standards' modes only where a case names them).
        let modes: Vec<ResolveMode> = match case["modes"].as_array() {
            Some(names) => names
                .iter()
                .map(|name| name.as_str().unwrap().parse().unwrap())
                .collect(),
            None => ResolveMode::ALL[..4].to_vec(),
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

/// Runs `rfc1738 links ARGS`: status, stdout, stderr.
fn links(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .arg("links")
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_mirror_is_read_folder_by_folder_each_page_against_its_own_base() {
    // A mirror as a crawl leaves it: pages in folders, a manifest of file and URL beside
    // them, an image and the manifest itself among them.
    let root = tempfile::tempdir().unwrap();
    let site = root.path().join("info.cern.ch");
    std::fs::create_dir_all(site.join("hypertext/WWW")).unwrap();
    std::fs::write(
        site.join("index.html"),
        "<A HREF=hypertext/WWW/TheProject.html>p</A>",
    )
    .unwrap();
    std::fs::write(
        site.join("hypertext/WWW/TheProject.html"),
        "<A HREF=../Status.html>s</A>",
    )
    .unwrap();
    std::fs::write(
        site.join("hypertext/WWW/My Page.HTM"),
        "<A HREF=x.html>x</A>",
    )
    .unwrap();
    std::fs::write(site.join("hypertext/WWW/icon.gif"), "GIF89a").unwrap();
    let manifest = site.join("MANIFEST.tsv");
    std::fs::write(
        &manifest,
        "# file\turl\nindex.html\thttp://info.cern.ch/\nhypertext/WWW/TheProject.html\thttp://info.cern.ch/hypertext/WWW/TheProject.html\n",
    )
    .unwrap();
    let site_arg = site.to_str().unwrap();
    let results = |stdout: &str| -> Vec<(String, String)> {
        stdout
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .map(|link| {
                let file = link["file"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_owned();
                (file, link["result"].as_str().unwrap_or("-").to_owned())
            })
            .collect()
    };
    // The manifest's bases; the page it does not list takes --base; in the order of the
    // paths, the image and the manifest left out (and counted).
    let (status, out, err) = links(&[
        "--json",
        "--summary",
        "--bases",
        manifest.to_str().unwrap(),
        "--base",
        "http://elsewhere.example/",
        site_arg,
    ]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(
        results(&out),
        [
            (
                "My Page.HTM".to_owned(),
                "http://elsewhere.example/x.html".to_owned()
            ),
            (
                "TheProject.html".to_owned(),
                "http://info.cern.ch/hypertext/Status.html".to_owned()
            ),
            (
                "index.html".to_owned(),
                "http://info.cern.ch/hypertext/WWW/TheProject.html".to_owned()
            ),
        ]
    );
    assert!(
        err.contains("2 files of the folders given left out"),
        "{err}"
    );
    // A prefix in the URL's place: the path under the folder, escaped.
    let prefix = format!("{site_arg}=http://info.cern.ch");
    let (status, out, _) = links(&["--json", "--base-prefix", &prefix, site_arg]);
    assert_eq!(status, 0);
    assert_eq!(
        results(&out)[0],
        (
            "My Page.HTM".to_owned(),
            "http://info.cern.ch/hypertext/WWW/x.html".to_owned()
        )
    );
    let (_, out, _) = links(&[
        "--base-prefix",
        &prefix,
        site.join("hypertext/WWW/My Page.HTM").to_str().unwrap(),
    ]);
    assert!(
        out.contains("-> http://info.cern.ch/hypertext/WWW/x.html  (valid http)"),
        "{out}"
    );
    // A manifest line without a tab, a URL without a scheme, a prefix without a folder:
    // usage errors that name the place.
    let bad = root.path().join("bad.tsv");
    std::fs::write(&bad, "index.html http://info.cern.ch/\n").unwrap();
    let (status, _, err) = links(&["--bases", bad.to_str().unwrap(), site_arg]);
    assert_eq!(status, 2);
    assert!(err.contains("bad.tsv:1: a line is PATH<TAB>URL"), "{err}");
    std::fs::write(&bad, "index.html\tinfo.cern.ch/\n").unwrap();
    let (status, _, err) = links(&["--bases", bad.to_str().unwrap(), site_arg]);
    assert_eq!(status, 2);
    assert!(err.contains("is not an absolute URL"), "{err}");
    let (status, _, err) = links(&["--base-prefix", "no-such-folder=http://h/", site_arg]);
    assert_eq!(status, 2);
    assert!(err.contains("no-such-folder"), "{err}");
}
