//! Every command-line example of README.md and of the book (`book/src/*.md`, in the order of
//! its SUMMARY.md), run: the front page and the guide cannot drift from the tool.
//!
//! A ```` ```console ```` block holds commands after `$ ` (run by `sh -c` in the crate's
//! folder, with the `rfc1738` binary first on the `PATH`), each followed by exactly what it
//! prints on standard output, byte for byte (its blank lines at the end too; an output
//! that does not end its last line cannot be shown, and fails). `BLESS=1 cargo test --test readme` rewrites the outputs from
//! the binary (review the diff before committing).

use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::Command;

/// One command of a console block and the output written under it.
struct Example {
    command: String,
    /// The README's lines of the output (from `output.start`, `output.len()` lines).
    output: std::ops::Range<usize>,
}

/// The examples of a markdown text, in order.
fn examples(lines: &[&str]) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut in_console = false;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_owned(),
                output: i + 1..i + 1,
            });
        } else if let Some(example) = examples.last_mut() {
            example.output.end = i + 1;
        }
    }
    examples
}

/// What the command prints on standard output.
fn run(command: &str) -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_rfc1738"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let output = Command::new("sh")
        .args(["-c", command])
        .current_dir(rfc1738_test_support::root())
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .env_remove("RFC1738_MAX_LINE")
        .output()
        .expect("sh runs");
    String::from_utf8(output.stdout).expect("the output is UTF-8")
}

/// README.md, then the book's chapters in the order of `book/src/SUMMARY.md` (an example
/// may use a file an earlier one wrote).
fn pages() -> Vec<std::path::PathBuf> {
    let root = rfc1738_test_support::root();
    let book = root.join("book/src");
    let summary = std::fs::read_to_string(book.join("SUMMARY.md")).unwrap();
    let mut pages = vec![root.join("README.md")];
    for line in summary.lines() {
        if let Some((_, rest)) = line.split_once("](") {
            pages.push(book.join(rest.trim_end_matches(')')));
        }
    }
    pages
}

#[test]
fn every_console_example_of_the_readme_prints_what_it_shows() {
    let mut count = 0;
    for file in pages() {
        count += check_page(&file);
    }
    assert!(
        count >= 12,
        "README.md and the book have {count} console examples"
    );
}

/// Runs the console examples of one page (or rewrites their outputs with BLESS); returns
/// how many it has.
fn check_page(file: &Path) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let examples = examples(&lines);
    let bless = std::env::var_os("BLESS").is_some();
    let mut blessed: Vec<String> = Vec::new();
    let mut copied = 0;
    let mut stale = Vec::new();
    for example in &examples {
        // Exactly what is shown, every line ended (blank lines at the end included).
        let shown: String = lines[example.output.clone()]
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        let printed = run(&example.command);
        if bless {
            blessed.extend(
                lines[copied..example.output.start]
                    .iter()
                    .map(|l| l.to_string()),
            );
            blessed.extend(printed.lines().map(str::to_owned));
            copied = example.output.end;
        } else if shown != printed {
            stale.push((example.command.clone(), shown, printed));
        }
    }
    if bless {
        blessed.extend(lines[copied..].iter().map(|l| l.to_string()));
        std::fs::write(file, blessed.join("\n") + "\n").unwrap();
        return examples.len();
    }
    for (command, shown, printed) in &stale {
        eprintln!("{}: $ {command}", file.display());
        assert_eq!(
            shown,
            printed,
            "{} shows another output (BLESS=1 rewrites it)",
            file.display()
        );
    }
    examples.len()
}

#[test]
fn examples_are_read_from_console_blocks_only() {
    let text = "```sh\n$ not this\n```\n```console\n$ a\nout\n\n$ b\n```\n$ nor this\n";
    let lines: Vec<&str> = text.lines().collect();
    let found: Vec<_> = examples(&lines)
        .into_iter()
        .map(|e| (e.command, lines[e.output].join("|")))
        .collect();
    assert_eq!(
        found,
        [
            ("a".to_owned(), "out|".to_owned()),
            ("b".to_owned(), String::new())
        ]
    );
}
