"""Rule 9.32, Sudoku: fireworks started at any rank no other firework started at, wrapping around,
of `stack_size` cards (hanab.live's server/src/variants_sudoku.go, docs/variants.md)."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import attrs
import pytest

from hanabi_core import (
    EDITIONS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    GameRecord,
    InvalidOptions,
    Options,
    Play,
    apply,
    new_game,
    playable,
    read_record,
    view,
    write_record,
)
from hanabi_core.bots import OpenBot, SimpleBot, _surely_useless, next_ranks
from hanabi_core.cli import main
from hanabi_core.hanablive import LiveGame, messages, variant
from hanabi_core.knowledge import CardKnowledge
from hanabi_core.rules import outcome_after_turn, sudoku_next
from hanabi_core.rules.reach import reachable, sudoku_walks
from hanabi_core.sampling import sample_state
from hanabi_core.scoring import max_points
from hanabi_core.spec import Rule
from hanabi_core.state import GameState
from hanabi_core.testing import check_state
from hanabi_core.variants import Variant
from helpers import deck_with, seat0_deal

FIVE = "Sudoku (5 Suits)"
FOUR = "Sudoku (4 Suits)"


def deal(*mine: Card, name: str = FIVE, **options: object) -> GameState:
    """`seat0_deal` of Sudoku (5 Suits) unless `name` names another variant."""
    return seat0_deal(name, *mine, **options)


def play_in_turn(state: GameState, plays: int, slot: int = 0) -> GameState:
    """Seat 0 plays its card in `slot` `plays` times, seat 1 clueing in between."""
    for k in range(plays):
        state = apply(state, Play(slot))
        check_state(state)
        if k < plays - 1:
            state = apply(state, ColourClue(0, "Red"))
    return state


def cards(suit: str, *ranks: int) -> list[Card]:
    return [Card(suit, r) for r in ranks]


def test_r9_32_two_of_each_rank_up_to_the_stack_size() -> None:
    five, four = variant(FIVE), variant(FOUR)
    assert Rule.SUDOKU == "9.32"
    assert len(five.deck) == 50 and five.max_score == 25 and five.stack_size == 5
    assert len(four.deck) == 32 and four.max_score == 16 and four.stack_size == 4
    assert [c.rank for c in five.deck if c.suit == "Red"] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert {c.rank for c in four.deck} == {1, 2, 3, 4} and four.ranks == (1, 2, 3, 4)
    assert four.clue_ranks == (1, 2, 3, 4)
    # No clue touches a card the deck does not hold.
    assert not four.touches("Red", "Red", 5) and not four.rank_touches(4, "Red", 5)
    assert four.colour_bits("Red", 5) == four.rank_bits("Red", 5) == 0
    assert four.touches("Red", "Red", 4) and four.rank_touches(4, "Red", 4)
    # A one-of-each suit keeps one card a rank (rule 9.12; numCopiesOfCard checks it first).
    dark = variant("Sudoku & Dark Rainbow (5 Suits)")
    assert [c.rank for c in dark.deck if c.suit == "Dark Rainbow"] == [1, 2, 3, 4, 5]
    assert len(dark.deck) == 45
    assert max_points(Options(2, variant=four)) == 16


@pytest.mark.parametrize("start", [1, 2, 3, 4, 5])
def test_r9_32_firework_starts_at_any_rank_and_wraps_around(start: int) -> None:
    ranks = [(start - 1 + k) % 5 + 1 for k in range(5)]
    state = play_in_turn(deal(*cards("Red", *ranks)), 5)
    assert state.built[0] == 5 and state.starts[0] == start and state.storms == 0
    # Rule 6.4: the fifth card brings a Note back, whichever rank it is (4 clues were spent).
    assert state.notes == 8 - 4 + 1
    assert state.last_turn is not None and state.last_turn.note_gained


def test_r9_32_no_two_fireworks_start_at_one_rank() -> None:
    state = deal(Card("Red", 3), Card("Yellow", 3), Card("Yellow", 4))
    state = play_in_turn(state, 1)
    assert state.starts == (3, 0, 0, 0, 0)
    assert not playable(state, Card("Yellow", 3)) and playable(state, Card("Yellow", 4))
    assert not playable(state, Card("Red", 3)) and playable(state, Card("Red", 4))
    state = apply(state, ColourClue(0, "Red"))
    state = apply(state, Play(0))  # yellow 3: a misplay, not an illegal action (rule 6.3)
    assert state.storms == 1 and state.built == (1, 0, 0, 0, 0) and state.starts[1] == 0
    state = apply(state, ColourClue(0, "Red"))
    state = apply(state, Play(0))  # yellow 4
    assert state.starts == (3, 4, 0, 0, 0) and state.storms == 1
    check_state(state)


def test_r9_32_card_out_of_sequence_misplays() -> None:
    state = play_in_turn(deal(*cards("Red", 2, 4, 3)), 2)
    assert state.built[0] == 1 and state.storms == 1  # 4 on 2
    state = apply(state, ColourClue(0, "Red"))
    state = apply(state, Play(0))
    assert state.built[0] == 2 and state.storms == 1  # then 3


def test_r9_32_complete_firework_takes_no_more() -> None:
    state = play_in_turn(deal(*cards("Red", 4, 5, 1, 2, 3)), 5)
    assert state.built[0] == 5 and state.storms == 0 and state.starts[0] == 4
    assert not any(playable(state, Card("Red", rank)) for rank in range(1, 6))
    assert sudoku_next(5, 4, state.starts, 5) == ()
    assert playable(state, Card("Yellow", 1)) and not playable(state, Card("Yellow", 4))


def test_r9_32_four_suits_four_card_fireworks() -> None:
    state = play_in_turn(deal(*cards("Red", 2, 3, 4, 1), name=FOUR), 4)
    assert state.built == (4, 0, 0, 0) and state.starts == (2, 0, 0, 0)
    assert state.notes == 8 - 3 + 1 and state.storms == 0  # the 4th card (a 1) completes it
    assert sudoku_next(0, 0, (2, 0, 0, 0), 4) == (1, 3, 4)


def test_r9_32_orange_is_built_by_its_discard() -> None:
    v = variant("Sudoku & Orange (4 Suits)")
    assert v.suit_names == ("Red", "Green", "Blue", "Orange")
    state = new_game(
        Options(2, variant=v), deck=deck_with(v, [*cards("Orange", 3, 4, 1, 2), *cards("Red", 3)])
    )
    state = apply(state, Discard(0))  # rule 9.13: discarding orange 3 plays it, at the Note cap
    assert state.built[3] == 1 and state.starts == (0, 0, 0, 3)
    state = apply(state, ColourClue(0, "Red"))
    state = apply(state, Play(0))  # playing orange 4 discards it: a Note back
    assert state.built[3] == 1 and state.discards[-1].card == Card("Orange", 4)
    state = apply(state, ColourClue(0, "Red"))
    state = apply(state, Discard(0))  # orange 1 played on orange 3: a misplay
    assert state.storms == 1 and state.built[3] == 1
    check_state(state)


def test_r9_32_reachable_assigns_the_free_starts() -> None:
    """hanab.live's regression test (packages/game/src/reducers/gameReducer.test.ts, "Sudoku"):
    red starts at 3, yellow at 2, blue at 5; both purple 2s are discarded, so purple reaches its 5
    only from a start of 4 (4, 5, 1); once green takes 4, purple can only start at 1 (1)."""
    v = variant(FIVE)
    options = EDITIONS["hanab-live"].options(2, variant=v)
    top = [Card("Red", 3), Card("Purple", 2), Card("Yellow", 2), Card("Purple", 2)]
    top += [Card("Blue", 5), Card("Green", 1), Card("Green", 4), Card("Green", 2)]
    top += [Card("Green", 3), Card("Green", 5)]
    state = new_game(options, deck=deck_with(v, [*top[0::2], *top[1::2]]))
    # Seat 0 holds red 3, yellow 2, blue 5, green 4, green 3; seat 1 purple 2, purple 2, ...
    state = apply(state, Play(0))  # red 3
    state = apply(state, ColourClue(0, "Yellow"))
    state = apply(state, Play(0))  # yellow 2
    state = apply(state, Discard(0))  # a purple 2
    state = apply(state, Play(0))  # blue 5
    state = apply(state, ColourClue(0, "Green"))
    state = apply(state, ColourClue(1, "Purple"))
    state = apply(state, Discard(0))  # the other purple 2
    assert state.starts == (3, 2, 0, 5, 0)
    # Green (free starts 1 and 4) reaches 5; purple from 4 reaches 3.
    assert reachable(options, state.built, state.discards, (), state.starts) == 15 + 5 + 3
    state = apply(state, Play(0))  # green 4
    assert state.starts == (3, 2, 4, 5, 0)
    assert reachable(options, state.built, state.discards, (), state.starts) == 20 + 1
    check_state(state)


#: hanab.live's client tests (packages/game/src/rules/variants/sudoku.test.ts,
#: sudokuWalkUpAll): the ranks whose copies are all discarded, and the walk from each start.
WALKS = (
    (5, {1}, (0, 4, 3, 2, 1)),
    (5, {2}, (1, 0, 4, 3, 2)),
    (5, {3}, (2, 1, 0, 4, 3)),
    (5, {4}, (3, 2, 1, 0, 4)),
    (5, {5}, (4, 3, 2, 1, 0)),
    (5, {2, 5}, (1, 0, 2, 1, 0)),
    (5, {1, 4}, (0, 2, 1, 0, 1)),
    (5, {1, 2, 5}, (0, 0, 2, 1, 0)),
    (4, {1}, (0, 3, 2, 1)),
    (4, {2}, (1, 0, 3, 2)),
    (4, {3}, (2, 1, 0, 3)),
    (4, {4}, (3, 2, 1, 0)),
    (4, {2, 4}, (1, 0, 1, 0)),
    (4, {1, 4}, (0, 2, 1, 0)),
    (4, {1, 2, 4}, (0, 0, 1, 0)),
    (5, set(), (5, 5, 5, 5, 5)),
)


@pytest.mark.parametrize(("size", "dead", "walks"), WALKS)
def test_r9_32_walks_from_each_start(size: int, dead: set[int], walks: tuple[int, ...]) -> None:
    assert sudoku_walks(tuple(rank in dead for rank in range(1, size + 1))) == walks


def test_r9_32_the_server_status_counts_whole_runs() -> None:
    """server/src/variants_sudoku.go, sudokuWalkUpAll: a start inside a run before a dead rank is
    given the whole run (the status maxScore only; the rules count from the start)."""
    dead = (False, False, True, False, False)
    assert sudoku_walks(dead) == (2, 1, 0, 4, 3)
    assert sudoku_walks(dead, server=True) == (2, 2, 0, 4, 3)
    assert sudoku_walks((False, True, False, False, True), server=True) == (1, 0, 2, 2, 0)


def test_r9_32_the_game_ends_when_nothing_left_can_be_built() -> None:
    """Rule 7.6 (the hanab-live preset): red, yellow and green complete from 1, 2 and 3; blue can
    only start at 4, so once both blue 4s are gone nothing is left to build."""
    v = variant(FOUR)
    options = EDITIONS["hanab-live"].options(2, variant=v)
    dealt = new_game(options, seed=3).dealt
    fours = tuple(c for c in dealt if c.card == Card("Blue", 4))
    built, starts = (4, 4, 4, 0), (1, 2, 3, 0)
    one = outcome_after_turn(options, built, 0, None, fours[:1], fours[0], (), starts)
    assert one is None
    both = outcome_after_turn(options, built, 0, None, fours, fours[1], (), starts)
    assert both is not None and both.reason is EndReason.NOTHING_LEFT_TO_BUILD
    assert both.score == 12 and both.max_score == 16
    # Without a last round (rule 7.4b) the maximum is out of reach once one rank is gone.
    strict = options.replace(last_round=False, end_at_max_reachable=False)
    lost = outcome_after_turn(strict, (0,) * 4, 0, None, fours, fours[1], (), (0,) * 4)
    assert lost is not None and lost.reason is EndReason.MAX_SCORE_UNREACHABLE


def test_r9_32_a_stack_size_and_what_sudoku_combines_with_are_validated() -> None:
    """Rule 9.32a: the stack size, and Sudoku with no Up or Down and no descending suit."""
    red = variant(FIVE).suits[0]
    with pytest.raises(InvalidOptions, match="stack size"):
        Variant("x", "x", (red,), ("Red",), stack_size=4)  # not Sudoku
    with pytest.raises(InvalidOptions, match="stack size"):
        Variant("x", "x", (red,), ("Red",), sudoku=True, stack_size=6)
    with pytest.raises(InvalidOptions, match=r"9\.32"):
        Variant("x", "x", (attrs.evolve(red, descending=True),), ("Red",), sudoku=True)


def test_r9_32_states_and_variants_pickle_equal() -> None:
    state = play_in_turn(deal(*cards("Red", 2, 3), name=FOUR), 2)
    assert pickle.loads(pickle.dumps(state)) == state
    v = variant(FOUR)
    assert pickle.loads(pickle.dumps(v)) == v and pickle.loads(pickle.dumps(v)).stack_size == 4


@pytest.mark.parametrize("name", [FIVE, FOUR, "Sudoku & Dark Orange (5 Suits)"])
def test_r9_32_views_live_games_records_and_bots_follow(name: str) -> None:
    options = EDITIONS["hanab-live"].options(3, variant=variant(name))
    state = new_game(options, seed=11)
    simple, cheat = SimpleBot(random.Random(1)), OpenBot(random.Random(2))
    while not state.is_over:
        seen = view(state, state.current_player)
        assert seen.starts == state.starts
        wanted = next_ranks(seen)
        for suit, rank in wanted.items():
            assert playable(state, Card(suit, rank))
        own = state.hands[state.current_player]
        state = apply(state, cheat(seen, own) if state.turn % 2 else simple(seen))
    assert any(state.starts)
    record = GameRecord.from_state(state, edition="hanab-live")
    assert read_record(write_record(record)) == record
    hanab = json.loads(write_record(record, format="hanab-live"))
    assert read_record(hanab) == record  # no names invented (issue 33 item 4)
    assert list(record.states())[-1] == state
    for seat in range(3):
        game = LiveGame.from_options(record.options, seat=seat).receive_all(messages(record, seat))
        assert game.view == view(state, seat)
    world = sample_state(view(state, 1), random.Random(1))
    assert world.starts == state.starts and view(world, 1) == view(state, 1)


def test_r9_32_the_cli_shows_each_firework_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = play_in_turn(deal(*cards("Red", 4, 1), name=FOUR), 2)
    game = tmp_path / "sudoku.json"
    game.write_text(write_record(GameRecord.from_state(state)), encoding="utf-8")
    assert main(["show", str(game)]) == 0
    out = capsys.readouterr().out
    assert "Red 2 from 4" in out and "Yellow 0 " in out


def test_r9_32_hanab_live_status_max_score_as_the_server_counts_it() -> None:
    """server/src/variants_sudoku.go counts red started at 4, with both red 1s gone, as 2 cards
    (4, 5); with both red 5s gone too its sweep says 3, but the server only ever lowers its
    maxScore (game_player.go), so the status stays at 22; the rules' count is 21 (red 4 alone)."""
    state = deal(*cards("Red", 4, 1, 1, 5, 5))
    for slot_action in (Play(0), Discard(0), Discard(0), Discard(0), Discard(0)):
        if state.turn:
            state = apply(state, ColourClue(0, "Red"))
        state = apply(state, slot_action)
    assert state.starts == (4, 0, 0, 0, 0) and len(state.discards) == 4
    record = GameRecord.from_state(state)
    status = [m.raw()["maxScore"] for m in messages(record, 1) if m.TYPE == "status"]
    assert status == [25, 25, 25, 25, 22, 22, 22, 22, 22]
    reach = reachable(state.options, state.built, state.discards, (), state.starts)
    assert reach == 21 and state.outcome is None


def test_r9_32_bots_know_the_cards_a_started_firework_holds() -> None:
    state = play_in_turn(deal(*cards("Red", 3, 4)), 2)  # red 3, 4 built
    seen = view(state, 1)
    wanted = next_ranks(seen)
    assert wanted["Red"] == 5 and wanted["Yellow"] == 1  # the lowest free start

    def known(rank: int) -> CardKnowledge:
        return CardKnowledge(99, ("Red",), (rank,), True, ((Card("Red", rank), 1),))

    assert [_surely_useless(known(r), wanted, seen) for r in (1, 2, 3, 4, 5)] == [
        False, False, True, True, False,
    ]  # fmt: skip


@pytest.mark.parametrize(("name", "seed"), [(FOUR, 0), (FIVE, 2)])
def test_r9_32_hanab_live_record_that_ended_early_reads_back(name: str, seed: int) -> None:
    """Rule 7.6 as hanab.live's server ends a Sudoku game (variantSudokuCheckAllDead): the record
    written in its format reads back, and replays to the same early end."""
    options = EDITIONS["hanab-live"].options(2, variant=variant(name))
    state = new_game(options, seed=seed)
    cheat, simple = OpenBot(random.Random(seed)), SimpleBot(random.Random(seed))
    while not state.is_over:
        seen = view(state, state.current_player)
        own = state.hands[state.current_player]
        state = apply(state, cheat(seen, own) if state.turn % 2 == 0 else simple(seen))
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.NOTHING_LEFT_TO_BUILD
    assert state.score == reachable(options, state.built, state.discards, (), state.starts)
    record = GameRecord.from_state(state, edition="hanab-live")
    hanab = json.loads(write_record(record, format="hanab-live"))
    again = read_record(hanab)
    assert again == record  # no names invented (issue 33 item 4)
    assert list(again.states())[-1].outcome == state.outcome
