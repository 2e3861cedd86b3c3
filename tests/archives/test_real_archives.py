"""`rfc1738 links` on the 135 ARC and WARC files other tools wrote, against warcio's reading.

The files are `../shared/real-material/archives/` (with `SOURCES.tsv`), beside the checkout on
CI and on every developer's machine, never copied into the repository: the folder is named by
the environment variable RFC1738_REAL_ARCHIVES, which `.ci/run` sets. Without it these tests
say that they leave the files out (a skip with that reason); with it set to a folder that is
not there, they fail.

For every file, warcio (PyPI), an independent reader, lists the records it reads. Each record
warcio reads as an HTML page (a response or resource of text/html or application/xhtml+xml)
must be, in `rfc1738 links --json FILE`:

- reported at its offset (a problem whose offset is the record's, or its gzip member's), or
- read, with exactly the links `rfc1738 links --json --base URL page` gives for that page
  alone (the page as warcio decodes it), under the record's offset and URL; and the pages
  read are at least those warcio read that were not reported.

And every record warcio reads, of any type, is accounted for: the documents and the records
skipped by their type, plus the problems at records' offsets, are at least warcio's counts.
What this reader reads beyond warcio (records after one warcio stops at, records warcio's
reading loses) is not held against it.

Where warcio is wrong by the specifications, the specification is followed, and the
comparison says so:

- Several records in one gzip member: a gzip'd WARC file is a series of gzip members, and a
  member may hold more than one record (WARC 1.1, annex D: "a record should be in a member of
  its own", a recommendation; gzip's RFC 1952 reads the members in order whatever they hold).
  warcio refuses such a file ("non-chunked gzip file detected"). Here each member is then
  decompressed alone, its records read by warcio from the plain bytes and placed at the
  member's offset, as this reader reports them.
- After an ARC record, warcio reads and drops one line, even when that line is the next
  record's header (IA's ARC file description: a record is followed by a newline, which some
  writers left out): it loses that record, this reader reads it. Only one direction is
  compared, so this costs nothing here.

Run: RFC1738_BIN=target/debug/rfc1738 RFC1738_REAL_ARCHIVES=../shared/real-material/archives \
     python -m pytest tests/archives/test_real_archives.py
Print the table of files (records in, read, skipped, reported): the same with `-s -k table`.
"""

import functools
import io
import json
import os
import subprocess
import tempfile
import zlib
from collections import Counter
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed

BIN = os.environ.get("RFC1738_BIN", "target/debug/rfc1738")
FOLDER = os.environ.get("RFC1738_REAL_ARCHIVES")
HTML = ("text/html", "application/xhtml+xml")


def sources():
    if not FOLDER:
        return []
    folder = Path(FOLDER)
    if not (folder / "SOURCES.tsv").is_file():
        raise FileNotFoundError(f"RFC1738_REAL_ARCHIVES={FOLDER} holds no SOURCES.tsv")
    rows = (folder / "SOURCES.tsv").read_text().splitlines()[1:]
    return [row.split("\t")[0] for row in rows if row.strip()]


FILES = sources()
needs_folder = pytest.mark.skipif(
    not FOLDER,
    reason="RFC1738_REAL_ARCHIVES is not set: the real archives of ../shared/real-material/archives are left out",
)


class Read:
    """What warcio read of one file: each record's offset, type and URL, and each HTML page's body."""

    def __init__(self):
        self.records = []  # (offset, type)
        self.pages = []  # (offset, url, body)
        self.stopped = None  # why warcio stopped before the end, if it did
        self.members = False  # read member by member (several records in one member)


def media_type(record):
    headers = record.http_headers
    if headers is not None and headers.get_header("Content-Type"):
        value = headers.get_header("Content-Type")
    elif record.format != "arc" and record.rec_type == "resource":
        value = record.rec_headers.get_header("Content-Type") or ""
    else:
        value = ""
    return value.split(";")[0].strip().lower()


def read_page(record):
    """The body of an HTML page as warcio decodes it, or None for another record; read before
    the iterator is asked anything more (its get_record_offset reads past an unread body)."""
    if record.rec_type in ("response", "resource") and media_type(record) in HTML:
        return record.content_stream().read()
    return None


def take(read, record, offset, body):
    read.records.append((offset, record.rec_type))
    if body is not None:
        url = record.rec_headers.get_header("WARC-Target-URI") or record.rec_headers.get_header("uri")
        read.pages.append((offset, url, body))


def warcio_read(path):
    read = Read()
    with open(path, "rb") as stream:
        iterator = ArchiveIterator(stream)
        try:
            for record in iterator:
                body = read_page(record)
                take(read, record, iterator.get_record_offset(), body)
        except ArchiveLoadFailed as error:
            read.stopped = str(error).strip().splitlines()[0]
        except Exception as error:  # warcio's own bugs on broken files (AttributeError, ...)
            read.stopped = repr(error)
    if read.stopped and "non-chunked gzip file detected" in read.stopped:
        return warcio_read_members(path)
    return read


def warcio_read_members(path):
    """Each gzip member decompressed alone, its records read by warcio at the member's offset."""
    read = Read()
    read.members = True
    data = Path(path).read_bytes()
    at = 0
    while at < len(data):
        decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            plain = decompressor.decompress(data[at:])
        except zlib.error as error:
            read.stopped = f"gzip member at {at}: {error}"
            break
        if not decompressor.eof:
            read.stopped = f"gzip member at {at} cut off"
            break
        iterator = ArchiveIterator(io.BytesIO(plain))
        try:
            for record in iterator:
                take(read, record, at, read_page(record))
        except Exception as error:
            read.stopped = f"in the gzip member at {at}: {str(error).strip().splitlines()[0]}"
            break
        at = len(data) - len(decompressor.unused_data)
    return read


def run(*args):
    proc = subprocess.run([BIN, *map(str, args)], capture_output=True)
    return proc.stdout.decode(), proc.stderr.decode(), proc.returncode


class Ours:
    """What `rfc1738 links --json FILE` made of one file."""

    def __init__(self, path):
        out, err, status = run("links", "--json", path)
        assert status in (0, 1, 2), err
        self.links = {}
        for line in out.splitlines():
            link = json.loads(line)
            key = (link.pop("record_offset"), link.pop("record_url"))
            link.pop("record_date")
            link.pop("file")
            self.links.setdefault(key, []).append(link)
        summaries = [json.loads(line) for line in err.splitlines() if line.startswith('{"summary":"archive"')]
        assert len(summaries) == 1, f"{path}: no archive summary in {err[-2000:]}"
        self.summary = summaries[0]
        assert self.summary["problem_count"] == len(self.summary["problems"])
        self.reported = {problem["offset"] for problem in self.summary["problems"]}


def links_alone(url, body, folder):
    page = Path(folder) / "page"
    page.write_bytes(body)
    out, err, status = run("links", "--json", "--base", url, page)
    assert status in (0, 1), err
    lines = [json.loads(line) for line in out.splitlines()]
    for line in lines:
        line.pop("file")
    return lines


@functools.lru_cache(maxsize=None)
def compare(name):
    """The comparison of one file (its assertions); returns its row of the table."""
    path = Path(FOLDER) / name
    theirs = warcio_read(path)
    ours = Ours(path)
    summary = ours.summary
    reported_pages = [page for page in theirs.pages if page[0] in ours.reported]
    with tempfile.TemporaryDirectory() as folder:
        for offset, url, body in theirs.pages:
            if offset in ours.reported:
                continue
            expected = links_alone(url, body, folder)
            got = ours.links.get((offset, url), [])
            assert got == expected, f"{name}: the page at {offset} ({url}): links differ from the page alone"
    assert summary["pages"] >= len(theirs.pages) - len(reported_pages), (
        f"{name}: {summary['pages']} pages read, warcio read {len(theirs.pages)} "
        f"({len(reported_pages)} reported here)"
    )
    # Every record warcio read is accounted for, kind by kind.
    kinds = Counter()
    unreported = Counter()
    for offset, kind in theirs.records:
        kind = {"arc_header": "filedesc"}.get(kind, kind)
        kind = "document" if kind in ("response", "resource") else kind
        kinds[kind] += 1
        if offset not in ours.reported:
            unreported[kind] += 1
    documents = summary["pages"] + sum(summary["other_media_types"].values())
    ours_by_kind = Counter(summary["skipped"])
    # A response of no HTTP (a WARC resource, or a response warcio calls so) may be skipped
    # here by a kind it does not know: compare documents and skipped records together too.
    for kind, count in unreported.items():
        have = documents if kind == "document" else ours_by_kind.get(kind, 0)
        assert have >= count or documents + sum(ours_by_kind.values()) >= sum(unreported.values()), (
            f"{name}: warcio read {count} {kind} records not reported here, this reader {have}"
        )
    return {
        "file": name,
        "warcio": len(theirs.records),
        "warcio_pages": len(theirs.pages),
        "warcio_note": ("by member; " if theirs.members else "") + (theirs.stopped or ""),
        "read": documents,
        "pages": summary["pages"],
        "skipped": dict(summary["skipped"]),
        "reported": summary["problem_count"],
        "warnings": summary.get("warning_count", 0),
        "versions": summary.get("versions", {}),
    }


@needs_folder
@pytest.mark.parametrize("name", FILES)
def test_every_html_record_warcio_reads_is_read_with_its_links_or_reported(name):
    compare(name)


@needs_folder
def test_table():
    """The table of every file (printed with -s), and its sums."""
    rows = [compare(name) for name in FILES]
    print()
    print("| file | records in (warcio) | HTML pages (warcio) | records listed here | documents | pages | "
          "skipped by type | reported | warnings | versions |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        row["listed"] = row["read"] + sum(row["skipped"].values())
        skipped = ", ".join(f"{n} {kind}" for kind, n in sorted(row["skipped"].items())) or "0"
        versions = ", ".join(f"{v}: {n}" for v, n in sorted(row["versions"].items()))
        note = f" ({row['warcio_note'][:60]})" if row["warcio_note"] else ""
        print(f"| {row['file']} | {row['warcio']}{note} | {row['warcio_pages']} | {row['listed']} | {row['read']} | "
              f"{row['pages']} | {skipped} | {row['reported']} | {row['warnings']} | {versions} |")
    keys = ("warcio", "warcio_pages", "listed", "read", "pages", "reported", "warnings")
    total = {key: sum(row[key] for row in rows) for key in keys}
    skipped = sum(sum(row["skipped"].values()) for row in rows)
    print(f"| **{len(rows)} files** | {total['warcio']} | {total['warcio_pages']} | {total['listed']} | {total['read']} | "
          f"{total['pages']} | {skipped} | {total['reported']} | {total['warnings']} | |")
    assert len(rows) == 135
