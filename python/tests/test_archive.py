"""Web archives through the package: ``rfc1738.links_warc`` (a stream of Link objects) and
``rfc1738.arrow.links_warc`` (a column of archives in, rows out), on WARC files written
by warcio (gzip'd per record and plain, with request, revisit and metadata records among
the responses, a chunked and a gzip-encoded body) and ARC files written by hand (warcio
reads ARC, does not write it), both by tests/support/webarchives.py. Every link of a
record must be the one ``rfc1738.links`` gives for that page alone with the record's URL
as base; what cannot be read is reported, never dropped."""

import gzip
import os
import sys
import threading
from pathlib import Path

import pyarrow as pa
import pytest

import rfc1738
import rfc1738.arrow

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "support"))
import webarchives  # noqa: E402

PAGES = [
    (
        "http://info.cern.ch/hypertext/WWW/TheProject.html",
        "1996-09-23T14:21:03Z",
        b'<A HREF="../Overview.html#top">back</A> <IMG SRC=icons/www.gif>\n'
        b'<A HREF="gopher://gopher.micro.umn.edu/11/Other">g</A> <A HREF="http://h:99999/">p</A>',
    ),
    (
        "http://www.w3.org/pub/WWW/",
        "1996-11-04T10:00:00Z",
        b'<BASE HREF="http://www.w3.org/pub/WWW/Addressing/"><a href="URL.html">URL</a> <a href=..>up</a>',
    ),
    (
        "http://example.com/caf%E9/index.html",
        "2008-04-30T20:48:25Z",
        # A relative BASE HREF (a link with a warning), a comment left open (an error).
        "<a href='men\u00fc.html'>m</a> <link href=style.css>\n"
        "<base href=sub/><a href=x.html>x</a> <!-- left open".encode("latin-1"),
    ),
]

# A text response: read, and not a page.
TEXT = ("http://h/notes.txt", None, "text/plain", b"<a href=x>")


def warc(gzipped):
    """A crawl (see tests/support/webarchives.py): a request and a response per page (one
    chunked, one gzip-encoded), a text response, a revisit and a metadata record."""
    return webarchives.warc(PAGES, gzipped, others=[TEXT])


def arc(gzipped=False):
    """An ARC file (version 1): its filedesc block, then a record per page."""
    return webarchives.arc(PAGES, gzipped)


def expected_links():
    """(record_url, record_date, link dict without `file`) of each page alone."""
    out = []
    for url, date, html in PAGES:
        for link in rfc1738.links(html, base=url):
            report = link.to_dict()
            del report["file"]
            out.append((url, date, report))
    return out


ARCHIVES = {
    "warc.gz": lambda: warc(True),
    "warc": lambda: warc(False),
    "arc": arc,
    "arc.gz": lambda: arc(True),
}


@pytest.mark.parametrize("name", list(ARCHIVES))
def test_links_warc_streams_each_pages_links_resolved_against_its_record(name, tmp_path):
    path = tmp_path / f"crawl.{name}"
    path.write_bytes(ARCHIVES[name]())
    links = rfc1738.links_warc(path)
    assert links.format is None  # nothing read yet
    got = []
    for link in links:
        report = link.to_dict()
        assert report.pop("file") == str(path) and link.file == str(path)
        del report["record_offset"], report["record_url"], report["record_date"]
        got.append((link.record_url, link.record_date, report))
        assert isinstance(link.record_offset, int)
    assert got == expected_links()
    assert links.pages == 3 and links.problems == [] and links.warnings == []
    assert links.format == name.split(".")[0] and links.gzip == name.endswith(".gz")
    if name.startswith("warc"):
        assert links.skipped == {"warcinfo": 1, "request": 3, "revisit": 1, "metadata": 1}
        assert links.other_media_types == {"text/plain": 1}
        assert links.versions == {"1.0": 10}
    else:
        assert links.skipped == {"filedesc": 1}
        assert links.versions == {"1": 4}


def compact(value):
    """A struct's value without its null fields (an error without ``reading``)."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v is not None}
    return value


def test_the_arrow_rows_are_the_streamed_links(tmp_path):
    files = [ARCHIVES[name]() for name in ARCHIVES]
    rows = rfc1738.arrow.links_warc(pa.array(files, pa.binary())).to_pylist()
    paths = []
    for n, content in enumerate(files):
        paths.append(str(tmp_path / f"a{n}"))
        (tmp_path / f"a{n}").write_bytes(content)
    by_path = rfc1738.arrow.links_warc(pa.array(paths)).to_pylist()
    assert by_path == rows
    for index, path in enumerate(paths):
        streamed = [link.to_dict() for link in rfc1738.links_warc(path)]
        mine = [row for row in rows if row["file"] == index]
        assert len(mine) == len(streamed) > 0
        # The pages hold a link with a warning and one with an error: both compared.
        assert any("warning" in link for link in streamed) and any("error" in link for link in streamed)
        for row, link in zip(mine, streamed):
            assert row["problem"] is None and row["record_warning"] is None
            del link["file"]
            # Every key of the link, its error and warning too, with the link's value ...
            assert {k: compact(row[k]) for k in link} == link
            # ... and every other column null (no error or warning the link has not).
            assert all(row[k] is None for k in row if k not in link and k != "file"), row


def test_what_cannot_be_read_is_a_row_and_the_rest_is_read(tmp_path):
    good = warc(True)
    # a gzip member cut in the middle, then the whole crawl again
    cut = gzip.compress(b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 9999\r\n\r\nxx")[:-12]
    damaged = cut + good
    rows = rfc1738.arrow.links_warc(
        pa.array([damaged, b"<html>not an archive</html>", None], pa.binary())
    ).to_pylist()
    problems = [(row["file"], row["problem"]["code"]) for row in rows if row["problem"]]
    assert (1, "not-an-archive") in problems
    assert any(file == 0 for file, _ in problems)
    links = [row for row in rows if row["problem"] is None]
    assert len(links) == len(expected_links())
    assert all(row["file"] == 0 for row in links)
    # a path that cannot be read is a row too
    missing = rfc1738.arrow.links_warc(pa.array([str(tmp_path / "missing")])).to_pylist()
    assert [(row["file"], row["problem"]["code"]) for row in missing] == [(0, "io")]
    # the stream says the same in `problems`
    path = tmp_path / "damaged.warc.gz"
    path.write_bytes(damaged)
    stream = rfc1738.links_warc(path)
    assert len(list(stream)) == len(expected_links())
    assert stream.problems and stream.problems[0]["offset"] == 0
    assert {"offset", "url", "code", "message"} == set(stream.problems[0])


def test_a_record_over_max_record_is_reported_not_held(tmp_path):
    path = tmp_path / "crawl.warc"
    path.write_bytes(warc(False))
    stream = rfc1738.links_warc(path, max_record=50)
    assert list(stream) == []
    # Each length over the limit is not trusted: the next record is searched for from its
    # header's end, and the bytes between are reported too.
    codes = [problem["code"] for problem in stream.problems]
    assert set(codes) == {"too-long", "skipped"}
    rows = rfc1738.arrow.links_warc(pa.array([str(path)]), max_record=50).to_pylist()
    assert [row["problem"]["code"] for row in rows] == codes


def test_a_body_stored_dechunked_is_read_with_a_warning(tmp_path):
    """The second page stored de-chunked under its head's Transfer-Encoding: chunked (as
    pywb's recorder stores bodies): its links are read, and a warning is on its record, in
    the stream's warnings and as a row of the Arrow column before the page's links."""
    path = tmp_path / "crawl.warc"
    path.write_bytes(webarchives.warc(PAGES, False, others=[TEXT], dechunked=True))
    stream = rfc1738.links_warc(path)
    got = [(link.record_url, link.record_date) for link in stream]
    assert got == [(url, date) for url, date, _ in expected_links()]
    assert stream.problems == []
    [warning] = stream.warnings
    assert warning["code"] == "dechunked" and warning["url"] == PAGES[1][0]
    assert {"offset", "url", "code", "message"} == set(warning)
    rows = rfc1738.arrow.links_warc(pa.array([str(path)])).to_pylist()
    warned = [n for n, row in enumerate(rows) if row["record_warning"]]
    assert len(warned) == 1 and rows[warned[0]]["record_warning"]["code"] == "dechunked"
    assert rows[warned[0]]["record_offset"] == warning["offset"]
    assert rows[warned[0] + 1]["record_offset"] == warning["offset"]  # its page's first link
    assert rows[warned[0]]["problem"] is None and rows[warned[0]]["href"] is None
    assert sum(row["record_warning"] is None for row in rows) == len(expected_links())


def test_a_file_that_is_no_archive_raises_when_iterated(tmp_path):
    path = tmp_path / "page.html"
    path.write_bytes(b"<a href=x>x</a>")
    with pytest.raises(ValueError, match="not an ARC or WARC"):
        list(rfc1738.links_warc(path))
    with pytest.raises(OSError):
        list(rfc1738.links_warc(tmp_path / "missing.warc"))


def test_a_stream_dropped_early_stops_its_reader(tmp_path):
    """The archive is read by a thread of its own, a few records ahead of the iterator;
    an iterator dropped early stops that thread, which closes the file. The file here is a
    pipe that a writer keeps full, with far more than the reader is ever ahead: once the
    stream is dropped, the writer finds the pipe closed (BrokenPipeError) before it has
    written all it had; a reader that went on would read it all."""
    crawl = warc(True)
    offered = 2000  # copies of the crawl, 7 MB
    fifo = tmp_path / "crawl.warc.gz"
    os.mkfifo(fifo)
    written = {"copies": 0, "broken": False}

    def write():
        try:
            with open(fifo, "wb") as pipe:
                for _ in range(offered):
                    pipe.write(crawl)
                    written["copies"] += 1
        except BrokenPipeError:
            written["broken"] = True

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    stream = rfc1738.links_warc(fifo)
    first = next(stream)
    assert first.record_url == PAGES[0][0]
    del stream  # the reading thread sees the channel closed and stops
    writer.join(timeout=60)
    assert not writer.is_alive(), "the pipe is still open after 60 s"
    assert written["broken"], f"all {written['copies']} copies were read: the reader did not stop"
    assert written["copies"] < offered
