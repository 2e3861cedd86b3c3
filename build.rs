//! Compiles grammar/rfc1738.pest into the fast path (see build/peg_compiler.rs): the same
//! grammar that pest_derive turns into the pest parser, so the two cannot drift.

#[path = "build/peg_compiler.rs"]
mod peg_compiler;

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=grammar/rfc1738.pest");
    println!("cargo:rerun-if-changed=build/peg_compiler.rs");
    let grammar = std::fs::read_to_string("grammar/rfc1738.pest").expect("grammar/rfc1738.pest");
    let code = peg_compiler::compile(&grammar)
        .unwrap_or_else(|error| panic!("cannot compile grammar/rfc1738.pest: {error}"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("rfc1738_fast.rs");
    std::fs::write(out, code).expect("write the generated parser");
}
