//! Helpers shared by the integration tests (each test file that needs them says
//! `mod common;`).

pub mod error_truth;
