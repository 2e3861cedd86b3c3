#!/usr/bin/env python3
"""Writes crates/keys/src/surt/idna_tables.rs: the Unicode 3.2 data with which
crates/keys/src/surt/idna.rs reproduces CPython's IDNA 2003 codec (encodings/idna.py:
nameprep, then punycode) for the hosts PyPI surt meets outside ASCII. Run it with the
CPython whose codec the key follows (3.11):

    python3 tools/keys/surt_idna_tables.py > crates/keys/src/surt/idna_tables.rs

The data comes from that Python itself: stringprep's tables B.1, B.2, C.* and D.*, and
unicodedata.ucd_3_2_0 (NFKD, NFKC, combining classes). Nameprep is a mapping, NFKC, then
checks; NFKC is reproduced only where it is a concatenation of each character's own
result, so the table keeps, for each code point:

* a starter: its mapping's NFKD begins with a character of combining class 0 that no
  canonical composition takes as its second part. Its result is NFKC(mapping) whatever
  surrounds it (`Delta`, `Alternate`, `Text`, or no entry: itself);
* a free mark: a combining mark (class > 0) that maps to itself, does not decompose and
  is no composition's second part. Marks are only reordered by class, and only when every
  other character of the label is a plain starter (its mapping does not decompose:
  `NON_PLAIN` lists the others below PLAIN_LIMIT, and above it all are taken as not
  plain);
* `Nothing` (table B.1) or `Refuse`: any other character (a mark that composes, Hangul
  vowels and finals, the compatibility blocks of DROP when they map to something else):
  the crate refuses such a host rather than guess.

PROPS gives, for the characters a label can hold after the mapping, table C (prohibited:
the label fails), D.1 (RandALCat) and D.2 (LCat, known only below L_LIMIT: a label with a
RandALCat character and one above the limit that is neither is refused).

Before writing, the model is checked against the codec's ToASCII on random labels (each
must agree where the model gives an answer); the script stops on any difference.
"""

import bisect
import random
import stringprep
import sys
import unicodedata
from encodings import idna

UCD = unicodedata.ucd_3_2_0
CUR = unicodedata
# Blocks where a character that maps to something else is refused: compatibility forms,
# letterlike symbols, enclosed and squared forms, CJK compatibility ideographs,
# presentation forms, mathematical letters. Characters that map to themselves stay.
DROP = [(0x1F00, 0x1FFF), (0x2000, 0x2BFF), (0x2E80, 0x33FF), (0xA000, 0xABFF), (0xF900, 0xFF00),
        (0xFF5F, 0xFFFF), (0x10000, 0x103FF), (0x10450, 0x10FFFF)]
PLAIN_LIMIT = 0x0F00
L_LIMIT = 0x0900
MARK_LIMIT = 0x0F00
PROHIBITED = [getattr(stringprep, f"in_table_{t}") for t in ("c12", "c22", "c3", "c4", "c5", "c6", "c7", "c8", "c9")]


def seconds():
    """Code points that a canonical composition may take after another (in the Unicode 3.2
    or the current data, to be safe), Hangul vowels and finals, and every mark."""
    found = set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
    for db in (UCD, CUR):
        for cp in range(0x110000):
            d = db.decomposition(chr(cp))
            if d and not d.startswith("<"):
                found.update(int(x, 16) for x in d.split()[1:])
    return found


SECONDS = seconds()


def good_start(ch):
    return UCD.combining(ch) == 0 and CUR.combining(ch) == 0 and ord(ch) not in SECONDS


def dropped(cp):
    return any(a <= cp <= b for a, b in DROP)


def classify(cp):
    """(kind, value, plain) of one code point."""
    c = chr(cp)
    if 0xD800 <= cp < 0xE000:
        return ("Refuse", None, False)
    if stringprep.in_table_b1(c):
        return ("Nothing", None, True)
    m = stringprep.map_table_b2(c)
    d = UCD.normalize("NFKD", m)
    cc = UCD.combining(c)
    if cc:
        if cp < MARK_LIMIT and m == c and d == c and CUR.combining(c) == cc and cp not in SECONDS:
            return ("Mark", cc, True)
        return ("Refuse", None, False)
    if not d or not good_start(d[0]):
        return ("Refuse", None, False)
    plain = d == m and all(good_start(x) for x in m)
    r = UCD.normalize("NFKC", m)
    if r != c and dropped(cp):
        return ("Refuse", None, False)
    if len(r) == 1:
        return ("Delta", ord(r) - cp, plain)
    return ("Text", r, plain)


def prop(cp):
    c = chr(cp)
    if any(table(c) for table in PROHIBITED):
        return "Prohibited"
    if stringprep.in_table_d1(c):
        return "RandAl"
    if cp < L_LIMIT and stringprep.in_table_d2(c):
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


def build():
    classes = [classify(cp) for cp in range(0x110000)]
    kinds = [(k, v) for k, v, _ in classes]
    identity = ("Delta", 0)
    maps, cp = [], 0
    while cp < len(kinds):
        k = kinds[cp]
        if k == identity:
            cp += 1
            continue
        if k[0] == "Text":
            maps.append((cp, cp, k))
            cp += 1
            continue
        if k == ("Delta", 1) and cp + 2 < len(kinds) and kinds[cp + 1] == identity and kinds[cp + 2] == k:
            end = cp
            while end + 2 < len(kinds) and kinds[end + 1] == identity and kinds[end + 2] == k:
                end += 2
            end += 1 if kinds[end + 1] == identity else 0
            maps.append((cp, end, ("Alternate", None)))
            cp = end + 1
            continue
        end = cp
        while end + 1 < len(kinds) and kinds[end + 1] == k:
            end += 1
        maps.append((cp, end, k))
        cp = end + 1
    # Non-plain starters below PLAIN_LIMIT; refused characters, marks and Nothing can go
    # either way (they never reach the check), so runs are joined over them.
    non_plain, start, last = [], None, None
    for cp in range(PLAIN_LIMIT):
        kind, _, plain = classes[cp]
        if kind not in ("Delta", "Text"):
            continue
        if not plain:
            start = cp if start is None else start
            last = cp
        elif start is not None:
            non_plain.append((start, last))
            start = None
    if start is not None:
        non_plain.append((start, last))
    props = ranges_of([prop(cp) for cp in range(0x110000)], None)
    return maps, non_plain, props


class Model:
    """What crates/keys/src/surt/idna.rs does with the tables, in Python."""

    def __init__(self, maps, non_plain, props):
        self.maps, self.non_plain, self.props = maps, non_plain, props
        self.map_starts = [m[0] for m in maps]
        self.np_starts = [m[0] for m in non_plain]
        self.prop_starts = [m[0] for m in props]

    @staticmethod
    def find(starts, table, cp):
        at = bisect.bisect_right(starts, cp) - 1
        return table[at] if at >= 0 and table[at][1] >= cp else None

    def prop(self, cp):
        found = self.find(self.prop_starts, self.props, cp)
        return found[2] if found else None

    def to_ascii(self, label):
        """bytes, "fail" or "unknown" for one label outside ASCII."""
        out, marks, non_plain = [], [], False
        for ch in label:
            cp = ord(ch)
            found = self.find(self.map_starts, self.maps, cp)
            kind, value = found[2] if found else ("Delta", 0)
            if kind == "Refuse":
                return "unknown"
            if kind == "Nothing":
                continue
            if kind == "Mark":
                marks.append(value)
                out.append((cp, value))
                continue
            if cp >= PLAIN_LIMIT or self.find(self.np_starts, self.non_plain, cp):
                non_plain = True
            if kind == "Delta":
                out.append((cp + value, 0))
            elif kind == "Alternate":
                out.append((cp + (1 - (cp - found[0]) % 2), 0))
            else:
                out.extend((ord(x), 0) for x in value)
        if marks:
            if non_plain:
                return "unknown"
            done, run = [], []
            for item in out + [(0, 0)]:
                if item[1]:
                    run.append(item)
                else:
                    done.extend(sorted(run, key=lambda x: x[1]))
                    run = []
                    done.append(item)
            out = done[:-1]
        text = [cp for cp, _ in out]
        kinds = [self.prop(cp) for cp in text]
        if "Prohibited" in kinds:
            return "fail"
        if "RandAl" in kinds:
            if "L" in kinds or kinds[0] != "RandAl" or kinds[-1] != "RandAl":
                return "fail"
            if any(cp >= L_LIMIT and k is None for cp, k in zip(text, kinds)):
                return "unknown"
        label = "".join(map(chr, text))
        if label.isascii():
            encoded = label.encode("ascii")
        elif label.startswith("xn--"):
            return "fail"
        else:
            if len(label) >= 60:
                return "fail"
            encoded = b"xn--" + label.encode("punycode")
        return encoded if 0 < len(encoded) < 64 else "fail"


def real(label):
    try:
        return idna.ToASCII(label)
    except UnicodeError:
        return "fail"


def check(model, maps):
    rng = random.Random(1738)
    pools = {
        "accepted": [cp for cp in range(0x80, 0x30000) if not (0xD800 <= cp < 0xE000)],
        "ascii": list(range(0x21, 0x7F)),
        "mapped": [cp for a, b, _ in maps for cp in range(a, min(b, a + 40) + 1) if not (0xD800 <= a < 0xE000)],
        "marks": [cp for a, b, k in maps if k[0] == "Mark" for cp in range(a, b + 1)],
        "rtl": list(range(0x05D0, 0x05EB)) + list(range(0x0621, 0x064B)) + list(range(0x0660, 0x066A)),
        "block": [],
    }
    scripts = [(0x0900, 0x097F), (0x0E00, 0x0E7F), (0x0590, 0x05FF), (0x0600, 0x06FF), (0x0400, 0x04FF),
               (0x0370, 0x03FF), (0x00A0, 0x024F), (0x3040, 0x30FF), (0xAC00, 0xAC40), (0x0980, 0x0DFF)]
    counts = {"agree": 0, "unknown": 0}
    for _ in range(400_000):
        lo, hi = rng.choice(scripts)
        pools["block"] = range(lo, hi + 1)
        size = rng.choice([1, 2, 3, 4, 6, 10, 30, 64])
        label = "".join(chr(rng.choice(pools[rng.choice(list(pools))])) for _ in range(size))
        if label.isascii():
            continue
        ours = model.to_ascii(label)
        if ours == "unknown":
            counts["unknown"] += 1
            continue
        theirs = real(label)
        if ours != theirs:
            sys.exit(f"model differs on {label!r}: {ours!r}, codec {theirs!r}")
        counts["agree"] += 1
    print(f"// Checked against the codec on random labels: {counts['agree']:,} agree, "
          f"{counts['unknown']:,} refused.", file=sys.stderr)


def rust_char(cp):
    return f"0x{cp:04X}"


def rust_text(text):
    return '"' + "".join(ch if 0x20 <= ord(ch) < 0x7F and ch not in '"\\' else f"\\u{{{ord(ch):x}}}" for ch in text) + '"'


def emit(maps, non_plain, props):
    def kind(k):
        name, value = k
        if name == "Delta":
            return f"Delta({value})"
        if name == "Text":
            return f"Text({rust_text(value)})"
        if name == "Mark":
            return f"Mark({value})"
        return name

    def rows(items, per_line):
        for i in range(0, len(items), per_line):
            print("    " + " ".join(items[i:i + per_line]))

    print(f"""//! Unicode 3.2 data for IDNA 2003's nameprep as CPython {sys.version.split()[0]} runs it
//! (stringprep's tables, unicodedata.ucd_3_2_0). Generated by
//! tools/keys/surt_idna_tables.py, which says what each table holds: do not edit.

use super::idna::Map::{{self, *}};
use super::idna::Prop::{{self, *}};

/// Code points below it that are not in [`NON_PLAIN`] are plain (their mapping does
/// not decompose); those above are all taken as not plain.
pub(super) const PLAIN_LIMIT: u32 = 0x{PLAIN_LIMIT:04X};
/// LCat (table D.2) is known below it only.
pub(super) const L_LIMIT: u32 = 0x{L_LIMIT:04X};

/// Each code point's mapping (B.1, B.2, then NFKC), by ranges; none: itself.
#[rustfmt::skip]
pub(super) const MAP: &[(u32, u32, Map)] = &[""")
    rows([f"({rust_char(a)}, {rust_char(b)}, {kind(k)})," for a, b, k in maps], 3)
    print("];\n\n/// Starters below [`PLAIN_LIMIT`] whose mapping decomposes.\n#[rustfmt::skip]")
    print("pub(super) const NON_PLAIN: &[(u32, u32)] = &[")
    rows([f"({rust_char(a)}, {rust_char(b)})," for a, b in non_plain], 6)
    print("];\n\n/// Tables C (prohibited), D.1 (RandALCat) and D.2 (LCat, below [`L_LIMIT`]).")
    print("#[rustfmt::skip]\npub(super) const PROPS: &[(u32, u32, Prop)] = &[")
    rows([f"({rust_char(a)}, {rust_char(b)}, {k})," for a, b, k in props], 4)
    print("];")


def main():
    maps, non_plain, props = build()
    print(f"// {len(maps)} mappings, {len(non_plain)} non-plain ranges, {len(props)} properties", file=sys.stderr)
    check(Model(maps, non_plain, props), maps)
    emit(maps, non_plain, props)


if __name__ == "__main__":
    main()
