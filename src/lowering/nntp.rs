//! Lowering of RFC 1738's `nntpurl` tree into [`NntpUrl`].

use crate::ast::scheme::NntpUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> NntpUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::nntpurl);
        let mut inner = pair.into_inner();
        let hostport = cx.hostport(inner.next().expect("nntpurl starts with hostport"))?;
        let group = inner.next().expect("nntpurl holds group").span();
        // `digits = 1*digit`: RFC 1738 bounds no article number (the accessors say when
        // one does not fit in a u64).
        let article = inner.next().map(|digits| digits.span());
        Ok(NntpUrl {
            text: Cow::Borrowed(cx.text),
            hostport: Some(hostport),
            group,
            article,
        })
    }
}
