//! Building URLs from decoded components, escaping exactly what each component's grammar
//! requires (RFC 1738 sections 2.2 and 5): one builder per scheme, each producing the
//! scheme's typed URL, which parses back to the same components.
//!
//! ```
//! use rfc1738::schemes::FtpUrl;
//!
//! // A file name holding "/" and ";": escaped, so they are data, not delimiters.
//! let ftp = FtpUrl::builder("ftp.example.org")
//!     .segment("pub")
//!     .segment("a/b;c.txt")
//!     .build()
//!     .unwrap();
//! assert_eq!(ftp.as_str(), "ftp://ftp.example.org/pub/a%2Fb%3Bc.txt");
//! assert_eq!(ftp.segments().nth(1).unwrap().decode().as_ref(), b"a/b;c.txt");
//! ```

mod authority;
mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod text;
mod wais;

pub use file::FileBuilder;
pub use ftp::FtpBuilder;
pub use generic::GenericBuilder;
pub use gopher::GopherBuilder;
pub use http::HttpBuilder;
pub use mailto::MailtoBuilder;
pub use news::NewsBuilder;
pub use nntp::NntpBuilder;
pub use prospero::ProsperoBuilder;
pub use telnet::TelnetBuilder;
pub use text::BuildError;
pub use wais::WaisBuilder;
