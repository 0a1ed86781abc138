"""Misbehaving hanab.live servers on 127.0.0.1, for the client's hostile tests
(`test_hanab_live_hostile.py`, issue 33 item 5).

Two kinds: `WebServer`, an aiohttp application whose routes a test writes (redirects, reconnect
storms, silence after the welcome, odd login answers), and `RawServer`, a bare TCP server that
speaks HTTP and the websocket framing by hand, for what aiohttp's own server will not send
(a deflate frame the client never asked for, a frame whose header claims more than any limit,
a login body of hundreds of megabytes, a server that never answers). Both listen on 127.0.0.1
only, on a free port, and record what reached them.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import struct
import time
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from hanabi_core.hanablive import wire as w

COOKIE = "hanabi.sid"
WELCOME = w.encode(w.Welcome(1, "bot"))


class WebServer:
    """An aiohttp application on 127.0.0.1 with the routes given; `requests` lists
    ``(method, path, form)`` of every request, `logins` the loop times of each ``POST /login``."""

    def __init__(self) -> None:
        self.app = web.Application()
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.logins: list[float] = []
        self.sockets: list[web.WebSocketResponse] = []
        self.received: list[str] = []
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> str:
        @web.middleware
        async def record(request: web.Request, handler: Any) -> web.StreamResponse:
            form = {k: str(v) for k, v in (await request.post()).items()}
            self.requests.append((request.method, request.path, form))
            if request.path == "/login":
                self.logins.append(time.monotonic())
            result: web.StreamResponse = await handler(request)
            return result

        self.app.middlewares.append(record)
        self._runner = web.AppRunner(self.app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def passwords(self) -> list[str]:
        """Every password posted to this server."""
        return [form["password"] for _, _, form in self.requests if "password" in form]


async def login_ok(request: web.Request) -> web.Response:
    """A login that opens a session."""
    response = web.Response(text="OK")
    response.set_cookie(COOKIE, "token")
    return response


async def open_socket(server: WebServer, request: web.Request) -> web.WebSocketResponse:
    """Accept the websocket (answering pings), recording what the client sends."""
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    server.sockets.append(ws)
    return ws


async def read_all(server: WebServer, ws: web.WebSocketResponse) -> None:
    """Read every frame until the client goes away."""
    async for frame in ws:
        server.received.append(frame.data if isinstance(frame.data, str) else repr(frame.data))


# --- The bare server ---------------------------------------------------------------------------


class Request:
    """One HTTP request as `RawServer` read it."""

    def __init__(self, method: str, path: str, headers: dict[str, str], body: bytes) -> None:
        self.method, self.path, self.headers, self.body = method, path, headers, body


Handler = Callable[[Request, asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class RawServer:
    """A TCP server on 127.0.0.1 that reads each request's head and body (HTTP/1.1, one request
    a connection) and hands them to `handler` with the socket's streams. `written` counts the
    bytes the handlers report sending (`send`)."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.requests: list[Request] = []
        self.written = 0
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.url = ""

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, path, _ = lines[0].split(" ", 2)
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, value = line.split(":", 1)
                    headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "0"))
            body = await reader.readexactly(length) if length else b""
            request = Request(method, path, headers, body)
            self.requests.append(request)
            await self.handler(request, reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            self._tasks.discard(task)
            with contextlib.suppress(Exception):
                writer.close()

    async def send(self, writer: asyncio.StreamWriter, data: bytes) -> None:
        """Write `data` and wait for the socket to take it (counted in `written`)."""
        writer.write(data)
        await writer.drain()
        self.written += len(data)


def response(status: str, headers: dict[str, str], body: bytes = b"") -> bytes:
    """An HTTP/1.1 response's bytes (`Content-Length` added when absent)."""
    headers = {"Content-Length": str(len(body)), **headers}
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return f"HTTP/1.1 {status}\r\n{head}\r\n".encode("latin-1") + body


def login_answer() -> bytes:
    """A login that opens a session."""
    return response("200 OK", {"Set-Cookie": f"{COOKIE}=token; Path=/", "Connection": "close"})


def upgrade(request: Request, extensions: str = "") -> bytes:
    """The server's half of a websocket handshake (RFC 6455 section 4.2.2), with any
    ``Sec-WebSocket-Extensions`` header given, whether the client offered it or not."""
    key = request.headers["sec-websocket-key"]
    accept = base64.b64encode(
        hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()
    ).decode()
    headers = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept}
    if extensions:
        headers["Sec-WebSocket-Extensions"] = extensions
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return f"HTTP/1.1 101 Switching Protocols\r\n{head}\r\n".encode("latin-1")


def frame(payload: bytes, *, opcode: int = 0x1, rsv1: bool = False, length: int = -1) -> bytes:
    """A server's websocket frame (unmasked, final): `length` overrides the declared length."""
    size = len(payload) if length < 0 else length
    first = 0x80 | (0x40 if rsv1 else 0) | opcode
    if size < 126:
        header = struct.pack("!BB", first, size)
    elif size < 1 << 16:
        header = struct.pack("!BBH", first, 126, size)
    else:
        header = struct.pack("!BBQ", first, 127, size)
    return header + payload


def deflate_bomb(inflated: int) -> bytes:
    """A permessage-deflate payload (RFC 7692) inflating to some `inflated` bytes (a frame's
    command, then spaces), about 1,000 times smaller: one MiB of spaces deflated once and
    repeated (each piece is non-final blocks ending on a byte boundary, with no reference
    outside itself, so the pieces chain into one stream)."""

    def piece(data: bytes) -> bytes:
        squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
        return squeeze.compress(data) + squeeze.flush(zlib.Z_SYNC_FLUSH)

    data = piece(b"chat ") + piece(b" " * (1 << 20)) * (inflated >> 20)
    return data[:-4]  # RFC 7692 section 7.2.1: the last empty block's 00 00 ff ff is left out
