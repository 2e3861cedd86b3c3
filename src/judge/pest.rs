//! The pest parsers' side of the judge: their pairs as the compiled grammar's token tree,
//! and the entry points read with them in place of the compiled grammar.

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::facade::{is_valid, read_by_parts};
use crate::judge::grammar::{draft_www_uri_00, rfc1630, Rfc1738Parser, Rule as PestRule};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::compiled::Grammar;
use crate::syntax::tree::Tok;
use crate::vocabulary::error::ParseError;
use pest::Parser;

/// A `pest_derive` `Rule` enum, numbered as its compiled grammar's enum (`EOI` first, then
/// the file's order: a test checks the names).
pub(crate) trait Numbered: pest::RuleType + 'static {
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

numbered!(PestRule, rfc1630::Rule, draft_www_uri_00::Rule);

/// The pest rule of a compiled grammar's rule (not `EOI`, which no one runs).
pub(crate) fn to_pest<P: Numbered>(rule: impl Grammar) -> P {
    P::all()[rule.index() - 1]
}

/// The tree of a pest parse, from pest's token stream, in the compiled grammar's rules.
pub(crate) fn from_pest<P: Numbered, R: Grammar>(
    pairs: pest::iterators::Pairs<'_, P>,
) -> Vec<Tok<R>> {
    let mut toks = Vec::new();
    let mut open = Vec::new();
    for token in pairs.tokens() {
        match token {
            pest::Token::Start { rule, pos } => {
                open.push(toks.len());
                toks.push(Tok {
                    rule: R::ALL[rule.number()],
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

/// Parses with the pest parser alone (the reference the fast path is tested against).
pub(crate) fn parse_with_pest(input: &str) -> Result<Url<'_>, ParseError> {
    match Rfc1738Parser::parse(PestRule::whole_url, input) {
        Ok(pairs) => crate::lowering::lower(input, &from_pest::<_, Rule>(pairs)),
        Err(_) => Err(crate::syntax::diagnose::diagnose::<Rule>(input, &is_valid)),
    }
}

/// [`parse_reference`] for RFC 1738 with the pest parser's tree of `urlreference` in place
/// of the compiled grammar's (the reference the fast path is tested against).
pub(crate) fn parse_rfc1738_reference_with_pest(
    input: &str,
) -> Result<UrlReference<'_>, ParseError> {
    let mut toks = match Rfc1738Parser::parse(PestRule::urlreference, input) {
        Ok(pairs) => from_pest::<_, Rule>(pairs),
        Err(_) => Vec::new(),
    };
    if toks
        .first()
        .is_none_or(|root| root.end as usize != input.len())
    {
        return read_by_parts(input);
    }
    crate::lowering::lower_reference(input, &mut toks)
}
