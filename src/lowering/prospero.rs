//! Lowering of RFC 1738's `prosperourl` tree into [`ProsperoUrl`].

use crate::ast::scheme::ProsperoUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> ProsperoUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::prosperourl);
        let mut inner = pair.into_inner();
        let hostport = cx.hostport(inner.next().expect("prosperourl starts with hostport"))?;
        let ppath = inner.next().expect("prosperourl holds ppath").span();
        let fields = inner
            .map(|fieldspec| {
                expect_rule(&fieldspec, Rule::fieldspec);
                let mut parts = fieldspec.into_inner().map(|part| part.span());
                let name = parts.next().expect("fieldspec holds fieldname");
                let value = parts.next().expect("fieldspec holds fieldvalue");
                (name, value)
            })
            .collect();
        Ok(ProsperoUrl {
            text: Cow::Borrowed(cx.text),
            hostport,
            ppath,
            fields,
            version: None,
            attributes: None,
        })
    }
}
