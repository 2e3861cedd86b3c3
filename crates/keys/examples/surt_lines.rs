//! The surt style on raw lines: each line of standard input (split at LF only, any bytes)
//! keyed by `rfc1738_keys::surt::surt_bytes`, one JSON object a line: `{"key": KEY}` or
//! `{"error": {"surt": MESSAGE}}`, as `rfc1738 key --style surt --json` writes them. For
//! tools/keys/surt_agree.py, which compares them with PyPI surt's (`--lines`).
//!
//! ```text
//! printf 'http://www.h/A\n' | cargo run -q -p rfc1738-keys --example surt_lines
//! ```

use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().split(b'\n') {
        let line = line?;
        let object = match rfc1738_keys::surt::surt_bytes(&line) {
            Ok(key) => serde_json::json!({ "key": String::from_utf8_lossy(&key) }),
            Err(error) => serde_json::json!({ "error": { "surt": error.message } }),
        };
        writeln!(out, "{object}")?;
    }
    out.flush()
}
