//! The compiled grammars: `grammar/rfc1738.pest`, `grammar/rfc1630.pest` and
//! `grammar/draft-www-uri-00.pest`, each compiled by `build.rs` into plain Rust over bytes
//! (see `crates/grammar-compiler/`): one description per grammar ([`rfc1738`], [`rfc1630`],
//! [`draft_www_uri_00`]), its own `Rule` enum and its [`Grammar`] implementation, which is
//! all the rest of the library knows of a grammar. Each follows the same optimized
//! expressions as its pest parser and records what pest's tree holds, each node's span in
//! a slot of its parent's frame (`crate::syntax::slot`; the differential test checks
//! all three). The runtime here serves the three.
//!
//! It runs in two modes: [`run`] records the slots; [`trace_rule`] records, like pest's
//! error detail, what was expected at the furthest position reached, which the diagnosis
//! turns into the error. Both are the same generated code, specialised for a [`Tracer`]
//! that does nothing or records.

use crate::syntax::kept::{Keep, KeptList, Literal};
use crate::syntax::slot::Slot;
#[cfg(any(test, feature = "judge"))]
use crate::syntax::slot::Which;
use crate::vocabulary::dialect::Dialect;
use std::fmt::Debug;
use std::hash::Hash;

/// A compiled grammar, as its generated `Rule` enum implements it (build.rs): the seam
/// between the generated matcher and everything after it (the frames, the lowering, the
/// diagnosis).
pub trait Grammar: Copy + Eq + Ord + Hash + Debug + Keep + 'static {
    /// The dialect whose grammar it is.
    const DIALECT: Dialect;
    /// pest's `EOI`, which is recorded as a token.
    const EOI: Self;
    /// The entry rule of a URL alone (`whole_url`, `whole_uri`) and of a URL reference
    /// (`urlreference`, `whole_uri`).
    const URL: Self;
    /// The entry rule of a URL reference.
    const REFERENCE: Self;
    /// Every rule, `EOI` first, in the enum's order.
    const ALL: &'static [Self];
    /// The slots of a run: room for the largest frame.
    type Slots: Copy + AsRef<[Slot]> + AsMut<[Slot]> + Debug;
    /// Slots that hold nothing.
    const EMPTY: Self::Slots;

    /// The rule's place in its enum, for tables indexed by rule.
    fn index(self) -> usize;
    /// The rule's name as the grammar's document writes it (`ip-schemepart`, `end of URL`).
    fn rfc_name(self) -> &'static str;
    /// The rule's name, as the lowering reads it whatever the grammar.
    fn name(self) -> Name;
    /// The rule's frame: the child of each slot, which of its matches it holds, and where
    /// the child's frame begins from the start of this one (what the judge walks; the
    /// lowering reads slots by name, [`Grammar::slot`]).
    #[cfg(any(test, feature = "judge"))]
    fn frame(self) -> &'static [(Self, Which, usize)];
    /// A literal of more than one byte of the grammar as the diagnosis names it: in lower
    /// case, and that quoted (`";type="`); `None` for a literal the grammar does not hold.
    fn literal_name(literal: &[u8]) -> Option<(&'static str, &'static str)>;
    /// The rules this rule refers to, directly or through others, bit `i` for the rule
    /// numbered `i` (generated from the grammar file): the classes a production can use
    /// are those it reaches.
    fn reaches(self) -> u128;
    /// The slot of the `nth` match of `child` in a frame of `parent`, and where its frame
    /// begins, from the start of the parent's; `None` where the grammar puts no such child.
    /// (Called with names known at compile time, it folds into a constant.)
    fn slot(parent: Name, child: Name, nth: usize) -> Option<(usize, usize)>;
    /// Runs the rule at `p`, by a match over every rule.
    fn run<T: Tracer<Self>>(self, st: &mut State<'_, T, Self>, p: usize) -> Option<usize>;
    /// Runs [`Grammar::URL`] at `p`, called by name (see [`run`] for why).
    fn run_url<T: Tracer<Self>>(st: &mut State<'_, T, Self>, p: usize) -> Option<usize>;
    /// Runs [`Grammar::REFERENCE`] at `p`, called by name.
    fn run_reference<T: Tracer<Self>>(st: &mut State<'_, T, Self>, p: usize) -> Option<usize>;
}

/// A set of bytes as a table, with its ASCII members also as a bit mask (bit `b` for byte
/// `b`) for the diagnosis.
#[derive(Debug)]
pub struct ByteSet {
    bytes: [bool; 256],
    pub(crate) ascii: u128,
}

/// What the generated rule functions read and write.
pub struct State<'s, T, R: Grammar> {
    bytes: &'s [u8],
    slots: &'s mut R::Slots,
    tracer: &'s mut T,
    /// Whether the run is inside a negative lookahead (`!`), where nothing is expected, as
    /// in pest: it records what fails inside a positive one (`&`), and a negative lookahead
    /// inside a negative one counts as positive.
    negative: bool,
}

/// Receives the failed attempts of a parse.
pub trait Tracer<R> {
    /// Whether anything is recorded (the fast path compiles the recording away).
    const ON: bool;
    /// A byte of `set` was expected at `p`.
    fn expected_set(&mut self, p: usize, set: &'static ByteSet);
    /// `literal` was expected at `p`.
    fn expected_literal(&mut self, p: usize, literal: &'static [u8], ignoring_case: bool);
    /// A mark taken before a non-silent rule runs, for [`Tracer::rule_failed`].
    fn rule_started(&mut self) -> (usize, usize);
    /// The non-silent `rule`, tried at `p`, failed; `mark` was taken when it started.
    fn rule_failed(&mut self, p: usize, rule: R, mark: (usize, usize));
}

/// The fast path's tracer: records nothing.
pub(crate) struct NoTrace;

/// Records nothing, as [`NoTrace`], for the runs of a rule that is not an entry rule (the
/// diagnosis's checks, the judge): a type of its own, so that those runs use their own copy
/// of the rule functions (see [`run`]).
pub(crate) struct Aside;

/// The tracers that record nothing.
macro_rules! silent_tracers {
    ($($tracer:ty),*) => {$(
        impl<R> Tracer<R> for $tracer {
            const ON: bool = false;
            fn expected_set(&mut self, _: usize, _: &'static ByteSet) {}
            fn expected_literal(&mut self, _: usize, _: &'static [u8], _: bool) {}
            fn rule_started(&mut self) -> (usize, usize) {
                (0, 0)
            }
            fn rule_failed(&mut self, _: usize, _: R, _: (usize, usize)) {}
        }
    )*};
}

silent_tracers!(NoTrace, Aside);

/// What was expected at the furthest position a parse reached.
///
/// The ASCII characters expected there, [`Trace::chars`], are kept as two 64-bit halves in
/// fields that are not next to each other (`repr(C)` keeps the order): or'ed on every
/// failed byte, a `u128`, or two adjacent halves, were written now as one 128-bit store and
/// now as two 64-bit ones and read back whole, a store-forwarding stall on every byte that
/// made a long diagnosis a third to twice as slow.
#[derive(Debug)]
#[repr(C)]
pub(crate) struct Trace<R: Keep> {
    /// Bits 0-63 of the characters expected.
    chars_low: u64,
    pub(crate) furthest: usize,
    /// The other literals expected there (more than one byte, or not ASCII), with whether
    /// case is ignored.
    pub(crate) literals: KeptList<Literal>,
    pub(crate) rules: KeptList<R>,
    /// Bits 64-127 of the characters expected.
    chars_high: u64,
}

crate::syntax::kept::kept!(
    rfc1738::Rule,
    rfc1630::Rule,
    draft_www_uri_00::Rule,
    rfc2396::Rule
);

impl<R: Keep> Trace<R> {
    /// Nothing recorded yet, from `furthest` on.
    fn starting_at(furthest: usize) -> Trace<R> {
        Trace {
            furthest,
            chars_low: 0,
            chars_high: 0,
            literals: KeptList::taken(),
            rules: KeptList::taken(),
        }
    }

    /// The ASCII characters expected at the furthest position (bit `c` for character `c`):
    /// the union of the character classes tried and of the one-byte literals (with its
    /// upper case where case is ignored: the grammars write such literals in lower case).
    pub(crate) fn chars(&self) -> u128 {
        u128::from(self.chars_low) | u128::from(self.chars_high) << 64
    }

    /// Adds the ASCII character `byte` to the characters expected.
    fn add_char(&mut self, byte: u8) {
        if byte < 64 {
            self.chars_low |= 1 << byte;
        } else {
            self.chars_high |= 1 << (byte % 64);
        }
    }

    /// Whether an attempt at `p` is at the furthest position (forgetting nearer ones; the
    /// records keep their capacity, as the furthest position moves on byte by byte).
    fn at(&mut self, p: usize) -> bool {
        if p > self.furthest {
            self.furthest = p;
            self.chars_low = 0;
            self.chars_high = 0;
            self.literals.clear();
            self.rules.clear();
        }
        p == self.furthest
    }
}

impl<R: Grammar> Tracer<R> for Trace<R> {
    const ON: bool = true;

    fn expected_set(&mut self, p: usize, set: &'static ByteSet) {
        if self.at(p) {
            self.chars_low |= set.ascii as u64;
            self.chars_high |= (set.ascii >> 64) as u64;
        }
    }

    fn expected_literal(&mut self, p: usize, literal: &'static [u8], ignoring_case: bool) {
        if !self.at(p) {
            return;
        }
        match literal {
            [byte] if byte.is_ascii() => {
                self.add_char(*byte);
                if ignoring_case {
                    self.add_char(byte.to_ascii_uppercase());
                }
            }
            _ if !self.literals.contains(&(literal, ignoring_case)) => {
                self.literals.push((literal, ignoring_case));
            }
            _ => {}
        }
    }

    fn rule_started(&mut self) -> (usize, usize) {
        (self.furthest, self.rules.len())
    }

    /// As pest does: a failed rule replaces the failures its descendants recorded at the
    /// same position, unless there was exactly one (which is more specific).
    fn rule_failed(&mut self, p: usize, rule: R, (furthest, len): (usize, usize)) {
        if !self.at(p) {
            return;
        }
        let since = if furthest == p {
            len.min(self.rules.len())
        } else {
            0
        };
        match self.rules.len() - since {
            1 => {}
            _ => {
                self.rules.truncate(since);
                self.rules.push(rule);
            }
        }
    }
}

impl<'s, T: Tracer<R>, R: Grammar> State<'s, T, R> {
    /// A run over `bytes` from its start, recording into `slots` and `tracer`.
    fn new(bytes: &'s [u8], slots: &'s mut R::Slots, tracer: &'s mut T) -> Self {
        State {
            bytes,
            slots,
            tracer,
            negative: false,
        }
    }

    /// One byte of `set`.
    #[inline(always)]
    fn byte_in(&mut self, set: &'static ByteSet, p: usize) -> Option<usize> {
        match self.bytes.get(p) {
            Some(&byte) if set.bytes[byte as usize] => Some(p + 1),
            _ => {
                if T::ON && !self.negative {
                    self.tracer.expected_set(p, set);
                }
                None
            }
        }
    }

    /// Whether the byte at `p` is in `set` (a guard: records nothing).
    #[inline(always)]
    fn starts_in(&self, set: &'static ByteSet, p: usize) -> bool {
        self.bytes
            .get(p)
            .is_some_and(|&byte| set.bytes[byte as usize])
    }

    /// As many bytes of `set` as follow (`set*`).
    #[inline(always)]
    fn skip_bytes(&mut self, set: &'static ByteSet, mut p: usize) -> usize {
        while let Some(&byte) = self.bytes.get(p) {
            if !set.bytes[byte as usize] {
                break;
            }
            p += 1;
        }
        if T::ON && !self.negative {
            self.tracer.expected_set(p, set);
        }
        p
    }

    #[inline(always)]
    fn literal(&mut self, p: usize, literal: &'static [u8]) -> Option<usize> {
        let matched = self
            .bytes
            .get(p..)
            .is_some_and(|rest| rest.starts_with(literal));
        self.matched_literal(matched, p, literal, false)
    }

    #[inline(always)]
    fn literal_ignoring_case(&mut self, p: usize, literal: &'static [u8]) -> Option<usize> {
        let window = self.bytes.get(p..p + literal.len());
        let matched = window.is_some_and(|window| window.eq_ignore_ascii_case(literal));
        self.matched_literal(matched, p, literal, true)
    }

    /// A literal of two to eight bytes, `word` (its bytes in order, from the low byte, its
    /// letters in lower case when `ignoring_case`): the next eight bytes with the case of
    /// the letter places folded (`fold`), the places past the literal cleared (`keep`),
    /// must equal it. Near the end of the input, byte by byte.
    #[inline(always)]
    fn word_literal(
        &mut self,
        p: usize,
        literal: &'static [u8],
        ignoring_case: bool,
        word: u64,
        fold: u64,
        keep: u64,
    ) -> Option<usize> {
        let matched = match self.bytes.get(p..p + 8) {
            Some(eight) => {
                let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
                (eight | fold) & keep == word
            }
            None => {
                let window = self.bytes.get(p..p + literal.len());
                window.is_some_and(|window| match ignoring_case {
                    true => window.eq_ignore_ascii_case(literal),
                    false => window == literal,
                })
            }
        };
        self.matched_literal(matched, p, literal, ignoring_case)
    }

    #[inline(always)]
    fn matched_literal(
        &mut self,
        matched: bool,
        p: usize,
        literal: &'static [u8],
        ignoring_case: bool,
    ) -> Option<usize> {
        if !matched && T::ON && !self.negative {
            self.tracer.expected_literal(p, literal, ignoring_case);
        }
        matched.then_some(p + literal.len())
    }

    /// Whether `byte` is anywhere at or after `p`: eight bytes at a time (a URL's rest is
    /// short; a call to a search made for long texts cost more than the reading it spared).
    #[inline(always)]
    fn occurs(&self, byte: u8, p: usize) -> bool {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let rest = self.bytes.get(p..).unwrap_or_default();
        let mut words = rest.chunks_exact(8);
        let wanted = ONES * u64::from(byte);
        for word in &mut words {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ wanted;
            if word.wrapping_sub(ONES) & !word & HIGHS != 0 {
                return true;
            }
        }
        words.remainder().contains(&byte)
    }

    /// One character (`ANY`), whatever its UTF-8 length.
    #[allow(dead_code)]
    fn any(&self, p: usize) -> Option<usize> {
        let lead = *self.bytes.get(p)?;
        let len = match lead {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        Some(p + len)
    }

    /// `EOI`, which pest records as a node (which no slot keeps: it spans nothing).
    #[inline(always)]
    fn eoi(&mut self, p: usize) -> Option<usize> {
        if p != self.bytes.len() && T::ON && !self.negative {
            let mark = self.tracer.rule_started();
            self.tracer.rule_failed(p, R::EOI, mark);
        }
        (p == self.bytes.len()).then_some(p)
    }

    /// A mark taken before a node's rule runs when tracing, for [`State::rule_ended`].
    #[inline(always)]
    fn rule_started(&mut self) -> (usize, usize) {
        self.tracer.rule_started()
    }

    /// When tracing: the node's rule, which started at `p` (`mark`), ended at `end`
    /// (`None`: it failed, and is recorded as expected there).
    #[inline(always)]
    fn rule_ended(&mut self, rule: R, p: usize, end: Option<usize>, mark: (usize, usize)) {
        if end.is_none() && !self.negative {
            self.tracer.rule_failed(p, rule, mark);
        }
    }

    /// Resets the `slots` slots of the node whose frame begins at `b`, before its rule
    /// runs.
    #[inline(always)]
    fn reset_frame(&mut self, b: usize, slots: usize) {
        self.slots.as_mut()[b..b + slots].fill(Slot::NONE);
    }

    /// Records that a child matched `start..end` in `slot`.
    #[inline(always)]
    fn record(&mut self, slot: usize, start: usize, end: usize) {
        self.slots.as_mut()[slot] = Slot::new(start, end);
    }

    /// Resets the slots `offsets` of the frame at `b`.
    #[inline(always)]
    fn reset(&mut self, b: usize, offsets: &[usize]) {
        for &offset in offsets {
            self.slots.as_mut()[b + offset] = Slot::NONE;
        }
    }

    /// The frame at `b`, as it is (a repetition keeps it to give it back after a round
    /// that fails).
    #[inline(always)]
    fn frame<const N: usize>(&self, b: usize) -> [Slot; N] {
        let mut frame = [Slot::NONE; N];
        frame.copy_from_slice(&self.slots.as_ref()[b..b + N]);
        frame
    }

    /// Gives the frame at `b` back as `frame` was.
    #[inline(always)]
    fn restore<const N: usize>(&mut self, b: usize, frame: &[Slot; N]) {
        self.slots.as_mut()[b..b + N].copy_from_slice(frame);
    }
}

/// The rule names of the four grammars (generated by build.rs).
mod names {
    include!(concat!(env!("OUT_DIR"), "/names.rs"));
}

pub(crate) use names::Name;

/// The compiled grammar of RFC 1738 (generated by build.rs).
#[allow(
    dead_code,
    unused_variables,
    unused_parens,
    clippy::all,
    clippy::pedantic
)]
pub mod rfc1738 {
    #[cfg(any(test, feature = "judge"))]
    use super::Which;
    use super::{ByteSet, Grammar, Name, Slot, State, Tracer};
    use crate::vocabulary::dialect::Dialect;
    include!(concat!(env!("OUT_DIR"), "/rfc1738_parser.rs"));
}

/// The compiled grammar of RFC 1630 (generated by build.rs).
#[allow(
    dead_code,
    unused_variables,
    unused_parens,
    clippy::all,
    clippy::pedantic
)]
pub mod rfc1630 {
    #[cfg(any(test, feature = "judge"))]
    use super::Which;
    use super::{ByteSet, Grammar, Name, Slot, State, Tracer};
    use crate::vocabulary::dialect::Dialect;
    include!(concat!(env!("OUT_DIR"), "/rfc1630_parser.rs"));
}

/// The compiled grammar of draft-www-uri-00 (generated by build.rs).
#[allow(
    dead_code,
    unused_variables,
    unused_parens,
    clippy::all,
    clippy::pedantic
)]
pub mod draft_www_uri_00 {
    #[cfg(any(test, feature = "judge"))]
    use super::Which;
    use super::{ByteSet, Grammar, Name, Slot, State, Tracer};
    use crate::vocabulary::dialect::Dialect;
    include!(concat!(env!("OUT_DIR"), "/draft_www_uri_00_parser.rs"));
}

/// The compiled grammar of RFC 2396, Appendix A (generated by build.rs).
#[allow(
    dead_code,
    unused_variables,
    unused_parens,
    non_snake_case,
    clippy::all,
    clippy::pedantic
)]
pub mod rfc2396 {
    #[cfg(any(test, feature = "judge"))]
    use super::Which;
    use super::{ByteSet, Grammar, Name, Slot, State, Tracer};
    use crate::vocabulary::dialect::Dialect;
    include!(concat!(env!("OUT_DIR"), "/rfc2396_parser.rs"));
}

/// Runs `rule` of a compiled grammar at the start of `input` without tracing, its frame at
/// the start of `slots` (which need not be empty: a rule resets its slots when it starts);
/// where it ended, if it matched. Offsets are recorded as `u32`: the caller refuses inputs
/// of 4 GiB or more.
///
/// RFC 1738's entry rules ([`Grammar::URL`], [`Grammar::REFERENCE`]), which the facade
/// runs, are called by name, and any other rule of that grammar through the match over
/// every rule with a tracer of another type (`Aside`). The match calls every rule
/// function; were the fast path's copy of them (`NoTrace`) called from it too, each would
/// have two callers, and the compiler would no longer inline a rule into the one rule that
/// uses it (`httpurl` into `url`): 5.5% more instructions on the valid inputs of
/// `benches/parse.rs`. The RFC 1630 family's grammars run every rule through the match:
/// called by name, their entry rule took the rules of the URL forms inline and compiled
/// the path's loop with more bounds checks, 12% more instructions on a 1 MiB http URI
/// (callgrind). These are the compiler's inlining choices, measured, not rules of the code.
#[inline(always)]
pub fn run<R: Grammar>(rule: R, input: &str, slots: &mut R::Slots) -> Option<usize> {
    let bytes = input.as_bytes();
    if R::DIALECT != Dialect::Rfc1738 {
        rule.run(&mut State::new(bytes, slots, &mut NoTrace), 0)
    } else if rule == R::URL {
        R::run_url(&mut State::new(bytes, slots, &mut NoTrace), 0)
    } else if rule == R::REFERENCE {
        R::run_reference(&mut State::new(bytes, slots, &mut NoTrace), 0)
    } else {
        rule.run(&mut State::new(bytes, slots, &mut Aside), 0)
    }
}

/// Runs `rule` on all of `input` (it must end at the end): whether it matched.
pub(crate) fn run_whole<R: Grammar>(rule: R, input: &str, slots: &mut R::Slots) -> bool {
    run(rule, input, slots) == Some(input.len())
}

/// Runs `rule` of a compiled grammar at `start` of `input`, recording what was expected
/// where it got furthest; returns where the rule ended, if it matched, and the trace.
pub(crate) fn trace_rule<R: Grammar>(
    rule: R,
    input: &str,
    start: usize,
) -> (Option<usize>, Trace<R>) {
    let mut slots = R::EMPTY;
    let mut trace = Trace::starting_at(start);
    let mut state = State::new(input.as_bytes(), &mut slots, &mut trace);
    let end = rule.run(&mut state, start);
    (end, trace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_trace_keeps_the_expected_characters_of_both_halves_and_forgets_them_further_on() {
        let mut trace: Trace<rfc1738::Rule> = Trace::starting_at(0);
        for byte in [b'\t', b'%', b'?', b'@', b'a', b'~', 0x7f] {
            trace.expected_literal(3, std::slice::from_ref(leak(byte)), false);
        }
        trace.expected_literal(3, b"x", true);
        trace.expected_literal(3, b"%09", false);
        let expected = [b'\t', b'%', b'?', b'@', b'a', b'~', 0x7f, b'x', b'X']
            .iter()
            .fold(0u128, |set, &byte| set | 1 << byte);
        assert_eq!(trace.chars(), expected);
        assert_eq!(*trace.literals, vec![(&b"%09"[..], false)]);
        // An attempt further on forgets what was expected nearer.
        trace.expected_literal(4, b"/", false);
        assert_eq!((trace.furthest, trace.chars()), (4, 1 << b'/'));
        assert!(trace.literals.is_empty());
    }

    /// Every rule of `R`, run at the start of `input` by the fast path (its loops compiled
    /// from the grammar's shapes: byte loops, runs of labels, words) and by the tracing run
    /// (the rule as the grammar writes it), ends at the same place.
    fn fast_and_traced_end_alike<R: Grammar>(input: &str) {
        for &rule in &R::ALL[1..] {
            let mut slots = R::EMPTY;
            let fast = rule.run(&mut State::new(input.as_bytes(), &mut slots, &mut Aside), 0);
            let (traced, _) = trace_rule(rule, input, 0);
            assert_eq!(fast, traced, "{rule:?} on {input:?}");
        }
    }

    #[test]
    fn every_rule_ends_alike_fast_and_traced_on_short_inputs() {
        // One character of each class the grammars tell apart, and the ones that start
        // literals and escapes; every string of up to three of them, and longer ones made
        // of a few at random.
        let alphabet: Vec<char> = "aZf0-._%/:@;=?#+!\" ~\t".chars().collect();
        let mut inputs: Vec<String> = vec![String::new()];
        for length in 1..=3 {
            let before: Vec<String> = inputs
                .iter()
                .filter(|i| i.chars().count() == length - 1)
                .cloned()
                .collect();
            for text in before {
                for &c in &alphabet {
                    inputs.push(format!("{text}{c}"));
                }
            }
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1500 {
            let mut text = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let length = (state % 14) as usize;
            for i in 0..length {
                let pick = (state >> (4 * (i % 14))) as usize % 8;
                text.push(['a', 'Z', '0', '-', '.', '%', 'f', '/'][pick]);
            }
            inputs.push(text);
        }
        for input in &inputs {
            fast_and_traced_end_alike::<rfc1738::Rule>(input);
            fast_and_traced_end_alike::<rfc1630::Rule>(input);
            fast_and_traced_end_alike::<draft_www_uri_00::Rule>(input);
        }
    }

    /// A one-byte literal that lives for the test run (literals are `'static`).
    fn leak(byte: u8) -> &'static u8 {
        Box::leak(Box::new(byte))
    }
}
