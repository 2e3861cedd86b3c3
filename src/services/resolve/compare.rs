//! Then and now: one link resolved by several [`ResolveMode`]s side by side, whether their
//! results differ, and why (issue 49, "then against now, for every link").
//!
//! An archive that replays a page of 1995 with today's rules follows the links as the URL
//! Standard resolves them, not as the CERN library (NCSA Mosaic, Lynx) or RFC 1808 did.
//! Most links come out the same. Those that do not differ in a handful of ways, each the
//! work of one rule that changed; a [`DifferenceClass`] names each, and says how a
//! difference is classed.

use super::{ResolveError, ResolveMode, resolve};
use std::fmt;
use std::str::FromStr;

/// What a difference between two modes' results is: the aspect of a URL that a rule of
/// one mode and not of the other changed.
///
/// | class | what differs | the rules |
/// | --- | --- | --- |
/// | `whitespace` | spaces, tabs, line ends: trimmed, removed, or escaped (`%20`) | the URL Standard strips leading and trailing spaces and removes tabs and line ends; RFC 1738 section 2.2 has no space in a URL |
/// | `backslash` | `\` kept, or read as `/` | the URL Standard reads `\` as `/` in special URLs |
/// | `escaping` | `%7E` against `~`, `"` against `%22`, `é` against `%C3%A9` (any escape but of whitespace) | RFC 1738 section 2.2, RFC 3986 section 2.4, the URL Standard's percent-encode sets |
/// | `case` | the scheme's or the host's case | RFC 3986 section 6.2.2.1 |
/// | `localhost` | `file://localhost/...` against `file:///...` | RFC 1738 section 3.10 (either is "the machine from which the URL is being interpreted"); the URL Standard drops `localhost` |
/// | `scheme-relative` | a `//host/...` link: `http://host` against `http://host/`, or slashes beyond two after the scheme | RFC 1808 section 2.4.3, RFC 3986 section 4.2, the URL Standard's special authority slashes |
/// | `empty-path` | `http://host` against `http://host/` (of a link that is not scheme-relative) | RFC 1738 section 3.3 ("the `/` may also be omitted"), RFC 3986 section 6.2.3 |
/// | `trailing-dot` | a host written with a trailing dot, `info.cern.ch.`, kept or dropped (with a port after it) | the CERN library drops it, and the port after it (`HTParse`) |
/// | `default-port` | `:80`, `:70` (or an empty port) kept or dropped | RFC 1738 section 3.3; the CERN library drops `:80` and `:70`; the URL Standard drops its schemes' default ports |
/// | `dot-segments` | `/a/../b` kept or removed, `..` above the root kept or dropped, a final `.` or `..` with or without its slash, dot segments in the query | RFC 1808 section 4 step 6, RFC 3986 section 5.2.4, the CERN library's `HTSimplify` (which simplifies the query too) |
/// | `empty-query` | a `?` with nothing after it kept or dropped (the WAIS gateways' `.../directory-of-servers?`) | RFC 1808 and RFC 3986 keep it; Python's `urljoin` drops it |
/// | `fragment` | a fragment inherited, kept or dropped | the CERN library inherits the base's; NCSA Mosaic kept none on an image |
/// | `refused` | one mode gives a result, the other none | a mode's error ([`ResolveError`]) |
/// | `other` | anything else: both results are kept to be read | |
///
/// # How a difference is classed
///
/// Each class but `refused` and `other` is a normalization of one aspect of a URL (the
/// table's order is the order in which they apply). Two different results are first
/// normalized by each class alone: every class after which they are equal explains the
/// difference alone, and those are its classes. When none does, both are normalized by all
/// of them; if they are still different, the class is `other` (and only `other`: no class
/// explains the difference, even in part). Otherwise the classes are the set left when each
/// class in turn is taken out of the set whenever the results stay equal without it (again
/// and again, until none goes: the aspects are not independent): a set that explains the
/// difference together and from which no class can be taken. So a difference has
/// one class or more, and `other` is never beside another. A result against no result is
/// `refused`; two modes that both give no result do not differ (each says why).
///
/// Three aspects look at the link itself, not only at the results: `scheme-relative`
/// applies only to a link that starts with two slashes (or backslashes); `dot-segments`
/// also adds the final slash that the CERN library takes from a link whose last segment
/// is `.` or `..` (`..` against `http://a/b/c/d` is `http://a/b` there, `http://a/b/` by
/// RFC 1808; `http://a` against `http://a/` when nothing is left); and `empty-path` applies
/// only to the other links.
///
/// Every step is a pass over the text (removing dot segments is one pass with a stack), and
/// the classes of a difference take a fixed number of passes: the time is linear in the
/// length of the results. No input makes it panic (`tests/compare.rs` holds random and
/// mutated inputs to that).
///
/// ```
/// use rfc1738::resolution::{compare, DifferenceClass, ResolveMode};
///
/// let base = "http://info.cern.ch/hypertext/WWW/TheProject.html";
/// let modes = [ResolveMode::Cern, ResolveMode::Rfc1808];
/// let same = compare(base, "Status.html", &modes);
/// assert!(!same.differ());
///
/// let up = compare(base, "../Overview.html#top", &modes);
/// assert!(!up.differ());
///
/// let dots = compare(base, "..", &modes);
/// assert_eq!(dots.result(ResolveMode::Cern).unwrap(), Ok("http://info.cern.ch/hypertext"));
/// assert_eq!(dots.result(ResolveMode::Rfc1808).unwrap(), Ok("http://info.cern.ch/hypertext/"));
/// assert!(dots.differ());
/// assert_eq!(dots.classes().names().collect::<Vec<_>>(), ["dot-segments"]);
/// assert!(dots.classes().contains(DifferenceClass::DotSegments));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum DifferenceClass {
    /// Spaces, tabs, line ends (and form feeds), as such or escaped (`%20`, `%09`, `%0A`,
    /// `%0D`, `%0C`): trimmed, removed or escaped by one mode and not the other.
    Whitespace,
    /// A `\` kept by one mode, read as `/` by the other.
    Backslash,
    /// An escape (`%XX`, in either case) against the character it stands for, other than
    /// whitespace: `%7E` against `~`, `%22` against `"`, `%C3%A9` against `é`.
    Escaping,
    /// The case of the scheme or of the host.
    Case,
    /// A file URL's host `localhost` against none: `file://localhost/etc/motd` against
    /// `file:///etc/motd`.
    Localhost,
    /// A link of the form `//host/...`: the path after its host (`http://host` against
    /// `http://host/`) or the slashes after the scheme (beyond two).
    SchemeRelative,
    /// An empty path after a host against `/` (`http://host` against `http://host/`), of a
    /// link that is not scheme-relative and whose last segment is not `.` or `..` (those
    /// are `scheme-relative` and `dot-segments`).
    EmptyPath,
    /// A host's trailing dot (`info.cern.ch.`), kept or dropped; with the port written after
    /// it, which the CERN library dropped with the dot (`info.cern.ch.:8001`).
    TrailingDot,
    /// A port that is the scheme's default (`:80` of http, `:70` of gopher, `:21` of ftp,
    /// ...) or empty (`http://h:/`), kept or dropped.
    DefaultPort,
    /// Dot segments (`.`, `..`) of the path, kept or removed: `/a/../b` against `/b`, `..`
    /// above the root, the final slash of a link whose last segment is `.` or `..`, and
    /// those of the query (which the CERN library simplified with the path).
    DotSegments,
    /// An empty query (a `?` with nothing after it, before any `#`) kept or dropped.
    EmptyQuery,
    /// The fragment: inherited from the base, kept or dropped.
    Fragment,
    /// One mode gives a result, the other none (an error).
    Refused,
    /// Anything else: no class, nor any set of them, explains the difference.
    Other,
}

impl DifferenceClass {
    /// Every class, in the order in which they are listed and their normalizations apply.
    pub const ALL: [DifferenceClass; 14] = [
        DifferenceClass::Whitespace,
        DifferenceClass::Backslash,
        DifferenceClass::Escaping,
        DifferenceClass::Case,
        DifferenceClass::Localhost,
        DifferenceClass::SchemeRelative,
        DifferenceClass::EmptyPath,
        DifferenceClass::TrailingDot,
        DifferenceClass::DefaultPort,
        DifferenceClass::DotSegments,
        DifferenceClass::EmptyQuery,
        DifferenceClass::Fragment,
        DifferenceClass::Refused,
        DifferenceClass::Other,
    ];

    /// The classes that are a normalization of one aspect (all but `refused` and `other`).
    const ASPECTS: [DifferenceClass; 12] = [
        DifferenceClass::Whitespace,
        DifferenceClass::Backslash,
        DifferenceClass::Escaping,
        DifferenceClass::Case,
        DifferenceClass::Localhost,
        DifferenceClass::SchemeRelative,
        DifferenceClass::EmptyPath,
        DifferenceClass::TrailingDot,
        DifferenceClass::DefaultPort,
        DifferenceClass::DotSegments,
        DifferenceClass::EmptyQuery,
        DifferenceClass::Fragment,
    ];

    /// The class's name, as the JSON reports and the command write it: `whitespace`,
    /// `backslash`, `escaping`, `case`, `localhost`, `scheme-relative`, `empty-path`, `trailing-dot`,
    /// `default-port`, `dot-segments`, `empty-query`, `fragment`, `refused`, `other`.
    ///
    /// ```
    /// assert_eq!(rfc1738::resolution::DifferenceClass::TrailingDot.name(), "trailing-dot");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            DifferenceClass::Whitespace => "whitespace",
            DifferenceClass::Backslash => "backslash",
            DifferenceClass::Escaping => "escaping",
            DifferenceClass::Case => "case",
            DifferenceClass::Localhost => "localhost",
            DifferenceClass::SchemeRelative => "scheme-relative",
            DifferenceClass::EmptyPath => "empty-path",
            DifferenceClass::TrailingDot => "trailing-dot",
            DifferenceClass::DefaultPort => "default-port",
            DifferenceClass::DotSegments => "dot-segments",
            DifferenceClass::EmptyQuery => "empty-query",
            DifferenceClass::Fragment => "fragment",
            DifferenceClass::Refused => "refused",
            DifferenceClass::Other => "other",
        }
    }

    /// The class's bit in [`DifferenceClasses`].
    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for DifferenceClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DifferenceClass {
    type Err = String;

    /// Reads a class by its [`name`](DifferenceClass::name).
    fn from_str(name: &str) -> Result<DifferenceClass, String> {
        DifferenceClass::ALL
            .into_iter()
            .find(|class| class.name() == name)
            .ok_or_else(|| format!("unknown difference class {name:?}"))
    }
}

/// A set of [`DifferenceClass`]es, listed in the order of [`DifferenceClass::ALL`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DifferenceClasses(u16);

impl DifferenceClasses {
    /// No class: the results are the same.
    pub const NONE: DifferenceClasses = DifferenceClasses(0);

    /// Whether the set is empty (no difference).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many classes.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `class` is in the set.
    pub fn contains(self, class: DifferenceClass) -> bool {
        self.0 & class.bit() != 0
    }

    /// The set with `class` in it.
    pub fn with(self, class: DifferenceClass) -> DifferenceClasses {
        DifferenceClasses(self.0 | class.bit())
    }

    /// The set without `class`.
    pub fn without(self, class: DifferenceClass) -> DifferenceClasses {
        DifferenceClasses(self.0 & !class.bit())
    }

    /// The classes of either set.
    pub fn union(self, other: DifferenceClasses) -> DifferenceClasses {
        DifferenceClasses(self.0 | other.0)
    }

    /// The classes, in the order of [`DifferenceClass::ALL`].
    pub fn iter(self) -> impl Iterator<Item = DifferenceClass> {
        DifferenceClass::ALL
            .into_iter()
            .filter(move |class| self.contains(*class))
    }

    /// The classes' names, in the order of [`DifferenceClass::ALL`].
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        self.iter().map(DifferenceClass::name)
    }
}

impl fmt::Debug for DifferenceClasses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.names()).finish()
    }
}

impl FromIterator<DifferenceClass> for DifferenceClasses {
    fn from_iter<I: IntoIterator<Item = DifferenceClass>>(classes: I) -> DifferenceClasses {
        classes
            .into_iter()
            .fold(DifferenceClasses::NONE, DifferenceClasses::with)
    }
}

/// Two modes whose results differ, and the classes of the difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    first: ResolveMode,
    second: ResolveMode,
    classes: DifferenceClasses,
}

impl Difference {
    /// The two modes, in the order they were given.
    pub fn modes(&self) -> (ResolveMode, ResolveMode) {
        (self.first, self.second)
    }

    /// The classes of the difference (never empty).
    pub fn classes(&self) -> DifferenceClasses {
        self.classes
    }

    /// The pair's name, as the reports key it: `cern/whatwg`.
    pub fn name(&self) -> String {
        pair_name(self.first, self.second)
    }
}

/// The name of a pair of modes, as the reports key it: `cern/whatwg`.
///
/// ```
/// use rfc1738::resolution::{pair_name, ResolveMode};
/// assert_eq!(pair_name(ResolveMode::Cern, ResolveMode::Rfc1808), "cern/rfc1808");
/// ```
pub fn pair_name(first: ResolveMode, second: ResolveMode) -> String {
    format!("{}/{}", first.name(), second.name())
}

/// One link resolved by several modes: each mode's result (or error, of type `E`:
/// [`ResolveError`] for [`compare`], the link lister's own error for a page's links), and
/// the [`Difference`] of every pair of modes whose results differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison<E = ResolveError> {
    results: Vec<(ResolveMode, Result<String, E>)>,
    differences: Vec<Difference>,
}

impl<E> Comparison<E> {
    /// The comparison of the results `results` that the modes gave for `link` (the link as
    /// written, which two classes look at: [`classify`]): every pair of them, in the order
    /// given, the first of a pair before the second. A mode given twice is compared with
    /// itself (never different).
    pub fn of(link: &str, results: Vec<(ResolveMode, Result<String, E>)>) -> Comparison<E> {
        let mut differences = Vec::new();
        for (i, (first, a)) in results.iter().enumerate() {
            for (second, b) in &results[i + 1..] {
                let classes = classify(link, a.as_deref().ok(), b.as_deref().ok());
                if !classes.is_empty() {
                    differences.push(Difference {
                        first: *first,
                        second: *second,
                        classes,
                    });
                }
            }
        }
        Comparison {
            results,
            differences,
        }
    }

    /// Each mode's result or error, in the order given.
    pub fn results(&self) -> &[(ResolveMode, Result<String, E>)] {
        &self.results
    }

    /// The result (or error) of `mode`; `None` when it was not compared.
    pub fn result(&self, mode: ResolveMode) -> Option<Result<&str, &E>> {
        self.results
            .iter()
            .find(|(each, _)| *each == mode)
            .map(|(_, result)| result.as_deref())
    }

    /// Whether any two modes' results differ.
    pub fn differ(&self) -> bool {
        !self.differences.is_empty()
    }

    /// The pairs of modes whose results differ, with their classes, in the order of the
    /// pairs (the first mode's pairs first).
    pub fn differences(&self) -> &[Difference] {
        &self.differences
    }

    /// The difference of two modes' results, if they differ.
    pub fn difference(&self, first: ResolveMode, second: ResolveMode) -> Option<&Difference> {
        self.differences.iter().find(|difference| {
            difference.modes() == (first, second) || difference.modes() == (second, first)
        })
    }

    /// The classes of every difference together (empty when none differ).
    pub fn classes(&self) -> DifferenceClasses {
        self.differences
            .iter()
            .fold(DifferenceClasses::NONE, |all, difference| {
                all.union(difference.classes)
            })
    }
}

/// `link` resolved against `base` by each of `modes` ([`resolve`], the same call for every
/// mode), and the classes of each difference of their results ([`DifferenceClass`]
/// says how they are decided). Compare two modes or more: with fewer, nothing differs.
///
/// ```
/// use rfc1738::resolution::{compare, ResolveMode};
///
/// // An image of a page of 1994 on a host written with its trailing dot: the CERN
/// // library dropped the dot and the port 80; RFC 1808 keeps the link as written.
/// let page = "http://info.cern.ch/hypertext/WWW/TheProject.html";
/// let link = "http://info.cern.ch.:80/icons/www.gif";
/// let comparison = compare(page, link, &[ResolveMode::Cern, ResolveMode::Rfc1808]);
/// assert_eq!(comparison.result(ResolveMode::Cern).unwrap(), Ok("http://info.cern.ch/icons/www.gif"));
/// let classes: Vec<_> = comparison.classes().names().collect();
/// assert_eq!(classes, ["trailing-dot", "default-port"]);
///
/// // The CERN library inherits the base's fragment; RFC 1808 never does.
/// let comparison = compare("http://a/b/c/d#f", "g", &[ResolveMode::Cern, ResolveMode::Rfc1808]);
/// assert_eq!(comparison.classes().names().collect::<Vec<_>>(), ["fragment"]);
/// ```
pub fn compare(base: &str, link: &str, modes: &[ResolveMode]) -> Comparison {
    let results = modes
        .iter()
        .map(|&mode| (mode, resolve(base, link, mode)))
        .collect();
    Comparison::of(link, results)
}

/// The classes of the difference between two results for `link` (`None` for a mode that
/// gave none): empty when they are the same (or both `None`), `refused` when one is
/// `None`, else as [`DifferenceClass`] says.
///
/// ```
/// use rfc1738::resolution::classify;
///
/// let classes = |a, b| classify("x", Some(a), Some(b)).names().collect::<Vec<_>>();
/// assert_eq!(classes("http://h/a b", "http://h/a%20b"), ["whitespace"]);
/// assert_eq!(classes("http://h/~x", "http://h/%7Ex"), ["escaping"]);
/// assert_eq!(classes("HTTP://Info.CERN.ch/", "http://info.cern.ch/"), ["case"]);
/// assert_eq!(classes("http://h/w?", "http://h/w"), ["empty-query"]);
/// assert_eq!(classes("http://h/a?#top", "http://h/a"), ["empty-query", "fragment"]);
/// assert_eq!(classes("http://h/a", "http://g/a"), ["other"]);
/// assert!(classify("x", Some("http://h/"), None).names().eq(["refused"]));
/// assert!(classify("x", None, None).is_empty());
/// ```
pub fn classify(link: &str, first: Option<&str>, second: Option<&str>) -> DifferenceClasses {
    let (a, b) = match (first, second) {
        (Some(a), Some(b)) if a == b => return DifferenceClasses::NONE,
        (Some(a), Some(b)) => (a.as_bytes(), b.as_bytes()),
        (None, None) => return DifferenceClasses::NONE,
        _ => return DifferenceClasses::NONE.with(DifferenceClass::Refused),
    };
    let link = Link::read(link.as_bytes());
    let normalized = |url: &[u8], set: DifferenceClasses| {
        let mut url = url.to_vec();
        for class in set.iter() {
            url = normalize(&url, class, &link);
        }
        url
    };
    // Each class alone.
    let alone: DifferenceClasses = DifferenceClass::ASPECTS
        .into_iter()
        .filter(|&class| normalize(a, class, &link) == normalize(b, class, &link))
        .collect();
    if !alone.is_empty() {
        return alone;
    }
    // All of them, then each taken out in turn while the results stay equal.
    let mut set: DifferenceClasses = DifferenceClass::ASPECTS.into_iter().collect();
    if normalized(a, set) != normalized(b, set) {
        return DifferenceClasses::NONE.with(DifferenceClass::Other);
    }
    // Again while a class goes: the aspects are not independent (an escape decoded may
    // make a dot segment, a fragment cut may take an escape), so a class kept while a
    // later one was in the set may not be needed once that one is out.
    loop {
        let before = set;
        for class in set.iter() {
            let fewer = set.without(class);
            if normalized(a, fewer) == normalized(b, fewer) {
                set = fewer;
            }
        }
        if set == before {
            return set;
        }
    }
}

/// What the classes look at in the link as written.
struct Link {
    /// It starts (after leading whitespace and controls) with two slashes or backslashes.
    scheme_relative: bool,
    /// The last segment of its path (before `?` and `#`) is `.` or `..` (`%2E` read as a
    /// dot).
    ends_in_dot_segment: bool,
}

impl Link {
    fn read(link: &[u8]) -> Link {
        let start = link.iter().position(|&b| b > b' ').unwrap_or(link.len());
        let trimmed = &link[start..];
        let scheme_relative =
            trimmed.len() >= 2 && trimmed[..2].iter().all(|&b| b == b'/' || b == b'\\');
        let end = trimmed
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .unwrap_or(trimmed.len());
        let path = &trimmed[..end];
        let last = path
            .iter()
            .rposition(|&b| b == b'/' || b == b'\\')
            .map_or(path, |at| &path[at + 1..]);
        let last = decode_dots(last);
        Link {
            scheme_relative,
            ends_in_dot_segment: last == b"." || last == b"..",
        }
    }
}

/// `%2E` and `%2e` read as `.` (a short segment only: longer ones are no dot segment).
fn decode_dots(segment: &[u8]) -> Vec<u8> {
    if segment.len() > 6 {
        return segment.to_vec();
    }
    let mut out = Vec::with_capacity(segment.len());
    let mut i = 0;
    while i < segment.len() {
        if segment[i] == b'%'
            && segment.get(i + 1) == Some(&b'2')
            && matches!(segment.get(i + 2), Some(b'e' | b'E'))
        {
            out.push(b'.');
            i += 3;
        } else {
            out.push(segment[i]);
            i += 1;
        }
    }
    out
}

/// A URL split as RFC 3986's Appendix B splits any URI reference: scheme (before the first
/// `:` that comes before any `/`, `?`, `#`), authority (after `//`, up to `/`, `?`, `#`),
/// path, query (after `?`, up to `#`) and fragment (after `#`).
struct Parts<'u> {
    scheme: Option<&'u [u8]>,
    authority: Option<&'u [u8]>,
    path: &'u [u8],
    query: Option<&'u [u8]>,
    fragment: Option<&'u [u8]>,
}

impl<'u> Parts<'u> {
    fn split(url: &'u [u8]) -> Parts<'u> {
        let (fragment, rest) = match url.iter().position(|&b| b == b'#') {
            Some(at) => (Some(&url[at + 1..]), &url[..at]),
            None => (None, url),
        };
        let (query, rest) = match rest.iter().position(|&b| b == b'?') {
            Some(at) => (Some(&rest[at + 1..]), &rest[..at]),
            None => (None, rest),
        };
        let (scheme, rest) = match rest.iter().position(|&b| b == b':' || b == b'/') {
            Some(at) if at > 0 && rest[at] == b':' => (Some(&rest[..at]), &rest[at + 1..]),
            _ => (None, rest),
        };
        let (authority, path) = match rest.strip_prefix(b"//") {
            Some(after) => {
                let end = after.iter().position(|&b| b == b'/').unwrap_or(after.len());
                (Some(&after[..end]), &after[end..])
            }
            None => (None, rest),
        };
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// The URL written back, with `authority` and `path` in place of its own.
    fn join(&self, authority: Option<&[u8]>, path: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            self.scheme.map_or(0, <[u8]>::len)
                + authority.map_or(0, <[u8]>::len)
                + path.len()
                + self.query.map_or(0, <[u8]>::len)
                + self.fragment.map_or(0, <[u8]>::len)
                + 5,
        );
        if let Some(scheme) = self.scheme {
            out.extend_from_slice(scheme);
            out.push(b':');
        }
        if let Some(authority) = authority {
            out.extend_from_slice(b"//");
            out.extend_from_slice(authority);
        }
        out.extend_from_slice(path);
        if let Some(query) = self.query {
            out.push(b'?');
            out.extend_from_slice(query);
        }
        if let Some(fragment) = self.fragment {
            out.push(b'#');
            out.extend_from_slice(fragment);
        }
        out
    }
}

/// An authority's parts: userinfo with its `@`, host, and port with its `:`.
fn authority_parts(authority: &[u8]) -> (&[u8], &[u8], &[u8]) {
    let at = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(0, |at| at + 1);
    let (userinfo, hostport) = authority.split_at(at);
    // An IP literal's colons are not a port's.
    let after_literal = match hostport.first() {
        Some(b'[') => hostport
            .iter()
            .position(|&b| b == b']')
            .map_or(hostport.len(), |end| end + 1),
        _ => 0,
    };
    let colon = hostport[after_literal..]
        .iter()
        .rposition(|&b| b == b':')
        .map(|at| at + after_literal);
    match colon {
        Some(colon) => (userinfo, &hostport[..colon], &hostport[colon..]),
        None => (userinfo, hostport, &[][..]),
    }
}

/// Whether `b` is whitespace for [`DifferenceClass::Whitespace`].
fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

/// The byte an escape `%XX` at `at` stands for.
fn escape_at(url: &[u8], at: usize) -> Option<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    match url.get(at..at + 3) {
        Some([b'%', high, low]) => Some((hex(*high)? * 16 + hex(*low)?) as u8),
        _ => None,
    }
}

/// The default port of a scheme (lower case), as the modes that drop one know it: RFC
/// 1738's schemes, and https, ws and wss of the URL Standard.
fn default_port(scheme: &[u8]) -> Option<u16> {
    Some(match scheme {
        b"http" | b"ws" => 80,
        b"https" | b"wss" => 443,
        b"gopher" => 70,
        b"ftp" => 21,
        b"telnet" => 23,
        b"nntp" => 119,
        b"wais" => 210,
        b"prospero" => 1525,
        _ => return None,
    })
}

/// Whether `port` (with its `:`) is empty, or the default port of `scheme` (leading zeros
/// allowed); no port is not.
fn is_default_port(scheme: Option<&[u8]>, port: &[u8]) -> bool {
    let Some(digits) = port.strip_prefix(b":") else {
        return false;
    };
    let value = digits.iter().try_fold(0u32, |value, &b| match b {
        b'0'..=b'9' => Some((value * 10 + u32::from(b - b'0')).min(1 << 20)),
        _ => None,
    });
    let default = scheme.and_then(|scheme| default_port(&scheme.to_ascii_lowercase()));
    digits.is_empty() || (value.is_some() && value == default.map(u32::from))
}

/// `url` normalized in the one aspect `class` names.
fn normalize(url: &[u8], class: DifferenceClass, link: &Link) -> Vec<u8> {
    match class {
        DifferenceClass::Whitespace => {
            let mut out = Vec::with_capacity(url.len());
            let mut i = 0;
            while i < url.len() {
                if is_whitespace(url[i]) {
                    i += 1;
                } else if escape_at(url, i).is_some_and(is_whitespace) {
                    i += 3;
                } else {
                    out.push(url[i]);
                    i += 1;
                }
            }
            out
        }
        DifferenceClass::Backslash => url
            .iter()
            .map(|&b| if b == b'\\' { b'/' } else { b })
            .collect(),
        DifferenceClass::Escaping => {
            let mut out = Vec::with_capacity(url.len());
            let mut i = 0;
            while i < url.len() {
                match escape_at(url, i) {
                    Some(b) if is_whitespace(b) => {
                        out.extend_from_slice(&[b'%', b"0123456789ABCDEF"[(b >> 4) as usize]]);
                        out.push(b"0123456789ABCDEF"[(b & 15) as usize]);
                        i += 3;
                    }
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(url[i]);
                        i += 1;
                    }
                }
            }
            out
        }
        DifferenceClass::Case => {
            let parts = Parts::split(url);
            let scheme = parts.scheme.map(<[u8]>::to_ascii_lowercase);
            let authority = parts.authority.map(|authority| {
                let (userinfo, host, port) = authority_parts(authority);
                [userinfo, &host.to_ascii_lowercase(), port].concat()
            });
            let parts = Parts {
                scheme: scheme.as_deref(),
                ..parts
            };
            parts.join(authority.as_deref(), parts.path)
        }
        DifferenceClass::Localhost => {
            let parts = Parts::split(url);
            let (Some(authority), Some(scheme)) = (parts.authority, parts.scheme) else {
                return url.to_vec();
            };
            let (userinfo, host, port) = authority_parts(authority);
            match scheme.eq_ignore_ascii_case(b"file") && host.eq_ignore_ascii_case(b"localhost") {
                true => parts.join(Some(&[userinfo, port].concat()), parts.path),
                false => url.to_vec(),
            }
        }
        DifferenceClass::SchemeRelative if link.scheme_relative => {
            with_root_path(&with_two_slashes(url))
        }
        DifferenceClass::EmptyPath if !link.scheme_relative && !link.ends_in_dot_segment => {
            with_root_path(url)
        }
        DifferenceClass::TrailingDot => {
            let parts = Parts::split(url);
            let Some(authority) = parts.authority else {
                return url.to_vec();
            };
            let (userinfo, host, port) = authority_parts(authority);
            // A port after the dot goes with it, as in the CERN library; one that is the
            // default is left to `default-port`.
            let port = match is_default_port(parts.scheme, port) {
                true => port,
                false => &[][..],
            };
            match host.strip_suffix(b".") {
                Some(stripped) if !stripped.is_empty() => {
                    parts.join(Some(&[userinfo, stripped, port].concat()), parts.path)
                }
                _ => url.to_vec(),
            }
        }
        DifferenceClass::DefaultPort => {
            let parts = Parts::split(url);
            let Some(authority) = parts.authority else {
                return url.to_vec();
            };
            let (userinfo, host, port) = authority_parts(authority);
            match !port.is_empty() && is_default_port(parts.scheme, port) {
                true => parts.join(Some(&[userinfo, host].concat()), parts.path),
                false => url.to_vec(),
            }
        }
        DifferenceClass::DotSegments => {
            let parts = Parts::split(url);
            let mut path = remove_dot_segments(parts.path);
            if link.ends_in_dot_segment
                && (parts.authority.is_some() || !path.is_empty())
                && !path.ends_with(b"/")
            {
                path.push(b'/');
            }
            // The query's dot segments, as the CERN library removed them: the query read
            // as part of the path's last segment (a ".." after it takes both).
            let whole = match parts.query {
                Some(query) => remove_dot_segments(&[&path[..], b"?", query].concat()),
                None => path,
            };
            Parts {
                query: None,
                ..parts
            }
            .join(parts.authority, &whole)
        }
        DifferenceClass::EmptyQuery => {
            let parts = Parts::split(url);
            match parts.query {
                Some([]) => Parts {
                    query: None,
                    ..parts
                }
                .join(parts.authority, parts.path),
                _ => url.to_vec(),
            }
        }
        DifferenceClass::Fragment => {
            let end = url.iter().position(|&b| b == b'#').unwrap_or(url.len());
            url[..end].to_vec()
        }
        _ => url.to_vec(),
    }
}

/// `url` with two slashes after its scheme where it has more.
fn with_two_slashes(url: &[u8]) -> Vec<u8> {
    let colon = url
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'));
    if let Some(colon) = colon.filter(|&at| at > 0 && url[at] == b':') {
        let slashes = url[colon + 1..].iter().take_while(|&&b| b == b'/').count();
        if slashes > 2 {
            return [&url[..=colon], &url[colon + 1 + slashes - 2..]].concat();
        }
    }
    url.to_vec()
}

/// `url` with `/` for an empty path after an authority.
fn with_root_path(url: &[u8]) -> Vec<u8> {
    let parts = Parts::split(url);
    match (parts.authority, parts.path) {
        (Some(_), []) => parts.join(parts.authority, b"/"),
        _ => url.to_vec(),
    }
}

/// RFC 3986 section 5.2.4, "Remove Dot Segments", in one pass: the output is a stack of
/// segments, from which `..` takes the last.
fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(path.len());
    let mut input = path;
    // The last segment of the output goes (from its last "/" on; all of it without one).
    let pop = |out: &mut Vec<u8>| {
        let at = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
        out.truncate(at);
    };
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix(b"../") {
            input = rest; // A
        } else if let Some(rest) = input.strip_prefix(b"./") {
            input = rest; // A
        } else if input.starts_with(b"/./") {
            input = &input[2..]; // B
        } else if input == b"/." {
            out.push(b'/'); // B: "/." becomes "/", which E moves
            break;
        } else if input.starts_with(b"/../") {
            input = &input[3..]; // C
            pop(&mut out);
        } else if input == b"/.." {
            pop(&mut out); // C: "/.." becomes "/"
            out.push(b'/');
            break;
        } else if input == b"." || input == b".." {
            break; // D
        } else {
            // E: the first segment, its "/" included, up to the next "/".
            let start = usize::from(input[0] == b'/');
            let end = input[start..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |at| at + start);
            out.extend_from_slice(&input[..end]);
            input = &input[end..];
        }
    }
    out
}

/// Counts of comparisons by pair of modes and by class, over links and pages (the summary of
/// `rfc1738 links --compare`): how many links, and how many pages with at least one such
/// link, differ between each pair, and how many of each class.
///
/// ```
/// use rfc1738::resolution::{compare, ComparisonSummary, DifferenceClass, ResolveMode};
///
/// let modes = [ResolveMode::Cern, ResolveMode::Rfc1808];
/// let mut summary = ComparisonSummary::new(&modes);
/// for link in ["a.html", "..", "http://h:80/"] {
///     summary.count(&compare("http://h/x/y", link, &modes));
/// }
/// summary.end_page();
/// summary.count(&compare("http://h/x/y", "b.html", &modes));
/// summary.end_page();
/// assert_eq!((summary.links(), summary.pages()), (4, 2));
/// let pair = &summary.pairs()[0];
/// assert_eq!((pair.links(), pair.pages()), (2, 1));
/// assert_eq!(pair.class(DifferenceClass::DefaultPort), (1, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComparisonSummary {
    links: u64,
    pages: u64,
    links_differ: u64,
    pages_differ: u64,
    pairs: Vec<PairSummary>,
    /// Whether a link of the page being read differed.
    page_differs: bool,
}

/// The counts of one pair of modes in a [`ComparisonSummary`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairSummary {
    first: ResolveMode,
    second: ResolveMode,
    links: u64,
    pages: u64,
    /// Links and pages of each class, by [`DifferenceClass::ALL`]'s order.
    classes: [(u64, u64); DifferenceClass::ALL.len()],
    /// The classes of the page being read (`Other`'s bit for "any").
    page: Option<DifferenceClasses>,
}

impl ComparisonSummary {
    /// A summary of the comparisons of `modes`: every pair, in the order of
    /// [`Comparison::differences`].
    pub fn new(modes: &[ResolveMode]) -> ComparisonSummary {
        let mut pairs = Vec::new();
        for (i, &first) in modes.iter().enumerate() {
            for &second in &modes[i + 1..] {
                pairs.push(PairSummary {
                    first,
                    second,
                    links: 0,
                    pages: 0,
                    classes: [(0, 0); DifferenceClass::ALL.len()],
                    page: None,
                });
            }
        }
        ComparisonSummary {
            links: 0,
            pages: 0,
            links_differ: 0,
            pages_differ: 0,
            pairs,
            page_differs: false,
        }
    }

    /// Counts the comparison of a link of the page being read (of the summary's modes).
    pub fn count<E>(&mut self, comparison: &Comparison<E>) {
        self.links += 1;
        if comparison.differ() {
            self.links_differ += 1;
            self.page_differs = true;
        }
        for difference in comparison.differences() {
            let Some(pair) = self
                .pairs
                .iter_mut()
                .find(|pair| (pair.first, pair.second) == difference.modes())
            else {
                continue;
            };
            pair.links += 1;
            for class in difference.classes.iter() {
                pair.classes[class as usize].0 += 1;
            }
            let page = pair.page.get_or_insert(DifferenceClasses::NONE);
            *page = page.union(difference.classes);
        }
    }

    /// Ends the page being read (a page without links counts as a page too).
    pub fn end_page(&mut self) {
        self.pages += 1;
        self.pages_differ += u64::from(std::mem::take(&mut self.page_differs));
        for pair in &mut self.pairs {
            if let Some(classes) = pair.page.take() {
                pair.pages += 1;
                for class in classes.iter() {
                    pair.classes[class as usize].1 += 1;
                }
            }
        }
    }

    /// The links counted.
    pub fn links(&self) -> u64 {
        self.links
    }

    /// The pages ended.
    pub fn pages(&self) -> u64 {
        self.pages
    }

    /// The links whose results differ in some pair of modes.
    pub fn links_differ(&self) -> u64 {
        self.links_differ
    }

    /// The pages with a link whose results differ in some pair of modes.
    pub fn pages_differ(&self) -> u64 {
        self.pages_differ
    }

    /// Every pair of modes, in order.
    pub fn pairs(&self) -> &[PairSummary] {
        &self.pairs
    }
}

impl PairSummary {
    /// The two modes.
    pub fn modes(&self) -> (ResolveMode, ResolveMode) {
        (self.first, self.second)
    }

    /// The pair's name: `cern/whatwg`.
    pub fn name(&self) -> String {
        pair_name(self.first, self.second)
    }

    /// The links whose results differ between the two modes.
    pub fn links(&self) -> u64 {
        self.links
    }

    /// The pages with such a link.
    pub fn pages(&self) -> u64 {
        self.pages
    }

    /// The links and the pages whose differences have `class` (a link of several classes
    /// counts in each).
    pub fn class(&self, class: DifferenceClass) -> (u64, u64) {
        self.classes[class as usize]
    }

    /// The classes seen, with their links and pages, in the order of
    /// [`DifferenceClass::ALL`].
    pub fn classes(&self) -> impl Iterator<Item = (DifferenceClass, u64, u64)> + '_ {
        DifferenceClass::ALL
            .into_iter()
            .map(|class| (class, self.class(class)))
            .filter(|(_, (links, _))| *links > 0)
            .map(|(class, (links, pages))| (class, links, pages))
    }
}

#[cfg(feature = "serde")]
pub use serialize::CompareReport;

#[cfg(feature = "serde")]
mod serialize {
    use super::*;
    use serde::Serialize;
    use serde::ser::{SerializeMap, Serializer};

    impl Serialize for DifferenceClass {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.name())
        }
    }

    /// A list of names.
    impl Serialize for DifferenceClasses {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.names())
        }
    }

    impl<E> Comparison<E> {
        /// Writes the comparison's entries into a report's map: `compare` (each mode's
        /// result, `null` for none), `compare_errors` (the `code` of each mode that gave
        /// none, by `code`; only when one did), `differ`, `classes` (of every difference)
        /// and `differences` (the classes of each pair that differs, keyed `cern/whatwg`).
        /// Feature `serde`.
        pub fn entries<M: SerializeMap>(
            &self,
            map: &mut M,
            code: impl Fn(&E) -> &'static str,
        ) -> Result<(), M::Error> {
            struct Results<'c, E>(&'c [(ResolveMode, Result<String, E>)]);
            impl<E> Serialize for Results<'_, E> {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.collect_map(
                        self.0
                            .iter()
                            .map(|(mode, result)| (mode.name(), result.as_deref().ok())),
                    )
                }
            }
            map.serialize_entry("compare", &Results(&self.results))?;
            let errors: Vec<(&str, &str)> = self
                .results
                .iter()
                .filter_map(|(mode, result)| Some((mode.name(), code(result.as_ref().err()?))))
                .collect();
            if !errors.is_empty() {
                map.serialize_entry("compare_errors", &Pairs(&errors))?;
            }
            map.serialize_entry("differ", &self.differ())?;
            map.serialize_entry("classes", &self.classes())?;
            let differences: Vec<(String, DifferenceClasses)> = self
                .differences
                .iter()
                .map(|difference| (difference.name(), difference.classes))
                .collect();
            map.serialize_entry("differences", &Pairs(&differences))
        }
    }

    /// A link compared in several modes against a base, serializable as one line of
    /// `rfc1738 resolve --compare --json` and of the comparison corpus
    /// (`corpus/compare/`): `context`, `partial`, then the comparison's entries
    /// ([`Comparison::entries`]). Feature `serde`.
    ///
    /// ```
    /// use rfc1738::resolution::{compare, ResolveMode};
    /// use rfc1738::reports::CompareReport;
    ///
    /// let comparison = compare("http://a/b/c/d", "..", &[ResolveMode::Cern, ResolveMode::Rfc1808]);
    /// assert_eq!(
    ///     serde_json::to_string(&CompareReport::of("http://a/b/c/d", "..", &comparison)).unwrap(),
    ///     r#"{"context":"http://a/b/c/d","partial":"..","compare":{"cern":"http://a/b","rfc1808":"http://a/b/"},"#
    ///         .to_owned()
    ///         + r#""differ":true,"classes":["dot-segments"],"differences":{"cern/rfc1808":["dot-segments"]}}"#
    /// );
    /// ```
    #[derive(Debug, Clone, Copy)]
    pub struct CompareReport<'r> {
        context: &'r str,
        partial: &'r str,
        comparison: &'r Comparison,
    }

    impl<'r> CompareReport<'r> {
        /// The report of `comparison`, of `partial` resolved against `context`.
        pub fn of(
            context: &'r str,
            partial: &'r str,
            comparison: &'r Comparison,
        ) -> CompareReport<'r> {
            CompareReport {
                context,
                partial,
                comparison,
            }
        }
    }

    impl Serialize for CompareReport<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("context", self.context)?;
            map.serialize_entry("partial", self.partial)?;
            self.comparison.entries(&mut map, ResolveError::code)?;
            map.end()
        }
    }

    /// Pairs written as a map.
    struct Pairs<'p, K, V>(&'p [(K, V)]);

    impl<K: Serialize, V: Serialize> Serialize for Pairs<'_, K, V> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
        }
    }

    /// `{"summary": "compare", "links", "pages", "links_differ", "pages_differ", "pairs":
    /// {"cern/whatwg": {"links", "pages", "classes": {"fragment": {"links", "pages"}}}}}`
    /// (the classes seen, in the order of [`DifferenceClass::ALL`]).
    impl Serialize for ComparisonSummary {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("summary", "compare")?;
            map.serialize_entry("links", &self.links)?;
            map.serialize_entry("pages", &self.pages)?;
            map.serialize_entry("links_differ", &self.links_differ)?;
            map.serialize_entry("pages_differ", &self.pages_differ)?;
            let pairs: Vec<(String, &PairSummary)> =
                self.pairs.iter().map(|pair| (pair.name(), pair)).collect();
            map.serialize_entry("pairs", &Pairs(&pairs))?;
            map.end()
        }
    }

    impl Serialize for PairSummary {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            struct Counts(u64, u64);
            impl Serialize for Counts {
                fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                    let mut map = serializer.serialize_map(Some(2))?;
                    map.serialize_entry("links", &self.0)?;
                    map.serialize_entry("pages", &self.1)?;
                    map.end()
                }
            }
            let classes: Vec<(&str, Counts)> = self
                .classes()
                .map(|(class, links, pages)| (class.name(), Counts(links, pages)))
                .collect();
            let mut map = serializer.serialize_map(Some(3))?;
            map.serialize_entry("links", &self.links)?;
            map.serialize_entry("pages", &self.pages)?;
            map.serialize_entry("classes", &Pairs(&classes))?;
            map.end()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(link: &str, a: &str, b: &str) -> Vec<&'static str> {
        classify(link, Some(a), Some(b)).names().collect()
    }

    #[test]
    fn dot_segments_are_removed_as_rfc_3986_removes_them() {
        let removed = |path: &str| String::from_utf8(remove_dot_segments(path.as_bytes())).unwrap();
        assert_eq!(removed("/a/b/c/./../../g"), "/a/g");
        assert_eq!(removed("mid/content=5/../6"), "mid/6");
        assert_eq!(removed("/../g"), "/g");
        assert_eq!(removed("/a/.."), "/");
        assert_eq!(removed("/a/."), "/a/");
        assert_eq!(removed("../.."), "");
        assert_eq!(removed("//a/../b"), "//b");
        assert_eq!(removed(""), "");
    }

    #[test]
    fn each_class_by_itself() {
        assert_eq!(classes("g", "http://h./a", "http://h/a"), ["trailing-dot"]);
        assert_eq!(
            classes("g", "http://h:80/a", "http://h/a"),
            ["default-port"]
        );
        assert_eq!(
            classes("g", "gopher://h:70/1", "gopher://h/1"),
            ["default-port"]
        );
        assert_eq!(classes("g", "http://h:/a", "http://h/a"), ["default-port"]);
        assert_eq!(classes("g", "http://h:8080/a", "http://h/a"), ["other"]);
        assert_eq!(
            classes("g", "http://h/a/../b", "http://h/b"),
            ["dot-segments"]
        );
        assert_eq!(classes("..", "http://h/a", "http://h/a/"), ["dot-segments"]);
        assert_eq!(classes("g", "http://h/a", "http://h/a/"), ["other"]);
        assert_eq!(classes("g", "http://h/w?", "http://h/w"), ["empty-query"]);
        assert_eq!(classes("g", "http://h/w#f", "http://h/w"), ["fragment"]);
        assert_eq!(classes(" g", " http://h/g", "http://h/g"), ["whitespace"]);
        assert_eq!(
            classes("a\\b", "http://h/a\\b", "http://h/a/b"),
            ["backslash"]
        );
        assert_eq!(classes("//g", "http://g", "http://g/"), ["scheme-relative"]);
        assert_eq!(
            classes("///g", "http:///g", "http://g/"),
            ["scheme-relative"]
        );
        assert_eq!(classes("http://g", "http://g", "http://g/"), ["empty-path"]);
        assert_eq!(classes("g", "HTTP://H/g", "http://h/g"), ["case"]);
        assert_eq!(classes("g", "http://h/G", "http://h/g"), ["other"]);
        assert_eq!(classes("g", "http://h/%7e", "http://h/~"), ["escaping"]);
        assert_eq!(
            classes("g", "file://localhost/etc/motd", "file:///etc/motd"),
            ["localhost"]
        );
        assert_eq!(classes("g", "http://localhost/a", "http:///a"), ["other"]);
        assert_eq!(
            classes("g", "http://h.:8001/a", "http://h/a"),
            ["trailing-dot"]
        );
        assert_eq!(classes("g", "http://h:8001/a", "http://h/a"), ["other"]);
        assert_eq!(
            classes("g?y/../x", "http://a/b/c/x", "http://a/b/c/g?y/../x"),
            ["dot-segments"]
        );
        assert_eq!(
            classes("g?y/./x", "http://a/b/c/g?y/x", "http://a/b/c/g?y/./x"),
            ["dot-segments"]
        );
        assert_eq!(
            classes("g", "http://h/caf\u{e9}", "http://h/caf%C3%A9"),
            ["escaping"]
        );
    }

    #[test]
    fn several_classes_together_and_no_more() {
        assert_eq!(
            classes(
                "g",
                "http://info.cern.ch.:80/a/../b",
                "http://info.cern.ch/b"
            ),
            ["trailing-dot", "default-port", "dot-segments"]
        );
        assert_eq!(
            classes("g", "http://h/a b#x", "http://h/a%20b"),
            ["whitespace", "fragment"]
        );
        // A difference that a class explains only in part is "other".
        assert_eq!(classes("g", "http://h:80/a", "http://g/a"), ["other"]);
    }

    /// The classes given explain the difference, and no part of them does (for random
    /// results and one edit of them).
    #[test]
    fn the_classes_explain_the_difference_and_no_fewer_do() {
        use rfc1738_test_support::random::Random;
        const PIECES: &[&str] = &[
            "http:",
            "file:",
            "//",
            "/",
            "\\",
            ".",
            "..",
            "?",
            "#",
            ":80",
            ":8001",
            "@",
            "%20",
            "%7E",
            "~",
            " ",
            "localhost",
            "H",
            "h",
            "h.",
            "a",
        ];
        let mut random = Random(1738_0049);
        let text = |random: &mut Random| -> String {
            (0..random.below(10))
                .map(|_| PIECES[random.below(PIECES.len())])
                .collect()
        };
        let mut several = 0;
        for _ in 0..20_000 {
            let (link, a) = (text(&mut random), text(&mut random));
            let mut b = a.clone();
            for _ in 0..1 + random.below(3) {
                let at = random.below(b.len() + 1);
                if b.is_char_boundary(at) {
                    b.insert_str(at, PIECES[random.below(PIECES.len())]);
                }
            }
            let set = classify(&link, Some(&a), Some(&b));
            if set.is_empty() || set.contains(DifferenceClass::Other) {
                continue;
            }
            let context = Link::read(link.as_bytes());
            let normalized = |url: &str, set: DifferenceClasses| {
                set.iter().fold(url.as_bytes().to_vec(), |url, class| {
                    normalize(&url, class, &context)
                })
            };
            let explains = |set| normalized(&a, set) == normalized(&b, set);
            let alone = set
                .iter()
                .all(|class| explains(DifferenceClasses::NONE.with(class)));
            assert!(
                alone || explains(set),
                "{set:?} do not explain {a:?} against {b:?}"
            );
            if !alone {
                several += 1;
                for class in set.iter() {
                    assert!(
                        !explains(set.without(class)),
                        "{set:?} without {class} explain {a:?} against {b:?}"
                    );
                }
            }
        }
        assert!(
            several > 100,
            "only {several} differences of several classes"
        );
    }

    #[test]
    fn a_summary_counts_pages_once_per_pair_and_class() {
        let modes = [
            ResolveMode::Cern,
            ResolveMode::Rfc1808,
            ResolveMode::Rfc1630,
        ];
        let mut summary = ComparisonSummary::new(&modes);
        for link in ["..", ".", "x"] {
            summary.count(&compare("http://h/a/b/c", link, &modes));
        }
        summary.end_page();
        summary.end_page();
        assert_eq!(summary.pairs().len(), 3);
        let pair = &summary.pairs()[0];
        assert_eq!(pair.name(), "cern/rfc1808");
        assert_eq!((pair.links(), pair.pages()), (2, 1));
        assert_eq!(pair.class(DifferenceClass::DotSegments), (2, 1));
        assert_eq!(summary.pages_differ(), 1);
        assert_eq!(summary.pages(), 2);
    }
}
