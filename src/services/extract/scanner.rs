//! The search: where a URL may start in the bytes (at a colon that closes `URL` or a known
//! scheme, looked back from), which starts are read as candidates, and what an invalid
//! finding leaves to search inside it.

use super::candidate::{Attempt, Candidate, HEAD, Head, ends_run, name_before, skip_whitespace};
use super::extractor::Extractor;
use crate::vocabulary::dialect::PREFIX;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::scheme::{is_scheme_char, scheme_run_end};
use std::borrow::Cow;

/// What the scanner made of the bytes it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// A finding, [`Scanner::candidate`]; the scanner continues after it.
    Found,
    /// The bytes end before the scanner can decide: bytes before `keep` are done with.
    NeedMore { keep: usize },
    /// No more findings (only when the bytes are the end of the text).
    End,
}

/// The search's state between steps: where it is, and what the last finding left it to
/// do inside that finding.
#[derive(Debug, Clone)]
pub(super) struct Scanner {
    extractor: Extractor,
    pos: usize,
    /// The byte before `pos` when the buffer no longer holds it.
    before: Option<u8>,
    /// The finding just returned, until its verdict is known ([`Scanner::settle`]).
    last: Option<Last>,
    /// Inside an invalid finding: the valid URLs that start in it are looked for.
    inside: Option<Inside>,
    /// A finding cut at the length limit: the end of its run is looked for first.
    seeking: Option<Seeking>,
    /// The candidate read last: the finding of a step that returned [`Step::Found`].
    candidate: Candidate,
}

/// What the search needs of a finding once its verdict is known.
#[derive(Debug, Clone, Copy)]
struct Last {
    /// Where its URL starts (after the wrapper's head and `URL:`).
    url_start: usize,
    /// Where the search would go on after it.
    resume: usize,
    truncated: bool,
    /// The URL is one piece of the text (no line break inside it).
    one_piece: bool,
}

/// The rest of an invalid finding, where only valid URLs are reported.
#[derive(Debug, Clone, Copy)]
struct Inside {
    /// Where the finding's text (for one cut at the limit, its run) ends.
    end: usize,
    /// Invalid candidates that may still be read in it before the rest of it is skipped.
    tries: usize,
}

/// A finding cut at the length limit, whose run is read on to its end: only the last
/// `max_len` bytes of the run can hold the start of a URL short enough to be valid.
#[derive(Debug, Clone, Copy)]
struct Seeking {
    /// The first byte after the start of the finding's URL.
    from: usize,
    /// Where the finding was cut.
    cut: usize,
    one_piece: bool,
    /// The run already goes on for `max_len` bytes past the cut (`from` and `cut` may be
    /// gone from the buffer).
    far: bool,
}

/// The invalid candidates read inside one invalid finding, at most, while looking for a
/// valid URL that starts in it: past them the rest of the finding is skipped. Each is read
/// to the end of the finding's run, so the bound keeps text made of scheme names
/// (`ftp:ftp:ftp:...`) linear.
const TRIES_INSIDE: usize = 16;

/// Whether the bytes from `at` hold a candidate's whole head, so that it can be recognized
/// without reading on: `<` and whitespace (for a wrapper), a run of scheme characters and
/// the byte after it, and when that is `:`, the next run and the byte after it (for
/// `URL:scheme:`). A line typed at a terminal is then answered before the next one comes.
fn head_is_complete(bytes: &[u8], at: usize) -> bool {
    let start = if bytes.get(at) == Some(&b'<') {
        skip_whitespace(bytes, at + 1)
    } else {
        at
    };
    let name_end = scheme_run_end(bytes, start);
    match bytes.get(name_end) {
        None => false,
        Some(b':') => scheme_run_end(bytes, name_end + 1) < bytes.len(),
        Some(_) => true,
    }
}

impl Scanner {
    pub(super) fn new(extractor: Extractor) -> Scanner {
        Scanner {
            extractor,
            pos: 0,
            before: None,
            last: None,
            inside: None,
            seeking: None,
            candidate: Candidate::default(),
        }
    }

    /// The finding of the last step, when it returned [`Step::Found`] (offsets in the bytes
    /// it was given).
    pub(super) fn candidate(&self) -> &Candidate {
        &self.candidate
    }

    /// The buffer lost its first `dropped` bytes.
    pub(super) fn rebase(&mut self, dropped: usize) {
        self.pos = self.pos.saturating_sub(dropped);
        if let Some(inside) = &mut self.inside {
            // An end that is gone is passed: the search is beyond it.
            inside.end = inside.end.saturating_sub(dropped);
        }
        if let Some(seeking) = &mut self.seeking {
            seeking.from = seeking.from.saturating_sub(dropped);
            seeking.cut = seeking.cut.saturating_sub(dropped);
        }
    }

    /// The verdict on the finding the last step returned: after an invalid one, the search
    /// goes on inside it, from the byte after its URL's first, for the valid URLs that
    /// start there (a finding cut at the limit first has the end of its run found).
    pub(super) fn settle(&mut self, valid: bool) {
        let Some(last) = self.last.take() else {
            return;
        };
        if valid {
            return;
        }
        if last.truncated {
            self.seeking = Some(Seeking {
                from: last.url_start + 1,
                cut: last.resume,
                one_piece: last.one_piece,
                far: false,
            });
        } else if last.url_start + 1 < last.resume {
            self.pos = last.url_start + 1;
            self.inside = Some(Inside {
                end: last.resume,
                tries: TRIES_INSIDE,
            });
        }
    }

    /// Reads on to the end of the run of a finding cut at the limit; then the search goes
    /// on inside it from the first start that can begin a URL within the limit. `None`
    /// when the end is found, or the step to return.
    fn seek(&mut self, bytes: &[u8], eof: bool) -> Option<Step> {
        let mut seeking = self.seeking?;
        let limit = self.extractor.max_len;
        let from = self.pos.min(bytes.len());
        let end = match bytes[from..].iter().position(|&b| ends_run(b)) {
            Some(offset) => from + offset,
            None if eof => bytes.len(),
            None => {
                // Keep what a start inside may still be at: the finding's URL, or once the
                // run is a limit longer than it, the last limit's worth of the run.
                seeking.far = seeking.far || bytes.len() - seeking.cut >= limit;
                let keep = if seeking.far {
                    bytes.len().saturating_sub(limit)
                } else {
                    seeking.from
                };
                self.seeking = Some(seeking);
                self.pos = bytes.len();
                return Some(Step::NeedMore { keep });
            }
        };
        self.seeking = None;
        let far = seeking.far || end - seeking.cut >= limit;
        // A URL that starts more than the limit before the run's end is too long to be
        // valid: in one piece, or when the run goes on for a limit after the cut, that is
        // every start before `end - limit`, or before `end - limit - 4` for `URL:` and
        // the URL after it.
        let first = if far || seeking.one_piece {
            seeking
                .from
                .max(end.saturating_sub(limit.saturating_add(PREFIX.len())))
        } else {
            seeking.from
        };
        self.pos = first.min(end);
        if first < end {
            self.inside = Some(Inside {
                end,
                tries: TRIES_INSIDE,
            });
        }
        None
    }

    /// Whether a candidate read inside an invalid finding is a valid URL (as
    /// `Found::from_candidate` would find it).
    fn is_valid(&self, bytes: &[u8], candidate: &Candidate) -> bool {
        if candidate.truncated {
            return false;
        }
        let url = match candidate.pieces.as_slice() {
            &[(start, end)] => String::from_utf8_lossy(&bytes[start..end]),
            _ => Cow::Owned(candidate.url_bytes_lossy(bytes)),
        };
        crate::facade::is_valid_reference(&url, self.extractor.dialect)
    }

    fn byte_before(&self, bytes: &[u8], at: usize) -> Option<u8> {
        if at == 0 {
            self.before
        } else {
            bytes.get(at - 1).copied()
        }
    }

    /// Looks for the next finding from `self.pos`.
    pub(super) fn step(&mut self, bytes: &[u8], eof: bool) -> Step {
        let step = self.search(bytes, eof);
        if let Step::NeedMore { keep } = step {
            // Remember the byte before what is kept, for the start-of-word test.
            if keep > 0 {
                self.before = bytes.get(keep - 1).copied();
            }
        }
        step
    }

    fn search(&mut self, bytes: &[u8], eof: bool) -> Step {
        if let Some(step) = self.seek(bytes, eof) {
            return step;
        }
        // Every start has a `:` within HEAD bytes: the one closing its scheme (or `URL`)
        // name. The search finds the colons (memchr) and looks back from each for the
        // starts it closes: `<` and whitespace before the name, then the name itself.
        // `at` is where the search stands: no start before it is tried again.
        let mut at = self.pos;
        let mut scan = at;
        while let Some(offset) = memchr::memchr(b':', &bytes[scan.min(bytes.len())..]) {
            let colon = scan + offset;
            scan = colon + 1;
            // Most colons in prose end a word that no name ends like: they are let go by
            // the two bytes before them, without reading the word.
            if colon >= 2 && !may_end_a_name(bytes[colon - 2], bytes[colon - 1]) {
                continue;
            }
            let Some((head, starts)) = self.starts_closed_by(bytes, colon) else {
                continue;
            };
            for start in starts.into_iter().flatten() {
                if start < at {
                    continue;
                }
                if self.inside.is_some_and(|inside| start >= inside.end) {
                    self.inside = None;
                }
                if !eof && bytes.len() - start < HEAD && !head_is_complete(bytes, start) {
                    // Not enough bytes to recognize a start: read on, keeping them.
                    return Step::NeedMore { keep: start };
                }
                let attempt = if start < head.name {
                    self.extractor
                        .wrapped(bytes, start, head, eof, &mut self.candidate)
                } else {
                    self.extractor
                        .bare_at(bytes, head, eof, &mut self.candidate)
                };
                match attempt {
                    Attempt::No => at = start + 1,
                    Attempt::Skip(to) => at = to,
                    Attempt::NeedMore => return Step::NeedMore { keep: start },
                    Attempt::Found(resume) => {
                        let candidate = &self.candidate;
                        if let Some(inside) = self.inside
                            && !self.is_valid(bytes, candidate)
                        {
                            // Not reported: its text is the invalid finding's. The
                            // search goes on inside it, while tries are left.
                            if inside.tries > 1 {
                                at = candidate.url_start() + 1;
                                self.inside = Some(Inside {
                                    tries: inside.tries - 1,
                                    ..inside
                                });
                            } else {
                                at = inside.end;
                                self.inside = None;
                            }
                            continue;
                        }
                        self.pos = resume;
                        self.last = Some(Last {
                            url_start: candidate.url_start(),
                            resume,
                            truncated: candidate.truncated,
                            one_piece: candidate.pieces.len() == 1,
                        });
                        return Step::Found;
                    }
                }
            }
            scan = scan.max(at);
        }
        if eof {
            self.pos = bytes.len();
            Step::End
        } else {
            // A start whose colon is still to come is within HEAD bytes of the end.
            let keep = at.max(bytes.len().saturating_sub(HEAD)).min(bytes.len());
            self.pos = keep;
            Step::NeedMore { keep }
        }
    }

    /// The starts a `:` at `colon` can close, in order: `<` (with whitespace) before a
    /// name, and the name at the start of a word (a letter first), when the name is `URL`
    /// or a known scheme (the head). Nothing else can start a URL whose head this colon
    /// ends.
    fn starts_closed_by(&self, bytes: &[u8], colon: usize) -> Option<(Head, [Option<usize>; 2])> {
        // (The search lets most colons go before this, by the two bytes before them.)
        let low = colon.saturating_sub(HEAD);
        // The name must be `URL` or a known scheme: nothing else starts a URL (most
        // colons in prose end here).
        let head = name_before(bytes, colon)?;
        let (name, prefix) = (head.name, head.prefix);
        // A bare scheme with nothing after its colon (`"news:"`, `ftp: `) is a mention of
        // the scheme, and `URL:` needs a scheme after it: no bare URL starts here.
        let mention = !prefix && bytes.get(colon + 1).is_some_and(|&b| ends_run(b));
        let word = (!mention && bytes[name].is_ascii_alphabetic() && self.word_starts(bytes, name))
            .then_some(name);
        let mut space = name;
        while space > low
            && matches!(
                bytes[space - 1],
                b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | 0xC2 | 0xA0
            )
        {
            space -= 1;
        }
        let angle =
            (space > low && bytes[space - 1] == b'<' && skip_whitespace(bytes, space) == name)
                .then(|| space - 1);
        Some((head, [angle, word]))
    }

    /// Whether `at` starts a word: the byte before is not part of a scheme name (a letter,
    /// a digit, `+`, `-`, `.`: the name would be a longer one), nor `_` (the name would end
    /// an identifier, as `FILE` in `DEFAULT_INDEX_FILE:`).
    fn word_starts(&self, bytes: &[u8], at: usize) -> bool {
        !self
            .byte_before(bytes, at)
            .is_some_and(|b| is_scheme_char(b) || b == b'_')
    }
}

/// For each ASCII byte, the bytes (as bits) that come before it at the end of `URL` or of a
/// known scheme (each at least three bytes long), in any case.
const NAME_ENDS: [u128; 128] = {
    let mut ends = [0; 128];
    let mut i = 0;
    // Generic's place holds `URL`: the names that can come before a start's colon.
    while i < UrlKind::ALL.len() {
        let name = match UrlKind::ALL[i] {
            UrlKind::Generic => b"url".as_slice(),
            kind => kind.name().as_bytes(),
        };
        assert!(name.len() >= 3);
        let (first, last) = (name[name.len() - 2], name[name.len() - 1]);
        let before = 1 << first.to_ascii_lowercase() | 1 << first.to_ascii_uppercase();
        ends[last.to_ascii_lowercase() as usize] |= before;
        ends[last.to_ascii_uppercase() as usize] |= before;
        i += 1;
    }
    ends
};

/// Whether `URL` or a known scheme can end with the bytes `first`, `last`: when not, a colon
/// after them closes no start.
fn may_end_a_name(first: u8, last: u8) -> bool {
    NAME_ENDS
        .get(usize::from(last))
        .is_some_and(|&before| first < 128 && (before >> first) & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// The names a start's head can end with before its colon: `URL` and the known
    /// schemes, in lower case.
    fn names_before_a_colon() -> Vec<&'static str> {
        UrlKind::ALL
            .iter()
            .filter(|&&kind| kind != UrlKind::Generic)
            .map(|kind| kind.name())
            .chain(["url"])
            .collect()
    }

    #[test]
    fn a_colon_after_the_end_of_url_or_a_known_scheme_is_looked_at_in_any_case() {
        for name in names_before_a_colon() {
            let name = name.to_owned();
            let upper = name.to_ascii_uppercase();
            let mixed: String = name
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if i % 2 == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            for written in [&name, &upper, &mixed] {
                let end = &written.as_bytes()[written.len() - 2..];
                assert!(may_end_a_name(end[0], end[1]), "{written}");
                // `URL:` is looked at as the prefix of a URL, bare or wrapped.
                let (text, expected) = if name == "url" {
                    (
                        format!("see {written}:http://h/ and <{written}:ftp://h/>"),
                        ["http://h/".to_owned(), "ftp://h/".to_owned()],
                    )
                } else {
                    (
                        format!("see {written}:x and <{written}:y>"),
                        [format!("{written}:x"), format!("{written}:y")],
                    )
                };
                let found: Vec<_> = Extractor::new()
                    .extract(&text)
                    .map(|found| found.url().to_owned())
                    .collect();
                assert_eq!(found, expected, "{text}");
            }
        }
    }

    #[test]
    fn two_bytes_may_end_a_name_exactly_when_url_or_a_known_scheme_ends_with_them() {
        let names = names_before_a_colon();
        for first in 0..=u8::MAX {
            for last in 0..=u8::MAX {
                let ends = names.iter().any(|name| {
                    name.as_bytes()
                        .ends_with(&[first, last].to_ascii_lowercase())
                });
                assert_eq!(may_end_a_name(first, last), ends, "{first:#x} {last:#x}");
            }
        }
    }

    #[test]
    fn a_colon_after_a_word_no_name_ends_like_is_let_go() {
        for word in [
            "note", "Email", "fax", "PHONE", "naming", "3:30", "e.g.", "a",
        ] {
            let text = format!("{word}:");
            let bytes = text.as_bytes();
            let colon = bytes.len() - 1;
            if colon >= 2 {
                assert!(
                    !may_end_a_name(bytes[colon - 2], bytes[colon - 1]),
                    "{word}"
                );
            }
            let scanner = Scanner::new(Extractor::new());
            assert_eq!(scanner.starts_closed_by(bytes, colon), None, "{word}");
        }
    }
}
