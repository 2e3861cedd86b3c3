//! The authority of the URLs that have one (`login`, `hostport`, `host`, `port`: RFC 1738
//! section 5, and RFC 1630's alike), lowered from any of the three grammars' trees, with
//! the checks beyond the BNF (ports at most 65535, hostnumber octets at most 255).

use crate::ast::host::{HostPortSpans, HostSpan, LoginSpans, PortSpan};
use crate::lowering::Lowering;
use crate::syntax::compiled::{Grammar, Name};
use crate::syntax::node::Node;
use crate::vocabulary::error::{ErrorKind, ParseError, abbreviate};
use crate::vocabulary::span::Span;
use std::net::Ipv4Addr;

/// A number the grammar matched and the RFC bounds, out of its range: what the lowering
/// finds before it makes the error, which a reading that falls back to another (a generic
/// URL's opaque schemepart, the draft's generic form) does not make at all.
/// Small (a span and which number), so that the results it rides in stay small.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OutOfRange {
    /// Where the digits lie in the URL's text.
    digits: Span,
    /// A port (else an octet of a hostnumber).
    port: bool,
}

impl Lowering<'_> {
    /// The error of a number out of range.
    pub(crate) fn refused(&self, out_of_range: OutOfRange) -> ParseError {
        let OutOfRange { digits, port } = out_of_range;
        let shown = abbreviate(digits.of_text(self.text));
        let (error, rule) = match port {
            true => (ErrorKind::PortOutOfRange { port: shown }, "port"),
            false => (ErrorKind::OctetOutOfRange { octet: shown }, "hostnumber"),
        };
        self.error_at(digits.start as usize, error, rule)
    }

    /// Lowers `login`: an empty user or password is kept apart from an absent one.
    #[inline(always)]
    pub(crate) fn login<'a, R: Grammar>(
        &self,
        node: Node<'_, 'a, R>,
    ) -> Result<LoginSpans, OutOfRange> {
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
    pub(crate) fn hostport<'a, R: Grammar>(
        &self,
        node: Node<'_, 'a, R>,
    ) -> Result<HostPortSpans, OutOfRange> {
        let host = self.host(node.child(Name::host).expect("hostport starts with host"))?;
        let port = node.child(Name::port).map(port).transpose()?;
        Ok(HostPortSpans { host, port })
    }

    /// Lowers `host` (a `hostname` or a `hostnumber`), checking each octet of a hostnumber.
    #[inline(always)]
    pub(crate) fn host<'a, R: Grammar>(
        &self,
        node: Node<'_, 'a, R>,
    ) -> Result<HostSpan, OutOfRange> {
        let number = match node.child(Name::hostnumber) {
            Some(hostnumber) => Some(hostnumber_value(hostnumber)?),
            None => None,
        };
        Ok(HostSpan {
            span: node.span(),
            number,
        })
    }
}

/// `hostnumber = digits "." digits "." digits "." digits`, each at most 255.
fn hostnumber_value<'a, R: Grammar>(node: Node<'_, 'a, R>) -> Result<Ipv4Addr, OutOfRange> {
    let mut octets = [0u8; 4];
    for (nth, octet) in octets.iter_mut().enumerate() {
        let digits = node
            .nth(Name::digits, nth)
            .expect("hostnumber holds four digits");
        *octet = match decimal_value(digits.as_str()) {
            Some(value) if value <= 255 => value as u8,
            _ => {
                return Err(OutOfRange {
                    digits: digits.span(),
                    port: false,
                });
            }
        };
    }
    Ok(Ipv4Addr::from(octets))
}

/// `port = digits`, at most 65535.
#[inline(always)]
fn port<'a, R: Grammar>(node: Node<'_, 'a, R>) -> Result<PortSpan, OutOfRange> {
    match decimal_value(node.as_str()).and_then(|value| u16::try_from(value).ok()) {
        Some(value) => Ok(PortSpan {
            span: node.span(),
            value,
        }),
        None => Err(OutOfRange {
            digits: node.span(),
            port: true,
        }),
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
