"""rfc1738.arrow: the reports of parse, resolve and links over Arrow columns, checked
against the corpus (the objects `rfc1738 parse --json`, `resolve --json` and `links --json`
print), and taken from pyarrow, Polars, DuckDB and pandas alike."""

import duckdb
import pandas
import polars
import pyarrow as pa
import pytest

import rfc1738
import rfc1738.arrow
from conftest import CORPUS, cases, report_of

PARSE_CASES = [case for path in sorted(CORPUS.glob("*.jsonl")) for case in cases(path)]
NOT_COLUMNS = ("dialect", "form", "display")


def as_row(report):
    """A `parse --json` object as arrow.parse's row: the columns it has, `path` a list."""
    row = {k: v for k, v in report.items() if k not in NOT_COLUMNS}
    if isinstance(row.get("path"), str):
        row["path"] = row["path"].split("/")
    if row.get("article") is not None and row["article"] >= 2**63:
        row["article"] = None  # int64: past it, the digits are article_digits alone
    if row.get("fields") is not None:
        row["fields"] = [{"fieldname": n, "fieldvalue": v} for n, v in row["fields"]]
    return row


def test_every_case_of_the_corpus_gives_its_parse_json_object():
    by_dialect = {}
    for case in PARSE_CASES:
        by_dialect.setdefault(case["dialect"], []).append(case)
    assert set(by_dialect) == {"rfc1738", "rfc1630", "draft", "rfc2396"}
    for dialect, group in by_dialect.items():
        rows = rfc1738.arrow.parse(pa.array([case["input"] for case in group]), dialect=dialect)
        assert isinstance(rows, pa.StructArray) and len(rows) == len(group)
        names = [field.name for field in rows.type]
        for case, row in zip(group, rows.to_pylist()):
            expected = as_row(report_of(case))
            # every field of the report is a column, with the report's value ...
            assert {k: row[k] for k in expected} == expected, case["id"]
            # ... and every other column is null
            assert all(row[k] is None for k in names if k not in expected), case["id"]


def test_the_columns_are_typed():
    rows = rfc1738.arrow.parse(pa.array(["nntp://h:119/comp.x/12"]))
    types = {field.name: field.type for field in rows.type}
    assert types["valid"] == pa.bool_() and types["port"] == pa.int32()
    assert types["article"] == pa.int64() and types["path"] == pa.list_(pa.string())
    assert types["fields"] == pa.list_(
        pa.struct([("fieldname", pa.string()), ("fieldvalue", pa.string())])
    )
    assert types["error"] == pa.struct(
        [
            ("code", pa.string()),
            ("offset", pa.int64()),
            ("char_offset", pa.int64()),
            ("expected", pa.list_(pa.string())),
            ("message", pa.string()),
        ]
    )
    assert rows.to_pylist()[0]["article"] == 12
    # the same names in every dialect, whatever the inputs
    for dialect in rfc1738.DIALECTS:
        assert rfc1738.arrow.parse(pa.array([], pa.string()), dialect=dialect).type == rows.type


def test_an_article_number_past_int64_is_null_and_its_digits_are_kept():
    digits = "9" * 25
    row = rfc1738.arrow.parse(pa.array([f"nntp://h/g/{digits}"])).to_pylist()[0]
    assert row["valid"] and row["article"] is None and row["article_digits"] == digits


def test_nulls_give_null_rows():
    rows = rfc1738.arrow.parse(pa.array(["http://h/", None, "x"]))
    assert rows.is_null().to_pylist() == [False, True, False]
    assert rows.field("valid").to_pylist() == [True, None, False]


URLS = ["ftp://ftp.funet.fi/pub/;type=d", "gopher://h/0x%09y", "not a url", "news:comp.x"]


def test_every_kind_of_column_is_taken_alike():
    expected = rfc1738.arrow.parse(pa.array(URLS)).to_pylist()
    columns = [
        pa.array(URLS, pa.large_string()),
        pa.array(URLS, pa.string_view()),
        pa.chunked_array([URLS[:1], URLS[1:]]),
        polars.Series(URLS),
        duckdb.sql("select * from (values " + ",".join(f"('{u}')" for u in URLS) + ") t(u)")
        .arrow()
        .read_all()
        .column("u"),
        pandas.Series(URLS, dtype=pandas.ArrowDtype(pa.string())),
    ]
    for column in columns:
        got = rfc1738.arrow.parse(column)
        assert got.to_pylist() == expected, type(column)
    # Polars back to Polars
    frame = polars.Series(rfc1738.arrow.parse(polars.Series(URLS))).struct.unnest()
    assert frame["kind"].to_list() == ["ftp", "gopher", None, "news"]


def test_a_large_column_is_made_in_slices_and_put_end_to_end():
    urls = [f"http://h{n}.example/p/{n}?q" for n in range(70_000)] + ["bad"]
    rows = rfc1738.arrow.parse(pa.array(urls))
    assert len(rows) == len(urls)
    hosts = rows.field("host").to_pylist()
    assert hosts[0] == "h0.example" and hosts[69_999] == "h69999.example" and hosts[-1] is None
    assert rows.field("valid").to_pylist().count(False) == 1


SLICED = [
    "ftp://u:p@h/pub/a%2Fb;type=I",
    "gopher://h:70/1x%09s",
    "news:comp.infosystems.www",
    "prospero://h/p;a=b;c=d",
    "nntp://h/g/99999999999999999999",
    "wais://h/db/t/p",
    "not a url",
    "http://h/p?q#f",
]


@pytest.mark.parametrize("threads", [2, 3, 5])
def test_the_slices_of_every_thread_count_give_the_rows_of_one_thread(threads):
    # Rows of every kind and invalid ones in every slice, and null rows only near the end,
    # so that slices with nulls and slices without are put end to end.
    urls = [SLICED[n % len(SLICED)] for n in range(100_000)]
    urls[-3] = None
    urls[-40_000] = None
    column = pa.array(urls)
    one = rfc1738.arrow.parse(column, threads=1)
    many = rfc1738.arrow.parse(column, threads=threads)
    assert many.equals(one)
    assert many.null_count == 2 and many.is_null().to_pylist() == one.is_null().to_pylist()
    assert many.to_pylist()[-8:] == one.to_pylist()[-8:]
    pages = pa.array([f'<a href="{url}">x</a><a href=r{n}>' for n, url in enumerate(SLICED * 40)])
    one = rfc1738.arrow.links(pages, "http://base/d/", threads=1)
    assert rfc1738.arrow.links(pages, "http://base/d/", threads=threads).equals(one)
    assert len(one) == 2 * len(pages)


@pytest.mark.parametrize("threads", [2, 4])
def test_columns_written_in_some_slices_only_are_put_end_to_end(threads):
    # The front slice writes http columns only, the back ones ftp, prospero (a list of
    # pairs) and one error: each column is written in some slices and missing in others
    # (its nulls filled in when appended), and some in none (finished as nulls). The
    # input comes in chunks that do not fall on the slices' bounds.
    half = 60_000
    urls = [f"http://h{n}/a/b?q" for n in range(half)]
    urls += [f"ftp://u@h{n}/p/q;type=a" for n in range(half)]
    urls[-7] = "prospero://h/p;a=b"
    urls[-5] = "not a url"
    urls[half + 3] = None
    column = pa.chunked_array([urls[:33_333], urls[33_333:100_001], urls[100_001:]])
    one = rfc1738.arrow.parse(column, threads=1)
    many = rfc1738.arrow.parse(column, threads=threads)
    assert many.equals(one)
    rows = many.to_pylist()
    assert rows[0]["search"] == "q" and rows[0]["user"] is None and rows[0]["path"] == ["a", "b"]
    assert rows[-1]["user"] == "u" and rows[-1]["search"] is None and rows[-1]["typecode"] == "a"
    assert rows[-7]["fields"] == [{"fieldname": "a", "fieldvalue": "b"}]
    assert rows[-5]["valid"] is False and rows[-5]["error"]["code"]
    assert all(row is None or row["error"] is None for row in rows[:-5])
    assert rows[half + 3] is None and many.null_count == 1
    assert many.field("fragment").null_count == len(urls)


def test_what_is_not_a_column_of_strings_is_refused():
    with pytest.raises(TypeError, match="(?i)int64"):
        rfc1738.arrow.parse(pa.array([1, 2]))
    with pytest.raises(ValueError):
        rfc1738.arrow.parse(pa.array(["x"]), dialect="rfc3986")
    with pytest.raises(TypeError):
        rfc1738.arrow.parse(["http://h/"])


def test_without_pyarrow_the_result_is_an_arrow_array_all_the_same():
    native = rfc1738._rfc1738.arrow_parse(polars.Series(URLS), "rfc1738")
    assert hasattr(native, "__arrow_c_array__")
    assert pa.array(native).to_pylist() == rfc1738.arrow.parse(pa.array(URLS)).to_pylist()


RESOLVE_CASES = [case for path in sorted((CORPUS / "resolve").glob("*.jsonl")) for case in cases(path)]


def test_resolve_gives_every_case_of_the_corpus():
    by_mode = {}
    for case in RESOLVE_CASES:
        by_mode.setdefault(case["mode"], []).append(case)
    assert len(by_mode) == 7
    for mode, group in by_mode.items():
        rows = rfc1738.arrow.resolve(
            pa.array([case["context"] for case in group]),
            pa.array([case["partial"] for case in group]),
            mode=mode,
        ).to_pylist()
        # A row per case: zip alone would stop at the shorter and leave cases unchecked.
        assert len(rows) == len(group), mode
        for case, row in zip(group, rows):
            assert row["result"] == case.get("result"), case["id"]
            assert row["error"] == case.get("error"), case["id"]


def test_resolve_takes_one_context_for_every_row_and_refuses_unequal_columns():
    rows = rfc1738.arrow.resolve("http://a/b/c/d;p?q", pa.array(["g", None, "../../../g"]), "rfc1808")
    assert rows.to_pylist()[0] == {"result": "http://a/b/c/g", "error": None}
    assert rows.is_null().to_pylist() == [False, True, False]
    with pytest.raises(ValueError, match="side by side"):
        rfc1738.arrow.resolve(pa.array(["http://a/"]), pa.array(["g", "h"]))
    with pytest.raises(rfc1738.ResolveError):
        rfc1738.arrow.resolve("http://a/", pa.array(["g"]), mode="rfc9999")


def compact(value):
    """A struct's value without its null fields (an error without ``reading``)."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v is not None}
    return value


LINK_PAGES = [case for case in cases(CORPUS / "links" / "pages.jsonl") if "max_len" not in case]


@pytest.mark.parametrize("mode", ["rfc1630", "draft", "rfc1808", "cern"])
def test_links_of_the_corpus_pages_in_one_column(mode):
    pages = [case for case in LINK_PAGES if mode in case.get("modes", [mode])]
    for reading in ("html2", "whatwg"):
        group = [case for case in pages if case.get("html", "html2") == reading]
        if not group:
            continue
        rows = rfc1738.arrow.links(
            pa.array([(CORPUS / "links" / case["page"]).read_bytes() for case in group]),
            pa.array([case.get("base") for case in group], pa.string()),
            mode=mode,
            reading=reading,
        ).to_pylist()
        for index, case in enumerate(group):
            expected = cases(CORPUS / "links" / f"{case['expected']}.{mode}.jsonl")
            got = [row for row in rows if row["page"] == index]
            assert len(got) == len(expected), case["id"]
            for row, link in zip(got, expected):
                del link["file"]
                assert {k: compact(row[k]) for k in link} == link, case["id"]
                assert all(row[k] is None for k in row if k not in link and k != "page")


def test_a_table_of_one_column_is_read_and_each_row_names_its_input():
    """Issue 47: a one-column table (pyarrow, Polars, DuckDB) is its column, and the rows
    carry their input, so they need no join by position."""
    urls = ["http://h/a b", "gopher://h/1", None]
    table = pa.table({"url": urls})
    for given in (table, table.to_batches()[0], pa.array(urls)):
        rows = rfc1738.arrow.parse(given)
        assert rows.field("input").to_pylist() == ["http://h/a b", "gopher://h/1", None]
        assert rows.field("valid").to_pylist() == [False, True, None]
    polars = pytest.importorskip("polars")
    rows = rfc1738.arrow.parse(polars.DataFrame({"url": urls}))
    assert rows.field("input").to_pylist() == ["http://h/a b", "gopher://h/1", None]
    duckdb = pytest.importorskip("duckdb")
    relation = duckdb.sql("SELECT * FROM (VALUES ('news:comp.x'), ('ftp://h/;type=x')) t(url)")
    rows = rfc1738.arrow.parse(relation)
    assert rows.field("input").to_pylist() == ["news:comp.x", "ftp://h/;type=x"]
    assert rows.field("error").field("code").to_pylist() == [None, "not-a-typecode"]
    with pytest.raises(TypeError, match="a table of 2 columns"):
        rfc1738.arrow.parse(pa.table({"a": ["x"], "b": ["y"]}))
