"""Then and now (issue 49): ``rfc1738.compare``, the comparison of ``links`` and the
columns of ``rfc1738.arrow.links`` and ``links_warc`` with ``compare=``."""

import random

import pyarrow as pa
import pytest

import rfc1738
import rfc1738.arrow
from conftest import cases

PAGE_URL = "http://info.cern.ch/hypertext/WWW/TheProject.html"
PAGE = (
    '<A HREF="Status.html">same</A>\n'
    '<A HREF="http://info.cern.ch./hypertext/TBL_Disclaimer.html">dot</A>\n'
    '<A HREF="../../../../../TBL_Disclaimer.html">root</A>\n'
    '<IMG SRC="/icons/www.gif#x">\n'
)


def test_compare_gives_each_result_and_the_classes():
    c = rfc1738.compare(PAGE_URL, "..", ["cern", "rfc1808", "whatwg"])
    assert isinstance(c, rfc1738.Comparison)
    assert (c.context, c.partial) == (PAGE_URL, "..")
    assert c.compare == {
        "cern": "http://info.cern.ch/hypertext",
        "rfc1808": "http://info.cern.ch/hypertext/",
        "whatwg": "http://info.cern.ch/hypertext/",
    }
    assert list(c.compare) == ["cern", "rfc1808", "whatwg"]
    assert c.differ is True
    assert c.classes == ["dot-segments"]
    assert c.differences == {"cern/rfc1808": ["dot-segments"], "cern/whatwg": ["dot-segments"]}
    assert c.compare_errors == {}
    assert c.to_dict() == {
        "context": PAGE_URL,
        "partial": "..",
        "compare": c.compare,
        "differ": True,
        "classes": ["dot-segments"],
        "differences": c.differences,
    }
    assert repr(c).startswith("Comparison(partial='..', compare={'cern': ")
    assert repr(c).endswith("classes=['dot-segments'])")


def test_a_mode_without_a_result():
    c = rfc1738.compare("gopher://gopher.micro.umn.edu/11/", "x", ["cern", "rfc1630"])
    assert c.compare == {"cern": "gopher://gopher.micro.umn.edu/11/x", "rfc1630": None}
    assert c.compare_errors == {"rfc1630": "no-partial-forms"}
    assert c.classes == ["refused"]
    both = rfc1738.compare("a/b", "c", ["rfc1808", "rfc3986"])
    assert (both.differ, both.classes, both.differences) == (False, [], {})


def test_compare_refuses_fewer_than_two_modes_and_unknown_ones():
    with pytest.raises(ValueError, match="two modes or more"):
        rfc1738.compare(PAGE_URL, "x", ["cern"])
    with pytest.raises(ValueError, match="named twice"):
        rfc1738.compare(PAGE_URL, "x", ["cern", "CERN"])
    with pytest.raises(rfc1738.ResolveError) as raised:
        rfc1738.compare(PAGE_URL, "x", ["cern", "mosaic"])
    assert raised.value.code == "unknown-mode"


def test_every_comparison_case_of_the_corpus(corpus):
    checked = 0
    for case in cases(corpus / "compare" / "cases.jsonl"):
        c = rfc1738.compare(case["base"], case["link"], case["modes"])
        assert c.compare == case["results"], case["id"]
        assert c.compare_errors == case.get("errors", {}), case["id"]
        assert (c.differ, c.classes) == (case["differ"], case["classes"]), case["id"]
        if "differences" in case:
            assert c.differences == case["differences"], case["id"]
        checked += 1
    assert checked >= 30


def test_any_link_in_every_mode_without_error():
    rng = random.Random(49)
    pieces = ["http:", "//", "/", "\\", ".", "..", "?", "#", ":80", "%2e", " ", "\t", "h.", "localhost", "é"]
    for _ in range(2000):
        base = "".join(rng.choice(pieces) for _ in range(rng.randrange(8)))
        link = "".join(rng.choice(pieces) for _ in range(rng.randrange(6)))
        c = rfc1738.compare(base, link, list(rfc1738.MODES))
        assert set(c.compare) == set(rfc1738.MODES)
        assert c.differ == bool(c.differences)
        assert "other" not in c.classes or all(v == ["other"] or "other" not in v for v in c.differences.values())


def test_links_compare_each_mode_per_element():
    links = rfc1738.links(PAGE, base=PAGE_URL, compare=["cern", "whatwg"])
    assert [link.classes for link in links] == [[], ["trailing-dot"], ["dot-segments"], []]
    assert [link.differ for link in links] == [False, True, True, False]
    # An image keeps no fragment in either mode, as NCSA Mosaic called the library for it.
    assert links[3].compare == {
        "cern": "http://info.cern.ch/icons/www.gif",
        "whatwg": "http://info.cern.ch/icons/www.gif",
    }
    assert links[1].differences == {"cern/whatwg": ["trailing-dot"]}
    assert links[1].compare_errors == {}
    assert links[1].to_dict()["classes"] == ["trailing-dot"]
    plain = rfc1738.links(PAGE, base=PAGE_URL)[1]
    assert (plain.compare, plain.compare_errors, plain.differ, plain.classes, plain.differences) == (None,) * 5
    assert "compare" not in plain.to_dict()
    with pytest.raises(ValueError):
        rfc1738.links(PAGE, compare=["cern"])


def test_links_file_compares_too(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE, encoding="utf-8")
    classes = [link.classes for link in rfc1738.links_file(page, base=PAGE_URL, compare=["cern", "rfc3986"])]
    assert classes == [[], ["trailing-dot"], ["dot-segments"], []]


def test_arrow_links_has_the_comparison_columns():
    pages = pa.array([PAGE, '<A HREF="x">x</A>'])
    rows = rfc1738.arrow.links(pages, PAGE_URL, compare=["cern", "whatwg", "rfc1808"])
    kind = rows.type
    names = [kind.field(i).name for i in range(kind.num_fields)]
    at = names.index
    assert names[at("changed") + 1 : at("warning")] == ["compare", "compare_errors", "differ", "classes", "differences"]
    compare = kind.field("compare").type
    assert [compare.field(i).name for i in range(compare.num_fields)] == ["cern", "whatwg", "rfc1808"]
    differences = kind.field("differences").type
    assert [differences.field(i).name for i in range(differences.num_fields)] == [
        "cern/whatwg",
        "cern/rfc1808",
        "whatwg/rfc1808",
    ]
    assert kind.field("classes").type == pa.list_(pa.string())
    assert kind.field("differ").type == pa.bool_()
    assert rows.field("classes").to_pylist() == [[], ["trailing-dot"], ["dot-segments"], [], []]
    assert rows.field("differences").to_pylist()[1] == {
        "cern/whatwg": ["trailing-dot"],
        "cern/rfc1808": ["trailing-dot"],
        "whatwg/rfc1808": None,
    }
    assert rows.field("compare").field("rfc1808").to_pylist()[2] == "http://info.cern.ch/../../../TBL_Disclaimer.html"
    assert rows.field("compare").field("whatwg").to_pylist()[2] == "http://info.cern.ch/TBL_Disclaimer.html"
    # Every row is the Link of rfc1738.links.
    for row, link in zip(rows.to_pylist(), rfc1738.links(PAGE, base=PAGE_URL, compare=["cern", "whatwg", "rfc1808"])):
        assert row["compare"] == link.compare and row["classes"] == link.classes
    # Without compare, no such columns.
    plain = rfc1738.arrow.links(pages, PAGE_URL).type
    assert "compare" not in [plain.field(i).name for i in range(plain.num_fields)]


def test_arrow_links_warc_compares_and_errors_are_columns():
    page = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n" + PAGE.encode()
    warc = (
        b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: " + PAGE_URL.encode() + b"\r\n"
        b"Content-Length: %d\r\n\r\n" % len(page) + page + b"\r\n\r\n"
    )
    rows = rfc1738.arrow.links_warc(pa.array([warc]), compare=["cern", "whatwg"])
    assert rows.field("classes").to_pylist() == [[], ["trailing-dot"], ["dot-segments"], []]
    nobase = rfc1738.arrow.links(pa.array(['<A HREF="x">x</A>']), compare=["cern", "rfc1630"])
    assert nobase.field("compare_errors").to_pylist() == [{"cern": "no-base", "rfc1630": "no-base"}]


def test_timeline_gives_each_standard_its_verdict_and_every_mode_its_result():
    """Issue 49: the object of ``rfc1738 timeline --json``."""
    report = rfc1738.timeline("http://info.cern.ch./a b")
    verdicts = {v["standard"]: v for v in report["verdicts"]}
    assert list(verdicts) == ["draft", "rfc1630", "rfc1738", "rfc1808", "rfc2396", "rfc3986", "whatwg"]
    assert verdicts["draft"]["valid"] is True
    assert verdicts["rfc1738"]["error"]["offset"] == 20
    assert verdicts["rfc2396"]["error"]["offset"] == 22
    assert verdicts["whatwg"]["valid"] is False and verdicts["whatwg"]["error"]["offset"] is None
    assert "resolutions" not in report
    report = rfc1738.timeline("../g", base="http://a/b/c/d;p?q")
    assert report["base"] == "http://a/b/c/d;p?q"
    assert {r["mode"]: r["result"] for r in report["resolutions"]}["whatwg"] == "http://a/b/g"
