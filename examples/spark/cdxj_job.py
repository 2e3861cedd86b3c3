"""A sorted CDXJ index of a folder of web archives, on Spark.

Reads ARC and WARC files (plain or gzip'd, told from their bytes) with Spark's binaryFile
source, indexes each with the Python package's `rfc1738.cdxj` called through
`mapInArrow` (one line per response, revisit, resource and metadata record, `KEY
TIMESTAMP JSON`, as `rfc1738 cdxj` and cdxj-indexer write them), and writes either:

- `--format cdxj` (the default): text, the lines sorted by their bytes, each line once
  (as `rfc1738 cdxj --sort` and `cdxj-indexer --sort`); Spark's sort writes part files
  whose concatenation in the order of their names is the sorted index
  (`cat OUTPUT/part-* > index.cdxj`);
- `--format parquet`: one row per line with its `key`, `timestamp`, `url`, `mime`,
  `status`, `digest`, `length`, `offset`, `filename` as columns (and the `line`),
  sorted by key and timestamp, for SQL.

The key is in `--style`: rfc1738 (the scheme-aware key, the default) or surt (PyPI
surt's, the lines pywb reads). What could not be read or indexed (a gzip member cut short,
a length that lies, a file that is no archive) is never left out in silence: each is a
JSON line of `OUTPUT.problems/` (`path`, `offset`, `url`, `code`, `message`), and their
count is printed.

    spark-submit --master local[2] examples/spark/cdxj_job.py --output index 'crawl/*.warc.gz'

See README.md next to this file for running it on a cluster.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Callable, Iterable, Iterator

STYLES = ("rfc1738", "surt")
# What mapInArrow yields: a line of the index, or a problem of a file.
SCHEMA_DDL = "path string, line string, problem string"
FIELDS = ("url", "mime", "status", "digest", "length", "offset", "filename")


def index_batches(style: str, max_record: int | None) -> Callable[[Iterable], Iterator]:
    """The function mapInArrow runs on the executors: batches of (path, content) in,
    batches of (path, line, problem) out, one row per line or problem."""

    def index(batches: Iterable) -> Iterator:
        import pyarrow as pa
        import rfc1738

        options = {} if max_record is None else {"max_record": max_record}
        for batch in batches:
            paths, lines, problems = [], [], []
            for path, content in zip(batch.column("path").to_pylist(), batch.column("content").to_pylist()):
                name = path.rstrip("/").rsplit("/", 1)[-1]
                try:
                    found = rfc1738.cdxj(content, style, filename=name, **options)
                except ValueError as error:  # no archive at all
                    found = None
                    problem = {"offset": 0, "url": None, "code": "not-an-archive", "message": str(error)}
                    paths.append(path), lines.append(None), problems.append(json.dumps(problem))
                if found is None:
                    continue
                for line in found.lines:
                    paths.append(path), lines.append(line), problems.append(None)
                for problem in found.problems:
                    paths.append(path), lines.append(None), problems.append(json.dumps(problem))
            yield pa.RecordBatch.from_arrays(
                [pa.array(paths, pa.utf8()), pa.array(lines, pa.utf8()), pa.array(problems, pa.utf8())],
                names=["path", "line", "problem"],
            )

    return index


def index_frame(spark, inputs: list[str], *, style: str = "rfc1738", max_record: int | None = None):  # type: ignore[no-untyped-def]
    """The DataFrame (path, line, problem) of the archive files `inputs`."""
    # Spark reads each file whole into one row (path, modificationTime, length, content);
    # a file is never split, and must be under 2 GB.
    files = spark.read.format("binaryFile").load(inputs).select("path", "content")
    return files.mapInArrow(index_batches(style, max_record), SCHEMA_DDL)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="ARC/WARC files, globs or directories (any URI Spark's binaryFile reads)")
    parser.add_argument("--output", required=True, help="the directory written (problems beside it, OUTPUT.problems)")
    parser.add_argument("--style", choices=STYLES, default="rfc1738", help="the key (default rfc1738)")
    parser.add_argument("--format", choices=("cdxj", "parquet"), default="cdxj",
                        help="cdxj: sorted text (default); parquet: a row per line, the fields as columns")
    parser.add_argument("--max-record", type=int, default=None, metavar="BYTES",
                        help="the largest record read (the library's default otherwise: 16 MiB)")
    parser.add_argument("--files-per-batch", type=int, default=1,
                        help="files in one Arrow batch (default 1: a batch holds its files' bytes)")
    parser.add_argument("--overwrite", action="store_true", help="replace --output when it exists")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    spark = SparkSession.builder.appName("rfc1738 cdxj").getOrCreate()
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.files_per_batch))
    started = time.monotonic()
    rows = index_frame(spark, args.inputs, style=args.style, max_record=args.max_record).cache()
    mode = "overwrite" if args.overwrite else "errorifexists"
    lines = rows.where("line IS NOT NULL").select("line")
    if args.format == "cdxj":
        # Sorted by bytes (Spark compares strings as UTF-8 bytes), each line once.
        lines.distinct().orderBy("line").write.mode(mode).text(args.output)
    else:
        parts = F.split(F.col("line"), " ", 3)
        fields = F.from_json(parts.getItem(2), ", ".join(f"{name} string" for name in FIELDS) + ", key_style string")
        table = lines.distinct().select(
            parts.getItem(0).alias("key"), parts.getItem(1).alias("timestamp"),
            *[fields.getField(name).alias(name) for name in FIELDS],
            fields.getField("key_style").alias("key_style"), "line",
        )
        table.orderBy("key", "timestamp", "line").write.mode(mode).parquet(args.output)
    problems = rows.where("problem IS NOT NULL").select("path", "problem")
    problems.write.mode("overwrite").json(args.output.rstrip("/") + ".problems")
    written, failed = lines.distinct().count(), problems.count()
    print(f"rfc1738 cdxj: {written} lines ({args.format}, style {args.style}) written to {args.output}, "
          f"{failed} problems to {args.output.rstrip('/')}.problems, in {time.monotonic() - started:.1f} s",
          file=sys.stderr)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
