//! Compiles the three grammars (grammar/rfc1738.pest, grammar/rfc1630.pest and
//! grammar/draft-www-uri-00.pest) into the fast path (see build/peg_compiler.rs): the same
//! grammars that pest_derive turns into the pest parsers, so the two cannot drift.

#[path = "build/peg_compiler.rs"]
mod peg_compiler;

use std::path::PathBuf;

/// Each grammar file, the file its compiled parser is written to, and the file of its
/// character classes (`peg_compiler::classes`).
const GRAMMARS: [(&str, &str, &str); 3] = [
    (
        "grammar/rfc1738.pest",
        "rfc1738_parser.rs",
        "rfc1738_classes.rs",
    ),
    (
        "grammar/rfc1630.pest",
        "rfc1630_parser.rs",
        "rfc1630_classes.rs",
    ),
    (
        "grammar/draft-www-uri-00.pest",
        "draft_www_uri_00_parser.rs",
        "draft_www_uri_00_classes.rs",
    ),
];

fn main() {
    println!("cargo:rerun-if-changed=build/peg_compiler.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    for (source, generated, classes) in GRAMMARS {
        println!("cargo:rerun-if-changed={source}");
        let grammar = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{source}: {e}"));
        let code = peg_compiler::compile(&grammar, source)
            .unwrap_or_else(|error| panic!("cannot compile {source}: {error}"));
        std::fs::write(out_dir.join(generated), code).expect("write the generated parser");
        let sets = peg_compiler::classes(&grammar, source)
            .unwrap_or_else(|error| panic!("cannot read the classes of {source}: {error}"));
        std::fs::write(out_dir.join(classes), sets).expect("write the character classes");
    }
}
