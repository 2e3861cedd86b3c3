//! Bytes looked at eight at a time, as one `u64` word: the bytes equal to one value or
//! below it marked by the top bit of each, and the first marked byte of a slice. Used by
//! the search of [`super::candidate`] and, compiled in by `#[path]`, by the CLI's writing of
//! `extract`'s lines (one home for the bit tricks; this file uses nothing of the crate).

/// A one in every byte.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// The top bit of every byte.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bytes of `word` equal to `byte`: the top bit of each set in the result, exactly for
/// the lowest one (the bytes above a zero may be set too: the first one found is right).
#[inline]
pub(crate) fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The bytes of `word` below `byte` (at most 0x80), as [`equal_bytes`].
#[inline]
pub(crate) fn bytes_below(word: u64, byte: u8) -> u64 {
    word.wrapping_sub(ONES * u64::from(byte)) & !word & HIGHS
}

/// The first byte of `bytes` for which `word_test` sets the top bit in its word (exact for
/// the lowest, as [`equal_bytes`]) and `byte_test` says yes: eight bytes a time, the last
/// few in the last eight bytes (those already looked at left out), or one at a time in
/// fewer than eight; `bytes.len()` when there is none.
#[inline]
pub(crate) fn first_where(
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
