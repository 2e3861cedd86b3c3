//! NEWS URLs, RFC 1738 section 3.6: `newsurl = "news:" grouppart`,
//! `grouppart = "*" | group | article`.

use crate::ast::host::{Host, HostSpan};
use crate::ast::scheme::macros::url_text;
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `newsurl`: all groups (`news:*`), one newsgroup, or one article by message-id.
/// News URLs name no server: they are location-independent (section 3.6).
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::schemes::Grouppart;
///
/// let Url::News(news) = rfc1738::parse("news:comp.infosystems.www").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(news.grouppart(), Grouppart::Group("comp.infosystems.www"));
///
/// let Url::News(news) = rfc1738::parse("news:1234@info.cern.ch").unwrap() else {
///     unreachable!()
/// };
/// let Grouppart::Article(article) = news.grouppart() else { unreachable!() };
/// assert_eq!(article.unique(), "1234");
/// assert_eq!(article.host().as_str(), "info.cern.ch");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NewsUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) grouppart: GrouppartSpans,
}

url_text!(NewsUrl { grouppart });

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum GrouppartSpans {
    AllGroups,
    Group(Span),
    /// The article spans `whole`; its unique part ends at the "@" before `host`.
    Article {
        whole: Span,
        host: HostSpan,
    },
}

/// What a news URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grouppart<'s> {
    /// `*`: all available newsgroups.
    AllGroups,
    /// A `group` (a newsgroup name).
    Group(&'s str),
    /// An `article` (a message-id without its angle brackets).
    Article(Article<'s>),
}

impl<'s> Grouppart<'s> {
    /// `"all"`, `"group"` or `"article"`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Grouppart::AllGroups => "all",
            Grouppart::Group(_) => "group",
            Grouppart::Article(_) => "article",
        }
    }
}

/// A message-id: `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Article<'s> {
    whole: &'s str,
    unique: Escaped<'s>,
    host: Host<'s>,
}

impl<'s> Article<'s> {
    /// The whole message-id as written (`unique@host`).
    pub fn as_str(&self) -> &'s str {
        self.whole
    }

    /// The part before the `@`, as written.
    pub fn unique(&self) -> Escaped<'s> {
        self.unique
    }

    /// The host after the `@` (part of the identifier, not a server to connect to).
    pub fn host(&self) -> Host<'s> {
        self.host
    }
}

impl<'a> NewsUrl<'a> {
    /// What the URL names: all groups, a group, or an article.
    pub fn grouppart(&self) -> Grouppart<'_> {
        match self.grouppart {
            GrouppartSpans::AllGroups => Grouppart::AllGroups,
            GrouppartSpans::Group(span) => Grouppart::Group(span.of_text(&self.text)),
            GrouppartSpans::Article { whole, host } => {
                let unique = Span {
                    start: whole.start,
                    end: host.span.start - 1,
                };
                Grouppart::Article(Article {
                    whole: whole.of_text(&self.text),
                    unique: unique.escaped(&self.text),
                    host: host.view(&self.text),
                })
            }
        }
    }

    /// The `grouppart` as written (`*`, the group, or the message-id).
    pub fn grouppart_str(&self) -> &str {
        &self.text["news:".len()..]
    }

    /// Always `None`: news has no url-path.
    pub fn url_path(&self) -> Option<&str> {
        None
    }
}

impl fmt::Debug for NewsUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewsUrl")
            .field("grouppart", &self.grouppart())
            .finish()
    }
}
