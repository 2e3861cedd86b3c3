//! Layer 3, lowering: the nodes a run of a compiled grammar recorded (or the judge's
//! pest tree, recorded the same way) become the typed [`Url`] of the AST, one lowering for
//! the three grammars. It reads each node's children by their [`Name`], which the grammars
//! share (`hostport`, `search`) or differ in (`httpurl` and `httpaddress`, `hpath` and
//! `path`): a name a grammar does not put there is simply absent, and the compiler folds
//! each lookup into a slot known at build time. It branches on the dialect only where the
//! grammars truly differ (`schemes`: an ftptype's reading, the draft's `mailto::`, an RFC
//! 1630 article that is a group, the generic fallbacks). The authority (`authority`) is
//! the same in the three.

pub(crate) mod authority;
mod rfc2396;
mod schemes;

/// The first of the children `$name`s of `$node` that matched (the one production of a
/// choice of them, as `url`'s), one test per name the grammar puts there: written out, so
/// that each lookup folds into a slot known at build time.
macro_rules! first_of {
    ($node:expr, [$($name:ident),+ $(,)?]) => {{
        let node = $node;
        first_of!(@ node, child, $($name),+)
    }};
    // The same for children only read for their span (`Node::span_of`).
    (spans $node:expr, [$($name:ident),+ $(,)?]) => {{
        let node = $node;
        first_of!(@ node, span_of, $($name),+)
    }};
    // The same as the AST keeps an optional component (`Node::opt_span_of`): the first
    // that matched.
    (opt_spans $node:expr, [$($name:ident),+ $(,)?]) => {{
        let node = $node;
        first_of!(@opt node, $($name),+)
    }};
    (@opt $node:ident, $name:ident) => {
        $node.opt_span_of(Name::$name)
    };
    (@opt $node:ident, $name:ident, $($rest:ident),+) => {{
        let span = $node.opt_span_of(Name::$name);
        if span.is_some() { span } else { first_of!(@opt $node, $($rest),+) }
    }};
    (@ $node:ident, $read:ident, $name:ident) => {
        $node.$read(Name::$name)
    };
    (@ $node:ident, $read:ident, $name:ident, $($rest:ident),+) => {
        if let Some(found) = $node.$read(Name::$name) {
            Some(found)
        } else {
            first_of!(@ $node, $read, $($rest),+)
        }
    };
}
pub(crate) use first_of;

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::node::Node;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;

/// The input being lowered and the production it matched, for positioned errors.
pub(crate) struct Lowering<'a> {
    pub(crate) text: &'a str,
    pub(crate) kind: UrlKind,
    /// The dialect whose grammar made the tree, named in its errors.
    pub(crate) dialect: Dialect,
}

impl Lowering<'_> {
    /// An error the grammar could not express (a number out of range) at `offset`.
    pub(crate) fn error_at(&self, offset: usize, error: ErrorKind, rule: &str) -> ParseError {
        ParseError::new(
            self.text,
            offset,
            Some(self.kind),
            error,
            vec![rule.to_owned()],
        )
        .in_dialect(self.dialect)
    }
}

/// Lowers a successful run of the entry rule of a URL alone (`whole_url`, which matched
/// all of `text`; the RFC 1630 family's URLs are read as references, [`lower_reference`]).
#[inline(always)]
pub fn lower<'a, R: Grammar>(text: &'a str, slots: &R::Slots) -> Result<Url<'a>, ParseError> {
    let whole_url = Node::root(slots, text, R::URL, text.len());
    let url = whole_url.child(Name::url).expect("whole_url holds url");
    lower_url::<R>(text, url)
}

/// Lowers a successful run of the entry rule of a URL reference that spans all of
/// `input`: RFC 1738's `urlreference` (`[prefixedurl | url] [fragment]`), or the RFC 1630
/// family's `whole_uri` (its `fragmentaddress`: `[prefixedurl | url | uri] [fragment]`).
///
/// The URL is lowered on its own text, as `parse` would read it between the prefix and the
/// `#`: its spans are counted from its start. An error of the lowering (a number out of
/// range) is reported at its place in `input`.
#[inline(always)]
pub fn lower_reference<'a, R: Grammar>(
    input: &'a str,
    slots: &R::Slots,
) -> Result<UrlReference<'a>, ParseError> {
    if R::DIALECT == Dialect::Rfc2396 {
        return Ok(rfc2396::lower_reference::<R>(input, slots));
    }
    let root = Node::root(slots, input, R::REFERENCE, input.len());
    // The reference's own node: the root, or the family's `fragmentaddress` under it.
    let reference = match root.name() {
        Name::whole_uri => root
            .child(Name::fragmentaddress)
            .expect("whole_uri holds fragmentaddress"),
        _ => root,
    };
    let prefixedurl = reference.child(Name::prefixedurl);
    let url = match prefixedurl {
        Some(prefixed) => prefixed.child(Name::url),
        None => reference
            .child(Name::url)
            .or_else(|| reference.child(Name::uri)),
    }
    .expect("a reference holds its URL");
    let fragment = reference.child(Name::fragment).map(|fragment| {
        let span = fragment.span();
        span.start as usize + 1..span.end as usize
    });
    let span = url.span();
    let start = span.start as usize;
    let text = &input[start..span.end as usize];
    let url = lower_url::<R>(text, url.detached()).map_err(|error| error.shifted(input, start))?;
    Ok(crate::ast::reference::new(
        R::DIALECT,
        input,
        prefixedurl.is_some(),
        url,
        fragment,
    ))
}

/// Lowers a `url` (or the family's `uri`) node, its spans counted from its start, whose
/// text is `text`.
#[inline(always)]
fn lower_url<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> Result<Url<'a>, ParseError> {
    match node.name() {
        // RFC 1630's `uri = scheme ":" path [ "?" search ]`, or the draft's `uri = url |
        // generic`.
        Name::uri => match (node.child(Name::url), node.child(Name::generic)) {
            (Some(url), _) => lower_url::<R>(text, url),
            (None, Some(generic)) => Ok(schemes::generic_uri(text, generic)),
            (None, None) => Ok(schemes::generic_uri(text, node)),
        },
        Name::url => {
            let production = schemes::production_of(node).expect("url holds one production");
            if production.name() == Name::generic {
                // The draft's `url` holds `generic` too.
                return Ok(schemes::generic_uri(text, production));
            }
            match schemes::production::<R>(text, production) {
                // A named production of the draft whose number (port, octet) is out of
                // range is no such production. The draft's `url` also holds `generic`,
                // whose characters include every character of the named productions, so
                // the same text is a generic URL: scheme, then path up to the first "?",
                // then search.
                Err(_) if R::DIALECT == Dialect::DraftWwwUri00 => {
                    Ok(schemes::generic_up_to_colon(text))
                }
                result => result,
            }
        }
        other => unreachable!("no URL is a {other:?}"),
    }
}
