//! Validate a file of URLs, one per line (or standard input): print each invalid line with
//! where and why, then a count. Exit status 1 when any line is invalid.
//!
//! ```text
//! cargo run --example validate -- urls.txt
//! ```

use std::io::{self, BufRead, BufReader};
use std::process::ExitCode;

fn main() -> io::Result<ExitCode> {
    let path = std::env::args().nth(1);
    let input: Box<dyn BufRead> = match &path {
        Some(path) => Box::new(BufReader::new(std::fs::File::open(path)?)),
        None => Box::new(io::stdin().lock()),
    };
    let name = path.as_deref().unwrap_or("-");
    let (mut valid, mut invalid) = (0, 0);
    for (number, line) in input.split(b'\n').enumerate() {
        let line = line?;
        // A line is one URL; its CR LF ending is not part of it.
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        let Ok(text) = std::str::from_utf8(line) else {
            println!("{name}:{}: not UTF-8 (a URL is US-ASCII)", number + 1);
            invalid += 1;
            continue;
        };
        match rfc1738::parse(text) {
            Ok(_) => valid += 1,
            Err(error) => {
                // The error shows the line, a caret under the fault, and the rule expected.
                println!("{name}:{}: {error:#}\n", number + 1);
                invalid += 1;
            }
        }
    }
    println!("{valid} valid, {invalid} invalid");
    Ok(if invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
