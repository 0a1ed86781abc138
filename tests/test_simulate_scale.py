"""`simulate` beyond this process (issue 31): any executor and a Dask cluster, bots that travel by
value, the notebook's views of a result; and the records' file names and the isolated seats
(issue 30, L5 and L6).

The Dask tests start one `LocalCluster` of two worker processes, one thread each, for the module
(a few seconds), and play small runs on it; the run a worker is killed in goes last.
"""

from __future__ import annotations

import gc
import logging
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import Action, GameState, IllegalAction, InvalidArgument, Options, Play, PlayerView
from hanabi_core.bots import SimpleBot
from hanabi_core.cli import main
from hanabi_core.seating import NamedFactory, Seats
from hanabi_core.simulate import Isolated, Simulation, SimulationError, plot, simulate

HERE = Path(__file__).parent


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`python -c code` in a fresh interpreter, bounded in time."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=HERE,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
    )


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def local_run(tmp_path: Path, **arguments: Any) -> tuple[Simulation, dict[str, bytes]]:
    folder = tmp_path / "local"
    result = simulate(workers=1, records=folder, **arguments)
    return result, folder_bytes(folder)


RUN: dict[str, Any] = {
    "bots": ["simple", "random"], "players": 3, "games": 40, "seed": 5, "bot_seed": 9,
}  # fmt: skip


# --- Any executor ------------------------------------------------------------------------------


def test_a_spawned_process_pool_as_the_executor_plays_the_local_runs_games(
    tmp_path: Path,
) -> None:
    local, local_files = local_run(tmp_path, **RUN)
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        remote = simulate(executor=pool, records=tmp_path / "pool", **RUN)
    assert remote == local and remote.to_json() == local.to_json()
    assert folder_bytes(tmp_path / "pool") == local_files  # the records, byte for byte


def test_a_thread_pool_as_the_executor_with_progress() -> None:
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        remote = simulate(executor=pool, progress=lambda d, t: seen.append((d, t)), **RUN)
    assert remote == simulate(workers=1, **RUN)
    assert seen[-1] == (80, 80) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_threads_building_a_variants_tables_at_once_keep_one() -> None:
    # A Dask worker's threads (or a thread pool) deal the first games of a variant at once: each
    # builds its tables, and the second to store them raised "read-only once built".
    import pickle

    from hanabi_core import VARIANTS, new_game

    for _ in range(10):
        fresh = pickle.loads(pickle.dumps(VARIANTS["multicolour"]))  # its cache still empty
        barrier = threading.Barrier(6)

        def deal(seed: int, variant: Any = fresh, barrier: Any = barrier) -> int:
            barrier.wait(10)
            return new_game(Options(3, variant=variant), seed=seed).turn

        with ThreadPoolExecutor(6) as pool:
            assert list(pool.map(deal, range(6))) == [0] * 6


def test_a_shut_down_executor_is_a_simulation_error() -> None:
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(SimulationError, match="the executor took no more tasks"):
        simulate("random", games=4, executor=pool)


def test_the_executor_must_be_an_executor() -> None:
    with pytest.raises(ValueError, match="executor must be"):
        simulate(games=1, executor="tcp://x")  # type: ignore[arg-type]


class CountingExecutor(ThreadPoolExecutor):
    """A thread pool that counts the tasks submitted and not yet finished."""

    def __init__(self) -> None:
        super().__init__(2)
        self.lock = threading.Lock()
        self.open = self.most = self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            self.open += 1
            self.submitted += 1
            self.most = max(self.most, self.open)
        return super().submit(self._counted, fn, *args, **kwargs)

    def _counted(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        finally:  # before the future is done: the caller cannot see it finished sooner
            with self.lock:
                self.open -= 1


def test_the_tasks_under_way_are_a_bounded_stream() -> None:
    with CountingExecutor() as pool:
        result = simulate("random", games=400, seed=0, workers=2, executor=pool, bot_seed=1)
    assert result.summaries[0].games == 400
    assert pool.submitted > 4 and pool.most <= 4  # two tasks per worker, never the whole run


def test_tasks_grow_to_about_a_second_and_stay_bounded() -> None:
    from hanabi_core.simulate._work import TaskSizer, _batches

    sizer = TaskSizer(width=2, seconds=1.0)
    assert sizer(10**7) == 25  # before any batch came back
    sizer.learn(25, 0.025)  # a millisecond a game
    assert 900 <= sizer(10**7) <= 1100
    assert sizer(10) == 2  # the last games shared out, so the workers end together
    batches = _batches(1, 10**7, 0, sizer)
    assert next(batches)[2] <= 1100  # made one at a time: nothing built for the ten million


# --- Bots that travel ----------------------------------------------------------------------------


def test_a_bot_defined_in_main_of_a_python_c_script_plays_under_spawn() -> None:
    result = run_python(
        """
        import multiprocessing
        from hanabi_core.bots import SimpleBot
        from hanabi_core.simulate import simulate

        class MainBot:
            def __init__(self, rng):
                self.inner = SimpleBot(rng)

            def __call__(self, view):
                return self.inner(view)

        multiprocessing.set_start_method("spawn")
        remote = simulate(MainBot, games=6, seed=2, workers=2, bot_seed=4)
        local = simulate(MainBot, games=6, seed=2, workers=1, bot_seed=4)
        assert remote == local and remote.summaries[0].games == 6, (remote, local)
        print("played", remote.summaries[0].games)
        """
    )
    assert result.returncode == 0, result.stderr
    assert "played 6" in result.stdout


def test_without_cloudpickle_a_main_bot_under_spawn_is_told_how_to_fix() -> None:
    result = run_python(
        """
        import sys
        sys.modules["cloudpickle"] = None  # as if it were not installed
        import multiprocessing
        from hanabi_core.bots import SimpleBot
        from hanabi_core.errors import InvalidArgument
        from hanabi_core.simulate import simulate

        class MainBot(SimpleBot):
            pass

        multiprocessing.set_start_method("spawn")
        try:
            simulate(MainBot, games=4, workers=2)
        except InvalidArgument as error:
            print("refused:", error)
        """
    )
    assert result.returncode == 0, result.stderr
    assert "refused:" in result.stdout and "__main__" in result.stdout
    assert "cloudpickle" in result.stdout and "workers=1" in result.stdout
    assert "died" not in result.stdout


class LockedBot:
    """A factory holding a lock: it cannot be pickled, by value or by reference."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.__name__ = "locked"

    def __call__(self, rng: random.Random) -> SimpleBot:
        return SimpleBot(rng)


def test_a_bot_that_cannot_travel_says_why_and_how_to_fix() -> None:
    with pytest.raises(InvalidArgument) as caught:
        simulate(LockedBot(), games=4, workers=2)
    message = str(caught.value)
    assert "'locked' cannot be sent to worker processes" in message and "lock" in message
    assert "workers=1" in message and "died" not in message
    assert simulate(LockedBot(), games=2, workers=1).summaries[0].games == 2  # here it plays


def _refuse_to_load() -> None:
    raise ModuleNotFoundError("No module named 'only_on_my_laptop'")


class UnloadableBot:
    """Pickles, but its loading fails, as a module missing on a worker does."""

    __name__ = "unloadable"

    def __call__(self, rng: random.Random) -> SimpleBot:
        return SimpleBot(rng)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_refuse_to_load, ())


def test_a_bot_a_worker_cannot_load_is_named_not_a_dead_worker() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate(UnloadableBot(), games=4, workers=2)
    message = str(caught.value)
    assert "cannot load the bot 'unloadable'" in message and "only_on_my_laptop" in message
    assert "register_pickle_by_value" in message and "died" not in message


# --- A Dask cluster ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with cluster, distributed.Client(cluster, timeout=60) as connected:
        connected.wait_for_workers(2, timeout=60)
        yield connected


def test_a_dask_cluster_plays_the_local_runs_games_byte_for_byte(
    client: Any, tmp_path: Path
) -> None:
    local, local_files = local_run(tmp_path, deals="quux", **{**RUN, "seed": 1})
    remote = simulate(
        executor=client.get_executor(),
        records=tmp_path / "dask",
        deals="quux",
        **{**RUN, "seed": 1},
    )
    assert remote == local and remote.to_json() == local.to_json()
    assert folder_bytes(tmp_path / "dask") == local_files


def test_cli_dask_prints_the_local_runs_json(
    client: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--bot", "simple,random", "--games", "30", "--seed", "3", "--json"]
    argv += ["--bot-seed", "11"]
    assert main([*argv, "--workers", "1"]) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--dask", client.scheduler.address]) == 0
    assert capsys.readouterr().out == local


def test_dask_without_a_scheduler_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    from hanabi_core.simulate._dask import dask_executor

    with pytest.raises(ValueError, match="no Dask scheduler answered at"):  # noqa: SIM117
        with dask_executor("tcp://127.0.0.1:9", timeout=1):
            pass


def test_workers_with_another_hanabi_core_are_refused(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hanabi_core.simulate import _work

    monkeypatch.setattr(_work, "fingerprint", lambda: "0.0.0 (files 0000)")
    with pytest.raises(SimulationError, match="install the same hanabi_core on every worker"):
        simulate("simple", games=4, executor=client.get_executor())


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(
    client: Any, tmp_path: Path
) -> None:
    arguments = {**RUN, "games": 120, "players": 2}
    local, local_files = local_run(tmp_path, **arguments)
    pids = client.run(os.getpid)
    lost: list[object] = []

    def kill_one(done: int, total: int) -> None:
        if not lost:  # the first batch back: the others are under way on the workers
            processing = client.processing()
            # The worker with the most tasks under way: the tasks it takes down with it.
            address = max(pids, key=lambda a: len(processing.get(a, ())))
            lost.append(processing.get(address, []))
            os.kill(pids[address], signal.SIGKILL)

    remote = simulate(
        executor=client.get_executor(), records=tmp_path / "dask", progress=kill_one, **arguments
    )
    assert lost and lost[0], "the killed worker had a task under way"
    assert remote == local  # every seed once, with the local run's results
    assert [r.seed for r in remote.games[0]] == list(range(5, 125))
    assert folder_bytes(tmp_path / "dask") == local_files


# --- The notebook's views ------------------------------------------------------------------------


def test_a_simulation_shows_briefly_and_as_html() -> None:
    result = simulate(["simple", "random"], games=30, seed=1, workers=1, bot_seed=2)
    text = repr(result)
    assert text.startswith("Simulation(Base game, 2 players, 30 games per bot, seeds 1 to 30: ")
    assert "simple " in text and len(text) < 200
    html = result._repr_html_()
    assert html.count("<table>") == 2 and "<td>simple</td>" in html and "<td>random</td>" in html
    simple = result.summaries[0]
    assert repr(simple).startswith("BotSummary(simple: 30 games, mean ")
    assert f"<td>{simple.mean:.2f} ± {simple.stderr:.2f}</td>" in simple._repr_html_()
    (difference,) = result.differences
    assert repr(difference).startswith("PairedDifference(random - simple: -")
    assert "<td>random</td><td>simple</td><td>30</td>" in difference._repr_html_()


def test_html_escapes_a_bots_name() -> None:
    result = simulate(NamedFactory(SimpleBot, "<b>bold</b>"), games=2, workers=1)
    assert "<b>" not in result._repr_html_() and "&lt;b&gt;bold" in result._repr_html_()


def test_progress_true_draws_a_tqdm_bar(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    result = simulate("random", games=30, workers=1, progress=True)
    assert result.summaries[0].games == 30
    err = capsys.readouterr().err
    assert "30/30" in err and "game" in err


def test_progress_true_without_tqdm_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(ImportError, match=r'tqdm \(the "notebook" extra\)'):
        simulate("random", games=2, workers=1, progress=True)


def test_plot_returns_the_figure_and_still_writes_a_file(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = simulate(["simple", "random"], games=10, workers=1)
    figure = plot(result)
    assert figure.axes[0].get_xlabel() == "score" and not (tmp_path / "s.svg").exists()
    assert figure._repr_png_().startswith(b"\x89PNG")  # what a notebook shows inline
    again = plot(result, tmp_path / "s.svg")
    assert (tmp_path / "s.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert type(again) is type(figure)


# --- Issue 30, L5: record file names -------------------------------------------------------------


@pytest.mark.parametrize(
    "bot",
    [
        NamedFactory(SimpleBot, "../x"),
        NamedFactory(SimpleBot, "/tmp/elsewhere"),
        NamedFactory(SimpleBot, "..\\..\\x"),
        NamedFactory(SimpleBot, "C:x"),
        Seats(SimpleBot, SimpleBot, names=["/abs/one", "../two"]),
    ],
    ids=["parent", "absolute", "backslashes", "drive", "seats"],
)
def test_l5_a_bots_name_never_writes_outside_the_records_folder(bot: Any, tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "records"
    result = simulate(bot, games=2, seed=4, workers=1, records=folder)
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert len(written) == 2 and all(name.startswith("deep/records/") for name in written)
    for path in folder.iterdir():
        assert "/" not in path.name and "\\" not in path.name and ":" not in path.name
        assert not path.name.startswith(".")
    assert result.bots == (bot.__name__,)  # the summary keeps the name as given


def test_l5_two_names_that_become_one_file_name_stay_apart(tmp_path: Path) -> None:
    bots = [NamedFactory(SimpleBot, "a/b"), NamedFactory(SimpleBot, "a:b")]
    simulate(bots, games=1, seed=0, workers=1, records=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a_b-0-0.json", "a_b-1-0.json"]


# --- Issue 30, L6: simulate is not a sandbox; Isolated seats are -------------------------------


def _state_within_reach(heap: bool) -> bool:
    """Whether a `GameState` can be reached from this process: a frame's locals, or (`heap`)
    any object alive."""
    frame = sys._getframe(1)
    while frame is not None:
        if any(isinstance(value, GameState) for value in frame.f_locals.values()):
            return True
        frame = frame.f_back  # type: ignore[assignment]
    return heap and any(isinstance(value, GameState) for value in gc.get_objects())


class Peeker:
    """A cheat: it misplays on purpose (slot 9) the moment it finds a `GameState` it can read
    (the frames every turn; the whole heap, which is slow, every tenth turn)."""

    def __init__(self, rng: random.Random) -> None:
        self.inner = SimpleBot(rng)
        self.turns = 0

    def __call__(self, view: PlayerView, /) -> Action:
        self.turns += 1
        if _state_within_reach(heap=self.turns % 10 == 1):
            return Play(9)
        return self.inner(view)


def test_l6_in_simulate_a_bot_can_reach_the_game_state() -> None:
    # What the docs say plainly: simulate is not a sandbox (rule 6.1's error shows the cheat).
    with pytest.raises(IllegalAction, match="slot"):
        simulate(Peeker, games=1, workers=1)


def test_l6_an_isolated_bot_receives_its_view_only() -> None:
    with Isolated(Peeker) as isolated:
        result = simulate(isolated, options=Options(2), games=2, seed=1, workers=1, bot_seed=3)
    assert result.summaries[0].games == 2
    assert result.scores() == simulate(SimpleBot, games=2, seed=1, workers=1, bot_seed=3).scores()


def test_l6_an_isolated_bots_error_is_told_in_words() -> None:
    class Raiser:
        def __init__(self, rng: random.Random) -> None:
            pass

        def __call__(self, view: PlayerView, /) -> Action:
            raise ValueError("no idea")

    with Isolated(Raiser) as isolated, pytest.raises(SimulationError, match="no idea"):
        simulate(isolated, games=1, workers=1)


# --- Ten million games: the results as columns ---------------------------------------------------


def test_game_results_are_columns_that_read_as_game_results() -> None:
    from hanabi_core.simulate import GameResult, GameResults

    games = [
        GameResult(seed, seed % 26, 25, 60 + seed % 7, seed % 3, reason, seed % 20)
        for seed, reason in zip(
            range(2**64 - 5, 2**64), ["storm-out", "deck-exhausted"] * 3, strict=False
        )
    ][:5]
    results = GameResults(games)
    assert len(results) == 5 and list(results) == games and results == tuple(games)
    assert results[-1] == games[-1] and results[1:3] == tuple(games[1:3])
    assert results.column("turns") == [g.turns for g in games]
    assert results.reasons() == [g.reason for g in games]
    assert results.storm_outs() == [g.storm_out for g in games]
    import pickle

    assert pickle.loads(pickle.dumps(results)) == results
    with pytest.raises(IndexError):
        results[5]
    with pytest.raises(ValueError, match="no column 'reason'"):
        results.column("reason")
    with pytest.raises(ValueError, match="whole numbers"):
        GameResults([GameResult(-1, 0, 25, 1, 0, "storm-out")])


def test_paired_differences_over_the_seeds_both_finished() -> None:
    from hanabi_core.simulate import GameResult

    def game(seed: int, score: int) -> GameResult:
        return GameResult(seed, score, 25, 50, 0, "deck-exhausted")

    base = [game(1, 10), game(2, 12), game(4, 20), game(5, 7)]
    other = [game(2, 15), game(3, 1), game(5, 9), game(6, 3)]
    result = Simulation(Options(2), None, 1, 6, ("a", "b"), (base, other))
    (difference,) = result.differences
    assert difference.games == 2 and difference.mean == 2.5  # seeds 2 (+3) and 5 (+2)
    assert result.summaries[1].games == 4 and isinstance(result.games[0][0], GameResult)


def test_a_simulation_keeps_about_30_bytes_a_game() -> None:
    import tracemalloc

    from hanabi_core.simulate import GameResults

    rows = [(10**12 + i, i % 26, 25, 60, 1, "deck-exhausted", i % 26) for i in range(50_000)]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        results = GameResults()
        results._extend(rows)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(results) == 50_000 and kept / 50_000 < 40  # a tuple of GameResult: about 110
