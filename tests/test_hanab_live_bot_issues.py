"""Clues other hanab.live bots gave that their variant forbids (issue 22): hanabi_core's legality,
read from hanab.live's variant catalogue, never offers them, refuses them, and a seat's `LiveGame`
treats one from the server as a desync.

- will-hanabi-bot #1060: a rank-1 clue in "Pink-Ones & Pink" (the variant's clue ranks are 2 to 5);
- will-hanabi-bot #1129: a 5 clue in "Muddy-Rainbow-Fives" (clue ranks 1 to 4).
"""

from __future__ import annotations

import pytest

from hanabi_core import IllegalAction, RankClue, apply, legal_actions, new_game
from hanabi_core.hanablive import Desync, LiveGame, deck, messages, seed_name
from hanabi_core.records import GameRecord

CASES = [("Pink-Ones & Pink (5 Suits)", 1), ("Muddy-Rainbow-Fives (5 Suits)", 5)]


@pytest.mark.parametrize(("name", "rank"), CASES)
def test_r9_18_the_variants_missing_clue_rank_is_never_legal(name: str, rank: int) -> None:
    game = LiveGame.start(name, players=3, seat=0)
    options = game.options
    assert rank not in options.variant.clue_ranks
    state = new_game(options, deck=deck(seed_name(3, name, 1), options.variant))
    assert not any(isinstance(a, RankClue) and a.rank == rank for a in legal_actions(state))
    assert any(isinstance(a, RankClue) for a in legal_actions(state))  # other ranks are fine
    with pytest.raises(IllegalAction) as refused:
        apply(state, RankClue(1, rank))
    assert refused.value.rule is not None

    # The seat's own game: never offered, refused as a payload, a desync when the server sends it.
    live = game.receive_all(messages(GameRecord.from_state(state), seat=0))
    assert live.is_my_turn
    assert not any(isinstance(a, RankClue) and a.rank == rank for a in live.legal_actions())
    with pytest.raises(IllegalAction):
        live.action_message(RankClue(1, rank))
    other = LiveGame.start(name, players=3, seat=1).receive_all(
        messages(GameRecord.from_state(state), seat=1)
    )
    touched = [c.order for c in state.hands[1] if c.rank == rank]
    clue = {"type": "clue", "clue": {"type": 1, "value": rank}, "giver": 0, "target": 1,
            "list": touched, "turn": 0}  # fmt: skip
    with pytest.raises(Desync) as caught:
        other.receive(clue)
    assert caught.value.field == "clue.value"
