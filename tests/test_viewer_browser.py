"""The replay viewer in a real browser (issue 31, item 4): the system's headless Chromium opens the
pages `hanabi_core.viewer` writes, from files, and the keys step through the game.

A base game, a Rainbow game and an Up or Down game are each shot at three turns (the deal, the
middle, the end); at each, the heading and the action line are the turn's, and the table shown
holds exactly the words of `render.svg` of that turn's state. No page logs an error or asks for
anything but itself. The test skips only where no Chromium is installed (Debian and Ubuntu:
``apt-get install chromium``); it drives it with playwright (the ``dev`` extra), never with
playwright's own browser download. Set ``HANABI_VIEWER_SHOTS`` to a folder to keep the
screenshots.
"""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hanabi_core import GameRecord, Options, render, view
from hanabi_core.bots import BOTS
from hanabi_core.hanablive import variant
from hanabi_core.simulate import play_game
from hanabi_core.viewer import replay_html, turn_labels, write_pages
from test_viewer import same_ids


def _chromium() -> str | None:
    given = os.environ.get("HANABI_CHROMIUM")
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)"
)

#: The flags that keep a headless Chromium quiet and off the network (it still opens files).
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

GAMES = {
    "base": (3, None, 7),
    "rainbow": (3, "Rainbow (5 Suits)", 1),
    "up-or-down": (2, "Up or Down (5 Suits)", 2),
}


def record_of(key: str) -> GameRecord:
    players, name, seed = GAMES[key]
    options = Options(players) if name is None else Options(players, variant=variant(name))
    names = ["Ann", "Ben", "Cal"][:players]
    return GameRecord.from_state(play_game(options, BOTS["simple"], seed), players=names)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright  # the dev extra

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = os.environ.get("HANABI_VIEWER_SHOTS")
    folder = Path(kept) if kept else tmp_path_factory.mktemp("shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Tab:
    """A browser page that keeps what it logged and every request it made."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.page = browser.new_page(viewport={"width": 1200, "height": 820})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on(
            "console",
            lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None,
        )
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.url = path.resolve().as_uri()
        self.page.goto(self.url)

    def turn(self) -> tuple[str, str]:
        return self.page.inner_text("#turn"), self.page.inner_text("#action")

    def words(self) -> str:
        return str(self.page.eval_on_selector("#table svg", "e => e.textContent"))

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def close(self) -> None:
        self.page.close()
        assert self.errors == [], f"the page logged errors: {self.errors}"
        # Only the page itself, from its file (and again for a reload): nothing else is fetched.
        assert set(self.requests) <= {self.url}, f"the page asked for {self.requests}"


def words_of(drawing: str) -> str:
    return "".join(ET.fromstring(drawing).itertext())


@pytest.mark.parametrize("key", list(GAMES))
def test_three_turns_of_each_variant(browser: Any, shots: Path, tmp_path: Path, key: str) -> None:
    record = record_of(key)
    path = tmp_path / f"{key}.html"
    path.write_text(replay_html(record), encoding="utf-8")
    states = list(record.states())
    labels = turn_labels(record)
    last = len(states) - 1
    tab = Tab(browser, path)
    pictures = []
    middle = last // 2
    for turn in (0, middle, last):
        if turn == middle:  # the turn before it from the list of actions, then one key
            tab.page.click(f"#log a[data-turn='{middle - 1}']")
            assert tab.turn() == labels[middle - 1]
            tab.press("ArrowRight")
        elif turn == last:
            tab.press("End")
        assert tab.turn() == labels[turn]
        expected = same_ids(
            render.svg(states[turn], names=["Ann", "Ben", "Cal"][: len(states[0].hands)])
        )
        assert tab.words() == words_of(expected)
        assert tab.page.eval_on_selector("#slider", "e => e.value") == str(turn)
        box = tab.page.locator("#table svg").bounding_box()
        assert box is not None and box["width"] > 500 and box["height"] > 300
        shot = shots / f"{key}-turn-{turn:02d}.png"
        tab.page.screenshot(path=str(shot))
        pictures.append(shot.read_bytes())
    assert len(set(pictures)) == 3, "the three turns look the same"
    if key == "rainbow":  # the rainbow cards' gradients are defined in the drawing shown
        assert tab.page.eval_on_selector_all("#table linearGradient", "g => g.length") > 0
        fills = tab.page.eval_on_selector_all(
            "#table rect[fill^='url(#']",
            "rs => rs.map(r => document.getElementById(r.getAttribute('fill').slice(5, -1)))"
            ".every(g => g !== null)",
        )
        assert fills is True
    tab.close()


def test_the_keys_step_through_the_game(browser: Any, tmp_path: Path) -> None:
    record = record_of("base")
    path = tmp_path / "game.html"
    path.write_text(replay_html(record), encoding="utf-8")
    labels = turn_labels(record)
    last = len(labels) - 1
    tab = Tab(browser, path)
    seen = {tab.words()}
    tab.press("ArrowLeft")  # nothing before the deal
    assert tab.turn() == labels[0]
    tab.press("ArrowRight", 3)
    assert tab.turn() == labels[3]
    seen.add(tab.words())
    tab.press("ArrowLeft")
    assert tab.turn() == labels[2]
    tab.press("End")
    assert tab.turn() == labels[last]
    tab.press("ArrowRight")  # nothing after the end
    assert tab.turn() == labels[last]
    seen.add(tab.words())
    tab.press("Home")
    assert tab.turn() == labels[0]
    # On the focused slider an arrow key is one turn, not two (the slider's own step and ours).
    tab.page.focus("#slider")
    tab.press("ArrowRight")
    assert tab.turn() == labels[1]
    tab.page.eval_on_selector(
        "#slider", "e => { e.value = 7; e.dispatchEvent(new Event('input')) }"
    )
    assert tab.turn() == labels[7]
    tab.page.click("#next")
    assert tab.turn() == labels[8]
    tab.page.click("#back")
    tab.page.click("#back")
    assert tab.turn() == labels[6]
    tab.page.click("#log a[data-turn='12']")
    assert tab.turn() == labels[12]
    assert "now" in (tab.page.get_attribute("#log li:nth-child(12)", "class") or "")
    tab.page.click("#last")
    assert tab.turn() == labels[last]
    tab.page.click("#first")
    assert tab.turn() == labels[0]
    assert len(seen) == 3
    # An address ending in #N opens the page at turn N.
    tab.page.goto(f"{tab.url}#20")
    tab.page.reload()
    assert tab.turn() == labels[20]
    tab.close()


def test_a_seat_sees_its_own_cards_hidden(browser: Any, shots: Path, tmp_path: Path) -> None:
    record = record_of("rainbow")
    path = tmp_path / "seat.html"
    path.write_text(replay_html(record, seat=1), encoding="utf-8")
    state = list(record.states())[10]
    tab = Tab(browser, path)
    tab.press("ArrowRight", 10)
    expected = same_ids(render.svg(view(state, 1), names=["Ann", "Ben", "Cal"]))
    assert tab.words() == words_of(expected) and "Ben (you)" in tab.words()
    assert tab.words() != words_of(same_ids(render.svg(state, names=["Ann", "Ben", "Cal"])))
    tab.page.screenshot(path=str(shots / "rainbow-seat-1-turn-10.png"))
    tab.close()


def test_the_index_sorts_and_links(browser: Any, shots: Path, tmp_path: Path) -> None:
    games = [
        (f"simple-{seed}", GameRecord.from_state(play_game(Options(2), BOTS["simple"], seed)))
        for seed in range(5)
    ]
    index = write_pages(games, tmp_path / "pages", title="five games")
    tab = Tab(browser, index)
    rows = tab.page.eval_on_selector_all(
        "#games tbody tr", "rs => rs.map(r => Number(r.dataset.score))"
    )
    assert rows == [record.final().score for _, record in games]
    tab.page.click("#games th:nth-child(4)")  # score: lowest first
    ordered = tab.page.eval_on_selector_all(
        "#games tbody tr", "rs => rs.map(r => Number(r.dataset.score))"
    )
    assert ordered == sorted(rows)
    tab.page.click("#games th:nth-child(4)")  # again: highest first
    ordered = tab.page.eval_on_selector_all(
        "#games tbody tr", "rs => rs.map(r => Number(r.dataset.score))"
    )
    assert ordered == sorted(rows, reverse=True)
    tab.page.screenshot(path=str(shots / "index.png"))
    tab.page.click("text=simple-3")
    assert tab.page.url.split("#")[0].endswith("/simple-3.html")
    assert tab.turn() == turn_labels(games[3][1])[0]
    tab.page.click("text=All games")
    assert tab.page.url.endswith("/index.html")
    errors = tab.errors
    tab.errors = []
    requests = tab.requests
    tab.requests = []
    tab.close()
    assert errors == []
    pages = {
        (tmp_path / "pages" / name).resolve().as_uri() for name in ("index.html", "simple-3.html")
    }
    assert set(requests) == pages


def test_a_name_that_is_html_stays_words(browser: Any, tmp_path: Path) -> None:
    base = record_of("base")
    bait = '<img src="http://127.0.0.1:9/x.png" onerror="console.error(1)">'
    record = GameRecord(base.options, base.deck, base.actions, players=[bait, "Ben", "Cal"])
    path = tmp_path / "bait.html"
    path.write_text(replay_html(record), encoding="utf-8")
    tab = Tab(browser, path)
    tab.press("ArrowRight")
    assert tab.turn()[1].startswith(bait + ": ")
    assert bait in tab.words() and tab.page.locator("img").count() == 0
    tab.close()
