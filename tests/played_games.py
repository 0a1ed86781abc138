"""Games played to the end by a rough policy, for the tests of LiveGame and sample_state."""

from __future__ import annotations

import random

from hanabi_core import (
    EDITIONS,
    GameState,
    Options,
    Play,
    Variant,
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


def game_options(variant: str | Variant, players: int, flags: int = 0) -> Options:
    """hanab.live's options (the hanab-live preset) for `variant`, changed by the bits of `flags`:
    1 clues that touch nothing, 2 no last round, 4 one more card in hand; and beyond what
    hanab.live plays (a `LiveGame` built with `from_options` follows any options): 8 printed
    rules' end (no end when nothing is left to build), 16 a descending firework scored by its
    highest card, 32 a player with nothing legal to do passes (rulings 13.7, 13.9, 13.10)."""
    hand = Options(players).hand_size + (1 if flags & 4 else 0)
    return EDITIONS["hanab-live"].options(
        players,
        variant=variant,
        hand_size=hand,
        negative_clues=bool(flags & 1),
        last_round=not flags & 2,
        end_at_max_reachable=not flags & 8,
        descending_score="highest" if flags & 16 else "cards",
        no_legal_action="pass" if flags & 32 else "loss",
    )
