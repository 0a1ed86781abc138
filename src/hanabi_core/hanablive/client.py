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
   the game (or leaves it) and `play` raises [`BotFailed`][hanabi_core.hanablive.seat.BotFailed];
6. sends at most `RATE_LIMIT` frames per `RATE_PERIOD` seconds, with a margin (the server bans a
   client that sends more, ``server/src/websocket_message.go``);
7. after a dropped socket logs in again, reconnects, sends ``tableReattend`` for the table the
   ``welcome`` says it is playing at, and catches up from the start;
8. once the game is over, sends ``tableUnattend`` and closes the socket.

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

from .._extras import missing_extra
from ..bots import BOTS, BotFactory, decide
from ..errors import HanabiError
from . import wire as m
from .seat import BotFailed, Played, play_table

try:
    import aiohttp
except ImportError as error:  # pragma: no cover (the live extra is installed in tests)
    raise missing_extra("hanabi_core.hanablive.client", "aiohttp", "live") from error

if TYPE_CHECKING:
    from ..actions import Action
    from ..views import PlayerView
    from .live import LiveGame

__all__ = ["BotFailed", "Client", "ConnectionLost", "LoginFailed", "RateLimiter"]

logger = logging.getLogger("hanabi_core.hanablive.client")


class LoginFailed(HanabiError, ConnectionError):
    """The server refused the login (wrong password, unknown version, …).

    Attributes:
        status: the HTTP status.
        reason: the server's words.
    """

    def __init__(self, status: int, reason: str) -> None:
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
        url: the site, e.g. ``"https://hanab.live"`` (the websocket is ``/ws`` there).
        username: the bot's account.
        password: its password (read it from the environment, not from the code).
        reconnects: how many times in a row to reconnect after a dropped socket.
        reconnect_delay: seconds to wait before each reconnection.
        timeout: seconds to wait for the login and the websocket to open.
        limiter: the rate limiter (default: 180 frames per 2 s).
    """

    def __init__(
        self,
        url: str,
        username: str,
        password: str,
        *,
        reconnects: int = 5,
        reconnect_delay: float = 2.0,
        timeout: float = 30.0,
        limiter: RateLimiter | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.username = username
        self._password = password
        self.reconnects = reconnects
        self.reconnect_delay = reconnect_delay
        self.timeout = timeout
        self.limiter = limiter or RateLimiter()
        #: The lobby's tables by id, as the last ``tableList``/``table``/``tableGone`` left them.
        self.tables: dict[int, m.Table] = {}
        #: The last ``welcome``.
        self.welcome: m.Welcome | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse[bool] | None = None
        self._inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
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
        """Log in and open the websocket.

        Raises:
            LoginFailed: the server refused the login.
            ConnectionLost: the server could not be reached.
        """
        self._closing = False
        if self._http is None:
            # unsafe: keep cookies of servers named by IP address too (a local server).
            jar = aiohttp.CookieJar(unsafe=True)
            self._http = aiohttp.ClientSession(
                cookie_jar=jar, timeout=aiohttp.ClientTimeout(total=self.timeout)
            )
        form = {"username": self.username, "password": self._password, "version": "bot"}
        refused: LoginFailed | None = None
        try:
            async with self._http.post(f"{self.url}/login", data=form) as answer:
                if answer.status != 200:
                    refused = LoginFailed(answer.status, (await answer.text()).strip()[:200])
            if refused is None:
                ws_url = "ws" + self.url.removeprefix("http") + "/ws"
                ws = await self._http.ws_connect(ws_url, heartbeat=None, max_msg_size=0)
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as error:
            raise ConnectionLost(f"{type(error).__name__}: {error}") from None
        if refused is not None:
            raise refused
        self._ws = ws
        self._inbox = asyncio.Queue()
        self._reader = asyncio.create_task(self._read(ws, self._inbox))

    async def close(self) -> None:
        """Close the websocket and the HTTP session (idempotent)."""
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
            self._ws = None
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        if self._http is not None:
            await self._http.close()
            self._http = None

    @staticmethod
    async def _read(
        ws: aiohttp.ClientWebSocketResponse[bool], inbox: asyncio.Queue[str | None]
    ) -> None:
        """Move every text frame to the inbox (so that the socket is read, and its pings
        answered, while the bot thinks); `None` marks the end of the socket."""
        try:
            async for frame in ws:
                if frame.type is aiohttp.WSMsgType.TEXT:
                    await inbox.put(frame.data)
                elif frame.type in {aiohttp.WSMsgType.ERROR, aiohttp.WSMsgType.CLOSE}:
                    break
        finally:
            inbox.put_nowait(None)

    async def send(self, message: m.Command) -> None:
        """Send one command, within the rate limit.

        Raises:
            ConnectionLost: the socket is closed.
        """
        await self.limiter.acquire()
        if self._ws is None or self._ws.closed:
            raise ConnectionLost("the socket is closed")
        try:
            await self._ws.send_str(m.encode(message))
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
            ConnectionLost: the socket dropped more than `reconnects` times in a row.
            ValueError: an unknown bot name.
        """
        if isinstance(bot, str):
            if bot not in BOTS:
                raise ValueError(f"unknown bot {bot!r}; the bots are {', '.join(BOTS)}")
            factory = BOTS[bot]
        else:
            factory = bot
        rng = random.Random(seed)
        player = factory(rng)
        if getattr(player, "sees_own_cards", False):
            raise ValueError("a bot that sees its own cards cannot play on hanab.live")
        seat = _Seat(self, None if table == "any" else table, password, any_table=table == "any")
        played = await seat.run(
            lambda view: decide(player, view, ()),
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
        self.drops = 0
        self.any_table = any_table
        self.tried: set[int] = set()  # the open tables asked for (any_table)

    async def run(
        self,
        bot: Callable[[PlayerView], Action],
        *,
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
        )

    async def _receive(self) -> m.Message | None:
        """The next frame; after a dropped socket, log in again and go on (the seat's
        ``welcome`` then leads it back to its table); `None` once the client is closed."""
        client = self.client
        while True:
            message = await client.receive()
            if message is not None:
                if isinstance(message, m.Welcome | m.TableStart | m.GameActionList):
                    self.drops = 0
                return message
            if client._closing:
                return None
            self.drops += 1
            if self.drops > client.reconnects:
                raise ConnectionLost(f"the socket dropped {self.drops} times in a row")
            logger.warning("the socket dropped; reconnecting (%d)", self.drops)
            await asyncio.sleep(client.reconnect_delay)
            try:
                await client.connect()
            except ConnectionLost as error:
                logger.warning("could not reconnect: %s", error)
                client._inbox.put_nowait(None)  # counts as another drop

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
