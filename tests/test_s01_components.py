"""Section 1, Components: the deck, the Note tokens, the Storm tokens, card orders."""

from __future__ import annotations

import random
from collections import Counter

from hanabi_core import (
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    Options,
    Play,
    Rule,
    apply,
    legal_actions,
    new_game,
)
from helpers import cards, clue_next, deck_with, game, hand, orders

COLOURS = ("red", "yellow", "green", "blue", "white")


def test_r1_1_base_deck_is_fifty_cards_in_five_colours() -> None:
    deck = VARIANTS["base"].deck
    assert len(deck) == 50
    assert [suit.name for suit in VARIANTS["base"].suits] == list(COLOURS)
    counts = Counter(deck)
    for colour in COLOURS:
        assert [counts[Card(colour, rank)] for rank in (1, 2, 3, 4, 5)] == [3, 2, 2, 2, 1]
    # Canonical order: suits in variant order, ranks ascending, copies adjacent.
    assert deck[:10] == tuple(Card("red", r) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5))
    assert deck[40:] == tuple(Card("white", r) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5))


def test_r1_1_a_dealt_game_holds_exactly_the_deck() -> None:
    state = new_game(Options(4), seed=123)
    held = [card for h in state.hands for card in h]
    assert Counter(cards([*held, *state.deck])) == Counter(VARIANTS["base"].deck)
    assert len(state.dealt) == 50


def test_r1_2_eight_note_tokens_never_above_the_cap() -> None:
    state = new_game(Options(2), seed=1)
    assert state.notes == 8 == state.options.max_notes
    # Spend one, win it back with a discard: back at 8, and no discard can push it to 9.
    state = apply(clue_next(state), Discard(0))  # seat 0 clues, seat 1 discards
    assert state.notes == 8
    assert not any(isinstance(a, Discard) for a in legal_actions(state))


def test_r1_2_note_tokens_never_below_zero() -> None:
    state = new_game(Options(3), seed=2)
    for expected in (7, 6, 5, 4, 3, 2, 1, 0):
        state = clue_next(state)
        assert state.notes == expected
    assert not any(isinstance(a, ColourClue) for a in legal_actions(state))
    assert state.notes == 0


def test_r1_2_and_r1_3_token_counts_stay_in_bounds_in_random_games() -> None:
    # Twenty seeded random games of 2 to 5 players: the counts stay within their bounds.
    chooser = random.Random(20240101)
    for seed in range(20):
        state = new_game(Options(2 + seed % 4), seed=seed)
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
            assert 0 <= state.notes <= state.options.max_notes
            assert 0 <= state.storms <= state.options.max_storms
        assert state.storms <= 3


def test_r1_3_storm_tokens_start_at_zero_and_count_misplays() -> None:
    options = Options(2)
    state = game(
        options,
        [
            [Card("red", 3), Card("red", 4), Card("blue", 2), Card("green", 1), Card("red", 5)],
            [Card("white", 1)] * 3 + [Card("white", 2)] * 2,
        ],
    )
    assert state.storms == 0 and options.max_storms == 3
    state = apply(state, Play(0))  # red 3 on nothing
    assert state.storms == 1
    state = apply(state, Play(0))  # seat 1 plays white 1: fits, no Storm
    assert state.storms == 1
    state = apply(state, Play(0))  # red 4 on nothing
    assert state.storms == 2 and not state.is_over
    state = apply(state, Play(0))  # white 1 again: a misplay, the third Storm ends the game
    assert state.storms == 3 and state.is_over
    assert state.outcome is not None and state.outcome.rule is Rule.STORM_OUT


def test_r1_4_every_card_has_an_order_its_deck_position() -> None:
    deck = deck_with("base", [Card("red", 1), Card("red", 1)])
    state = new_game(Options(2), deck=deck)
    first, second = state.hands[0][0], state.hands[0][1]
    assert first.card == second.card == Card("red", 1)
    assert (first.order, second.order) == (0, 1)
    assert first != second
    assert orders(state.hands[0]) == [0, 1, 2, 3, 4]
    assert orders(state.hands[1]) == [5, 6, 7, 8, 9]
    assert orders(state.deck) == list(range(10, 50))
    assert [state.dealt[i].card for i in range(50)] == deck


def test_r1_4_the_order_follows_the_card_everywhere() -> None:
    options = Options(2)
    state = game(
        options,
        [
            [Card("red", 1), Card("red", 4), Card("blue", 2), Card("green", 1), Card("red", 5)],
            [Card("white", 1)] * 3 + [Card("white", 2)] * 2,
        ],
        then=[Card("yellow", 1), Card("yellow", 2)],
    )
    state = apply(state, Play(1))  # seat 0 misplays red 4 (order 1); draws yellow 1 (order 10)
    assert orders(state.discards) == [1]
    assert orders(state.hands[0]) == [0, 2, 3, 4, 10]
    assert hand(state, 0)[-1] == Card("yellow", 1)
    turn = state.last_turn
    assert turn is not None and turn.card is not None and turn.drawn is not None
    assert (turn.card.order, turn.drawn.order) == (1, 10)
    state = apply(state, ColourClue(0, "red"))  # seat 1 clues red: touches orders 0 and 4
    assert state.last_turn is not None and state.last_turn.touched == (0, 4)
