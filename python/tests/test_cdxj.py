"""rfc1738.cdxj: the CDXJ index of one web archive, its lines in the surt style equal to
cdxj-indexer's (PyPI, over warcio) for WARC files warcio writes, from a path and from
bytes; the rfc1738 style's keys; damaged files' problems listed, never dropped."""

import io
import pathlib

import pytest
from cdxj_indexer.main import CDXJIndexer
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

import rfc1738
from conftest import CORPUS

PAGES = [
    ("http://info.cern.ch/hypertext/WWW/TheProject.html", "text/html; charset=iso-8859-1", b"<TITLE>WWW</TITLE>"),
    ("gopher://gopher.micro.umn.edu:70/11/Gopher", "text/plain", b"1Gopher\t/Gopher\tgopher.micro.umn.edu\t70\r\n"),
    ("ftp://ftp.uu.net/%2Fetc/motd", "text/plain", b"welcome"),
    ("https://www.example.com/a{b}?b=2&a=1", "application/octet-stream", b"\x00\x01"),
]


def warc(path, gzip):
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=gzip)
        for url, media_type, body in PAGES:
            head = StatusAndHeaders("200 OK", [("Content-Type", media_type)], protocol="HTTP/1.0")
            record = writer.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=head)
            writer.write_record(record)
        writer.write_record(writer.create_warc_record("http://info.cern.ch/", "request", payload=io.BytesIO(b"GET / HTTP/1.0\r\n\r\n")))
    return path


def indexer_lines(path):
    out = io.StringIO()
    CDXJIndexer(output=out, inputs=[str(path)]).process_all()
    return out.getvalue().splitlines()


@pytest.mark.parametrize("gzip", [False, True])
def test_the_surt_style_is_cdxj_indexer_s_lines(tmp_path, gzip):
    path = warc(tmp_path / ("a.warc.gz" if gzip else "a.warc"), gzip)
    expected = indexer_lines(path)
    assert len(expected) == len(PAGES)
    index = rfc1738.cdxj(path, style="surt")
    assert index.lines == expected
    assert (index.format, index.gzip, index.left_out, index.problems) == ("warc", gzip, {"request": 1}, [])
    # From bytes (a Spark binaryFile's content), named as asked.
    assert rfc1738.cdxj(path.read_bytes(), style="surt", filename=path.name).lines == expected
    assert len(index) == len(PAGES)


def test_the_rfc1738_style_keeps_the_scheme_and_says_when_it_could_not(tmp_path):
    path = warc(tmp_path / "a.warc", False)
    keys = [line.split(" ", 1)[0] for line in rfc1738.cdxj(path).lines]
    assert keys[:3] == [
        "http://(ch,cern,info,)/hypertext/WWW/TheProject.html",
        "gopher://(edu,umn,micro,gopher,)/11/Gopher",
        "ftp://(net,uu,ftp,)/%2Fetc/motd",
    ]
    # A URL the grammar rejects: the surt key, and the line says so.
    last = rfc1738.cdxj(path).lines[3]
    assert last.startswith(rfc1738.key(PAGES[3][0], style="surt") + " "), last
    assert last.endswith(', "key_style": "surt"}'), last


@pytest.mark.parametrize("name", sorted(p.name for p in (CORPUS / "archives").iterdir() if p.suffix in (".arc", ".warc", ".gz")))
def test_damaged_archives_list_their_problems(name):
    index = rfc1738.cdxj(CORPUS / "archives" / name)
    for problem in index.problems:
        assert set(problem) >= {"offset", "code", "message"}, problem
    if name.startswith(("arc-bad-lengths", "warc-truncated")):
        assert index.problems, name


def test_errors(tmp_path):
    with pytest.raises(ValueError, match="not an ARC or WARC file"):
        rfc1738.cdxj(b"<html>not an archive</html>")
    with pytest.raises(FileNotFoundError):
        rfc1738.cdxj(tmp_path / "missing.warc")
    with pytest.raises(ValueError, match="no key style"):
        rfc1738.cdxj(b"", style="heritrix")
