"""rfc1738.key and rfc1738.arrow.keys: the corpus's keys (corpus/keys/), both styles,
errors, and the surt style against PyPI surt itself on the corpus's every input."""

import pyarrow as pa
import polars
import pytest
import surt

import rfc1738
import rfc1738.arrow
from conftest import CORPUS, cases

KEY_CASES = cases(CORPUS / "keys" / "cases.jsonl")
PAIRS = cases(CORPUS / "keys" / "pairs.jsonl")
EVERY_INPUT = sorted(
    {case["input"] for path in sorted(CORPUS.glob("*.jsonl")) for case in cases(path)}
    | {case["input"] for case in KEY_CASES}
    | {pair[side] for pair in PAIRS for side in ("a", "b")}
)


def surt_or_none(text):
    try:
        return surt.surt(text)
    except Exception:  # surt raises ValueError, and whatever else its parts raise
        return None


def test_styles():
    assert rfc1738.KEY_STYLES == ("rfc1738", "surt")


@pytest.mark.parametrize("case", KEY_CASES, ids=lambda case: case["id"])
def test_key_cases(case):
    if case["key"] is None:
        with pytest.raises(rfc1738.ParseError):
            rfc1738.key(case["input"])
    else:
        assert rfc1738.key(case["input"]) == case["key"]
    if case["surt"] is None:
        with pytest.raises(ValueError):
            rfc1738.key(case["input"], style="surt")
    else:
        assert rfc1738.key(case["input"], style="surt") == case["surt"]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: pair["id"])
def test_pairs(pair):
    assert (rfc1738.key(pair["a"]) == rfc1738.key(pair["b"])) == pair["same"]


def test_errors():
    with pytest.raises(rfc1738.ParseError) as caught:
        rfc1738.key("http://h/a b")
    assert caught.value.code == "unsafe-character"
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ValueError, match="Port could not be cast"):
        rfc1738.key("http://h:x/", style="surt")
    with pytest.raises(ValueError, match="no key style"):
        rfc1738.key("http://h/", style="heritrix")


def test_the_surt_style_is_pypi_surt_on_every_corpus_input():
    differ = [(text, _ours(text), surt_or_none(text)) for text in EVERY_INPUT if _ours(text) != surt_or_none(text)]
    assert len(EVERY_INPUT) > 1000
    assert differ == []


def _ours(text):
    try:
        return rfc1738.key(text, style="surt")
    except ValueError:
        return None


def test_the_surt_style_keys_bytes_that_are_not_utf8_as_surt_does():
    for data in [b"http://h/caf\xe9", b"http://H\xe9.com/A?b=2&a=1", b"\xff"]:
        assert rfc1738.key(data, style="surt") == surt.surt(data).decode("ascii"), data
    with pytest.raises(ValueError, match="Port"):
        rfc1738.key(b"http://h:x/\xe9", style="surt")
    with pytest.raises(ValueError, match="filedesc"):
        rfc1738.key(b"filedesc:\xff", style="surt")
    with pytest.raises(rfc1738.ParseError):
        rfc1738.key(b"http://h/caf\xe9")


def test_arrow_keys_equal_key_row_by_row():
    column = pa.array(EVERY_INPUT + [None])
    for style in rfc1738.KEY_STYLES:
        rows = rfc1738.arrow.keys(column, style=style, threads=2).to_pylist()
        assert rows[-1] is None
        for text, row in zip(EVERY_INPUT, rows):
            try:
                expected = rfc1738.key(text, style=style)
            except ValueError:
                expected = None
            assert row["key"] == expected, text
            assert (row["error"] is None) == (expected is not None), text
            if style == "rfc1738":
                assert row["surt"] == _ours(text), text
            else:
                assert row["surt"] is None and row["merges"] is None


def test_arrow_keys_without_comparison_give_the_same_keys_and_errors():
    column = pa.array(EVERY_INPUT + [None])
    for style in rfc1738.KEY_STYLES:
        full = rfc1738.arrow.keys(column, style=style, threads=2)
        alone = rfc1738.arrow.keys(column, style=style, compare=False, threads=2)
        assert alone.type == full.type
        assert alone.field("key").equals(full.field("key"))
        assert alone.field("error").equals(full.field("error"))
        assert alone.field("surt").null_count == len(EVERY_INPUT) + 1
        assert alone.field("merges").null_count == len(EVERY_INPUT) + 1


def test_arrow_keys_takes_polars_and_reports_errors():
    rows = rfc1738.arrow.keys(polars.Series(["telnet://u@h/", "x y"])).to_pylist()
    assert rows[0]["key"] == "telnet://(h,@u)"
    assert rows[0]["merges"] == ["scheme", "login"]
    assert rows[1]["key"] is None and rows[1]["error"]["code"] == "missing-scheme"
    rows = rfc1738.arrow.keys(pa.array(["http://h:x/"]), style="surt").to_pylist()
    assert rows[0]["error"]["surt"].startswith("ValueError")
