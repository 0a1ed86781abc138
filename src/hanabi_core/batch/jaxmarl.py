"""JaxMARL's Hanabi, on the JAX batch engine: ``make("hanabi", **kwargs)`` as ``jaxmarl.make``.

Needs the `jax` extra (not ``jaxmarl``). The env speaks JaxMARL's ``MultiAgentEnv`` protocol as
its ``HanabiEnv`` does (JaxMARL 0.2.0, ``jaxmarl/environments/hanabi/hanabi.py``): ``num_agents``,
``agents``, ``observation_space(agent)``, ``action_space(agent)``, ``reset(key) -> (obs,
state)``, ``step(key, state, actions) -> (obs, state, rewards, dones, info)`` with JaxMARL's
auto-reset, ``get_legal_moves(state)``, JaxMARL's action ids (HLE's uids, then the no-op of the
players not to move) and, by default, JaxMARL's observation (HLE's canonical sections with the
V0 belief as its card section, float32). Observations, actions, rewards and dones are dicts by
agent, rewards and dones with ``"__all__"``; ``info`` is ``{}``. A game dealt from a key is the
game JaxMARL deals from it, so a run is JaxMARL's bit for bit (a test holds the two together).
JaxMARL's other public methods are here too and give what JaxMARL's give for the same game:
the feature views (``get_last_action_feats_``, ``get_last_action_feats``, ``get_board_feats``,
``get_v0_belief_feats``, ``get_full_deck``), the text views (``get_obs_str``, ``render_obs``,
``render``, ``card_to_string``, ``action_encoding``) and the deck entry points.

Each per-game function is declared with ``jax.custom_batching.custom_vmap``: under
``jax.vmap`` the whole batch goes to the batched engine in one call (one observation per batch,
new deals only for the games that ended) instead of B copies of a one-game program, which is
what makes ``jax.jit(jax.vmap(env.step))`` fast. ``jit``, ``vmap`` and ``lax.scan`` all work.

```python
import jax
from hanabi_core.batch import jaxmarl

env = jaxmarl.make("hanabi", num_agents=2)
keys = jax.random.split(jax.random.PRNGKey(0), 8)
obs, state = jax.vmap(env.reset)(keys)
legal = jax.vmap(env.get_legal_moves)(state)
actions = {agent: legal[agent].argmax(axis=1) for agent in env.agents}
obs, state, rewards, dones, info = jax.jit(jax.vmap(env.step))(keys, state, actions)
assert obs["agent_0"].shape == (8, env.observation_space("agent_0").shape)
assert rewards["__all__"].shape == dones["__all__"].shape == (8,) and info == {}
```
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .._support.extras import missing_extra

try:
    import jax
    import jax.numpy as jnp
    from jax.custom_batching import custom_vmap
except ImportError as error:  # pragma: no cover - the extra is missing
    raise missing_extra("hanabi_core.batch.jaxmarl", "JAX", "jax") from error

from .. import hle
from ..errors import InvalidOptions, brief
from . import _core
from . import _jaxmarl_views as _views
from ._core import BatchState
from .jax import JaxEngine, observe_v0_belief, v0_belief_by_seat

__all__ = ["Box", "Discrete", "HanabiEnv", "make"]

_COPIES = (3, 2, 2, 2, 1)  # HLE's and JaxMARL's copies of ranks 1 to 5
_COLOURS = ("R", "Y", "G", "W", "B")


class Discrete:
    """JaxMARL's ``Discrete`` space: the ids ``0 … n − 1``.

    Attributes:
        n: how many ids.
        shape: ``()``.
        dtype: ``jnp.int32``.
    """

    def __init__(self, num_categories: int, dtype: Any = None) -> None:
        self.n = num_categories
        self.shape: tuple[int, ...] = ()
        self.dtype = jnp.int32 if dtype is None else dtype

    def sample(self, rng: Any) -> Any:
        """A uniform id (any id: the legal ones are `HanabiEnv.get_legal_moves`)."""
        return jax.random.randint(rng, self.shape, 0, self.n).astype(self.dtype)

    def contains(self, x: Any) -> Any:
        """Whether `x` is an id of the space."""
        return jnp.logical_and(x >= 0, x < self.n)


class Box:
    """JaxMARL's ``Box`` space. As in JaxMARL's Hanabi, `shape` is the observation's length (an
    int, which JaxMARL's baselines put straight into a shape tuple).

    Attributes:
        low: the least value.
        high: the greatest value.
        shape: the observation's length.
        dtype: the observation's dtype.
    """

    def __init__(self, low: float, high: float, shape: Any, dtype: Any = None) -> None:
        self.low = low
        self.high = high
        self.shape = shape
        self.dtype = jnp.float32 if dtype is None else dtype

    def sample(self, rng: Any) -> Any:
        """A uniform vector of the box."""
        shape = (self.shape,) if isinstance(self.shape, int) else self.shape
        return jax.random.uniform(rng, shape, minval=self.low, maxval=self.high).astype(self.dtype)

    def contains(self, x: Any) -> Any:
        """Whether every entry of `x` lies in the box."""
        return jnp.logical_and(jnp.all(x >= self.low), jnp.all(x <= self.high))


def make(env_id: str, **kwargs: Any) -> HanabiEnv:
    """JaxMARL's ``jaxmarl.make`` for its Hanabi: ``make("hanabi", num_agents=2, ...)``.

    Takes `HanabiEnv`'s keyword arguments (JaxMARL's, plus `observation`).

    Raises:
        InvalidOptions: another env id, or arguments of a game the engine does not play.
    """
    if env_id != "hanabi":
        raise InvalidOptions("env_id", f"only 'hanabi' is offered here, got {brief(env_id)}")
    return HanabiEnv(**kwargs)


def _whole(name: str, value: object, low: int, high: int) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | np.integer)
        or not low <= value <= high
    ):
        raise InvalidOptions(
            name, f"must be a whole number from {low} to {high}, got {brief(value)}"
        )
    return int(value)


class HanabiEnv:
    """JaxMARL's ``HanabiEnv``, with the JAX batch engine underneath.

    Args:
        num_agents: players, 2 to 5.
        num_colors: colours, 1 to 5 (HLE's R, Y, G, W, B order).
        num_ranks: must be 5 (HLE's and the engine's).
        hand_size: cards a hand; `None`: 5 for 2 or 3 players, 4 for 4 or 5 (JaxMARL's default).
        max_info_tokens: the Note cap.
        max_life_tokens: Storms that end the game.
        num_cards_of_rank: must be ``[3, 2, 2, 2, 1]``.
        color_map: the colours' labels in the text views (`action_encoding`, `get_obs_str`,
            `card_to_string`); default ``R Y G W B`` (as many as `num_colors`).
        agents: the agents' names (default ``agent_0`` …).
        action_spaces: replaces the `Discrete` action spaces (a dict by agent), as in JaxMARL.
        observation_spaces: replaces the `Box` observation spaces, as in JaxMARL.
        num_moves: if given, must be the game's number of moves (HLE's moves + the no-op).
        shuffle_player_order: must be False (JaxMARL's option to deal agents random seats is
            not offered: agent i always sits in seat i).
        observation: ``"jaxmarl"`` (the default): JaxMARL's vector, float32 (HLE's canonical
            sections 1 to 4, then the V0 belief); or an HLE observation type, 0 (minimal), 1
            (card knowledge) or 2 (seer): HLE's canonical vector, uint8.

    Attributes:
        num_agents: players.
        agents: the agents' names, seat order.
        num_moves: the action ids: HLE's uids ``0 … M − 1``, then the no-op ``M``.
        engine: the [`JaxEngine`][hanabi_core.batch.jax.JaxEngine] underneath.
        obs_size: the observation's length.

    Raises:
        InvalidOptions: arguments of a game the engine does not play.
    """

    def __init__(  # noqa: PLR0917 - JaxMARL's HanabiEnv takes them positionally
        self,
        num_agents: int = 2,
        num_colors: int = 5,
        num_ranks: int = 5,
        hand_size: int | None = None,
        max_info_tokens: int = 8,
        max_life_tokens: int = 3,
        num_cards_of_rank: Any = _COPIES,
        color_map: Sequence[str] | None = None,
        agents: Sequence[str] | None = None,
        action_spaces: dict[str, Any] | None = None,
        observation_spaces: dict[str, Any] | None = None,
        num_moves: int | None = None,
        shuffle_player_order: bool = False,
        observation: str | int = "jaxmarl",
    ) -> None:
        players = _whole("num_agents", num_agents, 2, 5)
        colours = _whole("num_colors", num_colors, 1, 5)
        if _whole("num_ranks", num_ranks, 5, 5) != 5:  # pragma: no cover - checked above
            raise AssertionError
        if tuple(np.asarray(num_cards_of_rank).tolist()) != _COPIES:
            raise InvalidOptions(
                "num_cards_of_rank", f"the engine plays HLE's copies {list(_COPIES)}"
            )
        config = {
            "players": players,
            "colors": colours,
            "max_information_tokens": _whole("max_info_tokens", max_info_tokens, 1, 64),
            "max_life_tokens": _whole("max_life_tokens", max_life_tokens, 1, 64),
        }
        if hand_size is not None:
            config["hand_size"] = _whole("hand_size", hand_size, 1, 10)
        if isinstance(observation, bool) or observation not in ("jaxmarl", 0, 1, 2):
            raise InvalidOptions(
                "observation", f"must be 'jaxmarl' or 0, 1 or 2, got {brief(observation)}"
            )
        self.engine = JaxEngine(
            hle.options_from_config(config),
            observation_type=hle.CARD_KNOWLEDGE if observation == "jaxmarl" else int(observation),
        )
        t = self._t = self.engine.tables
        self.observation = observation
        #: The HLE observation type, or None for JaxMARL's vector.
        self._type = None if observation == "jaxmarl" else int(observation)
        self.num_agents = players
        if agents is None:
            agents = [f"agent_{i}" for i in range(players)]
        if len(agents) != players or len(set(agents)) != players or "__all__" in agents:
            raise InvalidOptions("agents", f"must be {players} distinct names, got {brief(agents)}")
        self.agents = list(agents)
        self.agent_range = jnp.arange(players)
        self.num_colors, self.num_ranks, self.hand_size = colours, 5, t.hand_size
        self.max_info_tokens, self.max_life_tokens = t.max_notes, t.max_storms
        self.num_cards_of_rank = np.array(_COPIES)
        self.deck_size = t.deck_size
        if color_map is None:
            color_map = _COLOURS[:colours]
        if isinstance(color_map, str) or len(color_map) != colours:
            raise InvalidOptions(
                "color_map", f"must be {colours} labels, one a colour, got {brief(color_map)}"
            )
        self.color_map = [str(label) for label in color_map]
        if shuffle_player_order is not False:
            raise InvalidOptions(
                "shuffle_player_order", f"only False is offered, got {brief(shuffle_player_order)}"
            )
        self.shuffle_player_order = False
        if num_moves is not None and num_moves != t.moves + 1:
            raise InvalidOptions("num_moves", f"this game has {t.moves + 1} moves, got {num_moves}")
        self.num_moves = t.moves + 1
        self.action_set = jnp.arange(self.num_moves)
        h, c = t.hand_size, colours
        self.discard_action_range = jnp.arange(0, h)
        self.play_action_range = jnp.arange(h, 2 * h)
        self.color_action_range = jnp.arange(2 * h, 2 * h + (players - 1) * c)
        self.rank_action_range = jnp.arange(2 * h + (players - 1) * c, t.moves)
        self.action_encoding = {uid: self._describe(uid) for uid in range(self.num_moves)}
        self.hands_n_feats = t.hands_length
        self.board_n_feats = t.board_length
        self.discards_n_feats = c * sum(_COPIES)
        self.last_action_n_feats = t.last_length
        self.v0_belief_n_feats = t.knowledge_length
        length = hle.observation_length(
            self.engine.options,
            hle.CARD_KNOWLEDGE if observation == "jaxmarl" else int(observation),
        )
        self.obs_size = length
        dtype = jnp.float32 if observation == "jaxmarl" else jnp.uint8
        self.action_spaces = action_spaces or {a: Discrete(self.num_moves) for a in self.agents}
        self.observation_spaces = observation_spaces or {
            a: Box(0, 1, length, dtype) for a in self.agents
        }
        # JaxMARL's deck before its shuffle, as faces: (colour, rank) pairs from
        # ``meshgrid(colours, repeat(ranks, copies))``, ranks outer, colours inner.
        ranks = np.repeat(np.arange(5), _COPIES)
        self._order = jnp.asarray((np.arange(c)[None, :] * 5 + ranks[:, None]).ravel(), jnp.int8)
        self.reset = jax.jit(_per_game(self._reset_batch))
        self.reset_game = jax.jit(_per_game(self._reset_game_batch))
        self.step_env = jax.jit(_per_game(self._step_env_batch))
        self._step = jax.jit(_per_game(self._step_batch))
        self._get_obs = jax.jit(_per_game(self._obs_batch))

    # --- the protocol -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """``"Hanabi"``, as JaxMARL's."""
        return "Hanabi"

    @property
    def num_actions(self) -> int:
        """The number of action ids (`num_moves`)."""
        return int(self.num_moves)

    def observation_space(self, agent: str) -> Any:
        """The observation space of `agent`."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The action space of `agent`."""
        return self.action_spaces[agent]

    def step(
        self, key: Any, state: BatchState, actions: dict[str, Any], reset_state: Any = None
    ) -> tuple[Any, ...]:
        """One move of the player to move, then JaxMARL's auto-reset: a game that ends is
        replaced by the game JaxMARL would deal from `key` (or by `reset_state`); the rewards
        and dones are the ended game's, the observations and state the new game's.

        Args:
            key: a JAX PRNG key.
            state: one game (a `BatchState` without the batch axis; under ``vmap``, B games).
            actions: every agent's action id; the mover's is played, the others' (the no-op
                `num_moves` − 1) are not read. An illegal move leaves the game as it was.
            reset_state: the game to start when this one ends, instead of a new deal.

        Returns:
            ``(obs, state, rewards, dones, info)``: dicts by agent (rewards and dones also
            under ``"__all__"``: the change in score, 0 after the last Storm as JaxMARL
            scores it, and whether the game ended); `info` is ``{}``.
        """
        if reset_state is None:
            return self._step(key, state, actions)  # type: ignore[no-any-return]
        obs, new, rewards, dones, info = self.step_env(key, state, actions)
        done = dones["__all__"]
        new = jax.tree.map(lambda a, b: jax.lax.select(done, b, a), new, reset_state)
        fresh = self.get_obs(reset_state)
        obs = jax.tree.map(lambda a, b: jax.lax.select(done, b, a), obs, fresh)
        return obs, new, rewards, dones, info

    def get_obs(self, new_state: BatchState, old_state: Any = None, action: Any = None) -> Any:
        """Every agent's observation of `new_state`, a dict (JaxMARL's takes the state before
        and the action too, for the last-move section; the engine's state holds that move)."""
        del old_state, action
        return self._get_obs(new_state)

    def get_legal_moves(self, state: BatchState) -> dict[str, Any]:
        """Every agent's legal action ids, float32 as JaxMARL's: the mover's legal uids, the
        others' no-op alone."""
        mover = jnp.concatenate([state.legal, jnp.zeros((*state.legal.shape[:-1], 1), bool)], -1)
        waiter = jnp.zeros_like(mover).at[..., -1].set(True)
        return {
            agent: jnp.where((state.current == i)[..., None], mover, waiter).astype(jnp.float32)
            for i, agent in enumerate(self.agents)
        }

    def get_avail_actions(self, state: BatchState) -> dict[str, Any]:
        """`get_legal_moves` as bool masks (``MultiAgentEnv.get_avail_actions``)."""
        return {a: m.astype(bool) for a, m in self.get_legal_moves(state).items()}

    def terminal(self, state: BatchState) -> Any:
        """Whether the game is over."""
        return state.done

    # --- JaxMARL's other entry points ---------------------------------------------------------

    def reset_from_deck(self, deck: Any) -> tuple[Any, BatchState]:
        """A game from a deck of one-hot cards, (D, C, R) as JaxMARL's (top card first)."""
        deck = jnp.asarray(deck)
        faces = jnp.argmax(deck.reshape(*deck.shape[:-2], -1), axis=-1)
        colours, ranks = jnp.divmod(faces, self.num_ranks)
        return self.reset_from_deck_of_pairs(jnp.stack([colours, ranks], axis=-1))

    def reset_from_deck_of_pairs(self, deck: Any) -> tuple[Any, BatchState]:
        """A game from a deck of (colour, rank) index pairs, (D, 2) as JaxMARL's."""
        deck = jnp.asarray(deck)
        faces = deck[..., 0] * 5 + deck[..., 1]
        state = self.get_first_state(faces)
        return self.get_obs(state), state

    def get_first_state(self, faces: Any) -> BatchState:
        """A game from a deck of faces (colour × 5 + rank index), top card first.

        Concrete decks are checked as `JaxEngine.init` checks them (a bad deck raises
        [`InvalidDeck`][hanabi_core.InvalidDeck])."""
        faces = jnp.asarray(faces)
        batched = faces.reshape(-1, faces.shape[-1])
        state = self.engine.init(batched)
        return BatchState(*(x.reshape(faces.shape[:-1] + x.shape[1:]) for x in state))

    def reset_game_from_deck(self, deck: Any) -> BatchState:
        """`reset_from_deck` without the observation."""
        return self.reset_from_deck(deck)[1]

    def reset_game_from_deck_of_pairs(self, deck: Any) -> BatchState:
        """`reset_from_deck_of_pairs` without the observation."""
        return self.reset_from_deck_of_pairs(deck)[1]

    def step_game(self, state: BatchState, aidx: Any, action: Any) -> tuple[BatchState, Any]:
        """Seat `aidx` (who must be the one to move) takes action id `action`, no reset:
        ``(state, reward)``."""
        actions = {
            a: jnp.where(i == aidx, action, self.num_moves - 1) for i, a in enumerate(self.agents)
        }
        _, new, rewards, _, _ = self.step_env(jax.random.PRNGKey(0), state, actions)
        return new, rewards["__all__"]

    def get_full_deck(self) -> Any:
        """JaxMARL's unshuffled deck as one-hot cards, (D, C, R) float32."""
        return jax.nn.one_hot(self._order.astype(jnp.int32), self.num_colors * 5).reshape(
            -1, self.num_colors, 5
        )

    def get_v0_belief_feats(self, aidx: Any, state: BatchState) -> Any:
        """Seat `aidx`'s V0 belief section (the last `v0_belief_n_feats` of its observation)."""
        one = jax.tree.map(lambda x: x[None], state)
        obs = observe_v0_belief(self._t, one)[0]
        return obs[aidx, -self.v0_belief_n_feats :]

    def get_last_action_feats_(
        self, aidx: Any, old_state: BatchState, new_state: BatchState, action: Any
    ) -> dict[str, Any]:
        """Seat `aidx`'s features of `action`, played by the mover of `old_state` and leading to
        `new_state`, as JaxMARL's dict: ``acting_player_relative_index`` (P,) float32,
        ``move_type`` (4,) int32 (play, discard, colour clue, rank clue),
        ``target_player_relative_index`` (P,) float32, ``color_revealed`` (C,) and
        ``rank_revealed`` (R,) float32, ``reveal_outcome`` (H,) int32 (the slots the clue
        touched), ``pos_played_discarded`` (H,) float32, ``played_discarded_card`` (C·R,)
        float32, ``card_played_score`` (1,) bool, ``added_info_tokens`` (1,) int32. Jit-able."""
        return _views.last_action_feats(self, aidx, old_state, new_state, action)

    def get_last_action_feats(
        self, aidx: Any, old_state: BatchState, new_state: BatchState, action: Any
    ) -> Any:
        """`get_last_action_feats_` concatenated in its order, float32 (`last_action_n_feats`):
        the observation's last-move section (which is zeros before the first move). Jit-able."""
        feats = self.get_last_action_feats_(aidx, old_state, new_state, action)
        return jnp.concatenate([feats[k].astype(jnp.float32) for k in _views.LAST_ACTION_KEYS])

    def get_board_feats(self, state: BatchState) -> Any:
        """The observation's board section, float32 (`board_n_feats`): the deck left as a
        thermometer (over the deck less the deal), each firework's top card one-hot, the Notes and
        the lives as thermometers. Jit-able."""
        return _views.board_feats(self, state)

    def get_obs_str(
        self,
        new_state: BatchState,
        old_state: BatchState | None = None,
        action: Any = 20,
        include_belief: bool = False,
        best_belief: int = 5,
    ) -> str:
        """JaxMARL's text of the game as the player to move sees it: turn, score, tokens, deck,
        discards, fireworks, every hand (the mover's own cards masked) with its clues and the
        colours and ranks still possible (and, with `include_belief`, the `best_belief` likeliest
        faces of the V0 belief), the last action (`action`, from `old_state`; default: the no-op
        of a 2-player game) and the mover's legal actions. Not jit-able (as JaxMARL's). On an
        ended game it lists no legal actions (`get_legal_moves` offers none there; JaxMARL's,
        which its auto-reset never shows an ended game, still lists moves)."""
        return _views.obs_str(
            self,
            new_state,
            old_state,
            action,
            include_belief=include_belief,
            best_belief=best_belief,
        )

    def render_obs(self, obs: dict[str, Any]) -> None:
        """Print each agent's observation (of the default, JaxMARL layout) section by section,
        its belief section as (C, R) grids per relative seat and slot, as JaxMARL's."""
        _views.render_obs(self, obs)

    @property
    def agent_classes(self) -> dict[str, list[str]]:
        """The agents grouped by role (``MultiAgentEnv.agent_classes``): Hanabi has one role,
        ``{"agent": agents}``. (JaxMARL's Hanabi leaves the base class's, which raises
        ``NotImplementedError``.)"""
        return {"agent": list(self.agents)}

    def card_to_string(self, face: Any) -> str:
        """A face as ``"R1"`` … (``""`` for the empty slot); JaxMARL's takes a one-hot card."""
        face = np.asarray(face)
        if face.ndim:
            if not face.any():
                return ""
            face = np.asarray(int(face.reshape(-1).argmax()))
        value = int(face)
        if not 0 <= value < self._t.cr:
            return ""
        return f"{self.color_map[value // 5]}{value % 5 + 1}"

    def render(self, state: BatchState) -> None:
        """Print the game (turn, score, tokens, fireworks, hands) to the console."""
        print(f"Turn: {int(state.turn)}\n")
        print(f"Score: {int(state.score)}")
        print(f"Information: {int(state.notes)}")
        print(f"Lives: {self.max_life_tokens - int(state.storms)}")
        print(f"Deck: {self.deck_size - int(state.drawn)}")
        fireworks = " ".join(
            f"{self.color_map[c]}{int(n)}" for c, n in enumerate(np.asarray(state.fireworks))
        )
        print(f"Fireworks: {fireworks}")
        for seat in range(self.num_agents):
            mark = " <-- current player" if seat == int(state.current) else ""
            print(f"Actor {seat} Hand:{mark}")
            for slot, face in enumerate(np.asarray(state.hands[seat])):
                print(f"{slot} {self.card_to_string(face)}")

    # --- the batched bodies -------------------------------------------------------------------

    def _describe(self, uid: int) -> str:
        t = self._t
        if uid >= t.moves:
            return "N"
        kind, slot, offset, value = (int(x[uid]) for x in (t.kind, t.slot, t.offset, t.value))
        if kind <= 1:
            return f"{'DP'[kind]}{slot}"
        what = self.color_map[value] if kind == 2 else str(value + 1)
        return f"H{what} to P{offset} relative"

    def _deal(self, keys: Any) -> Any:
        """(B, D) the decks JaxMARL's ``reset_game`` deals from (B,) keys."""
        order = self._order

        def one(key: Any) -> Any:
            return order[jax.random.permutation(jax.random.split(key)[1], order.shape[0])]

        return jax.vmap(one)(keys)

    def _obs_batch(self, state: BatchState) -> dict[str, Any]:
        if self._type is None:
            return dict(zip(self.agents, v0_belief_by_seat(self._t, state), strict=True))
        obs = _core.observe(jnp, self._t, state, self._type)
        return {a: obs[:, i] for i, a in enumerate(self.agents)}

    def _reset_game_batch(self, keys: Any) -> BatchState:
        return _core.init(jnp, self._t, self._deal(keys))

    def _reset_batch(self, keys: Any) -> tuple[Any, BatchState]:
        state = self._reset_game_batch(keys)
        return self._obs_batch(state), state

    def _move(self, state: BatchState, actions: dict[str, Any]) -> tuple[BatchState, Any]:
        t = self._t
        stacked = jnp.stack([jnp.asarray(actions[a]) for a in self.agents], axis=1)
        rows = jnp.arange(stacked.shape[0])
        uid = stacked[rows, state.current].astype(jnp.int32)
        inside = (uid >= 0) & (uid < t.moves)
        ok = inside & state.legal[rows, jnp.clip(uid, 0, t.moves - 1)]
        new, reward = _core.advance(jnp, t, state, uid, ok)
        # JaxMARL counts a move into a finished game (it never sees one: it auto-resets).
        return new, reward.astype(jnp.float32)

    def _outcome(self, reward: Any, done: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        rewards = dict.fromkeys(self.agents, reward)
        rewards["__all__"] = reward
        dones = dict.fromkeys(self.agents, done)
        dones["__all__"] = done
        return rewards, dones

    def _step_env_batch(self, keys: Any, state: BatchState, actions: dict[str, Any]) -> Any:
        del keys
        new, reward = self._move(state, actions)
        rewards, dones = self._outcome(reward, new.done)
        return self._obs_batch(new), new, rewards, dones, {}

    def _step_batch(self, keys: Any, state: BatchState, actions: dict[str, Any]) -> Any:
        new, reward = self._move(state, actions)
        done = new.done
        # JaxMARL's ``step`` splits its key and deals the new game from the second half.
        reset_keys = jax.vmap(jax.random.split)(keys)[:, 1]
        new = self._redeal(reset_keys, new)
        rewards, dones = self._outcome(reward, done)
        return self._obs_batch(new), new, rewards, dones, {}

    def _redeal(self, keys: Any, state: BatchState) -> BatchState:
        """`state` with its finished games dealt anew from their `keys`.

        Only the finished games are shuffled (JaxMARL shuffles a deck for every game at every
        step), a 64th of the batch (at least 8) at a time, in a loop that usually turns once (a
        game lasts some 60 to 70 moves). (Measured on CPU at B = 1,024 within JaxMARL's loop: a
        loop that carries only the decks, then sets up and selects new games for the whole
        batch, costs more; so does a first deal outside the loop with ``lax.cond`` around it.)"""
        b = state.done.shape[0]
        few = min(b, max(8, b // 64))
        t = self._t

        def deal_some(games: BatchState) -> BatchState:
            rows = jnp.nonzero(games.done, size=few, fill_value=b)[0]  # b: dropped below
            fresh = _core.init(jnp, t, self._deal(keys[jnp.minimum(rows, b - 1)]))
            pairs = zip(games, fresh, strict=True)
            return BatchState(*(old.at[rows].set(new, mode="drop") for old, new in pairs))

        out: BatchState = jax.lax.while_loop(lambda g: g.done.any(), deal_some, state)
        return out


def _per_game(batched: Callable[..., Any]) -> Callable[..., Any]:
    """A one-game function from `batched`, a function of B games (every argument and result
    with the game on axis 0), declared so that ``jax.vmap`` of it calls `batched` once on the
    whole batch (arguments not batched are broadcast)."""

    @custom_vmap
    def one(*args: Any) -> Any:
        out = batched(*jax.tree.map(lambda x: jnp.asarray(x)[None], args))
        return jax.tree.map(lambda x: x[0], out)

    @one.def_vmap
    def many(axis_size: int, in_batched: Any, *args: Any) -> tuple[Any, Any]:
        args = jax.tree.map(
            lambda x, batched_: x if batched_ else jnp.broadcast_to(x, (axis_size, *jnp.shape(x))),
            args,
            tuple(in_batched),
        )
        out = batched(*args)
        return out, jax.tree.map(lambda _: True, out)

    return one
