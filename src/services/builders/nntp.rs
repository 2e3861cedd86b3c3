//! `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` (RFC 1738 section 3.7).

use super::news::check_group;
use super::text::{finish_as, push_hostport, BuildError};
use crate::ast::scheme::NntpUrl;

/// Builds an [`NntpUrl`].
///
/// ```
/// use rfc1738::NntpUrl;
///
/// let url = NntpUrl::builder("news.cern.ch", "comp.infosystems.www").article(1234).build().unwrap();
/// assert_eq!(url.as_str(), "nntp://news.cern.ch/comp.infosystems.www/1234");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NntpBuilder {
    host: String,
    port: Option<u16>,
    group: String,
    article: Option<u64>,
}

impl NntpUrl<'static> {
    /// A builder for a newsgroup on an NNTP server (the group name has no escapes).
    pub fn builder(host: impl Into<String>, group: impl Into<String>) -> NntpBuilder {
        NntpBuilder {
            host: host.into(),
            port: None,
            group: group.into(),
            article: None,
        }
    }
}

impl NntpBuilder {
    /// The port.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The article number in the group.
    pub fn article(mut self, article: u64) -> Self {
        self.article = Some(article);
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<NntpUrl<'static>, BuildError> {
        check_group(&self.group)?;
        let mut text = String::from("nntp://");
        push_hostport(&mut text, &self.host, self.port)?;
        text.push('/');
        text.push_str(&self.group);
        if let Some(article) = self.article {
            text.push('/');
            text.push_str(&article.to_string());
        }
        finish_as!(text, Nntp)
    }
}
