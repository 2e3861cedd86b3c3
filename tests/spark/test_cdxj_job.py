"""examples/spark/cdxj_job.py in Spark's local mode, against `rfc1738 cdxj --sort`.

The WARC files of test_links_job.py (warcio's, gzip'd per record and plain, a gzip member
cut short, one without HTML, one that is no archive) are indexed by the job twice: as
sorted CDXJ text in the rfc1738 style, and as Parquet in the surt style. The text's part
files, concatenated in name order, must be `rfc1738 cdxj --sort --style rfc1738` of the
same files, byte for byte; the Parquet rows must be the lines of `rfc1738 cdxj --style
surt`, field by field; the problems the job writes must be those of `rfc1738.cdxj` for each
file, and the file that is no archive one problem of its own.

Run: RFC1738_BIN=target/debug/rfc1738 PYSPARK_PYTHON=$(which python) python -m pytest tests/spark
"""

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_links_job import BIN, JUNK, ROOT, corpus_pages, cut_a_member, local_path, run_job, write_warc  # noqa: E402

JOB = ROOT / "examples" / "spark" / "cdxj_job.py"


@pytest.fixture(scope="module")
def warcs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cdxj-warcs")
    pages = corpus_pages()
    half = len(pages) // 2
    write_warc(folder / "crawl-1.warc.gz", True, pages[:half])
    write_warc(folder / "crawl-2.warc", False, pages[half:])
    write_warc(folder / "crawl-3.warc.gz", True, pages[::-1], resource=False)
    write_warc(folder / "cut.warc.gz", True, pages[:6])
    cut_a_member(folder / "cut.warc.gz")
    (folder / JUNK).write_bytes(b"<A HREF=x.html>not an archive</A>\n")
    return folder


def run(warcs, output, *options):
    return run_job(JOB, "--output", str(output), *options, str(warcs / "*.warc*"))


def archives(warcs):
    return sorted(path for path in warcs.iterdir() if path.name != JUNK)


def test_sorted_text_is_the_commands_sorted_index(warcs, tmp_path):
    printed = run(warcs, tmp_path / "index")
    parts = sorted((tmp_path / "index").glob("part-*"))
    text = b"".join(part.read_bytes() for part in parts)
    command = subprocess.run([BIN, "cdxj", "--sort", *map(str, archives(warcs))], capture_output=True)
    assert command.returncode == 2  # the cut member is reported
    assert text == command.stdout
    assert len(text.splitlines()) > 50
    # The problems: each file's, as rfc1738.cdxj reports them, and the junk file's own.
    import rfc1738

    written = [json.loads(line) for part in (tmp_path / "index.problems").glob("part-*") for line in part.read_text().splitlines()]
    by_file = {}
    for row in written:
        by_file.setdefault(local_path(row["path"]).name, []).append(json.loads(row["problem"]))
    expected = {path.name: rfc1738.cdxj(path).problems for path in archives(warcs)}
    assert {name: problems for name, problems in expected.items() if problems} == {
        name: problems for name, problems in by_file.items() if name != JUNK
    }
    assert [problem["code"] for problem in by_file[JUNK]] == ["not-an-archive"]
    assert any(problem["code"] == "gzip" for problem in by_file["cut.warc.gz"])
    assert f"rfc1738 cdxj: {len(text.splitlines())} lines (cdxj, style rfc1738)" in printed, printed[-2000:]


def test_parquet_rows_are_the_commands_lines_field_by_field(warcs, tmp_path):
    run(warcs, tmp_path / "index.parquet", "--format", "parquet", "--style", "surt")
    rows = pq.read_table(tmp_path / "index.parquet").to_pylist()
    command = subprocess.run([BIN, "cdxj", "--style", "surt", *map(str, archives(warcs))], capture_output=True)
    expected = []
    for line in sorted(set(command.stdout.decode().splitlines())):
        key, timestamp, fields = line.split(" ", 2)
        expected.append({"key": key, "timestamp": timestamp, **json.loads(fields), "line": line})
    got = [{name: value for name, value in row.items() if value is not None} for row in rows]
    assert sorted(got, key=lambda row: row["line"]) == expected
    # Sorted by key, then timestamp.
    assert [(row["key"], row["timestamp"]) for row in rows] == sorted((row["key"], row["timestamp"]) for row in rows)
