//! The judge: what the fast path is held to, and how. The `pest_derive` parsers read the
//! same grammars as the compiled ones (`pest`), the differential tests compare the two on
//! generated inputs (`differential`), and the fuzz targets' checks run both (`fuzzing`).
//! Outside the layers: it may import any of them, and no layer imports it.

#[cfg(test)]
mod differential;
#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzzing;
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) mod pest;
