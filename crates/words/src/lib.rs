//! Bytes looked at eight at a time, as one `u64` word: the bytes equal to one value or
//! below it marked by the top bit of each, and the first marked byte of a slice. The one
//! home of these bit tricks: the rfc1738 library's search for URLs in text, its
//! `escape_controls` and its reading of a URL's short parts use them, and so do the
//! archive keys and the Python package's columns.
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

/// Where the last `byte` of `bytes` is, eight bytes at a time from the end: for the short
/// texts of a URL, where `memchr::memrchr`'s set-up costs more than its search. Each word
/// is tested exactly ([`equal_bytes`] may mark a byte above a true one, which a search
/// from the end would take).
///
/// ```
/// assert_eq!(rfc1738_words::rfind_byte(b"a\nb\nc", b'\n'), Some(3));
/// assert_eq!(rfc1738_words::rfind_byte(b"http://h/a", b'\n'), None);
/// ```
#[inline]
pub fn rfind_byte(bytes: &[u8], byte: u8) -> Option<usize> {
    let (rest, words) = bytes.as_rchunks::<8>();
    let lows = !HIGHS;
    for (i, word) in words.iter().enumerate().rev() {
        let x = u64::from_le_bytes(*word) ^ (ONES * u64::from(byte));
        // A byte is zero when neither its low seven bits nor its top bit is set; the low
        // bits' sum carries into no other byte.
        let found = !(((x & lows).wrapping_add(lows)) | x) & HIGHS;
        if found != 0 {
            return Some(rest.len() + i * 8 + 7 - (found.leading_zeros() / 8) as usize);
        }
    }
    rest.iter().rposition(|&b| b == byte)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    /// Every slice of up to 30 bytes of texts of every byte value and of runs of one byte
    /// beside another: the last byte equal to one value found eight at a time from the end
    /// is the one a byte-by-byte look finds, and the first one by `find_byte` too.
    #[test]
    fn found_from_either_end_as_one_at_a_time() {
        let mut bytes: std::vec::Vec<u8> = (0..=255u8).collect();
        bytes.extend(b"\n\n\x0b\n\x09\x0a\x0a\x00\x01\x0aab\x8a\x0a\x0a\x0b\x0b\x0a");
        bytes.extend([0x0a; 9]);
        bytes.extend([0x8a, 0x0a, 0x0b, 0x09, 0x0a, 0xff, 0x0a, 0x0a]);
        for byte in [0x0a, 0x00, 0x8a, b'#', 0xff] {
            for from in 0..bytes.len() {
                for to in from..(from + 30).min(bytes.len()) {
                    let slice = &bytes[from..to];
                    let last = slice.iter().rposition(|&b| b == byte);
                    assert_eq!(rfind_byte(slice, byte), last, "{byte} {from} {to}");
                    let first = slice.iter().position(|&b| b == byte);
                    assert_eq!(find_byte(slice, byte), first, "{byte} {from} {to}");
                }
            }
        }
    }

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
