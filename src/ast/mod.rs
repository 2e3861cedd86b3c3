//! Layer 2 (beside syntax), the typed AST: [`Url`](url::Url) and one struct per scheme (`scheme`), hosts,
//! the reference (`URL:`, URL, `#fragment`) and the component walk. Imports the vocabulary
//! only: how a URL is read is the lowering's business.

pub(crate) mod component;
pub(crate) mod host;
pub(crate) mod reference;
pub(crate) mod scheme;
pub(crate) mod url;
