"""The replay viewer's pages, without a browser (issue 31, item 4): what `replay_html` embeds is
exactly `render.svg` of every state (or of a seat's view), each turn's line is the action in the
notation, the page loads nothing, and `hanabi-core view` reads every kind of record the library
reads. `test_viewer_browser.py` drives the pages in Chromium."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import (
    GameRecord,
    InvalidArgument,
    Options,
    parse_action,
    parse_record,
    read_record,
    render,
    view,
    write_record,
)
from hanabi_core.bots import BOTS
from hanabi_core.cli import main
from hanabi_core.datasets import read_jaxmarl_corpus
from hanabi_core.hanablive import variant
from hanabi_core.simulate import play_game
from hanabi_core.viewer import index_html, replay_html, turn_labels, write_pages

DATA = Path(__file__).parent / "data"


def game(players: int = 3, name: str | None = None, seed: int = 7) -> GameRecord:
    options = Options(players) if name is None else Options(players, variant=variant(name))
    names = ["Ann", "Ben", "Cal", "Dee", "Eve"][:players]
    return GameRecord.from_state(play_game(options, BOTS["simple"], seed), players=names)


def embedded(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="game">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def same_ids(drawing: str) -> str:
    """`drawing` with its ids numbered in order (the page's gradients are not the turn's own)."""
    names = list(dict.fromkeys(re.findall(r'id="([^"]+)"', drawing)))
    return (
        re.sub(
            "|".join(re.escape(name) for name in names) or "^$",
            lambda match: f"t{names.index(match.group(0))}",
            drawing,
        )
        if names
        else drawing
    )


def drawings(page: str) -> list[str]:
    data = embedded(page)
    return ["".join(data["pieces"][i] for i in turn) for turn in data["turns"]]


@pytest.mark.parametrize(
    ("players", "name"), [(3, None), (3, "Rainbow (5 Suits)"), (2, "Up or Down (5 Suits)")]
)
def test_the_page_holds_render_svg_of_every_state(players: int, name: str | None) -> None:
    record = game(players, name)
    page = replay_html(record)
    states = list(record.states())
    names = list(record.players or ())
    assert drawings(page) == [same_ids(render.svg(state, names=names)) for state in states]
    # Shared pieces are kept once: the page is far smaller than the pictures it holds.
    assert len(page) < sum(len(d) for d in drawings(page)) / 3


def test_a_seat_sees_its_view_of_every_state() -> None:
    record = game()
    page = replay_html(record, seat=1)
    names = list(record.players or ())
    expected = [render.svg(view(state, 1), names=names) for state in record.states()]
    assert drawings(page) == expected
    assert "Ben (you)" in expected[5] and "As Ben (seat 1) sees it" in page


def test_each_turn_is_its_action_in_the_notation() -> None:
    record = game()
    labels = embedded(replay_html(record))["labels"]
    total = len(record.actions)
    assert labels[0] == [f"Turn 0 of {total}", "the deal"]
    for n, (action, (heading, line)) in enumerate(zip(record.actions, labels[1:], strict=False)):
        assert heading == f"Turn {n + 1} of {total}"
        who, written = line.split("; ")[0].split(": ", 1)
        assert who == ["Ann", "Ben", "Cal"][n % 3]
        assert parse_action(written, record.options) == action
    final = record.final().outcome
    assert final is not None
    assert labels[-1][1].endswith(f"score {final.score}/{final.max_score}")
    assert [list(pair) for pair in turn_labels(record)] == labels


def test_the_page_loads_nothing_and_allows_only_its_own_script() -> None:
    page = replay_html(game())
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    rules = html.unescape(policy.group(1))
    assert "default-src 'none'" in rules
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in rules
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "@import" not in page and "url(http" not in page


def test_names_cannot_break_out_of_the_page() -> None:
    record = game(2, seed=3)
    hostile = GameRecord(
        record.options,
        record.deck,
        record.actions,
        players=["</script><img src=//x>", "Bob & <b>"],
    )
    page = replay_html(hostile, title="<i>t</i>")
    assert "<img src=//x>" not in page and "<b>" not in page and "<i>t</i>" not in page
    assert embedded(page)["labels"][1][1].startswith("</script><img src=//x>: ")


def test_an_abandoned_record_and_an_unfinished_one() -> None:
    record = game(2, seed=3)
    cut = GameRecord(record.options, record.deck, record.actions[:5])
    labels = turn_labels(cut)
    assert len(labels) == 6 and "not over" in labels[-1][1]
    data = json.loads(write_record(cut))
    data["abandoned"] = {"by": "vote"}
    stopped = parse_record(data)
    labels = turn_labels(stopped)
    assert len(labels) == 7 and labels[-1][0] == "Turn 5 of 5"
    assert "abandoned by a vote" in labels[-1][1]
    assert len(drawings(replay_html(stopped))) == 7


def test_bad_arguments_are_refused() -> None:
    record = game(2, seed=3)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(InvalidArgument):
            replay_html(record, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        replay_html("not a record")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        write_pages([("../up", record)], "unused")


def test_the_index_links_every_game_with_its_score(tmp_path: Path) -> None:
    games = [(f"simple-{seed}", game(2, seed=seed)) for seed in range(3)]
    index = write_pages(games, tmp_path / "out", seat=0, title="three games")
    page = index.read_text(encoding="utf-8")
    for name, record in games:
        score = record.final().score
        row = re.search(rf'<tr data-score="(\d+)"><td><a href="{name}.html">{name}</a>', page)
        assert row is not None and int(row.group(1)) == score
        shown = (tmp_path / "out" / f"{name}.html").read_text(encoding="utf-8")
        assert 'href="index.html"' in shown and "As Ann (seat 0) sees it" in shown
    assert "<h1>three games</h1>" in page
    assert index_html([]).count("<tr") == 1  # the heading row only


# --- the command -------------------------------------------------------------------------------


def run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["--colour", "never", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_view_a_record_of_each_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = game()
    ours = tmp_path / "ours.json"
    ours.write_text(write_record(record), encoding="utf-8")
    code, out, _ = run("view", str(ours), capsys=capsys)
    assert (code, out) == (0, f"wrote {tmp_path / 'ours.html'} ({len(record.actions)} actions)\n")
    assert drawings((tmp_path / "ours.html").read_text())[-1] == render.svg(
        record.final(), names=["Ann", "Ben", "Cal"]
    )
    live = tmp_path / "live.json"
    shutil.copy(DATA / "hanab-live" / "example_game.json", live)
    page_path = tmp_path / "x.html"
    code, out, _ = run("view", str(live), "-o", str(page_path), "--seat", "2", capsys=capsys)
    from_live = read_record(live)
    names = list(from_live.players or ())
    expected = [render.svg(view(state, 2), names=names) for state in from_live.states()]
    assert code == 0 and drawings(page_path.read_text()) == expected


def test_view_a_simulate_records_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hanabi_core.simulate import simulate

    folder = tmp_path / "games"
    result = simulate("simple", games=11, workers=1, records=folder, bot_seed=1)
    code, out, _ = run("view", str(folder), capsys=capsys)
    assert (code, out) == (0, f"wrote {folder / 'index.html'} and 11 game pages\n")
    index = (folder / "index.html").read_text()
    links = re.findall(r'href="(simple-\d+)\.html"', index)
    assert links == [f"simple-{seed}" for seed in range(11)]  # 10 after 9, not after 1
    scores = [int(s) for s in re.findall(r'<tr data-score="(\d+)"', index)]
    assert scores == list(result.scores("simple"))
    assert all((folder / f"{link}.html").is_file() for link in links)


def test_view_the_jaxmarl_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A corpus of three games in JaxMARL's layout (decks.json, actions.json, scores.txt), written
    # here: the real one (tests/data/jaxmarl, 10,000 games) takes seconds to decompress.
    from hanabi_core.hle import COLOUR_CHARS, colour_index
    from test_datasets import random_game

    games = [random_game(2, seed) for seed in range(3)]
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    decks = [
        {"deck": [f"{COLOUR_CHARS[colour_index(c.suit)]}{c.rank}" for c in d]} for d, _ in games
    ]
    (corpus / "decks.json").write_text(json.dumps(decks), encoding="utf-8")
    (corpus / "actions.json").write_text(json.dumps([uids for _, uids in games]), encoding="utf-8")
    records = [
        record for record, _ in read_jaxmarl_corpus(corpus / "decks.json", corpus / "actions.json")
    ]
    out = tmp_path / "pages"
    code, text, _ = run("view", str(corpus), "--limit", "2", "-o", str(out), capsys=capsys)
    assert (code, text) == (0, f"wrote {out / 'index.html'} and 2 game pages\n")
    assert drawings((out / "game-1.html").read_text()) == [
        render.svg(s) for s in records[1].states()
    ]
    assert not (out / "game-2.html").exists()
    code, text, _ = run("view", str(corpus), "--game", "2", "-o", str(out), capsys=capsys)
    assert (code, text) == (0, f"wrote {out / 'game-2.html'} ({len(records[2].actions)} actions)\n")
    assert drawings((out / "game-2.html").read_text())[-1] == render.svg(records[2].final())
    code, _, err = run("view", str(corpus), "--game", "3", capsys=capsys)
    assert code == 2 and "holds 3 games (0 to 2)" in err


def test_view_an_ah2ac2_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("safetensors", reason='needs the datasets extra: pip install -e ".[dev]"')
    from safetensors.numpy import save_file

    from test_datasets import ah2ac2_arrays, random_game

    games = [random_game(3, seed) for seed in range(2)]
    path = tmp_path / "human.safetensors"
    save_file(ah2ac2_arrays(3, games), str(path))
    code, out, _ = run("view", str(path), capsys=capsys)
    folder = tmp_path / "human-pages"
    assert (code, out) == (0, f"wrote {folder / 'index.html'} and 2 game pages\n")
    assert "AH2AC2 games (human.safetensors)" in (folder / "index.html").read_text()
    assert len(drawings((folder / "game-1.html").read_text())) == len(games[1][1]) + 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "7"], "must be a seat from 0 to 2"),
        (["--game", "1"], "--game and --limit choose from a folder"),
    ],
)
def test_view_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = tmp_path / "g.json"
    path.write_text(write_record(game()), encoding="utf-8")
    code, out, err = run("view", str(path), *argv, capsys=capsys)
    assert (code, out) == (2, "") and message in err and err[-1] == "\n" and err.count("\n") == 1
    code, _, err = run("view", str(tmp_path / "missing.json"), capsys=capsys)
    assert code == 2 and "No such file" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run("view", str(empty), capsys=capsys)
    assert code == 2 and "holds no records" in err
    (empty / "simple-0.json").write_text(write_record(game()), encoding="utf-8")
    (empty / "simple-1.json").write_text('{"format": "hanabi-core"}', encoding="utf-8")
    code, _, err = run("view", str(empty), capsys=capsys)
    assert code == 2 and err.startswith("hanabi-core: simple-1.json: ") and "$" in err
    page = tmp_path / "g.html"
    page.write_text(write_record(game()), encoding="utf-8")
    code, _, err = run("view", str(page), capsys=capsys)
    assert code == 2 and "name the page to write with -o" in err
    assert page.read_text(encoding="utf-8").startswith("{")  # the record is not overwritten
