"""Hanabi as a PettingZoo AEC environment, over [`rl_env`][hanabi_core.rl_env].

Needs the optional ``rl`` extra (``pip install "hanabi_core[rl]"``: PettingZoo, Gymnasium and
NumPy). The environment follows PettingZoo's own Hanabi (``pettingzoo.classic.hanabi_v5``): agents
``player_0`` … ``player_{P-1}``, actions are HLE's move uids, and each observation is
``{"observation": the canonical vector (float32), "action_mask": int8 per uid}``; every agent is
rewarded the change in score. It passes ``pettingzoo.test.api_test``.

```python
from hanabi_core.pettingzoo import env as hanabi_env

env = hanabi_env(players=2, observation_type="card_knowledge")
env.reset(seed=42)
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    if termination or truncation:
        action = None
    else:
        action = int(observation["action_mask"].nonzero()[0][0])   # the first legal uid
    env.step(action)
env.close()
```

The keywords are HLE's config keys (``colors``, ``hand_size``, ``max_information_tokens``,
``max_life_tokens``, ``observation_type`` as 0–2 or ``"minimal"``, ``"card_knowledge"``,
``"seer"``, ``random_start_player``) plus ``players`` and ``render_mode`` (``None`` or
``"human"``, which prints the game). An illegal action, or one that is not a move uid (a bool,
a float, a string), raises [`IllegalAction`][hanabi_core.IllegalAction] and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "hanabi_core.pettingzoo needs PettingZoo, Gymnasium and NumPy: "
        'pip install "hanabi_core[rl]"'
    ) from error

from . import hle
from .errors import InvalidOptions, brief
from .hle.env import HanabiEnv

__all__ = ["HanabiAECEnv", "env", "raw_env"]

_OBSERVATION_TYPES = {"minimal": 0, "card_knowledge": 1, "seer": 2}


def env(**kwargs: Any) -> HanabiAECEnv:
    """A Hanabi AEC environment; the keywords are those of `HanabiAECEnv`."""
    return HanabiAECEnv(**kwargs)


#: PettingZoo's name for the unwrapped constructor.
raw_env = env


class HanabiAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """Hanabi for PettingZoo's AEC API, one agent per seat.

    Args:
        players: 2 to 5.
        render_mode: ``None`` or ``"human"``.
        **config: HLE's config keys (see [`rl_env.HanabiEnv`][hanabi_core.rl_env.HanabiEnv]);
            ``observation_type`` may also be ``"minimal"``, ``"card_knowledge"`` or ``"seer"``.

    Raises:
        InvalidOptions: a key or value HLE or the rules do not allow.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "hanabi_core_v0",
        "render_modes": ["human"],
        "is_parallelizable": False,
    }

    def __init__(self, players: int = 2, render_mode: str | None = None, **config: Any) -> None:
        super().__init__()
        kind = config.get("observation_type", hle.CARD_KNOWLEDGE)
        if isinstance(kind, str):
            if kind not in _OBSERVATION_TYPES:
                raise InvalidOptions(
                    "observation_type",
                    f"must be one of {list(_OBSERVATION_TYPES)}, got {brief(kind)}",
                )
            config["observation_type"] = _OBSERVATION_TYPES[kind]
        if render_mode not in (None, "human"):
            raise InvalidOptions(
                "render_mode", f"must be None or 'human', got {brief(render_mode)}"
            )
        self.render_mode = render_mode
        self._config = {**config, "players": players}
        self._env = HanabiEnv(self._config)
        self.possible_agents = [f"player_{p}" for p in range(self._env.players)]
        self.agents = list(self.possible_agents)
        length = self._env.vectorized_observation_shape()[0]
        moves = self._env.num_moves()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (length,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (moves,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(moves) for agent in self.possible_agents}
        self._observation: dict[str, Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of `agent`: the move uids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; a `seed` makes this and the following deals reproducible."""
        if seed is not None:
            self._env = HanabiEnv({**self._config, "seed": seed})
        self._observation = self._env.reset()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._observation["current_player"]]

    def observe(self, agent: str) -> dict[str, Any]:
        """`agent`'s observation: the canonical vector and the mask of its legal uids."""
        assert self._observation is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        mine = self._observation["player_observations"][seat]
        mask = np.zeros(self._env.num_moves(), dtype=np.int8)
        if not self.terminations.get(agent, True):
            mask[mine["legal_moves_as_int"]] = 1
        return {"observation": np.array(mine["vectorized"], dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes `action` (a move uid; `None` once its game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Passed as given: `int()` would take 1.7, "5" or True for a uid; rl_env refuses them
        # (and None while the game goes on) with the library's errors, changing nothing.
        observation, reward, done, _ = self._env.step(action)  # type: ignore[arg-type]
        self._observation = observation
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, reward)
        if done:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[observation["current_player"]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> None:
        """Print the game (render mode ``"human"``)."""
        if self.render_mode is None:
            return
        state = self._env.state
        print(f"Turn {state.turn}: Notes {state.notes}, Storms {state.storms}, "
              f"fireworks {dict(state.fireworks)}, deck {state.deck_size}")  # fmt: skip
        for seat, hand in enumerate(state.hands):
            print(f"  seat {seat}: {', '.join(str(card.card) for card in hand)}")

    def close(self) -> None:
        """Nothing to release."""
