"""Playing from one seat: `LiveGame.receive` per message, and `sample_state` per world.

    python benchmarks/live.py                 # about half a minute
    python benchmarks/live.py --games 10 --repeat 2   # a quick look

Workloads (base game, seeded, the same games on every run; games played by a driver that never
misplays, so that they run through the final round):

- **receive**: every message of `hanablive.messages(record, seat)` (typed, as `hanablive.wire`
  parses them) fed to a fresh `LiveGame`, for each seat of 2- and 3-player games; microseconds per
  message. Target: under 20 µs. The same messages as the server's JSON objects (`.raw()`, parsed
  once at `receive`'s door: the cold path) are timed beside them.
- **sample_state**: one world from the view of the seat to move, halfway through 2-player games
  (the deck half drawn); microseconds per world. Target: under 1 ms.

For scale, the same run times `apply` per move and `view(state, seat)` per call on the same games:
a tracker message against an engine move, and sampling against building a view. Each figure is the
best of `--repeat` runs.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import sys
import time
from collections.abc import Callable

from hanabi_core import (
    Action,
    GameRecord,
    GameState,
    Options,
    Play,
    apply,
    legal_actions,
    new_game,
    playable,
    sample_state,
    view,
)
from hanabi_core.hanablive import LiveGame, messages


def safe_game(options: Options, seed: int) -> list[GameState]:
    """Every state of a seeded game of random legal moves that never misplay."""
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    states = [state]
    while not state.is_over:
        hand = state.hands[state.current_player]
        actions: list[Action] = [
            a
            for a in legal_actions(state)
            if not isinstance(a, Play) or playable(state, hand[a.slot])
        ]
        state = apply(state, rng.choice(actions))
        states.append(state)
    return states


def best(repeat: int, run: Callable[[], float]) -> float:
    """The smallest of `repeat` timings (seconds)."""
    return min(run() for _ in range(repeat))


def bench_receive(
    games: list[list[GameState]], repeat: int, raw: bool = False
) -> tuple[float, int]:
    """Microseconds per message, and the messages fed in one run (`raw`: as JSON objects)."""
    streams = []
    for states in games:
        final = states[-1]
        record = GameRecord.from_state(final)
        for seat in range(final.options.players):
            sent = messages(record, seat)
            stream = tuple(m.raw() for m in sent) if raw else sent
            streams.append((LiveGame.from_options(final.options, seat), stream))
    count = sum(len(sent) for _, sent in streams)

    def run() -> float:
        start = time.perf_counter()
        for first, sent in streams:
            game = first
            for message in sent:
                game = game.receive(message)
        return time.perf_counter() - start

    return best(repeat, run) / count * 1e6, count


def bench_apply(games: list[list[GameState]], repeat: int) -> float:
    """Microseconds per `apply`, replaying the same games."""
    pairs = [
        (before, after.last_turn.action)  # type: ignore[union-attr]
        for states in games
        for before, after in itertools.pairwise(states)
    ]

    def run() -> float:
        start = time.perf_counter()
        for state, action in pairs:
            apply(state, action)
        return time.perf_counter() - start

    return best(repeat, run) / len(pairs) * 1e6


def bench_sample(games: list[list[GameState]], repeat: int, per_view: int) -> tuple[float, float]:
    """Microseconds per `sample_state` and per `view`, at the middle of each game."""
    views = []
    for states in games:
        total = states[0].deck_size
        middle = next(s for s in states if s.deck_size <= total // 2)
        views.append((middle, view(middle, middle.current_player)))
    rng = random.Random(0)

    def run_sample() -> float:
        start = time.perf_counter()
        for _, seen in views:
            for _ in range(per_view):
                sample_state(seen, rng)
        return time.perf_counter() - start

    def run_view() -> float:
        start = time.perf_counter()
        for state, seen in views:
            for _ in range(per_view):
                view(state, seen.seat)
        return time.perf_counter() - start

    calls = len(views) * per_view
    return best(repeat, run_sample) / calls * 1e6, best(repeat, run_view) / calls * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per workload")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (the best counts)")
    parser.add_argument("--per-view", type=int, default=20, help="worlds sampled per view")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {platform.machine()} ({platform.system()})")
    two = [safe_game(Options(2), seed) for seed in range(args.games)]
    three = [safe_game(Options(3), 1000 + seed) for seed in range(args.games)]
    receive, count = bench_receive(two + three, args.repeat)
    cold, _ = bench_receive(two + three, args.repeat, raw=True)
    step = bench_apply(two + three, args.repeat)
    print(f"receive       {receive:8.1f} µs/message  ({count} messages; target < 20 µs)")
    print(f"receive(dict) {cold:8.1f} µs/message  (the same as JSON objects, parsed at the door)")
    print(
        f"apply         {step:8.1f} µs/move     (for scale: receive/apply = {receive / step:.2f})"
    )
    sample, seen = bench_sample(two, args.repeat, args.per_view)
    print(f"sample_state  {sample:8.1f} µs/world    (2 players, mid-game; target < 1000 µs)")
    ratio = sample / seen
    print(f"view          {seen:8.1f} µs/view     (for scale: sample_state/view = {ratio:.2f})")


if __name__ == "__main__":
    main()
