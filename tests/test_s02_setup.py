"""Section 2, Set-up: players, hand sizes, the deck, dealing, seeded shuffles, first player."""

from __future__ import annotations

import pytest

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Card,
    HanabiError,
    InvalidDeck,
    InvalidOptions,
    Options,
    new_game,
)
from hanabi_core.deal import shuffled_deck
from helpers import cards, deck_with, hand, orders

# --- 2.1 Player count ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r2_1_two_to_six_players_are_accepted(players: int) -> None:
    options = Options(players)
    assert options.players == players
    assert len(new_game(options, seed=0).hands) == players


@pytest.mark.parametrize("players", [0, 1, 7, -2, 100, "3", 3.0, True, None])
def test_r2_1_other_player_counts_are_refused_naming_players(players: object) -> None:
    with pytest.raises(InvalidOptions) as caught:
        Options(players)  # type: ignore[arg-type]
    assert caught.value.field == "players"
    assert isinstance(caught.value, HanabiError) and isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("Invalid option 'players': ")
    assert "2 to 6" in str(caught.value)


def test_r2_1_six_players_only_in_the_hanab_live_preset() -> None:
    assert EDITIONS["hanab-live"].options(6).players == 6
    for edition in ("abacus", "rr-deluxe", "cocktail", "hle"):
        with pytest.raises(InvalidOptions) as caught:
            EDITIONS[edition].options(6)
        assert caught.value.field == "players"
        assert "2 to 5" in str(caught.value)


# --- 2.2 Hand size -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (5, 4), (6, 3)], ids=str)
def test_r2_2_hand_size_table(players: int, size: int) -> None:
    options = Options(players)
    assert options.hand_size == size
    state = new_game(options, seed=7)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.deck) == 50 - players * size


def test_r2_2_hand_size_option_replaces_the_table() -> None:
    options = Options(4, hand_size=6)
    assert options.hand_size == 6
    state = new_game(options, seed=7)
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert len(state.deck) == 26


# --- 2.3 The deck is exactly the variant's cards -------------------------------------------------


def _deck_error(deck: object, options: Options | None = None) -> InvalidDeck:
    with pytest.raises(InvalidDeck) as caught:
        new_game(options or Options(2), deck=deck)  # type: ignore[arg-type]
    assert caught.value.field == "deck"
    assert isinstance(caught.value, HanabiError) and isinstance(caught.value, ValueError)
    assert str(caught.value).startswith("Invalid deck: ")
    return caught.value


def test_r2_3_any_order_of_the_variants_cards_is_a_deck() -> None:
    deck = list(reversed(VARIANTS["base"].deck))
    state = new_game(Options(2), deck=deck)
    assert hand(state, 0) == [Card("white", 5), *[Card("white", 4)] * 2, *[Card("white", 3)] * 2]
    assert new_game(Options(2), deck=tuple(deck)).hands == state.hands


def test_r2_3_a_missing_card_is_named() -> None:
    deck = deck_with("base", [Card("blue", 5)])[1:]  # 49 cards: no blue 5
    error = _deck_error(deck)
    assert "missing blue 5" in str(error)
    assert "extra" not in str(error)
    assert "'base'" in str(error) and "50 cards" in str(error)


def test_r2_3_an_extra_card_is_named() -> None:
    error = _deck_error([*VARIANTS["base"].deck, Card("red", 1)])  # 51 cards: a fourth red 1
    assert "extra red 1" in str(error)
    assert "missing" not in str(error)


def test_r2_3_a_swapped_card_names_both_missing_and_extra() -> None:
    deck = deck_with("base", [Card("green", 5)])
    deck[0] = Card("red", 2)  # 50 cards, but no green 5 and three red 2s
    error = _deck_error(deck)
    assert "missing green 5" in str(error)
    assert "extra red 2" in str(error)


def test_r2_3_counts_of_several_missing_copies_are_given() -> None:
    deck = [card for card in VARIANTS["base"].deck if card != Card("yellow", 1)]
    error = _deck_error(deck)
    assert "missing 3 x yellow 1" in str(error)


def test_r2_3_a_non_card_entry_is_named_by_position() -> None:
    deck: list[object] = list(VARIANTS["base"].deck)
    deck[7] = ("red", 3)
    error = _deck_error(deck)
    assert "position 7" in str(error) and "not a Card" in str(error)


@pytest.mark.parametrize("deck", ["red 1, red 1", 50, b"deck"], ids=repr)
def test_r2_3_a_deck_that_is_not_a_sequence_of_cards_is_refused(deck: object) -> None:
    error = _deck_error(deck)
    assert "sequence of Card" in str(error)


def test_r2_5_without_a_seed_new_game_draws_one_and_keeps_it() -> None:
    """Issue 20 item 5: no deck and no seed deals from a drawn seed, kept on every later state
    (outside equality and the view), so that the game can be dealt again."""
    import pickle

    from hanabi_core import apply, legal_actions, view

    options = Options(3)
    first = new_game(options)
    assert type(first.seed) is int and 0 <= first.seed < 2**64
    assert new_game(options, seed=first.seed) == first
    assert new_game(options).seed != first.seed  # 2**-64 of a chance to fail
    later = apply(first, legal_actions(first)[0])
    assert later.seed == first.seed and pickle.loads(pickle.dumps(later)).seed == first.seed
    assert new_game(options, seed=7).seed == 7
    by_deck = new_game(options, deck=[c.card for c in first.dealt])
    assert by_deck.seed is None and by_deck == first  # the seed is not part of the position
    assert "seed" not in repr(first) and not hasattr(view(first, 0), "seed")
    with pytest.raises(InvalidDeck, match="not both") as caught:
        new_game(options, seed=1, deck=[c.card for c in first.dealt])
    assert caught.value.field == "deck"


def test_r2_3_wrong_length_decks_are_refused() -> None:
    full = list(VARIANTS["base"].deck)
    for deck in ([], full[:10], full[:-1], [*full, *full]):
        _deck_error(deck)


def test_r2_3_another_variants_deck_is_refused() -> None:
    error = _deck_error(list(VARIANTS["multicolour"].deck))
    assert "extra 3 x multicolour 1" in str(error)
    error = _deck_error(list(VARIANTS["base"].deck), Options(2, variant="black-powder"))
    assert "missing black 1, 2 x black 2, 2 x black 3, 2 x black 4, 3 x black 5" in str(error)
    assert "'black-powder' variant's 60 cards" in str(error)


def test_r2_3_deck_and_seed_together_are_refused() -> None:
    with pytest.raises(InvalidDeck) as caught:
        new_game(Options(2), deck=VARIANTS["base"].deck, seed=1)
    assert caught.value.field == "deck"


# --- 2.4 Dealing ---------------------------------------------------------------------------------


def test_r2_4_deals_in_contiguous_blocks_oldest_first() -> None:
    deck = list(VARIANTS["base"].deck)  # canonical: red 1,1,1,2,2,3,3,4,4,5, yellow 1, ...
    state = new_game(Options(3), deck=deck)
    assert [orders(h) for h in state.hands] == [
        [0, 1, 2, 3, 4],
        [5, 6, 7, 8, 9],
        [10, 11, 12, 13, 14],
    ]
    assert hand(state, 0) == deck[0:5]
    assert hand(state, 1) == [Card("red", 3)] * 2 + [Card("red", 4)] * 2 + [Card("red", 5)]
    assert hand(state, 2) == deck[10:15]
    assert orders(state.deck) == list(range(15, 50))
    assert cards(state.deck) == deck[15:]


def test_r2_4_blocks_with_five_players_and_an_overridden_hand_size() -> None:
    deck = list(VARIANTS["base"].deck)
    state = new_game(Options(5), deck=deck)
    assert [orders(h) for h in state.hands] == [list(range(4 * p, 4 * p + 4)) for p in range(5)]
    state = new_game(Options(2, hand_size=3), deck=deck)
    assert [orders(h) for h in state.hands] == [[0, 1, 2], [3, 4, 5]]
    assert state.deck[0].order == 6


# --- 2.5 Seeded shuffle --------------------------------------------------------------------------


def test_r2_5_same_seed_same_deal_different_seed_different_deal() -> None:
    one, two = new_game(Options(3), seed=2024), new_game(Options(3), seed=2024)
    assert one.hands == two.hands and one.deck == two.deck
    assert new_game(Options(3), seed=2025).dealt != one.dealt


def test_r2_5_a_seeded_game_deals_the_shuffled_deck_in_blocks() -> None:
    for variant in ("base", "black-powder", "multicolour-five"):
        options = Options(4, variant=variant)
        state = new_game(options, seed=42)
        shuffled = list(shuffled_deck(VARIANTS[variant], 42))
        assert cards(state.dealt) == shuffled
        assert new_game(options, deck=shuffled).dealt == state.dealt


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_r2_5_seeds_from_zero_to_two_to_the_64_minus_one(seed: int) -> None:
    assert len(new_game(Options(2), seed=seed).deck) == 40


@pytest.mark.parametrize("seed", [-1, 2**64, 2**100, 1.0, "42", True, b"1"], ids=repr)
def test_r2_5_other_seeds_are_refused_naming_seed(seed: object) -> None:
    with pytest.raises(InvalidDeck) as caught:
        new_game(Options(2), seed=seed)  # type: ignore[arg-type]
    assert caught.value.field == "seed"
    assert str(caught.value).startswith("Invalid seed: ")
    assert "0 to 2**64 - 1" in str(caught.value)
    with pytest.raises(InvalidDeck) as caught:
        shuffled_deck(VARIANTS["base"], seed)  # type: ignore[arg-type]
    assert caught.value.field == "seed"


# --- 2.6 First player ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r2_6_seat_zero_moves_first(players: int) -> None:
    assert new_game(Options(players), seed=players).current_player == 0
    assert new_game(Options(players), deck=VARIANTS["base"].deck).current_player == 0


# --- 2.7 Starting tokens and table ---------------------------------------------------------------


def test_r2_7_every_note_available_nothing_turned_built_or_discarded() -> None:
    state = new_game(Options(3), seed=5)
    assert state.notes == 8
    assert state.storms == 0
    assert dict(state.fireworks) == dict.fromkeys(("red", "yellow", "green", "blue", "white"), 0)
    assert state.discards == ()
    assert (state.turn, state.turns_left, state.outcome) == (0, None, None)
    assert state.turns == () and state.last_turn is None
    assert state.score == 0 and not state.is_over


def test_r2_7_starting_notes_follow_max_notes_and_six_suit_fireworks() -> None:
    state = new_game(Options(2, max_notes=9, variant="multicolour"), seed=5)
    assert state.notes == 9
    six = ("red", "yellow", "green", "blue", "white", "multicolour")
    assert dict(state.fireworks) == dict.fromkeys(six, 0)
