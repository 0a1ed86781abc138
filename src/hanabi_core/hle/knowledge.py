"""HLE's card knowledge: what the clues told about each held card, colours and ranks apart.

One int per held card: bits 0-4 the colours still plausible (HLE index), bits 5-9 the ranks still
plausible (rank index), bits 10-12 the colour a clue named (index + 1, 0 if none), bits 13-15 the
rank a clue named (index + 1, 0 if none). HLE's ValueKnowledge in hanabi_hand.cc.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import ColourClue, Discard, Play, RankClue
from ..cards import DealtCard
from ..rules.hands import dealt_orders, hands_through, replace_card
from ..state import GameState, Turn
from ..views import PlayerView
from ._guards import need_state, need_view
from .config import _COLOUR_OF_NAME, require_hle_variant

#: The bit layout of one card's knowledge, stated once for every HLE encoder (`hle.encoding`,
#: `rl_env`'s snapshots, and the batch engine's `batch/_core.py`): where the plausible ranks start
#: (the plausible colours are bits 0-4) ...
RANK_SHIFT = 5
#: ... where the colour a clue named (HLE index + 1) starts ...
HINTED_COLOUR_SHIFT = 10
#: ... where the rank a clue named (rank index + 1) starts ...
HINTED_RANK_SHIFT = 13
#: ... the bits a colour clue rewrites on a card it touches ...
COLOUR_FIELD = 31 | 7 << HINTED_COLOUR_SHIFT
#: ... and the bits a rank clue rewrites on a card it touches.
RANK_FIELD = 31 << RANK_SHIFT | 7 << HINTED_RANK_SHIFT

#: Per seat, per held card (oldest first): the packed knowledge described above.
Knowledge = tuple[tuple[int, ...], ...]


def fresh_knowledge(colours: int) -> int:
    """The knowledge of a card nothing is known of, in a game of `colours` colours."""
    return (1 << colours) - 1 | 31 << RANK_SHIFT


def _seer(card: DealtCard) -> int:
    c = _COLOUR_OF_NAME[card.suit]
    r = card.rank - 1
    return (
        1 << c
        | 1 << (r + RANK_SHIFT)
        | (c + 1) << HINTED_COLOUR_SHIFT
        | (r + 1) << HINTED_RANK_SHIFT
    )


def _learn(
    knowledge: Knowledge,
    hands: tuple[tuple[DealtCard, ...], ...],
    turn: Turn,
    fresh: int,
    seer: bool,
) -> Knowledge:
    """The knowledge after `turn`; `hands` are the hands after it."""
    action = turn.action
    if isinstance(action, (Play, Discard)):  # rule 6.5: the new card is the newest
        player = turn.player
        slot = action.slot
        mine = knowledge[player]
        held = mine[:slot] + mine[slot + 1 :]
        drawn = turn.drawn
        if drawn is not None:
            held += (_seer(drawn) if seer else fresh,)
        return (*knowledge[:player], held, *knowledge[player + 1 :])
    target = action.target
    held = after_clue(
        knowledge[target], _touch_mask(hands[target], turn.touched), clue_fields(action)
    )
    return (*knowledge[:target], held, *knowledge[target + 1 :])


def clue_fields(action: ColourClue | RankClue) -> tuple[int, int, int]:
    """What a clue does to one card's knowledge, HLE's ApplyIsColorHint / ApplyIsRankHint:
    `(keep, value, negative)`. A card it touches becomes ``k & keep | value`` (that colour or
    rank, and named so); one it misses ``k & negative`` (not that value: negative information).
    `action` names an HLE colour or a rank 1 to 5 (a legal clue of an HLE game)."""
    if isinstance(action, ColourClue):
        colour = _COLOUR_OF_NAME[action.colour]
        bit = 1 << colour
        return ~COLOUR_FIELD, bit | (colour + 1) << HINTED_COLOUR_SHIFT, ~bit
    bit = 1 << (action.rank - 1 + RANK_SHIFT)
    return ~RANK_FIELD, bit | action.rank << HINTED_RANK_SHIFT, ~bit


def after_clue(held: tuple[int, ...], mask: int, fields: tuple[int, int, int]) -> tuple[int, ...]:
    """A hand's knowledge after a clue: the one statement of HLE's clue-knowledge update, for
    `hle_knowledge`, `view_knowledge` and `rl_env`'s environment. `mask` has bit `slot` set for
    each slot the clue touched (HLE's reveal bitmask); `fields` is the clue's `clue_fields`.

    ```python
    from hanabi_core import ColourClue
    from hanabi_core.hle.knowledge import after_clue, clue_fields, fresh_knowledge
    red = clue_fields(ColourClue(1, "red"))
    told = after_clue((fresh_knowledge(5),) * 2, 0b01, red)
    assert told[0] & 31 == 1 and told[1] & 1 == 0   # red, and not red
    ```
    """
    keep, value, negative = fields
    return tuple(
        [k & keep | value if mask >> slot & 1 else k & negative for slot, k in enumerate(held)]
    )


def _touch_mask(hand: Iterable[DealtCard], touched: Iterable[int]) -> int:
    """HLE's reveal bitmask: bit `slot` set for each card of `hand` whose order is `touched`."""
    orders = set(touched)
    return sum(1 << slot for slot, card in enumerate(hand) if card.order in orders)


def _initial_knowledge(state: GameState, seer: bool) -> Knowledge:
    options = state.options
    size = options.hand_size
    fresh = fresh_knowledge(len(options.variant.suits))
    return tuple(
        tuple(_seer(c) if seer else fresh for c in state.dealt[p * size : (p + 1) * size])
        for p in range(options.players)
    )


def hle_knowledge(state: GameState, seer: bool = False) -> Knowledge:
    """HLE's card knowledge of every held card, computed from the state's history.

    Returns one tuple per seat, one int per held card, oldest first, packing the colours and ranks
    still plausible and the colour and rank a clue named (see the
    [encoding page](../guides/hle-encoding.md)). With `seer`, every card is known from the deal,
    as in HLE's SEER observation type.
    """
    need_state(state)
    options = state.options
    require_hle_variant(options)
    fresh = fresh_knowledge(len(options.variant.suits))
    hands = [[state.dealt[order] for order in block] for block in dealt_orders(options)]
    knowledge = _initial_knowledge(state, seer)
    for turn in state.turns:
        action = turn.action
        if isinstance(action, (Play, Discard)):
            replace_card(hands[turn.player], action.slot, turn.drawn)
        knowledge = _learn(knowledge, tuple(map(tuple, hands)), turn, fresh, seer)
    return knowledge


def view_knowledge(seen: PlayerView) -> Knowledge:
    """HLE's card knowledge of every held card, from what one player saw (`PlayerView.history`).

    The same as [`hle_knowledge`][hanabi_core.hle.hle_knowledge] of the state the view was taken
    from: card knowledge is common knowledge.
    """
    need_view(seen)
    options = seen.options
    require_hle_variant(options)
    fresh = fresh_knowledge(len(options.variant.suits))
    knowledge = [[fresh] * len(hand) for hand in dealt_orders(options)]
    for turn, hands in hands_through(options, seen.history):
        action = turn.action
        player = turn.player
        if isinstance(action, (Play, Discard)):
            drew = turn.drawn_order is not None
            replace_card(knowledge[player], action.slot, fresh if drew else None)
        elif isinstance(action, (ColourClue, RankClue)):  # HLE's variants hide no clue (9.30)
            touched = set(turn.touched)
            target = action.target
            mask = sum(1 << slot for slot, o in enumerate(hands[target]) if o in touched)
            knowledge[target] = list(
                after_clue(tuple(knowledge[target]), mask, clue_fields(action))
            )
    return tuple(tuple(held) for held in knowledge)
