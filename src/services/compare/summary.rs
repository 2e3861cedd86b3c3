//! The counts of many comparisons, by pair of modes and class, over links and pages.

use super::classes::{DifferenceClass, DifferenceClasses};
use super::comparison::{Comparison, pair_name};
use crate::services::resolve::ResolveMode;

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
            for class in difference.classes().iter() {
                pair.classes[class as usize].0 += 1;
            }
            let page = pair.page.get_or_insert(DifferenceClasses::NONE);
            *page = page.union(difference.classes());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::compare::compare;

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
