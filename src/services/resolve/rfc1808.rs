//! RFC 1808, "Relative Uniform Resource Locators" (June 1995): section 2.4's parsing and
//! section 4's resolution, to the letter.
//!
//! # After a net_loc, the path is an abs_path
//!
//! Section 2.2's grammar gives a URL with a network location one form only,
//! `net_path = "//" net_loc [ abs_path ]` with `abs_path = "/" rel_path` and
//! `rel_path = [ path ] [ ";" params ] [ "?" query ]`: whatever follows the net_loc (a
//! path, params or a query) starts with `/`. Section 2.1 writes the same,
//! `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>`. So the path of a base with a
//! net_loc is an absolute path, even when it is empty (`http://a` is the net_loc `a` and
//! no more): section 2.4.6 keeps the slash before a path "so that later processes can
//! differentiate between relative and absolute paths", and after a net_loc there is no
//! relative one. Two steps of section 4 follow from it:
//!
//! - step 6 merges a relative path into the base's path read as `/` when it is empty, so
//!   the dot segments are removed from an absolute path, as they are against `http://a/`:
//!   `http://a` + `.//g` is `http://a//g`, `+ .` is `http://a/`, `+ g/..` is `http://a/`,
//!   `+ ../g` is `http://a/../g` (`..` above the root stays, as in section 5.2);
//! - step 7 writes a `/` after the net_loc before a path, params or query that does not
//!   start with one: `http://a` + `;x` is `http://a/;x` and `+ ?y` is `http://a/?y`.
//!   Written straight after the net_loc they would be read back as part of it (section
//!   2.4.3 takes the net_loc up to the next `/`, and `net_loc = *( pchar | ";" | "?" )`).
//!
//! By the same section 2.4.3, `http://a?q` and `http://a;p` are the net_locs `a?q` and
//! `a;p` with an empty path: `http://a?q` + `g` is `http://a?q/g`. A relative reference
//! without a net_loc of its own therefore keeps the base's net_loc, whatever the rest is
//! (`tests/resolve_netloc.rs` checks it over a generated set of bases and references).

use super::ResolveError;
use crate::vocabulary::dialect::Dialect;

/// A URL split by RFC 1808 section 2.4. Each part is `None` when its separator does not
/// appear ("undefined", section 4) and `Some("")` when it appears with nothing after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    net_loc: Option<&'a str>,
    /// The path with its leading `/`, if it has one (section 2.4.6: "the parser must
    /// remember whether or not it was present").
    path: &'a str,
    params: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Section 2.4, steps 1 to 6, in that order, each taken off the string.
fn split(url: &str) -> Parts<'_> {
    let mut parts = Parts::default();
    // 2.4.1: the fragment, from the first "#".
    let mut rest = match url.split_once('#') {
        Some((rest, fragment)) => {
            parts.fragment = Some(fragment);
            rest
        }
        None => url,
    };
    // 2.4.2: a colon after the first character and before any character not allowed in a
    // scheme name ("any not an alphanumeric, plus "+", period ".", or hyphen "-""). Section
    // 2.2's `scheme = 1*( alpha | digit | "+" | "-" | "." )` has RFC 1738's characters
    // (section 5, upper case allowed by section 2.1), so RFC 1738's rule reads it.
    if let Some(scheme_len) = Dialect::Rfc1738.scheme_len(rest) {
        parts.scheme = Some(&rest[..scheme_len]);
        rest = &rest[scheme_len + 1..];
    }
    // 2.4.3: the network location, after "//" up to the next "/".
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        parts.net_loc = Some(&after[..end]);
        rest = &after[end..];
    }
    // 2.4.4: the query, from the first "?".
    if let Some((before, query)) = rest.split_once('?') {
        parts.query = Some(query);
        rest = before;
    }
    // 2.4.5: the parameters, from the first ";".
    if let Some((before, params)) = rest.split_once(';') {
        parts.params = Some(params);
        rest = before;
    }
    // 2.4.6: what is left is the path.
    parts.path = rest;
    parts
}

/// Section 4: `embedded` resolved against `base`.
pub(super) fn resolve(base: &str, embedded: &str) -> Result<String, ResolveError> {
    // Step 1: "If the base URL is the empty string (unknown), the embedded URL is
    // interpreted as an absolute URL and we are done."
    if base.is_empty() {
        return Ok(embedded.to_owned());
    }
    // Step 2a: an empty embedded URL is the base, fragment included.
    if embedded.is_empty() {
        return Ok(base.to_owned());
    }
    let mut url = split(embedded);
    // Step 2b: a scheme makes it absolute, as written.
    if url.scheme.is_some() {
        return Ok(embedded.to_owned());
    }
    // Step 2c: it inherits the base's scheme; section 4: "only the scheme component is
    // required to be present in the base URL", so a base without one is refused here.
    let base_parts = split(base);
    let Some(scheme) = base_parts.scheme else {
        return Err(ResolveError::ContextWithoutScheme(base.to_owned()));
    };
    url.scheme = Some(scheme);
    let merged;
    // Step 3: a non-empty net_loc goes straight to step 7; otherwise "the embedded URL
    // inherits the <net_loc> (if any) of the base URL": a base without one leaves the
    // reference's own (empty) net_loc in place.
    if url.net_loc.is_none_or(str::is_empty) {
        url.net_loc = base_parts.net_loc.or(url.net_loc);
        if url.path.starts_with('/') {
            // Step 4: an absolute path, used as it is.
        } else if url.path.is_empty() {
            // Step 5: the base's path, then its params unless given, then its query.
            url.path = base_parts.path;
            if url.params.is_none_or(str::is_empty) {
                url.params = base_parts.params.or(url.params);
                if url.query.is_none_or(str::is_empty) {
                    url.query = base_parts.query.or(url.query);
                }
            }
        } else {
            // Step 6: the base's last segment replaced, then the dot segments. After a
            // net_loc the base's path is an abs_path (section 2.2), "/" when empty.
            merged = merge(url.net_loc.is_some(), base_parts.path, url.path);
            url.path = &merged;
        }
    }
    // Step 7: the parts joined again.
    Ok(join(&url))
}

/// Step 7: `scheme:` `//net_loc` path `;params` `?query` `#fragment`, each part that is
/// present with its separator.
fn join(url: &Parts<'_>) -> String {
    let mut out = String::new();
    if let Some(scheme) = url.scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(net_loc) = url.net_loc {
        out.push_str("//");
        out.push_str(net_loc);
        // Section 2.2: `net_path = "//" net_loc [ abs_path ]`, `abs_path = "/" rel_path`:
        // a path, params or query after a net_loc follows a "/" (written straight after
        // it, section 2.4.3 would read them back as part of the net_loc).
        let rel_path = !url.path.is_empty() || url.params.is_some() || url.query.is_some();
        if rel_path && !url.path.starts_with('/') {
            out.push('/');
        }
    }
    out.push_str(url.path);
    for (separator, part) in [(';', url.params), ('?', url.query), ('#', url.fragment)] {
        if let Some(part) = part {
            out.push(separator);
            out.push_str(part);
        }
    }
    out
}

/// Step 6 a-d on a merged path (RFC 1808 section 4; RFC 2396's section 5.2 steps 6c-f say
/// the same, word for word, and its mode calls this): every `./` where `.` is a complete
/// segment goes, then a final `.`; then every `segment/../` where `segment` is a complete
/// segment other than `..`, "removed in an iterative manner", the leftmost first, until
/// none is left; then a final `segment/..`. The empty text before a leading `/` is no
/// segment, whether the path began with the slash or a removal left it there
/// (`a/..//../g` is `/../g`: `a/../` goes, and `/../g` holds no `segment/../`).
///
/// Linear, and the same as the leftmost-first repetition: the segments are read left to
/// right onto a stack of what is kept, where everything on the stack is already free of
/// pairs. Removing the leftmost pair can only form a new pair at the place of the removal
/// (the segment before it, now followed by the `..` after it); that is the top of the
/// stack meeting the next `..`. The one thing the stack must remember is where the
/// path's text starts: an empty segment at the bottom of a path that did not begin with
/// `/` is the empty text before a leading `/`, which no `..` removes.
/// Step 6 (RFC 2396 section 5.2 step 6 words it alike): `path` after the base's path up to
/// its last `/` (after an authority the base's path is an abs_path, `/` when empty), then
/// the dot segments removed.
pub(super) fn merge(after_authority: bool, base_path: &str, path: &str) -> String {
    let base_path = if after_authority && base_path.is_empty() {
        "/"
    } else {
        base_path
    };
    let kept = base_path.rfind('/').map_or(0, |slash| slash + 1);
    remove_dot_segments(&format!("{}{path}", &base_path[..kept]))
}

fn remove_dot_segments(path: &str) -> String {
    let absolute = path.starts_with('/');
    let body = if absolute { &path[1..] } else { path };
    let segments: Vec<&str> = body.split('/').collect();
    let last = segments.len() - 1;
    // a and b: "./" (a "." followed by a slash) goes; a final "." leaves its slash.
    let mut kept: Vec<&str> = Vec::with_capacity(segments.len());
    for (i, &segment) in segments.iter().enumerate() {
        match (segment, i == last) {
            (".", false) => {}
            (".", true) => kept.push(""),
            _ => kept.push(segment),
        }
    }
    // Whether the top of `stack` is a complete segment other than "..": not the empty
    // text at the start of a path that does not begin with "/" (after `absolute`'s slash,
    // the first segment is complete).
    let removable = |stack: &[&str]| match stack {
        [] => false,
        [first] => *first != ".." && (absolute || !first.is_empty()),
        [.., top] => *top != "..",
    };
    // c: "segment/../", where ".." is followed by a slash.
    let last = kept.len() - 1;
    let mut stack: Vec<&str> = Vec::with_capacity(kept.len());
    for (i, &segment) in kept.iter().enumerate() {
        if segment == ".." && i != last && removable(&stack) {
            stack.pop();
        } else {
            stack.push(segment);
        }
    }
    // d: a final "segment/..", which leaves the slash before it.
    if stack.last() == Some(&"..") && removable(&stack[..stack.len() - 1]) {
        stack.truncate(stack.len() - 2);
        stack.push("");
    }
    let mut out = String::with_capacity(path.len());
    if absolute {
        out.push('/');
    }
    out.push_str(&stack.join("/"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn parsing_takes_each_part_off_in_the_order_of_section_2_4() {
        assert_eq!(
            split("http://a/b/c/d;p?q#f"),
            Parts {
                scheme: Some("http"),
                net_loc: Some("a"),
                path: "/b/c/d",
                params: Some("p"),
                query: Some("q"),
                fragment: Some("f"),
            }
        );
        // The query is taken before the params: a ";" after "?" is the query's.
        assert_eq!(split("g?y;x").query, Some("y;x"));
        assert_eq!(split("g?y;x").params, None);
        // No scheme: a colon first, or after a character no scheme has.
        assert_eq!(split(":g").scheme, None);
        assert_eq!(split("a b:c").scheme, None);
        assert_eq!(split("#a:b").scheme, None);
        // The first "#" starts the fragment.
        assert_eq!(split("g#a#b").fragment, Some("a#b"));
    }

    #[test]
    fn dot_segments_go_by_steps_a_to_d() {
        assert_eq!(remove_dot_segments("/b/c/./g"), "/b/c/g");
        assert_eq!(remove_dot_segments("/b/c/."), "/b/c/");
        assert_eq!(remove_dot_segments("/b/c/.."), "/b/");
        assert_eq!(remove_dot_segments("/b/c/../.."), "/");
        assert_eq!(remove_dot_segments("/b/c/../../../g"), "/../g");
        assert_eq!(remove_dot_segments("/b/c/../../../../g"), "/../../g");
        assert_eq!(remove_dot_segments("/b/c/./../g"), "/b/g");
        assert_eq!(remove_dot_segments("/b/c/g/."), "/b/c/g/");
        // Relative paths (a base without a slash): the first segment is a segment.
        assert_eq!(remove_dot_segments("a/../g"), "g");
        assert_eq!(remove_dot_segments("."), "");
        assert_eq!(remove_dot_segments("a/.."), "");
        // An empty segment is complete too.
        assert_eq!(remove_dot_segments("/a//../g"), "/a/g");
    }

    #[test]
    fn dot_segments_go_leftmost_first_and_a_leading_slash_left_by_a_removal_stays() {
        // c, leftmost first: "a/../" goes, and "/../g" holds no "segment/../" (the empty
        // text before a leading "/" is no segment).
        assert_eq!(remove_dot_segments("a/..//../g"), "/../g");
        assert_eq!(remove_dot_segments("a/..//.."), "/..");
        // a leaves a leading slash too: ".//../g" is "/../g" after a.
        assert_eq!(remove_dot_segments(".//../g"), "/../g");
        // After a leading slash of the path itself, an empty segment is complete.
        assert_eq!(remove_dot_segments("/a/..//../g"), "/g");
        assert_eq!(remove_dot_segments("//.."), "/");
        assert_eq!(resolve("foo:a/b", "..//../g").unwrap(), "foo:/../g");
    }

    #[test]
    fn dot_segment_removal_is_linear() {
        // A megabyte of "../", and of "a/" then as many "../": each well under a second.
        let climb = "../".repeat(350_000);
        let start = std::time::Instant::now();
        assert_eq!(
            remove_dot_segments(&format!("/a/{climb}g")),
            format!("/{}g", "../".repeat(349_999))
        );
        let down = "a/".repeat(350_000);
        assert_eq!(remove_dot_segments(&format!("{down}{climb}g")), "g");
        assert_eq!(
            resolve("foo:", &format!("{climb}g")).unwrap(),
            format!("foo:{climb}g")
        );
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn after_a_net_loc_the_path_is_an_abs_path() {
        // Step 6 against an empty path after a net_loc, as against "/".
        for (reference, result) in [
            ("g", "http://a/g"),
            ("./g", "http://a/g"),
            (".//g", "http://a//g"),
            (".;x", "http://a/;x"),
            (".", "http://a/"),
            ("..", "http://a/.."),
            ("../g", "http://a/../g"),
            ("g/..", "http://a/"),
        ] {
            assert_eq!(
                resolve("http://a", reference).unwrap(),
                result,
                "{reference}"
            );
            assert_eq!(
                resolve("http://a/", reference).unwrap(),
                result,
                "{reference}"
            );
        }
        // Step 7: params and a query after a net_loc follow a "/".
        assert_eq!(resolve("http://a", "?y").unwrap(), "http://a/?y");
        assert_eq!(resolve("http://a", ";x").unwrap(), "http://a/;x");
        assert_eq!(resolve("http://a", "#s").unwrap(), "http://a#s");
        // Section 2.4.3: "?q" and ";p" before any "/" are the net_loc's.
        assert_eq!(resolve("http://a?q", "g").unwrap(), "http://a?q/g");
        assert_eq!(resolve("http://a?q", "?y").unwrap(), "http://a?q/?y");
        assert_eq!(resolve("http://a;p", ";x").unwrap(), "http://a;p/;x");
        // A base without a net_loc keeps a relative path relative.
        assert_eq!(resolve("foo:", "./g").unwrap(), "foo:g");
        assert_eq!(resolve("foo:", ";x").unwrap(), "foo:;x");
    }

    #[test]
    fn steps_1_and_2_come_before_the_base_scheme_is_needed() {
        // Step 1: an empty base is unknown; the reference is taken as absolute.
        assert_eq!(resolve("", "http://x/").unwrap(), "http://x/");
        assert_eq!(resolve("", "g").unwrap(), "g");
        assert_eq!(resolve("", "").unwrap(), "");
        // Step 2a and 2b: an empty reference, a reference with a scheme.
        assert_eq!(resolve("/a/b", "").unwrap(), "/a/b");
        assert_eq!(resolve("/a/b", "http://x/").unwrap(), "http://x/");
        // Step 2c: only a reference that inherits the scheme needs it.
        assert_eq!(
            resolve("/a/b", "g"),
            Err(ResolveError::ContextWithoutScheme("/a/b".to_owned()))
        );
    }

    #[test]
    fn empty_and_undefined_parts_differ() {
        let base = "http://a/b/c/d;p?q#f";
        // An empty query is "empty": the base's is inherited.
        assert_eq!(resolve(base, "?").unwrap(), "http://a/b/c/d;p?q");
        assert_eq!(resolve("http://a/b", "?").unwrap(), "http://a/b?");
        // An empty net_loc is inherited.
        assert_eq!(resolve(base, "///g").unwrap(), "http://a/g");
    }

    #[test]
    fn an_empty_net_loc_stays_when_the_base_has_none() {
        // Step 3: "inherits the <net_loc> (if any) of the base URL".
        assert_eq!(resolve("http:", "///g").unwrap(), "http:///g");
        assert_eq!(resolve("news:x", "///g").unwrap(), "news:///g");
        // Step 5 still takes the base's path (given its slash after the net_loc).
        assert_eq!(resolve("news:x", "//").unwrap(), "news:///x");
    }
}
