"""Section 8, Scoring: the score, the score after the last Storm, the rating, and scoring without
a last round."""

from __future__ import annotations

from typing import Any

import pytest

from hanabi_core import (
    RATINGS,
    VARIANTS,
    Card,
    EndReason,
    GameState,
    Options,
    Play,
    Rating,
    apply,
    rating,
)
from helpers import emptied_hand_game, game


def storm_out(**options: Any) -> GameState:
    """Hands of one card: red 1 and red 2 are built, then red 4, white 4, white 3 misplay (none
    of them the last copy of its card, so "no last round" games end by the Storm too)."""
    top = [Card("red", r) for r in (1, 2, 4)] + [Card("white", r) for r in (4, 3, 2)]
    state = game(Options(2, hand_size=1, **options), [top[:1], top[1:2]], then=top[2:])
    while not state.is_over:
        state = apply(state, Play(0))
    return state


# --- 8.1 ------------------------------------------------------------------------------------------


def test_r8_1_the_score_is_the_number_of_cards_built() -> None:
    top = [Card("red", 1), Card("blue", 1), Card("red", 2), Card("red", 3)]
    state = game(Options(2, hand_size=1), [top[:1], top[1:2]], then=top[2:])
    scores = [state.score]
    for _ in range(4):
        state = apply(state, Play(0))
        scores.append(state.score)
    assert scores == [0, 1, 2, 3, 4]
    assert dict(state.fireworks) == {"red": 3, "yellow": 0, "green": 0, "blue": 1, "white": 0}
    assert not state.is_over


def test_r8_1_the_final_score_is_the_fireworks_sum_and_misplays_do_not_count() -> None:
    top = [Card("red", 1), Card("red", 3), Card("red", 2), Card("green", 1)]
    state = game(Options(2, hand_size=1), [top[:1], top[1:2]], then=top[2:])
    state = apply(state, Play(0))  # red 1
    state = apply(state, Play(0))  # red 3: misplay
    state = apply(state, Play(0))  # red 2
    assert state.score == 2 and state.storms == 1


def test_r8_1_maximum_scores() -> None:
    assert {v: VARIANTS[v].max_score for v in VARIANTS} == {
        "base": 25,
        "multicolour": 30,
        "multicolour-five": 30,
        "multicolour-wild": 30,
        "multicolour-wild-five": 30,
        "black-powder": 30,
        "quux": 25,
    }


def test_r8_1_a_descending_firework_scores_its_cards_not_its_top_value() -> None:
    top = [Card("black", 5), Card("black", 4), Card("black", 3)]
    state = game(Options(2, hand_size=1, variant="black-powder"), [top[:1], top[1:2]], then=top[2:])
    for _ in range(3):
        state = apply(state, Play(0))
    assert state.fireworks["black"] == 3 and state.score == 3  # top card: a 3, three cards


# --- 8.2 ------------------------------------------------------------------------------------------


def test_r8_2_zero_after_the_last_storm_by_default() -> None:
    state = storm_out()
    assert state.fireworks["red"] == 2 and state.storms == 3
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    assert state.outcome.score == 0 and state.score == 0


def test_r8_2_the_fireworks_sum_after_the_last_storm_with_the_option() -> None:
    state = storm_out(storm_out_score="fireworks")
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    assert state.outcome.score == 2 and state.score == 2


def test_r8_2_before_the_last_storm_the_score_is_the_fireworks_sum() -> None:
    top = [Card("red", 1), Card("red", 4), Card("red", 5), Card("white", 5)]
    state = game(Options(2, hand_size=1), [top[:1], top[1:2]], then=top[2:])
    state = apply(apply(apply(state, Play(0)), Play(0)), Play(0))  # red 1; two misplays
    assert state.storms == 2 and not state.is_over and state.score == 1
    state = apply(state, Play(0))  # the third
    assert state.score == 0


# --- 8.3 ------------------------------------------------------------------------------------------

BANDS = {
    1: range(6),
    2: range(6, 11),
    3: range(11, 16),
    4: range(16, 21),
    5: range(21, 25),
    6: range(25, 31),
}


@pytest.mark.parametrize("band", sorted(BANDS))
def test_r8_3_rating_bands(band: int) -> None:
    for score in BANDS[band]:
        found = rating(score)
        assert found is not None and found.band == band, score


def test_r8_3_the_six_bands_and_their_wording() -> None:
    assert [(r.band, r.low, r.high) for r in RATINGS] == [
        (1, 0, 5),
        (2, 6, 10),
        (3, 11, 15),
        (4, 16, 20),
        (5, 21, 24),
        (6, 25, 25),
    ]
    assert all(isinstance(r, Rating) for r in RATINGS)
    assert RATINGS[0].es == "¡vaya! El público ha abucheado."
    assert RATINGS[0].pt == "Horrível, vaias da multidão…"
    assert RATINGS[5].es == "¡legendario! El público no olvidará jamás este espectáculo."
    assert RATINGS[5].pt == "Lendária, adultos e crianças atônitos, estrelas em seus olhos!"
    top = rating(25)
    assert top is not None
    assert top.text() == top.en == "Legendary: adults and children speechless, stars in their eyes!"
    assert top.text("pt").startswith("Lendária")
    assert top.text("es").startswith("¡legendario!")
    with pytest.raises(ValueError, match="language"):
        top.text("de")


@pytest.mark.parametrize("score", [-1, 2.5, "25", None, True])
def test_r8_3_a_rating_needs_a_whole_score_of_at_least_zero(score: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        rating(score)  # type: ignore[arg-type]


def test_r8_3_the_rating_of_a_finished_game() -> None:
    state = storm_out()
    assert rating(state.score, state.options) == RATINGS[0]
    assert rating(23, Options(5)) == RATINGS[4]


# --- 8.4 ------------------------------------------------------------------------------------------


def test_r8_4_no_last_round_a_storm_out_scores_zero_whatever_the_option() -> None:
    for storm_out_score in ("zero", "fireworks"):
        state = storm_out(last_round=False, storm_out_score=storm_out_score)
        assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
        assert state.score == 0


def test_r8_4_no_last_round_all_or_nothing() -> None:
    won = apply(emptied_hand_game(), Play(14))  # the white 5
    assert won.outcome is not None and won.outcome.reason is EndReason.ALL_FIREWORKS
    assert won.score == 25
    lost = emptied_hand_game(max_storms=2)
    lost = apply(lost, Play(0))  # seat 1 misplays green 1: the second Storm
    assert lost.outcome is not None and lost.outcome.reason is EndReason.STORM_OUT
    assert lost.score == 0 and sum(lost.fireworks.values()) == 24


def test_r8_4_no_last_round_has_no_rating() -> None:
    options = Options(2, last_round=False)
    assert rating(25, options) is None and rating(0, options) is None
    assert rating(25, Options(2)) == RATINGS[5]


def test_r8_4_no_last_round_score_during_the_game_is_the_fireworks_sum() -> None:
    state = emptied_hand_game()
    assert not state.is_over and state.score == 24
    state = apply(state, Play(0))  # seat 1 misplays green 1 (already built): play goes on
    assert not state.is_over and state.storms == 2 and state.score == 24
