//! The CERN library's resolution, libwww 2.10-2.14 (1993): `HTParse` and `HTSimplify`, as
//! NCSA Mosaic 2.4-2.7b5 and Lynx up to 2.6 ran them, quirks included.
//!
//! The library cut a copy of each string in place, writing NULs where a part ended; a part
//! is the C string from its start to the next such NUL. This module keeps the same cuts
//! as a list of positions, so that every part ends where the library's did (an anchor
//! ends at a second `#`, a restored `#` joins the path and the anchor again).

/// A string split by `scan`: each part is the text from its start to the next cut.
struct Parts<'a> {
    access: Option<&'a str>,
    host: Option<&'a str>,
    /// The path after the `/` that starts it (the library's "absolute").
    absolute: Option<&'a str>,
    /// A path that does not start with `/`, with its query and params.
    relative: Option<&'a str>,
    anchor: Option<&'a str>,
}

/// `scan`: the parts of `name`, cut where the library wrote its NULs.
fn scan(name: &str) -> Parts<'_> {
    let bytes = name.as_bytes();
    let mut cut = vec![false; bytes.len()];
    // The access: every colon before the first "/" or "#" ends the text before the first
    // one (the library's string ends at its first NUL); what follows the last is read on.
    let mut access = false;
    let mut after_access = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b':' {
            cut[i] = true;
            access = true;
            after_access = i + 1;
        }
        if b == b'/' || b == b'#' {
            break;
        }
    }
    // The anchor: every "#" is cut; the anchor starts after the first one.
    let mut anchor = None;
    for (i, &b) in bytes.iter().enumerate().rev() {
        if b == b'#' {
            cut[i] = true;
            anchor = Some(i + 1);
        }
    }
    let (mut host, mut absolute, mut relative) = (None, None, None);
    let at = |i: usize| (i < bytes.len() && !cut[i]).then(|| bytes[i]);
    if at(after_access) == Some(b'/') {
        if at(after_access + 1) == Some(b'/') {
            let start = after_access + 2;
            cut[after_access] = true;
            host = Some(start);
            let end = c_string_end(&cut, start);
            if let Some(slash) = name[start..end].find('/') {
                cut[start + slash] = true;
                absolute = Some(start + slash + 1);
            }
        } else {
            absolute = Some(after_access + 1);
        }
    } else if at(after_access).is_some() {
        relative = Some(after_access);
    }
    // With an access and no host, the anchor was not one (`news:j462#36487@foo.bar`): the
    // "#" is put back.
    if let (true, None, Some(start)) = (access, host, anchor) {
        cut[start - 1] = false;
        anchor = None;
    }
    let part = |start: Option<usize>| start.map(|start| &name[start..c_string_end(&cut, start)]);
    Parts {
        access: part(access.then_some(0)),
        host: part(host),
        absolute: part(absolute),
        relative: part(relative),
        anchor: part(anchor),
    }
}

/// Where the C string that starts at `start` ends: the next cut, or the end.
fn c_string_end(cut: &[bool], start: usize) -> usize {
    cut.iter()
        .skip(start)
        .position(|&c| c)
        .map_or(cut.len(), |offset| start + offset)
}

/// `HTParse(partial, context, PARSE_ALL)`.
pub(super) fn resolve(context: &str, partial: &str) -> String {
    parse(context, partial, true)
}

/// `HTParse(partial, context, PARSE_ACCESS | PARSE_HOST | PARSE_PATH | PARSE_PUNCTUATION)`:
/// the same, without the anchor (`PARSE_ANCHOR`), neither the partial form's nor the
/// context's. NCSA Mosaic 2.4-2.7b5 called it so (`mo_url_canonicalize`, `src/mo-www.c`) for an
/// image's address, and on a document's address to take its anchor off before resolving
/// a link against it (`mo_url_canonicalize_keep_anchor`).
pub(super) fn resolve_without_anchor(context: &str, partial: &str) -> String {
    parse(context, partial, false)
}

/// `HTParse(partial, context, wanted)`, with `PARSE_ANCHOR` in `wanted` or not (every
/// other part always).
fn parse(context: &str, partial: &str, anchor_wanted: bool) -> String {
    // The library read C strings: a NUL ends each.
    let until_nul = |s: &str| s.split('\0').next().unwrap_or_default().to_owned();
    let (context, partial) = (until_nul(context), until_nul(partial));
    let given = scan(&partial);
    let mut related = scan(&context);
    let mut result = String::with_capacity(context.len() + partial.len() + 4);
    let access = given.access.or(related.access);
    if let Some(access) = access {
        result.push_str(access);
        result.push(':');
    }
    // Different accesses: nothing is inherited.
    if let (Some(given_access), Some(related_access)) = (given.access, related.access)
        && given_access != related_access
    {
        related.host = None;
        related.absolute = None;
        related.relative = None;
        related.anchor = None;
    }
    if let Some(host) = given.host.or(related.host) {
        result.push_str("//");
        let tail = result.len();
        result.push_str(host);
        // Default ports and a trailing dot go ("CLEAN_URLS").
        let mut end = result.len();
        if let Some(colon) = result[tail..].find(':').map(|at| tail + at) {
            if let Some(access) = access {
                let port = &result[colon..];
                if (access == "http" && port == ":80") || (access == "gopher" && port == ":70") {
                    result.truncate(colon);
                }
            }
            end = colon;
        }
        // A dot before the port (or the end) ends the string there: the port goes with
        // it. At least the second "/" of "//" is there, and is no dot.
        if result.as_bytes()[end - 1] == b'.' {
            result.truncate(end - 1);
        }
    }
    // Different hosts: no path and no anchor are inherited.
    if let (Some(given_host), Some(related_host)) = (given.host, related.host)
        && given_host != related_host
    {
        related.absolute = None;
        related.relative = None;
        related.anchor = None;
    }
    if let Some(absolute) = given.absolute {
        result.push('/');
        result.push_str(absolute);
    } else if let Some(absolute) = related.absolute {
        result.push('/');
        result.push_str(absolute);
        if let Some(relative) = given.relative {
            // The base's file name goes: after the last "/" before the first "?" of the
            // whole result (or before its last character).
            // (A "?" in the access, with no "/" before it, sent the library's search off
            // the start of its buffer; here the search then starts from the end.)
            let bytes = result.as_bytes();
            let from = result.find('?').unwrap_or(bytes.len() - 1);
            let slash = bytes[..=from]
                .iter()
                .rposition(|&b| b == b'/')
                .or_else(|| bytes.iter().rposition(|&b| b == b'/'))
                .unwrap_or(0);
            result.truncate(slash + 1);
            result.push_str(relative);
            result = simplify(&result);
        }
    } else if let Some(relative) = given.relative.or(related.relative) {
        result.push_str(relative);
    } else {
        result.push('/');
    }
    if let Some(anchor) = given.anchor.or(related.anchor).filter(|_| anchor_wanted) {
        result.push('#');
        result.push_str(anchor);
    }
    result
}

/// `HTSimplify` on the whole result, from its third character: `/./` becomes `/` (and the
/// slash after it is passed over unseen), a final `/.` goes, `/xxx/..` before a `/` or
/// the end goes unless `xxx` is `..` or the slash before `xxx` follows another slash; a
/// result left empty is `/`. The library moved the rest of the string down at each
/// removal; this is one pass: `out` is the part already read, with a stack of its slashes.
fn simplify(filename: &str) -> String {
    let bytes = filename.as_bytes();
    if bytes.len() < 2 {
        return filename.to_owned();
    }
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut slashes: Vec<usize> = Vec::new();
    let push = |out: &mut Vec<u8>, slashes: &mut Vec<usize>, b: u8| {
        if b == b'/' {
            slashes.push(out.len());
        }
        out.push(b);
    };
    for &b in &bytes[..2] {
        push(&mut out, &mut slashes, b);
    }
    let mut i = 2;
    while i < bytes.len() {
        let ahead = |k: usize| bytes.get(i + k).copied();
        if bytes[i] != b'/' {
            push(&mut out, &mut slashes, bytes[i]);
            i += 1;
        } else if ahead(1) == Some(b'.')
            && ahead(2) == Some(b'.')
            && matches!(ahead(3), Some(b'/') | None)
        {
            // The previous slash starts "/xxx".
            let removable = slashes
                .last()
                .is_some_and(|&q| &out[q + 1..] != b".." && !(q >= 2 && out[q - 1] == b'/'));
            if let (true, Some(q)) = (removable, slashes.last().copied()) {
                out.truncate(q);
                slashes.pop();
                i += 3;
                if out.is_empty() && i == bytes.len() {
                    out.push(b'/');
                }
                // The character after "..", now at the previous slash's place, is read next.
            } else {
                push(&mut out, &mut slashes, b'/');
                i += 1;
            }
        } else if ahead(1) == Some(b'.') && matches!(ahead(2), Some(b'/') | None) {
            // "/." goes; the character that takes its place (a "/") is passed over.
            i += 2;
            if let Some(&next) = bytes.get(i) {
                push(&mut out, &mut slashes, next);
                i += 1;
            }
        } else {
            push(&mut out, &mut slashes, b'/');
            i += 1;
        }
    }
    // Only whole ASCII runs were removed: the rest is the input's UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// `HTSimplify` as the library ran it: the string moved down at each removal.
    fn simplify_in_place(filename: &str) -> String {
        let mut s: Vec<u8> = filename.as_bytes().to_vec();
        if s.len() < 2 {
            return filename.to_owned();
        }
        let mut p = 2;
        while p < s.len() {
            if s[p] == b'/' {
                let at = |s: &Vec<u8>, k: usize| s.get(p + k).copied();
                if at(&s, 1) == Some(b'.')
                    && at(&s, 2) == Some(b'.')
                    && matches!(at(&s, 3), Some(b'/') | None)
                {
                    let q = s[..p].iter().rposition(|&b| b == b'/');
                    match q {
                        Some(q)
                            if !(s[q..].starts_with(b"/../") || (q >= 2 && s[q - 1] == b'/')) =>
                        {
                            s.drain(q..p + 3);
                            if s.is_empty() {
                                s.push(b'/');
                                return "/".to_owned();
                            }
                            p = q;
                            continue;
                        }
                        _ => {}
                    }
                } else if at(&s, 1) == Some(b'.') && matches!(at(&s, 2), Some(b'/') | None) {
                    s.drain(p..p + 2);
                    if p >= s.len() {
                        break;
                    }
                }
            }
            p += 1;
        }
        String::from_utf8(s).unwrap()
    }

    #[test]
    fn simplify_in_one_pass_removes_what_the_library_removed() {
        // Every string of up to 9 characters over "/", ".", "a": the two agree.
        let alphabet = [b'/', b'.', b'a'];
        let mut count = 0;
        for len in 0..=9u32 {
            for n in 0..3usize.pow(len) {
                let mut k = n;
                let s: String = (0..len)
                    .map(|_| {
                        let c = alphabet[k % 3] as char;
                        k /= 3;
                        c
                    })
                    .collect();
                assert_eq!(simplify(&s), simplify_in_place(&s), "{s:?}");
                count += 1;
            }
        }
        assert!(count > 29_000);
    }

    #[test]
    fn scan_cuts_where_the_library_wrote_its_nuls() {
        let parts = scan("URL:http://x/y");
        assert_eq!(parts.access, Some("URL"));
        assert_eq!(parts.host, Some("x"));
        let parts = scan("g#a#b");
        assert_eq!(parts.relative, Some("g"));
        assert_eq!(parts.anchor, Some("a"));
        let parts = scan("news:j462#36487@foo.bar");
        assert_eq!(parts.relative, Some("j462#36487@foo.bar"));
        assert_eq!(parts.anchor, None);
        let parts = scan("//g");
        assert_eq!(parts.host, Some("g"));
        assert_eq!(parts.absolute, None);
    }

    #[test]
    fn default_ports_and_a_trailing_dot_go_from_the_host() {
        assert_eq!(resolve("http://a:80/b", "c"), "http://a/c");
        assert_eq!(resolve("gopher://h.:70/1x", "y"), "gopher://h/y");
        // The dot ends the host, and the port after it goes too.
        assert_eq!(resolve("http://a.:8080/b", "c"), "http://a/c");
        assert_eq!(resolve("gopher://h:80/1x", "y"), "gopher://h:80/y");
    }

    #[test]
    fn a_long_run_of_dot_dot_resolves_in_linear_time() {
        let partial = "../".repeat(100_000) + "g";
        let context = format!("http://a/{}f", "b/".repeat(100_000));
        assert_eq!(resolve(&context, &partial), "http://a/g");
    }
}
