//! The third reading of a head: as warcio's `StatusAndHeadersParser` reads a stored one,
//! not verifying it ([`StoredHead`]), which is what the indexers archives use today
//! (cdxj-indexer, pywb) take from a WARC record's block. Nothing is refused: the first
//! line's words after the first are the status (any words, or none), then come header
//! lines up to a line of white space alone or the block's end; a line that starts with a
//! space or a tab is joined to the one before; a line without a colon names no header
//! (its continuation lines go with it). Lines are UTF-8, or else Latin-1
//! ([`decode_line`]), and white space is Python's ([`is_python_space`]).
//!
//! ```
//! use rfc1738_http_head::warcio::StoredHead;
//!
//! let block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n  ; x\r\nstray\r\n\r\n<html>";
//! let head = StoredHead::read(block);
//! assert_eq!((head.status.as_str(), head.status_code()), ("200 OK", "200"));
//! assert_eq!(head.header("content-type").as_deref(), Some("text/html  ; x"));
//! assert_eq!(&block[head.body..], b"<html>");
//! ```

use std::borrow::Cow;

/// A line's text: UTF-8 (WARC 1.1's), or else Latin-1, byte for character (as warcio
/// reads it: the URLs and heads of old crawls were written as the pages had them).
pub fn decode_line(line: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(line) {
        Ok(text) => text.into(),
        Err(_) => line
            .iter()
            .map(|&b| char::from(b))
            .collect::<String>()
            .into(),
    }
}

/// Whether Python's `str.isspace` holds for `c` (what its `strip` and the `\s` of its
/// regular expressions take): Unicode's white space and the separators U+001C to U+001F.
pub fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// An HTTP head as warcio reads it (`StatusAndHeadersParser`, not verifying): the first
/// line's words after the first, then header lines up to a line of white space alone (or
/// the block's end), a line starting with a space or a tab joined to the one before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredHead {
    /// The status line after its first word, trimmed (`200 OK`).
    pub status: String,
    /// The headers: names, values.
    pub headers: Vec<(String, String)>,
    /// Where the body (the payload) starts in the block.
    pub body: usize,
}

impl StoredHead {
    /// The head at the start of `block`, as warcio reads it.
    pub fn read(block: &[u8]) -> StoredHead {
        let mut at = 0;
        // One line, decoded, white space at its end taken off (warcio's readline and
        // rstrip); empty at the block's end.
        let mut line = || -> String {
            let rest = &block[at..];
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |lf| lf + 1);
            at += end;
            decode_line(&rest[..end])
                .trim_end_matches(is_python_space)
                .to_owned()
        };
        let first = line();
        let mut head = StoredHead {
            status: String::new(),
            headers: Vec::new(),
            body: 0,
        };
        if !first.is_empty() {
            head.status = match first.split_once(' ') {
                Some((_, rest)) => rest.trim_matches(is_python_space).to_owned(),
                None => String::new(),
            };
            let mut current = line();
            while !current.is_empty() {
                let (name, mut value) = match current.split_once(':') {
                    Some((name, value)) => (
                        name.trim_end_matches([' ', '\t']).to_owned(),
                        Some(value.trim_start_matches(is_python_space).to_owned()),
                    ),
                    None => (current.clone(), None),
                };
                let mut next = line();
                while next.starts_with([' ', '\t']) {
                    if let Some(value) = &mut value {
                        value.push_str(&next);
                    }
                    next = line();
                }
                if let Some(value) = value {
                    head.headers.push((name, value));
                }
                current = next;
            }
        }
        head.body = at;
        head
    }

    /// Whether warcio takes it for a head: a status line with more than its first word,
    /// or a header.
    pub fn is_some(&self) -> bool {
        !self.status.is_empty() || !self.headers.is_empty()
    }

    /// The status code: the status line's first word after its first (any word).
    pub fn status_code(&self) -> &str {
        self.status.split(' ').next().unwrap_or_default()
    }

    /// The first header of `name` (in lower case), names compared without case.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .find(|(each, _)| each.to_lowercase() == name)
            .map(|(_, value)| value.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_heads_as_warcio_reads_them() {
        let head =
            StoredHead::read(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n  ; x\r\n\r\nbody");
        assert_eq!(head.status_code(), "200");
        assert_eq!(
            head.header("content-type").as_deref(),
            Some("text/html  ; x")
        );
        assert_eq!(head.body, 51);
        let head = StoredHead::read(b"\r\nbody");
        assert!(!head.is_some());
        assert_eq!(head.body, 2);
        let head = StoredHead::read(b"HTTP/1.0\r\nA: b\r\n \r\nbody");
        assert_eq!(
            (head.status_code(), head.is_some(), head.body),
            ("", true, 19)
        );
    }
}
