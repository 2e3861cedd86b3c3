//! Lowering of RFC 1738's `mailtourl` tree into [`MailtoUrl`].

use crate::ast::scheme::MailtoUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use std::borrow::Cow;

impl<'a> MailtoUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Self {
        expect_rule(&pair, Rule::mailtourl);
        let address = pair
            .into_inner()
            .next()
            .expect("mailtourl holds encoded822addr");
        MailtoUrl {
            text: Cow::Borrowed(cx.text),
            address: address.span(),
        }
    }
}
