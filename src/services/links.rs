//! The links of HTML documents as the browsers of 1993-1995 followed them: the URL
//! attributes of HTML 2.0 (RFC 1866), resolved against the document's base by a
//! [`ResolveMode`]. Behind the `html` feature (on by default through `cli`).
//!
//! The document is read by [html5gum](https://docs.rs/html5gum)'s tokenizer (the WHATWG
//! tokenizer: what it does not read as a tag, such as text in a comment or in a `TITLE`,
//! is no link; tags and attributes in any case, values quoted with `"` or `'` or not,
//! space around `=`, character references decoded), with an emitter of this module that
//! keeps nothing but the tag being read, and that only up to a length limit.

use crate::facade::parse_reference;
use crate::services::resolve::{resolve, ResolveError, ResolveMode};
use crate::vocabulary::dialect::{is_absolute, Dialect};
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;
use html5gum::{naive_next_state, Emitter, Reader, State, Tokenizer};
use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// Lists the links of HTML documents: which base, which [`ResolveMode`], which length
/// limit.
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
/// - A tag or comment longer than [`max_len`](LinkLister::max_len) bytes is reported
///   ([`LinkError::TooLong`]) and skipped; so is a link attribute whose name or value is
///   longer. Memory stays within a few times the limit, whatever the document's size.
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

    /// No base, [`ResolveMode::Cern`], [`DEFAULT_MAX_LEN`](LinkLister::DEFAULT_MAX_LEN).
    pub fn new() -> LinkLister {
        LinkLister {
            base: None,
            mode: ResolveMode::Cern,
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

    /// The longest tag, comment or link attribute read, in bytes (at least 256; less
    /// counts as 256).
    pub fn max_len(mut self, max_len: usize) -> LinkLister {
        self.max_len = max_len.max(256);
        self
    }

    /// The links of the HTML document `reader` holds, read as a stream.
    pub fn links_reader<R: Read>(&self, reader: R) -> Links<R> {
        let shared = Arc::new(Shared::default());
        let emitter = LinkEmitter::new(self.max_len, Arc::clone(&shared));
        Links {
            tokenizer: Tokenizer::new_with_emitter(
                HtmlReader::new(reader, shared, self.max_len),
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
    /// A tag, comment or link attribute longer than the limit: skipped.
    #[error("{what} longer than {max_len} bytes: skipped")]
    TooLong {
        /// `tag`, `comment` or `attribute`.
        what: &'static str,
        /// The limit.
        max_len: usize,
    },
}

impl LinkError {
    /// A stable name: `no-base`, `relative-base`, `unresolved-base`, `too-long`, or the
    /// [`ResolveError::code`].
    pub fn code(&self) -> &'static str {
        match self {
            LinkError::NoBase => "no-base",
            LinkError::RelativeBase => "relative-base",
            LinkError::UnresolvedBase => "unresolved-base",
            LinkError::Resolve(error) => error.code(),
            LinkError::TooLong { .. } => "too-long",
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

/// One link of a document, or a tag, comment or attribute skipped for its length.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Link {
    /// The line (from 1) where the attribute starts, or the tag or comment skipped. A line
    /// ends at LF, CR LF or CR.
    pub line: u64,
    /// The element, in lower case (`a`, `img`); `#comment` for a comment skipped.
    pub element: String,
    /// The attribute, in lower case (`href`); `None` for a tag or comment skipped.
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
            TagToken::TooLong {
                what,
                element,
                line,
                charset,
            } => self.pending.push_back(Link {
                line,
                element,
                attribute: None,
                href: None,
                result: Err(LinkError::TooLong { what, max_len }),
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

// ---------------------------------------------------------------------------------------
// Reading: bytes to UTF-8 (Latin-1 from the first byte that is not UTF-8), lines counted
// ---------------------------------------------------------------------------------------

/// What the reader tells the emitter: the line of what has been read, and whether the
/// Latin-1 reading has begun.
#[derive(Debug, Default)]
struct Shared {
    /// Line breaks read so far.
    breaks: AtomicU64,
    latin1: AtomicBool,
}

impl Shared {
    fn line(&self) -> u64 {
        self.breaks.load(Ordering::Relaxed) + 1
    }

    fn charset(&self) -> Charset {
        match self.latin1.load(Ordering::Relaxed) {
            true => Charset::Latin1,
            false => Charset::Utf8,
        }
    }
}

/// An [`html5gum::Reader`] over any [`Read`]: UTF-8 until the first byte that is not, then
/// Latin-1 (each byte the character of that number), so the tokenizer always reads UTF-8.
///
/// It also bounds the one buffer of html5gum 0.9 that its emitter cannot: the tokenizer's
/// "temporary buffer" takes every ASCII letter after `</` in RCDATA (`TITLE`,
/// `TEXTAREA`), RAWTEXT (`XMP`, `STYLE`, ...) and script data, and after `<` or `</` in
/// script data's escaped states, until a letter run ends. A run of ASCII letters right
/// after `<` or `</` that is longer than `max_len + 1` gets a `0` before its next letter
/// ([`RunBreaker`]). Every state of the tokenizer that reads such a run (a tag name,
/// those end tag names, the script "double escape" names) either appends the `0` to a
/// name already longer than the limit (a tag reported and skipped as too long) or ends
/// the run on it, where any other non-letter would (the text, which holds no link,
/// goes on); elsewhere (in a comment, an attribute value or name) the `0` lands in text
/// already longer than the limit, reported and skipped as such. Lines are not changed.
struct HtmlReader<R> {
    inner: R,
    /// Decoded bytes; `buf[pos..]` not yet read.
    buf: Vec<u8>,
    pos: usize,
    /// The end of a UTF-8 sequence cut by a read, kept for the next.
    carry: Vec<u8>,
    eof: bool,
    /// Decoded bytes produced so far, and where the Latin-1 reading starts among them.
    decoded: u64,
    latin1_from: Option<u64>,
    /// Decoded bytes handed to the tokenizer so far.
    delivered: u64,
    last_was_cr: bool,
    shared: Arc<Shared>,
    breaker: RunBreaker,
}

/// Where the decoded text stands with respect to a run of ASCII letters after `<` or
/// `</` (see [`HtmlReader`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Not right after `<` or `</` + letters.
    Outside,
    /// Right after `<`: a `/` may come.
    AfterLessThan,
    /// This many letters read after `<` or `</`.
    Letters(usize),
}

/// Copies decoded text into the buffer, with a `0` before the letter that would make a
/// run of letters after `<` or `</` longer than `longest`.
#[derive(Debug)]
struct RunBreaker {
    longest: usize,
    run: Run,
}

impl RunBreaker {
    fn push(&mut self, buf: &mut Vec<u8>, mut text: &[u8]) {
        while let Some(&first) = text.first() {
            match self.run {
                Run::Outside => {
                    let Some(at) = text.iter().position(|&b| b == b'<') else {
                        buf.extend_from_slice(text);
                        return;
                    };
                    buf.extend_from_slice(&text[..=at]);
                    text = &text[at + 1..];
                    self.run = Run::AfterLessThan;
                }
                Run::AfterLessThan => {
                    if first == b'/' {
                        buf.push(first);
                        text = &text[1..];
                    }
                    self.run = Run::Letters(0);
                }
                Run::Letters(read) => {
                    let letters = text.iter().take_while(|b| b.is_ascii_alphabetic()).count();
                    let room = self.longest - read;
                    if letters > room {
                        buf.extend_from_slice(&text[..room]);
                        buf.push(b'0');
                        text = &text[room..];
                        self.run = Run::Outside;
                    } else {
                        buf.extend_from_slice(&text[..letters]);
                        text = &text[letters..];
                        self.run = match text.is_empty() {
                            true => Run::Letters(read + letters),
                            false => Run::Outside,
                        };
                    }
                }
            }
        }
    }
}

/// How much is read from the input at a time.
const CHUNK: usize = 16 * 1024;

impl<R: Read> HtmlReader<R> {
    fn new(inner: R, shared: Arc<Shared>, max_len: usize) -> HtmlReader<R> {
        HtmlReader {
            inner,
            buf: Vec::with_capacity(2 * CHUNK),
            pos: 0,
            carry: Vec::new(),
            eof: false,
            decoded: 0,
            latin1_from: None,
            delivered: 0,
            last_was_cr: false,
            shared,
            breaker: RunBreaker {
                longest: max_len + 1,
                run: Run::Outside,
            },
        }
    }

    /// Reads and decodes more input after what is left; false at the end.
    fn more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        self.buf.drain(..self.pos);
        self.pos = 0;
        let before = self.buf.len();
        while self.buf.len() == before && !self.eof {
            let mut raw = std::mem::take(&mut self.carry);
            let start = raw.len();
            raw.resize(start + CHUNK, 0);
            let read = loop {
                match self.inner.read(&mut raw[start..]) {
                    Ok(read) => break read,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => return Err(error),
                }
            };
            raw.truncate(start + read);
            self.eof = read == 0;
            self.decode(&raw);
        }
        Ok(self.buf.len() > before)
    }

    /// Appends `raw` decoded to the buffer (through the [`RunBreaker`]), keeping a cut
    /// UTF-8 sequence for later.
    fn decode(&mut self, raw: &[u8]) {
        let start = self.buf.len();
        let mut rest = raw;
        if self.latin1_from.is_none() {
            match std::str::from_utf8(raw) {
                Ok(text) => {
                    self.breaker.push(&mut self.buf, text.as_bytes());
                    rest = &[];
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    self.breaker.push(&mut self.buf, &raw[..valid]);
                    rest = &raw[valid..];
                    if error.error_len().is_none() && !self.eof {
                        // A sequence cut by the read: completed by the next.
                        self.carry = rest.to_vec();
                        rest = &[];
                    } else {
                        let valid = self.buf.len() - start;
                        self.latin1_from = Some(self.decoded + valid as u64);
                    }
                }
            }
        }
        if !rest.is_empty() {
            let latin1: String = rest.iter().map(|&byte| char::from(byte)).collect();
            self.breaker.push(&mut self.buf, latin1.as_bytes());
        }
        self.decoded += (self.buf.len() - start) as u64;
    }

    /// Counts what the tokenizer is handed: lines, and whether Latin-1 has begun.
    fn deliver(&mut self, count: usize) {
        let bytes = &self.buf[self.pos..self.pos + count];
        let mut breaks = 0;
        for &byte in bytes {
            if byte == b'\r' || (byte == b'\n' && !self.last_was_cr) {
                breaks += 1;
            }
            self.last_was_cr = byte == b'\r';
        }
        if breaks > 0 {
            self.shared.breaks.fetch_add(breaks, Ordering::Relaxed);
        }
        self.pos += count;
        self.delivered += count as u64;
        if self.latin1_from.is_some_and(|from| self.delivered > from) {
            self.shared.latin1.store(true, Ordering::Relaxed);
        }
    }
}

impl<R: Read> Reader for HtmlReader<R> {
    type Error = io::Error;

    fn read_byte(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.buf.len() && !self.more()? {
            return Ok(None);
        }
        let byte = self.buf[self.pos];
        self.deliver(1);
        Ok(Some(byte))
    }

    fn try_read_string(&mut self, s: &[u8], case_sensitive: bool) -> io::Result<bool> {
        while self.buf.len() - self.pos < s.len() {
            if !self.more()? {
                return Ok(false);
            }
        }
        let ahead = &self.buf[self.pos..self.pos + s.len()];
        let matches = match case_sensitive {
            true => ahead == s,
            false => ahead.eq_ignore_ascii_case(s),
        };
        if matches {
            self.deliver(s.len());
        }
        Ok(matches)
    }

    fn read_until<'b>(
        &'b mut self,
        needle: &[u8],
        _char_buf: &'b mut [u8; 4],
    ) -> io::Result<Option<&'b [u8]>> {
        if self.pos == self.buf.len() && !self.more()? {
            return Ok(None);
        }
        let start = self.pos;
        let ahead = &self.buf[start..];
        let len = match ahead.iter().position(|byte| needle.contains(byte)) {
            Some(0) => 1,
            Some(at) => at,
            None => ahead.len(),
        };
        self.deliver(len);
        Ok(Some(&self.buf[start..start + len]))
    }
}

// ---------------------------------------------------------------------------------------
// Tokens: the tags the tokenizer emits, held only up to the limit
// ---------------------------------------------------------------------------------------

/// An attribute of a tag read.
#[derive(Debug)]
struct Attribute {
    name: String,
    /// `None` when longer than the limit.
    value: Option<String>,
    line: u64,
    charset: Charset,
}

/// What the emitter hands on.
#[derive(Debug)]
enum TagToken {
    /// A start tag with its attributes.
    Tag {
        name: String,
        attributes: Vec<Attribute>,
    },
    /// A tag or comment longer than the limit.
    TooLong {
        what: &'static str,
        element: String,
        line: u64,
        charset: Charset,
    },
}

/// Whether the tag being read is a start or an end tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagKind {
    Start,
    End,
}

/// The emitter: keeps the start tag being read (its name and attributes, up to the
/// limit), drops text, counts comments, and emits each start tag when it ends.
#[derive(Debug)]
struct LinkEmitter {
    max_len: usize,
    shared: Arc<Shared>,
    kind: Option<TagKind>,
    name: Vec<u8>,
    /// Bytes of the tag read so far (its name, and the names and values of its
    /// attributes, those of a repeated name included).
    kept: usize,
    tag_too_long: bool,
    tag_line: u64,
    attributes: Vec<Attribute>,
    /// The names of `attributes`, to find a repeated one in constant time.
    names: HashSet<String>,
    /// The attribute being read: name, value, whether too long, its line.
    attribute_name: Vec<u8>,
    attribute_value: Vec<u8>,
    attribute_too_long: bool,
    attribute_line: u64,
    /// The character set in force when the last character of the attribute's name or
    /// value was read: when the attribute ended, since what ends it (a quote, a space,
    /// `>`) is ASCII and comes straight after.
    attribute_charset: Charset,
    in_attribute: bool,
    last_start_tag: Vec<u8>,
    comment_len: usize,
    comment_line: u64,
    tokens: VecDeque<TagToken>,
}

impl LinkEmitter {
    fn new(max_len: usize, shared: Arc<Shared>) -> LinkEmitter {
        LinkEmitter {
            max_len,
            shared,
            kind: None,
            name: Vec::new(),
            kept: 0,
            tag_too_long: false,
            tag_line: 1,
            attributes: Vec::new(),
            names: HashSet::new(),
            attribute_name: Vec::new(),
            attribute_value: Vec::new(),
            attribute_too_long: false,
            attribute_line: 1,
            attribute_charset: Charset::Utf8,
            in_attribute: false,
            last_start_tag: Vec::new(),
            comment_len: 0,
            comment_line: 1,
            tokens: VecDeque::new(),
        }
    }

    fn init_tag(&mut self, kind: TagKind) {
        self.kind = Some(kind);
        self.name.clear();
        self.kept = 0;
        self.tag_too_long = false;
        self.attributes.clear();
        self.names.clear();
        self.in_attribute = false;
    }

    /// The tag is longer than the limit: what was kept of it goes.
    fn tag_is_too_long(&mut self) {
        self.tag_too_long = true;
        self.attributes.clear();
        self.names.clear();
        self.attribute_name.clear();
        self.attribute_value.clear();
    }

    /// Keeps `s` as part of the attribute being read (its name, or its value), unless the
    /// attribute is longer than the limit: then its value goes (its name is kept up to
    /// the limit, to say which attribute was skipped).
    fn keep_attribute(&mut self, s: &[u8], value: bool) {
        if self.tag_too_long || self.kind != Some(TagKind::Start) {
            return;
        }
        let len = self.attribute_name.len() + self.attribute_value.len() + s.len();
        if len > self.max_len {
            self.attribute_too_long = true;
            self.attribute_value.clear();
        }
        match (value, self.attribute_too_long) {
            (true, false) => self.attribute_value.extend_from_slice(s),
            (false, _) if self.attribute_name.len() + s.len() <= self.max_len => {
                self.attribute_name.extend_from_slice(s)
            }
            _ => {}
        }
    }

    /// Puts the attribute being read on the tag (the first of two of the same name wins);
    /// a tag whose bytes pass the limit is too long, repeated attributes counted too, so
    /// that a tag holds at most `max_len` bytes of attributes and the time spent on it
    /// grows with its length only.
    fn finish_attribute(&mut self) {
        if !self.in_attribute {
            return;
        }
        self.in_attribute = false;
        if self.tag_too_long || self.kind != Some(TagKind::Start) {
            return;
        }
        self.kept += self.attribute_name.len() + self.attribute_value.len();
        if self.kept > self.max_len {
            self.tag_is_too_long();
            return;
        }
        let name = String::from_utf8_lossy(&self.attribute_name).into_owned();
        if !self.names.insert(name.clone()) {
            return;
        }
        let value = (!self.attribute_too_long)
            .then(|| String::from_utf8_lossy(&self.attribute_value).into_owned());
        self.attributes.push(Attribute {
            name,
            value,
            line: self.attribute_line,
            charset: self.attribute_charset,
        });
    }
}

impl Emitter for LinkEmitter {
    type Token = TagToken;

    fn set_last_start_tag(&mut self, last_start_tag: Option<&[u8]>) {
        self.last_start_tag.clear();
        self.last_start_tag
            .extend_from_slice(last_start_tag.unwrap_or_default());
    }

    fn emit_eof(&mut self) {}

    fn emit_error(&mut self, _error: html5gum::Error) {}

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn pop_token(&mut self) -> Option<TagToken> {
        self.tokens.pop_front()
    }

    fn emit_string(&mut self, _s: &[u8]) {}

    fn init_start_tag(&mut self) {
        self.init_tag(TagKind::Start);
    }

    fn init_end_tag(&mut self) {
        self.init_tag(TagKind::End);
    }

    fn init_comment(&mut self) {
        self.comment_len = 0;
        self.comment_line = self.shared.line();
    }

    fn emit_current_tag(&mut self) -> Option<State> {
        self.finish_attribute();
        let kind = self.kind.take()?;
        let name = String::from_utf8_lossy(&self.name).into_owned();
        match kind {
            TagKind::End => {
                self.last_start_tag.clear();
                None
            }
            TagKind::Start => {
                self.last_start_tag.clear();
                self.last_start_tag.extend_from_slice(&self.name);
                let next = naive_next_state(&self.name);
                let token = match self.tag_too_long {
                    true => TagToken::TooLong {
                        what: "tag",
                        element: name,
                        line: self.tag_line,
                        charset: self.shared.charset(),
                    },
                    false => TagToken::Tag {
                        name,
                        attributes: std::mem::take(&mut self.attributes),
                    },
                };
                self.tokens.push_back(token);
                next
            }
        }
    }

    fn emit_current_comment(&mut self) {
        if self.comment_len > self.max_len {
            self.tokens.push_back(TagToken::TooLong {
                what: "comment",
                element: "#comment".to_owned(),
                line: self.comment_line,
                charset: self.shared.charset(),
            });
        }
    }

    fn emit_current_doctype(&mut self) {}

    fn set_self_closing(&mut self) {}

    fn set_force_quirks(&mut self) {}

    fn push_tag_name(&mut self, s: &[u8]) {
        if self.tag_too_long {
            return;
        }
        if self.name.len() + s.len() > self.max_len {
            // Named by what was read of it.
            self.tag_is_too_long();
            return;
        }
        self.kept += s.len();
        self.name.extend_from_slice(s);
    }

    fn push_comment(&mut self, s: &[u8]) {
        self.comment_len = self.comment_len.saturating_add(s.len());
    }

    fn push_doctype_name(&mut self, _s: &[u8]) {}

    fn init_doctype(&mut self) {}

    fn init_attribute(&mut self) {
        self.finish_attribute();
        self.in_attribute = true;
        self.attribute_name.clear();
        self.attribute_value.clear();
        self.attribute_too_long = false;
        self.attribute_line = self.shared.line();
        self.attribute_charset = self.shared.charset();
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        self.attribute_charset = self.shared.charset();
        self.keep_attribute(s, false);
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        self.attribute_charset = self.shared.charset();
        self.keep_attribute(s, true);
    }

    fn set_doctype_public_identifier(&mut self, _value: &[u8]) {}

    fn set_doctype_system_identifier(&mut self, _value: &[u8]) {}

    fn push_doctype_public_identifier(&mut self, _s: &[u8]) {}

    fn push_doctype_system_identifier(&mut self, _s: &[u8]) {}

    fn start_open_tag(&mut self) {
        self.tag_line = self.shared.line();
    }

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        // A name longer than the limit is kept only in part: it is no start tag's name.
        self.kind == Some(TagKind::End)
            && !self.tag_too_long
            && !self.last_start_tag.is_empty()
            && self.name == self.last_start_tag
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// `text` through a [`RunBreaker`] of `longest`, in pieces of `piece` bytes.
    fn broken(text: &str, longest: usize, piece: usize) -> String {
        let mut breaker = RunBreaker {
            longest,
            run: Run::Outside,
        };
        let mut buf = Vec::new();
        for chunk in text.as_bytes().chunks(piece) {
            breaker.push(&mut buf, chunk);
        }
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_run_of_letters_after_less_than_longer_than_the_limit_gets_a_zero() {
        for piece in [1, 2, 3, 100] {
            // Up to `longest` letters after "<" or "</": unchanged.
            assert_eq!(
                broken("<abc></abc> <ab/abc", 3, piece),
                "<abc></abc> <ab/abc"
            );
            // One more: a "0" before it, once per run.
            assert_eq!(broken("<abcdefgh>", 3, piece), "<abc0defgh>");
            assert_eq!(broken("x</abcdefgh>", 3, piece), "x</abc0defgh>");
            // Only right after "<" or "</", and letters only: digits, "!", "-" end it.
            assert_eq!(
                broken("abcdefgh <!abcdefgh <a1bcdefgh", 3, piece),
                "abcdefgh <!abcdefgh <a1bcdefgh"
            );
            // Lines and other characters are left alone; "<<" starts a new run.
            assert_eq!(
                broken("<<abcd\n</\u{e9}abcd", 3, piece),
                "<<abc0d\n</\u{e9}abcd"
            );
        }
    }
}
