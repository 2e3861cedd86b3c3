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

/// The compiled grammar's and pest's trees of the entry rule `whole_reference` (a
/// `urlreference` and an optional final line break) for `input`, `None` for a rejection.
fn reference_trees(input: &str) -> (Option<Vec<Tok>>, Option<Vec<Tok>>) {
    let mut toks = Vec::new();
    let fast = crate::fast::parse_rule(Rule::whole_reference, input, &mut toks).map(|_| toks);
    let pest = Rfc1738Parser::parse(Rule::whole_reference, input)
        .ok()
        .map(from_pest);
    (fast, pest)
}

/// Whether the compiled grammar and pest's parser give the same tree for `input` from the
/// entry rule `whole_reference`, and `parse_reference` (RFC 1738) gives the same
/// reference (or error) by the compiled grammar, by pest's tree, and by the reference's
/// parts (the URL between the prefix and the first "#", read by `parse`, and the fragment
/// after it, as `parse_reference` read them before the grammar had `urlreference`):
/// `Ok(valid)` when they all agree.
pub fn reference_fast_and_pest_agree(input: &str) -> Result<bool, String> {
    let (fast, pest) = reference_trees(input);
    if fast != pest {
        return Err(format!(
            "{input:?} (whole_reference): fast path {fast:?}\n  pest {pest:?}"
        ));
    }
    let fast = crate::parse_reference(input, crate::Dialect::Rfc1738);
    let pest = crate::dialect::parse_rfc1738_reference_with_pest(input);
    let parts = crate::dialect::read_by_parts(input);
    if fast != pest || fast != parts {
        return Err(format!(
            "{input:?} (parse_reference): fast path {fast:?}\n  pest {pest:?}\n  parts {parts:?}"
        ));
    }
    Ok(fast.is_ok())
}

/// Whether the compiled parser accepts `input` from RFC 1738's entry rule
/// `whole_reference` (`[URL:] url [#fragment]` and an optional final line break): the
/// grammar's verdict alone. Other tools loading `grammar/rfc1738.pest` must give the same.
pub fn grammar_accepts_reference(input: &str) -> bool {
    reference_trees(input).0.is_some()
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
