"""`rfc1738 cdxj --style surt` against webrecorder's cdxj-indexer (PyPI, 1.5.0), line for line.

cdxj-indexer (over warcio 1.8.1 and PyPI surt) is run on each file as its users run it
(`python -m cdxj_indexer.main FILE`, with the interpreter running these tests, in whose
environment it is installed: .ci/run's web-archives section installs `cdxj-indexer==1.5.0`),
and `rfc1738 cdxj --style surt FILE` beside it. Their lines must be the same, in the same
order, for:

- WARC files warcio writes (gzip'd and plain: requests, responses chunked and gzip-encoded,
  a revisit, metadata), ARC files written as the crawlers of 1996-2008 wrote them, and
  records written by hand for the details (a response without WARC-Payload-Digest, whose
  digest is computed; a revisit without one; dns: and ftp: records; Latin-1 and UTF-8 in
  headers and URLs; a status line without a reason; a head that does not end; ARC dates
  padded and clamped);
- the 135 real ARC and WARC files of ../shared/real-material/archives (the folder
  RFC1738_REAL_ARCHIVES names, that one by default; see tests/archives/test_real_archives.py).
  Every line of every file must agree, but for the lines that one of the reasons of
  EXPECTED below explains, each checked line by line (classify); and the reasons found in a
  file must be exactly those EXPECTED lists for it: a new difference fails, and so does a
  listed one that has gone.

Run: RFC1738_BIN=target/debug/rfc1738 python -m pytest tests/archives/test_cdxj.py
Print the table of files (lines theirs, ours, the same, the differences by reason): add
`-s -k table`.
"""

import functools
import gzip
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import webarchives  # noqa: E402

BIN = os.environ.get("RFC1738_BIN", "target/debug/rfc1738")
ROOT = Path(__file__).resolve().parents[2]
FOLDER = Path(os.environ.get("RFC1738_REAL_ARCHIVES") or ROOT.parent / "shared" / "real-material" / "archives")


def cdxj_indexer(*args):
    """cdxj-indexer's lines, its exit status and the last line of its standard error."""
    proc = subprocess.run([sys.executable, "-m", "cdxj_indexer.main", *map(str, args)], capture_output=True)
    err = [line for line in proc.stderr.decode(errors="replace").splitlines() if line.strip()]
    # The exception's line (the last one not indented), and the first line of a message
    # that starts on the next one.
    last = max((i for i, line in enumerate(err) if not line[0].isspace()), default=None)
    if last is None:
        return proc.stdout.decode().splitlines(), proc.returncode, ""
    return proc.stdout.decode().splitlines(), proc.returncode, " ".join(line.strip() for line in err[last:last + 2])


def ours(*args):
    """`rfc1738 cdxj --style surt`'s lines, its exit status and its standard error."""
    proc = subprocess.run([BIN, "cdxj", "--style", "surt", *map(str, args)], capture_output=True)
    return proc.stdout.decode().splitlines(), proc.returncode, proc.stderr.decode()


def fields(line):
    """The key, the timestamp and the JSON fields of a CDXJ line."""
    key, timestamp, rest = line.split(" ", 2)
    return key, timestamp, json.loads(rest)


# -- Archives written here ---------------------------------------------------------------------

PAGES = [
    ("http://info.cern.ch/hypertext/WWW/TheProject.html", "1996-09-23T14:21:03Z", b"<TITLE>The Project</TITLE>"),
    ("http://www.w3.org/pub/WWW/", "1996-11-04T10:00:00Z", b"<a href=URL.html>URL</a>"),
    ("http://example.com/caf\u00e9/index.html", "2008-04-30T20:48:25Z", "<a href=men\u00fc.html>".encode("latin-1")),
    ("https://example.com/a?b=c&d", "2008-04-30T20:48:26Z", b"<p>"),
]
OTHERS = [
    ("http://example.com/notes.txt", "2008-05-01T00:00:00Z", "text/plain", b"notes"),
    ("gopher://gopher.micro.umn.edu/11/", "1994-03-01T00:00:00Z", "text/plain", b"1Other\t/Other\tgopher\t70"),
]


def warc_record(headers, block):
    """A WARC/1.0 record written by hand: its header lines (bytes), its Content-Length, the
    block and the two line ends after it."""
    head = b"WARC/1.0\r\n" + b"".join(name + b": " + value + b"\r\n" for name, value in headers)
    return head + b"Content-Length: %d\r\n\r\n" % len(block) + block + b"\r\n\r\n"


def hand_written():
    """Records of the details a writer may leave otherwise than warcio writes them."""
    def response(url, date, block, *extra):
        return warc_record([(b"WARC-Type", b"response"), (b"WARC-Target-URI", url), (b"WARC-Date", date),
                            (b"Content-Type", b"application/http; msgtype=response"), *extra], block)

    date = b"2013-12-26T10:11:12Z"
    return b"".join([
        # No WARC-Payload-Digest: computed from the payload after the head.
        response(b"http://example.com/", date, b"HTTP/1.1 200 OK\r\nContent-Type: text/html;charset=utf-8\r\n\r\n<p>"),
        # A status line without a reason, a Content-Type after white space and a parameter.
        response(b"http://example.com/missing", date, b"HTTP/1.1 404\r\nContent-type:   text/plain ; x=y\r\n\r\n"),
        # A head that does not end: the payload is empty.
        response(b"http://example.com/cut", date, b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n"),
        # A head ended by a line of spaces; a folded Content-Type.
        response(b"http://example.com/fold", date, b"HTTP/1.0 200 OK\r\nContent-Type:\r\n text/html\r\n   \r\nbody"),
        # Latin-1 in a header, UTF-8 and a space in the URL, angle brackets around it.
        response(b"<http://example.com/caf\xc3\xa9 menu>", b"2013-12-26T10:11:12.123456Z",
                 b"HTTP/1.0 200 OK\r\nContent-Type: text/h\xe9ml\r\n\r\nx"),
        # Latin-1 in the URL; a tab after the protocol (the status is the next word: "OK");
        # a line without a colon; the first of two Content-Types, its name in capitals.
        response(b"http://example.com/\xe9t\xe9", date,
                 b"HTTP/1.1\t200 OK\r\nstray\r\nCONTENT-TYPE: text/css\r\nContent-Type: text/x\r\n\r\n"),
        # A scheme in capitals: no HTTP head read (warcio's test is case-sensitive).
        response(b"HTTP://EXAMPLE.COM/", date, b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\nx"),
        # An empty WARC-Payload-Digest: kept empty.
        response(b"http://example.com/empty-digest", date, b"HTTP/1.0 200 OK\r\n\r\nx",
                 (b"WARC-Payload-Digest", b"")),
        # An empty block; a block that is no HTTP.
        response(b"http://example.com/empty", date, b""),
        response(b"http://example.com/no-http", date, b"<html>\r\n\r\nbody"),
        # Not HTTP: a dns: response, an ftp: resource.
        response(b"dns:example.com", date, b"20131226101112\nexample.com.\t300\tIN\tA\t192.0.2.1\n"),
        warc_record([(b"WARC-Type", b"resource"), (b"WARC-Target-URI", b"ftp://ftp.example.com/pub/README"),
                     (b"WARC-Date", date), (b"Content-Type", b"text/plain")], b"read me"),
        # A revisit without a payload digest; one with.
        warc_record([(b"WARC-Type", b"revisit"), (b"WARC-Target-URI", b"http://example.com/"), (b"WARC-Date", date),
                     (b"WARC-Profile", b"http://netpreserve.org/warc/1.0/revisit/identical-payload-digest")],
                    b"HTTP/1.1 304 Not Modified\r\n\r\n"),
        warc_record([(b"WARC-Type", b"revisit"), (b"WARC-Target-URI", b"http://example.com/"), (b"WARC-Date", date),
                     (b"WARC-Payload-Digest", b"sha1:AAAA")], b""),
        # Metadata: of application/warc-fields (left out), and of another type.
        warc_record([(b"WARC-Type", b"metadata"), (b"WARC-Target-URI", b"http://example.com/"), (b"WARC-Date", date),
                     (b"Content-Type", b"application/warc-fields")], b"via: x\r\n"),
        warc_record([(b"WARC-Type", b"metadata"), (b"WARC-Target-URI", b"http://example.com/"), (b"WARC-Date", date),
                     (b"Content-Type", b"text/anvl")], b"via: x\r\n"),
        # A request and a conversion: left out.
        warc_record([(b"WARC-Type", b"request"), (b"WARC-Target-URI", b"http://example.com/"), (b"WARC-Date", date)],
                    b"GET / HTTP/1.0\r\n\r\n"),
    ])


def hand_written_arc():
    """An ARC file: its filedesc block, an HTTP response, a dns: record, dates of 12 digits
    and out of range (warcio pads and clamps them), a URL with a space."""
    records = [
        webarchives.arc_record("filedesc://hand.arc", "1996-09-23T14:21:03Z", "text/plain",
                               b"1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n"),
        webarchives.arc_record("http://info.cern.ch/", "1996-09-23T14:21:03Z", "text/html",
                               b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<p>"),
        webarchives.arc_record("dns:info.cern.ch", "1996-09-23T14:21:03Z", "text/dns", b"info.cern.ch.\t1\tIN\tA\t1.2.3.4"),
    ]
    for url, date in (("http://info.cern.ch/a b", "199609231421"), ("http://info.cern.ch/late", "19961332256161")):
        content = b"HTTP/1.0 200 OK\r\n\r\nx"
        records.append(b"%s 192.0.2.1 %s text/html %d\n%s\n" % (url.encode(), date.encode(), len(content), content))
    return b"".join(records)


def warcio_without_digests():
    """warcio's crawl, plain, with every WARC-Payload-Digest taken out (their lengths do not
    count in Content-Length): the digests computed instead."""
    data = webarchives.warc(PAGES, False, others=OTHERS, name="no-digests.warc")
    return re.sub(rb"WARC-Payload-Digest: [^\r\n]*\r\n", b"", data)


def resource_warc(gzipped):
    """warcio writing a resource record and a response of a non-HTTP scheme."""
    out = io.BytesIO()
    writer = WARCWriter(out, gzip=gzipped)
    writer.write_record(writer.create_warc_record(
        "http://example.com/page.html", "resource", payload=io.BytesIO(b"<p>"), warc_content_type="text/html"))
    headers = StatusAndHeaders("200 OK", [("Content-Type", "text/plain")], protocol="HTTP/1.1")
    writer.write_record(writer.create_warc_record(
        "https://example.com/s", "response", payload=io.BytesIO(b"secure"), http_headers=headers))
    return out.getvalue()


WRITTEN = {
    "crawl.warc.gz": lambda: webarchives.warc(PAGES, True, others=OTHERS, name="crawl.warc.gz"),
    "crawl.warc": lambda: webarchives.warc(PAGES, False, others=OTHERS, name="crawl.warc"),
    "dechunked.warc.gz": lambda: webarchives.warc(PAGES, True, name="dechunked.warc.gz", dechunked=True),
    "no-digests.warc": warcio_without_digests,
    "resource.warc.gz": lambda: resource_warc(True),
    "resource.warc": lambda: resource_warc(False),
    "crawl.arc": lambda: webarchives.arc(PAGES[:3], False, others=OTHERS, name="crawl.arc"),
    "crawl.arc.gz": lambda: webarchives.arc(PAGES[:3], True, others=OTHERS, name="crawl.arc.gz"),
    "hand.warc": hand_written,
    "hand.warc.gz": lambda: b"".join(gzip.compress(record) for record in split_records(hand_written())),
    "hand.arc": hand_written_arc,
}


def split_records(data):
    """The records of a plain WARC file written here, each with its two line ends."""
    return [b"WARC/1.0\r\n" + part for part in data.split(b"WARC/1.0\r\n") if part]


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_lines_of_archives_written_here_are_cdxj_indexers(name, tmp_path):
    path = tmp_path / name
    path.write_bytes(WRITTEN[name]())
    theirs, status, error = cdxj_indexer(path)
    assert status == 0, error
    got, our_status, err = ours(path)
    assert our_status == 0, err
    assert got == theirs
    assert len(got) >= 2


def test_the_hand_written_details_are_there(tmp_path):
    """What hand.warc is for: each detail present in the lines both write."""
    path = tmp_path / "hand.warc"
    path.write_bytes(hand_written())
    lines = [fields(line) for line in ours(path)[0]]
    by_url = {}
    for key, timestamp, each in lines:
        by_url.setdefault(each["url"], []).append(each)
    assert by_url["http://example.com/"][0]["digest"].startswith("sha1:")
    assert by_url["http://example.com/missing"][0]["status"] == "404"
    assert by_url["http://example.com/missing"][0]["mime"] == "text/plain"
    assert by_url["http://example.com/cut"][0]["digest"] == "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ"
    assert by_url["http://example.com/caf\u00e9%20menu"][0]["mime"] == "text/h\u00e9ml"
    assert "mime" not in by_url["dns:example.com"][0] and "status" not in by_url["dns:example.com"][0]
    revisits = [each for each in by_url["http://example.com/"] if each.get("mime") == "warc/revisit"]
    assert [("digest" in each) for each in revisits] == [False, True]
    assert [each.get("mime") for each in by_url["http://example.com/"]].count("text/anvl") == 1
    assert (by_url["http://example.com/\u00e9t\u00e9"][0]["status"], by_url["http://example.com/\u00e9t\u00e9"][0]["mime"]) == ("OK", "text/css")
    assert "status" not in by_url["HTTP://EXAMPLE.COM/"][0]
    assert by_url["http://example.com/empty-digest"][0]["digest"] == ""


def test_sorted_as_cdxj_indexer_sorts(tmp_path):
    paths = []
    for name in ("crawl.warc.gz", "crawl.warc", "hand.warc", "crawl.arc"):
        paths.append(tmp_path / name)
        paths[-1].write_bytes(WRITTEN[name]())
    paths.append(paths[0])  # a file twice: its lines once each
    theirs, status, error = cdxj_indexer("--sort", *paths)
    assert status == 0, error
    got, our_status, err = ours("--sort", *paths)
    assert our_status == 0, err
    assert got == theirs
    # Sorted in chunks of a few lines, spilled to temporary files and merged: the same.
    assert ours("--sort", "--sort-buffer", "600", *paths)[0] == theirs


# -- The real archives -------------------------------------------------------------------------

# Why a line of one side may have no equal on the other: each reason is checked, line by line,
# by classify(); EXPECTED says which reasons each file shows.
REASONS = {
    # cdxj-indexer stopped with an error before the file's end (warcio's ArchiveLoadFailed on
    # bytes it cannot read as a record, or a Python exception: a record without
    # WARC-Target-URI, a date out of range): our lines after its last one have no equal.
    "stopped": "cdxj-indexer stopped with an error; our lines after its last line",
    # A damaged record (a length that lies or runs past the end of the file or member, a
    # length that is no number, bytes that start no record) is reported on standard error
    # here and not indexed; cdxj-indexer indexes what warcio reads there (a record cut
    # short, garbage taken for a header line).
    "reported": "a damaged record reported here, indexed by cdxj-indexer",
    # Several records in one gzip member (a whole-file gzip; WARC 1.1 annex D recommends a
    # member per record): warcio stops ("non-chunked gzip file detected") or writes negative
    # offsets and lengths; here every record of the member has the member's offset and
    # length.
    "member": "several records in one gzip member",
    # warcio reads and drops the line after an ARC record even when it is the next record's
    # header line (a writer that left out the newline after the record): it then takes a
    # line of that record's block for a header line, indexing garbage inside it, and loses
    # the record, which is indexed here.
    "inside": "warcio dropped an ARC header line and read a record inside another one's block",
    # A folded WARC header (the value on the next line, after a tab): warcio keeps the tab
    # in the value ("\tmetadata" is no record type it knows, a URL gets %09 or %20 before
    # it), so cdxj-indexer leaves the record out; here the value is unfolded.
    "folded": "a folded WARC header, its tab kept by warcio",
}

# The files whose lines differ, and the reasons (above) for it. Every other file agrees on
# every line.
EXPECTED = {
    "warcio/bad.arc": {"reported"},  # ARC lengths of -1
    "warcio/example-bad-non-chunked.warc.gz": {"member"},
    "warcio/example-bad.warc.gz.bad": {"member"},
    "warcio/example-space-in-url.arc": {"reported"},  # the length runs past the file's end
    "warcio/example-trunc.warc": {"reported"},
    "warcio/example-wrong-chunks.warc.gz": {"reported"},
    "warcio/space-in-url.arc": {"reported"},
    "jwat/test-arc-1.0-dashed-fields.arc": {"reported"},
    "jwat/test-arc-1.0-invalid-fields.arc": {"reported"},
    "jwat/invalid-warcfile-fields-empty.warc": {"reported"},
    "jwat/invalid-warcfile-fields-invalidformat.warc": {"reported"},
    "jwat/invalid-warcfile-record-then-garbage.warc": {"reported"},
    "jwat/valid-warcfile-fields-metainfo.warc": {"folded"},
    "webarchive-commons/IAH-20080430204825-00000-blackbook-truncated.arc": {"stopped"},
    "webarchive-commons/link-extraction-test.warc": {"stopped"},
    "webarchive-commons/cz-pagesinczech.arc.gz": {"stopped"},  # a gzip FEXTRA warcio does not read
    "resiliparse/clipped.warc.gz": {"reported"},  # its member is cut off
    "aut/badexample.arc.gz": {"member"},
    "gowarc/corrupted-mid-record.warc.gz.open": {"member"},
    "gowarc/corrupted-trailing-bytes.warc.gz.open": {"member"},
    "gowarc/good.warc.gz.open": {"member"},
    "gowarc/skip-non-open.warc.gz": {"member"},
    "warcio-js/example-bad-length.warc": {"reported"},
    "netarchivesuite/42-117-20051212141240-00000-sb-test-har-001.statsbiblioteket.dk.ARC": {"reported", "stopped"},
    "netarchivesuite/42-117-20051212141242-00002-sb-test-har-001.statsbiblioteket.dk.arc": {"reported"},
    "netarchivesuite/integrity11.ARC": {"reported"},
    "netarchivesuite/4-metadata-1.arc": {"inside"},
}


def real_files():
    if not (FOLDER / "SOURCES.tsv").is_file():
        if os.environ.get("RFC1738_REAL_ARCHIVES"):
            raise FileNotFoundError(f"RFC1738_REAL_ARCHIVES={FOLDER} holds no SOURCES.tsv")
        return []
    rows = (FOLDER / "SOURCES.tsv").read_text().splitlines()[1:]
    return [row.split("\t")[0] for row in rows if row.strip()]


FILES = real_files()
needs_folder = pytest.mark.skipif(
    not FILES, reason=f"{FOLDER} is not there: the real archives of ../shared/real-material/archives are left out")


def problem_spans(stderr):
    """The offsets our problems name, as (start, end): a record's offset, or the bytes
    skipped from it."""
    spans = []
    for match in re.finditer(r"record at byte (\d+)(?: \([^\n]*?\))?: (?:(\d+) bytes that start no record)?", stderr):
        start = int(match.group(1))
        spans.append((start, start + max(1, int(match.group(2) or 0))))
    return spans


def classify(name, line, side, theirs, ours_lines, stderr, status):
    """The reason a line (of `side`, "theirs" or "ours") has no equal on the other side, or
    None when no reason explains it."""
    _, _, each = fields(line)
    offset, length = int(each["offset"]), int(each["length"])
    ours_spans = [(int(f["offset"]), int(f["offset"]) + int(f["length"])) for _, _, f in map(fields, ours_lines)]
    their_offsets = [int(fields(other)[2]["offset"]) for other in theirs]
    if side == "theirs":
        if offset < 0 or length < 0:
            return "member"
        if any(start <= offset < end for start, end in problem_spans(stderr)):
            return "reported"
        if any(start < offset < end for start, end in ours_spans):
            return "inside"
    else:
        if [start for start, _ in ours_spans].count(offset) > 1:
            return "member"
        if any(offset < other < offset + length for other in their_offsets):
            return "inside"
        data = (FOLDER / name).read_bytes()
        if re.search(rb"\nWARC-Type: *\r?\n[ \t]", data):
            return "folded"
        last = max([o for o in their_offsets if o >= 0], default=-1)
        if status != 0 and offset > last:
            return "stopped"
    return None


@functools.lru_cache(maxsize=None)
def compare(name):
    """The comparison of one real file: its row of the table (its assertions in the test)."""
    path = FOLDER / name
    theirs, status, error = cdxj_indexer(path)
    got, our_status, stderr = ours(path)
    assert our_status in (0, 2), stderr
    missing = [line for line in theirs if line not in got]
    extra = [line for line in got if line not in theirs]
    reasons, unexplained = {}, []
    for side, lines in (("theirs", missing), ("ours", extra)):
        for line in lines:
            reason = classify(name, line, side, theirs, got, stderr, status)
            if reason is None:
                unexplained.append(f"{side}: {line}")
            else:
                reasons[reason] = reasons.get(reason, 0) + 1
    in_order = [line for line in got if line in theirs] == [line for line in theirs if line in got]
    return {
        "file": name,
        "theirs": len(theirs),
        "ours": len(got),
        "same": len(set(theirs) & set(got)),
        "http_same": sum(1 for line in theirs if line in got and fields(line)[2]["url"].startswith("http")),
        "reasons": reasons,
        "unexplained": unexplained,
        "in_order": in_order,
        "their_error": error if status else "",
        "our_problems": len(problem_spans(stderr)),
    }


@needs_folder
@pytest.mark.parametrize("name", FILES)
def test_real_archive_lines_are_cdxj_indexers_but_for_the_expected_differences(name):
    row = compare(name)
    assert not row["unexplained"], f"{name}: lines no expected difference explains:\n" + "\n".join(row["unexplained"])
    assert set(row["reasons"]) == EXPECTED.get(name, set()), (
        f"{name}: the differences found ({row['reasons']}) are not those EXPECTED lists "
        f"({EXPECTED.get(name, set())}); cdxj-indexer: {row['their_error']!r}"
    )
    assert row["in_order"], f"{name}: the lines both write are not in the same order"


@needs_folder
def test_sorted_real_archives_as_cdxj_indexer_sorts():
    """The files that agree, together, with --sort: the same lines in the same order."""
    agreeing = [FOLDER / name for name in FILES if name not in EXPECTED and not compare(name)["their_error"]]
    theirs, status, error = cdxj_indexer("--sort", *agreeing)
    assert status == 0, error
    got, our_status, stderr = ours("--sort", *agreeing)
    assert our_status in (0, 2), stderr  # 2: damaged records among those no line is for
    assert got == theirs
    assert ours("--sort", "--sort-buffer", "100000", *agreeing)[0] == theirs


@needs_folder
def test_table():
    """The table of every file (printed with -s), and its sums."""
    rows = [compare(name) for name in FILES]
    print()
    print("| file | lines (cdxj-indexer) | lines (rfc1738) | the same | of them http(s) | "
          "differing, by reason | cdxj-indexer's error |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        reasons = ", ".join(f"{n} {reason}" for reason, n in sorted(row["reasons"].items())) or ""
        print(f"| {row['file']} | {row['theirs']} | {row['ours']} | {row['same']} | {row['http_same']} | "
              f"{reasons} | {row['their_error'][:70]} |")
    total = {key: sum(row[key] for row in rows) for key in ("theirs", "ours", "same", "http_same")}
    agree = sum(1 for row in rows if not row["reasons"])
    print(f"| **{len(rows)} files, {agree} the same line for line** | {total['theirs']} | {total['ours']} | "
          f"{total['same']} | {total['http_same']} | | |")
    assert len(rows) == 135
