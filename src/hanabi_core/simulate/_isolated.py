"""Each seat's bot in a process of its own, for contests: the bot's process receives its seat's
`PlayerView` and nothing else (issue 30, L6)."""

from __future__ import annotations

import multiprocessing
import pickle
import random
from multiprocessing.connection import Connection
from typing import Any

from ..actions import Action
from ..bots import BotFactory, decide
from ..notation import parse_action
from ..views import PlayerView
from ._results import SimulationError
from ._work import _dumps

__all__ = ["Isolated"]

#: The longest reply read from a bot's process: an action in the notation, or an error's text.
_MOST = 4096


class Isolated:
    """A bot factory whose bots play each in a process of their own: a contest's way to keep a
    bot from the game's state.

    `simulate` and `play_game` are not a sandbox: a bot runs in the process that holds the whole
    `GameState`, and Python lets it reach it (`sys._getframe`, `gc.get_objects`). Wrapped in
    `Isolated`, a bot is made and called in a fresh process (started by spawn, so that it holds
    nothing of this one's memory), one process per seat, kept for the next games: the bot's
    process receives its random source and its seat's `PlayerView` each turn, and sends back an
    action in the [action notation](../spec/notation.md), read here with
    [`parse_action`][hanabi_core.parse_action] (nothing it sends is unpickled here). Its cost is
    a round trip per turn (about 0.1 ms) and a process start per seat.

    The bot's process is still an ordinary process of the same user: it can read files and use
    the network. For that, run the whole harness in a container or under a separate account.

    ```python
    from hanabi_core.bots import SimpleBot
    from hanabi_core.simulate import Isolated, simulate

    with Isolated(SimpleBot) as bot:
        result = simulate(bot, games=2, seed=3, workers=1, bot_seed=7)
    assert result == simulate(SimpleBot, games=2, seed=3, workers=1, bot_seed=7)
    ```

    Args:
        factory: the bot factory to isolate (it travels as `simulate`'s bots do: by value with
            cloudpickle when installed). A bot that sees its own cards cannot be isolated.
        timeout: the most seconds a bot may take to be made or to choose an action; past them
            its process is ended and the game stops with a `SimulationError`.
    """

    def __init__(self, factory: BotFactory, *, timeout: float = 60.0) -> None:
        self.factory = factory
        self.timeout = timeout
        self.__name__: str = getattr(factory, "__name__", type(factory).__name__)
        self._seats: dict[int, _SeatProcess] = {}

    def __call__(self, rng: random.Random) -> _IsolatedBot:
        """A bot for one seat, drawing from `rng` (in its own process)."""
        return _IsolatedBot(self, rng)

    def _seat(self, seat: int) -> _SeatProcess:
        found = self._seats.get(seat)
        if found is None or not found.process.is_alive():
            found = self._seats[seat] = _SeatProcess(self.factory, seat)
        return found

    def close(self) -> None:
        """End the seats' processes (a new game starts them again)."""
        seats, self._seats = self._seats, {}
        for seat in seats.values():
            seat.close()

    def __enter__(self) -> Isolated:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        # Sent to a worker process: the factory, not this process's seats.
        return {"factory": self.factory, "timeout": self.timeout, "__name__": self.__name__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._seats = {}

    def __repr__(self) -> str:
        return f"Isolated({self.factory!r})"


class _SeatProcess:
    """One seat's process and this process's end of its pipe."""

    def __init__(self, factory: BotFactory, seat: int) -> None:
        dumps, _ = _dumps()
        context = multiprocessing.get_context("spawn")
        self.connection, theirs = context.Pipe()
        self.seat = seat
        self.process = context.Process(
            target=_serve, args=(theirs, dumps(factory)), daemon=True, name=f"seat {seat}"
        )
        try:
            self.process.start()
        except (AssertionError, OSError) as error:  # a daemon may not start processes
            self.connection.close()
            raise SimulationError(
                "the game under way",
                f"cannot start the process of the bot in seat {seat} ({error or 'a daemon'}): "
                "play Isolated bots in a process that may start others (on Dask, set the "
                "config distributed.worker.daemon to False)",
            ) from None
        finally:
            theirs.close()

    def ask(self, message: tuple[str, object], timeout: float) -> str:
        """Send `message`, the bot's reply (its text); a failure is a `SimulationError`."""
        try:
            self.connection.send_bytes(pickle.dumps(message))
            if not self.connection.poll(timeout):
                self.close()
                raise SimulationError(
                    "the game under way", f"the bot in seat {self.seat} took over {timeout:g} s"
                )
            reply = self.connection.recv_bytes(_MOST).decode("utf-8", "replace")
        except (OSError, EOFError) as error:
            self.close()
            raise SimulationError(
                "the game under way",
                f"the process of the bot in seat {self.seat} ended ({type(error).__name__})",
            ) from None
        if reply.startswith("!"):
            raise SimulationError("the game under way", f"the bot in seat {self.seat} {reply[1:]}")
        return reply

    def close(self) -> None:
        self.connection.close()
        self.process.join(1)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)


class _IsolatedBot:
    """One seat's bot, played in the seat's process."""

    def __init__(self, owner: Isolated, rng: random.Random) -> None:
        self._owner = owner
        self._rng = rng
        self._seat: _SeatProcess | None = None

    def __call__(self, view: PlayerView, /) -> Action:
        timeout = self._owner.timeout
        if self._seat is None:
            self._seat = self._owner._seat(view.seat)
            self._seat.ask(("bot", self._rng), timeout)
        return parse_action(self._seat.ask(("view", view), timeout), view)


def _serve(connection: Connection, factory_bytes: bytes) -> None:
    """The seat's process: make a bot on ``("bot", rng)``, answer each ``("view", view)`` with
    its action's text; an error's text starts with ``!``. Ends when the pipe closes."""
    factory: Any = None
    bot: Any = None
    while True:
        try:
            kind, value = pickle.loads(connection.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            if factory is None:
                factory = pickle.loads(factory_bytes)
            if kind == "bot":
                bot = factory(value)
                if getattr(bot, "sees_own_cards", False):
                    raise ValueError("sees its own cards, and an isolated bot gets its view only")
                reply = "ok"
            else:
                reply = str(decide(bot, value, ()))
        except Exception as error:  # the bot's: told to the harness in words
            reply = f"!raised {type(error).__name__}: {str(error)[:500]}"
        connection.send_bytes(reply.encode("utf-8"))
