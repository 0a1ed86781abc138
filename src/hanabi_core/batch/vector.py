"""Gymnasium's vector environment and a PettingZoo-style parallel wrapper over the batch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import hle
from .._support.extras import missing_extra
from ..errors import IllegalAction, InvalidArgument, InvalidOptions, brief
from ..records import GameRecord
from ..spec import Rule
from ..state import GameState
from ._core import BatchState
from .engine import Engine, _put, _seed

if TYPE_CHECKING:
    from gymnasium.vector import VectorEnv as _Base
else:
    try:  # Gymnasium is the `rl` extra: without it, VectorEnv is a plain class of the same API
        from gymnasium.vector import VectorEnv as _Base
    except ImportError:  # pragma: no cover - depends on the environment
        _Base = object

__all__ = ["BatchParallelEnv", "ParallelEnv", "VectorEnv", "register_gymnasium"]

Array = npt.NDArray[Any]

#: The id `gymnasium.make_vec` knows the batch by (see `register_gymnasium`).
GYMNASIUM_ID = "hanabi_core/Hanabi-v0"
#: The views `VectorEnv` offers (see its `view` argument).
VIEWS = ("seats", "mover")
# Methods of one game, which `call` runs game by game.
_PER_GAME = ("game_state", "record", "observation_dict")
_SPACES = (
    "observation_space", "action_space", "single_observation_space", "single_action_space",
)  # fmt: skip
# What the environment is built from: `set_attr` leaves these alone.
_FIXED = frozenset(
    {
        "config", "options", "engine", "num_envs", "observation_type", "players", "num_moves",
        "observation_length", "view", "metadata", "state", "unwrapped", "np_random",
        "np_random_seed", "observation_space", "action_space", "single_observation_space",
        "single_action_space", "closed",
    }
)  # fmt: skip


def _autoreset_mode() -> Any:
    try:
        from gymnasium.vector import AutoresetMode  # noqa: PLC0415
    except ImportError:  # pragma: no cover - the extra is missing
        return "NextStep"
    return AutoresetMode.NEXT_STEP


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


def _config_seed(seed: object) -> int | None:
    """The config's default seed: a whole number from 0, or None (M5 of issue 30: HLE's -1,
    "draw from the operating system", is refused, as `hanabi_core.pettingzoo` refuses it)."""
    return None if seed is None else _seed(seed)


class VectorEnv(_Base):  # type: ignore[type-arg,misc,unused-ignore]
    """`num_envs` HLE games stepped together: a `gymnasium.vector.VectorEnv`.

    Args:
        num_envs: B, the number of games.
        view: ``"seats"`` (the default): each observation is a dict of every seat's vector, the
            legal mask and the player to move; ``"mover"``: each observation is the (B, L)
            vectors of the players to move only, for single-policy code (see below).
        **config: HLE's config keys (``players``, ``colors``, ``hand_size``,
            ``max_information_tokens``, ``max_life_tokens``, ``observation_type`` as 0–2 or
            ``"minimal"``, ``"card_knowledge"``, ``"seer"``; ``seed``, a whole number from 0, is
            the default seed of the first `reset`). ``random_start_player`` is not supported:
            seat 0 always starts.

    Raises:
        InvalidOptions: a bad config key or value, a negative `seed` (HLE's -1, "draw from the
            operating system", would not be reproducible: give None for that), a bad `view`.

    ``reset(seed=)`` returns ``(obs, infos)`` and ``step(actions)``, with a (B,) array of HLE
    uids, ``(obs, rewards, terminations, truncations, infos)``. Rewards are the change in score
    (float32), the same for every seat. ``truncations`` are always False: a game of Hanabi always
    ends. With Gymnasium installed (the `rl` extra) this is a `gymnasium.vector.VectorEnv`: its
    spaces, `np_random` (the generator of the deals), `unwrapped`, `call`, `get_attr`,
    `set_attr`, `close`, and Gymnasium's vector wrappers all work; without it, the same class
    has the same methods, less the spaces.

    **What an observation offers a policy.** With ``view="seats"``, ``obs`` is a dict:
    ``"observation"`` (B, P, L) uint8, every seat's canonical vector with seat s at index s (bit
    for bit [`hle.encode`][hanabi_core.hle.encode]), ``"action_mask"`` (B, M) bool, the legal
    uids of the player to move, and ``"current_player"`` (B,). Seat s's vector shows every
    hand but s's own, so the dict as a whole shows every hand: it is for multi-agent code that
    gives each seat its own row (``obs["observation"][b, s]``), or for a centralised critic. A
    policy that acts for the player to move must read that player's row only,
    ``obs["observation"][b, obs["current_player"][b]]``: that is what ``view="mover"`` hands
    out, a (B, L) uint8 array (``Box``) with the legal masks in ``infos["action_mask"]`` and
    ``env.action_masks()`` (sb3-contrib's name) and the movers in ``infos["current_player"]``.

    **Auto-reset** is Gymnasium's default (``AutoresetMode.NEXT_STEP``): the step that ends a game
    returns its last observation with ``terminations[i]`` True; at the next `step`, that game's
    action is ignored and it is dealt a new game, whose first observation is returned with
    reward 0 and ``terminations[i]`` False.

    Every array handed out is fresh (the caller's to change), never the engine's state.

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

    #: Gymnasium's metadata: the auto-reset mode is ``AutoresetMode.NEXT_STEP``; no rendering.
    metadata: ClassVar[dict[str, Any]] = {  # type: ignore[misc]
        "autoreset_mode": _autoreset_mode(),
        "render_modes": [],
    }
    render_mode: str | None = None
    closed: bool = False

    def __init__(self, num_envs: int, *, view: str = "seats", **config: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidOptions("num_envs", f"must be a whole number >= 1, got {brief(num_envs)}")
        if view not in VIEWS:
            raise InvalidOptions("view", f"must be 'seats' or 'mover', got {brief(view)}")
        self.config = dict(config)
        observation_type = _observation_type(config.pop("observation_type", hle.CARD_KNOWLEDGE))
        self._default_seed = _config_seed(config.pop("seed", None))
        if config.pop("random_start_player", False):
            raise InvalidOptions("random_start_player", "the batch always starts with seat 0")
        #: The game's [`Options`][hanabi_core.Options].
        self.options = hle.options_from_config(config)
        #: The [`Engine`][hanabi_core.batch.Engine] that plays the games.
        self.engine = Engine(self.options)
        #: B, the number of games.
        self.num_envs = num_envs
        #: ``"seats"`` or ``"mover"``: what an observation holds.
        self.view = view
        #: The observation type: 0 minimal, 1 card knowledge, 2 seer.
        self.observation_type = observation_type
        #: Players, and the number of move uids.
        self.players, self.num_moves = self.engine.players, self.engine.num_moves
        #: The length of each seat's vector.
        self.observation_length = self.engine.observation_length(observation_type)
        self._np_random: np.random.Generator | None = None
        self._np_random_seed: int | None = None
        self._state: BatchState | None = None
        self._restart = np.zeros(num_envs, bool)
        if _Base is not object:
            self._set_spaces()

    def _set_spaces(self) -> None:
        from gymnasium import spaces  # noqa: PLC0415  (the rl extra, present: _Base is its)
        from gymnasium.vector.utils import batch_space  # noqa: PLC0415

        p, length, moves = self.players, self.observation_length, self.num_moves
        single: Any
        if self.view == "mover":
            single = spaces.Box(0, 1, (length,), np.uint8)
        else:
            single = spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (p, length), np.uint8),
                    "action_mask": spaces.Box(0, 1, (moves,), bool),
                    "current_player": spaces.Discrete(p),
                }
            )
        #: One game's observation as a Gymnasium space: ``Dict(observation=Box(0, 1, (P, L),
        #: uint8), action_mask=Box(False, True, (M,), bool), current_player=Discrete(P))``, or
        #: ``Box(0, 1, (L,), uint8)`` with ``view="mover"``.
        self.single_observation_space = single
        #: The batch's observation space (`single_observation_space` for B games).
        self.observation_space = batch_space(single, self.num_envs)
        #: One game's action: ``Discrete(M)``, an HLE uid.
        self.single_action_space = spaces.Discrete(moves)
        #: The batch's actions: ``MultiDiscrete([M] * B)``.
        self.action_space = spaces.MultiDiscrete([moves] * self.num_envs)

    def __getattr__(self, name: str) -> Any:
        # Only reached for what is missing: the spaces, when Gymnasium is not installed.
        if name in _SPACES and _Base is object:
            raise missing_extra("the spaces", "Gymnasium", "rl")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def unwrapped(self) -> VectorEnv:
        """The environment itself (Gymnasium's API: nothing wraps it)."""
        return self

    @property
    def np_random(self) -> np.random.Generator:
        """The generator of the deals (seeded by `reset`; from the operating system if read
        before any)."""
        if self._np_random is None:
            self._np_random = np.random.default_rng()
            self._np_random_seed = -1
        return self._np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        if not isinstance(value, np.random.Generator):
            raise InvalidOptions("np_random", f"must be a Generator, got {brief(value)}")
        self._np_random = value
        self._np_random_seed = -1

    @property
    def np_random_seed(self) -> int | None:
        """The seed of `np_random` (-1 when it was not seeded by `reset`, Gymnasium's mark)."""
        self.np_random  # noqa: B018  (drawn from the operating system if not yet seeded)
        return self._np_random_seed

    @property
    def state(self) -> BatchState:
        """The games as arrays (a [`BatchState`][hanabi_core.batch.BatchState], read-only)."""
        if self._state is None:
            raise InvalidOptions("state", "no games yet: call reset() first")
        return self._state

    def _obs(self) -> tuple[Any, dict[str, Any]]:
        state = self.state
        seats = self.engine.observe(state, self.observation_type)  # fresh
        mask = np.array(state.legal, copy=True)
        current = np.array(state.current, copy=True)
        if self.view == "seats":
            return {"observation": seats, "action_mask": mask, "current_player": current}, {}
        everywhere = np.ones(self.num_envs, bool)
        infos = {
            "action_mask": mask,
            "_action_mask": everywhere,
            "current_player": current,
            "_current_player": everywhere.copy(),
        }
        return seats[np.arange(self.num_envs), state.current], infos  # a fancy index: a copy

    def action_masks(self) -> Array:
        """(B, M) the legal uids of each game's player to move: a fresh copy (sb3-contrib's
        name for it)."""
        return self.engine.legal_mask(self.state)

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal new games.

        Args:
            seed: a whole number from 0: seeds the generator of this and later deals (a fresh
                one from the operating system on the first reset without a seed).
            options: ``{"decks": ...}`` to deal chosen decks (as
                [`Engine.decks`][hanabi_core.batch.Engine.decks] takes them), or
                ``{"states": [GameState, ...]}`` to continue given games; B of them.

        Raises:
            InvalidDeck, InvalidOptions: bad decks or states, or not B of them, or a bad seed.
                A refused reset changes nothing, the generator included (M6 of issue 30).
        """
        if seed is not None:
            seed = _seed(seed)
        elif self._np_random is None:
            seed = self._default_seed
        try:
            options = dict(options or {})
        except (TypeError, ValueError):
            raise InvalidOptions("options", f"must be a mapping, got {brief(options)}") from None
        unknown = sorted(map(str, set(options) - {"states", "decks"}))
        if unknown:
            raise InvalidOptions("options", f"unknown reset options {unknown}")
        if "states" in options and "decks" in options:
            raise InvalidOptions("options", "give one of 'states' and 'decks'")
        given: BatchState | None = None
        if "states" in options:
            given = self.engine.from_states(options["states"])
        elif "decks" in options:
            given = self.engine.reset(decks=options["decks"])
        if given is not None and given.done.shape[0] != self.num_envs:
            raise InvalidOptions(
                "options", f"{given.done.shape[0]} games given for {self.num_envs} environments"
            )
        # Only now, with nothing left to refuse, is the generator seeded.
        if seed is not None or self._np_random is None:
            self._np_random = np.random.default_rng(seed)
            self._np_random_seed = -1 if seed is None else seed
        if given is None:
            given = self.engine.reset(self.num_envs, seed=self._np_random)
        self._state = given
        self._restart = np.zeros(self.num_envs, bool)
        return self._obs()

    def step(self, actions: Any) -> tuple[Any, Array, Array, Array, dict[str, Any]]:
        """Every game's player to move takes `actions[i]`, an HLE uid.

        Raises:
            IllegalAction: an illegal uid in a game that is not being reset, naming the games;
                nothing is changed.
            InvalidOptions: a step before the first `reset`.
        """
        before = self.state  # raises before the first reset
        # Games that ended last step are done in `before`: the engine reads no uid of theirs.
        state, reward, done = self.engine.step(before, actions)
        restart = self._restart
        if restart.any():
            rows = np.flatnonzero(restart)
            fresh = self.engine.reset(decks=self.engine.shuffle(rows.size, self.np_random))
            state = BatchState(
                *(_put(old, rows, new) for old, new in zip(state, fresh, strict=True))
            )
            done = state.done
            reward = np.where(restart, 0, reward)
        self._state = self.engine._out(state)  # read-only, and known to the engine
        self._restart = np.array(done, copy=True)
        obs, infos = self._obs()
        rewards = reward.astype(np.float32)
        return obs, rewards, np.array(done, copy=True), np.zeros(self.num_envs, bool), infos

    def render(self) -> None:
        """Nothing to draw (no render modes): `None`, Gymnasium's answer without a render mode."""

    def close(self, **kwargs: Any) -> None:
        """Nothing to release (Gymnasium's API); marks the environment `closed`."""
        self.closed = True

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Gymnasium's `call`: one answer per game. The methods of one game (`game_state`,
        `record`, `observation_dict`) are called with each game's index first; any other
        attribute is the batch's, the same for every game (called with the arguments when it
        is a method).

        Raises:
            InvalidArgument: no such public attribute.
        """
        if name in _PER_GAME:
            method = getattr(self, name)
            return tuple(method(game, *args, **kwargs) for game in range(self.num_envs))
        value = self._attribute(name)
        if callable(value):
            value = value(*args, **kwargs)
        return (value,) * self.num_envs

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Gymnasium's `get_attr`: the attribute `name` once per game (see `call`)."""
        return self.call(name)

    def set_attr(self, name: str, values: Any) -> None:
        """Gymnasium's `set_attr`. The games share one environment, so `values` is one value
        or B equal values; what the environment is built from (its options, engine, spaces,
        state…) cannot be set.

        Raises:
            InvalidArgument: a name that cannot be set, or values that differ between games.
        """
        if not isinstance(name, str) or name.startswith("_") or name in _FIXED:
            raise InvalidArgument("name", f"{brief(name)} cannot be set on the batch")
        if isinstance(values, (list, tuple)):
            if len(values) != self.num_envs or any(v != values[0] for v in values):
                raise InvalidArgument(
                    "values",
                    f"the {self.num_envs} games share one environment: give one value or "
                    f"{self.num_envs} equal values",
                )
            values = values[0]
        setattr(self, name, values)

    def _attribute(self, name: object) -> Any:
        if not isinstance(name, str) or name.startswith("_"):
            raise InvalidArgument("name", f"must be a public attribute's name, got {brief(name)}")
        try:
            return getattr(self, name)
        except AttributeError:
            raise InvalidArgument("name", f"the batch has no attribute {name!r}") from None

    def game_state(self, index: int) -> GameState:
        """Game `index` as a [`GameState`][hanabi_core.GameState].

        Raises:
            InvalidArgument: `index` is not one of the games (0 to B − 1).
        """
        return self.engine.game_state(self.state, index)

    def record(self, index: int) -> GameRecord:
        """Game `index` as a [`GameRecord`][hanabi_core.GameRecord]."""
        return self.engine.record(self.state, index)

    def observation_dict(self, index: int) -> dict[str, Any]:
        """Game `index`'s observation as [`rl_env`][hanabi_core.rl_env] gives it (the dicts of
        every player, HLE's keys), replayed in an `rl_env.HanabiEnv` of the same config."""
        from .. import rl_env  # noqa: PLC0415  (the list-returning drop-in, only on request)

        deck = self.engine.deck_cards(self.state, index)  # checks the index
        config = {k: v for k, v in self.config.items() if k != "seed"}
        config["observation_type"] = self.observation_type
        env = rl_env.HanabiEnv({**config, "seed": 0})
        observation = env.reset(deck=deck)
        for uid in self.engine.uids(self.state, index):
            observation, _, _, _ = env.step(uid)
        return observation


def _uids(actions: Any, size: int) -> Array:
    """`actions` as (B,) integers, or the library's error."""
    try:
        uids = np.asarray(actions)
    except (TypeError, ValueError):
        uids = np.asarray(None)
    if uids.shape != (size,) or uids.dtype.kind not in "iu":
        raise IllegalAction(
            Rule.KNOWN_ACTIONS_ONLY,
            f"Cannot take the moves: expected {size} integer uids, got {brief(actions)}",
            action=brief(actions),
        )
    return uids


class BatchParallelEnv:
    """A *batched* PettingZoo-style parallel environment: B games at once, dicts keyed by agent
    (``player_0`` …), each holding the B games' arrays. For one game in PettingZoo's own
    ``ParallelEnv`` API, use
    [`hanabi_core.pettingzoo.parallel_env`][hanabi_core.pettingzoo.parallel_env].

    ``reset(seed=)`` → ``(observations, infos)``; ``step(actions)`` with ``{agent: (B,) uids}``
    for every agent (only the player to move's uid is read, game by game) → ``(observations,
    rewards, terminations, truncations, infos)``. An agent's observation is ``{"observation":
    (B, L) uint8, "action_mask": (B, M) bool}``: its own vectors only (a fresh array, nothing in
    it reaches another seat's), its mask all False in games where it is not to move. Games
    auto-reset as in [`VectorEnv`][hanabi_core.batch.VectorEnv], so agents never leave.

    PettingZoo's `parallel_api_test` cannot run on a batch, for two reasons of shape: it reads
    each agent's termination as one bool (``terminated[agent] or truncated[agent]``), where a
    batch has B of them, and it samples an agent's action with
    ``action_space(agent).sample(mask=obs["action_mask"])``, where a batch's space
    (``MultiDiscrete([M] * B)``) wants a tuple of B int8 masks, not the (B, M) bool array an
    observation holds. `tests/test_batch_gymnasium.py` runs the test's other checks on it (reset
    with a seed and options, every result keyed by every agent, the same space object at every
    call, `unwrapped`, `possible_agents`) and checks observations against their spaces.

    ```python
    import numpy as np
    from hanabi_core.batch import BatchParallelEnv

    env = BatchParallelEnv(4, players=2)
    observations, infos = env.reset(seed=1)
    actions = {agent: obs["action_mask"].argmax(axis=1) for agent, obs in observations.items()}
    observations, rewards, terminations, truncations, infos = env.step(actions)
    assert set(rewards) == {"player_0", "player_1"} and rewards["player_0"].shape == (4,)
    ```
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "hanabi_core_batch_v0", "render_modes": []}
    render_mode: str | None = None

    def __init__(self, num_envs: int, **config: Any) -> None:
        #: The vector environment underneath.
        self.env = VectorEnv(num_envs, **config)
        #: The agents' names (every agent plays in every game, always: games auto-reset).
        self.possible_agents = [f"player_{p}" for p in range(self.env.players)]
        self.agents = list(self.possible_agents)
        self._spaces: dict[str, tuple[Any, Any]] = {}

    @property
    def unwrapped(self) -> BatchParallelEnv:
        """The environment itself (PettingZoo's API: nothing wraps it)."""
        return self

    @property
    def num_agents(self) -> int:
        """The number of agents (PettingZoo's API)."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """The number of possible agents (PettingZoo's API)."""
        return len(self.possible_agents)

    def _agent_spaces(self, agent: str) -> tuple[Any, Any]:
        if agent not in self.possible_agents:
            raise InvalidArgument("agent", f"{brief(agent)} is not an agent of this game")
        if agent not in self._spaces:
            try:
                from gymnasium import spaces  # noqa: PLC0415
            except ImportError as error:  # pragma: no cover - the extra is missing
                raise missing_extra("the spaces", "Gymnasium", "rl") from error
            b, length, moves = self.env.num_envs, self.env.observation_length, self.env.num_moves
            observation = spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (b, length), np.uint8),
                    "action_mask": spaces.Box(0, 1, (b, moves), bool),
                }
            )
            self._spaces[agent] = (observation, spaces.MultiDiscrete([moves] * b))
        return self._spaces[agent]

    def observation_space(self, agent: str) -> Any:
        """`agent`'s observations for the B games (the same space object at every call)."""
        return self._agent_spaces(agent)[0]

    def action_space(self, agent: str) -> Any:
        """`agent`'s actions for the B games: ``MultiDiscrete([M] * B)``."""
        return self._agent_spaces(agent)[1]

    def _split(self, obs: dict[str, Array]) -> dict[str, dict[str, Array]]:
        mover = obs["current_player"]
        return {
            agent: {
                # A copy (H1 of issue 30): a view's `.base` would hand over every seat's vectors.
                "observation": np.array(obs["observation"][:, seat], copy=True),
                "action_mask": obs["action_mask"] & (mover == seat)[:, None],
            }
            for seat, agent in enumerate(self.possible_agents)
        }

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Array]], dict[str, dict[str, Any]]]:
        """Deal new games (see [`VectorEnv.reset`][hanabi_core.batch.VectorEnv.reset]). Of
        `options`, ``"decks"`` and ``"states"`` are read and other keys ignored, as PettingZoo's
        environments ignore what they do not know (its test passes ``{"options": 1}``).

        Raises:
            InvalidDeck, InvalidOptions: as `VectorEnv.reset`; `options` that is not a dict.
        """
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptions("options", f"must be a mapping, got {brief(options)}")
        known = {k: v for k, v in (options or {}).items() if k in ("decks", "states")}
        obs, _ = self.env.reset(seed=seed, options=known)
        self.agents = list(self.possible_agents)
        return self._split(obs), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[Any, ...]:
        """Each game's player to move takes its uid from its agent's (B,) array.

        Raises:
            IllegalAction: `actions` lacks an agent, or an agent's uids are not B integers, or a
                mover's uid is illegal (naming the games); nothing changes.
        """
        if not isinstance(actions, Mapping):
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                f"Cannot take the moves: actions must be a dict by agent, got {brief(actions)}",
                action=brief(actions),
            )
        missing = [agent for agent in self.possible_agents if agent not in actions]
        if missing:
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                f"Cannot take the moves: every agent gives B uids (each game's mover's is read), "
                f"missing {', '.join(missing)}",
                action=brief(actions),
            )
        b = self.env.num_envs
        stacked = np.stack([_uids(actions[agent], b) for agent in self.possible_agents], axis=1)
        uids = stacked[np.arange(b), self.env.state.current]
        obs, rewards, terminations, truncations, _ = self.env.step(uids)
        return (
            self._split(obs),
            {agent: rewards.copy() for agent in self.agents},
            {agent: terminations.copy() for agent in self.agents},
            {agent: truncations.copy() for agent in self.agents},
            {agent: {} for agent in self.agents},
        )

    def state(self) -> Array:
        """A global view for centralised training: (B, P, L), every seat's vector (seat s at
        index s), as `VectorEnv` gives it."""
        return self.env.engine.observe(self.env.state, self.env.observation_type)

    def render(self) -> None:
        """Nothing to draw (no render modes)."""

    def close(self) -> None:
        """Nothing to release."""


#: The batched parallel environment's former name, kept.
ParallelEnv = BatchParallelEnv


def register_gymnasium() -> None:
    """Register the batch with Gymnasium as ``"hanabi_core/Hanabi-v0"``, so that
    ``gymnasium.make_vec("hanabi_core/Hanabi-v0", num_envs=N, **config)`` makes a `VectorEnv`
    (done on ``import hanabi_core.batch`` when Gymnasium is installed; again is harmless).
    Gymnasium 1.x loads no plugins through entry points, so an import is what registers it;
    ``gymnasium.make_vec("hanabi_core.batch:hanabi_core/Hanabi-v0", ...)`` imports it first.
    """
    try:
        from gymnasium.envs.registration import register, registry  # noqa: PLC0415
    except ImportError:  # pragma: no cover - the extra is missing
        return
    if GYMNASIUM_ID not in registry:
        register(id=GYMNASIUM_ID, vector_entry_point="hanabi_core.batch.vector:VectorEnv")
