"""Section 10, Options: validated at construction, and what each option changes."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    HanabiError,
    InvalidOptions,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    is_legal,
    legal_actions,
    new_game,
)
from hanabi_core.options import STORM_OUT_SCORES
from helpers import assert_refused, game, touched

REDS = [Card("red", 1)] * 3 + [Card("red", 2)] * 2
WHITES = [Card("white", 1)] * 3 + [Card("white", 2)] * 2


def invalid(**fields: Any) -> InvalidOptions:
    with pytest.raises(InvalidOptions) as caught:
        Options(**fields)
    error = caught.value
    assert isinstance(error, HanabiError) and isinstance(error, ValueError)
    assert str(error).startswith(f"Invalid option {error.field!r}: ")
    return error


# --- 10.1 -----------------------------------------------------------------------------------------


def test_r10_1_defaults() -> None:
    options = Options(3)
    assert (
        options.players,
        options.variant,
        options.hand_size,
        options.max_notes,
        options.max_storms,
        options.negative_clues,
        options.storm_out_score,
        options.last_round,
    ) == (3, VARIANTS["base"], 5, 8, 3, False, "zero", True)
    assert STORM_OUT_SCORES == ("zero", "fireworks")


def test_r10_1_options_are_frozen() -> None:
    options = Options(3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        options.players = 4  # type: ignore[misc]
    assert Options(3) == options and hash(Options(3)) == hash(options)


@pytest.mark.parametrize(
    ("field", "fields", "says"),
    [
        ("players", {"players": 1}, "from 2 to 6"),
        ("players", {"players": 7}, "from 2 to 6"),
        ("players", {"players": "2"}, "from 2 to 6"),
        ("variant", {"players": 2, "variant": "purple"}, "base, multicolour"),
        ("variant", {"players": 2, "variant": 3}, "must be a Variant or one of"),
        ("hand_size", {"players": 2, "hand_size": 0}, "from 1 to 1000"),
        ("hand_size", {"players": 2, "hand_size": -3}, "from 1 to 1000"),
        ("hand_size", {"players": 2, "hand_size": 2.5}, "whole number"),
        ("hand_size", {"players": 2, "hand_size": 26}, "need 52 cards, but the deck has 50"),
        ("hand_size", {"players": 5, "hand_size": 11}, "need 55 cards"),
        ("max_notes", {"players": 2, "max_notes": 0}, "from 1 to 1000"),
        ("max_notes", {"players": 2, "max_notes": "8"}, "whole number"),
        ("max_notes", {"players": 2, "max_notes": True}, "whole number"),
        ("max_storms", {"players": 2, "max_storms": 0}, "from 1 to 1000"),
        ("max_storms", {"players": 2, "max_storms": 3.0}, "whole number"),
        ("negative_clues", {"players": 2, "negative_clues": 1}, "True or False"),
        ("negative_clues", {"players": 2, "negative_clues": "yes"}, "True or False"),
        ("storm_out_score", {"players": 2, "storm_out_score": "half"}, "'zero' or 'fireworks'"),
        ("storm_out_score", {"players": 2, "storm_out_score": 0}, "'zero' or 'fireworks'"),
        ("last_round", {"players": 2, "last_round": 0}, "True or False"),
        ("last_round", {"players": 2, "last_round": None}, "True or False"),
    ],
    ids=lambda v: v if isinstance(v, str) else "-".join(f"{k}={v[k]!r}" for k in v),
)
def test_r10_1_every_field_is_validated_and_named(
    field: str, fields: dict[str, Any], says: str
) -> None:
    error = invalid(**fields)
    assert error.field == field
    assert says in str(error)


def test_r10_1_variant_by_id_or_value_and_hand_size_against_the_variants_deck() -> None:
    assert Options(2, variant="multicolour").variant is VARIANTS["multicolour"]
    assert Options(2, variant=VARIANTS["black-powder"]).variant is VARIANTS["black-powder"]
    assert Options(2, hand_size=30, variant="multicolour").hand_size == 30  # 60 cards
    assert invalid(players=2, hand_size=30).field == "hand_size"  # 50 cards


def test_r10_1_replace_validates_again() -> None:
    options = Options(2, max_notes=9)
    assert options.replace(players=4).hand_size == 4  # the table again
    assert options.replace(players=4).max_notes == 9
    with pytest.raises(InvalidOptions) as caught:
        options.replace(max_storms=0)
    assert caught.value.field == "max_storms"


# --- 10.2 -----------------------------------------------------------------------------------------


def test_r10_2_negative_clues_off_refuses_a_clue_that_touches_nothing() -> None:
    state = game(Options(2), [REDS, WHITES])
    assert_refused(state, ColourClue(1, "blue"), Rule.CLUE_MUST_TOUCH)
    assert_refused(state, RankClue(1, 5), Rule.CLUE_MUST_TOUCH)


def test_r10_2_negative_clues_on_allows_it_and_lists_every_clue() -> None:
    state = game(Options(2, negative_clues=True), [REDS, WHITES])
    assert touched(state, ColourClue(1, "blue")) == ()
    assert touched(state, RankClue(1, 5)) == ()
    assert touched(state, ColourClue(1, "white")) == (5, 6, 7, 8, 9)  # still complete
    clues = [a for a in legal_actions(state) if isinstance(a, (ColourClue, RankClue))]
    assert clues == [
        *(ColourClue(1, c) for c in ("red", "yellow", "green", "blue", "white")),
        *(RankClue(1, r) for r in (1, 2, 3, 4, 5)),
    ]
    # It changes nothing else: a clue still costs a Note, still goes to another player.
    assert_refused(state, ColourClue(0, "blue"), Rule.CLUE_TARGETS_ANOTHER_PLAYER)
    assert_refused(state, ColourClue(1, "purple"), Rule.CLUE_NAMES_ONE_VALUE)
    assert apply(state, ColourClue(1, "blue")).notes == 7


# --- 10.3 -----------------------------------------------------------------------------------------


def test_r10_3_max_notes_sets_the_start_and_the_cap() -> None:
    state = game(Options(2, max_notes=9), [REDS, WHITES])
    assert state.notes == 9
    assert_refused(state, Discard(0), Rule.DISCARD_NEEDS_A_SPENT_NOTE)
    state = apply(state, RankClue(1, 1))
    assert state.notes == 8 and is_legal(state, Discard(0))
    state = apply(state, Discard(0))
    assert state.notes == 9
    assert not any(isinstance(a, Discard) for a in legal_actions(state))


def test_r10_3_the_cap_stays_8_with_the_multicolour_variants() -> None:
    for variant in VARIANTS:
        assert Options(3, variant=variant).max_notes == 8
        assert new_game(Options(3, variant=variant), seed=1).notes == 8
    assert EDITIONS["abacus"].options(3, variant="multicolour").max_notes == 8
    assert EDITIONS["abacus"].options(3, max_notes=9).max_notes == 9


def test_r10_3_a_small_cap() -> None:
    state = game(Options(2, max_notes=1), [REDS, WHITES])
    assert state.notes == 1
    state = apply(state, RankClue(1, 1))
    assert_refused(state, RankClue(0, 1), Rule.CLUE_COSTS_A_NOTE)
    state = apply(state, Discard(0))
    assert state.notes == 1


def test_r10_3_the_bonus_respects_the_raised_cap() -> None:
    reds = [Card("red", r) for r in (1, 2, 3, 4, 5)]
    state = game(Options(2, hand_size=1, max_notes=9), [reds[:1], reds[1:2]], then=reds[2:])
    for _ in range(5):
        state = apply(state, Play(0))
    assert state.fireworks["red"] == 5 and state.notes == 9  # at the cap: the bonus is lost
    assert state.last_turn is not None and not state.last_turn.note_gained


# --- 10.4 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("max_storms", [1, 2, 3, 4])
def test_r10_4_max_storms_is_the_storm_that_ends_the_game(max_storms: int) -> None:
    misplays = [Card("red", 5), Card("red", 4), Card("red", 4), Card("red", 3), Card("red", 3)]
    state = game(
        Options(2, hand_size=1, max_storms=max_storms),
        [misplays[:1], misplays[1:2]],
        then=misplays[2:],
    )
    for storm in range(1, max_storms + 1):
        assert not state.is_over
        state = apply(state, Play(0))
        assert state.storms == storm
    assert state.is_over and state.outcome is not None
    assert state.outcome.reason is EndReason.STORM_OUT and state.turn == max_storms


# --- 10.5 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("storm_out_score", "score"), [("zero", 0), ("fireworks", 1)])
def test_r10_5_storm_out_score(storm_out_score: str, score: int) -> None:
    top = [Card("red", 1), Card("red", 4), Card("red", 3)]
    state = game(
        Options(2, hand_size=1, max_storms=2, storm_out_score=storm_out_score),
        [top[:1], top[1:2]],
        then=top[2:],
    )
    state = apply(apply(apply(state, Play(0)), Play(0)), Play(0))  # red 1, then two misplays
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    assert state.outcome.score == score == state.score
    assert state.fireworks["red"] == 1


def test_r10_5_storm_out_score_does_not_touch_other_endings() -> None:
    state = new_game(
        Options(5, hand_size=10, storm_out_score="fireworks"), deck=VARIANTS["base"].deck
    )
    for _ in range(5):
        state = apply(state, Play(0))
    assert state.outcome is not None and state.outcome.reason is EndReason.FINAL_ROUND
    assert state.score == 5


# --- 10.6 -----------------------------------------------------------------------------------------


def test_r10_6_last_round_true_plays_the_final_round() -> None:
    state = new_game(Options(2, hand_size=25), deck=VARIANTS["base"].deck)
    assert state.turns_left == 2
    state = apply(apply(state, Play(0)), Play(0))
    assert state.is_over and state.outcome is not None
    assert state.outcome.reason is EndReason.FINAL_ROUND


def test_r10_6_last_round_false_plays_on() -> None:
    state = new_game(Options(2, hand_size=25, last_round=False), deck=VARIANTS["base"].deck)
    assert state.turns_left is None
    state = apply(apply(state, Play(0)), Play(0))  # red 1; seat 1 misplays yellow 3
    assert not state.is_over and state.turns_left is None
    assert [len(h) for h in state.hands] == [24, 24]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_r10_6_last_round_false_combines_with_every_variant(variant: str) -> None:
    options = Options(2, variant=variant, last_round=False)
    state = new_game(options, seed=8)
    assert state.options.last_round is False and state.turns_left is None
    while state.deck:
        actions = legal_actions(state)
        state = apply(state, Discard(0) if Discard(0) in actions else actions[-1])
        if state.is_over:
            break
    assert state.turns_left is None
    assert state.is_over or (state.deck == () and legal_actions(state))


# --- 10.7 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand_size"), [(2, 1), (3, 2), (4, 7), (5, 10), (6, 8)])
def test_r10_7_hand_size_replaces_the_table(players: int, hand_size: int) -> None:
    options = Options(players, hand_size=hand_size)
    assert options.hand_size == hand_size
    state = new_game(options, seed=1)
    assert [len(h) for h in state.hands] == [hand_size] * players
    assert len(state.deck) == 50 - players * hand_size


def test_r10_7_hand_size_none_means_the_table() -> None:
    assert Options(4, hand_size=None).hand_size == 4
    assert Options(6, hand_size=None).hand_size == 3
