"""The state of a game, its history and its outcome.

Everything here is a frozen value. A [`GameState`][hanabi_core.GameState] is built only by
[`new_game`][hanabi_core.new_game] and [`apply`][hanabi_core.apply] (in `rules.py`); consecutive
states share every part that did not change, including the history, which is a persistent linked
list ([`Log`][hanabi_core.state.Log]) so that a turn adds one node instead of copying the past.

The log compares, hashes, pickles and copies without recursion, so a game of any length (a
hundred thousand turns and more) stays an ordinary value.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum, IntEnum
from typing import Any, Protocol, cast

from attrs import field, frozen

from ._support.fast import frozen_builder
from ._support.hashing import none_key
from .actions import Action, Discard, Play
from .cards import DealtCard
from .errors import InvalidArgument, brief

# `_log_of` stays importable here: pickles of a `Log` made before `log.py` name it `state._log_of`.
from .log import Entry, Log, _log_of, push  # noqa: F401
from .options import Options
from .scoring import points
from .spec import Rule

__all__ = [
    "Direction",
    "EndReason",
    "Entry",
    "Fate",
    "GameState",
    "Log",
    "Outcome",
    "Turn",
    "card_action",
    "card_fate",
    "new_state",
    "not_a_state",
    "push",
]


class Fate(str, Enum):
    """What befell a card that left a hand by a play or a discard (sections 5 and 6, rule 9.13)."""

    #: It extended its firework (rule 6.2).
    BUILT = "built"
    #: It was played and did not fit: a Storm (rule 6.3).
    MISPLAYED = "misplayed"
    #: It went to the discard pile (rule 5.1).
    DISCARDED = "discarded"


def card_fate(action: object, card: DealtCard, misplay: bool) -> Fate:
    """What `action` (a `Play` or a `Discard`) did to `card`: rule 9.13 swaps the two for a card of
    an inverted suit, whatever its player knew; `misplay` is the turn's (rule 6.3).

    ```python
    from hanabi_core import DealtCard, Discard, Play
    from hanabi_core.state import Fate, card_fate
    orange = DealtCard(0, "Orange", 1, 5, 0, 2, inverted=True)
    assert card_fate(Discard(0), orange, misplay=False) is Fate.BUILT  # played (rule 9.13)
    assert card_fate(Play(0), orange, misplay=False) is Fate.DISCARDED
    red = DealtCard(1, "Red", 2, 0, 1, 4)
    assert card_fate(Play(0), red, misplay=True) is Fate.MISPLAYED
    ```
    """
    if (type(action) is Play) == card.inverted:
        return Fate.DISCARDED
    return Fate.MISPLAYED if misplay else Fate.BUILT


def card_action(card: DealtCard, slot: int, *, play: bool) -> Play | Discard:
    """The action that plays `card` from `slot` (`play`), or that discards it: the other button
    for a card of an inverted suit (rule 9.13). The inverse of `card_fate`.

    ```python
    from hanabi_core import DealtCard, Discard, Play
    from hanabi_core.state import card_action
    orange = DealtCard(0, "Orange", 1, 5, 0, 2, inverted=True)
    assert card_action(orange, 2, play=True) == Discard(2)
    assert card_action(DealtCard(1, "Red", 1, 0, 1, 2), 2, play=True) == Play(2)
    ```
    """
    return Play(slot) if play != card.inverted else Discard(slot)


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
    card: DealtCard | None = field(default=None, eq=none_key)
    misplay: bool = False
    note_gained: bool = False
    drawn: DealtCard | None = field(default=None, eq=none_key)

    @property
    def drawn_order(self) -> int | None:
        """The order of the card drawn, if any (as `SeenTurn.drawn_order`)."""
        return None if self.drawn is None else self.drawn.order

    @property
    def fate(self) -> Fate | None:
        """What befell the card played or discarded (rule 9.13 through `card_fate`); `None` for a
        clue."""
        if self.card is None:
            return None
        return card_fate(self.action, self.card, self.misplay)


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


class Shown:
    """What a table shows, a state and a seat's view alike: `str` is the table as text, a notebook
    shows it as SVG (`hanabi_core.render`, imported when first asked: it imports this module)."""

    __slots__ = ()

    def __str__(self) -> str:
        """The table as text, as its viewer sees it (`hanabi_core.render.text`)."""
        from .render import text  # noqa: PLC0415

        return text(cast("Any", self))  # a GameState or a PlayerView, the two subclasses

    def _repr_html_(self) -> str:
        """The table as SVG, as its viewer sees it, for notebooks (`hanabi_core.render.svg`)."""
        from .render import svg  # noqa: PLC0415

        return svg(cast("Any", self))


@frozen(repr=False)
class GameState(Shown):
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
    turns_left: int | None = field(eq=none_key)
    log: Log | None = field(repr=False, eq=none_key)
    outcome: Outcome | None = field(eq=none_key)
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


class _NewState(Protocol):
    def __call__(  # noqa: PLR0917
        self,
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
    ) -> GameState: ...


#: `GameState(...)` with the same fields, in their order, for `rules.apply`'s hot path: the slots
#: written through their descriptors (`_support.fast.frozen_builder`), at about 60% of the cost
#: of attrs' `__init__`, which is a tenth of a whole turn. The state is just as frozen afterwards.
new_state: _NewState = frozen_builder(GameState)


def not_a_state(value: object, name: str = "state") -> InvalidArgument:
    """The error for `value`, given as argument `name` where a `GameState` is due (issue 25).

    The functions taking a state (`apply`, `check`, `view`, ...) raise it on the failure path
    only: they read the state's fields directly, and when that fails on a value that is not a
    `GameState` this names the argument rather than letting an `AttributeError` escape.

    ```python
    from hanabi_core.state import not_a_state

    assert str(not_a_state("x")) == "Invalid state: must be a GameState (from new_game), got 'x'"
    ```
    """
    return InvalidArgument(name, f"must be a GameState (from new_game), got {brief(value)}")
