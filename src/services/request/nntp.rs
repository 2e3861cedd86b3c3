//! News, RFC 1738 sections 3.6 (`news`) and 3.7 (`nntp`), both read over NNTP (RFC 977).

use super::line::{Line, decode_plain, line};
use super::terms::{Common, Missing, Protocol, RequestOptions, Transport};
use crate::ast::scheme::{Grouppart, NewsUrl, NntpUrl};
use crate::vocabulary::shown::escape_octets;
use std::borrow::Cow;
use std::fmt;

/// One NNTP command (RFC 977) of a news or nntp request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NntpCommand<'r> {
    /// `LIST`: every group the server carries (`news:*`, "all available news groups").
    List,
    /// `GROUP name`: select a newsgroup (its name decoded: RFC 1630's group names may hold
    /// escapes; RFC 1738's hold none).
    Group(&'r [u8]),
    /// `ARTICLE <message-id>`: an article by its Message-ID (the brackets are added).
    ArticleById(&'r [u8]),
    /// `ARTICLE number`: an article of the selected group by its number, as written.
    ArticleByNumber(&'r str),
}

impl NntpCommand<'_> {
    /// The status code of the reply that says the command succeeded (RFC 977 section 3:
    /// `215` list follows, `211` group selected, `220` article follows); any other reply is
    /// the server's refusal.
    ///
    /// ```
    /// use rfc1738::requests::NntpCommand;
    ///
    /// assert_eq!(NntpCommand::List.success_code(), 215);
    /// assert_eq!(NntpCommand::Group(b"comp.infosystems.www").success_code(), 211);
    /// ```
    pub fn success_code(&self) -> u16 {
        match self {
            NntpCommand::List => 215,
            NntpCommand::Group(_) => 211,
            NntpCommand::ArticleById(_) | NntpCommand::ArticleByNumber(_) => 220,
        }
    }

    /// The command's line, CR LF included.
    pub fn line(&self) -> Line {
        match self {
            NntpCommand::List => line(&[b"LIST"]),
            NntpCommand::Group(group) => line(&[b"GROUP ", group]),
            NntpCommand::ArticleById(id) => line(&[b"ARTICLE <", id, b">"]),
            NntpCommand::ArticleByNumber(number) => line(&[b"ARTICLE ", number.as_bytes()]),
        }
    }
}

/// The news server of the configuration, or none.
fn configured(options: &RequestOptions) -> Option<(String, u16)> {
    options.news_server.clone()
}

/// What a news reader sends for a `news` URL, over NNTP: `GROUP name` for a newsgroup,
/// `ARTICLE <message-id>` for an article ("A news URL may be dereferenced using NNTP (The
/// ARTICLE by message-id command)", draft-ietf-uri-url-03; the message-id decoded, the
/// angle brackets RFC 1036 writes around it put back), and for `news:*`, "all available
/// news groups", `LIST` (RFC 977's list of the groups a server carries: a choice, section
/// 3.6 names no command). A group's articles are then the reader's to ask for.
///
/// News URLs "do not contain sufficient information to locate a single resource" (3.6):
/// the server is the reader's own, from the configuration
/// ([`RequestOptions::news_server`]; the readers of the time read `NNTPSERVER`), port 119
/// unless configured. Without one, [`host`](NewsRequest::host) is `None` and the request is
/// incomplete ([`Missing::NewsServer`]).
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions};
///
/// let reference = rfc1738::parse_reference("news:199412011200.AA01234@info.cern.ch", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
/// assert_eq!(request.bytes(), b"ARTICLE <199412011200.AA01234@info.cern.ch>\r\n");
/// assert_eq!((request.host(), request.port()), (None, Some(119)));
/// assert_eq!(request.missing()[0].code(), "news-server");
///
/// let options = RequestOptions::new().news_server("news.cern.ch");
/// let reference = rfc1738::parse_reference("news:comp.infosystems.www", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &options).unwrap();
/// assert_eq!(request.bytes(), b"GROUP comp.infosystems.www\r\n");
/// assert_eq!(request.host(), Some("news.cern.ch"));
/// assert!(request.is_complete());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsRequest<'u> {
    server: Option<(String, u16)>,
    target: NewsTarget<'u>,
    pub(crate) common: Common,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum NewsTarget<'u> {
    All,
    Group(Cow<'u, [u8]>),
    Article(Cow<'u, [u8]>),
}

impl<'u> NewsRequest<'u> {
    pub(crate) fn new(url: &'u NewsUrl<'_>, options: &RequestOptions) -> NewsRequest<'u> {
        let mut kept = 0;
        let target = match url.grouppart() {
            Grouppart::AllGroups => NewsTarget::All,
            Grouppart::Group(group) => {
                let group = decode_plain(group);
                kept += group.kept;
                NewsTarget::Group(group.bytes)
            }
            Grouppart::Article(article) => {
                let unique = decode_plain(article.unique().as_str());
                kept += unique.kept;
                let mut id = unique.bytes.into_owned();
                id.push(b'@');
                id.extend_from_slice(article.host().as_str().as_bytes());
                NewsTarget::Article(Cow::Owned(id))
            }
        };
        NewsRequest {
            server: configured(options),
            target,
            common: Common {
                kept,
                ..Common::default()
            },
        }
    }

    /// The command sent.
    pub fn command(&self) -> NntpCommand<'_> {
        match &self.target {
            NewsTarget::All => NntpCommand::List,
            NewsTarget::Group(group) => NntpCommand::Group(group),
            NewsTarget::Article(id) => NntpCommand::ArticleById(id),
        }
    }

    /// The command's line.
    pub fn lines(&self) -> Vec<Line> {
        vec![self.command().line()]
    }

    /// The configured news server; `None` without one.
    pub fn host(&self) -> Option<&str> {
        self.server.as_ref().map(|(host, _)| host.as_str())
    }

    /// The configured server's port, or NNTP's, 119.
    pub fn port(&self) -> Option<u16> {
        Some(self.server.as_ref().map_or(119, |&(_, port)| port))
    }

    /// NNTP.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Nntp)
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The news server, when none is configured.
    pub fn missing(&self) -> Vec<Missing> {
        match self.server {
            Some(_) => Vec::new(),
            None => vec![Missing::NewsServer],
        }
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        match self.target {
            NewsTarget::All => vec!["news:* (\"all available news groups\"): LIST, the groups the server carries (RFC 977; a choice, section 3.6 names no command)".to_owned()],
            NewsTarget::Group(_) => vec!["GROUP selects the group; which of its articles to read is the reader's (RFC 977: ARTICLE, HEAD, NEXT)".to_owned()],
            NewsTarget::Article(_) => Vec::new(),
        }
    }

    pub(crate) fn scheme(&self) -> &str {
        "news"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            NewsTarget::All => f.write_str("the list of all newsgroups")?,
            NewsTarget::Group(group) => write!(f, "the newsgroup {}", escape_octets(group))?,
            NewsTarget::Article(id) => write!(f, "the article <{}>", escape_octets(id))?,
        }
        match self.host() {
            Some(host) => write!(f, " from the news server {host}"),
            None => f.write_str(" from the news server of the configuration (none given)"),
        }
    }
}

/// What a client sends for an `nntp` URL to its server (port 119 by default): `GROUP`
/// with the newsgroup, then `ARTICLE` with the article number, as written ("the
/// `<articlenumber>` is the numeric id of the article within that newsgroup", 3.7; RFC 977
/// reads a number against the selected group). Without an article number, `GROUP` alone.
/// RFC 1630's `nntp:group/digits` names no server: it is the configuration's, as for news.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::requests::{Request, RequestOptions};
///
/// let reference = rfc1738::parse_reference("nntp://news.cern.ch/comp.infosystems.www/1042", Dialect::Rfc1738).unwrap();
/// let request = Request::of_reference(&reference, &RequestOptions::new()).unwrap();
/// assert_eq!(request.bytes(), b"GROUP comp.infosystems.www\r\nARTICLE 1042\r\n");
/// assert_eq!((request.host(), request.port()), (Some("news.cern.ch"), Some(119)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NntpRequest<'u> {
    /// The URL's server, or the configured one (RFC 1630's form); `None`: neither.
    server: Option<(Cow<'u, str>, u16)>,
    from_url: bool,
    group: Cow<'u, [u8]>,
    article: Option<&'u str>,
    pub(crate) common: Common,
}

impl<'u> NntpRequest<'u> {
    pub(crate) fn new(url: &'u NntpUrl<'_>, options: &RequestOptions) -> NntpRequest<'u> {
        let server = match url.host() {
            Some(host) => Some((Cow::Borrowed(host.as_str()), url.port().unwrap_or(119))),
            None => configured(options).map(|(host, port)| (Cow::Owned(host), port)),
        };
        let group = decode_plain(url.group());
        NntpRequest {
            server,
            from_url: url.host().is_some(),
            group: group.bytes,
            article: url.article_as_written(),
            common: Common {
                kept: group.kept,
                ..Common::default()
            },
        }
    }

    /// The commands sent: `GROUP`, and `ARTICLE` with the number when there is one.
    pub fn commands(&self) -> Vec<NntpCommand<'_>> {
        let mut commands = vec![NntpCommand::Group(&self.group)];
        commands.extend(self.article.map(NntpCommand::ArticleByNumber));
        commands
    }

    /// The commands' lines.
    pub fn lines(&self) -> Vec<Line> {
        self.commands().iter().map(NntpCommand::line).collect()
    }

    /// The URL's server (or, for RFC 1630's form, the configured one).
    pub fn host(&self) -> Option<&str> {
        self.server.as_ref().map(|(host, _)| host.as_ref())
    }

    /// The port: the URL's (or the configured server's), or 119.
    pub fn port(&self) -> Option<u16> {
        Some(self.server.as_ref().map_or(119, |&(_, port)| port))
    }

    /// NNTP.
    pub fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Nntp)
    }

    /// TCP.
    pub fn transport(&self) -> Transport {
        Transport::Tcp
    }

    /// The news server, for RFC 1630's form without a configured one.
    pub fn missing(&self) -> Vec<Missing> {
        match self.server {
            Some(_) => Vec::new(),
            None => vec![Missing::NewsServer],
        }
    }

    pub(crate) fn notes(&self) -> Vec<String> {
        match self.from_url {
            true => Vec::new(),
            false => vec![
                "RFC 1630's nntp:group/digits names no server: the configuration's, as for news"
                    .to_owned(),
            ],
        }
    }

    pub(crate) fn scheme(&self) -> &str {
        "nntp"
    }

    pub(crate) fn describe(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.article {
            Some(number) => write!(
                f,
                "article {number} of the newsgroup {}",
                escape_octets(&self.group)
            )?,
            None => write!(f, "the newsgroup {}", escape_octets(&self.group))?,
        }
        match self.host() {
            Some(host) => write!(f, " on the news server {host}"),
            None => f.write_str(" on the news server of the configuration (none given)"),
        }
    }
}
