//! The authority of the URLs that have one (`login`, `hostport`, `host`, `port`: RFC 1738
//! section 5, and RFC 1630's alike), lowered from any of the three grammars' trees, with
//! the checks beyond the BNF (ports at most 65535, hostnumber octets at most 255).

use crate::ast::host::{HostPortSpans, HostSpan, LoginSpans, PortSpan};
use crate::lowering::Lowering;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::node::Node;
use crate::vocabulary::error::{ErrorKind, ParseError};
use std::net::Ipv4Addr;

impl Lowering<'_> {
    /// Lowers `login`: an empty user or password is kept apart from an absent one.
    #[inline(always)]
    pub(crate) fn login<R: Grammar>(
        &self,
        node: Node<'_, '_, R>,
    ) -> Result<LoginSpans, ParseError> {
        let hostport = node
            .child(Name::hostport)
            .expect("login ends with hostport");
        Ok(LoginSpans {
            user: node.opt_span_of(Name::user),
            password: node.opt_span_of(Name::password),
            hostport: self.hostport(hostport)?,
        })
    }

    /// Lowers `hostport`, checking the port's range.
    #[inline(always)]
    pub(crate) fn hostport<R: Grammar>(
        &self,
        node: Node<'_, '_, R>,
    ) -> Result<HostPortSpans, ParseError> {
        let host = self.host(node.child(Name::host).expect("hostport starts with host"))?;
        let port = node
            .child(Name::port)
            .map(|port| self.port(port))
            .transpose()?;
        Ok(HostPortSpans { host, port })
    }

    /// Lowers `host` (a `hostname` or a `hostnumber`), checking each octet of a hostnumber.
    #[inline(always)]
    pub(crate) fn host<R: Grammar>(&self, node: Node<'_, '_, R>) -> Result<HostSpan, ParseError> {
        let number = match node.child(Name::hostnumber) {
            Some(hostnumber) => Some(self.hostnumber(hostnumber)?),
            None => None,
        };
        Ok(HostSpan {
            span: node.span(),
            number,
        })
    }

    /// `hostnumber = digits "." digits "." digits "." digits`, each at most 255.
    fn hostnumber<R: Grammar>(&self, node: Node<'_, '_, R>) -> Result<Ipv4Addr, ParseError> {
        let mut octets = [0u8; 4];
        for (nth, octet) in octets.iter_mut().enumerate() {
            let digits = node
                .nth(Name::digits, nth)
                .expect("hostnumber holds four digits");
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

    /// `port = digits`, at most 65535.
    #[inline(always)]
    fn port<R: Grammar>(&self, node: Node<'_, '_, R>) -> Result<PortSpan, ParseError> {
        match decimal_value(node.as_str()).and_then(|value| u16::try_from(value).ok()) {
            Some(value) => Ok(PortSpan {
                span: node.span(),
                value,
            }),
            None => {
                let error = |port| ErrorKind::PortOutOfRange { port };
                Err(self.out_of_range(&node, error, "port"))
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
