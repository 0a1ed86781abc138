"""HLE's ``rl_env``, under its documented import path: ``from hanabi_core import rl_env``.

The environment lives in the HLE room, `hanabi_core.hle.env` (with its
snapshot and observation beside it); this module re-exports its public names so that RL code
written for the Hanabi Learning Environment keeps running with one import changed.

```python
from hanabi_core import rl_env
env = rl_env.make("Hanabi-Full", num_players=2)
observations = env.reset()
assert observations["current_player"] == 0
```
"""

from __future__ import annotations

from ..hle.agent import MOVE_TYPES, Agent, Environment, color_char_to_idx
from ..hle.env import PRESETS, HanabiEnv, make
from ..hle.observation import PlayerObservation

__all__ = [
    "MOVE_TYPES",
    "PRESETS",
    "Agent",
    "Environment",
    "HanabiEnv",
    "PlayerObservation",
    "color_char_to_idx",
    "make",
]
