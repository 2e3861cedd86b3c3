//! `rfc1738 completions` and `rfc1738 man`: the scripts and pages are generated from the
//! command line's own definitions, so each must know every command.

use std::process::{Command, Output};

/// The commands of `rfc1738` (clap's `help` aside).
const COMMANDS: [&str; 14] = [
    "parse",
    "resolve",
    "timeline",
    "normalize",
    "key",
    "cdxj",
    "lint",
    "request",
    "fetch",
    "extract",
    "links",
    "serve",
    "completions",
    "man",
];

fn rfc1738(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .output()
        .expect("rfc1738 runs")
}

fn stdout(args: &[&str]) -> String {
    let output = rfc1738(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn every_shell_gets_a_script_that_knows_every_command() {
    let bash = stdout(&["completions", "bash"]);
    assert!(
        bash.contains("complete -F _rfc1738"),
        "a bash completion function"
    );
    for command in COMMANDS {
        assert!(
            bash.contains(&format!("rfc1738__subcmd__{command})")),
            "bash: {command}"
        );
    }
    // The options of a command, and the values of an enumerated one.
    assert!(bash.contains("--dialect") && bash.contains("rfc1630") && bash.contains("--url-only"));
    let zsh = stdout(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef rfc1738"));
    let fish = stdout(&["completions", "fish"]);
    let powershell = stdout(&["completions", "powershell"]);
    for command in COMMANDS {
        assert!(zsh.contains(&format!("'{command}:")), "zsh: {command}");
        assert!(
            fish.contains(&format!("-a \"{command}\"")),
            "fish: {command}"
        );
        assert!(
            powershell.contains(&format!("'{command}'")),
            "powershell: {command}"
        );
    }
    let unknown = rfc1738(&["completions", "tcsh"]);
    assert_eq!(unknown.status.code(), Some(2));
}

/// A page is roff that `man` reads: a `.TH` title naming the command, then its sections.
fn check_page(page: &str, title: &str) {
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq") || page.starts_with(".TH"),
        "{title}: {}",
        &page[..80.min(page.len())]
    );
    let th = page
        .lines()
        .find(|line| line.starts_with(".TH "))
        .unwrap_or_else(|| panic!("{title}: no .TH"));
    assert!(th.starts_with(&format!(".TH {title} 1 ")), "{th}");
    assert!(
        th.contains(&format!("\"rfc1738 {}\"", env!("CARGO_PKG_VERSION"))),
        "{th}"
    );
    assert!(
        page.contains(".SH NAME") && page.contains(".SH SYNOPSIS"),
        "{title}"
    );
    // No line may start a request with a character roff would misread from our text.
    for line in page.lines() {
        assert!(
            !line.starts_with('\''),
            "{title}: a line starts with a quote: {line}"
        );
    }
}

#[test]
fn each_command_has_its_manual_page() {
    let top = stdout(&["man"]);
    check_page(&top, "rfc1738");
    for command in COMMANDS {
        assert!(
            top.contains(&format!("rfc1738\\-{command}")),
            "the top page lists {command}"
        );
        let page = stdout(&["man", command]);
        check_page(&page, &format!("rfc1738-{command}"));
        assert!(
            page.contains(&format!("rfc1738 {command}")),
            "{command}: its synopsis"
        );
    }
    assert!(stdout(&["man", "parse"]).contains("\\-\\-dialect"));
    let unknown = rfc1738(&["man", "frobnicate"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("frobnicate"));
}

#[test]
fn man_dir_writes_one_page_per_command() {
    let dir = std::env::temp_dir().join(format!("rfc1738-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let output = rfc1738(&["man", "--dir", dir.to_str().unwrap()]);
    assert!(output.status.success());
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    let mut expected: Vec<String> = COMMANDS.iter().map(|c| format!("rfc1738-{c}.1")).collect();
    expected.push("rfc1738.1".to_owned());
    expected.sort();
    assert_eq!(written, expected);
    let parse = std::fs::read_to_string(dir.join("rfc1738-parse.1")).unwrap();
    assert_eq!(parse, stdout(&["man", "parse"]));
    std::fs::remove_dir_all(&dir).unwrap();
}
