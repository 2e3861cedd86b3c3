"""Real servers on 127.0.0.1 for `rfc1738 fetch`, started by the tests themselves.

- HTTP: Python's own `http.server` (HTTP/1.0 answers), serving a folder of files.
- FTP: pyftpdlib (PyPI), anonymous and a user with a password, over a folder of files.
- Gopher: pygopherd (Debian's package), run as root with a configuration of its own:
  interface 127.0.0.1, a free port, no chroot, a folder with files, a gophermap, a
  search script.
- News: INN 2 (Debian's `inn2`), a private instance (its own inn.conf through INNCONF, its
  own spool, database and run folders in a temporary folder, owned by `news`), innd
  started as the `news` user on a free port of 127.0.0.1, a newsgroup made with ctlinnd,
  articles posted over NNTP.

A server that is missing is a failure that says how `.ci/run` installs it, never a skip.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from typing import Iterator

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary() -> str:
    path = os.environ.get("RFC1738_BIN")
    if not path:
        pytest.fail("RFC1738_BIN names the rfc1738 binary (.ci/run sets it after cargo build)")
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes] | None, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            out = process.stdout.read().decode(errors="replace") if process.stdout else ""
            pytest.fail(f"{what} exited with status {process.returncode}: {out}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"{what} did not listen on 127.0.0.1:{port} within {seconds} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def need(program: str, package: str) -> str:
    path = shutil.which(program) or (program if os.path.exists(program) else None)
    if path is None:
        pytest.fail(
            f"{program} is not installed: .ci/run installs it "
            f"(apt-get install {package}); the fetch tests need the real server"
        )
    return path


def fetch(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """Runs `rfc1738 fetch ARGS`: the body on stdout, the report on stderr (without the
    caller's EMAIL, the anonymous FTP password's default)."""
    env = {k: v for k, v in os.environ.items() if k != "EMAIL"}
    return subprocess.run(
        [binary(), "fetch", *args], capture_output=True, timeout=timeout, check=False, env=env
    )


# --- files the servers are given ----------------------------------------------------------

TEXT = b"line one\nline two\n.a line that starts with a dot\n\nlast line\n"
BINARY = bytes(range(256)) * 40 + b"\r\n\x00\r\r\n.\r\n"


@pytest.fixture(scope="session")
def files() -> Iterator[pathlib.Path]:
    folder = pathlib.Path(tempfile.mkdtemp(prefix="rfc1738-fetch-"))
    (folder / "pub" / "sub dir").mkdir(parents=True)
    (folder / "pub" / "README").write_bytes(TEXT)
    (folder / "pub" / "data.bin").write_bytes(BINARY)
    (folder / "pub" / "sub dir" / "notes.txt").write_bytes(b"notes in a folder with a space\n")
    (folder / "motd").write_bytes(b"the message of the day\n")
    (folder / "hello.txt").write_bytes(TEXT)
    (folder / "page.html").write_bytes(b"<TITLE>A page</TITLE>\n<H1>A page</H1>\n")
    folder.chmod(0o755)
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


# --- HTTP: Python's http.server --------------------------------------------------------------

@pytest.fixture(scope="session")
def http_server(files: pathlib.Path) -> Iterator[int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(files)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    wait_for_port(port, process, "http.server")
    yield port
    stop(process)


# --- FTP: pyftpdlib ------------------------------------------------------------------------

FTP_SERVER = """
import logging, sys
from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import FTPHandler
from pyftpdlib.servers import FTPServer
logging.basicConfig(level=logging.WARNING)
authorizer = DummyAuthorizer()
authorizer.add_anonymous(sys.argv[1])
authorizer.add_user("myname", "secret", sys.argv[1], perm="elr")
FTPHandler.authorizer = authorizer
FTPHandler.passive_ports = range(int(sys.argv[3]), int(sys.argv[3]) + 50)
FTPServer(("127.0.0.1", int(sys.argv[2])), FTPHandler).serve_forever(timeout=0.5)
"""


@pytest.fixture(scope="session")
def ftp_server(files: pathlib.Path) -> Iterator[int]:
    try:
        import pyftpdlib  # noqa: F401
    except ImportError:
        pytest.fail("pyftpdlib is not installed: .ci/run installs it (pip install pyftpdlib)")
    port = free_port()
    passive = 30000 + port % 20000
    process = subprocess.Popen(
        [sys.executable, "-c", FTP_SERVER, str(files), str(port), str(passive)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    wait_for_port(port, process, "pyftpdlib")
    yield port
    stop(process)


# --- Gopher: pygopherd ---------------------------------------------------------------------

GOPHERMAP = (
    "iWelcome to the rfc1738 test hole\tfake\t(NULL)\t0\r\n"
    "0The README\t/pub/README\t127.0.0.1\t{port}\r\n"
    "1The pub folder\t/pub\t127.0.0.1\t{port}\r\n"
    "7Search\t/search.sh\t127.0.0.1\t{port}\r\n"
)

SEARCH_SCRIPT = """#!/bin/sh
# A gopher search: a menu with one line naming the words searched for.
printf 'iYou searched for: %s\\tfake\\t(NULL)\\t0\\r\\n' "$SEARCHREQUEST"
printf '0Result for %s\\t/pub/README\\t127.0.0.1\\t%s\\r\\n' "$SEARCHREQUEST" "$SERVER_PORT"
printf '.\\r\\n'
"""


@pytest.fixture(scope="session")
def gopher_server(files: pathlib.Path) -> Iterator[tuple[int, pathlib.Path]]:
    program = need("/usr/sbin/pygopherd", "pygopherd")
    if os.geteuid() != 0:
        pytest.fail("pygopherd runs as root here (.ci/run runs as root)")
    port = free_port()
    root = pathlib.Path(tempfile.mkdtemp(prefix="rfc1738-gopher-"))
    shutil.copytree(files, root, dirs_exist_ok=True)
    root.chmod(0o755)
    (root / "gophermap").write_text(GOPHERMAP.format(port=port))
    script = root / "search.sh"
    script.write_text(SEARCH_SCRIPT)
    script.chmod(0o755)
    conf = root.parent / (root.name + ".conf")
    text = pathlib.Path("/etc/pygopherd/pygopherd.conf").read_text()
    lines = []
    for line in text.splitlines():
        key = line.split("=", 1)[0].strip()
        if key == "port":
            line = f"port = {port}\ninterface = 127.0.0.1\nservername = 127.0.0.1"
        elif key == "usechroot":
            line = "usechroot = no"
        elif key == "root":
            line = f"root = {root}"
        elif key == "pidfile":
            line = f"pidfile = {root.parent / (root.name + '.pid')}"
        elif key == "logmethod":
            line = "logmethod = none"
        elif key == "handlers" and "HandlerMultiplexer" not in line:
            # The search script runs through the exec handler, before the others.
            line = line.replace("handlers = [", "handlers = [scriptexec.ExecHandler, ")
        lines.append(line)
    conf.write_text("\n".join(lines) + "\n")
    process = subprocess.Popen([program, str(conf)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    wait_for_port(port, process, "pygopherd")
    yield port, root
    stop(process)
    shutil.rmtree(root, ignore_errors=True)


# --- News: INN 2 ---------------------------------------------------------------------------

INN_BIN = pathlib.Path("/usr/lib/news/bin")
NEWSGROUP = "rfc1738.test"

# The articles posted: (Message-ID, Subject, body). The second has lines that start with a
# dot (dot-stuffed on the wire) and an empty line.
ARTICLES = [
    ("<first.1994@rfc1738.test>", "The first article", b"Hello from 1994.\nA second line.\n"),
    (
        "<dots.1994@rfc1738.test>",
        "Dots at the start of lines",
        b"Before.\n.A line that starts with a dot.\n..Two dots.\n.\n\nAfter an empty line.\n",
    ),
]


def nntp_post(port: int, article: bytes) -> None:
    """Posts `article` (headers, empty line, body; lines ended by LF) over NNTP POST."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        reader = sock.makefile("rb")

        def status() -> bytes:
            return reader.readline()

        greeting = status()
        assert greeting[:3] in (b"200", b"201"), greeting
        sock.sendall(b"POST\r\n")
        answer = status()
        assert answer.startswith(b"340"), answer
        wire = b"".join(
            (b"." + line if line.startswith(b".") else line) + b"\r\n"
            for line in article.split(b"\n")[:-1]
        )
        sock.sendall(wire + b".\r\n")
        answer = status()
        assert answer.startswith(b"240"), answer
        sock.sendall(b"QUIT\r\n")


@pytest.fixture(scope="session")
def news_server() -> Iterator[tuple[int, dict[str, bytes]]]:
    """A private INN: its own inn.conf (INNCONF), folders and port; innd as `news`."""
    innd = need(str(INN_BIN / "innd"), "inn2")
    if os.geteuid() != 0:
        pytest.fail("innd is started as the news user from root here (.ci/run runs as root)")
    port = free_port()
    base = pathlib.Path(tempfile.mkdtemp(prefix="rfc1738-inn-"))
    paths = {name: base / name for name in ("etc", "db", "spool", "run", "log", "tmp")}
    shutil.copytree("/etc/news", paths["etc"], dirs_exist_ok=True)
    shutil.copytree("/var/lib/news", paths["db"], dirs_exist_ok=True)
    for name in ("spool", "run", "log", "tmp"):
        paths[name].mkdir()
    for name in ("articles", "overview", "incoming", "outgoing", "archive", "incoming/tmp"):
        (paths["spool"] / name).mkdir(parents=True, exist_ok=True)
    settings = {
        "domain": "rfc1738.test",
        "pathhost": "inn.rfc1738.test",
        "port": str(port),
        "bindaddress": "127.0.0.1",
        "bindaddress6": "none",
        "pathetc": str(paths["etc"]),
        "pathdb": str(paths["db"]),
        "pathrun": str(paths["run"]),
        "pathlog": str(paths["log"]),
        "pathspool": str(paths["spool"]),
        "patharticles": str(paths["spool"] / "articles"),
        "pathoverview": str(paths["spool"] / "overview"),
        "pathincoming": str(paths["spool"] / "incoming"),
        "pathoutgoing": str(paths["spool"] / "outgoing"),
        "patharchive": str(paths["spool"] / "archive"),
        "pathtmp": str(paths["tmp"]),
        "pathfilter": str(paths["etc"] / "filter"),
        "server": "127.0.0.1",
    }
    conf = paths["etc"] / "inn.conf"
    kept = [
        line
        for line in conf.read_text().splitlines()
        if line.split(":", 1)[0].strip() not in settings
    ]
    conf.write_text("\n".join(kept + [f"{key}: {value}" for key, value in settings.items()]) + "\n")
    # No peer: every connection from 127.0.0.1 is a reader's (innd hands it to nnrpd).
    (paths["etc"] / "incoming.conf").write_text("streaming: true\nmax-connections: 8\n")
    (paths["etc"] / "newsfeeds").write_text("ME:!*/!local::\n")
    subprocess.run(["chown", "-R", "news:news", str(base)], check=True)
    base.chmod(0o755)
    env = dict(os.environ, INNCONF=str(conf))
    process = subprocess.Popen(
        ["runuser", "-u", "news", "--", "env", f"INNCONF={conf}", innd, "-f"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        wait_for_port(port, process, "innd")
        ctlinnd = [
            "runuser", "-u", "news", "--", "env", f"INNCONF={conf}", str(INN_BIN / "ctlinnd"),
        ]
        made = subprocess.run(
            ctlinnd + ["newgroup", NEWSGROUP, "y", "rfc1738"], capture_output=True, check=False
        )
        assert made.returncode == 0, made
        for message_id, subject, body in ARTICLES:
            nntp_post(
                port,
                (
                    f"From: Tester <tester@rfc1738.test>\nNewsgroups: {NEWSGROUP}\n"
                    f"Subject: {subject}\nMessage-ID: {message_id}\n\n"
                ).encode()
                + body,
            )
        # The articles as INN stored them: `sm` reads each by its storage token.
        stored: dict[str, bytes] = {}
        for message_id, _, _ in ARTICLES:
            for _ in range(100):
                token = subprocess.run(
                    ["runuser", "-u", "news", "--", "env", f"INNCONF={conf}", str(INN_BIN / "grephistory"), message_id],
                    capture_output=True, check=False,
                )
                if token.returncode == 0:
                    break
                time.sleep(0.1)
            assert token.returncode == 0, token
            article = subprocess.run(
                ["runuser", "-u", "news", "--", "env", f"INNCONF={conf}", str(INN_BIN / "sm"), token.stdout.decode().strip()],
                capture_output=True, check=True,
            )
            stored[message_id] = article.stdout
        yield port, stored
    finally:
        subprocess.run(
            ["runuser", "-u", "news", "--", "env", f"INNCONF={conf}", str(INN_BIN / "ctlinnd"), "-t", "10", "throttle", "tests done"],
            capture_output=True, check=False,
        )
        stop(process)
        shutil.rmtree(base, ignore_errors=True)
