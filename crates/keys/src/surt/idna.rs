//! `host.decode('utf-8', 'ignore').encode('idna')`, the step of surt's
//! `GoogleURLCanonicalizer.canonicalize` for a host outside ASCII: CPython's IDNA 2003
//! codec (`encodings/idna.py`: `Codec.encode`, `ToASCII`, `nameprep`, and
//! `encodings/punycode.py`), with the Unicode data of [`super::idna_tables`].
//!
//! Nameprep maps each character (table B.1 to nothing, B.2's case folding), normalizes
//! the label (NFKC, as `unicodedata.ucd_3_2_0` does it: Unicode 3.2's decompositions and
//! compositions, canonical ordering by the classes of CPython's own database), then
//! refuses prohibited characters (tables C) and mixed directions (D.1, D.2).

use super::idna_tables::{COMBINING, COMPOSITION, DECOMPOSITION, MAPPING, PROPS};
use super::SurtError;

/// What the checks of nameprep see in a character of the normalized label (none:
/// neither).
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
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        match to_ascii(label) {
            Label::Ascii(ascii) => out.extend_from_slice(&ascii),
            Label::Fails => return Ok(host.to_vec()),
        }
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
    let Some(prepared) = nameprep(label) else {
        return Label::Fails;
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

/// The value of the range of `table` that holds `cp`.
fn find<T: Copy>(table: &[(u32, u32, T)], cp: u32) -> Option<T> {
    let at = table.partition_point(|&(start, _, _)| start <= cp);
    let &(_, end, value) = table.get(at.checked_sub(1)?)?;
    (cp <= end).then_some(value)
}

/// The text `table` gives `cp`, if it lists it.
fn lookup(table: &'static [(u32, &'static str)], cp: u32) -> Option<&'static str> {
    table
        .binary_search_by_key(&cp, |&(listed, _)| listed)
        .ok()
        .map(|at| table[at].1)
}

/// The combining class canonical ordering sorts `cp` by.
fn class(cp: u32) -> u8 {
    find(COMBINING, cp).unwrap_or(0)
}

/// Hangul's numbers (Unicode's conjoining jamo behaviour): syllables decompose and
/// compose by rule.
const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const S_COUNT: u32 = L_COUNT * V_COUNT * T_COUNT;

/// The canonical composition of `first` and `second`, if there is one.
fn compose(first: u32, second: u32) -> Option<u32> {
    if (L_BASE..L_BASE + L_COUNT).contains(&first) && (V_BASE..V_BASE + V_COUNT).contains(&second) {
        return Some(S_BASE + ((first - L_BASE) * V_COUNT + (second - V_BASE)) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&first)
        && (first - S_BASE).is_multiple_of(T_COUNT)
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&second)
    {
        return Some(first + (second - T_BASE));
    }
    COMPOSITION
        .binary_search_by_key(&(first, second), |&(a, b, _)| (a, b))
        .ok()
        .map(|at| COMPOSITION[at].2)
}

/// NFKC as `unicodedata.ucd_3_2_0.normalize("NFKC", text)` gives it: each character's
/// decomposition, each run of non-starters ordered by class, then each character
/// composed with the last starter where nothing between blocks it.
fn nfkc(text: &str) -> Vec<u32> {
    let mut chars: Vec<u32> = Vec::with_capacity(text.len());
    for c in text.chars() {
        let cp = u32::from(c);
        if (S_BASE..S_BASE + S_COUNT).contains(&cp) {
            let s = cp - S_BASE;
            chars.push(L_BASE + s / (V_COUNT * T_COUNT));
            chars.push(V_BASE + (s % (V_COUNT * T_COUNT)) / T_COUNT);
            if !s.is_multiple_of(T_COUNT) {
                chars.push(T_BASE + s % T_COUNT);
            }
            continue;
        }
        match lookup(DECOMPOSITION, cp) {
            Some(decomposed) => chars.extend(decomposed.chars().map(u32::from)),
            None => chars.push(cp),
        }
    }
    // Canonical ordering: each run of non-starters sorted by class, stably.
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|&&cp| class(cp) > 0).count();
        chars[i..i + run].sort_by_key(|&cp| class(cp));
        i += run.max(1);
    }
    // Canonical composition. `last`: the class of the character kept last after the
    // starter (none: the starter itself, which blocks nothing).
    let mut out: Vec<u32> = Vec::with_capacity(chars.len());
    let (mut starter, mut last): (Option<usize>, Option<u8>) = (None, None);
    for cp in chars {
        let cc = class(cp);
        let unblocked = starter.filter(|_| last.is_none_or(|last| last != 0 && last < cc));
        if let Some((at, composed)) =
            unblocked.and_then(|at| compose(out[at], cp).map(|composed| (at, composed)))
        {
            out[at] = composed;
            continue;
        }
        if cc == 0 {
            (starter, last) = (Some(out.len()), None);
        } else {
            last = Some(cc);
        }
        out.push(cp);
    }
    out
}

/// `nameprep` of `encodings/idna.py`: map, normalize (NFKC), prohibit, check bidi. The
/// label's text, or `None` where the codec raises.
fn nameprep(label: &str) -> Option<String> {
    let mut mapped = String::with_capacity(label.len());
    for c in label.chars() {
        match lookup(MAPPING, u32::from(c)) {
            Some(to) => mapped.push_str(to),
            None => mapped.push(c),
        }
    }
    let normal = nfkc(&mapped);
    let props: Vec<Option<Prop>> = normal.iter().map(|&cp| find(PROPS, cp)).collect();
    if props.contains(&Some(Prop::Prohibited)) {
        return None;
    }
    if props.contains(&Some(Prop::RandAl)) {
        // "Violation of BIDI requirement 2" and 3.
        let ends = [props.first(), props.last()];
        if props.contains(&Some(Prop::L))
            || ends.iter().any(|end| *end != Some(&Some(Prop::RandAl)))
        {
            return None;
        }
    }
    // Every code point of the tables and of the rules is a character.
    normal.into_iter().map(char::from_u32).collect()
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
        let fails = "e\u{301}.\u{e000}";
        assert_eq!(encode(fails.as_bytes()), Ok(fails.as_bytes().to_vec()));
    }
}
