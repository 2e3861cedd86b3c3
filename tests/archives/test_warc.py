"""`rfc1738 links` and `extract` on web archives written by the tools archivists use.

WARC files are written by warcio (gzip'd per record and plain), with request, revisit and
metadata records among the responses, a chunked response and a gzip-encoded one; ARC files
(version 1) are written by hand, as warcio reads ARC but does not write it (both by
tests/support/webarchives.py), and read back with warcio's ArchiveIterator as a
cross-check. For every record, the links the CLI lists must be the ones `rfc1738 links
--json --base URL page` gives for that page alone (the page as warcio decodes it), and
`extract` must find in each text record what it finds in that text alone.

Run: RFC1738_BIN=target/debug/rfc1738 python -m pytest tests/archives
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import webarchives  # noqa: E402

BIN = os.environ.get("RFC1738_BIN", "target/debug/rfc1738")

# (URL, date, HTML): relative links, a BASE HREF, a fragment, an image, a form.
PAGES = [
    (
        "http://info.cern.ch/hypertext/WWW/TheProject.html",
        "1996-09-23T14:21:03Z",
        b'<TITLE>The Project</TITLE><A HREF="../Overview.html#top">back</A>\n'
        b'<IMG SRC=icons/www.gif> <A HREF="gopher://gopher.micro.umn.edu/11/Other">g</A>\n'
        b'<A HREF="http://h:99999/">bad port</A> <FORM ACTION="/cgi-bin/q?x=1#f"></FORM>',
    ),
    (
        "http://www.w3.org/pub/WWW/",
        "1996-11-04T10:00:00Z",
        b'<HEAD><BASE HREF="http://www.w3.org/pub/WWW/Addressing/"></HEAD>'
        b'<a href="URL.html">URL</a> <a href=../Protocols/>HTTP</a> <a href="#x">x</a>',
    ),
    (
        "http://example.com/caf\u00e9/index.html",
        "2008-04-30T20:48:25Z",
        "<a href='men\u00fc.html'>men\u00fc</a> <link href=style.css>".encode("latin-1"),
    ),
]
TEXT = ("http://example.com/notes.txt", "2008-05-01T00:00:00Z", "text/plain",
        b"see <URL:ftp://ftp.x/pub/> and http://h/a")


def run(*args):
    proc = subprocess.run([BIN, *map(str, args)], capture_output=True)
    return proc.stdout.decode(), proc.stderr.decode(), proc.returncode


def json_lines(text):
    return [json.loads(line) for line in text.splitlines()]


def alone(mode, url, body, tmp_path):
    """The JSON lines of `rfc1738 MODE --json --base URL page` on one page alone, without `file`."""
    page = tmp_path / "page"
    page.write_bytes(body)
    args = ["links", "--json", "--base", url, page] if mode == "links" else ["extract", "--json", page]
    out, err, status = run(*args)
    assert status == 0, err
    lines = json_lines(out)
    for line in lines:
        del line["file"]
    return lines


def write_warc(path, gzipped):
    """A crawl (see tests/support/webarchives.py): per page a request, then its response,
    one chunked and one gzip-encoded; the text as a response; a revisit; a metadata record."""
    path.write_bytes(webarchives.warc(PAGES, gzipped, others=[TEXT], name=path.name))


def write_arc(path, gzipped):
    """An ARC file, version 1: the filedesc block, then an HTTP response per page and text."""
    path.write_bytes(webarchives.arc(PAGES, gzipped, others=[TEXT], name=path.name))


def warcio_documents(path):
    """(URL, date, media type, body decoded) of every response record, by warcio."""
    docs = []
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response":
                continue
            url = record.rec_headers.get_header("WARC-Target-URI") or record.rec_headers.get_header("uri")
            date = record.rec_headers.get_header("WARC-Date") or record.rec_headers.get_header("archive-date")
            ctype = record.http_headers.get_header("Content-Type") if record.http_headers else None
            docs.append((url, date, (ctype or "").split(";")[0], record.content_stream().read()))
    return docs


def by_record(lines):
    records = {}
    for line in lines:
        key = (line.pop("record_url"), line.pop("record_date"))
        line.pop("record_offset")
        line.pop("file")
        records.setdefault(key, []).append(line)
    return records


def iso(date):
    return date if "T" in date else f"{date[0:4]}-{date[4:6]}-{date[6:8]}T{date[8:10]}:{date[10:12]}:{date[12:14]}Z"


@pytest.fixture(params=["warc", "warc.gz", "arc", "arc.gz"])
def archive(request, tmp_path):
    path = tmp_path / f"crawl.{request.param}"
    gzipped = request.param.endswith(".gz")
    (write_warc if request.param.startswith("warc") else write_arc)(path, gzipped)
    return path


def test_warcio_reads_what_was_written(archive):
    docs = warcio_documents(archive)
    expected = [(url, date) for url, date, _ in PAGES] + [(TEXT[0], TEXT[1])]
    assert [(url, iso(date)) for url, date, _, _ in docs] == expected
    assert [body for _, _, _, body in docs] == [html for _, _, html in PAGES] + [TEXT[3]]


def test_links_of_each_record_are_those_of_the_page_alone(archive, tmp_path):
    out, err, status = run("links", "--json", archive)
    assert status == 0, err
    summary = json.loads(err.strip())
    assert summary["problem_count"] == 0
    assert summary["pages"] == len(PAGES)
    assert summary["other_media_types"] == {"text/plain": 1}
    if archive.name.startswith("crawl.warc"):
        assert summary["skipped"] == {"metadata": 1, "request": 3, "revisit": 1, "warcinfo": 1}
    else:
        assert summary["skipped"] == {"filedesc": 1}
    records = by_record(json_lines(out))
    expected = {}
    for url, date, media, body in warcio_documents(archive):
        if media == "text/html":
            expected[(url, iso(date))] = alone("links", url, body, tmp_path)
    assert records == expected
    assert sum(map(len, expected.values())) >= 10


def test_extract_of_each_text_record_is_that_of_the_text_alone(archive, tmp_path):
    out, err, status = run("extract", "--json", archive)
    assert status == 0, err
    records = by_record(json_lines(out))
    expected = {}
    for url, date, _, body in warcio_documents(archive):
        found = alone("extract", url, body, tmp_path)
        if found:
            expected[(url, iso(date))] = found
    assert records == expected


def test_a_truncated_member_is_told_and_the_rest_read(tmp_path):
    path = tmp_path / "crawl.warc.gz"
    write_warc(path, True)
    data = path.read_bytes()
    # The members: gzip's magic bytes at each start (warcio writes one per record).
    starts = [i for i in range(len(data) - 2) if data[i:i + 3] == b"\x1f\x8b\x08"]
    with open(path, "rb") as stream:
        offsets = [(record.rec_type, it_offset) for it_offset, record in
                   ((iterator.get_record_offset(), record) for iterator in [ArchiveIterator(stream)] for record in iterator)]
    responses = [offset for kind, offset in offsets if kind == "response"]
    first = responses[0]
    end = min(s for s in starts if s > first)
    cut = data[:first] + data[first:end - 40] + data[end:]
    path.write_bytes(cut)
    out, err, status = run("links", "--json", path)
    assert status == 2
    lines = err.splitlines()
    told = [line for line in lines if line.startswith("rfc1738 links:")]
    # The member is told (its decoding may also show that the record's length does not hold).
    assert f"rfc1738 links: {path}: record at byte {first} ({PAGES[0][0]}): gzip member truncated" in told[-1], err
    summary = json.loads(lines[-1])
    assert {problem["offset"] for problem in summary["problems"]} == {first}
    assert summary["problems"][-1]["code"] == "gzip"
    urls = {line["record_url"] for line in json_lines(out)}
    assert urls == {PAGES[1][0], PAGES[2][0]}
