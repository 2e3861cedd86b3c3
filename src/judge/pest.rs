//! The pest parsers' side of the judge: their pairs as the compiled grammar's token tree,
//! and the entry points read with them in place of the compiled grammar.

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::facade::{is_valid_url, read_by_parts};
use crate::syntax::tree::{GrammarRule, Tok};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;

/// The tree of a pest parse, from pest's token stream.
pub(crate) fn from_pest<R: GrammarRule + pest::RuleType>(
    pairs: pest::iterators::Pairs<'_, R>,
) -> Vec<Tok<R>> {
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

/// Parses with the pest parser alone (the reference the fast path is tested against).
pub(crate) fn parse_with_pest(input: &str) -> Result<Url<'_>, ParseError> {
    use crate::syntax::grammar::{Rfc1738Parser, Rule};
    use pest::Parser;
    match Rfc1738Parser::parse(Rule::whole_url, input) {
        Ok(pairs) => crate::lowering::lower(input, &from_pest(pairs)),
        Err(_) => Err(crate::syntax::diagnose::diagnose(input, &is_valid_url)),
    }
}

/// [`parse_reference`] for RFC 1738 with the pest parser's tree of `urlreference` in place
/// of the compiled grammar's (the reference the fast path is tested against).
pub(crate) fn parse_rfc1738_reference_with_pest(
    input: &str,
) -> Result<UrlReference<'_>, ParseError> {
    use crate::syntax::grammar::{Rfc1738Parser, Rule};
    use pest::Parser;
    let mut toks = match Rfc1738Parser::parse(Rule::urlreference, input) {
        Ok(pairs) => from_pest(pairs),
        Err(_) => Vec::new(),
    };
    if toks
        .first()
        .is_none_or(|root| root.end as usize != input.len())
    {
        return read_by_parts(input);
    }
    let (prefixed, url, fragment) = crate::lowering::lower_reference(input, &mut toks)?;
    Ok(UrlReference::new(
        Dialect::Rfc1738,
        input,
        prefixed,
        url,
        fragment,
    ))
}
