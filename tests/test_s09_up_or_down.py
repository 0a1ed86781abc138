"""Rule 9.29, Up or Down: START cards, and each firework's direction chosen by its first cards
(hanab.live's server/src/variants_reversible.go and packages/game/src/rules/playStacks.ts)."""

from __future__ import annotations

import pickle

import pytest

from hanabi_core import (
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    InvalidDeck,
    Options,
    Play,
    RankClue,
    apply,
    new_game,
    playable,
    rules,
    view,
)
from hanabi_core.cards import RANKS, START
from hanabi_core.hanablive import variant
from hanabi_core.rules.reach import reachable
from hanabi_core.state import Direction, GameState
from hanabi_core.testing import check_state
from helpers import deck_with, seat0_deal

UP_OR_DOWN = "Up or Down (5 Suits)"


def deal(*mine: Card, name: str = UP_OR_DOWN, **options: object) -> GameState:
    """`seat0_deal` of Up or Down (5 Suits) unless `name` names another variant."""
    return seat0_deal(name, *mine, **options)


def play_in_turn(state: GameState, plays: int) -> GameState:
    """Seat 0 plays its oldest card `plays` times, seat 1 clueing in between."""
    for k in range(plays):
        state = apply(state, Play(0))
        check_state(state)
        if k < plays - 1:
            state = apply(state, ColourClue(0, "Red"))
    return state


def red(*ranks: int) -> list[Card]:
    return [Card("Red", r) for r in ranks]


def test_r9_29_each_suit_has_a_start_card_and_two_ones_fewer() -> None:
    v = variant(UP_OR_DOWN)
    assert v.up_or_down and v.ranks == (*RANKS, START)
    assert len(v.deck) == 45 and v.max_score == 25
    assert [c.rank for c in v.deck if c.suit == "Red"] == [1, 2, 2, 3, 3, 4, 4, 5, START]
    # A one-of-each suit: every rank and START once (hanab.live's totalCardsInSuit: 5 + 1).
    black = variant("Up or Down & Black (6 Suits)")
    assert [c.rank for c in black.deck if c.suit == "Black"] == [*RANKS, START]
    assert len(black.deck) == 5 * 9 + 6
    # No other variant has a START card or a direction.
    for other in (*VARIANTS.values(), variant("Reversed (5 Suits)")):
        assert other.ranks == RANKS and not other.up_or_down
        assert new_game(Options(2, variant=other), seed=1).directions == ()


def test_r9_29_start_is_a_card_only_in_up_or_down() -> None:
    assert str(Card("Red", START)) == "Red START" and START == 7
    with pytest.raises(InvalidDeck):
        Card("red", 6)
    base = VARIANTS["base"]
    deck = [*base.deck[:-1], Card("white", START)]
    with pytest.raises(InvalidDeck):
        new_game(Options(2), deck=deck)


@pytest.mark.parametrize(
    ("cards", "direction"),
    [
        (red(1, 2, 3), Direction.UP),
        (red(5, 4, 3), Direction.DOWN),
        (red(START, 2, 3), Direction.UP),
        (red(START, 4, 3), Direction.DOWN),
    ],
)
def test_r9_29_the_first_cards_choose_the_direction(cards: list[Card], direction: int) -> None:
    state = deal(*cards)
    assert state.directions == (Direction.UNDECIDED,) * 5
    state = play_in_turn(state, 1)
    first = Direction.UNDECIDED if cards[0].rank == START else direction
    assert state.built[0] == 1 and state.directions[0] == first
    state = play_in_turn(apply(state, ColourClue(0, "Red")), 2)
    assert state.built[0] == 3 and state.directions[0] == direction and state.storms == 0
    assert view(state, 1).directions == state.directions  # public (rule 12.2)


@pytest.mark.parametrize(
    "cards",
    [red(2), red(3), red(START, 3), red(START, 1), red(START, 5), red(1, START), red(5, 1),
     red(1, 3), red(5, 3)],
)  # fmt: skip
def test_r9_29_a_card_out_of_direction_misplays(cards: list[Card]) -> None:
    state = play_in_turn(deal(*cards), len(cards))
    assert state.storms == 1 and state.built[0] == len(cards) - 1
    assert state.discards[-1].card == cards[-1]


def test_r9_29_playable_follows_the_direction() -> None:
    state = deal(*red(START))
    assert [r for r in (*RANKS, START) if playable(state, Card("Red", r))] == [1, 5, START]
    state = play_in_turn(state, 1)
    assert [r for r in (*RANKS, START) if playable(state, Card("Red", r))] == [2, 4]
    assert rules.up_or_down_next(3, Direction.DOWN) == (2,)
    assert rules.up_or_down_next(5, Direction.DOWN) == ()


@pytest.mark.parametrize("cards", [red(5, 4, 3, 2, 1), red(START, 2, 3, 4, 5), red(1, 2, 3, 4, 5)])
def test_r9_29_a_complete_firework_brings_a_note_back_either_way(cards: list[Card]) -> None:
    state = play_in_turn(deal(*cards), 5)
    assert state.built[0] == 5 and state.notes == 8 - 4 + 1
    gained = [t.note_gained for t in state.turns if isinstance(t.action, Play)]
    assert gained == [False, False, False, False, True]  # a 5 starting it down brings none


def test_r9_29_no_rank_clue_names_start_and_prism_start_takes_the_last_colour() -> None:
    v = variant(UP_OR_DOWN)
    assert not any(v.rank_touches(r, "Red", START) for r in v.clue_ranks)
    assert [c for c in v.clue_colours if v.touches(c, "Red", START)] == ["Red"]
    prism = variant("Up or Down & Prism (5 Suits)")
    assert [c for c in prism.clue_colours if prism.touches(c, "Prism", START)] == [
        prism.clue_colours[-1]
    ]
    pink = variant("Up or Down & Pink (5 Suits)")  # every rank touches a Pink card, START too
    assert all(pink.rank_touches(r, "Pink", START) for r in pink.clue_ranks)
    # In play: a Red clue touches the START card, a rank clue does not.
    state = apply(deal(*red(3), Card("Red", START)), ColourClue(1, "Blue"))
    held = state.hands[0]
    assert apply(state, ColourClue(0, "Red")).last_turn.touched == tuple(  # type: ignore[union-attr]
        c.order for c in held if c.suit == "Red"
    )
    own = view(apply(state, RankClue(0, 3)), 0).own
    assert START in own[1].ranks and 3 not in own[1].ranks and own[0].ranks == (3,)


def test_r9_29_reachable_cards_walk_up_and_down() -> None:
    # Rule 7.6 with hanab.live's count: with Red's START and its only 1 discarded, Red cannot go up
    # and going down stops before the 1: 4 cards.
    v = variant(UP_OR_DOWN)
    gone = new_game(Options(2, variant=v), deck=deck_with(v, red(START, 1))).dealt[:2]
    assert [c.rank for c in gone] == [START, 1]
    undecided = (Direction.UNDECIDED,) * 5
    assert reachable(Options(2, variant=v), (0,) * 5, gone[:1], undecided) == 25
    assert reachable(Options(2, variant=v), (0,) * 5, gone, undecided) == 24
    # Once Red is going down from its 5, its 1 alone decides (the START card is not needed).
    down = (Direction.DOWN, *undecided[1:])
    assert reachable(Options(2, variant=v), (1, 0, 0, 0, 0), gone[:1], down) == 25
    # Without a last round (rule 7.4): the second discard makes 25 unreachable, and ends the game.
    lost = deal(*red(START, 1), last_round=False)
    lost = apply(apply(lost, ColourClue(1, "Red")), ColourClue(0, "Red"))
    lost = apply(lost, Discard(0))
    assert not lost.is_over
    lost = apply(apply(lost, ColourClue(0, "Red")), Discard(0))
    assert lost.outcome is not None and lost.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE


def test_r9_29_states_and_variants_pickle_equal() -> None:
    state = play_in_turn(deal(*red(START, 4)), 2)
    assert state.directions[0] == Direction.DOWN
    assert pickle.loads(pickle.dumps(state)) == state
    v = variant(UP_OR_DOWN)
    assert pickle.loads(pickle.dumps(v)) == v and pickle.loads(pickle.dumps(v)).up_or_down


def test_r9_29_hanab_live_status_counts_max_score_both_ways() -> None:
    from hanabi_core import GameRecord
    from hanabi_core.hanablive import messages

    state = deal(*red(START, 1))
    state = apply(apply(state, ColourClue(1, "Red")), ColourClue(0, "Red"))
    state = apply(apply(apply(state, Discard(0)), ColourClue(0, "Red")), Discard(0))
    status = [m.raw() for m in messages(GameRecord.from_state(state), 1) if m.TYPE == "status"]
    # hanab.live's maxScore (variantReversibleGetMaxScore): Red can only go down, to its 2.
    assert [m["maxScore"] for m in status][-3:] == [25, 25, 24]
