"""DeepMind's Hanabi Learning Environment (HLE), translated at the edge.

HLE is the engine most reinforcement-learning work on Hanabi runs on. This module speaks its
language over hanabi_core's states, as plain functions:

- [`options_from_config`][hanabi_core.hle.options_from_config]: an HLE config dict (``players``,
  ``colors``, ``hand_size``, …) as [`Options`][hanabi_core.Options]. HLE's colours are indexed
  R, Y, G, W, B (red, yellow, green, white, blue); five colours is the base game, fewer a small
  variant of the first ones.
- move uids: [`uid_to_action`][hanabi_core.hle.uid_to_action],
  [`action_to_uid`][hanabi_core.hle.action_to_uid] and [`legal_uids`][hanabi_core.hle.legal_uids].
  With H cards a hand, P players, C colours and R ranks, discarding slot i is uid i, playing it
  H + i, a colour clue of colour c to the player o seats on is 2H + (o−1)C + c, and a rank clue
  of rank index r (0 for 1s) is 2H + (P−1)C + (o−1)R + r.
- [`encode`][hanabi_core.hle.encode]: HLE's canonical observation vector of one seat, bit for bit
  (658 bits for two players), for the three observation types; and
  [`encode_v0_belief`][hanabi_core.hle.encode_v0_belief], the "V0 belief" variant used by SAD,
  OBL and JaxMARL. The [observation encoding](../guides/hle-encoding.md) page lists every bit.

```python
from hanabi_core import Options, new_game
from hanabi_core.hle import CARD_KNOWLEDGE, encode, legal_uids, options_from_config

options = options_from_config({"players": 2})
state = new_game(options, seed=1)
assert len(encode(state, 0, CARD_KNOWLEDGE)) == 658
assert legal_uids(state)[:5] == (5, 6, 7, 8, 9)   # the five plays (no discard at 8 Notes)
```

Card knowledge in HLE's sense (what the clues told about each held card, with no card counting)
is common knowledge: [`hle_knowledge`][hanabi_core.hle.hle_knowledge] computes it from a state's
history. Colours and ranks are tracked apart, so a card clued red and, later, not 1 is "red,
not 1" even when no red card but a 1 is left.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action, ColourClue, Discard, Play, RankClue
from .cards import RANKS, Card, DealtCard, Suit
from .errors import IllegalAction, InvalidOptions
from .options import EDITIONS, Options
from .spec import Rule
from .state import Entry, GameState, Log
from .variants import VARIANTS, Variant

__all__ = [
    "CARD_KNOWLEDGE",
    "COLOUR_CHARS",
    "HLE_COLOURS",
    "MINIMAL",
    "SEER",
    "action_to_uid",
    "card_to_dict",
    "colour_index",
    "encode",
    "encode_v0_belief",
    "hle_knowledge",
    "hle_variant",
    "legal_uids",
    "max_moves",
    "move_to_dict",
    "observation_length",
    "options_from_config",
    "uid_to_action",
]

#: HLE's colours in its index order: R, Y, G, W, B.
HLE_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "white", "blue")
#: The letters HLE writes for its colours, in index order.
COLOUR_CHARS = "RYGWB"
#: Observation type 0: no card knowledge section.
MINIMAL = 0
#: Observation type 1 (HLE's default): with what the clues told about every held card.
CARD_KNOWLEDGE = 1
#: Observation type 2: every player also sees their own cards.
SEER = 2

_COLOUR_OF_NAME = {name: i for i, name in enumerate(HLE_COLOURS)}
_CONFIG_KEYS = (
    "players",
    "colors",
    "ranks",
    "hand_size",
    "max_information_tokens",
    "max_life_tokens",
    "observation_type",
    "seed",
    "random_start_player",
)


def _small_variant(colours: int) -> Variant:
    names = HLE_COLOURS[:colours]
    return Variant(
        f"hle-{colours}-colours",
        f"HLE, {colours} colour{'s' if colours > 1 else ''} ({', '.join(names)})",
        tuple(Suit(name) for name in names),
        names,
    )


_VARIANTS: Mapping[int, Variant] = {
    **{c: _small_variant(c) for c in range(1, 5)},
    5: VARIANTS["base"],
}


def hle_variant(colors: int) -> Variant:
    """The variant of an HLE game with `colors` colours: the base game for 5, otherwise the first
    colours of R, Y, G, W, B, ten cards each (3, 2, 2, 2, 1 of ranks 1 to 5).

    Raises:
        InvalidOptions: `colors` is not 1 to 5.
    """
    if type(colors) is not int or colors not in _VARIANTS:
        raise InvalidOptions("colors", f"must be a whole number from 1 to 5, got {colors!r}")
    return _VARIANTS[colors]


def _int_option(config: Mapping[str, Any], key: str, default: int) -> int:
    value = config.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value))  # HLE passes every value to C++ as a string
        except ValueError:
            raise InvalidOptions(key, f"must be a whole number, got {value!r}") from None
    return value


def options_from_config(config: Mapping[str, Any]) -> Options:
    """HLE's game config (the dict given to ``HanabiEnv`` or ``HanabiGame``) as `Options`.

    Keys and defaults as in HLE: ``players`` (2), ``colors`` (5), ``ranks`` (5), ``hand_size``
    (5 below 4 players, else 4), ``max_information_tokens`` (8), ``max_life_tokens`` (3). The keys
    ``observation_type``, ``seed`` and ``random_start_player`` do not change the rules and are
    read by [`rl_env`][hanabi_core.rl_env]. HLE's rules are those of the ``"hle"`` edition.

    Raises:
        InvalidOptions: an unknown key, or a value HLE or the rules do not allow. ``ranks`` must
            be 5: every variant of hanabi_core has the ranks 1 to 5.

    ```python
    from hanabi_core.hle import options_from_config
    small = options_from_config({"players": 2, "colors": 2, "hand_size": 2,
                                 "max_information_tokens": 3, "max_life_tokens": 1})
    assert small.variant.suit_names == ("red", "yellow") and small.max_storms == 1
    ```
    """
    if not isinstance(config, Mapping):
        raise InvalidOptions("config", f"must be a dict, got {type(config).__name__}")
    for key in config:
        if key not in _CONFIG_KEYS:
            raise InvalidOptions(key, f"is not an HLE config key; the keys are {_CONFIG_KEYS}")
    players = _int_option(config, "players", 2)
    if not 2 <= players <= 5:
        raise InvalidOptions("players", f"must be a whole number from 2 to 5, got {players!r}")
    ranks = _int_option(config, "ranks", 5)
    if ranks != 5:
        raise InvalidOptions(
            "ranks", f"must be 5: hanabi_core's cards have the ranks 1 to 5, got {ranks!r}"
        )
    variant = hle_variant(_int_option(config, "colors", 5))
    hand_size = _int_option(config, "hand_size", 5 if players < 4 else 4)
    observation_type = _int_option(config, "observation_type", CARD_KNOWLEDGE)
    if observation_type not in (MINIMAL, CARD_KNOWLEDGE, SEER):
        raise InvalidOptions(
            "observation_type", f"must be 0 (minimal), 1 (card knowledge) or 2 (seer), got "
            f"{observation_type!r}"
        )  # fmt: skip
    return EDITIONS["hle"].options(
        players,
        variant=variant,
        hand_size=hand_size,
        max_notes=_int_option(config, "max_information_tokens", 8),
        max_storms=_int_option(config, "max_life_tokens", 3),
    )


def colour_index(suit: str) -> int:
    """HLE's index of a colour (0 for red … 4 for blue); `KeyError` for another colour."""
    return _COLOUR_OF_NAME[suit]


def card_to_dict(card: Card | DealtCard | None) -> dict[str, Any]:
    """A card as HLE writes it: ``{"color": "R", "rank": 0}``; a hidden card is
    ``{"color": None, "rank": -1}``."""
    if card is None:
        return {"color": None, "rank": -1}
    return {"color": COLOUR_CHARS[_COLOUR_OF_NAME[card.suit]], "rank": card.rank - 1}


# --- Move uids --------------------------------------------------------------------------------


def max_moves(options: Options) -> int:
    """How many move uids the game has: 2H + (P−1)(C+R), 20 for two players."""
    colours = len(options.variant.clue_colours)
    return 2 * options.hand_size + (options.players - 1) * (colours + len(RANKS))


def uid_to_action(state: GameState, uid: int) -> Action:
    """The action that move `uid` is for the player to move in `state`.

    The action may still be illegal (a clue that touches nothing, a slot the hand lacks);
    [`apply`][hanabi_core.apply] says so.

    Raises:
        IllegalAction: `uid` is not a move uid of the game (rule 3.4).
    """
    options = state.options
    if isinstance(uid, bool) or not isinstance(uid, int) or not 0 <= uid < max_moves(options):
        raise IllegalAction(
            Rule.KNOWN_ACTIONS_ONLY,
            f"Cannot take move {uid!r}: the moves of this game are 0 to {max_moves(options) - 1}",
            action=uid,
            state=state,
        )
    return _action_of(options, state.current_player, uid)


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
    options = state.options
    size = options.hand_size
    players = options.players
    colours = options.variant.clue_colours
    if isinstance(action, (Play, Discard)) and 0 <= action.slot < size:
        return action.slot + (size if isinstance(action, Play) else 0)
    if isinstance(action, (ColourClue, RankClue)):
        offset = (action.target - state.current_player) % players
        if 0 <= action.target < players and offset:
            if isinstance(action, ColourClue) and action.colour in colours:
                colour = colour_index(action.colour)
                return 2 * size + (offset - 1) * len(colours) + colour
            if isinstance(action, RankClue) and action.rank in RANKS:
                colour_moves = (players - 1) * len(colours)
                return 2 * size + colour_moves + (offset - 1) * len(RANKS) + action.rank - 1
    raise IllegalAction(
        Rule.KNOWN_ACTIONS_ONLY,
        f"Cannot give {action!r} a move uid: it names no slot, seat, colour or rank of this game",
        action=action,
        state=state,
    )


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
    if state.outcome is not None:
        return ()
    return _hle_legal_uids(state)


def move_to_dict(state: GameState, uid: int) -> dict[str, Any]:
    """Move `uid` as HLE's ``HanabiMove.to_dict()`` writes it, e.g.
    ``{"action_type": "REVEAL_COLOR", "target_offset": 1, "color": "R"}``."""
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


# --- Card knowledge, HLE's way ----------------------------------------------------------------
#
# One int per held card: bits 0-4 the colours still plausible (HLE index), bits 5-9 the ranks
# still plausible (rank index), bits 10-12 the colour a clue named (index + 1, 0 if none), bits
# 13-15 the rank a clue named (index + 1, 0 if none). HLE's ValueKnowledge in hanabi_hand.cc.

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
    entry: Entry,
    fresh: int,
    seer: bool,
) -> Knowledge:
    """The knowledge after the turn `entry`; `hands` are the hands after it."""
    player, action, touched, card, _, _, drawn = entry
    if card is not None:  # a play or a discard (rule 6.5: the new card is the newest)
        slot = action.slot  # type: ignore[union-attr]
        mine = knowledge[player]
        held = mine[:slot] + mine[slot + 1 :]
        if drawn is not None:
            held += (_seer(drawn) if seer else fresh,)
        return (*knowledge[:player], held, *knowledge[player + 1 :])
    target = action.target  # type: ignore[union-attr]
    if isinstance(action, ColourClue):
        bit = 1 << _COLOUR_OF_NAME[action.colour]
        yes = bit | (_COLOUR_OF_NAME[action.colour] + 1) << _HINTED_COLOUR_SHIFT
        field = _COLOUR_FIELD
    else:
        bit = 1 << (action.rank - 1 + _RANK_SHIFT)  # type: ignore[union-attr]
        yes = bit | action.rank << _HINTED_RANK_SHIFT  # type: ignore[union-attr]
        field = _RANK_FIELD
    # Touched cards are that value (positive), the others are not (negative information).
    held = tuple(
        (k & ~field | yes) if c.order in touched else (k & ~bit)
        for k, c in zip(knowledge[target], hands[target], strict=True)
    )
    return (*knowledge[:target], held, *knowledge[target + 1 :])


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
    entries: list[Entry] = []
    node: Log | None = state.log
    while node is not None:
        node, entry = node
        entries.append(entry)
    options = state.options
    size = options.hand_size
    fresh = _fresh(len(options.variant.suits))
    hands = [list(state.dealt[p * size : (p + 1) * size]) for p in range(options.players)]
    knowledge = _initial_knowledge(state, seer)
    for entry in reversed(entries):
        player, action, _, card, _, _, drawn = entry
        if card is not None:
            del hands[player][action.slot]  # type: ignore[union-attr]
            if drawn is not None:
                hands[player].append(drawn)
        knowledge = _learn(knowledge, tuple(map(tuple, hands)), entry, fresh, seer)
    return knowledge


# --- The canonical encoder --------------------------------------------------------------------


def _copies(ranks: int) -> list[int]:
    # HLE's NumberCardInstances: 3 of the lowest rank, 1 of the highest, 2 of the others.
    return [3 if r == 0 else 1 if r == ranks - 1 else 2 for r in range(ranks)]


def _one_hot(length: int, index: int) -> bytes:
    return bytes(int(i == index) for i in range(length))


def _thermometers(length: int) -> list[bytes]:
    return [bytes([1] * n + [0] * (length - n)) for n in range(length + 1)]


class _Layout:
    """The sizes and the precomputed bit strings of the canonical encoding of one game.

    Every part is built as `bytes` of 0s and 1s, so that a vector is a join of parts and one
    conversion to a list. Built once per (options, observation type); it holds nothing of a game
    but caches of derived tables, which never change a result.
    """

    def __init__(self, options: Options, observation_type: int) -> None:
        self.players = p = options.players
        self.hand_size = h = options.hand_size
        self.colours = c = len(options.variant.suits)
        self.ranks = r = len(RANKS)
        self.cr = cr = c * r
        self.max_notes = options.max_notes
        self.max_storms = options.max_storms
        self.observation_type = observation_type
        self.copies = copies = _copies(r)
        deck = c * sum(copies)
        self.deck_bits = deck - p * h
        self.hands_length = (p - 1) * h * cr + p
        self.board_length = self.deck_bits + cr + self.max_notes + self.max_storms
        self.discards_length = deck
        self.last_length = p + 4 + p + c + r + h + h + cr + 2
        self.card_bits = cr + c + r
        self.knowledge_length = 0 if observation_type == MINIMAL else p * h * self.card_bits
        self.length = (
            self.hands_length
            + self.board_length
            + self.discards_length
            + self.last_length
            + self.knowledge_length
        )
        # HLE's colour index of each suit of the variant, and the suits in HLE's colour order
        # (the base game lists blue before white, HLE white before blue).
        self.colour_of_suit = tuple(_COLOUR_OF_NAME[s] for s in options.variant.suit_names)
        self.suit_order = tuple(sorted(range(c), key=self.colour_of_suit.__getitem__))
        self.deck_thermo = _thermometers(self.deck_bits)
        self.note_thermo = _thermometers(self.max_notes)
        self.life_thermo = _thermometers(self.max_storms)
        self.firework = [_one_hot(r, n - 1) for n in range(r + 1)]
        self.seat = [_one_hot(p, k) for k in range(p)]
        self.kinds = [_one_hot(4, k) for k in range(4)]
        self.no_target = bytes(p)
        self.no_last = bytes(self.last_length)
        self.no_last_list = [0] * self.last_length
        self.tail_cache: dict[tuple[int, ...], bytes] = {}
        self.last_cache: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
        self.knowledge_pad = [bytes((h - n) * self.card_bits) for n in range(h + 1)]
        # Where each face's block of the discard section starts.
        self.discard_start = [0] * cr
        for face in range(1, cr):
            self.discard_start[face] = self.discard_start[face - 1] + copies[(face - 1) % r]
        self.fireworks_cache: dict[tuple[int, ...], bytes] = {}
        self.knowledge_cache: dict[int, bytes] = {}

    def card_index(self, card: DealtCard | Card) -> int:
        """HLE's index of a face: colour × R + rank index."""
        return _COLOUR_OF_NAME[card.suit] * self.ranks + card.rank - 1

    def hand(self, hand: Sequence[DealtCard]) -> bytes:
        """Section 1, one other player's hand: H × CR bits, one-hot per card."""
        bits = bytearray(self.hand_size * self.cr)
        cr = self.cr
        r = self.ranks
        colour_of_suit = self.colour_of_suit
        for slot, card in enumerate(hand):
            bits[slot * cr + colour_of_suit[card.suit_index] * r + card.rank - 1] = 1
        return bytes(bits)

    def missing(self, state: GameState) -> bytes:
        """The last P bits of section 1, absolute seats: 1 for a hand short of a card."""
        size = self.hand_size
        return bytes([len(hand) < size for hand in state.hands])

    def board(self, state: GameState) -> bytes:
        """Section 2: deck thermometer, fireworks one-hot, Notes and lives thermometers."""
        built = state.built
        fireworks = self.fireworks_cache.get(built)
        if fireworks is None:
            firework = self.firework
            fireworks = b"".join(firework[built[suit]] for suit in self.suit_order)
            self.fireworks_cache[built] = fireworks
        return b"".join(
            (
                self.deck_thermo[state.deck_size],
                fireworks,
                self.note_thermo[state.notes],
                self.life_thermo[self.max_storms - state.storms],
            )
        )

    def discards(self, discards: Sequence[DealtCard]) -> bytes:
        """Section 3: per colour and rank, a thermometer over its copies."""
        bits = bytearray(self.discards_length)
        start = self.discard_start
        for card in discards:
            at = start[self.card_index(card)]
            while bits[at]:
                at += 1
            bits[at] = 1
        return bytes(bits)

    def discards_after(self, before: bytes, card: DealtCard) -> bytes:
        """Section 3 after `card` joins a pile whose section was `before`."""
        at = before.index(0, self.discard_start[self.card_index(card)])
        return before[:at] + b"\x01" + before[at + 1 :]

    def last_action_head(self, state: GameState) -> tuple[int, int, tuple[int, ...]]:
        """Section 4 in short, seat-independent: (actor, target offset from the actor, key);
        the key is (type, slot or clue value, card or touched-slots mask, scored, Note)."""
        player, action, touched, card, misplay, note_gained, _ = state.log[1]  # type: ignore[index]
        if card is not None:
            slot = action.slot  # type: ignore[union-attr]
            if isinstance(action, Play):
                # HLE's `scored` and `information_token`, for plays only: a discard's Note is
                # not encoded.
                return player, 0, (0, slot, self.card_index(card), not misplay, note_gained)
            return player, 0, (1, slot, self.card_index(card), 0, 0)
        target = action.target  # type: ignore[union-attr]
        # HLE's reveal_bitmask: every card of the target's hand the clue touches.
        mask = 0
        for slot, held in enumerate(state.hands[target]):
            if held.order in touched:
                mask |= 1 << slot
        if isinstance(action, ColourClue):
            key = (2, _COLOUR_OF_NAME[action.colour], mask, 0, 0)
        else:
            key = (3, action.rank - 1, mask, 0, 0)  # type: ignore[union-attr]
        return player, (target - player) % self.players, key

    def _tail(self, key: tuple[int, ...]) -> bytes:
        """Section 4 from the colour on, for a head's key."""
        tail = self.tail_cache.get(key)
        if tail is None:
            kind, value, extra, scored, note = key
            colour = bytearray(self.colours)
            rank = bytearray(self.ranks)
            outcome = bytearray(self.hand_size)
            position = bytearray(self.hand_size)
            played = bytearray(self.cr)
            if kind <= 1:
                position[value] = 1
                played[extra] = 1
            else:
                (colour if kind == 2 else rank)[value] = 1
                for slot in range(self.hand_size):
                    outcome[slot] = extra >> slot & 1
            flags = bytes((scored, note))
            tail = self.tail_cache[key] = bytes(colour + rank + outcome + position + played) + flags
        return tail

    def last_action(self, seat: int, head: tuple[int, int, tuple[int, ...]] | None) -> bytes:
        """Section 4 for `seat`, from `last_action_head`'s result (`None` before any move)."""
        if head is None:
            return self.no_last
        player, offset, key = head
        p = self.players
        actor = (player - seat) % p
        kind = key[0]
        target = self.seat[(actor + offset) % p] if kind >= 2 else self.no_target
        return b"".join((self.seat[actor], self.kinds[kind], target, self._tail(key)))

    def last_action_list(
        self, seat: int, head: tuple[int, int, tuple[int, ...]] | None
    ) -> list[int]:
        """`last_action` as a list, memoised (the same few hundred keys recur all game)."""
        if head is None:
            return self.no_last_list
        player, offset, key = head
        memo = ((player - seat) % self.players, offset, key)
        bits = self.last_cache.get(memo)
        if bits is None:
            bits = self.last_cache[memo] = list(self.last_action(seat, head))
        return bits

    def card_knowledge(self, k: int) -> bytes:
        """Section 5, one card: CR plausible bits, C hinted-colour bits, R hinted-rank bits."""
        bits = self.knowledge_cache.get(k)
        if bits is None:
            c = self.colours
            r = self.ranks
            plausible = [
                int(bool(k >> colour & 1 and k >> (_RANK_SHIFT + rank) & 1))
                for colour in range(c)
                for rank in range(r)
            ]
            hinted_colour = _one_hot(c, (k >> _HINTED_COLOUR_SHIFT & 7) - 1)
            hinted_rank = _one_hot(r, (k >> _HINTED_RANK_SHIFT & 7) - 1)
            bits = self.knowledge_cache[k] = bytes(plausible) + hinted_colour + hinted_rank
        return bits

    def knowledge(self, held: tuple[int, ...]) -> bytes:
        """Section 5, one player: the cards' bits, zeros for missing slots."""
        cache = self.knowledge_cache
        try:
            parts = [cache[k] for k in held]
        except KeyError:
            parts = [self.card_knowledge(k) for k in held]
        parts.append(self.knowledge_pad[len(held)])
        return b"".join(parts)


class _UidTable:
    """The clue uids each hand allows, by offset, memoised per hand key (speed only)."""

    def __init__(self, options: Options) -> None:
        self.hand_size = size = options.hand_size
        self.players = players = options.players
        self.max_notes = options.max_notes
        clue_colours = options.variant.clue_colours
        self.colours = colours = len(clue_colours)
        self.colour_uid = [
            [2 * size + o * colours + _COLOUR_OF_NAME[name] for name in clue_colours]
            for o in range(players - 1)
        ]
        rank_base = 2 * size + (players - 1) * colours
        self.rank_uid = [[rank_base + o * 5 + r - 1 for r in range(6)] for o in range(players - 1)]
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

    def legal(self, state: GameState) -> tuple[int, ...]:
        """HLE's legal uids for the player to move, ignoring the end of the game."""
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
                key = 0
                for card in hands[(p + o + 1) % players]:
                    key |= card.colour_bits | 256 << card.rank
                colour_uids, ranks = self.clue_uids(o, key)
                uids += colour_uids
                rank_uids += ranks
            uids += rank_uids
        return tuple(uids)


_LAYOUTS: dict[tuple[Options, int], _Layout] = {}
_UID_TABLES: dict[Options, _UidTable] = {}


def _uid_table(options: Options) -> _UidTable:
    table = _UID_TABLES.get(options)
    if table is None:
        if len(_UID_TABLES) > 64:
            _UID_TABLES.clear()
        table = _UID_TABLES[options] = _UidTable(options)
    return table


def _layout(options: Options, observation_type: int) -> _Layout:
    """The layout of `options` (a cache of derived tables: it never changes a result)."""
    key = (options, observation_type)
    layout = _LAYOUTS.get(key)
    if layout is None:
        if observation_type not in (MINIMAL, CARD_KNOWLEDGE, SEER):
            raise InvalidOptions("observation_type", f"must be 0, 1 or 2, got {observation_type!r}")
        if len(_LAYOUTS) > 64:
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = _Layout(options, observation_type)
    return layout


def observation_length(options: Options, observation_type: int = CARD_KNOWLEDGE) -> int:
    """The length of the canonical vector: 658 for two players with card knowledge.

    ```python
    from hanabi_core.hle import MINIMAL, observation_length, options_from_config
    assert observation_length(options_from_config({"players": 5})) == 1280
    assert observation_length(options_from_config({"players": 2}), MINIMAL) == 308
    ```
    """
    return _layout(options, observation_type).length


def _check_seat(state: GameState, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidOptions("seat", f"must be a seat number, got {seat!r}")
    if not 0 <= seat < state.options.players:
        raise InvalidOptions("seat", f"must be 0 to {state.options.players - 1}, got {seat!r}")


def _sections(layout: _Layout, state: GameState, seat: int, knowledge: Knowledge | None) -> bytes:
    """Sections 1 to 4 (and 5 from `knowledge`) of the canonical vector for `seat`."""
    p = layout.players
    hands = state.hands
    others = [(seat + offset) % p for offset in range(1, p)]
    missing = layout.missing(state)
    head = None if state.log is None else layout.last_action_head(state)
    parts = [
        *(layout.hand(hands[other]) for other in others),
        missing[seat:] + missing[:seat],
        layout.board(state),
        layout.discards(state.discards),
        layout.last_action(seat, head),
    ]
    if knowledge is not None:
        parts += (layout.knowledge(knowledge[(seat + offset) % p]) for offset in range(p))
    return b"".join(parts)


def encode(state: GameState, seat: int, observation_type: int = CARD_KNOWLEDGE) -> list[int]:
    """HLE's canonical observation of `seat`, bit for bit (``ObservationEncoder(CANONICAL)``).

    `observation_type` is `MINIMAL` (0: no card knowledge section), `CARD_KNOWLEDGE` (1) or
    `SEER` (2: every player also sees their own cards). The
    vector is computed from the state alone, history included; the
    [encoding page](../guides/hle-encoding.md) lists every bit. `rl_env` computes the same bits
    incrementally.

    Raises:
        InvalidOptions: `seat` is not a seat, or the observation type is not 0, 1 or 2.
    """
    _check_seat(state, seat)
    layout = _layout(state.options, observation_type)
    knowledge = (
        None if observation_type == MINIMAL else hle_knowledge(state, observation_type == SEER)
    )
    return list(_sections(layout, state, seat, knowledge))


def encode_v0_belief(state: GameState, seat: int) -> list[float]:
    """The "V0 belief" observation of SAD, OBL and JaxMARL for `seat`.

    The canonical sections 1 to 4, then per player (the seat first) and per slot: for each colour
    and rank, plausible × (copies − discarded − on the fireworks), normalised to sum 1 (0 for a
    missing card); then the hinted-colour and hinted-rank one-hots. The length is that of the
    canonical vector with card knowledge.

    Raises:
        InvalidOptions: `seat` is not a seat.
    """
    _check_seat(state, seat)
    layout = _layout(state.options, CARD_KNOWLEDGE)
    bits = [float(bit) for bit in _sections(layout, state, seat, None)]
    cr = layout.cr
    r = layout.ranks
    remaining = [layout.copies[face % r] for face in range(cr)]
    for card in state.discards:
        remaining[layout.card_index(card)] -= 1
    for suit, built in enumerate(state.built):
        colour = layout.colour_of_suit[suit]
        for rank in range(built):
            remaining[colour * r + rank] -= 1
    knowledge = hle_knowledge(state)
    p = layout.players
    for offset in range(p):
        held = knowledge[(seat + offset) % p]
        for k in held:
            plain = layout.card_knowledge(k)
            weights = [plain[i] * remaining[i] for i in range(cr)]
            total = sum(weights)
            bits += [w / total if total else 0.0 for w in weights]
            bits += map(float, plain[cr:])
        bits += [0.0] * ((layout.hand_size - len(held)) * layout.card_bits)
    return bits
