//! One candidate, read from where a URL may start: a wrapper up to its `>`, or a bare URL up
//! to whitespace, its lines joined and its trailing punctuation taken off. What is read
//! depends on the extractor's settings alone (its limit, line numbers), not on the search.

use super::extractor::Extractor;
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::scheme::{is_scheme_char, scheme_run_end, scheme_run_start};
use rfc1738_words::{HIGHS, ONES, bytes_below, equal_bytes, first_where};
use std::borrow::Cow;
use std::fmt;

/// How a URL was written in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Wrapper {
    /// `<URL:...>`: the wrapper RFC 1738's appendix recommends.
    Url,
    /// `<...>` around a URL of a known scheme (draft-ietf-uri-url-03 wraps URLs so).
    Angle,
    /// No wrapper: a known scheme at the start of a word, up to whitespace, without
    /// trailing punctuation. The text around it decides where it ends, so it is flagged.
    Bare,
    /// `<URL:` or `<` and a known scheme, never closed by `>` (before a blank line, another
    /// `<`, or the length limit): damaged text. The URL is read as a bare one from there.
    Unclosed,
}

impl Wrapper {
    /// The name used in JSON: `url`, `angle`, `bare` or `unclosed`.
    pub fn name(self) -> &'static str {
        match self {
            Wrapper::Url => "url",
            Wrapper::Angle => "angle",
            Wrapper::Bare => "bare",
            Wrapper::Unclosed => "unclosed",
        }
    }
}

impl fmt::Display for Wrapper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One finding, as offsets in the scanned bytes. The scanner keeps one and fills it in
/// place for each finding ([`Candidate::reset`]): its lists keep their room from one
/// finding to the next, and nothing is moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Candidate {
    pub(super) start: usize,
    pub(super) end: usize,
    /// The URL: `pieces` of the bytes, joined (whitespace and line numbers left out).
    pub(super) pieces: Pieces,
    /// Offsets in the joined URL of hyphens written at line breaks.
    pub(super) hyphens: Vec<usize>,
    pub(super) wrapper: Wrapper,
    pub(super) prefixed: bool,
    pub(super) truncated: bool,
}

/// The pieces of the text a URL is made of, `(start, end)` offsets in order.
pub(super) type Pieces = Vec<(usize, usize)>;

impl Default for Candidate {
    fn default() -> Candidate {
        Candidate {
            start: 0,
            end: 0,
            pieces: Pieces::new(),
            hyphens: Vec::new(),
            wrapper: Wrapper::Bare,
            prefixed: false,
            truncated: false,
        }
    }
}

impl Candidate {
    /// Empties the candidate for the next one read, keeping its lists' room.
    pub(super) fn reset(&mut self, start: usize) {
        self.start = start;
        self.end = start;
        self.pieces.clear();
        self.hyphens.clear();
        self.wrapper = Wrapper::Bare;
        self.prefixed = false;
        self.truncated = false;
    }

    /// Where the URL starts in the bytes (after the wrapper's head, `URL:` and
    /// whitespace); the end of the found text when the URL is empty.
    pub(super) fn url_start(&self) -> usize {
        self.pieces.first().map_or(self.end, |&(start, _)| start)
    }

    /// The URL's text: borrowed when it is one piece of `text`.
    pub(super) fn url_text<'t>(&self, text: &'t str) -> Cow<'t, str> {
        match self.pieces.as_slice() {
            [] => Cow::Borrowed(""),
            &[(start, end)] => Cow::Borrowed(text.get(start..end).unwrap_or("")),
            pieces => Cow::Owned(
                pieces
                    .iter()
                    .map(|&(start, end)| text.get(start..end).unwrap_or(""))
                    .collect(),
            ),
        }
    }

    /// The URL's text from the found text, `found` (valid UTF-8, starting at `self.start`
    /// in the bytes): its pieces are cut at whitespace and ASCII, so at characters (`None`
    /// if one were not).
    pub(super) fn url_in_found(&self, found: &str) -> Option<String> {
        let piece =
            |&(start, end): &(usize, usize)| found.get(start - self.start..end - self.start);
        match self.pieces.as_slice() {
            [one] => piece(one).map(str::to_owned),
            pieces => pieces.iter().map(piece).collect(),
        }
    }

    /// The URL's text from bytes, U+FFFD for what is not UTF-8.
    pub(super) fn url_bytes_lossy(&self, bytes: &[u8]) -> String {
        if let &[(start, end)] = self.pieces.as_slice() {
            return String::from_utf8_lossy(&bytes[start..end]).into_owned();
        }
        let mut joined = Vec::with_capacity(self.pieces.iter().map(|&(s, e)| e - s).sum());
        for &(start, end) in self.pieces.iter() {
            joined.extend_from_slice(&bytes[start..end]);
        }
        // One copy: the joined bytes become the string when they are UTF-8.
        String::from_utf8(joined)
            .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
    }
}

/// The longest head a candidate start needs to be recognized: `<`, whitespace, `URL:`,
/// a scheme name and `:`.
pub(super) const HEAD: usize = 64;

/// The most whitespace looked through at a hyphen line break of a bare URL.
const BREAK: usize = 1024;

impl Extractor {
    /// A wrapper starting with `<` at `at`, before `head` (and whitespace), read into `out`
    /// when found.
    pub(super) fn wrapped(
        &self,
        bytes: &[u8],
        at: usize,
        head: Head,
        eof: bool,
        out: &mut Candidate,
    ) -> Attempt {
        if head.colon - at >= HEAD {
            return Attempt::No;
        }
        let (wrapper, content_start) = if head.prefix {
            (Wrapper::Url, head.colon + 1)
        } else {
            (Wrapper::Angle, head.name)
        };
        // The content is looked at up to the limit: its `>`, or what leaves it unclosed
        // (another `<`, a blank line). memchr jumps between the three bytes that decide.
        let window_end = bytes
            .len()
            .min(content_start.saturating_add(self.max_len).saturating_add(1));
        // Most wrappers hold one piece, closed by `>` before any whitespace or `<`: one
        // look at the content's words finds it.
        let content = &bytes[content_start..window_end];
        let close = content_start + first_close_or_space(content);
        if close < window_end && bytes[close] == b'>' {
            out.reset(at);
            if close > content_start {
                out.pieces.push((content_start, close));
            }
            out.end = close + 1;
            out.wrapper = wrapper;
            out.prefixed = wrapper == Wrapper::Url;
            return Attempt::Found(close + 1);
        }
        let mut close = None;
        let mut i = content_start;
        loop {
            let Some(offset) = memchr::memchr3(b'>', b'<', b'\n', &bytes[i..window_end]) else {
                i = window_end;
                break;
            };
            i += offset;
            match bytes[i] {
                b'>' => {
                    close = Some(i);
                    break;
                }
                b'<' => break,
                _ if blank_line_follows(bytes, i + 1) => break,
                _ => i += 1,
            }
        }
        let Some(close) = close else {
            if !eof && i >= bytes.len() {
                return Attempt::NeedMore;
            }
            // Unclosed: read what follows the wrapper's head as a bare URL.
            let url_start = skip_whitespace(bytes, content_start).min(i);
            let prefixed = wrapper == Wrapper::Url;
            return self.bare_after_head(
                bytes,
                at,
                url_start,
                eof,
                (Wrapper::Unclosed, prefixed),
                out,
            );
        };
        out.reset(at);
        self.join_lines(bytes, content_start, close, out);
        out.end = close + 1;
        out.wrapper = wrapper;
        out.prefixed = wrapper == Wrapper::Url;
        Attempt::Found(close + 1)
    }

    /// The text `bytes[from..to]` without its whitespace (and, with line numbers, without
    /// the number starting each continued line): the pieces kept and the offsets, in the
    /// joined text, of hyphens written at line breaks, pushed onto `out`'s (empty) lists.
    fn join_lines(&self, bytes: &[u8], from: usize, to: usize, out: &mut Candidate) {
        let Candidate {
            pieces, hyphens, ..
        } = out;
        let mut joined = 0;
        let mut i = from;
        while i < to {
            let piece_end = next_space(bytes, i, to);
            if piece_end > i {
                pieces.push((i, piece_end));
                joined += piece_end - i;
            }
            // A closed wrapper: every byte up to `to` is at hand.
            let space_end = self.skip_break(bytes, piece_end, to, true).unwrap_or(to);
            let has_break = line_breaks(&bytes[piece_end..space_end]) > 0;
            if has_break && piece_end > i && bytes[piece_end - 1] == b'-' && space_end < to {
                hyphens.push(joined - 1);
            }
            i = space_end;
        }
    }

    /// The end of the whitespace starting at `from` (not past `to`), with the line numbers
    /// that start lines inside it when the text has them; `None` when the bytes are not
    /// `complete` and the answer depends on bytes past `to` (a stream reads on).
    fn skip_break(&self, bytes: &[u8], from: usize, to: usize, complete: bool) -> Option<usize> {
        let mut i = from;
        loop {
            while i < to && space_len(bytes, i) > 0 {
                i += space_len(bytes, i);
            }
            // Whitespace (a no-break space is two bytes) or a line number may go on past
            // the bytes at hand: a stream must read on before deciding.
            if !complete && i + 1 >= to {
                return None;
            }
            if !self.line_numbers || i == from || !bytes[from..i].contains(&b'\n') {
                return Some(i);
            }
            // "1207." and whitespace, at the start of a line.
            let digits = bytes[i..to]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let number_end = i + digits;
            if !complete && number_end + 2 >= to {
                return None;
            }
            if digits == 0
                || bytes.get(number_end) != Some(&b'.')
                || number_end + 1 >= to
                || space_len(bytes, number_end + 1) == 0
            {
                return Some(i);
            }
            i = number_end + 1;
        }
    }

    /// A bare URL starting with a letter at `head.name`: `[URL:] scheme ":" ...`, read into
    /// `out` when found.
    pub(super) fn bare_at(
        &self,
        bytes: &[u8],
        head: Head,
        eof: bool,
        out: &mut Candidate,
    ) -> Attempt {
        let (at, name_end) = (head.name, head.colon);
        let (prefixed, url_start) = if head.prefix {
            let scheme_end = scheme_run_end(bytes, name_end + 1);
            if scheme_end - at >= HEAD
                || bytes.get(scheme_end) != Some(&b':')
                || !is_known_scheme(&bytes[name_end + 1..scheme_end])
            {
                return Attempt::Skip(name_end + 1);
            }
            (true, name_end + 1)
        } else {
            (false, at)
        };
        self.bare_after_head(bytes, at, url_start, eof, (Wrapper::Bare, prefixed), out)
    }

    /// The bare URL at `url_start`, found as written from `at` (its head: `<URL:`, `<`,
    /// `URL:` or nothing; `written`, the wrapper and whether `URL:` is there), read into
    /// `out`.
    fn bare_after_head(
        &self,
        bytes: &[u8],
        at: usize,
        url_start: usize,
        eof: bool,
        written: (Wrapper, bool),
        out: &mut Candidate,
    ) -> Attempt {
        match self.bare_run(bytes, url_start, eof, out) {
            BareRun::NeedMore => Attempt::NeedMore,
            BareRun::Nothing(to) => Attempt::Skip(to.max(at + 1)),
            BareRun::Found { resume } => {
                out.start = at;
                (out.wrapper, out.prefixed) = written;
                Attempt::Found(resume)
            }
        }
    }

    /// The bare URL starting at `from` (at its scheme): its runs up to whitespace, joined
    /// at hyphen line breaks, without trailing punctuation, read into `out` (its start, its
    /// wrapper and prefix are the caller's to set).
    fn bare_run(&self, bytes: &[u8], from: usize, eof: bool, out: &mut Candidate) -> BareRun {
        let limit = self.max_len;
        out.reset(from);
        let Candidate {
            pieces, hyphens, ..
        } = out;
        let mut joined = 0;
        let mut i = from;
        let mut truncated = false;
        loop {
            let room = limit - joined;
            let window = &bytes[i..bytes.len().min(i.saturating_add(room).saturating_add(1))];
            let run = run_len(window);
            let run_end = i + run;
            if run_end == bytes.len() && !eof && run <= room {
                return BareRun::NeedMore;
            }
            if run > room {
                pieces.push((i, i + room));
                truncated = true;
                break;
            }
            pieces.push((i, run_end));
            joined += run;
            // A hyphen right before a line break: the URL goes on after the break.
            let breaks_here = run > 0
                && bytes[run_end - 1] == b'-'
                && matches!(bytes.get(run_end), Some(b'\n' | b'\r'));
            if !breaks_here {
                break;
            }
            // The whitespace (and line number) before the next line's text, looked at
            // within a bound so that a stream of whitespace is not held.
            let bound = (run_end + BREAK).min(bytes.len());
            let complete = eof || run_end + BREAK < bytes.len();
            let Some(next) = self.skip_break(bytes, run_end, bound, complete) else {
                return BareRun::NeedMore;
            };
            if next >= bound || ends_run(bytes[next]) || line_breaks(&bytes[run_end..next]) > 1 {
                break;
            }
            hyphens.push(joined - 1);
            i = next;
        }
        let Some(&(_, last_end)) = pieces.last() else {
            return BareRun::Nothing(from + 1);
        };
        let resume = last_end;
        let first_end = pieces[0].1;
        if !truncated {
            trim_trailing_punctuation(bytes, pieces);
            // Hyphens past the trimmed end are gone with it.
            let kept: usize = pieces.iter().map(|&(s, e)| e - s).sum();
            hyphens.retain(|&h| h < kept);
        }
        let last = pieces.last().map_or(from, |&(_, end)| end);
        // Something other than slashes must follow "scheme:" ("http://" names a scheme).
        let first = pieces.first().copied().unwrap_or((from, from));
        let colon = bytes[first.0..first.1].iter().position(|&b| b == b':');
        let only_scheme = colon.is_none_or(|c| {
            let after = &bytes[first.0 + c + 1..first.1];
            pieces.len() == 1 && after.iter().all(|&b| b == b'/')
        });
        if only_scheme {
            // No start is in the first piece (it has no colon, or only slashes after its
            // one), unless it was cut at the limit, before a colon; one may be on the lines
            // a hyphen joined to it.
            let past = if truncated { from } else { first_end };
            return BareRun::Nothing(past.max(from + 1));
        }
        out.end = last;
        out.truncated = truncated;
        BareRun::Found {
            resume: if truncated { last } else { resume },
        }
    }
}

/// What a candidate start turned out to be.
pub(super) enum Attempt {
    /// Not a URL: go on at the next byte.
    No,
    /// Not a URL, and nothing can start before this offset.
    Skip(usize),
    /// More bytes are needed to decide.
    NeedMore,
    /// A finding, read into the candidate given; the search resumes at the offset (for one
    /// cut at the limit, where it was cut).
    Found(usize),
}

/// What [`Extractor::bare_run`] read.
enum BareRun {
    NeedMore,
    Nothing(usize),
    Found { resume: usize },
}

/// Takes off a bare URL's end what the sentence around it put there.
fn trim_trailing_punctuation(bytes: &[u8], pieces: &mut Pieces) {
    // Opening and closing brackets in the URL, [(, ), [, ], {, }]: counted when a closing
    // one is first at the end (most URLs end without one), then kept as the end is taken
    // off. Only `.,;:!?'` is taken off before that, so the count is the whole URL's.
    let mut counts: Option<[usize; 6]> = None;
    while let Some(&(start, end)) = pieces.last() {
        if start == end {
            pieces.pop();
            continue;
        }
        let last = bytes[end - 1];
        let trim = match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' => true,
            b')' | b']' | b'}' => {
                let counts = counts.get_or_insert_with(|| count_brackets(bytes, pieces));
                match last {
                    b')' => counts[1] > counts[0],
                    b']' => counts[3] > counts[2],
                    _ => counts[5] > counts[4],
                }
            }
            _ => false,
        };
        if !trim {
            break;
        }
        if let (Some(counts), Some(i)) = (&mut counts, b"()[]{}".iter().position(|&p| p == last)) {
            counts[i] -= 1;
        }
        if let Some(piece) = pieces.last_mut() {
            piece.1 -= 1;
        }
    }
}

/// The opening and closing brackets in `pieces`: [(, ), [, ], {, }].
fn count_brackets(bytes: &[u8], pieces: &[(usize, usize)]) -> [usize; 6] {
    let mut counts = [0usize; 6];
    for &(start, end) in pieces {
        for &b in &bytes[start..end] {
            if let Some(i) = b"()[]{}".iter().position(|&p| p == b) {
                counts[i] += 1;
            }
        }
    }
    counts
}

/// The length of the whitespace character at `at`, 0 when there is none: ASCII whitespace
/// (space, tab, line feed, vertical tab, form feed, return) or a no-break space (U+00A0,
/// which text converted from print or HTML puts between words).
fn space_len(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at..) {
        Some([b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r', ..]) => 1,
        Some([0xC2, 0xA0, ..]) => 2,
        _ => 0,
    }
}

/// What ends a bare URL: whitespace, a control character, non-ASCII, `<`, `>`, `"`.
#[inline]
pub(super) fn ends_run(b: u8) -> bool {
    ENDS_RUN[usize::from(b)]
}

/// [`ends_run`] of each byte, one look-up.
const ENDS_RUN: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte <= b' ' || byte >= 0x7f || matches!(byte, b'<' | b'>' | b'"');
        b += 1;
    }
    table
};

/// The length of the bare run at the start of `bytes`: up to the first byte that
/// [`ends_run`].
fn run_len(bytes: &[u8]) -> usize {
    first_where(
        bytes,
        |word| {
            // Below `!`, from 0x7f (0x80 and up: the top bit), `<`, `>`, `"`.
            let angle = word ^ (ONES * 0x3c);
            let angle = angle & !(ONES * 0x02);
            bytes_below(word, 0x21)
                | (word & HIGHS)
                | equal_bytes(word, 0x7f)
                | (angle.wrapping_sub(ONES) & !angle & HIGHS)
                | equal_bytes(word, b'"')
        },
        ends_run,
    )
}

/// Where the first `>`, `<`, byte below `!` or 0xC2 (the first byte of a no-break space) in
/// `bytes` is, `bytes.len()` when there is none: a wrapper's content up to its `>` when it
/// holds no whitespace, or where it may (a control character, or a 0xC2 in another
/// character, is no whitespace: the content is then read byte by byte).
fn first_close_or_space(bytes: &[u8]) -> usize {
    first_where(
        bytes,
        |word| {
            // `<` (0x3c) and `>` (0x3e) differ only by the bit 0x02.
            let angle = word ^ (ONES * 0x3c);
            let angle = angle & !(ONES * 0x02);
            bytes_below(word, 0x21)
                | (angle.wrapping_sub(ONES) & !angle & HIGHS)
                | equal_bytes(word, 0xC2)
        },
        |b| matches!(b, b'<' | b'>' | 0xC2) || b < 0x21,
    )
}

/// Where the first whitespace character ([`space_len`]) in `bytes[from..to]` starts; `to`
/// when there is none. Eight bytes are looked at a time: a word with no byte below `!`
/// and none equal to 0xC2 holds no start of whitespace (most of a URL), and only a word
/// that may is looked at byte by byte.
fn next_space(bytes: &[u8], from: usize, to: usize) -> usize {
    let mut at = from;
    while at < to {
        if let Some(word) = bytes.get(at..at + 8).filter(|_| at + 8 <= to) {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            // A byte below 0x21 (with its top bit clear), or a byte equal to 0xC2: each
            // test sets the top bit of some byte exactly when one is there.
            if bytes_below(word, 0x21) | equal_bytes(word, 0xC2) == 0 {
                at += 8;
                continue;
            }
        }
        let end = to.min(at + 8);
        while at < end {
            if MAY_START_SPACE[usize::from(bytes[at])] && space_len(bytes, at) > 0 {
                return at;
            }
            at += 1;
        }
    }
    to
}

/// The bytes whitespace can start with ([`space_len`]): ASCII whitespace, and 0xC2, the
/// first of a no-break space's two.
const MAY_START_SPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(
            b as u8,
            b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | 0xC2
        );
        b += 1;
    }
    table
};

pub(super) fn skip_whitespace(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while space_len(bytes, at) > 0 {
        at += space_len(bytes, at);
    }
    at
}

/// The line breaks in `space`: line feeds, and returns not followed by a line feed.
fn line_breaks(space: &[u8]) -> usize {
    space
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && space.get(i + 1) != Some(&b'\n')))
        .count()
}

/// Whether the line starting at `from` is blank (only spaces, tabs and a return).
fn blank_line_follows(bytes: &[u8], from: usize) -> bool {
    let rest = &bytes[from.min(bytes.len())..];
    let blank = rest
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
        .count();
    rest.get(blank) == Some(&b'\n')
}

/// A scheme this crate knows (not generic), in any case.
pub(super) fn is_known_scheme(name: &[u8]) -> bool {
    UrlKind::named(name).is_some_and(|kind| kind != UrlKind::Generic)
}

/// What closes a start at a colon: the name before it, `URL` or a known scheme (a whole run
/// of scheme characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Head {
    /// Where the name starts.
    pub(super) name: usize,
    /// The colon after it.
    pub(super) colon: usize,
    /// The name is `URL` (else a known scheme).
    pub(super) prefix: bool,
}

/// The names a start's head can end with before its colon: each known scheme (generic's
/// place holds `URL`) as its key (the name in lower case, a byte a letter, the first byte
/// lowest), the bits that make a letter lower case, and its length.
const NAMES: [(u64, u64, usize); UrlKind::ALL.len()] = {
    let mut names = [(0, 0, 0); UrlKind::ALL.len()];
    let mut i = 0;
    while i < UrlKind::ALL.len() {
        let name = match UrlKind::ALL[i] {
            UrlKind::Generic => b"url".as_slice(),
            kind => kind.name().as_bytes(),
        };
        assert!(name.len() >= 3 && name.len() <= 8);
        let (mut key, mut case) = (0, 0);
        let mut j = 0;
        while j < name.len() {
            assert!(name[j].is_ascii_lowercase() || name[j].is_ascii_digit());
            key |= (name[j] as u64) << (8 * j);
            if name[j].is_ascii_lowercase() {
                case |= 0x20 << (8 * j);
            }
            j += 1;
        }
        names[i] = (key, case, name.len());
        i += 1;
    }
    names
};

/// For each byte, the names of [`NAMES`] (as bits) that end with it, in any case.
const NAMES_BY_LAST: [u32; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < NAMES.len() {
        let (key, _, len) = NAMES[i];
        let last = (key >> (8 * (len - 1))) as u8;
        table[last as usize] |= 1 << i;
        table[last.to_ascii_uppercase() as usize] |= 1 << i;
        i += 1;
    }
    table
};

/// The name that ends at `colon` when it is `URL` or a known scheme, in any case, and the
/// whole run of scheme characters before the colon (the byte before it is none, or not a
/// scheme character): the eight bytes before the colon compared as a word with the few
/// names that end with the byte before it.
pub(super) fn name_before(bytes: &[u8], colon: usize) -> Option<Head> {
    let head = name_before_by_word(bytes, colon);
    debug_assert_eq!(head, name_before_by_run(bytes, colon), "at {colon}");
    head
}

fn name_before_by_word(bytes: &[u8], colon: usize) -> Option<Head> {
    let last = *bytes.get(colon.checked_sub(1)?)?;
    let mut names = NAMES_BY_LAST[usize::from(last)];
    if names == 0 {
        return None;
    }
    // The eight bytes before the colon, the nearest highest (zeros before the text).
    let word = match colon.checked_sub(8) {
        Some(from) => u64::from_le_bytes(bytes[from..colon].try_into().expect("eight bytes")),
        None => {
            let mut word = [0; 8];
            word[8 - colon..].copy_from_slice(&bytes[..colon]);
            u64::from_le_bytes(word)
        }
    };
    while names != 0 {
        let i = names.trailing_zeros() as usize;
        names &= names - 1;
        let (key, case, len) = NAMES[i];
        if len > colon || (word >> (64 - 8 * len)) | case != key {
            continue;
        }
        let name = colon - len;
        if name > 0 && is_scheme_char(bytes[name - 1]) {
            // A longer run: no name (none ends another).
            return None;
        }
        return Some(Head {
            name,
            colon,
            prefix: UrlKind::ALL[i] == UrlKind::Generic,
        });
    }
    None
}

/// [`name_before`] by its definition, for the debug builds' check: the run of scheme
/// characters before the colon (a name longer than the longest known one is none of
/// them), looked up by its name.
fn name_before_by_run(bytes: &[u8], colon: usize) -> Option<Head> {
    let floor = colon.saturating_sub(crate::vocabulary::kind::LONGEST_NAME + 1);
    let name = scheme_run_start(bytes, colon, floor);
    let run = &bytes[name..colon];
    let prefix = run.eq_ignore_ascii_case(b"URL");
    (prefix || is_known_scheme(run)).then_some(Head {
        name,
        colon,
        prefix,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_whitespace_is_found_eight_bytes_at_a_time_as_one_at_a_time() {
        // Every byte, no-break spaces and lone 0xC2s, at every offset around the words.
        let mut bytes: Vec<u8> = (0..=u8::MAX).collect();
        bytes.extend_from_slice(b"abcdefgh\xc2\xa0ijklmnop\xc2xyz0123456789 ABCDEFGHIJKLMNOP\xc2");
        let twice = bytes.repeat(2);
        for from in 0..twice.len() {
            for to in from..(from + 40).min(twice.len()) {
                let one_at_a_time = (from..to)
                    .find(|&at| space_len(&twice, at) > 0)
                    .unwrap_or(to);
                assert_eq!(next_space(&twice, from, to), one_at_a_time, "{from} {to}");
            }
        }
    }

    #[test]
    fn runs_and_wrapper_contents_end_eight_bytes_at_a_time_as_one_at_a_time() {
        // Every byte at every offset of the words, among bytes that end nothing.
        let mut bytes: Vec<u8> = (0..=u8::MAX).collect();
        bytes.extend_from_slice(b"abcdefgh\xc2\xa0ijklmnopqrstuvwxyz0123456789-._~/?#");
        let twice = bytes.repeat(2);
        for from in 0..twice.len() {
            for to in from..(from + 40).min(twice.len()) {
                let bytes = &twice[from..to];
                let run = bytes
                    .iter()
                    .position(|&b| ends_run(b))
                    .unwrap_or(bytes.len());
                assert_eq!(run_len(bytes), run, "{from} {to}");
                let close = bytes
                    .iter()
                    .position(|&b| matches!(b, b'<' | b'>' | 0xC2) || b < 0x21)
                    .unwrap_or(bytes.len());
                assert_eq!(first_close_or_space(bytes), close, "{from} {to}");
            }
        }
        // Each byte that ends them after every length of a run that does not.
        for len in 0..40 {
            for b in 0..=u8::MAX {
                let text = [b"a".repeat(len).as_slice(), &[b], b"a"].concat();
                let ends = if ends_run(b) { len } else { text.len() };
                assert_eq!(run_len(&text), ends, "{len} {b:#x}");
                let closes = if matches!(b, b'<' | b'>' | 0xC2) || b < 0x21 {
                    len
                } else {
                    text.len()
                };
                assert_eq!(first_close_or_space(&text), closes, "{len} {b:#x}");
            }
        }
    }

    #[test]
    fn the_name_before_a_colon_is_found_by_its_word_as_by_its_run() {
        let mut names: Vec<Vec<u8>> = UrlKind::ALL
            .iter()
            .map(|kind| kind.name().as_bytes().to_vec())
            .chain([
                b"url".to_vec(),
                b"URL".to_vec(),
                b"HtTp".to_vec(),
                b"TN3270".to_vec(),
            ])
            .collect();
        // Near misses: a byte that becomes a letter or digit by its case bit, longer runs,
        // other scheme characters before.
        names.extend([
            b"tn\x13270".to_vec(),
            b"xhttp".to_vec(),
            b"x-ftp".to_vec(),
            b"a.news".to_vec(),
            b"_file".to_vec(),
            b"@mid".to_vec(),
            b"prosperoo".to_vec(),
            b"\xc8ttp".to_vec(),
            b"ur".to_vec(),
            b"".to_vec(),
        ]);
        for name in &names {
            for before in [
                &b""[..],
                b" ",
                b"<",
                b"a",
                b"9",
                b"+",
                b"\xff",
                b"0123456789 ",
            ] {
                let text = [before, name.as_slice(), b":x"].concat();
                let colon = before.len() + name.len();
                assert_eq!(
                    name_before_by_word(&text, colon),
                    name_before_by_run(&text, colon),
                    "{:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
        // Every pair of bytes before a colon, after each prefix of a name.
        for name in UrlKind::ALL.iter().map(|kind| kind.name()).chain(["url"]) {
            for cut in 0..name.len() {
                for first in 0..=u8::MAX {
                    for second in [b'p', b'P', b'l', b'0', b'n', b'D', first] {
                        let text = [&name.as_bytes()[..cut], &[first, second], b":"].concat();
                        let colon = text.len() - 1;
                        assert_eq!(
                            name_before_by_word(&text, colon),
                            name_before_by_run(&text, colon),
                            "{text:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_tables_are_the_byte_classes() {
        for b in 0..=u8::MAX {
            assert_eq!(
                ends_run(b),
                b <= b' ' || b >= 0x7f || matches!(b, b'<' | b'>' | b'"'),
                "{b:#x}"
            );
            assert_eq!(
                MAY_START_SPACE[usize::from(b)],
                space_len(&[b, 0xA0], 0) > 0,
                "{b:#x}"
            );
        }
    }
}
