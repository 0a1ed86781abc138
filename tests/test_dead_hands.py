"""Rule 7.6a: in the final round the hands of players who took their last turn are dead (issue 22).

hanab.live's server marks those hands "cannot be played" (server/src/command_action.go) and ends
the game normally once no card held by a player still to move can be played
(server/src/game.go, CheckEnd). The issue's example: "3 Suits", 6 players, each seat plays its
oldest card twice (the 1s to 4s of the three suits; seat 5 draws the last card), seat 0 holds the
three 5s and clues on its last turn: the server ends after 13 actions with 12 points, where print
plays all 18.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hanabi_core import (
    EDITIONS,
    Card,
    EndReason,
    GameRecord,
    Play,
    RankClue,
    apply,
    legal_actions,
    new_game,
    read_record,
    view,
    write_record,
)
from hanabi_core.hanablive import LiveGame, messages, variant, wire
from hanabi_core.rules.dead_hands import still_to_move, waits

THREE_SUITS = variant("3 Suits")


def _stacked_deck() -> list[Card]:
    red, green, blue = THREE_SUITS.suit_names
    plays = [Card(suit, rank) for rank in (1, 2, 3, 4) for suit in (red, green, blue)]
    fives = [Card(suit, 5) for suit in (red, green, blue)]
    rest = list(THREE_SUITS.deck)
    for card in (*plays, *fives):
        rest.remove(card)  # the spare 1s to 4s: never playable once their ranks are built
    hands = []
    for seat in range(6):
        third = fives[0] if seat == 0 else rest.pop()
        hands += [plays[seat], plays[seat + 6], third]
    # Draws after actions 0 to 11: seat 0 draws the other two 5s (after actions 0 and 6).
    draws = [fives[1] if i == 0 else fives[2] if i == 6 else rest.pop() for i in range(12)]
    assert not rest
    return hands + draws


def _play_the_example(options_edition: str = "hanab-live") -> list:  # type: ignore[type-arg]
    options = EDITIONS[options_edition].options(6, variant=THREE_SUITS)
    state = new_game(options, deck=_stacked_deck())
    states = [state]
    for _ in range(12):
        state = apply(state, Play(0))
        states.append(state)
    assert state.score == 12 and state.deck_size == 0 and state.turns_left == 6
    # Seat 0's last turn: a clue; it holds the three 5s, which nobody else can now play.
    state = apply(state, RankClue(1, state.hands[1][0].rank))
    states.append(state)
    return states


def test_r7_6_a_the_server_ends_when_no_player_still_to_move_can_play() -> None:
    states = _play_the_example()
    ended = states[-1]
    assert ended.is_over and ended.turn == 13 and ended.score == 12
    assert ended.outcome is not None
    assert ended.outcome.reason is EndReason.NOTHING_LEFT_TO_BUILD and ended.outcome.rule == "7.6"
    # Before the clue, seat 0 (still to move) held playable 5s: the game went on.
    assert not states[-2].is_over
    assert {c.rank for c in ended.hands[0]} == {5}


def test_r7_6_a_print_plays_the_final_round_out() -> None:
    options = EDITIONS["hanab-live"].options(6, variant=THREE_SUITS)
    printed = options.replace(end_at_max_reachable=False)
    state = new_game(printed, deck=_stacked_deck())
    for _ in range(12):
        state = apply(state, Play(0))
    state = apply(state, RankClue(1, state.hands[1][0].rank))
    turns = 13
    while not state.is_over:
        state = apply(state, legal_actions(state)[-1])
        turns += 1
    assert turns == 18 and state.outcome is not None
    assert state.outcome.reason is EndReason.FINAL_ROUND


def test_r7_6_a_every_seat_of_a_live_game_ends_with_the_server() -> None:
    ended = _play_the_example()[-1]
    record = GameRecord.from_state(ended)
    for seat in range(6):
        sent = messages(record, seat)
        assert sent[-2].raw() == {
            "type": "gameOver", "endCondition": 1, "playerIndex": -1, "votes": None
        }  # fmt: skip
        game = LiveGame.from_options(ended.options, seat).receive_all(sent)
        assert game.ended == (1, -1) and game.view == view(ended, seat)


def test_r7_6_a_a_hanab_live_record_ending_there_replays_to_the_end() -> None:
    ended = _play_the_example()[-1]
    text = write_record(GameRecord.from_state(ended), format="hanab-live")
    back = read_record(text)
    final = list(back.states())[-1]
    assert final.is_over and final.turn == 13 and final.outcome == ended.outcome


def test_still_to_move() -> None:
    assert still_to_move(6, 1, 5) == (1, 2, 3, 4, 5)
    assert still_to_move(3, 2, 3) == (2, 0, 1)
    assert still_to_move(3, 2, 0) == ()


@pytest.mark.parametrize("name", ["No Variant", "Up or Down (5 Suits)", "Sudoku (5 Suits)"])
def test_r7_6_a_live_games_agree_with_apply_when_their_own_cards_decide(name: str) -> None:
    # Seeded random games under the preset: every seat's LiveGame ends where apply does, whether
    # rule 7.6a was decided by the cards it sees or left to the server's gameOver.
    for seed in range(6):
        rng = random.Random(seed)
        options = LiveGame.start(name, players=3, seat=0).options
        state = new_game(options, seed=seed)
        while not state.is_over:
            legal = legal_actions(state)
            plays = [a for a in legal if isinstance(a, Play)]
            state = apply(state, rng.choice(plays if plays and rng.random() < 0.3 else legal))
        record = GameRecord.from_state(state)
        for seat in range(3):
            game = LiveGame.from_options(options, seat).receive_all(messages(record, seat))
            assert game.view == view(state, seat)


# --- All or Nothing: stuck with a Note, the game waits (rule 7.4c, no_legal_action="wait") ------

WAITING = Path(__file__).parent / "data" / "hanab-live-all-or-nothing-wait.json"


def test_r7_4_c_all_or_nothing_with_a_note_waits_and_its_termination_reads_back() -> None:
    record = read_record(WAITING.read_text(encoding="utf-8"))
    states = list(record.states())
    waiting, stopped = states[-2], states[-1]
    assert record.options.no_legal_action == "wait" and not record.options.last_round
    # Seat 0 holds nothing; seat 1 only Null cards, which no clue touches; 8 Notes: it waits.
    assert not waiting.is_over and waiting.current_player == 0 and not waiting.hands[0]
    assert waiting.notes == 8 and {c.suit for c in waiting.hands[1]} == {"Null"}
    assert legal_actions(waiting) == ()
    assert stopped.outcome is not None and stopped.outcome.reason is EndReason.ABANDONED
    assert record.abandoned is not None and record.abandoned.code == 4
    assert read_record(write_record(record, format="hanab-live")) == record


def test_r7_4_c_the_same_game_is_lost_under_loss() -> None:
    record = read_record(WAITING.read_text(encoding="utf-8"))
    lost = new_game(record.options.replace(no_legal_action="loss"), deck=record.deck)
    for action in record.actions:
        lost = apply(lost, action)
    assert lost.outcome is not None and lost.outcome.reason is EndReason.NO_LEGAL_ACTION
    assert lost.turn == len(record.actions)
    # And without a Note the preset's game is lost too, as hanab.live's softlock.
    assert not waits(record.options, 0) and waits(record.options, 1)


def test_r7_4_c_a_live_seat_waits_with_the_server_then_is_stopped() -> None:
    record = read_record(WAITING.read_text(encoding="utf-8"))
    final = list(record.states())[-1]
    for seat in range(2):
        sent = messages(record, seat)
        assert isinstance(sent[-2], wire.GameOver) and sent[-2].end_condition == 4
        before = LiveGame.from_options(record.options, seat).receive_all(sent[:-3])
        assert not before.is_over and before.legal_actions() == ()
        game = before.receive_all(sent[-3:])
        assert game.view == view(final, seat) and game.ended == (4, -1)


def test_every_hanab_live_record_in_the_tests_replays_to_the_servers_end() -> None:
    # The records hanab.live's server wrote (its client's test games) and the one above: each
    # replays, under the hanab-live preset, to a state that is over, as the server ended it.
    import json

    from hanabi_core.hanablive import is_hanab_live

    paths = sorted((Path(__file__).parent / "data").rglob("*.json"))
    seen = 0
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not (isinstance(data, dict) and is_hanab_live(data)):
            continue
        seen += 1
        assert list(read_record(data).states())[-1].is_over, path.name
    assert seen >= 7
