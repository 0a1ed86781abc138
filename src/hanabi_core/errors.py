"""The errors hanabi_core raises on purpose.

```text
HanabiError
├── IllegalAction      (also ValueError)  an action the rules forbid; .rule, .action, .state
├── InvalidOptions     (also ValueError)  Options that are not a game; .field
├── InvalidDeck        (also ValueError)  a deck that is not the variant's cards; .field
└── InvalidRecord      (also ValueError)  a game record that cannot be read; .path
```

Every error carries a message a player understands. Nothing that raises one of these has changed
anything: a refused action leaves the state as it was (states are immutable anyway).
"""

from __future__ import annotations

import pickle
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .spec import Rule

__all__ = [
    "BotFailed",
    "HanabiError",
    "IllegalAction",
    "InvalidAction",
    "InvalidArgument",
    "InvalidDeck",
    "InvalidOptions",
    "InvalidRecord",
]

#: The longest text of a value an error message repeats (longer values are cut).
_MAX_SHOWN = 60


def printable(text: str, most: int = 200) -> str:
    """`text` safe to log and print: control and formatting characters (terminal escapes, line
    breaks, bidirectional overrides, which a record's names or a server's words may hold to forge
    output) escaped, cut to `most` characters. The one such filter, for the command line and the
    hanab.live client (a documented internal name)."""
    safe = "".join(
        ch.encode("unicode_escape").decode("ascii")
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        else ch
        for ch in text[: most + 1]
    )
    return safe if len(safe) <= most else safe[: most - 3] + "..."


def brief(value: object) -> str:
    """`repr(value)`, cut to `_MAX_SHOWN` characters, for messages; never raises. Every room's
    error messages quote what they refuse through it (a documented internal name).

    Messages quote what they refuse, but a megabyte string or an integer of thousands of digits
    (whose `repr` raises `ValueError` past 4,300 digits) must not become a megabyte message.
    """
    if type(value) is int and not -(10**18) < value < 10**18:
        return "a huge number"
    try:
        text = repr(value)
    except Exception:  # any repr may fail; the message must not
        return f"a {type(value).__name__}"
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


#: The name `brief` had before the rooms (issue 21); kept for code written against it.
_brief = brief


def _rebuild(cls: type[HanabiError], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return cls(*args, **kwargs)


class HanabiError(Exception):
    """Base of every error the library raises on purpose. Never raised itself.

    Errors compare equal when they have the same type and were built from equal arguments, so a
    pickled or copied error equals the original.
    """

    # What the error was built from, for pickling, copying and equality (subclasses set them).
    _init_args: tuple[Any, ...] = ()
    _init_kwargs: dict[str, Any] = {}  # noqa: RUF012  (never mutated: replaced per instance)

    def _build(self, message: str, args: tuple[Any, ...], **attributes: Any) -> None:
        """How a subclass's ``__init__`` ends: keep `attributes`, remember `args` (what the error
        was built from, which `__reduce__` rebuilds it from and `__eq__` compares) and set
        `message`."""
        vars(self).update(attributes)
        self._init_args = args
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own pickling calls cls(*self.args), which these constructors do not take.
        extra = {k: v for k, v in vars(self).items() if not k.startswith("_init_")}
        return (_rebuild, (type(self), self._init_args, self._init_kwargs), extra)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, HanabiError)
        return (self._init_args, self._init_kwargs) == (other._init_args, other._init_kwargs)

    def __hash__(self) -> int:
        return hash((type(self), str(self)))


class IllegalAction(HanabiError, ValueError):
    """An action the rules forbid in this state.

    Attributes:
        rule: the spec rule that forbids the action (a [`Rule`][hanabi_core.spec.Rule], which
            compares equal to its id, e.g. ``"5.2"``).
        action: the action that was refused.
        state: the state it was refused in (unchanged).
        reason: the plain-words sentence, without the rule reference.
        turn: when the action came from a game record, the index of the refused action in it.
    """

    def __init__(
        self,
        rule: Rule,
        reason: str,
        *,
        action: Any = None,
        state: Any = None,
        turn: int | None = None,
    ) -> None:
        self.rule = rule
        self.reason = reason
        self.action = action
        self.state = state
        self.turn = turn
        self._init_args = (rule, reason)
        self._init_kwargs = {"action": action, "state": state, "turn": turn}
        super().__init__(self._message())

    def __reduce__(self) -> tuple[Any, ...]:
        reduced = super().__reduce__()
        action = self.action
        try:
            pickle.dumps(action)
        except Exception:  # anything may be passed to apply; the error must still pickle
            # An object that is not an action (rule 3.4) may not pickle: keep what it looked like.
            rebuild, (cls, args, kwargs), extra = reduced
            kwargs = {**kwargs, "action": brief(action)}
            reduced = (rebuild, (cls, args, kwargs), {**extra, "action": brief(action)})
        return reduced

    def _message(self) -> str:
        where = f"Turn {self.turn}: " if self.turn is not None else ""
        return f"{where}{self.reason} ({self.rule})"

    def at_turn(self, turn: int) -> IllegalAction:
        """The same error, naming the turn (the index of the action in a record) it happened at."""
        return IllegalAction(
            self.rule, self.reason, action=self.action, state=self.state, turn=turn
        )


class InvalidOptions(HanabiError, ValueError):
    """Options that do not describe a game the rules allow.

    Attributes:
        field: the name of the option at fault, e.g. ``"players"``.
    """

    field: str

    def __init__(self, field: str, message: str) -> None:
        self._build(f"Invalid option {field!r}: {message}", (field, message), field=field)


class InvalidDeck(HanabiError, ValueError):
    """A deck that is not exactly the variant's cards.

    Attributes:
        field: what is at fault, e.g. ``"deck"`` or ``"seed"``.
    """

    field: str

    def __init__(self, field: str, message: str) -> None:
        self._build(f"Invalid {field}: {message}", (field, message), field=field)


class InvalidRecord(HanabiError, ValueError):
    """A game record that cannot be read.

    Attributes:
        path: the JSON path of the field at fault, e.g. ``"$.actions[3].type"``.
    """

    path: str

    def __init__(self, path: str, message: str) -> None:
        self._build(f"Invalid record at {path}: {message}", (path, message), path=path)


class BotFailed(HanabiError, RuntimeError):
    """A bot failed while playing: its factory or its move raised (whatever it raised,
    `SystemExit` included, a refusal of the game's options too), its factory returned what is not
    a bot, or, at a hanab.live table, it returned an illegal action or ran past its time limit.
    A move the rules forbid, chosen by a bot that `simulate` or `apply` plays, is not this error
    but [`IllegalAction`][hanabi_core.IllegalAction].

    Raised by the bots of a [`GuardedFactory`][hanabi_core.seating.GuardedFactory] (what the
    command line plays) and by [`hanablive.seat.play_table`][hanabi_core.hanablive.seat.play_table]
    once its ``on_bot_error`` policy is carried out.

    Attributes:
        bot: the bot's name (``"simple"``, ``"mybot:make"``).
        cause: what happened, in words (``"raised RuntimeError: boom"``).
        table_id: the hanab.live table it failed at, or `None`.
    """

    def __init__(self, bot: str, cause: str, table_id: int | None = None) -> None:
        self.bot = bot
        self.cause = cause
        self.table_id = table_id
        self._init_args = (bot, cause, table_id)
        at = "" if table_id is None else f" at table {table_id}"
        super().__init__(f"the bot {bot} {cause}{at}")


class InvalidArgument(HanabiError, ValueError, TypeError):
    """A value of the wrong kind or out of range, given to a function of the library (e.g. a seat
    that does not exist to [`view`][hanabi_core.view], a negative score to
    [`rating`][hanabi_core.rating]).

    It is both a `ValueError` and a `TypeError`, what such calls raised before.

    Attributes:
        field: the argument at fault, e.g. ``"player"``.
    """

    field: str

    def __init__(self, field: str, message: str) -> None:
        self._build(f"Invalid {field}: {message}", (field, message), field=field)


class InvalidAction(InvalidArgument):
    """An action built from values of the wrong kind, e.g. ``Play(True)`` or ``RankClue(1, "3")``.

    Like `InvalidOptions` for options: a slot, a target or a rank is a whole number (never a bool,
    a float or a string, and never beyond 64 bits), a colour is a string.

    Attributes:
        field: the field at fault, e.g. ``"slot"``.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message)
        self.args = (f"Invalid action field {field!r}: {message}",)
