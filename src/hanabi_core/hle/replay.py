"""A game given as a deck and HLE move uids, replayed: the uid replay of
[`datasets`][hanabi_core.datasets] (which re-exports both functions under its own name) and of the
batch engine's `Engine.state` and `Engine.record`."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..errors import IllegalAction, InvalidDeck, InvalidRecord
from ..options import Options
from ..records import GameRecord
from ..rules import apply, new_game
from ..state import GameState
from .moves import _uid_table

__all__ = ["record_from_uids", "replay_uids"]


def replay_uids(options: Options, deck: Sequence[Card], uids: Sequence[int]) -> GameState:
    """The state after playing the move `uids` from `deck` (top card first).

    Raises:
        InvalidRecord: a uid that is not a move of the game (``$.actions[i]``), or a deck that is
            not the variant's cards (``$.deck``).
        IllegalAction: a move the rules forbid; ``error.turn`` is its index in `uids`.
    """
    try:
        state = new_game(options, deck=deck)
    except InvalidDeck as error:
        raise InvalidRecord("$.deck", str(error)) from None
    actions = _uid_table(options).actions
    moves = len(actions[0])
    for turn, uid in enumerate(uids):
        if type(uid) is not int or not 0 <= uid < moves:
            raise InvalidRecord(f"$.actions[{turn}]", f"must be a move uid from 0 to {moves - 1}")
        try:
            state = apply(state, actions[state.current_player][uid])
        except IllegalAction as error:
            raise error.at_turn(turn) from None
    return state


def record_from_uids(options: Options, deck: Sequence[Card], uids: Sequence[int]) -> GameRecord:
    """The [`GameRecord`][hanabi_core.GameRecord] of a game given as a deck and HLE move uids.

    Raises:
        InvalidRecord, IllegalAction: as [`replay_uids`][hanabi_core.datasets.replay_uids].
    """
    state = replay_uids(options, deck, uids)
    return GameRecord(options, deck, [turn.action for turn in state.turns], edition="hle")
