"""Play thousands of seeded games with bots and score them: the harness bot authors rewrite.

[`simulate`][hanabi_core.simulate.simulate] deals game *i* from seed ``seed + i`` (rule 2.5), seats
one bot per seat (every seat the same bot), and plays it out; each seat's bot draws from its own
`random.Random`, seeded from a hash of the game's seed, the seat and the run's `bot_seed`: a
64-bit key drawn from the operating system unless given, and kept in the result. Without the key
a bot's generator says nothing of the deal (from ``seed * 8 + seat``, a bot could find the deal's
seed and so its own cards). So the same arguments and `bot_seed` give the same games, whatever the
number of worker processes. With several bots, each plays the same seeds, and
the summary gives the paired difference to the first bot with its standard error.

```python
from hanabi_core.simulate import simulate

result = simulate(["simple", "random"], players=3, games=20, seed=11, workers=1)
simple, rand = result.summaries
assert simple.games == 20 and simple.mean > rand.mean and simple.storm_outs == 0
assert result.scores("simple")[0] == result.games[0][0].score   # seed 11's game
(difference,) = result.differences
assert difference.bot == "random" and abs(difference.mean - (rand.mean - simple.mean)) < 1e-9
```

With ``deals="quux"``, game *i* is instead the *i*-th deck of Quuxplusone/Hanabi's stream for
``seed`` ([`hanabi_core.quux.decks`][hanabi_core.quux.decks]), as its server deals them, so the
Quux bots play the games of its published table. With ``deals="hanab-live"``, game *i* is the deck
hanab.live's server deals for the seed ``p<players>v<variant id>s<seed + i>``
([`hanablive.deck`][hanabi_core.hanablive.decks.deck]): the decks people play there. Every summary
gives the mean both ways a storm-out is scored: with the fireworks kept (Quux, hanabi.rs) and with
zero (HLE and the HLE paper), whatever the options say (rule 10.5).

The games are played on this machine's cores, or on any `concurrent.futures.Executor` given as
`executor` (a Dask cluster: see [Scaling out](../guides/scaling-out.md)), with the same results.
A result shows itself as one line, and as HTML tables in a notebook; `progress=True` draws a
progress bar and [`plot`][hanabi_core.simulate.plot] returns the histograms' figure. `simulate` is
not a sandbox (a bot runs beside the game's state): [`Isolated`][hanabi_core.simulate.Isolated]
plays each seat in a process of its own, for contests.

Ctrl-C (`KeyboardInterrupt`) stops the run cleanly: `simulate` returns what the finished games
give, with `interrupted` set. `hanabi-core simulate` is the command-line face of this module.
"""

from __future__ import annotations

from ._games import GameResult, GameResults
from ._isolated import Isolated
from ._play import play_game
from ._plot import plot
from ._pool import default_workers
from ._results import BotSummary, PairedDifference, Simulation, SimulationError
from ._run import DEALS, simulate

__all__ = [
    "DEALS",
    "BotSummary",
    "GameResult",
    "GameResults",
    "Isolated",
    "PairedDifference",
    "Simulation",
    "SimulationError",
    "default_workers",
    "play_game",
    "plot",
    "simulate",
]
