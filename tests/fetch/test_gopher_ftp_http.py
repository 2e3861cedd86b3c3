"""`rfc1738 fetch` against real gopher, FTP and HTTP servers on 127.0.0.1: each body
compared with the file the server was given (or, for menus and listings, with what the
folder holds), each report checked for what was sent."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess

from conftest import BINARY, TEXT, binary, fetch


def report(result) -> dict:  # type: ignore[no-untyped-def]
    """The --json report (the last line of standard error)."""
    return json.loads(result.stderr.decode().strip().splitlines()[-1])


def sent(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [e["line"] for e in report(result)["transcript"] if e["event"] == "sent"]


def visible(folder: pathlib.Path) -> list[pathlib.Path]:
    """The files of a folder a server lists (pygopherd keeps a cache file in it)."""
    return [path for path in folder.iterdir() if not path.name.startswith(".")]


def menu_lines(body: bytes) -> list[list[str]]:
    return [line.split("\t") for line in body.decode().split("\r\n") if line and line != "."]


# --- gopher (pygopherd) --------------------------------------------------------------------

def test_gopher_text_item_is_the_file(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, root = gopher_server
    result = fetch("--json", f"gopher://127.0.0.1:{port}/0/pub/README")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (root / "pub" / "README").read_bytes() == TEXT
    assert sent(result) == ["/pub/README\r\n"]
    assert report(result)["body_bytes"] == len(TEXT)


def test_gopher_binary_item_is_the_file_byte_for_byte(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, root = gopher_server
    result = fetch(f"gopher://127.0.0.1:{port}/9/pub/data.bin")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (root / "pub" / "data.bin").read_bytes() == BINARY


def test_gopher_root_menu_is_the_gophermap(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, _ = gopher_server
    for url in (f"gopher://127.0.0.1:{port}", f"gopher://127.0.0.1:{port}/", f"gopher://127.0.0.1:{port}/1"):
        result = fetch("--json", url)
        assert result.returncode == 0, result.stderr
        assert sent(result) == ["\r\n"], url
        items = menu_lines(result.stdout)
        assert [(i[0][0], i[1]) for i in items[1:]] == [
            ("0", "/pub/README"), ("1", "/pub"), ("7", "/search.sh")
        ]
        notes = [e["text"] for e in report(result)["transcript"] if e["event"] == "note"]
        assert "a menu of 4 items" in notes


def test_gopher_directory_menu_lists_the_folder(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, root = gopher_server
    result = fetch(f"gopher://127.0.0.1:{port}/1/pub")
    assert result.returncode == 0, result.stderr
    selectors = sorted(item[1] for item in menu_lines(result.stdout))
    assert selectors == sorted(f"/pub/{p.name}" for p in visible(root / "pub"))
    # An escaped space in the selector reaches the server decoded.
    result = fetch(f"gopher://127.0.0.1:{port}/0/pub/sub%20dir/notes.txt")
    assert result.stdout == (root / "pub" / "sub dir" / "notes.txt").read_bytes()


def test_gopher_search_sends_the_words_after_a_tab(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, _ = gopher_server
    result = fetch("--json", f"gopher://127.0.0.1:{port}/7/search.sh%09hello%20world")
    assert result.returncode == 0, result.stderr
    assert sent(result) == ["/search.sh\thello world\r\n"]
    assert menu_lines(result.stdout)[0][0] == "iYou searched for: hello world"
    # A search item without words is not fetched: the words are the user's.
    result = fetch(f"gopher://127.0.0.1:{port}/7/search.sh")
    assert result.returncode == 1
    assert b"[incomplete]" in result.stderr


def test_gopher_plus_strings(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, root = gopher_server
    # "+": the default view, after the Gopher+ length line (+60 from pygopherd).
    result = fetch("--json", f"gopher://127.0.0.1:{port}/0/pub/README%09%09+")
    assert result.returncode == 0, result.stderr
    assert sent(result) == ["/pub/README\t+\r\n"]
    assert result.stdout == TEXT
    received = [e["line"] for e in report(result)["transcript"] if e["event"] == "received"]
    assert received == [f"+{len(TEXT)}\r\n"]
    # "!": the item's attributes; "$": the attributes of every item of a folder.
    result = fetch(f"gopher://127.0.0.1:{port}/0/pub/README%09%09!")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"+INFO: 0README\t/pub/README\t")
    result = fetch(f"gopher://127.0.0.1:{port}/1/pub%09%09$")
    assert result.returncode == 0, result.stderr
    infos = [line for line in result.stdout.split(b"\r\n") if line.startswith(b"+INFO:")]
    assert len(infos) == len(visible(root / "pub"))


def test_gopher_error_item_is_a_server_error(gopher_server) -> None:  # type: ignore[no-untyped-def]
    port, _ = gopher_server
    for url in (f"gopher://127.0.0.1:{port}/0/nope", f"gopher://127.0.0.1:{port}/1/nope"):
        result = fetch("--json", url)
        assert result.returncode == 1
        assert result.stdout == b""
        assert report(result)["error"]["code"] == "server-error"
        assert "does not exist" in report(result)["error"]["message"]


# --- ftp (pyftpdlib) -----------------------------------------------------------------------

def test_ftp_anonymous_retrieval_ascii_and_image(ftp_server, files: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    port = ftp_server
    base = f"ftp://127.0.0.1:{port}"
    for typecode in ("", ";type=a"):
        result = fetch("--json", "--ftp-password", "me@example.org", f"{base}/pub/README{typecode}")
        assert result.returncode == 0, result.stderr
        assert result.stdout == (files / "pub" / "README").read_bytes()
        lines = sent(result)
        assert lines[:3] == ["USER anonymous\r\n", "PASS me@example.org\r\n", "CWD pub\r\n"]
        assert lines[-2:] == ["RETR README\r\n", "QUIT\r\n"]
        assert ("TYPE A\r\n" in lines) == (typecode == ";type=a")
    result = fetch("--json", "--ftp-password", "me@example.org", f"{base}/pub/data.bin;type=i")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (files / "pub" / "data.bin").read_bytes()
    assert "TYPE I\r\n" in sent(result)
    assert report(result)["status"].startswith("226")


def test_ftp_user_password_and_escaped_slash(ftp_server, files: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    port = ftp_server
    # %2F: the first CWD is to "/" itself, absolute (section 3.2.2's example).
    result = fetch("--json", f"ftp://myname:secret@127.0.0.1:{port}/%2Fpub/README")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (files / "pub" / "README").read_bytes()
    lines = sent(result)
    assert lines[0] == "USER myname\r\n"
    assert lines[1] == "PASS "  # the password is not shown in the report
    assert [e.get("hidden") for e in report(result)["transcript"] if e["event"] == "sent"][1] is True
    assert "CWD /pub\r\n" in lines
    # A wrong password: the server's 530, quoted.
    result = fetch("--json", f"ftp://myname:wrong@127.0.0.1:{port}/pub/README")
    assert result.returncode == 1
    assert report(result)["error"]["code"] == "server-error"
    assert "530" in report(result)["error"]["message"]
    # A user name without a password: the user is asked, which a fetch cannot do.
    result = fetch("--json", f"ftp://myname@127.0.0.1:{port}/pub/README")
    assert report(result)["error"]["code"] == "incomplete"


def test_ftp_listing_and_escaped_space(ftp_server, files: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    port = ftp_server
    result = fetch("--json", "--ftp-password", "me@example.org", f"ftp://127.0.0.1:{port}/pub;type=d")
    assert result.returncode == 0, result.stderr
    assert "NLST pub\r\n" in sent(result)
    names = sorted(pathlib.PurePosixPath(n).name for n in result.stdout.decode().splitlines())
    assert names == sorted(p.name for p in (files / "pub").iterdir())
    result = fetch("--ftp-password", "me@example.org", f"ftp://127.0.0.1:{port}/pub/sub%20dir/notes.txt")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (files / "pub" / "sub dir" / "notes.txt").read_bytes()
    # No path: the login folder is listed.
    result = fetch("--ftp-password", "me@example.org", f"ftp://127.0.0.1:{port}")
    assert sorted(result.stdout.decode().split()) == sorted(p.name for p in files.iterdir())


def test_ftp_missing_file_and_output_file(ftp_server, files: pathlib.Path, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    port = ftp_server
    result = fetch("--json", "--ftp-password", "me@example.org", f"ftp://127.0.0.1:{port}/pub/nope")
    assert result.returncode == 1
    assert report(result)["error"]["message"].startswith("the server answered 550")
    target = tmp_path / "data.bin"
    result = fetch("--ftp-password", "me@example.org", "-o", str(target), f"ftp://127.0.0.1:{port}/pub/data.bin;type=i")
    assert result.returncode == 0, result.stderr
    assert target.read_bytes() == BINARY and result.stdout == b""
    assert f"body     {len(BINARY)} bytes to {target}".encode() in result.stderr
    # A failed fetch leaves no file behind, partial or not.
    missing = tmp_path / "nope"
    result = fetch("--ftp-password", "me@example.org", "-o", str(missing), f"ftp://127.0.0.1:{port}/pub/nope")
    assert result.returncode == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data.bin"]


# --- http (Python's http.server) -----------------------------------------------------------

def test_http_get_is_the_file(http_server, files: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    port = http_server
    result = fetch("--json", f"http://127.0.0.1:{port}/hello.txt")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (files / "hello.txt").read_bytes()
    assert sent(result) == ["GET /hello.txt HTTP/1.0\r\n", "\r\n"]
    assert report(result)["status"] == "HTTP/1.0 200 OK"
    # A search: sent as written (http.server serves the file and ignores the query).
    result = fetch("--json", f"http://127.0.0.1:{port}/page.html?url+syntax")
    assert result.stdout == (files / "page.html").read_bytes()
    assert sent(result)[0] == "GET /page.html?url+syntax HTTP/1.0\r\n"
    # An escaped space stays escaped in the request line.
    result = fetch(f"http://127.0.0.1:{port}/pub/sub%20dir/notes.txt")
    assert result.stdout == (files / "pub" / "sub dir" / "notes.txt").read_bytes()


def test_http_errors_and_redirects(http_server, files: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    port = http_server
    result = fetch("--json", f"http://127.0.0.1:{port}/nope")
    assert result.returncode == 1 and result.stdout == b""
    assert report(result)["error"]["code"] == "server-error"
    assert "404" in report(result)["error"]["message"]
    # http.server redirects a folder without its "/": not followed unless asked.
    result = fetch("--json", f"http://127.0.0.1:{port}/pub")
    assert result.returncode == 1
    assert report(result)["error"]["code"] == "redirect"
    result = fetch("--json", "--follow", f"http://127.0.0.1:{port}/pub")
    assert result.returncode == 0, result.stderr
    assert report(result)["redirects"] == [f"http://127.0.0.1:{port}/pub/"]
    assert b"README" in result.stdout
    # The size limit: the body is not written past it.
    result = fetch("--json", "--max-size", "10", f"http://127.0.0.1:{port}/hello.txt")
    assert result.returncode == 1 and result.stdout == b""
    assert report(result)["error"]["code"] == "too-large"


def test_refused_before_connecting(http_server) -> None:  # type: ignore[no-untyped-def]
    port = http_server
    result = fetch("--json", f"gopher://127.0.0.1:25/0%0D%0AHELO")
    assert result.returncode == 1
    assert report(result)["error"]["code"] == "refused-by-lint"
    assert report(result)["transcript"] == []


def test_anonymous_ftp_without_an_address_sends_the_user_at_the_host(ftp_server, files: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    """Without --ftp-password and EMAIL, the password the clients of the time made (Lynx:
    the user at the host), and the report says which address went (issue 47)."""
    port = ftp_server
    env = {k: v for k, v in os.environ.items() if k not in ("EMAIL", "LOGNAME")}
    env.update(USER="guest", HOSTNAME="example.org")
    result = subprocess.run(
        [binary(), "fetch", "--json", f"ftp://127.0.0.1:{port}/pub/README"],
        capture_output=True, timeout=60, check=False, env=env,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (files / "pub" / "README").read_bytes()
    assert "PASS guest@example.org\r\n" in sent(result)
    notes = [e["text"] for e in report(result)["transcript"] if e["event"] == "note"]
    assert any(n.startswith("PASS gives guest@example.org, from the user and host names") for n in notes), notes
