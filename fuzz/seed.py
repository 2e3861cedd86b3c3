#!/usr/bin/env python3
"""Seeds each fuzz target's corpus (fuzz/corpus/<target>/) from the project's corpus/.

Standard library only. Run from anywhere: python3 fuzz/seed.py
"""
import gzip
import hashlib
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "corpus"


def write(target, data):
    folder = OUT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    inputs = []
    for path in sorted((ROOT / "corpus").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            case = json.loads(line)
            if "input" in case:
                inputs.append(case["input"].encode())
    resolve = []
    for path in sorted((ROOT / "corpus" / "resolve").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            case = json.loads(line)
            resolve.append((case["context"] + "\t" + case["partial"]).encode())
    texts = [p.read_bytes()[:4096] for p in sorted((ROOT / "corpus" / "extract" / "seeds").glob("*.txt"))]
    for line in (ROOT / "corpus" / "extract" / "rules.jsonl").read_text().splitlines():
        texts.append(json.loads(line)["text"].encode())
    for data in inputs:
        for target in ("parse", "parse_dialects", "reference", "normalize", "encode"):
            write(target, data)
        write("builders", data.replace(b"/", b"\xff"))
    for data in resolve:
        write("resolve", data)
    for data in texts:
        write("extract", b"\x01" + data)
    # Pages: the first byte picks the reading (bit 0), the mode (bits 1-2) and a base (bit 7).
    pages = [p.read_bytes()[:4095] for p in sorted((ROOT / "corpus" / "links").glob("*.html"))]
    for data in pages:
        for first in (0x00, 0x01, 0x86, 0x87):
            write("links", bytes([first]) + data)
    # Archives: the first byte picks the format (bit 0: ARC), gzip (bit 1), a member cut
    # (bit 2) and the piece size (bits 3-7); the rest is the file, plain (the target gzips it).
    archives = []
    for path in sorted((ROOT / "corpus" / "archives").iterdir()):
        if path.suffix in (".arc", ".warc", ".gz"):
            data = path.read_bytes()
            archives.append((path.name, gzip.decompress(data) if path.suffix == ".gz" else data))
    for name, data in archives:
        arc = 1 if ".arc" in name else 0
        for first in (arc, arc | 0x02, arc | 0x06 | 0x28):
            write("records", bytes([first]) + data[:4095])
    # The explorer's connection: a first byte 0x00 is raw HTTP (the rest of a byte drawn
    # from the input describes requests; the fuzzer finds those from random bytes).
    requests = serve_requests(inputs[:200:10], resolve[:40:10], texts[:3])
    for data in requests:
        write("serve", b"\x00" + data)
    print(f"{len(inputs)} URLs, {len(resolve)} resolutions, {len(texts)} texts, {len(pages)} pages, "
          f"{len(archives)} archives, {len(requests)} requests -> {OUT}")


def serve_requests(urls, resolutions, texts):
    """Requests to the explorer: each endpoint by GET and POST (with Content-Length and
    chunked), the pages, and the heads and bodies its limits refuse."""
    from urllib.parse import quote

    def post(path, obj, chunked=False):
        body = json.dumps(obj).encode()
        if chunked:
            half = len(body) // 2
            framed = b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in (body[:half], body[half:]) if p)
            return b"POST %s HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n%s0\r\n\r\n" % (path.encode(), framed)
        return b"POST %s HTTP/1.1\r\nContent-Length: %d\r\n\r\n%s" % (path.encode(), len(body), body)

    out = []
    for url in urls:
        text = url.decode("utf-8", "replace")
        for path in ("/api/parse", "/api/tree", "/api/lint"):
            out.append(b"GET %s?input=%s&dialect=rfc1630 HTTP/1.1\r\nHost: h\r\n\r\n" % (path.encode(), quote(text, safe="").encode()))
            out.append(post(path, {"input": text, "dialect": "draft"}, chunked=len(out) % 2 == 0))
    for pair in resolutions:
        context, partial = pair.decode("utf-8", "replace").split("\t", 1)
        out.append(post("/api/resolve", {"context": context, "partial": partial}))
    for text in texts:
        out.append(post("/api/extract", {"text": text[:900].decode("utf-8", "replace")}, chunked=True))
    for path in (b"/", b"/explorer.js", b"/diagrams/", b"/diagrams/rfc1738/httpurl.svg", b"/nothing"):
        out.append(b"GET %s HTTP/1.1\r\n\r\nHEAD %s HTTP/1.1\r\n\r\n" % (path, path))
    out.append(b"PUT /api/parse HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
    for length in (b"1025", b"100000000000", b"1000000000000000000"):
        out.append(b"POST /api/parse HTTP/1.1\r\nContent-Length: %s\r\n\r\n" % length)
        out.append(b"HEAD /diagrams/ HTTP/1.1\r\nContent-Length: %s\r\n\r\n" % length)
    out.append(b"POST /api/parse HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + b"a" * 1024 + b"\r\n1\r\na\r\n0\r\n\r\n")
    out.append(b"GET / HTTP/1.1\r\n" + b"a: b\r\n" * 101 + b"\r\n")
    out.append(b"GET / HTTP/1.1\r\nX: " + b"a" * 1100 + b"\r\n\r\n")
    return out


if __name__ == "__main__":
    main()
