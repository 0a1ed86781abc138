"""HLE's move uids: uid <-> action, and the legal uids of a state."""

from __future__ import annotations

from typing import Any, cast

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import RANKS
from ..errors import IllegalAction, brief
from ..options import Options
from ..rules import new_game
from ..spec import Rule
from ..state import GameState
from ._guards import need_options, need_state
from .config import _COLOUR_OF_NAME, COLOUR_CHARS, HLE_COLOURS, colour_index, require_hle_variant


def max_moves(options: Options) -> int:
    """How many move uids the game has: 2H + (P−1)(C+R), 20 for two players."""
    need_options(options)
    colours = len(options.variant.clue_colours)
    return 2 * options.hand_size + (options.players - 1) * (colours + len(RANKS))


def uid_to_action(state: GameState, uid: int) -> Action:
    """The action that move `uid` is for the player to move in `state`.

    The action may still be illegal (a clue that touches nothing, a slot the hand lacks);
    [`apply`][hanabi_core.apply] says so.

    Raises:
        IllegalAction: `uid` is not a move uid of the game (rule 3.4).
    """
    need_state(state)
    options = state.options
    if isinstance(uid, bool) or not isinstance(uid, int) or not 0 <= uid < max_moves(options):
        raise IllegalAction(
            Rule.KNOWN_ACTIONS_ONLY,
            f"Cannot take move {brief(uid)}: "
            f"the moves of this game are 0 to {max_moves(options) - 1}",
            action=uid,
            state=state,
        )
    return _uid_table(options).actions[state.current_player][uid]


def _action_of(options: Options, player: int, uid: int) -> Action:
    """Move `uid` of seat `player` (a valid uid)."""
    size = options.hand_size
    players = options.players
    colours = len(options.variant.clue_colours)
    if uid < size:
        return Discard(uid)
    uid -= size
    if uid < size:
        return Play(uid)
    uid -= size
    if uid < (players - 1) * colours:
        offset, colour = divmod(uid, colours)
        return ColourClue((player + offset + 1) % players, HLE_COLOURS[colour])
    uid -= (players - 1) * colours
    offset, rank = divmod(uid, len(RANKS))
    return RankClue((player + offset + 1) % players, rank + 1)


def action_to_uid(state: GameState, action: Action) -> int:
    """The move uid of `action` taken by the player to move in `state`.

    Raises:
        IllegalAction: the action names a slot, seat, colour or rank no uid stands for.
    """
    need_state(state)
    options = state.options
    require_hle_variant(options)
    uid = uid_of(options, state.current_player, action)
    if uid is not None:
        return uid
    raise IllegalAction(
        Rule.KNOWN_ACTIONS_ONLY,
        f"Cannot give {brief(action)} a move uid: "
        "it names no slot, seat, colour or rank of this game",
        action=action,
        state=state,
    )


def uid_of(options: Options, player: int, action: object) -> int | None:
    """The move uid of `action` taken by seat `player`, or `None` where no uid stands for it:
    the one statement of HLE's uid layout from an action (`_action_of` reads it back). With H
    cards a hand, P players, C colours and R ranks: discarding slot i is uid i, playing it H + i,
    a colour clue of HLE colour c to the player o seats on 2H + (o−1)C + c, and a rank clue of
    rank index r 2H + (P−1)C + (o−1)R + r. `options` must be an HLE game's
    (`require_hle_variant`)."""
    size = options.hand_size
    players = options.players
    if isinstance(action, (Play, Discard)) and 0 <= action.slot < size:
        return action.slot + (size if isinstance(action, Play) else 0)
    if isinstance(action, (ColourClue, RankClue)):
        offset = (action.target - player) % players
        if 0 <= action.target < players and offset:
            colours = options.variant.clue_colours
            if isinstance(action, ColourClue) and action.colour in colours:
                return 2 * size + (offset - 1) * len(colours) + _COLOUR_OF_NAME[action.colour]
            if isinstance(action, RankClue) and action.rank in RANKS:
                colour_moves = (players - 1) * len(colours)
                return 2 * size + colour_moves + (offset - 1) * len(RANKS) + action.rank - 1
    return None


def _hle_legal_uids(state: GameState) -> tuple[int, ...]:
    """HLE's legal moves for the player to move, in uid order, whether or not the game is over.

    HLE's ``MoveIsLegal`` does not look at the end of the game, so its ``rl_env`` lists moves for
    the next player in the final observation; `rl_env` reproduces that with this function.
    """
    return _uid_table(state.options).legal(state)


def legal_uids(state: GameState) -> tuple[int, ...]:
    """The uids of the legal actions in `state`, ascending; empty once the game is over.

    The same actions as [`legal_actions`][hanabi_core.legal_actions], as uids.
    """
    need_state(state)
    if state.outcome is not None:
        return ()
    return _hle_legal_uids(state)


def move_to_dict(state: GameState, uid: int) -> dict[str, Any]:
    """Move `uid` as HLE's ``HanabiMove.to_dict()`` writes it, e.g.
    ``{"action_type": "REVEAL_COLOR", "target_offset": 1, "color": "R"}``."""
    need_state(state)
    action = uid_to_action(state, uid)
    if isinstance(action, Play):
        return {"action_type": "PLAY", "card_index": action.slot}
    if isinstance(action, Discard):
        return {"action_type": "DISCARD", "card_index": action.slot}
    offset = (action.target - state.current_player) % state.options.players
    if isinstance(action, ColourClue):
        colour = COLOUR_CHARS[colour_index(action.colour)]
        return {"action_type": "REVEAL_COLOR", "target_offset": offset, "color": colour}
    return {"action_type": "REVEAL_RANK", "target_offset": offset, "rank": action.rank - 1}


def move_dicts(options: Options) -> list[dict[str, Any]]:
    """Every move uid's ``HanabiMove.to_dict()``, by uid: the moves of HLE's ``game.get_move``,
    made once per environment (a clue's target is an offset, so the seat to move does not
    matter)."""
    probe = new_game(options, seed=0)
    return [move_to_dict(probe, uid) for uid in range(max_moves(options))]


class _UidTable:
    """The clue uids each hand allows, by offset, memoised per hand key (speed only)."""

    def __init__(self, options: Options) -> None:
        self.hand_size = options.hand_size
        self.players = players = options.players
        self.max_notes = options.max_notes
        clue_colours = options.variant.clue_colours
        self.colours = len(clue_colours)
        # The clue uids to offset o + 1, by the clue's index (colour: in the variant's clue
        # order; rank: the rank itself, index 0 unused), from the one statement of the layout.
        self.colour_uid = [
            [cast(int, uid_of(options, 0, ColourClue(o + 1, name))) for name in clue_colours]
            for o in range(players - 1)
        ]
        self.rank_uid = [
            [-1, *(cast(int, uid_of(options, 0, RankClue(o + 1, r))) for r in RANKS)]
            for o in range(players - 1)
        ]
        self.clues: list[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = [
            {} for _ in range(players - 1)
        ]
        # actions[p][uid]: the action uid stands for when seat p moves.
        uids = max_moves(options)
        self.actions = [[_action_of(options, p, u) for u in range(uids)] for p in range(players)]

    def clue_uids(self, o: int, key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The colour and rank clue uids to offset o + 1 for a hand whose cards' colour bits
        (rules.py's DealtCard.colour_bits) OR to key's low byte, and whose ranks set bit 8 + r."""
        found = self.clues[o].get(key)
        if found is None:
            colour_uid = self.colour_uid[o]
            rank_uid = self.rank_uid[o]
            colours = sorted(colour_uid[i] for i in range(self.colours) if key >> i & 1)
            ranks = [rank_uid[r] for r in RANKS if key >> (8 + r) & 1]
            found = self.clues[o][key] = (tuple(colours), tuple(ranks))
        return found

    def legal(self, state: GameState, keys: list[int] | None = None) -> tuple[int, ...]:
        """HLE's legal uids for the player to move, ignoring the end of the game.

        `keys`, if given, memoises each seat's hand key (see `clue_uids`; -1 for not yet
        known) for the caller to carry over while the hand stays the same."""
        p = state.current_player
        hands = state.hands
        held = len(hands[p])
        size = self.hand_size
        notes = state.notes
        uids: list[int] = list(range(held)) if notes < self.max_notes else []  # rule 5.2
        uids += range(size, size + held)
        if notes > 0:  # rule 4.1; rule 4.5: a clue touches a card
            players = self.players
            rank_uids: list[int] = []
            for o in range(players - 1):
                seat = (p + o + 1) % players
                key = -1 if keys is None else keys[seat]
                if key < 0:
                    key = 0
                    for card in hands[seat]:
                        key |= card.colour_bits | 256 << card.rank
                    if keys is not None:
                        keys[seat] = key
                colour_uids, ranks = self.clue_uids(o, key)
                uids += colour_uids
                rank_uids += ranks
            uids += rank_uids
        return tuple(uids)


_UID_TABLES: dict[Options, _UidTable] = {}


def _uid_table(options: Options) -> _UidTable:
    table = _UID_TABLES.get(options)
    if table is None:
        require_hle_variant(options)  # HLE's uids exist for its own colours only
        if len(_UID_TABLES) > 64:
            _UID_TABLES.clear()
        table = _UID_TABLES[options] = _UidTable(options)
    return table
