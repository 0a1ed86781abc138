"""The log of a game: `Entry`, one turn as the log keeps it, and `Log`, the persistent list of them.

A value module below the rules (`GameState` holds a `Log`; `rules.apply` pushes one `Entry` a
turn). The log compares, hashes, pickles and copies without recursion, so a game of any length (a
hundred thousand turns and more) stays an ordinary value.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from ._support.hashing import none_key
from .actions import Action
from .cards import DealtCard

__all__ = ["Entry", "Log", "push"]


class Entry(NamedTuple):
    """One turn as the log keeps it: the fields of `Turn` after `number`.

    A plain tuple underneath (it compares equal to the tuple of its fields), so `apply` stays
    cheap; `GameState.turns` turns entries into `Turn` values.

    Attributes:
        player: the seat that acted.
        action: the action taken.
        touched: for a clue, the orders of the cards it touched; empty otherwise.
        card: the card played or discarded; `None` for a clue.
        misplay: the play did not fit and cost a Storm (rule 6.3).
        note_gained: a Note came back (rules 5.3 and 6.4).
        drawn: the card the player drew afterwards, if any (rule 6.5).
    """

    player: int
    action: Action
    touched: tuple[int, ...]
    card: DealtCard | None
    misplay: bool
    note_gained: bool
    drawn: DealtCard | None

    @property
    def drawn_order(self) -> int | None:
        """The order of the card drawn, if any (as `SeenTurn.drawn_order`)."""
        return None if self.drawn is None else self.drawn.order


class Log:
    """The log of a game: a persistent linked list of `Entry`, newest turn first.

    Each turn adds one node that points at the log before it, so a state shares the whole past
    with the state before it. It is a value: two logs are equal when they hold equal entries, and
    equality, hashing, pickling and copying walk the list in a loop rather than by recursion, so
    no game is too long for them. Read it through `GameState.turns` and `GameState.last_turn`.

    Attributes:
        previous: the log before the latest turn, `None` for the first turn.
        entry: the latest turn.
    """

    # `_hash` is left unset until the hash is first asked for: an entry's hash is not free, and
    # `apply` (which builds a node per turn through `push`) is the hot path.
    __slots__ = ("_hash", "entry", "previous")

    previous: Log | None
    entry: Entry
    _hash: int

    def __init__(self, previous: Log | None, entry: Entry) -> None:
        _set(self, "previous", previous)
        _set(self, "entry", entry)

    @classmethod
    def of(cls, entries: Iterator[Entry] | tuple[Entry, ...] | list[Entry]) -> Log | None:
        """The log of `entries`, oldest first (`None` if there are none)."""
        log = None
        for entry in entries:
            log = cls(log, entry)
        return log

    def entries(self) -> list[Entry]:
        """Every entry, oldest first."""
        entries = []
        node: Log | None = self
        while node is not None:
            entries.append(node.entry)
            node = node.previous
        entries.reverse()
        return entries

    def __len__(self) -> int:
        length = 0
        node: Log | None = self
        while node is not None:
            length += 1
            node = node.previous
        return length

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Log is read-only: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Log is read-only: cannot delete {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        a: Log | None = self
        b: Log | None = other
        # Logs of states of one game share their past: stop at the first shared node.
        while a is not b:
            if a is None or b is None or a.entry != b.entry:
                return False
            a, b = a.previous, b.previous
        return True

    def __hash__(self) -> int:
        known: int | None = getattr(self, "_hash", None)
        if known is not None:
            return known
        # Hash the nodes not hashed yet, oldest first, each from the hash of the one before.
        pending = []
        node: Log | None = self
        while node is not None and getattr(node, "_hash", None) is None:
            pending.append(node)
            node = node.previous
        value: int = 0 if node is None else node._hash
        for node in reversed(pending):
            # The entry's fields, `None` (no card, no draw) as a constant: `hash(None)` is an
            # address before Python 3.12, not the same in two processes (see `_support.hashing`).
            player, action, touched, card, misplay, note_gained, drawn = node.entry
            value = hash((
                value, player, action, touched, none_key(card), misplay, note_gained,
                none_key(drawn),
            ))  # fmt: skip
            _set(node, "_hash", value)
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        # The entries, flat: pickling (and deep-copying) the nested nodes would recurse.
        return (_log_of, (tuple(self.entries()),))

    def __copy__(self) -> Log:
        return self  # immutable

    def __repr__(self) -> str:
        return f"<Log of {len(self)} turns>"


_set = object.__setattr__
_new = object.__new__
_set_previous = Log.__dict__["previous"].__set__
_set_entry = Log.__dict__["entry"].__set__


def push(previous: Log | None, entry: Entry) -> Log:
    """`Log(previous, entry)` for `rules.apply`'s hot path: the slots written through their
    descriptors, without a Python-level `__init__` (about a third of the cost)."""
    node = _new(Log)
    _set_previous(node, previous)
    _set_entry(node, entry)
    return node


def _log_of(entries: tuple[Entry, ...]) -> Log | None:
    return Log.of(entries)
