//! `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]` (RFC 1738 section 3.3).

use super::authority::{Authority, authority_setters};
use super::text::{BuildError, finish_as, push, push_segments};
use crate::ast::scheme::HttpUrl;
use crate::vocabulary::encode::charset;

/// Builds an [`HttpUrl`] from decoded components.
///
/// ```
/// use rfc1738::schemes::HttpUrl;
///
/// let url = HttpUrl::builder("info.cern.ch")
///     .segment("hypertext")
///     .segment("Road map.html")
///     .search("url syntax")
///     .build()
///     .unwrap();
/// assert_eq!(url.as_str(), "http://info.cern.ch/hypertext/Road%20map.html?url%20syntax");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpBuilder {
    authority: Authority,
    segments: Option<Vec<Vec<u8>>>,
    search: Option<Vec<u8>>,
}

impl HttpUrl<'static> {
    /// A builder for an http URL on `host` (a hostname or hostnumber, written as is).
    pub fn builder(host: impl Into<String>) -> HttpBuilder {
        HttpBuilder {
            authority: Authority::new(host),
            segments: None,
            search: None,
        }
    }
}

impl HttpBuilder {
    /// Appends a path segment (`hsegment`): octets outside
    /// [`charset::HSEGMENT`](crate::encoding::charset::HSEGMENT) are escaped, `/` and `?` among them.
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments
            .get_or_insert_with(Vec::new)
            .push(segment.as_ref().to_vec());
        self
    }

    /// The `search` part ([`charset::SEARCH`](crate::encoding::charset::SEARCH)). Without a path,
    /// the URL gets the empty one (`http://host/?search`), as the grammar requires.
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<HttpUrl<'static>, BuildError> {
        let mut text = String::from("http://");
        self.authority.push_hostport(&mut text)?;
        if self.segments.is_some() || self.search.is_some() {
            text.push('/');
            push_segments(
                &mut text,
                self.segments.as_deref().unwrap_or_default(),
                &charset::HSEGMENT,
            );
            if let Some(search) = &self.search {
                text.push('?');
                push(&mut text, search, &charset::SEARCH);
            }
        }
        finish_as!(text, Http)
    }
}

authority_setters!(HttpBuilder);
