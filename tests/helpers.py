"""Shared helpers for the rule example tests (tests/test_s*.py).

- `deck_with` builds a stacked deck: chosen cards on top, then the rest of the variant's cards in
  canonical order, so a test can set up exact hands.
- `game` deals a game from the hands each seat should hold and the cards to draw next.
- `assert_refused` checks everything an illegal action must satisfy (rule id, message, `is_legal`,
  `check`, `legal_actions`, state unchanged).
- `snapshot` is a plain, comparable picture of every public field of a state.
"""

from __future__ import annotations

import gc
import types
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from hanabi_core import (
    VARIANTS,
    Action,
    Card,
    Discard,
    GameState,
    IllegalAction,
    Options,
    Play,
    RankClue,
    Rule,
    Variant,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
)
from hanabi_core.hanablive import variant as live_variant

__all__ = [
    "EMPTIED_SEAT_0",
    "EMPTIED_SEAT_1",
    "assert_refused",
    "cards",
    "clue_next",
    "deck_with",
    "emptied_hand_game",
    "game",
    "hand",
    "live_deal",
    "orders",
    "play_all",
    "seat0_deal",
    "snapshot",
    "touched",
]


def _variant_of(where: Options | Variant | str) -> Variant:
    if isinstance(where, Options):
        return where.variant
    if isinstance(where, Variant):
        return where
    return VARIANTS[where]


def deck_with(where: Options | Variant | str, top: Iterable[Card] = ()) -> list[Card]:
    """The variant's full deck with `top` first, then its other cards in canonical order.

    `where` is an `Options`, a `Variant` or a variant id. Raises `ValueError` if `top` asks for a
    card more often than the variant has it (a mistake in the test, not in the engine).
    """
    rest = list(_variant_of(where).deck)
    chosen = list(top)
    for card in chosen:
        try:
            rest.remove(card)
        except ValueError:
            raise ValueError(f"the deck has no more {card} to put on top") from None
    return [*chosen, *rest]


def game(
    options: Options,
    hands: Sequence[Sequence[Card]],
    then: Sequence[Card] = (),
) -> GameState:
    """A new game in which seat p holds `hands[p]` (oldest first) and the deck starts with `then`.

    Every hand must have `options.hand_size` cards, one per seat.
    """
    assert len(hands) == options.players, "one hand per seat"
    for hand_ in hands:
        assert len(hand_) == options.hand_size, f"hands have {options.hand_size} cards"
    top = [card for hand_ in hands for card in hand_]
    return new_game(options, deck=deck_with(options, [*top, *then]))


def live_deal(name: str, *hands: list[Card], players: int = 3) -> GameState:
    """A game of hanab.live's variant `name` whose first hands are `hands` (seat 0's first), the
    rest in deck order."""
    v = live_variant(name)
    return new_game(Options(players, variant=v), deck=deck_with(v, [c for h in hands for c in h]))


def seat0_deal(name: str, *mine: Card, **options: object) -> GameState:
    """Two players of hanab.live's variant `name`; seat 0 holds `mine` first (then the deck's next
    cards); clues that touch nothing are legal, so that seat 1 can always pass the turn back with
    a clue."""
    v = live_variant(name)
    return new_game(
        Options(2, variant=v, negative_clues=True, **options),  # type: ignore[arg-type]
        deck=deck_with(v, mine),
    )


def cards(held: Iterable[Any]) -> list[Card]:
    """The faces of some dealt cards, in order."""
    return [Card(card.suit, card.rank) for card in held]


def hand(state: GameState, seat: int) -> list[Card]:
    """The faces of a seat's hand, oldest first."""
    return cards(state.hands[seat])


def orders(held: Iterable[Any]) -> list[int]:
    """The orders of some dealt cards, in order."""
    return [card.order for card in held]


def snapshot(state: GameState) -> dict[str, Any]:
    """Every public field of a state as plain values (orders and faces), for exact comparisons."""
    return {
        "hands": [[(c.order, c.suit, c.rank) for c in h] for h in state.hands],
        "deck": [(c.order, c.suit, c.rank) for c in state.deck],
        "fireworks": dict(state.fireworks),
        "discards": [(c.order, c.suit, c.rank) for c in state.discards],
        "notes": state.notes,
        "storms": state.storms,
        "current_player": state.current_player,
        "turn": state.turn,
        "turns_left": state.turns_left,
        "score": state.score,
        "is_over": state.is_over,
        "outcome": state.outcome,
        "turns": state.turns,
    }


def assert_refused(state: GameState, action: object, rule: Rule) -> IllegalAction:
    """Assert that the rules refuse `action` in `state`, citing `rule`; return the error.

    Checks: `apply` raises `IllegalAction` (also a `ValueError`) whose `.rule` is `rule` and equals
    its id; the message is a plain sentence that ends by naming the rule, ``"(rule 4.5)"``;
    `.action` and `.state` are what was refused; `is_legal` is False; `check` names the same rule;
    the action is not in `legal_actions`; and the state is unchanged.
    """
    before = snapshot(state)
    try:
        apply(state, action)  # type: ignore[arg-type]
    except IllegalAction as error:
        refused = error
    else:
        raise AssertionError(f"{action!r} was accepted; rule {rule.value} should refuse it")
    assert isinstance(refused, ValueError)
    assert refused.rule is rule, f"cited {refused.rule!r}, expected {rule!r}"
    assert refused.rule == rule.value
    message = str(refused)
    assert message.endswith(f"({rule})"), message
    assert message.endswith(f"(rule {rule.value})"), message
    assert message == f"{refused.reason} (rule {rule.value})"
    # A sentence a player reads: it starts with a capital, says what cannot be done, and carries
    # no Python internals.
    assert refused.reason[:1].isupper(), message
    assert refused.reason.startswith("Cannot "), message
    for internal in ("DealtCard(", "Traceback", "Rule."):
        assert internal not in refused.reason, message
    assert refused.action is action
    assert refused.state is state
    assert is_legal(state, action) is False
    checked = check(state, action)
    assert checked is not None and checked.rule is rule
    assert str(checked) == message
    assert action not in legal_actions(state)
    assert snapshot(state) == before, "a refused action changed the state"
    return refused


def clue_next(state: GameState) -> GameState:
    """The current player gives the next seat a rank clue about its oldest card (costs a Note)."""
    players = state.options.players
    for step in range(1, players):
        target = (state.current_player + step) % players
        if state.hands[target]:
            return apply(state, RankClue(target, state.hands[target][0].rank))
    raise AssertionError("no other seat holds a card to clue")


def touched(state: GameState, clue: Action) -> tuple[int, ...]:
    """The orders of the cards a clue touches (from the turn it records), oldest first."""
    turn = apply(state, clue).last_turn
    assert turn is not None
    return turn.touched


def play_all(state: GameState, actions: Iterable[Action]) -> GameState:
    """Apply `actions` in order."""
    for action in actions:
        state = apply(state, action)
    return state


#: Seat 0's hand in `emptied_hand_game`: every card of the base game in building order but the
#: white 5, then a spare red 1 (a misplay once red is built).
EMPTIED_SEAT_0: tuple[Card, ...] = (
    *(Card(c, r) for c in ("red", "yellow", "green", "blue") for r in (1, 2, 3, 4, 5)),
    *(Card("white", r) for r in (1, 2, 3, 4)),
    Card("red", 1),
)
#: Seat 1's hand in `emptied_hand_game`: the other 25 cards, the white 5 last.
EMPTIED_SEAT_1: tuple[Card, ...] = (
    *(Card("red", r) for r in (1, 2, 3, 4)),
    *(Card(c, r) for c in ("yellow", "green", "blue", "white") for r in (1, 1, 2, 3, 4)),
    Card("white", 5),
)


def emptied_hand_game(**options: Any) -> GameState:
    """A 2-player "no last round" game (hands of 25, so the deck is empty from the start) played
    until seat 0 has no card left.

    Seat 0 plays its 25 cards oldest first: 24 fit (every firework complete but white, at 4), the
    spare red 1 is a misplay (1 Storm). Meanwhile seat 1 clues when all Notes are available and
    otherwise discards its oldest card (never the last copy of a needed card). Returned: turn 49,
    seat 1 to move with 15 cards (green 1 oldest, the white 5 newest), seat 0's hand empty,
    7 Notes, 1 Storm, 11 cards discarded, score 24.
    """
    state = game(
        Options(2, hand_size=25, last_round=False, **options),
        [EMPTIED_SEAT_0, EMPTIED_SEAT_1],
    )
    for turn in range(49):
        if state.current_player == 0:
            state = apply(state, Play(0))
        elif state.notes == state.options.max_notes:
            state = apply(state, RankClue(0, state.hands[0][0].rank))
        else:
            state = apply(state, Discard(0))
        assert not state.is_over, f"ended at turn {turn}: {state.outcome}"
    return state


def reachable_values(root: object) -> Counter[tuple[str, object]]:
    """The scalars (numbers, strings) reachable from `root` through its references, as a player
    holding `root` could find them with `gc.get_referents` (types, modules and code excluded)."""
    seen: set[int] = set()
    found: Counter[tuple[str, object]] = Counter()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(
            item, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
        ):
            continue
        if isinstance(item, (bool, int, float, str, bytes)):
            found[(type(item).__name__, item)] += 1
            continue
        stack.extend(gc.get_referents(item))
    return found
