//! `newsurl = "news:" grouppart`, `grouppart = "*" | group | article` (RFC 1738 section
//! 3.6).

use super::text::{BuildError, finish_as, push, push_host};
use crate::ast::scheme::NewsUrl;
use crate::vocabulary::encode::charset;

/// Builds a [`NewsUrl`]: all groups, a group, or an article ([`NewsUrl::builder`], then
/// [`group`](NewsBuilder::group) or [`article`](NewsBuilder::article)).
///
/// ```
/// use rfc1738::schemes::NewsUrl;
///
/// let group = NewsUrl::builder().group("comp.infosystems.www").build().unwrap();
/// assert_eq!(group.as_str(), "news:comp.infosystems.www");
/// let article = NewsUrl::builder().article("1994Dec1 12:00/x", "info.cern.ch").build().unwrap();
/// assert_eq!(article.as_str(), "news:1994Dec1%2012:00/x@info.cern.ch");
/// assert_eq!(NewsUrl::builder().build().unwrap().as_str(), "news:*");
/// assert!(NewsUrl::builder().group("comp.infosystems.www%20").build().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsBuilder {
    grouppart: GroupPart,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum GroupPart {
    All,
    Group(String),
    Article { unique: Vec<u8>, host: String },
}

impl NewsUrl<'static> {
    /// A builder for a news URL, reached as every scheme's is: `news:*`, "all available
    /// news groups", until [`group`](NewsBuilder::group) or
    /// [`article`](NewsBuilder::article) names what it reads.
    pub fn builder() -> NewsBuilder {
        NewsBuilder {
            grouppart: GroupPart::All,
        }
    }
}

/// Checks a newsgroup name against `group` (also used by nntp).
pub(super) fn check_group(group: &str) -> Result<(), BuildError> {
    let mut chars = group.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "-.+_".contains(c));
    if valid {
        Ok(())
    } else {
        Err(BuildError::NotAllowed {
            component: "group",
            value: group.to_owned(),
            reason: "a group name is a letter, then letters, digits, \"-\", \".\", \"+\", \"_\" (no escapes)",
        })
    }
}

impl NewsBuilder {
    /// `news:*`, "all available news groups" (what the builder starts with).
    pub fn all_groups(mut self) -> NewsBuilder {
        self.grouppart = GroupPart::All;
        self
    }

    /// A newsgroup. A group name has no escapes (`group = alpha *[ alpha | digit | "-" |
    /// "." | "+" | "_" ]`): any other character is refused when built.
    pub fn group(mut self, group: impl Into<String>) -> NewsBuilder {
        self.grouppart = GroupPart::Group(group.into());
        self
    }

    /// An article: the message-id's `unique` part (escaped by
    /// [`charset::UNIQUE`](crate::encoding::charset::UNIQUE), `@` among what is escaped)
    /// and its host.
    pub fn article(mut self, unique: impl AsRef<[u8]>, host: impl Into<String>) -> NewsBuilder {
        self.grouppart = GroupPart::Article {
            unique: unique.as_ref().to_vec(),
            host: host.into(),
        };
        self
    }

    /// The URL.
    pub fn build(&self) -> Result<NewsUrl<'static>, BuildError> {
        let mut text = String::from("news:");
        match &self.grouppart {
            GroupPart::All => text.push('*'),
            GroupPart::Group(group) => {
                check_group(group)?;
                text.push_str(group);
            }
            GroupPart::Article { unique, host } => {
                if unique.is_empty() {
                    return Err(BuildError::Empty {
                        scheme: "news",
                        component: "unique",
                    });
                }
                push(&mut text, unique, &charset::UNIQUE);
                text.push('@');
                push_host(&mut text, host)?;
            }
        }
        finish_as!(text, News)
    }
}
