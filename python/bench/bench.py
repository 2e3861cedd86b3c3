#!/usr/bin/env python3
"""The Python package's speed against urllib.parse.urlsplit (a benchmark, not a test).

Usage: python python/bench/bench.py [--count N] [--repeat R]

Times, on the same N (default 100,000) distinct URLs:
  - urllib.parse.urlsplit, one call per URL (the standard library's splitter);
  - rfc1738.parse, one call per URL (a typed Url, components on request);
  - rfc1738.parse and .to_dict() per URL (the full report, as parse --json prints it);
  - rfc1738.parse_many on the whole list (one dict per URL, the full report);
  - for reference, dict.copy() of each of parse_many's dicts: what making (and freeing)
    that many dicts of that size costs alone, with no parsing and no string made.
Each is run R times (default 5) and the best run is kept. The URLs are made
deterministically from benches/valid-urls.txt (the Rust benchmark's inputs) by varying
their hosts, paths and numbers, and each is checked valid by rfc1738; they are distinct,
because urlsplit caches its last 128 answers and repeated URLs would time its cache.
Prints a Markdown table (the one BENCHMARKS.md records).
"""

import argparse
import pathlib
import platform
import sys
import time
import urllib.parse

import rfc1738

ROOT = pathlib.Path(__file__).resolve().parents[2]


def distinct_urls(count):
    """`count` distinct URLs valid by RFC 1738, made from the Rust benchmark's inputs."""
    templates = []
    for line in (ROOT / "benches" / "valid-urls.txt").read_text().splitlines():
        try:
            url = rfc1738.parse(line)
        except rfc1738.ParseError:
            continue
        templates.append((line, getattr(url, "host", None)))  # per-scheme classes: news has none
    urls = []
    seen = set()
    n = 0
    while len(urls) < count:
        for text, host in templates:
            n += 1
            if host and not host[0].isdigit():
                # another host: a label with a number before the template's host
                candidate = text.replace(host, f"h{n}.{host}", 1)
            elif text.endswith("/"):
                candidate = f"{text}p{n}"
            else:
                candidate = f"{text}{n}"
            if candidate in seen:
                continue
            try:
                rfc1738.parse(candidate)
            except rfc1738.ParseError:
                continue
            seen.add(candidate)
            urls.append(candidate)
            if len(urls) == count:
                break
    return urls


def best_of(repeat, run):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    urls = distinct_urls(args.count)
    assert len(set(urls)) == len(urls) == args.count
    split = urllib.parse.urlsplit
    parse = rfc1738.parse

    def run_urlsplit():
        for url in urls:
            split(url)

    def run_parse():
        for url in urls:
            parse(url)

    def run_parse_to_dict():
        for url in urls:
            parse(url).to_dict()

    def run_parse_many():
        rfc1738.parse_many(urls)

    reports = rfc1738.parse_many(urls)

    def run_copy_dicts():
        [report.copy() for report in reports]

    rows = [
        ("urllib.parse.urlsplit, per URL", run_urlsplit),
        ("rfc1738.parse, per URL (typed Url)", run_parse),
        ("rfc1738.parse(...).to_dict(), per URL", run_parse_to_dict),
        ("rfc1738.parse_many, the whole list", run_parse_many),
        ("(reference) dict.copy() of each of parse_many's dicts", run_copy_dicts),
    ]
    times = [(name, best_of(args.repeat, run)) for name, run in rows]
    base = times[0][1]
    print(f"{args.count:,} distinct URLs, best of {args.repeat}; Python {platform.python_version()}, "
          f"{platform.machine()}, {platform.processor() or platform.system()}")
    print()
    print("| what | time per URL | URLs per second | rate against urlsplit |")
    print("| --- | ---: | ---: | ---: |")
    for name, seconds in times:
        per = seconds / args.count
        print(f"| {name} | {per * 1e9:,.0f} ns | {args.count / seconds / 1e6:.2f} M | {base / seconds:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
