//! One module per scheme of RFC 1738 section 3 (and one for RFC 1630's `mid` and `cid`), each with
//! its typed struct and the lowering from its RFC 1738 production. The RFC 1630 family's
//! lowering (`crate::lower_rfc1630`) fills the same structs.
//!
//! Every struct keeps the URL's text (borrowed or owned) and the byte ranges of its
//! components; accessors return slices of the text, so parsing copies nothing.

mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod id;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;

pub use file::FileUrl;
pub(crate) use ftp::FtpTypeSpan;
pub use ftp::{FtpCommand, FtpCommandError, FtpType, FtpUrl, Ftptype, Typecode};
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
pub use telnet::TelnetUrl;
pub(crate) use wais::FormSpans;
pub use wais::{WaisForm, WaisUrl, WpathField};

/// `as_str`, `into_owned` and `Display` for a scheme struct: its `text` field and the
/// fields listed, which hold no reference to the text.
macro_rules! url_text {
    ($name:ident { $($field:ident),* }) => {
        impl $name<'_> {
            /// The whole URL as written.
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The same URL owning its text.
            pub fn into_owned(self) -> $name<'static> {
                $name {
                    text: std::borrow::Cow::Owned(self.text.into_owned()),
                    $($field: self.$field),*
                }
            }
        }

        impl std::fmt::Display for $name<'_> {
            /// Writes the URL exactly as it was parsed.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.text)
            }
        }
    };
}

/// `host`, `port` and `port_as_written` read from a `HostPortSpans` field.
macro_rules! hostport_accessors {
    ($($field:ident).+) => {
        /// The `host` as written.
        pub fn host(&self) -> crate::host::Host<'_> {
            self.$($field).+.host.view(&self.text)
        }

        /// The `port` as written (not defaulted), or `None`.
        pub fn port(&self) -> Option<u16> {
            self.$($field).+.port.map(|port| port.value)
        }

        /// The `port` digits exactly as written (`"0080"` keeps its zeros).
        pub fn port_as_written(&self) -> Option<&str> {
            self.$($field).+.port.map(|port| port.span.of_text(&self.text))
        }
    };
}

/// `user` and `password` read from a `LoginSpans` field, plus the hostport accessors.
macro_rules! login_accessors {
    ($field:ident) => {
        /// The `user` name as written: `None` when absent, empty when written empty
        /// (`ftp://@host/`), which section 3.1 says is not the same.
        pub fn user(&self) -> Option<crate::Escaped<'_>> {
            self.$field.user.map(|span| span.escaped(&self.text))
        }

        /// The `password` as written: `None` when absent, empty when written empty
        /// (`ftp://foo:@host/`).
        pub fn password(&self) -> Option<crate::Escaped<'_>> {
            self.$field.password.map(|span| span.escaped(&self.text))
        }

        crate::scheme::hostport_accessors!($field.hostport);
    };
}

pub(crate) use {hostport_accessors, login_accessors, url_text};
