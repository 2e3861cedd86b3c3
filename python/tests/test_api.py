"""The module's API: the Url class, the errors, bytes, round trips, the limits, the GIL,
and every example in a docstring."""

import doctest
import inspect
import pathlib
import os
import subprocess
import sys
import threading

import pytest

import rfc1738


def test_the_readme_example():
    url = rfc1738.parse("gopher://gopher.micro.umn.edu/11/")
    assert str(url) == "gopher://gopher.micro.umn.edu/11/"
    assert (url.kind, url.host, url.port, url.gopher_type, url.selector) == (
        "gopher",
        "gopher.micro.umn.edu",
        None,
        "1",
        "1/",
    )


def test_url_properties_prefix_and_fragment():
    url = rfc1738.parse("URL:ftp://myname:pw@host.dom:2121/%2Fetc/motd;type=A#top")
    assert url.prefixed and url.fragment == "top"
    assert url.url == "ftp://myname:pw@host.dom:2121/%2Fetc/motd;type=A"
    assert (url.user, url.password, url.host, url.port) == ("myname", "pw", "host.dom", 2121)
    assert url.path == ("%2Fetc", "motd")
    assert url.typecode == "a"
    # a component of another scheme is no attribute of an ftp URL (issue 47)
    assert type(url) is rfc1738.FtpUrl and isinstance(url, rfc1738.Url)
    for other in ("selector", "group", "address"):
        with pytest.raises(AttributeError):
            getattr(url, other)
    assert url.decoded("path") == (b"/etc", b"motd")
    assert url.decoded("user", "ascii") == "myname"
    with pytest.raises(KeyError):
        url.decoded("selector")


def test_decoded_bytes_and_text():
    url = rfc1738.parse("gopher://h/0caf%C3%A9%09x")
    assert url.decoded("selector") == "café".encode()
    assert url.decoded("selector", "utf-8") == "café"
    assert url.search == "x"
    with pytest.raises(TypeError):
        rfc1738.parse("http://h:8080/").decoded("port")


def test_every_kind_reads_its_components():
    cases = {
        "http://info.cern.ch:8080/a/b?q": {"host": "info.cern.ch", "port": 8080, "path": "a/b", "search": "q"},
        "mailto:timbl@info.cern.ch": {"address": "timbl@info.cern.ch"},
        "news:comp.infosystems.www": {"grouppart_kind": "group", "grouppart": "comp.infosystems.www"},
        "nntp://news.dom/comp.x/42": {"host": "news.dom", "group": "comp.x", "article": 42, "article_digits": "42"},
        "telnet://u:p@h:23/": {"user": "u", "password": "p", "host": "h", "port": 23},
        "wais://quake.think.com/directory-of-servers?x": {"database": "directory-of-servers", "wais_kind": "index", "search": "x"},
        "file://vms.host.edu/disk$user/my/notes": {"host": "vms.host.edu", "path": ("disk$user", "my", "notes")},
        "prospero://h/a/b;x=y": {"path": ("a", "b"), "fields": (("x", "y"),)},
        "foo:bar": {"kind": "generic", "scheme_part": "bar"},
    }
    for text, fields in cases.items():
        url = rfc1738.parse(text)
        for name, value in fields.items():
            assert getattr(url, name) == value, (text, name)
        assert str(url) == text
        assert url.to_dict()["display"] == text


def test_an_article_number_beyond_64_bits_is_valid():
    # RFC 1738: digits = 1*digit, unbounded; article is None beyond 2**64 - 1.
    url = rfc1738.parse("nntp://news.server.example/example.group.this/1234567890123456789012")
    assert url.article is None
    assert url.article_digits == "1234567890123456789012"
    assert url.to_dict()["article_digits"] == "1234567890123456789012"
    largest = rfc1738.parse("nntp://h/g/18446744073709551615")
    assert largest.article == 2**64 - 1
    assert rfc1738.parse("nntp://h/g/0042").article_digits == "0042"
    assert rfc1738.parse("nntp://h/g").article_digits is None
    rfc1630 = rfc1738.parse("nntp:g/99999999999999999999999", dialect="rfc1630")
    assert (rfc1630.article, rfc1630.article_digits) == (None, "99999999999999999999999")


def test_rfc1630_kinds():
    assert rfc1738.parse("mid:12345@info.cern.ch", dialect="rfc1630").addr_spec == "12345@info.cern.ch"
    assert rfc1738.parse("cid:foo@bar", dialect="rfc1630").content_identifier == "foo@bar"
    assert rfc1738.parse("http://info.cern.ch/a b", dialect="draft").dialect == "draft"
    with pytest.raises(ValueError, match="unknown dialect"):
        rfc1738.parse("http://h/", dialect="rfc3986")
    assert rfc1738.DIALECTS == ("rfc1738", "rfc1630", "draft", "rfc2396")


def test_properties_cannot_change_the_url():
    url = rfc1738.parse("ftp://h/a/b")
    assert isinstance(url.path, tuple)
    d = url.to_dict()
    d["path"].append("x")
    assert url.to_dict()["path"] == ["a", "b"]


def test_url_equality_hash_repr():
    a = rfc1738.parse("http://h/")
    assert a == rfc1738.parse("http://h/")
    assert a != rfc1738.parse("http://h/", dialect="rfc1630")
    assert a != "http://h/"
    assert len({a, rfc1738.parse("http://h/")}) == 1
    assert repr(a) == "rfc1738.parse('http://h/')"
    assert eval(repr(rfc1738.parse("mid:a@b", dialect="rfc1630")), {"rfc1738": rfc1738}).kind == "mid"


def test_parse_error_fields_and_messages():
    with pytest.raises(rfc1738.ParseError) as raised:
        rfc1738.parse("http://info.cern.ch/hyper text")
    e = raised.value
    assert isinstance(e, ValueError)
    assert (e.code, e.offset, e.char_offset, e.line, e.column) == ("unsafe-character", 25, 25, 1, 26)
    assert e.expected == ["uchar", "\"&\"", "\"/\"", "\":\"", "\";\"", "\"=\"", "\"?\"", "\"@\"", "end of URL"]
    assert e.kind == "http" and e.dialect == "rfc1738"
    assert str(e) == (
        "unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2) at line 1, column 26 (byte 25), in httpurl"
    )
    assert e.message == "unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2)"
    assert e.render() == (
        "error: unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2)\n"
        " --> line 1, column 26 (byte 25), in httpurl\n"
        "  |\n"
        "  | http://info.cern.ch/hyper text\n"
        "  |                          ^\n"
        '  = expected: uchar, "&", "/", ":", ";", "=", "?", "@" or end of URL'
    )


def test_the_error_equals_the_parse_many_report():
    for text in ["http://h:99999/", "x", "", "URL:http://h/#a b", "ftp://h/f;type=x", "http://h/é"]:
        (report,) = rfc1738.parse_many([text])
        with pytest.raises(rfc1738.ParseError) as raised:
            rfc1738.parse(text)
        assert raised.value.to_dict() == report["error"]
        assert raised.value.kind == report["kind"]


def test_bytes_read_as_text_and_not_utf8_is_a_parse_error():
    assert str(rfc1738.parse(b"news:comp.infosystems.www")) == "news:comp.infosystems.www"
    assert str(rfc1738.parse(bytearray(b"news:x"))) == "news:x"
    with pytest.raises(rfc1738.ParseError) as raised:
        rfc1738.parse(b"gopher://h/\xff\xfe")
    e = raised.value
    assert (e.code, e.offset, e.line, e.column, e.kind, e.expected) == ("not-utf-8", 11, 1, 12, "gopher", [])
    assert "^" in e.render() and "\n" not in str(e)
    # a str with a lone surrogate is no text either
    with pytest.raises(rfc1738.ParseError) as raised:
        rfc1738.parse("http://h/\udcff")
    assert raised.value.code == "not-utf-8" and raised.value.offset == 9
    with pytest.raises(TypeError):
        rfc1738.parse(42)


def test_parse_many_reports_every_input_without_raising():
    reports = rfc1738.parse_many(iter(["http://h/", b"http://h/\xff", "http://h/ ", "\udcff"]))
    assert [r["valid"] for r in reports] == [True, False, False, False]
    assert reports[1] == {
        "input": "http://h/\ufffd",
        "dialect": "rfc1738",
        "form": "reference",
        "valid": False,
        "kind": "http",
        "scheme": "http",
        "error": {
            "code": "not-utf-8",
            "offset": 9,
            "char_offset": 9,
            "expected": [],
            "message": "input is not valid UTF-8 (a URL is US-ASCII; escape other octets as %XX)",
        },
        # The bytes, which "input" has lost: as the CLI's JSON has them.
        "input_hex": "687474703a2f2f682fff",
    }
    assert bytes.fromhex(reports[1]["input_hex"]) == b"http://h/\xff"
    assert reports[2]["error"]["code"] == "surrounding-whitespace"
    assert reports[3]["error"]["code"] == "not-utf-8"
    assert rfc1738.parse_many([]) == []
    with pytest.raises(TypeError):
        rfc1738.parse_many("http://h/")
    with pytest.raises(TypeError):
        rfc1738.parse_many([1])
    # more than one chunk, in order, each dict its own
    many = [f"http://h{i}.dom/{i}" for i in range(5000)]
    reports = rfc1738.parse_many(many, dialect="rfc1630")
    assert [r["input"] for r in reports] == many
    assert all(r["dialect"] == "rfc1630" and r["host"] == f"h{i}.dom" for i, r in enumerate(reports))
    reports[0]["host"] = "changed"
    assert reports[1]["host"] == "h1.dom"


def test_round_trips():
    for text in [
        "URL:http://info.cern.ch/hypertext/WWW/TheProject.html#top",
        "ftp://ftp.w3.org/pub/www/doc;type=d",
        "gopher://gopher.micro.umn.edu:70/00/Information%09search%09plus",
        "prospero://host.dom//pros/name;key=value",
    ]:
        url = rfc1738.parse(text)
        assert str(url) == text
        assert rfc1738.parse(str(url)) == url
        assert rfc1738.parse_many([text])[0] == url.to_dict()
        assert rfc1738.normalize(rfc1738.normalize(text)) == rfc1738.normalize(text)


def test_long_inputs_behave_as_in_rust():
    long = "http://h/" + "a" * 5_000_000
    url = rfc1738.parse(long)
    assert len(url.path) == 5_000_000
    with pytest.raises(rfc1738.ParseError) as raised:
        rfc1738.parse(long + " ")
    assert raised.value.offset == len(long)
    assert len(raised.value.render()) < 10_000
    (report,) = rfc1738.parse_many([long + "<"])
    assert report["error"]["offset"] == len(long)
    deep = "ftp://h/" + "a/" * 200_000
    assert len(rfc1738.parse(deep).path) == 200_001


def test_resolve_modes_and_errors():
    context = "magic://a/b/c//d/e/f"
    assert rfc1738.resolve(context, "g") == "magic://a/b/c//d/e/g"
    assert rfc1738.resolve(context, "/g", mode="rfc1630") == "magic://a/b/c//d/g"
    assert rfc1738.resolve(context, "/g", mode="DRAFT") == "magic://a/g"
    assert rfc1738.resolve(context, "/g", mode="draft-www-uri-00") == "magic://a/g"
    with pytest.raises(rfc1738.ResolveError) as raised:
        rfc1738.resolve(context, "g", mode="nonsense")
    assert raised.value.code == "unknown-mode" and isinstance(raised.value, ValueError)
    with pytest.raises(rfc1738.ResolveError) as raised:
        rfc1738.resolve("a/b", "c", mode="rfc1630")
    assert raised.value.code == "context-not-absolute"


def test_the_later_standards_are_modes_too():
    """Issue 49: RFC 2396, RFC 3986 and the WHATWG URL Standard, built into the package."""
    assert rfc1738.MODES == ("rfc1630", "draft", "rfc1808", "cern", "rfc2396", "rfc3986", "whatwg")
    base = "http://a/b/c/d;p?q"
    assert rfc1738.resolve(base, "?y", mode="rfc2396") == "http://a/b/c/?y"
    assert rfc1738.resolve(base, "../../../g", mode="RFC3986") == "http://a/g"
    assert rfc1738.resolve(base, "..\\g", mode="whatwg") == "http://a/b/g"
    with pytest.raises(rfc1738.ResolveError) as raised:
        rfc1738.resolve(base, "http://a:99999/", mode="whatwg")
    assert raised.value.code == "whatwg-failure"
    page = '<A HREF="HTTP://H:80/a/../b">'
    assert [link.result for link in rfc1738.links(page, mode="whatwg")] == ["http://h/b"]


def test_normalize_and_equivalent():
    assert rfc1738.normalize("URL:HTTP://H:80/a%41#Top") == "URL:http://h/aA#Top"
    assert rfc1738.normalize(b"FTP://Host.Dom:21/a%2fb;type=A") == "ftp://host.dom/a%2Fb;type=a"
    assert rfc1738.equivalent("URL:http://h/#top", "HTTP://H:80/")
    assert not rfc1738.equivalent("ftp://h/a%2Fb", "ftp://h/a/b")
    with pytest.raises(rfc1738.ParseError):
        rfc1738.normalize("http://h/a b")
    with pytest.raises(rfc1738.ParseError):
        rfc1738.equivalent("http://h/", "nope")


def test_lint_objects_and_report():
    warnings = rfc1738.lint("gopher://h:25/0%0D%0AMAIL")
    assert [(w.kind, w.severity, w.component) for w in warnings][:2] == [
        ("non-default-port", "danger", "port"),
        ("cross-protocol", "danger", "port"),
    ]
    assert warnings[1].line_break == 15 and warnings[0].line_break is None
    assert "line_break" not in warnings[0].to_dict()
    assert rfc1738.lint("http://h/") == []
    report = rfc1738.lint_report("gopher://h/0" + "%0D%0A" * 1000)
    assert len(report["warnings"]) == 1000 and report["omitted_warnings"] == 1000
    invalid = rfc1738.lint_report("http://user:pw@www.example.com/")
    assert invalid["valid"] is False and invalid["error"]["code"] == "user-info-not-allowed"
    assert [w.kind for w in rfc1738.lint("http://user:pw@www.example.com/")] == ["user-info-not-allowed", "password"]


def test_extract_objects(tmp_path):
    text = "See <URL:http://info.cern.ch/> or\nftp://h/a-\n  b and <http://h/a b>."
    found = list(rfc1738.extract(text))
    # As corpus/extract/rules.jsonl reads them: the hyphen at the line break kept (and
    # flagged, the reading without it the alternative), the space inside <...> dropped.
    assert [f.url for f in found] == ["http://info.cern.ch/", "ftp://h/a-b", "http://h/ab"]
    first = found[0]
    assert (first.wrapper, first.prefixed, first.line, first.column, first.file) == ("url", True, 1, 5, "-")
    assert first.to_dict()["found"] == "<URL:http://info.cern.ch/>"
    hyphen = found[1]
    assert (hyphen.hyphen_break, hyphen.alternative, hyphen.alternative_valid) == (True, "ftp://h/ab", True)
    path = tmp_path / "t.txt"
    path.write_text(text)
    assert [f.to_dict() for f in rfc1738.extract_file(path)] == [
        dict(f.to_dict(), file=str(path)) for f in found
    ]
    with pytest.raises(FileNotFoundError) as raised:
        rfc1738.extract_file(tmp_path / "missing.txt")
    assert raised.value.filename == tmp_path / "missing.txt"
    with pytest.raises(FileNotFoundError) as raised:
        rfc1738.extract_file(str(tmp_path / "missing.txt"))
    assert raised.value.filename == str(tmp_path / "missing.txt")
    # bytes that are not UTF-8 are read as the CLI reads a file
    assert [f.url for f in rfc1738.extract(b"\xff http://h/ \xfe")] == ["http://h/"]


def runs_other_threads_meanwhile(work):
    """How many times another thread ran while `work` was in its call."""
    state = {"in": False, "done": False}

    def worker():
        state["in"] = True
        work()
        state["in"] = False
        state["done"] = True

    thread = threading.Thread(target=worker)
    count = 0
    thread.start()
    while not state["done"]:
        if state["in"]:
            count += 1
    thread.join()
    return count


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_extract_file_reads_without_the_gil(tmp_path):
    # The file is a named pipe that this process writes to: a reader holding the GIL
    # would wait for a writer that cannot run. Run apart, so that a regression fails
    # instead of hanging the tests.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    script = f"""
import threading, rfc1738
found = []
reader = threading.Thread(target=lambda: found.extend(rfc1738.extract_file({str(fifo)!r})), daemon=True)
reader.start()
with open({str(fifo)!r}, "w") as pipe:
    pipe.write("see http://info.cern.ch/ now")
reader.join(20)
print([f.url for f in found])
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "['http://info.cern.ch/']", done.stderr


def test_parse_many_parses_without_the_gil():
    urls = ["http://h/" + "a" * 20_000] * 4000
    # another thread runs while parse_many parses (tried a few times: the machine may
    # be busy enough that it is not scheduled in one call)
    counts = []
    for _ in range(5):
        counts.append(runs_other_threads_meanwhile(lambda: rfc1738.parse_many(urls)))
        if counts[-1] > 0:
            break
    assert counts[-1] > 0, counts


def public_objects():
    for name in rfc1738.__all__:
        obj = getattr(rfc1738, name)
        if callable(obj):
            yield name, obj
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if not attr.startswith("_"):
                        yield f"{name}.{attr}", member


@pytest.mark.parametrize("name,obj", list(public_objects()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_function_and_class_has_a_docstring(name, obj):
    doc = inspect.getdoc(obj)
    assert doc, name
    if callable(obj) and not isinstance(obj, property) and not type(obj).__name__ == "getset_descriptor":
        assert ">>>" in doc, f"{name} has no example"


def test_every_docstring_example_runs():
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    seen = set()
    tests = finder.find(rfc1738, "rfc1738")
    for name, obj in public_objects():
        doc = inspect.getdoc(obj)
        if doc and ">>>" in doc and doc not in seen:
            seen.add(doc)
            tests.append(doctest.DocTestParser().get_doctest(doc, {}, name, None, 0))
    assert len(tests) > 15
    for test in tests:
        runner.run(test)
    assert runner.failures == 0


def test_the_readme_python_examples_run(capsys):
    import re

    # README.md and the book's chapters (book/src/*.md).
    root = pathlib.Path(__file__).resolve().parents[2]
    pages = [root / "README.md", *sorted((root / "book" / "src").glob("*.md"))]
    count = 0
    for page in pages:
        blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
        for block in blocks:
            exec(compile(block, str(page.relative_to(root)), "exec"), {})
        count += len(blocks)
    assert count >= 3, "README.md and the book have too few python blocks"


def test_errors_pickle():
    import pickle

    with pytest.raises(rfc1738.ParseError) as raised:
        rfc1738.parse("http://h:99999/")
    again = pickle.loads(pickle.dumps(raised.value))
    assert (str(again), again.to_dict(), again.render(), again.kind) == (
        str(raised.value),
        raised.value.to_dict(),
        raised.value.render(),
        "http",
    )
    with pytest.raises(rfc1738.ResolveError) as raised:
        rfc1738.resolve("gopher://h/1", "x", mode="rfc1630")
    again = pickle.loads(pickle.dumps(raised.value))
    assert again.to_dict() == raised.value.to_dict() and str(again) == str(raised.value)


def test_reprs_are_python():
    found = next(rfc1738.extract('<http://h/a\\b"\x01é\'>'))
    text = repr(found)
    assert text.startswith("Found(url=")
    assert eval(text[len("Found(url="):].split(", line=")[0]) == found.url
    warning = rfc1738.lint("telnet://h:2323/")[0]
    assert repr(warning).startswith("LintWarning(kind='non-default-port', severity='warning'")


def test_urls_pickle():
    import pickle

    for text, dialect in [("URL:ftp://h/a;type=i#x", "rfc1738"), ("mid:a@b", "rfc1630"), ("http://h/a b", "draft")]:
        url = rfc1738.parse(text, dialect=dialect)
        again = pickle.loads(pickle.dumps(url))
        assert again == url and again.to_dict() == url.to_dict()


# links, links_file, Link


def test_links_lists_html_2_0_url_attributes_in_order_resolved_by_the_mode():
    page = (
        '<HTML><HEAD><BASE HREF="http://www.example.edu/docs/guide/intro.html#top"></HEAD>'
        "<BODY><A NAME=here>anchor</A><a href='../up.html'>up</a>\n"
        '<IMG SRC = "icons/w3.gif"><FORM ACTION="/cgi-bin/archie"></FORM>'
        "<!-- <A HREF=commented.html> --><INPUT TYPE=submit SRC=no.gif>"
        "<INPUT TYPE=IMAGE SRC=go.gif></BODY></HTML>"
    )
    got = rfc1738.links(page, base="http://ignored.example.com/")
    assert [(link.element, link.attribute, link.href) for link in got] == [
        ("base", "href", "http://www.example.edu/docs/guide/intro.html#top"),
        ("a", "href", "../up.html"),
        ("img", "src", "icons/w3.gif"),
        ("form", "action", "/cgi-bin/archie"),
        ("input", "src", "go.gif"),
    ]
    # Every mode resolves against the BASE without its fragment, as the browsers did.
    assert got[1].result == "http://www.example.edu/docs/up.html"
    rfc1808 = rfc1738.links(page, mode="rfc1808")
    assert rfc1808[1].result == "http://www.example.edu/docs/up.html"
    assert rfc1808[1].valid is True and rfc1808[1].kind == "http"
    assert [link.line for link in rfc1808] == [1, 1, 2, 2, 2]
    assert got[1].to_dict()["file"] == "-"
    assert repr(got[1]) == (
        "Link(element='a', href='../up.html', "
        "result='http://www.example.edu/docs/up.html', line=1)"
    )


def test_links_read_comments_by_html_2_0_or_by_today_s_tokenizer():
    page = '<!-- a comment -- >\n<A HREF="x.html">x</A>'
    (html2,) = rfc1738.links(page, base="http://h.example/")
    assert html2.result == "http://h.example/x.html"
    (whatwg,) = rfc1738.links(page, base="http://h.example/", reading="whatwg")
    assert whatwg.element == "#comment" and whatwg.line == 1
    assert whatwg.error["code"] == "unclosed" and whatwg.error["reading"] == "whatwg"
    with pytest.raises(ValueError, match="html2 or whatwg"):
        rfc1738.links(page, reading="html5")


def test_a_link_without_a_base_has_no_result_and_says_why():
    (link,) = rfc1738.links('<A HREF="Status.html">', mode="rfc1630")
    assert link.result is None and link.valid is None and link.kind is None
    assert link.error == {
        "code": "no-base",
        "message": link.error["message"],
    }
    assert "no base" in link.error["message"]
    # to_dict gives a copy: changing it changes nothing of the link.
    copy = link.to_dict()
    copy["error"]["code"] = "changed"
    assert link.error["code"] == "no-base"


def test_a_relative_base_is_resolved_with_a_warning():
    links = rfc1738.links(
        '<BASE HREF="sub/"><A HREF="x.html">', base="http://h.example/a/b.html", mode="rfc1808"
    )
    assert links[0].warning["code"] == "relative-base-resolved"
    assert links[1].result == "http://h.example/a/sub/x.html"


def test_links_bytes_that_are_not_utf8_are_read_as_latin1_from_there_on():
    page = b'<A HREF="a.html">a</A> caf\xe9 <A HREF="b\xe9.html">b</A>'
    first, second = rfc1738.links(page, base="http://h.example/")
    assert (first.charset, second.charset) == ("utf-8", "latin-1")
    assert second.href == "b\u00e9.html"
    assert second.valid is False


def test_links_refuse_an_unknown_mode_and_a_file_that_cannot_be_read(tmp_path):
    with pytest.raises(rfc1738.ResolveError) as error:
        rfc1738.links("<A HREF=x>", mode="mosaic")
    assert error.value.code == "unknown-mode"
    missing = tmp_path / "missing.html"
    with pytest.raises(FileNotFoundError) as error:
        list(rfc1738.links_file(missing))
    assert error.value.filename == missing


def test_a_tag_longer_than_max_len_is_reported_and_skipped():
    page = '<A HREF="' + "x" * 1000 + '">long</A><A HREF="short.html">'
    long, short = rfc1738.links(page, base="http://h.example/", max_len=256)
    assert long.error["code"] == "too-long" and long.href is None
    assert short.result == "http://h.example/short.html"


def test_links_file_names_the_file_as_given(tmp_path):
    path = tmp_path / "page.html"
    path.write_text('<a href="gopher://gopher.micro.umn.edu/11/">menu</a>')
    (link,) = rfc1738.links_file(path)
    assert link.file == str(path) and link.kind == "gopher"


def test_every_mode_parameter_defaults_to_the_librarys_one_default():
    """One default mode for resolve, links and the Arrow functions: the library's
    (``ResolveMode::default``), which ``rfc1738 resolve`` and ``rfc1738 links`` take too."""
    import inspect

    import rfc1738.arrow

    assert rfc1738.DEFAULT_MODE == "cern"
    assert rfc1738.DEFAULT_MODE in rfc1738.MODES
    functions = [
        rfc1738.resolve,
        rfc1738.links,
        rfc1738.links_file,
        rfc1738.links_warc,
        rfc1738.arrow.resolve,
        rfc1738.arrow.links,
        rfc1738.arrow.links_warc,
    ]
    for function in functions:
        default = inspect.signature(function).parameters["mode"].default
        assert default == rfc1738.DEFAULT_MODE, function.__name__
    # And the answers agree with that default.
    assert rfc1738.resolve("http://a/b/c/d;p?q", "..") == rfc1738.resolve(
        "http://a/b/c/d;p?q", "..", mode=rfc1738.DEFAULT_MODE
    ) == "http://a/b"


def test_a_link_says_why_it_is_invalid_and_what_the_mode_changed():
    """Issue 47: the reason of an invalid result is the parse error's object, as in
    ``rfc1738 links --json``; an absolute href is judged as written too."""
    page = '<A HREF="http://h/~x">t</A> <A HREF="http://info.cern.ch.:8001/w">w</A> <A HREF="y">y</A>'
    tilde, gateway, relative = rfc1738.links(page, base="http://h/")
    assert (tilde.valid, tilde.mode) == (False, "cern")
    assert tilde.error["code"] == "unsafe-character" and tilde.error["offset"] == 9
    assert tilde.error["expected"] == ["uchar", "\"&\"", "\"/\"", "\":\"", "\";\"", "\"=\"", "\"?\"", "\"@\"", "end of URL"]
    assert (gateway.valid, gateway.href_valid, gateway.changed) == (True, False, ["host", "port"])
    assert gateway.href_error["code"] == "empty-label" and gateway.error is None
    assert (relative.href_valid, relative.href_error, relative.changed) == (None, None, [])
    copy = gateway.to_dict()
    copy["changed"].append("x")
    assert gateway.to_dict()["changed"] == ["host", "port"], "to_dict gives a copy"


def test_arrow_links_carry_the_reasons():
    pa = pytest.importorskip("pyarrow")
    import rfc1738.arrow

    rows = rfc1738.arrow.links(pa.array(['<A HREF="http://h/~x">t</A><A HREF="http://info.cern.ch.:8001/w">w</A>']))
    error = rows.field("error")
    assert error.field("code").to_pylist() == ["unsafe-character", None]
    assert error.field("offset").to_pylist() == [9, None]
    assert rows.field("mode").to_pylist() == ["cern", "cern"]
    assert rows.field("href_valid").to_pylist() == [False, False]
    assert rows.field("href_error").field("code").to_pylist() == ["unsafe-character", "empty-label"]
    assert rows.field("changed").to_pylist() == [None, ["host", "port"]]


# One URL of each kind and form: the report's keys are the properties of its class.
KINDS = [
    ("rfc1738", "http://h/p?s", "HttpUrl"),
    ("rfc1738", "ftp://u:p@h:21/a;type=a", "FtpUrl"),
    ("rfc1738", "gopher://h/0s", "GopherUrl"),
    ("rfc1738", "mailto:a@b", "MailtoUrl"),
    ("rfc1738", "news:comp.x", "NewsUrl"),
    ("rfc1738", "nntp://h/g/1", "NntpUrl"),
    ("rfc1738", "telnet://u:p@h/", "TelnetUrl"),
    ("rfc1738", "wais://h/db?s", "WaisUrl"),
    ("rfc1738", "file://h/p", "FileUrl"),
    ("rfc1738", "prospero://h/p;f=v", "ProsperoUrl"),
    ("rfc1738", "x://u@h:1/p", "GenericUrl"),
    ("rfc1738", "x:opaque", "GenericUrl"),
    ("rfc1630", "x:/p?s", "GenericUrl"),
    ("rfc1630", "urn:x", "GenericUrl"),
    # RFC 2396's three forms: hier_part, opaque_part, a relative reference.
    ("rfc2396", "http://u@h:1/p;q?s", "GenericUrl"),
    ("rfc2396", "mailto:a@b", "GenericUrl"),
    ("rfc2396", "//a_b/../g", "GenericUrl"),
    ("rfc1630", "rlogin://h", "TelnetUrl"),
    ("rfc1630", "tn3270://h", "TelnetUrl"),
    ("rfc1630", "mid:a@b", "IdUrl"),
    ("rfc1630", "cid:a@b", "IdUrl"),
]
REFERENCE_KEYS = {"input", "dialect", "form", "valid", "kind", "scheme", "prefixed", "fragment", "display"}


def test_each_scheme_has_its_class_whose_properties_are_its_components():
    """Issue 47: per-scheme classes, as in Rust: a property of the class for each
    component of the report, and nothing of another scheme."""
    properties = {}
    for dialect, text, name in KINDS:
        url = rfc1738.parse(text, dialect=dialect)
        assert type(url).__name__ == name and isinstance(url, rfc1738.Url), text
        keys = set(url.to_dict()) - REFERENCE_KEYS
        for key in keys:
            assert getattr(url, key) == (
                tuple(url.to_dict()[key]) if isinstance(url.to_dict()[key], list) else url.to_dict()[key]
            ) or key == "fields", (text, key)
        properties.setdefault(name, set()).update(keys)
    for name, keys in properties.items():
        cls = getattr(rfc1738, name)
        own = {attr for attr, member in vars(cls).items() if not attr.startswith("_")}
        assert own == keys, (name, own ^ keys)
    common = {attr for attr in vars(rfc1738.Url) if not attr.startswith("_")}
    assert {"kind", "scheme", "prefixed", "fragment", "dialect", "url", "decoded", "to_dict"} <= common
    assert not common & set().union(*properties.values()), "no component on the base class"
