//! Layer 3, lowering: a token tree of the syntax layer (made by a compiled grammar, or by
//! pest for the judge) becomes the typed [`Url`] of the AST, one lowering for the three
//! grammars. It reads each node by its [`Name`], which the grammars share (`hostport`,
//! `search`) or differ in (`httpurl` and `httpaddress`, `hpath` and `path`), and branches
//! on the dialect only where the grammars truly differ (`schemes`: an ftptype's reading,
//! the draft's `mailto::`, an RFC 1630 article that is a group, the generic fallbacks).
//! The authority (`authority`) is the same in the three.

pub(crate) mod authority;
mod schemes;

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::tree::{Node, Tok};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{abbreviate, ErrorKind, ParseError};
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

    /// An out-of-range error for the digits a pair matched.
    pub(crate) fn out_of_range<R: Grammar>(
        &self,
        digits: &Node<'_, '_, R>,
        error: fn(String) -> ErrorKind,
        rule: &str,
    ) -> ParseError {
        let shown = abbreviate(digits.as_str());
        self.error_at(digits.start(), error(shown), rule)
    }
}

/// A node's rule, by name.
pub(crate) fn name<R: Grammar>(node: &Node<'_, '_, R>) -> Name {
    node.as_rule().name()
}

/// Checks, in debug builds, that a lowering function was handed the rule it reads.
pub(crate) fn expect_name<R: Grammar>(node: &Node<'_, '_, R>, names: &[Name]) {
    debug_assert!(
        names.contains(&name(node)),
        "lowering was handed {:?}, not one of {names:?}",
        name(node)
    );
}

/// Lowers the tree of a successful parse of a URL alone (`whole_url`; the RFC 1630
/// family's URLs are read as references, [`lower_reference`]).
pub(crate) fn lower<'a, R: Grammar>(text: &'a str, toks: &[Tok<R>]) -> Result<Url<'a>, ParseError> {
    let whole_url = Node::root(toks, text);
    expect_name(&whole_url, &[Name::whole_url]);
    let url = whole_url.into_inner().next().expect("whole_url holds url");
    lower_url::<R>(text, url)
}

/// Lowers the tree of a successful parse of a URL reference that spans all of `input`:
/// RFC 1738's `urlreference` (`[prefixedurl | url] [fragment]`), or the RFC 1630 family's
/// `whole_uri` (its `fragmentaddress`: `[prefixedurl | url | uri] [fragment]`).
///
/// The URL is lowered on its own text, as `parse` would read it between the prefix and the
/// `#`: its tokens are moved to offsets within that text. An error of the lowering (a
/// number out of range) is reported at its place in `input`.
pub(crate) fn lower_reference<'a, R: Grammar>(
    input: &'a str,
    toks: &mut [Tok<R>],
) -> Result<UrlReference<'a>, ParseError> {
    let root = Node::root(toks, input);
    // The reference's own node: the root, or the family's `fragmentaddress` under it.
    let reference = match name(&root) {
        Name::whole_uri => root
            .into_inner()
            .next()
            .expect("whole_uri holds fragmentaddress"),
        _ => root,
    };
    expect_name(&reference, &[Name::urlreference, Name::fragmentaddress]);
    let mut parts = reference.into_inner();
    let first = parts.next().expect("a reference starts with its URL");
    let prefixed = name(&first) == Name::prefixedurl;
    let fragment = parts.next().map(|fragment| {
        expect_name(&fragment, &[Name::fragment]);
        let span = fragment.span();
        span.start as usize + 1..span.end as usize
    });
    // Pre-order: the URL is the first node, or the first inside `prefixedurl`.
    let at = first.index() + usize::from(prefixed);
    let (url, span) = crate::syntax::tree::detach(toks, at);
    let start = span.start;
    let text = &input[span];
    let url =
        lower_url::<R>(text, Node::root(url, text)).map_err(|error| error.shifted(input, start))?;
    Ok(UrlReference::new(
        R::DIALECT,
        input,
        prefixed,
        url,
        fragment,
    ))
}

/// Lowers a `url` (or the family's `uri`) node whose text is the URL alone.
fn lower_url<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> Result<Url<'a>, ParseError> {
    match name(&node) {
        // RFC 1630's `uri = scheme ":" path [ "?" search ]`, or the draft's `uri = url |
        // generic`.
        Name::uri => match node.into_inner().next() {
            Some(url) if name(&url) == Name::url => lower_url::<R>(text, url),
            Some(generic) if name(&generic) == Name::generic => {
                Ok(schemes::generic_uri(text, generic))
            }
            _ => Ok(schemes::generic_uri(text, node)),
        },
        Name::url => {
            let production = node.into_inner().next().expect("url holds one production");
            match name(&production) {
                // The draft's `url` holds `generic` too.
                Name::generic => return Ok(schemes::generic_uri(text, production)),
                Name::uri => return Ok(schemes::generic_uri(text, production)),
                _ => {}
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
