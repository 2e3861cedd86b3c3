//! Lowering of RFC 1738's `ftpurl` tree into [`FtpUrl`].

use crate::ast::scheme::FtpUrl;
use crate::ast::scheme::{FtpTypeSpan, Typecode};
use crate::lowering::{expect_rule, Lowering};
use crate::syntax::compiled::rfc1738::Rule;
use crate::syntax::tree::Node;
use crate::vocabulary::error::ParseError;
use std::borrow::Cow;

impl<'a> FtpUrl<'a> {
    pub(crate) fn lower(cx: &Lowering<'a>, pair: Node<'_, 'a, Rule>) -> Result<Self, ParseError> {
        expect_rule(&pair, Rule::ftpurl);
        let mut inner = pair.into_inner();
        let login = cx.login(inner.next().expect("ftpurl starts with login"))?;
        let (mut fpath, mut ftp_type) = (None, None);
        for part in inner {
            match part.as_rule() {
                Rule::fpath => fpath = Some(part.span()),
                Rule::ftptype => {
                    let code = Typecode::from_letter(part.as_str());
                    ftp_type = Some(FtpTypeSpan::Typecode(code, part.span()));
                }
                other => unreachable!("ftpurl holds no {other:?}"),
            }
        }
        Ok(FtpUrl {
            text: Cow::Borrowed(cx.text),
            login,
            fpath,
            ftp_type,
        })
    }
}
