"""The rules and sub-rules spec 1.0 added or changed: 2.7a, 4.5a, 6.5a, 7.4a-c, 7.6, 7.7a-d,
10.8-10.12 and 12.4a, and the tools a judge cites them with (sub-rule ids, plain text, search)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from attrs import evolve

from hanabi_core import (
    EDITIONS,
    VARIANTS,
    Card,
    ColourClue,
    Discard,
    EndReason,
    GameRecord,
    InvalidOptions,
    Options,
    Play,
    RankClue,
    Rule,
    apply,
    is_legal,
    legal_actions,
    new_game,
    playable,
    read_record,
    write_record,
)
from hanabi_core.rulebook import plain_text, rule_text, search
from hanabi_core.scoring import max_points, points
from helpers import assert_refused, clue_next, deck_with

COLOURS = ("red", "yellow", "green", "blue", "white")
#: Both 2s of every colour, then one 1 of each: once the 2s are gone, only the 1s can be built.
TWOS_THEN_ONES = [Card(c, 2) for c in COLOURS for _ in range(2)] + [Card(c, 1) for c in COLOURS]


def drive(options: Options, limit: int = 200) -> Any:
    """Play every 1 that fits and discard every other card (a clue first when no Note is spent)."""
    state = new_game(options, deck=deck_with(options, TWOS_THEN_ONES))
    while not state.is_over and state.turn < limit:
        card = state.hands[state.current_player][0]
        if card.rank == 1 and playable(state, card):
            state = apply(state, Play(0))
        elif state.notes == state.options.max_notes:
            state = clue_next(state)
        else:
            state = apply(state, Discard(0))
    return state


# --- 2.7a: the deal takes the last card ---


def test_r2_7_a_the_deal_that_empties_the_deck_starts_the_final_round() -> None:
    state = new_game(Options(2, hand_size=25), seed=1)
    assert state.deck == () and state.turns_left == 2
    state = clue_next(state)
    assert state.turns_left == 1 and not state.is_over
    state = clue_next(state)
    assert state.is_over and state.outcome is not None
    assert state.outcome.reason is EndReason.FINAL_ROUND
    # Without a last round the deal that empties the deck starts nothing.
    assert new_game(Options(2, hand_size=25, last_round=False), seed=1).turns_left is None
    assert "2.7a" in rule_text("2.7").subrules


# --- 4.5a: a clue to an empty hand ---


def empty_handed(negative_clues: bool) -> Any:
    """Seat 1 has discarded its 25 spare cards: its hand is empty, seat 0 to move."""
    one_of_each = [Card(c, r) for c in COLOURS for r in (1, 2, 3, 4, 5)]
    spares = [Card(c, r) for c in COLOURS for r in (1, 1, 2, 3, 4)]
    options = Options(2, hand_size=25, last_round=False, negative_clues=True)
    state = new_game(options, deck=[*one_of_each, *spares])
    while state.hands[1]:
        state = apply(apply(state, ColourClue(1, "red")), Discard(0))
    return evolve(state, options=options.replace(negative_clues=negative_clues))


def test_r4_5_a_a_clue_to_an_empty_hand_is_legal_with_negative_clues() -> None:
    state = empty_handed(negative_clues=True)
    assert state.hands[1] == () and state.current_player == 0 and not state.is_over
    for clue in (ColourClue(1, "blue"), RankClue(1, 5)):
        after = apply(state, clue)
        assert after.last_turn is not None and after.last_turn.touched == ()
        assert after.notes == state.notes - 1 and after.current_player == 1


def test_r4_5_a_without_negative_clues_a_clue_to_an_empty_hand_is_refused() -> None:
    state = empty_handed(negative_clues=False)
    assert_refused(state, ColourClue(1, "blue"), Rule.CLUE_MUST_TOUCH)


# --- 6.5a: a hand's order ---


def test_r6_5_a_a_hand_keeps_draw_order_and_the_new_card_is_last() -> None:
    state = new_game(Options(3), seed=6)
    before = state.hands[0]
    after = apply(state, Play(2))
    assert after.hands[0][:4] == (*before[:2], *before[3:])
    assert after.hands[0][4].order == 15  # the first card after the deal
    assert "6.5a" in rule_text("6.5").subrules


# --- 7.4a-c: no last round ---


def test_r7_4_a_an_empty_hand_may_still_give_clues() -> None:
    state = empty_handed(negative_clues=True)
    state = apply(state, ColourClue(1, "blue"))  # seat 0 clues; seat 1 (empty hand) to move
    assert state.current_player == 1 and state.hands[1] == ()
    actions = legal_actions(state)
    assert actions and all(isinstance(a, (ColourClue, RankClue)) for a in actions)


def test_r7_4_c_and_r10_12_no_legal_action_loses_or_passes() -> None:
    for reading in ("loss", "pass"):
        state = empty_handed(negative_clues=True)
        options = state.options.replace(no_legal_action=reading)
        state = evolve(state, options=options, notes=1)
        after = apply(state, ColourClue(1, "blue"))  # the last Note: seat 1 cannot act
        if reading == "loss":
            assert after.is_over and after.outcome is not None
            assert after.outcome.reason is EndReason.NO_LEGAL_ACTION and after.score == 0
            assert after.outcome.rule == Rule.NO_LAST_ROUND
        else:
            assert not after.is_over and after.current_player == 0  # seat 1 was passed over
            assert legal_actions(after)
            assert after.turn == state.turn + 1  # a pass is not a turn of its own


def test_r10_12_no_legal_action_is_validated() -> None:
    with pytest.raises(InvalidOptions) as caught:
        Options(2, no_legal_action="skip")
    assert caught.value.field == "no_legal_action"
    with pytest.raises(InvalidOptions):
        Options(2, no_legal_action=True)  # type: ignore[arg-type]


# --- 7.6 and 10.9: nothing left to build ---


def test_r7_6_the_game_ends_when_nothing_is_left_to_build() -> None:
    ended = drive(Options(2, hand_size=1, end_at_max_reachable=True))
    assert ended.outcome is not None
    assert ended.outcome.reason is EndReason.NOTHING_LEFT_TO_BUILD
    assert ended.outcome.rule is Rule.NOTHING_LEFT_TO_BUILD
    assert ended.score == 5 and legal_actions(ended) == ()
    assert all(ended.fireworks[c] == 1 for c in COLOURS)
    assert not drive(Options(2, hand_size=1), limit=40).is_over  # printed rules play on


def test_r7_6_and_r10_9_a_preset_game_that_would_storm_out_keeps_its_score() -> None:
    # Printed rules play on; three misplays then score 0. hanab.live (the preset) ended at 5.
    on = drive(EDITIONS["hanab-live"].options(2, hand_size=1))
    off = new_game(Options(2, hand_size=1), deck=deck_with("base", TWOS_THEN_ONES))
    for turn in on.turns:
        off = apply(off, turn.action)
    assert on.is_over and on.score == 5 and not off.is_over
    while not off.is_over:
        off = apply(off, Play(0))  # nothing fits any more: three misplays
    assert off.outcome is not None and off.outcome.reason is EndReason.STORM_OUT
    assert off.score == 0


def test_r7_6_and_r11_4_a_hanab_live_record_that_ended_early_replays_to_its_end() -> None:
    state = drive(EDITIONS["hanab-live"].options(2))
    assert state.is_over and state.score == 5
    record = GameRecord.from_state(state, edition="hanab-live")
    data = json.loads(write_record(record, format="hanab-live"))
    back = read_record(data)
    final = back.final()
    assert final.is_over and final.outcome is not None
    assert final.outcome.reason is EndReason.NOTHING_LEFT_TO_BUILD and final.score == 5
    assert back.options.end_at_max_reachable is True


def test_r10_9_end_at_max_reachable_is_validated_and_off_by_default() -> None:
    assert Options(2).end_at_max_reachable is False
    with pytest.raises(InvalidOptions) as caught:
        Options(2, end_at_max_reachable=1)  # type: ignore[arg-type]
    assert caught.value.field == "end_at_max_reachable"


def test_r7_6_without_a_last_round_the_option_changes_nothing() -> None:
    options = Options(2, hand_size=1, last_round=False)
    lost = drive(options)
    assert lost.outcome is not None and lost.outcome.reason is EndReason.MAX_SCORE_UNREACHABLE
    again = drive(options.replace(end_at_max_reachable=True))
    assert again.outcome == lost.outcome and again.turn == lost.turn


# --- 7.7: precedence ---


def test_r7_7_a_the_last_storm_on_the_last_turn_of_the_final_round_is_a_storm_out() -> None:
    state = new_game(Options(2, hand_size=25, max_storms=1), deck=list(VARIANTS["base"].deck))
    state = apply(clue_next(state), Play(0))  # seat 1's green 3 does not fit
    assert state.turns_left == 0 and state.storms == 1
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    assert state.score == 0
    fireworks = state.options.replace(storm_out_score="fireworks")
    assert fireworks.storm_out_score == "fireworks"


def test_r7_7_b_completing_every_firework_on_the_last_turn_is_a_win() -> None:
    deck = list(VARIANTS["base"].deck)  # seat 1 holds the white 5 in its last slot
    state = new_game(Options(2, hand_size=25), deck=deck)
    state = evolve(clue_next(state), built=(5, 5, 5, 5, 4))  # one card short, one turn left
    assert state.turns_left == 1
    state = apply(state, Play(24))
    assert state.turns_left == 0
    assert state.outcome is not None and state.outcome.reason is EndReason.ALL_FIREWORKS
    assert state.score == 25


def test_r7_7_c_the_last_storm_with_the_last_copy_gone_is_a_storm_out() -> None:
    options = Options(2, last_round=False, max_storms=1)
    state = apply(new_game(options, deck=deck_with(options, [Card("red", 5)])), Play(0))
    assert state.outcome is not None and state.outcome.reason is EndReason.STORM_OUT
    assert state.outcome.rule is Rule.STORM_OUT and state.score == 0


def test_r7_7_d_nothing_to_build_on_the_last_turn_is_the_final_round() -> None:
    # The deal takes every card (rule 2.7a); seat 1 discards the last white 5 on the last turn.
    deck = list(VARIANTS["base"].deck)
    options = Options(2, hand_size=25, end_at_max_reachable=True)
    state = new_game(options, deck=deck)
    state = evolve(clue_next(state), built=(5, 5, 5, 5, 4))
    state = apply(state, Discard(24))  # the white 5: nothing is left to build, and the round ends
    assert state.outcome is not None and state.outcome.reason is EndReason.FINAL_ROUND
    assert state.score == 24
    assert [rule.id for rule in search("precedence")] == ["7.7"]


# --- 10.8: an option overrides the rule it names ---


def test_r10_8_an_override_replaces_the_preset_and_the_base_rule() -> None:
    options = EDITIONS["rr-deluxe"].options(2, negative_clues=True)
    reds = [Card("red", r) for r in (1, 1, 1, 2, 2)]
    state = new_game(options, deck=deck_with(options, reds))
    after = apply(apply(state, RankClue(1, 3)), ColourClue(0, "blue"))
    assert after.last_turn is not None and after.last_turn.touched == ()
    assert (
        EDITIONS["hanab-live"].options(2, end_at_max_reachable=False).end_at_max_reachable is False
    )


# --- 10.10 and 10.11: descending fireworks ---


def test_r10_10_descending_score_readings() -> None:
    black = Options(2, variant="black-powder")
    built = (5, 5, 5, 5, 5, 3)
    assert points(black, built) == 28
    assert points(black.replace(descending_score="highest"), built) == 30
    assert points(black.replace(descending_score="minus-five"), built) == 23
    assert [
        max_points(black.replace(descending_score=r)) for r in ("cards", "highest", "minus-five")
    ] == [30, 30, 25]
    # For upward fireworks every reading agrees.
    for reading in ("cards", "highest", "minus-five"):
        assert points(Options(2, descending_score=reading), (5, 4, 3, 2, 1)) == 15
    with pytest.raises(InvalidOptions):
        Options(2, descending_score="top")


def test_r10_10_a_minus_five_game_starts_negative_and_is_rated_in_the_lowest_band() -> None:
    from hanabi_core import rating

    options = Options(2, variant="black-powder", descending_score="minus-five")
    state = new_game(options, seed=3)
    assert state.score == -5
    band = rating(-5, options)
    assert band is not None and band.band == 1
    with pytest.raises(ValueError):
        rating(-5)


def test_r10_11_descending_bonus_readings() -> None:
    variant = VARIANTS["black-powder"]
    top = [Card("black", r) for r in (5, 4, 3, 2, 1)]
    for reading, when in (("complete", [5]), ("five", [1])):
        options = Options(2, variant=variant, hand_size=1, descending_bonus=reading)
        state = new_game(options, deck=deck_with(options, top))
        state = apply(apply(state, RankClue(1, 4)), RankClue(0, 5))
        gained = []
        for n in range(1, 6):
            state = apply(state, Play(0))
            if state.last_turn is not None and state.last_turn.note_gained:
                gained.append(n)
        assert gained == when
    with pytest.raises(InvalidOptions):
        Options(2, descending_bonus="one")


# --- 12.4a and the judge's tools ---


def test_r12_4_a_conventions_are_not_actions() -> None:
    state = new_game(Options(2), seed=1)
    assert not is_legal(state, "we agreed: a red clue means play")
    assert "12.4a" in rule_text("12.4").subrules


def test_r13_1_sub_rules_and_rulings_are_found_by_id() -> None:
    assert rule_text("7.7a").id == "7.7"
    assert rule_text("ruling 13.1").title == "Clues that touch no card"
    assert rule_text("13.1").kind == "Ruling" and rule_text("4.5").kind == "Rule"
    with pytest.raises(ValueError):
        rule_text("7.7z")
    assert list(rule_text("7.4").subrules) == ["7.4a", "7.4b", "7.4c"]


def test_r4_5_and_r13_1_search_finds_the_empty_clue_rule_and_ruling() -> None:
    for word in ("empty", "negative", "EMPTY"):
        found = [rule.id for rule in search(word)]
        assert "4.5" in found and "13.1" in found, word
    assert search("") == ()
    assert search("xyzzy plugh") == ()  # not every word need match, but some must


def test_r4_5_plain_text_has_no_markup_and_shows_links_as_ids() -> None:
    text = plain_text(rule_text("4.5").body)
    assert "**" not in text and "`" not in text and "](" not in text and "```" not in text
    assert "ruling 13.1" in text and "ES-FAQ" in text
    assert plain_text("[this](10-options.md#rule-10.2)") == "this (rule 10.2)"
    assert plain_text("*Rules 4.5.*") == "Rules 4.5."
