"""Every link of every HTML page in web archives, judged by RFC 1738, on Spark.

Reads ARC and WARC files (plain or gzip'd, told from their bytes), lists the links of each
HTML page they hold (the response and resource records of text/html) with the verdict of
RFC 1738 and their resolution in the mode chosen, and writes Parquet: one row per link,
the columns of `rfc1738 links --json` with `path` (the archive file), and the error and
warning as flat `*_code` / `*_message` columns; and one row per thing that could not be
read (a truncated gzip member, a record over --max-record, a file that is no archive),
with `problem_code` and `problem_message` set and the link's columns null; and one row per
record read otherwise than it says (a body stored de-chunked or decoded), with
`record_warning_code` and `record_warning_message` set.

The work is done by the Python package's `rfc1738.arrow.links_warc` called through
`mapInArrow`: each Arrow batch of files goes to the Rust parser whole, and its links come
back as Arrow columns, with no Python per record or per link.

    spark-submit --master local[2] examples/spark/links_job.py \
        --output links.parquet 'crawl/*.warc.gz'

See README.md next to this file for running it on a cluster.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time
from typing import Callable, Iterable, Iterator

MODES = ("rfc1630", "draft", "rfc1808", "cern")
READINGS = ("html2", "whatwg")

# The Parquet columns, in order (Spark's DDL and the Arrow types the batches are cast to).
# Flat rather than nested `error: struct<code, message>`: `WHERE error_code = 'unclosed'`
# and `GROUP BY kind, valid` read as plain SQL in every engine, and each column is a plain
# Parquet column with its own statistics.
COLUMNS = (
    ("path", "string"),
    ("record_offset", "bigint"),
    ("record_url", "string"),
    ("record_date", "string"),
    ("line", "bigint"),
    ("element", "string"),
    ("attribute", "string"),
    ("href", "string"),
    ("result", "string"),
    ("valid", "boolean"),
    ("kind", "string"),
    ("error_code", "string"),
    ("error_message", "string"),
    ("warning_code", "string"),
    ("warning_message", "string"),
    ("charset", "string"),
    ("problem_code", "string"),
    ("problem_message", "string"),
    ("record_warning_code", "string"),
    ("record_warning_message", "string"),
)
# The struct columns of `links_warc`'s rows, flattened to `NAME_code` and `NAME_message`.
PROBLEMS = ("error", "warning", "problem", "record_warning")
SCHEMA_DDL = ", ".join(f"{name} {kind}" for name, kind in COLUMNS)


def arrow_schema():  # type: ignore[no-untyped-def]
    import pyarrow as pa

    types = {"string": pa.utf8(), "bigint": pa.int64(), "boolean": pa.bool_()}
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS])


def links_of_batches(
    mode: str, reading: str, max_record: int | None, threads: int = 1
) -> Callable[[Iterable], Iterator]:
    """The function mapInArrow runs on the executors: batches of (path, content or no
    content) in, batches of links out. `content` (binaryFile's) holds each file's bytes;
    without it the `path` column is handed over, and the files are read where the
    executor runs. `threads` is 1 by default: Spark already runs a task on each core it
    was given."""

    def links(batches: Iterable) -> Iterator:
        import pyarrow as pa
        import pyarrow.compute as pc
        from rfc1738.arrow import links_warc

        schema = arrow_schema()
        options = {"reading": reading, "threads": threads}
        if max_record is not None:
            options["max_record"] = max_record
        for batch in batches:
            paths = batch.column("path")
            files = batch.column("content") if "content" in batch.schema.names else paths
            found = pa.array(links_warc(files, mode, **options))
            columns = [pc.take(paths, pc.struct_field(found, "file"))]
            for field in list(schema)[1:]:
                # error_code is the field code of the struct error (struct_field gives
                # null under a null struct).
                nested = field.name.rsplit("_", 1)
                where = nested if nested[0] in PROBLEMS else field.name
                columns.append(pc.struct_field(found, where).cast(field.type))
            yield pa.RecordBatch.from_arrays(columns, schema=schema)

    return links


def local_files(inputs: list[str]) -> list[str]:
    """The files named by paths, globs and directories (a directory: the files under it),
    absolute, for --read local."""
    files = []
    for pattern in inputs:
        for match in sorted(glob.glob(pattern)) or [pattern]:
            if os.path.isdir(match):
                for root, _, names in sorted(os.walk(match)):
                    files += [os.path.join(root, n) for n in sorted(names) if not n.startswith((".", "_"))]
            else:
                files.append(match)
    missing = [f for f in files if not os.path.isfile(f)]
    if missing:
        raise SystemExit(f"no such file: {missing[0]}")
    return [os.path.abspath(f) for f in files]


def links_frame(spark, inputs: list[str], *, mode: str = "cern", reading: str = "html2",  # type: ignore[no-untyped-def]
                max_record: int | None = None, read: str = "binary", partitions: int | None = None,
                threads: int = 1):
    """The DataFrame of links (columns COLUMNS) of the archive files `inputs`."""
    if read == "binary":
        # Spark reads each file whole into one row (path, modificationTime, length,
        # content); a file is never split, and must be under 2 GB.
        files = spark.read.format("binaryFile").load(inputs).select("path", "content")
    else:
        # One task per file unless told: a task's time is its file's.
        paths = local_files(inputs)
        files = spark.createDataFrame([(p,) for p in paths], "path string")
        files = files.repartition(partitions or max(1, len(paths)))
    return files.mapInArrow(links_of_batches(mode, reading, max_record, threads), SCHEMA_DDL)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="ARC/WARC files, globs or directories (any URI Spark reads with --read binary)")
    parser.add_argument("--output", required=True, help="the Parquet directory written")
    parser.add_argument("--mode", choices=MODES, default="cern", help="how relative links are resolved (default cern)")
    parser.add_argument("--html", choices=READINGS, default="html2", dest="reading",
                        help="how comments and declarations are read (default html2)")
    parser.add_argument("--max-record", type=int, default=None, metavar="BYTES",
                        help="the largest record read (the library's default otherwise: 16 MiB)")
    parser.add_argument("--read", choices=("binary", "local"), default="binary",
                        help="binary: Spark's binaryFile source ships each file's bytes to the executors (default); "
                             "local: only the paths are shipped, and each executor reads the files itself (a shared "
                             "file system; no 2 GB limit)")
    parser.add_argument("--files-per-batch", type=int, default=1,
                        help="files in one Arrow batch handed to the parser (default 1: a batch of binaryFile's content holds "
                             "the files' bytes, under 2 GB in all)")
    parser.add_argument("--partitions", type=int, default=None, help="tasks for --read local (default: one per file)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads the parser takes per batch of several files (default 1: Spark runs a task per core)")
    parser.add_argument("--overwrite", action="store_true", help="replace --output when it exists")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("rfc1738 links").getOrCreate()
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.files_per_batch))
    started = time.monotonic()
    links = links_frame(spark, args.inputs, mode=args.mode, reading=args.reading, max_record=args.max_record,
                        read=args.read, partitions=args.partitions, threads=args.threads)
    links.write.mode("overwrite" if args.overwrite else "errorifexists").parquet(args.output)
    seconds = time.monotonic() - started
    written = spark.read.parquet(args.output)
    problems = written.where("problem_code IS NOT NULL").count()
    warnings = written.where("record_warning_code IS NOT NULL").count()
    links = written.count() - problems - warnings
    print(f"rfc1738 links: {links} links, {problems} problems and {warnings} record warnings written to "
          f"{args.output} in {seconds:.1f} s (mode {args.mode})", file=sys.stderr)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
