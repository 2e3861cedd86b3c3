//! What the tests of the rfc1738 crates share (a development dependency, never published):
//! web archive files made in the tests, one reader of the corpus, one pseudo-random generator, one source that hands its bytes
//! over in pieces, one reader of the `.pest` files' doc comments, and the error-truth
//! property. The command line's tests add the runner of the `rfc1738` binary themselves
//! (`crates/cli/tests/common/`): only a test of the binary's own package can name it.

pub mod archives;
pub mod corpus;
pub mod error_truth;
pub mod pest_docs;
pub mod pieces;
pub mod random;
pub mod servers;

/// The workspace's root folder (the checkout): where `corpus/`, `grammar/`, `README.md` and
/// the library's `tests/data/` are, whichever crate's test asks.
pub fn root() -> &'static std::path::Path {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}
