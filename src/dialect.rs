//! Dialects and URI references: which document's grammar reads the input, and the
//! `[URL:] url [# fragment]` wrapper every dialect accepts around a URL.

use crate::error::{ErrorKind, ParseError};
use crate::span::Span;
use crate::url::{Url, UrlKind};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// The document whose grammar reads a URL. Chosen per call; [`Dialect::Rfc1738`] is the
/// default.
///
/// | dialect | grammar file | document |
/// | --- | --- | --- |
/// | `Rfc1738` | `grammar/rfc1738.pest` | RFC 1738, December 1994 (the standard) |
/// | `Rfc1630` | `grammar/rfc1630.pest` | RFC 1630, June 1994; also the URL draft draft-ietf-uri-url-03 (March 1994), whose grammar is RFC 1630's URL grammar with a mandatory `URL:` prefix |
/// | `DraftWwwUri00` | `grammar/draft-www-uri-00.pest` | draft-www-uri-00, March 1994, the draft of RFC 1630 |
///
/// ```
/// use rfc1738::Dialect;
///
/// let dialect: Dialect = "draft".parse().unwrap();
/// assert_eq!(dialect, Dialect::DraftWwwUri00);
/// assert_eq!(dialect.to_string(), "draft");
/// // The draft allows a space in a path; RFC 1630 and RFC 1738 do not.
/// assert!(rfc1738::parse_reference("http://info.cern.ch/a b", Dialect::DraftWwwUri00).is_ok());
/// assert!(rfc1738::parse_reference("http://info.cern.ch/a b", Dialect::Rfc1630).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Dialect {
    /// RFC 1738 (December 1994), section 5.
    #[default]
    Rfc1738,
    /// RFC 1630 (June 1994): the generic URI syntax and the URL syntax.
    Rfc1630,
    /// draft-www-uri-00 (March 1994), the Internet-Draft that became RFC 1630.
    DraftWwwUri00,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 3] = [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::DraftWwwUri00];

    /// The short name the CLI and the corpus use: `rfc1738`, `rfc1630`, `draft`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => "rfc1738",
            Dialect::Rfc1630 => "rfc1630",
            Dialect::DraftWwwUri00 => "draft",
        }
    }

    /// The longest input, in bytes, this dialect's parser reads; a longer one is an error
    /// [`too-long`](crate::ErrorKind::TooLong). A limit of this implementation, not of the
    /// RFCs: 4,294,967,295 bytes in every dialect (offsets are `u32`). Each dialect's grammar
    /// is compiled into Rust over bytes and reads in linear time, in memory bounded by its
    /// tokens: at most about one 16-byte token per input byte.
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// assert_eq!(Dialect::Rfc1630.max_input_len(), u32::MAX as usize);
    /// let long = format!("http://h/{}", "a".repeat(1 << 20));
    /// assert!(rfc1738::parse_reference(&long, Dialect::Rfc1630).is_ok());
    /// assert!(rfc1738::parse_reference(&long, Dialect::DraftWwwUri00).is_ok());
    /// ```
    pub const fn max_input_len(self) -> usize {
        match self {
            Dialect::Rfc1738 | Dialect::Rfc1630 | Dialect::DraftWwwUri00 => u32::MAX as usize,
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`Dialect`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown dialect {0:?}: expected rfc1738, rfc1630 or draft")]
pub struct UnknownDialect(String);

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// Reads `rfc1738`, `rfc1630` or `draft` (also `draft-www-uri-00`), in any case.
    fn from_str(name: &str) -> Result<Dialect, UnknownDialect> {
        match name.to_ascii_lowercase().as_str() {
            "rfc1738" => Ok(Dialect::Rfc1738),
            "rfc1630" => Ok(Dialect::Rfc1630),
            "draft" | "draft-www-uri-00" => Ok(Dialect::DraftWwwUri00),
            _ => Err(UnknownDialect(name.to_owned())),
        }
    }
}

/// A URL as it stands in a document: the optional prefix `URL:`, the URL, and an optional
/// fragment identifier after `#` (RFC 1630's `fragmentaddress`, `prefixedurl`; RFC 1738's
/// appendix puts the fragment "within the brackets as well").
///
/// The fragment is not part of the URL: [`UrlReference::url`] is the URL alone, and
/// `Display` writes the whole input back.
///
/// ```
/// use rfc1738::{Dialect, Url};
///
/// let reference = rfc1738::parse_reference("URL:http://info.cern.ch/hypertext#top", Dialect::Rfc1738).unwrap();
/// assert!(reference.is_prefixed());
/// assert_eq!(reference.url().as_str(), "http://info.cern.ch/hypertext");
/// assert_eq!(reference.fragment(), Some("top"));
/// assert_eq!(reference.to_string(), "URL:http://info.cern.ch/hypertext#top");
///
/// // A "#" with nothing after it is a void fragment: the whole object.
/// let whole = rfc1738::parse_reference("news:comp.infosystems.www#", Dialect::Rfc1630).unwrap();
/// assert_eq!(whole.fragment(), Some(""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UrlReference<'a> {
    dialect: Dialect,
    /// The whole reference as written.
    text: Cow<'a, str>,
    prefixed: bool,
    url: Url<'a>,
    /// The fragment-id after `#`, in `text`.
    fragment: Option<Span>,
}

impl<'a> UrlReference<'a> {
    /// A reference read from `text`; `fragment` is the byte range of the fragment-id.
    pub(crate) fn new(
        dialect: Dialect,
        text: impl Into<Cow<'a, str>>,
        prefixed: bool,
        url: Url<'a>,
        fragment: Option<std::ops::Range<usize>>,
    ) -> UrlReference<'a> {
        UrlReference {
            dialect,
            text: text.into(),
            prefixed,
            url,
            fragment: fragment.map(|range| Span {
                start: range.start as u32,
                end: range.end as u32,
            }),
        }
    }

    /// The dialect that read it.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether the input started with the prefix `URL:` (in any case): `URL:` followed by
    /// `scheme ":"`. Without a scheme after it, `url` is the URL's own scheme and the
    /// reference is not prefixed (`url:foo`, `URL:` alone).
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let prefixed = rfc1738::parse_reference("URL:url:foo", Dialect::Rfc1738).unwrap();
    /// assert!(prefixed.is_prefixed());
    /// let scheme = rfc1738::parse_reference("URL:foo", Dialect::Rfc1738).unwrap();
    /// assert!(!scheme.is_prefixed());
    /// assert_eq!(scheme.url().scheme(), "url");
    /// ```
    pub fn is_prefixed(&self) -> bool {
        self.prefixed
    }

    /// The URL, without prefix and fragment.
    pub fn url(&self) -> &Url<'a> {
        &self.url
    }

    /// The URL, without prefix and fragment, by value.
    pub fn into_url(self) -> Url<'a> {
        self.url
    }

    /// The fragment-id after `#`, as written: `None` without `#`, `Some("")` for a void
    /// fragment-id after `#`.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.map(|span| span.of_text(&self.text))
    }

    /// The whole reference as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The same reference owning its text.
    pub fn into_owned(self) -> UrlReference<'static> {
        UrlReference {
            dialect: self.dialect,
            text: Cow::Owned(self.text.into_owned()),
            prefixed: self.prefixed,
            url: self.url.into_owned(),
            fragment: self.fragment,
        }
    }
}

impl fmt::Display for UrlReference<'_> {
    /// Writes the reference exactly as it was parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The prefix of RFC 1738's appendix and RFC 1630's `prefixedurl`.
pub(crate) const PREFIX: &str = "URL:";

/// Whether `b` is a character of RFC 1738's `scheme` (`lowalpha | digit | "+" | "-" |
/// "."`, upper case allowed by section 2.1).
pub(crate) fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

impl Dialect {
    /// The length of the `scheme` at the start of `text` when a `":"` follows it, by this
    /// dialect's rule for a scheme (the one place a scheme is recognised: the parsers'
    /// diagnoses, the `URL:` prefix, the reports and [`crate::leading_scheme`] ask here):
    ///
    /// - RFC 1738: `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]` (upper case allowed,
    ///   section 2.1);
    /// - RFC 1630: `scheme = ialpha`, a letter then `xalpha`s (letters, digits,
    ///   `$-_@.&+!*"'(),` and escapes);
    /// - draft-www-uri-00: the same, where `xalpha` also holds `;` and space (the draft's
    ///   `extra`); its `:` ends the scheme.
    pub(crate) fn scheme_len(self, text: &str) -> Option<usize> {
        let len = self.scheme_reach(text);
        (len > 0 && text.as_bytes().get(len) == Some(&b':')).then_some(len)
    }

    /// How far the reading of a `scheme` gets at the start of `text` (by this dialect's
    /// rule, [`Dialect::scheme_len`]): where a `":"` must follow it, or 0 when no scheme
    /// starts there.
    pub(crate) fn scheme_reach(self, text: &str) -> usize {
        let bytes = text.as_bytes();
        if self == Dialect::Rfc1738 {
            return bytes.iter().take_while(|&&b| is_scheme_char(b)).count();
        }
        // scheme = alpha [ xalphas ], ended by the first ":" (an xalpha of the draft).
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return 0;
        }
        let mut at = 1;
        while bytes.get(at) != Some(&b':') {
            match crate::rfc1630::xalpha_len(&bytes[at..], self) {
                Some(len) => at += len,
                None => break,
            }
        }
        at
    }

    /// The dialect's rule for a newsgroup name, in words, for
    /// [`ErrorKind::ArticleWithoutHost`].
    pub(crate) fn group_rule(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => {
                "a letter, then only letters, digits, \"-\", \".\", \"+\" and \"_\": RFC 1738 section 3.6"
            }
            _ => "ialphas joined by \".\", each a letter, then letters, digits, escapes and \"$-_@.&+!*\"'(),\": RFC 1630's group",
        }
    }

    /// The dialect's rule for a scheme, in words, for [`ErrorKind::MissingScheme`].
    pub(crate) fn scheme_rule(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => "letters, digits, \"+\", \"-\", \".\"",
            Dialect::Rfc1630 => {
                "a letter, then letters, digits, escapes and \"$-_@.&+!*\"'(),\": scheme = ialpha"
            }
            Dialect::DraftWwwUri00 => {
                "a letter, then letters, digits, escapes, space and \"$-_@.&+!*\"'();,\": scheme = ialpha"
            }
        }
    }

    /// How many bytes of `input` are the prefix `URL:` of RFC 1738's appendix (RFC 1630's
    /// `prefixedurl`): 4 when the input starts with `URL:` (in any case) and what follows
    /// starts with `scheme ":"` by this dialect's rule ([`Dialect::scheme_len`]), else 0.
    ///
    /// `url` is also a scheme name like any other (RFC 1738 section 5's `genericurl`):
    /// without a scheme after it, `URL:` is the scheme of the whole input (`url:foo`,
    /// `URL:`, `url://host/`), not a prefix.
    pub(crate) fn prefix_len(self, input: &str) -> usize {
        let prefixed = input
            .get(..PREFIX.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(PREFIX))
            && self.scheme_len(&input[PREFIX.len()..]).is_some();
        if prefixed {
            PREFIX.len()
        } else {
            0
        }
    }
}

/// Parses a URL reference, `[URL:] url [# fragmentid]`, by the grammar of `dialect`.
///
/// - RFC 1738: the whole input is read by the grammar's rule `urlreference`
///   (grammar/rfc1738.pest; its entry rule `whole_reference` also allows a final line
///   break, this function does not): the URL by section 5 (as [`crate::parse`] reads it),
///   the prefix and the fragment as its appendix puts them. RFC 1738 does not define a
///   fragment's syntax; it is read by RFC 1630's `fragmentid` (`xalphas`), the only
///   definition of these documents, and may be void.
/// - RFC 1630 and draft-www-uri-00: the whole input is read by the dialect's grammar, from
///   its entry rule `fragmentaddress`.
///
/// In every dialect `URL:` (any case) is the prefix only when `scheme ":"` follows it (by
/// the dialect's rule for a scheme): then the URL after it is read and its error, if any,
/// is the one reported. Otherwise `url` is the scheme of the whole input, a URL like any
/// other (RFC 1738 section 5's `genericurl`), and the reference is not prefixed.
///
/// ```
/// use rfc1738::{Dialect, Url, UrlKind};
///
/// // RFC 1630 knows mid: URLs, and its ftp type codes are RFC 959's.
/// let mid = rfc1738::parse_reference("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
/// assert_eq!(mid.url().kind(), UrlKind::Mid);
/// // RFC 1738 reads the same text as a generic URL.
/// let generic = rfc1738::parse_reference("mid:12345@info.cern.ch", Dialect::Rfc1738).unwrap();
/// assert_eq!(generic.url().kind(), UrlKind::Generic);
///
/// let error = rfc1738::parse_reference("nntp:comp.infosystems/12 34", Dialect::Rfc1630).unwrap_err();
/// assert_eq!(error.offset(), 24);
///
/// // "url" is a scheme; "URL:" before a scheme is the prefix, and its URL's error stands.
/// let url = rfc1738::parse_reference("url:foo", Dialect::Rfc1738).unwrap();
/// assert_eq!((url.url().scheme(), url.is_prefixed()), ("url", false));
/// let error = rfc1738::parse_reference("URL:http://h:99999/", Dialect::Rfc1738).unwrap_err();
/// assert_eq!((error.url_kind(), error.offset()), (Some(UrlKind::Http), 13));
/// ```
pub fn parse_reference(input: &str, dialect: Dialect) -> Result<UrlReference<'_>, ParseError> {
    if let Some(error) = crate::too_long(input, dialect) {
        return Err(error);
    }
    match dialect {
        Dialect::Rfc1738 => parse_rfc1738_reference(input),
        Dialect::Rfc1630 | Dialect::DraftWwwUri00 => crate::rfc1630::parse(input, dialect),
    }
}

/// RFC 1738: the reference is read by the grammar's `urlreference` (`[URL:] url
/// [#fragment]`, grammar/rfc1738.pest) up to the end of the input, and lowered. When the
/// grammar rejects it, the error is found by its parts ([`read_by_parts`]).
fn parse_rfc1738_reference(input: &str) -> Result<UrlReference<'_>, ParseError> {
    thread_local! {
        /// The token buffer of the reference's parse, reused from one parse to the next.
        static TOKENS: std::cell::RefCell<Vec<crate::tree::Tok>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let read = TOKENS.with(|buffer| {
        let mut toks = buffer.take();
        let read = crate::fast::parse_reference(input, &mut toks)
            .then(|| crate::lower::lower_reference(input, &mut toks));
        // Keep a small buffer for the next parse; give a large one back to the allocator.
        if toks.capacity() <= 1024 {
            buffer.replace(toks);
        }
        read
    });
    match read {
        Some(Ok((prefixed, url, fragment))) => Ok(UrlReference::new(
            Dialect::Rfc1738,
            input,
            prefixed,
            url,
            fragment,
        )),
        Some(Err(error)) => Err(error),
        None => {
            let error = read_by_parts(input);
            debug_assert!(
                error.is_err(),
                "urlreference rejects {input:?}, which its parts accept"
            );
            error
        }
    }
}

/// An RFC 1738 reference read by its parts, which is how the error of one that
/// `urlreference` rejects is found: the prefix is `url_prefix` ([`Dialect::prefix_len`]),
/// the URL ends at the first `#` (no rule of section 5 holds one) and is read by
/// [`crate::parse`], whose error (diagnosed on the URL alone) comes first, and the
/// fragment-id after the `#` is read by RFC 1630's `fragmentid`. The differential test
/// holds [`parse_reference`] to this reading for every input.
pub(crate) fn read_by_parts(input: &str) -> Result<UrlReference<'_>, ParseError> {
    let start = Dialect::Rfc1738.prefix_len(input);
    let prefixed = start > 0;
    let (end, fragment) = match input[start..].find('#') {
        Some(hash) => (start + hash, Some(&input[start + hash + 1..])),
        None => (input.len(), None),
    };
    if start == end && fragment.is_some() {
        // "#name" alone names a fragment of the document that holds it, not a URL.
        let error = ErrorKind::MissingScheme {
            rule: Dialect::Rfc1738.scheme_rule(),
        };
        return Err(ParseError::new(
            input,
            start,
            None,
            error,
            vec!["scheme".to_owned()],
        ));
    }
    let url = crate::parse(&input[start..end]).map_err(|error| error.shifted(input, start))?;
    if let Some(fragment) = fragment {
        crate::rfc1630::check_fragmentid(input, end + 1, fragment)
            .map_err(|error| error.in_production(url.kind()))?;
    }
    let fragment = fragment.map(|_| end + 1..input.len());
    Ok(UrlReference::new(
        Dialect::Rfc1738,
        input,
        prefixed,
        url,
        fragment,
    ))
}

/// [`parse_reference`] for RFC 1738 with the pest parser's tree of `urlreference` in place
/// of the compiled grammar's (the reference the fast path is tested against).
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn parse_rfc1738_reference_with_pest(
    input: &str,
) -> Result<UrlReference<'_>, ParseError> {
    use crate::grammar::{Rfc1738Parser, Rule};
    use pest::Parser;
    let mut toks = match Rfc1738Parser::parse(Rule::urlreference, input) {
        Ok(pairs) => crate::tree::from_pest(pairs),
        Err(_) => Vec::new(),
    };
    if toks
        .first()
        .is_none_or(|root| root.end as usize != input.len())
    {
        return read_by_parts(input);
    }
    let (prefixed, url, fragment) = crate::lower::lower_reference(input, &mut toks)?;
    Ok(UrlReference::new(
        Dialect::Rfc1738,
        input,
        prefixed,
        url,
        fragment,
    ))
}

impl UrlKind {
    /// The production's name in `dialect`'s grammar: RFC 1738's `httpurl` is RFC 1630's
    /// `httpaddress`.
    ///
    /// ```
    /// use rfc1738::{Dialect, UrlKind};
    /// assert_eq!(UrlKind::Http.production_in(Dialect::Rfc1738), "httpurl");
    /// assert_eq!(UrlKind::Http.production_in(Dialect::Rfc1630), "httpaddress");
    /// assert_eq!(UrlKind::Generic.production_in(Dialect::DraftWwwUri00), "generic");
    /// ```
    pub fn production_in(self, dialect: Dialect) -> &'static str {
        if dialect == Dialect::Rfc1738 {
            return self.production();
        }
        match self {
            UrlKind::Http => "httpaddress",
            UrlKind::Ftp => "ftpaddress",
            UrlKind::Gopher => "gopheraddress",
            UrlKind::Mailto => "mailtoaddress",
            UrlKind::News => "newsaddress",
            UrlKind::Nntp => "nntpaddress",
            UrlKind::Telnet => "telnetaddress",
            UrlKind::Rlogin => "rloginaddress",
            UrlKind::Tn3270 => "tn3270address",
            UrlKind::Wais => "waisaddress",
            UrlKind::Prospero => "prosperolink",
            UrlKind::Mid => "midaddress",
            UrlKind::Cid => "cidaddress",
            UrlKind::File | UrlKind::Generic | UrlKind::Urn => match dialect {
                Dialect::DraftWwwUri00 => "generic",
                _ => "uri",
            },
        }
    }

    /// The kind a scheme name selects in `dialect` (case-insensitively).
    ///
    /// ```
    /// use rfc1738::{Dialect, UrlKind};
    /// assert_eq!(UrlKind::from_scheme_in("mid", Dialect::Rfc1630), UrlKind::Mid);
    /// assert_eq!(UrlKind::from_scheme_in("file", Dialect::Rfc1630), UrlKind::Generic);
    /// assert_eq!(UrlKind::from_scheme_in("mid", Dialect::Rfc1738), UrlKind::Generic);
    /// ```
    pub fn from_scheme_in(scheme: &str, dialect: Dialect) -> UrlKind {
        if dialect == Dialect::Rfc1738 {
            return UrlKind::from_scheme(scheme);
        }
        UrlKind::ALL
            .iter()
            .copied()
            .filter(|kind| *kind != UrlKind::File)
            .find(|kind| kind.name().eq_ignore_ascii_case(scheme))
            .unwrap_or(UrlKind::Generic)
    }
}

/// The error for input that starts with no scheme (RFC 1630 dialects): a partial form
/// when no ":" comes before the first "/" (RFC 1630's test of an absolute form), else a
/// scheme its rule refuses. The caret is where the scheme's reading stops: at the start,
/// or where a ":" should follow the letters of a scheme.
pub(crate) fn partial_form_error(input: &str, dialect: Dialect) -> ParseError {
    if let Some(error) = crate::diagnose::wrapper_error(input) {
        return error.in_dialect(dialect);
    }
    let reach = dialect.scheme_reach(input);
    if reach > 0 && input.as_bytes().get(reach) == Some(&b'%') {
        // The scheme's reading stopped in a broken escape: that is the first fault.
        let escape = input[reach..].chars().take(3).collect();
        let error = ErrorKind::InvalidEscape { escape };
        return ParseError::new(input, reach, None, error, vec!["hex".to_owned()])
            .in_dialect(dialect);
    }
    let expected = if reach == 0 {
        vec!["scheme".to_owned()]
    } else {
        vec!["\":\"".to_owned(), "xalpha".to_owned()]
    };
    let kind = if input.is_empty() {
        ErrorKind::Empty
    } else if input.starts_with(char::is_whitespace) {
        ErrorKind::SurroundingWhitespace
    } else if crate::resolve::is_absolute(input) {
        ErrorKind::MissingScheme {
            rule: dialect.scheme_rule(),
        }
    } else {
        ErrorKind::PartialForm
    };
    ParseError::new(input, reach, None, kind, expected).in_dialect(dialect)
}
