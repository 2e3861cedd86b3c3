//! The surt key on raw lines, for tools/keys/surt_agree.py (which compares it with PyPI
//! surt's own): each line of standard input (split at LF only; any bytes) is keyed by
//! `rfc1738_keys::surt::surt` when it is UTF-8 (as Python's `surt.surt(str)`), by
//! `surt_bytes` otherwise (`surt.surt(bytes)`), and one line is written for it:
//! `ok<TAB>KEY` or `err<TAB>MESSAGE`.
//!
//! ```text
//! printf 'http://www.h/A\nhttp://h:x/\n' | cargo run -q -p rfc1738-keys --example surt_lines
//! ok<TAB>h)/a
//! err<TAB>ValueError: Port could not be cast to integer value as b'x'
//! ```

use std::io::{self, BufRead, BufWriter, Write};

use rfc1738_keys::surt::{surt, surt_bytes};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().split(b'\n') {
        let line = line?;
        let keyed = match std::str::from_utf8(&line) {
            Ok(text) => surt(text).map(String::into_bytes),
            Err(_) => surt_bytes(&line),
        };
        match keyed {
            Ok(key) => {
                out.write_all(b"ok\t")?;
                out.write_all(&key)?;
            }
            Err(error) => write!(out, "err\t{}", error.message)?,
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}
