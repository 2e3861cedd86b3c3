//! RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax" (August 1998): the
//! reference split as section 4.3 and Appendix B say, and resolved by section 5.2's steps 1
//! to 7 as the RFC writes them.
//!
//! # What RFC 2396 changed from RFC 1808, and what RFC 3986 changed after it
//!
//! Appendix C's examples (base `http://a/b/c/d;p?q`) give the differences:
//!
//! | reference | RFC 1808 | RFC 2396 | RFC 3986 |
//! | --- | --- | --- | --- |
//! | `?y` | `http://a/b/c/d;p?y` | `http://a/b/c/?y` | `http://a/b/c/d;p?y` |
//! | `../../../g` | `http://a/../g` | `http://a/../g` | `http://a/g` |
//! | `/./g` | `http://a/./g` | `http://a/./g` | `http://a/g` |
//! | `;x` | `http://a/b/c/;x` | `http://a/b/c/;x` | `http://a/b/c/;x` |
//!
//! RFC 2396 has no params of its own (`;p` is part of the last segment, section 3.3), so a
//! reference of a query alone has an empty path, which is a relative path: step 6 merges it
//! with the base's path, keeping everything up to the base's last slash, and `?y` is
//! `http://a/b/c/?y`. Appendix C.1 gives that answer, and the algorithm does too: the two
//! agree (RFC 3986 changed both, to `http://a/b/c/d;p?y`, as RFC 1808 had it).
//!
//! # Choices
//!
//! - **`..` above the root stays.** Step 6g calls a path that still begins with `..` an
//!   error, which "implementations may handle" by keeping the segments, removing them, or
//!   refusing; Appendix C.2 lists `http://a/../g` and `http://a/../../g`, the first way,
//!   and so does this mode.
//! - **`http:g` is absolute** (step 3, the strict reading; Appendix C.2 gives
//!   `http://a/b/c/g` "for backwards compatibility" as the other).
//! - **A scheme is section 3.1's**, `alpha *( alpha | digit | "+" | "-" | "." )` before the
//!   first `:` (Appendix B's regular expression takes any text without `:`, `/`, `?`, `#`):
//!   `1a:b` and `a b:c` have no scheme and are relative paths, as section 5 reads a
//!   reference that does "not begin with a scheme name".
//! - **The base's fragment is never inherited**: it is not part of the URI (section 4.1).
//!   A reference to the current document (step 2: empty, or a fragment alone) is the base
//!   without its fragment, with the reference's fragment: `#s` is `http://a/b/c/d;p?q#s`,
//!   Appendix C's "(current document)#s".
//! - **After an authority the path is an `abs_path`** (section 3: `net_path = "//"
//!   authority [ abs_path ]`): step 6 merges a relative path into an empty base path after
//!   an authority as into `/`, so `http://a` + `g` is `http://a/g` (step 6a taken literally
//!   would give `http://ag`, another authority). RFC 1808's mode does the same, and RFC
//!   3986's section 5.2.3 later wrote it down.
//! - **A base without a scheme** is refused ([`ResolveError::BaseWithoutScheme`]) when the
//!   reference inherits the scheme (step 3); steps 2 and 3 come first (a reference to the
//!   current document, a reference with a scheme need no scheme of the base).
//! - **Any base**: the steps are applied to whatever the base is. Section 5 says that
//!   relative references "cannot be used" with a base outside the `hier_part` syntax
//!   (`mailto:a@b`), but names no result; the steps give one (`mailto:g`), and this mode
//!   gives it, as it resolves text RFC 2396 calls invalid.
//!
//! The dot segments of step 6c to 6f are RFC 1808's steps 6a to 6d word for word, and the
//! same function removes them ([`super::rfc1808`]).

use super::appendix_b::{self, Parts};
use super::rfc1808::merge;
use super::{ResolveError, ResolveMode};

/// Whether `name` is section 3.1's `scheme`: `alpha *( alpha | digit | "+" | "-" | "." )`.
fn is_scheme(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Appendix B, with the scheme only when it is section 3.1's.
fn split(reference: &str) -> Parts<'_> {
    appendix_b::split(reference, is_scheme)
}

/// Step 7: `scheme:` `//authority` path `?query` `#fragment`, each part that is defined
/// with its separator.
fn join(parts: &Parts<'_>) -> String {
    let mut out = String::new();
    if let Some(scheme) = parts.scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = parts.authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(parts.path);
    for (separator, part) in [('?', parts.query), ('#', parts.fragment)] {
        if let Some(part) = part {
            out.push(separator);
            out.push_str(part);
        }
    }
    out
}

/// Section 5.2: `reference` resolved against `base`.
pub(super) fn resolve(base: &str, reference: &str) -> Result<String, ResolveError> {
    // Step 1: the reference split into its four components and fragment.
    let mut url = split(reference);
    // Step 2: an empty path with no scheme, authority or query is the current document:
    // the base (which, a URI, has no fragment: section 4.1), with the reference's fragment.
    if url.path.is_empty() && url.scheme.is_none() && url.authority.is_none() && url.query.is_none()
    {
        let document = base.split_once('#').map_or(base, |(document, _)| document);
        return Ok(match url.fragment {
            Some(fragment) => format!("{document}#{fragment}"),
            None => document.to_owned(),
        });
    }
    // Step 3: a scheme makes the reference absolute, as written (the strict reading).
    if url.scheme.is_some() {
        return Ok(reference.to_owned());
    }
    let base_parts = split(base);
    let Some(scheme) = base_parts.scheme else {
        return Err(ResolveError::BaseWithoutScheme {
            mode: ResolveMode::Rfc2396,
            base: base.to_owned(),
        });
    };
    url.scheme = Some(scheme);
    let merged;
    // Step 4: an authority of its own (a network-path) goes to step 7; otherwise the
    // base's, which is undefined when the base has none.
    if url.authority.is_none() {
        url.authority = base_parts.authority;
        // Step 5: an absolute path goes to step 7 as it is.
        if !url.path.starts_with('/') {
            // Step 6: a relative path (an empty one too: `?y`), merged with the base's.
            // a: the base's path up to its last slash; after an authority the path is an
            // abs_path, "/" when empty (section 3).
            // b: the reference's path appended; c to f: the dot segments; g: a ".." left
            // at the start stays (Appendix C.2's answer); h: the new path.
            merged = merge(base_parts.authority.is_some(), base_parts.path, url.path);
            url.path = &merged;
        }
    }
    // Step 7: the components joined again.
    Ok(join(&url))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const BASE: &str = "http://a/b/c/d;p?q";

    #[test]
    fn appendix_b_splits_and_section_3_1_names_the_scheme() {
        assert_eq!(
            split("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            Parts {
                scheme: Some("http"),
                authority: Some("www.ics.uci.edu"),
                path: "/pub/ietf/uri/",
                query: None,
                fragment: Some("Related"),
            }
        );
        // Params are part of the path.
        assert_eq!(split("g;x?y#s").path, "g;x");
        assert_eq!(split("?y").path, "");
        assert_eq!(split("?y").query, Some("y"));
        // A query ends at "#"; an authority at "/", "?" or "#".
        assert_eq!(split("g?a/b#c?d").query, Some("a/b"));
        assert_eq!(split("//h?q").authority, Some("h"));
        assert_eq!(split("//h#f").authority, Some("h"));
        // No scheme: a digit first, a space, a colon first, or a slash before the colon.
        assert_eq!(split("1a:b").scheme, None);
        assert_eq!(split("a b:c").scheme, None);
        assert_eq!(split(":g").scheme, None);
        assert_eq!(split("a/b:c").scheme, None);
        assert_eq!(split("#a:b").scheme, None);
        assert_eq!(split("A+b-c.d:e").scheme, Some("A+b-c.d"));
    }

    #[test]
    fn a_bare_query_keeps_the_base_directory_as_c_1_and_step_6_say() {
        assert_eq!(resolve(BASE, "?y").unwrap(), "http://a/b/c/?y");
        assert_eq!(resolve(BASE, "?").unwrap(), "http://a/b/c/?");
        assert_eq!(resolve("http://a", "?y").unwrap(), "http://a/?y");
    }

    #[test]
    fn dot_dot_above_the_root_stays_and_absolute_paths_keep_their_dots() {
        assert_eq!(resolve(BASE, "../../../g").unwrap(), "http://a/../g");
        assert_eq!(resolve(BASE, "../../../../g").unwrap(), "http://a/../../g");
        assert_eq!(resolve(BASE, "/./g").unwrap(), "http://a/./g");
        assert_eq!(resolve(BASE, "/../g").unwrap(), "http://a/../g");
        // A network-path keeps its dots too (step 4 skips to step 7).
        assert_eq!(resolve(BASE, "//g/./h/../i").unwrap(), "http://g/./h/../i");
    }

    #[test]
    fn the_base_fragment_is_never_inherited() {
        let base = "http://a/b/c/d;p?q#f";
        assert_eq!(resolve(base, "g").unwrap(), "http://a/b/c/g");
        assert_eq!(resolve(base, "").unwrap(), "http://a/b/c/d;p?q");
        assert_eq!(resolve(base, "#s").unwrap(), "http://a/b/c/d;p?q#s");
        assert_eq!(resolve(base, "?y").unwrap(), "http://a/b/c/?y");
        assert_eq!(resolve(base, "//g").unwrap(), "http://g");
    }

    #[test]
    fn a_scheme_makes_the_reference_absolute_strictly() {
        assert_eq!(resolve(BASE, "http:g").unwrap(), "http:g");
        assert_eq!(resolve(BASE, "HTTP:./g").unwrap(), "HTTP:./g");
        // Not a scheme by section 3.1: a relative path.
        assert_eq!(resolve(BASE, "1a:b").unwrap(), "http://a/b/c/1a:b");
        assert_eq!(resolve(BASE, "a b:c").unwrap(), "http://a/b/c/a b:c");
    }

    #[test]
    fn after_an_authority_the_base_path_is_an_abs_path() {
        assert_eq!(resolve("http://a", "g").unwrap(), "http://a/g");
        assert_eq!(resolve("http://a", "../g").unwrap(), "http://a/../g");
        assert_eq!(resolve("http://a", ".").unwrap(), "http://a/");
        assert_eq!(resolve("http://a?q", "g").unwrap(), "http://a/g");
        // Without an authority a relative base path stays relative.
        assert_eq!(resolve("foo:a/b", "c").unwrap(), "foo:a/c");
        assert_eq!(resolve("foo:", "../g").unwrap(), "foo:../g");
        assert_eq!(resolve("mailto:a@b", "g").unwrap(), "mailto:g");
    }

    #[test]
    fn a_base_without_a_scheme_is_refused_only_when_it_is_needed() {
        assert_eq!(
            resolve("/a/b", "g"),
            Err(ResolveError::BaseWithoutScheme {
                mode: ResolveMode::Rfc2396,
                base: "/a/b".to_owned()
            })
        );
        assert_eq!(
            resolve("1a:b/c", "g").unwrap_err().code(),
            "context-without-scheme"
        );
        assert_eq!(resolve("/a/b", "#s").unwrap(), "/a/b#s");
        assert_eq!(resolve("/a/b", "ftp://h/").unwrap(), "ftp://h/");
        assert_eq!(resolve("", "").unwrap(), "");
    }
}
