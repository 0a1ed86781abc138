"""The published table of Quuxplusone/Hanabi, cell by cell: 200,000 games of its seed-1 stream.

Quux's README gives each bot's mean score at 2 to 5 players over 200,000 games from `--seed 1`,
to two decimals; running its code gives the four decimals below (the issue that added the bots
records them), and its perfect games. Each cell is one test of the `baselines` marker, which no
other run selects: a cell takes from 6 to 30 minutes with two workers on two idle cores
(docs/guides/baselines.md gives the times), so run one or a few,

    python -m pytest -m baselines -k "quux-simple and 2p"

`scripts/mypyc_bots.py` builds a compiled copy that plays them about twice as fast. The games
themselves are pinned move by move by `tests/test_quux.py` (8,000 of Quux's logged games); these
tests check the means that a paper quotes.
"""

from __future__ import annotations

import pytest

from hanabi_core.simulate import default_workers, simulate

GAMES = 200_000

#: (bot, players) → (README mean, its four decimals, perfect games as the README gives them, in
#: per cent of the games; `None` where the README gives none).
PUBLISHED: dict[tuple[str, int], tuple[float, float, float | None]] = {
    ("quux-simple", 2): (16.92, 16.9234, None),
    ("quux-simple", 3): (18.48, 18.4790, None),
    ("quux-simple", 4): (19.32, 19.3180, None),
    ("quux-simple", 5): (18.50, 18.4975, None),
    ("quux-smart", 2): (23.09, 23.0906, 29.52),
    ("quux-smart", 3): (23.30, 23.3022, 19.54),
    ("quux-smart", 4): (22.44, 22.4390, 4.56),
    ("quux-smart", 5): (20.69, 20.6851, 0.08),
    ("quux-info", 2): (20.00, 19.9961, 0.38),
    ("quux-info", 3): (24.26, 24.2577, 51.53),
    ("quux-info", 4): (24.86, 24.8609, 89.55),
    ("quux-info", 5): (24.89, 24.8917, 91.36),
    ("quux-cheat", 2): (24.90, 24.9018, 93.92),
    ("quux-cheat", 3): (24.98, 24.9807, 98.37),
    ("quux-cheat", 4): (24.97, 24.9743, 97.94),
    ("quux-cheat", 5): (24.95, 24.9546, 96.47),
}


@pytest.mark.baselines
@pytest.mark.parametrize(
    ("bot", "players"), list(PUBLISHED), ids=[f"{b}-{p}p" for b, p in PUBLISHED]
)
def test_the_published_mean_over_200000_games(bot: str, players: int) -> None:
    readme, four_decimals, perfect_percent = PUBLISHED[bot, players]
    result = simulate(
        bot, players=players, games=GAMES, deals="quux", seed=1, workers=default_workers()
    )
    summary = result.summaries[0]
    assert summary.games == GAMES and not result.interrupted
    # Quux keeps the fireworks on a storm-out (rule 11.7); `kept_mean` is that scoring whatever
    # the edition, and the `quux` edition's own mean besides.
    assert summary.kept_mean == summary.mean
    assert round(summary.mean, 4) == four_decimals, (bot, players, summary.mean)
    assert round(summary.mean, 2) == readme
    if perfect_percent is not None:
        assert round(100 * summary.perfect / GAMES, 2) == perfect_percent


def test_the_table_holds_every_bot_and_player_count_once() -> None:
    # The default run checks the table itself: 4 bots by 4 player counts, each README figure the
    # rounding of its four decimals.
    assert sorted(PUBLISHED) == sorted(
        (bot, p)
        for bot in ("quux-simple", "quux-smart", "quux-info", "quux-cheat")
        for p in (2, 3, 4, 5)
    )
    for readme, four_decimals, _ in PUBLISHED.values():
        assert f"{four_decimals:.2f}" == f"{readme:.2f}"
