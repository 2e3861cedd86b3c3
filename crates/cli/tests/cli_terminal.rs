//! The `rfc1738` binary on terminals and pipes: line-buffered answers, a terminal's hint,
//! colour and width.

mod common;

use common::cli::{run, run_with};
use pretty_assertions::assert_eq;
use std::io::Write;
use std::process::{Command, Stdio};

/// Spawns the binary with standard output and input on pipes and returns a channel of its
/// output lines, read as they come.
fn spawn_lines(args: &[&str]) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    (child, receive)
}

/// How long a test waits for an answer that should come at once (a hang, not a speed).
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

#[test]
fn line_buffered_answers_each_line_while_the_input_is_still_open() {
    for (args, answer) in [
        (vec!["parse", "--json", "--line-buffered"], "\"line\":1,"),
        (vec!["normalize", "--line-buffered"], "http://h/a"),
        (vec!["lint", "--json", "--line-buffered"], "\"line\":1,"),
    ] {
        let (mut child, lines) = spawn_lines(&args);
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"HTTP://h/a\n").unwrap();
        stdin.flush().unwrap();
        let first = lines.recv_timeout(PATIENCE);
        assert!(
            first.as_deref().is_ok_and(|line| line.contains(answer)),
            "{args:?}: no answer while standard input is open: {first:?}"
        );
        drop(stdin);
        child.wait().unwrap();
    }
    let (mut child, lines) = spawn_lines(&["extract", "--line-buffered"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"see <URL:http://h/> and\n").unwrap();
    stdin.flush().unwrap();
    let first = lines.recv_timeout(PATIENCE);
    assert!(first.is_ok_and(|line| line.contains("http://h/")));
    drop(stdin);
    child.wait().unwrap();
}

/// Runs the binary on a terminal (a pseudo-terminal from util-linux's `script`), typing
/// `typed`, waiting for the terminal to show `answer`, then typing Ctrl-D; returns what the
/// terminal showed. `setup` runs first in the terminal's shell (`stty rows 24 cols 60`).
fn on_terminal(setup: &str, args: &str, env: &[(&str, &str)], typed: &str, answer: &str) -> String {
    let command = format!("{setup} {} {args}", env!("CARGO_BIN_EXE_rfc1738"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("util-linux's script runs");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::Read;
        let mut stdout = stdout;
        let mut buffer = [0; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut shown = Vec::new();
    let deadline = std::time::Instant::now() + PATIENCE;
    if !typed.is_empty() {
        // Type only once the mode says it reads the terminal: the terminal's echo of what
        // is typed would otherwise interleave with that hint.
        while !String::from_utf8_lossy(&shown).contains("from the terminal") {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match receive.recv_timeout(left) {
                Ok(bytes) => shown.extend(bytes),
                Err(_) => panic!("no hint: {:?}", String::from_utf8_lossy(&shown)),
            }
        }
    }
    stdin.write_all(typed.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // Wait for the answer to the typed line before ending the input: on a terminal it
    // comes at once, not at the end.
    while !String::from_utf8_lossy(&shown).contains(answer) {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match receive.recv_timeout(left) {
            Ok(bytes) => shown.extend(bytes),
            Err(_) => panic!(
                "no answer on the terminal before Ctrl-D: {:?}",
                String::from_utf8_lossy(&shown)
            ),
        }
    }
    stdin.write_all(b"\x04").unwrap();
    drop(stdin);
    child.wait().unwrap();
    while let Ok(bytes) = receive.recv_timeout(std::time::Duration::from_secs(5)) {
        shown.extend(bytes);
    }
    String::from_utf8_lossy(&shown).into_owned()
}

#[test]
fn on_a_terminal_each_line_is_answered_at_once_with_a_hint_and_colour() {
    let answer = "http://h:99999/\r\n-:1:10";
    let shown = on_terminal("", "parse", &[], "http://h:99999/\n", answer);
    assert!(
        shown.contains("rfc1738 parse: reading URLs (one per line) from the terminal"),
        "{shown:?}"
    );
    assert!(
        shown.contains("-:1:10: \x1b[1;31merror:\x1b[0m port"),
        "{shown:?}"
    );
    let shown = on_terminal(
        "",
        "parse",
        &[("NO_COLOR", "1")],
        "http://h:99999/\n",
        answer,
    );
    assert!(shown.contains("-:1:10: error: port"), "{shown:?}");
    assert!(!shown.contains("\x1b[1;31m"), "NO_COLOR: {shown:?}");
    let shown = on_terminal("", "parse --color never", &[], "http://h:99999/\n", answer);
    assert!(!shown.contains("\x1b[1;31m"), "--color never: {shown:?}");
    // Lint's severities, and normalize's error on standard error, are coloured too; the
    // terminal's lines keep their order.
    let shown = on_terminal("", "lint", &[], "telnet://h:2323/\n", "^^^^");
    assert!(
        shown.contains("\x1b[1;33mwarning\x1b[0m non-default-port in port"),
        "{shown:?}"
    );
    let shown = on_terminal("", "normalize", &[], "x y\nHTTP://H/\n", "http://h/\r\n");
    assert!(
        shown.contains("\x1b[1;31merror:\x1b[0m no scheme"),
        "{shown:?}"
    );
}

#[test]
fn colour_follows_the_option_and_never_reaches_a_pipe_by_default() {
    let (_, out) = run(&["parse", "http://h/ x"], b"");
    assert!(!out.contains('\x1b'), "auto: no colour into a pipe");
    let (_, _, err) = run_with(&["--color", "always", "parse", "http://h/ x"], &[], b"");
    assert!(err.contains("\x1b[1;31merror:\x1b[0m"), "{err:?}");
    let (_, out) = run(&["lint", "--color=always", "telnet://h:2323/"], b"");
    assert!(out.contains("\x1b[1;33mwarning\x1b[0m"), "{out:?}");
    let (_, out, err) = run_with(&["normalize", "--color=always", "x"], &[], b"");
    assert_eq!(out, "\n");
    assert!(err.contains("\x1b[1;31merror:"), "{err:?}");
    let (status, _, err) = run_with(&["parse", "--color", "sometimes", "x"], &[], b"");
    assert_eq!(status, 2);
    assert!(err.contains("auto, always, never"), "{err}");
}

#[test]
fn help_wraps_to_the_width_of_the_terminal() {
    let shown = on_terminal(
        "stty rows 24 cols 60;",
        "parse --help",
        &[],
        "",
        "Print help",
    );
    // Measured without clap's styling (ESC [ ... m).
    let mut plain = String::new();
    let mut chars = shown.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            plain.push(c);
        }
    }
    let widest = plain.lines().map(|line| line.chars().count()).max();
    assert!(widest.is_some_and(|width| width <= 60), "{plain}");
    assert!(plain.contains("rfc1630"), "{plain}");
}
