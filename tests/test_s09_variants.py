"""Section 9, Variants: variants are data; multicolour (10 and 5 cards, own colour or wild);
Black Powder and descending fireworks."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from hanabi_core import (
    VARIANTS,
    Card,
    ClueTouch,
    ColourClue,
    Discard,
    EndReason,
    GameState,
    Options,
    Play,
    RankClue,
    Rule,
    Suit,
    Variant,
    apply,
    legal_actions,
    new_game,
)
from helpers import assert_refused, cards, game, touched

BASE = ("red", "yellow", "green", "blue", "white")
YELLOWS = [Card("yellow", 1)] * 3 + [Card("yellow", 2)] * 2
BLUES = [Card("blue", 1), Card("blue", 2)]


def ranks_of(variant: str, suit: str) -> list[int]:
    return sorted(card.rank for card in VARIANTS[variant].deck if card.suit == suit)


def play_in_order(options: Options, order: list[Card]) -> GameState:
    """Hands of one card; the seats play the cards of `order` in turn until the game ends."""
    state = game(options, [order[:1], order[1:2]], then=order[2:])
    while not state.is_over:
        state = apply(state, Play(0))
    return state


# --- 9.1 ------------------------------------------------------------------------------------------


def test_r9_1_variants_are_data() -> None:
    assert list(VARIANTS) == [
        "base",
        "multicolour",
        "multicolour-five",
        "multicolour-wild",
        "multicolour-wild-five",
        "black-powder",
        "quux",
    ]
    for variant_id, variant in VARIANTS.items():
        assert isinstance(variant, Variant) and variant.id == variant_id
        # Rule 11.7: Quux's five suits put orange where the base game has yellow, and so on.
        assert variant.suit_names[:5] == (
            BASE if variant_id != "quux" else ("red", "orange", "yellow", "green", "blue")
        )
        assert all(isinstance(suit, Suit) for suit in variant.suits)
        assert len(variant.deck) == sum(suit.size for suit in variant.suits)
        assert variant.max_score == 5 * len(variant.suits)
    with pytest.raises(TypeError):
        VARIANTS["mine"] = VARIANTS["base"]  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        VARIANTS["base"].suits = ()  # type: ignore[misc]


def test_r9_1_the_base_variant_as_data() -> None:
    base = VARIANTS["base"]
    assert base.clue_colours == BASE
    for suit in base.suits:
        assert (suit.touch, suit.copies, suit.descending) == (
            ClueTouch.OWN_COLOUR,
            (3, 2, 2, 2, 1),
            False,
        )
        assert suit.build_order == (1, 2, 3, 4, 5)


def test_r9_1_a_new_variant_needs_only_data() -> None:
    tiny = Variant(
        "tiny",
        "Two colours and a wild suit",
        (
            Suit("red"),
            Suit("blue", copies=(1, 1, 1, 1, 1)),
            Suit("rainbow", ClueTouch.EVERY_COLOUR),
        ),
        ("red", "blue"),
    )
    assert len(tiny.deck) == 25 and tiny.max_score == 15
    state = game(
        Options(2, variant=tiny, hand_size=2),
        [[Card("red", 1), Card("blue", 1)], [Card("rainbow", 1), Card("red", 2)]],
    )
    assert touched(state, ColourClue(1, "red")) == (2, 3)
    assert touched(state, ColourClue(1, "blue")) == (2,)
    assert_refused(state, ColourClue(1, "rainbow"), Rule.CLUE_NAMES_ONE_VALUE)
    assert apply(state, Play(1)).fireworks["blue"] == 1


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("last_round", [True, False])
def test_r9_1_every_variant_plays_to_an_end_with_every_last_round_setting(
    variant: str, last_round: bool
) -> None:
    chooser = random.Random(f"{variant}-{last_round}")
    options = Options(3, variant=variant, last_round=last_round, negative_clues=last_round)
    state = new_game(options, seed=9)
    while not state.is_over:
        state = apply(state, chooser.choice(legal_actions(state)))
    assert state.outcome is not None
    assert 0 <= state.score <= VARIANTS[variant].max_score


# --- 9.2 ------------------------------------------------------------------------------------------


def test_r9_2_multicolour_is_a_sixth_suit_of_ten_with_its_own_colour() -> None:
    variant = VARIANTS["multicolour"]
    assert len(variant.deck) == 60 and variant.max_score == 30
    assert ranks_of("multicolour", "multicolour") == [1, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert variant.clue_colours == (*BASE, "multicolour")
    assert variant.suit("multicolour").touch is ClueTouch.OWN_COLOUR
    state = game(
        Options(2, variant=variant),
        [
            YELLOWS,
            [
                Card("multicolour", 1),
                Card("red", 2),
                Card("multicolour", 5),
                Card("blue", 3),
                Card("white", 4),
            ],
        ],
    )
    assert touched(state, ColourClue(1, "multicolour")) == (5, 7)
    assert touched(state, ColourClue(1, "red")) == (6,)
    assert_refused(state, ColourClue(1, "green"), Rule.CLUE_MUST_TOUCH)
    assert ColourClue(1, "multicolour") in legal_actions(state)


def test_r9_2_thirty_points_with_the_sixth_firework() -> None:
    six = (*BASE, "multicolour")
    order = [Card(colour, rank) for colour in six for rank in (1, 2, 3, 4, 5)]
    state = play_in_order(Options(2, hand_size=1, variant="multicolour"), order)
    assert state.outcome is not None and state.outcome.reason is EndReason.ALL_FIREWORKS
    assert state.score == 30 and state.fireworks["multicolour"] == 5 and state.turn == 30


# --- 9.3 ------------------------------------------------------------------------------------------


def test_r9_3_multicolour_five_one_card_of_each_value() -> None:
    variant = VARIANTS["multicolour-five"]
    assert len(variant.deck) == 55 and variant.max_score == 30
    assert ranks_of("multicolour-five", "multicolour") == [1, 2, 3, 4, 5]
    assert variant.suit("multicolour").copies == (1, 1, 1, 1, 1)
    assert variant.clue_colours == (*BASE, "multicolour")
    state = game(
        Options(2, variant=variant),
        [YELLOWS, [Card("multicolour", 2), Card("red", 2), Card("multicolour", 3), *BLUES]],
    )
    assert touched(state, ColourClue(1, "multicolour")) == (5, 7)
    assert touched(state, ColourClue(1, "red")) == (6,)


def test_r9_3_every_multicolour_card_is_the_last_of_its_kind() -> None:
    hands = [[Card("multicolour", 1), *YELLOWS[1:]], [Card("red", 1)] * 3 + [Card("red", 2)] * 2]
    state = game(Options(2, variant="multicolour-five", last_round=False), hands)
    state = apply(apply(state, RankClue(1, 1)), RankClue(0, 1))
    state = apply(state, Discard(0))  # the only multicolour 1
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE and state.score == 0


# --- 9.4 ------------------------------------------------------------------------------------------


WILD_HAND = [
    Card("multicolour", 1),
    Card("red", 2),
    Card("blue", 3),
    Card("white", 4),
    Card("multicolour", 4),
]


def test_r9_4_wild_multicolour_is_touched_by_every_colour_clue() -> None:
    variant = VARIANTS["multicolour-wild"]
    assert len(variant.deck) == 60 and variant.max_score == 30
    assert ranks_of("multicolour-wild", "multicolour") == [1, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert variant.suit("multicolour").touch is ClueTouch.EVERY_COLOUR
    assert all(variant.touches(colour, "multicolour") for colour in BASE)
    state = game(Options(2, variant=variant), [YELLOWS, WILD_HAND])
    assert touched(state, ColourClue(1, "red")) == (5, 6, 9)
    assert touched(state, ColourClue(1, "green")) == (5, 9)  # no green card: the wild ones
    assert touched(state, RankClue(1, 4)) == (8, 9)


def test_r9_4_multicolour_cannot_be_named() -> None:
    for options in (
        Options(2, variant="multicolour-wild"),
        Options(2, variant="multicolour-wild", negative_clues=True),
    ):
        state = game(options, [YELLOWS, WILD_HAND])
        assert "multicolour" not in options.variant.clue_colours
        error = assert_refused(state, ColourClue(1, "multicolour"), Rule.CLUE_NAMES_ONE_VALUE)
        assert "may name red, yellow, green, blue, white" in str(error)
        colours = [a.colour for a in legal_actions(state) if isinstance(a, ColourClue)]
        assert colours == list(BASE)  # every colour touches the held multicolour cards


def test_r9_4_no_negative_colour_clue_while_holding_a_wild_card() -> None:
    state = game(Options(2, variant="multicolour-wild", negative_clues=True), [YELLOWS, WILD_HAND])
    for colour in BASE:
        assert touched(state, ColourClue(1, colour)) != ()


def test_r9_4_wild_cards_build_their_own_firework() -> None:
    six = (*BASE, "multicolour")
    order = [Card(colour, rank) for colour in six for rank in (1, 2, 3, 4, 5)]
    state = play_in_order(Options(2, hand_size=1, variant="multicolour-wild"), order)
    assert state.score == 30 and state.fireworks["multicolour"] == 5


# --- 9.5 ------------------------------------------------------------------------------------------


def test_r9_5_wild_multicolour_one_of_each() -> None:
    variant = VARIANTS["multicolour-wild-five"]
    assert len(variant.deck) == 55 and variant.max_score == 30
    assert ranks_of("multicolour-wild-five", "multicolour") == [1, 2, 3, 4, 5]
    assert variant.suit("multicolour").touch is ClueTouch.EVERY_COLOUR
    assert variant.clue_colours == BASE
    state = game(Options(2, variant=variant), [YELLOWS, [*WILD_HAND[:4], Card("multicolour", 5)]])
    assert touched(state, ColourClue(1, "white")) == (5, 8, 9)
    assert_refused(state, ColourClue(1, "multicolour"), Rule.CLUE_NAMES_ONE_VALUE)
    order = [Card(colour, rank) for colour in (*BASE, "multicolour") for rank in (1, 2, 3, 4, 5)]
    assert play_in_order(Options(2, hand_size=1, variant=variant), order).score == 30


# --- 9.6 ------------------------------------------------------------------------------------------


BLACK_HAND = [
    Card("black", 5),
    Card("black", 1),
    Card("black", 3),
    Card("black", 5),
    Card("black", 2),
]


def test_r9_6_black_powder_cards() -> None:
    variant = VARIANTS["black-powder"]
    assert len(variant.deck) == 60 and variant.max_score == 30
    assert Counter(c.rank for c in variant.deck if c.suit == "black") == {
        5: 3,
        4: 2,
        3: 2,
        2: 2,
        1: 1,
    }
    black = variant.suit("black")
    assert black.touch is ClueTouch.NO_COLOUR and black.descending
    assert variant.clue_colours == BASE


def test_r9_6_no_colour_clue_touches_black_and_black_cannot_be_named() -> None:
    state = game(Options(2, variant="black-powder"), [YELLOWS, BLACK_HAND])
    for colour in BASE:
        assert_refused(state, ColourClue(1, colour), Rule.CLUE_MUST_TOUCH)
    error = assert_refused(state, ColourClue(1, "black"), Rule.CLUE_NAMES_ONE_VALUE)
    assert "'black'" in str(error)
    assert not any(isinstance(a, ColourClue) for a in legal_actions(state))
    assert touched(state, RankClue(1, 5)) == (5, 8)  # value clues touch black cards
    negative = game(Options(2, variant="black-powder", negative_clues=True), [YELLOWS, BLACK_HAND])
    assert touched(negative, ColourClue(1, "red")) == ()
    assert_refused(negative, ColourClue(1, "black"), Rule.CLUE_NAMES_ONE_VALUE)


def test_r9_6_and_r6_4_black_powder_built_five_to_one_with_the_bonus_on_its_one() -> None:
    top = [Card("black", r) for r in (5, 4, 3, 2, 1)]
    state = game(Options(2, hand_size=1, variant="black-powder"), [top[:1], top[1:2]], then=top[2:])
    state = apply(apply(state, RankClue(1, 4)), RankClue(0, 5))  # two Notes spent: 6 left
    built = []
    for _ in range(4):
        state = apply(state, Play(0))
        built.append(state.fireworks["black"])
        assert state.last_turn is not None and not state.last_turn.note_gained
    assert built == [1, 2, 3, 4] and state.notes == 6
    state = apply(state, Play(0))  # the black 1 completes the firework
    assert state.fireworks["black"] == 5 and state.score == 5
    assert state.notes == 7 and state.last_turn is not None and state.last_turn.note_gained


def test_r9_6_thirty_points_with_black_powder() -> None:
    order = [Card(c, r) for c in BASE for r in (1, 2, 3, 4, 5)]
    order += [Card("black", r) for r in (5, 4, 3, 2, 1)]
    state = play_in_order(Options(2, hand_size=1, variant="black-powder"), order)
    assert state.outcome is not None and state.outcome.reason is EndReason.ALL_FIREWORKS
    assert state.score == 30 and state.outcome.max_score == 30


# --- 9.7 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("first", [1, 2, 3, 4])
def test_r9_7_a_descending_firework_starts_with_a_five(first: int) -> None:
    state = game(
        Options(2, hand_size=1, variant="black-powder"),
        [[Card("black", first)], [Card("black", 5)]],
        then=[Card("black", 4)],
    )
    after = apply(state, Play(0))
    assert after.storms == 1 and after.fireworks["black"] == 0
    assert cards(after.discards) == [Card("black", first)]
    assert after.last_turn is not None and after.last_turn.misplay


def test_r9_7_each_card_is_exactly_one_less() -> None:
    top = [Card("black", 5), Card("black", 3), Card("black", 5), Card("black", 4)]
    state = game(Options(2, hand_size=1, variant="black-powder"), [top[:1], top[1:2]], then=top[2:])
    assert VARIANTS["black-powder"].suit("black").build_order == (5, 4, 3, 2, 1)
    state = apply(state, Play(0))  # black 5
    assert state.fireworks["black"] == 1 and state.storms == 0
    state = apply(state, Play(0))  # black 3 on the 5: a misplay
    assert state.fireworks["black"] == 1 and state.storms == 1
    state = apply(state, Play(0))  # another black 5: a misplay
    assert state.storms == 2
    state = apply(state, Play(0))  # black 4 fits
    assert state.fireworks["black"] == 2 and state.storms == 2


def test_r9_7_and_r7_4_the_black_one_is_the_last_card_a_descending_firework_needs() -> None:
    hands = [[Card("black", 1), *YELLOWS[1:]], [Card("black", 5)] * 3 + [Card("red", 1)] * 2]
    options = Options(2, variant="black-powder", last_round=False)
    state = game(options, hands)
    state = apply(apply(state, RankClue(1, 5)), RankClue(0, 1))
    state = apply(state, Discard(0))  # the only black 1
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE
    # A black 5 is not the last of its kind: discarding two of three goes on.
    state = game(options, hands)
    state = apply(state, RankClue(1, 1))  # seat 0 clues
    state = apply(state, Discard(0))  # seat 1 discards a black 5
    state = apply(state, RankClue(1, 1))
    state = apply(state, Discard(0))
    assert cards(state.discards) == [Card("black", 5)] * 2 and not state.is_over
