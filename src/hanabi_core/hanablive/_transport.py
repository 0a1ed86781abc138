"""The hanab.live client's transport safety (`hanablive.client`): the address checked, the
login's answer read within bounds, redirects refused, the inbox bounded, the server's words
escaped. Private: `Client` is the interface; this module holds the pieces so that the client's
module stays about the protocol.

Imported only by `hanablive.client` (the ``live`` extra: aiohttp and its yarl).
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
from typing import Any

import aiohttp
from yarl import URL

from ..errors import InvalidArgument, brief, printable


def check_number(
    field: str, value: object, least: float, words: str, *, strict: bool = False
) -> None:
    """Refuse a `value` that is not a finite real number of at least (`strict`: above) `least`."""
    ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if ok and (value > least if strict else value >= least):  # type: ignore[operator]
        return
    raise InvalidArgument(field, f"must be {words}, got {brief(value)}")


def site_url(url: object, allow_http: bool) -> URL:
    """The site's address, checked: ``http`` or ``https`` (any case), a host, no user name,
    query or fragment; ``http`` only to this machine unless `allow_http`."""
    if not isinstance(url, str):
        raise InvalidArgument("url", f"must be a string, got {brief(url)}")
    try:
        site = URL(url.strip())
    except (ValueError, TypeError) as error:
        raise InvalidArgument("url", f"{brief(url)} is not an address ({error})") from None
    scheme = site.scheme.lower()
    if scheme not in ("http", "https") or not site.host:
        raise InvalidArgument("url", f"must be an https:// address, got {brief(url)}")
    if site.user is not None or site.password is not None or site.query_string or site.fragment:
        raise InvalidArgument("url", "must hold no user name, password, query or fragment")
    if scheme == "http" and not allow_http and not is_loopback(site.host):
        raise InvalidArgument(
            "url",
            f"http:// would send the password unencrypted to {printable(site.host, 60)}: use "
            "https://, or allow_http=True (hanabi-core live --allow-http) if you must",
        )
    return URL.build(scheme=scheme, authority=site.raw_authority, path=site.path.rstrip("/"))


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine (a login over http:// to it stays on the machine)."""
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


async def refusal(answer: aiohttp.ClientResponse, max_body: int) -> tuple[int, str] | None:
    """The status and reason why the login's `answer` opens no session (`None`: it does),
    reading `max_body` bytes of its body at most."""
    if 300 <= answer.status < 400:
        where = answer.headers.get("Location", "")
        return answer.status, (
            f"the server redirects the login to {where!r}; the password goes only to the "
            "address given (give that address instead, if you trust it)"
        )
    if answer.status != 200:
        body = bytearray()
        while len(body) < max_body:  # never more of a body than max_body
            chunk = await answer.content.read(max_body - len(body))
            if not chunk:
                break
            body += chunk
        text = body.decode("utf-8", errors="replace").strip()  # any bytes: words, not an error
        return answer.status, text or answer.reason or ""
    if not answer.cookies:
        return 200, "the server answered the login but set no session cookie"
    return None


class Redirected(Exception):
    """A redirect the client refused to follow (`refuse_redirects`)."""


async def refuse_redirects(
    session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestRedirectParams
) -> None:
    """Stop aiohttp before it follows any redirect (of the websocket's handshake: the login
    follows none): the cookie and the password stay with the address given."""
    raise Redirected(params.response.headers.get("Location", ""))


class Inbox(asyncio.Queue["str | None"]):
    """The frames read and not yet received, at most `limit` characters of them: the reader
    waits for room (and so stops reading the socket) past it. `None` marks the socket's end."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.held = 0
        self._room = asyncio.Event()
        self._room.set()

    async def put_frame(self, frame: str) -> None:
        """Queue `frame` once there is room for it (always, when the inbox is empty)."""
        while self.held and self.held + len(frame) > self.limit:
            self._room.clear()
            await self._room.wait()
        self.held += len(frame)
        self.put_nowait(frame)

    async def get(self) -> str | None:
        """The next frame (or `None`), making room for more."""
        frame = await super().get()
        if frame is not None:
            self.held -= len(frame)
            self._room.set()
        return frame
