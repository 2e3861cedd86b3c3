//! `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` (RFC 1738 section 3.7).

use super::authority::{Authority, authority_setters};
use super::news::check_group;
use super::text::{BuildError, finish_as};
use crate::ast::scheme::NntpUrl;

/// Builds an [`NntpUrl`].
///
/// ```
/// use rfc1738::schemes::NntpUrl;
///
/// let url = NntpUrl::builder("news.cern.ch", "comp.infosystems.www").article(1234).build().unwrap();
/// assert_eq!(url.as_str(), "nntp://news.cern.ch/comp.infosystems.www/1234");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NntpBuilder {
    authority: Authority,
    group: String,
    article: Option<u64>,
}

impl NntpUrl<'static> {
    /// A builder for a newsgroup on an NNTP server (the group name has no escapes).
    pub fn builder(host: impl Into<String>, group: impl Into<String>) -> NntpBuilder {
        NntpBuilder {
            authority: Authority::new(host),
            group: group.into(),
            article: None,
        }
    }
}

impl NntpBuilder {
    /// The article number in the group.
    pub fn article(mut self, article: u64) -> Self {
        self.article = Some(article);
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<NntpUrl<'static>, BuildError> {
        check_group(&self.group)?;
        let mut text = String::from("nntp://");
        self.authority.push_hostport(&mut text)?;
        text.push('/');
        text.push_str(&self.group);
        if let Some(article) = self.article {
            text.push('/');
            text.push_str(&article.to_string());
        }
        finish_as!(text, Nntp)
    }
}

authority_setters!(NntpBuilder);
