//! The pest parsers' side of the judge: their pairs recorded in the compiled grammar's
//! frames, what a reading of those frames sees, and the entry points read with pest's
//! pairs in place of the compiled grammar's run.

use pest::Parser;
use rfc1738::ParseError;
use rfc1738::Url;
use rfc1738::UrlReference;
use rfc1738::grammar::{Rfc1738Parser, Rule as PestRule, draft_www_uri_00, rfc1630, rfc2396};
use rfc1738::is_valid;
use rfc1738::judged::Grammar;
use rfc1738::judged::Span;
use rfc1738::judged::read_by_parts;
use rfc1738::judged::rfc1738::Rule;
use rfc1738::judged::{Slot, Which};

/// A `pest_derive` `Rule` enum, numbered as its compiled grammar's enum (`EOI` first, then
/// the file's order: a test checks the names).
pub trait Numbered: pest::RuleType + 'static {
    /// Every rule but `EOI`, in order (pest's `all_rules`).
    fn all() -> &'static [Self];
    /// The rule's number.
    fn number(self) -> usize;
}

macro_rules! numbered {
    ($($rule:ty),*) => {$(
        impl Numbered for $rule {
            fn all() -> &'static [Self] {
                <$rule>::all_rules()
            }
            fn number(self) -> usize {
                self as usize
            }
        }
    )*};
}

numbered!(
    PestRule,
    rfc1630::Rule,
    draft_www_uri_00::Rule,
    rfc2396::Rule
);

/// The pest rule of a compiled grammar's rule (not `EOI`, which no one runs).
pub fn to_pest<P: Numbered>(rule: impl Grammar) -> P {
    P::all()[rule.index() - 1]
}

/// Pest's pairs of a parse (its top pair being the rule run), recorded as a run of the
/// compiled grammar `R` records them: each pair in the slot of its parent's frame that
/// the compiled grammar gives it (by its rule, and how many pairs of the same rule came
/// before it under the same parent), its children in its own frame.
pub fn slots_of_pest<P: Numbered, R: Grammar>(pairs: pest::iterators::Pairs<'_, P>) -> R::Slots {
    let mut slots = R::EMPTY;
    for pair in pairs {
        if R::ALL[pair.as_rule().number()] != R::EOI {
            record::<P, R>(pair, 0, slots.as_mut());
        }
    }
    slots
}

/// Records the children of `pair` in its frame, which begins at `frame`.
fn record<P: Numbered, R: Grammar>(
    pair: pest::iterators::Pair<'_, P>,
    frame: usize,
    slots: &mut [Slot],
) {
    let rule = R::ALL[pair.as_rule().number()];
    let mut seen: Vec<R> = Vec::new();
    for child in pair.into_inner() {
        let child_rule = R::ALL[child.as_rule().number()];
        if child_rule == R::EOI {
            continue;
        }
        let nth = seen.iter().filter(|&&rule| rule == child_rule).count();
        seen.push(child_rule);
        let (slot, child_frame) = R::slot(rule.name(), child_rule.name(), nth)
            .unwrap_or_else(|| panic!("no slot for {child_rule:?} number {nth} in {rule:?}"));
        let span = child.as_span();
        slots[frame + slot] = Slot::new(span.start(), span.end());
        record::<P, R>(child, frame + child_frame, slots);
    }
}

/// One slot as a reading sees it: the parent's rule, the child's, and the child's span.
pub type Seen<R> = (R, R, Option<Span>);

/// What a reading of a run of `rule` sees in `slots`: every slot of the frame of each node
/// that matched, from the root's on (a slot of a lookahead, which holds nothing after a
/// run, included).
pub fn seen<R: Grammar>(rule: R, slots: &R::Slots) -> Vec<Seen<R>> {
    fn walk<R: Grammar>(rule: R, frame: usize, slots: &[Slot], into: &mut Vec<Seen<R>>) {
        for (slot, &(child, which, child_frame)) in rule.frame().iter().enumerate() {
            let span = slots[frame + slot].span();
            into.push((rule, child, span));
            if span.is_some() && which != Which::Lookahead {
                walk(child, frame + child_frame, slots, into);
            }
        }
    }
    let mut into = Vec::new();
    walk(rule, 0, slots.as_ref(), &mut into);
    into
}

/// Parses with the pest parser's tree in place of the compiled grammar's (the reference a
/// valid parse is tested against). A rejection's error here is the diagnosis's, not
/// pest's: the judge compares rejections with pest's own reading in
/// `crate::rejection`.
pub fn parse_with_pest(input: &str) -> Result<Url<'_>, ParseError> {
    match Rfc1738Parser::parse(PestRule::whole_url, input) {
        Ok(pairs) => rfc1738::judged::lower::<Rule>(input, &slots_of_pest::<_, Rule>(pairs)),
        Err(_) => Err(rfc1738::judged::diagnose::<Rule>(input, &is_valid)),
    }
}

/// [`rfc1738::parse_reference`] for RFC 1738 with the pest parser's tree of `urlreference` in place
/// of the compiled grammar's (the reference the fast path is tested against).
pub fn parse_rfc1738_reference_with_pest(input: &str) -> Result<UrlReference<'_>, ParseError> {
    match Rfc1738Parser::parse(PestRule::urlreference, input) {
        Ok(pairs) if pairs.as_str().len() == input.len() => {
            let slots = slots_of_pest::<_, Rule>(pairs);
            rfc1738::judged::lower_reference::<Rule>(input, &slots)
        }
        _ => read_by_parts(input),
    }
}
