#!/usr/bin/env python3
"""Seeds each fuzz target's corpus (fuzz/corpus/<target>/) from the project's corpus/.

Standard library only. Run from anywhere: python3 fuzz/seed.py [DIR]
(DIR/<target>/ instead of fuzz/corpus/<target>/: fuzz/replay.sh replays the seeds alone).
"""
import gzip
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = pathlib.Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "fuzz" / "corpus"


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
        for target in ("parse", "parse_dialects", "reference", "normalize", "encode", "keys"):
            write(target, data)
        write("builders", data.replace(b"/", b"\xff"))
    # A gopher selector (part 7) and a search (part 8) that hold a TAB: the builder refuses
    # each, naming it (RFC 1738 section 3.4: the TAB is the protocol's separator).
    write("builders", b"\xff" * 7 + b"sel\tector\xffsearch")
    write("builders", b"\xff" * 7 + b"selector\xffsea\trch\t")
    for data in resolve:
        write("resolve", data)
    for line in (ROOT / "corpus" / "keys" / "pairs.jsonl").read_text().splitlines():
        pair = json.loads(line)
        write("keys", (pair["a"] + "\t" + pair["b"]).encode())
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
        # The CDXJ indexer: bit 0 ARC, bit 1 gzip, bit 2 the rfc1738 style, bits 3-7 the
        # piece size.
        for first in (arc, arc | 0x04 | 0x18, arc | 0x02 | 0x04):
            write("cdxj", bytes([first]) + data[:4095])
    # The explorer's connection: a first byte 0x00 is raw HTTP (the rest of a byte drawn
    # from the input describes requests; the fuzzer finds those from random bytes).
    requests = serve_requests(inputs[:200:10], resolve[:40:10], texts[:3])
    for data in requests:
        write("serve", b"\x00" + data)
    # What servers answer the fetch client (rfc1738::fetch::reply), the whole input each:
    # FTP replies, Gopher menus and Gopher+ length lines, NNTP responses and HTTP heads.
    replies = {"ftp_reply": ftp_replies(), "gopher_menu": gopher_menus(), "nntp_reply": nntp_replies()}
    for target, seeds in replies.items():
        for data in seeds:
            write(target, data)
    print(f"{len(inputs)} URLs, {len(resolve)} resolutions, {len(texts)} texts, {len(pages)} pages, "
          f"{len(archives)} archives, {len(requests)} requests, "
          f"{sum(map(len, replies.values()))} server replies -> {OUT}")


def ftp_replies():
    """FTP replies (RFC 959 section 4.2 and its examples; RFC 2428's EPSV), a PASV text,
    an NLST listing, and the malformed ones a hostile server sends."""
    return [
        b"220 Service ready for new user.\r\n",
        b"220-host.dom FTP server ready\r\n220-Second line\r\n220 done\r\n",
        # RFC 959's own multi-line example: the lines between may start with digits.
        b"123-First line\r\nSecond line\r\n  234 A line beginning with numbers\r\n123 The last line\r\n",
        b"331 User name okay, need password.\r\n230 User logged in, proceed.\r\n",
        b"200 Type set to I.\r\n",
        b"227 Entering Passive Mode (127,0,0,1,4,1)\r\n",
        b"227 Entering Passive Mode (10,9,8,7,255,255).\r\n",
        b"227 =127,0,0,1,195,80\r\n",
        b"227 (256,0,0,1,4,1)\r\n",
        b"227 passive, somewhere\r\n",
        b"229 Entering Extended Passive Mode (|||6446|)\r\n",
        b"229 (!!!65535!)\r\n",
        b"(|||0|)",
        b"150 Opening ASCII mode data connection for /bin/ls.\r\n226 Transfer complete.\r\n",
        b"550 /etc/motd: No such file or directory.\r\n",
        b"421 Service not available, closing control connection.\r\n",
        b"220 LF only\n230 ok\n",
        b"220-never closed\r\nmore\r\n",
        b"999 out of range\r\n",
        b"22 short\r\n",
        b"220 a\x00nul\r\n",
        # NLST listings (the target reads every input as one too).
        b"motd\r\npasswd\r\ngroup\r\n",
        b"a file\nwith\ttab\n\nlast",
        b"bad\x01name\r\nlone\rcr\r\n",
    ]


def gopher_menus():
    """Gopher menus (RFC 1436's example menu), Gopher+ items and length lines, and the
    malformed lines a hostile server sends."""
    return [
        b"0About internet Gopher\tStuff:About us\trawBits.micro.umn.edu\t70\r\n"
        b"1Around University of Minnesota\tZ,5692,AUM\tunderdog.micro.umn.edu\t70\r\n"
        b"1Microcomputer News & Prices\tPrices/\tpserver.bookstore.umn.edu\t70\r\n"
        b"1Courses, Schedules, Calendars\t\tevents.ais.umn.edu\t9120\r\n"
        b"1Student-Staff Directories\t\tuinfo.ais.umn.edu\t70\r\n"
        b"1Departmental Publications\tStuff:DP:\trawBits.micro.umn.edu\t70\r\n.\r\n",
        b"1Gopher+ server\t1/plus\tgopher.example\t70\t+\r\n7Search\t/s\tgopher.example\t70\t?\r\n.\r\n",
        b"iInformation\tfake\t(NULL)\t0\r\n0Good\t/good\th\t70\r\n.\r\nafter the end\r\n",
        b"0Good\t/good\th\t70\r\n1Also good\t/d\th\t70\r\n0no tabs at all\r\n0Late\t/l\th\t70\r\n.\r\n",
        b"0a\x1b[31m\tb\tc\t70\r\n",
        b"1port\t/p\th\t99999\r\n.\r\n",
        b"1port\t/p\th\tseventy\r\n",
        b"0LF only\t/x\th\t70\n.\n",
        b"0no end\t/x\th\t70\r\n",
        b".\r\n",
        b"\r\n",
        # Gopher+ first lines: a length, to the close (-1), to a "." (-2), an error.
        b"+1234\r\n",
        b"+-1\r\n",
        b"+-2\r\n",
        b"--1\r\n",
        b"--2\r\n",
        b"+99999999999999999999\r\n",
    ]


def nntp_replies():
    """NNTP status lines and multi-line responses (RFC 977's examples, dot-stuffed), an
    HTTP/1.0 head, and chunk size lines."""
    return [
        b"200 news.example InterNetNews server ready (posting ok)\r\n",
        b"211 1234 3000234 3002322 misc.test\r\n",
        b"411 no such news group\r\n",
        b"502 permission denied\r\n",
        b"100\r\n",
        b"600 out of range\r\n",
        b"200 a\x07bell\r\n",
        # A multi-line response, the status line taken off as the client does, and whole.
        b"Path: pathost!demo!not-for-mail\r\nFrom: \"Demo User\" <nobody@example.net>\r\n"
        b"Message-ID: <45223423@example.com>\r\n\r\n..This line started with a dot\r\n...\r\nbody\r\n.\r\n",
        b"220 3000234 <45223423@example.com>\r\nSubject: x\r\n\r\n.\r\n",
        b"comp.infosystems.www 3002322 3000234 y\nmisc.test 10 1 n\n.\n",
        b"no end line\r\n",
        b".\r\nafter\r\n",
        b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nContent-Length: 12\r\n\r\n<a href=x>\r\n",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1a\r\n",
        b"HTTP/1.0 404 Not Found\n\n",
        b"HTTP/1.0 999 Odd\r\n\r\n",
        # What only the archive's lenient reading takes: two spaces, CR CR LF, a stray line.
        b"HTTP/1.0  200 OK\r\r\nstray\r\r\n Content-Type : text/html\r\r\n\r\r\nbody",
        b"HTTP/x 200\nContent-Type:\xc2\xa0text/plain\xff\n\n",
        b"HTTP/1.0 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
        b"1a\r\n",
        b"0\r\n",
        b"ffffffffffffffff\r\n",
        b"10000000000000000\r\n",
        b"1A;name=value\r\n",
    ]


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
