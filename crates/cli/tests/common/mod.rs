//! Helpers of the command line's tests (each test file that needs them says `mod common;`):
//! the runner of the `rfc1738` binary and its explorer's server. Only a test of the
//! binary's own package can name the binary (`CARGO_BIN_EXE_rfc1738`); the helpers every
//! crate's tests share are in `rfc1738-test-support`.
//!
//! Each integration test is its own crate and uses some of these, so the rest would be
//! dead code there.
#![allow(dead_code)]

pub mod cli;
pub mod serve;
