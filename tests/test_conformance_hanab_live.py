"""Conformance: two real hanab.live games replay, move for move, to the scores hanab.live gave.

The loader is deliberately small and local (the records module has its own, `read_record`): it
reads the explicit deck and the actions of a "No Variant" game (docs/guides/records.md):

- suit indexes 0-4 are red, yellow, green, blue, white ("Purple" on hanab.live is white);
- action type 0 is a play and 1 a discard, whose target is the card's order: the slot is found in
  the acting player's hand; 2 is a colour clue (value: a clue-colour index), 3 a rank clue.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import (
    Action,
    Card,
    ColourClue,
    Discard,
    EndReason,
    GameState,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    is_legal,
    legal_actions,
    new_game,
    rating,
)

SUITS = ("red", "yellow", "green", "blue", "white")


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("options", {}).get("variant", "No Variant") == "No Variant"
    return data


def first_state(data: dict[str, Any]) -> GameState:
    deck = [Card(SUITS[card["suitIndex"]], card["rank"]) for card in data["deck"]]
    return new_game(Options(len(data["players"])), deck=deck)


def to_action(state: GameState, entry: dict[str, Any]) -> Action:
    kind, target, value = entry["type"], entry["target"], entry.get("value", 0)
    if kind in (0, 1):
        held = [card.order for card in state.hands[state.current_player]]
        assert target in held, f"card {target} is not in seat {state.current_player}'s hand"
        slot = held.index(target)
        return Play(slot) if kind == 0 else Discard(slot)
    if kind == 2:
        return ColourClue(target, SUITS[value])
    if kind == 3:
        return RankClue(target, value)
    raise AssertionError(f"unexpected action type {kind}")


def replay(data: dict[str, Any]) -> list[GameState]:
    states = [first_state(data)]
    for entry in data["actions"]:
        state = states[-1]
        assert not state.is_over, f"the game ended before action {state.turn}"
        action = to_action(state, entry)
        assert is_legal(state, action) and action in legal_actions(state)
        states.append(apply(state, action))
    return states


def check_bookkeeping(states: list[GameState]) -> None:
    """What every turn of a real game must satisfy, whatever happened in it."""
    for before, after in itertools.pairwise(states):
        assert after.turn == before.turn + 1
        assert after.current_player == (before.current_player + 1) % before.options.players
        assert 0 <= after.notes <= 8 and 0 <= after.storms < 3
        turn = after.last_turn
        assert turn is not None
        if isinstance(turn.action, (ColourClue, RankClue)):
            assert after.notes == before.notes - 1 and after.hands == before.hands
            assert turn.touched  # hanab.live's default: no clue touching nothing
        if isinstance(turn.action, Discard):
            assert after.notes == before.notes + 1


@pytest.fixture
def example_game(hanab_live: Path) -> dict[str, Any]:
    return load(hanab_live / "example_game.json")


@pytest.fixture
def no_variant(hanab_live: Path) -> dict[str, Any]:
    return load(hanab_live / "no_variant.json")


def test_r7_2_hanab_live_example_game_replays_to_25(example_game: dict[str, Any]) -> None:
    assert len(example_game["players"]) == 3 and len(example_game["actions"]) == 55
    states = replay(example_game)
    check_bookkeeping(states)
    final = states[-1]
    assert final.is_over and final.turn == 55
    assert final.outcome is not None
    assert final.outcome.reason is EndReason.ALL_FIREWORKS
    assert final.outcome.rule is Rule.ALL_FIREWORKS_COMPLETE
    assert final.score == 25 and final.outcome.perfect
    assert dict(final.fireworks) == dict.fromkeys(SUITS, 5)
    assert not states[-2].is_over  # the last action, and only it, ended the game
    rated = rating(final.score, final.options)
    assert rated is not None and rated.band == 6


def test_r7_3_hanab_live_no_variant_replays_to_23(no_variant: dict[str, Any]) -> None:
    assert len(no_variant["players"]) == 5 and len(no_variant["actions"]) == 53
    states = replay(no_variant)
    check_bookkeeping(states)
    final = states[-1]
    assert final.is_over and final.turn == 53
    assert final.outcome is not None
    assert final.outcome.reason is EndReason.FINAL_ROUND
    assert final.outcome.rule is Rule.FINAL_ROUND
    assert final.score == 23 and final.storms < 3
    # The last card was drawn exactly five turns (one per player) before the end.
    drew_last = next(i for i, s in enumerate(states) if s.turns_left is not None)
    assert drew_last == len(states) - 1 - 5
    assert states[drew_last].turns_left == 5 and states[drew_last].deck == ()
    assert [s.turns_left for s in states[drew_last:]] == [5, 4, 3, 2, 1, 0]
    rated = rating(final.score, final.options)
    assert rated is not None and rated.band == 5


def test_r2_4_and_r6_5_hanab_live_orders_match_block_dealing(no_variant: dict[str, Any]) -> None:
    # Every play or discard names a card by its order; finding each one in the actor's hand is
    # what checks the dealing (rule 2.4) and the newest-card-last draws (rule 6.5).
    states = replay(no_variant)
    hand_size = states[0].options.hand_size
    assert hand_size == 4
    assert [[c.order for c in hand] for hand in states[0].hands] == [
        list(range(4 * p, 4 * p + 4)) for p in range(5)
    ]
    drawn = [s.last_turn.drawn.order for s in states[1:] if s.last_turn and s.last_turn.drawn]
    assert drawn == list(range(20, 50))
