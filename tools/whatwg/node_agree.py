#!/usr/bin/env python3
"""The resolution mode `whatwg` (the url crate) against a second implementation of the WHATWG
URL Standard, Node's built-in `URL` (ada), on every link of the real pages.

Usage: python3 tools/whatwg/node_agree.py PATH-TO-rfc1738 [REAL-MATERIAL-DIR] [--node NODE] [--show N]

The links: `rfc1738 links --json --mode whatwg` over every folder of REAL-MATERIAL-DIR/pages
(default ../shared/real-material beside the checkout) with the folder's MANIFEST.tsv as
`--bases` (the URL each page was served from), and over the pages outside any folder
without a base. Each link with an href is compared with `new URL(href, base)` in Node, where
`base` is the one the lister resolved it against: the page's URL, or from a BASE element on
the BASE's own result (what the check holds is the URL parser, not HTML's choice of base);
without one, `new URL(href)`. A link the mode resolved must give the same string; a link it
refused (`whatwg-failure`, `whatwg-base-failure`) must make Node throw. Links without an href
(too long, unclosed) or without a base for a relative href are not compared. Then every case
of corpus/resolve/whatwg.jsonl the same way (its `result`, or its `error`: Node throws).

One Node process reads the pairs as JSON lines on standard input (not a process per link).
Prints the number of links compared and the differences (the first --show, 10 by default);
exits 1 on any difference, 2 when Node or the command cannot be run. Standard library only.
"""

import json
import subprocess
import sys
from pathlib import Path

NODE_SCRIPT = r"""
const lines = require('fs').readFileSync(0, 'utf8').split('\n');
const out = [];
for (const line of lines) {
  if (!line) continue;
  const [base, href] = JSON.parse(line);
  try {
    out.push(JSON.stringify({ result: base === null ? new URL(href).href : new URL(href, base).href }));
  } catch (error) {
    out.push(JSON.stringify({ error: String(error.message) }));
  }
}
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
"""

REFUSALS = ("whatwg-failure", "whatwg-base-failure")


def links_of(binary, args):
    done = subprocess.run([binary, "links", "--json", "--mode", "whatwg", *args], capture_output=True, check=False)
    if done.returncode not in (0, 1, 2) or not done.stdout:
        sys.exit(f"{binary} links failed ({done.returncode}): {done.stderr.decode('utf-8', 'replace')[:500]}")
    return [json.loads(line) for line in done.stdout.decode("utf-8", "replace").splitlines() if line.startswith("{")]


def without_fragment(url):
    return url.split("#", 1)[0]


def main():
    args = sys.argv[1:]
    node, shown = "node", 10
    for option in ("--node", "--show"):
        if option in args:
            at = args.index(option)
            value = args[at + 1]
            del args[at : at + 2]
            if option == "--node":
                node = value
            else:
                shown = int(value)
    if not args:
        sys.exit(__doc__)
    binary = args[0]
    root = Path(args[1] if len(args) > 1 else Path(__file__).resolve().parents[3] / "shared" / "real-material")
    pages = root / "pages"
    if not pages.is_dir():
        print(f"no pages at {pages}", file=sys.stderr)
        sys.exit(2)
    # Each folder with its manifest (lines PAGE, URL and the page's original path, which
    # `--bases` ignores); the pages outside a manifest's folder, without a base.
    bases, links = {}, []
    for manifest in sorted(pages.glob("*/MANIFEST.tsv")):
        for line in manifest.read_text(encoding="utf-8").splitlines():
            fields = line.split("\t")
            if len(fields) >= 2:
                bases[str((manifest.parent / fields[0]).resolve())] = fields[1]
        links += links_of(binary, ["--bases", str(manifest), str(manifest.parent)])
    loose = sorted(str(p) for p in pages.iterdir() if p.is_file() and p.suffix.lower() in (".html", ".htm"))
    if loose:
        links += links_of(binary, loose)
    # The base each link was resolved against, page by page, as the lister holds it.
    pairs, compared_links = [], []
    current, current_file = None, None
    for link in links:
        if link.get("file") != current_file:
            current_file = link.get("file")
            given = bases.get(str(Path(current_file).resolve()))
            current = without_fragment(given) if given else None
        href = link.get("href")
        code = (link.get("error") or {}).get("code")
        if href is None or link.get("element") == "#comment":
            continue
        base = current
        if link.get("element") == "base":
            # The lister reads BASE HREF against the page's URL (or alone), as a browser does.
            if "result" in link:
                current = without_fragment(link["result"])
        if "result" in link or code in REFUSALS:
            pairs.append([base, href])
            compared_links.append(link)
    page_pairs = len(pairs)
    corpus = Path(__file__).resolve().parents[2] / "corpus" / "resolve" / "whatwg.jsonl"
    for line in corpus.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        pairs.append([case["context"] or None, case["partial"]])
        compared_links.append({"file": f"corpus {case['id']}", "line": None, **case})
    try:
        done = subprocess.run([node, "-e", NODE_SCRIPT], input="".join(json.dumps(p) + "\n" for p in pairs),
                              capture_output=True, text=True, check=False)
    except FileNotFoundError:
        print(f"{node} not found: install Node (Debian: apt-get install nodejs)", file=sys.stderr)
        sys.exit(2)
    if done.returncode != 0:
        print(f"node failed: {done.stderr[:500]}", file=sys.stderr)
        sys.exit(2)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    if len(answers) != len(pairs):
        print(f"node answered {len(answers)} of {len(pairs)} pairs", file=sys.stderr)
        sys.exit(2)
    differences = []
    for (base, href), link, answer in zip(pairs, compared_links, answers):
        ours = link.get("result")
        theirs = answer.get("result")
        if ours != theirs:
            differences.append((link, base, href, ours if ours is not None else f"refused: {link['error']['message']}",
                                theirs if theirs is not None else f"throws: {answer['error']}"))
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    pages_count = len({link.get("file") for link in links})
    refused = sum(1 for link in compared_links[:page_pairs] if "result" not in link)
    print(f"{page_pairs} links of {pages_count} pages compared with Node {version}'s URL "
          f"({refused} of them refused by the url crate; {len(links) - page_pairs} not compared: no href, or no "
          f"base for a relative one), and {len(pairs) - page_pairs} cases of {corpus.name}: "
          f"{len(differences)} differences")
    for link, base, href, ours, theirs in differences[:shown]:
        print(f"  {link['file']}:{link.get('line')}: {href!r} against {base!r}\n    url crate: {ours}\n    Node:      {theirs}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
