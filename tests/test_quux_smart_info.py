"""quux-smart and quux-info (Quux's SmartBot and InfoBot) beyond the logged games.

`tests/test_quux.py` replays Quux's own games move for move; these check what the logs cannot:
a bot that meets the game mid-way (its memory rebuilt from the view's history) moves as one that
watched every turn, and mixed tables (partners who do not share the bots' conventions, whose
moves can empty a card's possibilities) still get legal moves and no stray exception.
"""

from __future__ import annotations

import random

import pytest

from hanabi_core import EDITIONS, Options, apply, legal_actions, new_game, view
from hanabi_core.bots import BOTS, QuuxInfoBot, QuuxSmartBot, decide
from hanabi_core.quux import decks

QUUX_SMART_INFO = ("quux-smart", "quux-info")


@pytest.mark.parametrize("name", QUUX_SMART_INFO)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_bot_that_joins_late_moves_as_one_that_watched(name: str, players: int) -> None:
    # Its knowledge is a function of the history: rebuilt at once from a late view (the hands as
    # dealt undone from the history), it must equal the one kept turn by turn.
    deck = next(iter(decks(1)))
    state = new_game(EDITIONS["quux"].options(players), deck=deck)
    seats = [BOTS[name](random.Random(s)) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        action = decide(seats[seat], seen, state.hands[seat])
        if state.turn % 7 == 3:
            assert decide(BOTS[name](random.Random(0)), seen, state.hands[seat]) == action
        state = apply(state, action)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["quux", "hle"])
def test_mixed_tables_get_legal_moves(players: int, edition: str) -> None:
    # Partners that break the conventions (random and simple players) feed the bots "hints" that
    # mean nothing to them: wrong inferences, possibly emptied cards, never an illegal move.
    names = ("quux-smart", "quux-info", "random", "simple", "quux-info")
    options = EDITIONS[edition].options(players)
    for seed in range(3):
        state = new_game(options, seed=seed)
        seats = [
            BOTS[names[(s + seed) % len(names)]](random.Random(seed * 8 + s))
            for s in range(players)
        ]
        while not state.is_over:
            seat = state.current_player
            action = decide(seats[seat], view(state, seat), state.hands[seat])
            assert action in legal_actions(state)
            state = apply(state, action)


def test_the_bots_are_classes_of_the_registry() -> None:
    assert BOTS["quux-smart"] is QuuxSmartBot and BOTS["quux-info"] is QuuxInfoBot
    assert QuuxSmartBot.plays(Options(3)) and QuuxInfoBot.plays(EDITIONS["quux"].options(4))
    assert not QuuxInfoBot.plays(Options(3, variant="multicolour"))
