//! One encoding level for comparing URLs. RFC 1630 ("Before two URIs can be compared, it
//! is therefore necessary to bring them to the same encoding level") and RFC 1738 section
//! 2.2 (octets may be escaped when they need not be; reserved characters escaped or not
//! mean different things).

use crate::ast::component::Role;
use crate::ast::reference::UrlReference;
use crate::ast::scheme::GenericParts;
use crate::ast::url::Url;
use crate::facade::parse_reference;
use crate::vocabulary::dialect::{Dialect, PREFIX};
use crate::vocabulary::encode::{charset, push_escape};
use crate::vocabulary::error::ParseError;
use crate::vocabulary::escape::{hex_value, is_escape};
use crate::vocabulary::kind::UrlKind;
use std::borrow::Cow;
use std::ops::Range;

/// [`Url::normalize`].
pub(crate) fn normalize_url(url: &Url<'_>) -> Url<'static> {
    normalize_read(url, false).unwrap_or_else(|| url.clone().into_owned())
}

/// [`Url::normalize`] of `url`, which RFC 1738's grammar read when `read_by_rfc1738`
/// (`Url::parse_in` of its text gives it back: it is not read again); `None` when that is
/// `url` itself.
fn normalize_read(url: &Url<'_>, read_by_rfc1738: bool) -> Option<Url<'static>> {
    // The components are read as RFC 1738 reads them where it can (an RFC 1630 generic
    // URL has no host; RFC 1738's `ip-schemepart` does), so that the normal form is
    // read the same way again.
    let (mut normal, mut by_rfc1738) = match read_by_rfc1738 {
        true => (None, true),
        false => match read_back(url.as_str().to_owned(), url.kind()) {
            Some((reading, by_rfc1738)) => (Some(reading), by_rfc1738),
            None => (None, false),
        },
    };
    // A decoded escape can change how the rest reads (`x://h%2Ea/` has no host, while
    // `x://h.a/` has one, whose case then goes): repeat until nothing changes (at most
    // five passes). A text that a pass leaves as it is is not read again.
    for _ in 0..5 {
        let current = normal.as_ref().unwrap_or(url);
        if is_normal(current) {
            debug_assert_eq!(normalized_text(current).0, current.as_str());
            break;
        }
        let (text, same_layout) = normalized_text(current);
        if text == current.as_str() {
            break;
        }
        if same_layout && by_rfc1738 {
            // Each component where it was, read as it was (RFC 1738 reads a scheme and a
            // host in either case; RFC 1630 reads some schemes only in lower case): the
            // URL over its new text, not read again.
            let mut next = current.clone().retext(Cow::Owned(text));
            if let Url::Generic(generic) = &mut next {
                // Its scheme in lower case, kept aside when written otherwise: it is now.
                generic.scheme_lower = None;
            }
            debug_assert_eq!(
                Some(&next),
                reparse(next.as_str().to_owned(), next.kind()).as_ref(),
                "{:?} read again",
                next.as_str()
            );
            normal = Some(next);
            continue;
        }
        match read_back(text, current.kind()) {
            Some((next, next_by_rfc1738)) => {
                normal = Some(next);
                by_rfc1738 = next_by_rfc1738;
            }
            None => break,
        }
    }
    normal
}

/// Reads `input` as a URL reference by RFC 1738 (`[URL:] url [#fragment]`, as
/// [`parse_reference`] does) and brings its URL to one encoding level
/// ([`Url::normalize`]). The result is the URL alone, as in [`normalize_reference`],
/// which keeps the prefix and the fragment around it (and so the URL of scheme `url`
/// whose decoded schemepart would start with `scheme ":"` keeps its first escape, as it
/// must to read back as the same reference).
///
/// ```
/// assert_eq!(rfc1738::normalize("FTP://Host.Dom:21/a%2fb;type=A").unwrap().as_str(), "ftp://host.dom/a%2Fb;type=a");
/// assert_eq!(rfc1738::normalize("URL:HTTP://H:80/a%41#x").unwrap().as_str(), "http://h/aA");
/// ```
pub fn normalize(input: &str) -> Result<Url<'static>, ParseError> {
    Ok(normalize_reference(input)?.into_url())
}

/// Reads `input` as a URL reference by RFC 1738 and writes it at one encoding level: the
/// prefix `URL:` as it was written, the URL normalized ([`Url::normalize`]), the
/// `#fragment` as it was written. What `rfc1738 normalize` prints.
///
/// ```
/// let normal = rfc1738::normalize_reference("URL:HTTP://H:80/a%41#Top").unwrap();
/// assert_eq!(normal.as_str(), "URL:http://h/aA#Top");
/// assert_eq!(normal.url().as_str(), "http://h/aA");
/// assert_eq!(normal.fragment(), Some("Top"));
/// ```
pub fn normalize_reference(input: &str) -> Result<UrlReference<'static>, ParseError> {
    Ok(parse_reference(input, Dialect::Rfc1738)?.normalize())
}

/// Whether two URLs are the same at one encoding level; the error of the first that is not
/// a URL. Each is read as a URL reference by RFC 1738 ([`parse_reference`]), and the URLs
/// are compared: the prefix `URL:` and the `#fragment` take no part.
///
/// ```
/// assert!(rfc1738::equivalent("gopher://H:70/0%41", "gopher://h/0A").unwrap());
/// assert!(!rfc1738::equivalent("ftp://h/a%3Bb", "ftp://h/a;b").is_ok_and(|same| same));
/// assert!(rfc1738::equivalent("URL:http://h/#top", "HTTP://H:80/").unwrap());
/// ```
pub fn equivalent(a: &str, b: &str) -> Result<bool, ParseError> {
    let a = parse_reference(a, Dialect::Rfc1738)?;
    let b = parse_reference(b, Dialect::Rfc1738)?;
    Ok(a.url().equivalent(b.url()))
}

/// [`UrlReference::normalized_url`]: the reference's own URL, without a copy, when it is
/// its normal form.
pub(crate) fn normalized_url_of<'r, 'a>(reference: &'r UrlReference<'a>) -> Cow<'r, Url<'a>> {
    let url = reference.url();
    match normalize_read(url, reference.dialect() == Dialect::Rfc1738) {
        Some(normal) => Cow::Owned(normal),
        None => Cow::Borrowed(url),
    }
}

/// [`UrlReference::normalize`].
pub(crate) fn normalize_in_place_of(reference: &UrlReference<'_>) -> UrlReference<'static> {
    let mut url = match normalized_url_of(reference) {
        Cow::Borrowed(url) => url.clone().into_owned(),
        Cow::Owned(url) => url.into_owned(),
    };
    if !reference.is_prefixed() && reference.dialect().prefix_len(url.as_str()) > 0 {
        // A URL of scheme `url` whose normal form would start "url:scheme:" would read
        // back as the prefix before another URL (an escape in that scheme was decoded):
        // its first scheme character that normalizing decodes (any but "+", whose
        // escape is kept) is written escaped, which keeps it apart and keeps the URL's
        // normal form.
        let text = url.as_str();
        let at = PREFIX.len()
            + text.as_bytes()[PREFIX.len()..]
                .iter()
                .position(|&b| b != b'+')
                .unwrap_or(0);
        let mut kept = String::with_capacity(text.len() + 2);
        kept.push_str(&text[..at]);
        push_escape(&mut kept, text.as_bytes()[at]);
        kept.push_str(&text[at + 1..]);
        if let Some(reread) = reparse(kept, url.kind()) {
            url = reread;
        }
    }
    let text = reference.as_str();
    let prefix = &text[..if reference.is_prefixed() {
        PREFIX.len()
    } else {
        0
    }];
    let mut normal = String::with_capacity(text.len() + 1);
    normal.push_str(prefix);
    normal.push_str(url.as_str());
    let fragment = reference.fragment().map(|fragment| {
        normal.push('#');
        let start = normal.len();
        normal.push_str(fragment);
        start..normal.len()
    });
    crate::ast::reference::new(
        reference.dialect(),
        normal,
        reference.is_prefixed(),
        url,
        fragment,
    )
}

/// Reads normalized text back as the same kind of URL: by RFC 1738 (the URL takes the
/// text, not a copy of it), or by the RFC 1630 dialect that has the kind. A text that is
/// none is not diagnosed.
fn reparse(text: String, kind: UrlKind) -> Option<Url<'static>> {
    read_back(text, kind).map(|(url, _)| url)
}

/// [`reparse`], and whether RFC 1738 read it.
fn read_back(text: String, kind: UrlKind) -> Option<(Url<'static>, bool)> {
    if crate::facade::too_long(&text, Dialect::Rfc1738).is_none() {
        // Read, then moved onto the text it was read from.
        let read = crate::facade::read_url(&text)
            .and_then(Result::ok)
            .filter(|url| url.kind() == kind)
            .map(|url| url.retext(Cow::Borrowed("")));
        if let Some(read) = read {
            return Some((read.retext(Cow::Owned(text)), true));
        }
    }
    [Dialect::Rfc1630, Dialect::DraftWwwUri00]
        .into_iter()
        .filter_map(|dialect| parse_reference(&text, dialect).ok())
        .map(|reference| reference.into_url().into_owned())
        .find(|url| url.kind() == kind)
        .map(|url| (url, false))
}

/// How one stretch of the URL is rewritten.
enum Rewrite {
    Lowercase,
    Replace(String),
}

/// The text of `url` at one encoding level, and whether it keeps the layout of the text:
/// every rewrite of the same length (letters' case, an escape's hex digits) and no escape
/// decoded, so that each component is where it was and reads as it did.
fn normalized_text(url: &Url<'_>) -> (String, bool) {
    let text = url.as_str();
    // Room for the scheme, a host, a port, a typecode and an escaped dot or two.
    let mut rewrites: Vec<(Range<usize>, Rewrite)> = Vec::with_capacity(8);
    // The scheme as the grammar read it (every URL has one), and the ":" after it.
    if let Some(scheme) = url.component(Role::Scheme) {
        let colon = scheme.span().end;
        rewrites.push((scheme.span(), Rewrite::Lowercase));
        // Where "?" starts a search (http, wais, a generic URI), the path ends there: a
        // search is no path. Elsewhere "?" is data (an ftp fsegment, a gopher selector).
        // In ftp and prospero a ";" ends the last segment (";type=", fields).
        let path_start = match text[colon + 1..].strip_prefix("//") {
            Some(authority) => {
                colon + 3 + memchr::memchr(b'/', authority.as_bytes()).unwrap_or(authority.len())
            }
            None => colon + 1,
        };
        let has_search = matches!(url.kind(), UrlKind::Http | UrlKind::Wais | UrlKind::Generic);
        // (The first "?" after the colon, as resolve cuts a context there.)
        let end = match memchr::memchr(b'?', &text.as_bytes()[colon..]) {
            Some(at) if has_search => (colon + at).max(path_start),
            _ => text.len(),
        };
        let semicolon_ends = matches!(url.kind(), UrlKind::Ftp | UrlKind::Prospero);
        rewrites.extend(escaped_dot_elements(
            &text[..end],
            path_start,
            semicolon_ends,
        ));
    }
    // The components in the order of the text, walked without making their list.
    crate::ast::component::walk(url, &mut |role, span: crate::vocabulary::span::Span| {
        let span = span.start as usize..span.end as usize;
        match role {
            Role::Host => rewrites.push((span, Rewrite::Lowercase)),
            Role::Port => {
                // The port and the ":" before it.
                let written = span.start - 1..span.end;
                let port = url.port();
                let canonical = if port == url.default_port() {
                    String::new()
                } else {
                    format!(":{}", port.expect("a URL with a port component has a port"))
                };
                rewrites.push((written, Rewrite::Replace(canonical)));
            }
            // RFC 1738's typecode, or RFC 1630's ftptype (letters in either case there too).
            Role::Typecode | Role::Ftptype => rewrites.push((span, Rewrite::Lowercase)),
            _ => {}
        }
        true
    });
    rewrites.sort_by_key(|(range, _)| range.start);
    let mut out = String::with_capacity(text.len() + 1);
    let mut at = 0;
    let mut same_layout = true;
    for (range, rewrite) in rewrites {
        if range.start < at {
            continue;
        }
        same_layout &= !normalize_escapes(&text[at..range.start], &mut out);
        match rewrite {
            Rewrite::Lowercase => {
                let start = out.len();
                out.push_str(&text[range.clone()]);
                if let Some(written) = out.get_mut(start..) {
                    written.make_ascii_lowercase();
                }
            }
            Rewrite::Replace(with) => {
                same_layout &= with.len() == range.len();
                out.push_str(&with);
            }
        }
        at = range.end;
    }
    same_layout &= !normalize_escapes(&text[at..], &mut out);
    match last_slash(url) {
        LastSlash::Add => out.push('/'),
        LastSlash::Remove => {
            out.pop();
        }
        LastSlash::Keep => {}
    }
    (
        out,
        same_layout && matches!(last_slash(url), LastSlash::Keep),
    )
}

/// What the normal form does at the end of a URL whose slash is optional.
enum LastSlash {
    Add,
    /// The last character of the normalized text ("/" of telnet, "1" of gopher).
    Remove,
    Keep,
}

fn last_slash(url: &Url<'_>) -> LastSlash {
    match url {
        Url::Http(http) if http.path().is_none() && http.search().is_none() => LastSlash::Add,
        Url::Telnet(telnet) if telnet.has_trailing_slash() => LastSlash::Remove,
        // Section 3.4: an empty gopher-path means type 1; write it "/" (the normalized text
        // ends with the gopher-path, "1" once "%31" is decoded).
        Url::Gopher(gopher) => match gopher.url_path() {
            None => LastSlash::Add,
            Some(path) if crate::vocabulary::escape::percent_decode(path).as_ref() == b"1" => {
                LastSlash::Remove
            }
            Some(_) => LastSlash::Keep,
        },
        _ => LastSlash::Keep,
    }
}

/// Whether [`normalized_text`] of `url` is its own text, told without writing it (and
/// without the allocations): each escape one that is kept, in upper-case hex, and not of
/// a dot (which is kept only as a whole `.` or `..` element), a scheme, host and typecode
/// without an upper-case letter, no port or one that is not the default and has no
/// leading zero, and an end that [`last_slash`] keeps. `false` says only that the text
/// must be written to tell.
fn is_normal(url: &Url<'_>) -> bool {
    let text = url.as_str();
    let lower =
        |part: Option<&str>| part.is_none_or(|part| !part.bytes().any(|b| b.is_ascii_uppercase()));
    let normal_escape = |at: usize| match text.as_bytes()[at..] {
        [b'%', high, low, ..] if is_escape(&[b'%', high, low]) => {
            let octet = hex_value(high) << 4 | hex_value(low);
            !high.is_ascii_lowercase()
                && !low.is_ascii_lowercase()
                && octet != b'.'
                && is_kept(octet)
        }
        // A "%" that starts no escape is copied as it is.
        _ => true,
    };
    let authority = crate::ast::component::authority(url);
    // (Most URLs have no escape: told eight bytes at a time before the escapes are walked.)
    (rfc1738_words::find_byte(text.as_bytes(), b'%').is_none()
        || memchr::memchr_iter(b'%', text.as_bytes()).all(normal_escape))
        // A URL whose host is found elsewhere (RFC 2396's forms) is written out.
        && !matches!(url, Url::Generic(generic) if matches!(generic.form, GenericParts::Rfc2396(_)))
        // The scheme as written (`scheme()` is its name, of the same length).
        && lower(text.get(..url.scheme().len()))
        && lower(authority.as_ref().map(|authority| authority.host.of_text(text)))
        // A port that is not the default, written without leading zeros.
        && authority.is_none_or(|authority| {
            authority.port.is_none_or(|port| {
                let written = port.span.of_text(text).as_bytes();
                Some(port.value) != url.default_port() && (written == b"0" || written[0] != b'0')
            })
        })
        && lower(match url {
            Url::Ftp(ftp) => ftp.ftp_type.map(|ftp_type| ftp_type.span().of_text(text)),
            _ => None,
        })
        && matches!(last_slash(url), LastSlash::Keep)
}

/// The path elements of `path` from `start` (the text between slashes, and before a `;`
/// where `semicolon_ends`) that decode to `.` or `..` and hold an escape: RFC 1630
/// reserves `.` and `..` as whole path elements ("Hierarchical forms"), so such an element
/// keeps its dots escaped, each written `%2E`, and a partial form resolves against it as
/// before.
fn escaped_dot_elements(
    path: &str,
    start: usize,
    semicolon_ends: bool,
) -> impl Iterator<Item = (Range<usize>, Rewrite)> + '_ {
    // Without a "%" after `start` no element is an escaped dot (most paths): nothing to
    // walk.
    let mut at = match memchr::memchr(b'%', &path.as_bytes()[start.min(path.len())..]) {
        Some(_) => start,
        None => path.len(),
    };
    std::iter::from_fn(move || {
        while at < path.len() {
            let element_start = at;
            let rest = &path.as_bytes()[at..];
            let end = match semicolon_ends {
                true => memchr::memchr2(b'/', b';', rest),
                false => memchr::memchr(b'/', rest),
            };
            let len = end.unwrap_or(path.len() - at);
            at += len + 1;
            let element = &path[element_start..element_start + len];
            if !element.contains('%') {
                continue;
            }
            let dots = match crate::vocabulary::escape::percent_decode(element).as_ref() {
                b"." => 1,
                b".." => 2,
                _ => continue,
            };
            let range = element_start..element_start + len;
            return Some((range, Rewrite::Replace("%2E".repeat(dots))));
        }
        None
    })
}

/// Whether the escape of `octet` stays an escape at one encoding level: all but those of
/// unreserved characters, and of those `+` (RFC 1630's space in a search).
fn is_kept(octet: u8) -> bool {
    !charset::UNRESERVED.contains(octet) || octet == b'+'
}

/// Copies `text`, decoding escapes of unreserved characters (but `+`) and writing the
/// others in upper-case hex; whether it decoded one.
fn normalize_escapes(text: &str, out: &mut String) -> bool {
    let bytes = text.as_bytes();
    // Most stretches hold no escape: copied whole.
    if memchr::memchr(b'%', bytes).is_none() {
        out.push_str(text);
        return false;
    }
    let mut decoded = false;
    let mut i = 0;
    while i < bytes.len() {
        let escape = bytes.get(i..i + 3).filter(|t| is_escape(t));
        match escape {
            Some(triplet) => {
                let octet = hex_value(triplet[1]) << 4 | hex_value(triplet[2]);
                if is_kept(octet) {
                    push_escape(out, octet);
                } else {
                    out.push(char::from(octet));
                    decoded = true;
                }
                i += 3;
            }
            None => {
                // Copy up to the next "%" (all of it is ASCII or whole characters).
                let next = memchr::memchr(b'%', &bytes[i + 1..]).map_or(bytes.len(), |p| i + 1 + p);
                out.push_str(&text[i..next]);
                i = next;
            }
        }
    }
    decoded
}

#[cfg(test)]
mod tests {
    use pretty_assertions::assert_eq;

    fn normalized(input: &str) -> String {
        super::normalize(input).unwrap().to_string()
    }

    #[test]
    fn scheme_and_host_go_to_lower_case_and_the_path_keeps_its_case() {
        assert_eq!(
            normalized("HTTP://INFO.CERN.CH/Hyper/Text"),
            "http://info.cern.ch/Hyper/Text"
        );
        assert_eq!(normalized("X-Arc://User@HOST/P"), "x-arc://User@host/P");
    }

    #[test]
    fn escapes_of_unreserved_characters_are_decoded_others_upper_cased() {
        assert_eq!(
            normalized("ftp://h/%41%7e%2f%3b%2B%25"),
            "ftp://h/A%7E%2F%3B%2B%25"
        );
        assert_eq!(normalized("news:%2a@h"), "news:*@h");
    }

    #[test]
    fn default_ports_go_other_ports_lose_leading_zeros() {
        assert_eq!(normalized("gopher://h:70/0x"), "gopher://h/0x");
        assert_eq!(normalized("gopher://h:0070/1x"), "gopher://h/1x");
        assert_eq!(normalized("http://h:08080/"), "http://h:8080/");
        assert_eq!(normalized("telnet://u@h:23/"), "telnet://u@h");
    }

    #[test]
    fn optional_slashes_take_one_form() {
        assert_eq!(normalized("http://h"), "http://h/");
        assert_eq!(normalized("http://h:80"), "http://h/");
        assert_eq!(normalized("telnet://h/"), "telnet://h");
    }

    #[test]
    fn an_empty_gopher_path_and_type_1_alone_are_one_url() {
        for input in [
            "gopher://h",
            "gopher://h/",
            "gopher://h/1",
            "GOPHER://H:70/%31",
        ] {
            assert_eq!(normalized(input), "gopher://h/", "{input}");
        }
        assert_eq!(normalized("gopher://h:7070"), "gopher://h:7070/");
        assert_eq!(normalized("gopher://h/1x"), "gopher://h/1x");
        assert_eq!(normalized("gopher://h/0"), "gopher://h/0");
        assert_eq!(normalized("gopher://h/1%09x"), "gopher://h/1%09x");
    }

    #[test]
    fn dot_elements_keep_their_escaped_dots() {
        assert_eq!(normalized("http://h/a/%2e/b"), "http://h/a/%2E/b");
        assert_eq!(normalized("http://h/a/%2e./b"), "http://h/a/%2E%2E/b");
        assert_eq!(normalized("http://h/a/.%2E"), "http://h/a/%2E%2E");
        assert_eq!(normalized("ftp://h/%2E%2e;type=a"), "ftp://h/%2E%2E;type=a");
        assert_eq!(normalized("x:%2e/a"), "x:%2E/a");
        // Literal dots stay; an escaped dot in a longer element is decoded.
        assert_eq!(normalized("http://h/./../b"), "http://h/./../b");
        assert_eq!(normalized("http://h/a%2E/%2E%2E%2E"), "http://h/a./...");
        // A search is no path; in http ";" is part of a segment.
        assert_eq!(normalized("http://h/%2e?%2e"), "http://h/%2E?.");
        assert_eq!(normalized("http://h/%2e;x/%2e"), "http://h/.;x/%2E");
        // In ftp, "?" is data of a segment, and a user may hold one.
        assert_eq!(normalized("ftp://h/a?b/%2e"), "ftp://h/a?b/%2E");
        assert_eq!(normalized("ftp://u?@h/%2e"), "ftp://u?@h/%2E");
    }

    #[test]
    fn ftp_typecode_goes_to_lower_case() {
        assert_eq!(normalized("ftp://h/f;type=I"), "ftp://h/f;type=i");
    }

    #[test]
    fn normalizing_twice_changes_nothing() {
        for input in [
            "HTTP://H:80/%7e%41?%3d",
            "ftp://U%41:p@H:21/%2F;type=D",
            "mailto:%41@H",
            "nntp://H:119/g/1",
            "wais://H/db/%74/%70",
        ] {
            let once = normalized(input);
            assert_eq!(normalized(&once), once, "{input}");
        }
    }
}
