"""The book's section "Fetching" (book/src/clients.md): each `rfc1738 fetch` session of its
text block is run against the servers here (the section's ports 7070, 2121, 8080 and 1119
stand for theirs),
and must send the lines it shows (`->`), show the same body (but the lines a server dates)
and end the same way (its `body`, `status` or `error` line)."""

from __future__ import annotations

import re
import shlex

from conftest import ROOT, fetch

# Lines of a body that differ from one run to the next: dates, INN's logging data.
VARYING = re.compile(r"^(Date:|Injection-Date:|Injection-Info:|\tlogging-data=)")


def sessions() -> list[tuple[list[str], list[str], list[str]]]:
    """(arguments, body lines, report lines) of each session of the section's text block."""
    text = (ROOT / "book" / "src" / "clients.md").read_text()
    section = text.split("\n## Fetching\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```text\n", 1)[1].split("\n```", 1)[0]
    found = []
    for chunk in block.split("\n$ ")[0:]:
        chunk = chunk.removeprefix("$ ")
        command, _, rest = chunk.partition("\n")
        args = shlex.split(command)
        assert args[:2] == ["rfc1738", "fetch"], command
        args = args[2:]
        if ">" in args:  # "> FILE": the body goes to a file, not shown
            args = args[: args.index(">")]
        lines = rest.rstrip("\n").split("\n")
        start = next(i for i, line in enumerate(lines) if line.startswith("fetch    "))
        found.append((args, lines[:start], lines[start:]))
    return found


def test_every_fetch_session_of_the_readme(gopher_server, ftp_server, http_server, news_server) -> None:  # type: ignore[no-untyped-def]
    ports = {"7070": gopher_server[0], "2121": ftp_server, "8080": http_server, "1119": news_server[0]}
    found = sessions()
    assert len(found) >= 7
    for args, body, report in found:
        args = [re.sub(r"127\.0\.0\.1:(\d+)", lambda m: f"127.0.0.1:{ports[m.group(1)]}", a) for a in args]
        result = fetch(*args)
        shown = [line.removesuffix("\r") for line in result.stdout.decode().split("\n")[:-1]]
        port = str(ports.get("7070"))
        if body:
            actual = [line.replace(port, "7070") for line in shown if not VARYING.match(line)]
            assert actual == [line for line in body if not VARYING.match(line)], args
        stderr = result.stderr.decode().split("\n")
        assert [l for l in stderr if l.startswith("->")] == [l for l in report if l.startswith("->")], args
        def ending(lines: list[str]) -> list[str]:
            ended = [l for l in lines if l.startswith(("body ", "error "))]
            # INN dates its articles and logs its process: their sizes vary by a few bytes.
            if any(a.startswith(("news:", "nntp:")) for a in args):
                ended = [re.sub(r"\d+ bytes", "N bytes", l) for l in ended]
            return ended

        assert ending(stderr) == ending(report), args
        assert result.returncode == (1 if any(l.startswith("error ") for l in report) else 0)
