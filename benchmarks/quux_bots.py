"""The Quux bots' speed: games per second by bot and player count, and where the time goes.

    python benchmarks/quux_bots.py                                   # 200 games a cell
    python benchmarks/quux_bots.py --bots quux-simple --players 2 --games 500

Each cell plays the first games of Quux's seed-1 stream (the games of the published table) with
the loop `simulate` runs in a worker (`play_game`: deal, the seat's view, the bot, apply), timed
in CPU seconds of this process so that a machine shared with other work counts only what the
games cost. Per turn it splits the time between the view (`IncrementalViews`), the bot and
`apply`, and it times the same turns' views through `views.view` beside it (the peer: the whole
history replayed at every call), as a ratio. The last column is what a 200,000-game cell takes
with `simulate(..., workers=2)` on two idle cores: 100,000 games a core.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import sys
import time

from hanabi_core import EDITIONS, apply, new_game, view
from hanabi_core.bots import BOTS, decide
from hanabi_core.quux import decks
from hanabi_core.views._incremental import IncrementalViews


def cell(bot: str, players: int, games: int) -> dict[str, float]:
    """CPU seconds of one cell, split by phase, and the peer's views' time."""
    options = EDITIONS["quux"].options(players)
    factory = BOTS[bot]
    clock = time.process_time
    spent = {"view": 0.0, "bot": 0.0, "apply": 0.0, "peer view": 0.0, "turns": 0.0}
    start = clock()
    for k, deck in enumerate(itertools.islice(decks(1), games)):
        state = new_game(options, deck=deck)
        seats = [factory(random.Random(k * 8 + s)) for s in range(players)]
        views = IncrementalViews(state)
        while state.outcome is None:
            seat = state.current_player
            t0 = clock()
            seen = views.view(state, seat)
            t1 = clock()
            action = decide(seats[seat], seen, state.hands[seat])
            t2 = clock()
            after = apply(state, action)
            t3 = clock()
            view(state, seat)  # the peer, not given to the bot
            t4 = clock()
            spent["view"] += t1 - t0
            spent["bot"] += t2 - t1
            spent["apply"] += t3 - t2
            spent["peer view"] += t4 - t3
            spent["turns"] += 1
            state = after
    spent["total"] = clock() - start - spent["peer view"]
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="quux-simple,quux-cheat")
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.games} games a cell")
    print(
        f"{'bot':<12} {'P':>2} {'games/s':>8} {'µs/turn':>8} {'view':>6} {'bot':>6} "
        f"{'apply':>6} {'view() / view':>14} {'200k, 2 workers':>16}"
    )
    for bot in args.bots.split(","):
        for players in map(int, args.players.split(",")):
            s = cell(bot, players, args.games)
            rate = args.games / s["total"]
            turns = s["turns"]
            minutes = 100_000 / rate / 60
            print(
                f"{bot:<12} {players:>2} {rate:>8.1f} {s['total'] / turns * 1e6:>8.1f} "
                f"{s['view'] / s['total']:>6.0%} {s['bot'] / s['total']:>6.0%} "
                f"{s['apply'] / s['total']:>6.0%} {s['peer view'] / s['view']:>14.2f} "
                f"{minutes:>13.1f} min",
                flush=True,
            )
    sys.exit(0)


if __name__ == "__main__":
    main()
