"""The worker pool: batches of games, the processes that play them, Ctrl-C and dead workers."""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from attrs import frozen

from ..bots import BOTS, BotFactory
from ..options import Options
from ..quux import deck_codes
from ._play import _deck, _record_text, _Row, _row, play_game
from ._results import SimulationError


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


def default_workers() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


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
