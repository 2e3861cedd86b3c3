"""Shared by the tests: where the corpus is, and how its cases are read."""

import json
import pathlib

import pytest

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "corpus"
# The corpus's own keys: where a case comes from and what it tests, not part of any report.
METADATA = ("id", "source", "note")


def cases(path):
    """The cases of one .jsonl file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def report_of(case):
    """The case without the corpus's metadata: the report it expects."""
    return {k: v for k, v in case.items() if k not in METADATA}


@pytest.fixture(scope="session")
def corpus():
    if not CORPUS.is_dir():
        pytest.fail(f"{CORPUS}: the corpus is not there (run from a clone of the repository)")
    return CORPUS
