"""Draw the SVG table of three games and screenshot each in headless Chromium.

A check by eye that `hanabi_core.render.svg` draws in a real browser (CI has no Chromium, so this
is a script, not a test): a base game, a Rainbow game and an Up or Down game, each played for a
number of turns by the open bot, written as ``NAME.svg`` and an HTML page holding it, then
screenshotted to ``NAME.png`` in the output folder (default ``/tmp/hanabi-svg``).

    python scripts/svg_screenshots.py [OUT_DIR]

Needs ``chromium`` (or ``chromium-browser``, ``google-chrome``) on the PATH.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

from hanabi_core import GameState, Options, apply, legal_actions, new_game, render, view
from hanabi_core.bots import OpenBot, decide
from hanabi_core.hanablive import variant

GAMES = (
    ("base", Options(3), 24, None),
    ("rainbow", Options(3, variant=variant("Rainbow (6 Suits)")), 22, None),
    ("up-or-down", Options(4, variant=variant("Up or Down (5 Suits)")), 26, 1),
)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)


def _browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("no chromium on the PATH: apt-get install -y chromium")


def _played(options: Options, turns: int, seed: int) -> GameState:
    """A game played `turns` turns: the open bot's move most of the time, a clue otherwise, so
    that hands carry clue marks."""
    state = new_game(options, seed=seed)
    rng = random.Random(seed)
    bot = OpenBot(rng)
    while state.turn < turns and not state.is_over:
        legal = legal_actions(state)
        clues = [a for a in legal if type(a).__name__.endswith("Clue")]
        if clues and rng.random() < 0.4:
            action = rng.choice(clues)
        else:
            seat = state.current_player
            action = decide(bot, view(state, seat), state.hands[seat])
        state = apply(state, action)
    return state


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/hanabi-svg")
    out.mkdir(parents=True, exist_ok=True)
    browser = _browser()
    for name, options, turns, seat in GAMES:
        state = _played(options, turns, seed=11)
        game = state if seat is None else view(state, seat)
        picture = render.svg(game)
        (out / f"{name}.svg").write_text(picture, encoding="utf-8")
        page = out / f"{name}.html"
        page.write_text(f"<!doctype html><body style='margin:0'>{picture}</body>", "utf-8")
        width, height = (int(float(v)) for v in _size(picture))
        subprocess.run(
            [
                browser,
                *FLAGS,
                f"--screenshot={out / f'{name}.png'}",
                f"--window-size={width},{height}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        print(f"{out / f'{name}.png'}: {width}x{height}")
        print(render.text(game))


def _size(picture: str) -> tuple[str, str]:
    import xml.etree.ElementTree as ET  # noqa: PLC0415

    root = ET.fromstring(picture)
    return root.attrib["width"], root.attrib["height"]


if __name__ == "__main__":
    main()
