//! Helpers shared by the integration tests (each test file that needs them says
//! `mod common;`): one pseudo-random generator, one reader of the corpus, one reader of
//! the `.pest` files' doc comments, the error-truth property, and (with the `cli` feature)
//! the runner of the `rfc1738` binary and its explorer's server.
//!
//! Each integration test is its own crate and uses some of these, so the rest would be
//! dead code there.
#![allow(dead_code)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod corpus;
pub mod error_truth;
pub mod pest_docs;
pub mod pieces;
pub mod random;
#[cfg(feature = "cli")]
pub mod serve;
