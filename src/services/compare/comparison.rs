//! One link resolved by several modes: each mode's result and the differences of every
//! pair of them.

use super::classes::DifferenceClasses;
use super::classify::classify;
use crate::services::resolve::{ResolveError, ResolveMode, resolve};

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
                all.union(difference.classes())
            })
    }
}

/// `link` resolved against `base` by each of `modes` ([`resolve`], the same call for every
/// mode), and the classes of each difference of their results
/// ([`DifferenceClass`](crate::resolution::DifferenceClass) says how they are decided).
/// Compare two modes or more: with fewer, nothing differs.
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
