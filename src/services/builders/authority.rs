//! The authority a builder writes, and its setters, written once for every builder that
//! has one: `hostport` (`port`), and `login` (`user`, `password`) for ftp and telnet
//! (RFC 1738 sections 3.1 and 5).

use super::text::{BuildError, push, push_hostport};
use crate::vocabulary::encode::charset;

/// A builder's `[ user [ ":" password ] "@" ] host [ ":" port ]`, as given (decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Authority {
    pub(super) host: String,
    pub(super) port: Option<u16>,
    pub(super) user: Option<Vec<u8>>,
    pub(super) password: Option<Vec<u8>>,
}

impl Authority {
    /// The authority of `host`, without port or login.
    pub(super) fn new(host: impl Into<String>) -> Authority {
        Authority {
            host: host.into(),
            port: None,
            user: None,
            password: None,
        }
    }

    /// Appends `hostport`: `host[:port]`.
    pub(super) fn push_hostport(&self, out: &mut String) -> Result<(), BuildError> {
        push_hostport(out, &self.host, self.port)
    }

    /// Appends `login`: `user[:password]@` when either is given (an empty user name before
    /// a password given alone: "there is no way to specify a password without specifying
    /// a user name"), then `hostport`.
    pub(super) fn push_login(&self, out: &mut String) -> Result<(), BuildError> {
        if self.user.is_some() || self.password.is_some() {
            push(
                out,
                self.user.as_deref().unwrap_or_default(),
                &charset::USER,
            );
            if let Some(password) = &self.password {
                out.push(':');
                push(out, password, &charset::PASSWORD);
            }
            out.push('@');
        }
        self.push_hostport(out)
    }
}

/// The setters of a builder's [`Authority`] (its field `authority`): `port`, and with
/// `login`, `user` and `password`.
macro_rules! authority_setters {
    ($builder:ty) => {
        impl $builder {
            /// The port, written as given (even when it is the scheme's default port).
            pub fn port(mut self, port: u16) -> Self {
                self.authority.port = Some(port);
                self
            }
        }
    };
    ($builder:ty, login) => {
        authority_setters!($builder);

        impl $builder {
            /// The user name ([`charset::USER`](crate::encoding::charset::USER): `:`, `@` and `/`
            /// escaped).
            pub fn user(mut self, user: impl AsRef<[u8]>) -> Self {
                self.authority.user = Some(user.as_ref().to_vec());
                self
            }

            /// The password ([`charset::PASSWORD`](crate::encoding::charset::PASSWORD)). Without a
            /// user name, the user name is empty (`ftp://:pw@host`): "there is no way to
            /// specify a password without specifying a user name" (RFC 1738 section 3.1).
            pub fn password(mut self, password: impl AsRef<[u8]>) -> Self {
                self.authority.password = Some(password.as_ref().to_vec());
                self
            }
        }
    };
}
pub(super) use authority_setters;
