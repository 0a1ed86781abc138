"""The simulation harness (hanabi_core.simulate) and `hanabi-core simulate`."""

from __future__ import annotations

import io
import json
import math
import os
import pickle
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hanabi_core import Action, IllegalAction, Options, Play, PlayerView, read_record
from hanabi_core.bots import BOTS, SimpleBot
from hanabi_core.cli import main
from hanabi_core.cli._simulate import _Progress
from hanabi_core.simulate import Simulation, SimulationError, play_game, plot, simulate


def test_r2_5_the_same_seeds_give_the_same_results_on_1_and_2_workers() -> None:
    one = simulate(["simple", "random"], players=3, games=12, seed=11, workers=1, bot_seed=5)
    two = simulate(["simple", "random"], players=3, games=12, seed=11, workers=2, bot_seed=5)
    assert one == two and one.to_json() == two.to_json() and one.bot_seed == 5
    assert [r.seed for r in one.games[0]] == list(range(11, 23))
    # Game i is the game `play_game` deals from seed S+i, with the bots' own seeded sources.
    final = play_game(Options(3), BOTS["random"], 20, bot_seed=5)
    assert one.games[1][9].score == final.score and one.games[1][9].turns == final.turn


def test_cli_json_is_the_same_on_1_and_2_workers(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for workers in ("1", "2"):
        argv = ["simulate", "--players", "3", "--games", "16", "--seed", "11", "--json"]
        argv += ["--bot-seed", "7"]
        assert main([*argv, "--workers", workers]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0])
    for key in ("games", "mean", "stderr", "median", "perfect", "storm_outs", "mean_turns"):
        assert key in data
    assert data["games"] == 16 and data["bot"] == "simple" and data["seed"] == 11
    assert sum(data["histogram"].values()) == 16
    mean = sum(int(score) * n for score, n in data["histogram"].items()) / 16
    assert math.isclose(data["mean"], mean, abs_tol=1e-4)
    assert data["interrupted"] is False and "bots" not in data


def test_summary_figures_are_the_scores_figures() -> None:
    result = simulate("simple", players=4, games=16, seed=3, workers=1)
    scores = result.scores()
    (summary,) = result.summaries
    assert len(scores) == summary.games == 16
    assert math.isclose(summary.mean, statistics.mean(scores))
    assert math.isclose(summary.stderr, statistics.stdev(scores) / 4)
    assert summary.median == statistics.median(scores)
    assert summary.perfect == sum(s == 25 for s in scores)
    assert summary.storm_outs == 0  # the simple bot only plays what it knows fits
    assert dict(summary.histogram) == {s: scores.count(s) for s in set(scores)}
    assert summary.mean_turns == statistics.mean(r.turns for r in result.games[0])


def test_paired_difference_over_the_same_seeds() -> None:
    result = simulate(["open", "simple"], players=2, games=10, seed=5, workers=1)
    deltas = [b - a for a, b in zip(result.scores("open"), result.scores("simple"), strict=True)]
    (difference,) = result.differences
    assert (difference.bot, difference.baseline, difference.games) == ("simple", "open", 10)
    assert math.isclose(difference.mean, statistics.mean(deltas))
    assert math.isclose(difference.stderr, statistics.stdev(deltas) / math.sqrt(10))
    data = result.to_json()
    assert [b["bot"] for b in data["bots"]] == ["open", "simple"]
    assert data["differences"][0]["mean"] == round(difference.mean, 4)


def test_the_cli_report_has_a_row_per_bot_and_a_histogram(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--bot", "simple,random", "--games", "10", "--seed", "1", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "storm-outs" in out and "\nsimple " in out and "\nrandom " in out
    assert "random - simple:" in out
    assert (
        "Scores of simple" in out
        and "No game of simple finished" not in out
        and "Scores of random" in out
    )


def test_records_are_written_and_read_back(tmp_path: Path) -> None:
    result = simulate(
        "simple", players=3, edition="hle", games=4, seed=100, workers=2, records=tmp_path
    )
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"simple-{s}.json" for s in range(100, 104)]
    for path, game in zip(files, result.games[0], strict=True):
        record = read_record(path)
        assert record.edition == "hle" and record.players == ("simple 0", "simple 1", "simple 2")
        final = record.final()
        assert final.outcome is not None and final.score == game.score
        assert final.turn == game.turns


def stop_after_first_batch(done: int, total: int) -> None:
    raise KeyboardInterrupt


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_and_summarises_the_games_finished(workers: int) -> None:
    result = simulate("random", games=400, seed=0, workers=workers, progress=stop_after_first_batch)
    assert result.interrupted and 0 < result.summaries[0].games < 400
    games = result.games[0]
    assert [r.seed for r in games] == sorted(r.seed for r in games)
    assert result.summaries[0].games == len(games) == len(result.scores())


def test_ctrl_c_on_the_command_prints_the_summary(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "hanabi_core", "simulate", "--bot", "random", "--workers", "2"]
    argv += ["--games", "1000000", "--records", str(tmp_path)]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    # Batches are of 25 games: once 60 records are written, some batch has surely come back.
    while len(list(tmp_path.iterdir())) < 60 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Interrupted" in out and "Traceback" not in err
    assert "Scores of random" in out and "No game of random finished" not in out


class IllegalBot:
    """Plays slot 9, which no hand has."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def __call__(self, view: PlayerView, /) -> Action:
        return Play(9)


@pytest.mark.parametrize("workers", [1, 2])
def test_r6_1_a_bots_illegal_action_names_the_seed(workers: int) -> None:
    # One worker plays seed 7 first; with two, the batch that comes back first is reported, and
    # which one that is depends on the machine's load (it was seed 8 on a busy machine).
    seeds = "7" if workers == 1 else "(7|8|9|10)"
    with pytest.raises(IllegalAction, match=f"seed {seeds}:") as caught:
        simulate(IllegalBot, games=4, seed=7, workers=workers)
    assert caught.value.rule == "6.1"


def test_a_custom_bot_plays_in_the_workers() -> None:
    one = simulate([SimpleBot, "simple"], games=6, workers=2)
    assert one.bots == ("SimpleBot", "simple") and one.scores("SimpleBot") == one.scores("simple")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "clever"], "unknown bot 'clever'"),
        (["--bot", "simple,simple"], "each bot may be given once"),
        (["--workers", "0"], "workers must be"),
        (["--games", "-1"], "games must be"),
        (["--seed", str(2**64 - 1), "--games", "2"], "seed + games - 1"),
        (["--players", "7"], "Invalid option 'players'"),
        (["--edition", "hle", "--players", "6"], "edition is for 2 to 5 players"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_plot_says_how_to_install_matplotlib(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    result = simulate("random", games=2, workers=1)
    with pytest.raises(ImportError, match=r'pip install -e "\.\[plot\]"'):
        plot(result, tmp_path / "scores.png")
    assert main(["simulate", "--games", "2", "--plot", str(tmp_path / "scores.png")]) == 2
    assert 'pip install -e ".[plot]"' in capsys.readouterr().err
    assert not (tmp_path / "scores.png").exists()


def test_plot_draws_the_histograms(tmp_path: Path) -> None:
    result = simulate(["simple", "random"], games=10, workers=1)
    plot(result, tmp_path / "scores.png")
    assert (tmp_path / "scores.png").read_bytes().startswith(b"\x89PNG")
    argv = ["simulate", "--bot", "random", "--games", "4", "--workers", "1"]
    assert main([*argv, "--plot", str(tmp_path / "cli.png")]) == 0
    assert (tmp_path / "cli.png").read_bytes().startswith(b"\x89PNG")


def test_a_simulation_round_trips_through_json() -> None:
    result = simulate(["simple", "random"], games=5, seed=2, workers=1)
    again = json.loads(json.dumps(result.to_json()))
    assert again == result.to_json()
    assert isinstance(result, Simulation) and result.requested == 5 and not result.interrupted


def test_the_global_random_state_does_not_matter() -> None:
    # Each bot draws from its own seeded source, never from the `random` module's.
    random.seed(1)
    first = simulate("random", games=8, seed=9, workers=1, bot_seed=3)
    random.seed(2)
    assert simulate("random", games=8, seed=9, workers=2, bot_seed=3) == first


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_games_per_second_and_the_time_left() -> None:
    stream = Terminal()
    bar = _Progress(stream)
    bar(5, 20)
    bar(20, 20)
    bar.close(20, 2)
    text = stream.getvalue()
    assert "5/20 games" in text and "20/20 games" in text
    assert "games/s" in text and "ETA 0:00:0" in text
    assert text.endswith("games/s on 2 workers\n")


def test_the_progress_bar_is_drawn_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--bot", "random", "--games", "5", "--workers", "1"]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv) == 0
    assert "5/5 games" in terminal.getvalue() and "\r" in terminal.getvalue()
    assert "Scores of random" in capsys.readouterr().out


# --- Hardening, round two (issue 25) ------------------------------------------------------------


class ExitingBot:
    """Ends its process on its third move (as a crash in a C extension or the OOM killer would)."""

    def __init__(self, rng: random.Random) -> None:
        self.moves = 0

    def __call__(self, view: PlayerView, /) -> Action:
        self.moves += 1
        if self.moves == 3 and view.seat == 1:
            os._exit(3)
        return SimpleBot(random.Random(0))(view)


class RaisingBot:
    """Raises what is not an error, on its second move; the class names what."""

    raised: type[BaseException] = SystemExit

    def __init__(self, rng: random.Random) -> None:
        self.moves = 0

    def __call__(self, view: PlayerView, /) -> Action:
        self.moves += 1
        if self.moves == 2:
            raise self.raised
        return SimpleBot(random.Random(0))(view)


class ExitBot(RaisingBot):
    raised = SystemExit


class InterruptBot(RaisingBot):
    raised = KeyboardInterrupt


class BaseBot(RaisingBot):
    raised = BaseException


def run_bounded(code: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter; a hang fails the test instead of stopping the run."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).parent,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
    )


def test_h1_simulate_returns_when_a_worker_dies() -> None:
    result = run_bounded(
        "from test_simulate import ExitingBot\n"
        "from hanabi_core.simulate import simulate, SimulationError\n"
        "try:\n"
        "    simulate(ExitingBot, games=6, workers=2)\n"
        "except SimulationError as error:\n"
        "    print('refused:', error)\n"
    )
    assert result.returncode == 0, result.stderr
    assert "refused:" in result.stdout and "a worker process died" in result.stdout


@pytest.mark.parametrize("bot", [ExitBot, InterruptBot, BaseBot])
@pytest.mark.parametrize("workers", [1, 2])
def test_h1_a_bot_raising_what_is_not_an_error_stops_the_run(
    bot: type[RaisingBot], workers: int
) -> None:
    with pytest.raises(SimulationError, match=bot.raised.__name__) as caught:
        simulate(bot, games=4, workers=workers)
    assert "seed" in str(caught.value)
    assert pickle.loads(pickle.dumps(caught.value)) == caught.value


def test_h1_a_bots_keyboard_interrupt_is_not_a_ctrl_c() -> None:
    with pytest.raises(SimulationError):
        simulate(InterruptBot, games=2, workers=1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bots": 5}, "bots are"),
        ({"progress": 5}, "progress must be"),
        ({"records": ""}, "records must name a folder"),
        ({"records": 5}, "records must be"),
        ({"workers": 1.0}, "workers must be"),
        ({"edition": ["hle"]}, "unknown edition"),
    ],
)
def test_m11_misuse_of_simulate_is_a_value_error(
    arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(games=1, **arguments)  # type: ignore[arg-type]


def test_low_the_records_folder_holds_exactly_the_games_counted(tmp_path: Path) -> None:
    result = simulate(
        "random", games=200, workers=2, records=tmp_path, progress=stop_after_first_batch
    )
    assert result.interrupted
    written = {p.name for p in tmp_path.iterdir()}
    assert written == {f"random-{r.seed}.json" for r in result.games[0]}


def test_low_batches_are_made_as_they_are_needed() -> None:
    from hanabi_core.simulate._work import _batches, local_size

    batches = _batches(1, 10**9, 0, local_size(2))
    assert next(batches) == (0, 0, 25, None)  # a generator: nothing is built for the billion games


def test_m9_a_bots_generator_says_nothing_of_the_deal() -> None:
    """The seat's generator is seeded from a keyed hash of the deal's seed: without the run's
    key, the deal seeds a peeking bot would try give other generators (before: seed * 8 + seat)."""
    seen: list[int] = []

    class Peeker:
        def __init__(self, rng: random.Random) -> None:
            seen.append(rng.getrandbits(64))

        def __call__(self, view: PlayerView, /) -> Action:
            return SimpleBot(random.Random(0))(view)

    result = simulate(Peeker, games=3, seed=0, workers=1)
    assert result.bot_seed is not None and 0 <= result.bot_seed < 2**64
    guesses = {
        random.Random(candidate * 8 + seat).getrandbits(64)
        for candidate in range(100)
        for seat in range(2)
    }
    assert not guesses & set(seen)
    # Without the key a second run draws other generators for the same deals; with it, the same.
    seen_first = list(seen)
    seen.clear()
    simulate(Peeker, games=3, seed=0, workers=1)
    assert seen != seen_first
    seen.clear()
    simulate(Peeker, games=3, seed=0, workers=1, bot_seed=result.bot_seed)
    assert seen == seen_first


@pytest.mark.parametrize("bot_seed", [-1, 2**64, 1.0, "1"])
def test_m9_bot_seed_is_a_64_bit_whole_number(bot_seed: object) -> None:
    with pytest.raises(ValueError, match="bot_seed"):
        simulate(games=1, bot_seed=bot_seed)  # type: ignore[arg-type]


def test_low_a_huge_bot_name_is_not_repeated_whole() -> None:
    with pytest.raises(ValueError, match="unknown bot") as error:
        simulate("x" * 10_000_000, games=1)
    assert len(str(error.value)) < 300
