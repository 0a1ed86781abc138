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

Ctrl-C (`KeyboardInterrupt`) stops the run cleanly: `simulate` returns what the finished games
give, with `interrupted` set. `hanabi-core simulate` is the command-line face of this module.
"""

from __future__ import annotations

import gc
import hashlib
import math
import multiprocessing
import os
import random
import secrets
import signal
import statistics
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from attrs import field, frozen

from ._incremental_view import IncrementalViews
from .bots import BOTS, BotFactory, decide
from .cards import Card
from .deal import MAX_SEED
from .errors import HanabiError, IllegalAction, InvalidOptions, brief
from .options import EDITIONS, Options
from .quux import deck_codes, deck_from_codes
from .records import GameRecord, write_record
from .rules import apply, new_game
from .scoring import points
from .state import EndReason, GameState

__all__ = [
    "DEALS",
    "BotSummary",
    "GameResult",
    "PairedDifference",
    "Simulation",
    "SimulationError",
    "default_workers",
    "play_game",
    "plot",
    "simulate",
]


#: The deal sources of `simulate`: ``"seeded"`` (game *i* dealt from seed ``seed + i``, rule 2.5),
#: ``"quux"`` (game *i* is the *i*-th deck of Quuxplusone/Hanabi's stream for ``seed``) and
#: ``"hanab-live"`` (game *i* is the deck hanab.live's server deals for its seed
#: ``p<players>v<variant id>s<seed + i>``).
DEALS: tuple[str, ...] = ("seeded", "quux", "hanab-live")


class SimulationError(HanabiError, RuntimeError):
    """A run of [`simulate`][hanabi_core.simulate.simulate] could not go on: a worker process died
    (killed, out of memory, a crash in a C extension, a bot calling `os._exit`), or a bot raised
    what is not an error (`SystemExit`, a `KeyboardInterrupt` no Ctrl-C sent, a bare
    `BaseException`).

    Attributes:
        seeds: the seeds of the games under way when it happened (the first and last of each
            batch), as text.
        reason: the plain-words sentence.
    """

    def __init__(self, seeds: str, reason: str) -> None:
        self.seeds = seeds
        self.reason = reason
        self._init_args = (seeds, reason)
        super().__init__(f"The simulation stopped at the games dealt from {seeds}: {reason}")


@frozen
class GameResult:
    """How one game went.

    Attributes:
        seed: the deal's seed (rule 2.5); with Quux deals, the game's index in the stream.
        score: the final score (section 8), under the game's options.
        max_score: the variant's highest score.
        turns: actions taken.
        storms: Storm tokens turned.
        reason: why the game ended (an `EndReason` value, e.g. ``"storm-out"``).
        fireworks: the points on the fireworks at the end (rule 8.1): the score kept on a
            storm-out (rule 10.5); the score itself in any other game.
    """

    seed: int
    score: int
    max_score: int
    turns: int
    storms: int
    reason: str
    fireworks: int = -1

    def __attrs_post_init__(self) -> None:
        if self.fireworks == -1:  # made without it: the score is what the fireworks show
            object.__setattr__(self, "fireworks", self.score)

    @property
    def storm_out(self) -> bool:
        """The last Storm ended the game (rule 7.1)."""
        return self.reason == EndReason.STORM_OUT.value

    @property
    def kept_score(self) -> int:
        """The score with the fireworks kept on a storm-out (Quux's and hanabi.rs's scoring)."""
        return self.fireworks if self.storm_out else self.score

    @property
    def zero_score(self) -> int:
        """The score with zero on a storm-out (HLE's and the HLE paper's scoring)."""
        return 0 if self.storm_out else self.score

    @property
    def perfect(self) -> bool:
        """The score is the maximum."""
        return self.score == self.max_score


@frozen
class BotSummary:
    """One bot's figures over the games it finished.

    Attributes:
        bot: the bot's name.
        games: games finished.
        mean: the mean score.
        stderr: the standard error of the mean (sample standard deviation over √games; 0 for
            fewer than two games).
        median: the median score.
        perfect: games with the maximum score.
        storm_outs: games ended by the last Storm (rule 7.1).
        mean_turns: the mean number of actions per game.
        histogram: (score, games) pairs, scores ascending; only the scores that happened.
        kept_mean: the mean score with the fireworks kept on a storm-out (rule 10.5's
            ``"fireworks"``: Quux's and hanabi.rs's scoring), whatever the games' options.
        kept_stderr: its standard error.
        zero_mean: the mean score with zero on a storm-out (rule 10.5's ``"zero"``: HLE's and
            the HLE paper's scoring), whatever the games' options.
        zero_stderr: its standard error.

    Perfect games and storm-outs are the same under both scorings: the game ends with the last
    card built (rule 7.2), before any Storm can follow, and a misplay builds nothing.
    """

    bot: str
    games: int
    mean: float
    stderr: float
    median: float
    perfect: int
    storm_outs: int
    mean_turns: float
    histogram: tuple[tuple[int, int], ...]
    kept_mean: float = 0.0
    kept_stderr: float = 0.0
    zero_mean: float = 0.0
    zero_stderr: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data (the histogram keyed by score, as text)."""
        return {
            "bot": self.bot,
            "games": self.games,
            "mean": round(self.mean, 4),
            "stderr": round(self.stderr, 4),
            "median": self.median,
            "perfect": self.perfect,
            "storm_outs": self.storm_outs,
            "mean_turns": round(self.mean_turns, 4),
            "histogram": {str(score): count for score, count in self.histogram},
            "storm_out_kept": {
                "mean": round(self.kept_mean, 4),
                "stderr": round(self.kept_stderr, 4),
            },
            "storm_out_zero": {
                "mean": round(self.zero_mean, 4),
                "stderr": round(self.zero_stderr, 4),
            },
        }


@frozen
class PairedDifference:
    """`bot`'s score minus `baseline`'s, game by game on the same seeds.

    Attributes:
        bot: the bot compared.
        baseline: the bot it is compared with (the first one).
        games: seeds both finished.
        mean: the mean difference.
        stderr: its standard error: the standard deviation of the differences over √games, smaller
            than the two bots' own errors combined when their scores move together.
    """

    bot: str
    baseline: str
    games: int
    mean: float
    stderr: float

    def to_json(self) -> dict[str, Any]:
        """The difference as JSON-ready data."""
        return {
            "bot": self.bot,
            "baseline": self.baseline,
            "games": self.games,
            "mean": round(self.mean, 4),
            "stderr": round(self.stderr, 4),
        }


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    mean = math.fsum(values) / len(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, error


def _summary(bot: str, results: Sequence[GameResult]) -> BotSummary:
    scores = [r.score for r in results]
    mean, error = _mean_and_error(scores)
    kept_mean, kept_error = _mean_and_error([r.kept_score for r in results])
    zero_mean, zero_error = _mean_and_error([r.zero_score for r in results])
    return BotSummary(
        bot=bot,
        games=len(results),
        mean=mean,
        stderr=error,
        median=float(statistics.median(scores)) if scores else 0.0,
        perfect=sum(r.perfect for r in results),
        storm_outs=sum(r.reason == EndReason.STORM_OUT.value for r in results),
        mean_turns=math.fsum(r.turns for r in results) / len(results) if results else 0.0,
        histogram=tuple(sorted(Counter(scores).items())),
        kept_mean=kept_mean,
        kept_stderr=kept_error,
        zero_mean=zero_mean,
        zero_stderr=zero_error,
    )


@frozen
class Simulation:
    """What [`simulate`][hanabi_core.simulate.simulate] played and how it went.

    Attributes:
        options: the games' options.
        edition: the edition id, or `None`.
        seed: game *i* was dealt from ``seed + i`` (with Quux deals: the stream's seed).
        requested: how many games each bot was to play.
        bots: the bots' names, in the order given.
        games: per bot, the results of the games it finished, by seed.
        interrupted: the run was stopped (Ctrl-C) before every game was played.
        deals: the deal source, one of `DEALS`.
        bot_seed: the key the bots' generators were seeded with (pass it to `simulate` again to
            repeat the run exactly).
    """

    options: Options
    edition: str | None
    seed: int
    requested: int
    bots: tuple[str, ...]
    games: tuple[tuple[GameResult, ...], ...]
    interrupted: bool = False
    deals: str = "seeded"
    bot_seed: int | None = None
    summaries: tuple[BotSummary, ...] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        summaries = tuple(_summary(b, g) for b, g in zip(self.bots, self.games, strict=True))
        object.__setattr__(self, "summaries", summaries)

    def scores(self, bot: str | None = None) -> tuple[int, ...]:
        """The scores of `bot` (default: the first bot), by seed.

        Raises:
            ValueError: no bot of that name played.
        """
        index = 0 if bot is None else self._index(bot)
        return tuple(r.score for r in self.games[index])

    def _index(self, bot: str) -> int:
        if bot not in self.bots:
            raise ValueError(f"no bot {brief(bot)} played; the bots were {', '.join(self.bots)}")
        return self.bots.index(bot)

    @property
    def differences(self) -> tuple[PairedDifference, ...]:
        """Each bot after the first minus the first, over the seeds both finished."""
        if not self.bots:
            return ()
        base = {r.seed: r.score for r in self.games[0]}
        out = []
        for name, results in zip(self.bots[1:], self.games[1:], strict=True):
            deltas = [r.score - base[r.seed] for r in results if r.seed in base]
            mean, error = _mean_and_error(deltas)
            out.append(PairedDifference(name, self.bots[0], len(deltas), mean, error))
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data: the settings, then the first bot's summary (``games``, ``mean``,
        ``stderr``, ``median``, ``perfect``, ``storm_outs``, ``mean_turns``, ``histogram``) at the
        top level; with several bots, ``bots`` (every summary) and ``differences`` too."""
        o = self.options
        data: dict[str, Any] = {
            "players": o.players,
            "variant": o.variant.id,
            "edition": self.edition,
            "seed": self.seed,
            "deals": self.deals,
            "bot_seed": self.bot_seed,
            "requested": self.requested,
            "interrupted": self.interrupted,
        }
        if self.summaries:
            data.update(self.summaries[0].to_json())
        if len(self.bots) > 1:
            data["bots"] = [s.to_json() for s in self.summaries]
            data["differences"] = [d.to_json() for d in self.differences]
        return data


# --- Playing -----------------------------------------------------------------------------------


def _bot_seed(seed: int, seat: int, key: int) -> int:
    """The seed of one seat's random source in the game dealt from `seed`: a keyed hash (BLAKE2b
    keyed by the run's `bot_seed`), from which, without the key, nothing of `seed` can be
    recovered (issue 25, M9)."""
    digest = hashlib.blake2b(
        f"{seed}:{seat}".encode(), digest_size=16, key=key.to_bytes(8, "big")
    ).digest()
    return int.from_bytes(digest, "big")


def play_game(
    options: Options,
    bot: BotFactory,
    seed: int,
    deck: Sequence[Card] | None = None,
    *,
    bot_seed: int = 0,
) -> GameState:
    """Play one game dealt from `seed` (or the given `deck`, top card first) with `bot` in every
    seat; the final state.

    Seat *s* gets its own bot, made from a `random.Random` seeded by a keyed hash of `seed` and
    *s*, with `bot_seed` the key (0 to 2**64 - 1; `simulate` draws a secret one per run, so that a
    bot's generator says nothing of the deal). This is the loop `simulate` runs in each worker.

    Raises:
        IllegalAction: a bot chose an action the rules forbid; the message names the seed.
    """
    state = new_game(options, seed=seed) if deck is None else new_game(options, deck=deck)
    seats = [bot(random.Random(_bot_seed(seed, s, bot_seed))) for s in range(options.players)]
    # The views `views.view` gives, each turn read once rather than the history at every call.
    views = IncrementalViews(state)
    while state.outcome is None:
        seat = state.current_player
        action = decide(seats[seat], views.view(state, seat), state.hands[seat])
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise IllegalAction(
                error.rule,
                f"the bot in seat {seat} of the game dealt from seed {seed}: {error.reason}",
                action=error.action,
                state=error.state,
            ) from None
    return state


#: A game's result as it travels from a worker: plain values, cheap to pickle.
_Row = tuple[int, int, int, int, int, str, int]


def _row(state: GameState, seed: int) -> _Row:
    outcome = state.outcome
    assert outcome is not None
    fireworks = points(state.options, state.built)
    return (
        seed,
        outcome.score,
        outcome.max_score,
        state.turn,
        state.storms,
        outcome.reason.value,
        fireworks,
    )


@frozen
class _Job:
    """What every batch of a run shares; a worker gets it once, when it starts, so that each
    batch travels as three numbers (and the options' rule tables are built once per worker)."""

    options: Options
    edition: str | None
    bots: tuple[tuple[str, BotFactory | None], ...]
    records: str | None
    deals: str = "seeded"
    bot_seed: int = 0


#: One batch: (bot index, first seed, number of games, the Quux decks' codes or `None`).
_Batch = tuple[int, int, int, "bytes | None"]
#: What a batch gives back: the bot index, the results, the records' text (when records are
#: kept; the parent writes them, so that the folder holds exactly the games counted), the seed of
#: a game that raised, when what it raised is not an `Exception` its name, and the batch's first
#: seed.
_Done = tuple[int, list[_Row], list[str], "int | None", "str | None", int]


def _run_batch(job: _Job, batch: _Batch, interrupted: Callable[[], bool] | None = None) -> _Done:
    """Play a batch of games.

    A game that raises is not sent back as an exception: not every exception pickles, and one
    that does not would leave the pool waiting. The parent plays that seed again to raise it,
    unless what was raised is not an error (`SystemExit`, `KeyboardInterrupt`, a bare
    `BaseException`): that is reported by name, and not played again (in the parent it could end
    the run). `interrupted` says, in this process, whether a `KeyboardInterrupt` came from Ctrl-C
    (it is then raised on) or from the bot.
    """
    index, first, count, codes = batch
    name, factory = job.bots[index]
    bot = factory if factory is not None else BOTS[name]
    results: list[_Row] = []
    texts: list[str] = []
    for seed in range(first, first + count):
        deck = _deck(job.options, job.deals, seed, first, codes)
        try:
            state = play_game(job.options, bot, seed, deck, bot_seed=job.bot_seed)
        except Exception:
            return index, results, texts, seed, None, first
        except KeyboardInterrupt:
            if interrupted is not None and interrupted():
                raise  # a real Ctrl-C in this process
            return index, results, texts, seed, "KeyboardInterrupt", first
        except BaseException as caught:
            return index, results, texts, seed, type(caught).__name__, first
        if job.records is not None:
            texts.append(_record_text(name, state, job.edition))
        results.append(_row(state, seed))
    return index, results, texts, None, None, first


_worker_job: list[_Job] = []  # the job of this worker process, set once when it starts


def _start_worker(job: _Job) -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent acts on it, so that
    # the workers do not print tracebacks while the parent stops them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # What the worker inherited from the parent is never garbage here: keep the collector off it
    # (walking it would also copy every page the fork shares with the parent).
    gc.freeze()
    _worker_job[:] = [job]


def _run_in_worker(batch: _Batch) -> _Done:
    return _run_batch(_worker_job[0], batch)


def _record_text(name: str, state: GameState, edition: str | None) -> str:
    players = tuple(f"{name} {seat}" for seat in range(state.options.players))
    return write_record(GameRecord.from_state(state, players=players, edition=edition))


def default_workers() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


_QUUX_DECK = 50  # cards in a Quux deck, one code (byte) each


def _deck(
    options: Options, deals: str, seed: int, first: int, codes: bytes | None
) -> tuple[Card, ...] | None:
    """The deck of the game `seed` of a batch starting at `first` (`None`: dealt by rule 2.5)."""
    if codes is not None:  # Quux's stream, made in the parent
        k = (seed - first) * _QUUX_DECK
        return tuple(deck_from_codes(codes[k : k + _QUUX_DECK], options.variant.suit_names))
    if deals == "hanab-live":
        # The hanab.live adapter, imported on first use: the play room does not load it otherwise.
        from .hanablive.decks import deck, seed_name  # noqa: PLC0415

        variant = options.variant
        return deck(seed_name(options.players, variant, seed), variant)
    return None


def _batches(
    bots: int, games: int, seed: int, workers: int, deals: str = "seeded"
) -> Iterator[_Batch]:
    """Every bot's batches, seeds in order, the bots taking turns (so an interrupted run has
    about as many games of each).

    A batch is at most 25 games: small enough for a lively progress bar and a quick stop (Ctrl-C
    loses the batches under way), big enough that sending it costs little next to playing it.
    Batches shrink towards the end (a share of what is left), so that the workers finish
    together. With Quux deals the batches are numbered by game from 0 and carry their decks,
    made here from the one stream (a worker could not start it in the middle).
    """
    stream = deck_codes(seed) if deals == "quux" else None
    first = 0 if stream is not None else seed
    start = 0
    while start < games:  # made as they are needed: a billion games cost no memory up front
        size = max(1, min(25, (games - start) // (workers * 4)))
        codes = b"".join(next(stream) for _ in range(size)) if stream is not None else None
        for index in range(bots):
            yield (index, first + start, size, codes)
        start += size


def _bots(
    bots: str | BotFactory | Iterable[str | BotFactory],
) -> list[tuple[str, BotFactory | None]]:
    if isinstance(bots, str) or callable(bots):
        given: list[str | BotFactory] = [bots]
    else:
        try:
            given = list(bots)
        except TypeError:
            raise ValueError(
                f"bots are a bot name ({', '.join(BOTS)}), a factory or several of them, "
                f"got {brief(bots)}"
            ) from None
    if not given:
        raise ValueError("give at least one bot")
    out: list[tuple[str, BotFactory | None]] = []
    for bot in given:
        if isinstance(bot, str):
            if bot not in BOTS:
                raise ValueError(f"unknown bot {brief(bot)}; the bots are {', '.join(BOTS)}")
            out.append((bot, None))
        elif callable(bot):
            out.append((getattr(bot, "__name__", type(bot).__name__), bot))
        else:
            raise ValueError(f"a bot is a name ({', '.join(BOTS)}) or a factory, got {brief(bot)}")
    names = [name for name, _ in out]
    if len(set(names)) != len(names):
        raise ValueError(f"each bot may be given once, got {', '.join(names)}")
    return out


def simulate(
    bots: str | BotFactory | Iterable[str | BotFactory] = "simple",
    *,
    players: int = 2,
    variant: str | None = None,
    edition: str | None = None,
    options: Options | None = None,
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    deals: str = "seeded",
    bot_seed: int | None = None,
) -> Simulation:
    """Play `games` games with each bot, game *i* dealt from seed ``seed + i``, and score them.

    With ``deals="quux"``, game *i* is the *i*-th deck of Quuxplusone/Hanabi's stream for
    `seed` instead (its server's decks, [`hanabi_core.quux.decks`][hanabi_core.quux.decks]),
    and the edition defaults to ``"quux"``; the decks' suits are the variant's by position.

    Args:
        bots: a bot name of [`BOTS`][hanabi_core.bots.BOTS], a bot factory (a callable taking a
            `random.Random`, e.g. a bot class; it must pickle, so defined at module level, when
            `workers` is above 1), or several of them: each plays the same seeds.
        players: seats, when `options` is not given.
        variant: a variant id of [`VARIANTS`][hanabi_core.VARIANTS], when `options` is not given
            (default: the edition's, else ``"base"``).
        edition: an edition id of [`EDITIONS`][hanabi_core.EDITIONS] whose options to play by
            (recorded in the records).
        options: the games' options, instead of `players`, `variant` and `edition`.
        games: games per bot.
        seed: the first game's seed; ``seed + games - 1`` must be at most 2**64 - 1.
        workers: processes to play on (default: every core this process may use); 1 plays in
            this process. The results do not depend on it.
        records: a folder to write every game into, as ``<bot>-<seed>.json`` records (written
            by this process as each batch comes back: after Ctrl-C it holds exactly the games
            counted).
        progress: called in this process as ``progress(done, total)`` (games, over every bot)
            after each batch; it may raise `KeyboardInterrupt` to stop the run.
        deals: one of `DEALS`: ``"seeded"`` (rule 2.5), ``"quux"`` (Quux's stream; `seed` is
            then a seed of ``std::mt19937``, from 0 to 2**32 - 1) or ``"hanab-live"`` (game *i*
            dealt as hanab.live deals ``p<players>v<variant id>s<seed + i>``; the variant must be
            one of hanab.live's).
        bot_seed: the key of the bots' generators, 0 to 2**64 - 1 (default: drawn from the
            operating system; the result keeps it, to repeat the run).

    Returns:
        The results, by bot and by seed; `interrupted` is set when Ctrl-C stopped the run, and
        the results hold the games finished.

    Raises:
        ValueError: an unknown bot, edition, variant or deal source, or a bad count, seed or
            worker number; Quux deals with a variant that is not five suits of ten cards.
        InvalidOptions: options the rules do not allow.
        IllegalAction: a bot chose an illegal action (the message names the seed).
        SimulationError: a worker process died, or a bot raised what is not an error
            (`SystemExit`, its own `KeyboardInterrupt`, a bare `BaseException`).
    """
    chosen = _bots(bots)
    if deals not in DEALS:
        raise ValueError(f"unknown deals {deals!r}; the deal sources are {', '.join(DEALS)}")
    if deals == "quux" and options is None and edition is None:
        edition = "quux"
    if options is None:
        if edition is not None:
            if not isinstance(edition, str) or edition not in EDITIONS:
                raise ValueError(
                    f"unknown edition {brief(edition)}; the editions are {', '.join(EDITIONS)}"
                )
            extra = {} if variant is None else {"variant": variant}
            options = EDITIONS[edition].options(players, **extra)
        else:
            options = Options(players, variant="base" if variant is None else variant)
    elif not isinstance(options, Options):
        raise InvalidOptions("options", f"must be an Options, got {type(options).__name__}")
    if type(games) is not int or games < 0:
        raise ValueError(f"games must be a whole number of at least 0, got {brief(games)}")
    if deals == "quux":
        if type(seed) is not int or not 0 <= seed < 1 << 32:
            raise ValueError(
                f"a Quux seed is a whole number from 0 to 2**32 - 1, got {brief(seed)}"
            )
        if sorted(options.variant.deck) != sorted(_quux_deck(options.variant.suit_names)):
            raise ValueError(
                f"Quux deals need five suits of ten cards, got the {options.variant.name} variant"
            )
    elif type(seed) is not int or seed < 0 or seed + max(games, 1) - 1 > MAX_SEED:
        raise ValueError(f"seed + games - 1 must be from 0 to 2**64 - 1, got seed {brief(seed)}")
    if deals == "hanab-live":
        from .hanablive.decks import seed_name  # noqa: PLC0415 (the adapter, on first use)

        try:
            seed_name(options.players, options.variant, 1)
        except HanabiError:
            raise ValueError(
                f"hanab.live deals need one of its variants, got {options.variant.name}"
            ) from None
    workers = default_workers() if workers is None else workers
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, got {brief(workers)}")
    if bot_seed is None:
        bot_seed = secrets.randbits(64)
    elif type(bot_seed) is not int or not 0 <= bot_seed <= MAX_SEED:
        raise ValueError(f"bot_seed must be from 0 to 2**64 - 1, got {brief(bot_seed)}")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be a callable or None, got {brief(progress)}")
    folder = None
    if records is not None:
        try:
            name = os.fspath(records)
        except TypeError:
            raise ValueError(f"records must be a folder's path, got {brief(records)}") from None
        if not isinstance(name, str) or not name:
            # "" would be the current folder: almost surely a mistake, never what was meant.
            raise ValueError(f"records must name a folder, got {brief(records)}")
        Path(name).mkdir(parents=True, exist_ok=True)
        folder = name
    job = _Job(options, edition, tuple(chosen), folder, deals, bot_seed)
    total = games * len(chosen)
    decks: dict[int, bytes] = {}

    def remember(batches: Iterator[_Batch]) -> Iterator[_Batch]:
        # The parent keeps each batch's decks until it is done, to play a failed game again.
        for batch in batches:
            if batch[3] is not None:
                decks[batch[0] * (1 << 40) + batch[1]] = batch[3]
            yield batch

    found: list[list[GameResult]] = [[] for _ in chosen]
    done = 0
    interrupted = False

    def collect(outcome: _Done) -> None:
        nonlocal done
        index, results, texts, failed, kind, first = outcome
        name = chosen[index][0]
        if folder is not None:
            for row, text in zip(results, texts, strict=True):
                (Path(folder) / f"{name}-{row[0]}.json").write_text(text, encoding="utf-8")
        found[index] += [GameResult(*row) for row in results]
        done += len(results)
        codes = decks.pop(index * (1 << 40) + first, None)
        if failed is not None:
            if kind is not None:
                raise SimulationError(
                    f"seed {failed}", f"the bot {name} raised {kind}, which is not an error"
                )
            # Play the game that failed again, here, so that its own exception is raised.
            deck = _deck(options, deals, failed, first, codes)
            play_game(options, chosen[index][1] or BOTS[name], failed, deck, bot_seed=bot_seed)
            raise RuntimeError(f"the game dealt from seed {failed} failed in a worker only")
        if progress is not None:
            progress(done, total)

    try:
        pending = remember(_batches(len(chosen), games, seed, workers, deals))
        if workers == 1 or total <= 1:
            with _ctrl_c_flag() as pressed:
                for batch in pending:
                    collect(_run_batch(job, batch, pressed))
        else:
            _run_pool(job, pending, min(workers, total), collect)
    except KeyboardInterrupt:
        interrupted = True
    return Simulation(
        options=options,
        edition=edition,
        seed=seed,
        requested=games,
        bots=tuple(name for name, _ in chosen),
        games=tuple(tuple(sorted(results, key=lambda r: r.seed)) for results in found),
        interrupted=interrupted,
        deals=deals,
        bot_seed=bot_seed,
    )


def _quux_deck(suits: Sequence[str]) -> list[Card]:
    """Quux's cards with its colours named by the variant's suits, by position."""
    return list(deck_from_codes(bytes(range(_QUUX_DECK)), suits))


class _ctrl_c_flag:
    """While active, in the main thread, a Ctrl-C sets a flag before it raises
    `KeyboardInterrupt`, so that a bot's own `KeyboardInterrupt` is told from a real one. Yields
    the flag's reader (always false off the main thread, where no handler can be set)."""

    def __init__(self) -> None:
        self._pressed = False
        self._previous: Any = None

    def __enter__(self) -> Callable[[], bool]:
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if previous is signal.default_int_handler:
                self._previous = previous

                def handler(signum: int, frame: Any) -> None:
                    self._pressed = True
                    signal.default_int_handler(signum, frame)

                signal.signal(signal.SIGINT, handler)
            else:
                # A handler of the caller's: whatever it raises is the caller's to judge.
                self._pressed = True
        else:
            self._pressed = True
        return lambda: self._pressed

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


def _run_pool(
    job: _Job, batches: Iterator[_Batch], workers: int, collect: Callable[[_Done], None]
) -> None:
    """Play the batches on `workers` processes, at most two batches per worker sent ahead.

    `concurrent.futures.ProcessPoolExecutor` notices a worker that dies (killed, `os._exit`, a
    crash) and fails every task under way with `BrokenProcessPool`: that becomes a
    `SimulationError` naming the games lost, where `multiprocessing.Pool` would wait for ever.

    Raises:
        SimulationError: a worker process died.
    """
    context = multiprocessing.get_context()
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(job,)
    )
    under_way: dict[Future[_Done], _Batch] = {}

    def collect_finished() -> None:
        finished, _ = wait(under_way, return_when=FIRST_COMPLETED)
        for future in finished:
            del under_way[future]
            collect(future.result())

    try:
        for batch in batches:
            under_way[pool.submit(_run_in_worker, batch)] = batch
            if len(under_way) >= 2 * workers:
                collect_finished()
        while under_way:
            collect_finished()
    except BrokenProcessPool:
        lost = ", ".join(
            f"{first} to {first + count - 1}"
            for _, first, count, _codes in sorted(under_way.values(), key=lambda b: b[1])
        )
        _stop(pool)
        raise SimulationError(
            f"seeds {lost}",
            "a worker process died (killed, out of memory, a crash, or a bot ending its process)",
        ) from None
    except BaseException:
        _stop(pool)  # Ctrl-C or a bot's error: stop the workers now
        raise
    pool.shutdown(wait=True)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now, dropping the batches under way (what Ctrl-C asks for)."""
    # The executor has no public way to end its workers before Python 3.14
    # (`terminate_workers`); its `_processes` table is the one way to reach them.
    processes = dict(getattr(pool, "_processes", None) or {})
    results = getattr(pool, "_result_queue", None)  # `shutdown` forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        if process.is_alive():
            process.terminate()
    for process in processes.values():
        process.join(5)
    # A worker ended while it wrote a batch's result leaves half a message in the result pipe, and
    # the executor's manager thread would wait for the rest for ever (and the interpreter's exit,
    # which joins that thread, with it). No worker is left to write: closing this process's own
    # end of the pipe ends that read, and the thread sees a broken pool and stops.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()


# --- Plotting ----------------------------------------------------------------------------------


def plot(simulation: Simulation, path: str | os.PathLike[str]) -> None:
    """Draw each bot's score histogram into an image file (PNG, SVG, PDF: by its extension).

    Needs matplotlib, the ``plot`` extra: ``pip install -e ".[plot]"`` from a clone,
    ``pip install "hanabi-core[plot]"`` once released on PyPI.

    Raises:
        ImportError: matplotlib is not installed (the message says how to install it).
    """
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415  (an optional extra)
    except ImportError:
        from ._extras import missing_extra  # noqa: PLC0415

        raise missing_extra("drawing a plot", "matplotlib", "plot") from None
    max_score = simulation.options.variant.max_score
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    count = max(1, len(simulation.summaries))
    width = 0.8 / count
    for i, summary in enumerate(simulation.summaries):
        counts: Mapping[int, int] = dict(summary.histogram)
        xs = [s + (i - (count - 1) / 2) * width for s in range(max_score + 1)]
        axes.bar(
            xs,
            [counts.get(s, 0) for s in range(max_score + 1)],
            width=width,
            label=f"{summary.bot}: mean {summary.mean:.2f} ± {summary.stderr:.2f}",
        )
    o = simulation.options
    games = max((summary.games for summary in simulation.summaries), default=0)
    axes.set_title(
        f"{o.variant.name}, {o.players} players, {games} games per bot from seed {simulation.seed}"
    )
    axes.set_xlabel("score")
    axes.set_ylabel("games")
    axes.set_xlim(-1, max_score + 1)
    axes.legend()
    figure.savefig(os.fspath(path))
