"""Player views (spec section 12): what a seat sees, what it does not, the history as it saw it."""

from __future__ import annotations

import re

import pytest

from hanabi_core import (
    Card,
    ColourClue,
    DealtCard,
    Discard,
    GameState,
    Options,
    Play,
    PlayerView,
    RankClue,
    SeenTurn,
    apply,
    legal_actions,
    new_game,
    view,
)
from helpers import game

R, Y, G, B, W = "red", "yellow", "green", "blue", "white"


def c(suit: str, rank: int) -> Card:
    return Card(suit, rank)


def opening() -> GameState:
    """Seat 0 holds white, seat 1 a mix; then blue 1, green 1 to draw."""
    return game(
        Options(2),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(R, 1), c(B, 2), c(R, 3), c(G, 4), c(Y, 5)],
        ],
        [c(B, 1), c(G, 1)],
    )


def test_r12_1_own_faces_absent_from_view() -> None:
    state = opening()
    seen = view(state, 1)
    assert seen.seat == 1 and seen.hands[1] is None
    assert [k.order for k in seen.own] == [5, 6, 7, 8, 9]
    assert seen.hand_size(1) == 5
    text = repr(seen)
    for order in range(5, 10):  # seat 1's cards, nor any undrawn card, appear with a face
        assert f"DealtCard(order={order}," not in text
    assert "DealtCard(order=10," not in text
    # Nobody else sees seat 1's yellow 5: no yellow card is anywhere in the view.
    assert re.search(r"DealtCard\([^)]*'yellow'", text) is None


def test_r12_1_own_draws_hidden_in_history_others_draws_shown() -> None:
    state = opening()
    state = apply(state, ColourClue(1, R))
    state = apply(state, Play(0))  # seat 1 plays red 1, draws order 10 (blue 1)
    state = apply(state, RankClue(1, 3))
    state = apply(state, Discard(3))  # seat 1 discards yellow 5, draws order 11 (green 1)
    mine, theirs = view(state, 1), view(state, 0)
    assert mine.history[1].drawn_order == 10 and mine.history[1].drawn is None
    assert theirs.history[1].drawn == DealtCard(10, B, 1, 3, 0, 1 << 1)
    assert mine.history[1].card is not None and mine.history[1].card.card == c(R, 1)
    assert mine.history[3].card is not None and mine.history[3].card.card == c(Y, 5)
    assert "DealtCard(order=10," not in repr(mine) and "DealtCard(order=11," not in repr(mine)


def test_r12_2_public_information_matches_the_state() -> None:
    state = new_game(Options(3, variant="multicolour"), seed=5)
    for _ in range(25):
        if state.is_over:
            break
        state = apply(state, legal_actions(state)[-1 if state.turn % 3 else 0])
    for seat in range(3):
        seen = view(state, seat)
        for other in range(3):
            if other != seat:
                assert seen.hands[other] == state.hands[other]
            assert [k.order for k in seen.knowledge[other]] == [
                card.order for card in state.hands[other]
            ]
        assert dict(seen.fireworks) == dict(state.fireworks)
        assert seen.discards == state.discards
        assert (seen.notes, seen.storms, seen.deck_size) == (
            state.notes,
            state.storms,
            state.deck_size,
        )
        assert (seen.turn, seen.current_player, seen.turns_left) == (
            state.turn,
            state.current_player,
            state.turns_left,
        )
        assert (seen.outcome, seen.score, seen.is_over) == (
            state.outcome,
            state.score,
            state.is_over,
        )
        assert seen.options is state.options
        assert seen.is_my_turn == (seat == state.current_player and not state.is_over)
        assert len(seen.history) == state.turn


def test_r12_2_clue_history_gives_the_slots_at_the_time() -> None:
    state = opening()
    state = apply(state, ColourClue(1, R))
    state = apply(state, Play(0))  # the red 1 leaves slot 0: the red 3 moves to slot 1
    state = apply(state, ColourClue(1, R))
    seen = view(state, 1)
    assert seen.history[0] == SeenTurn(0, 0, ColourClue(1, R), touched=(5, 7), slots=(0, 2))
    assert seen.history[2].touched == (7,) and seen.history[2].slots == (1,)
    assert seen.history[1].action == Play(0) and not seen.history[1].misplay
    assert view(state, 0).history[0] == seen.history[0]  # a clue is public


def test_r12_2_misplay_and_final_round_are_public() -> None:
    options = Options(2, hand_size=5)
    state = game(
        options,
        [
            [c(W, 2), c(W, 1), c(W, 3), c(W, 4), c(W, 5)],
            [c(R, 1), c(B, 2), c(R, 3), c(G, 4), c(Y, 5)],
        ],
    )
    state = apply(state, Play(0))  # white 2 on an empty firework: a misplay
    seen = view(state, 1)
    assert seen.history[0].misplay and seen.storms == 1
    assert seen.discards == (DealtCard(0, W, 2, 4, 0, 1 << 2),)
    while state.turns_left is None:
        other = 1 - state.current_player
        clue = RankClue(other, state.hands[other][0].rank)
        state = apply(state, Discard(0) if state.notes < 8 else clue)
    assert view(state, 0).turns_left == state.turns_left == 2 and view(state, 0).deck_size == 0


def test_r12_3_deck_order_hidden() -> None:
    deck = list(Options(2).variant.deck)
    first = new_game(Options(2), deck=deck)
    # Reverse everything after the deal: the deck's order changes, nothing a seat sees does.
    second = new_game(Options(2), deck=deck[:10] + deck[:9:-1])
    for seat in (0, 1):
        assert view(first, seat) == view(second, seat)
        assert repr(view(first, seat)) == repr(view(second, seat))
        assert "order=10," not in repr(view(first, seat))


def test_view_is_frozen_hashable_and_comparable() -> None:
    state = opening()
    a, b = view(state, 0), view(state, 0)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != view(state, 1)
    assert len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.notes = 3  # type: ignore[misc]
    assert isinstance(a, PlayerView)


@pytest.mark.parametrize("seat", [-1, 2, "0", True])
def test_view_rejects_a_seat_not_in_the_game(seat: object) -> None:
    with pytest.raises(ValueError, match="seat from 0 to 1"):
        view(opening(), seat)  # type: ignore[arg-type]


# --- Hardening, round two (issue 25) ------------------------------------------------------------


def test_low_a_view_holder_cannot_change_the_shared_tables() -> None:
    import pytest

    from hanabi_core import Options, legal_actions, new_game, view

    state = new_game(Options(2), seed=1)
    before = legal_actions(state)
    seen = view(state, 0)
    for cache, name in ((seen.options._cache, "tables"), (seen.options.variant._cache, "faces")):
        assert getattr(cache, name) is not None  # built by the game and its view
        with pytest.raises(AttributeError):
            setattr(cache, name, None)
        with pytest.raises(AttributeError):
            delattr(cache, name)
    assert legal_actions(state) == before
