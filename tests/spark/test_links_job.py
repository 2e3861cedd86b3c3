"""examples/spark/links_job.py in Spark's local mode, against `rfc1738 links --json`.

WARC files are written here with warcio (gzip'd per record and plain) holding the pages of
corpus/links (comments left open, a relative BASE, Latin-1 bytes, invalid links) among
request, revisit and metadata records, text/plain and image/gif responses, a resource
record of text/html, a chunked and a gzip-encoded response; one file has no HTML at all,
one a gzip member cut short, and one file is no archive. The job runs by `spark-submit
--master local[2]`, once reading the files by Spark's binaryFile source (mode cern, the
default) and once by their paths (mode rfc1630); for each file, the multiset of its rows
in the Parquet output must be the CLI's JSON lines for that file and the problems of its
summary, field by field.

Run: RFC1738_BIN=target/debug/rfc1738 PYSPARK_PYTHON=$(which python) python -m pytest tests/spark
(the environment needs pyspark, pyarrow, warcio and the rfc1738 package: see .ci/run).
"""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from warcio.archiveiterator import ArchiveIterator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "support"))
import webarchives  # noqa: E402

JOB = ROOT / "examples" / "spark" / "links_job.py"
BIN = os.environ.get("RFC1738_BIN", str(ROOT / "target" / "debug" / "rfc1738"))
CORPUS = ROOT / "corpus" / "links"

# What the Parquet row and the CLI's JSON line are compared on (the CLI's `file` is the
# path given to it; the job's `path` is told apart before).
FIELDS = ("record_offset", "record_url", "record_date", "line", "element", "attribute", "href",
          "result", "valid", "kind", "error_code", "error_message", "warning_code", "warning_message",
          "charset", "problem_code", "problem_message", "record_warning_code", "record_warning_message")


def corpus_pages():
    """(URL, date, HTML) of each page of corpus/links/pages.jsonl fetched from a URL."""
    pages = []
    for n, line in enumerate((CORPUS / "pages.jsonl").read_text().splitlines()):
        case = json.loads(line)
        if case["base"]:
            date = f"199{4 + n % 3}-0{1 + n % 9}-1{n % 10}T12:00:0{n % 10}Z"
            pages.append((case["base"], date, (CORPUS / case["page"]).read_bytes()))
    return pages


# Responses that are not pages: a text (with what looks like a link) and an image.
OTHERS = [("http://example.com/notes.txt", "1996-01-01T00:00:00Z", "text/plain", b'<a href="x.html">not HTML</a>'),
          ("http://example.com/logo.gif", "1996-01-01T00:00:00Z", "image/gif", b"GIF89a<a href=x>")]
# A page saved as a resource record of text/html.
RESOURCE = ("http://example.com/saved/page.html", "1995-06-01T00:00:00Z",
            b'<A HREF="../other.html">o</A> <A HREF="ftp://ftp.x/pub/%zz">bad</A>')


def write_warc(path, gzipped, pages, resource=True, dechunked=False):
    """A crawl (see tests/support/webarchives.py): per page a request, then its response
    (one chunked, or stored de-chunked, one gzip-encoded, some with no charset); a
    text/plain and an image/gif response; a resource record of text/html (unless not
    `resource`); a revisit and a metadata record."""
    path.write_bytes(webarchives.warc(pages, gzipped, others=OTHERS, resource=RESOURCE if resource else None,
                                      name=path.name, dechunked=dechunked))


def cut_a_member(path):
    """The gzip member of the third response record of a .warc.gz cut to half its length
    (the records after it still read)."""
    data = path.read_bytes()
    with open(path, "rb") as stream:
        records = ArchiveIterator(stream)
        offsets = [(records.get_record_offset(), record.rec_type) for record in records]
    responses = [n for n, (_, kind) in enumerate(offsets) if kind == "response"]
    start, end = offsets[responses[2]][0], offsets[responses[2] + 1][0]
    path.write_bytes(data[:start + (end - start) // 2] + data[end:])


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    """Six files: WARC gzip'd, plain, gzip'd with every page, gzip'd with a member cut
    short, one without HTML, and one that is no archive (JUNK)."""
    folder = tmp_path_factory.mktemp("warcs")
    pages = corpus_pages()
    assert len(pages) >= 8
    half = len(pages) // 2
    write_warc(folder / "crawl-1.warc.gz", True, pages[:half])
    write_warc(folder / "crawl-2.warc", False, pages[half:], dechunked=True)
    write_warc(folder / "crawl-3.warc.gz", True, pages[::-1], resource=False)
    write_warc(folder / "cut.warc.gz", True, pages[:6])
    cut_a_member(folder / "cut.warc.gz")
    write_warc(folder / "nothing.warc.gz", True, [], resource=False)
    (folder / JUNK).write_bytes(b"<A HREF=x.html>not an archive</A>\n")
    return folder


# A file that is no ARC or WARC file: the job gives one row for it, with its problem
# (`rfc1738 links` would read it as a page).
JUNK = "junk.warc.gz"


def cli_links(path, mode):
    """`rfc1738 links --json --mode MODE FILE`: its JSON lines, and the problems of its
    summary on standard error, as tuples of FIELDS."""
    proc = subprocess.run([BIN, "links", "--json", "--mode", mode, str(path)], capture_output=True)
    summary = json.loads(proc.stderr.decode().strip().splitlines()[-1])
    assert proc.returncode == (2 if summary["problem_count"] else 0), proc.stderr.decode()
    rows = []
    for problem in summary["problems"]:
        row = dict.fromkeys(FIELDS)
        row.update(record_offset=problem["offset"], record_url=problem["url"],
                   problem_code=problem["code"], problem_message=problem["message"])
        rows.append(tuple(row.values()))
    for warning in summary["warnings"]:
        row = dict.fromkeys(FIELDS)
        row.update(record_offset=warning["offset"], record_url=warning["url"],
                   record_warning_code=warning["code"], record_warning_message=warning["message"])
        rows.append(tuple(row.values()))
    for line in proc.stdout.decode().splitlines():
        link = json.loads(line)
        for problem in ("error", "warning"):
            found = link.pop(problem, None) or {}
            link[f"{problem}_code"], link[f"{problem}_message"] = found.get("code"), found.get("message")
        rows.append(tuple(link.get(field) for field in FIELDS))
    return rows


def spark_submit():
    import pyspark

    return str(Path(pyspark.__file__).parent / "bin" / "spark-submit")


# (mode, how the job reads the files, how the inputs are named): binaryFile with a glob,
# and the paths of a directory read by the executors.
RUNS = [("cern", "binary", "*.warc*"), ("rfc1630", "local", "")]


@pytest.fixture(scope="module", params=RUNS, ids=lambda run: f"{run[0]}-{run[1]}")
def job(request, archives, tmp_path_factory):
    """Runs the job once per RUNS entry; (mode, the Parquet table, what the run printed)."""
    mode, read, pattern = request.param
    output = tmp_path_factory.mktemp("out") / "links.parquet"
    printed = run_job(JOB, "--mode", mode, "--read", read, "--output", str(output),
                      str(archives / pattern) if pattern else str(archives))
    return mode, pq.read_table(output), printed


def run_job(job, *args):
    """Runs `job` by spark-submit in local mode (two cores, its UI off, everything on
    127.0.0.1) with `args`; what it printed. Fails the test when the job fails."""
    env = dict(os.environ)
    env.setdefault("PYSPARK_PYTHON", sys.executable)
    env.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    env.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    command = [
        spark_submit(), "--master", "local[2]",
        "--conf", "spark.ui.enabled=false",
        "--conf", "spark.driver.host=127.0.0.1",
        "--conf", "spark.driver.bindAddress=127.0.0.1",
        str(job), *args,
    ]
    proc = subprocess.run(command, capture_output=True, env=env, timeout=600)
    # spark-submit hands the job's standard error (a Python traceback) on to its standard
    # output; its own goes on standard error (Spark's log).
    assert proc.returncode == 0, proc.stdout.decode()[-6000:]
    return proc.stdout.decode() + proc.stderr.decode()


def local_path(path):
    """binaryFile's `path` (a URI, file:/tmp/...) or --read local's (an absolute path)."""
    return Path(unquote(urlparse(path).path)) if path.startswith("file:") else Path(path)


def test_the_columns_are_those_the_readme_names(job):
    _, table, _ = job
    assert table.schema.names == ["path", *FIELDS]
    types = {"record_offset": pa.int64(), "line": pa.int64(), "valid": pa.bool_()}
    for field in table.schema:
        assert field.type == types.get(field.name, pa.string()), field


def test_links_of_each_file_are_the_clis(job, archives):
    mode, table, printed = job
    by_file = {}
    for row in table.to_pylist():
        by_file.setdefault(local_path(row["path"]), []).append(tuple(row[field] for field in FIELDS))
    files = sorted(archives.iterdir())
    assert set(by_file) <= set(files)
    links = problems = warnings = 0
    for path in files:
        if path.name == JUNK:
            [junk] = by_file[path]
            assert junk[FIELDS.index("problem_code")] == "not-an-archive"
            assert junk[:FIELDS.index("problem_code")] == (None,) * FIELDS.index("problem_code")
            problems += 1
            continue
        expected = cli_links(path, mode)
        assert Counter(by_file.get(path, [])) == Counter(expected), path.name
        problem = [row[FIELDS.index("problem_code")] is not None for row in expected]
        warning = [row[FIELDS.index("record_warning_code")] is not None for row in expected]
        problems += sum(problem)
        warnings += sum(warning)
        links += sum(not (p or w) for p, w in zip(problem, warning))
    assert links + problems + warnings == table.num_rows
    assert f"{links} links, {problems} problems and {warnings} record warnings written" in printed


def test_the_archives_hold_what_the_comparison_needs(archives):
    """Errors, warnings, invalid links, Latin-1 pages: every column gets values to compare."""
    rows = [row for path in sorted(archives.iterdir()) if path.name != JUNK for row in cli_links(path, "cern")]
    column = {field: [row[n] for row in rows] for n, field in enumerate(FIELDS)}
    assert len(rows) > 100
    assert column["problem_code"].count("gzip") == 1
    assert column["record_warning_code"].count("dechunked") == 1
    assert "unclosed" in column["error_code"]
    assert "relative-base-resolved" in column["warning_code"]
    assert False in column["valid"] and True in column["valid"]
    assert len(set(column["charset"])) > 1
    assert not cli_links(archives / "nothing.warc.gz", "cern")
