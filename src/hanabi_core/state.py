"""The state of a game, its history and its outcome.

Everything here is a frozen value. A [`GameState`][hanabi_core.GameState] is built only by
[`new_game`][hanabi_core.new_game] and [`apply`][hanabi_core.apply] (in `rules.py`); consecutive
states share every part that did not change, including the history, which is a persistent linked
list ([`Log`][hanabi_core.state.Log]) so that a turn adds one node instead of copying the past.

The log compares, hashes, pickles and copies without recursion, so a game of any length (a
hundred thousand turns and more) stays an ordinary value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import Enum, IntEnum
from typing import Any, TypeVar

from attrs import field, fields, frozen

from .actions import Action
from .cards import DealtCard
from .options import Options
from .scoring import points
from .spec import Rule

__all__ = [
    "Direction",
    "EndReason",
    "Entry",
    "GameState",
    "Log",
    "Outcome",
    "Turn",
    "new_state",
    "push",
]


@frozen
class Turn:
    """What happened in one turn: the public record of it.

    Attributes:
        number: the turn's index, 0 for the first action of the game.
        player: the seat that acted.
        action: the action taken.
        touched: for a clue, the orders of the cards it touched, oldest first (empty for a
            negative clue, rule 10.2); empty for a play or discard.
        card: the card played or discarded (revealed to everybody); `None` for a clue.
        misplay: the play did not fit and cost a Storm (rule 6.3).
        note_gained: a Note came back: by the discard (rule 5.3) or by completing a firework
            (rule 6.4).
        drawn: the card the player drew afterwards, if any (rule 6.5).
    """

    number: int
    player: int
    action: Action
    touched: tuple[int, ...] = ()
    card: DealtCard | None = None
    misplay: bool = False
    note_gained: bool = False
    drawn: DealtCard | None = None


#: One turn as the log keeps it: (player, action, touched, card, misplay, note_gained, drawn), the
#: fields of `Turn` after `number`. Plain tuples keep `apply` cheap; `GameState.turns` turns them
#: into `Turn` values.
Entry = tuple[int, Action, tuple[int, ...], "DealtCard | None", bool, bool, "DealtCard | None"]


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
            value = hash((value, node.entry))
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
_set_previous = Log.__dict__["previous"].__set__
_set_entry = Log.__dict__["entry"].__set__


def push(previous: Log | None, entry: Entry) -> Log:
    """`Log(previous, entry)` for `rules.py`'s hot path: the slots written through their
    descriptors, without a Python-level `__init__` (about a third of the cost)."""
    node = _new(Log)
    _set_previous(node, previous)
    _set_entry(node, entry)
    return node


def _log_of(entries: tuple[Entry, ...]) -> Log | None:
    return Log.of(entries)


_Held = TypeVar("_Held")


def _replace_card(hand: list[_Held], slot: int, drawn: _Held | None) -> _Held:
    """Rule 6.5 for a hand followed through a history as a list, oldest card first: the card
    played or discarded leaves from `slot` (the cards after it move down a slot) and the card
    drawn, if any, comes in as the newest. Returns the card that left.

    `views.view`, `sampling` and `hle.knowledge` replay hands (of orders, of cards, of what is
    known of them) with it; `rules.py` states the same rule on the state's tuples.
    """
    left = hand.pop(slot)
    if drawn is not None:
        hand.append(drawn)
    return left


class EndReason(str, Enum):
    """Why a game ended (section 7)."""

    #: The last Storm token was turned (rule 7.1).
    STORM_OUT = "storm-out"
    #: Every firework is complete (rule 7.2).
    ALL_FIREWORKS = "all-fireworks"
    #: The final round after the last draw is over (rule 7.3).
    FINAL_ROUND = "final-round"
    #: No last round: the maximum score can no longer be reached (rule 7.4).
    MAX_SCORE_UNREACHABLE = "max-score-unreachable"
    #: No last round: the player to move has no legal action (rule 7.4).
    NO_LEGAL_ACTION = "no-legal-action"
    #: The score equals the most still reachable: no card left can be built (rule 7.6, an option).
    NOTHING_LEFT_TO_BUILD = "nothing-left-to-build"
    #: The game was stopped from outside, e.g. by hanab.live's server or a vote (rule 7.5).
    ABANDONED = "abandoned"


class Direction(IntEnum):
    """Which way an Up or Down firework is built (rule 9.29; hanab.live's ``StackDirection``,
    server/src/variants_reversible.go). A complete firework keeps the direction it was built in."""

    #: Nothing decided yet: the firework is empty, or only its START card is on it.
    UNDECIDED = 0
    #: Built up to 5: it was started with a 1, or with START and a 2.
    UP = 1
    #: Built down to 1: it was started with a 5, or with START and a 4.
    DOWN = 2


@frozen
class Outcome:
    """How a game ended.

    Attributes:
        reason: why it ended.
        score: the final score under the game's options (section 8).
        max_score: the highest score under the game's options (rule 8.1).
        rule: the spec rule that ended the game.
    """

    reason: EndReason
    score: int
    max_score: int
    rule: Rule

    @property
    def perfect(self) -> bool:
        """The score is the maximum."""
        return self.score == self.max_score

    def __str__(self) -> str:
        from .render import outcome  # noqa: PLC0415 (render imports this module)

        return outcome(self)


@frozen(repr=False)
class GameState:
    """A position of a game: frozen, hashable, and shared with the states around it.

    Build one with [`new_game`][hanabi_core.new_game]; get the next with
    [`apply`][hanabi_core.apply].

    Attributes:
        options: the game's options.
        dealt: every card of the game, in deck order (a card's order is its index here).
        hands: one tuple per seat, oldest card first (rule 2.4).
        drawn: how many cards have been taken from the deck, the deal included.
        built: cards built on each firework, in the variant's suit order.
        discards: the discard pile, oldest first (misplays included, rule 6.3).
        notes: Note tokens available (rule 1.2); half Notes in Clue Starved (rule 9.25).
        storms: Storm tokens turned (rule 1.3).
        current_player: the seat to move (rule 3.2).
        turn: actions taken so far.
        turns_left: `None` until the last card is drawn; then the turns left in the final round
            (rule 7.3).
        log: the turns so far as a persistent linked list (see `Log`), `None` before the first
            turn; read it through `turns` and `last_turn`.
        outcome: `None` while the game goes on.
        directions: in Up or Down, each firework's `Direction`, in the variant's suit order (rule
            9.29); empty in every other variant.
        starts: in Sudoku, the rank each firework was started with, 0 while it is empty, in the
            variant's suit order (rule 9.32); empty in every other variant.
        seed: the seed the deck was shuffled from (rule 2.5), drawn by
            [`new_game`][hanabi_core.new_game] when none was given, so that
            ``new_game(state.options, seed=state.seed)`` deals the game again; `None` for a deck
            given card by card. Every later state keeps it. Not part of equality or hashing (two
            games dealt the same deck are the same position), not shown in `repr`, and never in a
            player's view: it reveals the deck.

    Only [`new_game`][hanabi_core.new_game], [`apply`][hanabi_core.apply] and
    [`abandon`][hanabi_core.abandon] make valid states. A state built or changed by hand (with
    `attrs.evolve`, say a seat of -1 or negative Notes) is not validated, and what the engine
    does with it is undefined; [`check_state`][hanabi_core.testing.invariants.check_state] tells
    whether one keeps every invariant of the rules.
    """

    options: Options
    dealt: tuple[DealtCard, ...] = field(repr=False)
    hands: tuple[tuple[DealtCard, ...], ...]
    drawn: int
    built: tuple[int, ...]
    discards: tuple[DealtCard, ...]
    notes: int
    storms: int
    current_player: int
    turn: int
    turns_left: int | None
    log: Log | None = field(repr=False)
    outcome: Outcome | None
    directions: tuple[int, ...] = ()
    starts: tuple[int, ...] = ()
    seed: int | None = field(default=None, eq=False, repr=False)

    @property
    def deck(self) -> tuple[DealtCard, ...]:
        """The cards still to draw, the next one first."""
        return self.dealt[self.drawn :]

    @property
    def deck_size(self) -> int:
        """How many cards are still to draw."""
        return len(self.dealt) - self.drawn

    @property
    def fireworks(self) -> Mapping[str, int]:
        """Suit name → number of cards built on its firework (read-only)."""
        return self.options.variant.fireworks(self.built)

    @property
    def score(self) -> int:
        """The score the rules give if the game ended now (section 8)."""
        if self.outcome is not None:
            return self.outcome.score
        return points(self.options, self.built)  # rule 8.1 (ruling 13.7 for a descending suit)

    @property
    def is_over(self) -> bool:
        """The game has ended; `legal_actions` is empty."""
        return self.outcome is not None

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The history: every turn so far, first turn first."""
        if self.log is None:
            return ()
        return tuple(Turn(number, *entry) for number, entry in enumerate(self.log.entries()))

    @property
    def last_turn(self) -> Turn | None:
        """The latest turn, or `None` before the first."""
        if self.log is None:
            return None
        return Turn(self.turn - 1, *self.log.entry)

    def __repr__(self) -> str:
        from .render import state_repr  # noqa: PLC0415 (render imports this module)

        return state_repr(self)

    def __str__(self) -> str:
        """The table as text (`hanabi_core.render.text`)."""
        from .render import text  # noqa: PLC0415

        return text(self)

    def _repr_html_(self) -> str:
        """The table as SVG, for notebooks (`hanabi_core.render.svg`)."""
        from .render import svg  # noqa: PLC0415

        return svg(self)


_SLOTS = tuple(GameState.__dict__[a.name].__set__ for a in fields(GameState))


def new_state(  # noqa: PLR0917
    options: Options,
    dealt: tuple[DealtCard, ...],
    hands: tuple[tuple[DealtCard, ...], ...],
    drawn: int,
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    notes: int,
    storms: int,
    current_player: int,
    turn: int,
    turns_left: int | None,
    log: Log | None,
    outcome: Outcome | None,
    directions: tuple[int, ...] = (),
    starts: tuple[int, ...] = (),
    seed: int | None = None,
) -> GameState:
    """`GameState(...)` with the same fields, for `rules.py`'s hot path.

    attrs' generated `__init__` of a frozen class writes each field through a bound
    `object.__setattr__`; writing the slots through their descriptors has the same effect at about
    60% of the cost, which is a tenth of a whole turn. The state is just as frozen afterwards.
    """
    state = _new(GameState)
    (
        set_options, set_dealt, set_hands, set_drawn, set_built, set_discards, set_notes,
        set_storms, set_current_player, set_turn, set_turns_left, set_log, set_outcome,
        set_directions, set_starts, set_seed,
    ) = _SLOTS  # fmt: skip
    set_options(state, options)
    set_dealt(state, dealt)
    set_hands(state, hands)
    set_drawn(state, drawn)
    set_built(state, built)
    set_discards(state, discards)
    set_notes(state, notes)
    set_storms(state, storms)
    set_current_player(state, current_player)
    set_turn(state, turn)
    set_turns_left(state, turns_left)
    set_log(state, log)
    set_outcome(state, outcome)
    set_directions(state, directions)
    set_starts(state, starts)
    set_seed(state, seed)
    return state


_new = object.__new__
