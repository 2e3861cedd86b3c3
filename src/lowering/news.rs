//! Lowering of RFC 1738's `newsurl` tree into [`NewsUrl`].

use crate::ast::scheme::GrouppartSpans;
use crate::ast::scheme::NewsUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> NewsUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::newsurl);
        let grouppart = pair.into_inner().next().expect("newsurl holds grouppart");
        let form = grouppart
            .into_inner()
            .next()
            .expect("grouppart holds one form");
        let grouppart = match form.as_rule() {
            Rule::all_groups => GrouppartSpans::AllGroups,
            Rule::group => GrouppartSpans::Group(form.span()),
            Rule::article => {
                let whole = form.span();
                let host = cx.host(form.into_inner().next().expect("article ends with host"))?;
                GrouppartSpans::Article { whole, host }
            }
            other => unreachable!("grouppart holds no {other:?}"),
        };
        Ok(NewsUrl {
            text: Cow::Borrowed(cx.text),
            grouppart,
        })
    }
}
