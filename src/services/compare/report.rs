//! The JSON of comparisons (feature `serde`): a comparison's entries in a report,
//! [`CompareReport`] (`rfc1738 resolve --compare --json`), the summary.

use super::classes::{DifferenceClass, DifferenceClasses};
use super::comparison::Comparison;
use super::summary::{ComparisonSummary, PairSummary};
use crate::services::resolve::{ResolveError, ResolveMode};
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
        map.serialize_entry("compare", &Results(self.results()))?;
        let errors: Vec<(&str, &str)> = self
            .results()
            .iter()
            .filter_map(|(mode, result)| Some((mode.name(), code(result.as_ref().err()?))))
            .collect();
        if !errors.is_empty() {
            map.serialize_entry("compare_errors", &Pairs(&errors))?;
        }
        map.serialize_entry("differ", &self.differ())?;
        map.serialize_entry("classes", &self.classes())?;
        let differences: Vec<(String, DifferenceClasses)> = self
            .differences()
            .iter()
            .map(|difference| (difference.name(), difference.classes()))
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
    pub fn of(context: &'r str, partial: &'r str, comparison: &'r Comparison) -> CompareReport<'r> {
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
        map.serialize_entry("links", &self.links())?;
        map.serialize_entry("pages", &self.pages())?;
        map.serialize_entry("links_differ", &self.links_differ())?;
        map.serialize_entry("pages_differ", &self.pages_differ())?;
        let pairs: Vec<(String, &PairSummary)> = self
            .pairs()
            .iter()
            .map(|pair| (pair.name(), pair))
            .collect();
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
        map.serialize_entry("links", &self.links())?;
        map.serialize_entry("pages", &self.pages())?;
        map.serialize_entry("classes", &Pairs(&classes))?;
        map.end()
    }
}
