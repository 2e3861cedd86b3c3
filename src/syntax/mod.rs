//! Layer 2, syntax: the parsers `build.rs` generates from the three grammars and their
//! runtime (`compiled`), the `pest_derive` parsers kept as the judge (`grammar`), the
//! token tree both produce (`tree`), and the diagnosis of a rejected input from a tracing
//! run of the compiled grammar (`diagnose`, `diagnose_rfc1630_family`). Imports the vocabulary
//! only.

pub(crate) mod compiled;
pub(crate) mod diagnose;
pub(crate) mod diagnose_rfc1630_family;
pub mod grammar;
pub(crate) mod tree;
