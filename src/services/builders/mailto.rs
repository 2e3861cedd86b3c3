//! `mailtourl = "mailto:" encoded822addr` (RFC 1738 section 3.5).

use super::text::{BuildError, finish_as, push};
use crate::ast::scheme::MailtoUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`MailtoUrl`] from an RFC 822 address.
///
/// ```
/// use rfc1738::schemes::MailtoUrl;
///
/// let url = MailtoUrl::builder("Tim Berners-Lee <timbl@info.cern.ch>").build().unwrap();
/// assert_eq!(url.as_str(), "mailto:Tim%20Berners-Lee%20%3Ctimbl@info.cern.ch%3E");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailtoBuilder {
    address: Vec<u8>,
}

impl MailtoUrl<'static> {
    /// A builder for a mailto URL to `address` (an RFC 822 `addr-spec`, written with
    /// [`charset::ENCODED822ADDR`](crate::encoding::charset::ENCODED822ADDR): there are no reserved
    /// characters in a mailto URL).
    pub fn builder(address: impl AsRef<[u8]>) -> MailtoBuilder {
        MailtoBuilder {
            address: address.as_ref().to_vec(),
        }
    }
}

impl MailtoBuilder {
    /// The URL; an empty address is refused (`1*xchar`).
    pub fn build(&self) -> Result<MailtoUrl<'static>, BuildError> {
        if self.address.is_empty() {
            return Err(BuildError::Empty {
                scheme: "mailto",
                component: "encoded822addr",
            });
        }
        let mut text = String::from("mailto:");
        push(&mut text, &self.address, &charset::ENCODED822ADDR);
        finish_as!(text, Mailto)
    }
}
