//! Lowering of RFC 1738's `genericurl` tree into [`GenericUrl`].

use crate::ast::scheme::GenericParts;
use crate::ast::scheme::GenericUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use std::borrow::Cow;

impl<'a> GenericUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Self {
        expect_rule(&pair, Rule::otherurl);
        let genericurl = pair.into_inner().next().expect("otherurl holds genericurl");
        let mut inner = genericurl.into_inner();
        let scheme = inner.next().expect("genericurl starts with scheme");
        let scheme_part = inner.next().expect("genericurl ends with schemepart");
        let written = scheme.as_str();
        let scheme_lower = written
            .bytes()
            .any(|b| b.is_ascii_uppercase())
            .then(|| written.to_ascii_lowercase().into_boxed_str());
        let scheme_span = scheme.span();
        let part_span = scheme_part.span();
        // schemepart = *xchar | ip-schemepart: an ip-schemepart whose port or hostnumber is
        // out of range is no ip-schemepart, but the same text is still a valid *xchar, so
        // the schemepart is then read as opaque rather than refused.
        let form = match scheme_part.into_inner().next() {
            Some(ip) if ip.as_rule() == Rule::ip_schemepart => {
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
        GenericUrl {
            text: Cow::Borrowed(cx.text),
            scheme: scheme_span,
            scheme_lower,
            scheme_part: part_span,
            form,
        }
    }
}
