//! One lowering per production, for the three grammars: RFC 1738's `httpurl` and the RFC
//! 1630 family's `httpaddress` are read by the same function, by the names of their parts.
//! Where the grammars truly differ, the function says so and branches on the dialect.

use super::{expect_name, name, Lowering};
use crate::ast::scheme::{
    FileUrl, FormSpans, FtpTypeSpan, FtpUrl, GenericParts, GenericUrl, GopherUrl, GrouppartSpans,
    HttpUrl, IdUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, Typecode, WaisUrl,
};
use crate::ast::url::Url;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::tree::Node;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::span::Span;
use std::borrow::Cow;

/// The kind of URL a production's node reads, in any of the grammars.
fn kind_of(production: Name) -> UrlKind {
    match production {
        Name::httpurl | Name::httpaddress => UrlKind::Http,
        Name::ftpurl | Name::ftpaddress => UrlKind::Ftp,
        Name::gopherurl | Name::gopheraddress => UrlKind::Gopher,
        Name::mailtourl | Name::mailtoaddress => UrlKind::Mailto,
        Name::newsurl | Name::newsaddress => UrlKind::News,
        Name::nntpurl | Name::nntpaddress => UrlKind::Nntp,
        Name::telneturl | Name::telnetaddress => UrlKind::Telnet,
        Name::rloginaddress => UrlKind::Rlogin,
        Name::tn3270address => UrlKind::Tn3270,
        Name::waisurl | Name::waisaddress => UrlKind::Wais,
        Name::fileurl => UrlKind::File,
        Name::prosperourl | Name::prosperoaddress => UrlKind::Prospero,
        Name::midaddress => UrlKind::Mid,
        Name::cidaddress => UrlKind::Cid,
        Name::otherurl => UrlKind::Generic,
        other => unreachable!("{other:?} is no URL production"),
    }
}

/// The URL of a named production (`httpurl`, `httpaddress`, ...).
pub(super) fn production<'a, R: Grammar>(
    text: &'a str,
    node: Node<'_, 'a, R>,
) -> Result<Url<'a>, ParseError> {
    let kind = kind_of(name(&node));
    let cx = Lowering {
        text,
        kind,
        dialect: R::DIALECT,
    };
    Ok(match kind {
        UrlKind::Http => Url::Http(http(&cx, node)?),
        UrlKind::Ftp => Url::Ftp(ftp(&cx, node)?),
        UrlKind::Gopher => Url::Gopher(gopher(&cx, node)?),
        UrlKind::Mailto => Url::Mailto(mailto(&cx, node)),
        UrlKind::News => Url::News(news(&cx, node)?),
        UrlKind::Nntp => Url::Nntp(nntp(&cx, node)?),
        UrlKind::Telnet => Url::Telnet(telnet(&cx, node)?),
        UrlKind::Rlogin => Url::Rlogin(telnet(&cx, node)?),
        UrlKind::Tn3270 => Url::Tn3270(telnet(&cx, node)?),
        UrlKind::Wais => Url::Wais(wais(&cx, node)?),
        UrlKind::File => Url::File(file(&cx, node)?),
        UrlKind::Prospero => Url::Prospero(prospero(&cx, node)?),
        UrlKind::Mid => Url::Mid(id(text, node)),
        UrlKind::Cid => Url::Cid(id(text, node)),
        UrlKind::Generic | UrlKind::Urn => Url::Generic(otherurl(&cx, node)),
    })
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]` (RFC 1738),
/// `httpaddress = "http://" hostport [ "/" path ] [ "?" search ]` (the family).
fn http<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<HttpUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("an http URL starts with hostport"))?;
    let (mut hpath, mut search) = (None, None);
    for part in inner {
        match name(&part) {
            Name::hpath | Name::path => hpath = Some(part.span()),
            Name::search => search = Some(part.span()),
            other => unreachable!("an http URL holds no {other:?}"),
        }
    }
    Ok(HttpUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        hpath,
        search,
    })
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` (RFC 1738),
/// `ftpaddress = "ftp://" login "/" path [ ";type=" ftptype ]` (RFC 1630; the draft has no
/// ftptype). The grammars differ in what an ftptype is: RFC 1738's one letter, a
/// [`Typecode`], or RFC 1630's code of RFC 959, kept as written.
fn ftp<'a, R: Grammar>(cx: &Lowering<'a>, node: Node<'_, 'a, R>) -> Result<FtpUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let login = cx.login(inner.next().expect("an ftp URL starts with login"))?;
    let (mut fpath, mut ftp_type) = (None, None);
    for part in inner {
        match name(&part) {
            Name::fpath | Name::path => fpath = Some(part.span()),
            Name::ftptype => {
                ftp_type = Some(match R::DIALECT {
                    Dialect::Rfc1738 => {
                        FtpTypeSpan::Typecode(Typecode::from_letter(part.as_str()), part.span())
                    }
                    _ => FtpTypeSpan::Ftptype(part.span()),
                });
            }
            other => unreachable!("an ftp URL holds no {other:?}"),
        }
    }
    Ok(FtpUrl {
        text: Cow::Borrowed(cx.text),
        login,
        fpath,
        ftp_type,
    })
}

/// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09"
/// gopher+_string ]]]]]` (RFC 1738), `gopheraddress = "gopher://" hostport [ "/" gtype [
/// gcommand ]]` (RFC 1630; the draft's `selector` and `[ "?" search ]`).
fn gopher<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<GopherUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("a gopher URL starts with hostport"))?;
    let mut url = GopherUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        gtype: None,
        selector: None,
        search: None,
        gopher_plus: None,
    };
    for part in inner {
        let span = Some(part.span());
        match name(&part) {
            Name::gtype => url.gtype = span,
            Name::selector | Name::gcommand => url.selector = span,
            Name::gopher_search | Name::search => url.search = span,
            Name::gopher_plus_string => url.gopher_plus = span,
            other => unreachable!("a gopher URL holds no {other:?}"),
        }
    }
    Ok(url)
}

/// `mailtourl = "mailto:" encoded822addr` (RFC 1738), `mailtoaddress = "mailto:" xalphas "@"
/// hostname` (the family): the address after the scheme. The draft prints the form with a
/// second ":" (`mailto::`), which is accepted and not part of the address.
fn mailto<'a, R: Grammar>(cx: &Lowering<'a>, node: Node<'_, 'a, R>) -> MailtoUrl<'a> {
    let span = node.span();
    let mut start = span.start as usize + "mailto:".len();
    if R::DIALECT == Dialect::DraftWwwUri00 && cx.text[start..].starts_with(':') {
        start += 1;
    }
    MailtoUrl {
        text: Cow::Borrowed(cx.text),
        address: Span {
            start: start as u32,
            end: span.end,
        },
    }
}

/// `newsurl = "news:" grouppart` (RFC 1738), `newsaddress = "news:" groupart` (the
/// family): `"*"` (a node of its own in RFC 1738, a bare literal in the family), a group,
/// or an article (`unique "@" host`).
fn news<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<NewsUrl<'a>, ParseError> {
    let grouppart = node
        .into_inner()
        .next()
        .expect("a news URL holds its grouppart");
    let grouppart = match grouppart.into_inner().next() {
        None => GrouppartSpans::AllGroups,
        Some(form) => match name(&form) {
            Name::all_groups => GrouppartSpans::AllGroups,
            Name::group => GrouppartSpans::Group(form.span()),
            _ => {
                expect_name(&form, &[Name::article]);
                let whole = form.span();
                let host = form
                    .into_inner()
                    .find(|part| name(part) == Name::host)
                    .expect("an article ends with host");
                match cx.host(host) {
                    Ok(host) => GrouppartSpans::Article { whole, host },
                    // In the family, an article whose host number is out of range is no
                    // article; the same text is a group when it starts with a letter (a
                    // group is an ialpha, which holds "@" and "."). RFC 1738's group holds
                    // no "@": the error stands.
                    Err(_)
                        if R::DIALECT != Dialect::Rfc1738
                            && whole
                                .of_text(cx.text)
                                .starts_with(|c: char| c.is_ascii_alphabetic()) =>
                    {
                        GrouppartSpans::Group(whole)
                    }
                    Err(error) => return Err(error),
                }
            }
        },
    };
    Ok(NewsUrl {
        text: Cow::Borrowed(cx.text),
        grouppart,
    })
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` (RFC 1738), `nntpaddress =
/// "nntp:" group "/" digits` (the family, which names no host). `digits = 1*digit` bounds
/// no article number (the accessors say when one does not fit in a u64).
fn nntp<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<NntpUrl<'a>, ParseError> {
    let (mut hostport, mut group, mut article) = (None, None, None);
    for part in node.into_inner() {
        match name(&part) {
            Name::hostport => hostport = Some(cx.hostport(part)?),
            Name::group => group = Some(part.span()),
            Name::digits => article = Some(part.span()),
            other => unreachable!("an nntp URL holds no {other:?}"),
        }
    }
    Ok(NntpUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        group: group.expect("an nntp URL holds group"),
        article,
    })
}

/// `telneturl = "telnet://" login [ "/" ]` (RFC 1738), `telnetaddress = "telnet://" login`
/// (and the family's `rloginaddress` and `tn3270address`, read alike).
fn telnet<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<TelnetUrl<'a>, ParseError> {
    let mut inner = node.into_inner();
    let login = cx.login(inner.next().expect("a telnet URL starts with login"))?;
    Ok(TelnetUrl {
        text: Cow::Borrowed(cx.text),
        login,
        trailing_slash: inner.next().is_some(),
    })
}

/// `waisurl = waisdatabase | waisindex | waisdoc` (RFC 1738), `waisaddress = waisindex |
/// waisdoc` (the family, whose waisindex's search is optional): `hostport "/" database`,
/// then `"?" search` or `"/" wtype "/" wpath` (the draft's: a plain `path`).
fn wais<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<WaisUrl<'a>, ParseError> {
    let form = node.into_inner().next().expect("a wais URL holds one form");
    let form_name = name(&form);
    let mut inner = form.into_inner();
    let hostport = cx.hostport(inner.next().expect("a wais form starts with hostport"))?;
    let database = inner.next().expect("a wais form holds database").span();
    let form = match form_name {
        Name::waisdoc => {
            let wtype = inner.next().expect("waisdoc holds wtype").span();
            let wpath = inner.next().expect("waisdoc ends with wpath").span();
            FormSpans::Document { wtype, wpath }
        }
        Name::waisindex | Name::waisdatabase => match inner.next() {
            Some(search) => FormSpans::Index {
                search: search.span(),
            },
            None => FormSpans::Database,
        },
        other => unreachable!("a wais URL holds no {other:?}"),
    };
    Ok(WaisUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        database,
        form,
    })
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath` (RFC 1738 only: in the family a
/// file URL is a generic URI).
fn file<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<FileUrl<'a>, ParseError> {
    let (mut host, mut fpath) = (None, None);
    for part in node.into_inner() {
        match name(&part) {
            Name::host => host = Some(cx.host(part)?),
            Name::fpath => fpath = Some(part.span()),
            other => unreachable!("fileurl holds no {other:?}"),
        }
    }
    Ok(FileUrl {
        text: Cow::Borrowed(cx.text),
        host,
        fpath: fpath.expect("fileurl ends with fpath"),
    })
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]` (RFC 1738),
/// `prosperoaddress = prosperolink`, `prosperolink = "prospero://" hostport "/" hsoname [
/// "%00" version [ attributes ]]` (the family).
fn prospero<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<ProsperoUrl<'a>, ParseError> {
    let node = match name(&node) {
        Name::prosperoaddress => node
            .into_inner()
            .next()
            .expect("prosperoaddress is a prosperolink"),
        _ => node,
    };
    let mut inner = node.into_inner();
    let hostport = cx.hostport(inner.next().expect("a prospero URL starts with hostport"))?;
    let ppath = inner.next().expect("a prospero URL holds its path").span();
    let (mut fields, mut version, mut attributes) = (Vec::new(), None, None);
    for part in inner {
        match name(&part) {
            Name::fieldspec => {
                let mut parts = part.into_inner().map(|part| part.span());
                let field = parts.next().expect("fieldspec holds fieldname");
                let value = parts.next().expect("fieldspec holds fieldvalue");
                fields.push((field, value));
            }
            Name::version => version = Some(part.span()),
            Name::attributes => attributes = Some(part.span()),
            other => unreachable!("a prospero URL holds no {other:?}"),
        }
    }
    Ok(ProsperoUrl {
        text: Cow::Borrowed(cx.text),
        hostport,
        ppath,
        fields,
        version,
        attributes,
    })
}

/// `midaddress = "mid:" addr_spec`, `cidaddress = "cid:" content_identifier` (the family):
/// the identifier.
fn id<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> IdUrl<'a> {
    IdUrl {
        text: Cow::Borrowed(text),
        id: node
            .into_inner()
            .next()
            .expect("the rule holds one child")
            .span(),
    }
}

/// RFC 1738's `otherurl = genericurl`, `genericurl = scheme ":" schemepart`: the scheme,
/// and the schemepart read as an `ip-schemepart` when it is one.
fn otherurl<'a, R: Grammar>(cx: &Lowering<'a>, node: Node<'_, 'a, R>) -> GenericUrl<'a> {
    let genericurl = node.into_inner().next().expect("otherurl holds genericurl");
    let mut inner = genericurl.into_inner();
    let scheme = inner.next().expect("genericurl starts with scheme");
    let scheme_part = inner.next().expect("genericurl ends with schemepart");
    let part_span = scheme_part.span();
    // schemepart = *xchar | ip-schemepart: an ip-schemepart whose port or hostnumber is
    // out of range is no ip-schemepart, but the same text is still a valid *xchar, so
    // the schemepart is then read as opaque rather than refused.
    let form = match scheme_part.into_inner().next() {
        Some(ip) if name(&ip) == Name::ip_schemepart => {
            let mut parts = ip.into_inner();
            let login = cx.login(parts.next().expect("ip-schemepart holds login"));
            let urlpath = parts.next().map(|urlpath| urlpath.span());
            login.map_or(GenericParts::Opaque, |login| GenericParts::IpSchemepart {
                login,
                urlpath,
            })
        }
        _ => GenericParts::Opaque,
    };
    generic_url(cx.text, scheme.span(), part_span, form)
}

/// The family's generic `uri` (the draft's `generic`): its `scheme`, then `path [ "?"
/// search ]`.
pub(super) fn generic_uri<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> Url<'a> {
    let scheme = node
        .into_inner()
        .next()
        .expect("a generic uri starts with scheme");
    expect_name(&scheme, &[Name::scheme]);
    generic_after(text, scheme.span())
}

/// The draft's generic reading of a named production's text: the scheme up to the first
/// ":" (a named production starts with its scheme and ":").
pub(super) fn generic_up_to_colon(text: &str) -> Url<'_> {
    let colon = text.find(':').unwrap_or_default() as u32;
    generic_after(
        text,
        Span {
            start: 0,
            end: colon,
        },
    )
}

/// A generic URI of the family: `scheme`, then the rest after its ":".
fn generic_after(text: &str, scheme: Span) -> Url<'_> {
    let scheme_part = Span {
        start: scheme.end + 1,
        end: text.len() as u32,
    };
    Url::Generic(generic_url(text, scheme, scheme_part, GenericParts::Uri))
}

fn generic_url(text: &str, scheme: Span, scheme_part: Span, form: GenericParts) -> GenericUrl<'_> {
    let written = scheme.of_text(text);
    let scheme_lower = written
        .bytes()
        .any(|b| b.is_ascii_uppercase())
        .then(|| written.to_ascii_lowercase().into_boxed_str());
    GenericUrl {
        text: Cow::Borrowed(text),
        scheme,
        scheme_lower,
        scheme_part,
        form,
    }
}
