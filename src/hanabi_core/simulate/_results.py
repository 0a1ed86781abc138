"""What `simulate` gives back: each game's result, each bot's summary, the paired differences."""

from __future__ import annotations

import html
import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from attrs import field, frozen

from ..errors import HanabiError, brief
from ..options import Options
from ._games import GameResult, GameResults


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

    def __repr__(self) -> str:
        return (
            f"BotSummary({self.bot}: {self.games} games, mean {self.mean:.2f} ± "
            f"{self.stderr:.2f}, median {self.median:g}, {self.perfect} perfect, "
            f"{self.storm_outs} storm-outs)"
        )

    def _repr_html_(self) -> str:
        """The summary as an HTML table (what a notebook shows)."""
        return _html_table(_SUMMARY_HEAD, [_summary_row(self)])

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

    def __repr__(self) -> str:
        return (
            f"PairedDifference({self.bot} - {self.baseline}: {self.mean:+.2f} ± "
            f"{self.stderr:.2f} over {self.games} games)"
        )

    def _repr_html_(self) -> str:
        """The difference as an HTML table (what a notebook shows)."""
        return _html_table(_DIFFERENCE_HEAD, [_difference_row(self)])

    def to_json(self) -> dict[str, Any]:
        """The difference as JSON-ready data."""
        return {
            "bot": self.bot,
            "baseline": self.baseline,
            "games": self.games,
            "mean": round(self.mean, 4),
            "stderr": round(self.stderr, 4),
        }


def _mean_and_error(values: Sequence[int]) -> tuple[float, float]:
    """The mean of whole numbers and its standard error (the sample standard deviation over
    √n), from their exact sum and sum of squares: `statistics.stdev`'s exact arithmetic, without
    its cost per value (ten million scores take seconds, not minutes)."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    total = sum(values)
    if n < 2:
        return total / n, 0.0
    squares = sum(v * v for v in values)
    variance = Fraction(n * squares - total * total, n * (n - 1))
    return total / n, math.sqrt(variance) / math.sqrt(n)


def _summary(bot: str, results: GameResults) -> BotSummary:
    scores = results.column("score")
    storm_outs = results.storm_outs()
    fireworks = results.column("fireworks")
    kept = [f if out else s for s, f, out in zip(scores, fireworks, storm_outs, strict=True)]
    zero = [0 if out else s for s, out in zip(scores, storm_outs, strict=True)]
    mean, error = _mean_and_error(scores)
    kept_mean, kept_error = _mean_and_error(kept)
    zero_mean, zero_error = _mean_and_error(zero)
    maxima = results.column("max_score")
    return BotSummary(
        bot=bot,
        games=len(results),
        mean=mean,
        stderr=error,
        median=float(statistics.median(scores)) if scores else 0.0,
        perfect=sum(s == m for s, m in zip(scores, maxima, strict=True)),
        storm_outs=sum(storm_outs),
        mean_turns=math.fsum(results.column("turns")) / len(results) if results else 0.0,
        histogram=tuple(sorted(Counter(scores).items())),
        kept_mean=kept_mean,
        kept_stderr=kept_error,
        zero_mean=zero_mean,
        zero_stderr=zero_error,
    )


def _paired(base: tuple[list[int], list[int]], other: tuple[list[int], list[int]]) -> list[int]:
    """`other`'s score minus `base`'s on each seed both hold (both by seed, ascending)."""
    (base_seeds, base_scores), (seeds, scores) = base, other
    if seeds == base_seeds:  # every game finished by both: the common case
        return [b - a for a, b in zip(base_scores, scores, strict=True)]
    deltas = []
    i = 0
    for seed, score in zip(seeds, scores, strict=True):
        while i < len(base_seeds) and base_seeds[i] < seed:
            i += 1
        if i < len(base_seeds) and base_seeds[i] == seed:
            deltas.append(score - base_scores[i])
    return deltas


def _games(value: Iterable[Iterable[GameResult]]) -> tuple[GameResults, ...]:
    """Each bot's results as a `GameResults` (what `simulate` gives already)."""
    return tuple(g if isinstance(g, GameResults) else GameResults(g) for g in value)


@frozen
class Simulation:
    """What [`simulate`][hanabi_core.simulate.simulate] played and how it went.

    Attributes:
        options: the games' options.
        edition: the edition id, or `None`.
        seed: game *i* was dealt from ``seed + i`` (with Quux deals: the stream's seed).
        requested: how many games each bot was to play.
        bots: the bots' names, in the order given.
        games: per bot, the results of the games it finished, by seed: a
            [`GameResults`][hanabi_core.simulate.GameResults] each (a sequence of `GameResult`
            kept as columns, about 30 bytes a game); any sequences of `GameResult` may be given.
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
    games: tuple[GameResults, ...] = field(converter=_games)
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
        base = self.games[0].column("seed"), self.games[0].column("score")
        out = []
        for name, results in zip(self.bots[1:], self.games[1:], strict=True):
            deltas = _paired(base, (results.column("seed"), results.column("score")))
            mean, error = _mean_and_error(deltas)
            out.append(PairedDifference(name, self.bots[0], len(deltas), mean, error))
        return tuple(out)

    def __repr__(self) -> str:
        bots = ", ".join(f"{s.bot} {s.mean:.2f} ± {s.stderr:.2f}" for s in self.summaries)
        stopped = ", interrupted" if self.interrupted else ""
        return f"Simulation({self._setting()}{stopped}: {bots})"

    def _setting(self) -> str:
        o = self.options
        return (
            f"{o.variant.name}, {o.players} players, {self.requested} games per bot, "
            f"{self._dealt()}"
        )

    def _dealt(self) -> str:
        """Which deals were played, in words, e.g. ``"seeds 1 to 100"``."""
        last = self.seed + self.requested - 1
        if self.deals == "quux":
            return f"games 0 to {self.requested - 1} of Quux's stream for seed {self.seed}"
        if self.deals == "hanab-live":
            return f"hanab.live's seeds s{self.seed} to s{last}"
        return f"seeds {self.seed} to {last}"

    def _repr_html_(self) -> str:
        """The summaries and the paired differences as HTML tables (what a notebook shows)."""
        caption = self._setting() + (" (interrupted)" if self.interrupted else "")
        parts = [
            f"<p>{html.escape(caption)}</p>",
            _html_table(_SUMMARY_HEAD, [_summary_row(s) for s in self.summaries]),
        ]
        if self.differences:
            parts += [
                "<p>Paired differences (the same seeds):</p>",
                _html_table(_DIFFERENCE_HEAD, [_difference_row(d) for d in self.differences]),
            ]
        return "\n".join(parts)

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


# --- What a notebook shows ---------------------------------------------------------------------

_SUMMARY_HEAD = (
    "bot", "games", "mean", "median", "perfect", "storm-outs", "turns",
    "mean, storm-out kept", "mean, storm-out zero",
)  # fmt: skip
_DIFFERENCE_HEAD = ("bot", "baseline", "games", "difference")


def _summary_row(s: BotSummary) -> tuple[str, ...]:
    return (
        s.bot, str(s.games), f"{s.mean:.2f} ± {s.stderr:.2f}", f"{s.median:g}", str(s.perfect),
        str(s.storm_outs), f"{s.mean_turns:.1f}", f"{s.kept_mean:.2f} ± {s.kept_stderr:.2f}",
        f"{s.zero_mean:.2f} ± {s.zero_stderr:.2f}",
    )  # fmt: skip


def _difference_row(d: PairedDifference) -> tuple[str, ...]:
    return (d.bot, d.baseline, str(d.games), f"{d.mean:+.2f} ± {d.stderr:.2f}")


def _html_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain HTML table, every cell escaped (a bot's name is the user's text)."""
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"
