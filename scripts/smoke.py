"""Smoke test of an installed hanabi_core (the built wheel in a clean venv): run by ``.ci/run``.

Run it with the venv's Python, from outside the repository so that the clone's ``src/`` cannot be
imported instead::

    /tmp/wheel-venv/bin/python scripts/smoke.py

It checks that the package imports from the installed copy, that a seeded game plays out to the
same end twice, that the packaged spec text is there, that the ``hanabi-core`` command runs
(``--version``, ``rules``, ``new`` and ``replay``), and that ``hanabi_core.rl_env`` imports with
the core alone (it needs no NumPy). Prints one line per check; exits non-zero on the first failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import hanabi_core
from hanabi_core import Options, apply, legal_actions, new_game, rl_env
from hanabi_core.bots import BOTS
from hanabi_core.rulebook import rule_text
from hanabi_core.simulate import play_game


def check(label: str, condition: bool) -> None:
    print(("ok   " if condition else "FAIL ") + label, flush=True)
    if not condition:
        sys.exit(1)


def play_out(seed: int) -> tuple[int, int]:
    """Play a seeded 3-player game out, always taking the first legal action; (score, turns)."""
    state = new_game(Options(players=3), seed=seed)
    turns = 0
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
        turns += 1
    return state.score, turns


def main() -> None:
    where = Path(hanabi_core.__file__).resolve()
    version = hanabi_core.__version__
    check(f"import hanabi_core {version} from {where.parent}", "site-packages" in str(where))
    first = play_out(seed=7)
    check(f"a seeded game plays out: score {first[0]} in {first[1]} turns", first[1] > 0)
    check("the same seed plays the same game", play_out(seed=7) == first)
    final = play_game(Options(players=3), BOTS["simple"], seed=7)
    check(f"the simple bot plays a seeded game: score {final.score}", final.score > 0)

    check("the packaged spec text: rule 4.5", "clue" in rule_text("4.5").body.lower())

    observation = rl_env.make("Hanabi-Full", num_players=2).reset()
    check("hanabi_core.rl_env: an observation", observation["current_player"] == 0)

    command = shutil.which("hanabi-core", path=str(Path(sys.executable).parent))
    check(f"the hanabi-core command is installed: {command}", command is not None)
    assert command is not None

    def run(*args: str) -> str:
        result = subprocess.run([command, *args], capture_output=True, text=True, check=False)
        check(f"hanabi-core {' '.join(args)} (exit {result.returncode})", result.returncode == 0)
        return result.stdout

    check("hanabi-core --version names the spec", "spec" in run("--version").lower())
    check("hanabi-core rules 4.5 quotes the rule", "4.5" in run("rules", "4.5"))
    with tempfile.TemporaryDirectory() as folder:
        record = os.path.join(folder, "game.json")
        run("new", "--players", "3", "--seed", "7", "--play", "open", "-o", record)
        check("hanabi-core replay tells the score", "score" in run("replay", record).lower())
    print("smoke: all checks passed")


if __name__ == "__main__":
    main()
