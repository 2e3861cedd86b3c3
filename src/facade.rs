//! Layer 4, the facade: the entry points that tie the parsers (`crate::syntax`) through the
//! lowering (`crate::lowering`) to the typed URL (`crate::ast`): [`parse`],
//! [`parse_reference`], [`is_valid`], [`is_valid_reference`]. [`Url::parse`],
//! [`Url::parse_in`], `FromStr` and `TryFrom` call them from `crate::methods::url`.

use crate::ast::reference::UrlReference;
use crate::ast::url::Url;
use crate::syntax::compiled::Grammar;
use crate::syntax::compiled::rfc1738::Rule;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::{ErrorKind, ParseError};

/// Parses a URL by the grammar of RFC 1738 section 5.
///
/// A URL of one of the ten predefined schemes (matched case-insensitively) must match that
/// scheme's production; any other scheme is read as `genericurl`. The result borrows from
/// `input`.
///
/// ```
/// let url = rfc1738::parse("HTTP://info.cern.ch/").unwrap();
/// assert_eq!(url.kind(), rfc1738::UrlKind::Http);
///
/// let error = rfc1738::parse("http://info.cern.ch:70000/").unwrap_err();
/// assert_eq!(error.message(), "port 70000 is out of range: a port is at most 65535");
/// ```
pub fn parse(input: &str) -> Result<Url<'_>, ParseError> {
    if let Some(error) = too_long(input, Dialect::Rfc1738) {
        return Err(error);
    }
    read_url_or_diagnose(input)
}

/// [`read_url`] with the diagnosis of a rejection, of the result type of [`parse`], so
/// that the URL is written where the caller of `parse` wants it: returned in an option
/// first, it was copied out of it right after it was written, each wide read waiting for
/// the narrow writes that made it (a tenth of a typed parse's time).
#[inline(never)]
fn read_url_or_diagnose(input: &str) -> Result<Url<'_>, ParseError> {
    let mut slots = Rule::EMPTY;
    match crate::syntax::compiled::run(Rule::URL, input, &mut slots) {
        Some(_) => crate::lowering::lower::<Rule>(input, &slots),
        None => Err(diagnose_url(input)),
    }
}

/// The error of a URL the compiled grammar of RFC 1738 rejected, from a tracing run of the
/// grammar.
fn diagnose_url(input: &str) -> ParseError {
    crate::syntax::diagnose::diagnose::<Rule>(input, &is_valid)
}

/// The error of a reference the compiled grammar `R` of the RFC 1630 family rejected.
fn diagnose_reference<R: Grammar>(input: &str) -> ParseError {
    crate::syntax::diagnose::diagnose::<R>(input, &|text| is_valid_reference(text, R::DIALECT))
}

/// Whether `input` is a URL by the grammar of RFC 1738 section 5: the same answer as
/// `parse(input).is_ok()`, at no more than the cost of a valid parse. A rejected input
/// costs the grammar's run up to where it failed; its error is not looked for.
///
/// ```
/// assert!(rfc1738::is_valid("gopher://gopher.micro.umn.edu/11/"));
/// assert!(!rfc1738::is_valid("http://info.cern.ch/a b"));
/// // The checks beyond the BNF hold too: a port is at most 65535.
/// assert!(!rfc1738::is_valid("http://info.cern.ch:70000/"));
/// ```
pub fn is_valid(input: &str) -> bool {
    input.len() <= Dialect::Rfc1738.max_input_len()
        && read_url(input).is_some_and(|url| url.is_ok())
}

/// Whether `input` is a URL reference by the grammar of `dialect`: the same answer as
/// `parse_reference(input, dialect).is_ok()`, at no more than the cost of a valid parse.
/// A rejected input costs the grammar's run up to where it failed; its error is not
/// looked for.
///
/// ```
/// use rfc1738::Dialect;
///
/// assert!(rfc1738::is_valid_reference("URL:http://info.cern.ch/#top", Dialect::Rfc1738));
/// // RFC 1630 knows mid: URLs; RFC 1738's nntp: has no group of its own.
/// assert!(rfc1738::is_valid_reference("mid:12345@info.cern.ch", Dialect::Rfc1630));
/// assert!(!rfc1738::is_valid_reference("nntp:comp.infosystems/12 34", Dialect::Rfc1630));
/// ```
pub fn is_valid_reference(input: &str, dialect: Dialect) -> bool {
    input.len() <= dialect.max_input_len()
        && read_reference_in(input, dialect).is_some_and(|reference| reference.is_ok())
}

/// The compiled grammar and the lowering: the URL, an error the lowering found (a number
/// out of range), or `None` when the grammar rejects the input and a diagnosis is needed.
pub(crate) fn read_url(input: &str) -> Option<Result<Url<'_>, ParseError>> {
    let mut slots = Rule::EMPTY;
    crate::syntax::compiled::run(Rule::URL, input, &mut slots)
        .map(|_| crate::lowering::lower::<Rule>(input, &slots))
}

/// The scheme the input starts with (`scheme ":"`, RFC 1738 section 2.1), as written, even
/// when the rest is not a valid URL.
///
/// ```
/// assert_eq!(rfc1738::leading_scheme("HTTP://host/a b"), Some("HTTP"));
/// assert_eq!(rfc1738::leading_scheme("/relative/path"), None);
/// ```
pub fn leading_scheme(input: &str) -> Option<&str> {
    Dialect::Rfc1738.scheme_len(input).map(|len| &input[..len])
}

/// An input longer than `dialect`'s parser reads ([`Dialect::max_input_len`]) is refused,
/// not misread or read at any cost; the error points at the first byte beyond the limit
/// (at the start of the character that spans it, as offsets fall on characters).
pub(crate) fn too_long(input: &str, dialect: Dialect) -> Option<ParseError> {
    let limit = dialect.max_input_len();
    (input.len() > limit).then(|| {
        let error = ErrorKind::TooLong {
            len: input.len(),
            limit,
        };
        ParseError::new(input, limit, None, error, Vec::new()).in_dialect(dialect)
    })
}

/// Parses a URL reference, `[URL:] url [# fragmentid]`, by the grammar of `dialect`.
///
/// - RFC 1738: the whole input is read by the grammar's rule `urlreference`
///   (grammar/rfc1738.pest; its entry rule `whole_reference` also allows a final line
///   break, this function does not): the URL by section 5 (as [`crate::parse`] reads it),
///   the prefix and the fragment as its appendix puts them. RFC 1738 does not define a
///   fragment's syntax; it is read by RFC 1630's `fragmentid` (`xalphas`), the only
///   definition of these documents, and may be void.
/// - RFC 1630 and draft-www-uri-00: the whole input is read by the dialect's grammar, from
///   its entry rule `fragmentaddress`.
///
/// In every dialect `URL:` (any case) is the prefix only when `scheme ":"` follows it (by
/// the dialect's rule for a scheme): then the URL after it is read and its error, if any,
/// is the one reported. Otherwise `url` is the scheme of the whole input, a URL like any
/// other (RFC 1738 section 5's `genericurl`), and the reference is not prefixed.
///
/// ```
/// use rfc1738::{Dialect, Url, UrlKind};
///
/// // RFC 1630 knows mid: URLs, and its ftp type codes are RFC 959's.
/// let mid = rfc1738::parse_reference("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
/// assert_eq!(mid.url().kind(), UrlKind::Mid);
/// // RFC 1738 reads the same text as a generic URL.
/// let generic = rfc1738::parse_reference("mid:12345@info.cern.ch", Dialect::Rfc1738).unwrap();
/// assert_eq!(generic.url().kind(), UrlKind::Generic);
///
/// let error = rfc1738::parse_reference("nntp:comp.infosystems/12 34", Dialect::Rfc1630).unwrap_err();
/// assert_eq!(error.offset(), 24);
///
/// // "url" is a scheme; "URL:" before a scheme is the prefix, and its URL's error stands.
/// let url = rfc1738::parse_reference("url:foo", Dialect::Rfc1738).unwrap();
/// assert_eq!((url.url().scheme(), url.is_prefixed()), ("url", false));
/// let error = rfc1738::parse_reference("URL:http://h:99999/", Dialect::Rfc1738).unwrap_err();
/// assert_eq!((error.url_kind(), error.offset()), (Some(UrlKind::Http), 13));
/// ```
pub fn parse_reference(input: &str, dialect: Dialect) -> Result<UrlReference<'_>, ParseError> {
    if let Some(error) = crate::facade::too_long(input, dialect) {
        return Err(error);
    }
    read_reference_in(input, dialect).unwrap_or_else(|| {
        use crate::syntax::compiled::{draft_www_uri_00, rfc1630, rfc2396};
        // A reference the grammar rejects: RFC 1738's error is found by its parts (which
        // `urlreference` agrees with); the family's by a tracing run of its grammar.
        match dialect {
            Dialect::Rfc1738 => {
                let error = read_by_parts(input);
                debug_assert!(
                    error.is_err(),
                    "urlreference rejects {input:?}, which its parts accept"
                );
                error
            }
            Dialect::Rfc1630 => Err(diagnose_reference::<rfc1630::Rule>(input)),
            Dialect::DraftWwwUri00 => Err(diagnose_reference::<draft_www_uri_00::Rule>(input)),
            Dialect::Rfc2396 => Err(diagnose_reference::<rfc2396::Rule>(input)),
        }
    })
}

/// The reference `dialect`'s compiled grammar reads in `input` ([`read_reference`]), or
/// `None` when it rejects it.
pub(crate) fn read_reference_in(
    input: &str,
    dialect: Dialect,
) -> Option<Result<UrlReference<'_>, ParseError>> {
    use crate::syntax::compiled::{draft_www_uri_00, rfc1630, rfc1738, rfc2396};
    match dialect {
        Dialect::Rfc1738 => read_reference::<rfc1738::Rule>(input),
        Dialect::Rfc1630 => read_reference::<rfc1630::Rule>(input),
        Dialect::DraftWwwUri00 => read_reference::<draft_www_uri_00::Rule>(input),
        Dialect::Rfc2396 => read_reference::<rfc2396::Rule>(input),
    }
}

/// The kind of the URL of the reference `dialect`'s compiled grammar reads in `input`, or
/// the error its reading found (a number out of range); `None` when the grammar rejects
/// it. As [`read_reference_in`], without handing the reference out: what a finding in
/// running text keeps of it.
pub(crate) fn reference_kind_in(
    input: &str,
    dialect: Dialect,
) -> Option<Result<crate::vocabulary::kind::UrlKind, ParseError>> {
    use crate::syntax::compiled::{draft_www_uri_00, rfc1630, rfc1738, rfc2396};
    match dialect {
        Dialect::Rfc1738 => reference_kind::<rfc1738::Rule>(input),
        Dialect::Rfc1630 => reference_kind::<rfc1630::Rule>(input),
        Dialect::DraftWwwUri00 => reference_kind::<draft_www_uri_00::Rule>(input),
        Dialect::Rfc2396 => reference_kind::<rfc2396::Rule>(input),
    }
}

/// [`reference_kind_in`] by the compiled grammar of `R`.
fn reference_kind<R: Grammar>(
    input: &str,
) -> Option<Result<crate::vocabulary::kind::UrlKind, ParseError>> {
    let mut slots = R::EMPTY;
    crate::syntax::compiled::run_whole(R::REFERENCE, input, &mut slots).then(|| {
        crate::lowering::lower_reference::<R>(input, &slots).map(|reference| reference.url().kind())
    })
}

/// Reads a reference by the compiled grammar of `R` from its entry rule (RFC 1738's
/// `urlreference`, the family's `whole_uri`) up to the end of `input`, and lowers it:
/// `None` when the grammar rejects it, and an error must be found.
fn read_reference<R: Grammar>(input: &str) -> Option<Result<UrlReference<'_>, ParseError>> {
    let mut slots = R::EMPTY;
    crate::syntax::compiled::run_whole(R::REFERENCE, input, &mut slots)
        .then(|| crate::lowering::lower_reference::<R>(input, &slots))
}

/// An RFC 1738 reference read by its parts, which is how the error of one that
/// `urlreference` rejects is found: the prefix is `url_prefix` (`Dialect::prefix_len`),
/// the URL ends at the first `#` (no rule of section 5 holds one) and is read by
/// [`crate::parse`], whose error (diagnosed on the URL alone) comes first, and the
/// fragment-id after the `#` is read by RFC 1630's `fragmentid`. The differential test
/// holds [`parse_reference`] to this reading for every input.
pub fn read_by_parts(input: &str) -> Result<UrlReference<'_>, ParseError> {
    let start = Dialect::Rfc1738.prefix_len(input);
    let prefixed = start > 0;
    let (end, fragment) = match rfc1738_words::find_byte(&input.as_bytes()[start..], b'#') {
        Some(hash) => (start + hash, Some(&input[start + hash + 1..])),
        None => (input.len(), None),
    };
    if start == end && fragment.is_some() {
        // "#name" alone names a fragment of the document that holds it, not a URL.
        let error = ErrorKind::MissingScheme {
            rule: Dialect::Rfc1738.scheme_rule(),
        };
        return Err(ParseError::new(
            input,
            start,
            None,
            error,
            vec!["scheme".to_owned()],
        ));
    }
    let url = parse_part(input, start..end)?;
    if let Some(fragment) = fragment {
        crate::syntax::diagnose::check_fragmentid(input, end + 1, fragment)
            .map_err(|error| error.in_production(url.kind()))?;
    }
    let fragment = fragment.map(|_| end + 1..input.len());
    Ok(crate::ast::reference::new(
        Dialect::Rfc1738,
        input,
        prefixed,
        url,
        fragment,
    ))
}

/// [`crate::parse`] of `input[range]`, its error placed in `input`.
fn parse_part(input: &str, range: std::ops::Range<usize>) -> Result<Url<'_>, ParseError> {
    let text = &input[range.clone()];
    // An error in the whole input is where it was found.
    let shifted = |error: ParseError| {
        if text.len() == input.len() {
            error
        } else {
            error.shifted(input, range.start)
        }
    };
    if let Some(error) = too_long(text, Dialect::Rfc1738) {
        return Err(shifted(error));
    }
    match read_url(text) {
        Some(read) => read.map_err(shifted),
        None => Err(shifted(diagnose_url(text))),
    }
}
