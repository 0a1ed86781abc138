"""`sample_state`'s worst case: every player count, every hand size the options accept, and the
variants that make sampling hard (hidden clues, the hole).

    python benchmarks/sampling.py                 # one game per setting, a few minutes
    python benchmarks/sampling.py --players 2 --variants base --games 3

For each setting (players 2 to 6; every hand size from 1 to the most the deck allows, rule 2.2's
table aside; the variants ``base``, hanab.live's ``Cow & Pig (5 Suits)`` and ``Duck (5 Suits)``
(rules 9.30, 9.31) and ``Throw It in a Hole (5 Suits)`` (rule 9.33)), seeded games are played by a
driver that clues, discards and plays at random among the legal actions (a misplay one time in
ten it is drawn: the games reach the end of the deck, and the hole and the Storms matter), and
`sample_state` draws one world from the view of the seat to move at every turn. The table gives,
per variant and player count, the worst time over every hand size and turn (with where it
happened), the median, and how many views were refused (a `SamplingError`: none is expected,
every view here is real). Each world is checked against its view. Time is the process's CPU time.

The bound the library states (`hanabi_core.sampling`, "Its bounds"): every call returns or raises;
the exact count keeps at most 200,000 states, the hidden-clue draw at most 512 parts.

Measured on the project's shared 2-core machine (CPython 3.11, busy; one game per setting, about
14,000 views in all, none refused): the median view takes 0.5 ms in the base game and the hole
variant, 1.2 to 1.4 ms in Cow & Pig, 1.5 to 2.4 ms in Duck; the worst views take 8 ms (base), 18
ms (hole), 19 ms (Cow & Pig) and 70 ms (Duck, 2 players, hands of 16). Before issue 25, hands of
18 or more at the end of the deck never finished, and hidden-clue views took up to seconds.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from hanabi_core import (
    Action,
    GameState,
    Options,
    Play,
    SamplingError,
    apply,
    hanablive,
    legal_actions,
    new_game,
    playable,
    sample_state,
    view,
)
from hanabi_core.variants import VARIANTS

VARIANT_NAMES = {
    "base": "base",
    "cow-pig": "Cow & Pig (5 Suits)",
    "duck": "Duck (5 Suits)",
    "hole": "Throw It in a Hole (5 Suits)",
}


def options_for(key: str, players: int, hand_size: int) -> Options:
    name = VARIANT_NAMES[key]
    variant = VARIANTS[name] if name in VARIANTS else hanablive.variant(name)
    return Options(players, variant=variant, hand_size=hand_size)


def hand_sizes(key: str, players: int) -> range:
    deck = len(options_for(key, players, 1).variant.deck)
    return range(1, deck // players + 1)


def measure(options: Options, seed: int) -> tuple[list[float], int, tuple[float, int]]:
    """Seconds per `sample_state` over one game, the views refused, and (worst, its turn)."""
    rng = random.Random(seed)
    state = new_game(options, seed=seed)
    times: list[float] = []
    refused = 0
    worst = (0.0, 0)
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        start = time.process_time()
        try:
            world = sample_state(seen, random.Random(seed * 1000 + state.turn))
        except SamplingError:
            refused += 1
        else:
            elapsed = time.process_time() - start
            times.append(elapsed)
            worst = max(worst, (elapsed, state.turn))
            assert view(world, seat) == seen
        state = apply(state, choose(state, rng))
    return times, refused, worst


def choose(state: GameState, rng: random.Random) -> Action:
    """A random legal action; a misplay only one time in ten it is drawn, so that games reach
    the end of the deck (where long hands are hardest to sample) yet misplay now and then."""
    actions = list(legal_actions(state))
    hand = state.hands[state.current_player]
    while True:
        action = rng.choice(actions)
        if not isinstance(action, Play) or playable(state, hand[action.slot]) or rng.random() < 0.1:
            return action


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--variants", nargs="*", default=list(VARIANT_NAMES))
    parser.add_argument("--games", type=int, default=1, help="games per setting")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {platform.machine()} ({platform.system()})")
    print()
    print(
        "| variant | players | hand sizes | views | median µs | worst µs (hand size, turn) ", end=""
    )
    print("| refused |")
    print("|---|---|---|---|---|---|---|")
    for key in args.variants:
        for players in args.players:
            sizes = hand_sizes(key, players)
            all_times: list[float] = []
            refused = 0
            worst = (0.0, 0, 0)
            for size in sizes:
                options = options_for(key, players, size)
                for game in range(args.games):
                    times, lost, (top, turn) = measure(options, 1000 * size + game)
                    all_times += times
                    refused += lost
                    worst = max(worst, (top, size, turn))
            median = statistics.median(all_times) * 1e6 if all_times else 0.0
            print(
                f"| {key} | {players} | {sizes.start}–{sizes.stop - 1} | {len(all_times)} "
                f"| {median:,.0f} | {worst[0] * 1e6:,.0f} ({worst[1]}, {worst[2]}) | {refused} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
