//! The part of a text shown under a message, with a caret under a place in it: a window
//! of the line around the place, control characters escaped, bounded whatever the text's
//! length. Errors and lint warnings show their input through it.

use super::shown::{Manner, push_shown};
use rfc1738_words::{HIGHS, bytes_below, equal_bytes, first_where};

/// Characters shown on each side of the place.
pub(crate) const CONTEXT: usize = 40;

/// The part of a one-line `text` shown around the bytes `span`: up to
/// [`CONTEXT`] characters before it, the span itself (its first `CONTEXT`
/// characters, then `…`) and up to `CONTEXT` characters after it, with `…` where the text
/// is cut. Returns the window, the column of the span's first character in it and the
/// span's width in columns (at least 1, for a caret under an empty span), both counted in
/// characters. Control characters are shown as [`escape_controls`](super::shown::escape_controls) writes them (`\x1b`),
/// each escape as wide as its characters. Bounded by `CONTEXT`, whatever the text's length.
pub(crate) fn window(text: &str, span: std::ops::Range<usize>) -> (String, usize, usize) {
    let end = floor_char_boundary(text, span.end.min(text.len()));
    let start = floor_char_boundary(text, span.start.min(end));
    plain_window(text, start, end).unwrap_or_else(|| escaped_window(text, start, end))
}

/// [`window`] of the bytes `start..end`, both on character boundaries, in general: any
/// characters, control characters escaped.
fn escaped_window(text: &str, start: usize, end: usize) -> (String, usize, usize) {
    let before = &text[..start];
    let shown_from = before
        .char_indices()
        .rev()
        .nth(CONTEXT - 1)
        .map_or(0, |(i, _)| i);
    let mut shown = String::with_capacity(4 * CONTEXT + 8);
    if shown_from > 0 {
        shown.push('…');
    }
    push_shown(&mut shown, before[shown_from..].chars(), Manner::Text);
    let column = shown.chars().count();
    let spanned = &text[start..end];
    push_shown(&mut shown, spanned.chars().take(CONTEXT), Manner::Text);
    let spanned_width = shown.chars().count() - column;
    let width = if spanned.chars().nth(CONTEXT).is_some() {
        // A span too long to show whole: its start, then `…`; what follows is not shown.
        shown.push('…');
        return (shown, column, spanned_width + 1);
    } else {
        spanned_width.max(1)
    };
    let after = &text[end..];
    push_shown(&mut shown, after.chars().take(CONTEXT), Manner::Text);
    if after.chars().nth(CONTEXT).is_some() {
        shown.push('…');
    }
    (shown, column, width)
}

/// [`window`] when every byte it shows or counts is printable ASCII (one byte, one
/// character, nothing to escape) and the span is shown whole: slices, without decoding.
/// `None` otherwise, for the general reading.
fn plain_window(text: &str, start: usize, end: usize) -> Option<(String, usize, usize)> {
    let (from, to) = plain_bounds(text, start, end)?;
    let mut shown = String::with_capacity(to - from + 6);
    if from > 0 {
        shown.push('…');
    }
    shown.push_str(&text[from..to]);
    if text.len() > to {
        shown.push('…');
    }
    let column = usize::from(from > 0) + (start - from);
    Some((shown, column, (end - start).max(1)))
}

/// The bytes `from..to` of `text` that [`window`] shows around `start..end` (both on
/// character boundaries), when they are plain: every one printable ASCII and the span shown
/// whole. Then the window is `text[from..to]`, with `…` before it when `from > 0` and after
/// it when `to < text.len()`, and the span's column is `usize::from(from > 0) + start -
/// from`. `None` otherwise.
pub(crate) fn plain_bounds(text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let from = start.saturating_sub(CONTEXT);
    let to = text.len().min(end + CONTEXT);
    if end - start > CONTEXT || !printable_ascii(&text.as_bytes()[from..to]) {
        return None;
    }
    Some((from, to))
}

/// Whether every byte of `bytes` is printable ASCII (`' '..='~'`), looked at eight at a
/// time: below 0x20, 0x7f, or with its top bit set, a byte is not.
fn printable_ascii(bytes: &[u8]) -> bool {
    let first = first_where(
        bytes,
        |word| bytes_below(word, 0x20) | equal_bytes(word, 0x7f) | (word & HIGHS),
        |b| !(b' '..=b'~').contains(&b),
    );
    first == bytes.len()
}

/// The largest char boundary at or before `offset`.
pub(crate) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    use pretty_assertions::assert_eq;

    #[test]
    fn printable_ascii_is_found_eight_bytes_at_a_time_as_one_at_a_time() {
        let text: Vec<u8> = (0..=0xff_u8)
            .chain(b"abcdefghijk ~".iter().copied())
            .collect();
        for from in 0..text.len() {
            for to in from..(from + 30).min(text.len()) {
                let slice = &text[from..to];
                let one_at_a_time = slice.iter().all(|b| (b' '..=b'~').contains(b));
                assert_eq!(printable_ascii(slice), one_at_a_time, "{from}..{to}");
            }
        }
    }

    #[test]
    fn a_span_of_control_characters_is_as_wide_as_their_escapes() {
        let (shown, column, width) = window("ab\x07\x07cd", 2..4);
        assert_eq!((shown.as_str(), column, width), ("ab\\x07\\x07cd", 2, 8));
    }

    #[test]
    fn the_plain_window_is_the_general_one() {
        let long = format!("{}:{}", "a".repeat(90), "b".repeat(90));
        let texts = ["", "a", "http://h/a b", long.as_str()];
        for text in texts {
            for start in 0..=text.len() {
                for end in [start, start + 1, start + 40, start + 41, start + 60] {
                    let end = end.min(text.len());
                    let plain = plain_window(text, start, end);
                    // A span longer than the context is shown cut, by the general reading.
                    assert_eq!(
                        plain.is_some(),
                        end - start <= 40,
                        "{text:?} {start}..{end}"
                    );
                    if let Some(plain) = plain {
                        assert_eq!(plain, escaped_window(text, start, end));
                    }
                }
            }
        }
        assert_eq!(plain_window("a\tb", 0, 0), None);
        assert_eq!(plain_window("aé", 0, 0), None);
    }
}
