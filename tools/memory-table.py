#!/usr/bin/env python3
"""The memory table of HARDENING.md: the peak resident set of the CLI on one 60 MiB line.

    cargo build --release
    python3 tools/memory-table.py [BINARY] [--only ROW]

BINARY is target/release/rfc1738 (under CARGO_TARGET_DIR when it is set) unless given.
Each line is written to a file in the system's temporary folder (60 MiB, written a
mebibyte at a time, removed after its row) and given to the command on standard input, as
a batch of one line; the output is read from a pipe and counted, not kept. The commands
run one at a time, never side by side: each may take half a gigabyte.

The peak resident set is the child's own, from wait4 (ru_maxrss, in KiB), shown in MiB
and as a multiple of the 60 MiB line. Started from this script, a child's figure cannot be below this script's
own peak resident set (Linux carries the parent's over the fork and exec), which is
printed first as the floor: every cell of the table is far above it.

Standard output: a line per run (command, exit status, output bytes, seconds, peak),
then the table as Markdown, then what was measured on (date, machine, commit, compiler).
Only the Python standard library; Linux (wait4, /proc).
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import platform
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

MIB = 1 << 20
LINE = 60 * MIB

# The columns: the command and its options; the table's heading.
COMMANDS = {
    "parse --json": ["parse", "--json"],
    "parse (tree)": ["parse"],
    "normalize": ["normalize"],
    "lint": ["lint"],
    "resolve": ["resolve"],
}

# The rows: their heading, the text before the repeated unit, the unit, how many times,
# the text after it, and the columns measured. 60 MiB of units each.
ROWS = [
    ("`http://h/` + `a/` x 30 Mi", b"http://h/", b"a/", 30 * MIB, b"",
     ["parse --json", "parse (tree)", "normalize", "lint"]),
    ("`http://h/` + `%41` x 20 Mi", b"http://h/", b"%41", 20 * MIB, b"",
     ["parse --json", "parse (tree)", "normalize", "lint"]),
    ("`gopher://h/1` + `%09` x 20 Mi", b"gopher://h/1", b"%09", 20 * MIB, b"",
     ["parse --json", "parse (tree)", "normalize", "lint"]),
    ("`ftp://h/` + `a/` x 30 Mi + `;type=d`", b"ftp://h/", b"a/", 30 * MIB, b";type=d",
     ["parse --json", "parse (tree)", "normalize", "lint"]),
    ("`http://h/a/b/c` TAB `../` x 20 Mi", b"http://h/a/b/c\t", b"../", 20 * MIB, b"",
     ["resolve"]),
    ("`http://h/a/b/c` TAB `x/` x 30 Mi", b"http://h/a/b/c\t", b"x/", 30 * MIB, b"",
     ["resolve"]),
]


def own_peak_kib() -> int:
    """This script's own peak resident set (VmHWM), in KiB."""
    for line in pathlib.Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise SystemExit("no VmHWM in /proc/self/status: this script measures on Linux")


def write_line(path: pathlib.Path, before: bytes, unit: bytes, times: int, after: bytes) -> int:
    """Writes the line and its LF, a mebibyte of units at a time (never held whole)."""
    block = unit * (MIB // len(unit))
    per_block = MIB // len(unit)
    written = 0
    with open(path, "wb") as file:
        written += file.write(before)
        left = times
        while left >= per_block:
            written += file.write(block)
            left -= per_block
        written += file.write(unit * left)
        written += file.write(after + b"\n")
    return written


def run(binary: str, args: list[str], line: pathlib.Path) -> tuple[int, int, float, int, bytes]:
    """Runs `binary args` on the line: exit status, output bytes, seconds, peak KiB, and
    the start of standard error."""
    with open(line, "rb") as stdin, tempfile.TemporaryFile() as stderr:
        started = time.monotonic()
        process = subprocess.Popen([binary, *args], stdin=stdin, stdout=subprocess.PIPE, stderr=stderr)
        assert process.stdout is not None
        output = 0
        fd = process.stdout.fileno()
        while chunk := os.read(fd, MIB):
            output += len(chunk)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        process.stdout.close()
        stderr.seek(0)
        return process.returncode, output, seconds, usage.ru_maxrss, stderr.read(300)


def mebibytes(kib: int) -> str:
    return f"{kib / 1024:.0f} MiB"


def cell(kib: int) -> str:
    """A peak in MiB, and how many times the 60 MiB line it is."""
    return f"{mebibytes(kib)}, {kib * 1024 / LINE:.1f}x"


def machine() -> str:
    model = "unknown CPU"
    for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    memory = "?"
    for line in pathlib.Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    return f"{model}, {os.cpu_count()} cores, {memory}, Linux {platform.release()}"


def described(command: list[str]) -> str:
    try:
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    parser.add_argument("binary", nargs="?", default=os.path.join(target, "release", "rfc1738"))
    parser.add_argument("--only", type=int, metavar="ROW", help="measure only this row (1 to 6)")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"{options.binary}: no such program (cargo build --release builds it)")
    floor = own_peak_kib()
    print(f"floor (this script's own peak resident set): {mebibytes(floor)}", flush=True)
    cells: dict[tuple[int, str], str] = {}
    failed = False
    with tempfile.TemporaryDirectory(prefix="memory-table.") as folder:
        line = pathlib.Path(folder) / "line.txt"
        for number, (heading, before, unit, times, after, columns) in enumerate(ROWS, 1):
            if options.only is not None and options.only != number:
                continue
            size = write_line(line, before, unit, times, after)
            for column in columns:
                args = COMMANDS[column]
                status, output, seconds, peak, errors = run(options.binary, args, line)
                print(
                    f"row {number} {heading}: rfc1738 {' '.join(args)} < line ({size:,} bytes): "
                    f"exit status {status}, {output:,} bytes out, {seconds:.1f} s, peak {peak:,} KiB ({cell(peak)})",
                    flush=True,
                )
                # Every line is a valid URL (exit status 0); lint's 1 is its warnings (the
                # gopher line's escaped TABs). Anything else means the command did not do
                # the work (a line too long, a crash).
                expected = (0, 1) if column == "lint" else (0,)
                if status not in expected or peak <= 2 * floor:
                    print(f"  not measured: {errors!r}", flush=True)
                    failed = True
                    continue
                cells[(number, column)] = cell(peak)
            line.unlink()
    print()
    print("| line (60 MiB) | " + " | ".join(f"`{c}`" if c != "parse (tree)" else "`parse` (tree)" for c in COMMANDS) + " |")
    print("| --- |" + " --- |" * len(COMMANDS))
    for number, (heading, *_rest) in enumerate(ROWS, 1):
        if options.only is not None and options.only != number:
            continue
        print(f"| {heading} | " + " | ".join(cells.get((number, c), "") for c in COMMANDS) + " |")
    print()
    commit = described(["git", "rev-parse", "--short", "HEAD"])
    if described(["git", "status", "--porcelain", "--untracked-files=no"]) not in ("", "unknown"):
        commit += " (with changes not committed)"
    print(f"measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}")
    print(f"commit {commit}; {described(['rustc', '--version'])}; binary {options.binary}")
    print(f"command: python3 tools/memory-table.py {' '.join(sys.argv[1:])}".rstrip())
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
