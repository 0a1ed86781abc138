"""The hanabi-core command: replay, show, rules, new; exit codes 0, 1 and 2."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hanabi_core import (
    GameRecord,
    Options,
    apply,
    legal_actions,
    new_game,
    read_record,
    write_record,
)
from hanabi_core.cli import main

BIN = Path(sys.executable).parent / "hanabi-core"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert main(["new", "--players", "3", "--seed", "7", "--play", "open", "-o", str(path)]) == 0
    return path


def test_new_writes_a_fresh_deal_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--players", "4", "--variant", "black-powder", "--seed", "3"]) == 0
    record = read_record(capsys.readouterr().out)
    assert record.actions == () and record.options.players == 4
    assert record.options.variant.id == "black-powder"


def test_new_is_reproducible_and_takes_an_edition(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["new", "--players", "2", "--seed", "1", "--edition", "abacus", "--play", "random"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    record = read_record(first)
    assert record.edition == "abacus" and record.options.negative_clues and record.final().is_over


def test_new_writes_hanab_live(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["new", "--seed", "2", "--format", "hanab-live", "--names", "Ann", "Ben"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == ["Ann", "Ben"] and len(data["deck"]) == 50


def test_replay_tells_each_turn_and_the_rating(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(game)]) == 0
    out = capsys.readouterr().out
    record = read_record(game)
    lines = out.splitlines()
    assert len(lines) == 1 + len(record.actions) + 2
    assert lines[1].lstrip().startswith("0  Seat 0 ")
    assert f"Score {record.final().score}/25" in out and "Rating (rule 8.3)" in out
    assert "\033[" not in out  # not a terminal


def test_replay_in_colour_when_asked(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--colour", "always", "replay", str(game)]) == 0
    assert "\033[" in capsys.readouterr().out


def test_show_the_table_at_a_turn(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(game), "--turn", "10"]) == 0
    out = capsys.readouterr().out
    assert "After 10 of" in out and "Fireworks:" in out and "Discards:" in out
    assert "Notes " in out and "Storms " in out and "deck " in out
    assert main(["show", str(game), "--turn", "9999"]) == 2
    assert "--turn must be from 0" in capsys.readouterr().err


def test_rules_lists_and_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "4.5" in out and "7.5" in out and "5. Discarding" in out
    assert main(["rules", "5.2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rule 5.2: A discard needs a spent Note") and "\nSources.\n" in out
    assert main(["rules", "99.9"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "99.9" in err


def test_r5_2_illegal_move_exits_1_naming_turn_and_rule(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(game.read_text(encoding="utf-8"))
    data["actions"] = [{"type": "discard", "slot": 0}]
    game.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(game)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Turn 0" in err and "rule 5.2" in err


@pytest.mark.parametrize(
    "content", ['{"format": "hanabi-core"', "[]", '{"format": "hanabi-core", "version": 1}']
)
def test_bad_input_exits_2_in_one_line(
    tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Invalid record at $" in err


def test_usage_errors_and_missing_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "absent.json")]) == 2
    assert main(["frobnicate"]) == 2
    assert main(["new", "--players", "9", "--seed", "1"]) == 2
    assert main(["new", "--seed", "-1"]) == 2
    assert main([]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 5 and all(line.startswith("hanabi-core: ") for line in err)


def test_replays_the_real_games(hanab_live: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = hanab_live
    assert main(["replay", str(folder / "example_game.json")]) == 0
    assert "Score 25/25" in capsys.readouterr().out
    assert main(["replay", str(folder / "no_variant.json")]) == 0
    assert "Score 23/25" in capsys.readouterr().out


def test_console_script_runs(game: Path) -> None:
    command = [str(BIN)] if BIN.exists() else [sys.executable, "-m", "hanabi_core"]
    done = subprocess.run(
        [*command, "replay", str(game)], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0 and "Game over" in done.stdout and done.stderr == ""
    done = subprocess.run(
        [sys.executable, "-m", "hanabi_core", "rules", "nope"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr


# --- Issue 14: hostile names and keys, atomic output, encodings, pipes and full disks -------------


def _hostile_record(tmp_path: Path, names: list[str]) -> Path:
    state = new_game(Options(2), seed=3)
    for _ in range(3):
        state = apply(state, legal_actions(state)[-1])
    path = tmp_path / "hostile.json"
    path.write_text(write_record(GameRecord.from_state(state, players=names)), encoding="utf-8")
    return path


def test_names_are_printed_escaped_and_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = "Ann\nGame over (final round, rule 7.3). Score 25/25.\x1b[2J"
    path = _hostile_record(tmp_path, [forged, "\u202e" + "B" * 199])
    for command in (["replay", str(path)], ["show", str(path)]):
        assert main(command) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\u202e" not in out and "B" * 41 not in out
        assert not any(line.startswith("Game over") for line in out.splitlines())
        assert "Ann\\nGame over" in out and "\\u202eBBB" in out


def test_an_unknown_key_is_reported_on_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(write_record(GameRecord.from_state(new_game(Options(2), seed=1))))
    data["\x1b[31mScore 25/25\n" + "x" * 500_000] = 1
    path = tmp_path / "key.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < 500 and "\x1b" not in err


def test_new_never_truncates_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: a --names argument holding a byte that is not UTF-8 left FILE empty, exit 2.
    path = tmp_path / "keep.json"
    path.write_text("precious", encoding="utf-8")
    argv = ["new", "--seed", "1", "-o", str(path), "--names", "Ann"]
    assert main([*argv, "B\udcffb"]) == 2  # how Python hands a non-UTF-8 byte of argv over
    assert main([*argv, "x" * 201]) == 2
    assert path.read_text(encoding="utf-8") == "precious"
    assert "lone surrogate" in capsys.readouterr().err
    assert main([*argv, "Ben"]) == 0
    assert read_record(path).players == ("Ann", "Ben")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]  # no temporary left


def test_a_full_disk_leaves_the_file_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "keep.json"
    path.write_text("precious", encoding="utf-8")

    def full(_: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["new", "--seed", "1", "-o", str(path)]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and "None" not in err and str(path) in err
    assert path.read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]


def test_a_closed_pipe_or_full_stdout_is_reported_plainly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["new", "--seed", "1"]) == 2
    assert capsys.readouterr().err == ""  # the reader went away: nothing to say

    class Full(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["new", "--seed", "1"]) == 2
    assert "cannot write the output: No space left on device" in capsys.readouterr().err


def test_names_the_terminal_cannot_encode_are_escaped(tmp_path: Path) -> None:
    # Before: exit 2 with a codec error on a valid record.
    path = _hostile_record(tmp_path, ["Zoë", "李"])
    environment = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C"}
    done = subprocess.run(
        [sys.executable, "-m", "hanabi_core", "replay", str(path)],
        capture_output=True,
        text=True,
        encoding="ascii",
        check=False,
        timeout=60,
        env=environment,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "Zo\\xeb" in done.stdout and "\\u674e" in done.stdout


def test_r9_25_show_counts_clue_starved_notes_in_notes_not_halves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hanabi_core.hanablive import variant

    state = new_game(Options(2, variant=variant("Clue Starved (5 Suits)")), seed=3)
    state = apply(state, next(a for a in legal_actions(state) if type(a).__name__ == "RankClue"))
    state = apply(state, next(a for a in legal_actions(state) if type(a).__name__ == "Discard"))
    assert state.notes == 15  # 8 Notes in halves, less a clue (2), plus a discard (1)
    path = tmp_path / "starved.json"
    path.write_text(write_record(GameRecord.from_state(state)), encoding="utf-8")
    assert main(["show", str(path), "--turn", "2"]) == 0
    assert "Notes 7.5/8," in capsys.readouterr().out


def test_r9_13_replay_tells_what_befell_an_inverted_suits_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Probe B of issue 21: an Orange 1 discarded is played (rule 9.13); `replay` said "discards
    # Orange 1 (slot 1); a Note comes back" while the state showed it built and the Notes at 8.
    from hanabi_core import Discard, Play
    from hanabi_core.hanablive import variant

    orange = variant("Orange (6 Suits)")
    state = next(
        s
        for s in (new_game(Options(2, variant=orange), seed=k) for k in range(500))
        if any(c.inverted and c.rank == 1 for c in s.hands[0])
    )
    slot = next(i for i, c in enumerate(state.hands[0]) if c.inverted and c.rank == 1)
    after = apply(state, Discard(slot))
    assert after.built[5] == 1 and after.notes == 8
    other = next(i for i, c in enumerate(after.hands[1]) if c.inverted)
    after = apply(after, Play(other))  # an Orange card played: discarded, at the cap no Note
    path = tmp_path / "orange.json"
    path.write_text(write_record(GameRecord.from_state(after)), encoding="utf-8")
    assert main(["--colour", "never", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"discards Orange 1 (slot {slot}), which plays it (rule 9.13); draws" in out
    assert "which discards it (rule 9.13); draws" in out
    assert "a Note comes back" not in out
