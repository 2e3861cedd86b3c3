//! The links of HTML documents as the browsers of 1993-1995 followed them: the URL
//! attributes of HTML 2.0 (RFC 1866), resolved against the document's base by a
//! [`ResolveMode`]. Behind the `html` feature (on by default through `cli`).
//!
//! Tags are read by [html5gum](https://docs.rs/html5gum)'s tokenizer (the WHATWG
//! tokenizer: tags and attributes in any case, values quoted with `"` or `'` or not, space
//! around `=`, character references decoded), with an emitter of this module
//! (`emitter.rs`) that keeps nothing but the tag being read, and that only up to a length
//! limit. Markup declarations and comments are read by HTML 2.0's rules
//! ([`HtmlReading::Html2`], `sgml.rs`, ahead of the tokenizer) or by the tokenizer's own
//! ([`HtmlReading::Whatwg`]). The bytes reach both through `reader.rs` (UTF-8, or Latin-1
//! from the first byte that is not; lines counted).

mod emitter;
mod reader;
mod sgml;

use crate::facade::parse_reference;
use crate::services::resolve::{resolve, ResolveError, ResolveMode};
use crate::vocabulary::dialect::{is_absolute, Dialect};
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;
use emitter::{LinkEmitter, TagToken};
use html5gum::{naive_next_state, State, Tokenizer};
use reader::{HtmlReader, Shared};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read};
use std::sync::Arc;

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

/// How the markup of a page is read: where comments and other markup declarations end,
/// and which elements' content holds no link.
///
/// Tags, attributes and character references are read the same way in both (by the
/// WHATWG tokenizer); so is what holds no link in both: text, comments, and the content
/// of HTML 2.0's literal elements `XMP`, `LISTING` and `PLAINTEXT` and of `TITLE` and
/// `TEXTAREA`.
///
/// ```
/// use rfc1738::{HtmlReading, LinkLister};
///
/// let page = "<!-- a comment -- >\n<A HREF=\"x.html\">x</A> <!-- -->";
/// let html2 = LinkLister::new().base("http://h/").links(page);
/// assert_eq!(html2[0].result.as_deref(), Ok("http://h/x.html"));
///
/// // The WHATWG tokenizer reads the comment on to the next "-->".
/// let whatwg = LinkLister::new().base("http://h/").reading(HtmlReading::Whatwg).links(page);
/// assert!(whatwg.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HtmlReading {
    /// HTML 2.0 (RFC 1866, section 3.2.5, by SGML's rules), what the pages of 1993-1996
    /// were written to: a comment declaration is `<!`, comments `-- ... --` separated by
    /// white space, then `>` (`<!-- a -- >` ends at its `>`, `<!-- a -- -- b -- >` holds two
    /// comments); `<!DOCTYPE ...>` and the other declarations end at a `>` outside their
    /// literals, comments and subsets; marked sections (`<![ IGNORE [ ... ]]>`) and
    /// processing instructions (`<? ... >`) are read as SGML reads them; `<!` before
    /// anything else is text. `XMP`, `LISTING` and `PLAINTEXT` end at their own end tag.
    /// Errors in a comment declaration are read as Lynx 2.6 read them.
    #[default]
    Html2,
    /// Today's reading, the WHATWG HTML tokenizer's: a comment runs from `<!--` to the next
    /// `-->`; `<!` before anything else, `<?` and `</` before a non-letter open a "bogus
    /// comment" that ends at the next `>`; `SCRIPT`, `STYLE` and the other raw-text
    /// elements of today hold no link, and `PLAINTEXT` runs to the end of the document.
    Whatwg,
}

impl HtmlReading {
    /// Both readings.
    pub const ALL: [HtmlReading; 2] = [HtmlReading::Html2, HtmlReading::Whatwg];

    /// `html2` or `whatwg`.
    pub fn name(self) -> &'static str {
        match self {
            HtmlReading::Html2 => "html2",
            HtmlReading::Whatwg => "whatwg",
        }
    }

    /// The rules it reads by, for a message: "HTML 2.0's rules (RFC 1866)", "the WHATWG
    /// tokenizer's rules".
    pub fn rules(self) -> &'static str {
        match self {
            HtmlReading::Html2 => "HTML 2.0's rules (RFC 1866)",
            HtmlReading::Whatwg => "the WHATWG tokenizer's rules",
        }
    }

    /// The tokenizer's state after a start tag of the element `name` (lower case):
    /// `None` for the data state.
    fn state_after(self, name: &[u8]) -> Option<State> {
        match self {
            HtmlReading::Html2 => Content::after(name).state(),
            HtmlReading::Whatwg => match name {
                b"listing" => Some(State::RawText),
                _ => naive_next_state(name),
            },
        }
    }
}

impl fmt::Display for HtmlReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for HtmlReading {
    type Err = String;

    /// `html2` or `whatwg`, in any case.
    fn from_str(name: &str) -> Result<HtmlReading, String> {
        HtmlReading::ALL
            .into_iter()
            .find(|reading| reading.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("no HTML reading named {name:?}: html2 or whatwg"))
    }
}

/// What follows a start tag in HTML 2.0's reading: markup, text in which declarations are
/// still read but tags are not (`TITLE`, `TEXTAREA`: `#PCDATA` in HTML 2.0's DTD, shown
/// as text by Mosaic 2.7 and Lynx 2.6), or literal text that only the element's own end
/// tag ends (`XMP`, `LISTING`, `PLAINTEXT`: HTML 2.0's `%literal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Content {
    Markup,
    Text(&'static [u8]),
    Literal(&'static [u8]),
}

impl Content {
    /// The content after a start tag of `name` (lower case).
    fn after(name: &[u8]) -> Content {
        match name {
            b"title" => Content::Text(b"title"),
            b"textarea" => Content::Text(b"textarea"),
            b"xmp" => Content::Literal(b"xmp"),
            b"listing" => Content::Literal(b"listing"),
            b"plaintext" => Content::Literal(b"plaintext"),
            _ => Content::Markup,
        }
    }

    /// The element whose end tag ends it.
    fn element(self) -> Option<&'static [u8]> {
        match self {
            Content::Markup => None,
            Content::Text(name) | Content::Literal(name) => Some(name),
        }
    }

    /// Whether declarations and processing instructions are read in it.
    fn reads_declarations(self) -> bool {
        !matches!(self, Content::Literal(_))
    }

    /// The tokenizer's state for it.
    fn state(self) -> Option<State> {
        match self {
            Content::Markup => None,
            Content::Text(_) => Some(State::RcData),
            Content::Literal(_) => Some(State::RawText),
        }
    }
}

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
///   slash) stands for itself (in the CERN mode, as the library rebuilds it).
/// - The default mode is [`ResolveMode::Cern`]: the CERN library is what NCSA Mosaic 2.x
///   and Lynx 2.x, the browsers of those pages, ran.
/// - Comments and other markup declarations are read by HTML 2.0's rules unless
///   [`reading`](LinkLister::reading) says otherwise ([`HtmlReading`]).
/// - A tag, comment or declaration longer than [`max_len`](LinkLister::max_len) bytes is
///   reported ([`LinkError::TooLong`]) and skipped; so is a link attribute whose name or
///   value is longer. Memory stays within a few times the limit, whatever the document's
///   size.
/// - Nothing is lost in silence: a comment, declaration or start tag still open at the end
///   of the document, which took the rest of it, is reported last
///   ([`LinkError::Unclosed`]).
/// - Bytes that are not UTF-8 are read as Latin-1 (ISO 8859-1, HTML 2.0's character set)
///   from the first such byte on (from when the tokenizer reaches it, not when it is
///   read ahead); each link says which was in force when its attribute ended
///   ([`Charset`]).
///
/// ```
/// use rfc1738::{LinkLister, ResolveMode};
///
/// let page = r#"<TITLE>Demo</TITLE><A HREF="../Overview.html#top">back</A>
/// <IMG SRC=icons/www.gif ALT="[WWW]"> <!-- <A HREF="not-a-link"> -->
/// <A HREF="gopher://gopher.micro.umn.edu/11/Other">gopher</A>"#;
/// let lister = LinkLister::new().base("http://info.cern.ch/hypertext/WWW/TheProject.html");
/// let links = lister.links(page);
/// assert_eq!(links.len(), 3);
/// assert_eq!(links[0].element, "a");
/// assert_eq!(links[0].href.as_deref(), Some("../Overview.html#top"));
/// assert_eq!(links[0].result.as_deref(), Ok("http://info.cern.ch/hypertext/Overview.html#top"));
/// assert_eq!(links[1].result.as_deref(), Ok("http://info.cern.ch/hypertext/WWW/icons/www.gif"));
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
}

impl Default for LinkLister {
    fn default() -> LinkLister {
        LinkLister::new()
    }
}

impl LinkLister {
    /// The length limit when none is given: 64 KiB.
    pub const DEFAULT_MAX_LEN: usize = 64 * 1024;

    /// No base, [`ResolveMode::Cern`], [`HtmlReading::Html2`],
    /// [`DEFAULT_MAX_LEN`](LinkLister::DEFAULT_MAX_LEN).
    pub fn new() -> LinkLister {
        LinkLister {
            base: None,
            mode: ResolveMode::Cern,
            reading: HtmlReading::Html2,
            max_len: LinkLister::DEFAULT_MAX_LEN,
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
            document_base: None,
            pending: VecDeque::new(),
        }
    }

    /// The links of an HTML document held in memory.
    pub fn links(&self, html: &str) -> Vec<Link> {
        self.links_reader(html.as_bytes())
            .map_while(Result::ok)
            .collect()
    }
}

/// The character set a link was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Charset {
    /// UTF-8: every byte of the document up to the end of this link's attribute (the
    /// last character of its value, or of its name without a value) was UTF-8.
    Utf8,
    /// Latin-1 (ISO 8859-1, HTML 2.0's character set): a byte that is not UTF-8 came
    /// before the end of this link's attribute, and every byte from it on is read as
    /// Latin-1. A byte after the attribute (even in the same tag) does not count.
    Latin1,
}

impl Charset {
    /// `utf-8` or `latin-1`.
    pub fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "utf-8",
            Charset::Latin1 => "latin-1",
        }
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
    /// A comment, declaration or start tag that begins on this link's line and is still
    /// open at the end of the document: everything after its start was read as part of
    /// it, links included.
    #[error("{what} still open at the end of the document, read by {}: everything after its start was read as part of it", reading.rules())]
    Unclosed {
        /// `comment`, `declaration`, `marked section`, `processing instruction` or `tag`.
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
/// length or left open at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Link {
    /// The line (from 1) where the attribute starts, or the tag, comment or declaration
    /// skipped or left open. A line ends at LF, CR LF or CR.
    pub line: u64,
    /// The element, in lower case (`a`, `img`); for a comment or declaration skipped or
    /// left open `#comment`, `#declaration`, `#marked-section` or
    /// `#processing-instruction`.
    pub element: String,
    /// The attribute, in lower case (`href`); `None` for a tag, comment or declaration.
    pub attribute: Option<String>,
    /// The attribute's value as the tokenizer reads it (character references decoded);
    /// `None` when skipped.
    pub href: Option<String>,
    /// The absolute form by the mode, or why there is none.
    pub result: Result<String, LinkError>,
    /// A note on a link that has its absolute form (a relative `BASE HREF`).
    pub warning: Option<LinkWarning>,
    /// The character set in force when the attribute ended (for a tag or comment skipped,
    /// when it ended).
    pub charset: Charset,
}

impl Link {
    /// Why there is no absolute form.
    pub fn error(&self) -> Option<&LinkError> {
        self.result.as_ref().err()
    }

    /// The absolute form read as a URL reference by RFC 1738 (`[URL:] url [#fragment]`,
    /// as `rfc1738 parse` reads it); `None` without an absolute form.
    pub fn verdict(&self) -> Option<Result<UrlKind, ParseError>> {
        let result = self.result.as_ref().ok()?;
        Some(parse_reference(result, Dialect::Rfc1738).map(|reference| reference.url().kind()))
    }

    /// Whether the absolute form is a valid URL reference by RFC 1738.
    pub fn is_valid(&self) -> bool {
        matches!(self.verdict(), Some(Ok(_)))
    }

    /// The kind of the absolute form when it is valid.
    pub fn kind(&self) -> Option<UrlKind> {
        self.verdict()?.ok()
    }
}

/// The links of one document, in document order (an iterator over [`Link`]s, or the
/// reading error that ends it).
pub struct Links<R: Read> {
    tokenizer: Tokenizer<HtmlReader<R>, LinkEmitter>,
    lister: LinkLister,
    /// The base a `BASE HREF` set: its absolute form, or the error of the relative links
    /// after a relative one that has none ([`LinkError::NoBase`] without a base given,
    /// [`LinkError::UnresolvedBase`] when the mode refused to resolve it).
    document_base: Option<Result<String, LinkError>>,
    pending: VecDeque<Link>,
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
                Ok(token) => self.read(token),
            }
        }
    }
}

impl<R: Read> Links<R> {
    /// The base for the links that follow, or why a relative one has none.
    fn current_base(&self) -> Result<&str, LinkError> {
        match &self.document_base {
            Some(base) => base.as_deref().map_err(Clone::clone),
            None => self.lister.base.as_deref().ok_or(LinkError::NoBase),
        }
    }

    /// `href` resolved against the current base. Without one, a link with a scheme (a
    /// colon before any slash) stands for itself: as written, or in the CERN mode as the
    /// library rebuilds it against an empty base (`:80` dropped).
    fn resolved(&self, href: &str) -> Result<String, LinkError> {
        let base = match self.current_base() {
            Ok(base) => base,
            Err(_) if is_absolute(href) && self.lister.mode == ResolveMode::Cern => "",
            Err(_) if is_absolute(href) => return Ok(href.to_owned()),
            Err(error) => return Err(error),
        };
        resolve(base, href, self.lister.mode).map_err(LinkError::Resolve)
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
            } => self.pending.push_back(Link {
                line,
                element,
                attribute: None,
                href: None,
                result: Err(match unclosed {
                    false => LinkError::TooLong { what, max_len },
                    true => LinkError::Unclosed {
                        what,
                        reading: self.lister.reading,
                    },
                }),
                warning: None,
                charset,
            }),
            TagToken::Tag { name, attributes } => {
                let image = attributes.iter().any(|attribute| {
                    attribute.name == "type"
                        && attribute
                            .value
                            .as_deref()
                            .is_some_and(|v| v.eq_ignore_ascii_case("image"))
                });
                for attribute in attributes {
                    let is_link = LINK_ATTRIBUTES
                        .contains(&(name.as_str(), attribute.name.as_str()))
                        && (name != "input" || image);
                    if !is_link {
                        continue;
                    }
                    let Some(href) = attribute.value else {
                        self.pending.push_back(Link {
                            line: attribute.line,
                            element: name.clone(),
                            attribute: Some(attribute.name),
                            href: None,
                            result: Err(LinkError::TooLong {
                                what: "attribute",
                                max_len,
                            }),
                            warning: None,
                            charset: attribute.charset,
                        });
                        continue;
                    };
                    let mut warning = None;
                    let result = if name == "base" {
                        let result = if is_absolute(&href) {
                            Ok(href.clone())
                        } else {
                            warning = Some(LinkWarning::RelativeBase);
                            match &self.lister.base {
                                Some(base) => resolve(base, &href, self.lister.mode)
                                    .map_err(LinkError::Resolve),
                                None => Err(LinkError::RelativeBase),
                            }
                        };
                        self.document_base = Some(match &result {
                            Ok(base) => Ok(base.clone()),
                            Err(LinkError::RelativeBase) => Err(LinkError::NoBase),
                            Err(_) => Err(LinkError::UnresolvedBase),
                        });
                        result
                    } else {
                        self.resolved(&href)
                    };
                    if result.is_err() {
                        warning = None;
                    }
                    self.pending.push_back(Link {
                        line: attribute.line,
                        element: name.clone(),
                        attribute: Some(attribute.name),
                        href: Some(href),
                        result,
                        warning,
                        charset: attribute.charset,
                    });
                }
            }
        }
    }
}
