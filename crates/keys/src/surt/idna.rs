//! `host.decode('utf-8', 'ignore').encode('idna')`, the step of surt's
//! `GoogleURLCanonicalizer.canonicalize` for a host outside ASCII: CPython's IDNA 2003
//! codec (`encodings/idna.py`: `Codec.encode`, `ToASCII`, `nameprep`, and
//! `encodings/punycode.py`), with the Unicode 3.2 data of [`super::idna_tables`].
//!
//! Nameprep maps each character (table B.1 to nothing, B.2's case folding), normalizes
//! the label (NFKC), then refuses prohibited characters (tables C) and mixed directions
//! (D.1, D.2). Here NFKC is reproduced where it is each character's own result put end
//! to end: for starters that no composition takes as a second part (most letters of
//! most scripts, CJK, Hangul syllables, symbols, characters unassigned in Unicode 3.2)
//! and for marks that never compose (viramas, Thai tones, Hebrew and Arabic points),
//! which are only put in order. A label with any other character (a mark that composes,
//! such as U+0301, Hangul vowels and finals, the compatibility forms the tables leave
//! out) is not guessed: [`encode`] refuses the host with an error, unless another label
//! is sure to fail the codec (then surt keeps the host as written, and so does this).

use super::idna_tables::{L_LIMIT, MAP, NON_PLAIN, PLAIN_LIMIT, PROPS};
use super::{bytes_repr, SurtError};

/// What nameprep makes of one code point (a range of [`MAP`]; none: itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Map {
    /// Not reproduced.
    Refuse,
    /// Table B.1: removed.
    Nothing,
    /// One character, this far away.
    Delta(i32),
    /// The first of each pair of the range (upper case) to the next, the second kept.
    Alternate,
    /// These characters.
    Text(&'static str),
    /// A mark of this combining class that never composes.
    Mark(u8),
}

/// What the checks of nameprep see in a character of the mapped label (none: neither).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Prop {
    /// Tables C.1.2 to C.9.
    Prohibited,
    /// Table D.1 (RandALCat).
    RandAl,
    /// Table D.2 (LCat).
    L,
}

/// What `ToASCII` gives for one label.
#[derive(Debug, PartialEq, Eq)]
enum Label {
    Ascii(Vec<u8>),
    /// `UnicodeError`.
    Fails,
    /// Not reproduced.
    Unknown,
}

/// `host.decode('utf-8', 'ignore').encode('idna')` where surt catches the `UnicodeError`
/// (a `ValueError`) and keeps the host as it was: `Codec.encode` of `encodings/idna.py`.
pub(super) fn encode(host: &[u8]) -> Result<Vec<u8>, SurtError> {
    let decoded: String = host.utf8_chunks().map(|chunk| chunk.valid()).collect();
    if decoded.is_empty() {
        return Ok(Vec::new());
    }
    if decoded.is_ascii() {
        // The ASCII fast path: only the labels' lengths are checked.
        let labels: Vec<&str> = decoded.split('.').collect();
        let (last, others) = labels.split_last().expect("split gives one label at least");
        let fits = others.iter().all(|label| (1..64).contains(&label.len())) && last.len() < 64;
        return Ok(if fits {
            decoded.into_bytes()
        } else {
            host.to_vec()
        });
    }
    let mut labels: Vec<&str> = decoded
        .split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
        .collect();
    let trailing_dot = labels.last().is_some_and(|label| label.is_empty());
    if trailing_dot {
        labels.pop();
    }
    let mut out = Vec::with_capacity(host.len() + 8);
    let mut unknown = false;
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        // Any label that fails makes the codec fail, whichever comes first.
        match to_ascii(label) {
            Label::Ascii(ascii) => out.extend_from_slice(&ascii),
            Label::Fails => return Ok(host.to_vec()),
            Label::Unknown => unknown = true,
        }
    }
    if unknown {
        return Err(SurtError::new(format!(
            "not reproduced: a host outside ASCII ({}), which surt turns into IDNA 2003 \
             (a character whose nameprep this crate leaves out)",
            bytes_repr(host)
        )));
    }
    if trailing_dot {
        out.push(b'.');
    }
    Ok(out)
}

/// `ToASCII` of `encodings/idna.py` (`AllowUnassigned`, no STD3 rules).
fn to_ascii(label: &str) -> Label {
    if label.is_ascii() {
        return ascii_label(label.as_bytes().to_vec());
    }
    let prepared = match nameprep(label) {
        Ok(prepared) => prepared,
        Err(failure) => return failure,
    };
    if prepared.is_ascii() {
        return ascii_label(prepared.into_bytes());
    }
    if prepared.starts_with("xn--") {
        return Label::Fails;
    }
    // Punycode gives a byte at least for each character: 60 are too many already (and
    // the arithmetic below stays small).
    if prepared.chars().count() >= 60 {
        return Label::Fails;
    }
    let mut encoded = b"xn--".to_vec();
    encoded.extend_from_slice(punycode(&prepared).as_bytes());
    ascii_label(encoded)
}

/// Step 8 of `ToASCII`: `0 < len(label) < 64`.
fn ascii_label(label: Vec<u8>) -> Label {
    if (1..64).contains(&label.len()) {
        Label::Ascii(label)
    } else {
        Label::Fails
    }
}

/// The range of `table` that holds `cp`, with its start.
fn find<T: Copy>(table: &[(u32, u32, T)], cp: u32) -> Option<(u32, T)> {
    let at = table.partition_point(|&(start, _, _)| start <= cp);
    let &(start, end, value) = table.get(at.checked_sub(1)?)?;
    (cp <= end).then_some((start, value))
}

/// Whether the mapping of a starter decomposes (see [`NON_PLAIN`]).
fn non_plain(cp: u32) -> bool {
    if cp >= PLAIN_LIMIT {
        return true;
    }
    let at = NON_PLAIN.partition_point(|&(start, _)| start <= cp);
    at > 0 && cp <= NON_PLAIN[at - 1].1
}

/// `nameprep` of `encodings/idna.py`: map, normalize (NFKC), prohibit, check bidi. The
/// label's text, or how it ends ([`Label::Fails`], [`Label::Unknown`]).
fn nameprep(label: &str) -> Result<String, Label> {
    // Each character with its combining class (0 for all but free marks).
    let mut mapped: Vec<(char, u8)> = Vec::with_capacity(label.len());
    let (mut marks, mut decomposes) = (false, false);
    for c in label.chars() {
        let cp = u32::from(c);
        let (start, map) = find(MAP, cp).unwrap_or((cp, Map::Delta(0)));
        let one = |to: Option<u32>| to.and_then(char::from_u32).ok_or(Label::Unknown);
        match map {
            Map::Refuse => return Err(Label::Unknown),
            Map::Nothing => continue,
            Map::Mark(class) => {
                marks = true;
                mapped.push((c, class));
                continue;
            }
            Map::Delta(delta) => mapped.push((one(cp.checked_add_signed(delta))?, 0)),
            Map::Alternate => mapped.push((one(Some(cp + 1 - (cp - start) % 2))?, 0)),
            Map::Text(text) => mapped.extend(text.chars().map(|c| (c, 0))),
        }
        decomposes |= non_plain(cp);
    }
    if marks {
        // With plain starters only, NFKC composes nothing: it puts each run of marks in
        // the order of their classes (a stable sort).
        if decomposes {
            return Err(Label::Unknown);
        }
        let mut i = 0;
        while i < mapped.len() {
            let run = mapped[i..]
                .iter()
                .take_while(|(_, class)| *class > 0)
                .count();
            mapped[i..i + run].sort_by_key(|&(_, class)| class);
            i += run.max(1);
        }
    }
    let props: Vec<Option<Prop>> = mapped
        .iter()
        .map(|&(c, _)| find(PROPS, u32::from(c)).map(|(_, prop)| prop))
        .collect();
    if props.contains(&Some(Prop::Prohibited)) {
        return Err(Label::Fails);
    }
    if props.contains(&Some(Prop::RandAl)) {
        // "Violation of BIDI requirement 2" and 3.
        let ends = [props.first(), props.last()];
        if props.contains(&Some(Prop::L))
            || ends.iter().any(|end| *end != Some(&Some(Prop::RandAl)))
        {
            return Err(Label::Fails);
        }
        let unknown_l = mapped
            .iter()
            .zip(&props)
            .any(|(&(c, _), prop)| u32::from(c) >= L_LIMIT && prop.is_none());
        if unknown_l {
            return Err(Label::Unknown);
        }
    }
    Ok(mapped.into_iter().map(|(c, _)| c).collect())
}

/// Punycode (RFC 3492, `encodings/punycode.py`): the label's ASCII, `-`, then the deltas
/// of the others.
fn punycode(label: &str) -> String {
    const BASE: u32 = 36;
    const TMIN: u32 = 1;
    const TMAX: u32 = 26;
    fn adapt(delta: u32, points: u32, first: bool) -> u32 {
        let mut delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - TMIN) * TMAX) / 2 {
            delta /= BASE - TMIN;
            k += BASE;
        }
        k + (BASE - TMIN + 1) * delta / (delta + 38)
    }
    fn digit(d: u32) -> char {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    }
    let points: Vec<u32> = label.chars().map(u32::from).collect();
    let mut out: String = label.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u32;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (128u32, 0u32, 72u32, basic);
    while (handled as usize) < points.len() {
        let m = points
            .iter()
            .copied()
            .filter(|&p| p >= n)
            .min()
            .unwrap_or(n);
        delta += (m - n) * (handled + 1);
        n = m;
        for &p in &points {
            if p < n {
                delta += 1;
            }
            if p == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        TMIN
                    } else if k >= bias + TMAX {
                        TMAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{encode, to_ascii, Label};

    /// Each pair: a host and what `host.encode('idna')` gives on CPython 3.11 (run for
    /// these tests).
    #[test]
    fn labels_as_the_codec_encodes_them() {
        for (host, expected) in [
            ("b\u{fc}cher.de", "xn--bcher-kva.de"),
            ("Stra\u{df}e.de", "strasse.de"),
            ("\u{2603}.net", "xn--n3h.net"),
            ("\u{915}\u{94d}\u{937}.in", "xn--11b2ezc.in"),
            ("\u{e44}\u{e17}\u{e22}.th", "xn--o3cw4h.th"),
            ("\u{5e9}\u{5dc}\u{5d5}\u{5dd}.il", "xn--9dbne9b.il"),
            (
                "\u{41f}\u{420}\u{418}\u{41c}\u{415}\u{420}.\u{440}\u{444}",
                "xn--e1afmkfd.xn--p1ai",
            ),
            (
                "\u{4f8b}\u{3002}\u{30c6}\u{30b9}\u{30c8}",
                "xn--fsq.xn--zckzah",
            ),
            ("\u{ff21}\u{ff22}\u{e9}", "xn--ab-cja"),
            ("a\u{ad}\u{e9}.", "xn--a-bga."),
        ] {
            assert_eq!(
                encode(host.as_bytes()),
                Ok(expected.as_bytes().to_vec()),
                "{host:?}"
            );
        }
    }

    /// Labels the codec refuses with a `UnicodeError` (surt then keeps the host).
    #[test]
    fn labels_the_codec_refuses() {
        for label in [
            "\u{e000}x\u{e9}",    // private use (table C.3)
            "\u{5d0}a",           // RandALCat with LCat
            "\u{5d0}1",           // RandALCat not last
            "xn--\u{e9}",         // "xn--" after nameprep
            "\u{ad}",             // nothing left
            &"\u{e9}".repeat(60), // too long
        ] {
            assert_eq!(to_ascii(label), Label::Fails, "{label:?}");
        }
        assert_eq!(
            encode("\u{e000}.x".as_bytes()),
            Ok("\u{e000}.x".as_bytes().to_vec())
        );
        // U+0301 composes: not reproduced, unless another label fails anyway.
        assert!(encode("e\u{301}.de".as_bytes()).is_err());
        let fails = "e\u{301}.\u{e000}";
        assert_eq!(encode(fails.as_bytes()), Ok(fails.as_bytes().to_vec()));
    }
}
