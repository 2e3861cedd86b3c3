//! Checks for the fuzz targets (`fuzz/`) and the differential test: not part of the API
//! (behind the `fuzzing` feature, hidden from the docs).

use crate::grammar::{Rfc1738Parser, Rule};
use crate::tree::{from_pest, Tok};
use pest::Parser;

/// The fast path's tree, or `None` when it rejects the input.
fn fast_tree(input: &str) -> Option<Vec<Tok>> {
    let mut toks = Vec::new();
    crate::fast::parse(input, &mut toks).then_some(toks)
}

/// The pest parser's tree, or `None` when it rejects the input.
fn pest_tree(input: &str) -> Option<Vec<Tok>> {
    Rfc1738Parser::parse(Rule::whole_url, input)
        .ok()
        .map(from_pest)
}

/// Whether the compiled grammar (the fast path) and pest's parser give the same tree and
/// the same `Url` (or error) for `input`: `Ok(valid)` when they agree.
pub fn fast_and_pest_agree(input: &str) -> Result<bool, String> {
    let (fast, pest) = (fast_tree(input), pest_tree(input));
    if fast != pest {
        return Err(format!("{input:?}: fast path {fast:?}\n  pest {pest:?}"));
    }
    if fast.is_some() {
        let (fast, pest) = (crate::parse(input), crate::parse_with_pest(input));
        if fast != pest {
            return Err(format!("{input:?}: fast path {fast:?}\n  pest {pest:?}"));
        }
        return Ok(fast.is_ok());
    }
    Ok(false)
}

/// Whether the compiled parser of `dialect`'s grammar accepts `input` from the grammar's
/// entry rule (`whole_url` for RFC 1738, `whole_uri` for the RFC 1630 family): the
/// grammar's verdict alone, before the lowering's range checks. Other tools loading the
/// grammar files (pest's VM) must give the same verdict.
pub fn grammar_accepts(dialect: crate::Dialect, input: &str) -> bool {
    use crate::grammar::{draft_www_uri_00, rfc1630};
    match dialect {
        crate::Dialect::Rfc1738 => fast_tree(input).is_some(),
        crate::Dialect::Rfc1630 => {
            rfc1630::Rfc1630Parser::parse(rfc1630::Rule::whole_uri, input).is_ok()
        }
        crate::Dialect::DraftWwwUri00 => {
            draft_www_uri_00::DraftParser::parse(draft_www_uri_00::Rule::whole_uri, input).is_ok()
        }
    }
}
