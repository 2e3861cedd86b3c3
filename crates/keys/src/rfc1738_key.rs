//! The scheme-aware key ([`Style::Rfc1738`](crate::Style::Rfc1738)): SURT's order, the
//! URL's meaning.

use rfc1738::{Role, Url, UrlKind};
use std::fmt::Write as _;

/// The scheme-aware key of `url`: SURT's order (the host's labels reversed, so that a
/// site's and a domain's captures sort together), with the scheme kept, equal for two URLs
/// exactly when RFC 1738 (or RFC 1630) says they name the same thing.
///
/// The format, as a grammar (ABNF, RFC 5234):
///
/// ```text
/// key       = scheme "://(" hostkey [ ":" port ] [ "@" login ] ")" rest   ; a URL with a host
///           / "mailto:(" domainkey ")" local-part                          ; a mailto address with "@"
///           / scheme ":" opaque                                            ; any other URL
/// hostkey   = *( label "," )          ; a hostname's labels, last first, in lower case
///           / hostnumber              ; digits "." digits "." digits "." digits, as numbers
///                                     ; (no leading zeros), not reversed
///                                     ; (empty: a file URL's empty host or "localhost")
/// domainkey = *( label "," ) / domain-literal   ; the address's domain, in lower case,
///                                               ; ")" and "," in a label written "%29", "%2C"
/// login     = user [ ":" password ]   ; ")" written "%29"
/// rest      = the URL's text after host[:port], at one encoding level (below)
/// opaque    = the URL's text after "scheme:", at one encoding level; a "(" right after
///             "scheme:" or "scheme://" written "%28" (so that no opaque key reads as the
///             forms above)
/// ```
///
/// Equal keys, for (each rule with what gives it):
/// - the case of the scheme (section 2.1: "programs interpreting URLs should treat upper
///   case letters as equivalent to lower case in scheme names"), of the host (section
///   3.1, DNS names), of an ftp typecode (section 3.2.2 gives `a`, `i`, `d`; RFC 1630
///   `A`, `I`), of a mailto address's domain (RFC 822 section 6.2.4: domains are compared
///   without regard to case);
/// - a port written that is the scheme's default (section 3: 21 ftp, 80 http, 70 gopher,
///   119 nntp, 23 telnet, 210 wais, 1525 prospero), and a port's leading zeros;
/// - an octet escaped that need not be against its plain form (section 2.2: "Usually a
///   URL has the same interpretation when an octet is represented by a character and when
///   it encoded"): every `unreserved` character (but `+`, a space in a search by RFC 1630),
///   and a reserved character where the scheme's grammar allows it plain as data and
///   gives it no meaning there: `;?&=` in a user or password (section 3.1), `:@&=` in an
///   http path or search (section 3.3 reserves `/;?` there), `?:@&=` in an ftp or file
///   path (section 3.2.2 reserves `/;`), all of `;/?:@=&` in a gopher selector, search and
///   gopher+ string (section 3.4: the selector is opaque data, which "may contain" any
///   octet but TAB, CR and LF) and in a mailto address (section 3.5: an encoded RFC 822
///   address), `;/?:&=` in a news article's message-id (section 3.6), `?:@&=` in a
///   prospero path and `?:@&` in a field name or value (section 3.11);
/// - the `URL:` prefix and angle brackets (appendix, "Recommendations for URLs in
///   Context"), and a `#fragment` (section 2.2: "#" delimits "a URL from a
///   fragment/anchor identifier that might follow it"; RFC 1630, "Fragment identifiers");
/// - `http://host` and `http://host/` (section 3.3), `ftp://host` and `ftp://host/`
///   (section 3.2.2: both the login directory), `telnet://host` and `telnet://host/`
///   (section 3.8), `gopher://host`, `gopher://host/` and `gopher://host/1` (section 3.4:
///   an empty gopher-path is type 1 with an empty selector);
/// - `file:///path` and `file://localhost/path` (section 3.10: both "the machine from
///   which the URL is being interpreted").
///
/// Different keys wherever the scheme's grammar gives a difference a meaning: the case of
/// paths, selectors, searches, groups, message-ids, logins and a mailto local part; `%2F`
/// against `/` where `/` separates segments (ftp, http, file, wais, prospero), and any
/// reserved character escaped against plain where the scheme gives the plain one a
/// meaning; `%09` in a gopher URL (the TAB before a search); the typecode; gopher's item
/// type; the login of telnet and ftp (section 3.8: "the user name ... to use"); a
/// newsgroup against an article; WAIS database, type and path; prospero fields; a file
/// URL's host (other than `localhost`); and every other scheme's text but the rules above
/// (an unknown scheme's reserved characters keep their escapes: their meaning is the
/// scheme's).
///
/// ```
/// use rfc1738_keys::url_key;
/// let key = |text| url_key(&rfc1738::parse(text).unwrap());
/// assert_eq!(key("ftp://ftp.uu.net/%2Fetc/motd"), "ftp://(net,uu,ftp,)/%2Fetc/motd");
/// assert_eq!(key("telnet://fedix@fedix.fie.com/"), "telnet://(com,fie,fedix,@fedix)");
/// assert_eq!(key("news:12345678@cernvax.cern.ch"), "news:12345678@cernvax.cern.ch");
/// assert_eq!(key("mailto:timbl@Info.CERN.ch"), "mailto:(ch,cern,info,)timbl");
/// assert_eq!(key("gopher://h/0a%2Fb"), key("gopher://H:70/0a/b"));
/// assert_ne!(key("ftp://h/a%2Fb"), key("ftp://h/a/b"));
/// ```
pub fn url_key(url: &Url<'_>) -> String {
    key_and_rest(url).0
}

/// [`url_key`], and where in it the rest (or the opaque part, or a mailto local part)
/// starts.
pub(crate) fn key_and_rest(url: &Url<'_>) -> (String, usize) {
    key_and_rest_of_normal(&url.normalize())
}

/// [`key_and_rest`] of a URL already normalized ([`Url::normalize`]).
pub(crate) fn key_and_rest_of_normal(normal: &Url<'_>) -> (String, usize) {
    let mut key = String::with_capacity(normal.as_str().len() + 8);
    let rest_start = write_key_of_normal(normal, &mut key);
    (key, rest_start)
}

/// Appends the key of a URL already normalized to `key`; returns where in `key` the rest
/// (or the opaque part, or a mailto local part) starts.
pub(crate) fn write_key_of_normal(normal: &Url<'_>, key: &mut String) -> usize {
    let text = normal.as_str();
    let scheme = normal.scheme();
    // After "scheme:" (the scheme as read, whatever its length in the text).
    let after_colon = match text.as_bytes().get(scheme.len()) {
        Some(b':') => scheme.len() + 1,
        _ => memchr::memchr(b':', text.as_bytes()).map_or(text.len(), |colon| colon + 1),
    };
    key.reserve(text.len() + 8);
    key.push_str(scheme);
    key.push(':');
    let mut rest_start = key.len();
    match authority(normal, text, after_colon) {
        Some(authority) => {
            key.push_str("//(");
            push_host_key(key, authority.host);
            if let Some(port) = normal.port() {
                let _ = write!(key, ":{port}");
            }
            if let Some(login) = authority.login {
                key.push('@');
                push_same_data(key, login, b";?&=", b")");
            }
            key.push(')');
            rest_start = key.len();
            push_components(key, normal, authority.rest);
            if key.len() == rest_start && normal.kind() == UrlKind::Ftp {
                // `ftp://host` and `ftp://host/`: the same empty fpath (section 3.2.2).
                key.push('/');
            }
        }
        None if normal.kind() == UrlKind::Mailto => {
            let mut address = String::new();
            push_components(&mut address, normal, after_colon);
            match address.rfind('@') {
                Some(at) => {
                    key.push('(');
                    push_domain_key(key, &address[at + 1..]);
                    key.push(')');
                    rest_start = key.len();
                    key.push_str(&address[..at]);
                }
                None => push_opaque(key, &address),
            }
        }
        None => {
            let mut opaque = String::new();
            push_components(&mut opaque, normal, after_colon);
            push_opaque(key, &opaque);
        }
    }
    rest_start
}

/// The host and login of a URL with a host, and where the rest of its text starts.
struct Authority<'a> {
    /// The host as the key names it: empty for a file URL's empty host or `localhost`.
    host: &'a str,
    login: Option<&'a str>,
    rest: usize,
}

/// The authority of `url` (normalized, its text `text`), if it has one: a host, or a file
/// URL's `//` with an empty host.
fn authority<'a>(url: &Url<'_>, text: &'a str, after_colon: usize) -> Option<Authority<'a>> {
    let host = url.component(Role::Host);
    let is_file = matches!(url, Url::File(_));
    if host.is_none() && !is_file {
        return None;
    }
    let start = after_colon + 2; // after "//"
    let (host, host_end, login_end) = match (&host, url) {
        (Some(host), Url::File(file)) if file.is_local() => {
            ("", host.span().end, host.span().start)
        }
        (Some(host), _) => (&text[host.span()], host.span().end, host.span().start),
        (None, _) => ("", start, start),
    };
    // "user[:password]@" before the host.
    let login = (login_end > start && text.as_bytes()[login_end - 1] == b'@')
        .then(|| &text[start..login_end - 1]);
    // A port follows its host's ":" (and there is none to look for without one).
    let rest = match text.as_bytes().get(host_end) {
        Some(b':') => url
            .component(Role::Port)
            .map_or(host_end, |port| port.span().end),
        _ => host_end,
    };
    Some(Authority { host, login, rest })
}

/// Writes a host's key: a hostname's labels reversed, each followed by `,`; a
/// hostnumber's four numbers without leading zeros, in their order; nothing for an empty
/// host.
fn push_host_key(key: &mut String, host: &str) {
    if host.is_empty() {
        return;
    }
    if host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        for (i, number) in host.split('.').enumerate() {
            if i > 0 {
                key.push('.');
            }
            let digits = number.trim_start_matches('0');
            key.push_str(if digits.is_empty() { "0" } else { digits });
        }
        return;
    }
    // The normal form's host is in lower case already.
    let mut end = host.len();
    // (A host is short: a loop, without memchr's set-up for each label.)
    while let Some(dot) = host.as_bytes()[..end].iter().rposition(|&b| b == b'.') {
        key.push_str(&host[dot + 1..end]);
        key.push(',');
        end = dot;
    }
    key.push_str(&host[..end]);
    key.push(',');
}

/// A mailto address's domain as a key: its labels reversed, in lower case (a domain
/// literal `[...]` as written, in lower case); `)` written `%29`.
fn push_domain_key(key: &mut String, domain: &str) {
    let domain = domain.to_ascii_lowercase();
    if domain.starts_with('[') {
        push_same_data(key, &domain, b"", b")");
        return;
    }
    for label in domain.rsplit('.') {
        push_same_data(key, label, b"", b"),");
        key.push(',');
    }
}

/// `opaque` after `scheme:`, a `(` right after `scheme:` or `scheme://` written `%28`.
fn push_opaque(key: &mut String, opaque: &str) {
    let (head, tail) = match opaque.strip_prefix("//") {
        Some(tail) => ("//", tail),
        None => ("", opaque),
    };
    key.push_str(head);
    match tail.strip_prefix('(') {
        Some(after) => {
            key.push_str("%28");
            key.push_str(after);
        }
        None => key.push_str(tail),
    }
}

/// The text of `url` from `from` on, each component's escapes of the characters that mean
/// the same data plain ([`same_data`]) decoded.
fn push_components(out: &mut String, url: &Url<'_>, from: usize) {
    let text = url.as_str();
    // Every octet a component decodes is a reserved character (`same_data`): without an
    // escape of one there is nothing to decode, and the text is copied as it is (most
    // URLs), without a component list.
    let bytes = &text.as_bytes()[from..];
    let decodes = |at: usize| match bytes[at..] {
        [b'%', high, low, ..] => crate::hex(high)
            .zip(crate::hex(low))
            .is_some_and(|(high, low)| RESERVED.contains(&(high << 4 | low))),
        _ => false,
    };
    if rfc1738_words::find_byte(bytes, b'%').is_none()
        || !memchr::memchr_iter(b'%', bytes).any(decodes)
    {
        out.push_str(&text[from..]);
        return;
    }
    let mut at = from;
    // In the order of the text (`Url::components`).
    for component in url.components() {
        let span = component.span();
        if span.start < at {
            continue;
        }
        out.push_str(&text[at..span.start]);
        push_same_data(
            out,
            component.as_str(),
            same_data(url.kind(), component.role()),
            b"",
        );
        at = span.end;
    }
    out.push_str(&text[at..]);
}

/// Every character [`same_data`] names, of any role.
const RESERVED: &[u8] = b";/?:@=&";

/// The reserved characters that mean the same data escaped or plain in a component of
/// this role, in a URL of this kind (the rules of [`url_key`]): some of [`RESERVED`].
fn same_data(kind: UrlKind, role: Role) -> &'static [u8] {
    match (kind, role) {
        (_, Role::User | Role::Password) => b";?&=",
        (UrlKind::Http, Role::Hpath | Role::Search) => b":@&=",
        (UrlKind::Ftp | UrlKind::File, Role::Fpath) => b"?:@&=",
        (UrlKind::Prospero, Role::Ppath) => b"?:@&=",
        (UrlKind::Prospero, Role::Fieldname | Role::Fieldvalue) => b"?:@&",
        (UrlKind::Gopher, Role::Selector | Role::Search | Role::GopherPlus) => b";/?:@=&",
        (UrlKind::Mailto, Role::Encoded822addr) => b";/?:@=&",
        (UrlKind::News, Role::Grouppart) => b";/?:&=",
        _ => b"",
    }
}

/// Copies `text`, decoding each escape (`%XX`) of an octet in `decode` and escaping each
/// plain octet in `escape` (upper-case hex).
fn push_same_data(out: &mut String, text: &str, decode: &[u8], escape: &[u8]) {
    let bytes = text.as_bytes();
    // Nothing to escape, and no escape to decode: the text as it is (most components).
    if escape.is_empty() && (decode.is_empty() || memchr::memchr(b'%', bytes).is_none()) {
        out.push_str(text);
        return;
    }
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if byte == b'%' && i + 2 < bytes.len() {
            if let (Some(high), Some(low)) = (crate::hex(bytes[i + 1]), crate::hex(bytes[i + 2])) {
                let octet = high << 4 | low;
                if decode.contains(&octet) {
                    out.push_str(&text[copied..i]);
                    out.push(char::from(octet));
                    i += 3;
                    copied = i;
                    continue;
                }
            }
        } else if escape.contains(&byte) {
            out.push_str(&text[copied..i]);
            let _ = write!(out, "%{byte:02X}");
            copied = i + 1;
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
}

#[cfg(test)]
mod tests {
    use super::url_key;
    use pretty_assertions::assert_eq;

    fn key(text: &str) -> String {
        crate::key(text, crate::Style::Rfc1738).unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn hosts_reverse_and_keep_the_scheme() {
        assert_eq!(
            key("http://info.cern.ch/hypertext/WWW/TheProject.html"),
            "http://(ch,cern,info,)/hypertext/WWW/TheProject.html"
        );
        assert_eq!(
            key("gopher://128.101.054.2:70/1"),
            "gopher://(128.101.54.2)/"
        );
        assert_eq!(key("ftp://h:2121/"), "ftp://(h,:2121)/");
        assert_eq!(key("ftp://anon:pw@H/a"), "ftp://(h,@anon:pw)/a");
        assert_eq!(
            url_key(&rfc1738::parse("x-y://A.b/p").unwrap()),
            "x-y://(b,a,)/p"
        );
    }

    #[test]
    fn what_names_the_same_thing_gets_one_key() {
        for (a, b) in [
            ("HTTP://Info.CERN.ch:80", "http://info.cern.ch/"),
            ("ftp://h", "ftp://h:21/"),
            ("gopher://h", "gopher://h:70/1"),
            ("telnet://h:23/", "telnet://h"),
            ("file://localhost/etc/motd", "file:///etc/motd"),
            ("file://LOCALHOST/etc/motd", "file:///etc/motd"),
            ("ftp://h/f;type=A", "ftp://h/f;type=a"),
            ("mailto:tbl@INFO.cern.ch", "mailto:tbl@info.cern.ch"),
            ("mailto:tbl%40info.cern.ch", "mailto:tbl@info.cern.ch"),
            ("gopher://h/0a%2Fb%3Fc", "gopher://h/0a/b?c"),
            ("ftp://h/a%3Fb%3D", "ftp://h/a?b="),
            ("http://h/a%3Ab?c%3Dd", "http://h/a:b?c=d"),
            ("ftp://u%3B@h/", "ftp://u;@h/"),
            ("http://h/%41%2d", "http://h/A-"),
            ("URL:http://h/#top", "<URL:http://h/>"),
            ("news:a%2Fb@h", "news:a/b@h"),
            ("nntp://h:119/g/1", "nntp://h/g/1"),
            ("wais://h:210/db", "wais://h/db"),
        ] {
            assert_eq!(key(a), key(b), "{a} and {b}");
        }
    }

    #[test]
    fn what_the_grammar_tells_apart_keeps_apart() {
        for (a, b) in [
            ("gopher://h/1", "http://h/1"),
            ("ftp://gopher@x/", "telnet://gopher@x/"),
            (
                "telnet://fedix@fedix.fie.com/",
                "telnet://molis@fedix.fie.com/",
            ),
            ("ftp://h/%2Fetc/motd", "ftp://h/etc/motd"),
            ("ftp://h/a;type=a", "ftp://h/a;type=i"),
            ("ftp://h/a%3Btype=a", "ftp://h/a;type=a"),
            ("gopher://h/0/a", "gopher://h/0/A"),
            ("gopher://h/1/", "gopher://h/1"),
            ("gopher://h/7a%09b", "gopher://h/7a"),
            ("gopher://h/0a", "gopher://h/1a"),
            ("http://h/a%2Fb", "http://h/a/b"),
            ("http://h/a%3Fb", "http://h/a?b"),
            ("http://h/a/", "http://h/a"),
            ("mailto:Tbl@h", "mailto:tbl@h"),
            ("news:comp.infosystems", "news:comp.infosystems.www"),
            ("news:a@h", "news:A@h"),
            ("file://h/x", "file:///x"),
            ("wais://h/db/t/p", "wais://h/db/t/P"),
            ("x://h/a%2Fb", "x://h/a/b"),
            ("x:(a)", "x://(a,)/"),
            ("mailto:(ch,cern,)tbl", "mailto:tbl@cern.ch"),
            ("http://h//a", "http://h/a"),
        ] {
            assert_ne!(key(a), key(b), "{a} and {b}");
        }
    }

    /// The key copies a text without an escape of a [`super::RESERVED`] character whole:
    /// right only while every role's decoded characters are among them.
    #[test]
    fn every_decoded_character_is_one_the_whole_copy_looks_for() {
        use rfc1738::{Role, UrlKind};
        for kind in UrlKind::ALL {
            for role in Role::ALL {
                for octet in super::same_data(kind, role) {
                    assert!(super::RESERVED.contains(octet), "{kind:?} {role:?} {octet}");
                }
            }
        }
    }

    #[test]
    fn the_login_and_the_domain_cannot_close_the_parenthesis() {
        assert_eq!(key("ftp://a)b@h/"), "ftp://(h,@a%29b)/");
        assert_eq!(key("mailto:x@a)b.c"), "mailto:(c,a%29b,)x");
    }
}
