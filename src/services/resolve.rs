//! Partial forms (relative URIs) of RFC 1630 and its draft: telling them from absolute
//! forms, and resolving them against the URI of their context; relative URLs as the web
//! of 1993-1995 resolved them, by RFC 1808 ([`rfc1808`]) and by the CERN library
//! ([`cern`]); and, for comparison, as the later standards resolve them: RFC 2396
//! ([`rfc2396`]), RFC 3986 ([`rfc3986`], feature `rfc3986`) and the WHATWG URL Standard
//! ([`whatwg`], feature `whatwg`).

mod appendix_b;
mod cern;
mod rfc1808;
mod rfc2396;
#[cfg(feature = "rfc3986")]
mod rfc3986;
#[cfg(feature = "whatwg")]
mod whatwg;

use crate::vocabulary::dialect::{colon_before_any_slash, is_absolute, without_fragment};
use std::fmt;
use std::str::FromStr;

/// How to resolve partial forms: by RFC 1630's rules (two readings of its rule 2), by
/// RFC 1808, or as the CERN library's `HTParse` did (libwww 2.10-2.14, which NCSA Mosaic
/// 2.4-2.7b5 and Lynx up to 2.6 ran); then, to compare the web of 1994 with what came
/// after it, by RFC 2396 (1998), RFC 3986 (2005) and the WHATWG URL Standard (today's
/// browsers).
///
/// ```
/// use rfc1738::resolution::{resolve, ResolveMode};
///
/// let context = "magic://a/b/c//d/e/f";
/// assert_eq!(resolve(context, "/g", ResolveMode::Rfc1630).unwrap(), "magic://a/b/c//d/g");
/// assert_eq!(resolve(context, "/g", ResolveMode::Draft).unwrap(), "magic://a/g");
/// ```
///
/// The default, [`ResolveMode::Cern`], is the one default of the library, the command
/// (`resolve`, `links`) and the Python package: what the browsers of 1993-1995 did with
/// a link, which is what a page's links led to. Every answer that a mode gave names it
/// (`"mode"` in the JSON of `resolve` and `links`).
///
/// ```
/// assert_eq!(rfc1738::resolution::ResolveMode::default().name(), "cern");
/// ```
///
/// Two modes rest on other crates, each behind a feature of this library, so that its
/// default build stays small: [`ResolveMode::Rfc3986`] (feature `rfc3986`, fluent-uri)
/// and [`ResolveMode::Whatwg`] (feature `whatwg`, url). Without its feature such a mode
/// still exists, is in [`ResolveMode::ALL`] and is read by its name, and
/// [`resolve`] answers it with [`ResolveError::ModeNotBuilt`] (code `mode-not-built`),
/// which names the feature; [`ResolveMode::is_built`] tells beforehand. The command, the
/// explorer and the Python package are built with both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveMode {
    /// RFC 1630's rule text: the first run of exactly n slashes "which has no greater
    /// number of consecutive slashes anywhere to the right of it" (as the RFC's author
    /// confirmed in 1997; the RFC's example table disagrees for `/g`).
    Rfc1630,
    /// draft-www-uri-00's rule: the first run of exactly n slashes. It gives every row of
    /// the example table that both documents print.
    Draft,
    /// RFC 1808 (June 1995), "Relative Uniform Resource Locators", sections 2.4 and 4 to
    /// the letter, including what RFC 2396 later changed: `..` above the root stays
    /// (`http://a/../g`), as does `/./g`; `http:g` is absolute. See [`resolve`].
    Rfc1808,
    /// The CERN library's `HTParse` and `HTSimplify` as libwww 2.10 to 2.14 had them
    /// (1993), which NCSA Mosaic 2.4-2.7b5 and Lynx up to 2.6 ran (the book, "Which client
    /// ran which code"), with its quirks: the base's fragment is inherited, `;p?q` is
    /// part of the last segment, `.` and `..` lose their trailing slash, `:80` and `:70`
    /// are dropped, `..` never climbs over the element right after `//`, `http:g` is
    /// relative to an http base, a `news:` message-id keeps its `#`. See [`resolve`].
    /// The default.
    #[default]
    Cern,
    /// RFC 2396 (August 1998), "URI Generic Syntax", section 5.2 as the RFC writes it
    /// (our own code): params are part of the path (`;x` is `http://a/b/c/;x`), a bare
    /// query keeps the base's directory (`?y` is `http://a/b/c/?y`), `..` above the root
    /// stays (`http://a/../g`, Appendix C's answer), an absolute path keeps its dots
    /// (`/./g`), `http:g` is absolute (the strict reading of step 3), the base's fragment
    /// is never inherited. See [`resolve`].
    Rfc2396,
    /// RFC 3986 (January 2005, STD 66) section 5.2 through the crate fluent-uri (feature
    /// `rfc3986`), and our own section 5.2 where fluent-uri refuses or answers otherwise:
    /// `..` above the root goes (`http://a/g`), as do the dots of an absolute path
    /// (`/./g` is `http://a/g`), a bare query keeps the base's path (`?y` is
    /// `http://a/b/c/d;p?y`), `http:g` is absolute. See [`resolve`].
    Rfc3986,
    /// The WHATWG URL Standard (today's browsers) through the crate url (feature
    /// `whatwg`): the base parsed, then the link parsed against it; a special scheme's
    /// host is lower-cased and its default port dropped, backslashes are slashes, spaces
    /// and tabs are trimmed or removed, the result is percent-encoded. See [`resolve`].
    Whatwg,
}

impl ResolveMode {
    /// Every mode, in the order of their names in the CLI's help: the four of 1993-1995,
    /// then the three later ones in the order of their dates.
    pub const ALL: [ResolveMode; 7] = [
        ResolveMode::Rfc1630,
        ResolveMode::Draft,
        ResolveMode::Rfc1808,
        ResolveMode::Cern,
        ResolveMode::Rfc2396,
        ResolveMode::Rfc3986,
        ResolveMode::Whatwg,
    ];

    /// The name the CLI uses: `rfc1630`, `draft`, `rfc1808`, `cern`, `rfc2396`, `rfc3986`
    /// or `whatwg`.
    pub fn name(self) -> &'static str {
        match self {
            ResolveMode::Rfc1630 => "rfc1630",
            ResolveMode::Draft => "draft",
            ResolveMode::Rfc1808 => "rfc1808",
            ResolveMode::Cern => "cern",
            ResolveMode::Rfc2396 => "rfc2396",
            ResolveMode::Rfc3986 => "rfc3986",
            ResolveMode::Whatwg => "whatwg",
        }
    }

    /// The feature of this library a mode needs (`rfc3986`, `whatwg`), or `None` for the
    /// modes of its own code, always built.
    ///
    /// ```
    /// use rfc1738::resolution::ResolveMode;
    ///
    /// assert_eq!(ResolveMode::Whatwg.feature(), Some("whatwg"));
    /// assert_eq!(ResolveMode::Rfc2396.feature(), None);
    /// ```
    pub fn feature(self) -> Option<&'static str> {
        match self {
            ResolveMode::Rfc3986 => Some("rfc3986"),
            ResolveMode::Whatwg => Some("whatwg"),
            _ => None,
        }
    }

    /// Whether this build can resolve in this mode: its feature ([`feature`](Self::feature))
    /// is on, or it needs none. [`resolve`] answers a mode not built with
    /// [`ResolveError::ModeNotBuilt`].
    ///
    /// ```
    /// use rfc1738::resolution::ResolveMode;
    ///
    /// assert!(ResolveMode::Cern.is_built());
    /// assert_eq!(ResolveMode::Rfc3986.is_built(), cfg!(feature = "rfc3986"));
    /// ```
    #[allow(
        clippy::match_like_matches_macro,
        reason = "with both features off, every arm but the last is false"
    )]
    pub fn is_built(self) -> bool {
        match self {
            ResolveMode::Rfc3986 => cfg!(feature = "rfc3986"),
            ResolveMode::Whatwg => cfg!(feature = "whatwg"),
            _ => true,
        }
    }
}

impl fmt::Display for ResolveMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ResolveMode {
    type Err = ResolveError;

    /// Reads `rfc1630`, `draft` (also `draft-www-uri-00`), `rfc1808`, `cern`, `rfc2396`,
    /// `rfc3986` or `whatwg`, in any case; a mode whose feature is off is read too.
    fn from_str(name: &str) -> Result<ResolveMode, ResolveError> {
        match name.to_ascii_lowercase().as_str() {
            "rfc1630" => Ok(ResolveMode::Rfc1630),
            "draft" | "draft-www-uri-00" => Ok(ResolveMode::Draft),
            "rfc1808" => Ok(ResolveMode::Rfc1808),
            "cern" => Ok(ResolveMode::Cern),
            "rfc2396" => Ok(ResolveMode::Rfc2396),
            "rfc3986" => Ok(ResolveMode::Rfc3986),
            "whatwg" => Ok(ResolveMode::Whatwg),
            _ => Err(ResolveError::UnknownMode(name.to_owned())),
        }
    }
}

/// Why a partial form cannot be resolved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The context is itself a partial form: there is nothing to resolve against.
    #[error(
        "the context {0:?} is not an absolute URI: it needs a scheme and a colon before any slash"
    )]
    ContextNotAbsolute(String),
    /// The context's scheme has no partial forms.
    #[error("{0} URIs have no partial forms: a gopher selector may hold \"/\" as data (RFC 1630)")]
    NoPartialForms(String),
    /// A mode name that is no [`ResolveMode`].
    #[error(
        "unknown resolution mode {0:?}: expected rfc1630, draft, rfc1808, cern, rfc2396, rfc3986 or whatwg"
    )]
    UnknownMode(String),
    /// RFC 1808: the base URL has no scheme (section 2.4.2: letters, digits, `+`, `.`, `-`
    /// before a colon that is not the first character), the one part section 4 requires.
    #[error(
        "the base {0:?} has no scheme: RFC 1808 requires one (letters, digits, \"+\", \".\", \"-\" and a colon, section 2.4.2)"
    )]
    ContextWithoutScheme(String),
    /// RFC 2396 and RFC 3986: the base has no scheme, the one component their section 5.2
    /// requires of it ("only the scheme component is required to be present"), and the
    /// reference would inherit it. Its code is RFC 1808's, `context-without-scheme`.
    #[error("the base {base:?} has no scheme: {} requires one ({})", .mode.document(), .mode.scheme_rule())]
    BaseWithoutScheme {
        /// [`ResolveMode::Rfc2396`] or [`ResolveMode::Rfc3986`].
        mode: ResolveMode,
        /// The base as given.
        base: String,
    },
    /// The mode rests on a crate this build of the library left out: its feature is off
    /// ([`ResolveMode::is_built`]).
    #[error(
        "the resolution mode {mode} is not built in: it needs the feature {feature:?} of the rfc1738 library"
    )]
    ModeNotBuilt {
        /// The mode asked for.
        mode: ResolveMode,
        /// The library's feature that builds it (`rfc3986`, `whatwg`).
        feature: &'static str,
    },
    /// WHATWG: the URL parser of the URL Standard returned failure on the base, parsed
    /// alone. `reason` is the url crate's message.
    #[error("the base {base:?} is no URL to the WHATWG URL parser: {reason}")]
    WhatwgBaseFailure {
        /// The base as given.
        base: String,
        /// Why, as the url crate says it (`relative URL without a base`, `invalid port
        /// number`, ...).
        reason: String,
    },
    /// WHATWG: the URL parser of the URL Standard returned failure on the link, parsed
    /// against the base (or alone, when the base is empty). `reason` is the url crate's
    /// message.
    #[error("the WHATWG URL parser fails on {link:?}: {reason}")]
    WhatwgFailure {
        /// The link as given.
        link: String,
        /// Why, as the url crate says it (`relative URL without a base`, `invalid port
        /// number`, `empty host`, ...).
        reason: String,
    },
}

impl ResolveMode {
    /// The document a mode follows, as error messages name it.
    fn document(self) -> &'static str {
        match self {
            ResolveMode::Rfc1630 => "RFC 1630",
            ResolveMode::Draft => "draft-www-uri-00",
            ResolveMode::Rfc1808 => "RFC 1808",
            ResolveMode::Cern => "the CERN library",
            ResolveMode::Rfc2396 => "RFC 2396",
            ResolveMode::Rfc3986 => "RFC 3986",
            ResolveMode::Whatwg => "the WHATWG URL Standard",
        }
    }

    /// What a mode takes for a scheme, as [`ResolveError::BaseWithoutScheme`] says it.
    fn scheme_rule(self) -> &'static str {
        match self {
            ResolveMode::Rfc3986 => {
                "characters other than \":\", \"/\", \"?\", \"#\" before a colon, Appendix B; section 5.2.1"
            }
            _ => {
                "a letter, then letters, digits, \"+\", \"-\", \".\", and a colon, section 3.1; section 5.2"
            }
        }
    }
}

impl ResolveError {
    /// A stable name for the error, as JSON output carries it: `context-not-absolute`,
    /// `no-partial-forms`, `unknown-mode`, `context-without-scheme` (RFC 1808, RFC 2396,
    /// RFC 3986: a base without a scheme), `mode-not-built`, `whatwg-base-failure` or
    /// `whatwg-failure`.
    ///
    /// ```
    /// let error = rfc1738::resolution::resolve("gopher://h/1x", "y", rfc1738::resolution::ResolveMode::Rfc1630).unwrap_err();
    /// assert_eq!(error.code(), "no-partial-forms");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ResolveError::ContextNotAbsolute(_) => "context-not-absolute",
            ResolveError::NoPartialForms(_) => "no-partial-forms",
            ResolveError::UnknownMode(_) => "unknown-mode",
            ResolveError::ContextWithoutScheme(_) | ResolveError::BaseWithoutScheme { .. } => {
                "context-without-scheme"
            }
            ResolveError::ModeNotBuilt { .. } => "mode-not-built",
            ResolveError::WhatwgBaseFailure { .. } => "whatwg-base-failure",
            ResolveError::WhatwgFailure { .. } => "whatwg-failure",
        }
    }
}

/// Resolves the partial form `partial` in the context of the absolute URI `context`, by the
/// rules of RFC 1630, or, in the modes [`ResolveMode::Rfc1808`] and [`ResolveMode::Cern`],
/// the relative URL `partial` against the base URL `context` by RFC 1808 or the CERN
/// library; or, in the later modes, the URI reference `partial` against the base URI
/// `context` by RFC 2396, RFC 3986 or the WHATWG URL Standard.
///
/// Every mode but [`ResolveMode::Whatwg`] works on the text, not on a parsed URL: the result
/// is a string to check with [`parse`](crate::parse) (or
/// [`parse_reference`](crate::parse_reference), when it has a `#fragment`), and inputs RFC
/// 1738 calls invalid (spaces, `#` twice, an unknown scheme) are resolved as their mode's
/// source would, never refused for that. The WHATWG mode parses both and serializes the
/// result (escaping, lower-casing, dropping a default port), and fails where the
/// Standard's parser fails.
///
/// A mode whose feature is off ([`ResolveMode::is_built`]) answers
/// [`ResolveError::ModeNotBuilt`].
///
/// # RFC 2396 ([`ResolveMode::Rfc2396`])
///
/// Section 5.2's steps 1 to 7 as the RFC writes them, on the components of Appendix B's
/// regular expression (scheme, authority, path, query, fragment; `;params` are part of the
/// path), with section 3.1's scheme (a letter first: `1a:b` and `a b:c` are relative
/// paths). Appendix C's answers, normal and abnormal, all follow:
/// - a reference of a query alone (`?y`) has an empty path, a relative path: step 6 keeps
///   the base's path up to its last slash (`http://a/b/c/?y`), as Appendix C.1 lists (the
///   algorithm and the appendix agree; RFC 1808 and RFC 3986 give `http://a/b/c/d;p?y`);
/// - `..` above the root stays (`http://a/../g`): step 6g lets an implementation keep,
///   remove or refuse it, and Appendix C.2 lists this answer;
/// - an absolute path and a network-path keep their dots (`/./g` is `http://a/./g`): only
///   step 6 removes dot segments;
/// - `http:g` is `http:g`: step 3's strict reading (its backward-compatible reading, which
///   drops a scheme equal to the base's, would give `http://a/b/c/g`);
/// - an empty reference or a fragment alone is the current document (step 2): the base
///   without its fragment, with the reference's;
/// - the base's fragment is never inherited (it is no part of a URI, section 4.1).
///
/// Where the RFC is silent: after an authority an empty base path is read as `/`
/// (section 3's `net_path = "//" authority [ abs_path ]`; step 6a to the letter would
/// write `http://a` + `g` as `http://ag`), as RFC 1808's mode does; a base without a
/// scheme is refused ([`ResolveError::BaseWithoutScheme`], code `context-without-scheme`)
/// where the reference would inherit it; any other base is resolved by the steps
/// (`mailto:a@b` + `g` is `mailto:g`), though section 5 says relative references "cannot
/// be used" with a base that is not hierarchical.
///
/// # RFC 3986 ([`ResolveMode::Rfc3986`], feature `rfc3986`)
///
/// Section 5.2 (strict), through the crate fluent-uri 0.4 (`UriRef::resolve_against`),
/// after the base's fragment is cut off (section 5.1; fluent-uri refuses a base with one).
/// Where fluent-uri refuses what section 5.2 resolves (a base without an authority whose
/// path does not start with `/`, `a:b` + `c` = `a:c`) or answers otherwise (its documented
/// deviations: escaped dots `%2E` removed, a base ending in `..`, the base's dot segments
/// removed for a reference without a path, `/.` written before a path that starts with
/// `//` without an authority; and dot segments kept in a rootless path after a scheme),
/// our own section 5.2 answers, and it answers too when fluent-uri cannot parse the base
/// or the reference: such text is split by Appendix B's regular expression, which matches
/// any string (its scheme is any text without `:`, `/`, `?`, `#` before the first colon),
/// and resolved by sections 5.2.2 to 5.3 as they read, nothing escaped or refused. A base
/// without a scheme is refused ([`ResolveError::BaseWithoutScheme`]) where the reference
/// would inherit it. Section 5.4's examples all give the RFC's answers.
///
/// # WHATWG ([`ResolveMode::Whatwg`], feature `whatwg`)
///
/// The URL Standard's parser through the crate url: `Url::parse(context)`, then `partial`
/// parsed against it (`Url::join`), serialized. An empty context is no base (the link is
/// parsed alone). A failure is [`ResolveError::WhatwgBaseFailure`] (the base) or
/// [`ResolveError::WhatwgFailure`] (the link), with url's reason; the non-fatal validation
/// errors are [`whatwg_violations`]'s. Special schemes (`http`, `ftp`, `file`, ...) have
/// backslashes read as slashes, their host lower-cased, their default port dropped and their
/// dot segments removed (`/a/../b` too); `gopher` is no special scheme (`:70` stays);
/// leading and trailing spaces and controls are trimmed and tabs and newlines removed.
///
/// The three on Appendix C's base, where they differ:
///
/// ```
/// # #[cfg(all(feature = "rfc3986", feature = "whatwg"))] {
/// use rfc1738::resolution::{resolve, ResolveMode};
///
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, "?y", ResolveMode::Rfc2396).unwrap(), "http://a/b/c/?y");
/// assert_eq!(resolve(base, "?y", ResolveMode::Rfc3986).unwrap(), "http://a/b/c/d;p?y");
/// assert_eq!(resolve(base, "../../../g", ResolveMode::Rfc2396).unwrap(), "http://a/../g");
/// assert_eq!(resolve(base, "../../../g", ResolveMode::Rfc3986).unwrap(), "http://a/g");
/// assert_eq!(resolve(base, "/./g", ResolveMode::Rfc2396).unwrap(), "http://a/./g");
/// assert_eq!(resolve(base, "/./g", ResolveMode::Rfc3986).unwrap(), "http://a/g");
/// assert_eq!(resolve(base, "http:g", ResolveMode::Rfc3986).unwrap(), "http:g");
/// assert_eq!(resolve(base, "http:g", ResolveMode::Whatwg).unwrap(), "http://a/b/c/g");
/// assert_eq!(resolve(base, "//g", ResolveMode::Whatwg).unwrap(), "http://g/");
/// assert_eq!(resolve(base, "g\\h", ResolveMode::Whatwg).unwrap(), "http://a/b/c/g/h");
/// # }
/// ```
///
/// # RFC 1808 ([`ResolveMode::Rfc1808`])
///
/// Both URLs are split as section 2.4 says (fragment from the first `#`, then scheme,
/// net_loc, query from the first `?`, params from the first `;`, path) and section 4's
/// steps are applied to the letter: an empty base is unknown (the reference stands as
/// written); an empty reference is the base (fragment included); a
/// reference with a scheme is absolute, as written (`http:g` is `http:g`); a path that is
/// empty takes the base's path, params and query in turn; otherwise the base's last
/// segment is replaced and `./`, a final `.`, `segment/../` (leftmost first, repeatedly)
/// and a final `segment/..` are removed, where a segment is complete and not `..`. So `..`
/// above the root stays (`http://a/b/c/d;p?q` + `../../../g` = `http://a/../g`) and an
/// absolute path keeps its dots (`/./g` = `http://a/./g`). Where RFC 1808 is silent:
/// - a base without a scheme is refused ([`ResolveError::ContextWithoutScheme`]) when the
///   reference would inherit it (step 2c): section 4 requires one. Steps 1, 2a and 2b come
///   first: an empty base ("unknown") leaves the reference as written, an empty reference
///   is the base, a reference with a scheme is absolute;
/// - the base's fragment is never inherited (only step 2a returns it);
/// - after a net_loc the path is an abs_path (section 2.2: `net_path = "//" net_loc
///   [ abs_path ]`, `abs_path = "/" rel_path`), even when it is empty: step 6 merges
///   into an empty base path after a net_loc as into `/` (`http://a` + `.//g` is
///   `http://a//g`, `+ .` is `http://a/`, `+ ../g` is `http://a/../g`, as against
///   `http://a/`), and a path, params or query after a net_loc is written after a `/`
///   (`http://a` + `;x` is `http://a/;x`, `+ ?y` is `http://a/?y`): written straight
///   after it, section 2.4.3 would read them back as part of the net_loc, which it takes
///   up to the next `/` (so `http://a?q` is the net_loc `a?q`, and `+ g` is
///   `http://a?q/g`);
/// - "empty" and "undefined" parts are told apart as section 4 says ("a component is
///   undefined if its preceding separator does not appear"): `?` keeps an empty query only
///   when the base has none, and any part present is written back with its separator;
/// - the first `#` starts the fragment, so a second `#` is part of it (`g#a#b` keeps
///   `#a#b`); gopher, news and any other scheme are resolved alike.
///
/// # The CERN library ([`ResolveMode::Cern`])
///
/// `HTParse` of libwww 2.10-2.14 (1993), the code of NCSA Mosaic 2.4-2.7b5 and Lynx up to
/// 2.6 (the book, "Which client ran which code", says where they differ): each string
/// is split into access (the text before the first `:` that comes before any `/` or `#`;
/// what follows the last such colon is read on), anchor (after the first `#`, up to a
/// second `#`: what follows a second `#` is lost), host (after `//`, up to the next `/`)
/// and an absolute or relative path, which keeps its `?query` and `;params`; with an
/// access and no host, the anchor is put back into the path (`news:j462#36487@foo.bar`).
/// The result takes each part from the reference or else the base, drops the base when
/// the accesses differ (compared as written: `HTTP:` is not `http:`) and the base's path
/// and anchor when the hosts differ, removes `:80` from http and `:70` from gopher hosts
/// and a trailing `.` from any host, and, for a relative path against an absolute one,
/// cuts the base after the last `/` before its first `?` and simplifies the whole result
/// as `HTSimplify` does: `/./` and a final `/.` go (the slash that follows a removed `./`
/// is skipped, so a `..` right after it stays), `/xxx/..` goes unless `xxx` is `..` or
/// follows `//`. An absolute path is used as it is, without dot removal. The base's anchor
/// is inherited (`g` in the context of `http://a/b/c/d#f` is `http://a/b/c/g#f`); `//g` is
/// `http://g/`. Where a C string would have ended, so does the text here: the library
/// read up to a NUL, so a NUL ends `context` and `partial`. A context that is not absolute
/// is used as it is, as the library did (it has no such check): `/a/b` + `c` is `/a/c`.
///
/// # RFC 1630 ([`ResolveMode::Rfc1630`], [`ResolveMode::Draft`])
///
/// The rules (RFC 1630, "Partial form"):
/// 1. an absolute form (a colon before any slash) stands for itself;
/// 2. a partial form that starts with n slashes keeps the context up to (not including)
///    the first run of exactly n slashes, and is appended there. RFC 1630 adds "which has
///    no greater number of consecutive slashes anywhere to the right of it"; the draft has
///    no such clause. This is the only difference of the two [`ResolveMode`]s;
/// 3. otherwise the last part of the context's path (after its rightmost slash) is
///    replaced by the partial form;
/// 4. then every `xxx/../` and `/.` is removed, repeatedly, where `xxx`, `..` and `.` are
///    complete path elements.
///
/// "Complete path element" is read as RFC 1630's author read it: the element right after
/// a run of two or more slashes (a host, or the root of a deeper level such as `d` in
/// `magic://a/b/c//d`) is not complete, and neither is the element right after the
/// scheme's colon. So `..` never removes a host.
///
/// Where the text is silent, this module chooses, and the tests hold it to the choice:
/// - a partial form of n slashes when the context has no run of exactly n slashes (that
///   qualifies) keeps just `scheme:` (`fred:///s//a/b/c` + `////g` = `fred:////g`);
/// - the context's `#fragment` is dropped, and so is its `?search` unless the partial form
///   is a bare `#fragment` (which then names a fragment of the context itself);
/// - the partial form's own `#fragment` is kept as written, and takes no part in rules 2-4;
/// - an empty partial form is the context itself (without its fragment);
/// - the absolute-form test ("a colon before any slash") looks at the text before `#`,
///   the fragment being outside the URI: `#sec:2` is a fragment of the context;
/// - rule 4 applies after rule 3 only, as the rule text orders it: a partial form starting
///   with "/" is appended unchanged;
/// - `..` as the last element (no slash after it) is not "`xxx/../`" and stays;
/// - a gopher context is refused: "The gopher system has no relative forms".
///
/// ```
/// use rfc1738::resolution::{resolve, ResolveMode};
///
/// let context = "magic://a/b/c//d/e/f";
/// assert_eq!(resolve(context, "g", ResolveMode::Rfc1630).unwrap(), "magic://a/b/c//d/e/g");
/// assert_eq!(resolve(context, "//g", ResolveMode::Rfc1630).unwrap(), "magic://g");
/// assert_eq!(resolve(context, "../g", ResolveMode::Rfc1630).unwrap(), "magic://a/b/c//d/g");
/// assert_eq!(resolve(context, "g:h", ResolveMode::Rfc1630).unwrap(), "g:h");
///
/// // ".." never removes the element after a run of slashes.
/// assert_eq!(resolve("fred:///s//a/b/c", "../../g", ResolveMode::Rfc1630).unwrap(), "fred:///s//a/../g");
/// ```
///
/// The same references by RFC 1808 and the CERN library (RFC 1808's examples):
///
/// ```
/// use rfc1738::resolution::{resolve, ResolveMode};
///
/// let base = "http://a/b/c/d;p?q#f";
/// assert_eq!(resolve(base, "?y", ResolveMode::Rfc1808).unwrap(), "http://a/b/c/d;p?y");
/// assert_eq!(resolve(base, "?y", ResolveMode::Cern).unwrap(), "http://a/b/c/?y#f");
/// assert_eq!(resolve(base, "..", ResolveMode::Rfc1808).unwrap(), "http://a/b/");
/// assert_eq!(resolve(base, "..", ResolveMode::Cern).unwrap(), "http://a/b#f");
/// assert_eq!(resolve(base, "http:g", ResolveMode::Rfc1808).unwrap(), "http:g");
/// assert_eq!(resolve(base, "http:g", ResolveMode::Cern).unwrap(), "http://a/b/c/g#f");
/// ```
pub fn resolve(context: &str, partial: &str, mode: ResolveMode) -> Result<String, ResolveError> {
    match mode {
        ResolveMode::Rfc1630 | ResolveMode::Draft => resolve_rfc1630(context, partial, mode),
        ResolveMode::Rfc1808 => rfc1808::resolve(context, partial),
        ResolveMode::Cern => Ok(cern::resolve(context, partial)),
        ResolveMode::Rfc2396 => rfc2396::resolve(context, partial),
        #[cfg(feature = "rfc3986")]
        ResolveMode::Rfc3986 => rfc3986::resolve(context, partial),
        #[cfg(feature = "whatwg")]
        ResolveMode::Whatwg => whatwg::resolve(context, partial),
        #[cfg(not(all(feature = "rfc3986", feature = "whatwg")))]
        _ => Err(not_built(mode)),
    }
}

/// [`ResolveError::ModeNotBuilt`] for a mode whose feature is off.
#[cfg(not(all(feature = "rfc3986", feature = "whatwg")))]
fn not_built(mode: ResolveMode) -> ResolveError {
    ResolveError::ModeNotBuilt {
        mode,
        feature: mode.feature().unwrap_or_default(),
    }
}

/// The validation errors (the url crate's syntax violations) that the WHATWG URL parser
/// reports on `link` parsed against `base` ([`ResolveMode::Whatwg`]), in the order it met
/// them, each as the url crate words it: the non-fatal ones, which a browser passes over
/// in silence (`backslash`, `tabs or newlines are ignored in URLs`, `expected //`,
/// `non-URL code point`, ...). The base is parsed first, its own violations left out (ask
/// `whatwg_violations("", base)`: an empty base is none, and the link is parsed alone).
/// When the base or the link fails (a fatal error), the error is
/// [`resolve`]'s: [`ResolveError::WhatwgBaseFailure`] or [`ResolveError::WhatwgFailure`];
/// without the feature `whatwg`, [`ResolveError::ModeNotBuilt`].
///
/// ```
/// # #[cfg(feature = "whatwg")] {
/// use rfc1738::resolution::{resolve, whatwg_violations, ResolveMode};
///
/// let base = "http://info.cern.ch/hypertext/WWW/TheProject.html";
/// assert_eq!(resolve(base, "..\\Status.html", ResolveMode::Whatwg).unwrap(), "http://info.cern.ch/hypertext/Status.html");
/// assert_eq!(whatwg_violations(base, "..\\Status.html").unwrap(), ["backslash"]);
/// assert!(whatwg_violations(base, "Status.html").unwrap().is_empty());
/// # }
/// ```
pub fn whatwg_violations(base: &str, link: &str) -> Result<Vec<&'static str>, ResolveError> {
    #[cfg(feature = "whatwg")]
    return whatwg::violations(base, link);
    #[cfg(not(feature = "whatwg"))]
    {
        let _ = (base, link);
        Err(not_built(ResolveMode::Whatwg))
    }
}

/// The CERN library's `HTParse` without its anchor part (`PARSE_ACCESS | PARSE_HOST |
/// PARSE_PATH | PARSE_PUNCTUATION`): [`ResolveMode::Cern`]'s answer with neither
/// `partial`'s fragment nor `context`'s kept. NCSA Mosaic 2.4-2.7b5 resolved an image's
/// address so (`mo_url_canonicalize`), and took the anchor off a document's address so
/// before resolving a link against it (the link lister of rfc1738-links does as Mosaic did).
///
/// ```
/// use rfc1738::resolution::{resolve, resolve_cern_without_anchor, ResolveMode};
///
/// let context = "http://info.cern.ch/hypertext/WWW/TheProject.html#top";
/// assert_eq!(
///     resolve(context, "Status.html#now", ResolveMode::Cern).unwrap(),
///     "http://info.cern.ch/hypertext/WWW/Status.html#now"
/// );
/// assert_eq!(
///     resolve_cern_without_anchor(context, "Status.html#now"),
///     "http://info.cern.ch/hypertext/WWW/Status.html"
/// );
/// ```
pub fn resolve_cern_without_anchor(context: &str, partial: &str) -> String {
    cern::resolve_without_anchor(context, partial)
}

/// RFC 1630's rules, in either reading of rule 2.
fn resolve_rfc1630(
    context: &str,
    partial: &str,
    mode: ResolveMode,
) -> Result<String, ResolveError> {
    if is_absolute(partial) {
        return Ok(partial.to_owned());
    }
    let colon = colon_before_any_slash(context)
        .ok_or_else(|| ResolveError::ContextNotAbsolute(context.to_owned()))?;
    if context[..colon].eq_ignore_ascii_case("gopher") {
        return Err(ResolveError::NoPartialForms(
            context[..colon].to_ascii_lowercase(),
        ));
    }
    let context = without_fragment(context);
    let (body, fragment) = match partial.split_once('#') {
        Some((body, fragment)) => (body, Some(fragment)),
        None => (partial, None),
    };
    let mut result = if body.is_empty() {
        // A bare "#fragment", or nothing at all: the context itself.
        context.to_owned()
    } else {
        let scheme = &context[..=colon];
        // The search is cut after the scheme's colon: a "?" before it belongs to the
        // (ill-formed, but absolute by the rule's letter) scheme.
        let after_scheme = context[colon + 1..].split('?').next().unwrap_or_default();
        let slashes = body.bytes().take_while(|&b| b == b'/').count();
        if slashes > 0 {
            let kept = run_of_exactly(after_scheme, slashes, mode).unwrap_or(0);
            format!("{scheme}{}{body}", &after_scheme[..kept])
        } else {
            let kept = after_scheme.rfind('/').map_or(0, |at| at + 1);
            let joined = format!("{}{body}", &after_scheme[..kept]);
            format!("{scheme}{}", remove_dot_elements(&joined))
        }
    };
    if let Some(fragment) = fragment {
        result.push('#');
        result.push_str(fragment);
    }
    Ok(result)
}

/// Where rule 2 cuts `path`: the start of the first run of exactly `n` slashes (that, in
/// RFC 1630's mode, has no longer run anywhere to its right).
fn run_of_exactly(path: &str, n: usize, mode: ResolveMode) -> Option<usize> {
    let runs = slash_runs(path);
    // The longest run to the right of each run.
    let mut longest_after = vec![0; runs.len()];
    for i in (0..runs.len().saturating_sub(1)).rev() {
        longest_after[i] = longest_after[i + 1].max(runs[i + 1].1);
    }
    runs.iter()
        .zip(longest_after)
        .find(|&(&(_, len), longest)| len == n && (mode == ResolveMode::Draft || longest <= n))
        .map(|(&(start, _), _)| start)
}

/// The maximal runs of slashes in `path`: start and length.
fn slash_runs(path: &str) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, b) in path.bytes().enumerate() {
        if b != b'/' {
            continue;
        }
        match runs.last_mut() {
            Some((start, len)) if *start + *len == i => *len += 1,
            _ => runs.push((i, 1)),
        }
    }
    runs
}

/// Rule 4: removes every `xxx/../` and `/.` where `xxx`, `..` and `.` are complete path
/// elements (each right after exactly one slash), repeatedly, in one pass with a stack.
fn remove_dot_elements(path: &str) -> String {
    let mut elements = path_elements(path).peekable();
    // The result so far, and where each of its elements starts (the stack: an element
    // is its slashes and its text, read back from `out`).
    let mut out = String::with_capacity(path.len());
    let mut starts: Vec<usize> = Vec::new();
    while let Some((slashes, element)) = elements.next() {
        let complete = slashes == 1;
        let top_is_complete = starts.last().is_some_and(|&start| {
            let top = &out[start..];
            top.starts_with('/') && !top[1..].starts_with('/') && &top[1..] != ".."
        });
        let is_last = elements.peek().is_none();
        if complete && element == "." {
            // "/." goes; what follows keeps its own slashes.
        } else if complete && element == ".." && !is_last && top_is_complete {
            // "xxx/../" goes: "xxx", "/..", and the first slash after "..", which takes
            // the place of the slash before "xxx": the next element keeps its run.
            if let Some(start) = starts.pop() {
                out.truncate(start);
            }
        } else {
            starts.push(out.len());
            out.extend(std::iter::repeat_n('/', slashes));
            out.push_str(element);
        }
    }
    out
}

/// A path as its elements, each with the number of slashes before it, read as they are
/// needed (a long path is not held twice). Only the last element may be empty (a path
/// that ends in slashes, or an empty path).
fn path_elements(path: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = Some(path);
    std::iter::from_fn(move || {
        let current = rest?;
        let slashes = current.bytes().take_while(|&b| b == b'/').count();
        let after = &current[slashes..];
        let len = after.find('/').unwrap_or(after.len());
        let next = &after[len..];
        rest = (!next.is_empty()).then_some(next);
        Some((slashes, &after[..len]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn dot_elements_go_only_when_complete() {
        assert_eq!(remove_dot_elements("//a/b/c//d/e/../g"), "//a/b/c//d/g");
        assert_eq!(remove_dot_elements("///s//a/b/../../g"), "///s//a/../g");
        assert_eq!(remove_dot_elements("/a/./b"), "/a/b");
        assert_eq!(remove_dot_elements("/a/."), "/a");
        assert_eq!(remove_dot_elements("/a/b/.."), "/a/b/..");
        assert_eq!(remove_dot_elements("/a/b/./../g"), "/a/g");
        assert_eq!(remove_dot_elements("//./g"), "//./g");
        assert_eq!(remove_dot_elements("/p/x/..//g"), "/p//g");
        assert_eq!(remove_dot_elements(""), "");
        assert_eq!(remove_dot_elements("/"), "/");
    }

    #[test]
    fn every_mode_is_read_by_its_name_built_or_not() {
        for mode in ResolveMode::ALL {
            assert_eq!(mode.name().parse::<ResolveMode>(), Ok(mode));
            assert_eq!(mode.name().to_uppercase().parse::<ResolveMode>(), Ok(mode));
            assert_eq!(
                mode.is_built(),
                mode.feature().is_none()
                    || cfg!(all(feature = "rfc3986", feature = "whatwg"))
                    || match mode {
                        ResolveMode::Rfc3986 => cfg!(feature = "rfc3986"),
                        _ => cfg!(feature = "whatwg"),
                    }
            );
        }
        let error = "rfc2616".parse::<ResolveMode>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown resolution mode \"rfc2616\": expected rfc1630, draft, rfc1808, cern, rfc2396, rfc3986 or whatwg"
        );
    }

    #[test]
    fn a_mode_not_built_answers_with_its_feature() {
        for mode in [ResolveMode::Rfc3986, ResolveMode::Whatwg] {
            let answer = resolve("http://a/b", "c", mode);
            if mode.is_built() {
                assert_eq!(answer.as_deref(), Ok("http://a/c"));
            } else {
                let error = answer.unwrap_err();
                assert_eq!(error.code(), "mode-not-built");
                assert_eq!(
                    error,
                    ResolveError::ModeNotBuilt {
                        mode,
                        feature: mode.name()
                    }
                );
            }
        }
        let violations = whatwg_violations("http://a/b", "c");
        assert_eq!(violations.is_ok(), ResolveMode::Whatwg.is_built());
    }

    #[test]
    fn a_base_without_a_scheme_names_the_rfc_it_breaks() {
        let error = resolve("/a/b", "g", ResolveMode::Rfc2396).unwrap_err();
        assert_eq!(error.code(), "context-without-scheme");
        assert_eq!(
            error.to_string(),
            "the base \"/a/b\" has no scheme: RFC 2396 requires one (a letter, then letters, digits, \"+\", \"-\", \".\", and a colon, section 3.1; section 5.2)"
        );
        if ResolveMode::Rfc3986.is_built() {
            let error = resolve("/a/b", "g", ResolveMode::Rfc3986).unwrap_err();
            assert_eq!(error.code(), "context-without-scheme");
            assert!(
                error.to_string().contains("RFC 3986 requires one"),
                "{error}"
            );
        }
    }

    #[test]
    fn deeply_repeated_dot_dot_is_linear_and_stops_at_the_root() {
        let partial = "../".repeat(100_000) + "g";
        let result = resolve("magic://a/b/c", &partial, ResolveMode::Rfc1630).unwrap();
        assert!(result.starts_with("magic://a/../"));
        assert!(result.ends_with("/g"));
    }
}
