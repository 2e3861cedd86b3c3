#!/usr/bin/env python3
"""The surt style of `rfc1738 key` against PyPI surt 0.3.1 itself, on many inputs.

Usage: python3 tools/keys/surt_agree.py PATH-TO-rfc1738 [--real-material DIR] [--count N]
       python3 tools/keys/surt_agree.py --lines PATH-TO-surt_lines [...]   (the example
       binary of crates/keys, `cargo build -p rfc1738-keys --example surt_lines`: the same
       function, without the command around it)

The inputs (one per line, so without CR or LF): every URL-looking token of the texts and
HTML pages of the real material (old and new schemes, href and src values), every input
of corpus/ (parse cases, keys cases and pairs), and N (default 20,000) mutations of them:
escapes added (%2F, %25, %41, %2541), letters upper-cased, ports (default, others, empty,
not numbers, too large), queries reordered and with session ids, www2. hosts, hosts as
decimal, octal, short dotted and bad numbers, dot segments and double slashes, spaces and
tabs, bytes outside ASCII, no scheme, repeated http:// prefixes, "filedesc". Each is given
to `surt.surt` (its exception, if any, as "Type: message") and to
`rfc1738 key --style surt --json`; they must agree on every one: the same key, or both an
error (with the same message, but for the hosts outside ASCII, which the crate does not
reproduce and refuses: those are counted apart). Exit status 1 on any disagreement (the
first 20 are printed). Needs PyPI surt (pip install surt==0.3.1).
"""

import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import surt

ROOT = Path(__file__).resolve().parents[2]
TOKEN = re.compile(r"""(?:(?:https?|ftp|gopher|news|nntp|telnet|wais|file|mailto|prospero|dns):[^\s"'<>]+)""", re.I)
ATTRIBUTE = re.compile(rb"""(?:href|src)\s*=\s*["']?([^"'\s>]+)""", re.I)


def harvest(real):
    found = set()
    for path in sorted(real.rglob("*")):
        if not path.is_file() or path.suffix in (".gz", ".warc", ".arc", ".tsv"):
            continue
        data = path.read_bytes()[:2_000_000]
        text = data.decode("latin-1")
        found.update(TOKEN.findall(text))
        found.update(m.decode("latin-1") for m in ATTRIBUTE.findall(data))
    return found


def corpus_inputs():
    found = set()
    for path in sorted((ROOT / "corpus").rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            for key in ("input", "a", "b", "context", "partial"):
                if isinstance(case.get(key), str):
                    found.add(case[key])
    return found


def mutate(rng, url):
    choice = rng.randrange(16)
    if choice == 0:
        at = rng.randrange(len(url) + 1)
        return url[:at] + rng.choice(["%2F", "%2f", "%25", "%41", "%2541", "%20", "%3F", "%23", "%7E", "%zz", "%"]) + url[at:]
    if choice == 1:
        return "".join(c.upper() if rng.random() < 0.3 else c for c in url)
    if choice == 2:
        return re.sub(r"^([a-zA-Z+.-]+://[^/:?#]*)", lambda m: m.group(1) + rng.choice([":80", ":443", ":21", ":70", ":", ":0", ":08080", ":x", ":99999", ":65535", "::80"]), url, count=1)
    if choice == 3:
        return url + rng.choice(["?b=2&a=1", "?a&a=&a=1", "?B=1&b=1", "?", "?&", "?jsessionid=0123456789ABCDEF0123456789abcdef", "?x=1&sid=0123456789abcdef0123456789abcdef&y=2", "?cfid=12&cftoken=34&z", "?ASPSESSIONIDabcdefgh=ABCDEFGHIJKLMNOPQRSTUVWX", "?phpsessid=0123456789abcdef0123456789abcdeg"])
    if choice == 4:
        return re.sub(r"^([a-zA-Z+.-]+://)", lambda m: m.group(1) + rng.choice(["www.", "www2.", "WWW9.", "www.www.", "wwwx."]), url, count=1)
    if choice == 5:
        host = rng.choice(["3232235777", "4294967296", "0177.0.0.1", "0177.1", "1.2.3", "1.16777215", "1.08.0.1", "256.1.1.1", "00.0", "0x7f.1", "1.2.3.4.5", "a..b...c", ".h.", "[::1]", "[fe80::1%25eTh0]", "0", "01", "1.2.3.04"])
        return re.sub(r"^([a-zA-Z+.-]+://)[^/:?#]*", lambda m: m.group(1) + host, url, count=1)
    if choice == 6:
        return url + rng.choice(["/./a/../b//c/", "/..", "/../../x", "//", "/a/.", "/(ABCDEFGHIJKLMNOPQRSTUVWX)/p.aspx", "/(a(ABCDEFGHIJKLMNOPQRSTUVWX))/p.ASPX?q"])
    if choice == 7:
        at = rng.randrange(len(url) + 1)
        return url[:at] + rng.choice([" ", "\t", "  ", "\x0b", "\x0c"]) + url[at:]
    if choice == 8:
        at = rng.randrange(len(url) + 1)
        return url[:at] + rng.choice(["é", "\u00ff", "\u2603"]) + url[at:]
    if choice == 9:
        return re.sub(r"^[a-zA-Z+.-]+://", "", url, count=1)
    if choice == 10:
        return rng.choice(["http://", "https://", "http://http://", "https://http://"]) + url
    if choice == 11:
        return rng.choice(["filedesc://", "filedesc", "dns:", "URL:", "<URL:", "  "]) + url
    if choice == 12:
        return url.replace("/", rng.choice(["//", "/./", "%2F"]), 1)
    if choice == 13:
        return re.sub(r"^([a-zA-Z+.-]+://)", lambda m: m.group(1) + rng.choice(["u@", "u:p@", "@", "a@b@", "u:@"]), url, count=1)
    if choice == 14:
        return url + "#" + rng.choice(["top", "", "a#b", "?x"])
    return url[: rng.randrange(len(url) + 1)]


def theirs(text):
    try:
        return surt.surt(text), None
    except Exception as error:  # surt raises ValueError, AttributeError, UnicodeError...
        return None, f"{type(error).__name__}: {error}"


def main():
    lines = "--lines" in sys.argv
    binary = [a for a in sys.argv[1:] if a != "--lines"][0]
    real = Path(sys.argv[sys.argv.index("--real-material") + 1]) if "--real-material" in sys.argv else ROOT.parent / "shared" / "real-material"
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 20_000
    seeds = sorted(harvest(real) | corpus_inputs())
    rng = random.Random(1738)
    inputs = set(seeds)
    while len(inputs) < len(seeds) + count:
        inputs.add(mutate(rng, rng.choice(seeds)))
    inputs = sorted(text for text in inputs if text and "\n" not in text and "\r" not in text)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(inputs) + "\n")
    command = [binary] if lines else [binary, "key", "--style", "surt", "--json", "-f", listing.name]
    with open(listing.name, "rb") as given:
        done = subprocess.run(command, stdin=given, capture_output=True, check=False)
    Path(listing.name).unlink()
    ours = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(ours) == len(inputs), (len(ours), len(inputs))
    differ, refused = [], 0
    for text, report in zip(inputs, ours):
        key, error = theirs(text)
        got_key = report.get("key")
        got_error = (report.get("error") or {}).get("surt") if "key" not in report else None
        if "key" not in report and "surt" not in (report.get("error") or {}):
            got_error = f"(not read: {report['error'].get('code')})"
        if got_error and got_error.startswith("not reproduced: a host outside ASCII"):
            refused += 1
            continue
        if (got_key, got_error) != (key, error):
            differ.append((text, (key, error), (got_key, got_error)))
    print(f"{len(inputs):,} inputs ({len(seeds):,} harvested and from the corpus, the rest mutations): "
          f"{len(inputs) - len(differ) - refused:,} agree, {len(differ):,} differ, "
          f"{refused:,} refused (a host outside ASCII: IDNA 2003 not reproduced)")
    for text, expected, got in differ[:20]:
        print(f"  {text!r}\n    surt:    {expected}\n    rfc1738: {got}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
