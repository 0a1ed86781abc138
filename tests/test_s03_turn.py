"""Section 3, The turn: one action per turn, turn order, nothing after the end, four actions."""

from __future__ import annotations

import pytest

from hanabi_core import (
    Card,
    ColourClue,
    Discard,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    legal_actions,
    new_game,
)
from helpers import assert_refused, game, snapshot

RED_HAND = [Card("red", r) for r in (1, 2, 3, 4, 5)]
WHITE_HAND = [Card("white", r) for r in (1, 1, 2, 3, 4)]
BLUE_HAND = [Card("blue", r) for r in (1, 1, 2, 3, 4)]


def three_players() -> tuple[Options, list[list[Card]]]:
    return Options(3), [RED_HAND, WHITE_HAND, BLUE_HAND]


def test_r3_1_a_turn_is_exactly_one_action_of_four_kinds() -> None:
    state = game(*three_players())
    actions = legal_actions(state)
    assert {type(a) for a in actions} == {Play, ColourClue, RankClue}  # no discard at 8 Notes
    for action in (Play(0), ColourClue(1, "white"), RankClue(2, 1)):
        after = apply(state, action)
        assert after.turn == 1 and after.current_player == 1
        assert len(after.turns) == 1
        assert after.last_turn is not None and after.last_turn.action == action
        assert after.last_turn.player == 0 and after.last_turn.number == 0


def test_r3_1_apply_never_changes_its_input() -> None:
    state = game(*three_players())
    before = snapshot(state)
    after = apply(state, Play(0))
    assert snapshot(state) == before
    assert after.fireworks["red"] == 1 and state.fireworks["red"] == 0


def test_r3_1_and_r3_4_there_is_no_pass() -> None:
    state = game(*three_players())
    for passing in (None, "pass", ()):
        assert_refused(state, passing, Rule.KNOWN_ACTIONS_ONLY)


def test_r3_2_turns_go_up_by_seat_and_wrap_around() -> None:
    state = game(*three_players())
    seats = []
    # One of each action kind; every kind passes the turn.
    for action in (
        ColourClue(1, "white"),  # seat 0
        RankClue(0, 1),  # seat 1
        Discard(0),  # seat 2 (one Note spent, so a discard is allowed)
        Play(0),  # seat 0
        RankClue(2, 3),  # seat 1
    ):
        seats.append(state.current_player)
        state = apply(state, action)
    assert seats == [0, 1, 2, 0, 1]
    assert (state.current_player, state.turn) == (2, 5)
    assert [t.player for t in state.turns] == [0, 1, 2, 0, 1]
    assert [t.number for t in state.turns] == [0, 1, 2, 3, 4]


def test_r3_2_two_players_alternate() -> None:
    state = new_game(Options(2), seed=3)
    for turn in range(6):
        assert state.current_player == turn % 2 and state.turn == turn
        state = apply(state, legal_actions(state)[-1])


def test_r3_3_no_action_after_the_end() -> None:
    options = Options(2, hand_size=1, max_storms=1)
    state = game(options, [[Card("red", 5)], [Card("red", 4)]], then=[Card("red", 3)])
    state = apply(state, Play(0))
    assert state.is_over and legal_actions(state) == ()
    # Every kind of action is refused, the one that would otherwise be legal included.
    for action in (Play(0), Discard(0), RankClue(0, 3), ColourClue(0, "red"), Play(7)):
        error = assert_refused(state, action, Rule.NO_ACTION_AFTER_THE_END)
        assert "the game is over" in str(error)
        assert "storm out, score 0" in str(error)
    # Even a non-action cites the end first.
    assert_refused(state, "pass", Rule.NO_ACTION_AFTER_THE_END)


def test_r3_3_no_action_after_a_won_game() -> None:
    colours = ("red", "yellow", "green", "blue", "white")
    in_order = [Card(c, r) for c in colours for r in range(1, 6)]
    options = Options(2, hand_size=1)
    state = game(options, [in_order[:1], in_order[1:2]], then=in_order[2:])
    while not state.is_over:
        state = apply(state, Play(0))
    assert state.score == 25 and legal_actions(state) == ()
    error = assert_refused(state, RankClue(0, 1), Rule.NO_ACTION_AFTER_THE_END)
    assert str(error) == (
        "Cannot clue 1s to seat 0: the game is over (all fireworks, score 25) (rule 3.3)"
    )


@pytest.mark.parametrize(
    "action",
    [("play", 0), "play slot 0", 0, None, object(), {"type": 0, "target": 3}],
    ids=["tuple", "str", "int", "None", "object", "dict"],
)
def test_r3_4_only_the_four_actions_are_accepted(action: object) -> None:
    state = game(*three_players())
    error = assert_refused(state, action, Rule.KNOWN_ACTIONS_ONLY)
    assert "a turn is a Play, Discard, ColourClue or RankClue" in str(error)


def test_r3_4_a_subclass_or_lookalike_of_an_action_is_not_an_action() -> None:
    class Lookalike:
        slot = 0

    state = game(*three_players())
    assert_refused(state, Lookalike(), Rule.KNOWN_ACTIONS_ONLY)
