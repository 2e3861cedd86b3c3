//! Why a URL was rejected ([`ErrorKind`]): one variant per fault, each with its message
//! and its stable code.

use std::borrow::Cow;

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
    /// Why a URL was rejected. The [`Display`](std::fmt::Display) text is the message a person reads.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
    #[non_exhaustive]
    pub enum ErrorKind {
        /// The input is longer than the dialect's parser reads
        /// ([`Dialect::max_input_len`](crate::vocabulary::dialect::Dialect::max_input_len)): a limit of this implementation, not of the RFCs.
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
            "no scheme: this is a partial form (a relative URI), which has meaning only against the URI of its context; resolve it first (rfc1738::resolution::resolve)"
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
            escape: Cow<'static, str>,
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
            escape: Cow<'static, str>,
        } => "unsafe-character",
        /// A control character, DEL, or a character outside US-ASCII, which must be escaped.
        #[error(
            "character {found:?} must be escaped as {escape}: only graphic US-ASCII characters may appear unescaped (RFC 1738 section 2.2)"
        )]
        NonGraphicCharacter {
            /// The character found.
            found: char,
            /// Its escaped form (the escapes of its UTF-8 octets).
            escape: Cow<'static, str>,
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
            escape: Cow<'static, str>,
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
        /// An ftp URL's typecode that is none of RFC 1738's (section 3.2.2): `a`, `i` or
        /// `d`, one letter, in either case.
        #[error("{found:?} is no typecode: after \";type=\" comes one of a, i or d, in either case (RFC 1738 section 3.2.2)")]
        NotATypecode {
            /// The character found.
            found: char,
        } => "not-a-typecode",
        /// Something after a telnet URL's host and port, which may be followed by a "/"
        /// alone (RFC 1738 section 3.8; RFC 1630's rlogin and tn3270 alike).
        #[error("{found:?} follows the end of a {scheme} URL, which ends after the host and port with at most a \"/\" (RFC 1738 section 3.8)")]
        AfterTelnetHost {
            /// The character found.
            found: char,
            /// The scheme: `telnet`, `rlogin` or `tn3270`.
            scheme: &'static str,
        } => "after-telnet-host",
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
