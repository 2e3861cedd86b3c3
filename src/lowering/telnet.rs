//! Lowering of RFC 1738's `telneturl` tree into [`TelnetUrl`].

use crate::ast::scheme::TelnetUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> TelnetUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::telneturl);
        let mut inner = pair.into_inner();
        let login = cx.login(inner.next().expect("telneturl starts with login"))?;
        Ok(TelnetUrl {
            text: Cow::Borrowed(cx.text),
            login,
            trailing_slash: inner.next().is_some(),
        })
    }
}
