"""Record how DeepMind's HLE prints its observations, as test data for `render.hle_text`.

Plays a few seeded games in HLE's own ``rl_env`` (random legal moves), and stores for each: the
config, HLE's deals in order, the start player, the moves (uids) and, at every step, each
player's ``str(observation["pyhanabi"])``. ``tests/test_render.py`` replays the games in
``hanabi_core.rl_env`` and checks that ``str(observation)`` prints the same text.

Needs the ``hanabi_learning_environment`` package (HLE, Apache-2.0). Run from the repository
root: ``python scripts/hle_observation_text.py`` writes
``tests/data/hle-text/observations.json.gz``.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

from hanabi_learning_environment import pyhanabi, rl_env

#: One game per config: every player count and the three observation types.
CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "observation_type": 1},
    {"players": 3, "observation_type": 1},
    {"players": 4, "observation_type": 0},
    {"players": 5, "observation_type": 2},
    {"players": 3, "observation_type": 1, "colors": 2, "hand_size": 3},
    {"players": 2, "observation_type": 1, "max_life_tokens": 1},
]
COLOURS = "RYGWB"


def play(config: dict[str, Any], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    env = rl_env.HanabiEnv({**config, "seed": seed})
    observation = env.reset()
    texts = [[str(o["pyhanabi"]) for o in observation["player_observations"]]]
    moves = []
    done = False
    while not done:
        player = observation["current_player"]
        mine = observation["player_observations"][player]
        pool = mine["legal_moves_as_int"]
        # Avoid most misplays, so that games run long and reach the final round.
        hand = env.state.player_hands()[player]
        safe = [
            uid
            for uid, move in zip(pool, mine["legal_moves"], strict=True)
            if move["action_type"] != "PLAY"
            or env.state.card_playable_on_fireworks(
                hand[move["card_index"]].color(), hand[move["card_index"]].rank()
            )
        ]
        uid = rng.choice(safe if safe and rng.random() < 0.9 else pool)
        moves.append(uid)
        observation, _, done, _ = env.step(uid)
        texts.append([str(o["pyhanabi"]) for o in observation["player_observations"]])
    history = env.state.move_history()
    made = [m for m in history if m.move().type() != pyhanabi.HanabiMoveType.DEAL]
    deals = [
        [COLOURS[m.move().color()], m.move().rank() + 1]
        for m in history
        if m.move().type() == pyhanabi.HanabiMoveType.DEAL
    ]
    return {
        "config": config,
        "seed": seed,
        "start": made[0].player(),
        "deals": deals,
        "moves": moves,
        "texts": texts,
    }


def main() -> None:
    games = [play(config, 700 + i) for i, config in enumerate(CONFIGS)]
    out = Path("tests/data/hle-text/observations.json.gz")
    data = json.dumps({"source": "hanabi_learning_environment rl_env", "games": games})
    out.write_bytes(gzip.compress(data.encode(), mtime=0))
    print(f"wrote {out}: {len(games)} games, {sum(len(g['moves']) for g in games)} moves")


if __name__ == "__main__":
    main()
