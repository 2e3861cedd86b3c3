//! How the lowering reads a run of a compiled grammar: a [`Node`] reads its frame (see
//! `crate::syntax::slot`) by the names of its children, which the grammars share
//! (`hostport`, `port`) or differ in (`hpath`, `path`); a name a grammar does not put there
//! is absent, and each lookup, made with names known at compile time, folds into a slot
//! known at build time.

use crate::syntax::compiled::{Grammar, Name};
use crate::vocabulary::span::{OptSpan, Span};
use std::marker::PhantomData;

/// A node of a run: a rule that matched, where, and its frame in the run's slots.
///
/// Spans are given from `shift` (the start of the URL inside a reference), text from the
/// whole input.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'c, 'a, R: Grammar> {
    slots: &'c R::Slots,
    input: &'a str,
    name: Name,
    start: u32,
    end: u32,
    shift: u32,
    frame: usize,
    grammar: PhantomData<R>,
}

impl<'c, 'a, R: Grammar> Node<'c, 'a, R> {
    /// The root of a run of `rule` over `input` that matched up to `end`, its frame at the
    /// start of `slots`.
    pub(crate) fn root(slots: &'c R::Slots, input: &'a str, rule: R, end: usize) -> Self {
        Node {
            slots,
            input,
            name: rule.name(),
            start: 0,
            end: end as u32,
            shift: 0,
            frame: 0,
            grammar: PhantomData,
        }
    }

    /// The rule's name.
    #[inline(always)]
    pub(crate) fn name(&self) -> Name {
        self.name
    }

    /// The child `name`, if it matched (its first match, when the grammar reads several:
    /// see [`Node::nth`]).
    #[inline(always)]
    pub(crate) fn child(&self, name: Name) -> Option<Self> {
        self.nth(name, 0)
    }

    /// The `nth` match of the child `name` (from 0), if it matched. Of a child that the
    /// grammar may match any number of times (inside a repetition), the last match.
    #[inline(always)]
    pub(crate) fn nth(&self, name: Name, nth: usize) -> Option<Self> {
        let (slot, frame) = R::slot(self.name, name, nth)?;
        let span = self.slots.as_ref()[self.frame + slot].span()?;
        Some(Node {
            name,
            start: span.start,
            end: span.end,
            frame: self.frame + frame,
            ..*self
        })
    }

    /// Where the child `name` matched (its first match), from the shift: [`Node::child`]
    /// for a child that is only read for its span.
    #[inline(always)]
    pub(crate) fn span_of(&self, name: Name) -> Option<Span> {
        let (slot, _) = R::slot(self.name, name, 0)?;
        let span = self.slots.as_ref()[self.frame + slot].span()?;
        Some(Span {
            start: span.start - self.shift,
            end: span.end - self.shift,
        })
    }

    /// [`Node::span_of`] as the AST keeps an optional component: none when the child did
    /// not match (or the grammar puts no such child there).
    #[inline(always)]
    pub(crate) fn opt_span_of(&self, name: Name) -> OptSpan {
        match R::slot(self.name, name, 0) {
            Some((slot, _)) => self.slots.as_ref()[self.frame + slot].opt_span(self.shift),
            None => OptSpan::NONE,
        }
    }

    /// The same node, its spans (and its descendants') given from its own start: the URL
    /// of a reference read as a URL alone.
    pub(crate) fn detached(self) -> Self {
        Node {
            shift: self.start,
            ..self
        }
    }

    /// Where the node matched, from the shift.
    #[inline(always)]
    pub(crate) fn span(&self) -> Span {
        Span {
            start: self.start - self.shift,
            end: self.end - self.shift,
        }
    }

    /// The text the node matched.
    #[inline(always)]
    pub(crate) fn as_str(&self) -> &'a str {
        &self.input[self.start as usize..self.end as usize]
    }
}
