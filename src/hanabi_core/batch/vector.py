"""Gymnasium-style vector environment and a PettingZoo-style parallel wrapper over the batch."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import hle
from .._extras import missing_extra
from ..errors import InvalidOptions, brief
from ..records import GameRecord
from ..state import GameState
from ._core import BatchState
from .engine import Engine, _put

__all__ = ["ParallelEnv", "VectorEnv"]

Array = npt.NDArray[Any]


def _observation_type(value: object) -> int:
    if isinstance(value, str) and value in hle.OBSERVATION_TYPES:
        return hle.OBSERVATION_TYPES[value]
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or value not in (0, 1, 2):
        raise InvalidOptions(
            "observation_type",
            f"must be 0, 1, 2, 'minimal', 'card_knowledge' or 'seer', got {brief(value)}",
        )
    return int(value)  # type: ignore[call-overload,unused-ignore]


class VectorEnv:
    """`num_envs` HLE games stepped together, in Gymnasium's vector-environment style.

    Args:
        num_envs: B, the number of games.
        **config: HLE's config keys (``players``, ``colors``, ``hand_size``,
            ``max_information_tokens``, ``max_life_tokens``, ``observation_type`` as 0–2 or
            ``"minimal"``, ``"card_knowledge"``, ``"seer"``; ``seed`` is the default seed of the
            first `reset`). ``random_start_player`` is not supported: seat 0 always starts.

    ``reset(seed=)`` returns ``(obs, infos)`` and ``step(actions)``, with a (B,) array of HLE
    uids, ``(obs, rewards, terminations, truncations, infos)``. ``obs`` is a dict:
    ``"observation"`` (B, P, L) uint8, each seat's canonical vector with seat s at index s (bit
    for bit [`hle.encode`][hanabi_core.hle.encode]), ``"action_mask"`` (B, M) bool and
    ``"current_player"`` (B,). Rewards are the change in score (float32), the same for every
    seat. ``truncations`` are always False: a game of Hanabi always ends.

    **Auto-reset** is Gymnasium's default (``AutoresetMode.NEXT_STEP``): the step that ends a game
    returns its last observation with ``terminations[i]`` True; at the next `step`, that game's
    action is ignored and it is dealt a new game, whose first observation is returned with
    reward 0 and ``terminations[i]`` False.

    ```python
    import numpy as np
    from hanabi_core.batch import VectorEnv

    env = VectorEnv(8, players=3)
    obs, infos = env.reset(seed=42)
    rng = np.random.default_rng(0)
    for _ in range(100):
        weights = rng.random(obs["action_mask"].shape) * obs["action_mask"]
        obs, rewards, terminations, truncations, infos = env.step(weights.argmax(axis=1))
    assert obs["observation"].shape == (8, 3, 956)
    assert env.game_state(0).turn == int(env.state.turn[0])
    ```
    """

    #: Gymnasium's metadata: the auto-reset mode is NEXT_STEP.
    metadata: Mapping[str, Any] = {"autoreset_mode": "NextStep", "render_modes": []}

    def __init__(self, num_envs: int, **config: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidOptions("num_envs", f"must be a whole number >= 1, got {brief(num_envs)}")
        self.config = dict(config)
        observation_type = _observation_type(config.pop("observation_type", hle.CARD_KNOWLEDGE))
        self._default_seed = config.pop("seed", None)
        if config.pop("random_start_player", False):
            raise InvalidOptions("random_start_player", "the batch always starts with seat 0")
        #: The game's [`Options`][hanabi_core.Options].
        self.options = hle.options_from_config(config)
        #: The [`Engine`][hanabi_core.batch.Engine] that plays the games.
        self.engine = Engine(self.options)
        #: B, the number of games.
        self.num_envs = num_envs
        #: The observation type: 0 minimal, 1 card knowledge, 2 seer.
        self.observation_type = observation_type
        #: Players, and the number of move uids.
        self.players, self.num_moves = self.engine.players, self.engine.num_moves
        #: The length of each seat's vector.
        self.observation_length = self.engine.observation_length(observation_type)
        self._rng: np.random.Generator | None = None
        self._state: BatchState | None = None
        self._restart = np.zeros(num_envs, bool)

    def _spaces(self) -> Any:
        try:
            from gymnasium import spaces  # noqa: PLC0415  (the rl extra, only when asked)
            from gymnasium.vector.utils import batch_space  # noqa: PLC0415
        except ImportError as error:  # pragma: no cover - the extra is missing
            raise missing_extra("the spaces", "Gymnasium", "rl") from error
        return spaces, batch_space

    @property
    def single_observation_space(self) -> Any:
        """One game's observation as a Gymnasium space: ``Dict(observation=Box(0, 1, (P, L),
        uint8), action_mask=Box(False, True, (M,), bool), current_player=Discrete(P))``.
        Needs Gymnasium (the `rl` extra), as do the other spaces."""
        spaces, _ = self._spaces()
        return spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (self.players, self.observation_length), np.uint8),
                "action_mask": spaces.Box(0, 1, (self.num_moves,), bool),
                "current_player": spaces.Discrete(self.players),
            }
        )

    @property
    def observation_space(self) -> Any:
        """The batch's observation space (`single_observation_space` for B games)."""
        _, batch_space = self._spaces()
        return batch_space(self.single_observation_space, self.num_envs)

    @property
    def single_action_space(self) -> Any:
        """One game's action: ``Discrete(M)``, an HLE uid."""
        spaces, _ = self._spaces()
        return spaces.Discrete(self.num_moves)

    @property
    def action_space(self) -> Any:
        """The batch's actions: ``MultiDiscrete([M] * B)``."""
        spaces, _ = self._spaces()
        return spaces.MultiDiscrete([self.num_moves] * self.num_envs)

    @property
    def state(self) -> BatchState:
        """The games as arrays (a [`BatchState`][hanabi_core.batch.BatchState])."""
        if self._state is None:
            raise InvalidOptions("state", "no games yet: call reset() first")
        return self._state

    def _obs(self) -> dict[str, Array]:
        state = self.state
        return {
            "observation": self.engine.observe(state, self.observation_type),
            "action_mask": state.legal,
            "current_player": state.current,
        }

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Array], dict[str, Any]]:
        """Deal new games.

        Args:
            seed: seeds the generator of this and later deals (a fresh one from the operating
                system on the first reset without a seed).
            options: ``{"decks": ...}`` to deal chosen decks (as
                [`Engine.decks`][hanabi_core.batch.Engine.decks] takes them), or
                ``{"states": [GameState, ...]}`` to continue given games; B of them.

        Raises:
            InvalidDeck, InvalidOptions: bad decks or states, or not B of them.
        """
        if seed is None and self._rng is None:
            seed = self._default_seed
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        options = dict(options or {})
        if "states" in options:
            state = self.engine.from_states(options.pop("states"))
        elif "decks" in options:
            state = self.engine.reset(decks=options.pop("decks"))
        else:
            state = self.engine.reset(self.num_envs, seed=self._rng)
        if options:
            raise InvalidOptions("options", f"unknown reset options {sorted(options)}")
        if state.done.shape[0] != self.num_envs:
            raise InvalidOptions(
                "options", f"{state.done.shape[0]} games given for {self.num_envs} environments"
            )
        self._state = state
        self._restart = np.zeros(self.num_envs, bool)
        return self._obs(), {}

    def step(self, actions: Any) -> tuple[dict[str, Array], Array, Array, Array, dict[str, Any]]:
        """Every game's player to move takes `actions[i]`, an HLE uid.

        Raises:
            IllegalAction: an illegal uid in a game that is not being reset, naming the games;
                nothing is changed.
        """
        before = self.state  # raises before the first reset
        assert self._rng is not None
        state, reward, done = self.engine.step(before, np.asarray(actions))
        restart = self._restart
        if restart.any():
            rows = np.flatnonzero(restart)
            fresh = self.engine.reset(decks=self.engine.shuffle(rows.size, self._rng))
            state = BatchState(
                *(_put(old, rows, new) for old, new in zip(state, fresh, strict=True))
            )
            done = state.done
            reward = np.where(restart, 0, reward)
        self._state = state
        self._restart = done.copy()
        rewards = reward.astype(np.float32)
        return self._obs(), rewards, done.copy(), np.zeros(self.num_envs, bool), {}

    def game_state(self, index: int) -> GameState:
        """Game `index` as a [`GameState`][hanabi_core.GameState]."""
        return self.engine.game_state(self.state, index)

    def record(self, index: int) -> GameRecord:
        """Game `index` as a [`GameRecord`][hanabi_core.GameRecord]."""
        return self.engine.record(self.state, index)

    def observation_dict(self, index: int) -> dict[str, Any]:
        """Game `index`'s observation as [`rl_env`][hanabi_core.rl_env] gives it (the dicts of
        every player, HLE's keys), replayed in an `rl_env.HanabiEnv` of the same config."""
        from .. import rl_env  # noqa: PLC0415  (the list-returning drop-in, only on request)

        config = {k: v for k, v in self.config.items() if k != "seed"}
        config["observation_type"] = self.observation_type
        env = rl_env.HanabiEnv({**config, "seed": 0})
        observation = env.reset(deck=self.engine.deck_cards(self.state, index))
        for uid in self.engine.uids(self.state, index):
            observation, _, _, _ = env.step(uid)
        return observation

    def close(self) -> None:
        """Nothing to release (Gymnasium's API)."""


class ParallelEnv:
    """A PettingZoo ``ParallelEnv``-style view of a `VectorEnv`: dicts keyed by agent
    (``player_0`` …), each holding the B games' arrays.

    ``reset(seed=)`` → ``(observations, infos)``; ``step(actions)`` with ``{agent: (B,) uids}``
    (only the player to move's uid is read, game by game) → ``(observations, rewards,
    terminations, truncations, infos)``. An agent's observation is ``{"observation": (B, L)
    uint8, "action_mask": (B, M) bool}``, its mask all False in games where it is not to move.

    ```python
    import numpy as np
    from hanabi_core.batch import ParallelEnv

    env = ParallelEnv(4, players=2)
    observations, infos = env.reset(seed=1)
    actions = {agent: obs["action_mask"].argmax(axis=1) for agent, obs in observations.items()}
    observations, rewards, terminations, truncations, infos = env.step(actions)
    assert set(rewards) == {"player_0", "player_1"} and rewards["player_0"].shape == (4,)
    ```
    """

    def __init__(self, num_envs: int, **config: Any) -> None:
        #: The vector environment underneath.
        self.env = VectorEnv(num_envs, **config)
        #: The agents' names.
        self.agents = self.possible_agents = [f"player_{p}" for p in range(self.env.players)]

    def _split(self, obs: dict[str, Array]) -> dict[str, dict[str, Array]]:
        mover = obs["current_player"]
        return {
            agent: {
                "observation": obs["observation"][:, seat],
                "action_mask": obs["action_mask"] & (mover == seat)[:, None],
            }
            for seat, agent in enumerate(self.agents)
        }

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Array]], dict[str, dict[str, Any]]]:
        """Deal new games (see [`VectorEnv.reset`][hanabi_core.batch.VectorEnv.reset])."""
        obs, _ = self.env.reset(seed=seed, options=options)
        return self._split(obs), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Sequence[int] | Array]) -> tuple[Any, ...]:
        """Each game's player to move takes its uid from its agent's (B,) array."""
        mover = self.env.state.current
        stacked = np.stack([np.asarray(actions[agent]) for agent in self.agents], axis=1)
        uids = stacked[np.arange(stacked.shape[0]), mover]
        obs, rewards, terminations, truncations, _ = self.env.step(uids)
        return (
            self._split(obs),
            dict.fromkeys(self.agents, rewards),
            dict.fromkeys(self.agents, terminations),
            dict.fromkeys(self.agents, truncations),
            {agent: {} for agent in self.agents},
        )
