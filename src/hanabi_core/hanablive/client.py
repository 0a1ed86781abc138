"""A hanab.live client for bots: log in, sit at a table, play a game through `LiveGame`, leave.

Needs the ``live`` extra (``pip install -e ".[live]"`` from a clone; ``pip install
'hanabi-core[live]'`` once released: aiohttp, an asyncio HTTP and
websocket library). ``import hanabi_core.hanablive`` does not import this module.

What it does, as hanab.live's server expects of a person's browser (its GPL source is cited by
path, none of it copied):

1. ``POST /login`` with ``username``, ``password`` and ``version=bot``
   (``server/src/http_login.go``); the answer sets the session cookie ``hanabi.sid``;
2. opens the websocket ``/ws`` with that cookie (``server/src/http_ws.go``) and reads the
   ``welcome`` and the lobby's ``tableList``;
3. joins the table it is given by id, or the table of whoever sends it the private message
   ``/join`` (as the reference bots do), with ``tableJoin``;
4. plays the game through [`seat.play_table`][hanabi_core.hanablive.seat.play_table]: on
   ``tableStart`` catches up (``getGameInfo1`` → ``init``, ``getGameInfo2`` →
   ``gameActionList``, then ``loaded``), one catch-up at a time whatever the order of the frames;
5. on its turn asks its bot (any factory of [`BOTS`][hanabi_core.bots.BOTS], or the user's) in a
   daemon thread with a time limit, so that the socket keeps being read while it thinks, and
   sends ``action``; a bot that raises, returns an illegal action or runs past its limit ends
   the game (or leaves it) and `play` raises [`BotFailed`][hanabi_core.errors.BotFailed];
6. sends at most `RATE_LIMIT` frames per `RATE_PERIOD` seconds, with a margin (the server bans a
   client that sends more, ``server/src/websocket_message.go``);
7. after a dropped socket logs in again (`Client.reconnect`: with backoff, a bounded number of
   times in a window), reconnects, sends ``tableReattend`` for the table the ``welcome`` says it
   is playing at, and catches up from the start;
8. once the game is over, sends ``tableUnattend`` and closes the socket.

Pointed at a server it cannot trust, it stays safe and never hangs (each limit is an argument
of `Client`):

- the password goes only to the address given: a login answered by a redirect (to any address)
  is refused, and so is a websocket handshake redirected; ``http://`` is refused unless the host
  is the machine itself (``localhost``, ``127.0.0.1``, ``::1``) or ``allow_http=True``;
- a frame over `MAX_FRAME` bytes (before or after inflation: the client offers no compression,
  and a compressed frame is refused), a login answer's body past `MAX_BODY` bytes, and more
  than `MAX_QUEUED` characters read but not yet received are never held;
- a ping goes out after `HEARTBEAT` quiet seconds and the socket counts as dropped when no pong
  comes back within half that; a socket that brings no frame for `IDLE_LIMIT` seconds, or
  none within ``timeout`` of opening, counts as dropped too;
- a dropped socket is reopened at most ``reconnects`` times within ``reconnect_window`` seconds,
  each after a delay that doubles (from ``reconnect_delay`` up to ``max_reconnect_delay``,
  with jitter); then `ConnectionLost`;
- the server's words (a refused login's reason) are cut and their control characters escaped.

A frame it cannot read ([`ProtocolError`][hanabi_core.hanablive.wire.ProtocolError]) is
logged and skipped. A [`Desync`][hanabi_core.hanablive.Desync] is logged with the frame that
caused it, and the client catches up from the server's own list of actions; a list that itself
contradicts the rules ends the game for the client, raising it.

```python
# doc: no-run
# (needs a hanab.live server and an account)
import asyncio, os
from hanabi_core.hanablive.client import Client

async def main() -> None:
    async with Client("https://hanab.live", "my-bot", os.environ["HANABI_LIVE_PASSWORD"]) as client:
        game = await client.play(bot="simple")  # wait for a /join PM, play, leave
        print(game.view.score)

asyncio.run(main())
```
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from .._support.extras import missing_extra
from ..bots import BOTS, BotFactory, decide
from ..errors import HanabiError, InvalidArgument
from ..errors import brief as _value
from . import wire as m
from .seat import BotFailed, Played, play_table

try:
    import aiohttp

    from ..errors import printable
    from . import _transport
    from ._transport import check_number
except ImportError as error:  # pragma: no cover (the live extra is installed in tests)
    raise missing_extra("hanabi_core.hanablive.client", "aiohttp", "live") from error

if TYPE_CHECKING:
    from ..actions import Action
    from ..views import PlayerView
    from .live import LiveGame

__all__ = [
    "HEARTBEAT",
    "IDLE_LIMIT",
    "MAX_BODY",
    "MAX_FRAME",
    "MAX_QUEUED",
    "BotFailed",
    "Client",
    "ConnectionLost",
    "LoginFailed",
    "RateLimiter",
]

logger = logging.getLogger("hanabi_core.hanablive.client")

#: The longest websocket message the client reads, in bytes, before and after inflation (a
#: ``gameActionList`` of a long game is some 40 kB, a busy lobby's ``tableList`` some 100 kB).
MAX_FRAME = 1 << 20
#: The most of a refused login's answer the client reads, in bytes (the reason shown is cut to
#: 200 characters).
MAX_BODY = 16 << 10
#: The most text the client holds read but not yet taken by `Client.receive`, in characters:
#: past it the client stops reading the socket until `receive` catches up.
MAX_QUEUED = 16 << 20
#: Seconds of quiet after which the client pings the server (it drops the socket when the pong
#: does not come within half of it).
HEARTBEAT = 20.0
#: Seconds without a frame (game, lobby or chat) after which the socket counts as dropped.
IDLE_LIMIT = 600.0


class LoginFailed(HanabiError, ConnectionError):
    """The server refused the login (wrong password, unknown version, …).

    Attributes:
        status: the HTTP status.
        reason: the server's words.
    """

    def __init__(self, status: int, reason: str) -> None:
        reason = printable(reason)  # the server's words: no escape codes reach a terminal
        self.status = status
        self.reason = reason
        self._init_args = (status, reason)
        super().__init__(f"hanab.live refused the login ({status}): {reason}")


class ConnectionLost(HanabiError, ConnectionError):
    """The socket dropped and could not be opened again within the attempts allowed."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self._init_args = (reason,)
        super().__init__(f"hanab.live connection lost: {reason}")


class RateLimiter:
    """A token bucket, as the server's: at most `limit` frames in any `period` seconds.

    `acquire` waits until a frame may go. The default keeps a tenth below the server's limit.
    """

    def __init__(self, limit: float = m.RATE_LIMIT * 0.9, period: float = m.RATE_PERIOD) -> None:
        """
        Raises:
            InvalidArgument: `limit` is below one frame, or `period` is not a positive number of
                seconds (either not a finite number).
        """
        check_number("limit", limit, 1, "at least 1 (a bucket smaller than one frame never sends)")
        check_number("period", period, 0, "a positive number of seconds", strict=True)
        self.limit = limit
        self.rate = limit / period
        self._allowance = limit
        self._last = time.monotonic()

    async def acquire(self) -> None:
        """Wait until a frame may be sent, and count it."""
        while True:
            now = time.monotonic()
            self._allowance = min(self.limit, self._allowance + (now - self._last) * self.rate)
            self._last = now
            if self._allowance >= 1:
                self._allowance -= 1
                return
            await asyncio.sleep((1 - self._allowance) / self.rate)


class Client:
    """One bot account on a hanab.live server. Use it as ``async with Client(...) as client``.

    Args:
        url: the site, e.g. ``"https://hanab.live"`` (the websocket is ``/ws`` there); the
            scheme in any case. ``http://`` is refused unless the host is this machine or
            `allow_http` is true.
        username: the bot's account.
        password: its password (read it from the environment, not from the code).
        reconnects: the most times the client reopens a dropped socket within any
            `reconnect_window` seconds; one more drop raises `ConnectionLost`.
        reconnect_delay: seconds to wait before the first reconnection of a window; each next
            one waits twice as long, up to `max_reconnect_delay`, each delay drawn between half
            and all of it (jitter, so that bots dropped together do not return together).
        reconnect_window: the window of `reconnects`, in seconds.
        max_reconnect_delay: the longest wait before a reconnection, in seconds.
        timeout: seconds to wait for the login, for the websocket to open and bring its first
            frame, and for a frame to be sent.
        heartbeat: seconds of quiet after which a ping goes out; the socket counts as dropped
            when no pong comes back within half of it (`None`: no pings).
        idle_limit: seconds without a frame after which the socket counts as dropped and is
            reopened (`None`: wait for ever; a quiet lobby reopens about once per limit).
        max_frame: the longest websocket message read, in bytes, before and after inflation;
            a longer one drops the socket.
        allow_http: log in over ``http://`` to another machine (the password then crosses the
            network unencrypted).
        limiter: the rate limiter (default: 180 frames per 2 s).

    Raises:
        InvalidArgument: an address that is not ``http(s)://host``, ``http://`` to another
            machine without `allow_http`, or a limit that is not a positive number.
    """

    def __init__(
        self,
        url: str,
        username: str,
        password: str,
        *,
        reconnects: int = 5,
        reconnect_delay: float = 2.0,
        reconnect_window: float = 600.0,
        max_reconnect_delay: float = 60.0,
        timeout: float = 30.0,
        heartbeat: float | None = HEARTBEAT,
        idle_limit: float | None = IDLE_LIMIT,
        max_frame: int = MAX_FRAME,
        allow_http: bool = False,
        limiter: RateLimiter | None = None,
    ) -> None:
        site = _transport.site_url(url, allow_http)
        if not isinstance(reconnects, int) or isinstance(reconnects, bool) or reconnects < 0:
            raise InvalidArgument("reconnects", f"must be a whole number >= 0, got {reconnects!r}")
        check_number("reconnect_delay", reconnect_delay, 0, "a number of seconds >= 0")
        check_number("reconnect_window", reconnect_window, 0, "a number of seconds >= 0")
        check_number("max_reconnect_delay", max_reconnect_delay, 0, "a number of seconds >= 0")
        check_number("timeout", timeout, 0, "a positive number of seconds", strict=True)
        for field, limit in (("heartbeat", heartbeat), ("idle_limit", idle_limit)):
            if limit is not None:
                check_number(field, limit, 0, "a positive number of seconds, or None", strict=True)
        if not isinstance(max_frame, int) or isinstance(max_frame, bool) or max_frame < 1024:
            raise InvalidArgument("max_frame", f"must be a whole number >= 1024, got {max_frame!r}")
        #: The site, normalised: ``https://hanab.live``.
        self.url = str(site)
        self._login_url = site / "login"
        self._ws_url = site.with_scheme("wss" if site.scheme == "https" else "ws") / "ws"
        self.username = username
        self._password = password
        self.reconnects = reconnects
        self.reconnect_delay = reconnect_delay
        self.reconnect_window = reconnect_window
        self.max_reconnect_delay = max_reconnect_delay
        self.timeout = timeout
        self.heartbeat = heartbeat
        self.idle_limit = idle_limit
        self.max_frame = max_frame
        self.limiter = limiter or RateLimiter()
        #: The lobby's tables by id, as the last ``tableList``/``table``/``tableGone`` left them.
        self.tables: dict[int, m.Table] = {}
        #: The last ``welcome``.
        self.welcome: m.Welcome | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse[bool] | None = None
        self._inbox: asyncio.Queue[str | None] = _transport.Inbox(MAX_QUEUED)
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self._reconnected: list[float] = []  # when each reconnection of the window began
        self._jitter = random.Random()  # the reconnect delays' jitter (timing only, no result)
        #: The last game `play` saw to its end: the game, its players and its database id.
        self.last_game: Played | None = None

    # --- Connecting ----------------------------------------------------------------------------

    async def __aenter__(self) -> Client:
        try:
            await self.connect()
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> None:
        """Log in and open the websocket; return once its first frame (the ``welcome``) is in.

        Raises:
            LoginFailed: the server refused the login, redirected it, or accepted it without a
                session cookie.
            ConnectionLost: the server could not be reached, or sent nothing within `timeout`.
        """
        self._closing = False
        await self._drop_socket()
        if self._http is None:
            # unsafe: keep cookies of servers named by IP address too (a local server).
            jar = aiohttp.CookieJar(unsafe=True)
            guard = aiohttp.TraceConfig()
            guard.on_request_redirect.append(_transport.refuse_redirects)
            self._http = aiohttp.ClientSession(
                cookie_jar=jar,
                timeout=aiohttp.ClientTimeout(total=self.timeout),
                auto_decompress=False,  # a refused login's body is read raw, MAX_BODY at most
                trace_configs=[guard],
            )
        form = {"username": self.username, "password": self._password, "version": "bot"}
        try:
            async with self._http.post(
                self._login_url,
                data=form,
                allow_redirects=False,  # the password goes to the address given, nowhere else
                headers={"Accept-Encoding": "identity"},
            ) as answer:
                refused = await _transport.refusal(answer, MAX_BODY)
            if refused is None:
                ws = await self._http.ws_connect(
                    self._ws_url,
                    heartbeat=self.heartbeat,
                    max_msg_size=self.max_frame,
                    compress=0,  # no permessage-deflate: a compressed frame is a protocol error
                )
        except _transport.Redirected as moved:
            where = printable(str(moved), 100)
            raise ConnectionLost(f"the websocket's handshake was redirected to {where}") from None
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as error:
            raise ConnectionLost(printable(f"{type(error).__name__}: {error}", 300)) from None
        if refused is not None:
            raise LoginFailed(*refused)
        self._ws = ws
        inbox = self._inbox = _transport.Inbox(MAX_QUEUED)
        heard = asyncio.Event()
        self._reader = asyncio.create_task(self._read(ws, inbox, heard))
        try:
            await asyncio.wait_for(heard.wait(), self.timeout)
        except asyncio.TimeoutError:
            await self._drop_socket()
            raise ConnectionLost(
                f"the server sent nothing within {self.timeout:g} s of opening the websocket"
            ) from None

    async def reconnect(self) -> None:
        """Open the socket again after it dropped, within the reconnection policy: at most
        `reconnects` times within any `reconnect_window` seconds, each after a delay doubling
        from `reconnect_delay` (to `max_reconnect_delay`, with jitter). A reconnection that
        fails counts as one and is tried again.

        Raises:
            ConnectionLost: the socket dropped more often than the policy allows.
            LoginFailed: the server refused the login.
        """
        while True:
            now = time.monotonic()
            window = self._reconnected = [
                t for t in self._reconnected if now - t < self.reconnect_window
            ]
            if len(window) >= self.reconnects:
                raise ConnectionLost(
                    f"the socket dropped {len(window) + 1} times within "
                    f"{self.reconnect_window:g} s (reconnects={self.reconnects})"
                )
            delay = min(self.max_reconnect_delay, self.reconnect_delay * 2.0 ** len(window))
            delay *= 0.5 + 0.5 * self._jitter.random()
            logger.warning(
                "the socket dropped; reconnecting in %.2f s (%d of %d within %g s)",
                delay, len(window) + 1, self.reconnects, self.reconnect_window,
            )  # fmt: skip
            await asyncio.sleep(delay)
            self._reconnected.append(time.monotonic())
            try:
                await self.connect()
                return
            except ConnectionLost as error:
                logger.warning("could not reconnect: %s", error)

    async def close(self) -> None:
        """Close the websocket and the HTTP session (idempotent)."""
        self._closing = True
        await self._drop_socket()
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def _drop_socket(self) -> None:
        """Close the websocket, if any, and stop its reader."""
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._ws.close(), self.timeout)
            self._ws = None
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None

    async def _read(
        self,
        ws: aiohttp.ClientWebSocketResponse[bool],
        inbox: _transport.Inbox,
        heard: asyncio.Event,
    ) -> None:
        """Move every text frame to the inbox (so that the socket is read, and its pings
        answered, while the bot thinks); `None` marks the end of the socket: closed, failed
        (a frame over `max_frame`, a missing pong), or silent for `idle_limit` seconds."""
        try:
            while True:
                try:
                    frame = await asyncio.wait_for(ws.receive(), self.idle_limit)
                except asyncio.TimeoutError:
                    logger.warning("no frame for %g s (the idle limit): the socket counts as "
                                   "dropped", self.idle_limit)  # fmt: skip
                    break
                if frame.type is aiohttp.WSMsgType.TEXT:
                    await inbox.put_frame(frame.data)
                    heard.set()
                elif frame.type is aiohttp.WSMsgType.BINARY:
                    logger.warning("skipped a binary frame of %d bytes", len(frame.data))
                else:  # closed, closing, or an error (a frame too long, a compressed frame...)
                    if frame.type is aiohttp.WSMsgType.ERROR:
                        logger.warning("the socket failed: %s", printable(str(frame.data), 300))
                    break
        finally:
            inbox.put_nowait(None)
            heard.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), self.timeout)

    async def send(self, message: m.Command) -> None:
        """Send one command, within the rate limit and `timeout`.

        Raises:
            ConnectionLost: the socket is closed, or the server did not take the frame within
                `timeout` seconds.
        """
        await self.limiter.acquire()
        if self._ws is None or self._ws.closed:
            raise ConnectionLost("the socket is closed")
        try:
            await asyncio.wait_for(self._ws.send_str(m.encode(message)), self.timeout)
        except asyncio.TimeoutError:
            await self._drop_socket()
            raise ConnectionLost(f"the server took no frame for {self.timeout:g} s") from None
        except (aiohttp.ClientError, ConnectionError) as error:
            raise ConnectionLost(f"{type(error).__name__}: {error}") from None

    async def receive(self) -> m.Message | None:
        """The next frame the server sent, parsed, or `None` once the socket has closed.

        A frame that is not the protocol is logged and skipped; the lobby's tables and the
        welcome are kept up to date.
        """
        while True:
            frame = await self._inbox.get()
            if frame is None:
                return None
            try:
                message = m.parse(frame)
            except m.ProtocolError as error:
                logger.warning("skipped a malformed frame %.300r: %s", frame, error)
                continue
            self._note(message)
            return message

    def _note(self, message: m.Message) -> None:
        if isinstance(message, m.Welcome):
            self.welcome = message
        elif isinstance(message, m.TableList):
            self.tables = {t.id: t for t in message.tables}
        elif isinstance(message, m.Table):
            self.tables[message.id] = message
        elif isinstance(message, m.TableGone):
            self.tables.pop(message.table_id, None)

    # --- Playing -------------------------------------------------------------------------------

    async def play(
        self,
        bot: str | BotFactory = "simple",
        table: int | Literal["any"] | None = None,
        *,
        password: str = "",
        seed: int | None = None,
        on_bot_error: Literal["terminate", "leave"] = "terminate",
        time_limit: float | None = 60.0,
        idle: float = 10.0,
    ) -> LiveGame:
        """Play one game and return its final `LiveGame` (`last_game` holds its players and
        database id too).

        Args:
            bot: a name of [`BOTS`][hanabi_core.bots.BOTS] or a factory (called with a
                `random.Random`) of a bot called with the seat's `PlayerView`, as
                `hanabi_core.seating.load_bot` gives; a bot that sees its own cards cannot play
                live.
            table: the table to join; `None`: wait for a private message ``/join`` and join the
                sender's table (or play the game of the table the server says we are at);
                ``"any"``: the first open table of the lobby with a free seat (for a local
                server, `hanabi-core serve`).
            password: the table's password.
            seed: the bot's random seed (default: drawn).
            on_bot_error: what to do when the bot raises, returns an illegal action or runs past
                `time_limit`: ``"terminate"`` the game or ``"leave"`` it
                ([`hanablive.seat`][hanabi_core.hanablive.seat]); then `BotFailed` is raised.
            time_limit: seconds the bot may think per turn (`None`: no limit).
            idle: seconds of silence, while others are to move, before asking for the game
                again (see `play_table`).

        Raises:
            BotFailed: the bot failed; the game was ended (or left).
            Desync: the game as the server sends it contradicts the rules twice in a row.
            InvalidOptions: the table's variant or options are ones hanabi_core cannot play
                (deck plays, card cycling, detrimental characters).
            ConnectionLost: the socket dropped more than `reconnects` times within
                `reconnect_window` seconds.
            InvalidArgument: an unknown bot name, or a `bot` that is neither a name nor a
                factory (a `ValueError` and a `TypeError`).
        """
        if isinstance(bot, str):
            if bot not in BOTS:
                known = ", ".join(BOTS)
                raise InvalidArgument("bot", f"unknown bot {_value(bot)}; the bots are {known}")
            factory = BOTS[bot]
        elif callable(bot):
            factory = bot
        else:
            raise InvalidArgument(
                "bot", f"must be a name of BOTS or a bot factory, got {_value(bot)}"
            )
        rng = random.Random(seed)
        player = factory(rng)
        if getattr(player, "sees_own_cards", False):
            raise InvalidArgument("bot", "sees its own cards: it cannot play on hanab.live")
        seat = _Seat(self, None if table == "any" else table, password, any_table=table == "any")
        name = bot if isinstance(bot, str) else getattr(bot, "__name__", type(bot).__name__)
        played = await seat.run(
            lambda view: decide(player, view, ()),
            bot_name=name,
            on_bot_error=on_bot_error,
            time_limit=time_limit,
            idle=idle,
        )
        self.last_game = played
        return played.game


class _Seat:
    """One game's connection handling for `Client.play`: the table (from a ``/join`` private
    message if not given), and the socket reopened after a drop; the game itself is
    `seat.play_table`'s."""

    def __init__(
        self, client: Client, table: int | None, password: str, *, any_table: bool = False
    ) -> None:
        self.client = client
        self.table = table
        self.password = password
        self.any_table = any_table
        self.tried: set[int] = set()  # the open tables asked for (any_table)

    async def run(
        self,
        bot: Callable[[PlayerView], Action],
        *,
        bot_name: str,
        on_bot_error: Literal["terminate", "leave"],
        time_limit: float | None,
        idle: float,
    ) -> Played:
        join = self.table is not None
        while self.table is None:
            message = await self._receive()
            if message is None:
                raise ConnectionLost("the client was closed")
            await self._before_table(message)
        return await play_table(
            self.client.send,
            self._receive,
            self.table,
            bot,
            join=join,
            password=self.password,
            on_bot_error=on_bot_error,
            time_limit=time_limit,
            idle=idle,
            bot_name=bot_name,
        )

    async def _receive(self) -> m.Message | None:
        """The next frame; after a dropped socket, log in again and go on (the seat's
        ``welcome`` then leads it back to its table); `None` once the client is closed."""
        client = self.client
        while True:
            message = await client.receive()
            if message is not None:
                return message
            if client._closing:
                return None
            # Bounded by the client's policy (a welcome does not reset it: a server that
            # welcomes and drops would otherwise have us log in for ever).
            await client.reconnect()

    async def _before_table(self, message: m.Message) -> None:
        """Find our table: the one the ``welcome`` says we play at, or the sender's of
        ``/join``."""
        client = self.client
        if isinstance(message, m.Welcome) and message.playing_at_tables:
            # Back after a dropped socket (or a restart): the game goes on without us.
            self.table = message.playing_at_tables[0]
            await client.send(m.TableReattend(self.table))
        elif isinstance(message, m.ChatMessage):
            words = message.msg.split()
            if message.recipient == client.username and words and words[0] == "/join":
                target = self._table_of(message.who)
                if target is None:
                    logger.warning("%s asked us to join, but sits at no open table", message.who)
                else:
                    self.password = words[1] if len(words) > 1 else self.password
                    await client.send(m.TableJoin(target, self.password))
        elif isinstance(message, m.Joined):
            self.table = message.table_id
        elif isinstance(message, m.Warning | m.Error):
            logger.warning("the server says: %s", getattr(message, message.COMMAND))
        if self.any_table and self.table is None:
            for table in self.client.tables.values():
                room = not table.running and table.num_players < table.max_players
                if room and not table.password_protected and table.id not in self.tried:
                    self.tried.add(table.id)  # refused (full meanwhile): the next one
                    await client.send(m.TableJoin(table.id, self.password))
                    break

    def _table_of(self, who: str) -> int | None:
        for table in self.client.tables.values():
            if who in table.players and not table.running:
                return table.id
        return None
