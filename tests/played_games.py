"""Games played to the end by a rough policy, for the tests of LiveGame and sample_state."""

from __future__ import annotations

import random

from hanabi_core import (
    EDITIONS,
    GameState,
    Options,
    Play,
    apply,
    legal_actions,
    new_game,
    playable,
)


def random_game(options: Options, seed: int) -> list[GameState]:
    """Every state of a game played by a rough policy: it plays what fits (peeking), else clues
    or discards at random, and misplays now and then, so games run long and end every way."""
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    states = [state]
    while not state.is_over:
        actions = legal_actions(state)
        hand = state.hands[state.current_player]
        good = [a for a in actions if isinstance(a, Play) and playable(state, hand[a.slot])]
        other = [a for a in actions if not isinstance(a, Play)]
        if good and rng.random() < 0.8:
            action = good[0]
        elif other and rng.random() < 0.95:
            action = rng.choice(other)
        else:
            action = rng.choice(actions)
        state = apply(state, action)
        states.append(state)
    return states


def game_options(variant: str, players: int, flags: int = 0) -> Options:
    hand = Options(players).hand_size + (1 if flags & 4 else 0)
    return EDITIONS["hanab-live"].options(
        players,
        variant=variant,
        hand_size=hand,
        negative_clues=bool(flags & 1),
        last_round=not flags & 2,
    )
