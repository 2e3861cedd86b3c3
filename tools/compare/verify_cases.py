#!/usr/bin/env python3
"""Checks the results of corpus/compare/cases.jsonl against second implementations: each
`whatwg` result against Node's `URL` (the WHATWG URL Standard as Node ships it), each
`rfc3986` result against RFC 3986 section 5.2's algorithm written out below (strict: a
reference with a scheme is absolute). The other modes' results are the modes' own, held by
their corpus files (corpus/resolve/).

Usage: python3 tools/compare/verify_cases.py   (needs `node` on the PATH)
Exit status 0 when every result checked agrees.
"""

import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]

SPLIT = re.compile(r"^(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$", re.S)


def remove_dot_segments(path):
    """RFC 3986 section 5.2.4."""
    out = []
    while path:
        if path.startswith("../"):
            path = path[3:]
        elif path.startswith("./"):
            path = path[2:]
        elif path.startswith("/./"):
            path = path[2:]
        elif path == "/.":
            path = "/"
        elif path.startswith("/../"):
            path = path[3:]
            if out:
                out.pop()
        elif path == "/..":
            path = "/"
            if out:
                out.pop()
        elif path in (".", ".."):
            path = ""
        else:
            start = 1 if path.startswith("/") else 0
            end = path.find("/", start)
            end = len(path) if end < 0 else end
            out.append(path[:end])
            path = path[end:]
    return "".join(out)


def rfc3986(base, ref):
    """RFC 3986 sections 5.2.2 (strict), 5.2.3 and 5.3; None when the base has no scheme."""
    bs, ba, bp, bq, _ = SPLIT.match(base).groups()
    rs, ra, rp, rq, rf = SPLIT.match(ref).groups()
    if rs is not None:
        ts, ta, tp, tq = rs, ra, remove_dot_segments(rp), rq
    else:
        if bs is None:
            return None
        if ra is not None:
            ta, tp, tq = ra, remove_dot_segments(rp), rq
        else:
            if rp == "":
                tp, tq = bp, (rq if rq is not None else bq)
            else:
                if rp.startswith("/"):
                    tp = remove_dot_segments(rp)
                else:
                    if ba is not None and bp == "":
                        merged = "/" + rp
                    else:
                        merged = bp[: bp.rfind("/") + 1] + rp
                    tp = remove_dot_segments(merged)
                tq = rq
            ta = ba
        ts = bs
    out = ts + ":" if ts is not None else ""
    if ta is not None:
        out += "//" + ta
    out += tp
    if tq is not None:
        out += "?" + tq
    if rf is not None:
        out += "#" + rf
    return out


def node_urls(pairs):
    """Node's URL on each (base, link): the href, or None where it throws."""
    script = (
        "const pairs = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(pairs.map(([b, l]) => {"
        " try { return new URL(l, b).href } catch (e) { return null } })));"
    )
    done = subprocess.run(["node", "-e", script], input=json.dumps(pairs).encode(), capture_output=True, check=True)
    return json.loads(done.stdout)


def main():
    cases = [json.loads(line) for line in (ROOT / "corpus" / "compare" / "cases.jsonl").read_text(encoding="utf-8").splitlines() if line]
    version = subprocess.run(["node", "--version"], capture_output=True, check=True).stdout.decode().strip()
    wanted = [case for case in cases if "whatwg" in case["modes"]]
    hrefs = node_urls([[case["base"], case["link"]] for case in wanted])
    problems, checked = [], 0
    for case, href in zip(wanted, hrefs):
        checked += 1
        if case["results"]["whatwg"] != href:
            problems.append(f"{case['id']} whatwg: {case['results']['whatwg']!r}, Node {version}: {href!r}")
    for case in cases:
        if "rfc3986" in case["modes"]:
            checked += 1
            theirs = rfc3986(case["base"], case["link"])
            if case["results"]["rfc3986"] != theirs:
                problems.append(f"{case['id']} rfc3986: {case['results']['rfc3986']!r}, RFC 3986 5.2: {theirs!r}")
    print("\n".join(problems) if problems else f"{checked} results agree (whatwg with Node {version}, rfc3986 with section 5.2)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
