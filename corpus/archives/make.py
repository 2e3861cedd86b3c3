#!/usr/bin/env python3
"""Writes the archive cases of corpus/archives/: small ARC and WARC files, each standing for a
class of damage found in real archives (named in `cases.jsonl`'s `source`), written here byte
by byte so that every byte is known. Standard library only; gzip members with mtime 0, so the
files are the same on every run.

    python3 corpus/archives/make.py           # write the files
    python3 corpus/archives/make.py --check   # fail if a file differs from what it writes

The expected output of each case is its golden `NAME.jsonl` (what `rfc1738 links --json
NAME` prints, then its archive summary), checked by `cargo test --test archive` and
rewritten from the binary with BLESS=1.
"""

import gzip
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def member(data):
    return gzip.compress(data, mtime=0)


def page(links, extra_headers=b"", body=None):
    """An HTTP/1.0 response of text/html with one link per name of `links`."""
    if body is None:
        body = b"".join(b'<A HREF="%s">%s</A>\n' % (link, link) for link in links)
    return b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n" + extra_headers + b"\r\n" + body


def warc(url, block, *, kind=b"response", version=b"WARC/1.0", length=None, end=b"\r\n\r\n",
         content_type=b"application/http; msgtype=response", line_end=b"\r\n"):
    """A WARC record: `length` is its Content-Length (the block's length when None)."""
    length = len(block) if length is None else length
    head = [version, b"WARC-Type: " + kind, b"WARC-Target-URI: " + url,
            b"WARC-Date: 1996-09-23T14:21:03Z", b"Content-Type: " + content_type,
            b"Content-Length: %d" % length]
    return line_end.join(head) + line_end + line_end + block + end


def arc(url, block, *, length=None, content_type=b"text/html", date=b"19960923142103"):
    length = len(block) if length is None else length
    return b"%s 192.0.2.1 %s %s %s\n" % (url, date, content_type, str(length).encode()) + block + b"\n"


def filedesc(name=b"x.arc"):
    block = b"1 0 rfc1738 corpus\nURL IP-address Archive-date Content-type Archive-length\n"
    return arc(b"filedesc://" + name, block, content_type=b"text/plain")


def many(n, make):
    return b"".join(make(b"http://after.test/%d" % i, page([b"n%d.html" % i])) for i in range(n))


CASES = {}


def case(name):
    def register(make):
        CASES[name] = make
        return make
    return register


@case("warc-length-over-limit.warc")
def _():
    """A good record, a record whose Content-Length is 10^18, and 20 good records."""
    return (warc(b"http://before.test/", page([b"a.html"]))
            + warc(b"http://liar.test/", page([b"lost.html"]), length=10**18)
            + many(20, warc))


@case("warc-length-over-limit.warc.gz")
def _():
    """The same gzip'd per record: the liar's member is skipped to its end."""
    records = [warc(b"http://before.test/", page([b"a.html"])),
               warc(b"http://liar.test/", page([b"lost.html"]), length=10**18)]
    records += [warc(b"http://after.test/%d" % i, page([b"n%d.html" % i])) for i in range(3)]
    return b"".join(member(r) for r in records)


@case("arc-length-over-limit.arc")
def _():
    """An ARC record whose length is 17 MiB (over the default --max-record), then 20 more."""
    return (filedesc() + arc(b"http://before.test/", page([b"a.html"]))
            + arc(b"http://liar.test/", page([b"lost.html"]), length=17 << 20)
            + many(20, arc))


@case("arc-record-then-junk.arc")
def _():
    """jwat's invalid-arcfile-record-then-garbage.arc: a record whose length is right, then a
    line that is no header; the record is read, the junk reported at its own offset."""
    return (filedesc() + arc(b"http://good.test/", page([b"kept.html"]))
            + b"The monkeys are a coming!\n" + arc(b"http://next.test/", page([b"next.html"])))


@case("arc-record-then-long-line.arc")
def _():
    """A record, then a line longer than a header line may be (64 KiB), then a record."""
    return (filedesc() + arc(b"http://good.test/", page([b"kept.html"]))
            + b"x" * 70000 + b"\n" + arc(b"http://next.test/", page([b"next.html"])))


@case("arc-record-then-cut-header.arc")
def _():
    """warcio's bad.arc ends so: a record, then a header line cut off by the end of the file."""
    return (filedesc() + arc(b"http://good.test/", page([b"kept.html"]))
            + b"http://cut.test/ 192.0.2.1 1996")


@case("arc-bad-lengths.arc")
def _():
    """warcio's bad.arc: header lines whose length is -1 or abc, each reported at its offset,
    and an 18-digit date read as written."""
    return (arc(b"filedesc://bad.arc", b"1 0 Bad\nURL IP-address Archive-date Content-type Archive-length\n",
                length=-1, content_type=b"text/plain")
            + arc(b"http://minus.test/", page([b"m.html"]), length=-1)
            + arc(b"http://good.test/", page([b"kept.html"]), date=b"199609231421030000")
            + arc(b"http://letters.test/", page([b"l.html"]), length="abc"))


@case("arc-fragment.arc")
def _():
    """netarchivesuite's CorrectTest1.ARC: records of an ARC file without its filedesc block."""
    return arc(b"http://first.test/", page([b"one.html"])) + arc(b"http://second.test/", page([b"two.html"]))


@case("arc-no-newline.arc")
def _():
    """netarchivesuite's input-1.arc: records not followed by their LF, the next header at once
    (warcio reads and drops that header line)."""
    return (filedesc() + arc(b"http://first.test/", page([b"one.html"]))[:-1]
            + arc(b"http://second.test/", page([b"two.html"]))[:-1]
            + arc(b"http://third.test/", page([b"three.html"])))


@case("warc-0.17.warc")
def _():
    """Heritrix's WARC/0.17 (jwat's IAH-...-blackbook.warc.gz): read as 1.0."""
    return (warc(b"http://a.test/", page([b"a.html"]), version=b"WARC/0.17")
            + warc(b"http://b.test/", b"GET / HTTP/1.0\r\n\r\n", kind=b"request", version=b"WARC/0.17"))


@case("warc-0.18.warc")
def _():
    """ClueWeb09's and NetarchiveSuite's WARC/0.18, and a version line in lower case."""
    return (warc(b"http://a.test/", page([b"a.html"]), version=b"WARC/0.18")
            + warc(b"http://b.test/", page([b"b.html"]), version=b"warc/1.0"))


@case("warc-short-separator.warc")
def _():
    """node-warc's books.toscrape.warc: one CR LF after each block, the next record at once."""
    return (warc(b"http://a.test/", page([b"a.html"]), end=b"\r\n")
            + warc(b"http://b.test/", page([b"b.html"]), end=b"\r\n"))


@case("warc-crcrlf.warc")
def _():
    """pywb's missing-status-text.warc: a file converted to CR LF twice (lines end CR CR LF)."""
    block = page([b"a.html"]).replace(b"\r\n", b"\r\r\n")
    return warc(b"http://a.test/", block, line_end=b"\r\r\n", end=b"\r\r\n\r\r\n")


@case("warc-folded-length.warc")
def _():
    """jwat's valid-warcfile-fields-warcinfo.warc: header values folded onto the next line."""
    block = page([b"a.html"])
    return (b"WARC/0.17\r\nWARC-Type:\r\n\tresponse\r\nWARC-Target-URI:\r\n\thttp://a.test/\r\n"
            b"Content-Length:\r\n\t%d\r\n\r\n" % len(block) + block + b"\r\n\r\n")


@case("warc-dechunked.warc")
def _():
    """pywb's iana.warc.gz: a body stored de-chunked under Transfer-Encoding: chunked; a body
    stored decoded under Content-Encoding: gzip (ClueWeb09); a chunked body that breaks off."""
    chunked = b"Transfer-Encoding: chunked\r\n"
    broken = b"f\r\n<A HREF=a.html>\r\n40\r\n<A HREF=b.html>b</A>"
    return (warc(b"http://dechunked.test/", page([b"a.html"], chunked))
            + warc(b"http://decoded.test/", page([b"b.html"], b"Content-Encoding: gzip\r\n"))
            + warc(b"http://broken.test/", page([], chunked, body=broken)))


@case("warc-junk-in-member.warc.gz")
def _():
    """Junk inside a gzip member after its record, and a member of two records with junk
    between them: each reported at its member's offset, every record read."""
    first = warc(b"http://a.test/", page([b"a.html"])) + b"junk after the record\r\n"
    second = (warc(b"http://b.test/", page([b"b.html"])) + b"more junk\r\n"
              + warc(b"http://c.test/", page([b"c.html"])))
    return member(first) + member(second) + member(warc(b"http://d.test/", page([b"d.html"])))


@case("warc-empty-members.warc.gz")
def _():
    """gowarc's empty.warc.gz.open: nothing but an empty gzip member; an empty WARC file."""
    return member(b"")


def main():
    check = "--check" in sys.argv[1:]
    differ = []
    for name, make in CASES.items():
        data = make()
        path = HERE / name
        if check:
            if not path.is_file() or path.read_bytes() != data:
                differ.append(name)
        else:
            path.write_bytes(data)
    if differ:
        print("corpus/archives: not what make.py writes: " + ", ".join(differ), file=sys.stderr)
        return 1
    if not check:
        cases = HERE / "cases.jsonl"
        known = {}
        if cases.is_file():
            known = {json.loads(line)["file"]: json.loads(line) for line in cases.read_text().splitlines()}
        missing = [name for name in CASES if name not in known]
        if missing:
            print("corpus/archives: cases.jsonl has no case for " + ", ".join(missing), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
