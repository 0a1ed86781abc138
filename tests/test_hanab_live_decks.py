"""hanab.live's seeded decks (`hanabi_core.hanablive.deck`): the server's own shuffle.

The permutations were made by Go's math/rand itself, the decks exported from hanab.live (see
`tests/data/README.md`, "hanab-live-seeds.json").
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanabi_core import InvalidDeck, InvalidOptions
from hanabi_core.deal import check_deck
from hanabi_core.hanablive import deck, seed_name, variant, variant_names
from hanabi_core.hanablive.decks import permutation, variant_of_seed

DATA = json.loads((Path(__file__).parent / "data" / "hanab-live-seeds.json").read_text("utf-8"))


@pytest.mark.parametrize(
    "row", DATA["permutations"], ids=lambda row: f"{row['seed']!r}-{row['size']}"
)
def test_the_shuffle_is_go_math_rand_as_the_server_seeds_it(row):
    assert permutation(row["seed"], row["size"]) == row["permutation"]


@pytest.mark.parametrize(("seed", "cards"), sorted(DATA["decks"].items()))
def test_no_variant_decks_equal_those_exported_from_hanab_live(seed, cards):
    letters = dict(zip(variant("No Variant").suit_names, "rygbp", strict=True))
    assert " ".join(f"{letters[c.suit]}{c.rank}" for c in deck(seed)) == cards


def test_the_seed_names_its_variant_and_the_deck_is_that_variants_cards():
    for name in (
        "Rainbow (6 Suits)",
        "Up or Down (5 Suits)",
        "Sudoku (4 Suits)",
        "Black (6 Suits)",
    ):
        seed = seed_name(3, name, 12)
        assert variant_of_seed(seed) == variant(name)
        cards = deck(seed)
        assert check_deck(variant(name), cards) == cards
        assert deck(seed, name) == cards == deck(seed, variant(name))


def test_every_catalogue_id_round_trips_through_a_seed_name():
    for name in variant_names()[::97]:
        assert variant_of_seed(seed_name(2, name, 1)).id == variant(name).id


def test_a_legacy_prefix_is_cut_as_the_server_cuts_it():
    assert permutation("legacy-1-p2v0s1", 50) == permutation("p2v0s1", 50)
    assert permutation("legacy-7-p2v0s1", 50) == permutation("p2v0s1", 50)


def test_a_custom_seed_deals_any_variant():
    assert len(deck("JSON", "No Variant")) == 50
    assert deck("hello", "No Variant") != deck("hello!", "No Variant")


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: deck(5), "seed"),  # type: ignore[arg-type]
        (lambda: deck("x" * 2000, "No Variant"), "seed"),
        (lambda: deck("custom"), "seed"),  # names no variant
        (lambda: deck("p2v99999s1"), "seed"),  # no such id
        (lambda: seed_name(2, "No Such Variant", 1), "seed"),
        (lambda: seed_name(-1, "No Variant", 1), "seed"),
        (lambda: seed_name(2, "No Variant", True), "seed"),
        (lambda: permutation("p2v0s1", -1), "seed"),
    ],
)
def test_bad_seeds_are_refused_with_invalid_deck(call, field):
    with pytest.raises(InvalidDeck) as caught:
        call()
    assert caught.value.field == field
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value


def test_an_unknown_variant_name_is_refused_with_invalid_options():
    with pytest.raises(InvalidOptions):
        deck("p2v0s1", "No Such Variant")


@given(st.text(max_size=40), st.integers(0, 90))
def test_every_seed_gives_a_permutation_and_always_the_same(seed, size):
    order = permutation(seed, size)
    assert sorted(order) == list(range(size))
    assert permutation(seed, size) == order


def test_simulate_deals_hanab_lives_decks():
    """Issue 22: `simulate(..., deals="hanab-live")` plays the decks hanab.live deals for its
    seeds p<P>v<id>s<seed + i>, so bots play the games people play there."""
    from hanabi_core import EDITIONS, Options
    from hanabi_core.simulate import play_game, simulate

    options = EDITIONS["hanab-live"].options(3, variant=variant("Rainbow (5 Suits)"))
    result = simulate("simple", options=options, games=3, seed=1, deals="hanab-live", bot_seed=7)
    assert result.deals == "hanab-live" and [g.seed for g in result.games[0]] == [1, 2, 3]
    from hanabi_core.bots import BOTS

    for game in result.games[0]:
        dealt = deck(seed_name(3, "Rainbow (5 Suits)", game.seed))
        final = play_game(options, BOTS["simple"], game.seed, dealt, bot_seed=7)
        assert final.dealt[0].card == dealt[0] and final.outcome.score == game.score
    base = simulate("simple", players=2, games=2, seed=5, deals="hanab-live", bot_seed=7)
    assert base.options.variant == variant("No Variant")  # the shared name: the base game
    with pytest.raises(ValueError, match=r"hanab\.live deals"):
        simulate("simple", options=Options(2, variant="quux"), games=1, deals="hanab-live")
