#!/usr/bin/env python3
"""Archive keys against PyPI surt 0.3.1 (a benchmark, not a test).

Usage: python python/bench/keys_bench.py [--count N] [--repeat R] [--binary PATH]

On N (default 200,000) distinct URLs valid by RFC 1738, made as bench.py makes them (every
scheme of RFC 1738), times, in the same run:
  - PyPI surt's `surt.surt`, one call per URL of a Python list (the peer);
  - `rfc1738.key(url, style="surt")` and `rfc1738.key(url)` (the scheme-aware key), one
    call per URL of the same list;
  - `rfc1738.arrow.keys` in both styles, from a pyarrow string array to a struct array
    (key, error, and for the scheme-aware style the surt key and the merges too, or with
    `compare=False` the key alone), on one thread and on every core; and
    `rfc1738.arrow.parse` on the same array, the rate the issue holds the Arrow keys to;
  - with --binary, the command `rfc1738 key [--style surt] -f FILE > /dev/null` on the
    URLs written one per line (keys from text), process start included.
The runs are interleaved (each round runs each once) and the best round of each is kept.
Prints a Markdown table (the one BENCHMARKS.md records).
"""

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import surt

import rfc1738
import rfc1738.arrow

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import distinct_urls  # noqa: E402


def timed(run):
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--binary", help="the rfc1738 command (a release build)")
    args = parser.parse_args()

    urls = []
    for url in distinct_urls(args.count + args.count // 10):
        try:
            surt.surt(url)  # only the URLs surt keys (a few templates have a port it refuses)
        except ValueError:
            continue
        urls.append(url)
    urls = urls[: args.count]
    array = pa.array(urls)
    cores = os.cpu_count() or 1
    # The same keys from every path (a check, not timed).
    assert [rfc1738.key(u, style="surt") for u in urls[:2000]] == [surt.surt(u) for u in urls[:2000]]
    assert rfc1738.arrow.keys(array[:2000], threads=1).equals(rfc1738.arrow.keys(array[:2000]))
    peer = "PyPI `surt.surt`, per URL of a list"
    runs = {
        peer: lambda: [surt.surt(u) for u in urls],
        "`rfc1738.key(url, style=\"surt\")`, per URL": lambda: [rfc1738.key(u, style="surt") for u in urls],
        "`rfc1738.key(url)` (scheme-aware), per URL": lambda: [rfc1738.key(u) for u in urls],
        "`rfc1738.arrow.keys(style=\"surt\")`, one thread": lambda: rfc1738.arrow.keys(array, style="surt", threads=1),
        "`rfc1738.arrow.keys` (scheme-aware, with surt and merges), one thread": lambda: rfc1738.arrow.keys(array, threads=1),
        "`rfc1738.arrow.keys(compare=False)` (scheme-aware, the key alone), one thread": lambda: rfc1738.arrow.keys(array, compare=False, threads=1),
        f"`rfc1738.arrow.keys` (scheme-aware), every core ({cores})": lambda: rfc1738.arrow.keys(array),
        "`rfc1738.arrow.parse`, one thread (the rate to hold)": lambda: rfc1738.arrow.parse(array, threads=1),
        f"`rfc1738.arrow.parse`, every core ({cores})": lambda: rfc1738.arrow.parse(array),
    }
    folder = tempfile.mkdtemp()
    if args.binary:
        listing = Path(folder) / "urls.txt"
        listing.write_text("\n".join(urls) + "\n")
        for style in ("surt", "rfc1738"):
            command = [args.binary, "key", "--style", style, "-f", str(listing)]
            runs[f"`rfc1738 key --style {style} -f FILE` (the command, keys from text)"] = (
                lambda command=command: subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            )
    for run in runs.values():
        run()
    best = {name: float("inf") for name in runs}
    for _ in range(args.repeat):
        for name, run in runs.items():
            best[name] = min(best[name], timed(run))

    base = best[peer]
    print(f"{args.count:,} distinct URLs, best of {args.repeat} interleaved rounds; "
          f"CPython {platform.python_version()}, surt 0.3.1, pyarrow {pa.__version__}, {cores} cores")
    print()
    print("| what | time per URL | URLs per second | rate against surt |")
    print("| --- | ---: | ---: | ---: |")
    for name, seconds in best.items():
        per = seconds / args.count
        print(f"| {name} | {per * 1e9:,.0f} ns | {1 / per / 1e6:.2f} M | {base / seconds:.1f}x |")


if __name__ == "__main__":
    main()
