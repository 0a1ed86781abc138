"""The cost of a player's view: `view(state, seat)` per call, and the bot loop it sits in.

    python benchmarks/views.py                          # six workloads, about a minute
    python benchmarks/views.py --games 20 --repeat 1    # a quick look

Bot authors score bots over thousands of seeded games (`hanabi_core.simulate`,
`benchmarks/simulate.py`): every turn the driver builds the seat's `PlayerView` and hands it to the
bot, so `view` weighs on every such run. Workloads: games of the built-in ``simple`` bot at 2 and
5 players, in the base game and in two hanab.live variants whose multi-colour suits make clues
touch more than one colour (``Rainbow (6 Suits)``, ``Rainbow & Pink (6 Suits)``); seeded, the
same games on every run.

- **view**: every `(state, seat)` the bot loop asked a view of, replayed; microseconds per call.
  A view replays the game's history, so its cost depends on how far the game has gone: the
  figure is the mean over whole games.
- **loop**: the direct bot loop of `benchmarks/simulate.py` (`view`, the bot's decision,
  `apply`), whole games from the deal; microseconds per turn.

Times are process CPU time (`time.process_time`), so that other programs on a shared machine
count less; each figure is the best of `--repeat` runs, the workloads alternating.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from functools import partial

from hanabi_core import GameState, Options, apply, new_game, view
from hanabi_core.bots import BOTS, decide
from hanabi_core.hanablive import variant

#: The variants measured: the base game, and two whose multi-colour suits every colour touches.
VARIANTS = ("base", "Rainbow (6 Suits)", "Rainbow & Pink (6 Suits)")
PLAYERS = (2, 5)


def options_for(name: str, players: int) -> Options:
    """The options of a workload."""
    return Options(players) if name == "base" else Options(players, variant=variant(name))


def loop(
    bot: str,
    options: Options,
    games: int,
    seed: int,
    asked: list[tuple[GameState, int]] | None = None,
) -> tuple[int, int]:
    """The direct bot loop of `benchmarks/simulate.py`: the turns played and the total score;
    every `(state, seat)` it asks a view of is appended to `asked`, if given."""
    factory = BOTS[bot]
    turns = total = 0
    for game_seed in range(seed, seed + games):
        state = new_game(options, seed=game_seed)
        seats = [factory(random.Random(game_seed * 8 + s)) for s in range(options.players)]
        while not state.is_over:
            seat = state.current_player
            if asked is not None:
                asked.append((state, seat))
            state = apply(state, decide(seats[seat], view(state, seat), state.hands[seat]))
            turns += 1
        total += state.score
    return turns, total


def asked(bot: str, options: Options, games: int, seed: int) -> list[tuple[GameState, int]]:
    """Every `(state, seat)` the bot loop asks a view of, in the games `loop` plays."""
    pairs: list[tuple[GameState, int]] = []
    loop(bot, options, games, seed, pairs)
    return pairs


def replay(pairs: list[tuple[GameState, int]]) -> None:
    """`view` of every pair, each view dropped at once (as the bot loop does)."""
    for state, seat in pairs:
        view(state, seat)


def cpu_time(run: Callable[[], object]) -> float:
    """Process CPU seconds that `run` takes."""
    start = time.process_time()
    run()
    return time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    """Measure every workload, alternating, and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", choices=tuple(BOTS), default="simple")
    parser.add_argument("--games", type=int, default=60, help="games per workload")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best counts)")
    args = parser.parse_args(argv)

    workloads = [(name, players) for name in VARIANTS for players in PLAYERS]
    pairs = {w: asked(args.bot, options_for(*w), args.games, args.seed) for w in workloads}
    # The states kept for the replay are never freed: out of the collector's way, so that its
    # passes over them do not count against whichever run triggers them.
    gc.collect()
    gc.freeze()
    best_view = dict.fromkeys(workloads, float("inf"))
    best_loop = dict.fromkeys(workloads, float("inf"))
    for _ in range(args.repeat):
        for w in workloads:
            best_view[w] = min(best_view[w], cpu_time(partial(replay, pairs[w])))
            run = partial(loop, args.bot, options_for(*w), args.games, args.seed)
            best_loop[w] = min(best_loop[w], cpu_time(run))

    print(
        f"{args.bot} bot, {args.games} games per workload, best of {args.repeat} (process CPU "
        f"time); Python {platform.python_version()} on {platform.machine()}, load average "
        f"{os.getloadavg()[0]:.2f}"
    )
    print("| variant | players | turns | view µs/call | loop µs/turn | view share |")
    print("|---|---:|---:|---:|---:|---:|")
    for w in workloads:
        turns = len(pairs[w])
        per_view = best_view[w] / turns * 1e6
        per_turn = best_loop[w] / turns * 1e6
        print(
            f"| {w[0]} | {w[1]} | {turns:,} | {per_view:,.1f} | {per_turn:,.1f} | "
            f"{100 * per_view / per_turn:.0f}% |"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
