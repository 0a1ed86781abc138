"""Random and "safe" playouts: moves per second, games per second, and memory.

    python benchmarks/playouts.py                 # the four workloads, about a minute
    python benchmarks/playouts.py --games 300 --repeat 1   # a quick look

Workloads (each at 2 and 5 players, base game, seeded, the same games on every run):

- **random**: every move is drawn uniformly from `legal_actions`; most games end by the third
  Storm within twenty moves, so dealing weighs as much as playing.
- **safe**: random legal moves that never misplay (the driver peeks at the hand and drops plays
  that would not fit), so games run through the final round: the cost of a long game.

When `hanabi-learning-environment` (DeepMind's engine, whose Python API wraps C++) is installed,
the same workloads run through its Python API (`legal_moves`, `apply_move`, `deal_random_card`)
in the same run, and the ratio is printed. Each figure is the best of `--repeat` runs, the two
engines alternating, so that a busy machine penalises both alike.

Memory is measured separately with tracemalloc (which slows Python down): the peak while playing
random games, and what keeping every state of one safe game costs.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from hanabi_core import (
    VARIANTS,
    Action,
    GameState,
    Options,
    Play,
    Variant,
    apply,
    legal_actions,
    new_game,
    playable,
)

Workload = Callable[[int, int, int], int]  # (players, games, seed) -> moves made


def playouts(
    options: Options, games: int, seed: int, choices: Callable[[GameState], Sequence[Action]]
) -> int:
    """Play `games` seeded games, each move drawn from `choices(state)`; the moves made."""
    rng = random.Random(seed)
    moves = 0
    for _ in range(games):
        state = new_game(options, seed=rng.getrandbits(64))
        while not state.is_over:
            state = apply(state, rng.choice(choices(state)))
            moves += 1
    return moves


def safe_actions(state: GameState) -> list[Action]:
    """The legal actions less the plays that would misplay (the driver peeks at the hand)."""
    hand = state.hands[state.current_player]
    return [
        a for a in legal_actions(state) if not isinstance(a, Play) or playable(state, hand[a.slot])
    ]


def ours_random(players: int, games: int, seed: int) -> int:
    """Random legal playouts with hanabi_core."""
    return playouts(Options(players), games, seed, legal_actions)


def ours_safe(players: int, games: int, seed: int) -> int:
    """Playouts that never misplay, with hanabi_core."""
    return playouts(Options(players), games, seed, safe_actions)


def hle_workloads() -> tuple[Workload, Workload] | None:
    """The same two workloads through DeepMind's engine, if it is installed."""
    try:
        from hanabi_learning_environment import pyhanabi  # type: ignore[import-untyped]
    except ImportError:
        return None
    chance = pyhanabi.CHANCE_PLAYER_ID
    play = pyhanabi.HanabiMoveType.PLAY

    def every_move(state: Any, player: int) -> list[Any]:
        return state.legal_moves()  # type: ignore[no-any-return]

    def safe_moves(state: Any, player: int) -> list[Any]:
        hand = state.player_hands()[player]
        return [
            m
            for m in state.legal_moves()
            if m.type() != play
            or state.card_playable_on_fireworks(
                hand[m.card_index()].color(), hand[m.card_index()].rank()
            )
        ]

    def workload(choices: Callable[[Any, int], list[Any]]) -> Workload:
        def run(players: int, games: int, seed: int) -> int:
            rng = random.Random(seed)
            engine = pyhanabi.HanabiGame(
                {"players": players, "random_start_player": False, "seed": seed}
            )
            moves = 0
            for _ in range(games):
                state = engine.new_initial_state()
                while not state.is_terminal():
                    player = state.cur_player()
                    if player == chance:
                        state.deal_random_card()
                        continue
                    state.apply_move(rng.choice(choices(state, player)))
                    moves += 1
            return moves

        return run

    return workload(every_move), workload(safe_moves)


def measure(workload: Workload, players: int, games: int, seed: int) -> tuple[float, float]:
    """(moves per second, games per second) of one run."""
    start = time.perf_counter()
    moves = workload(players, games, seed)
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed


def memory(games: int) -> tuple[float, float, int]:
    """Peak KiB while playing random games; KiB to keep every state of one safe game; its length.

    The options and their one-off tables are built before tracing starts, so the figures are
    what playing costs, not what setting up costs.
    """
    options = Options(2)
    new_game(options, seed=0)
    tracemalloc.start()
    playouts(options, games, 7, legal_actions)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    rng = random.Random(11)
    tracemalloc.start()
    state = new_game(options, seed=11)
    kept = [state]
    while not state.is_over:
        state = apply(state, rng.choice(safe_actions(state)))
        kept.append(state)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024, size / 1024, len(kept)


def tables_size() -> tuple[float, float]:
    """KiB of the caches built on first use: one variant's dealt-card table, one options' tables."""
    base = VARIANTS["base"]
    tracemalloc.start()
    variant = Variant(base.id, base.name, base.suits, base.clue_colours)  # a fresh, empty cache
    options = Options(2, variant=variant)
    new_game(options, seed=0)
    both, _ = tracemalloc.get_traced_memory()  # while `options` and `variant` are alive
    tracemalloc.stop()
    tracemalloc.start()
    options = Options(2, variant=variant)
    new_game(options, seed=0)
    alone, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del options, variant
    return (both - alone) / 1024, alone / 1024


def main(argv: list[str] | None = None) -> int:
    """Run the workloads and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per random workload")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best counts")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    hle = hle_workloads()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    print(f"hanabi-learning-environment: {'installed' if hle else 'not installed'}\n")
    header = "| workload | players | hanabi_core moves/s | games/s |"
    rule = "|---|---|---|---|"
    if hle:
        header += " HLE moves/s | HLE games/s | ratio (moves/s) |"
        rule += "---|---|---|"
    print(header)
    print(rule)
    ratios = []
    for name, ours in (("random", ours_random), ("safe", ours_safe)):
        theirs = None if hle is None else hle[0 if name == "random" else 1]
        # Safe games are about five times longer than random ones.
        games = args.games if name == "random" else max(1, args.games // 5)
        for players in (2, 5):
            best_ours = (0.0, 0.0)
            best_theirs = (0.0, 0.0)
            for _ in range(args.repeat):
                best_ours = max(best_ours, measure(ours, players, games, args.seed))
                if theirs is not None:
                    best_theirs = max(best_theirs, measure(theirs, players, games, args.seed))
            row = f"| {name} | {players} | {best_ours[0]:,.0f} | {best_ours[1]:,.0f} |"
            if theirs is not None:
                ratio = best_ours[0] / best_theirs[0]
                ratios.append(ratio)
                row += f" {best_theirs[0]:,.0f} | {best_theirs[1]:,.0f} | {ratio:.2f}x |"
            print(row, flush=True)
    peak, kept, length = memory(max(1, args.games // 10))
    print(f"\npeak memory while playing random games (tracemalloc): {peak:,.0f} KiB")
    print(f"every state of one {length}-state safe game kept: {kept:,.0f} KiB")
    variant_kib, options_kib = tables_size()
    print(f"built once per variant (every dealt card): {variant_kib:,.0f} KiB")
    print(f"built once per Options (interned actions, clue lists): {options_kib:,.0f} KiB")
    if ratios:
        print(f"\nlowest ratio: {min(ratios):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
