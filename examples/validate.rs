//! Validate a file of URL references, one per line (or standard input): print each invalid
//! line with where and why, then a count. Exit status 1 when any line is invalid, 2 when the
//! file cannot be read.
//!
//! "Valid" answers the question `rfc1738 parse` asks by default: is the line a URL
//! reference by RFC 1738, `[URL:] url [#fragment]` (`rfc1738::parse_reference`)? The
//! library's `rfc1738::parse` asks of a URL alone, without prefix or fragment
//! (`rfc1738 parse --url-only`).
//!
//! ```text
//! cargo run --example validate -- urls.txt
//! ```

use rfc1738::Dialect;
use std::io::{self, BufRead, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let path = std::env::args().nth(1);
    let name = path.as_deref().unwrap_or("-");
    let input: Box<dyn BufRead> = match &path {
        Some(path) => match std::fs::File::open(path) {
            Ok(file) => Box::new(BufReader::new(file)),
            Err(error) => {
                eprintln!("validate: {path}: {error}");
                return ExitCode::from(2);
            }
        },
        None => Box::new(io::stdin().lock()),
    };
    match validate(input, name) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("validate: {name}: {error}");
            ExitCode::from(2)
        }
    }
}

/// Prints the invalid lines and the count; returns whether every line was valid.
fn validate(input: impl BufRead, name: &str) -> io::Result<bool> {
    let (mut valid, mut invalid) = (0, 0);
    for (number, line) in input.split(b'\n').enumerate() {
        let line = line?;
        // A line is one URL reference; its CR LF ending is not part of it.
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        let Ok(text) = std::str::from_utf8(line) else {
            println!("{name}:{}: not UTF-8 (a URL is US-ASCII)", number + 1);
            invalid += 1;
            continue;
        };
        match rfc1738::parse_reference(text, Dialect::Rfc1738) {
            Ok(_) => valid += 1,
            Err(error) => {
                // The error shows the line, a caret under the fault, and the rule expected.
                println!("{name}:{}: {error:#}\n", number + 1);
                invalid += 1;
            }
        }
    }
    println!(
        "{valid} valid, {invalid} invalid (URL references: \"URL:\" and \"#fragment\" allowed)"
    );
    Ok(invalid == 0)
}
