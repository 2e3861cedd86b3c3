//! The RFC 1630 family: RFC 1630 (June 1994) and its draft, draft-www-uri-00 (March 1994).
//!
//! Each document has its own grammar file and pest parser ([`crate::grammar::rfc1630`],
//! [`crate::grammar::draft_www_uri_00`]), hence its own `Rule` enum. Both grammars name
//! their rules alike, so one lowering serves both: each `Rule` is mapped to a
//! [`Production`] by name, the parse tree is read into the first span of each
//! production, and the typed [`Url`] is built from those spans, reusing RFC 1738's structs
//! where the meaning is the same.

use crate::dialect::{partial_form_error, Dialect, UrlReference, PREFIX};
use crate::error::{abbreviate, ErrorKind, ParseError};
use crate::escape::is_escape;
use crate::grammar::draft_www_uri_00::DraftParser;
use crate::grammar::rfc1630::Rfc1630Parser;
use crate::host::{decimal_value, HostPortSpans, HostSpan, LoginSpans, PortSpan};
use crate::scheme::{
    FormSpans, FtpTypeSpan, FtpUrl, GenericParts, GenericUrl, GopherUrl, GrouppartSpans, HttpUrl,
    IdUrl, MailtoUrl, NewsUrl, NntpUrl, ProsperoUrl, TelnetUrl, WaisUrl,
};
use crate::span::Span;
use crate::url::{Url, UrlKind};
use pest::iterators::Pairs;
use pest::Parser;
use std::borrow::Cow;
use std::net::Ipv4Addr;

/// The rules the lowering reads, named as in the grammars. The draft's `generic` is read
/// as RFC 1630's `uri` (the same production), and its gopher `selector` as `gcommand`.
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Production {
    fragment,
    prefixedurl,
    uri,
    scheme,
    path,
    search,
    httpaddress,
    ftpaddress,
    ftptype,
    newsaddress,
    nntpaddress,
    midaddress,
    cidaddress,
    addr_spec,
    content_identifier,
    mailtoaddress,
    waisindex,
    waisdoc,
    wpath,
    group,
    article,
    database,
    wtype,
    prosperolink,
    hsoname,
    version,
    attributes,
    telnetaddress,
    rloginaddress,
    tn3270address,
    gopheraddress,
    gtype,
    gcommand,
    login,
    user,
    password,
    hostport,
    host,
    hostnumber,
    port,
    digits,
}

/// How many [`Production`]s there are.
const PRODUCTIONS: usize = Production::digits as usize + 1;

/// A grammar of the family: its `Rule` enum, mapped to the productions the lowering reads.
trait FamilyRule: pest::RuleType {
    fn production(self) -> Option<Production>;
}

/// Maps each listed rule of a grammar module to the production of the same (or the given)
/// name.
macro_rules! family_rules {
    ($($module:ident)::+ { $($rule:ident $(=> $production:ident)?),* $(,)? }) => {
        impl FamilyRule for $($module)::+::Rule {
            fn production(self) -> Option<Production> {
                use $($module)::+::Rule;
                match self {
                    $(Rule::$rule => Some(family_rules!(@name $rule $($production)?)),)*
                    _ => None,
                }
            }
        }
    };
    (@name $rule:ident) => { Production::$rule };
    (@name $rule:ident $production:ident) => { Production::$production };
}

family_rules!(crate::grammar::rfc1630 {
    fragment,
    prefixedurl,
    uri,
    scheme,
    path,
    search,
    httpaddress,
    ftpaddress,
    ftptype,
    newsaddress,
    nntpaddress,
    midaddress,
    cidaddress,
    addr_spec,
    content_identifier,
    mailtoaddress,
    waisindex,
    waisdoc,
    wpath,
    group,
    article,
    database,
    wtype,
    prosperolink,
    hsoname,
    version,
    attributes,
    telnetaddress,
    rloginaddress,
    tn3270address,
    gopheraddress,
    gtype,
    gcommand,
    login,
    user,
    password,
    hostport,
    host,
    hostnumber,
    port,
    digits,
});

family_rules!(crate::grammar::draft_www_uri_00 {
    fragment, prefixedurl, generic => uri, scheme, path, search, httpaddress, ftpaddress,
    newsaddress, nntpaddress, midaddress, cidaddress, addr_spec, content_identifier,
    mailtoaddress, waisindex, waisdoc, group, article, database, wtype, prosperolink, hsoname,
    version, attributes, telnetaddress, rloginaddress, tn3270address, gopheraddress, gtype,
    selector => gcommand, login, user, password, hostport, host, hostnumber, port, digits,
});

/// Parses `input` by the grammar of `dialect` (RFC 1630 or its draft).
pub(crate) fn parse(input: &str, dialect: Dialect) -> Result<UrlReference<'_>, ParseError> {
    match dialect {
        Dialect::Rfc1630 => {
            match Rfc1630Parser::parse(crate::grammar::rfc1630::Rule::whole_uri, input) {
                Ok(pairs) => lower(input, pairs, dialect),
                Err(error) => Err(diagnose(input, &error, dialect)),
            }
        }

        Dialect::DraftWwwUri00 => {
            use crate::grammar::draft_www_uri_00::Rule;
            match DraftParser::parse(Rule::whole_uri, input) {
                Ok(pairs) => lower(input, pairs, dialect),
                Err(error) => Err(diagnose(input, &error, dialect)),
            }
        }
        Dialect::Rfc1738 => unreachable!("RFC 1738 is read by the compiled grammar"),
    }
}

/// How many bytes at the start of `text` RFC 1630's `xalphas` (`1*xalpha`) matches, 0 for
/// none: `fragmentid` compiled by hand, as the RFC 1738 dialect's diagnosis reads a
/// fragment (`dialect::read_by_parts`; a valid one is read by `fragmentid` of
/// grammar/rfc1738.pest, and the differential test holds the two readings together). The
/// test below holds it to RFC 1630's rule.
fn xalphas_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut at = 0;
    // Every byte taken is ASCII, so `at` stays on a character boundary.
    while let Some(len) = xalpha_len(&bytes[at..], Dialect::Rfc1630) {
        at += len;
    }
    at
}

/// The length of the `xalpha` at the start of `bytes` in `dialect` (1, or 3 for an
/// escape), `None` for none: `alpha | digit | safe | extra | escape`, where the draft's
/// `extra` also holds ":", ";" and space (grammar/rfc1630.pest, draft-www-uri-00.pest).
pub(crate) fn xalpha_len(bytes: &[u8], dialect: Dialect) -> Option<usize> {
    let draft = dialect == Dialect::DraftWwwUri00;
    match *bytes.first()? {
        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => Some(1),
        b'$' | b'-' | b'_' | b'@' | b'.' | b'&' | b'+' => Some(1),
        b'!' | b'*' | b'"' | b'\'' | b'(' | b')' | b',' => Some(1),
        b':' | b';' | b' ' if draft => Some(1),
        b'%' if is_escape(bytes) => Some(3),
        _ => None,
    }
}

/// Checks a fragment-id found at `offset` of `input` by RFC 1630's `fragmentid` (for the
/// RFC 1738 dialect, which defines none). A void fragment-id is allowed.
pub(crate) fn check_fragmentid(
    input: &str,
    offset: usize,
    fragment: &str,
) -> Result<(), ParseError> {
    let matched = xalphas_len(fragment);
    if matched == fragment.len() {
        return Ok(());
    }
    let expected = vec!["xalpha".to_owned(), "end of URI".to_owned()];
    Err(character_error(
        input,
        offset + matched,
        Dialect::Rfc1738,
        expected,
        None,
    ))
}

/// The first span of each production in a parse tree.
struct Spans([Option<Span>; PRODUCTIONS]);

impl Spans {
    fn get(&self, production: Production) -> Option<Span> {
        self.0[production as usize]
    }

    fn has(&self, production: Production) -> bool {
        self.get(production).is_some()
    }
}

/// The productions that make a URL, in the order they are looked for.
const ADDRESSES: [Production; 14] = [
    Production::httpaddress,
    Production::ftpaddress,
    Production::newsaddress,
    Production::nntpaddress,
    Production::prosperolink,
    Production::telnetaddress,
    Production::rloginaddress,
    Production::tn3270address,
    Production::gopheraddress,
    Production::waisdoc,
    Production::waisindex,
    Production::mailtoaddress,
    Production::midaddress,
    Production::cidaddress,
];

/// Builds the typed reference from a successful parse.
fn lower<'a, R: FamilyRule>(
    input: &'a str,
    pairs: Pairs<'a, R>,
    dialect: Dialect,
) -> Result<UrlReference<'a>, ParseError> {
    let mut spans = Spans([None; PRODUCTIONS]);
    for pair in pairs.flatten() {
        if let Some(production) = pair.as_rule().production() {
            let slot = &mut spans.0[production as usize];
            if slot.is_none() {
                let span = pair.as_span();
                *slot = Some(Span {
                    start: span.start() as u32,
                    end: span.end() as u32,
                });
            }
        }
    }
    let prefixed = spans.has(Production::prefixedurl);
    let start = if prefixed { PREFIX.len() } else { 0 };
    let fragment = spans.get(Production::fragment);
    let end = fragment.map_or(input.len(), |span| span.start as usize);
    let reader = Reader {
        input,
        base: start as u32,
        dialect,
        spans: &spans,
    };
    let url = reader.url(&input[start..end])?;
    let fragment = fragment.map(|span| span.start as usize + 1..span.end as usize);
    Ok(UrlReference::new(dialect, input, prefixed, url, fragment))
}

/// Reads the typed URL out of the spans of one parse.
struct Reader<'s> {
    input: &'s str,
    /// Where the URL's text starts in the input (after `URL:`).
    base: u32,
    dialect: Dialect,
    spans: &'s Spans,
}

impl Reader<'_> {
    /// The span of a production, relative to the URL's text.
    fn span(&self, production: Production) -> Option<Span> {
        self.spans.get(production).map(|span| Span {
            start: span.start - self.base,
            end: span.end - self.base,
        })
    }

    /// The span of a production the parse must hold.
    fn required(&self, production: Production) -> Span {
        self.span(production)
            .unwrap_or_else(|| unreachable!("the parse holds {production:?}"))
    }

    fn url<'a>(&self, text: &'a str) -> Result<Url<'a>, ParseError> {
        let address = ADDRESSES.iter().copied().find(|&p| self.spans.has(p));
        let Some(address) = address else {
            return Ok(self.generic(text, self.required(Production::scheme)));
        };
        match self.named(text, address) {
            // A named production whose number (port, octet, article) is out of range is no
            // such production. The draft's `url` also holds `generic`, whose characters
            // include every character of the named productions, so the same text is a
            // generic URL: scheme, then path up to the first "?", then search.
            Err(_) if self.dialect == Dialect::DraftWwwUri00 => {
                let colon = text.find(':').unwrap_or_default() as u32;
                Ok(self.generic(
                    text,
                    Span {
                        start: 0,
                        end: colon,
                    },
                ))
            }
            result => result,
        }
    }

    /// The URL of a named production (`httpaddress`, ...).
    fn named<'a>(&self, text: &'a str, address: Production) -> Result<Url<'a>, ParseError> {
        use Production as P;
        let text_cow = || Cow::Borrowed(text);
        Ok(match address {
            P::httpaddress => Url::Http(HttpUrl {
                text: text_cow(),
                hostport: self.hostport(UrlKind::Http)?,
                hpath: self.span(P::path),
                search: self.span(P::search),
            }),
            P::ftpaddress => Url::Ftp(FtpUrl {
                text: text_cow(),
                login: self.login(UrlKind::Ftp)?,
                fpath: self.span(P::path),
                ftp_type: self.span(P::ftptype).map(FtpTypeSpan::Ftptype),
            }),
            P::newsaddress => {
                let grouppart = if let Some(article) = self.span(P::article) {
                    match self.host(UrlKind::News) {
                        Ok(host) => GrouppartSpans::Article {
                            whole: article,
                            host,
                        },
                        // An article whose host number is out of range is no article; the
                        // same text is a group when it starts with a letter (a group is an
                        // ialpha, which holds "@" and ".").
                        Err(_)
                            if article
                                .of_text(text)
                                .starts_with(|c: char| c.is_ascii_alphabetic()) =>
                        {
                            GrouppartSpans::Group(article)
                        }
                        Err(error) => return Err(error),
                    }
                } else if let Some(group) = self.span(P::group) {
                    GrouppartSpans::Group(group)
                } else {
                    GrouppartSpans::AllGroups
                };
                Url::News(NewsUrl {
                    text: text_cow(),
                    grouppart,
                })
            }
            P::nntpaddress => {
                let digits = self.required(P::digits);
                let Some(number) = decimal_value(digits.of_text(text)) else {
                    let number = abbreviate(digits.of_text(text));
                    let error = ErrorKind::ArticleNumberOutOfRange { number };
                    return Err(self.error(digits, UrlKind::Nntp, error, "digits"));
                };
                Url::Nntp(NntpUrl {
                    text: text_cow(),
                    hostport: None,
                    group: self.required(P::group),
                    article: Some((digits, number)),
                })
            }
            P::prosperolink => Url::Prospero(ProsperoUrl {
                text: text_cow(),
                hostport: self.hostport(UrlKind::Prospero)?,
                ppath: self.required(P::hsoname),
                fields: Vec::new(),
                version: self.span(P::version),
                attributes: self.span(P::attributes),
            }),
            P::telnetaddress | P::rloginaddress | P::tn3270address => {
                let kind = match address {
                    P::telnetaddress => UrlKind::Telnet,
                    P::rloginaddress => UrlKind::Rlogin,
                    _ => UrlKind::Tn3270,
                };
                let telnet = TelnetUrl {
                    text: text_cow(),
                    login: self.login(kind)?,
                    trailing_slash: false,
                };
                match kind {
                    UrlKind::Telnet => Url::Telnet(telnet),
                    UrlKind::Rlogin => Url::Rlogin(telnet),
                    _ => Url::Tn3270(telnet),
                }
            }
            P::gopheraddress => Url::Gopher(GopherUrl {
                text: text_cow(),
                hostport: self.hostport(UrlKind::Gopher)?,
                gtype: self.span(P::gtype),
                selector: self.span(P::gcommand),
                search: self.span(P::search),
                gopher_plus: None,
            }),
            P::waisdoc | P::waisindex => {
                let form = if address == P::waisdoc {
                    FormSpans::Document {
                        wtype: self.required(P::wtype),
                        // RFC 1630's wpath, or the draft's plain path.
                        wpath: self
                            .span(P::wpath)
                            .unwrap_or_else(|| self.required(P::path)),
                    }
                } else {
                    match self.span(P::search) {
                        Some(search) => FormSpans::Index { search },
                        None => FormSpans::Database,
                    }
                };
                Url::Wais(WaisUrl {
                    text: text_cow(),
                    hostport: self.hostport(UrlKind::Wais)?,
                    database: self.required(P::database),
                    form,
                })
            }
            P::mailtoaddress => {
                // After "mailto:", and the draft's misprinted second ":" when written.
                let mut start = self.required(P::mailtoaddress).start as usize + "mailto:".len();
                if self.dialect == Dialect::DraftWwwUri00 && text[start..].starts_with(':') {
                    start += 1;
                }
                Url::Mailto(MailtoUrl {
                    text: text_cow(),
                    address: Span {
                        start: start as u32,
                        end: text.len() as u32,
                    },
                })
            }
            P::midaddress => Url::Mid(IdUrl {
                text: text_cow(),
                id: self.required(P::addr_spec),
            }),
            P::cidaddress => Url::Cid(IdUrl {
                text: text_cow(),
                id: self.required(P::content_identifier),
            }),
            other => unreachable!("{other:?} is no address"),
        })
    }

    /// A generic `uri` (the draft's `generic`): its scheme, then `path [ "?" search ]`.
    fn generic<'a>(&self, text: &'a str, scheme: Span) -> Url<'a> {
        let written = scheme.of_text(text);
        let scheme_lower = written
            .bytes()
            .any(|b| b.is_ascii_uppercase())
            .then(|| written.to_ascii_lowercase().into_boxed_str());
        let generic = GenericUrl {
            text: Cow::Borrowed(text),
            scheme,
            scheme_lower,
            scheme_part: Span {
                start: scheme.end + 1,
                end: text.len() as u32,
            },
            form: GenericParts::Uri,
        };
        Url::Generic(generic)
    }

    fn login(&self, kind: UrlKind) -> Result<LoginSpans, ParseError> {
        Ok(LoginSpans {
            user: self.span(Production::user),
            password: self.span(Production::password),
            hostport: self.hostport(kind)?,
        })
    }

    fn hostport(&self, kind: UrlKind) -> Result<HostPortSpans, ParseError> {
        let port = match self.span(Production::port) {
            None => None,
            Some(span) => {
                let digits = span.of_text(self.url_text());
                match decimal_value(digits).and_then(|value| u16::try_from(value).ok()) {
                    Some(value) => Some(PortSpan { span, value }),
                    None => {
                        let port = abbreviate(digits);
                        let error = ErrorKind::PortOutOfRange { port };
                        return Err(self.error(span, kind, error, "port"));
                    }
                }
            }
        };
        Ok(HostPortSpans {
            host: self.host(kind)?,
            port,
        })
    }

    fn host(&self, kind: UrlKind) -> Result<HostSpan, ParseError> {
        let span = self.required(Production::host);
        let number = match self.span(Production::hostnumber) {
            None => None,
            Some(hostnumber) => {
                let mut octets = [0u8; 4];
                let mut start = hostnumber.start;
                for (octet, digits) in octets
                    .iter_mut()
                    .zip(hostnumber.of_text(self.url_text()).split('.'))
                {
                    let here = Span {
                        start,
                        end: start + digits.len() as u32,
                    };
                    start = here.end + 1;
                    *octet = match decimal_value(digits) {
                        Some(value) if value <= 255 => value as u8,
                        _ => {
                            let octet = abbreviate(digits);
                            let error = ErrorKind::OctetOutOfRange { octet };
                            return Err(self.error(here, kind, error, "hostnumber"));
                        }
                    };
                }
                Some(Ipv4Addr::from(octets))
            }
        };
        Ok(HostSpan { span, number })
    }

    /// The URL's text (the input after the prefix).
    fn url_text(&self) -> &str {
        &self.input[self.base as usize..]
    }

    /// An error the grammar cannot express (a number out of range) at `span`.
    fn error(&self, span: Span, kind: UrlKind, error: ErrorKind, rule: &str) -> ParseError {
        let offset = (self.base + span.start) as usize;
        ParseError::new(self.input, offset, Some(kind), error, vec![rule.to_owned()])
            .in_dialect(self.dialect)
    }
}

/// The error for input the grammar of `dialect` rejects, from pest's report: where it
/// failed, the rules it tried there, and why the character there is wrong.
fn diagnose<R: FamilyRule>(
    input: &str,
    error: &pest::error::Error<R>,
    dialect: Dialect,
) -> ParseError {
    let prefix_len = dialect.prefix_len(input);
    let Some(scheme_len) = dialect.scheme_len(&input[prefix_len..]) else {
        return partial_form_error(input, dialect);
    };
    let offset = match error.location {
        pest::error::InputLocation::Pos(at) | pest::error::InputLocation::Span((at, _)) => at,
    };
    let mut expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives
                .iter()
                .map(|rule| rule_name(&format!("{rule:?}")))
                .collect();
            names.sort();
            names.dedup();
            names
        }
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let scheme = &input[prefix_len..prefix_len + scheme_len];
    let kind = UrlKind::from_scheme_in(scheme, dialect);
    // A generic uri (urn included): no production of the URL grammar.
    let generic = matches!(kind, UrlKind::Generic | UrlKind::Urn);
    if prefix_len > 0 && generic && dialect == Dialect::Rfc1630 {
        // RFC 1630's `prefixedurl` is "URL:" and a `url`, which has only named schemes.
        let error = ErrorKind::PrefixedGenericUri {
            scheme: scheme.to_owned(),
        };
        return ParseError::new(input, prefix_len, None, error, vec!["url".to_owned()])
            .in_dialect(dialect);
    }
    let after_colon = prefix_len + scheme_len + 1;
    if offset < after_colon && !generic {
        // pest gives up at the start when a production fails inside a lookahead, or at
        // its first literal: the scheme is known, so the error is after its colon.
        expected = vec![kind.production_in(dialect).to_owned()];
        // RFC 1630's nntp URL names no host: "nntp:group/digits".
        let needs_slashes = kind.has_slashes() && kind != UrlKind::Nntp;
        if needs_slashes && !input[after_colon..].starts_with("//") {
            let error = ErrorKind::MissingSlashes {
                scheme: kind.name(),
            };
            return ParseError::new(
                input,
                after_colon,
                Some(kind),
                error,
                vec!["\"//\"".to_owned()],
            )
            .in_dialect(dialect);
        }
        return character_error(input, after_colon, dialect, expected, Some(kind));
    }
    let uri_end = input.find('#').unwrap_or(input.len());
    let at_uri_end = offset.min(input.len()) == uri_end;
    let article = offset > after_colon && !input[after_colon..uri_end].contains('@');
    if kind == UrlKind::News && at_uri_end && article {
        // Not "*" and not a group: read to its end as an article (xalphas "@" host).
        let error = ErrorKind::ArticleWithoutHost {
            group: dialect.group_rule(),
        };
        let expected = vec!["xalpha".to_owned(), "\"@\"".to_owned()];
        return ParseError::new(input, offset, Some(kind), error, expected).in_dialect(dialect);
    }
    if kind.has_slashes() {
        if let Some(error) = crate::diagnose::hostnumber_parts(input, offset) {
            return ParseError::new(input, offset, Some(kind), error, expected).in_dialect(dialect);
        }
    }
    character_error(input, offset, dialect, expected, Some(kind))
}

/// A rule's name as the RFC writes it.
fn rule_name(pest_name: &str) -> String {
    match pest_name {
        "EOI" => "end of URI".to_owned(),
        "fragment" => "\"#\"".to_owned(),
        "url_scheme" => "scheme".to_owned(),
        "whole_uri" | "fragmentaddress" => "uri".to_owned(),
        other => other.replace('_', "-"),
    }
}

/// The error at `offset`: what stands there, and why the dialect refuses it.
fn character_error(
    input: &str,
    offset: usize,
    dialect: Dialect,
    expected: Vec<String>,
    production: Option<UrlKind>,
) -> ParseError {
    let mut offset = offset.min(input.len());
    // pest fails an escape at its bad hex digit; the error is the escape, from its "%".
    if expected.iter().any(|name| name == "hex") {
        if let Some(back) =
            (1..=2).find(|&back| offset >= back && input.as_bytes()[offset - back] == b'%')
        {
            offset -= back;
        }
    }
    let rest = &input[offset..];
    let kind = match rest.chars().next() {
        None => ErrorKind::UnexpectedEnd,
        Some('%') if !is_escape(rest.as_bytes()) => ErrorKind::InvalidEscape {
            escape: rest.chars().take(3).collect(),
        },
        Some(found) if !found.is_ascii_graphic() && found != ' ' => {
            let mut utf8 = [0; 4];
            let escape = found
                .encode_utf8(&mut utf8)
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect();
            ErrorKind::NonGraphicCharacter { found, escape }
        }
        Some(found) => match not_allowed_reason(found, dialect) {
            Some(reason) => ErrorKind::NotAllowed {
                found,
                escape: format!("%{:02X}", found as u32),
                reason,
            },
            None => ErrorKind::UnexpectedCharacter { found },
        },
    };
    ParseError::new(input, offset, production, kind, expected).in_dialect(dialect)
}

/// Why a graphic character (or space) is refused, when its class says so.
fn not_allowed_reason(found: char, dialect: Dialect) -> Option<&'static str> {
    let draft = dialect == Dialect::DraftWwwUri00;
    match found {
        '{' | '}' | '|' | '[' | ']' | '\\' | '^' | '~' => {
            Some("it is a national character, which may not appear in URIs")
        }
        '<' | '>' => Some("it is punctuation, which may not appear in URIs"),
        '#' => Some("\"#\" ends the URI and starts its fragment-id, which holds no second \"#\""),
        '=' | '/' | '?' if draft => {
            Some("the draft allows it only where its grammar uses it as a delimiter")
        }
        '=' | ';' | '/' | '?' | ':' | ' ' if !draft => {
            Some("it is reserved: it may stand only where the grammar uses it as a delimiter")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What pest's `fragmentid` matches at the start of `text`.
    fn fragmentid_by_pest(text: &str) -> usize {
        use crate::grammar::rfc1630::Rule;
        Rfc1630Parser::parse(Rule::fragmentid, text)
            .ok()
            .and_then(|mut pairs| pairs.next())
            .map_or(0, |pair| pair.as_str().len())
    }

    #[test]
    fn the_compiled_xalphas_matches_what_the_grammars_fragmentid_matches() {
        // Every string of up to three characters over every ASCII character that differs
        // (each class, "%" and hex digits, and the rest), and every byte alone.
        let alphabet: Vec<char> = "aZ09$-_@.&+!*\"'(),%fG#/ ~\u{7f}\u{0}é".chars().collect();
        let mut texts: Vec<String> = (0..=127u8).map(|b| char::from(b).to_string()).collect();
        for &a in &alphabet {
            for &b in &alphabet {
                texts.push(format!("{a}{b}"));
                for &c in &alphabet {
                    texts.push(format!("{a}{b}{c}"));
                    texts.push(format!("x{a}{b}{c}%"));
                }
            }
        }
        for text in &texts {
            assert_eq!(xalphas_len(text), fragmentid_by_pest(text), "{text:?}");
        }
    }

    #[test]
    fn a_long_fragment_of_the_rfc1738_dialect_is_read_without_pest() {
        let long = format!("http://h/#{}%2", "a%20".repeat(1 << 20));
        let error = crate::parse_reference(&long, Dialect::Rfc1738).unwrap_err();
        assert_eq!(error.offset(), long.len() - 2);
        let valid = &long[..long.len() - 2];
        let reference = crate::parse_reference(valid, Dialect::Rfc1738).unwrap();
        assert_eq!(reference.fragment().map(str::len), Some(4 << 20));
    }
}
