//! The lowering of RFC 2396's grammar (`grammar/rfc2396.pest`): a `URI-reference`
//! becomes a [`GenericUrl`] of form `hier_part`, `opaque_part` or `relativeURI`, its
//! fragment the reference's. RFC 2396 sets no range for a port or an `IPv4address`'s parts,
//! so nothing the grammar accepts is refused here: a port above 65535 keeps its digits
//! (no value), an `IPv4address` part above 255 gives a host with no address.

use crate::ast::host::HostSpan;
use crate::ast::reference::UrlReference;
use crate::ast::scheme::{AuthoritySpans, GenericParts, GenericUrl, Rfc2396Form, Rfc2396Spans};
use crate::ast::url::Url;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::node::Node;
use crate::vocabulary::span::{OptSpan, Span};
use std::borrow::Cow;
use std::net::Ipv4Addr;

/// Lowers a successful run of `whole_reference` over all of `input`.
#[inline(always)]
pub(crate) fn lower_reference<'a, R: Grammar>(
    input: &'a str,
    slots: &R::Slots,
) -> UrlReference<'a> {
    let root = Node::root(slots, input, R::REFERENCE, input.len());
    let reference = root
        .child(Name::URI_reference)
        .expect("whole_reference holds URI-reference");
    let fragment = reference.child(Name::fragment).map(|fragment| {
        let span = fragment.span();
        span.start as usize..span.end as usize
    });
    // The URI ends where the fragment's "#" is.
    let end = fragment
        .as_ref()
        .map_or(input.len(), |range| range.start - 1);
    let url = lower_uri(&input[..end], reference);
    crate::ast::reference::new(R::DIALECT, input, false, url, fragment)
}

/// The URI under `node` (a `URI-reference`), whose text is `text` (the reference up to its
/// `#`); spans count from the start of `text`, which is also the reference's.
fn lower_uri<'a, R: Grammar>(text: &'a str, node: Node<'_, 'a, R>) -> Url<'a> {
    let (scheme, form, body) = if let Some(absolute) = node.child(Name::absoluteURI) {
        let scheme = absolute
            .span_of(Name::scheme)
            .expect("absoluteURI starts with scheme");
        match absolute.child(Name::hier_part) {
            Some(hier) => (scheme, Rfc2396Form::HierPart, Some(hier)),
            None => (scheme, Rfc2396Form::OpaquePart, Some(absolute)),
        }
    } else {
        let empty = Span { start: 0, end: 0 };
        (
            empty,
            Rfc2396Form::RelativeUri,
            node.child(Name::relativeURI),
        )
    };
    let after_scheme = if form == Rfc2396Form::RelativeUri {
        0
    } else {
        scheme.end + 1
    };
    let parts = match body {
        None => Rfc2396Spans {
            // The empty reference (or a fragment alone): an empty relative path.
            form,
            authority: None,
            path: Span {
                start: after_scheme,
                end: after_scheme,
            },
            query: OptSpan::NONE,
        },
        Some(body) if form == Rfc2396Form::OpaquePart => Rfc2396Spans {
            form,
            authority: None,
            path: body
                .span_of(Name::opaque_part)
                .expect("absoluteURI holds hier_part or opaque_part"),
            query: OptSpan::NONE,
        },
        Some(body) => {
            let net_path = body.child(Name::net_path);
            let authority = net_path.map(|net_path| {
                authority(
                    text,
                    net_path
                        .child(Name::authority)
                        .expect("net_path holds authority"),
                )
            });
            let path = net_path
                .and_then(|net_path| net_path.span_of(Name::abs_path))
                .or_else(|| body.span_of(Name::abs_path))
                .or_else(|| body.span_of(Name::rel_path))
                .unwrap_or_else(|| {
                    // A net_path without abs_path: the empty path after the authority.
                    let end = authority.map_or(after_scheme, |authority| authority.span.end);
                    Span { start: end, end }
                });
            Rfc2396Spans {
                form,
                authority,
                path,
                query: body.opt_span_of(Name::query),
            }
        }
    };
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
            start: after_scheme,
            end: text.len() as u32,
        },
        form: GenericParts::Rfc2396(parts),
    })
}

/// An `authority`: a `server` (`[ userinfo "@" ] hostport`, possibly empty) or a
/// `reg_name`.
fn authority<R: Grammar>(text: &str, node: Node<'_, '_, R>) -> AuthoritySpans {
    let span = node.span();
    let Some(server) = node.child(Name::server) else {
        return AuthoritySpans {
            span,
            userinfo: OptSpan::NONE,
            host: None,
            port: OptSpan::NONE,
            port_value: None,
            reg_name: true,
        };
    };
    let hostport = server.child(Name::hostport);
    let host = hostport.and_then(|hostport| hostport.child(Name::host));
    let port = hostport.and_then(|hostport| hostport.span_of(Name::port));
    AuthoritySpans {
        span,
        userinfo: server.opt_span_of(Name::userinfo),
        host: host.map(|host| HostSpan {
            span: host.span(),
            number: host
                .child(Name::IPv4address)
                .and_then(|address| ipv4(address.as_str())),
        }),
        port: OptSpan::from(port),
        port_value: port.and_then(|port| port.of_text(text).parse::<u16>().ok()),
        reg_name: false,
    }
}

/// The address an `IPv4address` writes, when each of its parts is at most 255 (leading
/// zeros allowed, as RFC 1738's `hostnumber` reads them).
fn ipv4(address: &str) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    for (octet, digits) in octets.iter_mut().zip(address.split('.')) {
        *octet = digits.parse().ok()?;
    }
    Some(Ipv4Addr::from(octets))
}
