"""Hanabi as a PettingZoo AEC environment, over [`rl_env`][hanabi_core.rl_env].

Needs the optional ``rl`` extra (PettingZoo, Gymnasium and NumPy): ``pip install -e ".[rl]"``
from a clone, ``pip install "hanabi-core[rl]"`` once released on PyPI.

The environment follows PettingZoo's own Hanabi (``pettingzoo.classic.hanabi_v5``): agents
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

PettingZoo's conventions, and where this environment stands:

- **An illegal move** (a uid the action mask rules out) ends the game as PettingZoo's Hanabi
  does (its ``TerminateIllegalWrapper``): every agent is terminated and truncated, the agent that
  moved is rewarded `illegal_reward` (−1) and the others 0, PettingZoo logs its "Illegal move"
  warning, and the agent's ``info`` holds ``"illegal_move"`` (the uid) and ``"error"`` (why, in
  words). ``illegal_moves="raise"`` raises [`IllegalAction`][hanabi_core.IllegalAction] instead and
  changes nothing.
- **Misuse** raises the library's errors, never a bare ``AttributeError`` or ``KeyError``: a value
  that is not a move uid at all (a bool, a float, a string, ``None`` while the agent plays, a uid
  out of range), a step before `reset` or after every agent is done, an action other than ``None``
  for a done agent ([`IllegalAction`][hanabi_core.IllegalAction], rule 3.4); an agent name the
  game does not have ([`InvalidArgument`][hanabi_core.InvalidArgument]); a bad setting
  ([`InvalidOptions`][hanabi_core.InvalidOptions]).
- **Seeds**: ``reset(seed=s)`` with a whole number ``s >= 0`` deals the same games again (this
  deal and the following ones); ``reset()`` continues the sequence, or draws from the operating
  system before any seed. A negative seed is refused: HLE reads −1 as "draw from the operating
  system", which would silently make a seeded reset unreproducible.
- **Rendering**: ``render_mode="ansi"`` makes `render` return the table as text (``str`` of the
  [`GameState`][hanabi_core.GameState], every hand shown), ``"human"`` prints it after each step.
- ``state()`` is a global view for centralised training: the ``"seer"`` canonical vector (every
  hand shown, the deck hidden) of ``player_0``, in ``state_space``.

`parallel_env` is the same game in PettingZoo's parallel API (one game; for thousands at once,
see [`hanabi_core.batch.BatchParallelEnv`][hanabi_core.batch.BatchParallelEnv]).
"""

from __future__ import annotations

import inspect
import operator
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypedDict

try:
    import numpy as np
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as error:  # pragma: no cover - depends on the environment
    from ._support.extras import missing_extra

    raise missing_extra(
        "hanabi_core.pettingzoo", "PettingZoo, Gymnasium and NumPy", "rl"
    ) from error

from . import hle
from .errors import IllegalAction, InvalidArgument, InvalidOptions, brief
from .hle.env import HanabiEnv
from .spec import Rule

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing's own from Python 3.12

__all__ = ["HanabiAECEnv", "HanabiParallelEnv", "env", "parallel_env", "raw_env"]

_RENDER_MODES = ("human", "ansi")


def _metadata(name: str, *, parallelizable: bool) -> dict[str, Any]:
    """PettingZoo's ``metadata`` of the environment `name` (its own dict and list)."""
    return {"name": name, "render_modes": list(_RENDER_MODES), "is_parallelizable": parallelizable}


class _Keywords(TypedDict, total=False):
    """The keywords of `env`, which `parallel_env` takes too (for type checkers)."""

    colors: int
    ranks: int
    players: int
    hand_size: int | None
    max_information_tokens: int
    max_life_tokens: int
    observation_type: int | str
    random_start_player: bool
    seed: int | None
    render_mode: str | None
    illegal_moves: Literal["terminate", "raise"]
    illegal_reward: float


def env(**keywords: Unpack[_Keywords]) -> HanabiAECEnv:
    """A Hanabi AEC environment; the keywords are those of `HanabiAECEnv`.

    ```python
    from hanabi_core.pettingzoo import env
    aec = env(players=3, observation_type="seer", render_mode="ansi")
    aec.reset(seed=7)
    assert aec.agent_selection == "player_0" and isinstance(aec.render(), str)
    ```
    """
    return HanabiAECEnv(**keywords)


#: PettingZoo's name for the unwrapped constructor (the same environment: nothing is wrapped).
raw_env = env


def _seed(seed: object) -> int:
    """A seed for `rl_env` (M8 of issue 25): -1, HLE's "draw from the operating system", for
    `None`; a whole number from 0 as it is; anything else refused."""
    if seed is None:
        return -1
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidOptions(
            "seed",
            f"must be a whole number from 0, or None for a deal drawn from the operating system, "
            f"got {brief(seed)}",
        )
    return seed


class HanabiAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """Hanabi for PettingZoo's AEC API, one agent per seat.

    Args:
        colors: 1 to 5 (HLE's config keys, as PettingZoo's Hanabi).
        ranks: 5.
        players: 2 to 5.
        hand_size: cards in a hand; `None` for HLE's default (5 below four players, else 4).
        max_information_tokens: the Note-token cap.
        max_life_tokens: the Storms that end the game.
        observation_type: ``"minimal"``, ``"card_knowledge"`` or ``"seer"`` (or HLE's 0 to 2).
        random_start_player: whether each deal draws the player who starts.
        seed: the seed of the first deal when `reset` is given none; `None` draws from the
            operating system.
        render_mode: `None`, ``"human"`` (print the table after each step) or ``"ansi"``
            (`render` returns it).
        illegal_moves: ``"terminate"`` (PettingZoo's Hanabi: the game ends, the agent is
            rewarded `illegal_reward`) or ``"raise"`` (`IllegalAction`, nothing changes).
        illegal_reward: the reward of an agent whose move the action mask rules out.

    Raises:
        InvalidOptions: a key or value HLE or the rules do not allow.
    """

    metadata: ClassVar[dict[str, Any]] = _metadata("hanabi_core_v0", parallelizable=False)

    def __init__(
        self,
        *,
        colors: int = 5,
        ranks: int = 5,
        players: int = 2,
        hand_size: int | None = None,
        max_information_tokens: int = 8,
        max_life_tokens: int = 3,
        observation_type: int | str = "card_knowledge",
        random_start_player: bool = False,
        seed: int | None = None,
        render_mode: str | None = None,
        illegal_moves: Literal["terminate", "raise"] = "terminate",
        illegal_reward: float = -1.0,
    ) -> None:
        super().__init__()
        kind = observation_type
        if isinstance(kind, str):
            if kind not in hle.OBSERVATION_TYPES:
                raise InvalidOptions(
                    "observation_type",
                    f"must be one of {list(hle.OBSERVATION_TYPES)}, got {brief(kind)}",
                )
            kind = hle.OBSERVATION_TYPES[kind]
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise InvalidOptions(
                "render_mode", f"must be None, 'human' or 'ansi', got {brief(render_mode)}"
            )
        if illegal_moves not in ("terminate", "raise"):
            raise InvalidOptions(
                "illegal_moves", f"must be 'terminate' or 'raise', got {brief(illegal_moves)}"
            )
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise InvalidOptions("illegal_reward", f"must be a number, got {brief(illegal_reward)}")
        self.render_mode = render_mode
        self._illegal_moves = illegal_moves
        self._illegal_reward = float(illegal_reward)
        config: dict[str, Any] = {
            "colors": colors,
            "ranks": ranks,
            "players": players,
            "max_information_tokens": max_information_tokens,
            "max_life_tokens": max_life_tokens,
            "observation_type": kind,
            "random_start_player": random_start_player,
        }
        if hand_size is not None:
            config["hand_size"] = hand_size
        self._config = config
        self._env = HanabiEnv({**config, "seed": _seed(seed)})
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
        self.state_space = spaces.Box(
            0, 1, (hle.observation_length(self._env.options),), dtype=np.float32
        )
        self._observation: dict[str, Any] | None = None

    def _seat(self, agent: object) -> int:
        try:
            return self.possible_agents.index(agent)  # type: ignore[arg-type]
        except ValueError:
            raise InvalidArgument(
                "agent",
                f"{brief(agent)} is not an agent of this game; the agents are "
                f"{', '.join(self.possible_agents)}",
            ) from None

    def _game(self) -> dict[str, Any]:
        if self._observation is None:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY, "No game yet: call reset() first", action=None
            )
        return self._observation

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent` (the same for every agent).

        Raises:
            InvalidArgument: `agent` is not an agent of this game.
        """
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of `agent`: the move uids.

        Raises:
            InvalidArgument: `agent` is not an agent of this game.
        """
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; a `seed` (a whole number from 0) makes this and the following deals
        reproducible.

        Raises:
            InvalidOptions: a negative seed or one that is not a whole number (HLE's −1, "draw
                from the operating system", is not a seed here: it would not be reproducible).
        """
        if seed is not None:
            self._env = HanabiEnv({**self._config, "seed": _seed(seed)})
        self._observation = self._env.reset()
        self.agents = list(self.possible_agents)
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._observation["current_player"]]

    def observe(self, agent: str) -> dict[str, Any]:
        """`agent`'s observation: the canonical vector and the mask of its legal uids.

        Raises:
            IllegalAction: before the first `reset`.
            InvalidArgument: `agent` is not an agent of this game.
        """
        seat = self._seat(agent)
        mine = self._game()["player_observations"][seat]
        mask = np.zeros(self._env.num_moves(), dtype=np.int8)
        if not self.terminations.get(agent, True):
            mask[mine["legal_moves_as_int"]] = 1
        return {"observation": np.array(mine["vectorized"], dtype=np.float32), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """What the selected agent sees now: ``(observation, cumulative reward, termination,
        truncation, info)``.

        Raises:
            IllegalAction: before the first `reset`, or once every agent is done.
        """
        self._game()
        if not self.agents:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                "The game is over and every agent is done: call reset() to deal a new one",
                action=None,
            )
        result: tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]] = super().last(
            observe
        )
        return result

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """A global view of the game for centralised training: the ``"seer"`` canonical vector
        of ``player_0`` (every hand shown, the deck hidden), in `state_space`.

        Raises:
            IllegalAction: before the first `reset`.
        """
        observation = self._game()
        state = self._env.state
        # rl_env's player p is the engine's seat p - start; start from what both show.
        start = (observation["current_player"] - state.current_player) % self._env.players
        seat = -start % self._env.players
        return np.array(hle.encode(state, seat, hle.SEER), dtype=np.float32)

    def step(self, action: int | None) -> None:
        """The selected agent takes `action` (a move uid; `None` once it is done).

        A uid the action mask rules out ends the game, PettingZoo's way (see the module), unless
        the environment was made with ``illegal_moves="raise"``.

        Raises:
            IllegalAction: `action` is not a move uid of this game (nothing changes); an illegal
                uid under ``illegal_moves="raise"``; an action other than `None` for an agent
                that is done; a step before `reset` or after every agent is done.
        """
        observation = self._game()
        if not self.agents:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                "The game is over and every agent is done: call reset() to deal a new one",
                action=action,
            )
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalAction(
                    Rule.KNOWN_ACTIONS_ONLY,
                    f"{agent} is done (the game is over): its only action is None, got "
                    f"{brief(action)}",
                    action=action,
                )
            self._was_dead_step(action)
            return
        uid = self._masked_uid(observation, agent, action)
        if uid is not None:
            if self._illegal_moves == "raise":
                self._env.step(uid)  # raises the rule's IllegalAction; nothing changes
            self._end_for_illegal_move(agent, uid)
            return
        # Passed as given: `int()` would take 1.7, "5" or True for a uid; rl_env refuses them
        # (and None while the game goes on) with the library's errors, changing nothing.
        observation, reward, done, _ = self._env.step(action)  # type: ignore[arg-type]
        self._observation = observation
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, float(reward))
        if done:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[observation["current_player"]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _masked_uid(self, observation: dict[str, Any], agent: str, action: object) -> int | None:
        """`action` if it is a uid of this game that the agent's action mask rules out."""
        if isinstance(action, (bool, np.bool_)):
            return None
        try:
            uid = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            return None
        if not 0 <= uid < self._env.num_moves():
            return None
        legal = observation["player_observations"][self._seat(agent)]["legal_moves_as_int"]
        return None if uid in legal else uid

    def _end_for_illegal_move(self, agent: str, uid: int) -> None:
        """PettingZoo's ``TerminateIllegalWrapper``: every agent is done, the mover gets the
        illegal-move reward, the others 0."""
        try:
            self._env.step(uid)
        except IllegalAction as error:
            why = str(error)
        else:  # pragma: no cover - the mask lists every legal uid
            raise AssertionError("an action the mask rules out was legal")
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self._illegal_reward
        self.infos[agent] = {**self.infos[agent], "illegal_move": uid, "error": why}
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``str`` of the game state, every hand shown): returned in render
        mode ``"ansi"``, printed in ``"human"``; with no render mode, Gymnasium's warning.

        Raises:
            IllegalAction: before the first `reset`.
        """
        if self.render_mode is None:
            logger.warn("render() was called without a render mode: make the environment with "
                        'render_mode="ansi" or "human"')  # fmt: skip
            return None
        self._game()
        text = str(self._env.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(**keywords: Unpack[_Keywords]) -> HanabiParallelEnv:
    """One game of Hanabi in PettingZoo's parallel API; the keywords are those of `env`.

    ```python
    from hanabi_core.pettingzoo import parallel_env

    game = parallel_env(players=3)
    observations, infos = game.reset(seed=42)
    while game.agents:
        actions = {
            agent: int(obs["action_mask"].nonzero()[0][-1]) if obs["action_mask"].any() else 0
            for agent, obs in observations.items()
        }                                       # only the player to move's action is read
        observations, rewards, terminations, truncations, infos = game.step(actions)
    assert game.agents == [] and all(terminations.values())
    ```
    """
    return HanabiParallelEnv(**keywords)


# What `inspect.signature` shows of `env` and `parallel_env`: `HanabiAECEnv`'s keywords, one by
# one, with their defaults (PettingZoo's Hanabi's config keys, issue 20 item 7).
_SIGNATURE = inspect.signature(HanabiAECEnv)
env.__signature__ = _SIGNATURE.replace(return_annotation="HanabiAECEnv")  # type: ignore[attr-defined]
parallel_env.__signature__ = _SIGNATURE.replace(  # type: ignore[attr-defined]
    return_annotation="HanabiParallelEnv"
)


class HanabiParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo's classes are untyped
    """One game of Hanabi for PettingZoo's parallel API: every live agent gives an action at
    every step, and the player to move's is the one played (Hanabi takes turns; the others'
    actions are not read, so any value does, PettingZoo's test gives 0 from an all-zero mask).

    The game, its keywords, observations, rewards, illegal moves, seeds, `state` and rendering
    are those of [`HanabiAECEnv`][hanabi_core.pettingzoo.HanabiAECEnv], which it plays
    underneath: an agent's observation is ``{"observation": the canonical vector (float32),
    "action_mask": int8 per uid}`` (all 0 when the agent is not to move), every agent is
    rewarded the change in score, and when the game ends every agent is terminated at once and
    `agents` empties. It passes PettingZoo's ``parallel_api_test`` and ``parallel_seed_test``.

    Raises:
        InvalidOptions: a key or value HLE or the rules do not allow.
    """

    metadata: ClassVar[dict[str, Any]] = _metadata("hanabi_core_parallel_v0", parallelizable=True)

    def __init__(self, **kwargs: Any) -> None:
        self._aec = HanabiAECEnv(**kwargs)
        self.render_mode = self._aec.render_mode
        self.possible_agents = list(self._aec.possible_agents)
        self.agents: list[str] = []
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self.state_space = self._aec.state_space

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent` (the same object at every call).

        Raises:
            InvalidArgument: `agent` is not an agent of this game.
        """
        return self._aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of `agent`: the move uids (the same object at every call).

        Raises:
            InvalidArgument: `agent` is not an agent of this game.
        """
        return self._aec.action_space(agent)

    def _observations(self) -> dict[str, dict[str, Any]]:
        return {agent: self._aec.observe(agent) for agent in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Deal a new game: ``(observations, infos)`` by agent; a `seed` (a whole number from 0)
        makes this and the following deals reproducible.

        Raises:
            InvalidOptions: a negative seed or one that is not a whole number.
        """
        self._aec.reset(seed=seed, options=options)
        self.agents = list(self._aec.agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """The player to move takes its action from `actions` (a dict by agent; the others'
        entries are not read): ``(observations, rewards, terminations, truncations, infos)``.

        Raises:
            IllegalAction: a step before `reset` or after the game ended; `actions` is not a
                dict or lacks the player to move; its action is not a uid of this game, or
                an illegal one under ``illegal_moves="raise"``. Nothing changes.
            InvalidArgument: `actions` names an agent that is not playing.
        """
        if not self.agents:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                "No game in play: call reset() to deal one",
                action=brief(actions),
            )
        if not isinstance(actions, dict):
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                f"Cannot take the moves: actions must be a dict by agent, got {brief(actions)}",
                action=brief(actions),
            )
        for agent in actions:
            if agent not in self.agents:
                raise InvalidArgument(
                    "actions", f"{brief(agent)} is not an agent in play: {', '.join(self.agents)}"
                )
        mover = self._aec.agent_selection
        if mover not in actions:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                f"{mover} is to move and gives no action",
                action=brief(actions),
            )
        self._aec.step(actions[mover])  # the AEC game's checks: nothing changes on an error
        aec = self._aec
        rewards = {agent: float(aec.rewards[agent]) for agent in self.agents}
        terminations = {agent: bool(aec.terminations[agent]) for agent in self.agents}
        truncations = {agent: bool(aec.truncations[agent]) for agent in self.agents}
        infos = {agent: dict(aec.infos[agent]) for agent in self.agents}
        observations = self._observations()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []  # a game of Hanabi ends for every player at once
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The global view of [`HanabiAECEnv.state`][hanabi_core.pettingzoo.HanabiAECEnv.state].

        Raises:
            IllegalAction: before the first `reset`.
        """
        return self._aec.state()

    def render(self) -> str | None:
        """The table as text, as [`HanabiAECEnv.render`][hanabi_core.pettingzoo.HanabiAECEnv.render]
        draws it."""
        return self._aec.render()

    def close(self) -> None:
        """Nothing to release."""
