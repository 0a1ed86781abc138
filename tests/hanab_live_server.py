"""A small hanab.live server for the tests: loopback only, driven by hanabi_core's engine.

It speaks the protocol as hanab.live's server does (learnt from its GPL source, cited by path in
`hanabi_core.hanablive.messages`; none of it copied): ``POST /login`` sets the ``hanabi.sid``
cookie, ``/ws`` sends ``welcome`` and ``tableList``, ``tableJoin`` seats a player (the game starts
once the table is full), ``getGameInfo1`` → ``init``, ``getGameInfo2`` → ``gameActionList``,
``loaded``; every ``action`` is applied with `apply` and each seated player is sent, at once, the
new game actions `hanablive.messages(record, seat)` gives (as the server does, loaded or not:
``server/src/command_loaded.go`` only marks the player present). Frames beyond 200 in 2 s ban
the sender, as ``server/src/websocket_message.go`` does. Tests can drop a socket, send raw frames
and watch every frame received.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from typing import Any

import attrs
from aiohttp import WSMsgType, web

from hanabi_core import GameRecord, GameState, apply, new_game
from hanabi_core.actions import Action, ColourClue, Discard, Play, RankClue
from hanabi_core.errors import HanabiError
from hanabi_core.hanablive import LiveGame, deck, messages, seed_name
from hanabi_core.hanablive import wire as m

COOKIE = "hanabi.sid"


@attrs.define
class Table:
    id: int
    name: str
    size: int
    variant: str
    seed: str
    owner: str
    seats: list[str] = attrs.field(factory=list)
    state: GameState | None = None
    sent: dict[int, int] = attrs.field(factory=dict)  # each seat's game actions so far
    loaded: set[int] = attrs.field(factory=set)
    left: set[str] = attrs.field(factory=set)

    @property
    def running(self) -> bool:
        return self.state is not None

    def options(self) -> dict[str, Any]:
        # server/src/options.go: every field, as the server writes them.
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
        return m.Table(
            self.id,
            name=self.name,
            joined=user in self.seats,
            num_players=len(self.seats),
            running=self.running,
            variant=self.variant,
            options=self.options(),
            players=tuple(self.seats),
            max_players=self.size,
        )


class FakeHanabLive:
    """The server. `await start()` gives its URL; `await stop()` closes it."""

    def __init__(self, users: dict[str, str], *, rate: tuple[float, float] = (200, 2.0)) -> None:
        self.users = users
        self.rate = rate
        self.tables: dict[int, Table] = {}
        self.tokens: dict[str, str] = {}
        self.sockets: dict[str, web.WebSocketResponse] = {}
        self.frames: list[tuple[str, str]] = []  # (user, frame) received
        self.banned: list[str] = []
        self.logins = 0
        self.errors: list[BaseException] = []
        self.done: dict[int, asyncio.Event] = {}
        #: Called after each applied action with the table: tests drop sockets or inject frames.
        self.after_action: Any = None
        self._runner: web.AppRunner | None = None

    # --- Running ------------------------------------------------------------------------------

    async def start(self) -> str:
        app = web.Application()
        app.router.add_post("/login", self._login)
        app.router.add_get("/ws", self._ws)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        for ws in list(self.sockets.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def create_table(
        self, owner: str, size: int, variant_name: str = "No Variant", number: int = 1
    ) -> int:
        table_id = len(self.tables) + 1
        seed = seed_name(size, variant_name, number)
        self.tables[table_id] = Table(
            table_id, f"table {table_id}", size, variant_name, seed, owner
        )
        self.done[table_id] = asyncio.Event()
        return table_id

    # --- Sending ------------------------------------------------------------------------------

    async def send(self, user: str, message: m.Message | str) -> None:
        ws = self.sockets.get(user)
        if ws is None or ws.closed:
            return
        frame = message if isinstance(message, str) else m.encode(message)
        with contextlib.suppress(ConnectionError):
            await ws.send_str(frame)

    async def drop(self, user: str) -> None:
        """Close `user`'s socket, as a network failure would."""
        ws = self.sockets.pop(user, None)
        if ws is not None:
            await ws.close()

    async def pm(self, sender: str, recipient: str, text: str) -> None:
        await self.send(recipient, m.ChatMessage(text, who=sender, recipient=recipient))

    # --- HTTP ---------------------------------------------------------------------------------

    async def _login(self, request: web.Request) -> web.Response:
        # server/src/http_login.go: username, password, version; 401 when refused.
        form = await request.post()
        user, password = str(form.get("username", "")), str(form.get("password", ""))
        if not form.get("version"):
            return web.Response(status=401, text="You must provide the version parameter.")
        if self.users.get(user) != password:
            return web.Response(status=401, text="That is not the correct password.")
        token = secrets.token_hex(8)
        self.tokens[token] = user
        self.logins += 1
        response = web.Response(text="OK")
        response.set_cookie(COOKIE, token)
        return response

    async def _ws(self, request: web.Request) -> web.StreamResponse:
        user = self.tokens.get(request.cookies.get(COOKIE, ""))
        if user is None:
            return web.Response(status=401, text="Unauthorized")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.sockets[user] = ws
        playing = [t.id for t in self.tables.values() if t.running and user in t.seats]
        await self.send(user, m.Welcome(1 + list(self.users).index(user), user, tuple(playing)))
        await self.send(user, m.TableList(tuple(t.lobby(user) for t in self.tables.values())))
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
            except Exception as error:  # a bug of this test server: make it visible
                self.errors.append(error)
                raise
        if self.sockets.get(user) is ws:
            del self.sockets[user]
        return ws

    # --- Commands -----------------------------------------------------------------------------

    async def _command(self, user: str, command: Any) -> None:
        table = self.tables.get(getattr(command, "table_id", -1))
        if isinstance(command, m.ChatPM):
            await self.pm(user, command.recipient, command.msg)
            return
        if table is None:
            await self.send(user, m.Warning(f"no such table ({type(command).__name__})"))
            return
        seat = table.seats.index(user) if user in table.seats else -1
        if isinstance(command, m.TableJoin):
            if table.running or len(table.seats) >= table.size or seat >= 0:
                await self.send(user, m.Warning("you cannot join that table"))
                return
            table.seats.append(user)
            await self.send(user, m.Joined(table.id))
            for other in list(self.sockets):
                await self.send(other, table.lobby(other))
            if len(table.seats) == table.size:
                await self._start(table)
        elif seat < 0:
            await self.send(user, m.Warning("you are not at that table"))
        elif isinstance(command, m.TableReattend):
            if table.running:
                await self.send(user, m.TableStart(table.id))
        elif isinstance(command, m.GetGameInfo1):
            table.loaded.discard(seat)
            await self.send(
                user,
                m.Init(table.id, tuple(table.seats), seat, table.options(), seed=table.seed),
            )
        elif isinstance(command, m.GetGameInfo2):
            so_far = self._messages(table, seat)
            await self.send(
                user,
                m.GameActionList(table.id, tuple(m.parse_action(a) for a in so_far)),
            )
        elif isinstance(command, m.Loaded):
            table.loaded.add(seat)
            flags = tuple(u in self.sockets for u in table.seats)
            await self.send(user, m.Connected(table.id, flags))
        elif isinstance(command, m.Action):
            await self._action(table, seat, command)
        elif isinstance(command, m.TableUnattend | m.TableLeave):
            table.left.add(user)
            if table.state is not None and table.state.is_over and len(table.left) == table.size:
                self.done[table.id].set()

    async def _start(self, table: Table) -> None:
        # The hanab-live preset's options, as a seat's LiveGame has them (the library's own
        # variant for the few hanab.live names it maps, rule 11.4).
        options = LiveGame.start(table.variant, players=table.size, seat=0).options
        table.state = new_game(options, deck=deck(table.seed, options.variant))
        table.sent = {seat: len(self._messages(table, seat)) for seat in range(table.size)}
        for user in table.seats:
            await self.send(user, m.TableStart(table.id))

    def _messages(self, table: Table, seat: int) -> tuple[dict[str, Any], ...]:
        assert table.state is not None
        return messages(GameRecord.from_state(table.state), seat)

    async def _flush(self, table: Table) -> None:
        """Send every seated player the game actions of the last action (a player catching up
        gets them from its gameActionList: those sent before it are in it)."""
        for seat, user in enumerate(table.seats):
            every = self._messages(table, seat)
            for action in every[table.sent.get(seat, 0) :]:
                await self.send(user, m.GameAction(table.id, m.parse_action(action)))
            table.sent[seat] = len(every)

    async def _action(self, table: Table, seat: int, command: m.Action) -> None:
        state = table.state
        assert state is not None
        if state.is_over or state.current_player != seat:
            await self.send(table.seats[seat], m.Warning("it is not your turn"))
            return
        action: Action
        hand = [card.order for card in state.hands[seat]]
        try:
            if command.type in {0, 1}:
                slot = hand.index(command.target)
                action = Play(slot) if command.type == 0 else Discard(slot)
            elif command.type == 2:
                action = ColourClue(
                    command.target, state.options.variant.clue_colours[command.value]
                )
            else:
                action = RankClue(command.target, command.value)
            table.state = apply(state, action)
        except (ValueError, IndexError, HanabiError) as error:
            await self.send(table.seats[seat], m.Warning(f"illegal action: {error}"))
            return
        await self._flush(table)
        if table.state.is_over:
            cards = [
                {"suitIndex": c.suit_index, "rank": c.rank}
                for c in sorted(_every_card(table.state), key=lambda c: c.order)
            ]
            for user in table.seats:
                await self.send(user, m.CardIdentities(table.id, tuple(cards)))
                await self.send(user, m.FinishOngoingGame(table.id, database_id=1000 + table.id))
        if self.after_action is not None:
            await self.after_action(self, table)


def _every_card(state: GameState) -> list[Any]:
    seen: dict[int, Any] = {}
    for card in (*(c for hand in state.hands for c in hand), *state.deck, *state.discards):
        seen[card.order] = card
    for turn in state.turns:
        if turn.card is not None:
            seen[turn.card.order] = turn.card
    return list(seen.values())


def frame_data(frame: str) -> Any:
    return json.loads(frame.split(" ", 1)[1])
