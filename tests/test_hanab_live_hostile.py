"""The hanab.live client against hostile servers (issue 33, item 5): redirects, reconnect
storms, compressed bombs, oversized frames and bodies, silence, and the server's own words.

Every server is started here, on 127.0.0.1 (`hostile_servers.py`); every wait is bounded
(`LIMIT` seconds) and every server stopped.
"""

from __future__ import annotations

import asyncio
import pickle
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

import pytest
from aiohttp import web

from hanabi_core import InvalidArgument
from hanabi_core.hanablive import wire as w
from hanabi_core.hanablive.client import Client, ConnectionLost, LoginFailed
from hostile_servers import (
    WELCOME,
    RawServer,
    Request,
    WebServer,
    deflate_bomb,
    frame,
    login_answer,
    login_ok,
    open_socket,
    read_all,
    response,
    upgrade,
)

LIMIT = 10.0
FAST = {"reconnect_delay": 0.01, "timeout": 2.0}


def run(main: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(main(), LIMIT))


async def started(*servers: Any) -> None:
    for server in servers:
        await server.start()


async def stopped(*servers: Any) -> None:
    for server in servers:
        await server.stop()


# --- Credentials stay with their origin --------------------------------------------------------


def _redirecting(status: int, target: WebServer, path: str) -> WebServer:
    """A server whose `path` redirects (with `status`) to the same path on `target`."""
    server = WebServer()

    async def redirect(request: web.Request) -> web.Response:
        return web.Response(status=status, headers={"Location": target.url + path})

    if path == "/login":
        server.app.router.add_post("/login", redirect)
    else:
        server.app.router.add_post("/login", login_ok)
        server.app.router.add_get("/ws", redirect)
    return server


def _thief() -> WebServer:
    """Another origin, taking whatever it is sent."""
    thief = WebServer()
    thief.app.router.add_post("/login", login_ok)

    async def socket(request: web.Request) -> web.WebSocketResponse:
        return await open_socket(thief, request)

    thief.app.router.add_get("/ws", socket)
    return thief


@pytest.mark.parametrize("status", [307, 308, 301, 302, 303])
def test_the_login_is_never_posted_across_a_redirect(status: int) -> None:
    async def main() -> None:
        thief = _thief()
        await started(thief)
        site = _redirecting(status, thief, "/login")
        await started(site)
        try:
            with pytest.raises(LoginFailed) as caught:
                async with Client(site.url, "bot", "s3cret", **FAST):
                    pass
            assert caught.value.status == status and "redirects the login" in caught.value.reason
            assert thief.requests == [] and site.passwords() == ["s3cret"]
        finally:
            await stopped(site, thief)

    run(main)


def test_the_websocket_handshake_is_never_redirected() -> None:
    async def main() -> None:
        thief = _thief()
        await started(thief)
        site = _redirecting(307, thief, "/ws")
        await started(site)
        try:
            with pytest.raises(ConnectionLost, match="redirected"):
                async with Client(site.url, "bot", "s3cret", **FAST):
                    pass
            assert thief.requests == []
        finally:
            await stopped(site, thief)

    run(main)


def test_the_live_command_never_posts_the_password_across_a_redirect(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hanabi_core.cli import main as cli

    monkeypatch.setenv("HANABI_LIVE_PASSWORD", "s3cret")

    async def main() -> None:
        thief = _thief()
        await started(thief)
        site = _redirecting(307, thief, "/login")
        await started(site)
        try:
            argv = ["live", "--table", "1", "--username", "bot", "--url", site.url]
            assert await asyncio.to_thread(cli, argv) == 2
            assert thief.requests == []
        finally:
            await stopped(site, thief)

    run(main)
    err = capsys.readouterr().err
    assert "redirects the login" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "url",
    ["http://example.com", "HTTP://hanab.live/", "http://10.0.0.1:8080", "http://localhost.com"],
)
def test_http_is_refused_for_another_machine(url: str) -> None:
    with pytest.raises(InvalidArgument, match="allow_http"):
        Client(url, "bot", "pw")
    assert Client(url, "bot", "pw", allow_http=True).url.startswith("http://")


@pytest.mark.parametrize(
    "url",
    ["http://localhost:8080", "http://127.0.0.1", "http://127.3.2.1:1", "http://[::1]:8000",
     "https://hanab.live", "HTTPS://Hanab.Live/"],
)  # fmt: skip
def test_https_and_this_machine_are_allowed(url: str) -> None:
    client = Client(url, "bot", "pw")
    assert client.url == url.rstrip("/").replace("HTTPS", "https").replace(
        "Hanab.Live", "hanab.live"
    )


@pytest.mark.parametrize(
    "url", ["ftp://hanab.live", "wss://hanab.live", "hanab.live", "https://", "https://u:p@x.org",
            "https://x.org/?a=1", "", 7],
)  # fmt: skip
def test_addresses_that_are_not_a_site_are_refused(url: Any) -> None:
    with pytest.raises(InvalidArgument) as caught:
        Client(url, "bot", "pw")
    assert caught.value.field == "url"
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value


def test_the_live_command_refuses_http_to_another_machine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hanabi_core.cli import main as cli

    monkeypatch.setenv("HANABI_LIVE_PASSWORD", "s3cret")
    argv = ["live", "--table", "1", "--username", "bot", "--url", "http://example.com"]
    assert cli(argv) == 2
    assert "--allow-http" in capsys.readouterr().err


def test_schemes_are_read_in_any_case() -> None:
    """``HTTP://`` once became the websocket address ``wshttp://``."""

    async def main() -> None:
        site = WebServer()
        site.app.router.add_post("/login", login_ok)

        async def socket(request: web.Request) -> web.WebSocketResponse:
            ws = await open_socket(site, request)
            await ws.send_str(WELCOME)
            await read_all(site, ws)
            return ws

        site.app.router.add_get("/ws", socket)
        await started(site)
        try:
            async with Client(site.url.upper() + "/", "bot", "pw", **FAST) as client:
                assert client.url == site.url
                assert isinstance(await client.receive(), w.Welcome)
        finally:
            await stopped(site)

    run(main)
    assert str(Client("HtTpS://hanab.live", "b", "p")._ws_url) == "wss://hanab.live/ws"


# --- Reconnections are bounded ------------------------------------------------------------------


def _storm(mode: str, linger: float = 0.0) -> WebServer:
    """A server that logs in, sends ``welcome`` and drops the socket (after `linger` seconds);
    in mode ``catch-up``, says we are playing at table 7 and drops in the catch-up."""
    server = WebServer()
    server.app.router.add_post("/login", login_ok)

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = await open_socket(server, request)
        tables = (7,) if mode == "catch-up" else ()
        await ws.send_str(w.encode(w.Welcome(1, "bot", tables)))
        if mode == "catch-up":
            async for message in ws:
                server.received.append(message.data)
                if message.data.startswith("tableReattend"):
                    await ws.send_str(w.encode(w.TableStart(7)))
                elif message.data.startswith("getGameInfo1"):
                    break
        await asyncio.sleep(linger)
        await ws.close()
        return ws

    server.app.router.add_get("/ws", socket)
    return server


@pytest.mark.parametrize("mode", ["welcome", "catch-up"])
def test_a_server_that_drops_after_welcome_gets_a_bounded_number_of_logins(mode: str) -> None:
    """Once 247 logins in 6 s despite ``reconnects=3``: each welcome reset the count."""

    async def main() -> None:
        server = _storm(mode)
        await started(server)
        try:
            delay = 0.05
            began = time.monotonic()
            async with Client(server.url, "bot", "pw", reconnects=3, reconnect_delay=delay,
                              reconnect_window=60, timeout=2) as client:  # fmt: skip
                with pytest.raises(ConnectionLost, match="4 times within 60 s"):
                    await client.play("simple", None)
            assert len(server.logins) == 4  # the first login and three reconnections
            gaps = [b - a for a, b in zip(server.logins, server.logins[1:], strict=False)]
            # exponential backoff with jitter: each wait is at least half its doubled delay
            assert all(gap >= 0.5 * delay * 2**i for i, gap in enumerate(gaps)), gaps
            assert time.monotonic() - began < 5
            if mode == "catch-up":
                assert sum(f.startswith("getGameInfo1") for f in server.received) == 4
        finally:
            await stopped(server)

    run(main)


def test_reconnections_are_counted_over_a_window_not_a_lifetime() -> None:
    async def main() -> None:
        server = _storm("welcome", linger=0.25)
        await started(server)
        try:
            async with Client(server.url, "bot", "pw", reconnects=1, reconnect_delay=0.01,
                              reconnect_window=0.2, timeout=2) as client:  # fmt: skip
                playing = asyncio.create_task(client.play("simple", None))
                await asyncio.sleep(1.2)
                assert not playing.done()  # one drop per window: it goes on
                playing.cancel()
            assert len(server.logins) >= 3
        finally:
            await stopped(server)

    run(main)


def test_the_backoff_is_capped() -> None:
    async def main() -> None:
        server = _storm("welcome")
        await started(server)
        try:
            async with Client(server.url, "bot", "pw", reconnects=4, reconnect_delay=0.05,
                              max_reconnect_delay=0.06, timeout=2) as client:  # fmt: skip
                with pytest.raises(ConnectionLost):
                    await client.play("simple", None)
            gaps = [b - a for a, b in zip(server.logins, server.logins[1:], strict=False)]
            assert len(gaps) == 4 and max(gaps) < 0.06 + 0.5  # never 0.05 * 2**3 = 0.4
        finally:
            await stopped(server)

    run(main)


# --- Frames and bodies are bounded ---------------------------------------------------------------


def _websocket(*frames: bytes, extensions: str = "", then: float = 30.0) -> RawServer:
    """A bare server: a login that opens a session, then a websocket sending `frames` (after
    the handshake with `extensions`), then silence for `then` seconds (no pong either)."""

    async def handle(request: Request, reader: Any, writer: Any) -> None:
        if request.path == "/login":
            await server.send(writer, login_answer())
            return
        await server.send(writer, upgrade(request, extensions))
        for data in frames:
            await server.send(writer, data)
        await asyncio.sleep(then)

    server = RawServer(handle)
    return server


def _peak(during: Callable[[], None]) -> int:
    """The most bytes Python held at once while `during` ran."""
    tracemalloc.start()
    try:
        during()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


async def _welcome_then_end(url: str, **options: Any) -> list[Any]:
    """What the client receives until the socket ends: the welcome, then `None`."""
    async with Client(url, "bot", "pw", reconnects=0, **FAST, **options) as client:
        return [await client.receive(), await client.receive()]


def test_a_compressed_bomb_is_refused_without_inflating_it() -> None:
    """One 0.4 MB compressed frame once grew the client by 1.1 GiB: the client offers no
    permessage-deflate, and a compressed frame it did not ask for ends the socket."""
    bomb = deflate_bomb(256 << 20)
    assert len(bomb) < 1 << 20

    async def main() -> None:
        server = _websocket(
            frame(WELCOME.encode()), frame(bomb, rsv1=True), extensions="permessage-deflate"
        )
        await started(server)
        try:
            welcome, end = await _welcome_then_end(server.url)
            assert isinstance(welcome, w.Welcome) and end is None
        finally:
            await stopped(server)

    assert _peak(lambda: run(main)) < 32 << 20


def test_a_frame_that_claims_more_than_the_limit_is_refused_before_it_is_read() -> None:
    async def main() -> None:
        claims = frame(b"chat " + b" " * (256 << 10), length=300_000_000)
        server = _websocket(frame(WELCOME.encode()), claims)
        await started(server)
        try:
            welcome, end = await _welcome_then_end(server.url)
            assert isinstance(welcome, w.Welcome) and end is None
        finally:
            await stopped(server)

    assert _peak(lambda: run(main)) < 32 << 20


def test_frames_up_to_max_frame_are_read_and_longer_ones_end_the_socket() -> None:
    def chat(size: int) -> bytes:
        text = w.encode(w.ChatMessage("x" * size)).encode()
        return frame(text)

    async def main() -> None:
        server = _websocket(frame(WELCOME.encode()), chat(3000), chat(5000))
        await started(server)
        try:
            async with Client(server.url, "bot", "pw", max_frame=4096, **FAST) as client:
                assert isinstance(await client.receive(), w.Welcome)
                assert isinstance(await client.receive(), w.ChatMessage)  # under the limit
                assert await client.receive() is None  # over it: the socket ends
        finally:
            await stopped(server)

    run(main)


def test_a_huge_login_body_is_not_read_whole() -> None:
    """A 300 MB body answering a refused login was once read whole."""

    async def handle(request: Request, reader: Any, writer: Any) -> None:
        head = response("401 Unauthorized", {"Content-Length": str(300_000_000)})
        await server.send(writer, head)
        chunk = b"x" * (64 << 10)
        for _ in range(300_000_000 // len(chunk)):
            await server.send(writer, chunk)

    server = RawServer(handle)

    async def main() -> None:
        await started(server)
        try:
            began = time.monotonic()
            with pytest.raises(LoginFailed) as caught:
                async with Client(server.url, "bot", "pw", **FAST):
                    pass
            assert caught.value.status == 401 and len(caught.value.reason) <= 200
            assert time.monotonic() - began < 5
        finally:
            await stopped(server)

    assert _peak(lambda: run(main)) < 32 << 20
    assert server.written < 64 << 20  # the client hung up long before 300 MB


# --- Silence is bounded -----------------------------------------------------------------------


def test_a_login_never_answered_times_out() -> None:
    async def handle(request: Request, reader: Any, writer: Any) -> None:
        await asyncio.sleep(30)

    async def main() -> None:
        server = RawServer(handle)
        await started(server)
        try:
            began = time.monotonic()
            with pytest.raises(ConnectionLost):
                async with Client(server.url, "bot", "pw", timeout=0.3):
                    pass
            assert time.monotonic() - began < 3
        finally:
            await stopped(server)

    run(main)


def test_a_websocket_that_never_speaks_times_out() -> None:
    async def main() -> None:
        server = _websocket()
        await started(server)
        try:
            with pytest.raises(ConnectionLost, match=r"sent nothing within 0\.3 s"):
                async with Client(server.url, "bot", "pw", timeout=0.3):
                    pass
        finally:
            await stopped(server)

    run(main)


def test_a_half_open_socket_is_found_by_the_heartbeat() -> None:
    """The server sends its welcome, then neither reads nor answers pings."""

    async def main() -> None:
        server = _websocket(frame(WELCOME.encode()))
        await started(server)
        try:
            began = time.monotonic()
            welcome, end = await _welcome_then_end(server.url, heartbeat=0.2, idle_limit=None)
            assert isinstance(welcome, w.Welcome) and end is None
            assert time.monotonic() - began < 3
        finally:
            await stopped(server)

    run(main)


def test_a_socket_idle_past_the_limit_counts_as_dropped() -> None:
    """The server answers pings but sends no frame after its welcome."""

    async def main() -> None:
        site = WebServer()
        site.app.router.add_post("/login", login_ok)

        async def socket(request: web.Request) -> web.WebSocketResponse:
            ws = await open_socket(site, request)
            await ws.send_str(WELCOME)
            await read_all(site, ws)
            return ws

        site.app.router.add_get("/ws", socket)
        await started(site)
        try:
            began = time.monotonic()
            welcome, end = await _welcome_then_end(site.url, heartbeat=0.1, idle_limit=0.5)
            assert isinstance(welcome, w.Welcome) and end is None
            assert 0.45 <= time.monotonic() - began < 3
        finally:
            await stopped(site)

    run(main)


# --- The server's words -----------------------------------------------------------------------


def _login_answer(status: int, body: bytes, cookie: bool = False) -> WebServer:
    site = WebServer()

    async def login(request: web.Request) -> web.Response:
        answer = web.Response(status=status, body=body)
        if cookie:
            answer.set_cookie("hanabi.sid", "token")
        return answer

    site.app.router.add_post("/login", login)
    return site


def test_login_failed_carries_no_escape_characters() -> None:
    words = "\x1b]0;owned\x07\x1b[2Jwrong password\r\nhanab.live: login OK \u202etxt.exe"

    async def main() -> None:
        site = _login_answer(401, words.encode())
        await started(site)
        try:
            with pytest.raises(LoginFailed) as caught:
                async with Client(site.url, "bot", "pw", **FAST):
                    pass
        finally:
            await stopped(site)
        error = caught.value
        assert error.reason.startswith("\\x1b]0;owned\\x07\\x1b[2Jwrong password\\r\\n")
        assert error.reason.isprintable() and str(error).isprintable()
        assert "\\u202e" in error.reason
        assert pickle.loads(pickle.dumps(error)) == error

    run(main)
    assert LoginFailed(401, "x" * 10_000).reason == "x" * 197 + "..."


def test_a_login_answered_without_a_cookie_is_reported_as_such() -> None:
    """It was reported as "connection lost"."""

    async def main() -> None:
        site = _login_answer(200, b"OK")
        await started(site)
        try:
            with pytest.raises(LoginFailed) as caught:
                async with Client(site.url, "bot", "pw", **FAST):
                    pass
            assert caught.value.status == 200 and "no session cookie" in caught.value.reason
        finally:
            await stopped(site)

    run(main)


# --- The command's table password ---------------------------------------------------------------


class _Recorder:
    """Stands in for `Client` in the command: records how it was made and played."""

    made: ClassVar[list[tuple[tuple[Any, ...], dict[str, Any]]]] = []
    played: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.made.append((args, kwargs))

    async def __aenter__(self) -> _Recorder:
        return self

    async def __aexit__(self, *exc: object) -> None:
        pass

    async def play(self, bot: Any, table: Any, **kwargs: Any) -> Any:
        self.played.append(kwargs)
        raise ConnectionLost("recorded")


def test_the_table_password_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hanabi_core.cli import main as cli
    from hanabi_core.hanablive import client

    monkeypatch.setattr(client, "Client", _Recorder)
    monkeypatch.setenv("HANABI_LIVE_PASSWORD", "s3cret")
    monkeypatch.setenv("HANABI_LIVE_TABLE_PASSWORD", "t4ble")
    _Recorder.made.clear()
    _Recorder.played.clear()
    argv = ["live", "--table", "3", "--username", "bot", "--url", "http://example.com"]
    assert cli([*argv, "--allow-http"]) == 2  # the recorder's ConnectionLost
    assert [played["password"] for played in _Recorder.played] == ["t4ble"]
    assert _Recorder.made[0][1] == {"allow_http": True}
    assert "recorded" in capsys.readouterr().err
    assert cli([*argv, "--table-password", "t4ble"]) == 2
    assert "HANABI_LIVE_TABLE_PASSWORD" in capsys.readouterr().err


def test_a_flood_waits_in_the_socket_not_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames read but not yet received are held up to `MAX_QUEUED` characters; past it the
    client stops reading (the server's sends wait), and nothing is lost or reordered."""
    from hanabi_core.hanablive import _transport
    from hanabi_core.hanablive import client as module

    monkeypatch.setattr(module, "MAX_QUEUED", 100_000)
    size, count = 40_000, 2000  # 80 MB offered, far beyond the socket buffers

    def chat(i: int) -> str:
        return w.encode(w.ChatMessage(f"{i} " + "x" * size))

    async def main() -> None:
        site = WebServer()
        site.app.router.add_post("/login", login_ok)
        sent = []

        async def socket(request: web.Request) -> web.WebSocketResponse:
            ws = await open_socket(site, request)
            await ws.send_str(WELCOME)
            for i in range(count):
                await ws.send_str(chat(i))
                sent.append(i)
            await read_all(site, ws)
            return ws

        site.app.router.add_get("/ws", socket)
        await started(site)
        try:
            async with Client(site.url, "bot", "pw", **FAST) as client:
                await asyncio.sleep(0.5)  # the bot is busy: nobody receives
                inbox = client._inbox
                assert isinstance(inbox, _transport.Inbox) and inbox.held <= 100_000 + size + 100
                assert len(sent) < count // 2  # the server is held back
                assert isinstance(await client.receive(), w.Welcome)
                for i in range(300):
                    message = await client.receive()
                    assert isinstance(message, w.ChatMessage) and message.msg.startswith(f"{i} ")
        finally:
            await stopped(site)

    run(main)


def test_the_timeout_bounds_waits_not_the_sockets_life() -> None:
    async def main() -> None:
        site = WebServer()
        site.app.router.add_post("/login", login_ok)

        async def socket(request: web.Request) -> web.WebSocketResponse:
            ws = await open_socket(site, request)
            await ws.send_str(WELCOME)
            for _ in range(10):
                await asyncio.sleep(0.1)
                await ws.send_str(w.encode(w.ChatMessage("tick")))
            await read_all(site, ws)
            return ws

        site.app.router.add_get("/ws", socket)
        await started(site)
        try:
            async with Client(site.url, "bot", "pw", timeout=0.3, heartbeat=0.2) as client:
                frames = [await client.receive() for _ in range(11)]
                assert all(f is not None for f in frames)
                await client.send(w.Note(1, 0, "still here"))
            assert site.received[-1].startswith("note ")
        finally:
            await stopped(site)

    run(main)
