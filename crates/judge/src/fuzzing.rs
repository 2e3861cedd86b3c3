//! The checks the fuzz targets (`fuzz/`), the differential test (`tests/differential.rs`)
//! and the grammar tools' VM test (`tools/grammar`) run: the fast path and pest, tree for
//! tree, and every rejection judged.

use crate::pairs::{Numbered, Seen, seen, slots_of_pest, to_pest};
use crate::rejection::{Form, Judgment, count, judge_rejection, pest_furthest};
use pest::Parser;
use rfc1738::Dialect;
use rfc1738::ParseError;
use rfc1738::grammar::{Rfc1738Parser, Rule as PestRule};
use rfc1738::judged::Grammar;
use rfc1738::judged::rfc1738::Rule;

/// What a reading of a run of RFC 1738's grammar sees: every slot of every node's frame.
type Tree = Vec<Seen<Rule>>;

/// What a reading of the fast path's run of `rule` sees, or `None` when it rejects the
/// input.
fn fast_tree(rule: Rule, input: &str) -> Option<Tree> {
    let mut slots = Rule::EMPTY;
    rfc1738::judged::run(rule, input, &mut slots).map(|_| seen(rule, &slots))
}

/// The same of the pest parser's pairs, or `None` when it rejects the input.
fn pest_tree(rule: Rule, input: &str) -> Option<Tree> {
    Rfc1738Parser::parse(to_pest::<PestRule>(rule), input)
        .ok()
        .map(|pairs| seen(rule, &slots_of_pest::<_, Rule>(pairs)))
}

/// Whether the compiled grammar (the fast path) and pest's parser give the same tree and
/// the same `Url` (or error) for `input`: `Ok(valid)` when they agree.
pub fn fast_and_pest_agree(input: &str) -> Result<bool, String> {
    let valid = url_fast_and_pest_agree(input)?;
    if rfc1738::is_valid(input) != valid {
        return Err(format!("{input:?}: is_valid says {}", !valid));
    }
    Ok(valid)
}

/// [`fast_and_pest_agree`] but for the validity check.
fn url_fast_and_pest_agree(input: &str) -> Result<bool, String> {
    let (fast, pest) = (fast_tree(Rule::URL, input), pest_tree(Rule::URL, input));
    if fast != pest {
        return Err(format!("{input:?}: fast path {fast:?}\n  pest {pest:?}"));
    }
    if fast.is_some() {
        let (fast, pest) = (rfc1738::parse(input), crate::pairs::parse_with_pest(input));
        if fast != pest {
            return Err(format!("{input:?}: fast path {fast:?}\n  pest {pest:?}"));
        }
        if fast.is_err() {
            // Refused beyond the grammar (a number out of range), alike from pest's tree.
            count(Dialect::Rfc1738, Form::Url, Judgment::Accepted);
        }
        return Ok(fast.is_ok());
    }
    // Both reject: the error `parse` gives is judged against pest's own reading.
    let error = rfc1738::parse(input)
        .err()
        .ok_or_else(|| format!("{input:?}: rejected by the grammar, yet parsed"))?;
    judge_rejection::<Rule>(input, &error, Form::Url)?;
    Ok(false)
}

/// Judges the error of a rejected RFC 1738 reference. `parse_reference` reads it by parts
/// (`facade::read_by_parts`), as the grammar's `urlreference` holds no reading of its own
/// for a rejected reference: the URL between the prefix and the first "#", read alone,
/// and the fragment after it. So an error in the URL is that URL's error, as `parse` gives
/// it, moved into the reference, and is judged against pest's reading of the URL alone
/// (`whole_url`); an error in the fragment is judged against pest's reading of the whole
/// reference (`whole_reference`), where its grammar read the URL and went on into the
/// fragment, and names the fragment's own list (RFC 1630's `fragmentid`: an `xalpha`, or
/// the end).
fn reference_error_agrees(input: &str, error: &ParseError) -> Result<(), String> {
    let start = rfc1738::judged::prefix_len(Dialect::Rfc1738, input);
    let end = input[start..]
        .find('#')
        .map_or(input.len(), |hash| start + hash);
    let disagree = |what: &str| Err(format!("{input:?} (parse_reference): {what}: {error:?}"));
    if start == end && end < input.len() {
        // "#name" alone names a fragment of the document that holds it: refused at once,
        // no scheme before the "#", where pest's URL expected one.
        let pest = pest_furthest(Rule::whole_reference, input)?
            .ok_or_else(|| format!("{input:?}: pest accepts"))?;
        if error.kind().code() != "missing-scheme"
            || error.offset() != start
            || pest.offset != start
        {
            return disagree("\"#name\" alone is not refused for its missing scheme");
        }
        count(Dialect::Rfc1738, Form::Reference, Judgment::Bounded);
        return Ok(());
    }
    match rfc1738::parse(&input[start..end]) {
        Err(url_error) => {
            if *error != rfc1738::judged::shifted(url_error.clone(), input, start) {
                return disagree(&format!("not its URL's error {url_error:?}"));
            }
            judge_rejection::<Rule>(&input[start..end], &url_error, Form::Reference)?;
        }
        Ok(_) => {
            // The fragment's error: where pest's reading of the whole reference stopped in
            // the fragment, or at the "%" of the broken escape it stopped in.
            let offset = error.offset();
            let Some(pest) = pest_furthest(Rule::whole_reference, input)? else {
                // `whole_reference` allows a final line break, which `parse_reference`
                // refuses: the error is on it.
                let line_break = ["\n", "\r\n", "\r"].contains(&&input[offset.min(input.len())..]);
                if !line_break {
                    return disagree("pest accepts the reference");
                }
                count(Dialect::Rfc1738, Form::Reference, Judgment::Bounded);
                return Ok(());
            };
            let escape = input.as_bytes().get(offset) == Some(&b'%')
                && (offset + 1..=offset + 2).contains(&pest.offset);
            // pest takes a line break at the caret for the final one `whole_reference`
            // allows, and stops after it.
            let rest = &input[offset.min(input.len())..];
            let line_break = ["\r\n", "\n", "\r"]
                .iter()
                .find(|line_break| rest.starts_with(**line_break))
                .is_some_and(|line_break| pest.offset == offset + line_break.len());
            if offset <= end || (offset != pest.offset && !escape && !line_break) {
                return disagree(&format!("not where pest got furthest, {}", pest.offset));
            }
            let xalpha = Rfc1738Parser::parse(PestRule::xalpha, &input[offset..]).is_ok();
            if error.expected() != ["xalpha", "end of URL"]
                || error.production() != Some("fragmentid")
                || xalpha
                || offset == input.len()
            {
                return disagree("no fragment-id's fault at the caret");
            }
            count(Dialect::Rfc1738, Form::Reference, Judgment::Bounded);
        }
    }
    Ok(())
}

/// The compiled grammar's and pest's trees of the entry rule `whole_reference` (a
/// `urlreference` and an optional final line break) for `input`, `None` for a rejection.
fn reference_trees(input: &str) -> (Option<Tree>, Option<Tree>) {
    let rule = Rule::whole_reference;
    (fast_tree(rule, input), pest_tree(rule, input))
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
    let fast = rfc1738::parse_reference(input, rfc1738::Dialect::Rfc1738);
    let pest = crate::pairs::parse_rfc1738_reference_with_pest(input);
    match (&fast, &pest) {
        (Err(error), Err(_)) => reference_error_agrees(input, error)?,
        // A reference either tree holds: the same reference from both.
        _ if fast != pest => {
            return Err(format!(
                "{input:?} (parse_reference): fast path {fast:?}\n  pest {pest:?}"
            ));
        }
        _ => {}
    }
    let valid = rfc1738::is_valid_reference(input, rfc1738::Dialect::Rfc1738);
    if valid != fast.is_ok() {
        return Err(format!(
            "{input:?} (parse_reference): is_valid_reference says {valid}"
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

/// A run of a rule at the start of `input`: where it ended, its slots, and what a reading
/// of them sees.
type Run<R> = (usize, <R as Grammar>::Slots, Vec<Seen<R>>);

/// The compiled grammar's and pest's runs of `rule` at the start of `input`, `None` for a
/// rejection.
fn dialect_runs<R, P, Pa>(rule: R, input: &str) -> (Option<Run<R>>, Option<Run<R>>)
where
    R: rfc1738::judged::Grammar,
    P: Numbered,
    Pa: Parser<P>,
{
    let mut slots = R::EMPTY;
    let fast =
        rfc1738::judged::run(rule, input, &mut slots).map(|end| (end, slots, seen(rule, &slots)));
    let pest = Pa::parse(to_pest::<P>(rule), input).ok().map(|pairs| {
        let end = pairs.clone().last().map_or(0, |pair| pair.as_span().end());
        let slots = slots_of_pest::<P, R>(pairs);
        (end, slots, seen(rule, &slots))
    });
    (fast, pest)
}

/// Where a run ended and what a reading of it sees (its slots aside, which may differ
/// where no reading looks).
fn reading<R: Grammar>(run: &Option<Run<R>>) -> Option<(usize, &[Seen<R>])> {
    run.as_ref().map(|(end, _, seen)| (*end, seen.as_slice()))
}

/// The dialect's entry rules, run alone by the differential test: `whole_uri` and the
/// reference's forms.
fn dialect_agree<R, P, Pa>(input: &str, rules: &[R]) -> Result<bool, String>
where
    R: crate::rejection::Judged,
    P: Numbered,
    Pa: Parser<P>,
{
    for &rule in rules {
        let (fast, pest) = dialect_runs::<R, P, Pa>(rule, input);
        let (fast, pest) = (reading(&fast), reading(&pest));
        if fast != pest {
            return Err(format!(
                "{input:?} ({rule:?}): compiled {fast:?}\n  pest {pest:?}"
            ));
        }
    }
    let (fast, pest) = dialect_runs::<R, P, Pa>(R::URL, input);
    let (Some((_, fast, _)), Some((_, pest, _))) = (fast, pest) else {
        return match rfc1738::parse_reference(input, R::DIALECT) {
            Err(parsed) => {
                judge_rejection::<R>(input, &parsed, Form::Reference)?;
                if rfc1738::is_valid_reference(input, R::DIALECT) {
                    return Err(format!("{input:?}: rejected, yet is_valid_reference"));
                }
                Ok(false)
            }
            Ok(parsed) => Err(format!("{input:?}: rejected, yet read as {parsed:?}")),
        };
    };
    let by_fast = rfc1738::judged::lower_reference::<R>(input, &fast);
    let by_pest = rfc1738::judged::lower_reference::<R>(input, &pest);
    let parsed = rfc1738::parse_reference(input, R::DIALECT);
    if rfc1738::is_valid_reference(input, R::DIALECT) != parsed.is_ok() {
        return Err(format!(
            "{input:?}: is_valid_reference says {}",
            parsed.is_err()
        ));
    }
    if by_fast != by_pest || parsed != by_fast {
        return Err(format!(
            "{input:?} (lowered): compiled {by_fast:?}\n  pest {by_pest:?}\n  parse_reference {parsed:?}"
        ));
    }
    if parsed.is_err() {
        // Refused beyond the grammar, alike from pest's tree.
        count(R::DIALECT, Form::Reference, Judgment::Accepted);
    }
    Ok(by_fast.is_ok())
}

/// Whether the compiled grammar of `dialect` (RFC 1630, draft-www-uri-00 or RFC 2396) and its pest
/// parser agree on `input`: the same verdict and tree from the entry rule `whole_uri` and
/// from the reference's forms (`fragmentaddress`, `prefixedurl`, `url`, `uri`, and the
/// draft's `generic`), the same lowered reference from both trees, and the same reference
/// (or a rejection) from `parse_reference`: `Ok(valid)` when they all agree.
pub fn dialect_fast_and_pest_agree(dialect: rfc1738::Dialect, input: &str) -> Result<bool, String> {
    use rfc1738::grammar::{
        draft_www_uri_00 as pest_draft, rfc1630 as pest_rfc1630, rfc2396 as pest_rfc2396,
    };
    use rfc1738::judged::{draft_www_uri_00 as draft, rfc1630, rfc2396};
    match dialect {
        rfc1738::Dialect::Rfc1738 => fast_and_pest_agree(input),
        rfc1738::Dialect::Rfc1630 => {
            use rfc1630::Rule as R;
            let rules = [
                R::whole_uri,
                R::fragmentaddress,
                R::prefixedurl,
                R::url,
                R::uri,
            ];
            dialect_agree::<R, pest_rfc1630::Rule, pest_rfc1630::Rfc1630Parser>(input, &rules)
        }
        rfc1738::Dialect::DraftWwwUri00 => {
            use draft::Rule as R;
            let rules = [
                R::whole_uri,
                R::fragmentaddress,
                R::prefixedurl,
                R::url,
                R::uri,
                R::generic,
            ];
            dialect_agree::<R, pest_draft::Rule, pest_draft::DraftParser>(input, &rules)
        }
        rfc1738::Dialect::Rfc2396 => {
            use rfc2396::Rule as R;
            let rules = [
                R::whole_reference,
                R::whole_uri,
                R::URI_reference,
                R::absoluteURI,
                R::relativeURI,
                R::net_path,
                R::authority,
                R::server,
                R::hostport,
            ];
            dialect_agree::<R, pest_rfc2396::Rule, pest_rfc2396::Rfc2396Parser>(input, &rules)
        }
        other => Err(format!("the judge has no pest parser for {other}")),
    }
}

/// Whether the compiled parser of `dialect`'s grammar accepts `input` from the grammar's
/// entry rule (`whole_url` for RFC 1738, `whole_uri` for the RFC 1630 family,
/// `whole_reference` for RFC 2396): the
/// grammar's verdict alone, before the lowering's range checks. Other tools loading the
/// grammar files (pest's VM) must give the same verdict.
pub fn grammar_accepts(dialect: rfc1738::Dialect, input: &str) -> bool {
    use rfc1738::judged::{draft_www_uri_00, rfc1630, rfc2396};
    match dialect {
        rfc1738::Dialect::Rfc1738 => fast_tree(Rule::URL, input).is_some(),
        rfc1738::Dialect::Rfc2396 => {
            let (rule, mut slots) = (rfc2396::Rule::whole_reference, rfc2396::Rule::EMPTY);
            rfc1738::judged::run(rule, input, &mut slots).is_some()
        }
        rfc1738::Dialect::Rfc1630 => {
            let (rule, mut slots) = (rfc1630::Rule::whole_uri, rfc1630::Rule::EMPTY);
            rfc1738::judged::run(rule, input, &mut slots).is_some()
        }
        rfc1738::Dialect::DraftWwwUri00 => {
            let (rule, mut slots) = (
                draft_www_uri_00::Rule::whole_uri,
                draft_www_uri_00::Rule::EMPTY,
            );
            rfc1738::judged::run(rule, input, &mut slots).is_some()
        }
        other => panic!("the judge has no compiled grammar for {other}"),
    }
}
