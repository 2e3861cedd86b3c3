#!/usr/bin/env python3
"""Sameness check of `rfc1738 extract`: two binaries, byte-identical output.

    python3 tools/sameness/extract.py BASE NEW [--material DIR]

BASE is a binary built from the commit to compare against, NEW the one under test (for
example `target/release/rfc1738`). Both are run on the same inputs, in text mode and with
`--json`, with the default settings and a few others (`--dialect`, `--max-len`,
`--line-numbers`), from a file and from standard input written in small pieces; every
output and exit status must be identical. Inputs:

- the three texts of the `extract` benchmark (`benches/texts/`);
- the seed documents of `corpus/extract/seeds/` and each text of `corpus/extract/rules.jsonl`
  (with its options);
- texts made here: mixed 1- to 4-byte UTF-8 characters and CRLF line ends around and
  inside URLs, bytes that are not UTF-8, and rules texts cut and spliced together (as
  `tests/extract.rs` mutates them), deterministically;
- when present, the real material (its eight texts and every HTML page): `--material DIR`,
  else `$RFC1738_REAL_MATERIAL`, else `../shared/real-material` beside the checkout (as
  `.ci/run` finds the real archives); read where it lies, never copied.

Prints one line per kind of input and a summary; exits 1 on any difference.
"""

import argparse
import os
import json
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]

SETTINGS = [
    [],
    ["--dialect", "rfc1630"],
    ["--dialect", "draft"],
    ["--max-len", "256"],
    ["--line-numbers"],
]


def run(binary, args, stdin_bytes=None, piece=None):
    """Runs `binary extract ARGS`, optionally feeding standard input `piece` bytes a write."""
    command = [binary, "extract", *args]
    if stdin_bytes is None:
        done = subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL)
        return done.returncode, done.stdout, done.stderr
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    # Written from a thread so that a full output pipe cannot block the writer.
    import threading

    def feed():
        try:
            for at in range(0, len(stdin_bytes), piece):
                process.stdin.write(stdin_bytes[at : at + piece])
                process.stdin.flush()
            process.stdin.close()
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    out = process.stdout.read()
    err = process.stderr.read()
    writer.join()
    return process.wait(), out, err


def mixed_utf8_crlf(seed):
    """Text of 1- to 4-byte characters, CRLF line ends, URLs among them and broken by them."""
    rng = random.Random(seed)
    chars = ["a", "Z", " ", "-", "é", "ß", "—", "€", "中", "\U0001f600", "\U00010348", "\u00a0"]
    urls = [
        "http://h/é", "<URL:ftp://x/y-\r\n  z>", "http://a/b-\r\n c", "<http://z/\u00e9>",
        "news:comp.x", "gopher://g/1x", "URL:mailto:a@b", "<URL:http://h/\r\n\r\nx>",
        "file://h/€", "http://h/a(b)c).", "telnet://u@h/", "wais://w/d?q",
    ]
    pieces = []
    for _ in range(4000):
        roll = rng.random()
        if roll < 0.1:
            pieces.append(rng.choice(urls))
        elif roll < 0.2:
            pieces.append("\r\n")
        else:
            pieces.append("".join(rng.choice(chars) for _ in range(rng.randint(1, 12))))
        pieces.append(rng.choice([" ", "", "\r\n", "\u00a0"]))
    return "".join(pieces).encode("utf-8")


def not_utf8(seed):
    rng = random.Random(seed)
    parts = [b"x \xff http://h/\xe9 <URL:ftp://h/\xc3> ", b"\xc3\xa9 news:a \x80\x80 ", b"caf\xe9 <http://q/>\r\n"]
    return b"".join(rng.choice(parts) for _ in range(3000))


def spliced(texts, seed, count):
    """Rules texts cut and spliced together, as tests/extract.rs mutates them."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        text = ""
        for _ in range(rng.randint(1, 4)):
            piece = rng.choice(texts)
            cut = rng.randint(0, len(piece))
            text += piece[:cut] if rng.random() < 0.5 else piece[cut:]
            text += rng.choice(["", "\n", "-\n", " ", "<", ">", "URL:", "\n\n"])
        out.append(text)
    return "\n".join(out).encode("utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("new")
    checkout = pathlib.Path(__file__).resolve().parents[2]
    parser.add_argument(
        "--material",
        default=os.environ.get("RFC1738_REAL_MATERIAL", str(checkout.parent / "shared" / "real-material")),
        help="the real material's folder (default: $RFC1738_REAL_MATERIAL, else ../shared/real-material beside the checkout)",
    )
    parser.add_argument(
        "--rename",
        action="append",
        default=[],
        metavar="OLD=NEW",
        help="replace OLD by NEW in the base's output before comparing (a change made on purpose)",
    )
    args = parser.parse_args()

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="sameness-extract-"))
    groups = {}
    groups["bench texts"] = sorted((ROOT / "benches" / "texts").glob("*.txt"))
    groups["seed documents"] = sorted((ROOT / "corpus" / "extract" / "seeds").glob("*.txt"))
    rules = []
    for n, line in enumerate((ROOT / "corpus" / "extract" / "rules.jsonl").read_text().splitlines()):
        if not line.strip():
            continue
        case = json.loads(line)
        path = tmp / f"rule-{n:03}.txt"
        path.write_text(case["text"], encoding="utf-8")
        options = case.get("options") or {}
        extra = []
        if "dialect" in options:
            extra += ["--dialect", options["dialect"]]
        if "max_len" in options:
            extra += ["--max-len", str(options["max_len"])]
        if options.get("line_numbers"):
            extra += ["--line-numbers"]
        rules.append((path, extra))
    made = []
    for seed in range(3):
        path = tmp / f"mixed-utf8-crlf-{seed}.txt"
        path.write_bytes(mixed_utf8_crlf(seed))
        made.append(path)
    path = tmp / "not-utf8.txt"
    path.write_bytes(not_utf8(7))
    made.append(path)
    rule_texts = [json.loads(l)["text"] for l in (ROOT / "corpus" / "extract" / "rules.jsonl").read_text().splitlines() if l.strip()]
    for seed in range(4):
        path = tmp / f"spliced-{seed}.txt"
        path.write_bytes(spliced(rule_texts, seed, 500))
        made.append(path)
    groups["made texts"] = made
    material = pathlib.Path(args.material)
    if material.is_dir():
        groups["real texts"] = sorted((material / "texts").glob("*.txt"))
        groups["real pages"] = sorted((material / "pages").rglob("*.htm*"))

    failures = []
    total = 0

    def compare(label, cmd_args, stdin_bytes=None, piece=None):
        nonlocal total
        total += 1
        base = run(args.base, cmd_args, stdin_bytes, piece)
        new = run(args.new, cmd_args, stdin_bytes, piece)
        for pair in args.rename:
            old, replacement = (part.encode() for part in pair.split("=", 1))
            base = (base[0], base[1].replace(old, replacement), base[2].replace(old, replacement))
        if base != new:
            failures.append(f"{label}: {' '.join(cmd_args)}" + (f" (stdin, {piece}-byte writes)" if piece else ""))
        return base

    for name, paths in groups.items():
        before, found = len(failures), 0
        for path in paths:
            settings = SETTINGS if name != "real pages" else [[]]
            for setting in settings:
                for mode in ([], ["--json"]):
                    code, out, _ = compare(name, [*mode, *setting, str(path)])
                    if mode:
                        found += out.count(b"\n") if not setting else 0
        # Standard input in small pieces: the stream reader sees the bytes cut anywhere.
        for path in paths[:8]:
            data = path.read_bytes()
            if len(data) > 2_000_000:
                data = data[:300_000]
            for piece in (1, 7, 4093):
                if piece == 1 and len(data) > 100_000:
                    continue
                compare(name, ["--json", "-"], data, piece)
        print(f"{name}: {len(paths)} inputs, {found} findings (default settings), "
              f"{len(failures) - before} differences")
    before = len(failures)
    for path, extra in rules:
        for mode in ([], ["--json"]):
            compare("rules", [*mode, *extra, str(path)])
        compare("rules", ["--json", *extra, "-"], path.read_bytes(), 1)
    print(f"rules texts: {len(rules)} inputs, {len(failures) - before} differences")
    shutil.rmtree(tmp)
    print(f"{total} comparisons, {len(failures)} differences")
    for failure in failures[:20]:
        print("  DIFFERS", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
