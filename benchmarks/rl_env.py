"""hanabi_core.rl_env against DeepMind HLE's rl_env, side by side in one run: steps per second.

    python benchmarks/rl_env.py                  # 2 and 5 players, about half a minute
    python benchmarks/rl_env.py --games 50 --repeat 1

The workload is what an RL actor loop does: at every step, read every seat's ``vectorized``
observation (the canonical bits, 658 of them for two players), then take a uniformly random move
from the current player's ``legal_moves_as_int``; at the end of a game, reset. Both engines play
the ``Hanabi-Full`` preset (card-knowledge observations) with seeded choices; HLE (PyPI
``hanabi-learning-environment``) must be installed for its column. Each figure is the best of
``--repeat`` runs, the engines alternating, so that a busy machine penalises both alike. A step is
one call of ``step``; resets are included in the time.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Any

from hanabi_core import rl_env as ours


def drive(module: Any, players: int, games: int, seed: int) -> tuple[int, float]:
    """Play `games` games through `module.make`; the steps taken and the seconds it took."""
    rng = random.Random(seed)
    env = module.make("Hanabi-Full", num_players=players)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        obs = env.reset()
        done = False
        while not done:
            seats = obs["player_observations"]
            for seat in seats:
                seat["vectorized"]
            legal = seats[obs["current_player"]]["legal_moves_as_int"]
            obs, _, done, _ = env.step(rng.choice(legal))
            steps += 1
    return steps, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    args = parser.parse_args(argv)
    try:
        from hanabi_learning_environment import rl_env as theirs
    except ImportError:
        theirs = None
        print("hanabi-learning-environment is not installed: hanabi_core only", file=sys.stderr)
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games a run")
    print()
    print("| players | hanabi_core steps/s | HLE rl_env steps/s | ratio |")
    print("|---|---|---|---|")
    for players in args.players:
        best = {"ours": 0.0, "hle": 0.0}
        for run in range(args.repeat):
            engines = [("ours", ours)] + ([("hle", theirs)] if theirs is not None else [])
            for name, module in engines:
                steps, seconds = drive(module, players, args.games, seed=run)
                best[name] = max(best[name], steps / seconds)
        hle_rate = f"{best['hle']:,.0f}" if theirs is not None else "n/a"
        ratio = f"{best['ours'] / best['hle']:.1f}x" if theirs is not None else "n/a"
        print(f"| {players} | {best['ours']:,.0f} | {hle_rate} | {ratio} |")


if __name__ == "__main__":
    main()
