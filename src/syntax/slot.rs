//! What a run of a compiled grammar records.
//!
//! A run makes no list of nodes. Each rule that makes a node (a non-silent rule) has a
//! frame, a fixed stretch of the run's slots laid out at build time
//! (`crates/grammar-compiler/src/frames.rs`): one [`Slot`] per child it can match, then the frames
//! of those children. When a child matches, its span is written to its slot and its own
//! children to its frame, so that after a run every slot a reading reaches from the root
//! (`crate::syntax::node`) holds what pest's tree holds at that place, or nothing.

use crate::vocabulary::span::{OptSpan, Span};

/// Where a node matched (byte offsets into the input), or nothing.
///
/// The start is kept inverted (`!start`), so that nothing is all zero bits: no match has
/// its start past its end (`u32::MAX` and 0), and slots that hold nothing are made by
/// zeroing memory, which costs a run less than copying a pattern in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    inverted_start: u32,
    end: u32,
}

impl Slot {
    /// No match.
    pub(crate) const NONE: Slot = Slot {
        inverted_start: 0,
        end: 0,
    };

    /// A match of `start..end`.
    #[inline(always)]
    pub fn new(start: usize, end: usize) -> Slot {
        Slot {
            inverted_start: !(start as u32),
            end: end as u32,
        }
    }

    /// The span matched, counted from `shift`, or none: with no shift, as it is kept
    /// (a slot that holds nothing reads as a start past the end), without a branch.
    #[inline(always)]
    pub(crate) fn opt_span(self, shift: u32) -> OptSpan {
        let start = !self.inverted_start;
        if shift == 0 {
            return OptSpan::from_bounds(start, self.end);
        }
        match start <= self.end {
            true => OptSpan::from_bounds(start - shift, self.end - shift),
            false => OptSpan::NONE,
        }
    }

    /// The span matched, if any.
    #[inline(always)]
    pub fn span(self) -> Option<Span> {
        let start = !self.inverted_start;
        (start <= self.end).then_some(Span {
            start,
            end: self.end,
        })
    }
}

/// Which match of a child a slot holds (as the frames the judge walks say).
#[cfg(any(test, feature = "judge"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The match with this many matches of the same child before it (`hostnumber`'s
    /// four `digits`).
    Nth(usize),
    /// The last match (a child inside a repetition, `fieldspec`).
    Last,
    /// A match inside a lookahead, which is never kept.
    Lookahead,
}
