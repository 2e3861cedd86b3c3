#!/usr/bin/env python3
"""The old-scheme URLs of the pages and texts of ../shared/real-material/, keyed in both
styles: how many distinct keys each style gives, and the groups of URLs the surt style
merges that the scheme-aware style keeps apart (the numbers of issue 48's closing note).

Usage: python3 tools/keys/real_material.py PATH-TO-rfc1738 [REAL-MATERIAL-DIR] [--groups N]

The URLs: every URL `rfc1738 extract --json` finds in every file (texts, pages, the
programs' sources among them), and every absolute `href` of `rfc1738 links --json` on the
pages (links without a base are left out: their absolute form is unknown), whose scheme is
one of RFC 1738's old schemes (gopher, ftp, news, nntp, telnet, wais, file, mailto,
prospero) and which RFC 1738 reads as valid. Each distinct URL is keyed once by
`rfc1738 key --json` (which gives both styles and the merges). Standard library only.
"""

import collections
import json
import subprocess
import sys
from pathlib import Path

OLD = ("gopher", "ftp", "news", "nntp", "telnet", "wais", "file", "mailto", "prospero")


def lines_of(command):
    done = subprocess.run(command, capture_output=True, check=False)
    return [json.loads(line) for line in done.stdout.decode("utf-8", "replace").splitlines() if line.startswith("{")]


def main():
    args = sys.argv[1:]
    groups_shown = 10
    if "--groups" in args:
        at = args.index("--groups")
        groups_shown = int(args[at + 1])
        del args[at : at + 2]
    binary = args[0]
    root = Path(args[1] if len(args) > 1 else Path(__file__).resolve().parents[3] / "shared" / "real-material")
    files = sorted(p for p in (root / "pages").rglob("*") if p.is_file())
    files += sorted(p for p in (root / "texts").rglob("*") if p.is_file())
    urls = set()
    for chunk in range(0, len(files), 200):
        batch = [str(p) for p in files[chunk:chunk + 200]]
        for found in lines_of([binary, "extract", "--json", "--format", "text", *batch]):
            if found.get("valid") and found.get("url"):
                urls.add(found["url"])
    for link in lines_of([binary, "links", "--json", str(root / "pages")]):
        if link.get("valid") and link.get("result"):
            urls.add(link["result"])
    old = sorted(u for u in urls if u.split(":", 1)[0].lower() in OLD)
    # Every URL is keyed (http's too): a surt key may merge URLs of two schemes.
    reports = [r for r in lines_of([binary, "key", "--json", *sorted(urls)]) if "key" in r]
    scheme_of = lambda report: report["key"].split(":", 1)[0]
    groups = collections.defaultdict(set)
    for report in reports:
        groups[report["surt"]].add(report["key"])
    print(f"{len(files)} files, {len(urls)} distinct valid URLs, {len(old)} of the old schemes\n")
    print("| scheme | URLs | distinct rfc1738 keys | distinct surt keys | surt keys that merge rfc1738 keys | URLs in them |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    totals = [0, 0, 0, 0, 0]
    for scheme in OLD:
        rows = [r for r in reports if scheme_of(r) == scheme]
        if not rows:
            continue
        ours = {r["key"] for r in rows}
        theirs = {r["surt"] for r in rows}
        merging = [k for k in theirs if len(groups[k]) > 1]
        in_groups = sum(1 for r in rows if len(groups[r["surt"]]) > 1)
        numbers = [len(rows), len(ours), len(theirs), len(merging), in_groups]
        totals = [a + b for a, b in zip(totals, numbers)]
        print(f"| {scheme} | " + " | ".join(f"{n:,}" for n in numbers) + " |")
    print("| the old schemes | " + " | ".join(f"{n:,}" for n in totals) + " |")
    across = {k: v for k, v in groups.items() if len({key.split(":", 1)[0] for key in v}) > 1}
    print(f"\nsurt keys shared by URLs of two schemes or more (http included): {len(across):,}")
    all_groups = sorted(((k, sorted(v)) for k, v in groups.items() if len(v) > 1 and
                         any(key.split(":", 1)[0] in OLD for key in v)), key=lambda g: (-len({x.split(":", 1)[0] for x in g[1]}), g[0]))
    reasons = collections.Counter(m for r in reports for m in r.get("merges", []))
    print("\nmerges (URLs whose surt key merges them with others by):",
          ", ".join(f"{name} {n:,}" for name, n in reasons.most_common()))
    print(f"\nthe first {groups_shown} groups the surt style merges (surt key: the rfc1738 keys in it):")
    for surt_key, keys in all_groups[:groups_shown]:
        shown = "  |  ".join(keys[:6]) + (f"  |  ... ({len(keys)} in all)" if len(keys) > 6 else "")
        print(f"  {surt_key}: {shown}")


if __name__ == "__main__":
    main()
