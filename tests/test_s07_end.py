"""Section 7, The end of the game: the last Storm, every firework, the final round, no last
round, and a game stopped from outside."""

from __future__ import annotations

from typing import Any

import pytest

from hanabi_core import (
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    GameState,
    IllegalAction,
    Options,
    Outcome,
    Play,
    RankClue,
    Rule,
    abandon,
    apply,
    legal_actions,
    new_game,
)
from hanabi_core.rulebook import rule_text
from helpers import (
    assert_refused,
    cards,
    clue_next,
    deck_with,
    emptied_hand_game,
    game,
    hand,
    orders,
    snapshot,
)

COLOURS = ("red", "yellow", "green", "blue", "white")
IN_ORDER = [Card(c, r) for c in COLOURS for r in (1, 2, 3, 4, 5)]


# --- 7.1 ------------------------------------------------------------------------------------------


def storm_game(**options: Any) -> GameState:
    """Hands of two: seat 0 red 4, red 5; seat 1 white 5, white 4; then the canonical deck."""
    return game(
        Options(2, hand_size=2, **options),
        [[Card("red", 4), Card("red", 5)], [Card("white", 5), Card("white", 4)]],
    )


def test_r7_1_the_third_storm_ends_the_game_at_once() -> None:
    state = storm_game()
    state = apply(state, Play(0))  # red 4: Storm 1
    state = apply(state, Play(0))  # white 5: Storm 2
    assert state.storms == 2 and not state.is_over and state.outcome is None
    state = apply(state, Play(0))  # red 5: Storm 3
    assert state.storms == 3 and state.is_over
    assert state.outcome == Outcome(EndReason.STORM_OUT, 0, 25, Rule.STORM_OUT)
    assert state.outcome.rule == "7.1" and not state.outcome.perfect
    assert len(state.deck) == 50 - 4 - 3  # cards were left: no final round
    assert state.turns_left is None and state.turn == 3
    assert legal_actions(state) == ()
    assert_refused(state, Play(0), Rule.NO_ACTION_AFTER_THE_END)


def test_r7_1_the_last_storm_follows_max_storms() -> None:
    state = apply(storm_game(max_storms=1), Play(0))
    assert state.is_over and state.storms == 1
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    state = storm_game(max_storms=2)
    state = apply(apply(state, Play(0)), Play(0))
    assert state.is_over and state.storms == 2


def test_r7_1_a_storm_out_during_the_final_round_ends_it_early() -> None:
    state = final_round_game(max_storms=1)
    state = apply(state, Play(0))  # seat 0: red 1, draws white 4
    state = apply(state, Play(4))  # seat 1: green 1, draws the last card
    assert state.turns_left == 3
    state = apply(state, Play(1))  # seat 2: blue 2 on nothing
    assert state.is_over and state.turns_left == 2
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    assert state.outcome.rule is Rule.STORM_OUT and state.score == 0


# --- 7.2 ------------------------------------------------------------------------------------------


def test_r7_2_every_firework_complete_ends_the_game_with_the_maximum() -> None:
    state = game(Options(2, hand_size=1), [IN_ORDER[:1], IN_ORDER[1:2]], then=IN_ORDER[2:])
    for turn in range(25):
        assert not state.is_over, turn
        state = apply(state, Play(0))
    assert state.is_over
    assert state.outcome == Outcome(EndReason.ALL_FIREWORKS, 25, 25, Rule.ALL_FIREWORKS_COMPLETE)
    assert state.outcome.perfect and state.outcome.rule == "7.2"
    assert state.score == 25 and state.turn == 25
    assert dict(state.fireworks) == dict.fromkeys(COLOURS, 5)
    assert len(state.deck) == 23 and state.turns_left is None  # the deck was not used up
    assert state.notes == 8  # the five bonuses were lost: nothing was spent
    assert legal_actions(state) == ()


def test_r7_2_the_last_firework_may_be_completed_in_the_final_round() -> None:
    # Hands of 25: the deal takes the whole deck, so the final round starts at once (rule 7.3).
    state = game(Options(2, hand_size=25), [IN_ORDER, deck_with("base", IN_ORDER)[25:]])
    assert state.turns_left == 2
    state = apply(state, RankClue(1, 1))  # seat 0 clues: turns_left 1
    assert state.turns_left == 1 and not state.is_over
    state = apply(state, Play(0))  # seat 1 plays red 1: the final round is over
    assert state.outcome is not None and state.outcome.reason is EndReason.FINAL_ROUND
    assert state.score == 1


# --- 7.3 ------------------------------------------------------------------------------------------


def final_round_game(**options: Any) -> GameState:
    """Three players, hands of 16, the canonical deck: 2 cards (white 4, white 5) left to draw.

    Seat 0: red 1,1,1,2,2,3,3,4,4,5, yellow 1,1,1,2,2,3 (orders 0-15); seat 1: yellow 3,4,4,5,
    green 1,1,1,2,2,3,3,4,4,5, blue 1,1 (16-31); seat 2: blue 1,2,2,3,3,4,4,5, white 1,1,1,2,2,3,
    3,4 (32-47).
    """
    return new_game(Options(3, hand_size=16, **options), deck=VARIANTS["base"].deck)


def test_r7_3_the_final_round_every_player_once_more_the_drawer_included() -> None:
    state = final_round_game()
    assert len(state.deck) == 2 and state.turns_left is None
    state = apply(state, Play(0))  # seat 0: red 1, draws white 4 (order 48)
    assert state.turns_left is None and orders(state.deck) == [49]
    state = apply(state, Play(4))  # seat 1: green 1, draws the last card, white 5 (order 49)
    assert state.deck == () and state.turns_left == 3
    assert hand(state, 1)[-1] == Card("white", 5) and len(state.hands[1]) == 16
    state = apply(state, Play(8))  # seat 2: white 1; draws nothing
    assert state.turns_left == 2 and len(state.hands[2]) == 15
    assert state.last_turn is not None and state.last_turn.drawn is None
    state = apply(state, Play(2))  # seat 0: red 2 (hand: red 1, 1, 2, 2, ...); draws nothing
    assert state.turns_left == 1 and len(state.hands[0]) == 15 and not state.is_over
    assert state.fireworks["red"] == 2
    state = apply(state, RankClue(2, 4))  # seat 1, the drawer, takes its last turn
    assert state.turns_left == 0 and state.is_over
    assert state.outcome == Outcome(EndReason.FINAL_ROUND, 4, 25, Rule.FINAL_ROUND)
    assert state.outcome.rule == "7.3"
    assert state.score == 4  # red 2, green 1, white 1
    assert [t.player for t in state.turns[2:]] == [2, 0, 1]  # after the last draw: each once
    assert legal_actions(state) == ()
    assert_refused(state, Play(0), Rule.NO_ACTION_AFTER_THE_END)


def test_r7_3_with_two_players_after_a_discard() -> None:
    state = new_game(Options(2, hand_size=24), seed=3)  # 48 cards dealt, 2 left to draw
    state = clue_next(clue_next(state))  # seats 0 and 1 spend a Note each
    state = apply(state, Discard(0))  # seat 0 draws; one card left
    assert state.turns_left is None and len(state.deck) == 1
    state = apply(state, Discard(0))  # seat 1 draws the last card
    assert state.deck == () and state.turns_left == 2
    state = clue_next(state)  # seat 0's last turn
    assert state.turns_left == 1 and not state.is_over
    state = clue_next(state)  # seat 1's last turn: the drawer's too
    assert state.is_over and state.outcome is not None
    assert state.outcome.reason is EndReason.FINAL_ROUND and state.turn == 6


def test_r7_3_when_the_deal_takes_the_whole_deck_the_final_round_starts_at_once() -> None:
    state = new_game(Options(2, hand_size=25), deck=VARIANTS["base"].deck)
    assert state.deck == () and state.turns_left == 2
    state = apply(state, Play(0))  # seat 0: red 1; no draw
    assert state.turns_left == 1 and len(state.hands[0]) == 24
    state = apply(state, RankClue(0, 1))
    assert state.is_over and state.outcome is not None
    assert state.outcome.reason is EndReason.FINAL_ROUND and state.score == 1


def test_r7_3_the_final_round_with_five_players() -> None:
    # Hands of 10: the whole deck is dealt, so each of the five seats plays exactly once.
    state = new_game(Options(5, hand_size=10), deck=VARIANTS["base"].deck)
    for expected in (4, 3, 2, 1):
        state = apply(state, Play(0))
        assert state.turns_left == expected and not state.is_over
    state = apply(state, Play(0))
    assert state.is_over and state.turns_left == 0
    # Seat p holds the ten cards of colour p and plays its oldest, a 1: five fits.
    assert [t.player for t in state.turns] == [0, 1, 2, 3, 4]
    assert dict(state.fireworks) == dict.fromkeys(COLOURS, 1)
    assert state.outcome is not None and state.outcome.reason is EndReason.FINAL_ROUND
    assert state.score == 5


# --- 7.4 ------------------------------------------------------------------------------------------


def test_r7_4_no_last_round_play_goes_on_with_shrinking_hands() -> None:
    state = game(
        Options(2, hand_size=25, last_round=False),
        [IN_ORDER, deck_with("base", IN_ORDER)[25:]],
    )
    assert state.deck == () and state.turns_left is None  # no final round starts
    state = apply(state, Play(0))
    state = apply(state, Discard(0)) if state.notes < 8 else apply(state, RankClue(0, 2))
    assert state.turns_left is None and not state.is_over
    assert [len(h) for h in state.hands] == [24, 25]
    # The emptied-hand game: 49 turns after the deck ran out, seat 0's hand is empty.
    emptied = emptied_hand_game()
    picture = snapshot(emptied)
    assert picture["turn"] == 49 and picture["turns_left"] is None and not picture["is_over"]
    assert [len(h) for h in emptied.hands] == [0, 15]
    assert (emptied.notes, emptied.storms, emptied.score) == (7, 1, 24)
    assert len(emptied.discards) == 11 and hand(emptied, 1)[-1] == Card("white", 5)


def test_r7_4_a_player_with_an_empty_hand_may_still_clue() -> None:
    state = apply(emptied_hand_game(), Discard(0))  # seat 1 discards green 1 (already built)
    assert not state.is_over and state.current_player == 0 and state.hands[0] == ()
    actions = legal_actions(state)
    assert actions
    assert all(isinstance(a, (ColourClue, RankClue)) and a.target == 1 for a in actions)
    assert not any(isinstance(a, (Play, Discard)) for a in actions)
    after = apply(state, RankClue(1, 2))
    assert after.notes == 7 and not after.is_over and after.current_player == 1


def test_r7_4_loss_with_zero_when_the_player_to_move_has_no_legal_action() -> None:
    state = emptied_hand_game(max_storms=10)
    # Seat 1 misplays its oldest card (a card already built), seat 0 answers with a clue, until
    # seat 0's clues have spent every Note.
    while state.notes > 0:
        state = apply(state, Play(0))
        assert not state.is_over
        state = apply(state, RankClue(1, state.hands[1][0].rank))
    assert not state.is_over and state.current_player == 1 and state.notes == 0
    state = apply(state, Play(0))  # seat 1 misplays again: seat 0 has no card and no Note
    assert state.hands[0] == () and state.notes == 0 and state.storms < 10
    assert state.is_over
    assert state.outcome == Outcome(EndReason.NO_LEGAL_ACTION, 0, 25, Rule.NO_LAST_ROUND)
    assert state.outcome.rule == "7.4"
    assert state.score == 0 and sum(state.fireworks.values()) == 24
    assert legal_actions(state) == ()


def test_r7_4_win_at_max_without_a_last_round() -> None:
    state = emptied_hand_game()
    state = apply(state, Play(14))  # seat 1 plays the white 5
    assert state.is_over
    assert state.outcome == Outcome(EndReason.ALL_FIREWORKS, 25, 25, Rule.ALL_FIREWORKS_COMPLETE)
    assert state.score == 25


def test_r7_4_b_loss_when_the_only_copy_of_a_needed_card_is_discarded() -> None:
    deck = deck_with("base", [Card("red", 5)])  # seat 0's oldest card: the only red 5
    for last_round in (True, False):
        state = new_game(Options(2, last_round=last_round), deck=deck)
        state = apply(clue_next(clue_next(state)), Discard(0))  # seat 0 discards the red 5
        assert state.is_over is (not last_round)
    assert state.outcome == Outcome(EndReason.MAX_SCORE_UNREACHABLE, 0, 25, Rule.NO_LAST_ROUND)
    assert state.outcome.rule == "7.4" and state.score == 0


def test_r7_4_b_loss_when_the_third_copy_of_a_needed_one_is_discarded() -> None:
    ones = [Card("red", 1)] * 3 + [Card("blue", 2), Card("blue", 3)]
    state = game(Options(2, last_round=False), [ones, IN_ORDER[5:10]])
    state = apply(apply(state, RankClue(1, 1)), RankClue(0, 2))  # 6 Notes
    for copy in range(3):
        state = apply(state, Discard(0))  # seat 0 discards a red 1
        if copy < 2:
            assert not state.is_over, copy  # another red 1 is left
            state = apply(state, RankClue(0, 2))  # seat 1 spends the Note back
    assert cards(state.discards) == [Card("red", 1)] * 3
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE and state.score == 0


def test_r7_4_b_loss_when_the_only_copy_of_a_needed_card_is_misplayed() -> None:
    state = game(
        Options(2, last_round=False),
        [[Card("red", 5), *IN_ORDER[5:9]], IN_ORDER[10:15]],
    )
    state = apply(state, Play(0))  # red 5 on an empty firework: a misplay, and red is lost
    assert state.storms == 1 and state.is_over
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE and state.score == 0


def test_r7_4_b_discarding_a_spare_copy_or_a_built_card_goes_on() -> None:
    state = game(
        Options(2, last_round=False),
        [[Card("red", 1), Card("red", 1), *IN_ORDER[6:9]], IN_ORDER[10:15]],
    )
    state = apply(state, Play(0))  # red 1 built
    state = apply(state, RankClue(0, 1))
    state = apply(state, Discard(0))  # the spare red 1: red 1 is built already
    assert not state.is_over
    state = apply(apply(state, RankClue(0, 2)), RankClue(1, 1))  # 6 Notes
    state = apply(state, Discard(0))  # seat 1: green 1, two more copies are left
    assert cards(state.discards) == [Card("red", 1), Card("green", 1)]
    assert not state.is_over and state.outcome is None


# --- 7.5 ------------------------------------------------------------------------------------------


def test_r7_5_abandoned_is_an_end_reason_and_a_spec_rule() -> None:
    from hanabi_core.records import abandon as from_records

    assert from_records is abandon
    assert EndReason.ABANDONED.value == "abandoned"
    assert Rule.ABANDONED == "7.5" and Rule.ABANDONED.section == 7
    text = rule_text("7.5")
    assert text.title == "A game stopped from outside"
    assert "scores 0" in text.body


def test_r7_5_abandon_ends_the_game_with_zero_and_nothing_else_changes() -> None:
    state = game(Options(2), [IN_ORDER[:5], IN_ORDER[5:10]])
    state = apply(apply(state, Play(0)), RankClue(0, 2))  # red 1 built: score 1
    before = snapshot(state)
    stopped = abandon(state)
    assert snapshot(state) == before
    assert stopped.is_over
    assert stopped.outcome == Outcome(EndReason.ABANDONED, 0, 25, Rule.ABANDONED)
    assert stopped.score == 0 and legal_actions(stopped) == ()
    after = snapshot(stopped)
    for field in ("hands", "deck", "fireworks", "discards", "notes", "storms", "turn", "turns"):
        assert after[field] == before[field], field
    assert_refused(stopped, Play(0), Rule.NO_ACTION_AFTER_THE_END)


def test_r7_5_a_finished_game_cannot_be_abandoned() -> None:
    over = apply(storm_game(max_storms=1), Play(0))
    with pytest.raises(IllegalAction) as caught:
        abandon(over)
    assert caught.value.rule is Rule.NO_ACTION_AFTER_THE_END
    assert str(caught.value).endswith("(rule 3.3)")


def test_r7_5_an_abandoned_games_maximum_is_the_options_highest_score() -> None:
    # Probe C of issue 21: abandon read `variant.max_score` (the number of cards, 30 in Black
    # Powder) where every other ending reads `max_points(options)` (rule 8.1): under
    # `descending_score="minus-five"` the highest score is 25.
    from hanabi_core.scoring import max_points

    options = Options(2, variant="black-powder", descending_score="minus-five")
    state = new_game(options, seed=1)
    abandoned = abandon(state)
    assert abandoned.outcome is not None
    assert abandoned.outcome.max_score == max_points(options) == 25
    while not state.is_over:
        state = apply(state, legal_actions(state)[-1])
    assert state.outcome is not None and state.outcome.max_score == 25
