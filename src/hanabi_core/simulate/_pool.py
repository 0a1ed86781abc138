"""Where the batches are played: a pool of this machine's processes (Ctrl-C, dead workers), or
any `concurrent.futures.Executor` the caller gives (a Dask cluster, loky, an MPI pool)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ._results import SimulationError
from ._work import _Batch, _Done, _Packed, run_packed

_worker_job: list[_Packed] = []  # the job of this worker process, set once when it starts


def _start_worker(packed: _Packed) -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent acts on it, so that
    # the workers do not print tracebacks while the parent stops them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # What the worker inherited from the parent is never garbage here: keep the collector off it
    # (walking it would also copy every page the fork shares with the parent).
    gc.freeze()
    _worker_job[:] = [packed]


def _run_in_worker(batch: _Batch) -> _Done:
    # The pool's workers run this process's own hanabi_core: no check needed.
    return run_packed(_worker_job[0], batch, check=False)


def default_workers() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


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
    packed: _Packed,
    batches: Iterator[_Batch],
    workers: int,
    collect: Callable[[_Done], None],
    context: multiprocessing.context.BaseContext,
) -> None:
    """Play the batches on `workers` processes, at most two batches per worker sent ahead.

    `concurrent.futures.ProcessPoolExecutor` notices a worker that dies (killed, `os._exit`, a
    crash) and fails every task under way with `BrokenProcessPool`: that becomes a
    `SimulationError` naming the games lost, where `multiprocessing.Pool` would wait for ever.

    Raises:
        SimulationError: a worker process died.
    """
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(packed,)
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
        lost = _seeds(under_way.values())
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


def executor_width(executor: Executor) -> int:
    """How many tasks `executor` plays at once, as far as it says: a Dask cluster's threads, a
    pool's `_max_workers` (the standard pools and loky); else this machine's cores."""
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    nthreads = getattr(client, "nthreads", None)
    if callable(nthreads):
        try:
            threads = sum(nthreads().values())
        except Exception:  # a closed client: the submit will say so
            threads = 0
        if threads > 0:
            return int(threads)
    most = getattr(executor, "_max_workers", None)
    if type(most) is int and most > 0:
        return most
    return default_workers()


def _seeds(batches: Iterable[_Batch]) -> str:
    return ", ".join(
        f"{first} to {first + count - 1}"
        for _, first, count, _codes in sorted(batches, key=lambda b: b[1])
    )


def run_executor(
    executor: Executor,
    packed: _Packed,
    batches: Iterator[_Batch],
    width: int,
    collect: Callable[[_Done], None],
) -> None:
    """Play the batches on `executor`, at most two tasks per worker under way (a bounded stream:
    the caller's memory does not grow with the games), each collected here once, as it ends.

    A worker lost mid-run is the executor's to recover from (Dask plays its tasks again on
    another worker); a task whose future fails is a `SimulationError` naming its seeds. The
    executor stays the caller's: Ctrl-C or an error cancels the tasks under way, nothing more.

    Raises:
        SimulationError: the executor failed a task (a lost worker it gave up on, a worker
            without hanabi_core).
    """
    under_way: dict[Future[_Done], _Batch] = {}

    def collect_finished() -> None:
        finished, _ = wait(under_way, return_when=FIRST_COMPLETED)
        for future in sorted(finished, key=lambda f: under_way[f][1]):
            batch = under_way.pop(future)
            try:
                done = future.result()
            except Exception as error:
                raise SimulationError(
                    f"seeds {_seeds([batch])}",
                    f"the executor could not play them ({type(error).__name__}: "
                    f"{str(error)[:300]}); every worker needs hanabi_core installed",
                ) from None
            collect(done)

    try:
        for batch in batches:
            try:
                future = executor.submit(run_packed, packed, batch)
            except Exception as error:  # shut down, its client closed, its pool broken
                raise SimulationError(
                    f"seeds {_seeds([batch])}",
                    f"the executor took no more tasks ({type(error).__name__}: {str(error)[:300]})",
                ) from None
            under_way[future] = batch
            while len(under_way) >= 2 * width:
                collect_finished()
        while under_way:
            collect_finished()
    except BaseException:
        for future in under_way:
            future.cancel()
        raise
