//! The table of the explorer's diagrams (docs/diagrams/), which the serve target compiles
//! in as `rfc1738 serve` does: the crate's own writer, build/diagrams.rs.

#[path = "../build/diagrams.rs"]
mod diagrams;

use std::path::PathBuf;

fn main() {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let out_dir = std::env::var_os("OUT_DIR").expect("OUT_DIR");
    diagrams::write_table(
        &PathBuf::from(manifest_dir).join("../docs/diagrams"),
        &PathBuf::from(out_dir),
    );
}
