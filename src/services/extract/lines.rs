//! Where a finding is: lines and characters counted up to each finding, once.

/// Where a finding is: its line and column (from 1, the column in bytes) and the same
/// place counted in characters.
#[derive(Debug, Clone, Copy)]
pub(super) struct Position {
    pub(super) line: u64,
    pub(super) column: u64,
    pub(super) chars: CharPosition,
}

/// A finding's start, end and column counted in characters (bytes that do not continue a
/// UTF-8 sequence), from 0 (`start`, `end`) or 1 (`column`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct CharPosition {
    pub(super) start: u64,
    pub(super) end: u64,
    pub(super) column: u64,
}

/// The characters of `bytes`: the bytes that do not continue a UTF-8 sequence
/// (0b10xxxxxx), counted by `bytecount` (AVX2 when the processor has it, detected at run
/// time).
fn count_chars(bytes: &[u8]) -> u64 {
    bytecount::num_chars(bytes) as u64
}

/// Counts lines (and characters) up to each finding, without going over the same bytes
/// twice.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct LineCounter {
    /// Lines (line feeds) seen before `counted`, and where the current line starts.
    line: u64,
    counted: usize,
    line_start: usize,
    /// The current line started before the buffer held it: columns count from there.
    carried: u64,
    /// Characters before `counted`, and before the current line's start, from the start of
    /// the text.
    chars: u64,
    line_start_chars: u64,
}

impl LineCounter {
    /// Counts `bytes[self.counted..start]`; returns where the finding `start..end` is.
    pub(super) fn advance(&mut self, bytes: &[u8], start: usize, end: usize) -> Position {
        let to = start.min(bytes.len());
        let end = end.clamp(to, bytes.len());
        let finding_chars = if to > self.counted {
            self.count_to(bytes, to, end)
        } else {
            count_chars(&bytes[to..end])
        };
        // Findings come in order, so `to` is `counted` (a finding that started before the
        // last one would count back from it).
        let chars_at = match self.counted > to {
            true => self.chars - count_chars(&bytes[to..self.counted]),
            false => self.chars,
        };
        let column = self.carried + (to.saturating_sub(self.line_start)) as u64;
        let char_start = chars_at;
        Position {
            line: self.line + 1,
            column: column + 1,
            chars: CharPosition {
                start: char_start,
                end: char_start + finding_chars,
                column: char_start.saturating_sub(self.line_start_chars) + 1,
            },
        }
    }

    /// Counts `bytes[self.counted..to]` (`counted < to <= end`); returns the characters
    /// of `bytes[to..end]`. The characters of both are counted at once: when there are as
    /// many as bytes (text in ASCII, most text and every valid URL), every count of
    /// characters inside them is a difference of offsets.
    fn count_to(&mut self, bytes: &[u8], to: usize, end: usize) -> u64 {
        let span = &bytes[self.counted..to];
        let all_chars = count_chars(&bytes[self.counted..end]);
        let ascii = all_chars == (end - self.counted) as u64;
        let (span_chars, finding_chars) = match ascii {
            true => (span.len() as u64, (end - to) as u64),
            false => {
                let finding_chars = count_chars(&bytes[to..end]);
                (all_chars - finding_chars, finding_chars)
            }
        };
        // The lines end at the last line feed: the characters after it are counted once,
        // and the ones before it are the rest of the span's.
        if let Some(last) = memchr::memrchr(b'\n', span) {
            let tail = &span[last + 1..];
            let tail_chars = match ascii {
                true => tail.len() as u64,
                false => count_chars(tail),
            };
            self.line += bytecount::count(&span[..=last], b'\n') as u64;
            self.line_start = self.counted + last + 1;
            self.line_start_chars = self.chars + span_chars - tail_chars;
            self.carried = 0;
        }
        self.chars += span_chars;
        self.counted = to;
        finding_chars
    }

    /// Counts the bytes before `keep`, which the buffer lets go: it then starts at `keep`.
    pub(super) fn let_go(&mut self, bytes: &[u8], keep: usize) {
        let keep = keep.min(bytes.len());
        if keep > self.counted {
            self.count_to(bytes, keep, keep);
        }
        self.rebase(keep);
    }

    /// The buffer lost its first `dropped` bytes (all counted).
    fn rebase(&mut self, dropped: usize) {
        if self.line_start <= dropped {
            self.carried += (dropped - self.line_start) as u64;
            self.line_start = 0;
        } else {
            self.line_start -= dropped;
        }
        self.counted = self.counted.saturating_sub(dropped);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// The line feeds and the characters of `bytes`, as the counter counts them.
    fn count_lines_and_chars(bytes: &[u8]) -> (u64, u64) {
        (bytecount::count(bytes, b'\n') as u64, count_chars(bytes))
    }

    #[test]
    fn lines_and_characters_are_counted_as_one_at_a_time_at_every_length() {
        let every_byte: Vec<u8> = (0..=u8::MAX).collect();
        // Short spans (the last bytes, read eight at a time) starting at every byte.
        let twice = every_byte.repeat(2);
        for start in 0..256 {
            for length in 0..=80 {
                let bytes = &twice[start..start + length];
                let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
                let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
                assert_eq!(
                    count_lines_and_chars(bytes),
                    (lines, chars),
                    "{start} {length}"
                );
            }
        }
        // Line feeds, ASCII, two-, three- and four-byte characters, over lengths around the
        // 64-byte lanes and the 255 rounds a lane counter holds. Only line feeds, and only
        // continuations after each lead byte, fill the counters to their bound; every
        // byte, in and out of UTF-8, is counted by its class.
        let patterns: [&[u8]; 4] = [
            "ab\nc\u{e9}\n\u{20ac}x\u{1f600}\n\n".as_bytes(),
            b"\n",
            "\u{1f600}".as_bytes(),
            &every_byte,
        ];
        for pattern in patterns {
            let text = pattern.repeat(40 * 255 * 64 / pattern.len() + 2);
            let lengths = (0..140).chain([16319, 16320, 16321, 32640, 32641, 80000, text.len()]);
            for length in lengths {
                let bytes = &text[..length];
                let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
                let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
                assert_eq!(
                    count_lines_and_chars(bytes),
                    (lines, chars),
                    "{:?} length {length}",
                    &pattern[..pattern.len().min(8)]
                );
            }
        }
    }

    #[test]
    fn positions_are_those_counted_from_the_start_of_the_text_in_ascii_or_not() {
        let chars = |bytes: &[u8]| bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
        for text in [
            "a\nb http://h/ c\u{e9}\n\nd <URL:ftp://h/\n x> e\u{1f600} news:a f\nnews:b",
            "a\nb http://h/ c\n\nd <URL:ftp://h/\n x> e news:a f\nnews:b",
            "\u{e9}http://h/\u{e9}\n<URL:ftp://h/\u{a0}\n x>\u{e9}news:a\u{e9}news:b",
        ] {
            let bytes = text.as_bytes();
            let at = |piece: &str| text.find(piece).unwrap();
            // Findings in order, overlapping (one starting inside the last), and the same
            // place twice.
            let findings = [
                (at("http"), at("http") + 9),
                (at("http"), at("http") + 9),
                (at("<URL"), at("x>") + 2),
                (at("ftp"), at("x>")),
                (at("news:a"), at("news:a") + 6),
                (at("news:b"), text.len()),
            ];
            let mut counter = LineCounter::default();
            for (start, end) in findings {
                let position = counter.advance(bytes, start, end);
                let before = &bytes[..start];
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |at| at + 1);
                let lines = before.iter().filter(|&&b| b == b'\n').count() as u64;
                assert_eq!(position.line, lines + 1, "{text:?} {start}");
                assert_eq!(position.column, (start - line_start) as u64 + 1, "{start}");
                assert_eq!(position.chars.start, chars(before), "{text:?} {start}");
                assert_eq!(position.chars.end, chars(&bytes[..end]), "{text:?} {start}");
                assert_eq!(
                    position.chars.column,
                    chars(&bytes[line_start..start]) + 1,
                    "{text:?} {start}"
                );
            }
        }
    }
}
