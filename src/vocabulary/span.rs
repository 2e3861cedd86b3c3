//! Byte ranges into a URL's text: the AST stores these instead of copies.

/// A byte range `start..end` of a URL's text. Offsets are `u32` to keep the typed URL
/// small; `parse` refuses inputs of 4 GiB or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub(crate) start: u32,
    pub(crate) end: u32,
}

impl Span {
    /// The text of this range.
    pub(crate) fn of_text(self, text: &str) -> &str {
        &text[self.start as usize..self.end as usize]
    }
}

impl Span {
    /// The text of this range as an escaped component.
    pub(crate) fn escaped(self, text: &str) -> crate::vocabulary::escape::Escaped<'_> {
        crate::vocabulary::escape::Escaped::new(self.of_text(text))
    }

    /// The text from the start of this range to the end of the URL.
    pub(crate) fn rest_of(self, text: &str) -> &str {
        &text[self.start as usize..]
    }
}

/// A span or none, in eight bytes and no tag: none is a start past the end (`u32::MAX`
/// and 0), which no span has. The AST keeps each optional component in this form: an
/// `Option<Span>` takes twelve bytes, and moving one (into a struct, out of a `?`) was
/// done as a read of eight of them across the two writes that made it, a stall of the
/// processor on every optional component of every URL.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct OptSpan {
    start: u32,
    end: u32,
}

impl OptSpan {
    /// No span.
    pub(crate) const NONE: OptSpan = OptSpan {
        start: u32::MAX,
        end: 0,
    };

    /// The span, if there is one.
    #[inline(always)]
    pub(crate) fn get(self) -> Option<Span> {
        (self.start <= self.end).then_some(Span {
            start: self.start,
            end: self.end,
        })
    }

    /// `start..end` as it stands: none when `start` is past `end`.
    #[inline(always)]
    pub(crate) fn from_bounds(start: u32, end: u32) -> OptSpan {
        OptSpan { start, end }
    }

    /// `f` of the span, if there is one, else `default`.
    #[inline(always)]
    pub(crate) fn map_or<T>(self, default: T, f: impl FnOnce(Span) -> T) -> T {
        self.get().map_or(default, f)
    }

    /// `f` of the span, if there is one.
    #[inline(always)]
    pub(crate) fn map<T>(self, f: impl FnOnce(Span) -> T) -> Option<T> {
        self.get().map(f)
    }

    /// Whether there is no span, or `f` of it holds.
    #[inline(always)]
    pub(crate) fn is_none_or(self, f: impl FnOnce(Span) -> bool) -> bool {
        self.get().is_none_or(f)
    }

    /// Whether there is a span.
    #[inline(always)]
    pub(crate) fn is_some(self) -> bool {
        self.start <= self.end
    }
}

impl From<Option<Span>> for OptSpan {
    #[inline(always)]
    fn from(span: Option<Span>) -> OptSpan {
        match span {
            Some(span) => OptSpan {
                start: span.start,
                end: span.end,
            },
            None => OptSpan::NONE,
        }
    }
}

impl From<Span> for OptSpan {
    #[inline(always)]
    fn from(span: Span) -> OptSpan {
        OptSpan {
            start: span.start,
            end: span.end,
        }
    }
}

impl std::fmt::Debug for OptSpan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// Ordered as `Option<Span>`: none first.
impl PartialOrd for OptSpan {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OptSpan {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.get().cmp(&other.get())
    }
}
