//! The links of HTML documents as the browsers of 1993-1995 followed them: the URL
//! attributes of HTML 2.0 (RFC 1866), resolved against the document's base by a
//! [`ResolveMode`]. A crate of its own, on the rfc1738 library (which resolves and reads
//! each link); `LinkReport` (feature `serde`) is one line of `rfc1738 links --json`.
//!
//! Tags are read by [html5gum](https://docs.rs/html5gum)'s tokenizer (the WHATWG
//! tokenizer: tags and attributes in any case, values quoted with `"` or `'` or not, space
//! around `=`, character references decoded), with an emitter of this module
//! (`emitter.rs`) that keeps nothing but the tag being read, and that only up to a length
//! limit. Markup declarations and comments are read by HTML 2.0's rules
//! ([`HtmlReading::Html2`], `sgml.rs`, ahead of the tokenizer) or by the tokenizer's own
//! ([`HtmlReading::Whatwg`]). The bytes reach both through `reader.rs` (UTF-8, or Latin-1
//! from the first byte that is not; lines counted).

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod compare;
mod emitter;
mod markup;
mod reader;
#[cfg(feature = "serde")]
mod report;
mod sgml;
mod shared;
mod token;

pub use markup::{Charset, HtmlReading};
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub use report::LinkReport;

use emitter::LinkEmitter;
use html5gum::Tokenizer;
use reader::HtmlReader;
use rfc1738::resolution::{
    resolve, resolve_cern_without_anchor, Comparison, ResolveError, ResolveMode,
};
use rfc1738::{is_absolute, leading_scheme, parse_reference, Dialect, ParseError, UrlKind};
use shared::Shared;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read};
use std::sync::Arc;
use token::TagToken;

/// The URL attributes of HTML 2.0 (RFC 1866): element, attribute. `INPUT SRC` counts only
/// with `TYPE=IMAGE` (section 8.1.2.2 "IMAGE" input); `A NAME`, `ISINDEX`, `META` and the
/// rest name no URL to follow.
const LINK_ATTRIBUTES: &[(&str, &str)] = &[
    ("a", "href"),
    ("base", "href"),
    ("form", "action"),
    ("img", "src"),
    ("input", "src"),
    ("link", "href"),
];

/// Lists the links of HTML documents: which base, which [`ResolveMode`], which
/// [`HtmlReading`], which length limit.
///
/// - The links are the attributes of HTML 2.0 (RFC 1866) that hold a URL: `A HREF`,
///   `BASE HREF`, `FORM ACTION`, `IMG SRC`, `LINK HREF`, and `INPUT SRC` of an
///   `INPUT TYPE=IMAGE`; each listed in document order, as the tokenizer reads it
///   (character references decoded, the first of two attributes of the same name kept).
/// - The base is the document's `BASE HREF` from that element on (each `BASE` replaces
///   the base for what follows, as a reader of a stream must; HTML 2.0 has one, in
///   `HEAD`), else the URL given to [`base`](LinkLister::base), the one the page was
///   fetched from. HTML 2.0 wants `BASE HREF` absolute: a relative one is reported on
///   its own link ([`LinkWarning::RelativeBase`]) and resolved against the given base,
///   or, without one, leaves the relative links after it without a base
///   ([`LinkError::NoBase`]); if the mode refuses to resolve it against the given base
///   (a gopher base by RFC 1630), they get [`LinkError::UnresolvedBase`]. Without a base, a link with a scheme (a colon before any
///   slash) stands for itself (in the CERN mode, as the library rebuilds it; in the modes
///   of RFC 2396, RFC 3986 and WHATWG, as the mode reads it alone: RFC 3986 removes its
///   dot segments, WHATWG parses and serializes it). In those three modes an absolute
///   `BASE HREF` is read by the mode too, against the base given (as a browser resolves
///   it), not taken as written.
/// - Every link is resolved against the document's address without its fragment (the
///   `BASE HREF`'s or the given base's), as every browser of the time did.
/// - The default mode is the library's default, [`ResolveMode::Cern`]: the CERN library (libwww 2.10-2.14) that
///   NCSA Mosaic 2.4-2.7b5 and Lynx up to 2.6 ran, called per element as Mosaic 2.7b5
///   called it: `A`, `LINK` and a `POST` form keep their URL's own fragment, images keep
///   none, a `GET` form's `ACTION` loses its query and fragment.
/// - Comments and other markup declarations are read by HTML 2.0's rules unless
///   [`reading`](LinkLister::reading) says otherwise ([`HtmlReading`]).
/// - A tag, comment or declaration longer than [`max_len`](LinkLister::max_len) bytes is
///   reported ([`LinkError::TooLong`]) and skipped; so is a link attribute whose name or
///   value is longer. Memory stays within a few times the limit, whatever the document's
///   size.
/// - Nothing is lost in silence: a comment, declaration or tag still open at the end
///   of the document, which took the rest of it, is reported last
///   ([`LinkError::Unclosed`]).
/// - Bytes that are not UTF-8 are read as Latin-1 (ISO 8859-1, HTML 2.0's character set)
///   from the first such byte on (from when the tokenizer reaches it, not when it is
///   read ahead); each link says which was in force when its attribute ended
///   ([`Charset`]).
///
/// ```
/// use rfc1738::resolution::ResolveMode;
/// use rfc1738_links::LinkLister;
///
/// let page = r#"<TITLE>Demo</TITLE><A HREF="../Overview.html#top">back</A>
/// <IMG SRC=icons/www.gif ALT="[WWW]"> <!-- <A HREF="not-a-link"> -->
/// <A HREF="gopher://gopher.micro.umn.edu/11/Other">gopher</A>"#;
/// let lister = LinkLister::new().base("http://info.cern.ch/hypertext/WWW/TheProject.html");
/// let links = lister.links(page);
/// assert_eq!(links.len(), 3);
/// assert_eq!(links[0].element(), "a");
/// assert_eq!(links[0].href(), Some("../Overview.html#top"));
/// assert_eq!(links[0].result(), Ok("http://info.cern.ch/hypertext/Overview.html#top"));
/// assert_eq!(links[1].result(), Ok("http://info.cern.ch/hypertext/WWW/icons/www.gif"));
/// assert_eq!(links[2].kind(), Some(rfc1738::UrlKind::Gopher));
///
/// let rfc1808 = LinkLister::new().mode(ResolveMode::Rfc1808).links(page);
/// assert_eq!(rfc1808[0].error().map(|e| e.code()), Some("no-base"));
/// ```
#[derive(Clone, Debug)]
pub struct LinkLister {
    base: Option<String>,
    mode: ResolveMode,
    reading: HtmlReading,
    max_len: usize,
    /// The modes each link is also resolved by, to compare ([`LinkLister::compare`]).
    compare: Vec<ResolveMode>,
}

impl Default for LinkLister {
    fn default() -> LinkLister {
        LinkLister::new()
    }
}

impl LinkLister {
    /// The length limit when none is given: 64 KiB.
    pub const DEFAULT_MAX_LEN: usize = 64 * 1024;

    /// No base, the default mode ([`ResolveMode::default`], the CERN library's), [`HtmlReading::Html2`],
    /// [`DEFAULT_MAX_LEN`](LinkLister::DEFAULT_MAX_LEN).
    pub fn new() -> LinkLister {
        LinkLister {
            base: None,
            mode: ResolveMode::default(),
            reading: HtmlReading::Html2,
            max_len: LinkLister::DEFAULT_MAX_LEN,
            compare: Vec::new(),
        }
    }

    /// The URL the document was fetched from: the base when it has no `BASE HREF`.
    pub fn base(mut self, base: impl Into<String>) -> LinkLister {
        self.base = Some(base.into());
        self
    }

    /// How links are resolved against the base.
    pub fn mode(mut self, mode: ResolveMode) -> LinkLister {
        self.mode = mode;
        self
    }

    /// How comments and other markup declarations are read.
    pub fn reading(mut self, reading: HtmlReading) -> LinkLister {
        self.reading = reading;
        self
    }

    /// The longest tag, comment, declaration or link attribute read, in bytes (at least
    /// 256; less counts as 256).
    pub fn max_len(mut self, max_len: usize) -> LinkLister {
        self.max_len = max_len.max(256);
        self
    }

    /// The links of the HTML document `reader` holds, read as a stream.
    pub fn links_reader<R: Read>(&self, reader: R) -> Links<R> {
        let shared = Arc::new(Shared::default());
        let emitter = LinkEmitter::new(self.max_len, self.reading, Arc::clone(&shared));
        Links {
            tokenizer: Tokenizer::new_with_emitter(
                HtmlReader::new(reader, shared, self.max_len, self.reading),
                emitter,
            ),
            lister: self.clone(),
            given_base: self
                .base
                .as_deref()
                .map(|base| document_address(base, self.mode)),
            document_base: None,
            pending: VecDeque::new(),
            shadows: compare::shadows(self),
        }
    }

    /// The links of an HTML document held in memory.
    pub fn links(&self, html: &str) -> Vec<Link> {
        self.links_reader(html.as_bytes())
            .map_while(Result::ok)
            .collect()
    }
}

/// Why a link has no absolute form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LinkError {
    /// There is no base: no `BASE HREF` (or only a relative one) and none given.
    #[error("no base to resolve against: the document has no absolute BASE HREF before this link, and no base URL was given (--base)")]
    NoBase,
    /// A relative `BASE HREF` (HTML 2.0 wants it absolute), and no base given to resolve it
    /// against.
    #[error("BASE HREF is relative (HTML 2.0 wants it absolute) and no base URL was given (--base) to resolve it against")]
    RelativeBase,
    /// A relative link after a relative `BASE HREF` that the mode could not resolve
    /// against the base given (its own link has the [`LinkError::Resolve`] error): the
    /// document's base is unknown from there on.
    #[error("no base to resolve against: the document's BASE HREF before this link is relative and could not be resolved against the base URL given (--base)")]
    UnresolvedBase,
    /// The mode refuses the resolution (a gopher base by RFC 1630, a base without a scheme
    /// by RFC 1808).
    #[error("{0}")]
    Resolve(ResolveError),
    /// A tag, comment, declaration or link attribute longer than the limit: skipped.
    #[error("{what} longer than {max_len} bytes: skipped")]
    TooLong {
        /// `tag`, `comment`, `declaration`, `marked section`, `processing instruction` or
        /// `attribute`.
        what: &'static str,
        /// The limit.
        max_len: usize,
    },
    /// A comment, declaration or tag that begins on this link's line and is still
    /// open at the end of the document: everything after its start was read as part of
    /// it, links included.
    #[error("{what} still open at the end of the document, read by {}: everything after its start was read as part of it", reading.rules())]
    Unclosed {
        /// `comment`, `declaration`, `marked section`, `processing instruction`, `tag` or
        /// `end tag`.
        what: &'static str,
        /// The reading that left it open.
        reading: HtmlReading,
    },
}

impl LinkError {
    /// A stable name: `no-base`, `relative-base`, `unresolved-base`, `too-long`,
    /// `unclosed`, or the [`ResolveError::code`].
    pub fn code(&self) -> &'static str {
        match self {
            LinkError::NoBase => "no-base",
            LinkError::RelativeBase => "relative-base",
            LinkError::UnresolvedBase => "unresolved-base",
            LinkError::Resolve(error) => error.code(),
            LinkError::TooLong { .. } => "too-long",
            LinkError::Unclosed { .. } => "unclosed",
        }
    }
}

/// What is worth knowing of a link that has its absolute form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LinkWarning {
    /// A `BASE HREF` that is relative (HTML 2.0 wants it absolute), resolved against the
    /// base given.
    #[error("BASE HREF is relative (HTML 2.0 wants it absolute): resolved against the base given")]
    RelativeBase,
}

impl LinkWarning {
    /// A stable name: `relative-base-resolved`.
    pub fn code(&self) -> &'static str {
        match self {
            LinkWarning::RelativeBase => "relative-base-resolved",
        }
    }
}

/// One link of a document, or a tag, comment, declaration or attribute skipped for its
/// length or left open at the end. Its absolute form's verdict by RFC 1738
/// ([`verdict`](Link::verdict)) is read once, when the link is found, and kept: the
/// reports and the accessors only present it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    line: u64,
    element: String,
    attribute: Option<String>,
    href: Option<String>,
    result: Result<String, LinkError>,
    warning: Option<LinkWarning>,
    charset: Charset,
    verdict: Option<Result<UrlKind, ParseError>>,
    /// The mode that resolved it (`None` without an absolute form).
    mode: Option<ResolveMode>,
    /// The href as written read by RFC 1738, when it is absolute.
    href_verdict: Option<Result<UrlKind, ParseError>>,
    /// What the mode changed of an absolute href's server: `host`, `port`.
    changed: Vec<&'static str>,
    /// The link resolved by each mode compared ([`LinkLister::compare`]).
    comparison: Option<Comparison<LinkError>>,
}

impl Link {
    /// A link found, its absolute form read by RFC 1738 once (and its href as written,
    /// when it is absolute and not the same text), by `mode`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        line: u64,
        element: String,
        attribute: Option<String>,
        href: Option<String>,
        result: Result<String, LinkError>,
        warning: Option<LinkWarning>,
        charset: Charset,
        mode: ResolveMode,
    ) -> Link {
        let read = |text: &str| {
            parse_reference(text, Dialect::Rfc1738).map(|reference| reference.url().kind())
        };
        let verdict = result.as_ref().ok().map(|result| read(result));
        let (mut href_verdict, mut changed) = (None, Vec::new());
        if let (Some(href), Ok(result), Some(verdict)) = (&href, &result, &verdict) {
            if is_absolute(href) {
                href_verdict = Some(match href == result {
                    true => verdict.clone(),
                    false => read(href),
                });
                changed = changed_server(href, result);
            }
        }
        Link {
            line,
            element,
            attribute,
            href,
            mode: result.is_ok().then_some(mode),
            result,
            warning,
            charset,
            verdict,
            href_verdict,
            changed,
            comparison: None,
        }
    }

    /// The line (from 1) where the attribute starts, or the tag, comment or declaration
    /// skipped or left open. A line ends at LF, CR LF or CR.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The element, in lower case (`a`, `img`); for a comment or declaration skipped or
    /// left open `#comment`, `#declaration`, `#marked-section` or
    /// `#processing-instruction`; for an end tag left open its name after `/` (`/a`).
    pub fn element(&self) -> &str {
        &self.element
    }

    /// The attribute, in lower case (`href`); `None` for a tag, comment or declaration.
    pub fn attribute(&self) -> Option<&str> {
        self.attribute.as_deref()
    }

    /// The attribute's value as the tokenizer reads it (character references decoded);
    /// `None` when skipped.
    pub fn href(&self) -> Option<&str> {
        self.href.as_deref()
    }

    /// The absolute form by the mode, or why there is none.
    pub fn result(&self) -> Result<&str, &LinkError> {
        self.result.as_deref()
    }

    /// A note on a link that has its absolute form (a relative `BASE HREF`).
    pub fn warning(&self) -> Option<&LinkWarning> {
        self.warning.as_ref()
    }

    /// The character set in force when the attribute ended (for a tag or comment skipped,
    /// when it ended).
    pub fn charset(&self) -> Charset {
        self.charset
    }

    /// Why there is no absolute form.
    pub fn error(&self) -> Option<&LinkError> {
        self.result.as_ref().err()
    }

    /// The absolute form read as a URL reference by RFC 1738 (`[URL:] url [#fragment]`,
    /// as `rfc1738 parse` reads it): its kind, or its error; `None` without an absolute
    /// form.
    pub fn verdict(&self) -> Option<Result<UrlKind, &ParseError>> {
        self.verdict
            .as_ref()
            .map(|verdict| verdict.as_ref().copied())
    }

    /// Whether the absolute form is a valid URL reference by RFC 1738.
    pub fn is_valid(&self) -> bool {
        matches!(self.verdict, Some(Ok(_)))
    }

    /// The kind of the absolute form when it is valid.
    pub fn kind(&self) -> Option<UrlKind> {
        self.verdict()?.ok()
    }

    /// The mode that gave the absolute form ([`LinkLister::mode`]); `None` without one.
    pub fn mode(&self) -> Option<ResolveMode> {
        self.mode
    }

    /// The href as written, read as a URL reference by RFC 1738, when it is absolute (it
    /// has a scheme: [`rfc1738::is_absolute`]) and has an absolute form: its kind, or its
    /// error. `None` for a partial form, which only its resolution makes a URL. A mode may
    /// rewrite an absolute href (the CERN library drops a host's final dot and its port,
    /// [`changed`](Link::changed)): this is the verdict of what the page said, beside
    /// [`verdict`](Link::verdict), that of what the mode made of it.
    ///
    /// ```
    /// use rfc1738::resolution::ResolveMode;
    /// use rfc1738_links::LinkLister;
    ///
    /// let links = LinkLister::new()
    ///     .mode(ResolveMode::Cern)
    ///     .links(r#"<A HREF="http://info.cern.ch.:8001/x">w</A>"#);
    /// assert_eq!(links[0].result(), Ok("http://info.cern.ch/x"));
    /// assert!(links[0].is_valid());
    /// assert!(links[0].href_verdict().unwrap().is_err());
    /// assert_eq!(links[0].changed(), ["host", "port"]);
    /// ```
    pub fn href_verdict(&self) -> Option<Result<UrlKind, &ParseError>> {
        self.href_verdict
            .as_ref()
            .map(|verdict| verdict.as_ref().copied())
    }

    /// What the mode changed of an absolute href's server, in that order: `host` (other
    /// than by case) and `port` (other than a default port written or left out). Empty
    /// for a partial form.
    pub fn changed(&self) -> &[&'static str] {
        &self.changed
    }
}

/// The host and the port of an absolute URL's `//` authority, as written (the port's
/// digits, `None` without a `:`); `None` without an authority.
fn server(url: &str) -> Option<(&str, Option<&str>)> {
    let colon = url.find(':')?;
    let rest = url[colon + 1..].strip_prefix("//")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let hostport = authority.rsplit('@').next().unwrap_or(authority);
    Some(match hostport.rfind(':') {
        Some(at) => (&hostport[..at], Some(&hostport[at + 1..])),
        None => (hostport, None),
    })
}

/// What `result` changed of `href`'s server: `host`, `port` (a port equal to the scheme's
/// default, written or not, is the same port).
fn changed_server(href: &str, result: &str) -> Vec<&'static str> {
    let (Some((host, port)), Some((new_host, new_port))) = (server(href), server(result)) else {
        return Vec::new();
    };
    let scheme = leading_scheme(href).unwrap_or_default();
    let default = UrlKind::from_scheme(scheme).default_port();
    // The port as a key: its digits without leading zeros, the default for none.
    let port_of = |port: Option<&str>| match port.filter(|port| !port.is_empty()) {
        None => default.map(|port| port.to_string()),
        Some(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => {
            let value = digits.trim_start_matches('0');
            Some(if value.is_empty() { "0" } else { value }.to_owned())
        }
        Some(other) => Some(other.to_owned()),
    };
    let mut changed = Vec::new();
    if !host.eq_ignore_ascii_case(new_host) {
        changed.push("host");
    }
    if port_of(port) != port_of(new_port) {
        changed.push("port");
    }
    changed
}

/// The links of one document, in document order (an iterator over [`Link`]s, or the
/// reading error that ends it).
pub struct Links<R: Read> {
    tokenizer: Tokenizer<HtmlReader<R>, LinkEmitter>,
    lister: LinkLister,
    /// The base given, as a document's address ([`document_address`]).
    given_base: Option<String>,
    /// The base a `BASE HREF` set (as a document's address): its absolute form, or the error of the relative links
    /// after a relative one that has none ([`LinkError::NoBase`] without a base given,
    /// [`LinkError::UnresolvedBase`] when the mode refused to resolve it).
    document_base: Option<Result<String, LinkError>>,
    pending: VecDeque<Link>,
    /// One link list per mode compared ([`LinkLister::compare`]), fed the same tokens.
    shadows: Vec<Links<io::Empty>>,
}

impl<R: Read> fmt::Debug for Links<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Links")
            .field("lister", &self.lister)
            .finish_non_exhaustive()
    }
}

impl<R: Read> Iterator for Links<R> {
    type Item = io::Result<Link>;

    fn next(&mut self) -> Option<io::Result<Link>> {
        loop {
            if let Some(link) = self.pending.pop_front() {
                return Some(Ok(link));
            }
            match self.tokenizer.next()? {
                Err(error) => return Some(Err(error)),
                Ok(token) => self.read_compared(token),
            }
        }
    }
}

impl<R: Read> Links<R> {
    /// The base for the links that follow, or why a relative one has none.
    fn current_base(&self) -> Result<&str, LinkError> {
        match &self.document_base {
            Some(base) => base.as_deref().map_err(Clone::clone),
            None => self.given_base.as_deref().ok_or(LinkError::NoBase),
        }
    }

    /// `href` of an element resolved against the current base. Without one, a link with a
    /// scheme (a colon before any slash) stands for itself: as written, or in the CERN
    /// mode as the library rebuilds it against an empty base (`:80` dropped).
    fn resolved(&self, href: &str, call: CernCall) -> Result<String, LinkError> {
        let base = match self.current_base() {
            Ok(base) => base,
            Err(_) if is_absolute(href) && self.lister.mode == ResolveMode::Cern => "",
            Err(error) if is_absolute(href) && reads_alone(self.lister.mode) => {
                return alone(href, self.lister.mode, error);
            }
            Err(_) if is_absolute(href) => return Ok(href.to_owned()),
            Err(error) => return Err(error),
        };
        if self.lister.mode != ResolveMode::Cern {
            return resolve(base, href, self.lister.mode).map_err(LinkError::Resolve);
        }
        Ok(match call {
            CernCall::KeepAnchor => {
                resolve(base, href, ResolveMode::Cern).expect("the CERN library resolves anything")
            }
            CernCall::NoAnchor => resolve_cern_without_anchor(base, href),
            CernCall::FormGet => {
                let action = resolve(base, before_query(href), ResolveMode::Cern)
                    .expect("the CERN library resolves anything");
                before_query(&action).to_owned()
            }
        })
    }

    /// The links of one token, queued.
    fn read(&mut self, token: TagToken) {
        let max_len = self.lister.max_len;
        match token {
            TagToken::Skipped {
                what,
                element,
                line,
                charset,
                unclosed,
            } => self.pending.push_back(Link::new(
                line,
                element,
                None,
                None,
                Err(match unclosed {
                    false => LinkError::TooLong { what, max_len },
                    true => LinkError::Unclosed {
                        what,
                        reading: self.lister.reading,
                    },
                }),
                None,
                charset,
                self.lister.mode,
            )),
            TagToken::Tag { name, attributes } => {
                let has = |name: &str, value: &str| {
                    attributes.iter().any(|attribute| {
                        attribute.name == name
                            && attribute
                                .value
                                .as_deref()
                                .is_some_and(|v| v.eq_ignore_ascii_case(value))
                    })
                };
                let image = has("type", "image");
                let call = CernCall::of(&name, has("method", "post"));
                for attribute in attributes {
                    let is_link = LINK_ATTRIBUTES
                        .contains(&(name.as_str(), attribute.name.as_str()))
                        && (name != "input" || image);
                    if !is_link {
                        continue;
                    }
                    let Some(href) = attribute.value else {
                        self.pending.push_back(Link::new(
                            attribute.line,
                            name.clone(),
                            Some(attribute.name),
                            None,
                            Err(LinkError::TooLong {
                                what: "attribute",
                                max_len,
                            }),
                            None,
                            attribute.charset,
                            self.lister.mode,
                        ));
                        continue;
                    };
                    let mut warning = None;
                    let result = if name == "base" {
                        let mode = self.lister.mode;
                        let result = if is_absolute(&href) && reads_alone(mode) {
                            // Read by the mode, as any link: against the page's address
                            // when there is one (a browser resolves BASE HREF so).
                            match &self.given_base {
                                Some(base) => {
                                    resolve(base, &href, mode).map_err(LinkError::Resolve)
                                }
                                None => alone(&href, mode, LinkError::RelativeBase),
                            }
                        } else if is_absolute(&href) {
                            Ok(href.clone())
                        } else {
                            warning = Some(LinkWarning::RelativeBase);
                            match &self.given_base {
                                Some(base) => resolve(base, &href, self.lister.mode)
                                    .map_err(LinkError::Resolve),
                                None => Err(LinkError::RelativeBase),
                            }
                        };
                        self.document_base = Some(match &result {
                            Ok(base) => Ok(document_address(base, self.lister.mode)),
                            Err(LinkError::RelativeBase) => Err(LinkError::NoBase),
                            Err(_) => Err(LinkError::UnresolvedBase),
                        });
                        result
                    } else {
                        self.resolved(&href, call)
                    };
                    if result.is_err() {
                        warning = None;
                    }
                    self.pending.push_back(Link::new(
                        attribute.line,
                        name.clone(),
                        Some(attribute.name),
                        Some(href),
                        result,
                        warning,
                        attribute.charset,
                        self.lister.mode,
                    ));
                }
            }
        }
    }
}

/// Whether `mode` reads an absolute link by itself, so that a link with a scheme is its
/// reading, not the text as written, even without a base: RFC 2396 (as written, but by its
/// own scheme rule), RFC 3986 (dot segments removed) and WHATWG (parsed and serialized).
fn reads_alone(mode: ResolveMode) -> bool {
    matches!(
        mode,
        ResolveMode::Rfc2396 | ResolveMode::Rfc3986 | ResolveMode::Whatwg
    )
}

/// An absolute `href` read by `mode` without a base (an empty one): its answer, or
/// `no_base` when the mode, which reads no scheme in it, would need one (RFC 2396 and RFC
/// 3986: `a b:c` has a colon before any slash, but no scheme by RFC 2396).
fn alone(href: &str, mode: ResolveMode, no_base: LinkError) -> Result<String, LinkError> {
    match resolve("", href, mode) {
        Ok(result) => Ok(result),
        Err(ResolveError::BaseWithoutScheme { .. }) => Err(no_base),
        Err(error) => Err(LinkError::Resolve(error)),
    }
}

/// A document's address as the browsers of 1993-1996 resolved its links against it:
/// without its fragment (which names a place in the document, not the document). In the
/// CERN mode the fragment goes as NCSA Mosaic 2.4-2.7b5 took it off
/// (`mo_url_canonicalize_keep_anchor`: `HTParse(address, "", PARSE_ACCESS | PARSE_HOST |
/// PARSE_PATH | PARSE_PUNCTUATION)`), which the CERN library's and Lynx 2.6's parent
/// anchors never held; elsewhere from the first `#` on.
fn document_address(url: &str, mode: ResolveMode) -> String {
    match mode {
        ResolveMode::Cern => resolve_cern_without_anchor("", url),
        _ => url.split_once('#').map_or(url, |(url, _)| url).to_owned(),
    }
}

/// `url` without its fragment and then its query: what NCSA Mosaic 2.7b5 kept of a form's
/// `ACTION` before adding the form's data (`strtok(query, "#"); strtok(query, "?")`).
fn before_query(url: &str) -> &str {
    let url = url.split('#').next().unwrap_or_default();
    url.split('?').next().unwrap_or_default()
}

/// How NCSA Mosaic 2.7b5 called the CERN library for each element's URL (the CERN mode of
/// the link list), against the document's address without its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CernCall {
    /// `A HREF`, `LINK HREF`, a `POST` form's `ACTION`: the URL's own anchor kept
    /// (`mo_url_canonicalize_keep_anchor`, `src/mo-www.c`).
    KeepAnchor,
    /// `IMG SRC`, and `INPUT SRC` of `TYPE=IMAGE` (which Mosaic made an `IMG`): no anchor
    /// at all (`mo_url_canonicalize`, called from `src/img.c`).
    NoAnchor,
    /// A `GET` form's `ACTION` (the default method): its fragment and query cut off before
    /// it is resolved (and from the result, for an empty one, which stands for the
    /// document), since the form's data became the query (`src/gui.c`,
    /// `submit_form_callback`).
    FormGet,
}

impl CernCall {
    /// The call for an element (lower case), `post` when its `METHOD` is `POST`.
    fn of(element: &str, post: bool) -> CernCall {
        match element {
            "img" | "input" => CernCall::NoAnchor,
            "form" if !post => CernCall::FormGet,
            _ => CernCall::KeepAnchor,
        }
    }
}
