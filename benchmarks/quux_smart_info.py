"""Speed of `quux-smart` and `quux-info` (Quux's SmartBot and InfoBot), and their means.

    python benchmarks/quux_smart_info.py                     # 100 games per bot and player count
    python benchmarks/quux_smart_info.py --games 400 --bots quux-info --players 3

For each bot and player count, plays the first `--games` games of Quux's seed-1 deck stream
through `simulate(..., deals="quux", workers=1)` and prints games/s, the share of the time spent
inside the bots' calls (the rest is the engine: dealing, views, transitions, scoring), the time
a 200,000-game cell would take at that rate on one core, and the mean with its standard error
(score kept on a storm-out, as Quux counts it) beside the published mean of 200,000 games.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from hanabi_core.actions import Action
from hanabi_core.bots import BOTS
from hanabi_core.simulate import simulate
from hanabi_core.views import PlayerView

#: Quuxplusone/Hanabi's README, 200,000 games from --seed 1 (four decimals from running it).
PUBLISHED = {
    "quux-smart": {2: 23.0906, 3: 23.3022, 4: 22.4390, 5: 20.6851},
    "quux-info": {2: 19.9961, 3: 24.2577, 4: 24.8609, 5: 24.8917},
}

_spent = [0.0]


class Timed:
    """A bot that times the calls of the one it wraps."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __call__(self, view: PlayerView, /) -> Action:
        start = time.perf_counter()
        action: Action = self.inner(view)
        _spent[0] += time.perf_counter() - start
        return action


def timed(name: str) -> Any:
    factory = BOTS[name]

    def make(rng: random.Random) -> Timed:
        return Timed(factory(rng))

    make.__name__ = name
    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", nargs="+", default=list(PUBLISHED))
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 4, 5])
    args = parser.parse_args()
    print(
        f"{'bot':<11} {'P':>2} {'games':>6} {'games/s':>8} {'in bot':>7} "
        f"{'200k cell':>10}  {'mean ± s.e.':>16}  {'published':>9}"
    )
    for name in args.bots:
        for players in args.players:
            _spent[0] = 0.0
            start = time.perf_counter()
            result = simulate(
                timed(name), players=players, games=args.games, seed=1, deals="quux", workers=1
            )
            wall = time.perf_counter() - start
            summary = result.summaries[0]
            rate = args.games / wall
            hours = 200_000 / rate / 3600
            print(
                f"{name:<11} {players:>2} {args.games:>6} {rate:>8.1f} {_spent[0] / wall:>7.0%} "
                f"{hours:>8.1f} h  {summary.kept_mean:>7.3f} ± {summary.kept_stderr:.3f}"
                f"  {PUBLISHED[name][players]:>9.4f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
