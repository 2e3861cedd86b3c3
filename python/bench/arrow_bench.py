#!/usr/bin/env python3
"""rfc1738.arrow.parse against urllib.parse.urlsplit (a benchmark, not a test).

Usage: python python/bench/arrow_bench.py [--count N] [--repeat R]

On N (default 1,000,000) distinct URLs, made as bench.py makes them (every one valid by
RFC 1738), times:
  - urllib.parse.urlsplit, one call per URL of a Python list (the standard library);
  - rfc1738.arrow.parse, end to end from a pyarrow string array to a pyarrow struct
    array of the full report (every component as a typed column), on one thread, then
    on every core (the default);
  - rfc1738.parse_many on the same list, for reference (one dict per URL).
With --mixed, the URLs are the dirty corpus of the Rust benchmark instead
(benches/mixed-urls.txt, made by benches/make_mixed.py: every scheme, lengths like real
links, a quarter invalid by RFC 1738), made distinct by a number in a fragment
(``#n``, which changes neither a verdict nor a component but the fragment).
The runs are interleaved (each round runs each once) and the best round of each is kept,
so that a machine whose load changes during the run weighs on all of them alike. Before
timing, one call of each warms up (pyarrow imports pandas on its first conversion).
Prints a Markdown table (the one BENCHMARKS.md records).
"""

import argparse
import os
import platform
import sys
import time
import urllib.parse
from pathlib import Path

import pyarrow as pa

import rfc1738
import rfc1738.arrow

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import distinct_urls  # noqa: E402


def timed(run):
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def mixed_urls(count):
    """`count` distinct URLs of benches/mixed-urls.txt (a quarter invalid by RFC 1738)."""
    mixed = (Path(__file__).resolve().parents[2] / "benches" / "mixed-urls.txt").read_text().splitlines()
    # A fragment after a spoiled URL leaves it invalid at the same place; after a valid one,
    # valid (a fragment-id of digits).
    return [f"{mixed[i % len(mixed)]}#{i}" for i in range(count)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--mixed", action="store_true", help="the dirty corpus, a quarter invalid")
    args = parser.parse_args()

    urls = mixed_urls(args.count) if args.mixed else distinct_urls(args.count)
    array = pa.array(urls)
    cores = os.cpu_count() or 1
    runs = {
        "`urllib.parse.urlsplit`, per URL of a list": lambda: [urllib.parse.urlsplit(u) for u in urls],
        "`rfc1738.arrow.parse`, one thread": lambda: rfc1738.arrow.parse(array, threads=1),
        f"`rfc1738.arrow.parse`, every core ({cores})": lambda: rfc1738.arrow.parse(array),
        "`rfc1738.parse_many` (a dict per URL), for reference": lambda: rfc1738.parse_many(urls),
    }
    # the same rows whatever the threads
    assert rfc1738.arrow.parse(array, threads=1).equals(rfc1738.arrow.parse(array))
    for run in runs.values():
        run()
    best = {name: float("inf") for name in runs}
    for _ in range(args.repeat):
        for name, run in runs.items():
            best[name] = min(best[name], timed(run))

    base = best["`urllib.parse.urlsplit`, per URL of a list"]
    corpus = "of the dirty corpus (a quarter invalid)" if args.mixed else "valid"
    print(f"{args.count:,} distinct URLs {corpus}, best of {args.repeat} interleaved rounds; "
          f"CPython {platform.python_version()}, pyarrow {pa.__version__}, {cores} cores")
    print()
    print("| what | time per URL | URLs per second | rate against urlsplit |")
    print("| --- | ---: | ---: | ---: |")
    for name, seconds in best.items():
        per = seconds / args.count
        print(f"| {name} | {per * 1e9:,.0f} ns | {1 / per / 1e6:.2f} M | {base / seconds:.2f}x |")


if __name__ == "__main__":
    main()
