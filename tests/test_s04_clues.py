"""Section 4, Clues: cost, target, what may be named, completeness, touching, which cards."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hanabi_core import (
    Card,
    ColourClue,
    GameState,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    legal_actions,
)
from helpers import assert_refused, game, hand, snapshot, touched

# Seat 0: red 1, red 2, yellow 1, green 5, blue 3 (orders 0-4).
# Seat 1: white 1, white 2, red 3, red 4, yellow 2 (orders 5-9).
# Seat 2 (three players): green 1, green 2, blue 1, blue 2, white 3 (orders 10-14).
SEAT_0 = [Card("red", 1), Card("red", 2), Card("yellow", 1), Card("green", 5), Card("blue", 3)]
SEAT_1 = [Card("white", 1), Card("white", 2), Card("red", 3), Card("red", 4), Card("yellow", 2)]
SEAT_2 = [Card("green", 1), Card("green", 2), Card("blue", 1), Card("blue", 2), Card("white", 3)]


def two(**options: Any) -> GameState:
    return game(Options(2, **options), [SEAT_0, SEAT_1])


def three(**options: Any) -> GameState:
    return game(Options(3, **options), [SEAT_0, SEAT_1, SEAT_2])


# --- 4.1 ------------------------------------------------------------------------------------------


def test_r4_1_a_clue_spends_one_note_and_draws_nothing() -> None:
    state = three()
    after = apply(state, RankClue(1, 2))
    assert after.notes == 7
    assert after.hands == state.hands  # nobody draws after a clue
    assert after.deck == state.deck
    assert after.discards == () and after.storms == 0
    assert dict(after.fireworks) == dict(state.fireworks)
    assert (after.current_player, after.turn, after.turns_left) == (1, 1, None)
    turn = after.last_turn
    assert turn is not None
    assert (turn.card, turn.drawn, turn.misplay, turn.note_gained) == (None, None, False, False)


def test_r4_1_no_clue_without_a_note() -> None:
    state = game(Options(2, max_notes=1), [SEAT_0, SEAT_1])
    state = apply(state, RankClue(1, 2))  # seat 0 spends the only Note
    assert state.notes == 0 and state.current_player == 1
    error = assert_refused(state, RankClue(0, 1), Rule.CLUE_COSTS_A_NOTE)
    assert str(error) == (
        "Cannot give a clue: no Note tokens are available (discard or play instead) (rule 4.1)"
    )
    assert_refused(state, ColourClue(0, "red"), Rule.CLUE_COSTS_A_NOTE)
    assert not any(isinstance(a, (RankClue, ColourClue)) for a in legal_actions(state))
    # Without a Note, a clue to yourself or of an unknown colour is refused for the Note first.
    assert_refused(state, RankClue(1, 1), Rule.CLUE_COSTS_A_NOTE)


def test_r4_1_notes_count_down_to_zero_clue_by_clue() -> None:
    state = three()
    for expected in range(7, -1, -1):
        target = (state.current_player + 1) % 3
        state = apply(state, RankClue(target, state.hands[target][0].rank))
        assert state.notes == expected
    assert_refused(state, RankClue(1, 1), Rule.CLUE_COSTS_A_NOTE)


# --- 4.2 ------------------------------------------------------------------------------------------


def test_r4_2_no_clue_to_yourself() -> None:
    state = three()
    error = assert_refused(state, RankClue(0, 1), Rule.CLUE_TARGETS_ANOTHER_PLAYER)
    assert str(error) == (
        "Cannot give a clue to yourself (seat 0): a clue goes to another player (rule 4.2)"
    )
    assert_refused(state, ColourClue(0, "red"), Rule.CLUE_TARGETS_ANOTHER_PLAYER)
    later = apply(state, Play(0))  # now seat 1 to move
    assert_refused(later, RankClue(1, 2), Rule.CLUE_TARGETS_ANOTHER_PLAYER)
    assert apply(later, RankClue(0, 1)).notes == 7  # seat 1 may clue seat 0


@pytest.mark.parametrize("target", [3, 4, -1, 100])
def test_r4_2_no_clue_to_a_seat_that_does_not_exist(target: int) -> None:
    state = three()
    error = assert_refused(state, RankClue(target, 1), Rule.CLUE_TARGETS_ANOTHER_PLAYER)
    assert f"Cannot give a clue to seat {target}: the seats are 0 to 2" in str(error)
    assert_refused(state, ColourClue(target, "red"), Rule.CLUE_TARGETS_ANOTHER_PLAYER)


def test_r4_2_clues_to_every_other_seat_are_listed_after_the_current_player() -> None:
    state = three()
    clues = [a for a in legal_actions(state) if isinstance(a, (ColourClue, RankClue))]
    assert [a.target for a in clues] == sorted(a.target for a in clues)
    assert {a.target for a in clues} == {1, 2}
    later = apply(state, RankClue(1, 1))  # seat 1 to move: clues go to seat 2, then seat 0
    targets = [a.target for a in legal_actions(later) if isinstance(a, (ColourClue, RankClue))]
    assert targets == sorted(targets, key=lambda t: (t - 1) % 3)
    assert targets[0] == 2 and targets[-1] == 0


# --- 4.3 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("colour", ["purple", "multicolour", "black", "Red", "", "rainbow"])
def test_r4_3_only_the_variants_clue_colours_may_be_named(colour: str) -> None:
    state = two()
    error = assert_refused(state, ColourClue(1, colour), Rule.CLUE_NAMES_ONE_VALUE)
    assert str(error) == (
        f"Cannot clue {colour!r}: in the Base game variant a clue may name "
        "red, yellow, green, blue, white (rule 4.3)"
    )


@pytest.mark.parametrize("rank", [0, 6, -1, 10])
def test_r4_3_only_ranks_one_to_five_may_be_named(rank: int) -> None:
    state = two()
    error = assert_refused(state, RankClue(1, rank), Rule.CLUE_NAMES_ONE_VALUE)
    assert str(error) == f"Cannot clue {rank}s: a clue may name a rank from 1 to 5 (rule 4.3)"


def test_r4_3_a_clue_names_exactly_one_colour_or_value() -> None:
    # The actions carry one colour or one rank: there is nothing else to fill in.
    assert [f.name for f in attrs.fields(ColourClue)] == ["target", "colour"]
    assert [f.name for f in attrs.fields(RankClue)] == ["target", "rank"]
    with pytest.raises(TypeError):
        ColourClue(1, ("red", "blue"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        RankClue(1, "1")  # type: ignore[arg-type]
    # The legal clues to seat 1 name each of its colours and values once.
    clues = [a for a in legal_actions(two()) if isinstance(a, (ColourClue, RankClue))]
    assert clues == [
        ColourClue(1, "red"),
        ColourClue(1, "yellow"),
        ColourClue(1, "white"),
        RankClue(1, 1),
        RankClue(1, 2),
        RankClue(1, 3),
        RankClue(1, 4),
    ]


# --- 4.4 ------------------------------------------------------------------------------------------


def test_r4_4_a_colour_clue_touches_every_card_of_that_colour() -> None:
    after = apply(two(), ColourClue(1, "red"))
    assert after.last_turn is not None
    assert after.last_turn.touched == (7, 8)  # red 3 and red 4, both of them, oldest first


def test_r4_4_a_rank_clue_touches_every_card_of_that_rank() -> None:
    state = apply(two(), Play(0))  # seat 0 plays red 1
    after = apply(state, RankClue(0, 1))  # seat 1 tells seat 0 about its 1s
    assert hand(state, 0)[:2] == [Card("red", 2), Card("yellow", 1)]
    assert after.last_turn is not None
    # Seat 0 now holds red 2, yellow 1, green 5, blue 3 and the drawn card (order 10).
    drawn = state.hands[0][-1]
    expected = tuple(c.order for c in state.hands[0] if c.rank == 1)
    assert after.last_turn.touched == expected
    assert 2 in expected and (drawn.order in expected) == (drawn.rank == 1)


def test_r4_4_a_partial_clue_cannot_be_expressed() -> None:
    # A clue names no slots: the touched cards are computed, never chosen.
    assert not hasattr(ColourClue(1, "red"), "slots")
    assert not hasattr(RankClue(1, 2), "slots")
    with pytest.raises(TypeError):
        ColourClue(1, "red", (2,))  # type: ignore[call-arg]


# --- 4.5 ------------------------------------------------------------------------------------------


def test_r4_5_clue_touching_nothing_is_refused() -> None:
    state = two()
    error = assert_refused(state, ColourClue(1, "blue"), Rule.CLUE_MUST_TOUCH)
    assert str(error) == (
        "Cannot clue blue to seat 1: it touches none of seat 1's cards, and this game does not "
        "allow clues that touch nothing (rule 4.5)"
    )
    assert_refused(state, ColourClue(1, "green"), Rule.CLUE_MUST_TOUCH)
    assert_refused(state, RankClue(1, 5), Rule.CLUE_MUST_TOUCH)


def test_r4_5_clue_touching_nothing_is_legal_with_negative_clues() -> None:
    state = two(negative_clues=True)
    after = apply(state, ColourClue(1, "blue"))
    assert after.last_turn is not None and after.last_turn.touched == ()
    assert after.notes == 7 and after.current_player == 1 and after.hands == state.hands
    assert ColourClue(1, "blue") in legal_actions(state)
    assert RankClue(1, 5) in legal_actions(state)
    after = apply(state, RankClue(1, 5))
    assert after.last_turn is not None and after.last_turn.touched == ()


# --- 4.6 ------------------------------------------------------------------------------------------


def test_r4_6_a_colour_clue_touches_the_cards_of_that_colour_only() -> None:
    state = three()
    to_1 = {colour: touched(state, ColourClue(1, colour)) for colour in ("red", "yellow", "white")}
    assert to_1 == {"red": (7, 8), "yellow": (9,), "white": (5, 6)}
    to_2 = {colour: touched(state, ColourClue(2, colour)) for colour in ("green", "blue", "white")}
    assert to_2 == {"green": (10, 11), "blue": (12, 13), "white": (14,)}


def test_r4_6_wild_multicolour_is_touched_by_every_colour_black_by_none() -> None:
    wild = game(
        Options(2, variant="multicolour-wild"),
        [
            [Card("yellow", 1)] * 3 + [Card("yellow", 2)] * 2,
            [
                Card("multicolour", 1),
                Card("red", 2),
                Card("blue", 3),
                Card("white", 4),
                Card("multicolour", 4),
            ],
        ],
    )
    for colour, expected in {
        "red": (5, 6, 9),
        "yellow": (5, 9),
        "green": (5, 9),
        "blue": (5, 7, 9),
        "white": (5, 8, 9),
    }.items():
        after = apply(wild, ColourClue(1, colour))
        assert after.last_turn is not None and after.last_turn.touched == expected, colour
    black = game(
        Options(2, variant="black-powder"),
        [
            [Card("yellow", 1)] * 3 + [Card("yellow", 2)] * 2,
            [Card("black", 5), Card("red", 2), Card("black", 1), Card("white", 4), Card("red", 1)],
        ],
    )
    assert touched(black, ColourClue(1, "red")) == (6, 9)
    assert_refused(black, ColourClue(1, "blue"), Rule.CLUE_MUST_TOUCH)  # the black cards
    assert_refused(black, ColourClue(1, "black"), Rule.CLUE_NAMES_ONE_VALUE)


# --- 4.7 ------------------------------------------------------------------------------------------


def test_r4_7_a_rank_clue_touches_that_rank_in_every_suit() -> None:
    state = three()
    after = apply(state, RankClue(1, 2))
    assert after.last_turn is not None and after.last_turn.touched == (6, 9)  # white 2, yellow 2
    after = apply(state, RankClue(2, 1))
    assert after.last_turn is not None and after.last_turn.touched == (10, 12)


def test_r4_7_rank_clues_touch_multicolour_and_black_cards() -> None:
    for variant, special in (("multicolour-wild", "multicolour"), ("black-powder", "black")):
        state = game(
            Options(2, variant=variant),
            [
                [Card("yellow", 1)] * 3 + [Card("yellow", 2)] * 2,
                [
                    Card(special, 3),
                    Card("red", 3),
                    Card(special, 4),
                    Card("red", 4),
                    Card("red", 1),
                ],
            ],
        )
        assert touched(state, RankClue(1, 3)) == (5, 6)
        assert touched(state, RankClue(1, 4)) == (7, 8)
        assert snapshot(state)["notes"] == 8
