//! One module per scheme of RFC 1738 section 3 (and one for RFC 1630's `mid` and `cid`), each with
//! its typed struct, which the lowering (`crate::lowering`) fills from any of the three
//! grammars' trees.
//!
//! Every struct keeps the URL's text (borrowed or owned) and the byte ranges of its
//! components; accessors return slices of the text, so parsing copies nothing.

mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod id;
mod macros;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod rfc2396;
mod telnet;
mod wais;

pub use file::FileUrl;
pub(crate) use ftp::FtpTypeSpan;
pub use ftp::{FtpType, FtpUrl, Typecode};
pub(crate) use generic::GenericParts;
pub use generic::{GenericForm, GenericUrl};
pub use gopher::GopherUrl;
pub use http::HttpUrl;
pub use id::IdUrl;
pub use mailto::MailtoUrl;
pub(crate) use news::GrouppartSpans;
pub use news::{Article, Grouppart, NewsUrl};
pub use nntp::NntpUrl;
pub use prospero::{Fieldspec, ProsperoUrl};
pub use rfc2396::PathSegment;
pub(crate) use rfc2396::{AuthoritySpans, Rfc2396Form, Rfc2396Spans};
pub use telnet::TelnetUrl;
pub(crate) use wais::FormSpans;
pub use wais::{WaisForm, WaisUrl, WpathField};
