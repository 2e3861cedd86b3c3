//! Parse errors a person can act on: where (byte offset, line, column, a caret under the
//! input), what the RFC expected there (in its own rule names) and why.

use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;
use std::fmt;

/// Declares [`ErrorKind`] with each variant's code beside it, and derives from that one
/// list both [`ErrorKind::code`] and [`ErrorKind::CODES`] (in declaration order), so that no
/// kind can lack a code or be left out of the list.
macro_rules! error_kinds {
    (
        $(#[$enum_attr:meta])*
        pub enum ErrorKind {
            $(
                $(#[$attr:meta])*
                $variant:ident $({ $($(#[$field_attr:meta])* $field:ident: $type:ty),* $(,)? })?
                    => $code:literal,
            )*
        }
    ) => {
        $(#[$enum_attr])*
        pub enum ErrorKind {
            $(
                $(#[$attr])*
                $variant $({ $($(#[$field_attr])* $field: $type),* })?,
            )*
        }

        impl ErrorKind {
            /// Every [`ErrorKind::code`], in declaration order.
            pub const CODES: &'static [&'static str] = &[$($code),*];

            /// A stable identifier of the kind (`"invalid-escape"`), for programs that sort
            /// errors.
            pub fn code(&self) -> &'static str {
                match self {
                    $(ErrorKind::$variant { .. } => $code,)*
                }
            }
        }
    };
}

error_kinds! {
    /// Why a URL was rejected. The [`Display`](fmt::Display) text is the message a person reads.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
    #[non_exhaustive]
    pub enum ErrorKind {
        /// The input is longer than the dialect's parser reads
        /// ([`Dialect::max_input_len`]): a limit of this implementation, not of the RFCs.
        #[error("input of {len} bytes is too long: this dialect's parser reads at most {limit} bytes")]
        TooLong {
            /// The input's length in bytes.
            len: usize,
            /// The most the parser reads, in bytes.
            limit: usize,
        } => "too-long",
        /// A URL found in text ran past the extractor's length limit and was cut there.
        #[error("a URL in text longer than {limit} bytes: cut at the limit (raise it with Extractor::max_len or --max-len)")]
        TooLongInText {
            /// The limit, in bytes.
            limit: usize,
        } => "too-long-in-text",
        /// Whitespace before or after the URL.
        #[error("whitespace around a URL is not part of it (RFC 1738 appendix): remove it")]
        SurroundingWhitespace => "surrounding-whitespace",
        /// The URL is still inside its wrapper (`<URL:...>`, `<...>` or quotes).
        #[error(
            "the wrapper {wrapper} is not part of the URL (RFC 1738 appendix): parse what is inside it"
        )]
        Wrapper {
            /// The wrapper found, such as `"<URL:...>"`.
            wrapper: &'static str,
        } => "wrapper",
        /// The URL is inside single quotes, left from a shell or a program's source: not a
        /// wrapper of RFC 1738's appendix, but the same mistake.
        #[error(
            "the single quotes '...' are not part of the URL (a shell's or a program's quoting): parse what is inside them"
        )]
        Quoted => "quoted",
        /// `;type=` written in another case.
        #[error("\";type=\" is written in lower case (RFC 1738 section 3.2.2)")]
        TypeInUpperCase => "type-in-upper-case",
        /// The input is empty.
        #[error("empty input: a URL starts with a scheme and \":\"")]
        Empty => "empty",
        /// No `scheme ":"` at the start of the input.
        #[error("no scheme: a URL starts with a scheme ({rule}) and \":\"")]
        MissingScheme {
            /// The dialect's rule for a scheme, in words (RFC 1738: letters, digits, "+",
            /// "-", "."; RFC 1630: a letter, then letters, digits, ... or escapes).
            rule: &'static str,
        } => "missing-scheme",
        /// No scheme before a `:` (RFC 1630 dialects): the input is a partial form, a URI
        /// relative to the document that holds it.
        #[error(
            "no scheme: this is a partial form (a relative URI), which has meaning only against the URI of its context; resolve it first (rfc1738::resolve)"
        )]
        PartialForm => "partial-form",
        /// RFC 1630: the prefix `URL:` before a URI whose scheme its URL grammar does not
        /// name (`prefixedurl = "URL:" url`, and `url` is a list of named schemes).
        #[error("in RFC 1630 the prefix \"URL:\" comes only before a URL of a scheme its URL grammar names (http, ftp, news, nntp, prospero, telnet, rlogin, tn3270, gopher, wais, mailto, mid, cid), not {scheme:?}: leave the prefix out of a generic URI")]
        PrefixedGenericUri {
            /// The scheme after the prefix, as written.
            scheme: String,
        } => "prefixed-generic-uri",
        /// A character the dialect's grammar allows nowhere unescaped, or not here.
        #[error("{found:?} is not allowed here: {reason}; if it is data, escape it as {escape}")]
        NotAllowed {
            /// The character found.
            found: char,
            /// Its escaped form.
            escape: String,
            /// Why, in the dialect's words.
            reason: &'static str,
        } => "not-allowed",
        /// A predefined scheme whose name is not followed by the `//` its production requires.
        #[error("{scheme} URLs start with \"{scheme}://\"")]
        MissingSlashes {
            /// The scheme, in lower case.
            scheme: &'static str,
        } => "missing-slashes",
        /// A `%` not followed by two hex digits.
        #[error(
            "invalid escape \"{escape}\": \"%\" must be followed by two hex digits (a literal \"%\" is written %25)"
        )]
        InvalidEscape {
            /// The `%` and the (at most two) characters after it.
            escape: String,
        } => "invalid-escape",
        /// A valid escape where the grammar allows none (in a host, a port, a scheme).
        #[error(
            "escape \"{escape}\" is not allowed here: this part of the URL is written without escapes"
        )]
        EscapeNotAllowed {
            /// The escape found.
            escape: String,
        } => "escape-not-allowed",
        /// A character RFC 1738 section 2.2 calls unsafe, which must always be escaped.
        #[error("unsafe character {found:?} must be escaped as {escape} (RFC 1738 section 2.2)")]
        UnsafeCharacter {
            /// The character found.
            found: char,
            /// Its escaped form.
            escape: String,
        } => "unsafe-character",
        /// A control character, DEL, or a character outside US-ASCII, which must be escaped.
        #[error(
            "character {found:?} must be escaped as {escape}: only graphic US-ASCII characters may appear unescaped (RFC 1738 section 2.2)"
        )]
        NonGraphicCharacter {
            /// The character found.
            found: char,
            /// Its escaped form (the escapes of its UTF-8 octets).
            escape: String,
        } => "non-graphic-character",
        /// A `#`: fragment identifiers are not part of an RFC 1738 URL.
        #[error(
            "\"#\" starts a fragment identifier, which is not part of a URL (RFC 1738 appendix); escape a literal \"#\" as %23"
        )]
        Fragment => "fragment",
        /// A user name or password in a scheme whose production has only `hostport`.
        #[error(
            "{scheme} URLs carry no user name or password (RFC 1738 section 3): nothing may stand between \"//\" and the host"
        )]
        UserInfoNotAllowed {
            /// The scheme, in lower case.
            scheme: &'static str,
        } => "user-info-not-allowed",
        /// An http `?` directly after the host: the search part follows the path's `/`.
        #[error("an http search part follows the path's \"/\": write \"/?\" instead of \"?\"")]
        SearchWithoutPath => "search-without-path",
        /// A reserved character where the scheme does not use it for its reserved purpose.
        #[error(
            "reserved character {found:?} is not allowed here (RFC 1738 section 2.2); if it is data, escape it as {escape}"
        )]
        ReservedCharacter {
            /// The character found.
            found: char,
            /// Its escaped form.
            escape: String,
        } => "reserved-character",
        /// A `domainlabel` or `toplabel` that ends in "-" (it must end in an alphadigit).
        #[error(
            "a host name label must end with a letter or digit, not \"-\" (domainlabel, toplabel)"
        )]
        LabelEndsWithHyphen => "label-ends-with-hyphen",
        /// A `domainlabel` or `toplabel` that starts with "-" (it must start with an
        /// alphadigit).
        #[error(
            "a host name label must start with a letter or digit, not \"-\" (domainlabel, toplabel)"
        )]
        LabelStartsWithHyphen => "label-starts-with-hyphen",
        /// A host name whose last label starts with a digit, where some label is not all
        /// digits: the last label of a host name is a `toplabel`, which starts with a
        /// letter.
        #[error("the last label of a host name starts with a letter (toplabel = alpha | alpha *[ alphadigit | \"-\" ] alphadigit), and {label:?} starts with a digit")]
        ToplabelStartsWithDigit {
            /// The last label, as written.
            label: String,
        } => "toplabel-starts-with-digit",
        /// A host of groups of digits that are not four: no `hostnumber` (four groups),
        /// and no host name either (its last label would start with a digit).
        #[error("a host number has four groups of digits (hostnumber = digits \".\" digits \".\" digits \".\" digits), and this host has {parts}; nor is it a host name, whose last label starts with a letter")]
        HostnumberParts {
            /// How many groups of digits the host has.
            parts: usize,
        } => "hostnumber-parts",
        /// A news URL that is neither `*` nor a group, read to its end as an article,
        /// which ends with `"@" host`.
        #[error("a news URL that is neither \"*\" nor a newsgroup name ({group}) is an article, written <article>@<host>: the \"@\" and the host are missing")]
        ArticleWithoutHost {
            /// The dialect's rule for a newsgroup name, in words.
            group: &'static str,
        } => "article-without-host",
        /// A character a host and port cannot hold, in a login without "@", which is then
        /// a bare `hostport` (`login = [ user [ ":" password ] "@" ] hostport`).
        #[error("{found:?} cannot stand here in a host and port, and a login without \"@\" is just a host and port (login = [ user [ \":\" password ] \"@\" ] hostport, RFC 1738 section 3.1): a user name or password needs the \"@\" after it, a path the \"/\" before it")]
        NotInHostport {
            /// The character found.
            found: char,
        } => "not-in-hostport",
        /// A "/" inside a user name or password, which ends the login (RFC 1738 section
        /// 3.1: "Within the user and password field, any ":", "@", or "/" must be
        /// encoded").
        #[error("\"/\" ends the login before its \"@\": a \"/\" in a user name or password must be escaped as %2F (RFC 1738 section 3.1)")]
        SlashInLogin => "slash-in-login",
        /// A "/" inside an RFC 1630 user name or password, which ends the login: RFC
        /// 1630's `user` and `password` are `alphanum2` characters alone, without escapes,
        /// so no "/" can be written in one.
        #[error("\"/\" ends the login before its \"@\": an RFC 1630 user name or password holds only letters, digits, \"-\", \"_\", \".\" and \"+\" (user = alphanum2 [ user ]), not even escapes, so it cannot hold a \"/\"")]
        SlashInAlphanum2Login => "slash-in-alphanum2-login",
        /// A `[` where a host starts: a host is a `hostname` or a `hostnumber`, and an
        /// address in brackets (an IP literal of later RFCs, RFC 822's domain literal) is
        /// neither.
        #[error("\"[\" cannot start a host: a host is a host name or a host number (host = hostname | hostnumber), and an address in brackets, an IP literal of later RFCs, is neither: a host number is written without brackets (10.0.0.1), and an IPv6 address has no form here")]
        HostInBrackets => "host-in-brackets",
        /// A host name with an empty label: a trailing "." or "..".
        #[error("a host name cannot end with \".\" or hold \"..\": each label needs a letter or digit (hostname = *[ domainlabel \".\" ] toplabel)")]
        EmptyLabel => "empty-label",
        /// A ":" after the host without the port's digits.
        #[error("a \":\" after the host must be followed by the port's digits (or left out)")]
        MissingPort => "missing-port",
        /// A port above 65535.
        #[error("port {port} is out of range: a port is at most 65535")]
        PortOutOfRange {
            /// The digits as written (shortened when very long).
            port: String,
        } => "port-out-of-range",
        /// A `hostnumber` octet above 255.
        #[error("hostnumber octet {octet} is out of range: an octet is at most 255")]
        OctetOutOfRange {
            /// The digits as written (shortened when very long).
            octet: String,
        } => "octet-out-of-range",
        /// Any other character the grammar does not allow here.
        #[error("unexpected character {found:?}")]
        UnexpectedCharacter {
            /// The character found.
            found: char,
        } => "unexpected-character",
        /// The input ends where the grammar needs more.
        #[error("unexpected end of URL")]
        UnexpectedEnd => "unexpected-end",
    }
}

/// A URL that does not match the grammar of RFC 1738, with where and why.
///
/// `Display` writes one line, as an [`std::error::Error`] is expected to (`anyhow` and
/// `Box<dyn Error>` print it after their own `Error: `): the message, then where, as
/// `at line L, column C (byte B)`, and the production being read:
///
/// ```
/// let error = rfc1738::parse("http://info.cern.ch/hyper text").unwrap_err();
/// assert_eq!(error.offset(), 25);
/// assert_eq!(error.production(), Some("httpurl"));
/// assert_eq!(
///     error.to_string(),
///     "unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2) \
///      at line 1, column 26 (byte 25), in httpurl"
/// );
/// ```
///
/// The alternate form, `{:#}` (or [`ParseError::render`]), writes the block a person reads
/// in a terminal, as the `rfc1738` command prints it: the message, the position, the input
/// with a caret under the offending character, and what the RFC expected there.
///
/// ```
/// let error = rfc1738::parse("http://info.cern.ch/hyper text").unwrap_err();
/// assert_eq!(
///     format!("{error:#}"),
///     "\
/// error: unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2)
///  --> line 1, column 26 (byte 25), in httpurl
///   |
///   | http://info.cern.ch/hyper text
///   |                          ^
///   = expected: xchar or end of URL"
/// );
/// assert_eq!(error.render(), format!("{error:#}"));
/// ```
///
/// # Plain data
///
/// An error is complete when `parse` returns it: its kind, offset, line and column, the
/// production, the dialect, the expected list and the snippet of the input around the
/// offset (at most 40 characters each side). It keeps no copy of the input and runs
/// nothing when it is shown, compared or hashed. Finding it takes a second, tracing run of
/// the grammar: a program that only asks whether an input is valid calls
/// [`is_valid`](crate::is_valid) or [`is_valid_reference`](crate::is_valid_reference),
/// which look for no error.
///
/// ```
/// let error = rfc1738::parse("http://h/a b").unwrap_err();
/// assert_eq!(error.offset(), 10);
/// assert_eq!(error.expected(), ["xchar", "end of URL"]);
/// assert!(!rfc1738::is_valid("http://h/a b"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError(Box<Details>);

/// The contents of a [`ParseError`]. Boxed, so that results stay small on the hot path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Details {
    kind: ErrorKind,
    offset: usize,
    /// `offset` in characters.
    char_offset: usize,
    line: usize,
    column: usize,
    production: Option<UrlKind>,
    dialect: Dialect,
    expected: Vec<String>,
    snippet: Snippet,
}

/// No `source`: the [`ErrorKind`]'s message is already in the one-line `Display`, and an
/// error should not say the same thing twice (anyhow's "Caused by:"). Reach the kind with
/// [`ParseError::kind`].
impl std::error::Error for ParseError {}

impl ParseError {
    /// An error at byte `offset` of `input`.
    pub(crate) fn new(
        input: &str,
        offset: usize,
        production: Option<UrlKind>,
        kind: ErrorKind,
        expected: Vec<String>,
    ) -> ParseError {
        ParseError::at(input, offset, production, kind, expected)
    }

    /// [`ParseError::new`] with the expected list as names, most of them `'static` (rule
    /// and class names, quoted characters).
    pub(crate) fn with_names(
        input: &str,
        offset: usize,
        production: Option<UrlKind>,
        kind: ErrorKind,
        expected: Vec<Cow<'static, str>>,
    ) -> ParseError {
        let expected = expected.into_iter().map(Cow::into_owned).collect();
        ParseError::at(input, offset, production, kind, expected)
    }

    fn at(
        input: &str,
        offset: usize,
        production: Option<UrlKind>,
        kind: ErrorKind,
        expected: Vec<String>,
    ) -> ParseError {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        let before = &input[..offset];
        // Most inputs are one line: no count of line breaks when there is none before.
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = if line_start == 0 {
            1
        } else {
            before.matches('\n').count() + 1
        };
        let chars = |text: &str| {
            if text.is_ascii() {
                text.len()
            } else {
                text.chars().count()
            }
        };
        let column = chars(&input[line_start..offset]) + 1;
        let char_offset = chars(&input[..line_start]) + column - 1;
        ParseError(Box::new(Details {
            kind,
            offset,
            char_offset,
            line,
            column,
            production,
            dialect: Dialect::Rfc1738,
            expected,
            snippet: Snippet::new(input, line_start, offset),
        }))
    }

    /// The same error, found by `dialect`'s grammar.
    pub(crate) fn in_dialect(mut self, dialect: Dialect) -> ParseError {
        self.0.dialect = dialect;
        self
    }

    /// The same error in `input`, of which the text that was parsed starts at `start`.
    pub(crate) fn shifted(self, input: &str, start: usize) -> ParseError {
        let Details {
            kind,
            offset,
            production,
            dialect,
            expected,
            ..
        } = *self.0;
        ParseError::at(input, start + offset, production, kind, expected).in_dialect(dialect)
    }

    /// The same error, found while reading a URL of `kind`.
    pub(crate) fn in_production(mut self, kind: UrlKind) -> ParseError {
        self.0.production = Some(kind);
        self
    }

    /// The dialect whose grammar found the error.
    pub fn dialect(&self) -> Dialect {
        self.0.dialect
    }

    /// Why the URL was rejected.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The message a person reads (the [`ErrorKind`]'s text).
    pub fn message(&self) -> String {
        self.0.kind.to_string()
    }

    /// The byte offset in the input where the error lies.
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// [`offset`](ParseError::offset) counted in characters (Unicode scalar values), for
    /// consumers whose strings index by character. The two differ only when a character
    /// outside US-ASCII comes before the offset.
    ///
    /// ```
    /// let error = rfc1738::parse("http://h/é").unwrap_err();
    /// assert_eq!((error.offset(), error.char_offset()), (9, 9));
    /// ```
    pub fn char_offset(&self) -> usize {
        self.0.char_offset
    }

    /// The line of the offset, counted from 1.
    pub fn line(&self) -> usize {
        self.0.line
    }

    /// The column of the offset in characters, counted from 1.
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// The production being read, as the RFC names it (`httpurl`, `ftpurl`, ...,
    /// `genericurl`), or `None` when not even a scheme was found.
    pub fn production(&self) -> Option<&'static str> {
        let details = &self.0;
        details
            .production
            .map(|kind| kind.production_in(details.dialect))
    }

    /// The kind of URL being read, when a scheme was found.
    pub fn url_kind(&self) -> Option<UrlKind> {
        self.0.production
    }

    /// What the RFC allows at the offset: rule names (`uchar`, `port`), literals in double
    /// quotes (`"/"`), and `end of URL`.
    pub fn expected(&self) -> &[String] {
        &self.0.expected
    }
}

impl ParseError {
    /// The error as a block of lines a person reads in a terminal: the message, the
    /// position, the input with a caret under the offending character, and what the RFC
    /// expected there. The same text as `format!("{error:#}")`; `format!("{error}")` is one
    /// line.
    ///
    /// ```
    /// let error = rfc1738::parse("ftp://h/f;type=x").unwrap_err();
    /// let block = error.render();
    /// assert!(block.starts_with("error: "));
    /// assert!(block.ends_with("= expected: ftptype"));
    /// assert!(!error.to_string().contains('\n'));
    /// ```
    pub fn render(&self) -> String {
        format!("{self:#}")
    }

    /// The block of [`ParseError::render`].
    fn write_block(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let details = &self.0;
        writeln!(f, "error: {}", escape_controls(&details.kind.to_string()))?;
        write!(
            f,
            " --> line {}, column {} (byte {})",
            details.line, details.column, details.offset
        )?;
        if let Some(production) = self.production() {
            write!(f, ", in {production}")?;
        }
        writeln!(f, "\n  |")?;
        writeln!(f, "  | {}", details.snippet.text)?;
        write!(f, "  | {:>width$}", "^", width = details.snippet.caret + 1)?;
        if !details.expected.is_empty() {
            let expected = join_alternatives(&details.expected);
            write!(f, "\n  = expected: {expected}")?;
        }
        Ok(())
    }
}

impl fmt::Display for ParseError {
    /// One line: `<message> at line L, column C (byte B)`, then `, in <production>` when a
    /// scheme was found; control characters the message quotes from the input are written
    /// escaped (`\x0a`, as [`escape_controls`] writes them). With `{:#}`, the block of [`ParseError::render`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.write_block(f);
        }
        // A message quotes input (an invalid escape's characters), which may hold a line
        // break: control characters are written escaped, to keep the line one.
        let details = &self.0;
        f.write_str(&escape_controls(&details.kind.to_string()))?;
        write!(
            f,
            " at line {}, column {} (byte {})",
            details.line, details.column, details.offset
        )?;
        if let Some(production) = self.production() {
            write!(f, ", in {production}")?;
        }
        Ok(())
    }
}

/// "a", "a or b", "a, b or c".
fn join_alternatives(items: &[impl AsRef<str>]) -> String {
    let mut joined = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            joined.push_str(if i + 1 == items.len() { " or " } else { ", " });
        }
        joined.push_str(item.as_ref());
    }
    joined
}

/// The part of the input shown under the message: the offending line, cut to a window
/// around the offset, with characters that would break the caret's alignment replaced.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Snippet {
    text: String,
    /// The caret's column in `text`, counted in characters from 0.
    caret: usize,
}

impl Snippet {
    /// Characters shown on each side of the offset.
    const CONTEXT: usize = 40;

    fn new(input: &str, line_start: usize, offset: usize) -> Snippet {
        let line_end = input[offset..]
            .find('\n')
            .map_or(input.len(), |i| offset + i);
        let at = offset - line_start;
        let (text, caret, _) = window(&input[line_start..line_end], at..at);
        Snippet { text, caret }
    }
}

/// The part of a one-line `text` shown around the bytes `span`: up to
/// [`Snippet::CONTEXT`] characters before it, the span itself (its first `CONTEXT`
/// characters, then `…`) and up to `CONTEXT` characters after it, with `…` where the text
/// is cut. Returns the window, the column of the span's first character in it and the
/// span's width in columns (at least 1, for a caret under an empty span), both counted in
/// characters. Control characters are shown as [`escape_controls`] writes them (`\x1b`),
/// each escape as wide as its characters. Bounded by `CONTEXT`, whatever the text's length.
pub(crate) fn window(text: &str, span: std::ops::Range<usize>) -> (String, usize, usize) {
    let end = floor_char_boundary(text, span.end.min(text.len()));
    let start = floor_char_boundary(text, span.start.min(end));
    plain_window(text, start, end).unwrap_or_else(|| escaped_window(text, start, end))
}

/// [`window`] of the bytes `start..end`, both on character boundaries, in general: any
/// characters, control characters escaped.
fn escaped_window(text: &str, start: usize, end: usize) -> (String, usize, usize) {
    const CONTEXT: usize = Snippet::CONTEXT;
    let before = &text[..start];
    let shown_from = before
        .char_indices()
        .rev()
        .nth(CONTEXT - 1)
        .map_or(0, |(i, _)| i);
    let mut shown = String::with_capacity(4 * CONTEXT + 8);
    if shown_from > 0 {
        shown.push('…');
    }
    push_escaped(&mut shown, before[shown_from..].chars());
    let column = shown.chars().count();
    let spanned = &text[start..end];
    push_escaped(&mut shown, spanned.chars().take(CONTEXT));
    let spanned_width = shown.chars().count() - column;
    let width = if spanned.chars().nth(CONTEXT).is_some() {
        // A span too long to show whole: its start, then `…`; what follows is not shown.
        shown.push('…');
        return (shown, column, spanned_width + 1);
    } else {
        spanned_width.max(1)
    };
    let after = &text[end..];
    push_escaped(&mut shown, after.chars().take(CONTEXT));
    if after.chars().nth(CONTEXT).is_some() {
        shown.push('…');
    }
    (shown, column, width)
}

/// [`window`] when every byte it shows or counts is printable ASCII (one byte, one
/// character, nothing to escape) and the span is shown whole: slices, without decoding.
/// `None` otherwise, for the general reading.
fn plain_window(text: &str, start: usize, end: usize) -> Option<(String, usize, usize)> {
    const CONTEXT: usize = Snippet::CONTEXT;
    let from = start.saturating_sub(CONTEXT);
    let to = text.len().min(end + CONTEXT);
    let plain = |b: &u8| (b' '..=b'~').contains(b);
    if end - start > CONTEXT || !text.as_bytes()[from..to].iter().all(plain) {
        return None;
    }
    let mut shown = String::with_capacity(to - from + 6);
    if from > 0 {
        shown.push('…');
    }
    shown.push_str(&text[from..to]);
    if text.len() > to {
        shown.push('…');
    }
    let column = usize::from(from > 0) + (start - from);
    Some((shown, column, (end - start).max(1)))
}

/// Text as error messages, carets and the command line show it: every control character
/// (C0, DEL, C1: ESC, line breaks and tab included) written as an escape, `\x1b` below
/// U+0080 and `\u{9b}` above, so that untrusted input can neither drive a terminal nor
/// break a line; everything else as it is. Borrowed when there is nothing to escape.
///
/// ```
/// assert_eq!(rfc1738::escape_controls("http://h/"), "http://h/");
/// assert_eq!(rfc1738::escape_controls("a\x1b[2Jb\tc\u{9b}"), "a\\x1b[2Jb\\x09c\\u{9b}");
/// ```
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    push_escaped(&mut shown, text.chars());
    std::borrow::Cow::Owned(shown)
}

/// Pushes `chars` onto `shown`, control characters escaped as [`escape_controls`] says.
fn push_escaped(shown: &mut String, chars: impl Iterator<Item = char>) {
    for c in chars {
        let code = u32::from(c);
        if !c.is_control() {
            shown.push(c);
        } else if code < 0x80 {
            shown.push_str(&format!("\\x{code:02x}"));
        } else {
            shown.push_str(&format!("\\u{{{code:x}}}"));
        }
    }
}

/// The largest char boundary at or before `offset`.
fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Shortens a long run of digits for a message (`1234567890…` with the count).
pub(crate) fn abbreviate(digits: &str) -> String {
    const SHOWN: usize = 20;
    if digits.len() <= SHOWN {
        digits.to_owned()
    } else {
        format!("{}… ({} digits)", &digits[..SHOWN], digits.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn counts_lines_and_columns_in_characters() {
        let error = ParseError::new("ab\ncé d", 7, None, ErrorKind::UnexpectedEnd, vec![]);
        assert_eq!((error.line(), error.column()), (2, 4));
    }

    #[test]
    fn a_long_line_is_windowed_around_the_offset() {
        let input = format!("http://{}/ {}", "a".repeat(100), "b".repeat(100));
        let error = ParseError::new(&input, 108, None, ErrorKind::UnexpectedEnd, vec![]);
        let text = error.render();
        let shown: Vec<&str> = text.lines().skip(3).take(2).collect();
        assert_eq!(
            shown[0],
            format!("  | …{}/ {}…", "a".repeat(39), "b".repeat(39))
        );
        assert_eq!(shown[1], format!("  | {}^", " ".repeat(41)));
    }

    #[test]
    fn control_characters_are_escaped_and_keep_the_caret_aligned() {
        let error = ParseError::new("a\tb c", 4, None, ErrorKind::UnexpectedEnd, vec![]);
        assert!(error.render().contains("  | a\\x09b c\n  |        ^"));
        let error = ParseError::new("\x1b[2J\u{9b}x", 6, None, ErrorKind::UnexpectedEnd, vec![]);
        assert!(error
            .render()
            .contains("  | \\x1b[2J\\u{9b}x\n  |              ^"));
        // A span of control characters is as wide as their escapes.
        let (shown, column, width) = window("ab\x07\x07cd", 2..4);
        assert_eq!((shown.as_str(), column, width), ("ab\\x07\\x07cd", 2, 8));
    }

    #[test]
    fn the_plain_window_is_the_general_one() {
        let long = format!("{}:{}", "a".repeat(90), "b".repeat(90));
        let texts = ["", "a", "http://h/a b", long.as_str()];
        for text in texts {
            for start in 0..=text.len() {
                for end in [start, start + 1, start + 40, start + 41, start + 60] {
                    let end = end.min(text.len());
                    let plain = plain_window(text, start, end);
                    // A span longer than the context is shown cut, by the general reading.
                    assert_eq!(
                        plain.is_some(),
                        end - start <= 40,
                        "{text:?} {start}..{end}"
                    );
                    if let Some(plain) = plain {
                        assert_eq!(plain, escaped_window(text, start, end));
                    }
                }
            }
        }
        assert_eq!(plain_window("a\tb", 0, 0), None);
        assert_eq!(plain_window("aé", 0, 0), None);
    }

    #[test]
    fn an_offset_inside_a_character_moves_to_its_start() {
        let error = ParseError::new("é", 1, None, ErrorKind::UnexpectedEnd, vec![]);
        assert_eq!(error.offset(), 0);
    }

    #[test]
    fn static_names_are_the_strings_they_stand_for() {
        use std::hash::{BuildHasher, RandomState};
        let names = vec![Cow::Borrowed("uchar"), Cow::Borrowed("\"/\"")];
        let strings = vec!["uchar".to_owned(), "\"/\"".to_owned()];
        let by_names = ParseError::with_names("a b", 1, None, ErrorKind::UnexpectedEnd, names);
        let by_strings = ParseError::new("a b", 1, None, ErrorKind::UnexpectedEnd, strings.clone());
        let hasher = RandomState::new();
        assert_eq!(hasher.hash_one(&by_names), hasher.hash_one(&by_strings));
        assert_eq!(
            hasher.hash_one(&by_names.0.expected),
            hasher.hash_one(&strings)
        );
        assert_eq!(format!("{:?}", by_names.0.expected), format!("{strings:?}"));
        assert_eq!(by_names, by_strings);
        assert_eq!(by_names.expected(), strings);
        // Equal whether or not the strings were made.
        assert_eq!(by_names, by_strings.clone());
        assert_eq!(by_names.render(), by_strings.render());
    }

    /// A stand-in diagnosis: the end of the input is unexpected. Counts its runs.
    fn unexpected_end(input: &str) -> ParseError {
        let expected = vec![Cow::Borrowed("xchar")];
        ParseError::with_names(input, input.len(), None, ErrorKind::UnexpectedEnd, expected)
    }

    #[test]
    fn an_error_shifted_into_its_whole_input_is_placed_there() {
        let whole = "URL:http://h/a\u{e9} b#top";
        let url = &whole[4..whole.find('#').unwrap_or(whole.len())];
        let shifted = unexpected_end(url).shifted(whole, 4);
        assert_eq!(
            (shifted.offset(), shifted.char_offset(), shifted.column()),
            (18, 17, 18)
        );
        let expected = vec![Cow::Borrowed("xchar")];
        let in_whole = ParseError::with_names(whole, 18, None, ErrorKind::UnexpectedEnd, expected);
        assert_eq!(shifted, in_whole);
        assert_eq!(shifted.render(), in_whole.render());
        // Shifted twice, as a reference inside a longer text would be.
        let text = format!("see {whole}");
        let twice = unexpected_end(url).shifted(whole, 4).shifted(&text, 4);
        assert_eq!(twice, unexpected_end(url).shifted(&text, 8));
        // The dialect and the production go along.
        let error = unexpected_end(url)
            .in_dialect(Dialect::Rfc1630)
            .in_production(UrlKind::Http)
            .shifted(whole, 4);
        assert_eq!(
            (error.dialect(), error.url_kind()),
            (Dialect::Rfc1630, Some(UrlKind::Http))
        );
    }

    #[test]
    fn an_error_is_one_word_and_can_be_sent_shared_and_unwound() {
        fn assert_traits<T: Send + Sync + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
        assert_traits::<ParseError>();
        assert_eq!(
            std::mem::size_of::<ParseError>(),
            std::mem::size_of::<usize>()
        );
    }

    #[test]
    fn an_error_keeps_a_window_of_its_input_whatever_its_size() {
        for len in [10, 4096, 4097, 1 << 20] {
            let input = format!("http://h/{}", "a".repeat(len));
            let error = unexpected_end(&input);
            assert_eq!(error.offset(), input.len());
            // The snippet's window: at most 40 characters each side of the offset.
            let Details { snippet, .. } = &*error.0;
            assert!(
                snippet.text.chars().count() <= 81,
                "{len}: {:?}",
                snippet.text
            );
            assert_eq!(error.clone(), error);
        }
    }

    #[test]
    fn alternatives_are_joined_with_or() {
        let items = ["a", "b", "c"].map(String::from);
        assert_eq!(join_alternatives(&items), "a, b or c");
        assert_eq!(join_alternatives(&items[..1]), "a");
    }
}
