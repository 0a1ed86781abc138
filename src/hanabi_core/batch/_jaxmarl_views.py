"""JaxMARL's Hanabi feature and text views, computed from the JAX engine's `BatchState`.

The bodies of `HanabiEnv.get_last_action_feats_`, ``get_board_feats``, ``get_obs_str`` and
``render_obs`` (`batch/jaxmarl.py`): each gives what JaxMARL 0.2.0's ``HanabiEnv`` gives for the
same game (``jaxmarl/environments/hanabi/hanabi.py``; the arrays with its dtypes, the text
character for character), held to it by ``tests/test_batch_jaxmarl.py``. One game each (no batch
axis); the array views are traceable, so ``jit`` and ``vmap`` apply.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np

from ..hle.knowledge import HINTED_COLOUR_SHIFT, HINTED_RANK_SHIFT, RANK_SHIFT
from ._core import BatchState

if TYPE_CHECKING:  # pragma: no cover
    from .jaxmarl import HanabiEnv

#: The keys of JaxMARL's ``get_last_action_feats_``, in the order its observation concatenates them.
LAST_ACTION_KEYS = (
    "acting_player_relative_index",
    "move_type",
    "target_player_relative_index",
    "color_revealed",
    "rank_revealed",
    "reveal_outcome",
    "pos_played_discarded",
    "played_discarded_card",
    "card_played_score",
    "added_info_tokens",
)


def last_action_feats(
    env: HanabiEnv, aidx: Any, old_state: BatchState, new_state: BatchState, action: Any
) -> dict[str, Any]:
    """JaxMARL's ``get_last_action_feats_``: seat `aidx`'s view of `action`, taken by the player
    to move in `old_state`, which led to `new_state`. Like JaxMARL's it reads the action id as
    it is (a no-op, or a move the rules refuse, gives what JaxMARL's formulas give)."""
    p, c, r, h = env.num_agents, env.num_colors, env.num_ranks, env.hand_size
    cr = c * r
    action = jnp.asarray(action)
    aidx = jnp.asarray(aidx)
    colour_hints = (p - 1) * c
    moves = env.num_moves - 1
    is_discard = (action >= 0) & (action <= h - 1)
    is_play = (action >= h) & (action <= 2 * h - 1)
    is_colour = (action >= 2 * h) & (action <= 2 * h + colour_hints - 1)
    is_rank = (action >= 2 * h + colour_hints) & (action <= moves - 1)
    is_hint = is_colour | is_rank
    actor = jnp.asarray(old_state.current).astype(jnp.int32)
    # The hint's target and value as JaxMARL's _get_target_player_and_hint_index reads any id.
    index = action - 2 * h
    index = jnp.where(is_colour, index, index - colour_hints)
    hint = jnp.where(is_colour, jnp.mod(index, c), jnp.mod(index, r))
    offset = jnp.where(is_colour, jnp.floor_divide(index, c), jnp.floor_divide(index, r))
    target = jnp.mod(offset + actor + 1, p).astype(jnp.int32)
    zeros_p = jnp.zeros(p, jnp.float32)
    target_relative = jnp.roll(jax.nn.one_hot(target, p, dtype=jnp.float32), -aidx)
    faces = jnp.asarray(new_state.hands)[target]
    held = faces < cr  # an empty slot holds C x 5
    colour_revealed = jnp.where(is_colour, jax.nn.one_hot(hint, c, dtype=jnp.float32), 0.0)
    rank_revealed = jnp.where(is_rank, jax.nn.one_hot(hint, r, dtype=jnp.float32), 0.0)
    touched_colour = is_colour & held & (faces // r == hint)
    touched_rank = is_rank & held & (faces % r == hint)
    slot = jnp.mod(action, h)
    play_or_discard = is_play | is_discard
    position = jnp.where(play_or_discard, jnp.arange(h) == slot, False).astype(jnp.float32)
    before = jnp.asarray(old_state.hands)[actor][jnp.clip(slot, 0, h - 1)]
    card = jnp.where(play_or_discard, jax.nn.one_hot(before, cr, dtype=jnp.float32), 0.0)
    built = jnp.sum(new_state.fireworks) - jnp.sum(old_state.fireworks)
    gained = is_play & (jnp.asarray(new_state.notes) > jnp.asarray(old_state.notes))
    values = (
        jnp.roll(jax.nn.one_hot(actor, p, dtype=jnp.float32), -aidx),
        jnp.stack([is_play, is_discard, is_colour, is_rank]).astype(jnp.int32),
        jnp.where(is_hint, target_relative, zeros_p),
        colour_revealed,
        rank_revealed,
        (touched_colour | touched_rank).astype(jnp.int32),
        position,
        card,
        (built != 0)[None],
        gained.astype(jnp.int32)[None],
    )
    # Sorted by key, as JaxMARL's (a jitted function's dict comes back sorted).
    return dict(sorted(zip(LAST_ACTION_KEYS, values, strict=True)))


def board_feats(env: HanabiEnv, state: BatchState) -> Any:
    """JaxMARL's ``get_board_feats``: the cards left in the deck (a thermometer over the deck
    less the deal), each firework's top card (one-hot), the Notes and the lives (thermometers),
    float32."""
    p, h, d = env.num_agents, env.hand_size, env.deck_size
    left = d - jnp.asarray(state.drawn).astype(jnp.int32)
    deck = jnp.arange(d - p * h) < left
    fireworks = jax.nn.one_hot(jnp.asarray(state.fireworks) - 1, env.num_ranks, dtype=jnp.float32)
    notes = jnp.arange(env.max_info_tokens) < state.notes
    lives = jnp.arange(env.max_life_tokens) < env.max_life_tokens - jnp.asarray(state.storms)
    parts = (deck.astype(jnp.float32), fireworks.ravel(), notes, lives)
    return jnp.concatenate([x.astype(jnp.float32) for x in parts])


def discard_pile(env: HanabiEnv, state: BatchState) -> list[int]:
    """The faces discarded or misplayed, in order (the engine keeps counts: replayed from the
    deck and the moves)."""
    t = env.engine.tables
    p, h, r = env.num_agents, env.hand_size, env.num_ranks
    deck = [int(f) for f in np.asarray(state.deck)]
    hands = [deck[s * h : (s + 1) * h] for s in range(p)]
    drawn = p * h
    built = [0] * env.num_colors
    pile = []
    for turn, uid in enumerate(int(u) for u in np.asarray(state.history)):
        if uid < 0:
            break
        kind = int(t.kind[uid])
        if kind > 1:  # a clue
            continue
        hand = hands[turn % p]
        face = hand.pop(int(t.slot[uid]))
        if drawn < len(deck):
            hand.append(deck[drawn])
            drawn += 1
        if kind == 0 or face % r != built[face // r]:
            pile.append(face)
        else:
            built[face // r] += 1
    return pile


def _hand_lines(
    env: HanabiEnv, state: BatchState, seat: int, *, masked: bool, belief: Any, best_belief: int
) -> list[str]:
    r = env.num_ranks
    lines = []
    for slot in range(env.hand_size):
        knowledge = int(np.asarray(state.knowledge)[seat, slot])
        colour_hint = knowledge >> HINTED_COLOUR_SHIFT & 7  # the named colour's index + 1
        rank_hint = knowledge >> HINTED_RANK_SHIFT & 7  # the named rank
        hints = (env.color_map[colour_hint - 1] if colour_hint else "") + (
            str(rank_hint) if rank_hint else ""
        )
        possible = "".join(c for i, c in enumerate(env.color_map) if knowledge >> i & 1) + "".join(
            str(k + 1) for k in range(r) if knowledge >> (RANK_SHIFT + k) & 1
        )
        text = f"Hints: {hints}, Possible: {possible}"
        if belief is not None:
            row = np.asarray(belief[slot])
            best = np.argsort(-row, kind="stable")[:best_belief]
            names = itertools.product(env.color_map, range(r))
            shown = " ".join(
                f"{colour}{rank + 1}: {row[i]:.3f}"
                for i, (colour, rank) in enumerate(names)
                if i in best
            )
            text += f", Belief: [{shown}]"
        card = (
            "" if masked else f"Card: {env.card_to_string(np.asarray(state.hands)[seat, slot])}, "
        )
        lines.append(f"{slot} {card}{text}")
    return lines


def obs_str(
    env: HanabiEnv,
    new_state: BatchState,
    old_state: BatchState | None,
    action: Any,
    *,
    include_belief: bool,
    best_belief: int,
) -> str:
    """JaxMARL's ``get_obs_str``: the board, the hands (the mover's masked), the last action as
    `old_state` and `action` give it, and the mover's legal actions."""
    c, r = env.num_colors, env.num_ranks
    cards = [env.card_to_string(face) for face in discard_pile(env, new_state)]
    cards += [""] * (env.deck_size - len(cards))  # JaxMARL joins its whole pile, empty slots too
    fireworks = [
        f"{env.color_map[i]}{int(n)}" if n else ""
        for i, n in enumerate(np.asarray(new_state.fireworks))
    ]
    board = {
        "turn": int(new_state.turn),
        "score": int(new_state.score),
        "information available": int(new_state.notes),
        "lives available": env.max_life_tokens - int(new_state.storms),
        "deck remaining cards": max(env.deck_size - int(new_state.drawn), 0),
        "discards": " ".join(cards),
        "fireworks": " ".join(fireworks),
    }
    output = ""
    for i, (name, value) in enumerate(board.items()):
        output += f"{name.capitalize()}: {value}\n" + ("\n" if i == 0 else "")
    mover = int(new_state.current)
    belief = np.asarray(env.get_v0_belief_feats(mover, new_state)).reshape(
        env.num_agents, env.hand_size, -1
    )
    belief = np.roll(belief[:, :, : c * r], mover, axis=0)  # back to absolute seats
    for seat in range(env.num_agents):
        output += ("Your Hand:" if seat == mover else "Other Hand:") + "\n"
        rows = belief[seat] if include_belief else None
        for line in _hand_lines(
            env, new_state, seat, masked=seat == mover, belief=rows, best_belief=best_belief
        ):
            output += line + "\n"
    if old_state is None:
        old_state = new_state
    feats = last_action_feats(env, mover, old_state, new_state, action)
    move = env.action_encoding[int(action)]
    output += f"Last action: {move}\n"
    if move[0] == "H":
        output += f"Cards afected: {np.where(np.asarray(feats['reveal_outcome']))[0]}\n"
    elif move[0] in "DP":
        face = int(np.asarray(feats["played_discarded_card"]).argmax())
        played = (
            env.card_to_string(face) if np.asarray(feats["played_discarded_card"]).any() else ""
        )
        output += f"Card Played: {played}\n"
    if move[0] == "P":
        output += f"Scored: {bool(feats['card_played_score'][0])}\n"
        output += f"Added Info: {int(feats['added_info_tokens'][0])}\n"
    legal = np.asarray(env.get_legal_moves(new_state)[env.agents[mover]])
    names = [env.action_encoding[int(a)] for a in np.where(legal)[0]]
    return output + f"Legal Actions: {names}\n"


def render_obs(env: HanabiEnv, obs: dict[str, Any]) -> None:
    """JaxMARL's ``render_obs``: prints each agent's observation by section, its V0 belief
    section as (C, R) grids per relative seat and slot."""
    c, r = env.num_colors, env.num_ranks
    for i, (agent, vector) in enumerate(obs.items()):
        print(f"Obs for {agent}")
        j = 0
        for label, length in (
            ("hand feats", env.hands_n_feats),
            ("board feats", env.board_n_feats),
            ("discard feats", env.discards_n_feats),
            ("last action feats", env.last_action_n_feats),
        ):
            print(label, vector[j : j + length])
            j += length
        beliefs = vector[-env.v0_belief_n_feats :].reshape(env.num_agents, env.hand_size, -1)
        for z, seat in enumerate(beliefs):
            grids = seat[:, : c * r].reshape(-1, c, r)
            print(f"agent {i} representation of the belief of its {z}th-relative agent:", grids)
