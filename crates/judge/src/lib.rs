//! The judge (not published): what the rfc1738 library's fast path is held to, and how.
//! The `pest_derive` parsers of the library's `grammar` module read the same grammar files
//! as the compiled ones; their pairs are recorded in the compiled grammar's frames
//! (`pairs`) and both trees are read and lowered alike (`fuzzing`: the checks the fuzz
//! targets and the differential tests run). A rejected input is judged against pest's own
//! reading of it, where pest got furthest and what it expected there (`rejection`).
//!
//! It reads the library's insides through `rfc1738::judged` (the library's feature
//! `judge`, hidden from its docs, no part of its API): the compiled grammars' runs, frames
//! and traces, the lowering of a run's slots, the diagnosis. Nothing in the library
//! imports it: the crate boundary keeps the judge out of the layers. Its tests are the
//! library's (`tests/differential.rs`, `tests/judge.rs`), so that `cargo test` at the
//! root runs them.

// Its docs are for the judge's maintainers, who read them with its source: they name the
// judge's private steps (`error_agrees`, `Basis::of`) where they describe them.
#![allow(rustdoc::private_intra_doc_links)]

pub mod fuzzing;
pub mod pairs;
pub mod rejection;
