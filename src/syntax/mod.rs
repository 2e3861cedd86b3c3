//! Layer 2, syntax: the grammars `build.rs` compiles, each one description (its `Rule`
//! enum and its [`Grammar`](compiled::Grammar) implementation) with the matcher's runtime
//! (`compiled`), what a run records (`slot`: each node's span in a slot of its parent's
//! frame) and how it is read (`node`), and the diagnosis of a rejected input from a
//! tracing run of the compiled grammar (`diagnose`, one for the three grammars; `kept`, the
//! lists a tracing run records into, kept on the thread). Imports
//! the vocabulary only. (The `pest_derive` parsers of the same grammars are the judge's,
//! `crate::grammar`; the judge, the crate `rfc1738-judge`, holds the two to each other.)

pub(crate) mod compiled;
pub(crate) mod diagnose;
pub(crate) mod kept;
pub(crate) mod node;
pub(crate) mod slot;
