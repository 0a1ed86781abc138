"""The command line for bot authors (issue 20 item 9, and item 5's variant names): ``--bot
module:factory``, ``--seats``, ``new --play`` with any bot, ``-`` for standard input, and every
command taking every hanab.live variant by name. Each test writes its bot module into `tmp_path`
under a name of its own (a module imported once stays in `sys.modules`)."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from pathlib import Path

import pytest

from hanabi_core import InvalidArgument, parse_record
from hanabi_core.cli import main
from hanabi_core.hanablive import variant
from hanabi_core.seating import Seats, load_bot
from hanabi_core.simulate import play_game, simulate

BOT = '''
from hanabi_core import Play
from hanabi_core.bots import legal_actions_in_view, SimpleBot


class Cautious:
    """Never plays: a clue or a discard from its own random source."""

    def __init__(self, rng):
        self.rng = rng

    def __call__(self, view):
        legal = legal_actions_in_view(view)
        return self.rng.choice([a for a in legal if not isinstance(a, Play)] or legal)


def make(rng):
    return SimpleBot(rng)


class Family:
    cautious = Cautious


NOT_A_FACTORY = 42
'''


def _bot_module(folder: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> str:
    (folder / f"{name}.py").write_text(textwrap.dedent(BOT), encoding="utf-8")
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    return name


def _json(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_simulate_bot_module_factory_plays_and_is_named_by_its_spec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = _bot_module(tmp_path, "authorbot_a", monkeypatch)
    argv = ["simulate", "--games", "6", "--seed", "2", "--bot-seed", "3", "--json"]
    assert main([*argv, "--bot", f"{module}:make,{module}:Cautious", "--workers", "1"]) == 0
    data = _json(capsys)
    bots = data["bots"]
    assert isinstance(bots, list)
    assert [b["bot"] for b in bots] == [f"{module}:make", f"{module}:Cautious"]
    assert bots[1]["mean"] == 0 and bots[1]["storm_outs"] == 0  # it never plays
    # `make` is SimpleBot under another name: the same games as the built-in bot.
    assert main([*argv, "--bot", "simple", "--workers", "1"]) == 0
    assert _json(capsys)["histogram"] == bots[0]["histogram"]
    # Worker processes load the user's factory too, with the same results.
    assert main([*argv, "--bot", f"{module}:Family.cautious", "--workers", "2"]) == 0
    assert _json(capsys)["histogram"] == bots[1]["histogram"]


def test_simulate_bot_from_a_file_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "authorbot_file.py").write_text(textwrap.dedent(BOT), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # load_bot adds the file's folder
    spec = "mine/authorbot_file.py:Cautious"
    argv = ["simulate", "--games", "3", "--workers", "1", "--json", "--records", "games"]
    assert main([*argv, "--bot", spec]) == 0
    assert _json(capsys)["bot"] == "authorbot_file.py:Cautious"  # no folder in the file names
    assert main([*argv, "--seats", f"{spec},simple"]) == 0
    assert _json(capsys)["bot"] == "authorbot_file.py:Cautious,simple"
    written = sorted(path.name for path in (tmp_path / "games").iterdir())
    # The file names are safe ones (issue 30, L5): no folder, no drive colon.
    assert len(written) == 6 and "authorbot_file.py_Cautious-0.json" in written


def test_seats_puts_different_bots_at_one_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = _bot_module(tmp_path, "authorbot_b", monkeypatch)
    seats = f"simple,{module}:Cautious,simple"
    argv = [
        "simulate",
        "--seats",
        seats,
        "--games",
        "8",
        "--seed",
        "4",
        "--bot-seed",
        "9",
        "--json",
    ]
    assert main([*argv, "--workers", "1"]) == 0
    data = _json(capsys)
    assert data["bot"] == seats and data["players"] == 3 and data["games"] == 8
    assert main([*argv, "--workers", "2"]) == 0
    assert _json(capsys) == data  # the same games on two workers
    # Each seat's bot is the one its factory makes from the seat's own random source.
    table = Seats.parse(seats)
    final = play_game(simulate(table, players=3, games=1, workers=1).options, table, 4)
    for turn in final.turns:
        if turn.player == 1:
            assert type(turn.action).__name__ != "Play"  # the cautious seat never plays
    same = Seats.parse("simple,simple,simple")
    solo = simulate("simple", players=3, games=5, seed=9, workers=1)
    assert simulate(same, players=3, games=5, seed=9, workers=1).scores() == solo.scores()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "simple,random", "--players", "3"], "2 bots for 3 players"),
        (["--seats", "simple,random", "--bot", "simple"], "not both"),
        (["--seats", "simple,,random"], "one bot per seat"),
        (["--bot", "no_such_module_xyz:make"], "cannot import 'no_such_module_xyz'"),
        (["--bot", "hanabi_core.bots:Nope"], "has no 'Nope'"),
        (["--bot", "hanabi_core.bots:BOTS"], "is not a bot factory"),
        (["--bot", "missing/file.py:make"], "no file"),
        (["--bot", "clever"], "unknown bot 'clever'"),
        (["--variant", "Rainbow (5 Suit)"], "did you mean 'Rainbow (5 Suits)'"),
    ],
)
def test_bad_bots_seats_and_variants_exit_2_on_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--games", "1", "--workers", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_bot_module_that_fails_to_import_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "authorbot_broken.py").write_text("raise RuntimeError('oops')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["simulate", "--bot", "authorbot_broken:make", "--games", "1"]) == 2
    assert "oops" in capsys.readouterr().err
    with pytest.raises(InvalidArgument):
        load_bot("")


def test_new_play_takes_any_bot_and_the_same_seed_gives_the_same_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = _bot_module(tmp_path, "authorbot_c", monkeypatch)
    records = []
    for play in ("simple", f"{module}:make", f"{module}:Cautious", "simple,random,simple"):
        assert main(["new", "--players", "3", "--seed", "5", "--play", play]) == 0
        record = parse_record(capsys.readouterr().out)
        assert record.final().is_over
        records.append(record)
    simple, make, cautious, table = records
    assert simple == make  # `make` is SimpleBot: the same bot, seed and game
    assert simple.final() == play_game(simple.options, load_bot("simple"), 5)
    assert not any(type(a).__name__ == "Play" for a in cautious.actions)
    assert table.final() == play_game(table.options, Seats.parse("simple,random,simple"), 5)
    assert main(["new", "--play", "clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err


def test_a_dash_reads_the_record_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "--players", "2", "--seed", "3", "--play", "simple"]) == 0
    text = capsys.readouterr().out
    for command in (["replay", "-"], ["show", "-", "--turn", "4"]):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        assert main(command) == 0
        assert "Base game, 2 players" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{not json")))
    assert main(["replay", "-"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize(
    "name", ["Rainbow (6 Suits)", "rainbow-ones (5 suits)", "No Variant", "Up or Down (5 Suits)"]
)
def test_every_command_takes_hanab_live_variant_names(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20 item 5: `new` and `simulate` take any hanab.live name, and what `new` writes in
    either format reads back in that variant."""
    for form in ("hanabi-core", "hanab-live"):
        argv = ["new", "--players", "3", "--seed", "1", "--variant", name, "--format", form]
        if form == "hanab-live":
            argv += ["--edition", "hanab-live"]  # hanab.live ends a game as its preset does
        assert main([*argv, "--play", "simple"]) == 0
        record = parse_record(capsys.readouterr().out)
        assert record.options.variant == variant(name)
    argv = ["simulate", "--variant", name, "--players", "3", "--games", "2", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    assert _json(capsys)["games"] == 2
