"""The simulation harness's speed: its own overhead, and what a second worker brings.

    python benchmarks/simulate.py                          # random bot, 2 players, 3000 games
    python benchmarks/simulate.py --bot simple --games 300 --players 3

Four runs of the same seeded games, alternated `--repeat` times (best of each kept, so that a
busy machine penalises all three alike):

- **direct**: a plain playout loop in this process that calls the bot itself (deal, view, bot,
  apply), as a bot author would write it: the baseline;
- **harness, 1 worker**: `simulate(..., workers=1)`: the same games through the harness (batches,
  results, summary), in this process;
- **harness, N workers**: `simulate(..., workers=N)` on worker processes;
- **direct, N processes**: N bare processes running the direct loop on a share of the seeds
  each: what the machine itself allows (two hyperthreads of one core, or a busy machine, give
  less than N times), so that the harness's speed-up can be read against it;
- **Dask, N workers** (when `distributed` is installed; `--no-dask` leaves it out):
  `simulate(..., executor=client.get_executor())` on a Dask `LocalCluster` of N worker processes,
  one thread each, started once before the runs (its start is not timed): the cluster's cost
  beside the local pool (the scheduler, one-second tasks, results through TCP).

The overhead is harness-1 over direct, less one; the speed-up is harness-1 over harness-N. CPU
seconds (this process and its workers) are printed beside the wall-clock times: on a machine
shared with other work, a speed-up below the number of workers with CPU time to match says the
cores were busy, not that the harness serialises; the last line gives the speed-up the CPU
seconds allow on idle cores.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import multiprocessing
import os
import platform
import random
import resource
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor

from hanabi_core import Options, apply, new_game, view
from hanabi_core.bots import BOTS, decide
from hanabi_core.simulate import simulate


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children, user and system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def direct(bot: str, options: Options, games: int, seed: int) -> int:
    """The baseline: a playout loop calling the bot directly; the total score."""
    factory = BOTS[bot]
    total = 0
    for game_seed in range(seed, seed + games):
        state = new_game(options, seed=game_seed)
        seats = [factory(random.Random(game_seed * 8 + s)) for s in range(options.players)]
        while not state.is_over:
            seat = state.current_player
            state = apply(state, decide(seats[seat], view(state, seat), state.hands[seat]))
        total += state.score
    return total


def direct_split(bot: str, options: Options, games: int, seed: int, workers: int) -> int:
    """The machine's own limit: `workers` independent processes, each running the direct loop on
    its share of the seeds, no harness at all; the total score."""
    share = -(-games // workers)
    starts = range(seed, seed + games, share)
    with multiprocessing.get_context().Pool(workers) as pool:
        totals = pool.starmap(
            direct, [(bot, options, min(share, seed + games - s), s) for s in starts]
        )
    return sum(totals)


def timed(run: Callable[[], int]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and the run's total score."""
    cpu, wall = cpu_seconds(), time.perf_counter()
    total = run()
    return time.perf_counter() - wall, cpu_seconds() - cpu, total


def main() -> None:
    """Start the cluster, run the ways side by side and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", choices=tuple(BOTS), default="random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask row")
    args = parser.parse_args()
    options = Options(args.players)
    with contextlib.ExitStack() as stack:
        executor = None if args.no_dask else start_cluster(stack, args.workers)
        measure(args, options, executor)


def start_cluster(stack: contextlib.ExitStack, workers: int) -> Executor | None:
    """A local Dask cluster of `workers` processes, one thread each; `None` without Dask."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("distributed is not installed: no Dask row (pip install -e '.[dask]')")
        return None
    cluster = stack.enter_context(
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
    )
    client = stack.enter_context(Client(cluster))
    client.wait_for_workers(workers, timeout=120)
    executor: Executor = client.get_executor()
    return executor


def measure(args: argparse.Namespace, options: Options, executor: Executor | None) -> None:
    """Run the ways side by side, alternated, and print the figures."""

    def harness(workers: int, on: Executor | None = None) -> Callable[[], int]:
        def run() -> int:
            result = simulate(
                args.bot,
                options=options,
                games=args.games,
                seed=args.seed,
                workers=workers,
                executor=on,
                bot_seed=0,
            )
            return sum(result.scores())

        return run

    runs = {
        "direct": lambda: direct(args.bot, options, args.games, args.seed),
        "harness, 1 worker": harness(1),
        f"harness, {args.workers} workers": harness(args.workers),
        f"direct, {args.workers} processes": lambda: direct_split(
            args.bot, options, args.games, args.seed, args.workers
        ),
    }
    dask = f"Dask, {args.workers} workers"
    if executor is not None:
        runs[dask] = harness(args.workers, executor)
    best: dict[str, tuple[float, float]] = {}
    totals = set()
    load_before = os.getloadavg()
    for _ in range(args.repeat):
        for name, run in runs.items():
            wall, cpu, total = timed(run)
            totals.add(total)
            if name not in best or wall < best[name][0]:
                best[name] = (wall, cpu)
    load_after = os.getloadavg()
    if args.bot == "random":  # the direct loop seeds its bots otherwise: equal totals at 0
        assert len(totals) == 1, "every way must play the same games"

    print(
        f"{args.bot} bot, {args.players} players, {args.games} games, best of {args.repeat}; "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after"
    )
    print(f"{'run':<22} {'wall s':>8} {'CPU s':>8} {'games/s':>9}")
    for name, (wall, cpu) in best.items():
        print(f"{name:<22} {wall:>8.2f} {cpu:>8.2f} {args.games / wall:>9,.0f}")
    base = best["direct"][0]
    one = best["harness, 1 worker"][0]
    many = best[f"harness, {args.workers} workers"][0]
    print(f"harness overhead (1 worker vs direct): {100 * (one / base - 1):+.1f}%")
    print(f"speed-up ({args.workers} workers vs 1): {one / many:.2f}x")
    # What the speed-up would be with the cores to itself: the work does not grow much with the
    # workers (CPU seconds), so N workers on N free cores do N times the work per second, less
    # what the extra CPU seconds cost.
    cpu_one = best["harness, 1 worker"][1]
    cpu_many = best[f"harness, {args.workers} workers"][1]
    print(
        f"CPU seconds, {args.workers} workers vs 1: {cpu_many / cpu_one:.2f}x; speed-up on "
        f"{args.workers} idle cores at most {args.workers * cpu_one / cpu_many:.2f}x"
    )
    split = best[f"direct, {args.workers} processes"][0]
    print(
        f"the machine's own limit ({args.workers} bare processes vs the direct loop): "
        f"{base / split:.2f}x; the harness reaches {100 * (one / many) / (base / split):.0f}% of it"
    )
    if dask in best:
        print(
            f"Dask vs the local pool ({args.workers} workers each): "
            f"{many / best[dask][0]:.2f}x the games/s"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
