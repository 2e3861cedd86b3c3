#!/usr/bin/env python3
"""Rebuilds the texts of the `extract` benchmark from the seed documents of
corpus/extract/seeds (the four text seeds; 004 is PostScript and left out).

    python3 benches/texts/make.py

- seeds.txt: the four seeds, in order, repeated until the text holds at least 8 MiB.
- no-url.txt: the same prose with every URL removed (each finding of the seeds' goldens,
  then any word left that holds "://", "<URL:" or "URL:"), repeated the same way: a text
  in which nothing is found.
- dense.txt: the URLs of the goldens (valid ones, as found: bare, <...> and <URL:...>) in
  short sentences, one or two a line, about 4 MiB.

Standard library only; the output depends only on the seeds and goldens.
"""

import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
SEEDS = HERE.parent.parent / "corpus" / "extract" / "seeds"
STEMS = [
    "000_84aca1c46d15b53f",
    "001_647482a7f1fbd24e",
    "002_96db9991117f48a7",
    "003_2ac3758df3dee3b2",
]
MIN_SIZE = 8 * 1024 * 1024
DENSE_SIZE = 4 * 1024 * 1024


def goldens(stem):
    with open(SEEDS / f"{stem}.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def repeat(text, size):
    copies = -(-size // len(text))
    return text * copies


def without_urls(data, found):
    """The seed's bytes without its findings, nor any word that still looks like a URL."""
    pieces = []
    at = 0
    for row in sorted(found, key=lambda row: row["start"]):
        pieces.append(data[at : row["start"]])
        at = max(at, row["end"])
    pieces.append(data[at:])
    text = b"".join(pieces).decode("utf-8")
    # A word holding "://", or written "<URL:" / "URL:", whatever its scheme.
    text = re.sub(r"\S*(://|<URL:|URL:)\S*", "", text, flags=re.IGNORECASE)
    return text


SENTENCES = [
    "See {}.",
    "It is at {} now.",
    "Try {}, then write.",
    "The file {} moved.",
    "Read {} and {} first.",
    "Mail {} today!",
]


def dense(urls):
    lines = []
    size = 0
    i = 0
    while size < DENSE_SIZE:
        sentence = SENTENCES[i % len(SENTENCES)]
        holes = sentence.count("{}")
        line = sentence.format(*(urls[(i + k) % len(urls)] for k in range(holes)))
        lines.append(line)
        size += len(line.encode("utf-8")) + 1
        i += holes
    return "\n".join(lines) + "\n"


def main():
    texts = []
    prose = []
    urls = []
    for stem in STEMS:
        data = (SEEDS / f"{stem}.txt").read_bytes()
        found = goldens(stem)
        texts.append(data.decode("utf-8"))
        prose.append(without_urls(data, found))
        for row in found:
            if row["valid"] and not row["hyphen_break"] and "\n" not in row["found"]:
                urls.append(row["found"])
    outputs = {
        "seeds.txt": repeat("".join(texts), MIN_SIZE),
        "no-url.txt": repeat("".join(prose), MIN_SIZE),
        "dense.txt": dense(urls),
    }
    for name, text in outputs.items():
        (HERE / name).write_text(text, encoding="utf-8", newline="")


if __name__ == "__main__":
    main()
