#!/usr/bin/env python3
"""Writes crates/keys/src/surt/idna_tables.rs: the Unicode data with which
crates/keys/src/surt/idna.rs reproduces CPython's IDNA 2003 codec (encodings/idna.py:
nameprep, then punycode) for the hosts PyPI surt meets outside ASCII. Run it with the
CPython whose codec the key follows (3.11):

    python3 tools/keys/surt_idna_tables.py > crates/keys/src/surt/idna_tables.rs

The data comes from that Python itself, read as its codec reads it:

* MAPPING: stringprep's table B.1 (to nothing, written "") and B.2 (case folding), for
  each code point the mapping leaves other than itself;
* DECOMPOSITION: each code point's NFKD by `unicodedata.ucd_3_2_0` (the Unicode 3.2
  decompositions, none for a character unassigned in 3.2), where it is not the code point
  itself; Hangul syllables are decomposed by rule and not listed;
* COMBINING: the combining classes NFKC's canonical ordering sorts by. CPython's 3.2
  normalization sorts by its *current* database's classes (`unicodedata.combining`, not
  `ucd_3_2_0.combining`: U+0358, unassigned in 3.2, sorts as 232), so those are listed;
* COMPOSITION: the canonical pairs the 3.2 normalization composes: each two-character
  canonical decomposition (of the 3.2 or the current database) whose NFC by
  `ucd_3_2_0` is the character itself (exclusions and singletons fail that test);
  Hangul by rule;
* PROPS: tables C.1.2 to C.9 (prohibited), D.1 (RandALCat) and D.2 (LCat), by ranges.

Before writing, a Python model of the Rust code's NFKC is checked against
`ucd_3_2_0.normalize("NFKC", ...)` on every code point alone, every code point after each
of a few starters, and random strings of marks, jamo and composable letters, and the
model's nameprep and ToASCII against the codec's on random labels; the script stops on
any difference.
"""

import bisect
import random
import stringprep
import sys
import unicodedata
from encodings import idna

UCD = unicodedata.ucd_3_2_0
CUR = unicodedata
CODE_POINTS = [cp for cp in range(0x110000) if not 0xD800 <= cp < 0xE000]
PROHIBITED = [getattr(stringprep, f"in_table_{t}") for t in ("c12", "c22", "c3", "c4", "c5", "c6", "c7", "c8", "c9")]
S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
S_COUNT = L_COUNT * V_COUNT * T_COUNT


def mapping():
    out = []
    for cp in CODE_POINTS:
        c = chr(cp)
        if stringprep.in_table_b1(c):
            out.append((cp, ""))
            continue
        m = stringprep.map_table_b2(c)
        if m != c:
            out.append((cp, m))
    return out


def decomposition():
    out = []
    for cp in CODE_POINTS:
        if S_BASE <= cp < S_BASE + S_COUNT:
            continue
        d = UCD.normalize("NFKD", chr(cp))
        if d != chr(cp):
            out.append((cp, d))
    return out


def combining():
    return ranges_of([CUR.combining(chr(cp)) if not 0xD800 <= cp < 0xE000 else 0 for cp in range(0x110000)], 0)


def composition():
    pairs = set()
    for cp in CODE_POINTS:
        for db in (UCD, CUR):
            d = db.decomposition(chr(cp))
            if not d or d.startswith("<"):
                continue
            parts = [int(x, 16) for x in d.split()]
            if len(parts) == 2 and UCD.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
                pairs.add((parts[0], parts[1], cp))
    return sorted(pairs)


def prop(cp):
    c = chr(cp)
    if any(table(c) for table in PROHIBITED):
        return "Prohibited"
    if stringprep.in_table_d1(c):
        return "RandAl"
    if stringprep.in_table_d2(c):
        return "L"
    return None


def ranges_of(values, skip):
    """(start, end, value) runs of equal values, without the runs of `skip`."""
    out, start = [], 0
    for cp in range(1, len(values) + 1):
        if cp == len(values) or values[cp] != values[start]:
            if values[start] != skip:
                out.append((start, cp - 1, values[start]))
            start = cp
    return out


class Model:
    """What crates/keys/src/surt/idna.rs does with the tables, in Python."""

    def __init__(self, maps, decomp, classes, comps, props):
        self.maps, self.decomp = dict(maps), dict(decomp)
        self.classes, self.class_starts = classes, [r[0] for r in classes]
        self.comps = {(a, b): c for a, b, c in comps}
        self.props, self.prop_starts = props, [r[0] for r in props]

    @staticmethod
    def find(starts, table, cp):
        at = bisect.bisect_right(starts, cp) - 1
        return table[at][2] if at >= 0 and table[at][1] >= cp else None

    def ccc(self, cp):
        return self.find(self.class_starts, self.classes, cp) or 0

    def compose(self, a, b):
        if L_BASE <= a < L_BASE + L_COUNT and V_BASE <= b < V_BASE + V_COUNT:
            return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT
        if S_BASE <= a < S_BASE + S_COUNT and (a - S_BASE) % T_COUNT == 0 and T_BASE < b < T_BASE + T_COUNT:
            return a + (b - T_BASE)
        return self.comps.get((a, b))

    def nfkc(self, text):
        chars = []
        for ch in text:
            cp = ord(ch)
            if S_BASE <= cp < S_BASE + S_COUNT:
                s = cp - S_BASE
                chars += [L_BASE + s // (V_COUNT * T_COUNT), V_BASE + (s % (V_COUNT * T_COUNT)) // T_COUNT]
                if s % T_COUNT:
                    chars.append(T_BASE + s % T_COUNT)
            else:
                chars += [ord(x) for x in self.decomp.get(cp, ch)]
        # Canonical ordering: each run of non-starters sorted by class (stably).
        i = 0
        while i < len(chars):
            j = i
            while j < len(chars) and self.ccc(chars[j]):
                j += 1
            chars[i:j] = sorted(chars[i:j], key=self.ccc)
            i = j + 1 if j == i else j
        # Canonical composition: each character with the last starter, unless blocked.
        out, starter, last = [], None, None
        for cp in chars:
            cc = self.ccc(cp)
            if starter is not None and (last is None or (last != 0 and last < cc)):
                composed = self.compose(out[starter], cp)
                if composed is not None:
                    out[starter] = composed
                    continue
            if cc == 0:
                starter, last = len(out), None
            else:
                last = cc
            out.append(cp)
        return "".join(map(chr, out))

    def nameprep(self, label):
        mapped = "".join(self.maps.get(ord(ch), ch) for ch in label)
        text = self.nfkc(mapped)
        kinds = [self.find(self.prop_starts, self.props, ord(ch)) for ch in text]
        if "Prohibited" in kinds:
            return None
        if "RandAl" in kinds and ("L" in kinds or kinds[0] != "RandAl" or kinds[-1] != "RandAl"):
            return None
        return text

    def to_ascii(self, label):
        """bytes, or "fail" for one label outside ASCII."""
        prepared = self.nameprep(label)
        if prepared is None:
            return "fail"
        if prepared.isascii():
            encoded = prepared.encode("ascii")
        elif prepared.startswith("xn--") or len(prepared) >= 60:
            return "fail"
        else:
            encoded = b"xn--" + prepared.encode("punycode")
        return encoded if 0 < len(encoded) < 64 else "fail"


def real(label):
    try:
        return idna.ToASCII(label)
    except UnicodeError:
        return "fail"


def check(model, comps):
    def same(text):
        theirs = UCD.normalize("NFKC", text)
        ours = model.nfkc(text)
        if ours != theirs:
            sys.exit(f"NFKC differs on {text!r}: {ours!r}, CPython {theirs!r}")

    for cp in CODE_POINTS:
        same(chr(cp))
    marks = [cp for cp in CODE_POINTS if CUR.combining(chr(cp))]
    firsts = sorted({a for a, _, _ in comps})
    seconds = sorted({b for _, b, _ in comps})
    for starter in "aeEouU" + "".join(map(chr, firsts[:40])):
        for cp in marks + seconds:
            same(starter + chr(cp))
    rng = random.Random(1738)
    pool = firsts + seconds + marks[:400] + list(range(0x1100, 0x1200)) + list(range(0xAC00, 0xAC60)) + [0x61, 0x41, 0xC5]
    for _ in range(300_000):
        same("".join(chr(rng.choice(pool)) for _ in range(rng.choice([2, 3, 4, 6, 10]))))
    labels = 0
    scripts = [(0x0080, 0x024F), (0x0300, 0x036F), (0x0370, 0x03FF), (0x0400, 0x04FF), (0x0590, 0x06FF),
               (0x0900, 0x0DFF), (0x0E00, 0x0E7F), (0x1100, 0x11FF), (0x1E00, 0x1FFF), (0x2000, 0x2BFF),
               (0x3000, 0x33FF), (0xAC00, 0xAC40), (0xF900, 0xFFFF), (0x1D400, 0x1D7FF), (0x20000, 0x20100)]
    accepted = [cp for cp in range(0x80, 0x30000) if not 0xD800 <= cp < 0xE000]
    for _ in range(300_000):
        lo, hi = rng.choice(scripts)
        size = rng.choice([1, 2, 3, 4, 6, 10, 30, 64])
        label = "".join(chr(rng.choice([rng.randint(lo, hi), rng.choice(accepted), rng.choice(pool), rng.randint(0x61, 0x7A)]))
                        for _ in range(size))
        if label.isascii() or "." in label or "\u3002" in label or "\uff0e" in label or "\uff61" in label:
            continue
        ours, theirs = model.to_ascii(label), real(label)
        if ours != theirs:
            sys.exit(f"model differs on {label!r}: {ours!r}, codec {theirs!r}")
        labels += 1
    print(f"// Checked against CPython: NFKC of every code point and of {len(marks + seconds):,} "
          f"after each of 46 starters, 300,000 random strings; ToASCII of {labels:,} random labels.",
          file=sys.stderr)


def rust_char(cp):
    return f"0x{cp:04X}"


def rust_text(text):
    return '"' + "".join(ch if 0x20 <= ord(ch) < 0x7F and ch not in '"\\' else f"\\u{{{ord(ch):x}}}" for ch in text) + '"'


def rows(items, per_line):
    for i in range(0, len(items), per_line):
        print("    " + " ".join(items[i:i + per_line]))


def emit(maps, decomp, classes, comps, props):
    print(f"""//! Unicode data for IDNA 2003's nameprep as CPython {sys.version.split()[0]} runs it
//! (stringprep's tables, unicodedata.ucd_3_2_0, and the combining classes its
//! normalization sorts by). Generated by tools/keys/surt_idna_tables.py, which says what
//! each table holds: do not edit.

use super::idna::Prop::{{self, *}};

/// Tables B.1 ("": to nothing) and B.2 (case folding): each code point the mapping
/// changes, sorted.
#[rustfmt::skip]
pub(super) const MAPPING: &[(u32, &str)] = &[""")
    rows([f"({rust_char(a)}, {rust_text(b)})," for a, b in maps], 4)
    print("""];

/// Each code point's NFKD (Unicode 3.2) where it is not the code point itself, sorted;
/// Hangul syllables by rule.
#[rustfmt::skip]
pub(super) const DECOMPOSITION: &[(u32, &str)] = &[""")
    rows([f"({rust_char(a)}, {rust_text(b)})," for a, b in decomp], 4)
    print("""];

/// The combining classes canonical ordering sorts by, by ranges; none: 0.
#[rustfmt::skip]
pub(super) const COMBINING: &[(u32, u32, u8)] = &[""")
    rows([f"({rust_char(a)}, {rust_char(b)}, {k})," for a, b, k in classes], 4)
    print("""];

/// The canonical compositions: (first, second, composite), sorted; Hangul by rule.
#[rustfmt::skip]
pub(super) const COMPOSITION: &[(u32, u32, u32)] = &[""")
    rows([f"({rust_char(a)}, {rust_char(b)}, {rust_char(c)})," for a, b, c in comps], 4)
    print("""];

/// Tables C (prohibited), D.1 (RandALCat) and D.2 (LCat), by ranges; none: neither.
#[rustfmt::skip]
pub(super) const PROPS: &[(u32, u32, Prop)] = &[""")
    rows([f"({rust_char(a)}, {rust_char(b)}, {k})," for a, b, k in props], 4)
    print("];")


def main():
    maps, decomp, classes, comps = mapping(), decomposition(), combining(), composition()
    props = ranges_of([prop(cp) if not 0xD800 <= cp < 0xE000 else None for cp in range(0x110000)], None)
    check(Model(maps, decomp, classes, comps, props), comps)
    emit(maps, decomp, classes, comps, props)


if __name__ == "__main__":
    main()
