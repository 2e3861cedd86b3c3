//! Byte ranges into a URL's text: the AST stores these instead of copies.

/// A byte range `start..end` of a URL's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Span {
    /// The text of this range.
    pub(crate) fn of_text(self, text: &str) -> &str {
        &text[self.start..self.end]
    }
}

impl Span {
    /// The text of this range as an escaped component.
    pub(crate) fn escaped(self, text: &str) -> crate::Escaped<'_> {
        crate::Escaped::new(self.of_text(text))
    }

    /// The text from the start of this range to the end of the URL.
    pub(crate) fn rest_of(self, text: &str) -> &str {
        &text[self.start..]
    }
}
