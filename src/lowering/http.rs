//! Lowering of RFC 1738's `httpurl` tree into [`HttpUrl`].

use crate::ast::scheme::HttpUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> HttpUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::httpurl);
        let mut inner = pair.into_inner();
        let hostport = cx.hostport(inner.next().expect("httpurl starts with hostport"))?;
        let (mut hpath, mut search) = (None, None);
        for part in inner {
            match part.as_rule() {
                Rule::hpath => hpath = Some(part.span()),
                Rule::search => search = Some(part.span()),
                other => unreachable!("httpurl holds no {other:?}"),
            }
        }
        Ok(HttpUrl {
            text: Cow::Borrowed(cx.text),
            hostport,
            hpath,
            search,
        })
    }
}
