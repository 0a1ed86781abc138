"""`GameMachine`: a Hypothesis state machine that plays games and checks every invariant, and the
`EngineAdapter` protocol through which another engine plays the same games beside hanabi_core."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, TypeVar

from attrs import field, fields, frozen
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from ..actions import Action
from ..cards import Card
from ..options import Options
from ..rules import apply, is_legal, legal_actions, new_game
from ..state import GameState
from .invariants import (
    absurd_actions,
    check_legal_actions,
    check_refusal,
    check_state,
    check_transition,
    documented_order,
)
from .strategies import _misplay, decks, options

__all__ = ["EngineAdapter", "GameMachine", "HanabiCoreAdapter", "Observation", "observe"]

G = TypeVar("G")


def _read_only(value: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(value))


def _faces(hands: Iterable[Iterable[Any]] | None) -> tuple[tuple[Card, ...], ...] | None:
    if hands is None:
        return None
    return tuple(tuple(Card(c.suit, c.rank) for c in hand) for hand in hands)


def _cards(cards: Iterable[Any] | None) -> tuple[Card, ...] | None:
    return None if cards is None else tuple(Card(c.suit, c.rank) for c in cards)


@frozen
class Observation:
    """What the machine compares between two engines after every turn.

    `notes`, `storms`, `score`, `is_over` and `fireworks` are required; the other fields may be
    `None` when an engine does not expose them, and are then not compared.

    Attributes:
        notes: Note (clue, information) tokens available.
        storms: Storm tokens turned (an engine counting lives gives ``max_storms - lives``).
        score: the score if the game ended now (0 after a Storm-out under the default rules).
        is_over: whether the game has ended.
        fireworks: suit name → cards built on it (hanabi_core's lower-case suit names).
        current_player: the seat to move, or `None` once over or if not exposed.
        hands: every hand's faces (`Card`), oldest card first.
        deck_size: cards still to draw.
        discards: the discard pile's faces, oldest first.
    """

    notes: int
    storms: int
    score: int
    is_over: bool
    fireworks: Mapping[str, int] = field(converter=_read_only, hash=False)
    current_player: int | None = None
    hands: tuple[tuple[Card, ...], ...] | None = field(default=None, converter=_faces)
    deck_size: int | None = None
    discards: tuple[Card, ...] | None = field(default=None, converter=_cards)

    def differences(self, other: Observation) -> list[str]:
        """The fields on which `self` and `other` disagree, skipping those either leaves `None`."""
        found = []
        for attribute in fields(Observation):
            mine, theirs = getattr(self, attribute.name), getattr(other, attribute.name)
            if mine is None or theirs is None:
                continue
            if attribute.name == "fireworks":
                mine, theirs = dict(mine), dict(theirs)
            if mine != theirs:
                found.append(f"{attribute.name}: {mine!r} != {theirs!r}")
        return found


def observe(state: GameState) -> Observation:
    """hanabi_core's own `Observation` of `state`."""
    return Observation(
        notes=state.notes,
        storms=state.storms,
        score=state.score,
        is_over=state.is_over,
        fireworks=state.fireworks,
        current_player=None if state.is_over else state.current_player,
        hands=state.hands,
        deck_size=len(state.deck),
        discards=state.discards,
    )


class EngineAdapter(Protocol[G]):
    """How `GameMachine` drives an engine. `G` is the engine's game object.

    Actions are hanabi_core's (`Play(slot)`, `Discard(slot)`, `ColourClue(target, colour)`,
    `RankClue(target, rank)`, with absolute seats and slots counted from the oldest card): the
    adapter translates them to and from the engine's own moves.
    """

    def new_game(self, options: Options, deck: Sequence[Card]) -> G:
        """A new game under `options` dealing `deck`, top card first, in hanabi_core's
        convention (seat p gets positions p*H to p*H+H-1; each draw takes the next card)."""
        ...

    def legal_actions(self, game: G) -> Iterable[Action]:
        """The engine's legal actions, translated."""
        ...

    def apply(self, game: G, action: Action) -> G:
        """The game after `action`. May change `game` in place and return it."""
        ...

    def observe(self, game: G) -> Observation:
        """What the engine shows of `game`."""
        ...


class HanabiCoreAdapter:
    """hanabi_core itself, as an `EngineAdapter[GameState]` (the machine's default)."""

    def new_game(self, options: Options, deck: Sequence[Card]) -> GameState:
        """`new_game(options, deck=deck)`."""
        return new_game(options, deck=deck)

    def legal_actions(self, game: GameState) -> Iterable[Action]:
        """`legal_actions(game)`."""
        return legal_actions(game)

    def apply(self, game: GameState, action: Action) -> GameState:
        """`apply(game, action)`."""
        return apply(game, action)

    def observe(self, game: GameState) -> Observation:
        """`observe(game)`."""
        return observe(game)


class GameMachine(RuleBasedStateMachine):
    """Plays games in hanabi_core and in `adapter`'s engine side by side, checking after every
    turn every invariant of hanabi_core and that both engines agree.

    Each run draws options from `options_strategy` and a deck, then takes steps: a legal action
    (any, or one that does not misplay), or an action from the legal and absurd ones, which must be
    taken if legal and refused otherwise. When a game ends, every action must be refused, and a
    new game starts with new options and a new deck, so one run plays games back to back.
    Subclass it and set the class attributes to test another engine:

    Attributes:
        adapter: the engine under test; `HanabiCoreAdapter()` by default (hanabi_core against
            its own invariants).
        options_strategy: where the options come from; `options()` by default.
        compare_order: also require the engine's legal actions in hanabi_core's order.
        check_action_space: after every turn, run `check_legal_actions` on hanabi_core's state
            (the whole action space, absurd actions included). The costliest check.

    Run it with ``TestGame = GameMachine.TestCase`` in a test module, or with
    `hypothesis.stateful.run_state_machine_as_test`.
    """

    adapter: ClassVar[EngineAdapter[Any]] = HanabiCoreAdapter()
    options_strategy: ClassVar[st.SearchStrategy[Options]] = options()
    compare_order: ClassVar[bool] = False
    check_action_space: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.game: Any = None
        #: Games started and turns taken in this run.
        self.games = 0
        self.turns = 0

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Draw options and a deck; start the game in both engines."""
        opts = data.draw(self.options_strategy, label="options")
        deck = data.draw(decks(opts.variant), label="deck")
        self.state = new_game(opts, deck=deck)
        self.game = self.adapter.new_game(opts, deck)
        self.games += 1
        self.compare()

    @precondition(lambda self: self.state is not None and self.state.is_over)
    @rule(data=st.data())
    def deal_again(self, data: st.DataObject) -> None:
        """Once a game is over, every action is refused; then a new game starts."""
        state = self.state
        assert state is not None
        for action in (*documented_order(state), *absurd_actions(state)[:4]):
            check_refusal(state, action)
        self.deal(data)

    def _take(self, action: Action) -> None:
        before = self.state
        assert before is not None
        after = apply(before, action)
        check_transition(before, action, after)
        self.game = self.adapter.apply(self.game, action)
        self.state = after
        self.turns += 1
        self.compare()

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def take_any_legal_action(self, data: st.DataObject) -> None:
        """A legal action, misplays included."""
        assert self.state is not None
        self._take(data.draw(st.sampled_from(legal_actions(self.state)), label="action"))

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def take_a_safe_action(self, data: st.DataObject) -> None:
        """A legal action that does not misplay (when there is one), so games last."""
        state = self.state
        assert state is not None
        legal = legal_actions(state)
        legal = tuple(a for a in legal if not _misplay(state, a)) or legal
        self._take(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def try_any_action(self, data: st.DataObject) -> None:
        """Legal or absurd: a legal one is taken, any other must be refused by both engines."""
        state = self.state
        assert state is not None
        choices = (*legal_actions(state), *absurd_actions(state))
        action = data.draw(st.sampled_from(choices), label="any action")
        if is_legal(state, action):
            self._take(action)  # type: ignore[arg-type]
            return
        check_refusal(state, action)
        theirs = list(self.adapter.legal_actions(self.game))
        assert action not in theirs, f"the engine accepts {action!r}"

    def compare(self) -> None:
        """Both engines agree on the legal actions and on everything observed."""
        state = self.state
        assert state is not None
        expected = legal_actions(state)
        theirs = [] if state.is_over else list(self.adapter.legal_actions(self.game))
        if Counter(theirs) != Counter(expected):
            missing = [a for a in expected if a not in theirs]
            extra = [a for a in theirs if a not in expected]
            dupes = [a for a, k in Counter(theirs).items() if k > 1]
            raise AssertionError(
                f"turn {state.turn}: legal actions differ; the engine lacks {missing}, "
                f"adds {extra}, repeats {dupes}"
            )
        if self.compare_order:
            assert tuple(theirs) == expected, "the engine lists its legal actions in another order"
        differences = observe(state).differences(self.adapter.observe(self.game))
        assert not differences, f"turn {state.turn}: " + "; ".join(differences)

    @invariant()
    def invariants_hold(self) -> None:
        """Every invariant of hanabi_core's state (and the whole action space, if asked)."""
        if self.state is None:
            return
        check_state(self.state)
        if self.check_action_space:
            check_legal_actions(self.state)
