"""Record the public names and signatures of DeepMind HLE's ``rl_env`` module (and of its
``HanabiEnv`` instances and ``env.game``) into ``tests/data/hle_rl_env_names.json``.

Run with HLE installed (the ``hle`` extra):
``PYTHONPATH=src python scripts/record_hle_rl_env_names.py``. HLE is Apache-2.0
(github.com/deepmind/hanabi-learning-environment); the file holds names, signatures and a few
values of its API, with that notice. ``tests/test_rl_env_names.py`` compares hanabi_core.rl_env
against the recording in every run, and against the installed HLE when there is one.
"""

from __future__ import annotations
import __future__

import inspect
import json
import sys
import types
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "hle_rl_env_names.json"


def public(obj: object) -> list[str]:
    return sorted(name for name in dir(obj) if not name.startswith("_"))


def signature(obj: Any) -> str:
    try:
        return str(inspect.signature(obj))
    except (TypeError, ValueError):
        return "<no signature>"


def describe_module(module: types.ModuleType) -> dict[str, Any]:
    names: dict[str, Any] = {}
    for name in public(module):
        value = getattr(module, name)
        if isinstance(value, __future__._Feature):
            kind = "future"  # `from __future__ import ...`, not an API
        elif isinstance(value, types.ModuleType):
            kind = "module"
        elif inspect.isclass(value):
            kind = "class"
        elif callable(value):
            kind = "function"
        else:
            kind = "value"
        entry: dict[str, Any] = {"kind": kind}
        if kind == "function":
            entry["signature"] = signature(value)
        if kind == "class":
            entry["methods"] = {
                m: signature(getattr(value, m))
                for m in ["__init__", *public(value)]
                if callable(getattr(value, m))
            }
        if kind == "value":
            entry["value"] = value
        names[name] = entry
    return names


def main() -> None:
    from hanabi_learning_environment import rl_env  # noqa: PLC0415

    env = rl_env.make("Hanabi-Full", num_players=2)
    env.reset()
    game = env.game
    record = {
        "source": "DeepMind's Hanabi Learning Environment (hanabi_learning_environment, "
        "github.com/deepmind/hanabi-learning-environment), rl_env.py and pyhanabi.py",
        "licence": "Apache-2.0; Copyright 2018 Google LLC. Names, signatures and values of "
        "its public API only, no code.",
        "python": sys.version.split()[0],
        "module": describe_module(rl_env),
        "env_attributes": public(env),
        "game_methods": {m: signature(getattr(game, m)) for m in public(game)},
        "color_char_to_idx": {c: rl_env.color_char_to_idx(c) for c in "RYGWB"},
        "game_values": {
            "num_players": game.num_players(),
            "num_colors": game.num_colors(),
            "num_ranks": game.num_ranks(),
            "hand_size": game.hand_size(),
            "max_information_tokens": game.max_information_tokens(),
            "max_life_tokens": game.max_life_tokens(),
            "max_moves": game.max_moves(),
            "num_cards": [[game.num_cards(c, r) for r in range(5)] for c in range(5)],
            "observation_type": int(game.observation_type()),
            "moves": [
                {"str": str(game.get_move(u)), "dict": game.get_move(u).to_dict()}
                for u in range(game.max_moves())
            ],
        },
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
