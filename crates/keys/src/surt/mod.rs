//! PyPI `surt` 0.3.1's key, byte for byte: `surt.surt(url)` with its default options, as
//! CPython 3.11 runs it on Linux (the key pywb, cdxj-indexer and the CDX servers of today
//! write). Each function below names the Python it follows: `surt.py`, `handyurl.py`,
//! `GoogleURLCanonicalizer.py`, `IAURLCanonicalizer.py`, `URLRegexTransformer.py`, and
//! `urllib.parse`'s `SplitResultBytes`, `quote_from_bytes` and `unquote_to_bytes`.
//!
//! A host with characters outside ASCII is turned into IDNA 2003 as CPython's codec does
//! it (nameprep: its mapping, NFKC by Unicode 3.2, its checks; then punycode): the module
//! `idna`, with the tables `idna_tables` that tools/keys/surt_idna_tables.py derives from
//! CPython itself, and checks against it before it writes them.
//!
//! Numeric hosts are read as glibc's `inet_aton` reads them (what `gethostbyname_ex`
//! does with them, without asking DNS); a host that `DECIMAL_IP` or `OCTAL_IP` matches but
//! `inet_aton` refuses is looked up in DNS by surt, which this takes as failing (as it
//! does without a network, or for a name that no server knows).
//!
//! ```
//! use rfc1738_keys::surt::surt;
//! assert_eq!(surt("http://www.Example.com:80/A/./b/?b=2&a=1#top").unwrap(), "com,example)/a/b?a=1&b=2");
//! assert_eq!(surt("gopher://h:70/1").unwrap(), "h:70)/1");
//! assert_eq!(surt("news:comp.infosystems.WWW").unwrap(), "news:comp.infosystems.www");
//! assert!(surt("http://h:x/").is_err());
//! ```

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;

mod idna;
mod idna_tables;

/// Why PyPI `surt` raises on an input instead of giving a key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SurtError {
    /// What Python's exception says: its type, `: `, its message
    /// (`ValueError: Port out of range 0-65535`).
    pub message: String,
}

impl SurtError {
    fn new(message: impl Into<String>) -> SurtError {
        SurtError {
            message: message.into(),
        }
    }
}

/// `surt.surt(input)` of PyPI `surt` 0.3.1, for a `str` input.
pub fn surt(input: &str) -> Result<String, SurtError> {
    let mut key = String::new();
    surt_into(input, &mut key)?;
    Ok(key)
}

/// [`surt`], appended to `out` (which keeps what it held; as it was on an error).
///
/// ```
/// let mut key = String::from("key: ");
/// rfc1738_keys::surt::surt_into("http://www.Example.com/A", &mut key).unwrap();
/// assert_eq!(key, "key: com,example)/a");
/// ```
pub fn surt_into(input: &str, out: &mut String) -> Result<(), SurtError> {
    let start = out.len();
    let mut bytes = std::mem::take(out).into_bytes();
    let made = surt_bytes_into(input.as_bytes(), &mut bytes);
    if made.is_err() {
        bytes.truncate(start);
    }
    // surt() decodes its bytes as UTF-8: the key of a `str` is text (ASCII, or a
    // "filedesc" line given back), checked all the same (a key that were not is taken
    // back, and said).
    match String::from_utf8(bytes) {
        Ok(text) => {
            *out = text;
            made
        }
        Err(error) => {
            let mut bytes = error.into_bytes();
            bytes.truncate(start);
            *out = String::from_utf8_lossy(&bytes).into_owned();
            made?;
            Err(SurtError::new(
                "UnicodeDecodeError: 'utf-8' codec can't decode the key",
            ))
        }
    }
}

/// `surt.surt(input)` for a `bytes` input (`_surt_bytes`).
pub fn surt_bytes(input: &[u8]) -> Result<Vec<u8>, SurtError> {
    let mut key = Vec::new();
    surt_bytes_into(input, &mut key)?;
    Ok(key)
}

/// [`surt_bytes`], appended to `key` (which may hold bytes already, and holds what it
/// held and part of a key on an error).
fn surt_bytes_into(input: &[u8], key: &mut Vec<u8>) -> Result<(), SurtError> {
    if input.is_empty() {
        key.push(b'-');
        return Ok(());
    }
    if input.starts_with(b"filedesc") {
        key.extend_from_slice(input);
        return Ok(());
    }
    let mut url = HandyUrl::parse(input)?;
    google_canonicalize(&mut url)?;
    ia_canonicalize(&mut url);
    url.write_surt_key(key);
    Ok(())
}

/// A part of a [`HandyUrl`]: the input's bytes where the canonicalizers leave them as
/// they are (most parts of most URLs), bytes of its own where one changed them.
type Part<'a> = Cow<'a, [u8]>;

/// `handyurl`: the parts a key is made of (user, password and fragment are dropped before
/// they could show).
#[derive(Debug)]
struct HandyUrl<'a> {
    /// The kinds of byte in the text surt read ([`Kinds`]): what its parts may need done.
    kinds: Kinds,
    scheme: Part<'a>,
    host: Option<Part<'a>>,
    port: Option<u32>,
    path: Option<Part<'a>>,
    query: Option<Part<'a>>,
}

impl<'a> HandyUrl<'a> {
    /// `handyurl.parse`.
    fn parse(input: &'a [u8]) -> Result<HandyUrl<'a>, SurtError> {
        let stripped = strip_ascii_whitespace(input);
        // The text as surt reads it, borrowed where it is the input (most URLs).
        let mut url: Cow<'_, [u8]> = Cow::Borrowed(stripped);
        let mut kinds = Kinds::of(stripped);
        if kinds.has(Kinds::LINE_BREAK_OR_TAB) {
            url = Cow::Owned(
                stripped
                    .iter()
                    .copied()
                    .filter(|b| !matches!(b, b'\n' | b'\r' | b'\t'))
                    .collect(),
            );
            kinds = Kinds::of(&url);
        }
        // (A scheme put before the text, or a protocol taken out, adds no kind.)
        // addDefaultSchemeIfNeeded
        if !url.is_empty() && scheme_length(&url).is_none() {
            let mut with_scheme = Vec::with_capacity(url.len() + 7);
            with_scheme.extend_from_slice(b"http://");
            with_scheme.extend_from_slice(&url);
            url = Cow::Owned(with_scheme);
        }
        // _RE_MULTIPLE_PROTOCOLS: ^(https?://)+ replaced by its last repetition.
        let mut at = 0;
        let mut last = None;
        loop {
            let rest = &url[at..];
            let prefix = if rest.starts_with(b"http://") {
                7
            } else if rest.starts_with(b"https://") {
                8
            } else {
                break;
            };
            last = Some(at..at + prefix);
            at += prefix;
        }
        if let Some(last) = last.filter(|last| last.start > 0) {
            let mut collapsed = url[last].to_vec();
            collapsed.extend_from_slice(&url[at..]);
            url = Cow::Owned(collapsed);
        }
        // A part of the text as surt reads it: borrowed from the input where that is it.
        let part = |range: Range<usize>| -> Part<'a> {
            match &url {
                Cow::Borrowed(text) => Cow::Borrowed(&text[range]),
                Cow::Owned(text) => Cow::Owned(text[range].to_vec()),
            }
        };
        let split = urlsplit(&url);
        let Some(scheme) = split.scheme.filter(|scheme| !scheme.is_empty()) else {
            // scheme is None, and `scheme.startswith(b'http')` raises.
            return Err(SurtError::new(
                "AttributeError: 'NoneType' object has no attribute 'startswith'",
            ));
        };
        let mut netloc = split.netloc;
        while netloc.end > netloc.start && url[netloc.end - 1] == b':' {
            netloc.end -= 1;
        }
        let (hostname, port) = host_info(&url, netloc);
        let port = match port {
            None => None,
            Some(port) => {
                if port.is_empty() || !port.iter().all(u8::is_ascii_digit) {
                    return Err(SurtError::new(format!(
                        "ValueError: Port could not be cast to integer value as {}",
                        bytes_repr(port)
                    )));
                }
                let digits = port.iter().skip_while(|&&b| b == b'0').count();
                let value: u64 = if digits > 6 {
                    u64::MAX
                } else {
                    std::str::from_utf8(port)
                        .ok()
                        .and_then(|p| p.parse().ok())
                        .unwrap_or(u64::MAX)
                };
                if value > 65535 {
                    return Err(SurtError::new("ValueError: Port out of range 0-65535"));
                }
                // `o.port or None`: port 0 is no port.
                (value != 0).then_some(value as u32)
            }
        };
        let mut host = (!hostname.is_empty()).then(|| {
            // .hostname: lower case, but for an IPv6 zone after "%".
            let mut host = part(hostname);
            if kinds.has(Kinds::UPPER) {
                let end = memchr::memchr(b'%', &host).unwrap_or(host.len());
                if host[..end].iter().any(u8::is_ascii_uppercase) {
                    host.to_mut()[..end].make_ascii_lowercase();
                }
            }
            host
        });
        let mut path = (!split.path.is_empty()).then(|| part(split.path.clone()));
        if url[scheme.clone()].starts_with(b"http") && host.is_none() {
            if let Some(written) = &path {
                let trimmed: &[u8] = &written[written.iter().take_while(|&&b| b == b'/').count()..];
                let (first, rest) = match trimmed.iter().position(|&b| b == b'/') {
                    Some(slash) => (&trimmed[..slash], &trimmed[slash + 1..]),
                    None => (trimmed, &b""[..]),
                };
                host = Some(Cow::Owned(first.to_vec()));
                let mut new_path = b"/".to_vec();
                new_path.extend_from_slice(rest);
                path = Some(Cow::Owned(new_path));
            }
        }
        Ok(HandyUrl {
            kinds,
            scheme: part(scheme),
            host,
            port,
            path,
            query: (!split.query.is_empty()).then(|| part(split.query)),
        })
    }

    /// `geturl_bytes(surt=True, with_scheme=False)`, appended to `key`.
    fn write_surt_key(&self, key: &mut Vec<u8>) {
        let host = self.host.as_deref().filter(|host| !host.is_empty());
        let length = |part: &Option<Part<'_>>| part.as_ref().map_or(0, |part| part.len());
        key.reserve(
            self.scheme.len() + length(&self.host) + length(&self.path) + length(&self.query) + 10,
        );
        match host {
            None => {
                key.extend_from_slice(&self.scheme);
                key.push(b':');
            }
            Some(host) => {
                // hostToSURT with reverse_ipaddr=True: every host's labels reversed.
                for (i, label) in host.rsplit(|&b| b == b'.').enumerate() {
                    if i > 0 {
                        key.push(b',');
                    }
                    key.extend_from_slice(label);
                }
                if let Some(port) = self.port {
                    let _ = write!(Bytes(key), ":{port}");
                }
                key.push(b')');
            }
        }
        match &self.path {
            Some(path) if !path.is_empty() => key.extend_from_slice(path),
            _ if self.query.is_some() => key.push(b'/'),
            _ => {}
        }
        if let Some(query) = &self.query {
            key.push(b'?');
            key.extend_from_slice(query);
        }
    }
}

/// Writes formatted text into a byte vector.
struct Bytes<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.0.extend_from_slice(text.as_bytes());
        Ok(())
    }
}

/// `bytes.strip()`: ASCII whitespace (space, `\t\n\r\x0b\x0c`) off both ends.
fn strip_ascii_whitespace(bytes: &[u8]) -> &[u8] {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let start = bytes.iter().position(|b| !space(b)).unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !space(b))
        .map_or(start, |end| end + 1);
    &bytes[start..end]
}

/// The length of `^[a-zA-Z][a-zA-Z0-9+\-.]*` when a `:` follows it (`_RE_HAS_PROTOCOL`,
/// and the scheme group of `RFC2396REGEX`).
fn scheme_length(url: &[u8]) -> Option<usize> {
    if !url.first()?.is_ascii_alphabetic() {
        return None;
    }
    let length = url
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (url[length] == b':').then_some(length)
}

/// Where the parts `handyurl.urlsplit` (its `RFC2396REGEX`) cuts lie in the URL: scheme,
/// netloc, path, query (the fragment is dropped by the canonicalizer).
struct Split {
    scheme: Option<Range<usize>>,
    netloc: Range<usize>,
    path: Range<usize>,
    query: Range<usize>,
}

fn urlsplit(url: &[u8]) -> Split {
    // The first byte at or after `from` that `stop` stops at, or the end.
    fn find(url: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
        url[from..]
            .iter()
            .position(|&b| stop(b))
            .map_or(url.len(), |at| from + at)
    }
    let (scheme, mut at) = match scheme_length(url) {
        Some(length) => (Some(0..length), length + 1),
        None => (None, 0),
    };
    let mut netloc = at..at;
    if url[at..].starts_with(b"//") {
        let netloc_end = find(url, at + 2, |b| matches!(b, b'/' | b'?' | b'#'));
        netloc = at + 2..netloc_end;
        at = netloc_end;
    }
    let path_end = find(url, at, |b| matches!(b, b'?' | b'#'));
    let path = at..path_end;
    let mut query = path_end..path_end;
    if url.get(path_end) == Some(&b'?') {
        query = path_end + 1..find(url, path_end + 1, |b| b == b'#');
    }
    Split {
        scheme,
        netloc,
        path,
        query,
    }
}

/// `SplitResultBytes._hostinfo` of the netloc at `netloc`: where the host is, and the
/// port as written (no port: `None`).
fn host_info(url: &[u8], netloc: Range<usize>) -> (Range<usize>, Option<&[u8]>) {
    let start = match url[netloc.clone()].iter().rposition(|&b| b == b'@') {
        Some(at) => netloc.start + at + 1,
        None => netloc.start,
    };
    let hostinfo = &url[start..netloc.end];
    let (hostname, port) = match hostinfo.iter().position(|&b| b == b'[') {
        Some(open) => {
            let bracketed = &hostinfo[open + 1..];
            let (hostname, after) = match bracketed.iter().position(|&b| b == b']') {
                Some(close) => (open + 1..open + 1 + close, &bracketed[close + 1..]),
                None => (open + 1..hostinfo.len(), &b""[..]),
            };
            let port = match after.iter().position(|&b| b == b':') {
                Some(colon) => &after[colon + 1..],
                None => &b""[..],
            };
            (hostname, port)
        }
        None => match hostinfo.iter().position(|&b| b == b':') {
            Some(colon) => (0..colon, &hostinfo[colon + 1..]),
            None => (0..hostinfo.len(), &b""[..]),
        },
    };
    (
        start + hostname.start..start + hostname.end,
        (!port.is_empty()).then_some(port),
    )
}

/// Python's `repr()` of a `bytes` value.
fn bytes_repr(bytes: &[u8]) -> String {
    let quote = if bytes.contains(&b'\'') && !bytes.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from("b");
    out.push(quote);
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            _ if char::from(b) == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push(quote);
    out
}

/// `GoogleURLCanonicalizer.canonicalize` (the fragment, user and password it touches are
/// never in the key).
fn google_canonicalize(url: &mut HandyUrl<'_>) -> Result<(), SurtError> {
    let kinds = url.kinds;
    if let Some(query) = url.query.take() {
        url.query = Some(escape_part(unescape_part(query, kinds), kinds));
    }
    if let Some(host) = url.host.take() {
        if host.is_empty() {
            url.host = Some(host);
        } else {
            let mut host = unescape_part(host, kinds);
            if !host.is_ascii() {
                host = Cow::Owned(idna::encode(&host)?);
            }
            if memchr::memchr_iter(b'.', &host).any(|dot| host.get(dot + 1) == Some(&b'.')) {
                host = Cow::Owned(replace_double_dots(&host));
            }
            let within = without_dots(&host);
            keep(&mut host, within);
            url.host = Some(match attempt_ip_formats(&host) {
                Some(ip) => Cow::Owned(ip),
                None => {
                    lowercase(&mut host, kinds);
                    escape_part(host, kinds)
                }
            });
        }
    }
    let path = url.path.take().map(|path| unescape_part(path, kinds));
    let path = if url.host.as_deref().is_some_and(|host| !host.is_empty()) {
        Some(normalize_path(path))
    } else {
        path
    };
    url.path = path.map(|path| escape_part(path, kinds));
    Ok(())
}

/// Kinds of byte a text holds, a bit each: what the canonicalizers may have to do with its
/// parts. A part holds only the text's bytes until an escape is decoded (a path made
/// normal, a query sorted, a host cut or written as an address add none of another kind),
/// so that a kind the text lacks is a pass over each part saved.
#[derive(Debug, Clone, Copy)]
struct Kinds(u8);

impl Kinds {
    /// `%`: an escape to decode, after which a part may hold any byte.
    const PERCENT: u8 = 1;
    /// An upper-case ASCII letter.
    const UPPER: u8 = 2;
    /// A byte [`escape_once`] escapes.
    const UNSAFE: u8 = 4;
    /// LF, CR or TAB, which `handyurl.parse` takes out.
    const LINE_BREAK_OR_TAB: u8 = 8;

    /// The kinds of byte in `text`.
    fn of(text: &[u8]) -> Kinds {
        Kinds(
            text.iter()
                .fold(0, |kinds, &b| kinds | BYTE_KINDS[usize::from(b)]),
        )
    }

    fn has(self, kinds: u8) -> bool {
        self.0 & kinds != 0
    }
}

/// Each byte's [`Kinds`].
const BYTE_KINDS: [u8; 256] = {
    let mut kinds = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if byte == b'%' {
            kinds[b] |= Kinds::PERCENT;
        }
        if byte.is_ascii_uppercase() {
            kinds[b] |= Kinds::UPPER;
        }
        if !SAFE[b] {
            kinds[b] |= Kinds::UNSAFE;
        }
        if matches!(byte, b'\n' | b'\r' | b'\t') {
            kinds[b] |= Kinds::LINE_BREAK_OR_TAB;
        }
        b += 1;
    }
    kinds
};

/// [`escape_once`] of `input`, a part of a text of `kinds`; given back when it has nothing
/// to escape.
fn escape_part(input: Part<'_>, kinds: Kinds) -> Part<'_> {
    if !kinds.has(Kinds::PERCENT | Kinds::UNSAFE) || input.iter().all(|&b| SAFE[usize::from(b)]) {
        return input;
    }
    Cow::Owned(escape_once(&input))
}

/// [`unescape_repeatedly`] of `input`, a part of a text of `kinds`; given back when it has
/// no `%`.
fn unescape_part(input: Part<'_>, kinds: Kinds) -> Part<'_> {
    if !kinds.has(Kinds::PERCENT) || memchr::memchr(b'%', &input).is_none() {
        return input;
    }
    Cow::Owned(unescape_repeatedly(&input))
}

/// `part.lower()` of a part of a text of `kinds`: copied only when it has an upper-case
/// letter.
fn lowercase(part: &mut Part<'_>, kinds: Kinds) {
    if kinds.has(Kinds::PERCENT | Kinds::UPPER | Kinds::UNSAFE)
        && part.iter().any(u8::is_ascii_uppercase)
    {
        part.to_mut().make_ascii_lowercase();
    }
}

/// `part` cut to `range` (in place, or as a shorter borrow).
fn keep(part: &mut Part<'_>, range: Range<usize>) {
    match part {
        Cow::Borrowed(bytes) => *bytes = &bytes[range],
        Cow::Owned(bytes) => {
            bytes.truncate(range.end);
            bytes.drain(..range.start);
        }
    }
}

/// `host.replace(b'..', b'.')`: each `..` from the left, not overlapping.
fn replace_double_dots(host: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        if host[i] == b'.' && host.get(i + 1) == Some(&b'.') {
            out.push(b'.');
            i += 2;
        } else {
            out.push(host[i]);
            i += 1;
        }
    }
    out
}

/// `host.strip(b'.')`: the range of `host` without the dots at its ends.
fn without_dots(host: &[u8]) -> std::ops::Range<usize> {
    let start = host.iter().position(|&b| b != b'.').unwrap_or(host.len());
    let end = host
        .iter()
        .rposition(|&b| b != b'.')
        .map_or(start, |end| end + 1);
    start..end
}

/// `normalizePath`: `.` and `..` segments resolved, empty ones dropped but the last.
fn normalize_path(path: Option<Part<'_>>) -> Part<'_> {
    let Some(path) = path.filter(|path| !path.is_empty()) else {
        return Cow::Borrowed(b"/");
    };
    // Without an empty segment (but a last one) or a segment that starts with "." there is
    // nothing to take out: the path is its own normal form.
    if path[0] == b'/'
        && !memchr::memchr_iter(b'/', &path)
            .any(|slash| matches!(path.get(slash + 1), Some(b'/' | b'.')))
    {
        return path;
    }
    let mut kept: Vec<&[u8]> = Vec::with_capacity(16);
    for segment in path.split(|&b| b == b'/').skip(1) {
        match segment {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(segment);
                }
            }
            _ => kept.push(segment),
        }
    }
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(b'/');
    if let Some((last, others)) = kept.split_last() {
        for segment in others.iter().filter(|segment| !segment.is_empty()) {
            out.extend_from_slice(segment);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    Cow::Owned(out)
}

/// `attemptIPFormats`: a host of digits as a 32-bit number, and one that `DECIMAL_IP` or
/// `OCTAL_IP` matches as glibc's resolver reads it (`inet_aton`); `None` otherwise.
fn attempt_ip_formats(host: &[u8]) -> Option<Vec<u8>> {
    // Every form starts with a digit (a name, the usual host, is out at once).
    if !host.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    if !host.is_empty() && host.iter().all(u8::is_ascii_digit) {
        // int(host) & 0xffffffff, whatever its length.
        let value = host.iter().fold(0u64, |value, &digit| {
            (value * 10 + u64::from(digit - b'0')) & 0xffff_ffff
        });
        return Some(dotted(value as u32));
    }
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if parts.len() > 4 || parts.iter().any(|part| part.is_empty()) {
        return None;
    }
    let decimal = (b'1'..=b'9').contains(&host[0])
        && parts.iter().all(|part| part.iter().all(u8::is_ascii_digit));
    let octal = host[0] == b'0'
        && parts
            .iter()
            .all(|part| part.iter().all(|b| (b'0'..=b'7').contains(b)));
    if !decimal && !octal {
        return None;
    }
    inet_aton(&parts).map(dotted)
}

/// glibc's `inet_aton` on parts of decimal digits: each read as C reads a number (a
/// leading `0`: octal); `a`, `a.b` (b 24 bits), `a.b.c` (c 16 bits), `a.b.c.d`.
fn inet_aton(parts: &[&[u8]]) -> Option<u32> {
    let mut values = Vec::with_capacity(4);
    for part in parts {
        let (digits, radix) = match part.strip_prefix(b"0") {
            Some(rest) if !rest.is_empty() => (rest, 8),
            _ => (*part, 10),
        };
        let mut value: u64 = 0;
        for &digit in digits {
            let digit = u64::from(digit - b'0');
            if digit >= radix {
                return None;
            }
            value = value.checked_mul(radix)?.checked_add(digit)?;
            if value > 0xffff_ffff {
                return None;
            }
        }
        values.push(value as u32);
    }
    let (last, first) = values.split_last()?;
    if first.iter().any(|&value| value > 0xff) {
        return None;
    }
    let max = [0xffff_ffff, 0xff_ffff, 0xffff, 0xff][first.len()];
    if *last > max {
        return None;
    }
    let high = first
        .iter()
        .enumerate()
        .fold(0u32, |word, (i, &byte)| word | (byte << (24 - 8 * i)));
    Some(high | last)
}

fn dotted(address: u32) -> Vec<u8> {
    std::net::Ipv4Addr::from(address).to_string().into_bytes()
}

/// `escapeOnce`: `quote_from_bytes` with surt's safe characters: every byte but letters,
/// digits and `` _.-~!"$&'()*+,/:;<=>?@[\]^`{|}~ `` as `%XX` in upper-case hex.
fn escape_once(input: &[u8]) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(input.len() + 8);
    for &b in input {
        if SAFE[usize::from(b)] {
            out.push(b);
        } else {
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        }
    }
    out
}

/// The bytes [`escape_once`] keeps as they are, by byte.
const SAFE: [bool; 256] = {
    let mut safe = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        safe[b] = byte.is_ascii_alphanumeric();
        b += 1;
    }
    let others = b"_.-~!\"$&'()*+,/:;<=>?@[\\]^`{|}";
    let mut i = 0;
    while i < others.len() {
        safe[others[i] as usize] = true;
        i += 1;
    }
    safe
};

/// `unescapeRepeatedly`: `unquote_to_bytes` (each `%` and two hex digits, either case,
/// as its byte) until nothing changes. In one pass: each byte goes on a stack, and an
/// escape on its top is decoded there at once, so that an escape that a decoding makes
/// (`%2541` to `%41` to `A`) is decoded as it forms. Escapes never overlap (a hex digit
/// is no `%`), so the result is the one the repeated passes reach, without a pass per
/// level (`%25` repeated n times took n passes).
fn unescape_repeatedly(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    for &byte in input {
        out.push(byte);
        while let [.., b'%', high, low] = out[..] {
            let (Some(high), Some(low)) = (crate::hex(high), crate::hex(low)) else {
                break;
            };
            out.truncate(out.len() - 3);
            out.push(high << 4 | low);
        }
    }
    out
}

/// `IAURLCanonicalizer.canonicalize` with its defaults.
fn ia_canonicalize(url: &mut HandyUrl<'_>) {
    let kinds = url.kinds;
    if let Some(host) = url.host.as_mut().filter(|host| !host.is_empty()) {
        lowercase(host, kinds);
        if *url.scheme != *b"dns" {
            // massageHost: ^www\d*\. off.
            if let Some(rest) = host.strip_prefix(b"www") {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                if rest.get(digits) == Some(&b'.') {
                    let length = host.len();
                    keep(host, 3 + digits + 1..length);
                }
            }
        }
    }
    let default_port = if url.scheme.eq_ignore_ascii_case(b"http") {
        Some(80)
    } else if url.scheme.eq_ignore_ascii_case(b"https") {
        Some(443)
    } else {
        None
    };
    if url.port.is_some() && url.port == default_port {
        url.port = None;
    }
    if let Some(path) = url.path.as_mut().filter(|path| !path.is_empty()) {
        lowercase(path, kinds);
        strip_path_session_id(path);
        if path.len() > 1 && path.ends_with(b"/") {
            let length = path.len();
            keep(path, 0..length - 1);
        }
    }
    if let Some(query) = url.query.take() {
        let mut query = strip_query_session_id(query);
        lowercase(&mut query, kinds);
        let query = alpha_reorder_query(query);
        url.query = (!query.is_empty()).then_some(query);
    }
}

/// `alphaReorderQuery`: the `&`-separated words sorted as Python sorts tuples of a name
/// and, after the first `=`, a value (`('a',)` before `('a', '')`).
fn alpha_reorder_query(query: Part<'_>) -> Part<'_> {
    // One word (no "&") is its own order.
    if query.len() <= 1 || !query.contains(&b'&') {
        return query;
    }
    let mut words: Vec<(&[u8], Option<&[u8]>)> = query
        .split(|&b| b == b'&')
        .map(|word| match word.iter().position(|&b| b == b'=') {
            Some(equals) => (&word[..equals], Some(&word[equals + 1..])),
            None => (word, None),
        })
        .collect();
    words.sort();
    let mut out = Vec::with_capacity(query.len());
    for (i, (name, value)) in words.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(value) = value {
            out.push(b'=');
            out.extend_from_slice(value);
        }
    }
    Cow::Owned(out)
}

/// One of `_RES_QUERY_SESSIONID`'s keys: its text (in any case), then what follows it.
enum SessionKey {
    /// `NAME=` and exactly `n` letters or digits.
    Alphanumeric(&'static [u8], usize),
    /// `aspsessionid`, 8 letters, `=`, 24 letters.
    Asp,
    /// `cfid=`, not `&`, `&cftoken=`, not `&`.
    ColdFusion,
}

impl SessionKey {
    /// The end of the key when it matches at `at`; `next_amp[i]` is where the first `&`
    /// at or after `i` is (the text's length without one).
    fn end(&self, text: &[u8], at: usize, next_amp: &[usize]) -> Option<usize> {
        let starts = |at: usize, word: &[u8]| {
            text.get(at..at + word.len())
                .is_some_and(|found| found.eq_ignore_ascii_case(word))
        };
        let run = |at: usize, n: usize, class: fn(&u8) -> bool| {
            (text.get(at..at + n)?.iter().all(class)).then_some(at + n)
        };
        match self {
            SessionKey::Alphanumeric(name, n) => {
                starts(at, name).then_some(())?;
                run(at + name.len(), *n, u8::is_ascii_alphanumeric)
            }
            SessionKey::Asp => {
                starts(at, b"aspsessionid").then_some(())?;
                let after = run(at + 12, 8, u8::is_ascii_alphabetic)?;
                (text.get(after) == Some(&b'=')).then_some(())?;
                run(after + 1, 24, u8::is_ascii_alphabetic)
            }
            SessionKey::ColdFusion => {
                starts(at, b"cfid=").then_some(())?;
                // The runs without "&" end where `next_amp` says (one pass made before).
                let after = next_amp[at + 5];
                (after > at + 5).then_some(())?;
                starts(after, b"&cftoken=").then_some(())?;
                let end = next_amp[after + 9];
                (end > after + 9).then_some(end)
            }
        }
    }
}

/// `stripQuerySessionID`: each of its five patterns `^(.*)KEY(?:&(.*))?$` in turn, the
/// last place the key matches (the greedy `(.*)`) taken out.
fn strip_query_session_id(mut query: Part<'_>) -> Part<'_> {
    // Every key holds "=" (a query without one keeps all it has).
    if !query.contains(&b'=') {
        return query;
    }
    let keys = [
        SessionKey::Alphanumeric(b"jsessionid=", 32),
        SessionKey::Alphanumeric(b"phpsessid=", 32),
        SessionKey::Alphanumeric(b"sid=", 32),
        SessionKey::Asp,
        SessionKey::ColdFusion,
    ];
    for key in keys {
        let first = match key {
            SessionKey::Alphanumeric(name, _) => name[0],
            SessionKey::Asp => b'a',
            SessionKey::ColdFusion => b'c',
        };
        // Only the ColdFusion key reads runs of any length.
        let mut next_amp = Vec::new();
        if matches!(key, SessionKey::ColdFusion) {
            next_amp = vec![query.len(); query.len() + 1];
            for i in (0..query.len()).rev() {
                next_amp[i] = if query[i] == b'&' { i } else { next_amp[i + 1] };
            }
        }
        let found = (0..query.len()).rev().find_map(|at| {
            if query[at].to_ascii_lowercase() != first {
                return None;
            }
            let end = key.end(&query, at, &next_amp)?;
            match query.get(end) {
                None => Some((at, None)),
                Some(b'&') => Some((at, Some(end + 1))),
                Some(_) => None,
            }
        });
        if let Some((at, rest)) = found {
            let mut stripped = query[..at].to_vec();
            if let Some(rest) = rest {
                stripped.extend_from_slice(&query[rest..]);
            }
            query = Cow::Owned(stripped);
        }
    }
    query
}

/// `stripPathSessionID`: `^(.*/)(SESSION/)([^?]+\.aspx.*)$` for its two kinds of
/// session, the session taken out.
fn strip_path_session_id(path: &mut Part<'_>) {
    // Both sessions are followed by ".aspx" somewhere.
    if !memchr::memchr_iter(b'.', path).any(|dot| {
        path.get(dot + 1..dot + 5)
            .is_some_and(|name| name.eq_ignore_ascii_case(b"aspx"))
    }) {
        return;
    }
    // `\((?:[a-z]\([0-9a-z]{24}\))+\)/` and `\([0-9a-z]{24}\)/`: the end of each at `at`.
    fn nested(path: &[u8], at: usize) -> Option<usize> {
        (path.get(at) == Some(&b'(')).then_some(())?;
        let mut i = at + 1;
        let mut count = 0;
        while let Some(end) =
            one_id(path, i + 1).filter(|_| path.get(i).is_some_and(u8::is_ascii_alphabetic))
        {
            i = end;
            count += 1;
        }
        (count > 0 && path.get(i..i + 2) == Some(b")/")).then_some(i + 2)
    }
    fn one_id(path: &[u8], at: usize) -> Option<usize> {
        (path.get(at) == Some(&b'(')).then_some(())?;
        let id = path.get(at + 1..at + 25)?;
        id.iter()
            .all(|b| b.is_ascii_digit() || b.is_ascii_alphabetic())
            .then_some(())?;
        (path.get(at + 25) == Some(&b')')).then_some(at + 26)
    }
    fn plain(path: &[u8], at: usize) -> Option<usize> {
        let end = one_id(path, at)?;
        (path.get(end) == Some(&b'/')).then_some(end + 1)
    }
    for session in [nested as fn(&[u8], usize) -> Option<usize>, plain] {
        let after = AspxAfter::new(path);
        let found = (1..=path.len()).rev().find_map(|at| {
            if path[at - 1] != b'/' {
                return None;
            }
            let end = session(path, at)?;
            after.at(end).then_some((at, end))
        });
        if let Some((at, end)) = found {
            path.to_mut().drain(at..end);
        }
    }
}

/// Where `[^?]+\.aspx.*$` holds: at `at`, when `.aspx` (any case) starts after at least
/// one byte and before any `?`. Made in one pass from the end, so that each place a
/// session is found is judged at once.
struct AspxAfter {
    /// For each place, the first `?` at or after it (the length without one).
    question: Vec<usize>,
    /// For each place, the first `.aspx` starting at or after it (past the end without one).
    aspx: Vec<usize>,
}

impl AspxAfter {
    fn new(path: &[u8]) -> AspxAfter {
        let n = path.len();
        let mut question = vec![n; n + 2];
        let mut aspx = vec![n + 1; n + 2];
        for i in (0..n).rev() {
            question[i] = if path[i] == b'?' { i } else { question[i + 1] };
            let here = path
                .get(i..i + 5)
                .is_some_and(|found| found.eq_ignore_ascii_case(b".aspx"));
            aspx[i] = if here { i } else { aspx[i + 1] };
        }
        AspxAfter { question, aspx }
    }

    /// Whether the pattern holds at `at` (at most the path's length).
    fn at(&self, at: usize) -> bool {
        self.aspx[at + 1] <= self.question[at]
    }
}

#[cfg(test)]
mod tests;
