"""Record games played in DeepMind's HLE as test data, so the default tests need no HLE.

Run by hand from the repository root, with HLE installed (``pip install -e ".[hle]"``, which needs
a C++ compiler and cmake)::

    python scripts/record_hle.py

It plays the games listed below in HLE's ``pyhanabi`` and ``rl_env`` and writes what HLE showed
at every step to ``tests/data/hle/pyhanabi_games.json.xz`` and ``rl_env_games.json.xz`` (see
``tests/hle_data.py``). The games are played by the same functions the live ``hle`` tests use
(``tests/test_hle_differential.py``, ``tests/test_hle_rl_env_differential.py``), so a recorded
game is exactly what the live test would compare. Re-running it rewrites the same files.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hle_data import PYHANABI_GAMES, RL_ENV_GAMES, card_to_json, save  # noqa: E402
from test_hle_differential import play_in_hle, recorded_options  # noqa: E402
from test_hle_rl_env_differential import config_for, game_to_json  # noqa: E402

# (options given to EDITIONS["hle"].options, careful play, seed): every player count, random and
# careful play, and HLE's configurable hand size, Note cap and Storm count (rules 10.3, 10.4, 10.7).
PYHANABI_CASES = [
    *(
        ({"players": p}, careful, 100 + 10 * p + careful)
        for p in (2, 3, 4, 5)
        for careful in (0, 1)
    ),
    ({"players": 2, "hand_size": 3, "max_notes": 4, "max_storms": 1}, True, 201),
    ({"players": 3, "hand_size": 2, "max_notes": 2, "max_storms": 2}, True, 202),
    ({"players": 5, "hand_size": 5, "max_notes": 8, "max_storms": 3}, True, 203),
]

# The rl_env cases of tests/test_hle_rl_env_differential.py's config_for: 2 to 5 players × the
# three observation types (cases 0-11, HLE's default rules), then one game each of one-life,
# random start player, Hanabi-Small and Hanabi-Very-Small.
RL_ENV_CASES = [*range(12), 13, 26, 39, 52]


def main() -> None:
    games = []
    for options_json, careful, seed in PYHANABI_CASES:
        options = recorded_options(options_json)
        deck, steps = play_in_hle(options, seed, random.Random(seed), bool(careful))
        games.append(
            {
                "options": options_json,
                "careful": bool(careful),
                "seed": seed,
                "deck": [card_to_json(c) for c in deck],
                "steps": [step.to_json() for step in steps],
            }
        )
    save(PYHANABI_GAMES, games)
    print(PYHANABI_GAMES, len(games), "games", sum(len(g["steps"]) for g in games), "steps")

    rl_games = [game_to_json(config_for(case), 1000 + case) for case in RL_ENV_CASES]
    save(RL_ENV_GAMES, rl_games)
    print(RL_ENV_GAMES, len(rl_games), "games", sum(len(g["moves"]) for g in rl_games), "steps")


if __name__ == "__main__":
    main()
