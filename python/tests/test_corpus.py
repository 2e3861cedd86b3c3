"""The whole corpus through the bindings: what corpus/run.py checks through the CLI,
checked here through the module (parse, resolve, normalize, lint, extract, links), and the seed
documents' extraction goldens."""

import json
import pathlib

import pytest

import rfc1738
from conftest import CORPUS, cases, report_of

PARSE_FILES = sorted(CORPUS.glob("*.jsonl"))
PARSE_CASES = [case for path in PARSE_FILES for case in cases(path)]


def test_the_corpus_is_there():
    assert len(PARSE_FILES) >= 19
    assert len(PARSE_CASES) > 1500


@pytest.mark.parametrize("path", PARSE_FILES, ids=lambda p: p.name)
def test_parse_many_gives_the_cli_object_of_every_case(path):
    by_dialect = {}
    for case in cases(path):
        by_dialect.setdefault(case["dialect"], []).append(case)
    for dialect, group in by_dialect.items():
        reports = rfc1738.parse_many([case["input"] for case in group], dialect=dialect)
        assert len(reports) == len(group)
        for case, report in zip(group, reports):
            assert report == report_of(case), case["id"]
        # bytes read the same
        as_bytes = rfc1738.parse_many([case["input"].encode() for case in group], dialect=dialect)
        assert as_bytes == reports


@pytest.mark.parametrize("path", PARSE_FILES, ids=lambda p: p.name)
def test_parse_reads_every_case_or_raises_its_error(path):
    for case in cases(path):
        expected = report_of(case)
        if expected["valid"]:
            url = rfc1738.parse(case["input"], dialect=case["dialect"])
            assert url.to_dict() == expected, case["id"]
            assert str(url) == case["input"], case["id"]
            assert url.kind == expected["kind"] and url.scheme == expected["scheme"]
            assert url.prefixed == expected["prefixed"]
            assert url.fragment == expected["fragment"]
            assert url.dialect == case["dialect"]
            # every component is a property, lists read as tuples
            for key, value in expected.items():
                if key in ("input", "dialect", "form", "valid", "display"):
                    continue
                got = getattr(url, key)
                if isinstance(value, list):
                    value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
                assert got == value, (case["id"], key)
        else:
            with pytest.raises(rfc1738.ParseError) as raised:
                rfc1738.parse(case["input"], dialect=case["dialect"])
            error = raised.value
            assert error.to_dict() == expected["error"], case["id"]
            assert error.kind == expected["kind"], case["id"]
            assert error.dialect == case["dialect"]
            assert "\n" not in str(error)
            assert str(error).startswith(expected["error"]["message"].split("\n")[0][:20])
            assert error.render().startswith("error: ")


RESOLVE_CASES = [case for path in sorted((CORPUS / "resolve").glob("*.jsonl")) for case in cases(path)]


@pytest.mark.parametrize("case", RESOLVE_CASES, ids=lambda c: c["id"])
def test_resolve(case):
    if "result" in case:
        assert rfc1738.resolve(case["context"], case["partial"], mode=case["mode"]) == case["result"]
    else:
        with pytest.raises(rfc1738.ResolveError) as raised:
            rfc1738.resolve(case["context"], case["partial"], mode=case["mode"])
        assert raised.value.to_dict() == case["error"]
        assert str(raised.value) == case["error"]["message"]


NORMALIZE_CASES = [case for path in sorted((CORPUS / "normalize").glob("*.jsonl")) for case in cases(path)]


@pytest.mark.parametrize("case", NORMALIZE_CASES, ids=lambda c: c["id"])
def test_normalize(case):
    assert rfc1738.normalize(case["input"]) == case["normalized"]
    # one encoding level: normalizing again changes nothing, and the two are equivalent
    assert rfc1738.normalize(case["normalized"]) == case["normalized"]
    assert rfc1738.equivalent(case["input"], case["normalized"])


LINT_CASES = [case for path in sorted((CORPUS / "lint").glob("*.jsonl")) for case in cases(path)]
LINT_FIELDS = ("kind", "severity", "component", "start", "end", "line_break")


@pytest.mark.parametrize("case", LINT_CASES, ids=lambda c: c["id"])
def test_lint(case):
    report = rfc1738.lint_report(case["input"], dialect=case["dialect"])
    warnings = [{f: w[f] for f in LINT_FIELDS if f in w} for w in report["warnings"]]
    assert {"valid": report["valid"], "warnings": warnings} == {
        "valid": case["valid"],
        "warnings": case["warnings"],
    }
    objects = rfc1738.lint(case["input"], dialect=case["dialect"])
    assert [w.to_dict() for w in objects] == report["warnings"]
    for warning, expected in zip(objects, case["warnings"]):
        assert warning.line_break == expected.get("line_break")
        assert (warning.kind, warning.severity, warning.component, warning.start, warning.end) == (
            expected["kind"],
            expected["severity"],
            expected["component"],
            expected["start"],
            expected["end"],
        )


EXTRACT_CASES = cases(CORPUS / "extract" / "rules.jsonl")


def stated(found):
    """A finding's fields that the extraction cases state (as corpus/run.py reads them)."""
    item = {k: getattr(found, k) for k in ("found", "url", "wrapper", "prefixed", "hyphen_break", "valid")}
    item["kind"] = found.kind if found.valid else None
    if found.alternative is not None:
        item["alternative"] = found.alternative
    if found.error is not None:
        item["error_code"] = found.error["code"]
    return item


@pytest.mark.parametrize("case", EXTRACT_CASES, ids=lambda c: c["id"])
def test_extract(case, tmp_path):
    options = case.get("options", {})
    kwargs = {"dialect": options.get("dialect", "rfc1738")}
    if "max_len" in options:
        kwargs["max_len"] = options["max_len"]
    if options.get("line_numbers"):
        kwargs["line_numbers"] = True
    from_text = list(rfc1738.extract(case["text"], **kwargs))
    assert [stated(found) for found in from_text] == case["expected"]
    # the same from a file (read as a stream, as the CLI reads it) and from bytes
    path = tmp_path / "text.txt"
    path.write_bytes(case["text"].encode())
    from_file = list(rfc1738.extract_file(path, **kwargs))
    assert [stated(found) for found in from_file] == case["expected"]
    from_bytes = list(rfc1738.extract(case["text"].encode(), **kwargs))
    assert [f.to_dict() for f in from_bytes] == [f.to_dict() for f in from_text]
    assert all(f.file == "-" for f in from_text)
    assert all(f.file == str(path) for f in from_file)


GOLDENS = sorted((CORPUS / "extract" / "seeds").glob("*.jsonl"))


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_extract_file_gives_the_seed_goldens(golden):
    name = golden.name.split(".")[0]
    line_numbers = ".line-numbers." in golden.name
    text = golden.with_name(name + ".txt")
    expected = cases(golden)
    got = [found.to_dict() for found in rfc1738.extract_file(str(text), line_numbers=line_numbers)]
    assert len(got) == len(expected)
    for found, want in zip(got, expected):
        assert found.pop("file") == str(text)
        want.pop("file")
        assert found == want


LINK_PAGES = cases(CORPUS / "links" / "pages.jsonl")
LINK_MODES = ("rfc1630", "draft", "rfc1808", "cern")


# Every case in every mode it names (all four when it names none).
LINK_RUNS = [(case, mode) for case in LINK_PAGES for mode in case.get("modes", LINK_MODES)]


@pytest.mark.parametrize(
    ("case", "mode"), LINK_RUNS, ids=[f"{case['id']}-{mode}" for case, mode in LINK_RUNS]
)
def test_links_of_every_page_in_every_mode(case, mode, monkeypatch):
    """As corpus/run.py runs `links --json`: from corpus/, the page named links/PAGE."""
    monkeypatch.chdir(CORPUS)
    kwargs = {"mode": mode, "base": case.get("base")}
    if "max_len" in case:
        kwargs["max_len"] = case["max_len"]
    if "html" in case:
        kwargs["reading"] = case["html"]
    page = "links/" + case["page"]
    expected = cases(CORPUS / "links" / f"{case['expected']}.{mode}.jsonl")
    from_file = [link.to_dict() for link in rfc1738.links_file(page, **kwargs)]
    assert from_file == expected
    # The same document given as bytes (the Latin-1 fallback included), and as text
    # where it is UTF-8: the same links, from file "-".
    content = (CORPUS / page).read_bytes()
    for document in [content] + ([content.decode()] if content.isascii() else []):
        from_memory = [link.to_dict() for link in rfc1738.links(document, **kwargs)]
        assert [dict(link, file=page) for link in from_memory] == expected
        assert all(link["file"] == "-" for link in from_memory)
