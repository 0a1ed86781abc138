"""`views.seen_turn`: the one statement of what a seat sees of a turn (rules 12.1, 12.2, 9.30, 9.31
and 9.33), which `view()`, `LiveGame` and `simulate`'s incremental views all call. The drivers'
agreement is guarded elsewhere (`LiveGame.view == view(state, seat)` in
`tests/test_hanablive_live.py`, `IncrementalViews` in `tests/test_incremental_view.py`); these
tests state the rule of each field on one turn."""

from __future__ import annotations

from hanabi_core import ColourClue, Discard, Options, Play, RankClue, new_game
from hanabi_core.variants import ClueShown
from hanabi_core.views import HiddenClue, HiddenPlay, SeenTurn, seen_turn

STATE = new_game(Options(3), seed=5)
CARD = STATE.hands[0][2]  # the card seat 0 plays or discards
DRAWN = STATE.dealt[STATE.drawn]  # the card it draws next


def card_turn(seat: int, action: Play | Discard, *, hole: bool = False) -> SeenTurn:
    return seen_turn(
        seat, ClueShown.VALUE, hole, 4, 0, action, (), (), CARD, False, True, DRAWN.order, DRAWN
    )


def clue_turn(seat: int, shown: ClueShown, action: ColourClue | RankClue) -> SeenTurn:
    return seen_turn(
        seat, shown, False, 3, 1, action, (5, 7), (0, 2), None, False, False, None, None
    )


def test_r12_1_seen_turn_hides_the_drawers_own_draw_and_shows_it_to_the_others() -> None:
    own, other = card_turn(0, Play(2)), card_turn(1, Play(2))
    assert (own.drawn_order, own.drawn) == (DRAWN.order, None)
    assert (other.drawn_order, other.drawn) == (DRAWN.order, DRAWN)


def test_r12_2_seen_turn_shows_the_card_played_or_discarded_to_everybody() -> None:
    for seat in range(3):
        for action in (Play(2), Discard(2)):
            turn = card_turn(seat, action)
            assert (turn.number, turn.player, turn.action) == (4, 0, action)
            assert (turn.card, turn.misplay, turn.note_gained) == (CARD, False, True)


def test_r9_30_r9_31_seen_turn_hides_a_clues_value_from_all_but_its_giver() -> None:
    colour, rank = ColourClue(2, CARD.suit), RankClue(2, 3)
    assert clue_turn(0, ClueShown.VALUE, colour).action == colour  # rule 4.2
    assert clue_turn(0, ClueShown.TYPE, colour).action == HiddenClue(2, "colour")  # rule 9.30
    assert clue_turn(2, ClueShown.TYPE, rank).action == HiddenClue(2, "rank")
    assert clue_turn(0, ClueShown.NOTHING, rank).action == HiddenClue(2, None)  # rule 9.31
    assert clue_turn(1, ClueShown.NOTHING, rank).action == rank  # the giver knows its clue
    turn = clue_turn(0, ClueShown.NOTHING, rank)
    assert (turn.touched, turn.slots, turn.card) == ((5, 7), (0, 2), None)  # what it touched


def test_r9_33_seen_turn_puts_a_played_card_face_down_while_the_hole_is_hidden() -> None:
    other, own = card_turn(1, Play(2), hole=True), card_turn(0, Play(2), hole=True)
    assert other.action == own.action == HiddenPlay(2)
    assert other.misplay is own.misplay is None  # its fit is hidden
    assert (other.card, own.card) == (CARD, None)  # seen in seat 0's hand by the others only
    assert own.drawn is None and other.drawn == DRAWN  # rule 12.1 still
    # A discard stays on the discard pile, face up (rule 9.33: only plays go into the hole).
    assert card_turn(1, Discard(2), hole=True).action == Discard(2)
    # Once the hole is shown, the turn is the play it was.
    assert card_turn(0, Play(2)).action == Play(2)
    # A driver that could not see the card says so with a HiddenPlay (LiveGame, its own card).
    hidden = seen_turn(
        0, ClueShown.VALUE, True, 4, 0, HiddenPlay(2), (), (), None, False, False, None, None
    )
    assert (hidden.action, hidden.card, hidden.misplay) == (HiddenPlay(2), None, None)
