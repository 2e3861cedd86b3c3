//! The security checks of RFC 1738 section 6 ("Security Considerations"): what a careful
//! client looks at before it uses a URL.
//!
//! - "The unsafe URL is typically constructed by specifying a port number other than that
//!   reserved for the network protocol in question ... especially when it is a number
//!   within the reserved space": a port other than the scheme's default; danger below 1024.
//! - "Care should be taken when URLs contain embedded encoded delimiters for a given
//!   protocol (for example, CR and LF characters for telnet protocols) that these are not
//!   unencoded before transmission": `%0D`, `%0A`, `%00` and `%09` in the components that
//!   a client decodes and sends as lines of a protocol. The RFC names telnet-like
//!   protocols; we check the line protocols behind ftp (USER, PASS, CWD, RETR), gopher
//!   (the selector line), http (the request line), mailto (SMTP RCPT TO), news and nntp
//!   (ARTICLE, GROUP) and telnet. Gopher's own separators (the `%09` before the search and
//!   before the Gopher+ string) and the lines of a filled-out Gopher+ ASK form
//!   (`+%091%0D%0A+-1%0D%0A...`, draft-ietf-uri-url-03) are legitimate, except on a
//!   reserved port that is not the scheme's default: there nothing is exempt, since the
//!   shape of an ASK form is how section 6's attack can be written.
//! - "An example has been the use of gopher URLs to cause a rude message to be sent via a
//!   SMTP server": a non-default reserved port and an encoded CR or LF together
//!   (`cross-protocol`, on the port; its message gives the offset of the first line
//!   break).
//! - "The use of URLs containing passwords that should be secret is clearly unwise".
//! - A user name or password where the scheme allows none (http, gopher, wais, ...): such
//!   a URL is not valid; [`lint`] reads it without them to check the rest.

use crate::ast::component::{Component, Role};
use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::facade::parse_reference;
use crate::vocabulary::dialect::{Dialect, PREFIX};
use crate::vocabulary::error::{ErrorKind, ParseError};
use crate::vocabulary::kind::UrlKind;
use std::fmt;
use std::ops::Range;

/// How much a warning matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing: nothing a client should refuse.
    Notice,
    /// A client should ask before going on.
    Warning,
    /// The attack section 6 describes: a client should refuse.
    Danger,
}

impl Severity {
    /// Every severity, least serious first.
    pub const ALL: [Severity; 3] = [Severity::Notice, Severity::Warning, Severity::Danger];

    /// `notice`, `warning` or `danger`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Notice => "notice",
            Severity::Warning => "warning",
            Severity::Danger => "danger",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a warning is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// A port other than the scheme's default.
    NonDefaultPort {
        /// The port written.
        port: u16,
        /// The scheme's default port.
        default: u16,
    },
    /// An escaped protocol delimiter (`%0D`, `%0A`, `%00`, `%09`) that a client would
    /// decode and send.
    EncodedDelimiter {
        /// The octet the escape stands for.
        octet: u8,
    },
    /// A reserved port other than the default and an encoded line break together: the
    /// decoded lines would reach another protocol's server (section 6's gopher-to-SMTP
    /// example). The warning's span is the port.
    CrossProtocol {
        /// The port written.
        port: u16,
        /// The byte offset of the first encoded line break (the `%` of its `%0D` or
        /// `%0A`), in the same text as the span.
        line_break: usize,
    },
    /// A password in the URL.
    Password,
    /// A user name or password where the scheme allows none.
    UserInfoNotAllowed,
}

impl WarningKind {
    /// The name of every kind, as [`WarningKind::name`] gives it.
    pub const NAMES: [&'static str; 5] = [
        "non-default-port",
        "encoded-delimiter",
        "cross-protocol",
        "password",
        "user-info-not-allowed",
    ];

    /// The name used in JSON: `non-default-port`, `encoded-delimiter`, `cross-protocol`,
    /// `password`, `user-info-not-allowed`.
    pub fn name(&self) -> &'static str {
        match self {
            WarningKind::NonDefaultPort { .. } => "non-default-port",
            WarningKind::EncodedDelimiter { .. } => "encoded-delimiter",
            WarningKind::CrossProtocol { .. } => "cross-protocol",
            WarningKind::Password => "password",
            WarningKind::UserInfoNotAllowed => "user-info-not-allowed",
        }
    }
}

/// One finding of the section 6 checks: what, how serious, and where (the component, by
/// its RFC rule name, and the byte range in the URL's text).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Warning {
    kind: WarningKind,
    severity: Severity,
    component: &'static str,
    span: Range<usize>,
    message: String,
}

impl Warning {
    /// What the warning is about.
    pub fn kind(&self) -> WarningKind {
        self.kind
    }

    /// How serious it is.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The component it concerns, by its rule name (`port`, `password`, `selector`...).
    pub fn component(&self) -> &'static str {
        self.component
    }

    /// The bytes of the URL it concerns.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The explanation a person reads.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Two lines that show the warning in `input` (the text it was found in): a window of
    /// the input around the span (at most some forty characters each side, cut with `…`),
    /// and carets under the span. Bounded, however long the input.
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let input = "gopher://host:25/0%0D%0AHELO";
    /// let lint = rfc1738::lint::lint(input, Dialect::Rfc1738);
    /// assert_eq!(
    ///     lint.warnings()[0].excerpt(input),
    ///     "gopher://host:25/0%0D%0AHELO\n              ^^"
    /// );
    /// ```
    pub fn excerpt(&self, input: &str) -> String {
        let (text, column, width) = crate::vocabulary::window::window(input, self.span.clone());
        format!("{text}\n{}{}", " ".repeat(column), "^".repeat(width))
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} (bytes {}..{}): {}",
            self.severity, self.component, self.span.start, self.span.end, self.message
        )
    }
}

/// The warnings, with at most `limit` of the escaped-delimiter kind (the first ones;
/// the port, password and cross-protocol warnings are always kept), and how many more
/// of that kind there are.
pub(crate) fn warnings_at_most(url: &Url<'_>, limit: usize) -> (Vec<Warning>, usize) {
    let mut warnings = Vec::new();
    let port = port_warning(url);
    // A reserved port that is not the scheme's default: the decoded lines may reach
    // another protocol's server, so no escape is legitimate there, not even in the
    // shape of a Gopher+ ASK form.
    let foreign_port = port.as_ref().and_then(|warning| match warning.kind {
        WarningKind::NonDefaultPort { port, .. } if port < 1024 => {
            Some((port, warning.span.clone()))
        }
        _ => None,
    });
    if let Some(warning) = &port {
        warnings.push(warning.clone());
    }
    if let Some(password) = url.component(Role::Password) {
        let empty = password.as_str().is_empty();
        warnings.push(password_warning("password", password.span(), empty));
    }
    let mut line_break = None;
    let (mut kept, mut omitted) = (0usize, 0usize);
    for (component, legitimate) in sent_components(url) {
        let (part, range, name) = (
            component.as_str(),
            component.span(),
            component.role().name(),
        );
        let decoded = client_decodes(url.kind());
        for (at, octet) in escapes(part) {
            let exempt = foreign_port.is_none() && legitimate(at, octet);
            if !matches!(octet, b'\r' | b'\n' | 0 | b'\t') || exempt {
                continue;
            }
            let span = range.start + at..range.start + at + 3;
            if decoded && octet != b'\t' && octet != 0 && line_break.is_none() {
                line_break = Some(span.clone());
            }
            if kept < limit {
                warnings.push(delimiter_warning(url.kind(), name, span, octet, decoded));
                kept += 1;
            } else {
                omitted += 1;
            }
        }
    }
    if let (Some((port, span)), Some(line_break)) = (foreign_port, line_break) {
        let scheme = url.kind().name();
        warnings.push(cross_protocol_warning(scheme, port, span, line_break.start));
    }
    warnings.sort_by_key(|warning| (warning.span.start, warning.span.end));
    (warnings, omitted)
}

/// The components a client decodes and sends over a line protocol, each with what is
/// legitimate in it (offset of the escape in the component, octet).
fn sent_components<'u>(url: &'u Url<'_>) -> Vec<(Component<'u>, Legitimate)> {
    let sent: &[Role] = match url.kind() {
        UrlKind::Ftp => &[Role::User, Role::Password, Role::Fpath],
        UrlKind::Telnet | UrlKind::Rlogin | UrlKind::Tn3270 => &[Role::User, Role::Password],
        UrlKind::Gopher => &[Role::Selector, Role::Search, Role::GopherPlus],
        UrlKind::Http => &[Role::Hpath, Role::Search],
        UrlKind::Mailto => &[Role::Encoded822addr],
        UrlKind::News => &[Role::Grouppart],
        UrlKind::Nntp => &[Role::Group, Role::Article],
        _ => &[],
    };
    url.components()
        .filter(|component| sent.contains(&component.role()))
        .map(|component| {
            let legitimate = match component.role() {
                Role::GopherPlus => ask_form_lines(component.as_str()),
                _ => no(),
            };
            (component, legitimate)
        })
        .collect()
}
/// Which escapes of a component are legitimate: (offset of the `%` in the component,
/// octet) -> legitimate.
pub(crate) type Legitimate = Box<dyn Fn(usize, u8) -> bool>;

fn none(_: usize, _: u8) -> bool {
    false
}

/// Nothing is legitimate.
fn no() -> Legitimate {
    Box::new(none)
}

/// In a Gopher+ string holding a filled-out ASK form (`+view%091%0D%0A+-1%0D%0A` then
/// value lines and `.%0D%0A`, draft-ietf-uri-url-03), the `%09` before the `1` and every
/// `%0D%0A` from there on are the form's own lines.
pub(crate) fn ask_form_lines(gopher_plus: &str) -> Legitimate {
    let upper = gopher_plus.to_ascii_uppercase();
    let Some(start) = upper
        .find("%091%0D%0A+-1%0D%0A")
        .filter(|_| upper.starts_with('+'))
    else {
        return Box::new(none);
    };
    let bytes = upper.into_bytes();
    Box::new(move |at, octet| {
        at >= start
            && match octet {
                b'\t' => at == start,
                b'\r' => bytes.get(at + 3..at + 6) == Some(b"%0A"),
                b'\n' => at >= 3 && bytes.get(at - 3..at) == Some(b"%0D"),
                _ => false,
            }
    })
}

/// The `%XX` escapes of `part`: offset and octet.
fn escapes(part: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let bytes = part.as_bytes();
    (0..bytes.len().saturating_sub(2)).filter_map(move |at| {
        let triplet = &bytes[at..at + 3];
        crate::vocabulary::escape::is_escape(triplet).then(|| {
            (
                at,
                crate::vocabulary::escape::percent_decode(&part[at..at + 3])[0],
            )
        })
    })
}

/// The well-known service of a reserved port, for the messages.
fn service(port: u16) -> Option<&'static str> {
    Some(match port {
        7 => "echo",
        13 => "daytime",
        19 => "chargen",
        20 => "FTP data",
        21 => "FTP",
        22 => "SSH",
        23 => "telnet",
        25 => "SMTP",
        53 => "DNS",
        70 => "gopher",
        79 => "finger",
        80 => "HTTP",
        109 => "POP2",
        110 => "POP3",
        113 => "ident",
        119 => "NNTP",
        143 => "IMAP",
        210 => "WAIS",
        443 => "HTTPS",
        513 => "rlogin",
        514 => "shell",
        515 => "printer",
        587 => "mail submission",
        _ => return None,
    })
}

fn port_warning(url: &Url<'_>) -> Option<Warning> {
    let (port, default) = (url.port()?, url.default_port()?);
    if port == default {
        return None;
    }
    let span = url.component(Role::Port)?.span();
    let scheme = url.kind().name();
    let (severity, message) = if port < 1024 {
        let whose = service(port).map_or_else(String::new, |s| format!(", {s}'s port"));
        (
            Severity::Danger,
            format!(
                "port {port} is in the reserved range (below 1024{whose}), not {scheme}'s {default}: a client may be talking to another protocol's server (RFC 1738 section 6)"
            ),
        )
    } else {
        (
            Severity::Warning,
            format!("port {port} is not {scheme}'s default, {default} (RFC 1738 section 6)"),
        )
    };
    Some(Warning {
        kind: WarningKind::NonDefaultPort { port, default },
        severity,
        component: "port",
        span,
        message,
    })
}

fn password_warning(component: &'static str, span: Range<usize>, empty: bool) -> Warning {
    let (severity, message) = if empty {
        (
            Severity::Notice,
            "an empty password is written in the URL".to_owned(),
        )
    } else {
        (
            Severity::Warning,
            "a password is written in the URL: \"the use of URLs containing passwords that should be secret is clearly unwise\" (RFC 1738 section 6)".to_owned(),
        )
    };
    Warning {
        kind: WarningKind::Password,
        severity,
        component,
        span,
        message,
    }
}

fn delimiter_warning(
    kind: UrlKind,
    component: &'static str,
    span: Range<usize>,
    octet: u8,
    decoded: bool,
) -> Warning {
    let (name, severity) = match octet {
        b'\r' => ("CR", Severity::Danger),
        b'\n' => ("LF", Severity::Danger),
        0 => ("NUL", Severity::Danger),
        _ => ("TAB", Severity::Warning),
    };
    let escape = crate::vocabulary::encode::escape_octet(octet);
    let article = if name == "LF" { "an" } else { "a" };
    let scheme = kind.name();
    if !decoded {
        return Warning {
            kind: WarningKind::EncodedDelimiter { octet },
            severity: Severity::Notice,
            component,
            span,
            message: format!(
                "{escape} ({name}) in the {component}: the {scheme} client sends it as written, escaped, so it ends no line of the request; a server that decodes it gets {article} {name} (RFC 1738 sections 3.3 and 6)"
            ),
        };
    }
    Warning {
        kind: WarningKind::EncodedDelimiter { octet },
        severity,
        component,
        span,
        message: format!(
            "{escape} ({name}) in the {component}: the {scheme} client decodes it and sends it, where it ends or splits a protocol line (RFC 1738 section 6)"
        ),
    }
}

/// Whether the client of a scheme decodes the components it sends (section 3): every
/// client but http's, whose request line carries the path and search as written (section
/// 3.3; `rfc1738::requests::HttpRequest`). Where they are sent as written, an escaped
/// delimiter ends no line the client sends: a notice, not a danger, and no part of a
/// cross-protocol attack.
fn client_decodes(kind: UrlKind) -> bool {
    kind != UrlKind::Http
}

/// The `cross-protocol` warning on the port `span`, pairing it with the first encoded line
/// break, at `line_break`.
fn cross_protocol_warning(
    scheme: &'static str,
    port: u16,
    span: Range<usize>,
    line_break: usize,
) -> Warning {
    let to = service(port).map_or_else(|| format!("port {port}"), |s| format!("port {port} ({s})"));
    Warning {
        kind: WarningKind::CrossProtocol { port, line_break },
        severity: Severity::Danger,
        component: "port",
        span,
        message: format!(
            "this {scheme} URL names {to}, a reserved port not its own, and holds encoded line breaks (the first at byte {line_break}): decoded, they would reach that server as its protocol's commands, the cross-protocol attack of RFC 1738 section 6 (its example: a gopher URL that sends mail through SMTP)"
        ),
    }
}

impl Warning {
    /// The same warning in another text: `to` maps each byte offset of the URL's text to
    /// the text the warning is reported in (after a `URL:` prefix, or with a login put
    /// back).
    fn moved(mut self, scheme: &'static str, to: impl Fn(usize) -> usize) -> Warning {
        self.span = to(self.span.start)..to(self.span.end);
        if let WarningKind::CrossProtocol { port, line_break } = self.kind {
            self = cross_protocol_warning(scheme, port, self.span, to(line_break));
        }
        self
    }
}

/// A URL read for the section 6 checks: its parse result and the warnings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lint {
    result: Result<UrlKind, ParseError>,
    warnings: Vec<Warning>,
    omitted: usize,
}

impl Lint {
    /// The most [`EncodedDelimiter`](WarningKind::EncodedDelimiter) warnings a lint keeps:
    /// the first 1,000 in the text. Each further one is counted ([`Lint::omitted`]), not
    /// kept, so that a hostile URL made of escaped line breaks (one warning per three
    /// bytes) does not cost memory and output in proportion. [`Url::warnings`] keeps all.
    pub const MAX_DELIMITER_WARNINGS: usize = 1000;

    /// How many escaped-delimiter warnings there are beyond
    /// [`MAX_DELIMITER_WARNINGS`](Lint::MAX_DELIMITER_WARNINGS), counted and not kept.
    ///
    /// ```
    /// use rfc1738::Dialect;
    /// use rfc1738::lint::Lint;
    ///
    /// let input = format!("gopher://h/0{}", "%0D%0A".repeat(1000));
    /// let lint = rfc1738::lint::lint(&input, Dialect::Rfc1738);
    /// assert_eq!(lint.warnings().len(), Lint::MAX_DELIMITER_WARNINGS);
    /// assert_eq!(lint.omitted(), 1000);
    /// ```
    pub fn omitted(&self) -> usize {
        self.omitted
    }

    /// Whether the input is a valid URL reference in the dialect.
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// The kind of URL (when valid).
    pub fn kind(&self) -> Option<UrlKind> {
        self.result.as_ref().ok().copied()
    }

    /// Why the input is not valid.
    pub fn error(&self) -> Option<&ParseError> {
        self.result.as_ref().err()
    }

    /// The warnings, in the order of the text (spans are in the input).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Keeps the warnings `keep` says to keep, in order: what a user filters out (a
    /// severity below a threshold, a kind to ignore). The count of
    /// [`omitted`](Lint::omitted) escaped-delimiter warnings, which come after the last
    /// one kept, stays when `keep` keeps that last one, and goes otherwise.
    ///
    /// ```
    /// use rfc1738::Dialect;
    /// use rfc1738::lint::Severity;
    ///
    /// let mut lint = rfc1738::lint::lint("gopher://h:7070/0%0D%0A", Dialect::Rfc1738);
    /// assert_eq!(lint.warnings().len(), 3);
    /// lint.retain(|warning| warning.severity() >= Severity::Danger);
    /// let kinds: Vec<&str> = lint.warnings().iter().map(|w| w.kind().name()).collect();
    /// assert_eq!(kinds, ["encoded-delimiter", "encoded-delimiter"]);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&Warning) -> bool) {
        let omitted_like = self
            .warnings
            .iter()
            .rev()
            .find(|warning| matches!(warning.kind, WarningKind::EncodedDelimiter { .. }))
            .cloned();
        self.warnings.retain(|warning| keep(warning));
        if omitted_like.is_none_or(|like| !self.warnings.contains(&like)) {
            self.omitted = 0;
        }
    }

    /// The most serious warning's severity.
    pub fn worst(&self) -> Option<Severity> {
        self.warnings.iter().map(Warning::severity).max()
    }
}

/// Reads `input` (a URL reference, by `dialect`) and runs the section 6 checks. A URL that
/// is invalid only because it carries a user name or password its scheme does not allow
/// (`http://user:pw@host/`) stays invalid, and is checked without them: the warnings name
/// the login, the password, and whatever else the rest holds.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::lint::WarningKind;
///
/// let lint = rfc1738::lint::lint("http://user:secret@www.example.com:8080/", Dialect::Rfc1738);
/// assert!(!lint.is_valid());
/// let kinds: Vec<_> = lint.warnings().iter().map(|w| w.kind().name()).collect();
/// assert_eq!(kinds, ["user-info-not-allowed", "password", "non-default-port"]);
/// assert_eq!(lint.warnings()[1].span(), 12..18);
/// ```
pub fn lint(input: &str, dialect: Dialect) -> Lint {
    match parse_reference(input, dialect) {
        Ok(reference) => {
            let (warnings, omitted) = warnings_of(&reference);
            Lint {
                result: Ok(reference.url().kind()),
                warnings,
                omitted,
            }
        }
        Err(error) => {
            let (warnings, omitted) = match error.kind() {
                ErrorKind::UserInfoNotAllowed { .. } => without_login(input, dialect),
                _ => (Vec::new(), 0),
            };
            Lint {
                result: Err(error),
                warnings,
                omitted,
            }
        }
    }
}

/// The warnings of a valid reference's URL as [`lint`] keeps them (spans in the
/// reference's text, after a `URL:` prefix), and how many escaped-delimiter warnings were
/// counted and not kept. The requests of section 3 are refused on these.
pub(crate) fn warnings_of(reference: &UrlReference<'_>) -> (Vec<Warning>, usize) {
    warnings_in(reference.url(), url_offset(reference))
}

/// The warnings of `url` as [`lint`] keeps them, their spans moved `offset` bytes on.
pub(crate) fn warnings_in(url: &Url<'_>, offset: usize) -> (Vec<Warning>, usize) {
    let (warnings, omitted) = warnings_at_most(url, Lint::MAX_DELIMITER_WARNINGS);
    let scheme = url.kind().name();
    let warnings = warnings
        .into_iter()
        .map(|warning| warning.moved(scheme, |at| at + offset))
        .collect();
    (warnings, omitted)
}

/// Where the URL starts in the input (after a `URL:` prefix).
fn url_offset(reference: &UrlReference<'_>) -> usize {
    if reference.is_prefixed() {
        PREFIX.len()
    } else {
        0
    }
}

/// The warnings of `scheme://login@rest` read without `login@`, plus the login's own, and the
/// count of escaped-delimiter warnings omitted.
fn without_login(input: &str, dialect: Dialect) -> (Vec<Warning>, usize) {
    let Some(authority) = input.find("://").map(|at| at + 3) else {
        return (Vec::new(), 0);
    };
    let end = input[authority..]
        .find('/')
        .map_or(input.len(), |at| authority + at);
    let Some(at_sign) = input[authority..end].rfind('@').map(|at| authority + at) else {
        return (Vec::new(), 0);
    };
    let rest = format!("{}{}", &input[..authority], &input[at_sign + 1..]);
    let Ok(reference) = parse_reference(&rest, dialect) else {
        return (Vec::new(), 0);
    };
    let scheme = reference.url().kind().name();
    let removed = at_sign + 1 - authority;
    let offset = url_offset(&reference);
    let (warnings, omitted) = warnings_at_most(reference.url(), Lint::MAX_DELIMITER_WARNINGS);
    // An offset of the URL read without the login, in the input: after the prefix, and
    // after the login put back.
    let to_input = |at: usize| {
        let at = at + offset;
        if at >= authority { at + removed } else { at }
    };
    let mut warnings: Vec<Warning> = warnings
        .into_iter()
        .map(|warning| warning.moved(scheme, to_input))
        .collect();
    warnings.push(Warning {
        kind: WarningKind::UserInfoNotAllowed,
        severity: Severity::Warning,
        component: "login",
        span: authority..at_sign,
        message: format!(
            "a user name or password in this {scheme} URL, which allows none (RFC 1738 section 3): a client would misread or drop it"
        ),
    });
    if let Some(colon) = input[authority..at_sign].find(':') {
        let password = authority + colon + 1..at_sign;
        let empty = password.is_empty();
        warnings.push(password_warning("password", password, empty));
    }
    warnings.sort_by_key(|warning| (warning.span.start, warning.span.end));
    (warnings, omitted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn summary(input: &str) -> Vec<(&'static str, Severity, &'static str, Range<usize>)> {
        lint(input, Dialect::Rfc1738)
            .warnings()
            .iter()
            .map(|w| (w.kind().name(), w.severity(), w.component(), w.span()))
            .collect()
    }

    #[test]
    fn the_gopher_smtp_attack_is_danger_three_times() {
        assert_eq!(
            summary("gopher://host:25/0%0D%0AHELO"),
            [
                ("non-default-port", Severity::Danger, "port", 14..16),
                ("cross-protocol", Severity::Danger, "port", 14..16),
                ("encoded-delimiter", Severity::Danger, "selector", 18..21),
                ("encoded-delimiter", Severity::Danger, "selector", 21..24),
            ]
        );
    }

    #[test]
    fn a_port_of_1024_or_more_is_a_warning_and_the_default_nothing() {
        assert_eq!(
            summary("http://h:1024/"),
            [("non-default-port", Severity::Warning, "port", 9..13)]
        );
        assert_eq!(
            summary("http://h:1023/"),
            [("non-default-port", Severity::Danger, "port", 9..13)]
        );
        assert_eq!(summary("http://h:80/"), []);
        assert_eq!(summary("http://h:0080/"), []);
    }

    #[test]
    fn gophers_own_separators_and_ask_form_lines_are_legitimate() {
        assert_eq!(summary("gopher://h/7sel%09search%09+"), []);
        assert_eq!(
            summary("gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A"),
            []
        );
        assert_eq!(
            summary("gopher://h/1sel%09%09+x%09y"),
            [(
                "encoded-delimiter",
                Severity::Warning,
                "gopher+_string",
                23..26
            )]
        );
        // %00 is never a line of the form.
        assert_eq!(
            summary("gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Ay%00%0D%0A"),
            [(
                "encoded-delimiter",
                Severity::Danger,
                "gopher+_string",
                42..45
            )]
        );
    }

    #[test]
    fn passwords_and_logins_where_none_is_allowed() {
        assert_eq!(
            summary("ftp://u:pw@h/"),
            [("password", Severity::Warning, "password", 8..10)]
        );
        assert_eq!(
            summary("ftp://u:@h/"),
            [("password", Severity::Notice, "password", 8..8)]
        );
        assert_eq!(
            summary("gopher://u@h:70/1%0d"),
            [
                ("user-info-not-allowed", Severity::Warning, "login", 9..10),
                ("encoded-delimiter", Severity::Danger, "selector", 17..20),
            ]
        );
    }

    #[test]
    fn spans_count_from_the_input_after_a_prefix() {
        assert_eq!(
            summary("URL:telnet://h:2323/"),
            [("non-default-port", Severity::Warning, "port", 15..19)]
        );
    }
}
