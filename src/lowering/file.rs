//! Lowering of RFC 1738's `fileurl` tree into [`FileUrl`].

use crate::ast::scheme::FileUrl;
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> FileUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::fileurl);
        let (mut host, mut fpath) = (None, None);
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::host => host = Some(cx.host(part)?),
                Rule::fpath => fpath = Some(part.span()),
                other => unreachable!("fileurl holds no {other:?}"),
            }
        }
        Ok(FileUrl {
            text: Cow::Borrowed(cx.text),
            host,
            fpath: fpath.expect("fileurl ends with fpath"),
        })
    }
}
