"""hanabi_core.rl_env against DeepMind HLE's rl_env, side by side in one run: steps per second.

    python benchmarks/rl_env.py                  # 2 and 5 players, about half a minute
    python benchmarks/rl_env.py --seconds 0.5 --repeat 3
    python benchmarks/rl_env.py --players 2 --floor   # also the floor: what no environment beats

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


def real_vectors(players: int, count: int = 256) -> list[list[int]]:
    """`count` vectors as a game shows them (from random play through `rl_env`): copying a list
    costs more when its 0s and 1s are mixed than when it is mostly 0s, so the floor copies real
    ones."""
    rng = random.Random(0)
    env = ours.make("Hanabi-Full", num_players=players)
    pool: list[list[int]] = []
    obs = env.reset()
    while len(pool) < count:
        seats = obs["player_observations"]
        pool.extend(seat["vectorized"] for seat in seats)
        obs, _, done, _ = env.step(rng.choice(seats[obs["current_player"]]["legal_moves_as_int"]))
        if done:
            obs = env.reset()
    return pool[:count]


def floor(players: int, seconds: float, seed: int, vectors: bool) -> tuple[int, float]:
    """The same games without the environment: `new_game`, HLE's legal uids, `apply`, a random
    choice; with `vectors`, also one fresh copy of a real vector per seat and step, freed at the
    next step (what handing out the observations costs at least, whoever builds them). The
    steps and the CPU seconds they took."""
    from hanabi_core.hle import options_from_config
    from hanabi_core.hle.moves import _uid_table
    from hanabi_core.rules import apply, new_game

    rng = random.Random(seed)
    options = options_from_config({"players": players})
    pool = real_vectors(players)
    # What rl_env asks for the legal uids, and the action of each uid for each mover.
    table = _uid_table(options)
    actions = table.actions
    steps = 0
    handed: list[list[int]] = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(options, seed=rng.getrandbits(64))
        while state.outcome is None:
            if vectors:
                # The previous step's copies are freed here, as a driver drops old observations.
                handed = [pool[(steps + k) % len(pool)].copy() for k in range(players)]
            uid = rng.choice(table.legal(state))
            state = apply(state, actions[state.current_player][uid])
            steps += 1
    del handed
    return steps, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per run (default 2)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument(
        "--floor", action="store_true", help="also time the rules alone (no environment)"
    )
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
    hle_rates: dict[int, float] = {}
    for players in args.players:
        best = {"ours": 0.0, "hle": 0.0}
        for run in range(args.repeat):
            engines = [("ours", ours)] + ([("hle", theirs)] if theirs is not None else [])
            for name, module in engines:
                steps, seconds = drive(module, players, args.seconds, seed=run)
                best[name] = max(best[name], steps / seconds)
        hle_rates[players] = best["hle"]
        hle_rate = f"{best['hle']:,.0f}" if theirs is not None else "n/a"
        ratio = f"{best['ours'] / best['hle']:.1f}x" if theirs is not None else "n/a"
        print(f"| {players} | {best['ours']:,.0f} | {hle_rate} | {ratio} |")
    if args.floor:
        print()
        print(
            "| players | rules alone µs/step | + a fresh vector per seat µs/step "
            "| most ratio possible | left for the environment at 20× µs/step |"
        )
        print("|---|---|---|---|---|")
        for players in args.players:
            costs = []
            for vectors in (False, True):
                runs = [floor(players, args.seconds, run, vectors) for run in range(args.repeat)]
                costs.append(min(seconds / steps for steps, seconds in runs) * 1e6)
            hle_step = 1e6 / hle_rates[players] if hle_rates.get(players) else None
            # The ceiling: an environment that cost nothing beyond the floor.
            ceiling = f"{hle_step / costs[1]:.1f}x" if hle_step else "n/a"
            budget = f"{hle_step / 20 - costs[1]:.1f}" if hle_step else "n/a"
            print(f"| {players} | {costs[0]:.1f} | {costs[1]:.1f} | {ceiling} | {budget} |")


if __name__ == "__main__":
    main()
