"""A local hanab.live server, driven by hanabi_core's engine: for bots to play against each other
and for tests (``hanabi-core serve``). Needs the ``live`` extra (aiohttp).

It speaks the protocol as hanab.live's server does (learnt from its GPL source, cited by path;
none of it copied), for every variant [`hanablive.variant`][hanabi_core.hanablive.variant]
builds:

- ``POST /login`` (``username``, ``password``, ``version``; ``server/src/http_login.go``) sets
  the ``hanabi.sid`` cookie; as on hanab.live, the first login of a name makes its account with
  that password (unless the server was given its `users`);
- ``/ws`` sends ``welcome`` and ``tableList``; ``tableCreate`` opens a table (its creator sits
  at it), ``tableJoin`` seats a player, ``table`` and ``tableGone`` keep every lobby up to date;
- a game starts when its table is full, or on ``tableStart`` from its owner; each seat is told
  ``tableStart`` and marked absent (``server/src/command_table_start.go``); ``getGameInfo1`` →
  ``init``, ``getGameInfo2`` → ``gameActionList``, ``loaded`` marks it present
  (``server/src/command_loaded.go``); a dropped socket marks it absent; ``tableReattend`` after a
  drop answers ``tableStart``;
- every ``action`` is checked and applied with the engine's `apply`, and its game actions
  (`hanablive.messages`) go to the seats present at that moment only
  (``server/src/table_notify.go``); ``action`` type 4 ends the game (terminated by a player,
  ``server/src/command_action.go``);
- at the end, every connected seat gets ``cardIdentities`` and ``finishOngoingGame`` with the
  game's database id; ``GET /export/<id>`` answers the game as a hanab.live record (what
  ``hanab.live/export/<id>`` gives);
- a client that sends more than 200 frames in 2 s is banned (``server/src/websocket_message.go``).

`Faults` makes it misbehave on purpose, to test clients: frames duplicated, swapped with the next
one or delayed, sockets dropped as a seat catches up; all drawn from a seed.

```python
# doc: no-run
# (serves until stopped; `hanabi-core serve` does this)
import asyncio
from hanabi_core.hanablive.server import Server

async def main() -> None:
    server = Server()
    print(await server.start(port=8080))   # http://127.0.0.1:8080
    await asyncio.Event().wait()

asyncio.run(main())
```
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from .._support.extras import missing_extra
from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..errors import HanabiError
from ..records import Abandonment, GameRecord, write_record
from ..rules import apply, new_game
from ..state import GameState
from . import wire as m
from .decks import deck, seed_name
from .live import LiveGame
from .protocol import TERMINATED
from .recorded import messages

try:
    from aiohttp import WSMsgType, web
except ImportError as error:  # pragma: no cover (the live extra is installed in tests)
    raise missing_extra("hanabi_core.hanablive.server", "aiohttp", "live") from error

__all__ = ["COOKIE", "Faults", "Server", "ServerTable"]

#: The session cookie hanab.live sets at login.
COOKIE = "hanabi.sid"
#: The longest frame the server reads, in bytes (a longer one closes the socket).
MAX_FRAME = 1 << 16
#: How many received frames `Server.frames` keeps (the newest).
FRAMES_KEPT = 100_000
#: Seconds between the server's pings; a client that answers none within half of it is dropped,
#: so a half-open socket does not hold its seat for ever.
HEARTBEAT = 30.0


@attrs.define
class Faults:
    """How the server misbehaves, on purpose, to test clients (all drawn from `seed`).

    Attributes:
        seed: the random source's seed.
        duplicate: the chance that a game frame (``gameAction``, ``gameActionList``, ``init``)
            is sent twice.
        swap: the chance that a game frame is held back and sent after the next frame to the
            same player (or after 50 ms).
        delay: the longest pause, in seconds, before each game frame (order kept).
        drop: the chance that a socket is dropped when its player asks for the game
            (``getGameInfo1`` or ``getGameInfo2``), at most `max_drops` times per player.
        max_drops: see `drop`.
    """

    seed: int = 0
    duplicate: float = 0.05
    swap: float = 0.05
    delay: float = 0.005
    drop: float = 0.1
    max_drops: int = 2


@attrs.define
class ServerTable:
    """One table of the lobby, and its game once started."""

    id: int
    name: str
    size: int
    variant: str
    seed: str
    owner: str
    password: str = ""
    seats: list[str] = attrs.field(factory=list)
    state: GameState | None = None
    abandoned: Abandonment | None = None
    sent: int = 0  # the game actions so far (the same number for every seat)
    present: set[int] = attrs.field(factory=set)
    left: set[str] = attrs.field(factory=set)
    database_id: int | None = None

    @property
    def running(self) -> bool:
        """The game has started."""
        return self.state is not None

    @property
    def over(self) -> bool:
        """The game has ended, by the rules or terminated."""
        return self.state is not None and (self.state.is_over or self.abandoned is not None)

    def record(self) -> GameRecord:
        """The game so far."""
        assert self.state is not None
        record = GameRecord.from_state(self.state, players=self.seats, edition="hanab-live")
        return attrs.evolve(record, abandoned=self.abandoned) if self.abandoned else record

    def options(self) -> dict[str, Any]:
        """The table's options as the server writes them (``server/src/options.go``)."""
        return {
            "numPlayers": self.size,
            "startingPlayer": 0,
            "variantID": int(self.seed.split("v")[1].split("s")[0]),
            "variantName": self.variant,
            "timed": False,
            "timeBase": 0,
            "timePerTurn": 0,
            "speedrun": False,
            "cardCycle": False,
            "deckPlays": False,
            "emptyClues": False,
            "oneExtraCard": False,
            "oneLessCard": False,
            "allOrNothing": False,
            "detrimentalCharacters": False,
            "tableName": self.name,
            "maxPlayers": self.size,
        }

    def lobby(self, user: str) -> m.Table:
        """The table as `user`'s lobby sees it."""
        return m.Table(
            self.id,
            name=self.name,
            password_protected=bool(self.password),
            joined=user in self.seats,
            num_players=len(self.seats),
            running=self.running,
            variant=self.variant,
            options=self.options(),
            players=tuple(self.seats),
            max_players=self.size,
        )


class Server:
    """The server. ``url = await server.start()``; ``await server.stop()``.

    Args:
        users: name → password of the accounts; `None`: a name's first login makes its account.
        rate: ``(frames, seconds)`` a socket may send before it is banned.
        faults: misbehave on purpose (`Faults`), or `None`.
        first_seed: the seed number of the first table's deal (``p<players>v<variant>s<n>``);
            each table after it takes the next.
    """

    def __init__(
        self,
        users: dict[str, str] | None = None,
        *,
        rate: tuple[float, float] = (m.RATE_LIMIT, m.RATE_PERIOD),
        faults: Faults | None = None,
        first_seed: int = 1,
    ) -> None:
        self.users: dict[str, str] = dict(users or {})
        self.open_accounts = users is None
        self.rate = rate
        self.faults = faults
        self.first_seed = first_seed
        self.tables: dict[int, ServerTable] = {}
        self.tokens: dict[str, str] = {}
        self.sockets: dict[str, web.WebSocketResponse] = {}
        #: The last `FRAMES_KEPT` frames received, ``(user, frame)``, oldest first (a server left
        #: running keeps no more: its memory does not grow with its games).
        self.frames: deque[tuple[str, str]] = deque(maxlen=FRAMES_KEPT)
        self.banned: list[str] = []
        self.logins = 0
        #: Exceptions of the server's own handlers (a bug of the server).
        self.errors: list[BaseException] = []
        #: Set when every seat of the table has gone back to the lobby after its game.
        self.done: dict[int, asyncio.Event] = {}
        #: The finished games by database id.
        self.games: dict[int, GameRecord] = {}
        #: Set when a game ends (by database id order): tests wait on it.
        self.finished = asyncio.Event()
        #: Called after each applied action with the table: tests drop sockets or inject frames.
        self.after_action: Callable[[Server, ServerTable], Awaitable[None]] | None = None
        self._runner: web.AppRunner | None = None
        self._rng = random.Random(faults.seed if faults else 0)
        self._held: dict[str, str] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._drops: dict[str, int] = {}
        self._open: tuple[int, str] | None = None

    # --- Running --------------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        """Listen on `host`:`port` (0: any free port); the server's URL."""
        app = web.Application(client_max_size=MAX_FRAME)
        app.router.add_post("/login", self._login)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/export/{id}", self._export)
        app.router.add_get("/replay/{id}", self._export)  # hanab.live shows it; we answer JSON
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return f"http://{host}:{port}"

    async def stop(self) -> None:
        """Close every socket and stop listening."""
        for ws in list(self.sockets.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def create_table(
        self,
        owner: str,
        size: int,
        variant_name: str = "No Variant",
        number: int | None = None,
        *,
        name: str = "",
        password: str = "",
    ) -> int:
        """Open a table for `size` players (nobody seated yet); its id.

        Raises:
            InvalidOptions: a variant hanab.live does not have, or hanabi_core cannot play.
        """
        LiveGame.start(variant_name, players=size, seat=0)  # refuses what cannot be played
        table_id = len(self.tables) + 1
        name = name or ("open table" if not owner else "")
        number = self.first_seed + table_id - 1 if number is None else number
        seed = seed_name(size, variant_name, number)
        self.tables[table_id] = ServerTable(
            table_id, name or f"table {table_id}", size, variant_name, seed, owner, password
        )
        self.done[table_id] = asyncio.Event()
        return table_id

    def keep_open(self, players: int, variant_name: str = "No Variant") -> None:
        """Keep a table for `players` open, owned by the server: a new one whenever the last
        fills (for bots that sit at any open table).

        Raises:
            InvalidOptions: a variant hanab.live does not have, or hanabi_core cannot play.
        """
        self._open = (players, variant_name)
        self.create_table("", players, variant_name, name="open table")

    # --- Sending --------------------------------------------------------------------------------

    async def send(self, user: str, message: m.Message | str) -> None:
        """Send `user` a frame (nothing if not connected)."""
        ws = self.sockets.get(user)
        if ws is None or ws.closed:
            return
        frame = message if isinstance(message, str) else m.encode(message)
        faults = self.faults
        if faults is not None and frame.startswith(("gameAction", "init ")):
            await asyncio.sleep(self._rng.random() * faults.delay)
            if self._rng.random() < faults.duplicate:
                await self._write(ws, frame)
            if user not in self._held and self._rng.random() < faults.swap:
                self._held[user] = frame
                asyncio.get_running_loop().call_later(0.05, self._flush_held, user)
                return
        await self._write(ws, frame)
        held = self._held.pop(user, None)
        if held is not None:
            await self._write(ws, held)

    def _flush_held(self, user: str) -> None:
        held = self._held.pop(user, None)
        ws = self.sockets.get(user)
        if held is not None and ws is not None and not ws.closed:
            task = asyncio.ensure_future(self._write(ws, held))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _write(ws: web.WebSocketResponse, frame: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(frame)

    async def drop(self, user: str) -> None:
        """Close `user`'s socket, as a network failure would."""
        ws = self.sockets.pop(user, None)
        self._absent(user)
        if ws is not None:
            await ws.close()

    async def pm(self, sender: str, recipient: str, text: str) -> None:
        """A private message."""
        await self.send(recipient, m.ChatMessage(text, who=sender, recipient=recipient))

    async def _lobby(self, table: ServerTable, gone: bool = False) -> None:
        for user in list(self.sockets):
            await self.send(user, m.TableGone(table.id) if gone else table.lobby(user))

    def _absent(self, user: str) -> None:
        for table in self.tables.values():
            if user in table.seats:
                table.present.discard(table.seats.index(user))

    # --- HTTP -----------------------------------------------------------------------------------

    async def _login(self, request: web.Request) -> web.Response:
        # server/src/http_login.go: username, password, version; 401 when refused.
        form = await request.post()
        user, password = str(form.get("username", "")), str(form.get("password", ""))
        if not form.get("version"):
            return web.Response(status=401, text="You must provide the version parameter.")
        if not user or not password or len(user) > 15:
            return web.Response(status=401, text="The username and password must be given.")
        if self.open_accounts and user not in self.users:
            self.users[user] = password
        if self.users.get(user) != password:
            return web.Response(status=401, text="That is not the correct password.")
        token = secrets.token_hex(8)
        self.tokens[token] = user
        self.logins += 1
        response = web.Response(text="OK")
        response.set_cookie(COOKIE, token)
        return response

    async def _export(self, request: web.Request) -> web.Response:
        try:
            record = self.games[int(request.match_info["id"])]
        except (KeyError, ValueError):
            return web.Response(status=404, text="No such game.")
        return web.Response(
            text=write_record(record, "hanab-live"), content_type="application/json"
        )

    async def _ws(self, request: web.Request) -> web.StreamResponse:
        user = self.tokens.get(request.cookies.get(COOKIE, ""))
        if user is None:
            return web.Response(status=401, text="Unauthorized")
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        old = self.sockets.get(user)
        if old is not None:
            await old.close()
        self.sockets[user] = ws
        self._absent(user)
        playing = tuple(
            t.id for t in self.tables.values() if t.running and not t.over and user in t.seats
        )
        await self.send(user, m.Welcome(1 + list(self.users).index(user), user, playing))
        lobby = tuple(t.lobby(user) for t in self.tables.values() if not t.over)
        await self.send(user, m.TableList(lobby))
        limit, period = self.rate
        allowance, last = limit, time.monotonic()
        async for frame in ws:
            if frame.type is not WSMsgType.TEXT:
                break
            # server/src/websocket_message.go: a token bucket; below one token, a ban.
            now = time.monotonic()
            allowance = min(limit, allowance + (now - last) * limit / period)
            last = now
            if allowance < 1:
                self.banned.append(user)
                await ws.close()
                break
            allowance -= 1
            self.frames.append((user, frame.data))
            try:
                command = m.parse_command(frame.data)
            except m.ProtocolError as error:
                await self.send(user, m.Warning(str(error)))
                continue
            try:
                await self._command(user, command)
            except Exception as error:  # a bug of this server: make it visible
                self.errors.append(error)
                raise
            if ws.closed:
                break
        if self.sockets.get(user) is ws:
            del self.sockets[user]
            self._absent(user)
        return ws

    # --- Commands -------------------------------------------------------------------------------

    async def _command(self, user: str, command: Any) -> None:
        if isinstance(command, m.ChatPM):
            await self.pm(user, command.recipient, command.msg)
            return
        if isinstance(command, m.TableCreate):
            await self._create(user, command)
            return
        table = self.tables.get(getattr(command, "table_id", -1))
        if table is None:
            await self.send(user, m.Warning(f"no such table ({type(command).__name__})"))
            return
        seat = table.seats.index(user) if user in table.seats else -1
        if isinstance(command, m.TableJoin):
            await self._join(user, table, command.password)
        elif seat < 0:
            await self.send(user, m.Warning(f"You are not at table {table.id}."))
        elif isinstance(command, m.TableStartCommand):
            if user != table.owner or table.running or len(table.seats) < 2:
                await self.send(user, m.Warning("You cannot start that game."))
            else:
                await self._start(table)
        elif isinstance(command, m.TableReattend):
            if table.running and not table.over:
                await self.send(user, m.TableStart(table.id))
        elif isinstance(command, m.TableLeave):
            if table.running:
                await self.send(user, m.Warning("That game has already started."))
            else:
                table.seats.remove(user)
                await self.send(user, m.Left(table.id))
                await self._lobby(table, gone=not table.seats)
        elif not table.running:
            await self.send(user, m.Warning("The game has not started."))
        elif isinstance(command, m.GetGameInfo1):
            if await self._maybe_drop(user):
                return
            init = m.Init(
                table.id, tuple(table.seats), seat, table.options(), seed=table.seed,
                database_id=table.database_id or -1,
            )  # fmt: skip
            await self.send(user, init)
        elif isinstance(command, m.GetGameInfo2):
            if await self._maybe_drop(user):
                return
            so_far = self._messages(table, seat)
            await self.send(user, m.GameActionList(table.id, so_far))
            await self.send(
                user, m.Connected(table.id, tuple(u in self.sockets for u in table.seats))
            )
        elif isinstance(command, m.Loaded):
            table.present.add(seat)
        elif isinstance(command, m.Action):
            await self._action(table, seat, command)
        elif isinstance(command, m.TableUnattend):
            table.present.discard(seat)
            table.left.add(user)
            if table.over and table.left >= set(table.seats):
                self.done[table.id].set()

    async def _maybe_drop(self, user: str) -> bool:
        faults = self.faults
        if faults is None or self._drops.get(user, 0) >= faults.max_drops:
            return False
        if self._rng.random() >= faults.drop:
            return False
        self._drops[user] = self._drops.get(user, 0) + 1
        await self.drop(user)
        return True

    async def _create(self, user: str, command: m.TableCreate) -> None:
        # server/src/command_table_create.go: the creator sits at the new table.
        variant = command.options.get("variantName", "No Variant")
        size = command.max_players
        try:
            table_id = self.create_table(
                user, size, str(variant), name=command.name, password=command.password
            )
        except HanabiError as error:
            await self.send(user, m.Warning(f"You cannot create that table: {error}"))
            return
        await self._join(user, self.tables[table_id], command.password)

    async def _join(self, user: str, table: ServerTable, password: str) -> None:
        if table.running or len(table.seats) >= table.size or user in table.seats:
            await self.send(user, m.Warning(f"You cannot join table {table.id}."))
            return
        if table.password and password != table.password:
            await self.send(user, m.Warning("That is not the correct password for this game."))
            return
        table.seats.append(user)
        await self.send(user, m.Joined(table.id))
        await self._lobby(table)
        if len(table.seats) == table.size:
            await self._start(table)

    async def _start(self, table: ServerTable) -> None:
        if self._open is not None and table.owner == "":
            players, variant_name = self._open
            await self._lobby(self.tables[self.create_table("", players, variant_name)])
        # The hanab-live preset's options, as a seat's LiveGame has them (rule 11.4).
        options = LiveGame.start(table.variant, players=len(table.seats), seat=0).options
        table.size = len(table.seats)
        table.state = new_game(options, deck=deck(table.seed, options.variant))
        table.sent = len(self._messages(table, 0))
        table.present.clear()  # server/src/command_table_start.go: everyone is absent
        for user in table.seats:
            await self.send(user, m.TableStart(table.id))
        await self._lobby(table)

    async def _flush(self, table: ServerTable) -> None:
        """Send the seats present the game actions of the last action
        (``server/src/table_notify.go``)."""
        count = table.sent
        for seat, user in enumerate(table.seats):
            every = self._messages(table, seat)
            count = len(every)
            if seat in table.present:
                for action in every[table.sent :]:
                    await self.send(user, m.GameAction(table.id, action))
        table.sent = count

    def _messages(self, table: ServerTable, seat: int) -> tuple[m.GameActionItem, ...]:
        """The game actions `seat` is sent, from the start (`hanablive.messages`)."""
        return messages(table.record(), seat)

    async def _action(self, table: ServerTable, seat: int, command: m.Action) -> None:
        state = table.state
        assert state is not None
        user = table.seats[seat]
        if table.over:
            await self.send(user, m.Warning("The game is over."))
            return
        if command.type == 4:
            # server/src/command_action.go: a player ends the game ("terminated by a player").
            if command.value != TERMINATED or command.target != seat:
                await self.send(
                    user, m.Warning("That is not a valid value for the end game action.")
                )
                return
            table.abandoned = Abandonment("server", seat, TERMINATED)
        else:
            if state.current_player != seat:
                await self.send(
                    user, m.Warning("It is not your turn, so you cannot perform an action.")
                )
                return
            try:
                table.state = apply(state, _action(state, command))
            except (ValueError, IndexError, HanabiError) as error:
                await self.send(user, m.Warning(f"That is not a legal action: {error}"))
                return
        await self._flush(table)
        if table.over:
            await self._end(table)
        if self.after_action is not None:
            await self.after_action(self, table)

    async def _end(self, table: ServerTable) -> None:
        # server/src/game_end.go: the card identities, then the game saved and its id sent.
        record = table.record()
        database_id = len(self.games) + 1
        table.database_id = database_id
        self.games[database_id] = record
        cards = tuple({"suitIndex": _suit(record, c), "rank": c.rank} for c in record.deck)
        for user in table.seats:
            await self.send(user, m.CardIdentities(table.id, cards))
            await self.send(user, m.FinishOngoingGame(table.id, database_id=database_id))
        self.finished.set()
        await self._lobby(table, gone=True)


def _suit(record: GameRecord, card: Any) -> int:
    return record.options.variant.suit_names.index(card.suit)


def _action(state: GameState, command: m.Action) -> Action:
    """The engine's action for an ``action`` command (``server/src/command_action.go``)."""
    if command.type in {0, 1}:
        slot = [card.order for card in state.hands[state.current_player]].index(command.target)
        return Play(slot) if command.type == 0 else Discard(slot)
    if command.type == 2 and command.value >= 0:
        return ColourClue(command.target, state.options.variant.clue_colours[command.value])
    if command.type == 3:
        return RankClue(command.target, command.value)
    raise ValueError(f"unknown action type {command.type}")


def frame_data(frame: str) -> Any:
    """The JSON data of a frame ``command {json}``."""
    return json.loads(frame.split(" ", 1)[1])
