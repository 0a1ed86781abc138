"""Bots for the command line and the harness: a bot by name or by import path
([`load_bot`][hanabi_core.seating.load_bot]), and different bots at one table
([`Seats`][hanabi_core.seating.Seats]).

A bot factory is what [`simulate`][hanabi_core.simulate.simulate] and ``hanabi-core simulate
--bot`` take: a callable ``factory(rng: random.Random) -> bot`` called once per seat and game with
the seat's own random source (its only randomness), where the bot is a callable ``bot(view:
PlayerView) -> Action`` returning one of
[`legal_actions_in_view(view)`][hanabi_core.bots.legal_actions_in_view]. A class whose
constructor takes the random source is a factory. Put it in a module and name it
``module:factory`` (or ``path/to/file.py:factory``):

```python
# mybot.py
from hanabi_core.bots import legal_actions_in_view

class FirstLegal:
    def __init__(self, rng):
        self.rng = rng

    def __call__(self, view):
        return legal_actions_in_view(view)[0]
```

```text
hanabi-core simulate --bot mybot:FirstLegal,simple --games 100
hanabi-core simulate --seats simple,mybot:FirstLegal,simple
hanabi-core new --players 3 --play mybot:FirstLegal
```

```python
from hanabi_core.seating import Seats, load_bot
from hanabi_core.simulate import simulate

table = Seats.parse("simple,random,simple")
result = simulate(table, players=3, games=4, seed=1, workers=1)
assert result.bots == ("simple,random,simple",) and result.summaries[0].games == 4
assert load_bot("hanabi_core.bots:SimpleBot") is load_bot("simple")
```
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Sequence
from typing import Literal

from .actions import Action
from .bots import BOTS, AnyBot, BotFactory, decide
from .cards import DealtCard
from .errors import BotFailed, InvalidArgument, InvalidOptions, brief
from .views import PlayerView

__all__ = ["BotFailed", "GuardedFactory", "NamedFactory", "Seats", "bot_label", "load_bot"]


def load_bot(spec: str) -> BotFactory:
    """The bot factory `spec` names: a name of [`BOTS`][hanabi_core.bots.BOTS] (``"simple"``),
    ``"module:factory"`` (a module on the import path; the current folder is searched too, as
    ``python -m`` does), or ``"path/to/file.py:factory"`` (the file's folder is put on the import
    path, so that the factory pickles for worker processes). ``factory`` may be dotted
    (``"mybots:Family.cautious"``).

    Raises:
        InvalidArgument: an unknown name, a module that cannot be imported (its error is
            quoted), a missing attribute, or one that is not callable.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidArgument("bot", f"a bot is a name or module:factory, got {brief(spec)}")
    spec = spec.strip()
    if spec in BOTS:
        return BOTS[spec]
    module_name, colon, attribute = spec.rpartition(":")
    if not colon or not module_name or not attribute:
        raise InvalidArgument(
            "bot",
            f"unknown bot {brief(spec)}; the bots are {', '.join(BOTS)}, or module:factory "
            "for a bot of your own",
        )
    if module_name.endswith(".py"):
        folder, file = os.path.split(os.path.abspath(module_name))
        if not os.path.isfile(module_name):
            raise InvalidArgument("bot", f"no file {brief(module_name)} for bot {brief(spec)}")
        if folder not in sys.path:
            sys.path.insert(0, folder)
        module_name = file.removesuffix(".py")
    elif os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())  # after the installed modules: never shadow them
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as error:  # the user's module: whatever its import raises
        # (`SystemExit` too: a module that exits on import must not end the command silently)
        reason = f"it raised {_raised(error)}" if isinstance(error, SystemExit) else str(error)
        raise InvalidArgument(
            "bot", f"cannot import {brief(module_name)} for bot {brief(spec)}: {reason}"
        ) from None
    found: object = module
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise InvalidArgument(
                "bot", f"{brief(module_name)} has no {brief(attribute)} for bot {brief(spec)}"
            ) from None
    if not callable(found):
        raise InvalidArgument(
            "bot", f"{brief(spec)} is not a bot factory (a callable taking a random.Random)"
        )
    return found


def bot_label(spec: str) -> str:
    """The name a summary and the records give the bot of `spec`: `spec` itself, a file's path
    cut to its file name (``"bots/mine.py:make"`` is ``"mine.py:make"``, so that a record's file
    name ``<bot>-<seed>.json`` holds no folder)."""
    module_name, colon, attribute = spec.strip().rpartition(":")
    if colon and module_name.endswith(".py"):
        return f"{os.path.basename(module_name)}:{attribute}"
    return spec.strip()


class NamedFactory:
    """A bot factory under another name (the name a summary shows, e.g. ``"mybot:make"``);
    it pickles when the factory does.

    ```python
    from hanabi_core.bots import SimpleBot
    from hanabi_core.seating import NamedFactory
    assert NamedFactory(SimpleBot, "cautious").__name__ == "cautious"
    ```
    """

    def __init__(self, factory: BotFactory, name: str) -> None:
        self.factory = factory
        self.__name__ = name

    def __call__(self, rng: random.Random) -> AnyBot:
        """The factory's bot for one seat."""
        return self.factory(rng)

    def __repr__(self) -> str:
        return f"NamedFactory({self.factory!r}, {self.__name__!r})"


def _raised(error: BaseException) -> str:
    """What `error` is, in words: ``"RuntimeError: boom"``, ``"SystemExit(3)"``."""
    if isinstance(error, SystemExit):
        return f"SystemExit({brief(error.code)})"
    try:
        text = str(error)
    except Exception:  # a user's exception whose __str__ raises
        text = ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _failure(name: str, error: BaseException, where: str) -> BotFailed:
    if isinstance(error, InvalidOptions):
        return BotFailed(name, f"refuses the game's options ({where}): {error}")
    return BotFailed(name, f"raised {_raised(error)} ({where})")


class GuardedFactory:
    """A bot factory whose bots' failures are [`BotFailed`][hanabi_core.errors.BotFailed],
    naming the bot: what the command line plays, so that a bot that raises (anything, even
    `SystemExit`) or is not a bot ends the command with one line rather than a traceback. A
    `KeyboardInterrupt` passes through (Ctrl-C stops `simulate`, which reports the games done).
    The bots play exactly as the factory's own; it pickles when the factory does.

    ```python
    import random
    from hanabi_core import Options, new_game, view
    from hanabi_core.seating import BotFailed, GuardedFactory

    def broken(rng):
        def bot(seen):
            raise RuntimeError("boom")
        return bot

    bot = GuardedFactory(broken, "broken")(random.Random(1))
    try:
        bot(view(new_game(Options(2), seed=1), 0), ())
    except BotFailed as error:
        assert str(error) == "the bot broken raised RuntimeError: boom (seat 0, turn 0)"
    ```
    """

    def __init__(self, factory: BotFactory, name: str) -> None:
        self.factory = factory
        self.__name__ = name

    def __call__(self, rng: random.Random) -> AnyBot:
        """The factory's bot for one seat, guarded.

        Raises:
            BotFailed: the factory raised, or returned what is not callable.
        """
        try:
            bot = self.factory(rng)
        except (Exception, SystemExit) as error:
            raise _failure(self.__name__, error, "making the bot") from error
        if not callable(bot):
            raise BotFailed(
                self.__name__,
                f"is not a bot factory: it returned {brief(bot)}, not a bot (a callable taking "
                "a view)",
            )
        return _GuardedBot(bot, self.__name__)

    def __repr__(self) -> str:
        return f"GuardedFactory({self.factory!r}, {self.__name__!r})"


class _GuardedBot:
    """One seat's bot of a `GuardedFactory`: its move, or `BotFailed`."""

    #: The harness passes the seat's cards; they go on only to a bot that sees its own cards.
    sees_own_cards: Literal[True] = True

    def __init__(self, bot: AnyBot, name: str) -> None:
        self._bot = bot
        self._name = name

    def __call__(self, view: PlayerView, own_cards: Sequence[DealtCard], /) -> Action:
        try:
            return decide(self._bot, view, own_cards)
        except (Exception, SystemExit) as error:
            where = f"seat {view.seat}, turn {view.turn}"
            raise _failure(self._name, error, where) from error


class Seats:
    """Different bots at one table: seat *s* is played by ``factories[s]``. It is itself a bot
    factory, so [`simulate`][hanabi_core.simulate.simulate] and
    [`play_game`][hanabi_core.simulate.play_game] take it as one bot (named by its seats,
    ``"simple,random,simple"``), and each seat's bot still gets that seat's own random source.

    The bot it makes knows its seat from the first view it is given and makes the seat's own bot
    then. Own cards reach only a seat's bot that declares
    [`sees_own_cards`][hanabi_core.bots.CheatingBot].

    Raises:
        InvalidArgument: no factory, or one that is not callable; when playing, a table with
            another number of seats.
    """

    def __init__(self, *factories: BotFactory, names: Sequence[str] | None = None) -> None:
        if not factories or not all(callable(f) for f in factories):
            raise InvalidArgument("seats", f"give one bot factory per seat, got {brief(factories)}")
        if names is None:
            names = [getattr(f, "__name__", type(f).__name__) for f in factories]
        if len(names) != len(factories):
            raise InvalidArgument("seats", "give one name per seat")
        self.factories = tuple(factories)
        self.names = tuple(names)
        self.__name__ = ",".join(self.names)

    @classmethod
    def parse(cls, text: str) -> Seats:
        """The table ``"simple,random,mybot:make"``: one `load_bot` spec per seat, in order.

        Raises:
            InvalidArgument: an empty seat or a bot `load_bot` refuses.
        """
        specs = [part.strip() for part in text.split(",")] if isinstance(text, str) else []
        if not specs or not all(specs):
            raise InvalidArgument(
                "seats", f"one bot per seat, comma-separated (simple,random), got {brief(text)}"
            )
        return cls(*(load_bot(spec) for spec in specs), names=[bot_label(spec) for spec in specs])

    def __call__(self, rng: random.Random) -> AnyBot:
        """A bot for one seat, drawing from `rng`: it plays as its seat's factory's bot."""
        return _SeatedBot(self, rng)

    def __repr__(self) -> str:
        return f"Seats.parse({self.__name__!r})"


class _SeatedBot:
    """One seat of a `Seats` table: made before it knows its seat, it makes the seat's own bot
    from the seat's random source on its first turn (no one else draws from that source, so the
    bot is the one the factory would have made at the deal)."""

    #: The harness passes the seat's cards; they go on only to a bot that sees its own cards.
    sees_own_cards: Literal[True] = True

    def __init__(self, table: Seats, rng: random.Random) -> None:
        self._table = table
        self._rng = rng
        self._bot: AnyBot | None = None

    def __call__(self, view: PlayerView, own_cards: Sequence[DealtCard], /) -> Action:
        if self._bot is None:
            factories = self._table.factories
            if len(view.hands) != len(factories):
                raise InvalidArgument(
                    "seats",
                    f"{len(factories)} bots ({self._table.__name__}) for a table of "
                    f"{len(view.hands)} seats",
                )
            self._bot = factories[view.seat](self._rng)
        return decide(self._bot, view, own_cards)
