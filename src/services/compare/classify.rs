//! How the difference of two results is classed: a normalization of one aspect of a URL
//! per class ([`DifferenceClass`]), and the smallest set of them that makes the two equal.

use super::classes::{DifferenceClass, DifferenceClasses};

/// The classes of the difference between two results for `link` (`None` for a mode that
/// gave none): empty when they are the same (or both `None`), `refused` when one is
/// `None`, else as [`DifferenceClass`] says.
///
/// ```
/// use rfc1738::resolution::classify;
///
/// let classes = |a, b| classify("x", Some(a), Some(b)).names().collect::<Vec<_>>();
/// assert_eq!(classes("http://h/a b", "http://h/a%20b"), ["whitespace"]);
/// assert_eq!(classes("http://h/~x", "http://h/%7Ex"), ["escaping"]);
/// assert_eq!(classes("HTTP://Info.CERN.ch/", "http://info.cern.ch/"), ["case"]);
/// assert_eq!(classes("http://h/w?", "http://h/w"), ["empty-query"]);
/// assert_eq!(classes("http://h/a?#top", "http://h/a"), ["empty-query", "fragment"]);
/// assert_eq!(classes("http://h/a", "http://g/a"), ["other"]);
/// assert!(classify("x", Some("http://h/"), None).names().eq(["refused"]));
/// assert!(classify("x", None, None).is_empty());
/// ```
pub fn classify(link: &str, first: Option<&str>, second: Option<&str>) -> DifferenceClasses {
    let (a, b) = match (first, second) {
        (Some(a), Some(b)) if a == b => return DifferenceClasses::NONE,
        (Some(a), Some(b)) => (a.as_bytes(), b.as_bytes()),
        (None, None) => return DifferenceClasses::NONE,
        _ => return DifferenceClasses::NONE.with(DifferenceClass::Refused),
    };
    let link = Link::read(link.as_bytes());
    let normalized = |url: &[u8], set: DifferenceClasses| {
        let mut url = url.to_vec();
        for class in set.iter() {
            url = normalize(&url, class, &link);
        }
        url
    };
    // Each class alone.
    let alone: DifferenceClasses = DifferenceClass::ASPECTS
        .iter()
        .copied()
        .filter(|&class| normalize(a, class, &link) == normalize(b, class, &link))
        .collect();
    if !alone.is_empty() {
        return alone;
    }
    // All of them, then each taken out in turn while the results stay equal.
    let mut set: DifferenceClasses = DifferenceClass::ASPECTS.iter().copied().collect();
    if normalized(a, set) != normalized(b, set) {
        return DifferenceClasses::NONE.with(DifferenceClass::Other);
    }
    // Again while a class goes: the aspects are not independent (an escape decoded may
    // make a dot segment, a fragment cut may take an escape), so a class kept while a
    // later one was in the set may not be needed once that one is out.
    loop {
        let before = set;
        for class in set.iter() {
            let fewer = set.without(class);
            if normalized(a, fewer) == normalized(b, fewer) {
                set = fewer;
            }
        }
        if set == before {
            return set;
        }
    }
}

/// What the classes look at in the link as written.
struct Link {
    /// It starts (after leading whitespace and controls) with two slashes or backslashes.
    scheme_relative: bool,
    /// The last segment of its path (before `?` and `#`) is `.` or `..` (`%2E` read as a
    /// dot).
    ends_in_dot_segment: bool,
}

impl Link {
    fn read(link: &[u8]) -> Link {
        let start = link.iter().position(|&b| b > b' ').unwrap_or(link.len());
        let trimmed = &link[start..];
        let scheme_relative =
            trimmed.len() >= 2 && trimmed[..2].iter().all(|&b| b == b'/' || b == b'\\');
        let end = trimmed
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .unwrap_or(trimmed.len());
        let path = &trimmed[..end];
        let last = path
            .iter()
            .rposition(|&b| b == b'/' || b == b'\\')
            .map_or(path, |at| &path[at + 1..]);
        let last = decode_dots(last);
        Link {
            scheme_relative,
            ends_in_dot_segment: last == b"." || last == b"..",
        }
    }
}

/// `%2E` and `%2e` read as `.` (a short segment only: longer ones are no dot segment).
fn decode_dots(segment: &[u8]) -> Vec<u8> {
    if segment.len() > 6 {
        return segment.to_vec();
    }
    let mut out = Vec::with_capacity(segment.len());
    let mut i = 0;
    while i < segment.len() {
        if segment[i] == b'%'
            && segment.get(i + 1) == Some(&b'2')
            && matches!(segment.get(i + 2), Some(b'e' | b'E'))
        {
            out.push(b'.');
            i += 3;
        } else {
            out.push(segment[i]);
            i += 1;
        }
    }
    out
}

/// A URL split as RFC 3986's Appendix B splits any URI reference: scheme (before the first
/// `:` that comes before any `/`, `?`, `#`), authority (after `//`, up to `/`, `?`, `#`),
/// path, query (after `?`, up to `#`) and fragment (after `#`).
struct Parts<'u> {
    scheme: Option<&'u [u8]>,
    authority: Option<&'u [u8]>,
    path: &'u [u8],
    query: Option<&'u [u8]>,
    fragment: Option<&'u [u8]>,
}

impl<'u> Parts<'u> {
    fn split(url: &'u [u8]) -> Parts<'u> {
        let (fragment, rest) = match url.iter().position(|&b| b == b'#') {
            Some(at) => (Some(&url[at + 1..]), &url[..at]),
            None => (None, url),
        };
        let (query, rest) = match rest.iter().position(|&b| b == b'?') {
            Some(at) => (Some(&rest[at + 1..]), &rest[..at]),
            None => (None, rest),
        };
        let (scheme, rest) = match rest.iter().position(|&b| b == b':' || b == b'/') {
            Some(at) if at > 0 && rest[at] == b':' => (Some(&rest[..at]), &rest[at + 1..]),
            _ => (None, rest),
        };
        let (authority, path) = match rest.strip_prefix(b"//") {
            Some(after) => {
                let end = after.iter().position(|&b| b == b'/').unwrap_or(after.len());
                (Some(&after[..end]), &after[end..])
            }
            None => (None, rest),
        };
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// The URL written back, with `authority` and `path` in place of its own.
    fn join(&self, authority: Option<&[u8]>, path: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            self.scheme.map_or(0, <[u8]>::len)
                + authority.map_or(0, <[u8]>::len)
                + path.len()
                + self.query.map_or(0, <[u8]>::len)
                + self.fragment.map_or(0, <[u8]>::len)
                + 5,
        );
        if let Some(scheme) = self.scheme {
            out.extend_from_slice(scheme);
            out.push(b':');
        }
        if let Some(authority) = authority {
            out.extend_from_slice(b"//");
            out.extend_from_slice(authority);
        }
        out.extend_from_slice(path);
        if let Some(query) = self.query {
            out.push(b'?');
            out.extend_from_slice(query);
        }
        if let Some(fragment) = self.fragment {
            out.push(b'#');
            out.extend_from_slice(fragment);
        }
        out
    }
}

/// An authority's parts: userinfo with its `@`, host, and port with its `:`.
fn authority_parts(authority: &[u8]) -> (&[u8], &[u8], &[u8]) {
    let at = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(0, |at| at + 1);
    let (userinfo, hostport) = authority.split_at(at);
    // An IP literal's colons are not a port's.
    let after_literal = match hostport.first() {
        Some(b'[') => hostport
            .iter()
            .position(|&b| b == b']')
            .map_or(hostport.len(), |end| end + 1),
        _ => 0,
    };
    let colon = hostport[after_literal..]
        .iter()
        .rposition(|&b| b == b':')
        .map(|at| at + after_literal);
    match colon {
        Some(colon) => (userinfo, &hostport[..colon], &hostport[colon..]),
        None => (userinfo, hostport, &[][..]),
    }
}

/// Whether `b` is whitespace for [`DifferenceClass::Whitespace`].
fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

/// The byte an escape `%XX` at `at` stands for.
fn escape_at(url: &[u8], at: usize) -> Option<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    match url.get(at..at + 3) {
        Some([b'%', high, low]) => Some((hex(*high)? * 16 + hex(*low)?) as u8),
        _ => None,
    }
}

/// The default port of a scheme (lower case), as the modes that drop one know it: RFC
/// 1738's schemes, and https, ws and wss of the URL Standard.
fn default_port(scheme: &[u8]) -> Option<u16> {
    Some(match scheme {
        b"http" | b"ws" => 80,
        b"https" | b"wss" => 443,
        b"gopher" => 70,
        b"ftp" => 21,
        b"telnet" => 23,
        b"nntp" => 119,
        b"wais" => 210,
        b"prospero" => 1525,
        _ => return None,
    })
}

/// Whether `port` (with its `:`) is empty, or the default port of `scheme` (leading zeros
/// allowed); no port is not.
fn is_default_port(scheme: Option<&[u8]>, port: &[u8]) -> bool {
    let Some(digits) = port.strip_prefix(b":") else {
        return false;
    };
    let value = digits.iter().try_fold(0u32, |value, &b| match b {
        b'0'..=b'9' => Some((value * 10 + u32::from(b - b'0')).min(1 << 20)),
        _ => None,
    });
    let default = scheme.and_then(|scheme| default_port(&scheme.to_ascii_lowercase()));
    digits.is_empty() || (value.is_some() && value == default.map(u32::from))
}

/// `url` normalized in the one aspect `class` names.
fn normalize(url: &[u8], class: DifferenceClass, link: &Link) -> Vec<u8> {
    match class {
        DifferenceClass::Whitespace => {
            let mut out = Vec::with_capacity(url.len());
            let mut i = 0;
            while i < url.len() {
                if is_whitespace(url[i]) {
                    i += 1;
                } else if escape_at(url, i).is_some_and(is_whitespace) {
                    i += 3;
                } else {
                    out.push(url[i]);
                    i += 1;
                }
            }
            out
        }
        DifferenceClass::Backslash => url
            .iter()
            .map(|&b| if b == b'\\' { b'/' } else { b })
            .collect(),
        DifferenceClass::Escaping => {
            let mut out = Vec::with_capacity(url.len());
            let mut i = 0;
            while i < url.len() {
                match escape_at(url, i) {
                    Some(b) if is_whitespace(b) => {
                        out.extend_from_slice(&[b'%', b"0123456789ABCDEF"[(b >> 4) as usize]]);
                        out.push(b"0123456789ABCDEF"[(b & 15) as usize]);
                        i += 3;
                    }
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(url[i]);
                        i += 1;
                    }
                }
            }
            out
        }
        DifferenceClass::Case => {
            let parts = Parts::split(url);
            let scheme = parts.scheme.map(<[u8]>::to_ascii_lowercase);
            let authority = parts.authority.map(|authority| {
                let (userinfo, host, port) = authority_parts(authority);
                [userinfo, &host.to_ascii_lowercase(), port].concat()
            });
            let parts = Parts {
                scheme: scheme.as_deref(),
                ..parts
            };
            parts.join(authority.as_deref(), parts.path)
        }
        DifferenceClass::Localhost => {
            let parts = Parts::split(url);
            let (Some(authority), Some(scheme)) = (parts.authority, parts.scheme) else {
                return url.to_vec();
            };
            let (userinfo, host, port) = authority_parts(authority);
            match scheme.eq_ignore_ascii_case(b"file") && host.eq_ignore_ascii_case(b"localhost") {
                true => parts.join(Some(&[userinfo, port].concat()), parts.path),
                false => url.to_vec(),
            }
        }
        DifferenceClass::SchemeRelative if link.scheme_relative => {
            with_root_path(&with_two_slashes(url))
        }
        DifferenceClass::EmptyPath if !link.scheme_relative && !link.ends_in_dot_segment => {
            with_root_path(url)
        }
        DifferenceClass::TrailingDot => {
            let parts = Parts::split(url);
            let Some(authority) = parts.authority else {
                return url.to_vec();
            };
            let (userinfo, host, port) = authority_parts(authority);
            // A port after the dot goes with it, as in the CERN library; one that is the
            // default is left to `default-port`.
            let port = match is_default_port(parts.scheme, port) {
                true => port,
                false => &[][..],
            };
            match host.strip_suffix(b".") {
                Some(stripped) if !stripped.is_empty() => {
                    parts.join(Some(&[userinfo, stripped, port].concat()), parts.path)
                }
                _ => url.to_vec(),
            }
        }
        DifferenceClass::DefaultPort => {
            let parts = Parts::split(url);
            let Some(authority) = parts.authority else {
                return url.to_vec();
            };
            let (userinfo, host, port) = authority_parts(authority);
            match !port.is_empty() && is_default_port(parts.scheme, port) {
                true => parts.join(Some(&[userinfo, host].concat()), parts.path),
                false => url.to_vec(),
            }
        }
        DifferenceClass::DotSegments => {
            let parts = Parts::split(url);
            let mut path = remove_dot_segments(parts.path);
            if link.ends_in_dot_segment
                && (parts.authority.is_some() || !path.is_empty())
                && !path.ends_with(b"/")
            {
                path.push(b'/');
            }
            // The query's dot segments, as the CERN library removed them: the query read
            // as part of the path's last segment (a ".." after it takes both).
            let whole = match parts.query {
                Some(query) => remove_dot_segments(&[&path[..], b"?", query].concat()),
                None => path,
            };
            Parts {
                query: None,
                ..parts
            }
            .join(parts.authority, &whole)
        }
        DifferenceClass::EmptyQuery => {
            let parts = Parts::split(url);
            match parts.query {
                Some([]) => Parts {
                    query: None,
                    ..parts
                }
                .join(parts.authority, parts.path),
                _ => url.to_vec(),
            }
        }
        DifferenceClass::Fragment => {
            let end = url.iter().position(|&b| b == b'#').unwrap_or(url.len());
            url[..end].to_vec()
        }
        _ => url.to_vec(),
    }
}

/// `url` with two slashes after its scheme where it has more.
fn with_two_slashes(url: &[u8]) -> Vec<u8> {
    let colon = url
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'));
    if let Some(colon) = colon.filter(|&at| at > 0 && url[at] == b':') {
        let slashes = url[colon + 1..].iter().take_while(|&&b| b == b'/').count();
        if slashes > 2 {
            return [&url[..=colon], &url[colon + 1 + slashes - 2..]].concat();
        }
    }
    url.to_vec()
}

/// `url` with `/` for an empty path after an authority.
fn with_root_path(url: &[u8]) -> Vec<u8> {
    let parts = Parts::split(url);
    match (parts.authority, parts.path) {
        (Some(_), []) => parts.join(parts.authority, b"/"),
        _ => url.to_vec(),
    }
}

/// RFC 3986 section 5.2.4, "Remove Dot Segments", in one pass: the output is a stack of
/// segments, from which `..` takes the last.
fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(path.len());
    let mut input = path;
    // The last segment of the output goes (from its last "/" on; all of it without one).
    let pop = |out: &mut Vec<u8>| {
        let at = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
        out.truncate(at);
    };
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix(b"../") {
            input = rest; // A
        } else if let Some(rest) = input.strip_prefix(b"./") {
            input = rest; // A
        } else if input.starts_with(b"/./") {
            input = &input[2..]; // B
        } else if input == b"/." {
            out.push(b'/'); // B: "/." becomes "/", which E moves
            break;
        } else if input.starts_with(b"/../") {
            input = &input[3..]; // C
            pop(&mut out);
        } else if input == b"/.." {
            pop(&mut out); // C: "/.." becomes "/"
            out.push(b'/');
            break;
        } else if input == b"." || input == b".." {
            break; // D
        } else {
            // E: the first segment, its "/" included, up to the next "/".
            let start = usize::from(input[0] == b'/');
            let end = input[start..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |at| at + start);
            out.extend_from_slice(&input[..end]);
            input = &input[end..];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(link: &str, a: &str, b: &str) -> Vec<&'static str> {
        classify(link, Some(a), Some(b)).names().collect()
    }

    #[test]
    fn dot_segments_are_removed_as_rfc_3986_removes_them() {
        let removed = |path: &str| String::from_utf8(remove_dot_segments(path.as_bytes())).unwrap();
        assert_eq!(removed("/a/b/c/./../../g"), "/a/g");
        assert_eq!(removed("mid/content=5/../6"), "mid/6");
        assert_eq!(removed("/../g"), "/g");
        assert_eq!(removed("/a/.."), "/");
        assert_eq!(removed("/a/."), "/a/");
        assert_eq!(removed("../.."), "");
        assert_eq!(removed("//a/../b"), "//b");
        assert_eq!(removed(""), "");
    }

    #[test]
    fn each_class_by_itself() {
        assert_eq!(classes("g", "http://h./a", "http://h/a"), ["trailing-dot"]);
        assert_eq!(
            classes("g", "http://h:80/a", "http://h/a"),
            ["default-port"]
        );
        assert_eq!(
            classes("g", "gopher://h:70/1", "gopher://h/1"),
            ["default-port"]
        );
        assert_eq!(classes("g", "http://h:/a", "http://h/a"), ["default-port"]);
        assert_eq!(classes("g", "http://h:8080/a", "http://h/a"), ["other"]);
        assert_eq!(
            classes("g", "http://h/a/../b", "http://h/b"),
            ["dot-segments"]
        );
        assert_eq!(classes("..", "http://h/a", "http://h/a/"), ["dot-segments"]);
        assert_eq!(classes("g", "http://h/a", "http://h/a/"), ["other"]);
        assert_eq!(classes("g", "http://h/w?", "http://h/w"), ["empty-query"]);
        assert_eq!(classes("g", "http://h/w#f", "http://h/w"), ["fragment"]);
        assert_eq!(classes(" g", " http://h/g", "http://h/g"), ["whitespace"]);
        assert_eq!(
            classes("a\\b", "http://h/a\\b", "http://h/a/b"),
            ["backslash"]
        );
        assert_eq!(classes("//g", "http://g", "http://g/"), ["scheme-relative"]);
        assert_eq!(
            classes("///g", "http:///g", "http://g/"),
            ["scheme-relative"]
        );
        assert_eq!(classes("http://g", "http://g", "http://g/"), ["empty-path"]);
        assert_eq!(classes("g", "HTTP://H/g", "http://h/g"), ["case"]);
        assert_eq!(classes("g", "http://h/G", "http://h/g"), ["other"]);
        assert_eq!(classes("g", "http://h/%7e", "http://h/~"), ["escaping"]);
        assert_eq!(
            classes("g", "file://localhost/etc/motd", "file:///etc/motd"),
            ["localhost"]
        );
        assert_eq!(classes("g", "http://localhost/a", "http:///a"), ["other"]);
        assert_eq!(
            classes("g", "http://h.:8001/a", "http://h/a"),
            ["trailing-dot"]
        );
        assert_eq!(classes("g", "http://h:8001/a", "http://h/a"), ["other"]);
        assert_eq!(
            classes("g?y/../x", "http://a/b/c/x", "http://a/b/c/g?y/../x"),
            ["dot-segments"]
        );
        assert_eq!(
            classes("g?y/./x", "http://a/b/c/g?y/x", "http://a/b/c/g?y/./x"),
            ["dot-segments"]
        );
        assert_eq!(
            classes("g", "http://h/caf\u{e9}", "http://h/caf%C3%A9"),
            ["escaping"]
        );
    }

    #[test]
    fn several_classes_together_and_no_more() {
        assert_eq!(
            classes(
                "g",
                "http://info.cern.ch.:80/a/../b",
                "http://info.cern.ch/b"
            ),
            ["trailing-dot", "default-port", "dot-segments"]
        );
        assert_eq!(
            classes("g", "http://h/a b#x", "http://h/a%20b"),
            ["whitespace", "fragment"]
        );
        // A difference that a class explains only in part is "other".
        assert_eq!(classes("g", "http://h:80/a", "http://g/a"), ["other"]);
    }

    /// The classes given explain the difference, and no part of them does (for random
    /// results and one edit of them).
    #[test]
    fn the_classes_explain_the_difference_and_no_fewer_do() {
        use rfc1738_test_support::random::Random;
        const PIECES: &[&str] = &[
            "http:",
            "file:",
            "//",
            "/",
            "\\",
            ".",
            "..",
            "?",
            "#",
            ":80",
            ":8001",
            "@",
            "%20",
            "%7E",
            "~",
            " ",
            "localhost",
            "H",
            "h",
            "h.",
            "a",
        ];
        let mut random = Random(1738_0049);
        let text = |random: &mut Random| -> String {
            (0..random.below(10))
                .map(|_| PIECES[random.below(PIECES.len())])
                .collect()
        };
        let mut several = 0;
        for _ in 0..20_000 {
            let (link, a) = (text(&mut random), text(&mut random));
            let mut b = a.clone();
            for _ in 0..1 + random.below(3) {
                let at = random.below(b.len() + 1);
                if b.is_char_boundary(at) {
                    b.insert_str(at, PIECES[random.below(PIECES.len())]);
                }
            }
            let set = classify(&link, Some(&a), Some(&b));
            if set.is_empty() || set.contains(DifferenceClass::Other) {
                continue;
            }
            let context = Link::read(link.as_bytes());
            let normalized = |url: &str, set: DifferenceClasses| {
                set.iter().fold(url.as_bytes().to_vec(), |url, class| {
                    normalize(&url, class, &context)
                })
            };
            let explains = |set| normalized(&a, set) == normalized(&b, set);
            let alone = set
                .iter()
                .all(|class| explains(DifferenceClasses::NONE.with(class)));
            assert!(
                alone || explains(set),
                "{set:?} do not explain {a:?} against {b:?}"
            );
            if !alone {
                several += 1;
                for class in set.iter() {
                    assert!(
                        !explains(set.without(class)),
                        "{set:?} without {class} explain {a:?} against {b:?}"
                    );
                }
            }
        }
        assert!(
            several > 100,
            "only {several} differences of several classes"
        );
    }
}
