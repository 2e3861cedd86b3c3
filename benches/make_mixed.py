#!/usr/bin/env python3
"""Writes benches/mixed-urls.txt: the benchmarks' corpus of dirty data (issue 50).

Usage: python3 benches/make_mixed.py PATH-TO-rfc1738

2,000 distinct URLs of every scheme of RFC 1738 (and generic ones), made from the clean
corpus (benches/valid-urls.txt), with lengths like those of real links: a URL with a path
gets segments until it reaches a length drawn between 16 and 120 bytes (the mean is near
48, as for the links of the pages of 1990-1996); the others another host or a number. A
quarter of them (exactly 500) is then spoiled by one character, a space, "~", "{" or '"',
put at a place that depends on the URL's length (from a third of it to its end).
Deterministic (a fixed seed, no clock). The command reads every candidate (`parse --json
-f`): only valid ones are kept, and each spoiled URL must be invalid by RFC 1738, or this
exits 1. Prints the share of invalid inputs in each dialect. Standard library only.
"""
import json
import pathlib
import random
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
COUNT, SPOILED = 2000, 500
SPOILERS = (" ", "~", "{", '"')
WORDS = ["pub", "docs", "hypertext", "WWW", "gopher", "archive", "1994", "info", "Overview"]


def verdicts(command, lines, dialect="rfc1738"):
    """Whether `command` reads each line as valid in `dialect`."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        file.write("\n".join(lines) + "\n")
        file.flush()
        read = subprocess.run([command, "parse", "--json", "--dialect", dialect, "-f", file.name],
                              capture_output=True, text=True, check=False)
    return [json.loads(line)["valid"] for line in read.stdout.splitlines()]


def candidates(templates, rng):
    """Per template, variants of it, longer and distinct."""
    n = 0
    while True:
        for template in templates:
            n += 1
            host = re.match(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@]*@)?([A-Za-z][A-Za-z0-9.-]*)", template)
            if host:
                url = f"{template[:host.start(1)]}h{n}.{template[host.start(1):]}"
            else:
                url = f"{template}{n}"
            target = rng.randrange(16, 121)
            if "/" in url.split("://", 1)[-1] and not re.search(r"[?#;]", url):
                while len(url) < target:
                    url = url.rstrip("/") + "/" + rng.choice(WORDS)
                if rng.random() < 0.5:
                    url += ".html"
            yield template, url


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    command = sys.argv[1]
    rng = random.Random(1994_12)
    templates = [line for line in (HERE / "valid-urls.txt").read_text().splitlines() if line]
    made = candidates(templates, rng)
    urls, seen = [], set()
    while len(urls) < COUNT:
        batch = [next(made) for _ in range(COUNT)]
        for (_, url), valid in zip(batch, verdicts(command, [url for _, url in batch])):
            if valid and url not in seen and len(urls) < COUNT:
                seen.add(url)
                urls.append(url)
    spoiled = sorted(rng.sample(range(COUNT), SPOILED))
    for i in spoiled:
        url = urls[i]
        start = url.index(":") + 1
        at = start + (len(url) - start) // 3 + (len(url) - start) * 2 // 3 * (i % 7) // 7
        urls[i] = url[:at] + SPOILERS[i % len(SPOILERS)] + url[at:]
    read = verdicts(command, urls)
    wrong = [i for i, valid in enumerate(read) if valid == (i in set(spoiled))]
    if wrong:
        print(f"not as made: lines {[i + 1 for i in wrong[:10]]}", file=sys.stderr)
        return 1
    (HERE / "mixed-urls.txt").write_text("\n".join(urls) + "\n")
    lengths = sorted(len(url) for url in urls)
    schemes = sorted({url.split(":", 1)[0].lower() for url in urls})
    print(f"{COUNT} URLs of {len(schemes)} schemes, mean {sum(lengths) / COUNT:.1f} bytes, median "
          f"{lengths[COUNT // 2]}; invalid by RFC 1738: {SPOILED} ({100 * SPOILED // COUNT}%)")
    for dialect in ("rfc1630", "draft", "rfc2396"):
        invalid = sum(not valid for valid in verdicts(command, urls, dialect))
        print(f"  invalid by {dialect}: {invalid} ({100 * invalid / COUNT:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
