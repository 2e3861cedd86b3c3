//! Layer 6, the methods of the typed URL and the traits it implements, one file per type,
//! above every layer they call.

pub(crate) mod reference;
pub(crate) mod url;
