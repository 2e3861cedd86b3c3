//! Bytes looked at eight at a time, as one `u64` word: the bytes equal to one value or
//! below it marked by the top bit of each, and the first marked byte of a slice. The one
//! home of these bit tricks: the rfc1738 library's search for URLs in text and its
//! `escape_controls` use them, and so does the command's writing of `extract`'s lines
//! (the JSON strings it escapes).
//!
//! ```
//! use rfc1738_words::{bytes_below, equal_bytes, first_where};
//!
//! // The first byte below 0x20 or a quote, eight bytes at a time.
//! let text = b"http://h/a\"b";
//! let first = first_where(
//!     text,
//!     |word| bytes_below(word, 0x20) | equal_bytes(word, b'"'),
//!     |b| b < 0x20 || b == b'"',
//! );
//! assert_eq!(first, 10);
//! ```

#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// A one in every byte.
pub const ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of every byte.
pub const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` equal to `byte`: the top bit of each set in the result, exactly for
/// the lowest one (the bytes above a zero may be set too: the first one found is right).
#[inline]
pub fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The bytes of `word` below `byte` (at most 0x80), as [`equal_bytes`].
#[inline]
pub fn bytes_below(word: u64, byte: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(byte)) & !word & HIGHS
}

/// The first byte of `bytes` for which `word_test` sets the top bit in its word (exact for
/// the lowest, as [`equal_bytes`]) and `byte_test` says yes: eight bytes a time, the last
/// few in the last eight bytes (those already looked at left out), or one at a time in
/// fewer than eight; `bytes.len()` when there is none.
#[inline]
pub fn first_where(
    bytes: &[u8],
    word_test: impl Fn(u64) -> u64,
    byte_test: impl Fn(u8) -> bool,
) -> usize {
    let (words, rest) = bytes.as_chunks::<8>();
    for (i, word) in words.iter().enumerate() {
        let found = word_test(u64::from_le_bytes(*word));
        if found != 0 {
            return i * 8 + (found.trailing_zeros() / 8) as usize;
        }
    }
    if rest.is_empty() {
        return bytes.len();
    }
    let Some(last) = bytes.last_chunk::<8>() else {
        return bytes
            .iter()
            .position(|&b| byte_test(b))
            .unwrap_or(bytes.len());
    };
    // The bytes before the rest were looked at (none of them is one: no mark comes from
    // them), so only the rest's marks are kept.
    let found = word_test(u64::from_le_bytes(*last)) & (u64::MAX << (8 * (8 - rest.len())));
    match found {
        0 => bytes.len(),
        found => bytes.len() - 8 + (found.trailing_zeros() / 8) as usize,
    }
}

/// Where the first `byte` of `bytes` is, eight bytes at a time ([`first_where`]): for the
/// short texts of a URL's parts, where `memchr`'s set-up costs more than its search.
///
/// ```
/// assert_eq!(rfc1738_words::find_byte(b"http://h/a%41", b'%'), Some(10));
/// assert_eq!(rfc1738_words::find_byte(b"http://h/a", b'%'), None);
/// ```
#[inline]
pub fn find_byte(bytes: &[u8], byte: u8) -> Option<usize> {
    let at = first_where(bytes, |word| equal_bytes(word, byte), |b| b == byte);
    (at < bytes.len()).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every slice of up to 30 bytes of a text holding every byte value: the first byte
    /// below 0x20, equal to `"` or `\\` found eight at a time is the one a byte-by-byte
    /// look finds.
    #[test]
    fn found_eight_bytes_at_a_time_as_one_at_a_time() {
        let mut bytes = [0u8; 256 + 48];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = match i {
                0..=255 => i as u8,
                _ => b"abcdefghijklmnopqrstuvwxyz\"0123456789\\ABCDEFGHIJ"[i - 256],
            };
        }
        let test = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
        for from in 0..bytes.len() {
            for to in from..(from + 30).min(bytes.len()) {
                let slice = &bytes[from..to];
                let expected = slice.iter().position(|&b| test(b)).unwrap_or(slice.len());
                let found = first_where(
                    slice,
                    |word| {
                        bytes_below(word, 0x20) | equal_bytes(word, b'"') | equal_bytes(word, b'\\')
                    },
                    test,
                );
                assert_eq!(found, expected, "{from} {to}");
            }
        }
    }
}
