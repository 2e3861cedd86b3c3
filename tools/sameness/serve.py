#!/usr/bin/env python3
"""Sameness check of the explorer's API (`rfc1738 serve`): two binaries, byte-identical
answers.

    python3 tools/sameness/serve.py BASE NEW

Starts both binaries' explorers on free ports of 127.0.0.1 and asks each the same
requests: `/api/tree` (as a reference and as a URL alone) in each dialect and
`/api/resolve` without a mode (every mode's answer) for 1,500 corpus inputs and 500
mutations of them, and a few errors; every status and body must be the same bytes. The
partial-form message that names the moved `rfc1738::resolution::resolve` (issue 46) is
the one change made on purpose: the base's is renamed before comparing.
"""
import json, subprocess, sys, urllib.request, urllib.parse, random, pathlib
def start(binary):
    p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    url = line.split(" is at ")[1].split(" ")[0]
    return p, url
inputs = []
for f in sorted(pathlib.Path("corpus").glob("*.jsonl")):
    for line in f.read_text().splitlines():
        try: case = json.loads(line)
        except Exception: continue
        if isinstance(case.get("input"), str): inputs.append(case["input"])
rng = random.Random(7)
inputs = inputs[:1500] + [i[:rng.randrange(len(i)+1)] + rng.choice([":","%","#","/","é","\t"]) + i[rng.randrange(len(i)+1):] for i in rng.sample(inputs, 500)]
a, ua = start(sys.argv[1]); b, ub = start(sys.argv[2])
RENAME = (b"resolve it first (rfc1738::resolve)", b"resolve it first (rfc1738::resolution::resolve)")
def get(base, path, params):
    status, body = get0(base, path, params)
    return status, body.replace(*RENAME)
def get0(base, path, params):
    q = urllib.parse.urlencode(params)
    try:
        with urllib.request.urlopen(base + path.lstrip("/") + "?" + q) as r: return r.status, r.read()
    except urllib.error.HTTPError as e: return e.code, e.read()
diff = 0; n = 0
for i in inputs:
    for dialect in ["rfc1738", "rfc1630", "draft"]:
        for path, params in [("/api/tree", {"input": i, "dialect": dialect}), ("/api/tree", {"input": i, "dialect": dialect, "form": "url"})]:
            n += 1
            if get(ua, path, params) != get(ub, path, params): diff += 1; print("DIFF", path, params) if diff < 5 else None
    n += 1
    p = {"context": "http://a/b/c/d;p?q", "partial": i}
    if get(ua, "/api/resolve", p) != get(ub, "/api/resolve", p): diff += 1; print("DIFF resolve", i) if diff < 5 else None
for path, params in [("/api/parse", {"input": "x", "dialect": "rfc2396"}), ("/api/parse", {"inptu": "x"}), ("/api/resolve", {"context": "http://a/", "partial": "g", "mode": "zz"}), ("/api/nothing", {})]:
    n += 1
    if get(ua, path, params) != get(ub, path, params): diff += 1; print("DIFF", path, params)
a.kill(); b.kill()
print(f"{n} requests, {diff} different")
