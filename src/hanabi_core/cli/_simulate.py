"""`hanabi-core simulate`: its arguments, its progress bar and its report (see `simulate.py`).

Kept apart from `cli/__init__`, which only registers the command and dispatches to `run`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, Any, TextIO

from .._support.extras import missing_extra
from ..bots import BOTS
from ..options import EDITIONS
from . import _input

if TYPE_CHECKING:
    from ..simulate import Simulation

__all__ = ["add_parser", "run"]

#: The exit code after Ctrl-C (128 + SIGINT), once the summary of the finished games is printed.
INTERRUPTED = 130

_BAR = 30
_HISTOGRAM = 40


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the `simulate` command and its options."""
    sim = commands.add_parser(
        "simulate", help="play many seeded games with bots; print the scores (and plot them)"
    )
    sim.add_argument(
        "--bot",
        default=None,
        metavar="BOT[,BOT...]",
        help=f"the bots, comma-separated; each plays the same seeds at a table of its own: "
        f"{', '.join(BOTS)} ('open' and 'quux-cheat' cheat: they see their own cards), or "
        "module:factory for your own bot, a callable factory(rng: random.Random) returning "
        "bot(view) -> action (default simple)",
    )
    sim.add_argument(
        "--seats",
        metavar="BOT,BOT[,...]",
        help="different bots at one table, one per seat in order (e.g. simple,random,simple); "
        "--players defaults to their number",
    )
    sim.add_argument("--players", type=int, default=None, help="2 to 6 (default 2)")
    sim.add_argument("--variant", default=None, help=_input.VARIANT_HELP)
    sim.add_argument("--edition", choices=tuple(EDITIONS), default=None)
    sim.add_argument(
        "--deals", choices=("seeded", "quux", "hanab-live"), default="seeded",
        help="seeded: game i dealt from seed S+i (default); quux: game i is the i-th deck of "
        "Quuxplusone/Hanabi's stream for seed S (the edition defaults to quux); hanab-live: game "
        "i is the deck hanab.live deals for its seed p<P>v<variant id>s<S+i> (the edition "
        "defaults to hanab-live)",
    )  # fmt: skip
    sim.add_argument("--games", type=int, default=1000, help="games per bot (default 1000)")
    sim.add_argument(
        "--seed", type=int, default=0, help="game i is dealt from seed S+i (default 0)"
    )
    sim.add_argument(
        "--bot-seed", type=int, default=None, help="the key of the bots' random sources "
        "(default: a fresh one, printed with --json; give it to repeat a run exactly)",
    )  # fmt: skip
    sim.add_argument(
        "--workers", type=int, default=None, help="processes (default: every core); "
        "the results do not depend on it",
    )  # fmt: skip
    sim.add_argument(
        "--dask", metavar="ADDRESS", help="play on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://host:8786; the dask extra); --workers is then the tasks it plays at once "
        "(default: its threads)",
    )  # fmt: skip
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--records", metavar="DIR", help="write every game as a record into DIR")
    sim.add_argument("--plot", metavar="FILE.png", help="draw the score histograms (matplotlib)")


class _Progress:
    """A one-line progress bar on a terminal: games done, games per second, time left."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = time.monotonic()
        self.shown = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.shown < 0.1 and done < total:
            return
        self.shown = now
        elapsed = max(now - self.start, 1e-9)
        rate = done / elapsed
        left = (total - done) / rate if rate > 0 else 0.0
        filled = _BAR * done // max(total, 1)
        bar = "#" * filled + "." * (_BAR - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{total} games  {rate:,.0f} games/s  ETA {_clock(left)}\033[K"
        )
        self.stream.flush()

    def close(self, done: int, workers: int) -> None:
        elapsed = time.monotonic() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        processes = f"{workers} worker{'s' if workers != 1 else ''}"
        self.stream.write(
            f"\r\033[K{done} games in {elapsed:.1f} s, {rate:,.0f} games/s on {processes}\n"
        )
        self.stream.flush()


def _can_plot() -> bool:
    try:
        import matplotlib.figure  # noqa: F401, PLC0415  (an optional extra)
    except ImportError:
        return False
    return True


def _clock(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}"


def run(args: argparse.Namespace) -> int:
    """Run `hanabi-core simulate` with parsed arguments; the exit code."""
    from ..simulate import default_workers, plot, simulate  # noqa: PLC0415 (multiprocessing)

    if args.plot is not None and not _can_plot():
        raise ValueError(str(missing_extra("--plot", "matplotlib", "plot")))
    bots: list[Any]
    players = args.players
    if args.seats is not None:
        if args.bot is not None:
            raise ValueError("give --bot (bots at tables of their own) or --seats, not both")
        table = _input.seats(args.seats)
        if players is None:
            players = len(table.factories)
        if players != len(table.factories):
            raise ValueError(f"--seats names {len(table.factories)} bots for {players} players")
        bots = [table]
    else:
        specs = [spec.strip() for spec in (args.bot or "simple").split(",") if spec.strip()]
        bots = [_input.bot(spec) for spec in specs]
    edition = args.edition
    if args.deals in ("quux", "hanab-live") and edition is None:
        edition = args.deals  # a server's decks are dealt by its rules unless told otherwise
    options = _input.options(2 if players is None else players, args.variant, edition)
    workers = args.workers if args.workers is not None else default_workers()
    isatty = getattr(sys.stderr, "isatty", None)
    bar = _Progress(sys.stderr) if isatty is not None and isatty() else None
    arguments: dict[str, Any] = {
        "options": options, "edition": edition, "games": args.games, "seed": args.seed,
        "records": args.records, "progress": bar, "deals": args.deals, "bot_seed": args.bot_seed,
    }  # fmt: skip
    if args.dask is not None:
        from ..simulate._dask import dask_executor, send_by_value  # noqa: PLC0415 (the extra)

        with dask_executor(args.dask) as (executor, workers):
            send_by_value(bot for bot in bots if not isinstance(bot, str))
            result = simulate(bots, workers=args.workers, executor=executor, **arguments)
    else:
        result = simulate(bots, workers=workers, **arguments)
    if bar is not None:
        bar.close(sum(s.games for s in result.summaries), workers)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(report(result))
    if args.plot is not None:
        plot(result, args.plot)
    return INTERRUPTED if result.interrupted else 0


def report(result: Simulation) -> str:
    """The summary table, the paired differences, and a histogram for each bot, as text."""
    o = result.options
    edition = f", {EDITIONS[result.edition].name} edition" if result.edition else ""
    dealt = result._dealt()
    lines = [
        f"{o.variant.label}{edition}, {o.players} players, {result.requested} games per bot "
        f"({dealt})",
    ]
    if result.interrupted:
        lines.append("Interrupted: the figures are those of the games finished.")
    lines.append("")
    width = max(3, *(len(b) for b in result.bots))
    lines.append(
        f"{'bot':<{width}}  {'games':>6}  {'mean':>6}  {'stderr':>6}  {'median':>6}  "
        f"{'perfect':>7}  {'storm-outs':>10}  {'turns':>6}"
    )
    for s in result.summaries:
        lines.append(
            f"{s.bot:<{width}}  {s.games:>6}  {s.mean:>6.2f}  {s.stderr:>6.2f}  {s.median:>6g}  "
            f"{s.perfect:>7}  {s.storm_outs:>10}  {s.mean_turns:>6.1f}"
        )
    lines += ["", "Mean scores with a storm-out scored both ways (rule 10.5):"]
    for s in result.summaries:
        lines.append(
            f"  {s.bot}: {s.kept_mean:.2f} ± {s.kept_stderr:.2f} with the fireworks kept "
            f"(Quux, hanabi.rs); {s.zero_mean:.2f} ± {s.zero_stderr:.2f} with zero (HLE)"
        )
    if result.differences:
        lines += ["", "Paired differences (the same seeds):"]
    for d in result.differences:
        lines.append(
            f"  {d.bot} - {d.baseline}: {d.mean:+.2f} ± {d.stderr:.2f} over {d.games} games"
        )
    for s in result.summaries:
        lines += ["", *_histogram(s.bot, s.histogram)]
    return "\n".join(lines)


def _histogram(bot: str, histogram: tuple[tuple[int, int], ...]) -> list[str]:
    if not histogram:
        return [f"No game of {bot} finished."]
    counts = dict(histogram)
    most = max(counts.values())
    per = max(1, -(-most // _HISTOGRAM))  # games per '#', rounded up
    unit = "1 game" if per == 1 else f"{per} games"
    lines = [f"Scores of {bot} (each # is {unit}):"]
    low, high = histogram[0][0], histogram[-1][0]
    for score in range(low, high + 1):
        count = counts.get(score, 0)
        bar = "#" * -(-count // per)
        lines.append(f"  {score:>2} | {bar:<{_HISTOGRAM}} {count}")
    return lines
