//! Lowering for the RFC 1630 family (RFC 1630 and draft-www-uri-00): from the token tree of
//! `whole_uri` (made by the compiled grammar, or by pest for the differential test) to the
//! typed [`UrlReference`], one function per rule, walking the tree as RFC 1738's lowering
//! does. The authority (`login`, `hostport`, `host`, `port`, and the ranges of octets and
//! ports) is RFC 1738's own lowering (`lowering::authority`), as the three grammars name and nest
//! those rules alike.
//!
//! The two grammars have their own `Rule` enums and name their rules alike; [`Name`] is the
//! name the lowering reads, so one walk serves both. The draft's `generic` is RFC 1630's
//! `uri`, and its gopher `selector` RFC 1630's `gcommand`.

use crate::vocabulary::dialect::Dialect;

use crate::ast::host::LoginSpans;
use crate::ast::reference::UrlReference;
use crate::ast::scheme::{
    FormSpans, FtpTypeSpan, FtpUrl, GenericParts, GenericUrl, GopherUrl, GrouppartSpans, HttpUrl,
    IdUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, WaisUrl,
};
use crate::ast::url::Url;
use crate::lowering::Lowering;
use crate::syntax::compiled::Grammar;
use crate::syntax::tree::{Node, Tok};
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::span::Span;
use std::borrow::Cow;

/// The rules the lowering reads, named as in the grammars.
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Name {
    fragment,
    prefixedurl,
    url,
    uri,
    scheme,
    search,
    httpaddress,
    ftpaddress,
    ftptype,
    newsaddress,
    groupart,
    nntpaddress,
    midaddress,
    cidaddress,
    mailtoaddress,
    waisaddress,
    waisindex,
    waisdoc,
    group,
    article,
    database,
    wtype,
    prosperoaddress,
    prosperolink,
    hsoname,
    version,
    attributes,
    telnetaddress,
    rloginaddress,
    tn3270address,
    gopheraddress,
    gtype,
    gcommand,
    path,
    wpath,
    addr_spec,
    content_identifier,
    digits,
    hostport,
    login,
    host,
    /// Any rule the lowering does not read by name.
    Other,
}

/// A grammar of the family: its compiled parser, its authority rules, and the names the
/// lowering reads.
pub(crate) trait FamilyRule: Grammar {
    /// The rule's name for the lowering.
    fn name(self) -> Name;
}

/// Implements [`FamilyRule`] for a grammar's `Rule`: each listed rule is the [`Name`] of the
/// same (or the given) name.
macro_rules! family_rules {
    ($rule:ty, $dialect:expr, { $($name:ident $(=> $as:ident)?),* $(,)? }) => {
        impl FamilyRule for $rule {
            fn name(self) -> Name {
                match self {
                    $(<$rule>::$name => family_rules!(@name $name $($as)?),)*
                    _ => Name::Other,
                }
            }
        }
    };
    (@name $name:ident) => { Name::$name };
    (@name $name:ident $as:ident) => { Name::$as };
}

family_rules!(crate::syntax::compiled::rfc1630::Rule, Dialect::Rfc1630, {
    fragment, prefixedurl, url, uri, scheme, search, httpaddress, ftpaddress, ftptype,
    newsaddress, groupart, nntpaddress, midaddress, cidaddress, mailtoaddress, waisaddress,
    waisindex, waisdoc, group, article, database, wtype, prosperoaddress, prosperolink,
    hsoname, version, attributes, telnetaddress, rloginaddress, tn3270address, gopheraddress,
    gtype, gcommand, path, wpath, addr_spec, content_identifier, digits, hostport, login, host,
});

family_rules!(crate::syntax::compiled::draft_www_uri_00::Rule, Dialect::DraftWwwUri00, {
    fragment, prefixedurl, url, uri, generic => uri, scheme, search, httpaddress, ftpaddress,
    newsaddress, groupart, nntpaddress, midaddress, cidaddress, mailtoaddress, waisaddress,
    waisindex, waisdoc, group, article, database, wtype, prosperoaddress, prosperolink,
    hsoname, version, attributes, telnetaddress, rloginaddress, tn3270address, gopheraddress,
    gtype, selector => gcommand, path, addr_spec, content_identifier, digits, hostport, login,
    host,
});

type FNode<'t, 'a, R> = Node<'t, 'a, R>;

fn name<R: FamilyRule>(node: &FNode<'_, '_, R>) -> Name {
    node.as_rule().name()
}

/// Lowers the tree of a successful `whole_uri` parse of `input` (`toks`, whose URL tokens
/// are moved to offsets within the URL's text, as RFC 1738's `lower_reference` does).
pub(crate) fn lower<'a, R: FamilyRule>(
    input: &'a str,
    toks: &mut [Tok<R>],
) -> Result<UrlReference<'a>, ParseError> {
    // Pre-order: whole_uri, fragmentaddress, then prefixedurl, url or uri.
    let whole_uri = Node::root(toks, input);
    let fragmentaddress = whole_uri
        .into_inner()
        .next()
        .expect("whole_uri holds fragmentaddress");
    let mut parts = fragmentaddress.into_inner();
    let first = parts.next().expect("fragmentaddress starts with a uri");
    let prefixed = name(&first) == Name::prefixedurl;
    let fragment = parts.next().map(|fragment| {
        debug_assert_eq!(name(&fragment), Name::fragment);
        let span = fragment.span();
        span.start as usize + 1..span.end as usize
    });
    let at = if prefixed { 3 } else { 2 };
    let (url, span) = crate::syntax::tree::detach(toks, at);
    let start = span.start;
    let text = &input[span];
    let url =
        lower_uri(text, Node::root(url, text)).map_err(|error| error.shifted(input, start))?;
    Ok(UrlReference::new(
        R::DIALECT,
        input,
        prefixed,
        url,
        fragment,
    ))
}

/// Lowers `uri` or `url` (the draft's `uri` holds `url` or `generic`; its `url` holds
/// `generic` too) whose text is the URL alone.
fn lower_uri<'a, R: FamilyRule>(
    text: &'a str,
    node: FNode<'_, 'a, R>,
) -> Result<Url<'a>, ParseError> {
    match name(&node) {
        Name::url => {
            let address = node.into_inner().next().expect("url holds one production");
            if name(&address) == Name::uri {
                return Ok(generic(text, address));
            }
            match named(text, address) {
                // A named production whose number (port, octet) is out of range
                // is no such production. The draft's `url` also holds `generic`, whose
                // characters include every character of the named productions, so the same
                // text is a generic URL: scheme, then path up to the first "?", then search.
                Err(_) if R::DIALECT == Dialect::DraftWwwUri00 => {
                    let colon = text.find(':').unwrap_or_default() as u32;
                    Ok(generic_with_scheme(
                        text,
                        Span {
                            start: 0,
                            end: colon,
                        },
                    ))
                }
                result => result,
            }
        }
        // RFC 1630's `uri` (scheme ":" path ...), or the draft's `uri = url | generic`.
        Name::uri => match node.into_inner().next() {
            Some(url) if name(&url) == Name::url => lower_uri(text, url),
            Some(generic_uri) if name(&generic_uri) == Name::uri => Ok(generic(text, generic_uri)),
            _ => Ok(generic(text, node)),
        },
        other => unreachable!("no uri is a {other:?}"),
    }
}

/// The lowering context of a named production.
fn context<R: FamilyRule>(text: &str, kind: UrlKind) -> Lowering<'_> {
    Lowering {
        text,
        kind,
        dialect: R::DIALECT,
    }
}

/// The URL of a named production (`httpaddress`, ...).
fn named<'a, R: FamilyRule>(text: &'a str, node: FNode<'_, 'a, R>) -> Result<Url<'a>, ParseError> {
    Ok(match name(&node) {
        Name::httpaddress => Url::Http(httpaddress(&context::<R>(text, UrlKind::Http), node)?),
        Name::ftpaddress => Url::Ftp(ftpaddress(&context::<R>(text, UrlKind::Ftp), node)?),
        Name::newsaddress => Url::News(newsaddress(&context::<R>(text, UrlKind::News), node)?),
        Name::nntpaddress => Url::Nntp(nntpaddress(&context::<R>(text, UrlKind::Nntp), node)?),
        Name::prosperoaddress => {
            let link = node
                .into_inner()
                .next()
                .expect("prosperoaddress is a prosperolink");
            Url::Prospero(prosperolink(&context::<R>(text, UrlKind::Prospero), link)?)
        }
        Name::telnetaddress => {
            Url::Telnet(telnetaddress(&context::<R>(text, UrlKind::Telnet), node)?)
        }
        Name::rloginaddress => {
            Url::Rlogin(telnetaddress(&context::<R>(text, UrlKind::Rlogin), node)?)
        }
        Name::tn3270address => {
            Url::Tn3270(telnetaddress(&context::<R>(text, UrlKind::Tn3270), node)?)
        }
        Name::gopheraddress => {
            Url::Gopher(gopheraddress(&context::<R>(text, UrlKind::Gopher), node)?)
        }
        Name::waisaddress => {
            let form = node
                .into_inner()
                .next()
                .expect("waisaddress is waisdoc or waisindex");
            Url::Wais(waisaddress(&context::<R>(text, UrlKind::Wais), form)?)
        }
        Name::mailtoaddress => Url::Mailto(mailtoaddress::<R>(text, node)),
        Name::midaddress => Url::Mid(IdUrl {
            text: Cow::Borrowed(text),
            id: only_child(node),
        }),
        Name::cidaddress => Url::Cid(IdUrl {
            text: Cow::Borrowed(text),
            id: only_child(node),
        }),
        other => unreachable!("{other:?} is no url production"),
    })
}

/// The span of a node's one child (`addr_spec`, `content_identifier`).
fn only_child<R: FamilyRule>(node: FNode<'_, '_, R>) -> Span {
    node.into_inner()
        .next()
        .expect("the rule holds one child")
        .span()
}

/// `httpaddress = "http://" hostport [ "/" path ] [ "?" search ]`
fn httpaddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<HttpUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("httpaddress starts with hostport"))?;
    let (mut hpath, mut search) = (None, None);
    for part in inner {
        match name(&part) {
            Name::path => hpath = Some(part.span()),
            Name::search => search = Some(part.span()),
            other => unreachable!("httpaddress holds no {other:?}"),
        }
    }
    Ok(HttpUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        hpath,
        search,
    })
}

/// `ftpaddress = "ftp://" login "/" path [ ";type=" ftptype ]` (the draft has no ftptype).
fn ftpaddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<FtpUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let login = cx.login(inner.next().expect("ftpaddress starts with login"))?;
    let (mut fpath, mut ftptype) = (None, None);
    for part in inner {
        match name(&part) {
            Name::path => fpath = Some(part.span()),
            Name::ftptype => ftptype = Some(part.span()),
            other => unreachable!("ftpaddress holds no {other:?}"),
        }
    }
    Ok(FtpUrl {
        text: Cow::Borrowed(cx.text),
        login,
        fpath,
        ftp_type: ftptype.map(FtpTypeSpan::Ftptype),
    })
}

/// `newsaddress = "news:" groupart`, `groupart = "*" | group | article`.
fn newsaddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<NewsUrl<'a>, ParseError> {
    let groupart = node
        .into_inner()
        .next()
        .expect("newsaddress holds groupart");
    let grouppart = match groupart.into_inner().next() {
        None => GrouppartSpans::AllGroups,
        Some(group) if name(&group) == Name::group => GrouppartSpans::Group(group.span()),
        Some(article) => {
            let whole = article.span();
            let host = article
                .into_inner()
                .find(|part| name(part) == Name::host)
                .expect("article ends with host");
            match cx.host(host) {
                Ok(host) => GrouppartSpans::Article { whole, host },
                // An article whose host number is out of range is no article; the same
                // text is a group when it starts with a letter (a group is an ialpha,
                // which holds "@" and ".").
                Err(_)
                    if whole
                        .of_text(cx.text)
                        .starts_with(|c: char| c.is_ascii_alphabetic()) =>
                {
                    GrouppartSpans::Group(whole)
                }
                Err(error) => return Err(error),
            }
        }
    };
    Ok(NewsUrl {
        text: Cow::Borrowed(cx.text),
        grouppart,
    })
}

/// `nntpaddress = "nntp:" group "/" digits`
fn nntpaddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<NntpUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let group = inner.next().expect("nntpaddress starts with group").span();
    // `digits` is unbounded, as in RFC 1738 (the accessors say when it does not fit).
    let digits = inner.next().expect("nntpaddress ends with digits");
    Ok(NntpUrl {
        text: Cow::Borrowed(cx.text),
        hostport: None,
        group,
        article: Some(digits.span()),
    })
}

/// `prosperolink = "prospero://" hostport "/" hsoname [ "%00" version [ attributes ] ]`
fn prosperolink<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<ProsperoUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("prosperolink starts with hostport"))?;
    let ppath = inner.next().expect("prosperolink holds hsoname").span();
    let (mut version, mut attributes) = (None, None);
    for part in inner {
        match name(&part) {
            Name::version => version = Some(part.span()),
            Name::attributes => attributes = Some(part.span()),
            other => unreachable!("prosperolink holds no {other:?}"),
        }
    }
    Ok(ProsperoUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        ppath,
        fields: Vec::new(),
        version,
        attributes,
    })
}

/// `telnetaddress = "telnet://" login` (and rlogin and tn3270, read alike).
fn telnetaddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<TelnetUrl<'a>, ParseError> {
    let login: LoginSpans = cx.login(node.into_inner().next().expect("login"))?;
    Ok(TelnetUrl {
        text: Cow::Borrowed(cx.text),
        login,
        trailing_slash: false,
    })
}

/// `gopheraddress = "gopher://" hostport [ "/" gtype [ gcommand ] ]` (the draft's: `[ "/"
/// gtype [ selector ] ] [ "?" search ]`).
fn gopheraddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<GopherUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("gopheraddress starts with hostport"))?;
    let (mut gtype, mut selector, mut search) = (None, None, None);
    for part in inner {
        match name(&part) {
            Name::gtype => gtype = Some(part.span()),
            Name::gcommand => selector = Some(part.span()),
            Name::search => search = Some(part.span()),
            other => unreachable!("gopheraddress holds no {other:?}"),
        }
    }
    Ok(GopherUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        gtype,
        selector,
        search,
        gopher_plus: None,
    })
}

/// `waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath` (the draft's ends in a
/// plain `path`), `waisindex = "wais://" hostport "/" database [ "?" search ]`.
fn waisaddress<'a, R: FamilyRule>(
    cx: &Lowering<'a>,
    node: FNode<'_, 'a, R>,
) -> Result<WaisUrl<'a>, ParseError> {
    let document = name(&node) == Name::waisdoc;
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("a wais URL starts with hostport"))?;
    let database = inner.next().expect("a wais URL holds database").span();
    let form = if document {
        let wtype = inner.next().expect("waisdoc holds wtype").span();
        let wpath = inner.next().expect("waisdoc ends with wpath").span();
        FormSpans::Document { wtype, wpath }
    } else {
        match inner.next() {
            Some(search) => FormSpans::Index {
                search: search.span(),
            },
            None => FormSpans::Database,
        }
    };
    Ok(WaisUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        database,
        form,
    })
}

/// `mailtoaddress = "mailto:" xalphas "@" hostname` (the draft's misprinted second ":"
/// accepted): the address after the scheme.
fn mailtoaddress<'a, R: FamilyRule>(text: &'a str, node: FNode<'_, 'a, R>) -> MailtoUrl<'a> {
    let mut start = node.start() + "mailto:".len();
    if R::DIALECT == Dialect::DraftWwwUri00 && text[start..].starts_with(':') {
        start += 1;
    }
    MailtoUrl {
        text: Cow::Borrowed(text),
        address: Span {
            start: start as u32,
            end: text.len() as u32,
        },
    }
}

/// A generic `uri` (the draft's `generic`): its `scheme`, then `path [ "?" search ]`.
fn generic<'a, R: FamilyRule>(text: &'a str, node: FNode<'_, 'a, R>) -> Url<'a> {
    let scheme = node
        .into_inner()
        .next()
        .expect("a generic uri starts with scheme");
    debug_assert_eq!(name(&scheme), Name::scheme);
    generic_with_scheme(text, scheme.span())
}

fn generic_with_scheme(text: &str, scheme: Span) -> Url<'_> {
    let written = scheme.of_text(text);
    let scheme_lower = written
        .bytes()
        .any(|b| b.is_ascii_uppercase())
        .then(|| written.to_ascii_lowercase().into_boxed_str());
    Url::Generic(GenericUrl {
        text: Cow::Borrowed(text),
        scheme,
        scheme_lower,
        scheme_part: Span {
            start: scheme.end + 1,
            end: text.len() as u32,
        },
        form: GenericParts::Uri,
    })
}

/// Parses `input` with the compiled grammar of `R`'s dialect and lowers it; `Err(None)`
/// when the grammar rejects it (the caller diagnoses).
pub(crate) fn read_family<R: FamilyRule>(
    input: &str,
) -> Option<Result<UrlReference<'_>, ParseError>> {
    R::with_tokens(|toks| {
        let end = crate::syntax::compiled::run(R::URL, input, toks)?;
        debug_assert_eq!(end, input.len());
        Some(lower(input, toks))
    })
}
