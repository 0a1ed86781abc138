"""The batch engine under JAX: the same code and array layout as the NumPy engine, jittable.

Needs the `jax` extra (``pip install -e ".[jax]"`` from a clone, ``pip install
"hanabi-core[jax]"`` once released; CPU is enough). The rules and
encoders are the very functions the NumPy [`Engine`][hanabi_core.batch.Engine] runs
(`hanabi_core.batch._core`, written over an array namespace), here over ``jax.numpy``; a test
holds the two to the same states and bits.

Two styles:

- batched, as the NumPy engine: `init` (decks → states), `advance` (states, uids → states,
  rewards), `observe`, `observe_v0_belief` and `reset_done`; each is jitted;
- one game, in JaxMARL's functional style, for ``jax.vmap`` and ``jax.lax.scan``:
  ``obs, state = env.reset(key)`` and ``obs, state, reward, done, info = env.step(key, state,
  action)``, which deals a new game from `key` when the game ends, as JaxMARL's ``step`` does.
  The action is the uid of the player to move (JaxMARL takes a dict of every agent's action).

```python
import jax
from hanabi_core.batch.jax import JaxEngine
from hanabi_core.hle import options_from_config

env = JaxEngine(options_from_config({"players": 2}))
keys = jax.random.split(jax.random.PRNGKey(0), 16)
obs, state = jax.vmap(env.reset)(keys)                    # 16 games: obs (16, 2, 658)
action = state.legal.argmax(axis=1)                        # the first legal uid of each game
obs, state, reward, done, info = jax.vmap(env.step)(keys, state, action)
assert obs.shape == (16, 2, 658) and int(state.turn.sum()) == 16
```
"""

from __future__ import annotations

from typing import Any

from .._support.extras import missing_extra

try:
    import jax
    import jax.numpy as jnp
    from jax.experimental import checkify
except ImportError as error:  # pragma: no cover - the extra is missing
    raise missing_extra("hanabi_core.batch.jax", "JAX", "jax") from error

import numpy as np

from .. import hle
from ..errors import IllegalAction, InvalidDeck, InvalidOptions, brief
from ..hle.knowledge import HINTED_COLOUR_SHIFT, HINTED_RANK_SHIFT, RANK_SHIFT
from ..options import Options
from ..spec import Rule
from . import _core
from ._core import BatchState
from .engine import tables

__all__ = ["JaxEngine", "observe_v0_belief", "v0_belief_by_seat"]


def _few(games: Any) -> str:
    """Up to ten game numbers, then how many in all."""
    shown = ", ".join(str(int(g)) for g in games[:10])
    return shown + (f", … ({games.size} in all)" if games.size > 10 else "")


def _check_type(observation_type: object) -> None:
    """An HLE observation type: the int 0, 1 or 2 (not a bool, a float or a string)."""
    if (
        isinstance(observation_type, bool)
        or not isinstance(observation_type, int | np.integer)
        or observation_type not in (hle.MINIMAL, hle.CARD_KNOWLEDGE, hle.SEER)
    ):
        raise InvalidOptions(
            "observation_type", f"must be 0, 1 or 2, got {brief(observation_type)}"
        )


def _one(state: BatchState) -> BatchState:
    return BatchState(*(x[None] for x in state))


def _first(state: BatchState) -> BatchState:
    return BatchState(*(x[0] for x in state))


class JaxEngine:
    """The batch engine of one configuration under JAX (pure, jitted functions).

    Args:
        options: the game's options, as for [`Engine`][hanabi_core.batch.Engine].
        observation_type: the observation `reset` and `step` return (0, 1 or 2).

    Checks: what a jitted function cannot check, the host checks where the values are concrete,
    and `checked_init` and `checked_advance` check under ``jit`` with ``jax.experimental.checkify``
    (``err, state = env.checked_init(decks); err.throw()``), so that a bad deck is an error and
    not a game. Shapes, dtypes and the observation type are static: they are checked always.

    Attributes:
        init: ``(decks (B, D) faces) -> BatchState``, jitted; concrete decks are checked on the
            host (a deck that is not exactly the game's cards raises `InvalidDeck`); decks traced
            under the caller's ``jit`` cannot be, and play as given: use `checked_init` there.
        checked_init: jitted ``(decks) -> (checkify.Error, BatchState)``: the same checks under
            ``jit``; ``error.throw()`` raises ``checkify.JaxRuntimeError`` naming the fault.
        advance: jitted ``(state, uids (B,)) -> (state, rewards)``; a game whose uid is illegal
            (or that is over) is left as it was. Uids must be integers (not bools) of shape (B,).
        checked_advance: jitted ``(state, uids) -> (checkify.Error, (state, rewards))``: an
            illegal uid in an unfinished game is an error.
        observe: ``(state, observation_type) -> (B, P, L) uint8``, jitted; the observation type
            must be 0, 1 or 2.
        observe_v0_belief: jitted ``(state) -> (B, P, L) float32``.
        reset_done: jitted ``(key, state) -> state`` with its finished games dealt anew.
        reset: jitted ``(key) -> (obs (P, L), state)`` of one game (JaxMARL's ``reset``).
        step: jitted ``(key, state, action) -> (obs, state, reward, done, info)`` of one game,
            dealing a new game from `key` when it ends (JaxMARL's ``step``).
        step_env: the same without the new deal.

    Raises:
        InvalidOptions: a game the engine does not play, or a bad observation type.
    """

    def __init__(self, options: Options, observation_type: int = hle.CARD_KNOWLEDGE) -> None:
        _check_type(observation_type)
        self.options = options
        numpy_tables = tables(options)
        self.tables = t = numpy_tables.on(jnp)
        self.observation_type = observation_type
        #: Players and the number of move uids.
        self.players, self.num_moves = t.players, t.moves
        self._base = jnp.asarray(numpy_tables.base_deck)
        self._init_jit = jax.jit(self._init)
        self._advance_jit = jax.jit(self._advance)
        self._observe_jit = jax.jit(self._observe, static_argnums=1)
        self.checked_init = jax.jit(checkify.checkify(self._init_checked))
        self.checked_advance = jax.jit(checkify.checkify(self._advance_checked))
        self.observe_v0_belief = jax.jit(self._observe_v0_belief)
        self.reset_done = jax.jit(self._reset_done)
        self.reset = jax.jit(self._reset)
        self.step = jax.jit(self._step)
        self.step_env = jax.jit(self._step_env)

    # --- checked entry points -----------------------------------------------------------------

    def _check_deck_shape(self, decks: Any) -> None:
        """The static checks of a deck array: two axes, D cards, integer faces (not bools)."""
        shape, dtype = jnp.shape(decks), jnp.result_type(decks)
        d = self.tables.deck_size
        if len(shape) != 2 or shape[1] != d or shape[0] < 1:
            raise InvalidDeck("decks", f"must be B decks of {d} cards each, got shape {shape}")
        if not jnp.issubdtype(dtype, jnp.integer) or dtype == jnp.bool_:
            raise InvalidDeck("decks", f"must be integer faces, got an array of {dtype}")

    def init(self, decks: Any) -> BatchState:
        """New games from (B, D) decks of faces (colour × 5 + rank index, top card first).

        Raises:
            InvalidDeck: a deck of the wrong shape or type, or (for decks with concrete values)
                one that is not exactly the game's cards: faces out of range, or a face with
                more or fewer copies than the game has (rule 1.1).
        """
        self._check_deck_shape(decks)
        if not isinstance(decks, jax.core.Tracer):
            faces = np.asarray(decks).astype(np.int64)
            bad = np.flatnonzero((np.sort(faces, axis=1) != self.tables.base_deck).any(axis=1))
            if bad.size:
                raise InvalidDeck(
                    "decks",
                    f"games {_few(bad)} are not exactly the game's {self.tables.deck_size} cards",
                )
        return self._init_jit(decks)  # type: ignore[no-any-return]

    def _init_checked(self, decks: Any) -> BatchState:
        self._check_deck_shape(decks)
        faces = decks.astype(jnp.int32)
        inside = (faces >= 0) & (faces < self.tables.cr)
        checkify.check(inside.all(), f"decks: a face out of range 0 to {self.tables.cr - 1}")
        exact = (jnp.sort(faces, axis=1) == self.tables.base_deck).all(axis=1)
        checkify.check(
            exact.all(), "decks: game {} is not exactly the game's cards", jnp.argmin(exact)
        )
        return self._init(decks)

    def _check_uids(self, state: BatchState, uids: Any) -> None:
        shape, dtype = jnp.shape(uids), jnp.result_type(uids)
        if (
            shape != state.done.shape
            or not jnp.issubdtype(dtype, jnp.integer)
            or dtype == jnp.bool_
        ):
            raise IllegalAction(
                Rule.KNOWN_ACTIONS_ONLY,
                f"Cannot take the moves: expected {state.done.shape[0]} integer uids, got an "
                f"array of shape {shape} and type {dtype}",
                action=brief(uids),
            )

    def advance(self, state: BatchState, uids: Any) -> tuple[BatchState, Any]:
        """Every unfinished game whose uid is legal takes it: ``(state, rewards)``.

        Illegal uids leave their game as it was (a jitted function cannot raise): check
        ``state.legal`` first, use `checked_advance`, or the NumPy engine, which names them.

        Raises:
            IllegalAction: uids of the wrong shape or not integers (bools included).
        """
        self._check_uids(state, uids)
        return self._advance_jit(state, uids)  # type: ignore[no-any-return]

    def _advance_checked(self, state: BatchState, uids: Any) -> tuple[BatchState, Any]:
        self._check_uids(state, uids)
        rows = jnp.arange(uids.shape[0])
        inside = (uids >= 0) & (uids < self.tables.moves)
        ok = inside & state.legal[rows, jnp.clip(uids, 0, self.tables.moves - 1)]
        fine = ok | state.done
        checkify.check(fine.all(), "uids: game {} has an illegal uid", jnp.argmin(fine))
        return self._advance(state, uids)

    def observe(self, state: BatchState, observation_type: int = hle.CARD_KNOWLEDGE) -> Any:
        """Every seat's canonical vector, (B, P, L) uint8 (jitted per observation type).

        Raises:
            InvalidOptions: an observation type other than 0, 1 or 2.
        """
        _check_type(observation_type)
        return self._observe_jit(state, observation_type)

    # --- the jitted bodies ---------------------------------------------------------------------

    def _init(self, decks: Any) -> BatchState:
        """(B, D) decks of faces → new games."""
        return _core.init(jnp, self.tables, decks)

    def _advance(self, state: BatchState, uids: Any) -> tuple[BatchState, Any]:
        """Every unfinished game whose uid is legal takes it; returns the games and rewards."""
        self._check_uids(state, uids)
        rows = jnp.arange(uids.shape[0])
        inside = (uids >= 0) & (uids < self.tables.moves)
        ok = inside & state.legal[rows, jnp.clip(uids, 0, self.tables.moves - 1)]
        return _core.advance(jnp, self.tables, state, uids.astype(jnp.int32), ok)

    def _observe(self, state: BatchState, observation_type: int = hle.CARD_KNOWLEDGE) -> Any:
        """Every seat's canonical vector, (B, P, L) uint8."""
        _check_type(observation_type)
        return _core.observe(jnp, self.tables, state, observation_type)

    def _observe_v0_belief(self, state: BatchState) -> Any:
        """Every seat's V0-belief vector, (B, P, L) float32."""
        return observe_v0_belief(self.tables, state)

    def deal(self, key: Any) -> Any:
        """One shuffled deck of faces from `key`."""
        return jax.random.permutation(key, self._base)

    def deal_batch(self, key: Any, batch_size: int) -> Any:
        """(B, D) shuffled decks from `key`: a Fisher–Yates shuffle run on all B decks at once
        (on CPU about five times cheaper than a sort per deck, as ``jax.random.permutation``
        does)."""
        size = self._base.shape[0]
        uniform = jax.random.uniform(key, (batch_size, size))
        columns = jnp.arange(size)

        def swap(n: Any, deck: Any) -> Any:
            i = size - 1 - n
            j = jnp.floor(uniform[:, i] * (i + 1)).astype(jnp.int32)  # 0 <= j <= i
            at_i = deck[:, i]
            at_j = jnp.take_along_axis(deck, j[:, None], axis=1)[:, 0]
            deck = jnp.where(columns == j[:, None], at_i[:, None], deck)
            return jnp.where(columns == i, at_j[:, None], deck)

        start = jnp.broadcast_to(self._base, (batch_size, size))
        return jax.lax.fori_loop(0, size - 1, swap, start)

    def _reset_done(self, key: Any, state: BatchState) -> BatchState:
        """`state` with its finished games replaced by new deals from `key` (batched
        auto-reset). The finished games are dealt a sixteenth of the batch at a time, in a loop
        that usually turns once (a game lasts some 60 steps): shuffling only them costs far less
        than shuffling B decks a step, and ``lax.cond`` costs more than the loop on CPU."""
        b = state.done.shape[0]
        few = max(1, b // 16)
        t = self.tables

        def deal_some(carry: tuple[BatchState, Any]) -> tuple[BatchState, Any]:
            games, key = carry
            key, sub = jax.random.split(key)
            rows = jnp.nonzero(games.done, size=few, fill_value=b)[0]  # b: dropped below
            fresh = _core.init(jnp, t, self.deal_batch(sub, few))
            pairs = zip(games, fresh, strict=True)
            return BatchState(*(old.at[rows].set(new, mode="drop") for old, new in pairs)), key

        def any_done(carry: tuple[BatchState, Any]) -> Any:
            return carry[0].done.any()

        return jax.lax.while_loop(any_done, deal_some, (state, key))[0]

    def _reset(self, key: Any) -> tuple[Any, BatchState]:
        """One new game from `key`: ``(obs (P, L), state)`` (JaxMARL's ``reset``)."""
        state = _core.init(jnp, self.tables, self.deal(key)[None])
        obs = _core.observe(jnp, self.tables, state, self.observation_type)
        return obs[0], _first(state)

    def _step_env(self, key: Any, state: BatchState, action: Any) -> tuple[Any, ...]:
        """One game takes uid `action` (no reset): ``(obs, state, reward, done, info)``."""
        del key
        new, reward = self._advance(_one(state), jnp.asarray(action)[None])
        obs = _core.observe(jnp, self.tables, new, self.observation_type)
        return obs[0], _first(new), reward[0], new.done[0], {"legal": new.legal[0]}

    def _step(self, key: Any, state: BatchState, action: Any) -> tuple[Any, ...]:
        """`step_env`, then a new game from `key` if this one ended (JaxMARL's ``step``): the
        reward and done flag are the ended game's, the observation and state the new game's."""
        obs, new, reward, done, _ = self._step_env(key, state, action)
        fresh_obs, fresh = self._reset(key)
        state = BatchState(*(jnp.where(done, b, a) for a, b in zip(new, fresh, strict=True)))
        obs = jnp.where(done, fresh_obs, obs)
        return obs, state, reward, done, {"legal": state.legal}


def observe_v0_belief(t: _core.Tables, s: BatchState) -> Any:
    """Every seat's V0-belief vector, (B, P, L) float32: the values of
    ``_core.observe_v0_belief`` (and of JaxMARL's observation), from `v0_belief_by_seat`."""
    return jnp.stack(v0_belief_by_seat(t, s), axis=1)


def v0_belief_by_seat(t: _core.Tables, s: BatchState) -> list[Any]:
    """Each seat's V0-belief vectors, P arrays (B, L) float32, built the way XLA on CPU builds
    them fastest (measured within JaxMARL's loop): sections 1 to 4 as the minimal observation,
    the belief's counts as integers (exact, so the quotient is the float32 one JaxMARL's float
    arithmetic gives), the normalising sums as 25 whole-batch terms (XLA reduces short axes
    slowly), and each seat's vector joined once (slicing seats out of a (B, P, L) array would be
    one more copy)."""
    b = s.hands.shape[0]
    p, h, r, c, cr = t.players, t.hand_size, t.ranks, t.colours, t.cr
    sections = _core.observe(jnp, t, s, hle.MINIMAL).astype(jnp.float32)
    built = (jnp.arange(r) < s.fireworks[:, :, None]).reshape(b, c, r)
    remaining = t.copies.reshape(c, r) - s.discards.reshape(b, c, r) - built  # (B, C, R)
    k = s.knowledge.astype(jnp.int32)  # (B, P, H), packed as _core packs it
    total = jnp.zeros(k.shape, jnp.int32)
    for colour in range(c):
        for rank in range(r):
            plausible = (k >> colour) & (k >> (RANK_SHIFT + rank)) & 1
            total = total + plausible * remaining[:, None, None, colour, rank]
    k4 = k[..., None]
    colour_ok = (k4 >> jnp.arange(c)) & 1
    rank_ok = (k4 >> (RANK_SHIFT + jnp.arange(r))) & 1
    weights = colour_ok[..., :, None] * rank_ok[..., None, :] * remaining[:, None, None]
    weights = weights.reshape(b, p, h, cr).astype(jnp.float32)
    # A held card's own face is always plausible and not yet accounted for: total >= 1.
    belief = jnp.where(
        total[..., None] > 0, weights / jnp.maximum(total, 1).astype(jnp.float32)[..., None], 0
    )
    hinted_colour = ((k4 >> HINTED_COLOUR_SHIFT) & 7) - 1 == jnp.arange(c)
    hinted_rank = ((k4 >> HINTED_RANK_SHIFT) & 7) - 1 == jnp.arange(r)
    card = jnp.concatenate(
        [belief, hinted_colour.astype(jnp.float32), hinted_rank.astype(jnp.float32)], axis=3
    ).reshape(b, p, h * t.card_bits)
    # Each observer's vector: its sections, then the cards of the seats 0 … P−1 places after it.
    return [
        jnp.concatenate([sections[:, seat]] + [card[:, (seat + k_) % p] for k_ in range(p)], 1)
        for seat in range(p)
    ]
