//! The authority of the URLs that have one (`login`, `hostport`, `host`, `port`: RFC 1738
//! section 5, and RFC 1630's alike), lowered from any of the three grammars' trees, with
//! the checks beyond the BNF (ports at most 65535, hostnumber octets at most 255).

use crate::ast::host::{HostPortSpans, HostSpan, LoginSpans, PortSpan};
use crate::lowering::{expect_name, name, Lowering};
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::tree::Node;
use crate::vocabulary::error::{ErrorKind, ParseError};
use std::net::Ipv4Addr;

impl Lowering<'_> {
    /// Lowers `login`: an empty user or password is kept apart from an absent one.
    #[inline]
    pub(crate) fn login<R: Grammar>(
        &self,
        pair: Node<'_, '_, R>,
    ) -> Result<LoginSpans, ParseError> {
        expect_name(&pair, &[Name::login]);
        let (mut user, mut password, mut hostport) = (None, None, None);
        for part in pair.into_inner() {
            match name(&part) {
                Name::user => user = Some(part.span()),
                Name::password => password = Some(part.span()),
                Name::hostport => hostport = Some(self.hostport(part)?),
                other => unreachable!("login holds no {other:?}"),
            }
        }
        Ok(LoginSpans {
            user,
            password,
            hostport: hostport.expect("login ends with hostport"),
        })
    }

    /// Lowers `hostport`, checking the port's range.
    #[inline]
    pub(crate) fn hostport<R: Grammar>(
        &self,
        pair: Node<'_, '_, R>,
    ) -> Result<HostPortSpans, ParseError> {
        expect_name(&pair, &[Name::hostport]);
        let mut inner = pair.into_inner();
        let host = self.host(inner.next().expect("hostport starts with host"))?;
        let port = inner.next().map(|port| self.port(port)).transpose()?;
        Ok(HostPortSpans { host, port })
    }

    /// Lowers `host`, checking each octet of a hostnumber.
    #[inline]
    pub(crate) fn host<R: Grammar>(&self, pair: Node<'_, '_, R>) -> Result<HostSpan, ParseError> {
        expect_name(&pair, &[Name::host]);
        let span = pair.span();
        let form = pair
            .into_inner()
            .next()
            .expect("host is hostname or hostnumber");
        let number = match name(&form) {
            Name::hostname => None,
            Name::hostnumber => Some(self.hostnumber(form)?),
            other => unreachable!("host holds no {other:?}"),
        };
        Ok(HostSpan { span, number })
    }

    fn hostnumber<R: Grammar>(&self, pair: Node<'_, '_, R>) -> Result<Ipv4Addr, ParseError> {
        let mut octets = [0u8; 4];
        for (octet, digits) in octets.iter_mut().zip(pair.into_inner()) {
            *octet = match decimal_value(digits.as_str()) {
                Some(value) if value <= 255 => value as u8,
                _ => {
                    let error = |octet| ErrorKind::OctetOutOfRange { octet };
                    return Err(self.out_of_range(&digits, error, "hostnumber"));
                }
            };
        }
        Ok(Ipv4Addr::from(octets))
    }

    #[inline]
    fn port<R: Grammar>(&self, pair: Node<'_, '_, R>) -> Result<PortSpan, ParseError> {
        expect_name(&pair, &[Name::port]);
        match decimal_value(pair.as_str()).and_then(|value| u16::try_from(value).ok()) {
            Some(value) => Ok(PortSpan {
                span: pair.span(),
                value,
            }),
            None => {
                let error = |port| ErrorKind::PortOutOfRange { port };
                Err(self.out_of_range(&pair, error, "port"))
            }
        }
    }
}

/// The value of a string of ASCII digits, or `None` when it exceeds `u64` (a port or octet
/// with a thousand digits is out of range, not an overflow).
pub(crate) fn decimal_value(digits: &str) -> Option<u64> {
    digits.bytes().try_fold(0u64, |value, digit| {
        value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::decimal_value;

    #[test]
    fn decimal_value_reads_leading_zeros() {
        assert_eq!(decimal_value("0080"), Some(80));
    }

    #[test]
    fn decimal_value_refuses_overflow_instead_of_wrapping() {
        assert_eq!(decimal_value("18446744073709551615"), Some(u64::MAX));
        assert_eq!(decimal_value("18446744073709551616"), None);
        assert_eq!(decimal_value(&"9".repeat(1000)), None);
    }
}
