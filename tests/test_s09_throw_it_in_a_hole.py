"""Rule 9.33: hanab.live's Throw It in a Hole, where every card played goes face down into a hole
(what each seat sees during the game and at its end, the missing firework Note, what the server
sends)."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest

from hanabi_core import (
    EDITIONS,
    Card,
    ColourClue,
    Discard,
    GameRecord,
    GameState,
    InvalidOptions,
    Options,
    Play,
    RankClue,
    apply,
    legal_actions,
    new_game,
    read_record,
    sample_state,
    view,
    write_record,
)
from hanabi_core.bots import SimpleBot, believed_built, decide, next_ranks
from hanabi_core.hanablive import Desync, LiveGame, messages, variant, variant_names
from hanabi_core.hle import encode_view
from hanabi_core.variants import Variant
from hanabi_core.views import HiddenPlay
from helpers import live_deal as deal
from helpers import reachable_values

HOLE = "Throw It in a Hole (5 Suits)"
HOLE_ORANGE = "Throw It in a Hole & Orange (5 Suits)"
R, Y, G, B, P = "Red", "Yellow", "Green", "Blue", "Purple"


SEAT0 = [Card(R, r) for r in range(1, 6)]
SEAT1 = [Card(Y, 1), Card(Y, 3), Card(B, 2), Card(B, 4), Card(G, 1)]
SEAT2 = [Card(P, 1), Card(P, 2), Card(G, 3), Card(G, 4), Card(B, 1)]


def test_r9_33_the_44_variants_are_built_with_the_flag() -> None:
    holes = [n for n in variant_names() if n.startswith("Throw It in a Hole")]
    assert len(holes) == 44
    assert all(variant(n).hidden_plays for n in holes)
    assert not variant("No Variant").hidden_plays and not variant("Rainbow (5 Suits)").hidden_plays


def test_r9_33_play_goes_face_down_for_every_seat() -> None:
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))  # red 1: it fits
    assert state.fireworks[R] == 1  # the rules build it as always (rule 6.2)
    for seat in range(3):
        seen = view(state, seat)
        turn = seen.history[0]
        assert turn.action == HiddenPlay(0) and turn.misplay is None
        # The player never saw their own card; the others saw it in their hand.
        assert turn.card == (None if seat == 0 else state.turns[0].card)
        assert seen.built is None and seen.fireworks is None and seen.score is None
        assert seen.storms is None and seen.hole == 1
        assert seen.notes == 8  # the Notes are public


def test_r9_33_misplay_is_shown_as_a_play_and_its_storm_hidden() -> None:
    fits = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))  # red 1: fits
    misses = apply(deal(HOLE, [Card(R, 2), *SEAT0[:1], *SEAT0[2:]], SEAT1, SEAT2), Play(0))
    assert fits.storms == 0 and misses.storms == 1 and misses.discards[0].card == Card(R, 2)
    # Seat 0 cannot tell a play that fitted from a misplay: its views are equal, and so is
    # everything reachable from them.
    assert view(fits, 0).history[0] == view(misses, 0).history[0]
    assert view(misses, 0).discards == view(misses, 1).discards == ()  # into the hole
    assert view(misses, 1).history[0].card is not None
    assert view(misses, 1).history[0].card.card == Card(R, 2)  # seen in seat 0's hand
    assert view(misses, 1).storms is None and view(misses, 1).history[0].misplay is None


def test_r9_33_nothing_reachable_from_the_view_tells_the_own_played_card() -> None:
    # Two games that differ only in the face of seat 0's slot 0 (played) and a card deep in the
    # deck: one play fits, the other misplays. Seat 0's views are equal and reveal nothing.
    twin_hand = [Card(Y, 2), *SEAT0[1:]]
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))
    twin = apply(deal(HOLE, twin_hand, SEAT1, SEAT2), Play(0))
    assert state.storms != twin.storms
    assert view(state, 0) == view(twin, 0)
    assert reachable_values(view(state, 0)) == reachable_values(view(twin, 0))
    assert view(state, 1) != view(twin, 1)  # seat 1 saw seat 0's card


def test_r9_33_empathy_counts_the_hole_cards_the_viewer_saw() -> None:
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))  # seat 0 puts red 1 in the hole
    state = apply(state, ColourClue(0, R))  # seat 1
    red_1 = Card(R, 1)

    def copies(seen_by: int, holder: int) -> int:
        knowledge = view(state, seen_by).knowledge[holder][0]
        return dict(knowledge.counts).get(red_1, 0)

    # Seat 0 does not know its card was red 1 (nor that it drew another, the deck's next card):
    # three copies may still be in its hand; seat 1 knows seat 0 counts three.
    assert state.hands[0][-1].card == red_1
    assert copies(0, 0) == 3 and copies(1, 0) == 3
    # Seats 1 and 2 both saw the red 1 in the hole and the one seat 0 drew: one copy is left.
    assert copies(1, 2) == 1 and copies(2, 1) == 1


def test_r9_33_discard_is_face_up() -> None:
    state = apply(apply(deal(HOLE, SEAT0, SEAT1, SEAT2), RankClue(1, 1)), Discard(4))
    for seat in range(3):
        turn = view(state, seat).history[1]
        assert turn.action == Discard(4) and turn.card is not None
        assert view(state, seat).discards == (turn.card,)


def test_r9_33_r9_13_an_inverted_card_played_is_discarded_face_up_and_discarded_goes_in() -> None:
    orange = variant(HOLE_ORANGE)
    assert orange.suits[-1].inverted and orange.suit_names[-1] == "Orange"
    hand = [Card("Orange", 1), Card("Orange", 2), *SEAT0[:3]]
    seat_2 = [Card(G, 2), Card(G, 3), Card(G, 4), Card(B, 1), Card(B, 3)]
    state = apply(deal(HOLE_ORANGE, hand, SEAT1, seat_2), ColourClue(1, Y))
    state = apply(apply(state, ColourClue(2, G)), ColourClue(0, R))  # seat 0 to move
    played = apply(state, Play(0))  # rule 9.13: discarded, face up
    assert view(played, 0).history[-1].action == Play(0)
    assert view(played, 0).discards == (played.turns[-1].card,)
    discarded = apply(state, Discard(1))  # rule 9.13: played, into the hole
    assert discarded.fireworks["Orange"] == 0 and discarded.storms == 1  # orange 2 misplayed
    assert view(discarded, 0).history[-1].action == HiddenPlay(1)
    assert view(discarded, 0).discards == ()


def _complete_red(name: str) -> GameState:
    """Seat 0 builds red 1 to 5 while the others clue, then discard (4 Notes left at the end)."""
    state = deal(name, SEAT0, SEAT1, SEAT2)
    for round_ in range(5):
        state = apply(state, Play(0))
        if round_ == 4:
            break
        state = apply(state, Discard(0) if round_ == 3 else RankClue(2, 1))
        state = apply(state, Discard(0) if round_ == 3 else RankClue(0, 5))
    return state


def test_r9_33_completing_a_firework_brings_no_note() -> None:
    hole, plain = _complete_red(HOLE), _complete_red("Cow & Pig (5 Suits)")
    assert hole.fireworks[R] == 5 and plain.fireworks[R] == 5
    assert plain.notes == hole.notes + 1  # rule 6.4 (Cow & Pig plays face up), not under 9.33
    assert not any(t.note_gained for t in hole.turns if type(t.action) is Play)


def test_r9_33_the_end_of_the_game_shows_everything() -> None:
    state = deal(HOLE, SEAT0, [Card(Y, 3), Card(Y, 4), Card(B, 3), *SEAT1[3:]], SEAT2)
    for _ in range(3):  # seat 0 plays red, seat 1 misplays, seat 2 clues
        state = apply(state, Play(0))
        state = apply(state, Play(0))
        if state.is_over:
            break
        state = apply(state, ColourClue(0, R))
    assert state.outcome is not None and state.storms == 3
    for seat in range(3):
        seen = view(state, seat)
        assert seen.built == state.built and seen.storms == 3 and seen.score == 0
        assert seen.discards == state.discards and seen.hole == 0
        assert [t.action for t in seen.history] == [t.action for t in state.turns]
        assert all(t.card == s.card for t, s in zip(seen.history, state.turns, strict=True))


def test_r9_33_sampled_worlds_fit_the_hidden_plays() -> None:
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))
    state = apply(state, RankClue(0, 2))
    state = apply(state, Play(4))  # seat 2 plays blue 1
    seen = view(state, 0)
    rng = random.Random(5)
    faces = set()
    for _ in range(30):
        world = sample_state(seen, rng)
        assert view(world, 0) == seen
        faces.add(world.turns[0].card.card)  # type: ignore[union-attr]
    assert len(faces) > 1  # seat 0's own card in the hole is not pinned


def test_r9_33_bots_believe_without_peeking() -> None:
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))
    twin = apply(deal(HOLE, [Card(Y, 2), *SEAT0[1:]], SEAT1, SEAT2), Play(0))
    assert believed_built(view(state, 0)) == believed_built(view(twin, 0)) == (0,) * 5
    assert believed_built(view(state, 1))[0] == 1  # seat 1 saw red 1 go in
    assert next_ranks(view(state, 1))[R] == 2
    # A whole game: the simple bot decides from its views alone.
    options = Options(3, variant=variant(HOLE))
    game = new_game(options, seed=8)
    bot = SimpleBot(random.Random(8))
    while not game.is_over:
        seat = game.current_player
        game = apply(game, decide(bot, view(game, seat), game.hands[seat]))
    assert game.outcome is not None


def test_r9_33_records_read_and_write_back_equal() -> None:
    options = EDITIONS["hanab-live"].options(3, variant=variant(HOLE))
    state = new_game(options, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
    record = GameRecord.from_state(state, edition="hanab-live")
    for fmt in ("hanab-live", None):
        text = write_record(record, format=fmt) if fmt else write_record(record)
        back = read_record(text)
        assert back.final() == state  # a full record keeps every card
        assert json.loads(write_record(back, format=fmt) if fmt else write_record(back)) == (
            json.loads(text)
        )


def test_r9_33_a_the_flag_is_data_that_pickles_and_never_joins_up_or_down() -> None:
    hole = variant(HOLE)
    assert pickle.loads(pickle.dumps(hole)) == hole
    assert attrs.evolve(hole, hidden_plays=False) != hole
    with pytest.raises(InvalidOptions):
        Variant("x", "x", hole.suits, hole.clue_colours, hidden_plays=1)  # type: ignore[arg-type]
    # Rule 9.33a: not combined with Up or Down (nor Sudoku).
    with pytest.raises(InvalidOptions, match=r"9\.33"):
        attrs.evolve(variant("Up or Down (5 Suits)"), hidden_plays=True)


def test_r9_33_hle_encodings_refuse_hidden_plays() -> None:
    with pytest.raises(InvalidOptions, match=r"9\.33"):
        encode_view(view(deal(HOLE, SEAT0, SEAT1, SEAT2), 0))


def _identities(state: GameState) -> list[dict[str, int]]:
    """hanab.live's ``cardIdentities`` message, sent to every player once the game is over."""
    return [{"suitIndex": c.suit_index, "rank": c.rank} for c in state.dealt]


def test_r9_33_the_server_sends_plays_face_down_and_the_live_view_follows() -> None:
    # server/src/actions_scrub.go: every play and failed discard reaches every player with suit
    # and rank -1; the strike and the status (with the score) are sent as always.
    state = apply(deal(HOLE, SEAT0, [Card(Y, 3), *SEAT1[1:]], SEAT2), Play(0))  # red 1 fits
    state = apply(state, Play(0))  # seat 1: yellow 3 misplays
    state = apply(state, RankClue(0, 2))
    record = GameRecord.from_state(state)
    for seat in range(3):
        sent = [message.raw() for message in messages(record, seat)]
        moved = [m for m in sent if m["type"] in ("play", "discard")]
        assert [(m["type"], m["suitIndex"], m["rank"]) for m in moved] == [
            ("play", -1, -1),
            ("discard", -1, -1),
        ]
        assert moved[1]["failed"] is True
        assert [m["num"] for m in sent if m["type"] == "strike"] == [1]
        assert [m["score"] for m in sent if m["type"] == "status"] == [1, 1, 1]
        game = LiveGame.from_options(record.options, seat).receive_all(sent)
        assert game.view == view(state, seat)
        assert game.view.built is None and game.view.storms is None


def test_r9_33_live_game_shows_the_end_once_the_cards_are_known() -> None:
    options = EDITIONS["hanab-live"].options(2, variant=variant(HOLE))
    state = new_game(options, seed=4)
    while not state.is_over:  # seat 0 plays every card of its own
        state = apply(state, Play(0) if state.current_player == 0 else RankClue(0, 1))
        if not state.is_over and state.current_player == 1 and state.notes == 0:
            state = apply(state, Discard(0))
    record = GameRecord.from_state(state)
    game = LiveGame.from_options(options, 0).receive_all(messages(record, 0))
    assert game.is_over and game.view.outcome == state.outcome
    assert game.view.built is None  # its own cards in the hole are still unknown to seat 0
    with pytest.raises(Desync):
        game.reveal(_identities(state)[:3])
    wrong = _identities(state)
    wrong[5] = {"suitIndex": (wrong[5]["suitIndex"] + 1) % 5, "rank": wrong[5]["rank"]}
    with pytest.raises(Desync):
        game.reveal(wrong)  # seat 0 saw card 5 in seat 1's hand
    shown = game.reveal(_identities(state))
    assert shown.view == view(state, 0) and shown.view.built == state.built


def test_r9_33_live_game_refuses_a_play_sent_face_up() -> None:
    state = deal(HOLE, SEAT0, SEAT1, SEAT2)
    record = GameRecord.from_state(apply(state, Play(0)))
    sent = [message.raw() for message in messages(record, 1)]
    play = next(i for i, m in enumerate(sent) if m["type"] == "play")
    sent[play] = {**sent[play], "suitIndex": 0, "rank": 1}
    with pytest.raises(Desync, match="hidden"):
        LiveGame.from_options(record.options, 1).receive_all(sent)


def _hole_refusal(state: GameState, seat: int, forged: dict[str, Any]) -> str:
    """Seat `seat`'s Desync when the server's message for the last card put into the hole is
    replaced by `forged` (merged into it), every message before it received as sent."""
    sent = [message.raw() for message in messages(GameRecord.from_state(state), seat)]
    last = max(i for i, m in enumerate(sent) if m["type"] in ("play", "discard"))
    game = LiveGame.from_options(state.options, seat).receive_all(sent[:last])
    message = {k: v for k, v in {**sent[last], **forged}.items() if v is not None}
    with pytest.raises(Desync) as error:
        game.receive(message)
    assert error.value.field == "type"
    return str(error.value)


def test_r9_33_r6_2_r6_3_a_live_game_checks_a_seen_card_put_into_the_hole() -> None:
    # Seat 1 saw seat 0's red cards: while no card of its own is in the hole it knows the
    # fireworks, so a play that fits sent as a misplay (rule 6.2) and a misplay sent as a play
    # (rule 6.3) are desyncs.
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(0))  # red 1 fits
    assert "would have extended" in _hole_refusal(state, 1, {"type": "discard", "failed": True})
    state = apply(deal(HOLE, SEAT0, SEAT1, SEAT2), Play(1))  # red 2 misplays
    assert "does not extend" in _hole_refusal(state, 1, {"type": "play", "failed": None})


def test_r9_33_r6_2_with_its_own_card_in_the_hole_a_live_game_refuses_a_complete_firework() -> None:
    # Seat 1's own yellow 1 is in the hole, so it no longer knows the fireworks: it still knows
    # that nothing extends the complete red firework (rule 6.2).
    state = deal(HOLE, SEAT0, SEAT1, SEAT2)
    for action in (
        Play(0), Play(0), RankClue(0, 5),  # red 1; seat 1's own yellow 1, unknown to it
        Play(0), RankClue(0, 5), RankClue(0, 5),
        Play(0), RankClue(0, 5), RankClue(0, 5),
        Play(0), RankClue(0, 5), RankClue(0, 5),
        Play(0), Discard(0), Discard(0),  # red 5: the red firework is complete
    ):  # fmt: skip
        state = apply(state, action)
    assert state.built[0] == 5
    red = state.hands[0][0]
    assert red.suit == R, "seat 0 drew the deck's next red card"
    state = apply(state, Play(0))  # a misplay: no red card fits any more
    assert state.storms == 1
    assert "firework is complete" in _hole_refusal(state, 1, {"type": "play", "failed": None})
