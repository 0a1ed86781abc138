"""hanabi_core.rl_env against DeepMind HLE's rl_env, side by side in one run: steps per second.

    python benchmarks/rl_env.py                  # 2 and 5 players, about half a minute
    python benchmarks/rl_env.py --seconds 0.5 --repeat 3

The workload is what an RL actor loop does: at every step, read every seat's ``vectorized``
observation (the canonical bits, 658 of them for two players), then take a uniformly random move
from the current player's ``legal_moves_as_int``; at the end of a game, reset. Both engines play
the ``Hanabi-Full`` preset (card-knowledge observations) with seeded choices; HLE (PyPI
``hanabi-learning-environment``) must be installed for its column. Each run plays whole games
for at least ``--seconds``; each figure is the best of ``--repeat`` runs, the engines alternating,
so that a busy machine penalises both alike. Time is the process's CPU time
(``time.process_time``), so that other programs on a shared machine do not count; both engines run
in this one process and thread. A step is one call of ``step``; resets are included in the time.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Any

from hanabi_core import rl_env as ours


def drive(module: Any, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Play whole games through `module.make` for `seconds` of CPU time at least; the steps taken
    and the CPU seconds they took."""
    rng = random.Random(seed)
    env = module.make("Hanabi-Full", num_players=players)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        obs = env.reset()
        done = False
        while not done:
            seats = obs["player_observations"]
            for seat in seats:
                seat["vectorized"]
            legal = seats[obs["current_player"]]["legal_moves_as_int"]
            obs, _, done, _ = env.step(rng.choice(legal))
            steps += 1
    return steps, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per run (default 2)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    args = parser.parse_args(argv)
    try:
        from hanabi_learning_environment import rl_env as theirs
    except ImportError:
        theirs = None
        print("hanabi-learning-environment is not installed: hanabi_core only", file=sys.stderr)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"best of {args.repeat} runs of {args.seconds} s"
    )
    print()
    print("| players | hanabi_core steps/s | HLE rl_env steps/s | ratio |")
    print("|---|---|---|---|")
    for players in args.players:
        best = {"ours": 0.0, "hle": 0.0}
        for run in range(args.repeat):
            engines = [("ours", ours)] + ([("hle", theirs)] if theirs is not None else [])
            for name, module in engines:
                steps, seconds = drive(module, players, args.seconds, seed=run)
                best[name] = max(best[name], steps / seconds)
        hle_rate = f"{best['hle']:,.0f}" if theirs is not None else "n/a"
        ratio = f"{best['ours'] / best['hle']:.1f}x" if theirs is not None else "n/a"
        print(f"| {players} | {best['ours']:,.0f} | {hle_rate} | {ratio} |")


if __name__ == "__main__":
    main()
