"""Card knowledge (rule 12.4): positive and negative clue information under every variant, and the
counts of empathy."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction

import attrs
import pytest

from hanabi_core import (
    RANKS,
    VARIANTS,
    Card,
    CardKnowledge,
    ColourClue,
    Discard,
    Options,
    Play,
    RankClue,
    Variant,
    apply,
    new_game,
    view,
)
from hanabi_core.cards import START
from hanabi_core.hanablive import variant as hanablive_variant
from hanabi_core.knowledge import all_faces, clue_faces
from helpers import game

R, Y, G, B, W, M, K = "red", "yellow", "green", "blue", "white", "multicolour", "black"
BASE = (R, Y, G, B, W)


def c(suit: str, rank: int) -> Card:
    return Card(suit, rank)


def test_r12_4_colour_clue_positive_and_negative() -> None:
    options = Options(2)
    state = game(
        options,
        [
            [c(W, 1)] * 1 + [c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(R, 1), c(B, 2), c(R, 3), c(G, 4), c(Y, 5)],
        ],
    )
    state = apply(state, ColourClue(1, R))
    own = view(state, 1).own
    assert [k.clued for k in own] == [True, False, True, False, False]
    assert own[0].suits == (R,) and own[2].suits == (R,)
    assert own[1].suits == (Y, G, B, W)  # missed by the red clue: not red
    assert all(k.ranks == (1, 2, 3, 4, 5) for k in own)  # a colour clue says nothing of ranks
    assert own[0].known_suit == R and own[1].known_suit is None and own[0].known_rank is None


def test_r12_4_rank_clue_positive_and_negative() -> None:
    state = game(
        Options(2),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(R, 1), c(B, 2), c(G, 2), c(R, 3), c(Y, 5)],
        ],
    )
    state = apply(state, RankClue(1, 2))
    own = view(state, 1).own
    assert [k.ranks for k in own] == [(1, 3, 4, 5), (2,), (2,), (1, 3, 4, 5), (1, 3, 4, 5)]
    assert all(k.suits == BASE for k in own)
    assert own[1].known_rank == 2


def test_r12_4_negative_information_under_wild_multicolour() -> None:
    state = game(
        Options(2, variant="multicolour-wild"),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(M, 1), c(R, 2), c(B, 3), c(G, 4), c(Y, 5)],
        ],
    )
    state = apply(state, ColourClue(1, R))
    own = view(state, 1).own
    # Touched by red: red or multicolour. Missed: neither red nor multicolour.
    assert own[0].suits == (R, M) and own[1].suits == (R, M)
    assert own[2].suits == (Y, G, B, W)
    state = apply(state, RankClue(0, 1))  # seat 1 passes the turn back
    state = apply(state, ColourClue(1, B))
    own = view(state, 1).own
    # The wild card is touched by blue as well: it can only be multicolour; the red 2 is not.
    assert own[0].suits == (M,) and own[0].clued
    assert own[1].suits == (R,)
    assert own[2].suits == (B,)  # blue, as multicolour was ruled out by the red clue
    assert own[3].suits == (Y, G, W)


def test_r12_4_black_powder_colour_clue_rules_out_black() -> None:
    state = game(
        Options(2, variant="black-powder"),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(K, 5), c(R, 2), c(B, 3), c(G, 4), c(K, 1)],
        ],
    )
    state = apply(state, ColourClue(1, R))
    own = view(state, 1).own
    assert own[1].suits == (R,)  # touched by a colour clue: not black
    assert own[0].suits == (Y, G, B, W, K)  # missed: black stays possible
    state = apply(state, RankClue(0, 1))
    state = apply(state, RankClue(1, 5))
    own = view(state, 1).own
    assert own[0].ranks == (5,) and own[0].suits == (Y, G, B, W, K)  # ranks as usual
    assert own[4].ranks == (1, 2, 3, 4)


def test_r12_4_multicolour_is_its_own_colour_in_the_sixth_suit_variant() -> None:
    state = game(
        Options(2, variant="multicolour"),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(M, 1), c(R, 2), c(B, 3), c(G, 4), c(Y, 5)],
        ],
    )
    state = apply(state, ColourClue(1, R))
    own = view(state, 1).own
    assert own[1].suits == (R,)
    assert own[0].suits == (Y, G, B, W, M)
    state = apply(state, RankClue(0, 1))
    state = apply(state, ColourClue(1, M))
    assert view(state, 1).own[0].suits == (M,)


def test_r12_4_clue_touching_nothing_rules_out_for_every_card() -> None:
    state = game(
        Options(2, negative_clues=True),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(R, 1), c(R, 2), c(B, 3), c(G, 4), c(Y, 4)],
        ],
    )
    state = apply(state, RankClue(1, 5))
    seen = view(state, 1)
    assert seen.history[0].touched == () and seen.history[0].slots == ()
    assert all(k.ranks == (1, 2, 3, 4) and not k.clued for k in seen.own)


def test_r12_4_knowledge_moves_with_the_card_and_a_new_card_knows_nothing() -> None:
    state = game(
        Options(2),
        [
            [c(W, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(R, 1), c(B, 2), c(R, 3), c(G, 4), c(Y, 5)],
        ],
        [c(B, 1), c(G, 1)],
    )
    state = apply(state, ColourClue(1, R))
    state = apply(state, Play(0))  # seat 1 plays its red 1; slots move down
    own = view(state, 1).own
    assert [k.order for k in own] == [6, 7, 8, 9, 10]
    assert own[1].suits == (R,) and own[1].clued  # the red 3, now in slot 1
    assert not own[4].clued and own[4].suits == BASE and own[4].ranks == (1, 2, 3, 4, 5)


def test_r12_4_empathy_counts_the_cards_the_holder_sees() -> None:
    state = game(
        Options(2),
        [
            [c(R, 1), c(R, 1), c(W, 3), c(W, 4), c(W, 5)],
            [c(B, 1), c(R, 5), c(R, 3), c(G, 4), c(Y, 5)],
        ],
        [c(G, 1)],
    )
    state = apply(state, RankClue(1, 5))  # touches seat 1's red 5 and yellow 5
    state = apply(state, Discard(4))  # seat 1 discards its yellow 5 (public now)
    mine = view(state, 1)
    k = mine.own[1]  # the red 5
    assert k.ranks == (5,) and k.suits == BASE
    # Yellow 5 is discarded and white 5 is in seat 0's hand: seat 1 counts them out.
    assert k.identities == {c(R, 5): 1, c(G, 5): 1, c(B, 5): 1}
    assert k.total == 3 and k.probability(c(R, 5)) == Fraction(1, 3)
    assert k.may_be(c(G, 5)) and not k.may_be(c(W, 5)) and k.known is None
    # Seat 1's oldest card (a blue 1): two red 1s in seat 0's hand leave one red 1.
    assert mine.own[0].identities[c(R, 1)] == 1 and mine.own[0].identities[c(B, 1)] == 3


def test_r12_4_counts_for_another_seat_leave_out_the_viewers_hand() -> None:
    state = game(
        Options(3),
        [
            [c(R, 5), c(W, 2), c(W, 3), c(W, 4), c(G, 5)],
            [c(B, 5), c(Y, 2), c(Y, 3), c(Y, 4), c(W, 5)],
            [c(Y, 5), c(G, 2), c(G, 3), c(G, 4), c(B, 3)],
        ],
    )
    state = apply(state, RankClue(2, 5))
    # Seat 2's yellow 5 as seat 0 reckons seat 2's knowledge: seat 1's blue and white 5 are
    # counted out (seat 2 sees them), seat 0's own red and green 5 are not (seat 0 cannot see them).
    from_0 = view(state, 0).knowledge[2][0]
    assert from_0.identities == {c(R, 5): 1, c(Y, 5): 1, c(G, 5): 1}
    # Seat 2 itself sees every other 5 and knows its card.
    assert view(state, 2).own[0].known == c(Y, 5)
    # Clue knowledge is common knowledge: the same in every seat's view.
    assert {
        (view(state, p).knowledge[2][0].suits, view(state, p).knowledge[2][0].ranks)
        for p in range(3)
    } == {(BASE, (5,))}


def test_r12_4_fireworks_are_counted_out() -> None:
    state = game(
        Options(2),
        [
            [c(R, 1), c(W, 2), c(W, 3), c(W, 4), c(W, 5)],
            [c(B, 1), c(B, 2), c(R, 3), c(G, 4), c(Y, 5)],
        ],
        [c(R, 2)],
    )
    state = apply(state, Play(0))  # seat 0 plays red 1 and draws red 2
    state = apply(state, RankClue(0, 2))
    own = view(state, 1).own
    # Red 1: three copies, one on the firework, none else visible to seat 1.
    assert own[0].identities[c(R, 1)] == 2


def test_card_knowledge_api() -> None:
    k = CardKnowledge(3, (R, M), (5,), True, ((c(R, 5), 1), (c(M, 5), 1)))
    assert k.identities == {c(R, 5): 1, c(M, 5): 1}
    with pytest.raises(TypeError):
        k.identities[c(R, 5)] = 2  # type: ignore[index]
    assert k.known is None and k.known_rank == 5 and k.known_suit is None
    assert k.probability(c(M, 5)) == Fraction(1, 2) and k.probability(c(B, 5)) == 0
    assert hash(k) == hash(CardKnowledge(3, (R, M), (5,), True, ((c(R, 5), 1), (c(M, 5), 1))))
    assert CardKnowledge(3, (), (), False, ()).probability(c(R, 1)) == 0


_MEMO_VARIANTS = (
    *VARIANTS,
    "Rainbow (6 Suits)",
    "Rainbow-Ones (6 Suits)",
    "Prism (6 Suits)",
    "Odds and Evens (6 Suits)",
    "Synesthesia (6 Suits)",
    "Deceptive-Ones (6 Suits)",
    "Color Blind (6 Suits)",
    "Up or Down (5 Suits)",
    "Sudoku (4 Suits)",
)


def _variant_named(name: str) -> Variant:
    return VARIANTS[name] if name in VARIANTS else hanablive_variant(name)


@pytest.mark.parametrize("name", _MEMO_VARIANTS)
def test_r12_4_clue_faces_kept_per_variant_are_the_rules_test(name: str) -> None:
    # Rules 4.6, 4.7 and 9.27: the face masks kept on the variant are Variant.touches and
    # Variant.rank_touches asked of every face, for every clue (and for a colour and ranks the
    # variant's clues cannot name, which touch nothing).
    variant = _variant_named(name)
    faces = [(i, suit, rank) for i, suit in enumerate(variant.suits) for rank in variant.ranks]
    stride = 6  # knowledge's face bits: 6·(suit index) + the rank's slot (START is slot 5)

    def bit(i: int, rank: int) -> int:
        return 1 << (stride * i + (5 if rank == START else rank - 1))

    assert all_faces(variant) == sum(bit(i, rank) for i, _, rank in faces)
    for colour in (*variant.clue_colours, "no such colour"):
        expected = sum(bit(i, r) for i, s, r in faces if variant.touches(colour, s, r))
        assert clue_faces(variant, ColourClue(1, colour)) == expected
        assert clue_faces(variant, ColourClue(0, colour)) == expected  # the target tells nothing
    for value in RANKS:
        expected = sum(bit(i, r) for i, s, r in faces if variant.rank_touches(value, s, r))
        assert clue_faces(variant, RankClue(1, value)) == expected


def test_r12_4_the_variant_cache_changes_no_value() -> None:
    # The face masks views.view keeps on the variant: never part of its equality, hashing,
    # pickling, copying or attrs.asdict, and the views built with them are the same values.
    variant = hanablive_variant("Rainbow (6 Suits)")
    fresh = pickle.loads(pickle.dumps(variant))
    before = attrs.asdict(fresh)
    state = new_game(Options(3, variant=variant), seed=4)
    state = apply(state, ColourClue(1, state.hands[1][0].suit))
    seen = view(state, 1)  # fills the variant's cache
    assert variant == fresh and hash(variant) == hash(fresh)
    assert attrs.asdict(variant) == before
    for other in (copy.copy(variant), copy.deepcopy(variant), pickle.loads(pickle.dumps(variant))):
        assert other == variant and attrs.asdict(other) == before
    again = pickle.loads(pickle.dumps(seen))
    assert again == seen and hash(again) == hash(seen)
    for held in seen.knowledge:
        for k in held:
            # Built through its slots by view: the same value as the public constructor's.
            assert k == CardKnowledge(k.order, k.suits, k.ranks, k.clued, k.counts)
            assert dict(k.identities) == dict(k.counts)
