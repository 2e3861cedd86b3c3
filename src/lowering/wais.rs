//! Lowering of RFC 1738's `waisurl` tree into [`WaisUrl`].

use crate::ast::scheme::FormSpans;
use crate::ast::scheme::WaisUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> WaisUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::waisurl);
        let form = pair.into_inner().next().expect("waisurl holds one form");
        let form_rule = form.as_rule();
        let mut inner = form.into_inner();
        let hostport = cx.hostport(inner.next().expect("a wais form starts with hostport"))?;
        let database = inner.next().expect("a wais form holds database").span();
        let mut next_span = || inner.next().expect("the wais form is complete").span();
        let form = match form_rule {
            Rule::waisdatabase => FormSpans::Database,
            Rule::waisindex => FormSpans::Index {
                search: next_span(),
            },
            Rule::waisdoc => FormSpans::Document {
                wtype: next_span(),
                wpath: next_span(),
            },
            other => unreachable!("waisurl holds no {other:?}"),
        };
        Ok(WaisUrl {
            text: Cow::Borrowed(cx.text),
            hostport,
            database,
            form,
        })
    }
}
