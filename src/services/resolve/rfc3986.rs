//! RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax" (January 2005, STD 66):
//! section 5.2's resolution, through the crate fluent-uri 0.4 (`UriRef::resolve_against`),
//! and by our own section 5.2 where fluent-uri refuses what the section resolves or answers
//! otherwise.
//!
//! # When fluent-uri answers, and when section 5.2 as written here does
//!
//! The base's fragment is cut off first (section 5.1: a base is "stripped of any fragment
//! component prior to its use"; fluent-uri refuses a base with one). Then fluent-uri
//! answers when the base (without its fragment) is an RFC 3986 `URI` and the reference a
//! `URI-reference` by its parser, and none of these holds, where fluent-uri departs from
//! section 5.2 (its documentation lists the first four as deliberate deviations):
//!
//! 1. the base has no authority and a path that does not start with `/` (`a:b`, `foo:`),
//!    and the reference is relative and neither empty nor a fragment alone: fluent-uri
//!    refuses; section 5.2.3 merges (`a:b` + `c` is `a:c`);
//! 2. a path holds `%2E` or `%2e`: fluent-uri removes escaped dot segments too; section
//!    5.2.4 removes `.` and `..` only (`http://a/b/c` + `%2E%2E/g` is
//!    `http://a/b/%2E%2E/g`);
//! 3. the base's last segment is `..` and the reference a relative path: fluent-uri
//!    reads the base's path as a folder, `/a/../` (`foo:/a/..` + `g` is `foo:/g`), where
//!    section 5.2.3 drops the last segment, `..`, and gives `foo:/a/g`;
//! 4. the reference has no scheme, authority or path and the base's path has a `.` or `..`
//!    segment: fluent-uri removes them; section 5.2.2 takes the base's path as it is
//!    (`foo:/a/./b` + `?y` is `foo:/a/./b?y`);
//! 5. the target has no authority and its path starts with `//`: fluent-uri writes `/.`
//!    before it (`foo:/` + `.//g` is `foo:/.//g`); section 5.3 writes it as it is,
//!    `foo://g` (which then reads back with an authority: RFC 3986's own loophole);
//! 6. the reference has a scheme and a path that does not start with `/` with a `.` or `..`
//!    segment: fluent-uri keeps it; section 5.2.2 removes dot segments from it too
//!    (`g:h/../i` is `g:/i`).
//!
//! These are checked before (1 by fluent-uri's refusal, 5 on its answer); the unit tests
//! hold fluent-uri's answer to our section 5.2's on every other pair of a set of bases and
//! references, so that the two never disagree where fluent-uri answers.
//!
//! # Inputs that are no URI
//!
//! A base or a reference that fluent-uri does not parse (a space, `{`, a character outside
//! US-ASCII, a bad escape or port) is resolved as section 5.2 reads it: split by Appendix
//! B's regular expression, `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`,
//! which matches any string, then transformed and recomposed (sections 5.2.2 to 5.3), as
//! the clients of the time that followed the RFC did on whatever text a page held. So the
//! scheme is Appendix B's, any text without `:`, `/`, `?`, `#` before the first colon
//! (`a b:c` is absolute, with the scheme `a b`); nothing is escaped or refused but a base
//! without a scheme where the reference needs one ([`ResolveError::BaseWithoutScheme`]).
//! A reference with a scheme needs no base (section 5.2.2 does not read it).
//!
//! The strict reading of section 5.2.2 (`http:g` is `http:g`) and `..` above the root
//! removed (`http://a/g`) are RFC 3986's, in both.

use super::appendix_b::{self, Parts};
use super::{ResolveError, ResolveMode};
use fluent_uri_04::{Uri, UriRef};

/// Appendix B: any non-empty text before the first `:` (before any `/`, `?`, `#`) is the
/// scheme, as the regular expression's `[^:/?#]+` reads it.
fn split(reference: &str) -> Parts<'_> {
    appendix_b::split(reference, |scheme| !scheme.is_empty())
}

/// Section 5.3: the components recomposed, each defined one with its delimiter.
fn recompose(scheme: &str, authority: Option<&str>, path: &str, query: Option<&str>) -> String {
    let mut out = String::with_capacity(scheme.len() + path.len() + 8);
    out.push_str(scheme);
    out.push(':');
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// Section 5.2.4, the two buffers as the section writes them. Linear: a segment is moved
/// to the output once and removed from it at most once, and finding its start reads only
/// the segment.
fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    // C's "remove the last segment and its preceding "/" (if any) from the output buffer".
    let remove_last = |output: &mut String| {
        let start = output.rfind('/').unwrap_or(0);
        output.truncate(start);
    };
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // A.
            input = rest;
        } else if input.starts_with("/./") || input == "/." {
            // B: the prefix replaced with "/".
            input = &input[2..];
            if input.is_empty() {
                input = "/";
            }
        } else if input.starts_with("/../") || input == "/.." {
            // C.
            input = &input[3..];
            if input.is_empty() {
                input = "/";
            }
            remove_last(&mut output);
        } else if input == "." || input == ".." {
            // D.
            input = "";
        } else {
            // E: the first segment, with its "/" if any, up to the next "/".
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |at| at + from);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Section 5.2.2 (strict) with 5.2.3 and 5.2.4, on Appendix B's components; `base` is
/// without its fragment.
fn section_5_2(base: &str, reference: &str) -> Result<String, ResolveError> {
    let r = split(reference);
    let (scheme, authority, path, query);
    if let Some(r_scheme) = r.scheme {
        scheme = r_scheme;
        authority = r.authority;
        path = remove_dot_segments(r.path);
        query = r.query;
    } else {
        let b = split(base);
        let Some(b_scheme) = b.scheme else {
            return Err(ResolveError::BaseWithoutScheme {
                mode: ResolveMode::Rfc3986,
                base: base.to_owned(),
            });
        };
        if r.authority.is_some() {
            authority = r.authority;
            path = remove_dot_segments(r.path);
            query = r.query;
        } else {
            if r.path.is_empty() {
                path = b.path.to_owned();
                query = r.query.or(b.query);
            } else {
                if r.path.starts_with('/') {
                    path = remove_dot_segments(r.path);
                } else {
                    // 5.2.3, merge.
                    let merged = if b.authority.is_some() && b.path.is_empty() {
                        format!("/{}", r.path)
                    } else {
                        let kept = b.path.rfind('/').map_or(0, |slash| slash + 1);
                        format!("{}{}", &b.path[..kept], r.path)
                    };
                    path = remove_dot_segments(&merged);
                }
                query = r.query;
            }
            authority = b.authority;
        }
        scheme = b_scheme;
    }
    let mut target = recompose(scheme, authority, &path, query);
    if let Some(fragment) = r.fragment {
        target.push('#');
        target.push_str(fragment);
    }
    Ok(target)
}

/// Whether a segment of `path` is `.` or `..`.
fn has_dot_segment(path: &str) -> bool {
    path.split('/')
        .any(|segment| segment == "." || segment == "..")
}

/// fluent-uri's answer, or `None` where it refuses or departs from section 5.2 (the
/// module's list); `base` is without its fragment.
fn through_fluent_uri(base: &str, reference: &str) -> Option<String> {
    // 2: an escaped dot anywhere (a path's, or text fluent-uri would not parse anyway).
    let escaped_dot = |text: &str| {
        text.as_bytes()
            .windows(3)
            .any(|w| w[0] == b'%' && w[1] == b'2' && w[2].eq_ignore_ascii_case(&b'e'))
    };
    if escaped_dot(base) || escaped_dot(reference) {
        return None;
    }
    let base = Uri::parse(base).ok()?;
    let r = UriRef::parse(reference).ok()?;
    let (base_path, r_path) = (base.path().as_str(), r.path().as_str());
    if r.has_scheme() {
        // 6.
        if !r_path.starts_with('/') && has_dot_segment(r_path) {
            return None;
        }
    } else if !r.has_authority() {
        if r_path.is_empty() {
            // 4.
            if has_dot_segment(base_path) {
                return None;
            }
        } else if !r_path.starts_with('/') && base_path.rsplit('/').next() == Some("..") {
            // 3.
            return None;
        }
    }
    // 1: fluent-uri's refusal.
    let target = r.resolve_against(&base).ok()?;
    // 5.
    if !target.has_authority() && target.path().as_str().starts_with("/.//") {
        return None;
    }
    Some(target.into_string())
}

/// RFC 3986 section 5.2: `reference` resolved against `base`.
pub(super) fn resolve(base: &str, reference: &str) -> Result<String, ResolveError> {
    // Section 5.1: a base is stripped of any fragment.
    let base = base.split_once('#').map_or(base, |(base, _)| base);
    match through_fluent_uri(base, reference) {
        Some(target) => Ok(target),
        None => section_5_2(base, reference),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn remove_dot_segments_gives_the_section_5_2_4_walkthroughs() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/../g"), "/g");
        assert_eq!(remove_dot_segments("/./g"), "/g");
        assert_eq!(remove_dot_segments("/a/b/.."), "/a/");
        assert_eq!(remove_dot_segments("/a/b/."), "/a/b/");
        assert_eq!(remove_dot_segments("../g"), "g");
        assert_eq!(remove_dot_segments(".."), "");
        assert_eq!(remove_dot_segments("h/../i"), "/i");
        assert_eq!(remove_dot_segments("/a//../b"), "/a/b");
        assert_eq!(remove_dot_segments("/.//g"), "//g");
        assert_eq!(remove_dot_segments("g.."), "g..");
        assert_eq!(remove_dot_segments(""), "");
    }

    #[test]
    fn remove_dot_segments_is_linear() {
        let climb = "../".repeat(300_000);
        let down = "a/".repeat(300_000);
        let start = std::time::Instant::now();
        assert_eq!(remove_dot_segments(&format!("/{down}{climb}g")), "/g");
        assert_eq!(remove_dot_segments(&format!("/{climb}g")), "/g");
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn appendix_b_takes_any_text() {
        assert_eq!(split("a b:c").scheme, Some("a b"));
        assert_eq!(split("1a:b").scheme, Some("1a"));
        assert_eq!(split(":g").scheme, None);
        assert_eq!(split("a/b:c").scheme, None);
        assert_eq!(split("{x}?a#b#c").fragment, Some("b#c"));
        assert_eq!(split("//h:80?q").authority, Some("h:80"));
    }

    #[test]
    fn the_base_fragment_is_stripped_before_resolving() {
        let base = "http://a/b/c/d;p?q#f";
        assert_eq!(resolve(base, "g").unwrap(), "http://a/b/c/g");
        assert_eq!(resolve(base, "").unwrap(), "http://a/b/c/d;p?q");
        assert_eq!(resolve(base, "#s").unwrap(), "http://a/b/c/d;p?q#s");
        assert!(through_fluent_uri("http://a/b", "g").is_some());
    }

    #[test]
    fn a_rootless_base_is_merged_as_section_5_2_3_says() {
        // fluent-uri refuses these; the merge drops the base's last segment.
        assert_eq!(through_fluent_uri("a:b", "c"), None);
        assert_eq!(resolve("a:b", "c").unwrap(), "a:c");
        assert_eq!(resolve("a:b/c", "d").unwrap(), "a:b/d");
        assert_eq!(resolve("a:b/c", "../d").unwrap(), "a:/d");
        assert_eq!(resolve("foo:", "g").unwrap(), "foo:g");
        assert_eq!(
            resolve("mailto:a@b", "?subject=x").unwrap(),
            "mailto:a@b?subject=x"
        );
        // Empty or a fragment alone: fluent-uri answers.
        assert_eq!(through_fluent_uri("a:b", "#f").as_deref(), Some("a:b#f"));
    }

    #[test]
    fn where_fluent_uri_departs_section_5_2_answers() {
        // 2: escaped dots are no dot segments.
        assert_eq!(
            resolve("http://a/b/c", "%2E%2E/g").unwrap(),
            "http://a/b/%2E%2E/g"
        );
        // 3: a base ending in "..".
        assert_eq!(resolve("foo:/a/..", "g").unwrap(), "foo:/a/g");
        // 4: the base's path as it is.
        assert_eq!(resolve("foo:/a/./b", "?y").unwrap(), "foo:/a/./b?y");
        // 5: a path that starts with "//" without an authority.
        assert_eq!(resolve("foo:/", ".//g").unwrap(), "foo://g");
        // 6: a rootless path after a scheme loses its dot segments.
        assert_eq!(resolve("http://a/b", "g:h/../i").unwrap(), "g:/i");
    }

    #[test]
    fn text_that_is_no_uri_is_resolved_by_appendix_b() {
        let base = "http://a/b/c/d;p?q";
        assert_eq!(resolve(base, "a b").unwrap(), "http://a/b/c/a b");
        assert_eq!(resolve(base, "a b:c").unwrap(), "a b:c");
        assert_eq!(resolve(base, "{x}/../y").unwrap(), "http://a/b/c/y");
        assert_eq!(resolve("http://a b/c", "d").unwrap(), "http://a b/d");
        assert_eq!(resolve(base, "é/./f").unwrap(), "http://a/b/c/é/f");
    }

    #[test]
    fn a_base_without_a_scheme_is_refused_when_the_reference_needs_it() {
        assert_eq!(
            resolve("/a/b", "g"),
            Err(ResolveError::BaseWithoutScheme {
                mode: ResolveMode::Rfc3986,
                base: "/a/b".to_owned()
            })
        );
        assert!(resolve("", "#s").is_err());
        assert_eq!(resolve("/a/b", "ftp://h/x/../y").unwrap(), "ftp://h/y");
        assert_eq!(resolve("", "http:g").unwrap(), "http:g");
    }

    /// fluent-uri and our section 5.2 give the same target for every pair where fluent-uri
    /// answers: the conditions of the module's list are all there is.
    #[test]
    fn fluent_uri_agrees_with_section_5_2_wherever_it_answers() {
        let bases = [
            "http://a/b/c/d;p?q",
            "http://a",
            "http://a/",
            "http://a?q",
            "http://a/b/..",
            "http://a/b/.",
            "http://a/./b/../c",
            "http://a//b//c",
            "http://u@a:80/b/c",
            "foo:/",
            "foo:/a/b",
            "foo:/a/..",
            "foo:/a/./b",
            "foo:/.//a",
            "foo://",
            "foo:///a/b",
            "foo:",
            "foo:a/b",
            "a:b",
            "mailto:x@y",
            "urn:isbn:123",
            "file:///etc/x",
            "http://[::1]/a/b",
        ];
        let parts = [
            "",
            "g",
            ".",
            "..",
            "./",
            "../",
            "/",
            "//",
            "g/",
            "/g",
            "//g",
            "?y",
            "#s",
            "?",
            "#",
            ";x",
            "g;x",
            "..g",
            "g..",
            ".g",
            "g.",
            "./g",
            "../g",
            "/./g",
            "/../g",
            ".//g",
            "..//g",
            "g/./h",
            "g/../h",
            "g/../../h",
            "g?y/./x",
            "g#s/../x",
            "http:g",
            "g:h",
            "g:h/../i",
            "g:./h",
            "g:/a/../b",
            "//a/b/../c",
            "//a",
            "//a?x",
            "../../../../g",
            "a:b",
            "x//y",
            "/./../g/",
            "g/..",
            "g/.",
            "./..",
            "../.",
            "%2E",
            "%2e/g",
            "a%2E%2E",
        ];
        let mut compared = 0;
        for base in bases {
            for first in parts {
                for second in ["", "g", "../", "/.", "?y", "#s"] {
                    let reference = format!("{first}{second}");
                    if let Some(target) = through_fluent_uri(base, &reference) {
                        compared += 1;
                        assert_eq!(
                            Ok(target),
                            section_5_2(base, &reference),
                            "{base} + {reference}"
                        );
                    }
                }
            }
        }
        assert!(
            compared > 4000,
            "only {compared} pairs answered by fluent-uri"
        );
    }
}
