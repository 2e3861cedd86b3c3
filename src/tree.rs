//! The parse tree both parsers produce: one token per non-silent rule matched, in pre-order,
//! as pest records its pairs. The lowering reads this tree, so the fast path and the pest
//! parser share one lowering and can be compared token for token.

use crate::grammar::Rule;
use crate::span::Span;

/// A rule matched at `start..end`; `next` is the index just past its subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tok {
    pub(crate) rule: Rule,
    pub(crate) start: u32,
    pub(crate) end: u32,
    pub(crate) next: u32,
}

/// A node of the tree: a token with the text it was matched in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'t, 'a> {
    toks: &'t [Tok],
    text: &'a str,
    index: usize,
}

impl<'t, 'a> Node<'t, 'a> {
    /// The root: the first token of a non-empty tree.
    pub(crate) fn root(toks: &'t [Tok], text: &'a str) -> Node<'t, 'a> {
        debug_assert!(!toks.is_empty(), "a successful parse has a root");
        Node {
            toks,
            text,
            index: 0,
        }
    }

    pub(crate) fn as_rule(&self) -> Rule {
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
    pub(crate) fn into_inner(self) -> Children<'t, 'a> {
        Children {
            toks: self.toks,
            text: self.text,
            index: self.index + 1,
            end: self.toks[self.index].next as usize,
        }
    }
}

/// The children of a node.
pub(crate) struct Children<'t, 'a> {
    toks: &'t [Tok],
    text: &'a str,
    index: usize,
    end: usize,
}

impl<'t, 'a> Iterator for Children<'t, 'a> {
    type Item = Node<'t, 'a>;

    fn next(&mut self) -> Option<Node<'t, 'a>> {
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

/// The tree of a pest parse, from pest's token stream.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn from_pest(pairs: pest::iterators::Pairs<'_, Rule>) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut open = Vec::new();
    for token in pairs.tokens() {
        match token {
            pest::Token::Start { rule, pos } => {
                open.push(toks.len());
                toks.push(Tok {
                    rule,
                    start: pos.pos() as u32,
                    end: pos.pos() as u32,
                    next: 0,
                });
            }
            pest::Token::End { pos, .. } => {
                let index = open.pop().expect("pest tokens are balanced");
                toks[index].end = pos.pos() as u32;
                toks[index].next = toks.len() as u32;
            }
        }
    }
    toks
}
