#!/usr/bin/env python3
"""Then and now over the real pages of 1990-1996 (issue 49's closing note): how many links,
and how many pages, resolve otherwise by each pair of modes, by class of difference.

Usage: python3 tools/compare/real_pages.py PATH-TO-rfc1738 [REAL-MATERIAL-DIR] [--by-folder]

The pages: every page of REAL-MATERIAL-DIR/pages/ (default ../shared/real-material, beside
the repository), each against the URL its folder's MANIFEST.tsv gives (`--bases`; the
Lynx and libwww bases are assumed, as the material's README says). One run of
`rfc1738 links --json --summary --compare cern,whatwg,rfc3986,rfc1808,rfc2396` gives each
link's results and classes, and the number of pages read. The pairs are those of the
issue: cern/whatwg, cern/rfc3986, rfc1808/rfc3986, rfc1808/whatwg, rfc2396/rfc3986. A
link counts in a class when its difference has that class (a link of two classes counts
in both); a page counts when one of its links does. `--by-folder` adds the cern/whatwg
row of each folder. Standard library only; the output is the same on every run.
"""

import collections
import json
import subprocess
import sys
from pathlib import Path

MODES = ["cern", "whatwg", "rfc3986", "rfc1808", "rfc2396"]
PAIRS = [("cern", "whatwg"), ("cern", "rfc3986"), ("rfc1808", "rfc3986"), ("rfc1808", "whatwg"), ("rfc2396", "rfc3986")]
CLASSES = [
    "whitespace", "backslash", "escaping", "case", "localhost", "scheme-relative", "empty-path",
    "trailing-dot", "default-port", "dot-segments", "empty-query", "fragment", "refused", "other",
]


def pair_key(first, second):
    """The key of `differences` for a pair, in the order the modes were given."""
    a, b = sorted((first, second), key=MODES.index)
    return f"{a}/{b}"


def percent(part, whole):
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main():
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    by_folder = "--by-folder" in sys.argv
    binary = args[0]
    root = Path(args[1] if len(args) > 1 else Path(__file__).resolve().parents[3] / "shared" / "real-material")
    pages = root / "pages"
    manifests = sorted(pages.glob("*/MANIFEST.tsv"))
    command = [binary, "links", "--json", "--summary", "--compare", ",".join(MODES)]
    for manifest in manifests:
        command += ["--bases", str(manifest)]
    done = subprocess.run(command + [str(pages)], capture_output=True, check=False)
    links = [json.loads(line) for line in done.stdout.decode("utf-8", "replace").splitlines() if line.startswith("{")]
    summaries = [json.loads(line) for line in done.stderr.decode("utf-8", "replace").splitlines()
                 if line.startswith('{"summary":"compare"')]
    total_pages = summaries[-1]["pages"]
    total_links = len(links)
    with_links = len({link["file"] for link in links})
    print(f"{total_links:,} links on {total_pages:,} pages ({with_links:,} with a link) of {pages}, "
          f"bases from {len(manifests)} MANIFEST.tsv files\n")
    print("| pair | links that differ | pages with one | " + " | ".join(CLASSES) + " |")
    print("| --- | ---: | ---: | " + " | ".join("---:" for _ in CLASSES) + " |")
    for first, second in PAIRS:
        key = pair_key(first, second)
        differing = [link for link in links if key in link.get("differences", {})]
        files = {link["file"] for link in differing}
        cells = []
        for name in CLASSES:
            having = [link for link in differing if name in link["differences"][key]]
            pages_having = len({link["file"] for link in having})
            cells.append(f"{len(having)} / {pages_having}" if having else "")
        print(f"| {first} / {second} | {len(differing):,} ({percent(len(differing), total_links)}) "
              f"| {len(files):,} ({percent(len(files), total_pages)}) | " + " | ".join(cells) + " |")
    print("\n(a class cell: links / pages)")
    if by_folder:
        # The folders, and the pages whose base is no assumption and that are no test
        # pages: pages/cern, pages/libwww, pages/mosaic and the comment cases (Lynx's
        # file://localhost/ base is assumed; roy/ holds relative-URL test pages).
        folder_of = lambda link: Path(link["file"]).relative_to(pages).parts[0]
        groups = collections.defaultdict(list)
        for link in links:
            groups[folder_of(link)].append(link)
        served = [link for link in links if folder_of(link) not in ("lynx", "roy")]
        page_count = {folder: sum(1 for p in (pages / folder).rglob("*") if p.suffix in (".html", ".htm", ".shtml"))
                      if (pages / folder).is_dir() else 1 for folder in groups}
        rows = sorted(groups.items()) + [("all but lynx/ and roy/", served)]
        page_count["all but lynx/ and roy/"] = sum(n for f, n in page_count.items() if f not in ("lynx", "roy"))
        print("\nBy folder: links (and pages) that differ, of the folder's links (and pages)\n")
        print("| folder | links | pages | " + " | ".join(f"{a} / {b}" for a, b in PAIRS) + " |")
        print("| --- | ---: | ---: | " + " | ".join("---:" for _ in PAIRS) + " |")
        for folder, rows_of in rows:
            cells = []
            for first, second in PAIRS:
                key = pair_key(first, second)
                differing = [link for link in rows_of if key in link.get("differences", {})]
                files = {link["file"] for link in differing}
                cells.append(f"{len(differing)} ({percent(len(differing), len(rows_of))}) / "
                             f"{len(files)} ({percent(len(files), page_count[folder])})")
            print(f"| {folder} | {len(rows_of):,} | {page_count[folder]:,} | " + " | ".join(cells) + " |")

if __name__ == "__main__":
    main()
