#!/usr/bin/env python3
"""The crate's surt key (crates/keys/src/surt) against PyPI surt 0.3.1 itself, on many inputs.

Usage: python3 tools/keys/surt_agree.py PATH-TO-surt_lines [--real-material DIR] [--count N] [--seed S]
       python3 tools/keys/surt_agree.py --cli PATH-TO-rfc1738 [...]

PATH-TO-surt_lines is the example binary of crates/keys (`cargo build -p rfc1738-keys
--example surt_lines`: target/debug/examples/surt_lines): one line in, `ok<TAB>KEY` or
`err<TAB>MESSAGE` out. With --cli (or a binary named rfc1738), the command itself is
run instead: `rfc1738 key --style surt --json -f FILE` (its lines must be UTF-8).

The inputs, one a line (any bytes but CR and LF): every URL-looking token of the texts
and HTML pages of the real material (scheme:... tokens of the old schemes and http, href
and src values; default ../shared/real-material from the repository), every input of
corpus/ (parse cases, keys cases and pairs), and N (default 40,000) mutations of them:
escapes added, letters upper-cased, ports (default, others, empty, zero, not numbers, too
large, other digits), queries reordered and with session ids (random ones too), www and
wwwN hosts, hosts as decimal, octal and short dotted numbers (random ones too), dot
segments, spaces, tabs and other whitespace, hosts outside ASCII (many scripts, marks,
escaped UTF-8, private use, random characters), bytes that are not UTF-8, no scheme, repeated http://,
"filedesc". A line that is UTF-8 is given to `surt.surt` as a str, another as bytes;
an exception is written "Type: message". Both sides must agree on every line: the same
key, or the same error (hosts outside ASCII included: the crate reproduces the IDNA
2003 codec whole). Prints the counts and the first 20 disagreements; exit status 1 on any.
"""

import json
import random
import re
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import surt

ROOT = Path(__file__).resolve().parents[2]
SCHEMES = rb"(?:https?|ftp|gopher|news|nntp|telnet|wais|file|mailto|prospero|dns)"
TOKEN = re.compile(SCHEMES + rb""":[^\s"'<>]+""", re.I)
ATTRIBUTE = re.compile(rb"""(?:href|src)\s*=\s*["']?([^"'\s>]+)""", re.I)
HOSTS_OUTSIDE_ASCII = [
    "b\u00fccher.de", "STRA\u00dfE.de", "\u2603.net", "\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444",
    "\u041f\u0420\u0418\u041c\u0415\u0420.\u0420\u0424", "\u03b5\u03bb\u03bb\u03ac\u03b4\u03b1.gr", "\u0395\u039b\u039b\u0391\u03a3.gr",
    "\u4f8b\u3002\u30c6\u30b9\u30c8", "\u4e2d\u6587\uff0e\u4e2d\u56fd", "\ud55c\uad6d.kr", "\u05e9\u05dc\u05d5\u05dd.il",
    "\u05e9\u05dc\u05d5\u05ddx.il", "\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631", "\u0645\u062b\u0627\u06441.eg",
    "\u0915\u094d\u0937.\u092d\u093e\u0930\u0924", "\u0915\u093c.in", "\u0e44\u0e17\u0e22.\u0e44\u0e17\u0e22", "\u0e01\u0e48\u0e32.th",
    "e\u0301.fr", "\u00e9\u0323.vn", "vi\u1ec7t.vn", "\uff21\uff22\uff23.jp", "a\u00adb.de", "a\u200bb.de", "\ue000.net",
    "xn--\u00e9.de", "\u00e9" * 70 + ".de", "\U0001f4a9.la", "\u0130stanbul.tr", "\u2160.com", "\ufb01.com", "a\u3002b",
    "\u00c5ngstr\u00f6m.se", "\u0686\u0627\u0628.ir", "\u0e97\u0ec8.la", "\u1100\u1161.kr", "\u3131.kr", "\u00e9\u0300.x",
]


def harvest(real):
    found = set()
    for path in sorted(real.rglob("*")):
        if not path.is_file() or path.suffix.lower() in (".gz", ".warc", ".arc", ".tsv"):
            continue
        data = path.read_bytes()[:2_000_000]
        found.update(TOKEN.findall(data))
        found.update(ATTRIBUTE.findall(data))
    return found


def corpus_inputs():
    found = set()
    for path in sorted((ROOT / "corpus").rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            for key in ("input", "a", "b", "context", "partial"):
                if isinstance(case.get(key), str):
                    found.add(case[key].encode("utf-8", "surrogatepass"))
    return found


def number_host(rng):
    if rng.random() < 0.3:
        return rng.choice(["3232235777", "4294967296", "0177.0.0.1", "0177.1", "1.2.3", "1.16777215", "1.08.0.1",
                           "256.1.1.1", "00.0", "0x7f.1", "1.2.3.4.5", "a..b...c", ".h.", "[::1]", "[fe80::1%25eTh0]",
                           "0", "01", "1.2.3.04", "1.2.3.4%0A", "%31.2.3.4", "99999999999999999999"])
    parts = []
    for _ in range(rng.randint(1, 5)):
        kind = rng.randrange(4)
        if kind == 0:
            parts.append(str(rng.randrange(256)))
        elif kind == 1:
            parts.append("0" + format(rng.randrange(512), "o"))
        elif kind == 2:
            parts.append(str(rng.randrange(2 ** rng.choice([8, 16, 24, 32, 33]))))
        else:
            parts.append(rng.choice(["08", "09", "0", "00", "1x", ""]))
    return ".".join(parts)


def session(rng):
    alnum = string.ascii_letters + string.digits
    value = "".join(rng.choice(alnum) for _ in range(rng.choice([31, 32, 32, 32, 33])))
    name = rng.choice(["jsessionid", "JSESSIONID", "phpsessid", "sid", "PHPSESSID"])
    if rng.random() < 0.2:
        letters = "".join(rng.choice(string.ascii_letters) for _ in range(rng.choice([8, 8, 7])))
        return f"ASPSESSIONID{letters}=" + "".join(rng.choice(string.ascii_letters) for _ in range(24))
    if rng.random() < 0.1:
        return rng.choice(["cfid=12&cftoken=34", "CFID=1&CFTOKEN=a-b", "cfid=&cftoken=1"])
    return f"{name}={value}"


def host_replace(url, host):
    return re.sub(rb"^([a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?)[^/:?#]*", lambda m: m.group(1) + host, url, count=1)


def mutate(rng, url):
    choice = rng.randrange(21)
    at = rng.randrange(len(url) + 1)
    if choice == 0:
        return url[:at] + rng.choice([b"%2F", b"%2f", b"%25", b"%41", b"%2541", b"%20", b"%3F", b"%23", b"%7E", b"%zz",
                                      b"%", b"%2E", b"%2e%2E", b"%00", b"%C3%A9", b"%FF", b"%252F"]) + url[at:]
    if choice == 1:
        return bytes(b - 32 if 97 <= b <= 122 and rng.random() < 0.3 else b for b in url)
    if choice == 2:
        port = rng.choice([b":80", b":443", b":21", b":70", b":", b":0", b":08080", b":x", b":99999", b":65535", b"::80",
                           b":65536", b":\xc2\xb2", b":+1", b": 80", b":8_0", b":-0", b":000000000000080"])
        return re.sub(rb"^([a-zA-Z+.-]+://[^/:?#]*)", lambda m: m.group(1) + port, url, count=1)
    if choice == 3:
        return url + rng.choice([b"?b=2&a=1", b"?a&a=&a=1", b"?B=1&b=1", b"?", b"?&", b"?=&=", b"#x?y"])
    if choice == 4:
        return url + rng.choice([b"?", b"&", b"?x=1&"]) + session(rng).encode() + rng.choice([b"", b"&z=1", b"&", b"x"])
    if choice == 5:
        return re.sub(rb"^([a-zA-Z+.-]+://)", lambda m: m.group(1) + rng.choice([b"www.", b"www2.", b"WWW9.", b"www.www.",
                                                                                  b"wwwx.", b"www", b"www..", b"www12."]),
                      url, count=1)
    if choice == 6:
        return host_replace(url, number_host(rng).encode())
    if choice == 7:
        return url + rng.choice([b"/./a/../b//c/", b"/..", b"/../../x", b"//", b"/a/.", b"/.", b"/a/b/../../..",
                                 b"/(ABCDEFGHIJKLMNOPQRSTUVWX)/p.aspx", b"/(a(ABCDEFGHIJKLMNOPQRSTUVWX))/p.ASPX?q",
                                 b"/x/(a(abcdefghijklmnopqrstuvwx)b(ABCDEFGHIJKLMNOPQRSTUVWX))/y/p.aspx"])
    if choice == 8:
        return url[:at] + rng.choice([b" ", b"\t", b"  ", b"\x0b", b"\x0c", b"\r", b"\x00", b"\x1f"]) + url[at:]
    if choice == 9:
        return url[:at] + rng.choice(["\u00e9", "\u00ff", "\u2603", "\u0301", "\ue000"]).encode() + url[at:]
    if choice == 10:
        return url[:at] + rng.choice([b"\xff", b"\xc3", b"\xe2\x98", b"\xed\xa0\x80", b"\xc0\xaf"]) + url[at:]
    if choice == 11:
        host = rng.choice(HOSTS_OUTSIDE_ASCII)
        if rng.random() < 0.3:
            host = "".join(c if c.isascii() else "".join(f"%{b:02X}" for b in c.encode()) for c in host)
        return host_replace(url, host.encode())
    if choice == 12:
        return re.sub(rb"^[a-zA-Z+.-]+://", b"", url, count=1)
    if choice == 13:
        return rng.choice([b"http://", b"https://", b"http://http://", b"https://http://", b"HTTP://", b"http:/",
                           b"http:///"]) + url
    if choice == 14:
        return rng.choice([b"filedesc://", b"filedesc", b"dns:", b"URL:", b"<URL:", b"  ", b"dns://"]) + url
    if choice == 15:
        return url.replace(b"/", rng.choice([b"//", b"/./", b"%2F"]), 1)
    if choice == 16:
        return re.sub(rb"^([a-zA-Z+.-]+://)", lambda m: m.group(1) + rng.choice([b"u@", b"u:p@", b"@", b"a@b@", b"u:@",
                                                                                  b"[x]@"]), url, count=1)
    if choice == 17:
        return url + b"#" + rng.choice([b"top", b"", b"a#b", b"?x"])
    if choice == 18:
        return host_replace(url, rng.choice([b"a..b", b"...", b".", b"-", b"a%2Eb", b"%2E%2E", b"a%20b", b"A%41"]))
    if choice == 19:
        return host_replace(url, random_host(rng).encode("utf-8"))
    return url[: rng.randrange(len(url) + 1)]


def random_host(rng):
    """Labels of random characters: from ASCII, one of many scripts, anywhere."""
    blocks = [(0x41, 0x7A), (0xA0, 0x24F), (0x300, 0x36F), (0x370, 0x52F), (0x590, 0x6FF), (0x900, 0xDFF),
              (0xE00, 0xEFF), (0x1100, 0x11FF), (0x1E00, 0x1FFF), (0x2000, 0x2BFF), (0x3000, 0x33FF),
              (0x4E00, 0x4E80), (0xAC00, 0xAD00), (0xE000, 0xE0FF), (0xF900, 0xFFFD), (0x10000, 0x10FFFF)]
    labels = []
    for _ in range(rng.randint(1, 3)):
        lo, hi = rng.choice(blocks)
        chars = [chr(rng.randint(lo, hi)) if rng.random() < 0.8 else rng.choice("ab-1") for _ in range(rng.randint(1, 8))]
        labels.append("".join(c for c in chars if not 0xD800 <= ord(c) < 0xE000))
    return rng.choice([".", "\u3002"]).join(labels)


def theirs(line):
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    try:
        key = surt.surt(text) if text is not None else surt.surt(line)
        return ("ok", key.encode("utf-8") if isinstance(key, str) else key)
    except Exception as error:  # ValueError, AttributeError, ...
        return ("err", f"{type(error).__name__}: {error}".encode("utf-8", "backslashreplace"))


def ours_lines(binary, inputs):
    with tempfile.TemporaryFile() as given:
        given.write(b"".join(line + b"\n" for line in inputs))
        given.seek(0)
        done = subprocess.run([binary], stdin=given, capture_output=True, check=True)
    lines = done.stdout.split(b"\n")[:-1]
    return [tuple(line.split(b"\t", 1)) for line in lines]


def ours_cli(binary, inputs):
    inputs_text = [line.decode("utf-8") for line in inputs]
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(inputs_text) + "\n")
    try:
        done = subprocess.run([binary, "key", "--style", "surt", "--json", "-f", listing.name],
                              capture_output=True, check=False)
    finally:
        Path(listing.name).unlink()
    out = []
    for line in done.stdout.decode().splitlines():
        report = json.loads(line)
        if "key" in report:
            out.append(("ok", report["key"].encode()))
        else:
            error = report.get("error") or {}
            out.append(("err", str(error.get("surt", f"(not read: {error.get('code')})")).encode()))
    return out


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main():
    values = {option(name, None) for name in ("--real-material", "--count", "--seed")}
    positional = [a for a in sys.argv[1:] if not a.startswith("--") and a not in values]
    if not positional:
        sys.exit(__doc__)
    binary = positional[0]
    cli = "--cli" in sys.argv or Path(binary).name.startswith("rfc1738")
    real = Path(option("--real-material", ROOT.parent / "shared" / "real-material"))
    count = int(option("--count", 40_000))
    rng = random.Random(int(option("--seed", 1738)))
    started = time.monotonic()
    seeds = sorted(harvest(real) | corpus_inputs())
    inputs = set(seeds)
    while len(inputs) < len(seeds) + count:
        url = rng.choice(seeds)
        for _ in range(rng.choice([1, 1, 2, 3])):
            url = mutate(rng, url)
        inputs.add(url)
    inputs = sorted(line for line in inputs if line and b"\n" not in line and b"\r" not in line)
    if cli:
        inputs = [line for line in inputs if not line.startswith(b"filedesc")]
        inputs = [line for line in inputs if is_utf8(line)]
    ours = ours_cli(binary, inputs) if cli else ours_lines(binary, inputs)
    assert len(ours) == len(inputs), (len(ours), len(inputs))
    differ = []
    for line, got in zip(inputs, ours):
        expected = theirs(line)
        if got[0] == b"err" or got[0] == "err":
            got = ("err", got[1])
        elif got[0] in (b"ok", "ok"):
            got = ("ok", got[1])
        if got != expected:
            differ.append((line, expected, got))
    seconds = time.monotonic() - started
    print(f"{len(inputs):,} inputs ({len(seeds):,} harvested and from the corpus, the rest mutations): "
          f"{len(inputs) - len(differ):,} agree, {len(differ):,} differ; {seconds:.1f} s")
    for line, expected, got in differ[:20]:
        print(f"  {line!r}\n    surt:  {expected}\n    crate: {got}")
    sys.exit(1 if differ else 0)


def is_utf8(line):
    try:
        line.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


if __name__ == "__main__":
    main()
