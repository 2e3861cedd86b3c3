//! One lowering per production, for the three grammars: RFC 1738's `httpurl` and the RFC
//! 1630 family's `httpaddress` are read by the same function, by the names of their parts.
//! Where the grammars truly differ, the function says so and branches on the dialect.

use super::{Lowering, first_of};
use crate::ast::scheme::{
    FileUrl, FormSpans, FtpTypeSpan, FtpUrl, GenericParts, GenericUrl, GopherUrl, GrouppartSpans,
    HttpUrl, IdUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, Typecode, WaisUrl,
};
use crate::ast::url::Url;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::node::Node;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::span::Span;
use std::borrow::Cow;

/// The production a `url` node holds, in any of the grammars (the draft's `generic`
/// among them).
#[inline(always)]
pub(super) fn production_of<'c, 'a, R: Grammar>(url: Node<'c, 'a, R>) -> Option<Node<'c, 'a, R>> {
    // In the order of how often each kind comes in archives of the time (one test each;
    // one production matched).
    first_of!(
        url,
        [
            httpurl,
            httpaddress,
            ftpurl,
            ftpaddress,
            otherurl,
            generic,
            gopherurl,
            gopheraddress,
            newsurl,
            newsaddress,
            waisurl,
            waisaddress,
            telneturl,
            telnetaddress,
            prosperourl,
            prosperoaddress,
            fileurl,
            mailtourl,
            mailtoaddress,
            nntpurl,
            nntpaddress,
            rloginaddress,
            tn3270address,
            midaddress,
            cidaddress,
        ]
    )
}

/// The kind of URL a production's node reads, in any of the grammars.
#[inline(always)]
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
#[inline(always)]
pub(super) fn production<'a, R: Grammar>(
    text: &'a str,
    node: Node<'_, 'a, R>,
) -> Result<Url<'a>, ParseError> {
    let kind = kind_of(node.name());
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
#[inline(always)]
fn http<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<HttpUrl<'a>, ParseError> {
    let hostport = node
        .child(Name::hostport)
        .expect("an http URL holds hostport");
    let hpath = first_of!(opt_spans node, [hpath, path]);
    Ok(HttpUrl {
        text: Cow::Borrowed(cx.text),
        hostport: cx.hostport(hostport).map_err(|e| cx.refused(e))?,
        hpath,
        search: node.opt_span_of(Name::search),
    })
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` (RFC 1738),
/// `ftpaddress = "ftp://" login "/" path [ ";type=" ftptype ]` (RFC 1630; the draft has no
/// ftptype). The grammars differ in what an ftptype is: RFC 1738's one letter, a
/// [`Typecode`], or RFC 1630's code of RFC 959, kept as written.
#[inline(always)]
fn ftp<'a, R: Grammar>(cx: &Lowering<'a>, node: Node<'_, 'a, R>) -> Result<FtpUrl<'a>, ParseError> {
    let login = node.child(Name::login).expect("an ftp URL holds login");
    let fpath = first_of!(opt_spans node, [fpath, path]);
    let ftp_type = node.child(Name::ftptype).map(|ftptype| match R::DIALECT {
        Dialect::Rfc1738 => {
            FtpTypeSpan::Typecode(Typecode::from_letter(ftptype.as_str()), ftptype.span())
        }
        _ => FtpTypeSpan::Ftptype(ftptype.span()),
    });
    Ok(FtpUrl {
        text: Cow::Borrowed(cx.text),
        login: cx.login(login).map_err(|e| cx.refused(e))?,
        fpath,
        ftp_type,
    })
}

/// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09"
/// gopher+_string ]]]]]` (RFC 1738), `gopheraddress = "gopher://" hostport [ "/" gtype [
/// gcommand ]]` (RFC 1630; the draft's `selector` and `[ "?" search ]`).
#[inline(always)]
fn gopher<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<GopherUrl<'a>, ParseError> {
    let hostport = node
        .child(Name::hostport)
        .expect("a gopher URL holds hostport");
    Ok(GopherUrl {
        text: Cow::Borrowed(cx.text),
        hostport: cx.hostport(hostport).map_err(|e| cx.refused(e))?,
        gtype: node.opt_span_of(Name::gtype),
        selector: first_of!(opt_spans node, [selector, gcommand]),
        search: first_of!(opt_spans node, [gopher_search, search]),
        gopher_plus: node.opt_span_of(Name::gopher_plus_string),
    })
}

/// `mailtourl = "mailto:" encoded822addr` (RFC 1738), `mailtoaddress = "mailto:" xalphas "@"
/// hostname` (the family): the address after the scheme. The draft prints the form with a
/// second ":" (`mailto::`), which is accepted and not part of the address.
#[inline(always)]
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
#[inline(always)]
fn news<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<NewsUrl<'a>, ParseError> {
    let grouppart = first_of!(node, [grouppart, groupart]).expect("a news URL holds its grouppart");
    let grouppart = if let Some(group) = grouppart.child(Name::group) {
        GrouppartSpans::Group(group.span())
    } else if let Some(article) = grouppart.child(Name::article) {
        let whole = article.span();
        let host = article
            .child(Name::host)
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
            Err(out_of_range) => return Err(cx.refused(out_of_range)),
        }
    } else {
        // RFC 1738's `all_groups`, or the family's bare "*".
        GrouppartSpans::AllGroups
    };
    Ok(NewsUrl {
        text: Cow::Borrowed(cx.text),
        grouppart,
    })
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` (RFC 1738), `nntpaddress =
/// "nntp:" group "/" digits` (the family, which names no host). `digits = 1*digit` bounds
/// no article number (the accessors say when one does not fit in a u64).
#[inline(always)]
fn nntp<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<NntpUrl<'a>, ParseError> {
    let hostport = node.child(Name::hostport);
    let group = node.child(Name::group).expect("an nntp URL holds group");
    Ok(NntpUrl {
        text: Cow::Borrowed(cx.text),
        hostport: hostport
            .map(|hostport| cx.hostport(hostport))
            .transpose()
            .map_err(|e| cx.refused(e))?,
        group: group.span(),
        article: node.opt_span_of(Name::digits),
    })
}

/// `telneturl = "telnet://" login [ "/" ]` (RFC 1738), `telnetaddress = "telnet://" login`
/// (and the family's `rloginaddress` and `tn3270address`, read alike).
#[inline(always)]
fn telnet<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<TelnetUrl<'a>, ParseError> {
    let login = node.child(Name::login).expect("a telnet URL holds login");
    Ok(TelnetUrl {
        text: Cow::Borrowed(cx.text),
        login: cx.login(login).map_err(|e| cx.refused(e))?,
        trailing_slash: node.child(Name::trailing_slash).is_some(),
    })
}

/// `waisurl = waisdatabase | waisindex | waisdoc` (RFC 1738), `waisaddress = waisindex |
/// waisdoc` (the family, whose waisindex's search is optional): `hostport "/" database`,
/// then `"?" search` or `"/" wtype "/" wpath` (the draft's: a plain `path`).
#[inline(always)]
fn wais<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<WaisUrl<'a>, ParseError> {
    let form =
        first_of!(node, [waisdoc, waisindex, waisdatabase]).expect("a wais URL holds one form");
    let hostport = form
        .child(Name::hostport)
        .expect("a wais form holds hostport");
    let database = form
        .span_of(Name::database)
        .expect("a wais form holds database");
    let wpath = first_of!(spans form, [wpath, path]);
    let shape = match (form.span_of(Name::wtype), wpath, form.span_of(Name::search)) {
        (Some(wtype), Some(wpath), _) => FormSpans::Document { wtype, wpath },
        (_, _, Some(search)) => FormSpans::Index { search },
        _ => FormSpans::Database,
    };
    Ok(WaisUrl {
        text: Cow::Borrowed(cx.text),
        hostport: cx.hostport(hostport).map_err(|e| cx.refused(e))?,
        database,
        form: shape,
    })
}

/// `fileurl = "file://" [ host | "localhost" ] "/" fpath` (RFC 1738 only: in the family a
/// file URL is a generic URI).
#[inline(always)]
fn file<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<FileUrl<'a>, ParseError> {
    let fpath = node.child(Name::fpath).expect("fileurl ends with fpath");
    Ok(FileUrl {
        text: Cow::Borrowed(cx.text),
        host: node
            .child(Name::host)
            .map(|host| cx.host(host))
            .transpose()
            .map_err(|e| cx.refused(e))?,
        fpath: fpath.span(),
    })
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]` (RFC 1738),
/// `prosperoaddress = prosperolink`, `prosperolink = "prospero://" hostport "/" hsoname [
/// "%00" version [ attributes ]]` (the family).
#[inline(always)]
fn prospero<'a, R: Grammar>(
    cx: &Lowering<'a>,
    node: Node<'_, 'a, R>,
) -> Result<ProsperoUrl<'a>, ParseError> {
    let node = match node.name() {
        Name::prosperoaddress => node
            .child(Name::prosperolink)
            .expect("prosperoaddress is a prosperolink"),
        _ => node,
    };
    let hostport = node
        .child(Name::hostport)
        .expect("a prospero URL holds hostport");
    let ppath = first_of!(spans node, [ppath, hsoname]).expect("a prospero URL holds its path");
    // The fieldspecs, from the first ";" after the path to the end (RFC 1738's; the
    // family's version and attributes come after a "%00" instead).
    let end = match node.child(Name::fieldspec) {
        Some(_) => node.span().end,
        None => ppath.end,
    };
    let fields = Span {
        start: ppath.end,
        end,
    };
    Ok(ProsperoUrl {
        text: Cow::Borrowed(cx.text),
        hostport: cx.hostport(hostport).map_err(|e| cx.refused(e))?,
        ppath,
        fields,
        version: node.opt_span_of(Name::version),
        attributes: node.opt_span_of(Name::attributes),
    })
}

/// `midaddress = "mid:" addr_spec`, `cidaddress = "cid:" content_identifier` (the family):
/// the identifier.
#[inline(always)]
fn id<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> IdUrl<'a> {
    IdUrl {
        text: Cow::Borrowed(text),
        id: first_of!(spans node, [addr_spec, content_identifier])
            .expect("the rule holds its identifier"),
    }
}

/// RFC 1738's `otherurl = genericurl`, `genericurl = scheme ":" schemepart`: the scheme,
/// and the schemepart read as an `ip-schemepart` when it is one.
#[inline(always)]
fn otherurl<'a, R: Grammar>(cx: &Lowering<'a>, node: Node<'_, 'a, R>) -> GenericUrl<'a> {
    let genericurl = node
        .child(Name::genericurl)
        .expect("otherurl holds genericurl");
    let scheme = genericurl
        .child(Name::scheme)
        .expect("genericurl starts with scheme");
    let scheme_part = genericurl
        .child(Name::schemepart)
        .expect("genericurl ends with schemepart");
    let part_span = scheme_part.span();
    // schemepart = *xchar | ip-schemepart: an ip-schemepart whose port or hostnumber is
    // out of range is no ip-schemepart, but the same text is still a valid *xchar, so
    // the schemepart is then read as opaque rather than refused.
    let form = match scheme_part.child(Name::ip_schemepart) {
        Some(ip) => {
            let login = cx.login(ip.child(Name::login).expect("ip-schemepart holds login"));
            let urlpath = ip.span_of(Name::urlpath);
            login.map_or(GenericParts::Opaque, |login| GenericParts::IpSchemepart {
                login,
                urlpath,
            })
        }
        None => GenericParts::Opaque,
    };
    generic_url(cx.text, scheme.span(), part_span, form)
}

/// The family's generic `uri` (the draft's `generic`): its `scheme`, then `path [ "?"
/// search ]`.
pub(super) fn generic_uri<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> Url<'a> {
    let scheme = node
        .child(Name::scheme)
        .expect("a generic uri starts with scheme");
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

#[inline(always)]
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
