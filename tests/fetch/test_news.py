"""`rfc1738 fetch` against INN 2 on 127.0.0.1: articles by message-id (news:) and by
number (nntp:), a group's articles, the list of groups; each article compared with the
copy INN stored (read back with its own `sm`)."""

from __future__ import annotations

import json

from conftest import ARTICLES, NEWSGROUP, fetch


def report(result) -> dict:  # type: ignore[no-untyped-def]
    return json.loads(result.stderr.decode().strip().splitlines()[-1])


def sent(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [e["line"] for e in report(result)["transcript"] if e["event"] == "sent"]


def test_news_article_by_message_id_is_the_stored_article(news_server) -> None:  # type: ignore[no-untyped-def]
    port, stored = news_server
    for message_id, _, body in ARTICLES:
        result = fetch("--json", "--news-server", f"127.0.0.1:{port}", f"news:{message_id[1:-1]}")
        assert result.returncode == 0, result.stderr
        assert sent(result) == [f"ARTICLE {message_id}\r\n", "QUIT\r\n"]
        # Dot-stuffing undone, each line ended by LF: the article as INN stored it.
        assert result.stdout == stored[message_id]
        assert result.stdout.endswith(b"\n\n" + body)
        assert report(result)["status"].startswith("220 ")


def test_news_server_from_nntpserver(news_server) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess

    from conftest import binary

    port, stored = news_server
    message_id = ARTICLES[0][0]
    result = subprocess.run(
        [binary(), "fetch", f"news:{message_id[1:-1]}"],
        capture_output=True,
        env=dict(os.environ, NNTPSERVER=f"127.0.0.1:{port}"),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == stored[message_id]
    # Without a server: not fetched, and the report says how to give one.
    result = subprocess.run(
        [binary(), "fetch", f"news:{message_id[1:-1]}"],
        capture_output=True,
        env={k: v for k, v in os.environ.items() if k != "NNTPSERVER"},
        check=False,
    )
    assert result.returncode == 1
    assert b"[incomplete]" in result.stderr and b"--news-server" in result.stderr


def test_nntp_article_by_number_is_the_stored_article(news_server) -> None:  # type: ignore[no-untyped-def]
    port, stored = news_server
    for number, (message_id, _, _) in enumerate(ARTICLES, start=1):
        result = fetch("--json", f"nntp://127.0.0.1:{port}/{NEWSGROUP}/{number}")
        assert result.returncode == 0, result.stderr
        assert sent(result) == [f"GROUP {NEWSGROUP}\r\n", f"ARTICLE {number}\r\n", "QUIT\r\n"]
        assert result.stdout == stored[message_id]


def test_news_group_lists_its_articles(news_server) -> None:  # type: ignore[no-untyped-def]
    port, _ = news_server
    result = fetch("--json", "--news-server", f"127.0.0.1:{port}", f"news:{NEWSGROUP}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().splitlines() == [
        f"{number} {message_id}" for number, (message_id, _, _) in enumerate(ARTICLES, start=1)
    ]
    assert sent(result)[:3] == [f"GROUP {NEWSGROUP}\r\n", "STAT\r\n", "NEXT\r\n"]
    # nntp: without an article number: the same walk.
    result = fetch(f"nntp://127.0.0.1:{port}/{NEWSGROUP}")
    assert len(result.stdout.decode().splitlines()) == len(ARTICLES)


def test_news_star_lists_the_groups(news_server) -> None:  # type: ignore[no-untyped-def]
    port, _ = news_server
    result = fetch("--json", "--news-server", f"127.0.0.1:{port}", "news:*")
    assert result.returncode == 0, result.stderr
    assert sent(result)[0] == "LIST\r\n"
    groups = [line.split()[0] for line in result.stdout.decode().splitlines()]
    assert NEWSGROUP in groups and "local.general" in groups


def test_news_errors_quote_the_server(news_server) -> None:  # type: ignore[no-untyped-def]
    port, _ = news_server
    result = fetch("--json", "--news-server", f"127.0.0.1:{port}", "news:nowhere.1994@rfc1738.test")
    assert result.returncode == 1 and result.stdout == b""
    assert report(result)["error"]["code"] == "server-error"
    assert report(result)["error"]["message"].startswith("the server answered 430")
    result = fetch("--json", f"nntp://127.0.0.1:{port}/no.such.group/1")
    assert report(result)["error"]["message"].startswith("the server answered 411")
    result = fetch("--json", f"nntp://127.0.0.1:{port}/{NEWSGROUP}/99")
    assert report(result)["error"]["message"].startswith("the server answered 423")
