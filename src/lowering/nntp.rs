//! Lowering of RFC 1738's `nntpurl` tree into [`NntpUrl`].

use crate::ast::scheme::NntpUrl;
use crate::lowering::authority::decimal_value;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::grammar::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::{ErrorKind, ParseError};
use std::borrow::Cow;

impl<'a> NntpUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::nntpurl);
        let mut inner = pair.into_inner();
        let hostport = cx.hostport(inner.next().expect("nntpurl starts with hostport"))?;
        let group = inner.next().expect("nntpurl holds group").span();
        let article = match inner.next() {
            None => None,
            Some(digits) => match decimal_value(digits.as_str()) {
                Some(number) => Some((digits.span(), number)),
                None => {
                    let error = |number| ErrorKind::ArticleNumberOutOfRange { number };
                    return Err(cx.out_of_range(&digits, error, "digits"));
                }
            },
        };
        Ok(NntpUrl {
            text: Cow::Borrowed(cx.text),
            hostport: Some(hostport),
            group,
            article,
        })
    }
}
