"""hanab.live's own test games (its packages/client/test_data), replayed to the states its tests
pin (packages/client/src/game/reducers/integration.test.ts), and the variants they need."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import EndReason, read_record, write_record
from hanabi_core.cards import START
from hanabi_core.hanablive import variant
from hanabi_core.state import Direction


def real(hanab_live: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (hanab_live / "client" / f"{name}.json").read_text(encoding="utf-8")
    )
    return data


def test_r9_15_rainbow_ones_and_pink_ends_at_turn_53_with_25_and_8_clues(hanab_live: Path) -> None:
    record = read_record(hanab_live / "client" / "rainbow-ones_and_pink.json")
    assert record.options.variant is variant("Rainbow-Ones & Pink (5 Suits)")
    final = record.final()
    assert final.turn == 53 and final.score == 25 and final.notes == 8
    assert final.outcome is not None and final.outcome.reason is EndReason.ALL_FIREWORKS


def test_r9_8_rainbow_ones_and_pink_writes_back(hanab_live: Path) -> None:
    original = real(hanab_live, "rainbow-ones_and_pink")
    record = read_record(original)
    ours = json.loads(write_record(record))
    assert ours["options"]["variant"] == "hanab.live:Rainbow-Ones & Pink (5 Suits)"
    assert read_record(ours) == record
    back = json.loads(write_record(record, format="hanab-live"))
    for key in ("players", "deck", "actions"):
        assert back[key] == original[key]
    assert back["options"] == {"variant": "Rainbow-Ones & Pink (5 Suits)"}  # timing dropped
    assert read_record(back) == record


def test_r9_29_up_or_down_is_at_2_and_6_clues_after_4_turns_and_ends_at_turn_50_with_24_and_2(
    hanab_live: Path,
) -> None:
    # hanab.live's src/game/reducers/integration.test.ts pins these for up_or_down.json.
    record = read_record(hanab_live / "client" / "up_or_down.json")
    assert record.options.variant is variant("Up or Down (5 Suits)")
    states = list(record.states())
    assert (states[4].turn, states[4].score, states[4].notes) == (4, 2, 6)
    final = record.final()
    assert (final.turn, final.score, final.notes) == (50, 24, 2)
    # START cards were dealt and the fireworks went both ways.
    assert sum(1 for c in final.dealt if c.rank == START) == 5
    assert set(final.directions) == {Direction.UP, Direction.DOWN}


def test_r9_29_up_or_down_critical_replays_to_its_end(hanab_live: Path) -> None:
    data = real(hanab_live, "up_or_down_critical")
    record = read_record(data)
    assert record.options.variant is variant("Up or Down & Brown (6 Suits)")
    final = record.final()
    assert len(record.actions) == len(data["actions"]) == final.turn == 60
    assert final.storms < 3 and final.score == sum(final.built)


@pytest.mark.parametrize("name", ["up_or_down", "up_or_down_critical"])
def test_r9_29_up_or_down_games_write_back(hanab_live: Path, name: str) -> None:
    original = real(hanab_live, name)
    record = read_record(original)
    back = json.loads(write_record(record, format="hanab-live"))
    assert back["deck"] == original["deck"] and back["actions"] == original["actions"]
    assert read_record(back) == record
    assert read_record(json.loads(write_record(record))) == record


def test_r9_15_omni_ones_and_white_replays_to_its_end(hanab_live: Path) -> None:
    # deckPlays, emptyClues and the legacy startingPlayer 1: hanab.live's player 1 is our seat 0.
    data = real(hanab_live, "omni-ones_and_white")
    record = read_record(data)
    assert record.options.variant is variant("Omni-Ones & White (6 Suits)")
    assert record.options.negative_clues and record.players == ("Bob", "Alice")
    final = record.final()
    assert len(record.actions) == len(data["actions"]) == final.turn == 82
    assert final.outcome is not None and final.outcome.reason is EndReason.FINAL_ROUND
    assert (final.score, final.notes, final.storms) == (29, 5, 1)
    # Written back with our seat 0 first: the same game, read back equal.
    back = json.loads(write_record(record, format="hanab-live"))
    assert "startingPlayer" not in back["options"] and back["players"] == ["Bob", "Alice"]
    assert read_record(back) == record
    assert read_record(json.loads(write_record(record))) == record


def test_r2_6_starting_player_rotates_seats_hands_and_targets(hanab_live: Path) -> None:
    data = real(hanab_live, "omni-ones_and_white")
    record = read_record(data)
    first = record.states()
    start = next(iter(first))
    # Our seat 0 holds hanab.live's player 1's cards: their deck's cards 5 to 9.
    their_hand = [(c["suitIndex"], c["rank"]) for c in data["deck"][5:10]]
    suits = record.options.variant.suit_names
    assert [(suits.index(c.suit), c.rank) for c in start.hands[0]] == their_hand
