//! Lowering of RFC 1738's `gopherurl` tree into [`GopherUrl`].

use crate::ast::scheme::GopherUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> GopherUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::gopherurl);
        let mut inner = pair.into_inner();
        let hostport = cx.hostport(inner.next().expect("gopherurl starts with hostport"))?;
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
            match part.as_rule() {
                Rule::gtype => url.gtype = span,
                Rule::selector => url.selector = span,
                Rule::gopher_search => url.search = span,
                Rule::gopher_plus_string => url.gopher_plus = span,
                other => unreachable!("gopherurl holds no {other:?}"),
            }
        }
        Ok(url)
    }
}
