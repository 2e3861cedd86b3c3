#!/usr/bin/env python3
"""A worked adapter: runs the corpus's parse cases against Python's urllib.parse.urlsplit.

Usage: python3 corpus/adapters/urllib_parse.py [--summary] [--examples N]

A model for adopters, not a pass/fail of urllib: urllib.parse implements none of the 1994
grammars (it follows RFC 3986 loosely and never rejects most input), so what this prints is
where and why the two readings differ. Standard library only. Exit status 0, unless the
corpus itself cannot be read (2).

What an adapter does (corpus/README.md, "Writing an adapter"):
  1. Reads every case of corpus/*.jsonl, keeps its "id" to report by and drops the corpus's
     own keys ("id", "source", "note"): the rest is the report a conforming parser gives.
  2. Runs the other implementation on "input" (here urlsplit, which knows neither the
     dialects nor the "URL:" prefix: it reads every case the same way).
  3. Maps the components that implementation has onto the corpus's keys, by "kind" (the
     shape of "path" differs per kind), and compares only those: a key it has no
     counterpart for is not compared, a case without any is counted apart.
  4. Reports agreement per file and the disagreements grouped by why.
"""
import collections
import json
import pathlib
import sys
import urllib.parse

CORPUS = pathlib.Path(__file__).resolve().parent.parent
METADATA = ("id", "source", "note")
# Kinds whose report has "host" and "port" (and, for some, "user" and "password").
HOST_KINDS = {"http", "ftp", "gopher", "nntp", "telnet", "rlogin", "tn3270", "wais", "file", "prospero"}
LOGIN_KINDS = {"ftp", "telnet", "rlogin", "tn3270"}


def cannot_read(what):
    print(f"urllib_parse.py: cannot read the corpus: {what}", file=sys.stderr)
    sys.exit(2)


def read_cases():
    """{file name: [case, ...]} of the parse cases; exits 2 when the corpus cannot be read."""
    files = sorted(CORPUS.glob("*.jsonl"))
    if not files:
        cannot_read(f"no {CORPUS}/*.jsonl")
    out = {}
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
            out[path.name] = [json.loads(line) for line in lines if line]
        except (OSError, ValueError) as error:
            cannot_read(f"{path}: {error}")
        for number, case in enumerate(out[path.name], 1):
            if not isinstance(case, dict) or not {"id", "input", "dialect", "valid", "kind", "scheme"} <= case.keys():
                cannot_read(f"{path}:{number}: not a parse case")
    return out


def urllib_reading(text):
    """What urlsplit makes of the input: its components, or the ValueError it raises."""
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port  # raises ValueError for a port that is not a number in 0..65535
    except ValueError as error:
        return {"error": str(error)}
    return {
        "scheme": parts.scheme,
        "netloc": parts.netloc,
        "username": parts.username,
        "password": parts.password,
        "hostname": parts.hostname,
        "port": port,
        "path": parts.path,
        "query": parts.query,
        "fragment": parts.fragment,
    }


def expected_components(report):
    """The corpus's report mapped onto urlsplit's components: {component: value}. Only what
    urlsplit has a counterpart for, by kind; urlsplit lower-cases scheme and hostname, and
    writes an absent query, fragment or path as ""."""
    kind = report["kind"]
    if report["dialect"] == "rfc2396":
        # RFC 2396's generic components are urlsplit's own (RFC 3986 kept RFC 2396's
        # split): scheme, netloc (the authority after "//"), path (or the opaque part), query,
        # fragment; absent ones are "" in urllib.
        return {
            "scheme": report["scheme"] or "",
            "netloc": report.get("authority") or "",
            "path": report["opaque_part"] if "opaque_part" in report else report["path"],
            "query": report.get("query") or "",
            "fragment": report["fragment"] or "",
        }
    out = {"scheme": report["scheme"], "fragment": report["fragment"] or ""}
    if kind in HOST_KINDS or (kind == "generic" and "host" in report):
        host = report.get("host")
        out["hostname"] = host.lower() if host else None
        out["port"] = report.get("port")
    if kind in LOGIN_KINDS or (kind == "generic" and "user" in report):
        out["username"] = report["user"]
        out["password"] = report["password"]
    if kind == "http":
        # "path": the hpath without its leading "/", null without a "/" after the host.
        out["path"] = "" if report["path"] is None else "/" + report["path"]
        out["query"] = report["search"] or ""
    elif kind in ("ftp", "file"):
        # "path": the segments; urlsplit keeps ";type=" in its path (see got_components).
        out["path"] = "" if report["path"] is None else "/" + "/".join(report["path"])
    elif kind == "wais":
        out["query"] = report["search"] or ""
    elif kind == "mailto":
        out["path"] = report["address"]
    elif kind == "news":
        out["path"] = report["grouppart"]
    elif kind in ("generic", "urn") and "path" in report:
        # The RFC 1630 generic URI: "path" holds "//authority" when the URI has one, which
        # urlsplit splits off as its netloc.
        out["path"] = report["path"]
        out["query"] = report["search"] or ""
    return out


def got_components(reading, report):
    """urlsplit's components in the corpus's terms, for the keys expected_components chose."""
    got = dict(reading)
    kind = report["kind"]
    if report["dialect"] == "rfc2396":
        return got
    if kind == "ftp" and ";type=" in got["path"]:
        # urllib has no typecode: ";type=X" stays in its path.
        got["path"] = got["path"][: got["path"].index(";type=")]
    opaque = kind in ("mailto", "news") or (kind in ("generic", "urn") and "path" in report)
    after_scheme = report["input"].split(":", 1)[-1]
    if opaque and got["scheme"] and after_scheme.startswith("//"):
        # urllib splits "//authority" off as its netloc wherever it is, and drops "//" when
        # the authority is empty; the corpus's path (RFC 1630's generic path, a mailto address,
        # a news grouppart) holds it as written.
        got["path"] = "//" + got["netloc"] + got["path"]
    return got


def why(component, report, got):
    """A reason, for grouping: what about the two readings makes this component differ."""
    text = report["input"]
    if report.get("prefixed"):
        return "the prefix URL: (corpus README, \"prefixed\"): urllib knows no prefix and reads 'url' as the scheme"
    if report["scheme"] and not got.get("scheme"):
        return ("a scheme urllib does not take: RFC 1738's scheme may start with a digit, '+', '-' or '.', RFC 1630's "
                "ialpha may hold '@' or an escape (and, in the draft, a space); urllib then reads the whole input as a path")
    if report["kind"] == "mailto" and text.lower().startswith("mailto::"):
        return "the draft's misprinted two-colon mailto:: (read as mailto:): urllib keeps the second colon in its path"
    if "?" in text and report["kind"] in ("ftp", "file", "mailto", "news", "telnet"):
        return ("'?' is data in this component (RFC 1738's user, password, fsegment, encoded822addr, article): "
                "urllib ends the authority or path at the first '?' and starts a query")
    if component in ("hostname", "username") and "@" in text:
        return ("'@' in the login: RFC 1630 reads '@' as a character of a hostname (safe) and ends a user name at "
                "the first '@'; urllib ends the user name at the last '@'")
    return f"{component} of a {report['kind']} URL ({report['dialect']})"


def raised(message):
    """A reason for a ValueError of urllib on a valid URL, without the value it names."""
    return ("urllib raises ValueError (" + message.split(" as ")[0].split(" value")[0] + ") on a URL the corpus reads as "
            "valid: a generic URL whose port is out of range or no number (the draft, or RFC 1738's opaque "
            "schemepart), or a '?' in a login that urllib takes for the start of the query")


def main():
    args = sys.argv[1:]
    summary_only = "--summary" in args
    examples = 2
    if "--examples" in args:
        examples = int(args[args.index("--examples") + 1])
    files = read_cases()
    totals = collections.Counter()
    reasons = collections.defaultdict(list)
    lines = []
    for name, cases in files.items():
        stats = collections.Counter()
        for case in cases:
            case_id = case["id"]
            report = {k: v for k, v in case.items() if k not in METADATA}
            reading = urllib_reading(report["input"])
            stats["cases"] += 1
            if not report["valid"]:
                # urllib has no verdict to compare: it only raises for a few inputs.
                stats["invalid, urllib raised" if "error" in reading else "invalid, urllib parsed"] += 1
                continue
            if "error" in reading:
                stats["valid, urllib raised"] += 1
                reasons[raised(reading["error"])].append((case_id, report["input"], "valid", reading["error"]))
                continue
            expected = expected_components(report)
            got = got_components(reading, report)
            differs = False
            for component, value in expected.items():
                stats["components"] += 1
                if got.get(component) == value:
                    stats["components agree"] += 1
                    continue
                differs = True
                reasons[why(component, report, got)].append(
                    (case_id, report["input"], f"{component}={value!r}", f"{got.get(component)!r}"))
            stats["valid, all compared components agree" if not differs else "valid, some component differs"] += 1
        totals.update(stats)
        lines.append(f"{name:<24} {stats['cases']:>4} cases: valid {stats['valid, all compared components agree']:>4} agree, "
                     f"{stats['valid, some component differs']:>3} differ, {stats['valid, urllib raised']:>2} raise; "
                     f"components {stats['components agree']}/{stats['components']}; "
                     f"invalid {stats['invalid, urllib parsed']} parsed by urllib, {stats['invalid, urllib raised']} raise")
    if not summary_only:
        print("Per file (urllib.parse.urlsplit against the corpus's parse cases):")
        print("\n".join(lines))
        print()
        print("Where and why they differ (a case may differ in several components):")
        for reason, hits in sorted(reasons.items(), key=lambda item: -len(item[1])):
            print(f"  {len(hits):>4}  {reason}")
            for case_id, text, expected, got in hits[:examples]:
                print(f"          {case_id} {text!r}: corpus {expected}, urllib {got}")
        print()
    valid = totals["valid, all compared components agree"] + totals["valid, some component differs"] + totals["valid, urllib raised"]
    invalid = totals["invalid, urllib parsed"] + totals["invalid, urllib raised"]
    print(f"{totals['cases']} parse cases: of {valid} valid, {totals['valid, all compared components agree']} agree with urllib "
          f"on every compared component ({totals['components agree']} of {totals['components']} components); "
          f"of {invalid} invalid, urllib parses {totals['invalid, urllib parsed']} without error and raises on "
          f"{totals['invalid, urllib raised']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
