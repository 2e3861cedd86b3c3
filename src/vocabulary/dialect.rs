//! Dialects and URI references: which document's grammar reads the input, and the
//! `[URL:] url [# fragment]` wrapper every dialect accepts around a URL, and RFC 1630's
//! absolute form. Each dialect's rule for a scheme is in `vocabulary::scheme`.

use rfc1738_words::find_byte;
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
/// | `Rfc2396` | `grammar/rfc2396.pest` | RFC 2396, August 1998, the generic syntax (Appendix A): every scheme alike, and relative references |
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
    /// RFC 2396 (August 1998), Appendix A: the generic syntax of every scheme, and the
    /// relative references of its `URI-reference`.
    Rfc2396,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 4] = [
        Dialect::Rfc1738,
        Dialect::Rfc1630,
        Dialect::DraftWwwUri00,
        Dialect::Rfc2396,
    ];

    /// The short name the CLI and the corpus use: `rfc1738`, `rfc1630`, `draft`, `rfc2396`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => "rfc1738",
            Dialect::Rfc1630 => "rfc1630",
            Dialect::DraftWwwUri00 => "draft",
            Dialect::Rfc2396 => "rfc2396",
        }
    }

    /// The document whose grammar the dialect reads, in one line: `RFC 1738, Uniform
    /// Resource Locators (December 1994), the standard.`, ... (the command's help for
    /// `--dialect`).
    pub fn title(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => "RFC 1738, Uniform Resource Locators (December 1994), the standard",
            Dialect::Rfc1630 => "RFC 1630, Universal Resource Identifiers in WWW (June 1994)",
            Dialect::DraftWwwUri00 => "draft-www-uri-00, the March 1994 draft of RFC 1630",
            Dialect::Rfc2396 => {
                "RFC 2396, URI Generic Syntax (August 1998): any scheme, and relative references"
            }
        }
    }

    /// The document's own name when it is not [`name`](Dialect::name):
    /// `draft-www-uri-00` for the draft (read by [`FromStr`] as well as `draft`).
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// for dialect in Dialect::ALL {
    ///     assert_eq!(dialect.name().parse::<Dialect>(), Ok(dialect));
    ///     if let Some(alias) = dialect.alias() {
    ///         assert_eq!(alias.to_uppercase().parse::<Dialect>(), Ok(dialect));
    ///     }
    /// }
    /// assert_eq!(Dialect::DraftWwwUri00.alias(), Some("draft-www-uri-00"));
    /// assert_eq!("RFC2396".parse::<Dialect>(), Ok(Dialect::Rfc2396));
    /// assert!("rfc3986".parse::<Dialect>().is_err());
    /// ```
    pub fn alias(self) -> Option<&'static str> {
        match self {
            Dialect::DraftWwwUri00 => Some("draft-www-uri-00"),
            Dialect::Rfc1738 | Dialect::Rfc1630 | Dialect::Rfc2396 => None,
        }
    }

    /// The longest input, in bytes, this dialect's parser reads; a longer one is an error
    /// [`too-long`](crate::ErrorKind::TooLong). A limit of this implementation, not of the
    /// RFCs: 4,294,967,295 bytes in every dialect (offsets are `u32`). Each dialect's grammar
    /// is compiled into Rust over bytes and reads in linear time, recording spans in a fixed
    /// set of slots: no memory per input byte.
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
            Dialect::Rfc1738 | Dialect::Rfc1630 | Dialect::DraftWwwUri00 | Dialect::Rfc2396 => {
                u32::MAX as usize
            }
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
#[error("unknown dialect {0:?}: expected rfc1738, rfc1630, draft or rfc2396")]
pub struct UnknownDialect(String);

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// Reads `rfc1738`, `rfc1630`, `draft` (also `draft-www-uri-00`) or `rfc2396`, in any
    /// case.
    fn from_str(name: &str) -> Result<Dialect, UnknownDialect> {
        Dialect::ALL
            .into_iter()
            .find(|dialect| {
                name.eq_ignore_ascii_case(dialect.name())
                    || dialect
                        .alias()
                        .is_some_and(|alias| name.eq_ignore_ascii_case(alias))
            })
            .ok_or_else(|| UnknownDialect(name.to_owned()))
    }
}

/// The prefix of RFC 1738's appendix and RFC 1630's `prefixedurl`.
pub(crate) const PREFIX: &str = "URL:";

impl Dialect {
    /// The dialect's rule for a newsgroup name, in words, for
    /// [`ErrorKind::ArticleWithoutHost`].
    pub(crate) fn group_rule(self) -> &'static str {
        match self {
            Dialect::Rfc1738 => {
                "a letter, then only letters, digits, \"-\", \".\", \"+\" and \"_\": RFC 1738 section 3.6"
            }
            _ => {
                "ialphas joined by \".\", each a letter, then letters, digits, escapes and \"$-_@.&+!*\"'(),\": RFC 1630's group"
            }
        }
    }

    /// How many bytes of `input` are the prefix `URL:` of RFC 1738's appendix (RFC 1630's
    /// `prefixedurl`): 4 when the input starts with `URL:` (in any case) and what follows
    /// starts with `scheme ":"` by this dialect's rule ([`Dialect::scheme_len`]), else 0.
    ///
    /// RFC 2396 has no prefix: always 0.
    ///
    /// `url` is also a scheme name like any other (RFC 1738 section 5's `genericurl`):
    /// without a scheme after it, `URL:` is the scheme of the whole input (`url:foo`,
    /// `URL:`, `url://host/`), not a prefix.
    pub(crate) fn prefix_len(self, input: &str) -> usize {
        if self == Dialect::Rfc2396 {
            // RFC 2396 has no prefix: "URL:" is a scheme like any other ("URL:http://h/"
            // is an opaque URI of the scheme "url").
            return 0;
        }
        let prefixed = input
            .get(..PREFIX.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(PREFIX))
            && self.scheme_len(&input[PREFIX.len()..]).is_some();
        if prefixed { PREFIX.len() } else { 0 }
    }
}

/// The length of the `xalpha` at the start of `bytes` in `dialect` (1, or 3 for an
/// escape), `None` for none: `alpha | digit | safe | extra | escape`, the class of the
/// dialect's grammar (`xalpha` of grammar/rfc1630.pest and draft-www-uri-00.pest, whose
/// `extra` also holds ":", ";" and space; RFC 1738's fragment reads RFC 1630's).
pub(crate) fn xalpha_len(bytes: &[u8], dialect: Dialect) -> Option<usize> {
    use crate::vocabulary::classes;
    let xalpha = match dialect {
        Dialect::DraftWwwUri00 => classes::draft_www_uri_00::XALPHA,
        Dialect::Rfc1630 => classes::rfc1630::XALPHA,
        Dialect::Rfc1738 => classes::rfc1738::XALPHA,
        // RFC 2396 has no xalpha; its fragment is `*uric`, read by its own grammar.
        Dialect::Rfc2396 => classes::rfc1630::XALPHA,
    };
    match *bytes.first()? {
        b'%' => crate::vocabulary::escape::is_escape(bytes).then_some(3),
        byte => classes::holds(xalpha, byte).then_some(1),
    }
}

/// Whether `uri` is an absolute form: "the latter must have a colon and that colon must
/// occur before any slash characters" (RFC 1630). Anything else is a partial form.
///
/// ```
/// assert!(rfc1738::is_absolute("g:h"));
/// assert!(rfc1738::is_absolute("http://info.cern.ch/"));
/// assert!(!rfc1738::is_absolute("../g"));
/// assert!(!rfc1738::is_absolute("a/b:c"));
/// ```
pub fn is_absolute(uri: &str) -> bool {
    colon_before_any_slash(uri).is_some()
}

/// RFC 1630's rule for an absolute form, "the latter must have a colon and that colon must
/// occur before any slash characters": the index of that colon, which ends the absolute
/// form's scheme, in the URI before its `#fragment` (the fragment is not part of the URI,
/// RFC 1630 `fragmentaddress`, so `#sec:2` is a partial form). A rule of its own, not a
/// scheme's characters (those are [`crate::vocabulary::scheme`]'s): any text before the
/// colon will do.
pub(crate) fn colon_before_any_slash(uri: &str) -> Option<usize> {
    let uri = without_fragment(uri);
    let colon = find_byte(uri.as_bytes(), b':')?;
    find_byte(&uri.as_bytes()[..colon], b'/')
        .is_none()
        .then_some(colon)
}

/// `uri` without its `#fragment`.
pub(crate) fn without_fragment(uri: &str) -> &str {
    find_byte(uri.as_bytes(), b'#').map_or(uri, |hash| &uri[..hash])
}
