//! `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]` (RFC 1738 section
//! 3.11).

use super::authority::{Authority, authority_setters};
use super::text::{BuildError, finish_as, push, push_segments};
use crate::ast::scheme::ProsperoUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`ProsperoUrl`].
///
/// ```
/// use rfc1738::schemes::ProsperoUrl;
///
/// let url = ProsperoUrl::builder("host.dom").segment("").segment("pros").segment("name").field("version", "2").build().unwrap();
/// assert_eq!(url.as_str(), "prospero://host.dom//pros/name;version=2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProsperoBuilder {
    authority: Authority,
    segments: Vec<Vec<u8>>,
    fields: Vec<(Vec<u8>, Vec<u8>)>,
}

impl ProsperoUrl<'static> {
    /// A builder for a Prospero link on `host`.
    pub fn builder(host: impl Into<String>) -> ProsperoBuilder {
        ProsperoBuilder {
            authority: Authority::new(host),
            segments: Vec::new(),
            fields: Vec::new(),
        }
    }
}

impl ProsperoBuilder {
    /// Appends a segment of the hsoname (`psegment`, [`charset::PSEGMENT`](crate::encoding::charset::PSEGMENT)).
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments.push(segment.as_ref().to_vec());
        self
    }

    /// Appends a `;name=value` field ([`charset::FIELD`](crate::encoding::charset::FIELD): `=` and
    /// `;` escaped).
    pub fn field(mut self, name: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Self {
        self.fields
            .push((name.as_ref().to_vec(), value.as_ref().to_vec()));
        self
    }

    /// The URL (with no segment, the path is empty).
    pub fn build(&self) -> Result<ProsperoUrl<'static>, BuildError> {
        let mut text = String::from("prospero://");
        self.authority.push_hostport(&mut text)?;
        text.push('/');
        push_segments(&mut text, &self.segments, &charset::PSEGMENT);
        for (name, value) in &self.fields {
            text.push(';');
            push(&mut text, name, &charset::FIELD);
            text.push('=');
            push(&mut text, value, &charset::FIELD);
        }
        finish_as!(text, Prospero)
    }
}

authority_setters!(ProsperoBuilder);
