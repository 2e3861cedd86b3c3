#!/usr/bin/env python3
"""Runs the corpus against a conforming CLI, to show the format is language-neutral.

Usage: python3 corpus/run.py [PATH-TO-rfc1738-BINARY]   (default: target/debug/rfc1738)

Standard library only. For every case it runs the CLI and compares the JSON it prints with
the case's expectation. A case's own keys "id", "source" and "note" are never compared, nor
the CLI's "line" (the batch position of parse, normalize, lint and resolve); failures are
reported by id:
  corpus/*.jsonl            `parse --dialect D --json INPUT`: the whole object
  corpus/resolve/*.jsonl    `resolve --mode M --json CONTEXT PARTIAL`: "result" or "error"
  corpus/normalize/*.jsonl  `normalize --json INPUT`: "normalized"
  corpus/lint/*.jsonl       `lint --dialect D --json INPUT`: "valid" and the warnings'
                            kind, severity, component, start, end (and line_break, for
                            cross-protocol)
  corpus/requests/cases.jsonl `request --dialect D --json [OPTIONS] INPUT`: the stated keys
                            (codes of "missing" and "error", kinds of "warnings")
  corpus/extract/rules.jsonl  `extract --json` on the text: the stated fields of each URL
                            (an invalid URL's "error_code" is its error's "code")
  corpus/links/pages.jsonl  `links --json --mode M [--base B] [--max-len N] [--html R]
                            links/PAGE`, run from corpus/, in every mode (or the case's
                            "modes"): every object of the golden links/EXPECTED.M.jsonl
  corpus/archives/cases.jsonl `links --json FILE`, run from corpus/archives/: its links, then
                            its archive summary (the last line of standard error), are
                            the golden archives/EXPECTED.jsonl; the exit status is "status"
  corpus/keys/cases.jsonl   `key --json INPUT`: "key" and "merges"; `key --style surt
                            --json INPUT`: its "key" is the case's "surt" (null: an error)
  corpus/keys/pairs.jsonl   `key --json A B`: equal keys exactly when "same"
  corpus/compare/cases.jsonl `resolve --compare M,M --json BASE LINK`: "compare" is the
                            case's "results", "compare_errors" its "errors" (if any),
                            "differ", "classes", and "differences" for three modes or
                            more (corpus/compare/classes.jsonl has no CLI form)
Exit status 0 when every case matches, 1 otherwise (the first differences are printed).
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent
BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT.parent / "target" / "debug" / "rfc1738")
failures = []
counts = {}

# The corpus's own keys: where a case comes from and what it tests, not part of any report.
METADATA = ("id", "source", "note")
# Keys of the CLI's output that are not the report of a URL: the batch position.
NOT_REPORT = ("line",)


def cli(*args, stdin=None, strip=NOT_REPORT):
    done = subprocess.run([BINARY, *args], input=stdin, capture_output=True, check=False)
    out = [json.loads(line) for line in done.stdout.decode().splitlines() if line]
    return [{k: v for k, v in obj.items() if k not in strip} for obj in out]


def report_of(case):
    """The case without the corpus's metadata: the report it expects."""
    return {k: v for k, v in case.items() if k not in METADATA}


def cases(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def check(kind, label, expected, got):
    counts[kind] = counts.get(kind, 0) + 1
    if expected != got:
        failures.append(f"{kind}: {label}\n  expected {json.dumps(expected)}\n  got      {json.dumps(got)}")


def parse_cases():
    for path in sorted(ROOT.glob("*.jsonl")):
        by_dialect = {}
        for case in cases(path):
            by_dialect.setdefault(case["dialect"], []).append(case)
        for dialect, group in by_dialect.items():
            # Inputs without line breaks go through standard input, one per line, in one run;
            # the others as arguments.
            lines = [c for c in group if "\n" not in c["input"] and "\r" not in c["input"]]
            stdin = "".join(c["input"] + "\n" for c in lines).encode()
            reports = cli("parse", "--dialect", dialect, "--json", stdin=stdin)
            if len(reports) != len(lines):
                failures.append(f"{path.name} {dialect}: {len(lines)} lines, {len(reports)} reports")
            for case, report in zip(lines, reports):
                check("parse", f"{case['id']} {case['input']!r}", report_of(case), report)
            for case in group:
                if case in lines:
                    continue
                (report,) = cli("parse", "--dialect", dialect, "--json", "--", case["input"])
                check("parse", f"{case['id']} {case['input']!r}", report_of(case), report)


def resolve_cases():
    for path in sorted((ROOT / "resolve").glob("*.jsonl")):
        for case in cases(path):
            (got,) = cli("resolve", "--mode", case["mode"], "--json", "--", case["context"], case["partial"])
            key = "result" if "result" in case else "error"
            label = f"{case['id']} {case['context']} + {case['partial']} ({case['mode']})"
            check("resolve", label, case[key], got.get(key))


def normalize_cases():
    for path in sorted((ROOT / "normalize").glob("*.jsonl")):
        for case in cases(path):
            (got,) = cli("normalize", "--json", "--", case["input"])
            check("normalize", f"{case['id']} {case['input']!r}", case["normalized"], got.get("normalized"))


def key_cases():
    for case in cases(ROOT / "keys" / "cases.jsonl"):
        label = f"{case['id']} {case['input']!r}"
        (got,) = cli("key", "--json", "--", case["input"])
        check("keys", label, [case["key"], case["merges"]], [got.get("key"), got.get("merges")])
        (got,) = cli("key", "--style", "surt", "--json", "--", case["input"])
        check("keys", label + " (surt)", case["surt"], got.get("key"))
    for pair in cases(ROOT / "keys" / "pairs.jsonl"):
        a, b = cli("key", "--json", "--", pair["a"], pair["b"])
        same = a.get("key") is not None and a.get("key") == b.get("key")
        check("keys", f"{pair['id']} {pair['a']!r} {pair['b']!r}", pair["same"], same)


def lint_cases():
    fields = ("kind", "severity", "component", "start", "end", "line_break")
    for path in sorted((ROOT / "lint").glob("*.jsonl")):
        for case in cases(path):
            (got,) = cli("lint", "--dialect", case["dialect"], "--json", "--", case["input"])
            warnings = [{f: w[f] for f in fields if f in w} for w in got["warnings"]]
            check("lint", f"{case['id']} {case['input']!r}", {"valid": case["valid"], "warnings": case["warnings"]},
                  {"valid": got["valid"], "warnings": warnings})


def request_projection(report):
    """What a request case states of a report (corpus/README.md, "Request cases")."""
    out = {k: report[k] for k in ("valid", "scheme") if k in report}
    if not report["valid"]:
        out["error"] = report["error"]["code"]
        return out
    if report["refused"]:
        out.update({k: report[k] for k in ("host", "port", "refused")})
        out["error"] = report["error"]["code"]
        out["warnings"] = [w["kind"] for w in report["warnings"]]
        return out
    for key in ("protocol", "host", "port", "transport", "sends", "sends_hex", "complete"):
        if key in report:
            out[key] = report[key]
    out["missing"] = [m["code"] for m in report["missing"]]
    out["refused"] = report["refused"]
    if report["warnings"]:
        out["warnings"] = [w["kind"] for w in report["warnings"]]
    return out


def request_cases():
    flags = {"ftp_password": "--ftp-password", "news_server": "--news-server"}
    switches = {"allow_dangerous": "--allow-dangerous", "http_host": "--http-host"}
    # The news server is each case's option, never the environment's; anonymous FTP's
    # password, without the option, is the command's default from a fixed user and host.
    os.environ.pop("NNTPSERVER", None)
    os.environ.pop("EMAIL", None)
    os.environ.pop("LOGNAME", None)
    os.environ["USER"] = "guest"
    os.environ["HOSTNAME"] = "example.org"
    for case in cases(ROOT / "requests" / "cases.jsonl"):
        options = case.get("options", {})
        args = ["request", "--dialect", case["dialect"], "--json"]
        for key, flag in flags.items():
            if key in options:
                args += [flag, options[key]]
        args += [flag for key, flag in switches.items() if options.get(key)]
        (got,) = cli(*args, "--", case["input"])
        expected = {k: v for k, v in case.items() if k not in METADATA + ("input", "dialect", "options")}
        check("request", f"{case['id']} {case['input']!r}", expected, request_projection(got))


def extract_cases():
    for case in cases(ROOT / "extract" / "rules.jsonl"):
        options = case.get("options", {})
        args = ["extract", "--json", "--dialect", options.get("dialect", "rfc1738")]
        if "max_len" in options:
            args += ["--max-len", str(options["max_len"])]
        if options.get("line_numbers"):
            args.append("--line-numbers")
        with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as text:
            text.write(case["text"].encode())
        # extract's "line" is the line of the text a URL starts on, not a batch position.
        found = cli(*args, text.name, strip=())
        pathlib.Path(text.name).unlink()
        got = []
        for f in found:
            item = {k: f[k] for k in ("found", "url", "wrapper", "prefixed", "hyphen_break", "valid")}
            item["kind"] = f["kind"] if f["valid"] else None
            if "alternative" in f:
                item["alternative"] = f["alternative"]
            if "error" in f:
                item["error_code"] = f["error"]["code"]
            got.append(item)
        check("extract", f"{case['id']} {case['note']}", case["expected"], got)


def links_cases():
    for case in cases(ROOT / "links" / "pages.jsonl"):
        for mode in case.get("modes", ("rfc1630", "draft", "rfc1808", "cern")):
            # Run from corpus/: the binary's path made absolute first.
            binary = str(pathlib.Path(BINARY).resolve()) if pathlib.Path(BINARY).exists() else BINARY
            args = [binary, "links", "--json", "--mode", mode]
            if case.get("base") is not None:
                args += ["--base", case["base"]]
            if "max_len" in case:
                args += ["--max-len", str(case["max_len"])]
            if "html" in case:
                args += ["--html", case["html"]]
            done = subprocess.run([*args, "links/" + case["page"]], cwd=ROOT, capture_output=True, check=False)
            got = [json.loads(line) for line in done.stdout.decode().splitlines() if line]
            golden = ROOT / "links" / f"{case['expected']}.{mode}.jsonl"
            check("links", f"{case['id']} {golden.name}", cases(golden), got)


def compare_cases():
    for case in cases(ROOT / "compare" / "cases.jsonl"):
        got = cli("resolve", "--compare", ",".join(case["modes"]), "--json", "--", case["base"], case["link"])
        got = got[0] if got else {}
        expected = {"results": case["results"], "errors": case.get("errors"), "differ": case["differ"],
                    "classes": case["classes"]}
        actual = {"results": got.get("compare"), "errors": got.get("compare_errors"), "differ": got.get("differ"),
                  "classes": got.get("classes")}
        if "differences" in case:
            expected["differences"] = case["differences"]
            actual["differences"] = got.get("differences")
        check("compare", case["id"], expected, actual)


def archive_cases():
    folder = ROOT / "archives"
    binary = str(pathlib.Path(BINARY).resolve()) if pathlib.Path(BINARY).exists() else BINARY
    for case in cases(folder / "cases.jsonl"):
        done = subprocess.run([binary, "links", "--json", case["file"]], cwd=folder, capture_output=True, check=False)
        got = [json.loads(line) for line in done.stdout.decode().splitlines() if line]
        errors = done.stderr.decode().splitlines()
        got.append(json.loads(errors[-1]) if errors else None)
        got.append({"status": done.returncode})
        expected = cases(folder / f"{case['expected']}.jsonl") + [{"status": case["status"]}]
        check("archives", f"{case['id']} {case['file']}", expected, got)


def main():
    if not pathlib.Path(BINARY).exists():
        sys.exit(f"{BINARY}: not found (cargo build first, or give the binary's path)")
    parse_cases()
    resolve_cases()
    normalize_cases()
    key_cases()
    compare_cases()
    lint_cases()
    request_cases()
    extract_cases()
    links_cases()
    archive_cases()
    summary = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    if failures:
        print("\n".join(failures[:20]))
        print(f"{len(failures)} of {sum(counts.values())} cases differ ({summary})")
        sys.exit(1)
    print(f"all {sum(counts.values())} cases match ({summary})")


if __name__ == "__main__":
    main()
