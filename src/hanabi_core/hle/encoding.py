"""HLE's canonical observation encoder, and the V0-belief variant, bit for bit."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import RANKS, Card, DealtCard
from ..errors import InvalidOptions, brief
from ..options import Options
from ..state import GameState, Turn
from ..variants import ClueShown
from ..views import HiddenClue, HiddenPlay, PlayerView
from ._guards import need_options, need_state, need_view
from .config import _COLOUR_OF_NAME, CARD_KNOWLEDGE, MINIMAL, SEER, require_hle_variant
from .knowledge import (
    HINTED_COLOUR_SHIFT,
    HINTED_RANK_SHIFT,
    RANK_SHIFT,
    Knowledge,
    hle_knowledge,
    view_knowledge,
)


def copies_per_rank(ranks: int) -> list[int]:
    """HLE's NumberCardInstances: the copies of each rank index, 3 of the lowest rank, 1 of the
    highest, 2 of the others (for this encoder and the batch engine's)."""
    return [3 if r == 0 else 1 if r == ranks - 1 else 2 for r in range(ranks)]


def _one_hot(length: int, index: int) -> list[int]:
    return [int(i == index) for i in range(length)]


def thermometers(length: int) -> list[list[int]]:
    """HLE's thermometer codes of 0 to `length`: row n is n ones, then zeros (the deck, Note and
    Storm sections; for this encoder and the batch engine's)."""
    return [[1] * n + [0] * (length - n) for n in range(length + 1)]


class _Layout:
    """The sizes and the precomputed pieces of the canonical encoding of one game.

    Every part is a list of 0s and 1s built from shared, precomputed pieces: a vector is a few
    list extensions, which copy pointers. The pieces are never changed once built. Built once per
    (options, observation type); it holds nothing of a game but caches of derived tables, which
    never change a result.
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
        self.copies = copies = copies_per_rank(r)
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
        # face[suit index][rank]: a card's one-hot over the CR faces (section 1).
        self.face = [
            [_one_hot(cr, self.colour_of_suit[suit] * r + rank - 1) for rank in range(r + 1)]
            for suit in range(c)
        ]
        self.hand_pad = [[0] * ((h - n) * cr) for n in range(h + 1)]
        self.deck_thermo = thermometers(self.deck_bits)
        self.note_thermo = thermometers(self.max_notes)
        self.life_thermo = thermometers(self.max_storms)
        self.firework = [_one_hot(r, n - 1) for n in range(r + 1)]
        self.seat = [_one_hot(p, k) for k in range(p)]
        self.kinds = [_one_hot(4, k) for k in range(4)]
        self.no_target = [0] * p
        self.no_last = [0] * self.last_length
        self.knowledge_pad = [[0] * ((h - n) * self.card_bits) for n in range(h + 1)]
        # Where each face's block of the discard section starts.
        self.discard_start = [0] * cr
        for face in range(1, cr):
            self.discard_start[face] = self.discard_start[face - 1] + copies[(face - 1) % r]
        self.fireworks_cache: dict[tuple[int, ...], list[int]] = {}
        self.knowledge_cache: dict[int, list[int]] = {}
        self.tail_cache: dict[tuple[int, ...], list[int]] = {}
        self.last_cache: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
        # Section 4 for every seat by rl_env's key of a move (its uid, actor and outcome).
        self.lasts_cache: dict[int, list[list[int]]] = {}
        self.no_lasts = [self.no_last] * p

    def card_index(self, card: DealtCard | Card) -> int:
        """HLE's index of a face: colour × R + rank index."""
        return _COLOUR_OF_NAME[card.suit] * self.ranks + card.rank - 1

    def hand(self, hand: Sequence[DealtCard]) -> list[int]:
        """Section 1, one other player's hand: H × CR bits, one-hot per card."""
        face = self.face
        bits: list[int] = []
        for card in hand:
            bits += face[card.suit_index][card.rank]
        bits += self.hand_pad[len(hand)]
        return bits

    def missing(self, state: GameState) -> list[int]:
        """The last P bits of section 1, absolute seats: 1 for a hand short of a card."""
        size = self.hand_size
        return [1 if len(hand) < size else 0 for hand in state.hands]

    def fireworks(self, built: tuple[int, ...]) -> list[int]:
        """The fireworks of section 2: per colour in HLE's order, a one-hot of the top rank."""
        fireworks = self.fireworks_cache.get(built)
        if fireworks is None:
            fireworks = []
            for suit in self.suit_order:
                fireworks += self.firework[built[suit]]
            self.fireworks_cache[built] = fireworks
        return fireworks

    def board(self, state: GameState | PlayerView) -> list[int]:
        """Section 2: deck thermometer, fireworks one-hot, Notes and lives thermometers."""
        # `_layout` refuses the variants whose views hide these (rule 9.33).
        assert state.built is not None and state.storms is not None
        bits = self.deck_thermo[state.deck_size] + self.fireworks(state.built)
        bits += self.note_thermo[state.notes]
        bits += self.life_thermo[self.max_storms - state.storms]
        return bits

    def discards(self, discards: Sequence[DealtCard]) -> list[int]:
        """Section 3: per colour and rank, a thermometer over its copies."""
        bits = [0] * self.discards_length
        start = self.discard_start
        for card in discards:
            at = start[self.card_index(card)]
            while bits[at]:
                at += 1
            bits[at] = 1
        return bits

    def discards_after(self, before: list[int], card: DealtCard) -> list[int]:
        """Section 3 after `card` joins a pile whose section was `before`."""
        bits = before.copy()
        bits[bits.index(0, self.discard_start[self.card_index(card)])] = 1
        return bits

    def last_action_head(
        self, hands: Sequence[Sequence[DealtCard]], turn: Turn
    ) -> tuple[int, int, tuple[int, ...]]:
        """Section 4 in short, seat-independent, for the latest turn of a state whose hands are
        `hands`: (actor, target offset from the actor, key); the key is (type, slot or clue
        value, card or touched-slots mask, scored, Note)."""
        action = turn.action
        mask = 0
        if isinstance(action, (ColourClue, RankClue)):
            # HLE's reveal_bitmask: every card of the target's hand the clue touches.
            touched = turn.touched
            for slot, held in enumerate(hands[action.target]):
                if held.order in touched:
                    mask |= 1 << slot
        return self.head(turn.player, action, turn.card, turn.misplay, turn.note_gained, mask)

    def head(  # noqa: PLR0917
        self,
        player: int,
        action: Action,
        card: DealtCard | None,
        misplay: bool,
        note_gained: bool,
        mask: int,
    ) -> tuple[int, int, tuple[int, ...]]:
        """`last_action_head` from the turn's parts; `mask` has bit i for touched slot i."""
        if isinstance(action, (Play, Discard)):
            assert card is not None
            if isinstance(action, Play):
                # HLE's `scored` and `information_token`, for plays only: a discard's Note is
                # not encoded.
                key = (0, action.slot, self.card_index(card), int(not misplay), int(note_gained))
                return player, 0, key
            return player, 0, (1, action.slot, self.card_index(card), 0, 0)
        if isinstance(action, ColourClue):
            key = (2, _COLOUR_OF_NAME[action.colour], mask, 0, 0)
        else:
            key = (3, action.rank - 1, mask, 0, 0)
        return player, (action.target - player) % self.players, key

    def _tail(self, key: tuple[int, ...]) -> list[int]:
        """Section 4 from the colour on, for a head's key."""
        tail = self.tail_cache.get(key)
        if tail is None:
            kind, value, extra, scored, note = key
            colour = [0] * self.colours
            rank = [0] * self.ranks
            outcome = [0] * self.hand_size
            position = [0] * self.hand_size
            played = [0] * self.cr
            if kind <= 1:
                position[value] = 1
                played[extra] = 1
            else:
                (colour if kind == 2 else rank)[value] = 1
                outcome = [extra >> slot & 1 for slot in range(self.hand_size)]
            tail = colour + rank + outcome + position + played + [int(scored), int(note)]
            self.tail_cache[key] = tail
        return tail

    def last_action(self, seat: int, head: tuple[int, int, tuple[int, ...]] | None) -> list[int]:
        """Section 4 for `seat`, from `last_action_head`'s result (`None` before any move);
        memoised, as the same few hundred keys recur all game."""
        if head is None:
            return self.no_last
        player, offset, key = head
        p = self.players
        actor = (player - seat) % p
        memo = (actor, offset, key)
        bits = self.last_cache.get(memo)
        if bits is None:
            target = self.seat[(actor + offset) % p] if key[0] >= 2 else self.no_target
            bits = self.seat[actor] + self.kinds[key[0]] + target + self._tail(key)
            self.last_cache[memo] = bits
        return bits

    def card_knowledge(self, k: int) -> list[int]:
        """Section 5, one card: CR plausible bits, C hinted-colour bits, R hinted-rank bits."""
        bits = self.knowledge_cache.get(k)
        if bits is None:
            c = self.colours
            r = self.ranks
            bits = [
                int(bool(k >> colour & 1 and k >> (RANK_SHIFT + rank) & 1))
                for colour in range(c)
                for rank in range(r)
            ]
            bits += _one_hot(c, (k >> HINTED_COLOUR_SHIFT & 7) - 1)
            bits += _one_hot(r, (k >> HINTED_RANK_SHIFT & 7) - 1)
            self.knowledge_cache[k] = bits
        return bits

    def knowledge(self, held: tuple[int, ...]) -> list[int]:
        """Section 5, one player: the cards' bits, zeros for missing slots. Built from the
        memoised bits of each card: hands of knowledge recur too seldom to be worth a memo."""
        cache = self.knowledge_cache
        bits: list[int] = []
        for k in held:
            part = cache.get(k)
            bits += part if part is not None else self.card_knowledge(k)
        bits += self.knowledge_pad[len(held)]
        return bits


_LAYOUTS: dict[tuple[Options, int], _Layout] = {}


def _layout(options: Options, observation_type: int) -> _Layout:
    """The layout of `options` (a cache of derived tables: it never changes a result)."""
    key = (options, observation_type)
    layout = _LAYOUTS.get(key)
    if layout is None:
        if observation_type not in (MINIMAL, CARD_KNOWLEDGE, SEER):
            raise InvalidOptions(
                "observation_type", f"must be 0, 1 or 2, got {brief(observation_type)}"
            )
        if options.variant.clue_shown is not ClueShown.VALUE:
            # HLE's observation has a clue's colour or rank in it: it cannot hide them.
            raise InvalidOptions(
                "variant", "HLE's observation shows every clue's value (rules 9.30 and 9.31)"
            )
        if options.variant.hidden_plays:
            # HLE's observation has the fireworks, the lives and every played card in it.
            raise InvalidOptions(
                "variant", "HLE's observation shows the fireworks and every play (rule 9.33)"
            )
        require_hle_variant(options)  # before any table is built from its colours
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
    need_options(options)
    return _layout(options, observation_type).length


def _check_seat(state: GameState, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidOptions("seat", f"must be a seat number, got {brief(seat)}")
    if not 0 <= seat < state.options.players:
        raise InvalidOptions("seat", f"must be 0 to {state.options.players - 1}, got {brief(seat)}")


def _sections(
    layout: _Layout, state: GameState, seat: int, knowledge: Knowledge | None
) -> list[int]:
    """Sections 1 to 4 (and 5 from `knowledge`) of the canonical vector for `seat`."""
    p = layout.players
    hands = state.hands
    bits: list[int] = []
    for offset in range(1, p):
        bits += layout.hand(hands[(seat + offset) % p])
    missing = layout.missing(state)
    bits += missing[seat:] + missing[:seat]
    bits += layout.board(state)
    bits += layout.discards(state.discards)
    turn = state.last_turn
    bits += layout.last_action(seat, None if turn is None else layout.last_action_head(hands, turn))
    if knowledge is not None:
        for offset in range(p):
            bits += layout.knowledge(knowledge[(seat + offset) % p])
    return bits


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
    need_state(state)
    _check_seat(state, seat)
    layout = _layout(state.options, observation_type)
    knowledge = (
        None if observation_type == MINIMAL else hle_knowledge(state, observation_type == SEER)
    )
    return _sections(layout, state, seat, knowledge)


def encode_view(seen: PlayerView, observation_type: int = CARD_KNOWLEDGE) -> list[int]:
    """HLE's canonical observation from a player's view alone: the same bits as
    [`encode`][hanabi_core.hle.encode] of the state the view was taken from, for the view's seat.

    For a bot that holds only its [`PlayerView`][hanabi_core.PlayerView] (a server's view, a
    hanab.live replay): card knowledge is rebuilt from the view's history.

    Raises:
        InvalidOptions: `observation_type` is not 0 or 1. The seer type shows a player their own
            cards, which no view holds.
    """
    need_view(seen)
    if observation_type == SEER:
        raise InvalidOptions(
            "observation_type",
            "a player's view does not hold their own cards: encode the state for seer bits",
        )
    layout = _layout(seen.options, observation_type)
    p = layout.players
    seat = seen.seat
    size = layout.hand_size
    bits: list[int] = []
    for offset in range(1, p):
        bits += layout.hand(seen.hands[(seat + offset) % p] or ())
    bits += [1 if seen.hand_size((seat + k) % p) < size else 0 for k in range(p)]
    bits += layout.board(seen)
    bits += layout.discards(seen.discards)
    head = None
    if seen.history:
        turn = seen.history[-1]
        mask = sum(1 << slot for slot in turn.slots)
        action = turn.action
        # `_layout` refuses such variants (rules 9.30, 9.31 and 9.33).
        assert not isinstance(action, (HiddenClue, HiddenPlay)) and turn.misplay is not None
        head = layout.head(turn.player, action, turn.card, turn.misplay, turn.note_gained, mask)
    bits += layout.last_action(seat, head)
    if observation_type != MINIMAL:
        knowledge = view_knowledge(seen)
        for offset in range(p):
            bits += layout.knowledge(knowledge[(seat + offset) % p])
    return bits


def encode_v0_belief(state: GameState, seat: int) -> list[float]:
    """The "V0 belief" observation of SAD, OBL and JaxMARL for `seat`.

    The canonical sections 1 to 4, then per player (the seat first) and per slot: for each colour
    and rank, plausible × (copies − discarded − on the fireworks), normalised to sum 1 (0 for a
    missing card); then the hinted-colour and hinted-rank one-hots. The length is that of the
    canonical vector with card knowledge.

    Raises:
        InvalidOptions: `seat` is not a seat.
    """
    need_state(state)
    _check_seat(state, seat)
    layout = _layout(state.options, CARD_KNOWLEDGE)
    bits: list[float] = [float(bit) for bit in _sections(layout, state, seat, None)]
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
