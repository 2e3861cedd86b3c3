//! Byte ranges into a URL's text: the AST stores these instead of copies.

/// A byte range `start..end` of a URL's text. Offsets are `u32` to keep the typed URL
/// small; `parse` refuses inputs of 4 GiB or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Span {
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
