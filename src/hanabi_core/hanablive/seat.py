"""One seat's game at a hanab.live table, over any connection: the catch-up, the turns and a bot
that fails, handled once for every client.

hanab.live's server sends a seat its game in two ways (its GPL source cited by path, none of it
copied): the whole game so far, on request (``getGameInfo1`` → ``init``, ``getGameInfo2`` →
``gameActionList``, ``server/src/command_get_game_info_2.go``), and each new game action as it
happens (``gameAction``), to the seats that are *present* only (``server/src/table_notify.go``).
Every seat is marked absent when the game starts (``server/src/command_table_start.go``) and
present again when it sends ``loaded`` (``server/src/command_loaded.go``). A seat that asks for the
game again while present (after a desync) keeps receiving game actions while its request is under
way, so frames of both kinds interleave.

[`Seat`][hanabi_core.hanablive.seat.Seat] reads them in one way whatever their order (no I/O: it
is given each parsed frame and answers the commands to send):

- one catch-up at a time: ``getGameInfo1`` is sent only when none is under way, an ``init`` is
  taken only in answer to it and a ``gameActionList`` only in answer to ``getGameInfo2``; a
  second list (a duplicate, a late answer) is never applied, on top of a game or otherwise;
- a ``gameAction`` that arrives while a catch-up is under way was sent before the server wrote
  the list (a socket keeps its order), so it is in the list: it is dropped, never applied twice;
  one that arrives after the list is applied in order;
- a [`Desync`][hanabi_core.hanablive.Desync] starts a catch-up from the server's own list; two in
  a row (the list itself contradicts the rules) raise it;
- a silence of `idle` seconds while the seat waits for others starts a catch-up too: hanab.live
  sends nothing to a seat between its ``gameActionList`` and its ``loaded``, so a turn taken in
  that window would otherwise never reach it.

[`play_table`][hanabi_core.hanablive.seat.play_table] is the loop over a `Seat` for those who hold
the socket themselves (the guide's bot does): it asks the bot in a daemon thread with a time limit,
and a bot that raises, returns an illegal action or runs past its limit never stalls the table
(`on_bot_error`, below). [`Client`][hanabi_core.hanablive.client.Client] plays through the same
loop.

``on_bot_error`` policies (the traceback is logged with the frame the bot was answering, then
[`BotFailed`][hanabi_core.errors.BotFailed] is raised once the policy is carried out):

- ``"terminate"`` (the default): end the game for everybody as a hanab.live player can, with the
  ``action`` of type 4 and end condition 4, "terminated by a player"
  (``server/src/command_action.go``); the server's ``gameOver`` follows and every seat goes back
  to the lobby;
- ``"leave"``: go back to the lobby (``tableUnattend``) and leave the game running, for a person
  to take the seat over; the other seats wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import attrs

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..errors import BotFailed, HanabiError, InvalidAction
from ..views import PlayerView
from . import wire as m
from .live import LiveGame
from .protocol import TERMINATED, Desync

__all__ = [
    "BOT_ERROR_POLICIES",
    "BotFailed",  # (defined in hanabi_core.errors, shared with the command line's bots)
    "Played",
    "Seat",
    "ask_bot",
    "play_table",
]

logger = logging.getLogger("hanabi_core.hanablive.seat")

#: What `play_table` does when the bot fails: see the module's text.
BOT_ERROR_POLICIES: tuple[str, ...] = ("terminate", "leave")
#: The ``action`` type that ends a game (``server/src/constants.go``, ``ActionTypeEndGame``).
END_GAME = 4

#: The most catch-ups one game may take before the seat gives up on the server.
MAX_CATCH_UPS = 200

_IDLE, _ASKED_INIT, _ASKED_LIST, _LOADED = "idle", "init", "list", "loaded"


@attrs.frozen
class Played:
    """A game `play_table` saw to its end.

    Attributes:
        game: the seat's final [`LiveGame`][hanabi_core.hanablive.LiveGame] (revealed once the
            ``cardIdentities`` came: then `game.record()` is the whole game).
        table_id: the table.
        players: the players' names from the ``init``, one per seat.
        database_id: the game's id in the server's database, from ``finishOngoingGame`` (its
            replay is ``<site>/replay/<id>``), or `None` if it did not come.
    """

    game: LiveGame
    table_id: int
    players: tuple[str, ...]
    database_id: int | None


class Seat:
    """One seat's game at table `table_id`, fed parsed frames (no I/O).

    `feed` takes each frame the server sends and returns the commands to send in answer;
    `wants_action` says when the bot should be asked; `act` turns its action into the command.
    """

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        #: The game as far as it has been read, once loaded; `None` before the first catch-up.
        self.game: LiveGame | None = None
        #: The players' names, from the ``init``.
        self.players: tuple[str, ...] = ()
        #: From ``finishOngoingGame``.
        self.database_id: int | None = None
        #: ``"idle"``, ``"init"`` (``getGameInfo1`` sent), ``"list"`` (``getGameInfo2`` sent) or
        #: ``"loaded"``.
        self.phase = _IDLE
        #: Counts the catch-ups applied: an action asked of the bot in an older one is stale.
        self.generation = 0
        #: Game actions dropped because the list under way holds them.
        self.dropped = 0
        #: Catch-ups asked for (the first included).
        self.catch_ups = 0
        self._pending: LiveGame | None = None
        self._desyncs = 0
        self._asked: tuple[int, int] | None = None
        self._last: m.GameActionItem | None = None
        self._revealed = False

    # --- Reading ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """The server has ended the game (its ``gameOver`` arrived)."""
        return self.game is not None and self.game.ended is not None

    @property
    def finished(self) -> bool:
        """The game is over and the server has sent what follows (the card identities and the
        database id): nothing more is due."""
        return self.over and self._revealed and self.database_id is not None

    @property
    def wants_action(self) -> bool:
        """The seat is to move, caught up, and the bot has not been asked for this turn."""
        game = self.game
        if self.phase != _LOADED or game is None or not game.is_my_turn:
            return False
        if game.end_undecided and not isinstance(self._last, m.Turn):
            return False  # rules 7.4c and 7.6a: the server's next message decides
        return self._asked != (self.generation, game.view.turn)

    def feed(self, message: m.Message) -> list[m.Command]:
        """Take one frame; the commands to send in answer.

        Raises:
            Desync: the server's own list contradicts the rules (twice in a row).
            InvalidOptions: the table's variant or options are ones hanabi_core cannot play.
        """
        if isinstance(message, m.Welcome):
            # A new socket: whatever was asked on the old one will not be answered.
            if self.phase in (_ASKED_INIT, _ASKED_LIST):
                self.phase = _IDLE
            if self.table_id in message.playing_at_tables and not self.over:
                self.phase = _IDLE
                return [m.TableReattend(self.table_id)]
            return []
        if getattr(message, "table_id", None) != self.table_id:
            return []
        if isinstance(message, m.TableStart):
            return [] if message.replay else self.catch_up()
        if isinstance(message, m.Init):
            if self.phase != _ASKED_INIT:
                return []  # not an answer to a request of ours (or a duplicate)
            self._pending = LiveGame.from_init(message)
            self.players = message.player_names
            self.phase = _ASKED_LIST
            return [m.GetGameInfo2(self.table_id)]
        if isinstance(message, m.GameActionList):
            return self._on_list(message)
        if isinstance(message, m.GameAction):
            return self._on_action(message)
        if isinstance(message, m.CardIdentities) and self.over and not self._revealed:
            assert self.game is not None
            try:
                self.game = self.game.reveal(message.card_identities)
                self._revealed = True
            except Desync as error:
                logger.error("the card identities contradict the game: %s", error)
        elif isinstance(message, m.FinishOngoingGame):
            self.database_id = message.database_id
        return []

    def _on_list(self, message: m.GameActionList) -> list[m.Command]:
        if self.phase != _ASKED_LIST or self._pending is None:
            return []  # never a list we did not ask for: it would be applied twice
        try:
            game = self._pending.receive_all(message.list)  # typed, as parsed
        except Desync as error:
            logger.error("desync catching up from %s: %s", brief(message), error)
            self._desyncs += 1
            if self._desyncs > 1:
                raise
            self.phase = _IDLE
            return self.catch_up()
        self.game = game
        self._pending = None
        self._desyncs = 0  # the server's own list reads cleanly: we are in step again
        self._last = message.list[-1] if message.list else None
        self.generation += 1
        self.phase = _LOADED
        return [m.Loaded(self.table_id)]

    def _on_action(self, message: m.GameAction) -> list[m.Command]:
        if self.phase in (_ASKED_INIT, _ASKED_LIST):
            self.dropped += 1  # sent before the list we asked for: the list holds it
            return []
        if self.over:
            return []  # after the server's gameOver nothing more is read of the game
        if self.phase == _IDLE or self.game is None:
            # We are present at a game we have not read (a lost tableStart): read it.
            return self.catch_up()
        try:
            self.game = self.game.receive(message.action)
        except Desync as error:
            logger.error("desync at %s: %s", brief(message), error)
            self._desyncs += 1
            if self._desyncs > 1:
                raise
            return self.catch_up()
        self._desyncs = 0
        self._last = message.action
        return []

    # --- Asking -----------------------------------------------------------------------------

    def catch_up(self) -> list[m.Command]:
        """Ask for the whole game again, unless a request is under way (one at a time).

        Raises:
            Desync: more than `MAX_CATCH_UPS` catch-ups in one game (a server that keeps
                contradicting itself).
        """
        if self.phase in (_ASKED_INIT, _ASKED_LIST) or self.over:
            return []
        self.catch_ups += 1
        if self.catch_ups > MAX_CATCH_UPS:
            raise Desync(self.game.received if self.game else 0, "$", "too many catch-ups")
        self.phase = _ASKED_INIT
        return [m.GetGameInfo1(self.table_id)]

    def on_idle(self) -> list[m.Command]:
        """Nothing came for a while: ask again if we wait for others (a game action lost in the
        window between ``gameActionList`` and ``loaded``), or if our request went unanswered."""
        if self.over:
            return []
        if self.phase in (_ASKED_INIT, _ASKED_LIST):
            self.phase = _IDLE  # the request was lost; a late answer is still taken in order
        elif self.phase == _LOADED and self.game is not None and self.game.is_my_turn:
            return []  # the silence is ours
        return self.catch_up()

    def act(self, action: Action, asked_at: tuple[int, int]) -> m.Action | None:
        """The ``action`` command for the bot's `action`, asked at ``(generation, turn)``;
        `None` if the game has moved on since (a catch-up, another turn).

        Raises:
            IllegalAction: the action is not legal for the seat now.
        """
        game = self.game
        if game is None or asked_at != (self.generation, game.view.turn) or not game.is_my_turn:
            return None
        payload = game.action_message(action)
        self._asked = asked_at
        return m.Action(self.table_id, payload["type"], payload["target"], payload["value"])

    def asking(self) -> tuple[int, int]:
        """Mark this turn as asked; the ``(generation, turn)`` to give `act`."""
        assert self.game is not None
        self._asked = (self.generation, self.game.view.turn)
        return self._asked

    def terminate(self) -> m.Action:
        """The command that ends the game for everybody, as a player can on hanab.live."""
        seat = self.game.seat if self.game is not None else 0
        return m.Action(self.table_id, END_GAME, seat, TERMINATED)

    def played(self) -> Played:
        """The game so far, as `play_table` returns it."""
        assert self.game is not None
        return Played(self.game, self.table_id, self.players, self.database_id)


def brief(message: m.Message) -> str:
    """The frame as text, cut to 300 characters (for logs)."""
    text = m.encode(message)
    return text if len(text) <= 300 else text[:297] + "..."


# --- The loop ----------------------------------------------------------------------------------


async def ask_bot(
    bot: Callable[[PlayerView], Action], view: PlayerView, limit: float | None
) -> Action:
    """`bot(view)` in a daemon thread (the loop keeps reading the socket, and a bot that never
    returns does not keep the process alive), within `limit` seconds.

    Raises:
        TimeoutError: the bot ran past `limit` (it goes on in its thread, unheard).
        Exception: whatever the bot raised.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Action] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if not future.done():
            if error is None:
                future.set_result(result)
            else:
                future.set_exception(error)

    def work() -> None:
        try:
            result, error = bot(view), None
        except BaseException as caught:  # handed to the loop, which logs it
            result, error = None, caught
        with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=work, name="hanabi-core bot", daemon=True).start()
    return await asyncio.wait_for(future, limit)


async def play_table(
    send: Callable[[m.Command], Awaitable[None]],
    receive: Callable[[], Awaitable[m.Message | None]],
    table_id: int,
    bot: Callable[[PlayerView], Action],
    *,
    join: bool = True,
    password: str = "",
    on_bot_error: Literal["terminate", "leave"] = "terminate",
    time_limit: float | None = 60.0,
    idle: float = 10.0,
    after_game: float = 5.0,
    bot_name: str | None = None,
) -> Played:
    """Play the game at table `table_id` over a connection of yours, to its end.

    Args:
        send: sends one command (your websocket's ``send_str(wire.encode(command))``).
        receive: the next frame the server sent, parsed (`wire.parse`), or `None` once the
            connection is closed for good.
        table_id: the table.
        bot: called with the seat's [`PlayerView`][hanabi_core.PlayerView] on each of its turns,
            as every bot of `hanabi_core.bots` is; returns one of its legal actions.
        join: send ``tableJoin`` first (`False` if already seated).
        password: the table's password, for ``tableJoin``.
        on_bot_error: ``"terminate"`` or ``"leave"`` (see the module's text).
        time_limit: seconds the bot may think per turn (`None`: no limit).
        idle: seconds of silence, while others are to move, before asking for the game again.
        after_game: seconds to wait after ``gameOver`` for the card identities and the database
            id.
        bot_name: the bot's name in a `BotFailed` (default: the callable's ``__name__``).

    Returns:
        The game, its players and its database id.

    Raises:
        BotFailed: the bot failed, and the policy was carried out.
        Desync: the server's own list of actions contradicts the rules.
        ConnectionError: the connection closed before the end of the game.
    """
    if on_bot_error not in BOT_ERROR_POLICIES:
        raise ValueError(f"on_bot_error is one of {', '.join(BOT_ERROR_POLICIES)}")

    async def send_safely(command: m.Command) -> None:
        # A socket closed under a send: `receive` reports it next (and a client that reconnects
        # catches up, asking the bot again if the action was lost).
        try:
            await send(command)
        except ConnectionError as error:
            logger.warning("could not send %s: %s", type(command).__name__, error)

    bot_name = bot_name or getattr(bot, "__name__", None) or type(bot).__name__
    seat = Seat(table_id)
    loop = asyncio.get_running_loop()
    thinking: asyncio.Task[Action] | None = None
    asked_at: tuple[int, int] = (-1, -1)
    frame: m.Message | None = None  # the last frame received
    answering: m.Message | None = None  # the last frame before the bot was asked
    failure: str | None = None
    over_at: float | None = None
    if join:
        await send_safely(m.TableJoin(table_id, password))
    next_frame: asyncio.Task[m.Message | None] | None = None
    try:
        while True:
            if seat.over and over_at is None:
                over_at = loop.time()
            if seat.finished or (over_at is not None and loop.time() - over_at > after_game):
                break
            if thinking is None and failure is None and seat.wants_action:
                asked_at = seat.asking()
                answering = frame  # logged with the bot's error, if any
                assert seat.game is not None
                thinking = asyncio.ensure_future(ask_bot(bot, seat.game.view, time_limit))
            if next_frame is None:
                next_frame = asyncio.ensure_future(receive())
            wait = after_game if over_at is not None else idle
            waiting: set[asyncio.Future[Any]] = {next_frame}
            if thinking is not None:
                waiting.add(thinking)
            done, _ = await asyncio.wait(waiting, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
            if thinking is not None and thinking in done:
                task, thinking = thinking, None
                failure = await _answer(seat, task, asked_at, answering, send_safely)
                if failure is not None:
                    if on_bot_error == "leave":
                        await send_safely(m.TableUnattend(table_id))
                        raise BotFailed(bot_name, failure, table_id)
                    await send_safely(seat.terminate())
                    over_at = over_at if over_at is not None else loop.time()
            if next_frame in done:
                message = next_frame.result()
                next_frame = None
                if message is None:
                    if seat.over:
                        break
                    raise ConnectionError("the connection closed before the end of the game")
                frame = message
                for command in seat.feed(message):
                    await send_safely(command)
                if isinstance(message, m.Warning) and thinking is None and seat.phase == _LOADED:
                    # An action of ours refused (or any other complaint): read the game again.
                    for command in seat.catch_up():
                        await send_safely(command)
            elif not done:
                for command in seat.on_idle():
                    await send_safely(command)
    finally:
        for pending in (thinking, next_frame):
            if pending is not None and not pending.done():
                pending.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await pending
    with contextlib.suppress(ConnectionError, HanabiError):
        await send_safely(m.TableUnattend(table_id))
    if failure is not None:
        raise BotFailed(bot_name, failure, table_id)
    if seat.game is None:
        raise ConnectionError("the game never started")
    return seat.played()


async def _answer(
    seat: Seat,
    task: asyncio.Task[Action],
    asked_at: tuple[int, int],
    frame: m.Message | None,
    send: Callable[[m.Command], Awaitable[None]],
) -> str | None:
    """Send the bot's action; what went wrong, if anything (logged with its traceback)."""
    at = brief(frame) if frame is not None else "the start"
    try:
        action = task.result()
    except (TimeoutError, asyncio.TimeoutError):
        logger.error("the bot ran past its time limit at turn %s, answering %s", asked_at[1], at)
        return "ran past its time limit"
    except Exception as error:
        logger.error("the bot raised at turn %s, answering %s", asked_at[1], at, exc_info=error)
        return f"raised {type(error).__name__}: {error}"
    try:
        if not isinstance(action, Play | Discard | ColourClue | RankClue):
            raise InvalidAction("action", f"a bot returns an action, got {type(action).__name__}")
        command = seat.act(action, asked_at)
    except HanabiError as error:
        logger.error(
            "the bot returned an illegal action %r at turn %s, answering %s",
            action,
            asked_at[1],
            at,
            exc_info=error,
        )
        return f"returned an illegal action, {action!r}: {error}"
    if command is not None:
        await send(command)
    return None
