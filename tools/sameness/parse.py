#!/usr/bin/env python3
"""Sameness check of the URL modes of `rfc1738`: two binaries, byte-identical output.

    python3 tools/sameness/parse.py BASE NEW [--mutations N] [--seed S]

BASE is a binary built from the commit to compare against, NEW the one under test (for
example `target/release/rfc1738`). Both read the same inputs, one per line from a file,
and must print the same bytes on standard output and standard error, with the same exit
status, in every mode that parses:

- `parse --json`, as references and `--url-only`, in each dialect (`rfc1738`, `rfc1630`,
  `draft`), so error objects (offset, expected list, message) are compared too;
- `lint --json --all` and `normalize --json` in each dialect;
- `request --json` and `request` (text: the lines sent, shown) in each dialect;
- `parse` (text: the caret blocks of errors) in each dialect;
- `resolve --json` in each mode (`rfc1630`, `draft`, `rfc1808`, `cern`), each input read
  as a partial form against a few contexts.

Inputs: every `input` (and `context`, `partial`) of the corpus's `.jsonl` files, and N
(default 200,000) mutations of them per dialect: one to three insertions, deletions or
replacements of a byte from URL punctuation, broken escapes, a letter outside US-ASCII, a
tab, a space, deterministically from the seed. Prints one line per mode and a summary;
exits 1 on any difference.

`--rename OLD=NEW` (repeatable) replaces OLD by NEW in the base's output before comparing:
a change made on purpose (a message that names a moved API path) is named once, and
everything else must still be the same bytes.
"""

import argparse
import json
import pathlib
import random
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]

DIALECTS = ["rfc1738", "rfc1630", "draft"]
RESOLVE_MODES = ["rfc1630", "draft", "rfc1808", "cern"]
CONTEXTS = [
    "http://a/b/c/d;p?q",
    "magic://a/b/c//d/e/f",
    "ftp://h/pub/dir/file;type=a",
    "gopher://h:70/1sel",
]
# What a mutation inserts or puts in place of a byte.
PIECES = [
    ":", "/", "//", "@", "?", "#", ";", "=", "&", "%", "%0", "%zz", "%09", "%2F", ".", "-",
    "+", "*", "~", "[", "]", "<", ">", '"', " ", "\t", "é", "0", "9", "a", "Z", "URL:", "::",
]


def corpus_inputs():
    """Every input, context and partial form of the corpus, each once, in file order."""
    seen, inputs = set(), []
    for path in sorted(ROOT.glob("corpus/**/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith("//"):
                continue
            try:
                case = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not isinstance(case, dict):
                continue
            for key in ("input", "context", "partial", "base", "url"):
                value = case.get(key)
                if isinstance(value, str) and "\n" not in value and value not in seen:
                    seen.add(value)
                    inputs.append(value)
    return inputs


def mutate(rng, text):
    """One to three edits of `text`."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(chars))
        edit = rng.randrange(3)
        if edit == 0 or not chars:
            chars[at:at] = list(rng.choice(PIECES))
        elif edit == 1:
            del chars[min(at, len(chars) - 1)]
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(PIECES)
    return "".join(chars).replace("\n", "")


def run(binary, args, path):
    done = subprocess.run([binary, *args, "-f", str(path)], capture_output=True)
    return done.returncode, done.stdout, done.stderr


def run_resolve(binary, mode, context, path):
    done = subprocess.run(
        [binary, "resolve", "--json", "--mode", mode, context, "-f", str(path)],
        capture_output=True,
    )
    return done.returncode, done.stdout, done.stderr


RENAMES = []


def compare(label, base, new, count):
    for old, replacement in RENAMES:
        base = (
            base[0],
            base[1].replace(old.encode(), replacement.encode()),
            base[2].replace(old.encode(), replacement.encode()),
        )
    if base == new:
        print(f"same      {label} ({count} inputs)")
        return 0
    for name, a, b in zip(("status", "stdout", "stderr"), base, new):
        if a != b:
            detail = ""
            if name != "status":
                for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
                    if x != y:
                        detail = f" first at line {i + 1}:\n  base {x[:300]!r}\n  new  {y[:300]!r}"
                        break
                else:
                    detail = f" (lengths {len(a)} and {len(b)})"
            print(f"DIFFERENT {label}: {name}{detail}")
            break
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--mutations", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--rename", action="append", default=[], metavar="OLD=NEW")
    args = parser.parse_args()
    RENAMES.extend(tuple(pair.split("=", 1)) for pair in args.rename)
    corpus = corpus_inputs()
    differences = 0
    with tempfile.TemporaryDirectory() as directory:
        directory = pathlib.Path(directory)
        corpus_path = directory / "corpus.txt"
        corpus_path.write_text("\n".join(corpus) + "\n", encoding="utf-8")
        sets = [("corpus", corpus_path, len(corpus), None)]
        for dialect in DIALECTS:
            rng = random.Random(f"{args.seed}-{dialect}")
            mutated = [mutate(rng, rng.choice(corpus)) for _ in range(args.mutations)]
            path = directory / f"mutated-{dialect}.txt"
            path.write_text("\n".join(mutated) + "\n", encoding="utf-8")
            sets.append((f"{args.mutations} mutated", path, len(mutated), dialect))
        for name, path, count, only in sets:
            for dialect in DIALECTS if only is None else [only]:
                modes = [
                    ["parse", "--json", "--dialect", dialect],
                    ["parse", "--json", "--url-only", "--dialect", dialect],
                    ["lint", "--json", "--all", "--dialect", dialect],
                    ["normalize", "--json"] if dialect == "rfc1738" else None,
                    ["request", "--json", "--allow-dangerous", "--dialect", dialect],
                    ["request", "--dialect", dialect],
                    ["parse", "--dialect", dialect],
                ]
                for mode in filter(None, modes):
                    label = f"{' '.join(mode)} on {name}"
                    differences += compare(
                        label, run(args.base, mode, path), run(args.new, mode, path), count
                    )
            if only in (None, "rfc1738"):
                for mode in RESOLVE_MODES:
                    for context in CONTEXTS:
                        label = f"resolve --mode {mode} {context} on {name}"
                        differences += compare(
                            label,
                            run_resolve(args.base, mode, context, path),
                            run_resolve(args.new, mode, context, path),
                            count,
                        )
    print(f"{differences} difference(s)")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
