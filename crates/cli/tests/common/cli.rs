//! Running the `rfc1738` binary, and inputs for it, for the tests of the command line
//! (`cli*.rs`).

use std::io::Write;
use std::process::{Command, Stdio};

pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (status, out, _) = run_with(args, &[], stdin);
    (status, out)
}

/// Runs the binary with environment variables; returns the exit status, standard output
/// and standard error.
pub fn run_with(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Written from another thread: a large input and output would otherwise fill both
    // pipes and block each side on the other.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early (a usage error): a broken pipe is not ours.
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The JSON objects of an output, one per line.
pub fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// 100,000 mixed lines: valid, invalid, empty, CR LF, not UTF-8, whitespace, long.
pub fn mixed_lines() -> (Vec<u8>, Vec<String>) {
    let pool: [&[u8]; 12] = [
        b"http://info.cern.ch/",
        b"http://h/ x",
        b"",
        b"ftp://h/f;type=a\r",
        b"\xff\xfe",
        b"news:\xc3",
        b"   ",
        b"\t",
        b"gopher://h:70/1%0D%0A",
        b"HTTP://H:80/%7e",
        b"mailto:",
        b"URL:wais://h/db#frag",
    ];
    let mut stdin = Vec::new();
    let mut expected = Vec::new();
    let mut state = 1u32;
    for i in 0..100_000 {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let mut line = pool[(state >> 16) as usize % pool.len()].to_vec();
        if i % 1000 == 0 {
            // Now and then a long line.
            line.splice(0..0, b"a".repeat(10_000));
        }
        stdin.extend_from_slice(&line);
        stdin.push(b'\n');
        let text = line.strip_suffix(b"\r").unwrap_or(&line);
        expected.push(String::from_utf8_lossy(text).into_owned());
    }
    (stdin, expected)
}
