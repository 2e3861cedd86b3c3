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
    print(f"{len(inputs)} URLs, {len(resolve)} resolutions, {len(texts)} texts, {len(pages)} pages, "
          f"{len(archives)} archives -> {OUT}")


if __name__ == "__main__":
    main()
