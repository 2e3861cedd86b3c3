//! The parse tree both parsers produce: one token per non-silent rule matched, in pre-order,
//! as pest records its pairs. The lowering reads this tree, so the fast path and the pest
//! parser share one lowering and can be compared token for token.

use crate::vocabulary::span::Span;

/// A rule matched at `start..end`; `next` is the index just past its subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tok<R> {
    pub(crate) rule: R,
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) next: u32,
}

/// A node of the tree: a token with the text it was matched in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'t, 'a, R> {
    toks: &'t [Tok<R>],
    text: &'a str,
    index: usize,
}

impl<'t, 'a, R: Copy> Node<'t, 'a, R> {
    /// The root: the first token of a non-empty tree.
    pub(crate) fn root(toks: &'t [Tok<R>], text: &'a str) -> Node<'t, 'a, R> {
        debug_assert!(!toks.is_empty(), "a successful parse has a root");
        Node {
            toks,
            text,
            index: 0,
        }
    }

    /// The node's token's place in the tree (pre-order).
    pub(crate) fn index(&self) -> usize {
        self.index
    }

    pub(crate) fn as_rule(&self) -> R {
        self.toks[self.index].rule
    }

    pub(crate) fn span(&self) -> Span {
        let tok = self.toks[self.index];
        Span {
            start: tok.start,
            end: tok.end,
        }
    }

    pub(crate) fn start(&self) -> usize {
        self.toks[self.index].start as usize
    }

    pub(crate) fn as_str(&self) -> &'a str {
        let tok = self.toks[self.index];
        &self.text[tok.start as usize..tok.end as usize]
    }

    /// The children, in order.
    pub(crate) fn into_inner(self) -> Children<'t, 'a, R> {
        Children {
            toks: self.toks,
            text: self.text,
            index: self.index + 1,
            end: self.toks[self.index].next as usize,
        }
    }
}

/// The children of a node.
pub(crate) struct Children<'t, 'a, R> {
    toks: &'t [Tok<R>],
    text: &'a str,
    index: usize,
    end: usize,
}

impl<'t, 'a, R: Copy> Iterator for Children<'t, 'a, R> {
    type Item = Node<'t, 'a, R>;

    fn next(&mut self) -> Option<Node<'t, 'a, R>> {
        (self.index < self.end).then(|| {
            let node = Node {
                toks: self.toks,
                text: self.text,
                index: self.index,
            };
            self.index = self.toks[self.index].next as usize;
            node
        })
    }
}

/// The subtree rooted at the token `at` (in pre-order), detached: its offsets made
/// relative to its own start and its `next` links to its own slice, so that it reads as
/// the tree of the text it spans (the URL inside a reference). Returns the subtree and
/// the byte range of that text in the input.
pub(crate) fn detach<R>(toks: &mut [Tok<R>], at: usize) -> (&mut [Tok<R>], std::ops::Range<usize>) {
    let next = toks[at].next as usize;
    let subtree = &mut toks[at..next];
    let (start, end) = (subtree[0].start, subtree[0].end);
    let shift = u32::try_from(at).expect("a token index fits in u32");
    for tok in subtree.iter_mut() {
        tok.start -= start;
        tok.end -= start;
        tok.next -= shift;
    }
    (subtree, start as usize..end as usize)
}
