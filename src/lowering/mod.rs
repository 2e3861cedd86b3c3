//! Layer 3, lowering: a token tree of the syntax layer (made by the compiled grammar or by
//! pest) becomes the typed [`Url`] of the AST. RFC 1738's productions are lowered one file
//! per scheme (`http`, `ftp`, ...), RFC 1630's and the draft's by `rfc1630`; both share the
//! authority (`authority`). This module dispatches on the production and holds what they
//! share.

pub(crate) mod authority;
mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
pub(crate) mod rfc1630_family;
mod telnet;
mod wais;

use crate::ast::scheme::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, HttpUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl,
    TelnetUrl, WaisUrl,
};
use crate::ast::url::Url;
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::compiled::Grammar;
use crate::syntax::tree::{Node, Tok};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{abbreviate, ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use std::ops::Range;

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

/// Checks, in debug builds, that a lowering function was handed the rule it reads.
pub(crate) fn expect_rule<R: Grammar>(pair: &Node<'_, '_, R>, rule: R) {
    debug_assert_eq!(pair.as_rule(), rule, "lowering was handed the wrong rule");
}

/// Lowers the tree of a successful `whole_url` parse.
pub(crate) fn lower<'a>(text: &'a str, toks: &[Tok<Rule>]) -> Result<Url<'a>, ParseError> {
    let whole_url = Node::root(toks, text);
    expect_rule(&whole_url, Rule::whole_url);
    let url = whole_url.into_inner().next().expect("whole_url holds url");
    lower_url(text, url)
}

/// A URL reference as `urlreference` read it: whether it has the prefix `URL:`, the URL,
/// and the byte range of the fragment-id after `#`.
pub(crate) type Reference<'a> = (bool, Url<'a>, Option<Range<usize>>);

/// Lowers the tree of a successful `urlreference` parse that spans all of `input`.
///
/// The URL is lowered on its own text, as `parse` would read it between the prefix and the
/// `#`: its tokens are moved to offsets within that text. An error of the lowering (a
/// number out of range) is reported at its place in `input`.
pub(crate) fn lower_reference<'a>(
    input: &'a str,
    toks: &mut [Tok<Rule>],
) -> Result<Reference<'a>, ParseError> {
    let root = Node::root(toks, input);
    expect_rule(&root, Rule::urlreference);
    let mut parts = root.into_inner();
    let first = parts
        .next()
        .expect("urlreference starts with prefixedurl or url");
    let prefixed = first.as_rule() == Rule::prefixedurl;
    let fragment = parts.next().map(|fragment| {
        expect_rule(&fragment, Rule::fragment);
        let span = fragment.span();
        span.start as usize + 1..span.end as usize
    });
    // Pre-order: `url` is the token after `urlreference`, or after `prefixedurl`.
    let at = if prefixed { 2 } else { 1 };
    let (url, span) = crate::syntax::tree::detach(toks, at);
    let start = span.start;
    let text = &input[span];
    let url = Node::root(url, text);
    expect_rule(&url, Rule::url);
    let url = lower_url(text, url).map_err(|error| error.shifted(input, start))?;
    Ok((prefixed, url, fragment))
}

/// Lowers a `url` node whose text is the URL alone.
fn lower_url<'a>(text: &'a str, url: Node<'_, 'a, Rule>) -> Result<Url<'a>, ParseError> {
    let form = url.into_inner().next().expect("url holds one production");
    let kind = match form.as_rule() {
        Rule::httpurl => UrlKind::Http,
        Rule::ftpurl => UrlKind::Ftp,
        Rule::gopherurl => UrlKind::Gopher,
        Rule::mailtourl => UrlKind::Mailto,
        Rule::newsurl => UrlKind::News,
        Rule::nntpurl => UrlKind::Nntp,
        Rule::telneturl => UrlKind::Telnet,
        Rule::waisurl => UrlKind::Wais,
        Rule::fileurl => UrlKind::File,
        Rule::prosperourl => UrlKind::Prospero,
        Rule::otherurl => UrlKind::Generic,
        other => unreachable!("url holds no {other:?}"),
    };
    let cx = Lowering {
        text,
        kind,
        dialect: Dialect::Rfc1738,
    };
    Ok(match kind {
        UrlKind::Http => Url::Http(HttpUrl::lower(&cx, form)?),
        UrlKind::Ftp => Url::Ftp(FtpUrl::lower(&cx, form)?),
        UrlKind::Gopher => Url::Gopher(GopherUrl::lower(&cx, form)?),
        UrlKind::Mailto => Url::Mailto(MailtoUrl::lower(&cx, form)),
        UrlKind::News => Url::News(NewsUrl::lower(&cx, form)?),
        UrlKind::Nntp => Url::Nntp(NntpUrl::lower(&cx, form)?),
        UrlKind::Telnet => Url::Telnet(TelnetUrl::lower(&cx, form)?),
        UrlKind::Wais => Url::Wais(WaisUrl::lower(&cx, form)?),
        UrlKind::File => Url::File(FileUrl::lower(&cx, form)?),
        UrlKind::Prospero => Url::Prospero(ProsperoUrl::lower(&cx, form)?),
        UrlKind::Generic => Url::Generic(GenericUrl::lower(&cx, form)),
        UrlKind::Mid | UrlKind::Cid | UrlKind::Urn | UrlKind::Rlogin | UrlKind::Tn3270 => {
            unreachable!("RFC 1738 has no {kind:?} production")
        }
    })
}
