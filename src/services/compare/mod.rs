//! Then and now: one link resolved by several modes
//! ([`ResolveMode`](crate::resolution::ResolveMode)) side by side, whether their results
//! differ, and why (issue 49, "then against now, for every link").
//!
//! An archive that replays a page of 1995 with today's rules follows the links as the URL
//! Standard resolves them, not as the CERN library (NCSA Mosaic, Lynx) or RFC 1808 did.
//! Most links come out the same. Those that do not differ in a handful of ways, each the
//! work of one rule that changed; a [`DifferenceClass`] names each, and says how a
//! difference is classed.
//!
//! The module is in four parts: [`DifferenceClass`] and its sets (`classes.rs`), how two
//! results are classed (`classify.rs`), the comparison of one link (`comparison.rs`), the
//! counts of many (`summary.rs`), and the JSON reports (`report.rs`, feature `serde`).

mod classes;
mod classify;
mod comparison;
#[cfg(feature = "serde")]
mod report;
mod summary;

pub use classes::{DifferenceClass, DifferenceClasses};
pub use classify::classify;
pub use comparison::{Comparison, Difference, compare, pair_name};
#[cfg(feature = "serde")]
pub use report::CompareReport;
pub use summary::{ComparisonSummary, PairSummary};
