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

_RANK_SHIFT = 5
_HINTED_COLOUR_SHIFT = 10
_HINTED_RANK_SHIFT = 13
_COLOUR_FIELD = 31 | 7 << _HINTED_COLOUR_SHIFT
_RANK_FIELD = 31 << _RANK_SHIFT | 7 << _HINTED_RANK_SHIFT

#: Per seat, per held card (oldest first): the packed knowledge described above.
Knowledge = tuple[tuple[int, ...], ...]


def _fresh(colours: int) -> int:
    return (1 << colours) - 1 | 31 << _RANK_SHIFT


def _seer(card: DealtCard) -> int:
    c = _COLOUR_OF_NAME[card.suit]
    r = card.rank - 1
    return (
        1 << c
        | 1 << (r + _RANK_SHIFT)
        | (c + 1) << _HINTED_COLOUR_SHIFT
        | (r + 1) << _HINTED_RANK_SHIFT
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
    touched = turn.touched
    touches = (held_card.order in touched for held_card in hands[target])
    held = _after_clue(knowledge[target], touches, action)
    return (*knowledge[:target], held, *knowledge[target + 1 :])


def _after_clue(
    held: tuple[int, ...], touches: Iterable[bool], action: ColourClue | RankClue
) -> tuple[int, ...]:
    """A hand's knowledge after a clue; `touches` says, slot by slot, whether it touched."""
    if isinstance(action, ColourClue):
        bit = 1 << _COLOUR_OF_NAME[action.colour]
        yes = bit | (_COLOUR_OF_NAME[action.colour] + 1) << _HINTED_COLOUR_SHIFT
        field = _COLOUR_FIELD
    else:
        bit = 1 << (action.rank - 1 + _RANK_SHIFT)
        yes = bit | action.rank << _HINTED_RANK_SHIFT
        field = _RANK_FIELD
    # Touched cards are that value (positive), the others are not (negative information).
    return tuple(
        (k & ~field | yes) if hit else (k & ~bit) for k, hit in zip(held, touches, strict=True)
    )


def _initial_knowledge(state: GameState, seer: bool) -> Knowledge:
    options = state.options
    size = options.hand_size
    fresh = _fresh(len(options.variant.suits))
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
    fresh = _fresh(len(options.variant.suits))
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
    fresh = _fresh(len(options.variant.suits))
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
            knowledge[target] = list(
                _after_clue(tuple(knowledge[target]), (o in touched for o in hands[target]), action)
            )
    return tuple(tuple(held) for held in knowledge)
