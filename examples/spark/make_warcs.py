"""Synthetic WARC files for timing the Spark job: the pages of corpus/links, over and over.

Each file holds a warcinfo record, then per page a request and a response record (the
page's URL made unique per copy), gzip'd per record as crawlers write them. Needs warcio.

    python examples/spark/make_warcs.py --files 8 --pages 5000 /tmp/warcs
"""

import argparse
import io
import json
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "links"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--files", type=int, default=8)
    parser.add_argument("--pages", type=int, default=5000, help="HTML pages per file (each a request and a response)")
    args = parser.parse_args()
    pages = {}
    for line in (CORPUS / "pages.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["base"]:
            pages[case["page"], case["base"]] = (case["base"], (CORPUS / case["page"]).read_bytes())
    pages = list(pages.values())
    args.folder.mkdir(parents=True, exist_ok=True)
    for f in range(args.files):
        path = args.folder / f"synthetic-{f:03}.warc.gz"
        with open(path, "wb") as out:
            writer = WARCWriter(out, gzip=True)
            writer.write_record(writer.create_warcinfo_record(path.name, {"software": "make_warcs.py"}))
            for n in range(args.pages):
                url, html = pages[n % len(pages)]
                address, hash_, fragment = url.partition("#")
                url = f"{address}{'&' if '?' in address else '?'}copy={f}-{n}{hash_}{fragment}"
                date = {"WARC-Date": f"1996-{1 + n % 12:02}-{1 + n % 28:02}T12:00:00Z"}
                writer.write_record(writer.create_warc_record(
                    url, "request", payload=io.BytesIO(b""), warc_headers_dict=date,
                    http_headers=StatusAndHeaders("GET / HTTP/1.0", [("Host", "h")], is_http_request=True)))
                writer.write_record(writer.create_warc_record(
                    url, "response", payload=io.BytesIO(html), warc_headers_dict=date,
                    http_headers=StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.0")))
        print(path, path.stat().st_size, "bytes,", 1 + 2 * args.pages, "records")


if __name__ == "__main__":
    main()
