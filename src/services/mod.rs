//! Layer 5, the services built on the typed URL and the facade: resolution of partial
//! forms, normalization, section 6's checks, the requests of section 3 (their fetching is the crate rfc1738-fetch), extraction from running text, the builders,
//! conversion to the `url` crate, and the JSON reports.

pub(crate) mod builders;
pub(crate) mod compare;
#[cfg(feature = "url")]
pub mod convert;
#[cfg(feature = "serde")]
pub(crate) mod error_report;
pub(crate) mod extract;
pub mod lint;
pub(crate) mod normalize;
#[cfg(feature = "serde")]
pub(crate) mod report;
pub(crate) mod request;
pub(crate) mod resolve;
#[cfg(feature = "serde")]
pub(crate) mod serialize;
pub(crate) mod timeline;
pub(crate) mod unreadable;
