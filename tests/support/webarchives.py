"""Web archives as crawlers write them, for the tests of the CLI (tests/archives), of the
Spark job (tests/spark) and of the Python package (python/tests).

WARC files are written by warcio (PyPI), the library archivists use; ARC files (version 1,
the Internet Archive's format of 1996-2008) are written here, as warcio reads ARC but does
not write it. A page is a tuple (URL, date, HTML bytes); a date is ISO 8601
(``1996-09-23T14:21:03Z``), or None for the time of writing. Each test module puts this
folder on ``sys.path`` and imports the module; it needs warcio and nothing else.
"""

import gzip
import io

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter


def chunked(body):
    """``body`` as an HTTP/1.1 chunked body of two chunks (RFC 9112, section 7.1)."""
    return b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:10], body[10:])) + b"0\r\n\r\n"


def warc(pages, gzipped, *, others=(), resource=None, name="crawl.warc", dechunked=False):
    """The bytes of a crawl in WARC 1.0, gzip'd per record or plain.

    A warcinfo record; per page a request record, then its response: the second page's
    body chunked (or, with ``dechunked``, stored de-chunked under its head's
    ``Transfer-Encoding: chunked``, as pywb's and node-warc's recorders store bodies), the
    third's gzip-encoded, and every other page's Content-Type without a charset. Then a response per item of ``others`` (URL, date, content type, body) with no
    request; ``resource`` (URL, date, HTML) as a resource record of text/html; and a
    revisit and a metadata record of the first page's URL (``http://example.com/`` when
    there is no page).
    """
    out = io.BytesIO()
    writer = WARCWriter(out, gzip=gzipped)
    writer.write_record(writer.create_warcinfo_record(name, {"software": "tests/support/webarchives.py"}))

    def response(url, date, content_type, payload, extra=()):
        headers = StatusAndHeaders("200 OK", [("Content-Type", content_type), *extra], protocol="HTTP/1.0")
        writer.write_record(writer.create_warc_record(
            url, "response", payload=io.BytesIO(payload), http_headers=headers, warc_headers_dict=dated(date)))

    for n, (url, date, html) in enumerate(pages):
        request = StatusAndHeaders("GET / HTTP/1.0", [("Host", "h")], is_http_request=True)
        writer.write_record(writer.create_warc_record(
            url, "request", payload=io.BytesIO(b""), http_headers=request, warc_headers_dict=dated(date)))
        content_type = "text/html" if n % 2 else "text/html; charset=iso-8859-1"
        if n == 1:
            body = html if dechunked else chunked(html)
            response(url, date, content_type, body, [("Transfer-Encoding", "chunked")])
        elif n == 2:
            response(url, date, content_type, gzip.compress(html), [("Content-Encoding", "gzip")])
        else:
            response(url, date, content_type, html)
    for url, date, content_type, body in others:
        response(url, date, content_type, body)
    if resource:
        url, date, html = resource
        writer.write_record(writer.create_warc_record(
            url, "resource", payload=io.BytesIO(html), warc_content_type="text/html",
            warc_headers_dict=dated(date)))
    url, date = (pages[0][0], pages[0][1]) if pages else ("http://example.com/", None)
    writer.write_record(writer.create_revisit_record(
        url, digest="sha1:AAAA", refers_to_uri=url, refers_to_date=date or "1996-01-01T00:00:00Z"))
    writer.write_record(writer.create_warc_record(
        url, "metadata", payload=io.BytesIO(b"via: x\r\n"), warc_content_type="application/warc-fields"))
    return out.getvalue()


def arc(pages, gzipped, *, others=(), name="crawl.arc"):
    """The bytes of a crawl in ARC, version 1, gzip'd per record or plain.

    The filedesc block (version 1 and its field names), then an HTTP/1.0 response per page
    (text/html), then one per item of ``others`` (URL, date, content type, body).
    """
    version = b"1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n"
    records = [arc_record("filedesc://" + name, "1996-09-23T14:21:03Z", "text/plain", version)]
    items = [(url, date, "text/html", html) for url, date, html in pages] + list(others)
    for url, date, content_type, body in items:
        content = b"HTTP/1.0 200 OK\r\nContent-Type: %s\r\n\r\n%s" % (content_type.encode(), body)
        records.append(arc_record(url, date, content_type, content))
    return b"".join(gzip.compress(record) if gzipped else record for record in records)


def arc_record(url, date, content_type, content):
    """One ARC version 1 record: its header line (URL, IP address, date in 14 digits,
    content type, length), the content, and the newline that ends it."""
    digits = date.replace("-", "").replace("T", "").replace(":", "").rstrip("Z")
    return b"%s 192.0.2.1 %s %s %d\n%s\n" % (
        url.encode("latin-1"), digits.encode(), content_type.encode(), len(content), content)


def dated(date):
    """The WARC-Date header of a record, or none (warcio then writes the time of writing)."""
    return {"WARC-Date": date} if date else {}
