"""Section 5, Discarding: from your own hand, only with a spent Note, and what it does."""

from __future__ import annotations

import pytest

from hanabi_core import Card, Discard, GameState, Options, RankClue, Rule, apply, legal_actions
from helpers import assert_refused, cards, emptied_hand_game, game, hand, orders, snapshot

SEAT_0 = [Card("red", 1), Card("red", 1), Card("red", 2), Card("red", 3), Card("blue", 4)]
SEAT_1 = [
    Card("white", 1),
    Card("white", 2),
    Card("white", 3),
    Card("yellow", 4),
    Card("yellow", 2),
]
NEXT = [Card("green", 1), Card("green", 2)]


def spent() -> GameState:
    """Seat 0 to move, 6 Notes: each seat has given one clue."""
    state = game(Options(2), [SEAT_0, SEAT_1], then=NEXT)
    return apply(apply(state, RankClue(1, 1)), RankClue(0, 1))


# --- 5.1 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slot", [5, 6, -1, -5, 99])
def test_r5_1_discard_a_slot_your_hand_does_not_have_is_refused(slot: int) -> None:
    state = spent()
    error = assert_refused(state, Discard(slot), Rule.DISCARD_FROM_OWN_HAND)
    assert str(error) == f"Cannot discard slot {slot}: your hand has slots 0 to 4 (rule 5.1)"


def test_r5_1_every_slot_of_your_own_hand_may_be_discarded() -> None:
    state = spent()
    discards = [a for a in legal_actions(state) if isinstance(a, Discard)]
    assert discards == [Discard(0), Discard(1), Discard(2), Discard(3), Discard(4)]
    for slot in range(5):
        after = apply(state, Discard(slot))
        assert orders(after.discards) == [slot]  # seat 0's own card, never seat 1's


def test_r5_1_no_discard_from_an_empty_hand() -> None:
    state = apply(emptied_hand_game(), Discard(0))  # seat 1; then seat 0, with no card, to move
    assert state.hands[0] == () and state.notes == 8 and state.current_player == 0
    error = assert_refused(state, Discard(0), Rule.DISCARD_FROM_OWN_HAND)
    assert str(error) == "Cannot discard slot 0: your hand is empty (rule 5.1)"


# --- 5.2 ------------------------------------------------------------------------------------------


def test_r5_2_no_discard_while_every_note_is_available() -> None:
    state = game(Options(2), [SEAT_0, SEAT_1], then=NEXT)
    assert state.notes == 8
    for slot in range(5):
        error = assert_refused(state, Discard(slot), Rule.DISCARD_NEEDS_A_SPENT_NOTE)
        assert str(error) == "Cannot discard: all 8 Notes are available (rule 5.2)"
    assert not any(isinstance(a, Discard) for a in legal_actions(state))


def test_r5_2_a_slot_outside_the_hand_is_refused_for_the_slot_first() -> None:
    state = game(Options(2), [SEAT_0, SEAT_1], then=NEXT)
    assert_refused(state, Discard(5), Rule.DISCARD_FROM_OWN_HAND)


def test_r5_2_back_at_the_cap_after_a_discard_no_more_discards() -> None:
    state = apply(game(Options(2), [SEAT_0, SEAT_1], then=NEXT), RankClue(1, 1))
    assert state.notes == 7
    state = apply(state, Discard(0))  # seat 1 discards: 8 again
    assert state.notes == 8
    assert_refused(state, Discard(0), Rule.DISCARD_NEEDS_A_SPENT_NOTE)


def test_r5_2_the_cap_follows_max_notes() -> None:
    state = game(Options(2, max_notes=9), [SEAT_0, SEAT_1], then=NEXT)
    assert state.notes == 9
    error = assert_refused(state, Discard(0), Rule.DISCARD_NEEDS_A_SPENT_NOTE)
    assert str(error) == "Cannot discard: all 9 Notes are available (rule 5.2)"
    state = apply(state, RankClue(1, 1))
    assert state.notes == 8
    assert apply(state, Discard(0)).notes == 9


# --- 5.3 ------------------------------------------------------------------------------------------


def test_r5_3_discard_goes_to_the_pile_a_note_comes_back_and_the_player_draws() -> None:
    state = spent()
    before = snapshot(state)
    after = apply(state, Discard(1))  # the second red 1 (order 1)
    assert after.notes == 7
    assert cards(after.discards) == [Card("red", 1)] and orders(after.discards) == [1]
    assert hand(after, 0) == [
        Card("red", 1),
        Card("red", 2),
        Card("red", 3),
        Card("blue", 4),
        Card("green", 1),
    ]
    assert orders(after.hands[0]) == [0, 2, 3, 4, 10]  # later slots move down, new card last
    assert after.hands[1] == state.hands[1]
    assert orders(after.deck) == list(range(11, 50))
    assert after.storms == 0 and dict(after.fireworks) == dict(state.fireworks)
    assert (after.current_player, after.turn, after.turns_left) == (1, 3, None)
    turn = after.last_turn
    assert turn is not None
    assert turn.action == Discard(1) and turn.player == 0 and turn.number == 2
    assert turn.card is not None and turn.card.order == 1
    assert turn.note_gained and not turn.misplay and turn.touched == ()
    assert turn.drawn is not None and turn.drawn.order == 10
    assert snapshot(state) == before


def test_r5_3_discards_pile_up_oldest_first() -> None:
    state = spent()
    state = apply(state, Discard(4))  # seat 0: blue 4 (order 4)
    state = apply(state, Discard(0))  # seat 1: white 1 (order 5)
    state = apply(state, RankClue(1, 2))  # seat 0 clues (back at 8 Notes, it cannot discard)
    state = apply(state, Discard(0))  # seat 1: white 2 (order 6)
    assert orders(state.discards) == [4, 5, 6]
    assert cards(state.discards) == [Card("blue", 4), Card("white", 1), Card("white", 2)]
    assert state.notes == 8


def test_r5_3_discarding_a_needed_card_is_allowed_with_a_last_round() -> None:
    state = spent()
    after = apply(state, Discard(4))  # the blue 4: one copy left
    after = apply(after, RankClue(0, 1))
    assert not after.is_over
