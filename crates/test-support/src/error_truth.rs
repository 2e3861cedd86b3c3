//! The property of every error (issue 15, class 2): its caret, its `expected` list and its
//! message are each true of the input.
//!
//! - The caret is at the furthest offset any reading of the grammar reached, as pest
//!   reports it, unless the message names an earlier cause and says why
//!   ([`EARLIER_CAUSE`]).
//! - No rule or literal listed in `expected` can match at the caret (a rule "matches" when
//!   it takes at least one character there; `end of URL` when the caret is at the end).
//! - What the message says of the input is so: the character it names is the one under
//!   the caret, a trailing dot or `..` is there, a label starts or ends with what it says.
//!
//! Errors beyond the grammar (a number out of range, a length limit) are exempt from the
//! first two: the grammar accepts the digits they point at ([`BEYOND_GRAMMAR`]).

use pest::Parser;
use rfc1738::grammar::{draft_www_uri_00, rfc1630, rfc2396, Rfc1738Parser, Rule};
use rfc1738::{Dialect, ErrorKind, ParseError};

/// Errors the grammar cannot express: the grammar accepts the text they point at (digits
/// of a port or an octet beyond their range; an input beyond a length
/// limit of this implementation), so `expected` names what matches there.
pub const BEYOND_GRAMMAR: &[&str] = &[
    "port-out-of-range",
    "octet-out-of-range",
    "too-long",
    "too-long-in-text",
];

/// Errors whose message names an earlier cause than the furthest point of the grammar, and
/// says why: the caret is on that cause, at or before pest's furthest offset.
pub const EARLIER_CAUSE: &[&str] = &[
    // "http URLs carry no user name or password": the caret is on the login.
    "user-info-not-allowed",
    // "\"/\" ends the login before its \"@\"": on the "/" that cut a user name or
    // password short (the grammar reads on to the character after it, as a host and "/").
    "slash-in-login",
    "slash-in-alphanum2-login",
    // "invalid escape \"%zz\"": on its "%", one or two bytes before the bad digit.
    "invalid-escape",
    // "http URLs start with \"http://\"": right after the scheme's ":", inside the
    // literal "http://" that pest tries whole at the scheme (see `falsehoods`).
    "missing-slashes",
    // "an http search part follows the path's \"/\"": on the "?".
    "search-without-path",
    // "\";type=\" is written in lower case": on the ";".
    "type-in-upper-case",
    // The wrapper of running text, or whitespace around the URL: at its start or end.
    "wrapper",
    "surrounding-whitespace",
    // RFC 1630's prefix before a scheme it does not name: on that scheme.
    "prefixed-generic-uri",
];

/// Where the dialect's grammar reads the input: the whole of it (RFC 1630 family), or the
/// URL between the `URL:` prefix and the `#fragment` (RFC 1738, whose grammar holds
/// neither): `(start, end)`.
fn grammar_part(input: &str, dialect: Dialect) -> (usize, usize) {
    if dialect != Dialect::Rfc1738 {
        return (0, input.len());
    }
    let prefixed = input
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
        && rfc1738::leading_scheme(&input[4..]).is_some();
    let start = if prefixed { 4 } else { 0 };
    let end = input[start..]
        .find('#')
        .map_or(input.len(), |at| start + at);
    (start, end)
}

/// The furthest offset any reading of the grammar reaches in the grammar's part of the
/// input, as pest reports it with its error detail on (`parse_attempts().max_position`:
/// literals and characters counted, not only rules); `None` when the grammar accepts it
/// (the error is beyond the grammar, or in an RFC 1738 fragment).
fn pest_furthest(input: &str, dialect: Dialect) -> Option<usize> {
    pest::set_error_detail(true);
    let (start, end) = grammar_part(input, dialect);
    let text = &input[start..end];
    fn furthest<R: pest::RuleType>(error: pest::error::Error<R>) -> usize {
        let at = match error.location {
            pest::error::InputLocation::Pos(at) | pest::error::InputLocation::Span((at, _)) => at,
        };
        error
            .parse_attempts()
            .map_or(at, |attempts| attempts.max_position.max(at))
    }
    let at = match dialect {
        Dialect::Rfc1738 => Rfc1738Parser::parse(Rule::whole_url, text)
            .err()
            .map(furthest),
        Dialect::Rfc1630 => rfc1630::Rfc1630Parser::parse(rfc1630::Rule::whole_uri, text)
            .err()
            .map(furthest),
        Dialect::Rfc2396 => rfc2396::Rfc2396Parser::parse(rfc2396::Rule::whole_reference, text)
            .err()
            .map(furthest),
        _ => draft_www_uri_00::DraftParser::parse(draft_www_uri_00::Rule::whole_uri, text)
            .err()
            .map(furthest),
    }?;
    Some(start + at)
}

/// RFC 1738's `login = [ user [ ":" password ] "@" ] hostport`: in an ftp or telnet URL
/// whose authority holds no "@", the login is a bare hostport, and the furthest offset of
/// that reading (pest's `hostport` over the authority) is where the error is reported;
/// the user reading goes further only by taking the host for a user name that waits for
/// its "@". `None` when the input has no such login.
fn hostport_reach(input: &str, dialect: Dialect) -> Option<usize> {
    if dialect != Dialect::Rfc1738 {
        return None;
    }
    let (start, end) = grammar_part(input, dialect);
    let text = &input[start..end];
    let scheme = rfc1738::leading_scheme(text)?;
    if !["ftp", "telnet"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
    {
        return None;
    }
    let authority = text[scheme.len()..].strip_prefix("://")?;
    let authority = &authority[..authority.find('/').unwrap_or(authority.len())];
    if authority.contains('@') {
        return None;
    }
    // The same authority in a gopher URL, whose authority is a hostport and nothing else,
    // followed (as in ftp and telnet) by "/" or the end: where pest gets furthest in it.
    let gopher = format!("gopher://{authority}");
    let reach = pest_furthest(&gopher, Dialect::Rfc1738)? - "gopher://".len();
    Some(start + scheme.len() + 3 + reach)
}

/// How many bytes the rule takes at the start of `text`, 0 when it fails.
fn taken<R: pest::RuleType, P: Parser<R>>(rule: R, text: &str) -> usize {
    P::parse(rule, text)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .map_or(0, |pair| pair.as_span().end())
}

/// Whether the named rule of the dialect's grammar takes a character at the start of
/// `text`; `None` when no rule has that name. Every rule that carries the name must match
/// (RFC 1738's `search` names both `search` and `gopher_search`).
fn rule_matches(dialect: Dialect, name: &str, text: &str) -> Option<bool> {
    fn all<R: pest::RuleType, P: Parser<R>>(
        rules: &[R],
        name_of: impl Fn(R) -> String,
        name: &str,
        text: &str,
    ) -> Option<bool> {
        let named: Vec<R> = rules
            .iter()
            .copied()
            .filter(|&rule| name_of(rule) == name)
            .collect();
        (!named.is_empty()).then(|| named.iter().all(|&rule| taken::<R, P>(rule, text) > 0))
    }
    // RFC 1630's names as its diagnosis writes them (`rfc1630.rs`, `rule_name`).
    fn rfc1630_name(debug: String) -> String {
        match debug.as_str() {
            "fragment" => "\"#\"".into(),
            "url_scheme" => "scheme".into(),
            "whole_uri" | "fragmentaddress" => "uri".into(),
            other => other.replace('_', "-"),
        }
    }
    match dialect {
        Dialect::Rfc1738 => {
            all::<Rule, Rfc1738Parser>(Rule::all_rules(), Rule::rfc_name, name, text)
        }
        Dialect::Rfc1630 => all::<rfc1630::Rule, rfc1630::Rfc1630Parser>(
            rfc1630::Rule::all_rules(),
            |rule| rfc1630_name(format!("{rule:?}")),
            name,
            text,
        ),
        // RFC 2396's names as build.rs's `rfc2396_name` writes them.
        Dialect::Rfc2396 => all::<rfc2396::Rule, rfc2396::Rfc2396Parser>(
            rfc2396::Rule::all_rules(),
            |rule| match format!("{rule:?}").as_str() {
                "URI_reference" | "whole_reference" => "URI-reference".into(),
                "whole_uri" => "absoluteURI".into(),
                other => other.to_owned(),
            },
            name,
            text,
        ),
        _ => all::<draft_www_uri_00::Rule, draft_www_uri_00::DraftParser>(
            draft_www_uri_00::Rule::all_rules(),
            |rule| rfc1630_name(format!("{rule:?}")),
            name,
            text,
        ),
    }
}

fn is_escape(text: &str) -> bool {
    matches!(text.as_bytes(), [b'%', a, b, ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
}

fn percent_encoded(c: char) -> String {
    let mut buffer = [0; 4];
    c.encode_utf8(&mut buffer)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// What is wrong with `error` as the error of `input` read by `dialect`: empty when its
/// caret, `expected` and message are true of the input.
pub fn falsehoods(input: &str, dialect: Dialect, error: &ParseError) -> Vec<String> {
    let mut wrong = Vec::new();
    let offset = error.offset();
    let code = error.kind().code();
    let rest = &input[offset.min(input.len())..];
    let at = rest.chars().next();
    let (_, url_end) = grammar_part(input, dialect);

    // The caret.
    if !BEYOND_GRAMMAR.contains(&code) {
        if let Some(furthest) = pest_furthest(input, dialect) {
            let earlier =
                EARLIER_CAUSE.contains(&code) || hostport_reach(input, dialect) == Some(offset);
            // pest tries a scheme's literal ("http://") whole: the missing "//" is after
            // the ":" of the scheme where pest stopped.
            let in_literal =
                code == "missing-slashes" && input[furthest.min(offset)..offset].ends_with(':');
            if (earlier && offset > furthest && !in_literal) || (!earlier && offset != furthest) {
                wrong.push(format!(
                    "caret at {offset}, pest's furthest offset is {furthest}"
                ));
            }
        }
    }

    // `expected`.
    if !BEYOND_GRAMMAR.contains(&code) {
        for name in error.expected() {
            let matches = if name == "end of URL" || name == "end of URI" {
                Some(offset == input.len() || (dialect == Dialect::Rfc1738 && offset == url_end))
            } else if let Some(literal) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
                Some(!literal.is_empty() && rest.starts_with(literal))
            } else {
                let in_fragment = dialect == Dialect::Rfc1738 && offset > url_end;
                let matched = if in_fragment {
                    rule_matches(Dialect::Rfc1630, name, rest)
                } else {
                    rule_matches(dialect, name, rest)
                };
                if matched.is_none() {
                    wrong.push(format!(
                        "expected names {name:?}, which is no rule of the grammar"
                    ));
                }
                matched
            };
            if matches == Some(true) {
                wrong.push(format!("expected lists {name}, which matches at the caret"));
            }
        }
    }

    // The message.
    let found_is = |found: char| {
        if at != Some(found) {
            Some(format!(
                "the message names {found:?}, the caret is on {at:?}"
            ))
        } else {
            None
        }
    };
    let before = &input[..offset.min(input.len())];
    let claim = match error.kind() {
        ErrorKind::UnsafeCharacter { found, escape } => found_is(*found)
            .or_else(|| {
                (!" <>\"{}|\\^~[]`%".contains(*found)).then(|| format!("{found:?} is not unsafe"))
            })
            .or_else(|| {
                (*escape != percent_encoded(*found))
                    .then(|| format!("{escape} is not {found:?} escaped"))
            }),
        ErrorKind::ReservedCharacter { found, escape } => found_is(*found)
            .or_else(|| (!";/?:@&=".contains(*found)).then(|| format!("{found:?} is not reserved")))
            .or_else(|| {
                (*escape != percent_encoded(*found))
                    .then(|| format!("{escape} is not {found:?} escaped"))
            }),
        ErrorKind::NonGraphicCharacter { found, escape } => found_is(*found)
            .or_else(|| {
                found
                    .is_ascii_graphic()
                    .then(|| format!("{found:?} is graphic"))
            })
            .or_else(|| {
                (*escape != percent_encoded(*found))
                    .then(|| format!("{escape} is not {found:?} escaped"))
            }),
        ErrorKind::UnexpectedCharacter { found } => found_is(*found),
        ErrorKind::NotATypecode { found } => found_is(*found).or_else(|| {
            let after_type = before.len() >= 6
                && before.as_bytes()[before.len() - 6..].eq_ignore_ascii_case(b";type=");
            (!after_type || "aidAID".contains(*found))
                .then(|| format!("{found:?} after {before:?} is no bad typecode"))
        }),
        ErrorKind::AfterTelnetHost { found, scheme } => found_is(*found).or_else(|| {
            (!before.ends_with('/') || !input.to_ascii_lowercase().starts_with(scheme))
                .then(|| format!("{found:?} does not follow a {scheme} URL's \"/\""))
        }),
        ErrorKind::NotAllowed { found, reason, .. } => found_is(*found).or_else(|| {
            let fits = if reason.contains("national") {
                "{}|[]\\^~".contains(*found)
            } else if reason.contains("punctuation") {
                "<>".contains(*found)
            } else if reason.contains("\"#\"") {
                *found == '#'
            } else if reason.contains("unwise") {
                // RFC 2396 section 2.4.3's classes.
                "{}|\\^[]`".contains(*found)
            } else if reason.contains("delimiter excluded") {
                "<>\"".contains(*found)
            } else if reason.contains("control characters") {
                found.is_ascii_control()
            } else if reason.contains("US-ASCII characters") {
                !found.is_ascii()
            } else if reason.contains("RFC 2396 section 2.2") {
                ";/?:@&=+$,".contains(*found)
            } else {
                "=;/?: ".contains(*found)
            };
            (!fits).then(|| format!("the reason {reason:?} does not fit {found:?}"))
        }),
        ErrorKind::InvalidEscape { escape } => {
            (!rest.starts_with(escape.as_str()) || !escape.starts_with('%') || is_escape(rest))
                .then(|| format!("no invalid escape {escape:?} at the caret"))
        }
        ErrorKind::EscapeNotAllowed { escape } => (!rest.starts_with(escape.as_str())
            || !is_escape(rest))
        .then(|| format!("no escape {escape:?} at the caret")),
        ErrorKind::Fragment => found_is('#'),
        ErrorKind::SearchWithoutPath => found_is('?'),
        ErrorKind::SlashInLogin | ErrorKind::SlashInAlphanum2Login => found_is('/')
            .or_else(|| (!rest.contains('@')).then(|| "no \"@\" after the \"/\"".to_owned()))
            .or_else(|| {
                let login = &before[before.rfind("//").map_or(0, |at| at + 2)..];
                login
                    .contains(['@', '/'])
                    .then(|| format!("{login:?} before the \"/\" is no user name or password"))
            }),
        ErrorKind::HostInBrackets => found_is('[').or_else(|| {
            let host_start = before.ends_with("//") || before.ends_with('@');
            (!host_start).then(|| "the \"[\" does not follow \"//\" or \"@\"".to_owned())
        }),
        ErrorKind::EmptyLabel => {
            let ends_host = matches!(at, None | Some('.' | '/' | ':' | '?' | '#' | ';' | '@'));
            (!before.ends_with('.') || !ends_host)
                .then(|| format!("no trailing \".\" or \"..\" at the caret ({at:?} follows)"))
        }
        ErrorKind::LabelEndsWithHyphen => {
            (!before.ends_with('-')).then(|| "no label ends with \"-\" at the caret".to_owned())
        }
        ErrorKind::LabelStartsWithHyphen => (at != Some('-')
            || !(before.ends_with('.') || before.ends_with('/') || before.ends_with('@')))
        .then(|| "no label starts with \"-\" at the caret".to_owned()),
        ErrorKind::ToplabelStartsWithDigit { label } => {
            let ends = before.ends_with(label.as_str())
                && [".", "//", "@"]
                    .iter()
                    .any(|s| before[..before.len() - label.len()].ends_with(s))
                && label.starts_with(|c: char| c.is_ascii_digit())
                && !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-');
            (!ends).then(|| format!("no last label {label:?} before the caret"))
        }
        ErrorKind::HostnumberParts { parts } => {
            let host: String = before
                .rsplit(['/', '@'])
                .next()
                .unwrap_or_default()
                .to_owned();
            let numeric = host
                .split('.')
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
            (!numeric || host.split('.').count() != *parts).then(|| {
                format!("the host before the caret, {host:?}, is not {parts} groups of digits")
            })
        }
        ErrorKind::ArticleWithoutHost { .. } => {
            // A grouppart, not empty, without "@", runs from the scheme's ":" to the caret.
            let colon = before.find(':');
            let article = colon.is_some_and(|colon| offset > colon + 1) && !before.contains('@');
            // The end of the URL (RFC 1738), or of the URI before its fragment (RFC 1630).
            let uri_end = input.find('#').unwrap_or(input.len());
            (!(offset == url_end || offset == uri_end) || !article)
                .then(|| "the caret is not at the end of an article without \"@\"".to_owned())
        }
        ErrorKind::NotInHostport { found } => found_is(*found).or_else(|| {
            let authority = before.rsplit("//").next().unwrap_or_default();
            let after = &input[offset..url_end.max(offset)];
            let login_rest = after.split('/').next().unwrap_or_default();
            (authority.contains('/') || authority.contains('@') || login_rest.contains('@'))
                .then(|| "the caret is not in a login without \"@\"".to_owned())
        }),
        ErrorKind::MissingScheme { .. } => {
            let scheme_end = input.find(':');
            let claimed = match dialect {
                Dialect::Rfc1738 => {
                    rfc1738::leading_scheme(&input[grammar_part(input, dialect).0..]).is_none()
                }
                _ => {
                    !input.starts_with(|c: char| c.is_ascii_alphabetic())
                        || scheme_end.is_none_or(|colon| {
                            input[..colon].contains(['/', ' ', '<', '>', '#', '?'])
                                || input.as_bytes()[offset] != b':'
                        })
                }
            };
            (!claimed).then(|| "the input starts with a scheme and \":\"".to_owned())
        }
        ErrorKind::PartialForm => rfc1738::is_absolute(input)
            .then(|| "the input has a \":\" before any \"/\": not a partial form".to_owned()),
        ErrorKind::PrefixedGenericUri { scheme } => (!input
            .get(4..)
            .is_some_and(|rest| rest.starts_with(scheme.as_str()) && offset == 4))
        .then(|| format!("no scheme {scheme:?} after the prefix")),
        ErrorKind::MissingPort => (!before.ends_with(':')
            || at.is_some_and(|c| c.is_ascii_digit()))
        .then(|| "no \":\" without digits at the caret".to_owned()),
        ErrorKind::MissingSlashes { .. } => (!before.ends_with(':') || rest.starts_with("//"))
            .then(|| "the scheme's \":\" is followed by \"//\"".to_owned()),
        ErrorKind::TypeInUpperCase => {
            let written = rest.get(..6);
            (!written.is_some_and(|w| w.eq_ignore_ascii_case(";type=") && w != ";type="))
                .then(|| "no \";type=\" in another case at the caret".to_owned())
        }
        ErrorKind::UserInfoNotAllowed { .. } => {
            let login = rest.split('/').next().unwrap_or_default();
            (!login.contains('@')).then(|| "no \"@\" after the caret in the authority".to_owned())
        }
        ErrorKind::Empty => (!input.is_empty()).then(|| "the input is not empty".to_owned()),
        ErrorKind::SurroundingWhitespace => {
            (!at.is_some_and(char::is_whitespace)).then(|| "no whitespace at the caret".to_owned())
        }
        ErrorKind::Wrapper { .. } => (offset != 0
            || !(input.starts_with('<') || input.starts_with('"')))
        .then(|| "no wrapper at the start".to_owned()),
        ErrorKind::UnexpectedEnd => (offset != input.len() && offset != url_end)
            .then(|| "the caret is not at the end".to_owned()),
        ErrorKind::PortOutOfRange { port } => {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            (!digits.starts_with(port.split('…').next().unwrap_or_default())
                || digits.parse::<u64>().is_ok_and(|value| value <= 65535))
            .then(|| format!("no port over 65535 at the caret ({digits})"))
        }
        ErrorKind::OctetOutOfRange { octet } => {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            (!digits.starts_with(octet.split('…').next().unwrap_or_default())
                || digits.parse::<u64>().is_ok_and(|value| value <= 255))
            .then(|| format!("no octet over 255 at the caret ({digits})"))
        }
        _ => None,
    };
    wrong.extend(claim);
    wrong
}
