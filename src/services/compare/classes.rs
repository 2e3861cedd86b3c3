//! The classes of a difference between two modes' results, and sets of them.

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
/// | `refused` | one mode gives a result, the other none | a mode's error ([`ResolveError`](crate::resolution::ResolveError)) |
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

    /// The classes that are a normalization of one aspect: all but the last two of
    /// [`ALL`](DifferenceClass::ALL), `refused` and `other`.
    pub(super) const ASPECTS: &'static [DifferenceClass] = (&DifferenceClass::ALL
        as &[DifferenceClass])
        .split_at(DifferenceClass::ALL.len() - 2)
        .0;

    /// The class's name, as the JSON reports and the command write it: `whitespace`,
    /// `backslash`, `escaping`, `case`, `localhost`, `scheme-relative`, `empty-path`,
    /// `trailing-dot`, `default-port`, `dot-segments`, `empty-query`, `fragment`, `refused`,
    /// `other`.
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
