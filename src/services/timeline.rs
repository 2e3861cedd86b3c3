//! Then and now for one URL: the verdict of each standard in its year, from the drafts of
//! 1994 to today's WHATWG URL Standard, with the first error under each
//! ([`timeline`]); and a link resolved against a base in every resolution mode side by
//! side ([`resolutions`]).
//!
//! The 1994 documents and RFC 2396 are read by this crate's compiled grammars (the
//! dialects); RFC 1808 by the characters its section 2.2 grammar allows
//! ([`rfc1808_error`]); RFC 3986 by fluent-uri 0.4 (feature `rfc3986`) and the WHATWG
//! standard by the `url` crate (feature `whatwg`), well-kept implementations of today's
//! standards, not written again here. Without its feature, a standard's verdict is
//! `None` ("not built").

use crate::facade::parse_reference;
use crate::services::resolve::{ResolveError, ResolveMode, resolve};
use crate::vocabulary::dialect::Dialect;

/// A standard of URL syntax, in the order of its publication.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Standard {
    /// draft-www-uri-00, March 1994 (dialect `draft`).
    DraftWwwUri00,
    /// RFC 1630, June 1994 (dialect `rfc1630`).
    Rfc1630,
    /// RFC 1738, December 1994 (dialect `rfc1738`).
    Rfc1738,
    /// RFC 1808, June 1995: section 2.2's grammar of relative and absolute URLs.
    Rfc1808,
    /// RFC 2396, August 1998 (dialect `rfc2396`).
    Rfc2396,
    /// RFC 3986, January 2005, by fluent-uri 0.4 (feature `rfc3986`).
    Rfc3986,
    /// The WHATWG URL Standard, today, by the `url` crate (feature `whatwg`).
    Whatwg,
}

impl Standard {
    /// Every standard, oldest first.
    pub const ALL: [Standard; 7] = [
        Standard::DraftWwwUri00,
        Standard::Rfc1630,
        Standard::Rfc1738,
        Standard::Rfc1808,
        Standard::Rfc2396,
        Standard::Rfc3986,
        Standard::Whatwg,
    ];

    /// The short name the command and the JSON use: `draft`, `rfc1630`, `rfc1738`,
    /// `rfc1808`, `rfc2396`, `rfc3986`, `whatwg`.
    pub fn name(self) -> &'static str {
        match self {
            Standard::DraftWwwUri00 => "draft",
            Standard::Rfc1630 => "rfc1630",
            Standard::Rfc1738 => "rfc1738",
            Standard::Rfc1808 => "rfc1808",
            Standard::Rfc2396 => "rfc2396",
            Standard::Rfc3986 => "rfc3986",
            Standard::Whatwg => "whatwg",
        }
    }

    /// The document's title: `RFC 1738`, `WHATWG URL Standard`, ...
    pub fn title(self) -> &'static str {
        match self {
            Standard::DraftWwwUri00 => "draft-www-uri-00",
            Standard::Rfc1630 => "RFC 1630",
            Standard::Rfc1738 => "RFC 1738",
            Standard::Rfc1808 => "RFC 1808",
            Standard::Rfc2396 => "RFC 2396",
            Standard::Rfc3986 => "RFC 3986",
            Standard::Whatwg => "WHATWG URL Standard",
        }
    }

    /// When it was published, `YYYY-MM`, or `today` for the living standard.
    pub fn date(self) -> &'static str {
        match self {
            Standard::DraftWwwUri00 => "1994-03",
            Standard::Rfc1630 => "1994-06",
            Standard::Rfc1738 => "1994-12",
            Standard::Rfc1808 => "1995-06",
            Standard::Rfc2396 => "1998-08",
            Standard::Rfc3986 => "2005-01",
            Standard::Whatwg => "today",
        }
    }

    /// The resolution mode of the same document, where there is one.
    pub fn mode(self) -> Option<ResolveMode> {
        match self {
            Standard::DraftWwwUri00 => Some(ResolveMode::Draft),
            Standard::Rfc1630 => Some(ResolveMode::Rfc1630),
            Standard::Rfc1738 => None,
            Standard::Rfc1808 => Some(ResolveMode::Rfc1808),
            Standard::Rfc2396 => Some(ResolveMode::Rfc2396),
            Standard::Rfc3986 => Some(ResolveMode::Rfc3986),
            Standard::Whatwg => Some(ResolveMode::Whatwg),
        }
    }
}

/// What one standard says of a URL: valid or not, and its first error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Verdict {
    /// The standard's name ([`Standard::name`]).
    pub standard: &'static str,
    /// Its title ([`Standard::title`]).
    pub title: &'static str,
    /// Its date ([`Standard::date`]).
    pub date: &'static str,
    /// Whether the URL conforms; `None` when the standard's reader is not built (its
    /// feature is off).
    pub valid: Option<bool>,
    /// The first error: where (a byte offset, when the reader gives one) and why.
    pub error: Option<VerdictError>,
}

/// The first error a standard finds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VerdictError {
    /// A stable name of the error: a [`ParseError`](crate::ParseError)'s code for the
    /// grammars of this crate (`unsafe-character`, ...), `not-allowed` for RFC 1808,
    /// `invalid-escape` or `unexpected-character` for fluent-uri, `whatwg-failure` or
    /// `whatwg-validation-error` for the url crate.
    pub code: &'static str,
    /// The byte offset of the error, when the reader gives one (the `url` crate does not).
    pub offset: Option<usize>,
    /// Why, in the standard's words where this crate has them.
    pub message: String,
}

/// The verdict of every standard on `input`, oldest first. The 1994 dialects and RFC 2396
/// read it as a reference (a `#fragment` allowed; RFC 2396 also takes a relative
/// reference); RFC 1808's grammar takes relative URLs too. RFC 3986 reads it as a
/// URI-reference (fluent-uri's `UriRef`). The WHATWG standard ("a valid URL string is
/// either a relative-URL-with-fragment string or an absolute-URL-with-fragment string")
/// parses it alone, and a relative one against `base` (or, without one,
/// `http://example.org/`), and calls it valid when it parses with no validation error (the
/// `url` crate's syntax violations), the first of which is the error. The url crate is
/// the reader: where it departs from the Standard (it takes a leading `\\` of a relative
/// reference for `/` against a base whose scheme is not special, where the Standard and
/// Node keep it as a path character), so does this verdict.
///
/// ```
/// use rfc1738::timeline::timeline;
///
/// let verdicts = timeline("http://info.cern.ch/~timbl/", None);
/// let valid = |name: &str| verdicts.iter().find(|v| v.standard == name).unwrap().valid;
/// // "~" was unsafe in 1994 and 1995, unreserved from 1998 on.
/// assert_eq!(valid("rfc1738"), Some(false));
/// assert_eq!(valid("rfc1808"), Some(false));
/// assert_eq!(valid("rfc2396"), Some(true));
/// ```
pub fn timeline(input: &str, base: Option<&str>) -> Vec<Verdict> {
    Standard::ALL
        .into_iter()
        .map(|standard| {
            let outcome = match standard {
                Standard::DraftWwwUri00 => Some(dialect_verdict(input, Dialect::DraftWwwUri00)),
                Standard::Rfc1630 => Some(dialect_verdict(input, Dialect::Rfc1630)),
                Standard::Rfc1738 => Some(dialect_verdict(input, Dialect::Rfc1738)),
                Standard::Rfc1808 => Some(rfc1808_error(input).map_or(Ok(()), Err)),
                Standard::Rfc2396 => Some(dialect_verdict(input, Dialect::Rfc2396)),
                Standard::Rfc3986 => rfc3986_verdict(input),
                Standard::Whatwg => whatwg_verdict(input, base),
            };
            Verdict {
                standard: standard.name(),
                title: standard.title(),
                date: standard.date(),
                valid: outcome.as_ref().map(Result::is_ok),
                error: outcome.and_then(Result::err),
            }
        })
        .collect()
}

/// A dialect's verdict: its parse's first error.
fn dialect_verdict(input: &str, dialect: Dialect) -> Result<(), VerdictError> {
    parse_reference(input, dialect)
        .map(drop)
        .map_err(|error| VerdictError {
            code: error.kind().code(),
            offset: Some(error.offset()),
            message: error.kind().to_string(),
        })
}

/// RFC 1808 section 2.2's verdict: the first character its grammar does not allow, or
/// `None`.
///
/// The grammar accepts the strings whose characters are `uchar` (letters, digits, `safe`
/// `$-_.+`, `extra` `!*'(),` and escapes) or `reserved` (`;/?:@&=`), with at most one `#`,
/// which starts the fragment, but for one shape: an `absoluteURL` may be `scheme ":" *(
/// uchar | reserved )`, and a `relativeURL`'s `rel_path` ends in a `query` of the same
/// characters, before which such text is a path, params or a `net_loc`; only a `net_path`
/// constrains it, `"//" net_loc [ abs_path ]` with `abs_path = "/" rel_path`, whose
/// `rel_path` cannot start with `/` (`fsegment = 1*pchar`): `//a//b` is no `relativeURL`
/// (while `///x`, an empty `net_loc` then `/x`, is one). So this is its recognizer:
/// `national` characters (`{}|\^~[]` and the backquote), `punctuation` (`<>"`, a second
/// `#`, a `%` that starts no escape), space and the others are refused where they stand,
/// and the second `/` after a relative URL's `net_loc`.
///
/// ```
/// use rfc1738::timeline::rfc1808_error;
///
/// assert!(rfc1808_error("../g;x?y#s").is_none());
/// assert_eq!(rfc1808_error("http://h/~joe").unwrap().offset, Some(9));
/// assert_eq!(rfc1808_error("g#a#b").unwrap().offset, Some(3));
/// assert_eq!(rfc1808_error("//a//b").unwrap().offset, Some(4));
/// assert!(rfc1808_error("///x").is_none());
/// assert!(rfc1808_error("http://a//b").is_none());
/// ```
pub fn rfc1808_error(input: &str) -> Option<VerdictError> {
    let bytes = input.as_bytes();
    let slashes = rfc1808_double_slash_after_net_loc(input);
    let mut hash_seen = false;
    let mut at = 0;
    while at < bytes.len() {
        if slashes == Some(at) {
            return Some(VerdictError {
                code: "not-allowed",
                offset: Some(at),
                message: "'/' is not allowed here: after a net_loc, abs_path = \"/\" rel_path, \
                          and a rel_path starts with no \"/\" (section 2.2, fsegment = 1*pchar)"
                    .to_owned(),
            });
        }
        let byte = bytes[at];
        let why = match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => None,
            b'$' | b'-' | b'_' | b'.' | b'+' | b'!' | b'*' | b'\'' | b'(' | b')' | b',' => None,
            b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' => None,
            b'%' if crate::vocabulary::escape::is_escape(&bytes[at..]) => {
                at += 3;
                continue;
            }
            b'%' => {
                Some("\"%\" must start an escape, \"%\" and two hex digits (section 2.2, escape)")
            }
            b'#' if !hash_seen => {
                hash_seen = true;
                None
            }
            b'#' => Some("a second \"#\": the fragment holds no \"#\" (section 2.2, punctuation)"),
            b'{' | b'}' | b'|' | b'\\' | b'^' | b'~' | b'[' | b']' | b'`' => {
                Some("a national character, which no rule of section 2.2 allows: escape it")
            }
            b'<' | b'>' | b'"' => {
                Some("punctuation, which no rule of section 2.2 allows: escape it")
            }
            b' ' => Some("space, which no rule of section 2.2 allows: escape it as %20"),
            _ => Some(
                "a character no rule of section 2.2 allows (only US-ASCII graphic characters, and escapes)",
            ),
        };
        if let Some(why) = why {
            let found = input[at..].chars().next().unwrap_or_default();
            return Some(VerdictError {
                code: "not-allowed",
                offset: Some(at),
                message: format!("{found:?} is not allowed here: {why}"),
            });
        }
        at += 1;
    }
    None
}

/// Where a relative URL of RFC 1808 (no `scheme ":"` at its start) that is a `net_path`
/// has a second `/` right after the `/` that ends its `net_loc`: the one place its grammar
/// refuses what its characters allow.
fn rfc1808_double_slash_after_net_loc(input: &str) -> Option<usize> {
    let url = input.split('#').next().unwrap_or_default();
    // RFC 1808's `scheme = 1*( alpha | digit | "+" | "-" | "." )` has RFC 1738's
    // characters (as the rfc1808 mode reads it): an absoluteURL takes any characters.
    if Dialect::Rfc1738.scheme_len(url).is_some() {
        return None;
    }
    let after = url.strip_prefix("//")?;
    let slash = 2 + after.find('/')?;
    (url.as_bytes().get(slash + 1) == Some(&b'/')).then_some(slash + 1)
}

/// RFC 3986's verdict by fluent-uri 0.4 (a URI-reference), `None` without the feature.
fn rfc3986_verdict(input: &str) -> Option<Result<(), VerdictError>> {
    #[cfg(feature = "rfc3986")]
    {
        Some(
            fluent_uri_04::UriRef::parse(input)
                .map(drop)
                .map_err(|error| VerdictError {
                    code: match error.kind() {
                        fluent_uri_04::ParseErrorKind::InvalidPctEncodedOctet => "invalid-escape",
                        _ => "unexpected-character",
                    },
                    offset: Some(error.index()),
                    message: format!("{error} (fluent-uri 0.4)"),
                }),
        )
    }
    #[cfg(not(feature = "rfc3986"))]
    {
        let _ = input;
        None
    }
}

/// The WHATWG standard's verdict by the `url` crate, `None` without the feature.
fn whatwg_verdict(input: &str, base: Option<&str>) -> Option<Result<(), VerdictError>> {
    #[cfg(feature = "whatwg")]
    {
        // A valid URL string is "either a relative-URL-with-fragment string or an
        // absolute-URL-with-fragment string": the input is parsed alone, and, when it is a
        // relative one, against the base (or, without one, `http://example.org/`); a base
        // that does not parse leaves an absolute input's verdict alone.
        let violations = std::cell::RefCell::new(Vec::new());
        let record = |violation: url::SyntaxViolation| violations.borrow_mut().push(violation);
        let options = || url::Url::options().syntax_violation_callback(Some(&record));
        let mut parsed = options().parse(input);
        if parsed == Err(url::ParseError::RelativeUrlWithoutBase) {
            violations.borrow_mut().clear();
            let base = match url::Url::parse(base.unwrap_or("http://example.org/")) {
                Ok(base) => base,
                Err(error) => {
                    return Some(Err(VerdictError {
                        code: "whatwg-failure",
                        offset: None,
                        message: format!(
                            "a relative URL, and the base does not parse: {error} (url crate)"
                        ),
                    }));
                }
            };
            parsed = options().base_url(Some(&base)).parse(input);
        }
        let first = violations.borrow().first().map(|v| v.description());
        Some(match (parsed, first) {
            (Err(error), _) => Err(VerdictError {
                code: "whatwg-failure",
                offset: None,
                message: format!("{error} (url crate)"),
            }),
            (Ok(_), Some(description)) => Err(VerdictError {
                code: "whatwg-validation-error",
                offset: None,
                message: format!("validation error: {description} (url crate)"),
            }),
            (Ok(_), None) => Ok(()),
        })
    }
    #[cfg(not(feature = "whatwg"))]
    {
        let _ = (input, base);
        None
    }
}

/// A link resolved in one mode.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Resolution {
    /// The mode's name ([`ResolveMode::name`]).
    pub mode: &'static str,
    /// The result, or `None` when the mode refused.
    pub result: Option<String>,
    /// Why the mode refused: the [`ResolveError`]'s code and message, as `resolve --json`
    /// writes them.
    pub error: Option<ResolutionError>,
}

/// Why a mode gave no result: `{"code", "message"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ResolutionError {
    /// [`ResolveError::code`].
    pub code: &'static str,
    /// Its message.
    pub message: String,
}

/// `link` resolved against `base` in every mode ([`ResolveMode::ALL`]), side by side: what
/// the clients and standards of each year made of it.
///
/// ```
/// use rfc1738::timeline::resolutions;
///
/// let rows = resolutions("http://a/b/c/d;p?q", "?y");
/// let result = |mode: &str| rows.iter().find(|r| r.mode == mode).unwrap().result.clone();
/// assert_eq!(result("rfc1808").as_deref(), Some("http://a/b/c/d;p?y"));
/// assert_eq!(result("rfc2396").as_deref(), Some("http://a/b/c/?y"));
/// ```
pub fn resolutions(base: &str, link: &str) -> Vec<Resolution> {
    ResolveMode::ALL
        .into_iter()
        .map(|mode| {
            let answer: Result<String, ResolveError> = resolve(base, link, mode);
            Resolution {
                mode: mode.name(),
                error: answer.as_ref().err().map(|error| ResolutionError {
                    code: error.code(),
                    message: error.to_string(),
                }),
                result: answer.ok(),
            }
        })
        .collect()
}

/// The timeline of one input as `rfc1738 timeline --json` and the explorer's
/// `/api/timeline` write it: `input`, `base` (when given), `verdicts` ([`timeline`]) and,
/// with a base, `resolutions` ([`resolutions`]).
///
/// ```
/// let report = rfc1738::timeline::TimelineReport::of("g;x?y", Some("http://a/b/c/d;p?q"));
/// let json = serde_json::to_value(&report).unwrap();
/// assert_eq!(json["verdicts"][4]["standard"], "rfc2396");
/// assert_eq!(json["verdicts"][4]["valid"], true);
/// assert_eq!(json["resolutions"][0]["mode"], "rfc1630");
/// ```
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TimelineReport<'a> {
    /// The URL (or link).
    pub input: &'a str,
    /// The base it was resolved against, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<&'a str>,
    /// Each standard's verdict, oldest first.
    pub verdicts: Vec<Verdict>,
    /// With a base: the input resolved in every mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolutions: Option<Vec<Resolution>>,
}

#[cfg(feature = "serde")]
impl<'a> TimelineReport<'a> {
    /// The timeline of `input`, resolved against `base` when one is given.
    pub fn of(input: &'a str, base: Option<&'a str>) -> TimelineReport<'a> {
        TimelineReport {
            input,
            base,
            verdicts: timeline(input, base),
            resolutions: base.map(|base| resolutions(base, input)),
        }
    }

    /// Whether the newest standard this build has finds the input valid.
    pub fn valid_today(&self) -> bool {
        self.verdicts
            .iter()
            .rev()
            .find_map(|verdict| verdict.valid)
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc1808_refuses_what_its_grammar_has_no_rule_for_and_nothing_else() {
        for valid in [
            "",
            "#",
            "g:h",
            "//a?b;c/d",
            "../../g",
            ";x",
            "?y/z",
            "a:b#c/d?e",
        ] {
            assert_eq!(rfc1808_error(valid), None, "{valid:?}");
        }
        for (invalid, offset) in [("a b", 1), ("a%4", 1), ("<a>", 0), ("x#y#", 3), ("é", 0)] {
            assert_eq!(
                rfc1808_error(invalid).unwrap().offset,
                Some(offset),
                "{invalid:?}"
            );
        }
    }

    #[test]
    fn every_standard_gives_a_verdict_in_its_order() {
        let verdicts = timeline("http://info.cern.ch/a b", None);
        let names: Vec<&str> = verdicts.iter().map(|v| v.standard).collect();
        assert_eq!(
            names,
            [
                "draft", "rfc1630", "rfc1738", "rfc1808", "rfc2396", "rfc3986", "whatwg"
            ]
        );
        // The draft allowed a space in a path; no standard after it did.
        assert_eq!(verdicts[0].valid, Some(true));
        for verdict in &verdicts[1..5] {
            assert_eq!(verdict.valid, Some(false), "{verdict:?}");
            assert_eq!(
                verdict.error.as_ref().unwrap().offset,
                Some(21),
                "{verdict:?}"
            );
        }
    }
}
