"""Rules 9.30 and 9.31: hanab.live's Cow & Pig and Duck, where a clue's value is hidden from
every player but its giver (what they see, what they know, what hanab.live's server sends)."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from hanabi_core import (
    Card,
    ColourClue,
    GameRecord,
    InvalidOptions,
    RankClue,
    apply,
    sample_state,
    view,
)
from hanabi_core.hanablive import LiveGame, messages, variant
from hanabi_core.hle import encode_view
from hanabi_core.variants import ClueShown, Variant
from hanabi_core.views import HiddenClue
from helpers import live_deal as deal
from helpers import reachable_values

COW_AND_PIG = "Cow & Pig (5 Suits)"
DUCK = "Duck (5 Suits)"
R, Y, G, B, P = "Red", "Yellow", "Green", "Blue", "Purple"


SEAT0 = [Card(G, r) for r in range(1, 6)]
SEAT1 = [Card(R, 2), Card(Y, 3), Card(R, 4), Card(B, 1), Card(Y, 1)]
# Seat 1's other hand: a blue clue touches its slots 0 and 2, as a red clue does in SEAT1.
SEAT1_TWIN = [Card(B, 2), Card(Y, 3), Card(B, 4), Card(R, 1), Card(Y, 1)]
SEAT2 = [Card(P, r) for r in range(1, 6)]


def test_r9_30_cow_and_pig_shows_the_type_not_the_value() -> None:
    state = apply(deal(COW_AND_PIG, SEAT0, SEAT1, SEAT2), ColourClue(1, R))
    assert state.last_turn is not None and state.last_turn.touched == (5, 7)
    for seat in (1, 2):  # the target and a bystander: "Moo"
        seen = view(state, seat).history[0]
        assert seen.action == HiddenClue(1, "colour")
        assert seen.touched == (5, 7) and seen.slots == (0, 2)
    assert view(state, 0).history[0].action == ColourClue(1, R)  # the giver knows
    state = apply(apply(state, RankClue(0, 1)), RankClue(0, 3))  # seats 1 and 2 to seat 0
    assert view(state, 2).history[1].action == HiddenClue(0, "rank")  # "Oink"
    assert view(state, 2).history[2].action == RankClue(0, 3)


def test_r9_31_duck_shows_neither_type_nor_value() -> None:
    state = apply(deal(DUCK, SEAT0, SEAT1, SEAT2), ColourClue(1, R))
    state = apply(state, RankClue(2, 1))
    for seat in (1, 2):
        assert view(state, seat).history[0].action == HiddenClue(1, None)  # "Quack"
    assert view(state, 0).history[1].action == HiddenClue(2, None)
    assert view(state, 1).history[1].action == RankClue(2, 1)
    assert str(HiddenClue(2, None)) == "clue (hidden) to seat 2"


@pytest.mark.parametrize("name", [COW_AND_PIG, DUCK])
def test_r9_30_r9_31_a_hidden_clue_tells_which_cards_it_touched_and_no_face(name: str) -> None:
    start = deal(name, SEAT0, SEAT1, SEAT2)
    state = apply(start, ColourClue(1, R))
    before = view(start, 1).own
    for seat in range(3):
        own = view(state, seat).knowledge[1]
        assert [k.clued for k in own] == [True, False, True, False, False]
        # Every face is still possible, as hanab.live's client applies nothing of it
        # (shouldApplyClue): the counts are those before the clue.
        assert [k.counts for k in own] == [k.counts for k in view(start, seat).knowledge[1]]
    assert [len(k.suits) for k in view(state, 1).own] == [5] * 5 == [len(k.suits) for k in before]


@pytest.mark.parametrize(
    ("name", "clue", "twin_clue"),
    [
        (COW_AND_PIG, ColourClue(1, R), ColourClue(1, B)),
        (DUCK, ColourClue(1, R), ColourClue(1, B)),
        (DUCK, RankClue(1, 1), ColourClue(1, R)),  # another type, the same slot: one view
    ],
)
def test_r9_30_r9_31_nothing_reachable_from_the_view_tells_the_value(
    name: str, clue: ColourClue | RankClue, twin_clue: ColourClue | RankClue
) -> None:
    # Two games that differ in seat 1's hand and in the clue's value, but not in the cards it
    # touched: seat 1's views are equal, and so is everything reachable from them.
    state = apply(deal(name, SEAT0, SEAT1, SEAT2), clue)
    twin_hand = SEAT1_TWIN if isinstance(twin_clue, ColourClue) else SEAT1
    if isinstance(clue, RankClue):
        twin_hand = [Card(Y, 2), Card(Y, 3), Card(Y, 4), Card(R, 1), Card(R, 3)]  # slots 3, 4
    twin = apply(deal(name, SEAT0, twin_hand, SEAT2), twin_clue)
    assert state.last_turn is not None and twin.last_turn is not None
    assert state.last_turn.touched == twin.last_turn.touched
    assert view(state, 1) == view(twin, 1)
    assert reachable_values(view(state, 1)) == reachable_values(view(twin, 1))
    assert view(state, 2) != view(twin, 2)  # seat 2 sees seat 1's cards


@pytest.mark.parametrize("name", [COW_AND_PIG, DUCK])
def test_r9_30_r9_31_the_server_sends_the_value_and_the_live_view_hides_it(name: str) -> None:
    # hanab.live's server scrubs no clue (server/src/actions_scrub.go): every seat's clue
    # message holds the value; the LiveGame's view hides it as view() does.
    state = apply(deal(name, SEAT0, SEAT1, SEAT2), ColourClue(1, R))
    state = apply(state, RankClue(2, 2))
    record = GameRecord.from_state(state)
    for seat in range(3):
        sent = [message.raw() for message in messages(record, seat)]
        clues = [m for m in sent if m["type"] == "clue"]
        assert [m["clue"] for m in clues] == [{"type": 0, "value": 0}, {"type": 1, "value": 2}]
        game = LiveGame.from_options(record.options, seat).receive_all(sent)
        assert game.view == view(state, seat)


@pytest.mark.parametrize("name", [COW_AND_PIG, DUCK])
def test_r9_30_r9_31_sampled_worlds_fit_the_hidden_clues(name: str) -> None:
    state = apply(deal(name, SEAT0, SEAT1, SEAT2), ColourClue(1, R))
    seen = view(state, 1)
    rng = random.Random(3)
    for _ in range(20):
        world = sample_state(seen, rng)
        assert view(world, 1) == seen
        hand = world.hands[1]
        turn = world.turns[0]
        # Some clue of the shown type touches exactly slots 0 and 2 of the sampled hand.
        assert isinstance(turn.action, ColourClue) or name == DUCK
        assert turn.touched == (hand[0].order, hand[2].order)


def test_r9_30_variant_flag_is_data_and_pickles() -> None:
    cow, duck = variant(COW_AND_PIG), variant(DUCK)
    assert cow.clue_shown is ClueShown.TYPE and duck.clue_shown is ClueShown.NOTHING
    assert variant("No Variant").clue_shown is ClueShown.VALUE
    assert pickle.loads(pickle.dumps(cow)) == cow
    assert attrs.evolve(cow, clue_shown=ClueShown.VALUE) != cow
    with pytest.raises(InvalidOptions, match="ClueShown"):
        Variant("x", "x", cow.suits, cow.clue_colours, clue_shown="type")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind"):
        HiddenClue(1, "suit")  # type: ignore[arg-type]


def test_r9_30_hle_encodings_refuse_hidden_clues() -> None:
    # HLE's observation holds a clue's colour or rank: it has no way to hide them.
    state = deal(COW_AND_PIG, SEAT0, SEAT1, SEAT2)
    with pytest.raises(InvalidOptions, match=r"9\.30"):
        encode_view(view(state, 0))
