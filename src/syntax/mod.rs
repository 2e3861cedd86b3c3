//! Layer 2, syntax: the grammars `build.rs` compiles, each one description (its `Rule`
//! enum and its [`Grammar`](compiled::Grammar) implementation) with the matcher's runtime
//! (`compiled`), the token tree it produces (`tree`), and the diagnosis of a rejected input
//! from a tracing run of the compiled grammar (`diagnose`, one for the three grammars).
//! Imports the vocabulary only. (The `pest_derive` parsers of the same grammars are the
//! judge's, `crate::judge::grammar`.)

pub(crate) mod compiled;
pub(crate) mod diagnose;
pub(crate) mod tree;
