"""The work of a run: its batches, how a batch is played, and how the run's bots travel to the
processes that play them (by value with cloudpickle, checked against the caller's
hanabi_core)."""

from __future__ import annotations

import functools
import hashlib
import pickle
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from attrs import evolve, frozen

from ..bots import BOTS, BotFactory
from ..errors import InvalidArgument, brief
from ..options import Options
from ..quux import deck_codes
from ._play import _deck, _record_text, _Row, _row, play_game


@frozen
class _Job:
    """What every batch of a run shares; a worker gets it once (a local pool's worker when it
    starts, an executor's with each task, loaded once per process), so that a batch travels as
    three numbers (and the options' rule tables are built once per worker)."""

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
#: a game that raised, when what it raised is not an `Exception` its name, the batch's first
#: seed, why the worker could not play the batch at all (its bot would not load, another
#: hanabi_core), and the seconds it took.
_Done = tuple[int, list[_Row], list[str], "int | None", "str | None", int, "str | None", float]


def _run_batch(job: _Job, batch: _Batch, interrupted: Callable[[], bool] | None = None) -> _Done:
    """Play a batch of games.

    A game that raises is not sent back as an exception: not every exception pickles, and one
    that does not would leave the pool waiting. The parent plays that seed again to raise it,
    unless what was raised is not an error (`SystemExit`, `KeyboardInterrupt`, a bare
    `BaseException`): that is reported by name, and not played again (in the parent it could end
    the run). `interrupted` says, in this process, whether a `KeyboardInterrupt` came from Ctrl-C
    (it is then raised on) or from the bot.
    """
    started = time.perf_counter()
    index, first, count, codes = batch
    name, factory = job.bots[index]
    bot = factory if factory is not None else BOTS[name]
    results: list[_Row] = []
    texts: list[str] = []

    def done(failed: int | None = None, kind: str | None = None) -> _Done:
        return index, results, texts, failed, kind, first, None, time.perf_counter() - started

    for seed in range(first, first + count):
        deck = _deck(job.options, job.deals, seed, first, codes)
        try:
            state = play_game(job.options, bot, seed, deck, bot_seed=job.bot_seed)
        except Exception:
            return done(seed)
        except KeyboardInterrupt:
            if interrupted is not None and interrupted():
                raise  # a real Ctrl-C in this process
            return done(seed, "KeyboardInterrupt")
        except BaseException as caught:
            return done(seed, type(caught).__name__)
        if job.records is not None:
            texts.append(_record_text(name, state, job.edition))
        results.append(_row(state, seed))
    return done()


def _batches(
    bots: int, games: int, seed: int, size: Callable[[int], int], deals: str = "seeded"
) -> Iterator[_Batch]:
    """Every bot's batches, seeds in order, the bots taking turns (so an interrupted run has
    about as many games of each); `size(left)` is the next batch's number of games, asked when
    it is made (so that it may follow how long the batches before it took).

    With Quux deals the batches are numbered by game from 0 and carry their decks, made here
    from the one stream (a worker could not start it in the middle). The games and their results
    do not depend on the sizes: each game's deal and bots come from its own seed.
    """
    stream = deck_codes(seed) if deals == "quux" else None
    first = 0 if stream is not None else seed
    start = 0
    while start < games:  # made as they are needed: a billion games cost no memory up front
        count = max(1, min(size(games - start), games - start))
        codes = b"".join(next(stream) for _ in range(count)) if stream is not None else None
        for index in range(bots):
            yield (index, first + start, count, codes)
        start += count


def local_size(workers: int) -> Callable[[int], int]:
    """A local pool's batch sizes: at most 25 games, small enough for a lively progress bar and
    a quick stop (Ctrl-C loses the batches under way), big enough that sending it costs little
    next to playing it; shrinking towards the end (a share of what is left), so that the
    workers finish together."""
    return lambda left: max(1, min(25, left // (workers * 4)))


class TaskSizer:
    """An executor's batch sizes: about `seconds` of play each, from the time the batches back
    so far took per game (the first ones are 25 games), shrinking towards the end so that the
    workers finish together. A task of a second costs the scheduler little (Dask spends about a
    millisecond a task) and loses little when a worker is lost."""

    def __init__(self, width: int, seconds: float = 1.0) -> None:
        self.width = width
        self.seconds = seconds
        self.per_game: float | None = None

    def learn(self, games: int, seconds: float) -> None:
        """Fold in a batch of `games` games that took `seconds` on its worker."""
        if games > 0 and seconds > 0:
            seen = seconds / games
            self.per_game = seen if self.per_game is None else 0.8 * self.per_game + 0.2 * seen

    def __call__(self, left: int) -> int:
        wanted = 25 if self.per_game is None else round(self.seconds / self.per_game)
        return max(1, min(wanted, 100_000, left // (self.width * 2)))


# --- Sending the job ---------------------------------------------------------------------------

_FIX = (
    "a bot travels to worker processes by value when cloudpickle is installed (the 'notebook' "
    "and 'dask' extras), from a notebook or a script too; what the factory holds must pickle "
    "as well (open files, locks, sockets and threads inside the bot it makes, not in the "
    "factory); or play in this process with workers=1"
)


def _cut(text: str, most: int = 200) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


@frozen
class _Packed:
    """A run's job as bytes any worker loads: the job without its factories, each factory on its
    own (so that an error names the bot), the caller's hanabi_core, and a key to keep it by."""

    key: bytes
    fingerprint: str
    job: bytes
    factories: tuple[bytes | None, ...]


def _dumps() -> tuple[Callable[[object], bytes], bool]:
    """cloudpickle's `dumps` (what is defined in `__main__` travels by value), else pickle's."""
    try:
        import cloudpickle  # noqa: PLC0415  (optional: the notebook and dask extras)
    except ImportError:
        return functools.partial(pickle.dumps, protocol=pickle.HIGHEST_PROTOCOL), False
    dumps: Callable[[object], bytes] = cloudpickle.dumps
    return dumps, True


def pack(job: _Job, *, spawned: bool) -> _Packed:
    """`job` as bytes for worker processes (`spawned`: started afresh, not forked from this one).

    Raises:
        InvalidArgument: a bot that cannot travel: what pickle said, and how to fix it.
    """
    dumps, by_value = _dumps()
    factories: list[bytes | None] = []
    for name, factory in job.bots:
        if factory is None:
            factories.append(None)
            continue
        module = getattr(factory, "__module__", None)
        if spawned and not by_value and module in ("__main__", "__mp_main__"):
            raise InvalidArgument(
                "bots",
                f"the bot {brief(name)} is defined in __main__ (a notebook or a script), which "
                f"worker processes cannot import without cloudpickle: {_FIX}",
            )
        try:
            factories.append(dumps(factory))
        except Exception as error:  # whatever pickling raised, it is told with its cause
            raise InvalidArgument(
                "bots",
                f"the bot {brief(name)} cannot be sent to worker processes "
                f"({type(error).__name__}: {_cut(str(error))}): {_FIX}",
            ) from None
    bare = pickle.dumps(evolve(job, bots=tuple((n, None) for n, _ in job.bots)))
    key = hashlib.blake2b(bare + b"".join(f or b"-" for f in factories), digest_size=16).digest()
    return _Packed(key, fingerprint(), bare, tuple(factories))


#: The package's own kinds of file (what a wheel ships): a stray file in a checkout is not one.
_SHIPPED = frozenset({".py", ".json", ".md", ".txt", ".gz", ".typed"})


@functools.cache
def fingerprint() -> str:
    """This process's hanabi_core: its version and a hash of its files (two checkouts of one
    version that differ play different games)."""
    from .. import __version__  # noqa: PLC0415  (the package imports this module)

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.blake2b(digest_size=8)
    for path in sorted(root.rglob("*")):
        if path.suffix in _SHIPPED and path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return f"{__version__} (files {digest.hexdigest()})"


class _Loaded:
    """A packed job as one worker process has loaded it: the job, and each factory once asked."""

    def __init__(self, packed: _Packed) -> None:
        self.job: _Job = pickle.loads(packed.job)
        self.factories: dict[int, BotFactory | str] = {}
        self.packed = packed

    def job_for(self, index: int) -> _Job | str:
        """The job with bot `index`'s factory loaded, or why it cannot be."""
        if index not in self.factories:
            data = self.packed.factories[index]
            try:
                self.factories[index] = (
                    BOTS[self.job.bots[index][0]] if data is None else (pickle.loads(data))
                )
            except Exception as error:  # the bot's module, or its own __reduce__
                name = self.job.bots[index][0]
                self.factories[index] = (
                    f"a worker cannot load the bot {brief(name)} "
                    f"({type(error).__name__}: {_cut(str(error))}): a bot defined in a "
                    "module travels by reference, so the module must be importable on every "
                    "worker (install it there, or send it by value with "
                    "cloudpickle.register_pickle_by_value(module)); " + _FIX
                )
        found = self.factories[index]
        if isinstance(found, str):
            return found
        bots = list(self.job.bots)
        bots[index] = (bots[index][0], found)
        return evolve(self.job, bots=tuple(bots))


#: The jobs this worker process has loaded, by key (a cache: the last few runs' jobs).
_loaded: dict[bytes, _Loaded] = {}


def run_packed(packed: _Packed, batch: _Batch, check: bool = True) -> _Done:
    """Play `batch` of the packed job in this (worker) process; `check`: refuse when this
    process's hanabi_core is not the caller's."""
    index, first = batch[0], batch[1]
    if check and packed.fingerprint != fingerprint():
        return (
            index,
            [],
            [],
            None,
            None,
            first,
            (
                f"a worker runs hanabi_core {fingerprint()}, this process {packed.fingerprint}: "
                "install the same hanabi_core on every worker"
            ),
            0.0,
        )
    loaded = _loaded.get(packed.key)
    if loaded is None:
        if len(_loaded) >= 4:
            _loaded.clear()
        try:
            loaded = _loaded[packed.key] = _Loaded(packed)
        except Exception as error:
            return index, [], [], None, None, first, f"a worker cannot load the run: {error}", 0.0
    job = loaded.job_for(index)
    if isinstance(job, str):
        return index, [], [], None, None, first, job, 0.0
    return _run_batch(job, batch)
