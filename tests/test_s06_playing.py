"""Section 6, Playing: from your own hand, a fit extends the firework, a misplay costs a Storm,
a completed firework brings a Note back, and the player draws."""

from __future__ import annotations

from typing import Any

import pytest

from hanabi_core import (
    Card,
    ColourClue,
    Discard,
    GameState,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    legal_actions,
)
from helpers import assert_refused, cards, emptied_hand_game, game, hand, orders, snapshot

SEAT_0 = [Card("red", r) for r in (1, 2, 4, 3, 5)]
SEAT_1 = [Card("white", r) for r in (1, 1, 1, 2, 2)]
NEXT = [Card("green", 1), Card("green", 2), Card("green", 3)]


def start(**options: Any) -> GameState:
    """Seat 0 holds red 1, 2, 4, 3, 5; seat 1 three white 1s and two white 2s; green 1 is next."""
    return game(Options(2, **options), [SEAT_0, SEAT_1], then=NEXT)


# --- 6.1 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slot", [5, -1, 10])
def test_r6_1_play_a_slot_your_hand_does_not_have_is_refused(slot: int) -> None:
    state = start()
    error = assert_refused(state, Play(slot), Rule.PLAY_FROM_OWN_HAND)
    assert str(error) == f"Cannot play slot {slot}: your hand has slots 0 to 4 (rule 6.1)"


def test_r6_1_every_slot_of_your_own_hand_may_be_played() -> None:
    state = start()
    assert [a for a in legal_actions(state) if isinstance(a, Play)] == [Play(s) for s in range(5)]
    for slot in range(5):
        after = apply(state, Play(slot))
        assert after.last_turn is not None and after.last_turn.card is not None
        assert after.last_turn.card.order == slot  # seat 0's own card
    assert apply(state, Play(0)).hands[1] == state.hands[1]


def test_r6_1_no_play_from_an_empty_hand() -> None:
    state = apply(emptied_hand_game(), Discard(0))  # seat 1 discards; seat 0 has no card
    error = assert_refused(state, Play(0), Rule.PLAY_FROM_OWN_HAND)
    assert str(error) == "Cannot play slot 0: your hand is empty (rule 6.1)"


# --- 6.2 ------------------------------------------------------------------------------------------


def test_r6_2_a_one_starts_a_firework() -> None:
    state = start()
    after = apply(state, Play(0))  # red 1
    assert dict(after.fireworks) == {"red": 1, "yellow": 0, "green": 0, "blue": 0, "white": 0}
    assert after.storms == 0 and after.notes == 8 and after.discards == ()
    assert after.score == 1
    turn = after.last_turn
    assert turn is not None and not turn.misplay and not turn.note_gained
    assert turn.card is not None and turn.card.card == Card("red", 1)


def test_r6_2_each_card_is_exactly_one_more() -> None:
    state = start()
    state = apply(state, Play(0))  # seat 0: red 1
    state = apply(state, Play(0))  # seat 1: white 1
    state = apply(state, Play(0))  # seat 0: red 2 (slot 0 after the shift)
    state = apply(state, Play(2))  # seat 1: white 2 (slots: white 1, white 1, white 2, ...)
    assert state.fireworks["red"] == 2 and state.fireworks["white"] == 2
    state = apply(state, Play(1))  # seat 0: red 3 (hand: red 4, red 3, red 5, green 1, green 3)
    assert state.fireworks["red"] == 3
    state = apply(state, Play(0))  # seat 1: white 1, a duplicate: misplay
    state = apply(state, Play(0))  # seat 0: red 4
    assert state.fireworks["red"] == 4 and state.storms == 1
    assert state.score == 6


# --- 6.3 ------------------------------------------------------------------------------------------


def test_r6_3_a_card_that_does_not_fit_is_a_misplay() -> None:
    state = apply(apply(start(), RankClue(1, 1)), RankClue(0, 1))  # 6 Notes
    after = apply(state, Play(2))  # red 4 on an empty firework
    assert after.storms == 1
    assert after.fireworks["red"] == 0 and after.score == 0
    assert cards(after.discards) == [Card("red", 4)] and orders(after.discards) == [2]
    assert after.notes == 6  # no Note comes back
    assert hand(after, 0) == [
        Card("red", 1),
        Card("red", 2),
        Card("red", 3),
        Card("red", 5),
        Card("green", 1),
    ]
    turn = after.last_turn
    assert turn is not None and turn.misplay and not turn.note_gained
    assert turn.card is not None and turn.card.order == 2
    assert (after.current_player, after.turn, after.is_over) == (1, 3, False)


def test_r6_3_a_duplicate_and_a_five_on_nothing_are_misplays() -> None:
    state = apply(start(), Play(0))  # red 1
    state = apply(state, Play(0))  # seat 1: white 1
    state = apply(state, Play(3))  # seat 0: red 5 on red 1 (hand red 2, 4, 3, 5, green 1)
    assert state.storms == 1 and state.fireworks["red"] == 1
    state = apply(state, Play(0))  # seat 1: the second white 1, a duplicate
    assert state.storms == 2 and state.fireworks["white"] == 1
    assert cards(state.discards) == [Card("red", 5), Card("white", 1)]


# --- 6.4 ------------------------------------------------------------------------------------------


def test_r6_4_completing_a_firework_brings_a_note_back() -> None:
    state = start()
    for slot in (0, 0, 1, 0):  # red 1, red 2, red 3, red 4; seat 1 clues in between
        state = apply(apply(state, Play(slot)), ColourClue(0, "green"))
    assert state.fireworks["red"] == 4 and state.notes == 4
    assert hand(state, 0)[0] == Card("red", 5)
    after = apply(state, Play(0))
    assert after.fireworks["red"] == 5 and after.notes == 5
    assert after.last_turn is not None and after.last_turn.note_gained
    assert not after.is_over and after.score == 5


def test_r6_4_and_r1_2_the_bonus_is_lost_when_every_note_is_available() -> None:
    # Hands of one card: the seats play red 1 to red 5 in deck order, spending no Note.
    reds = [Card("red", r) for r in (1, 2, 3, 4, 5)]
    state = game(Options(2, hand_size=1), [reds[:1], reds[1:2]], then=reds[2:])
    for _ in range(4):
        state = apply(state, Play(0))
    assert state.fireworks["red"] == 4 and state.notes == 8
    assert hand(state, 0) == [Card("red", 5)]
    after = apply(state, Play(0))
    assert after.fireworks["red"] == 5 and after.notes == 8
    assert after.last_turn is not None and not after.last_turn.note_gained
    assert not after.is_over


def test_r6_4_the_bonus_counts_up_to_a_raised_cap() -> None:
    state = start(max_notes=9)
    for slot in (0, 0, 1, 0):
        state = apply(apply(state, Play(slot)), RankClue(0, 5))
    assert state.notes == 5
    assert apply(state, Play(0)).notes == 6


# --- 6.5 ------------------------------------------------------------------------------------------


def test_r6_5_draw_after_a_play_newest_card_last() -> None:
    state = start()
    after = apply(state, Play(0))
    assert hand(after, 0) == [
        Card("red", 2),
        Card("red", 4),
        Card("red", 3),
        Card("red", 5),
        Card("green", 1),
    ]
    assert orders(after.hands[0]) == [1, 2, 3, 4, 10]
    assert after.last_turn is not None and after.last_turn.drawn is not None
    assert after.last_turn.drawn.order == 10
    assert orders(after.deck) == list(range(11, 50))
    assert len(after.deck) == len(state.deck) - 1


def test_r6_5_draw_after_a_misplay_and_after_a_discard() -> None:
    state = apply(start(), Play(4))  # seat 0: red 5, a misplay; draws green 1 (order 10)
    assert orders(state.hands[0]) == [0, 1, 2, 3, 10]
    state = apply(state, RankClue(0, 1))  # seat 1 clues: draws nothing
    assert orders(state.hands[1]) == [5, 6, 7, 8, 9] and state.deck[0].order == 11
    state = apply(state, Discard(2))  # seat 0 discards red 4; draws green 2 (order 11)
    assert orders(state.hands[0]) == [0, 1, 3, 10, 11]
    assert hand(state, 0)[-1] == Card("green", 2)


def test_r6_5_no_draw_from_an_empty_deck() -> None:
    state = emptied_hand_game()
    assert state.deck == ()
    before = snapshot(state)
    after = apply(state, Discard(0))
    assert len(after.hands[1]) == len(before["hands"][1]) - 1
    assert after.last_turn is not None and after.last_turn.drawn is None


def test_r6_5_drawing_the_last_card_starts_the_final_round() -> None:
    state = game(
        Options(2, hand_size=24),
        [
            [Card(c, r) for c in ("red", "yellow", "green", "blue") for r in (1, 2, 3, 4, 5)]
            + [Card("white", r) for r in (1, 2, 3, 4)],
            [Card(c, r) for c in ("red", "yellow", "green", "blue") for r in (1, 1, 2, 3, 4)]
            + [Card("white", r) for r in (1, 1, 2, 3)],
        ],
        then=[Card("white", 4), Card("white", 5)],
    )
    state = apply(state, Play(0))  # seat 0 draws white 4 (order 48)
    assert state.turns_left is None and len(state.deck) == 1
    state = apply(state, Play(0))  # seat 1 misplays red 1, draws the last card, white 5
    assert state.deck == () and state.turns_left == 2
    assert hand(state, 1)[-1] == Card("white", 5)
