//! The macros the scheme structs share: their text, and the accessors of a hostport and a
//! login.

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

            /// The same URL over `text`: the text it was read from, or for a moment a
            /// stand-in (`Url::retext`).
            pub(crate) fn retext<'b>(self, text: std::borrow::Cow<'b, str>) -> $name<'b> {
                $name {
                    text,
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
        pub fn host(&self) -> crate::ast::host::Host<'_> {
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
        pub fn user(&self) -> Option<crate::vocabulary::escape::Escaped<'_>> {
            self.$field.user.map(|span| span.escaped(&self.text))
        }

        /// The `password` as written: `None` when absent, empty when written empty
        /// (`ftp://foo:@host/`).
        pub fn password(&self) -> Option<crate::vocabulary::escape::Escaped<'_>> {
            self.$field.password.map(|span| span.escaped(&self.text))
        }

        crate::ast::scheme::macros::hostport_accessors!($field.hostport);
    };
}

pub(crate) use {hostport_accessors, login_accessors, url_text};
