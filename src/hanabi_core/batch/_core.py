"""The batch engine's rules and encoders, written once for NumPy and for JAX.

Every function here is pure and takes the array namespace `xp` (``numpy`` or ``jax.numpy``) and
the game's `Tables`: no in-place writes, no data-dependent Python control flow, so the same code
runs eagerly on NumPy and under ``jax.jit``/``jax.vmap``. Validation and errors live in the
front-ends (`engine.py` for NumPy, `jax.py` for JAX).

The rules are HLE's (spec section 11.5): rule numbers are cited where each is applied. The
scalar engine (`hanabi_core.apply`, `hanabi_core.hle.encode`) is the reference semantics; the
differential tests hold this code to it bit for bit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

# HLE's layouts, stated once in `hle`: the copies per rank and the thermometer codes, and the
# card knowledge packed in one int per card as `hle_knowledge` packs it (0 here for no card).
from ..hle.encoding import copies_per_rank as _copies
from ..hle.encoding import thermometers
from ..hle.knowledge import COLOUR_FIELD as _COLOUR_FIELD
from ..hle.knowledge import HINTED_COLOUR_SHIFT as _HINTED_COLOUR_SHIFT
from ..hle.knowledge import HINTED_RANK_SHIFT as _HINTED_RANK_SHIFT
from ..hle.knowledge import RANK_FIELD as _RANK_FIELD
from ..hle.knowledge import RANK_SHIFT as _RANK_SHIFT
from ..hle.knowledge import fresh_knowledge

#: Ranks per colour (HLE's ``ranks`` is always 5 here).
RANKS = 5


class BatchState(NamedTuple):
    """B games of one configuration, as arrays with the game on axis 0.

    A `NamedTuple` of arrays, so JAX treats it as a pytree. Cards are *faces*: HLE's index
    colour × 5 + rank index (0 for red 1 … 24 for blue 5); an empty slot holds C × 5. Seats are
    absolute (seat 0 moves first). Never change the arrays in place: the functions return new
    states and may share unchanged arrays between states.

    Attributes:
        deck: (B, D) the faces of every card in dealing order (the hands first, then the draws).
        drawn: (B,) how many cards have left the deck, the deal included.
        hands: (B, P, H) each seat's faces, oldest first (rule 6.5); empty slots at the end.
        knowledge: (B, P, H) HLE's card knowledge of each held card, packed as
            [`hle_knowledge`][hanabi_core.hle.hle_knowledge] packs it; 0 for an empty slot.
        fireworks: (B, C) cards built per colour, in HLE's colour order (R, Y, G, W, B).
        notes: (B,) information tokens (Notes) available.
        storms: (B,) Storm tokens turned (lives lost).
        discards: (B, C × 5) copies of each face in the discard pile, misplays included.
        current: (B,) the seat to move.
        turn: (B,) moves made so far.
        turns_left: (B,) turns left in the final round (rule 7.3), -1 before the last draw.
        score: (B,) the score (section 8; 0 after the last Storm under HLE's rules).
        done: (B,) the game is over.
        last_uid: (B,) the uid of the latest move, -1 before the first.
        last_actor: (B,) the seat that made it.
        last_card: (B,) the face played or discarded by it (empty for a clue).
        last_mask: (B,) for a clue, bit i set when the target's slot i matches it.
        last_scored: (B,) the latest move was a play that was built.
        last_note: (B,) the latest move was a play that completed a firework below the Note cap.
        history: (B, N) the uids of the moves so far, -1 after the last.
        legal: (B, M) the legal move uids of the player to move (all False once over).
    """

    deck: Any
    drawn: Any
    hands: Any
    knowledge: Any
    fireworks: Any
    notes: Any
    storms: Any
    discards: Any
    current: Any
    turn: Any
    turns_left: Any
    score: Any
    done: Any
    last_uid: Any
    last_actor: Any
    last_card: Any
    last_mask: Any
    last_scored: Any
    last_note: Any
    history: Any
    legal: Any


def _thermometers(length: int) -> np.ndarray[Any, Any]:
    return np.array(thermometers(length), np.uint8).reshape(length + 1, length)


class Tables:
    """The static sizes and lookup tables of one configuration (derived once, never changed)."""

    def __init__(  # noqa: PLR0917
        self,
        players: int,
        colours: int,
        hand_size: int,
        max_notes: int,
        max_storms: int,
        storm_out_zero: bool = True,
    ) -> None:
        self.players = p = players
        self.colours = c = colours
        self.hand_size = h = hand_size
        self.max_notes = max_notes
        self.max_storms = max_storms
        self.storm_out_zero = storm_out_zero
        self.ranks = r = RANKS
        self.cr = cr = c * r
        self.empty = cr
        copies = _copies(r)
        self.deck_size = d = c * sum(copies)
        self.moves = m = 2 * h + (p - 1) * (c + r)
        # At most D − P·H + P card moves (each draws, then the final round's P turns), and a clue
        # needs a Note: the cap plus one per card move at most.
        self.max_turns = 2 * (d - p * h + p) + max_notes
        self.card_bits = cr + c + r
        # Lengths of the canonical vector's sections (hanabi_core.hle's encoding page).
        self.hands_length = (p - 1) * h * cr + p
        self.deck_bits = d - p * h
        self.board_length = self.deck_bits + cr + max_notes + max_storms
        self.last_length = p + 4 + p + c + r + h + h + cr + 2
        self.knowledge_length = p * h * self.card_bits
        self.minimal_length = self.hands_length + self.board_length + d + self.last_length
        # The uid table: kind (0 discard, 1 play, 2 colour clue, 3 rank clue), slot, target offset
        # and value (colour or rank index) of every move uid.
        kind, slot, offset, value = [], [], [], []
        for uid in range(m):
            if uid < 2 * h:
                kind.append(uid // h)
                slot.append(uid % h)
                offset.append(0)
                value.append(0)
            elif uid < 2 * h + (p - 1) * c:
                o, v = divmod(uid - 2 * h, c)
                kind.append(2)
                slot.append(0)
                offset.append(o + 1)
                value.append(v)
            else:
                o, v = divmod(uid - 2 * h - (p - 1) * c, r)
                kind.append(3)
                slot.append(0)
                offset.append(o + 1)
                value.append(v)
        self.kind = np.array(kind, np.int32)
        self.slot = np.array(slot, np.int32)
        self.offset = np.array(offset, np.int32)
        self.value = np.array(value, np.int32)
        self.copies = np.array([copies[f % r] for f in range(cr)], np.int32)
        self.base_deck = np.repeat(np.arange(cr, dtype=np.int8), self.copies)
        self.fresh = fresh_knowledge(c)
        # rot[s, k]: the seat k places after seat s (observer-relative seats).
        self.rot = (np.arange(p)[:, None] + np.arange(p)[None, :]) % p
        eye = np.eye(cr + 1, cr, dtype=np.uint8)
        eye[cr] = 0
        self.face_bits = eye  # one-hot of a face; the empty face is all 0
        self.deck_thermo = _thermometers(self.deck_bits)
        self.note_thermo = _thermometers(max_notes)
        self.life_thermo = _thermometers(max_storms)
        fw = np.zeros((r + 1, r), np.uint8)
        fw[np.arange(1, r + 1), np.arange(r)] = 1
        self.firework_bits = fw  # one-hot of the top card, nothing for an empty firework
        # The discard section: bit j is set when more than `within[j]` copies of `face[j]` lie in
        # the pile (a thermometer per face, faces in HLE's order).
        self.discard_face = np.repeat(np.arange(cr), self.copies).astype(np.int32)
        self.discard_within = np.concatenate([np.arange(n) for n in self.copies]).astype(np.int32)
        # Card knowledge → its CR + C + R bits, for every packed value.
        k = np.arange(1 << 16)
        colour_ok = (k[:, None] >> np.arange(c)) & 1
        rank_ok = (k[:, None] >> (_RANK_SHIFT + np.arange(r))) & 1
        plausible = (colour_ok[:, :, None] & rank_ok[:, None, :]).reshape(-1, cr)
        hinted_colour = ((k >> _HINTED_COLOUR_SHIFT & 7)[:, None] - 1) == np.arange(c)
        hinted_rank = ((k >> _HINTED_RANK_SHIFT & 7)[:, None] - 1) == np.arange(r)
        self.knowledge_bits = np.concatenate(
            [plausible, hinted_colour, hinted_rank], axis=1
        ).astype(np.uint8)
        # SEER: each card is known from its deal (the packed knowledge of a face, 0 for none).
        f = np.arange(cr)
        seer = (
            1 << (f // r)
            | 1 << (_RANK_SHIFT + f % r)
            | (f // r + 1) << _HINTED_COLOUR_SHIFT
            | (f % r + 1) << _HINTED_RANK_SHIFT
        )
        self.seer_knowledge = np.concatenate([seer, [0]]).astype(np.int32)
        # A face's colour bit (bits 0 to C−1) and rank bit (bits C to C+R−1); 0 for no card.
        self.clue_bits = np.concatenate([1 << (f // r) | 1 << (c + f % r), [0]]).astype(np.int32)
        self.clue_shifts = np.arange(c + r, dtype=np.int32)
        # Section 4 by lookup. Row M of each uid table stands for "no move yet" (all 0).
        # head[actor·(M+1) + uid][observer]: the actor, the move type and the target, relative
        # to the observer (P + 4 + P bits); HLE orders the types play, discard, colour, rank.
        head = np.zeros((p * (m + 1), p, 2 * p + 4), np.uint8)
        value_bits = np.zeros((m + 1, c + r), np.uint8)  # the clue's colour or rank
        position = np.zeros((m + 1, h), np.uint8)  # the slot played or discarded
        for uid in range(m):
            move = int(self.kind[uid])
            if move <= 1:
                position[uid, self.slot[uid]] = 1
            else:
                value_bits[uid, self.value[uid] + (0 if move == 2 else c)] = 1
            for actor in range(p):
                for seat in range(p):
                    row = head[actor * (m + 1) + uid, seat]
                    relative = (actor - seat) % p
                    row[relative] = 1
                    row[p + (1 - move if move <= 1 else move)] = 1
                    if move >= 2:
                        row[p + 4 + (relative + self.offset[uid]) % p] = 1
        self.last_head = head
        self.last_value = value_bits
        self.last_position = position
        # The touched slots of a clue, from its bitmask.
        # (A table only for hands of up to 10 cards: it has 2**H rows.)
        self.mask_bits = (
            ((np.arange(1 << h)[:, None] >> np.arange(h)) & 1).astype(np.uint8) if h <= 10 else None
        )
        self._on: dict[str, Tables] = {}

    def on(self, xp: Any) -> Tables:
        """The same tables as arrays of `xp` (NumPy: itself); memoised per namespace."""
        if xp is np:
            return self
        name = xp.__name__
        found = self._on.get(name)
        if found is None:
            found = object.__new__(Tables)
            for key, value in vars(self).items():
                if key != "_on":
                    setattr(
                        found, key, xp.asarray(value) if isinstance(value, np.ndarray) else value
                    )
            found._on = {}
            self._on[name] = found
        return found


def _take(xp: Any, array: Any, index: Any) -> Any:
    """`array[b, index[b]]` along axis 1."""
    return array[xp.arange(array.shape[0]), index]


def _seat_rows(xp: Any, array: Any, seat: Any) -> Any:
    """`array[b, seat[b]]` for a (B, P, …) array."""
    return array[xp.arange(array.shape[0]), seat]


def legal_mask(  # noqa: PLR0917
    xp: Any, t: Tables, hands: Any, notes: Any, current: Any, done: Any
) -> Any:
    """The (B, M) legal uids of the player to move (rules 3.3, 4.1, 4.5, 5.2)."""
    b = hands.shape[0]
    held = _seat_rows(xp, hands, current) != t.empty  # (B, H)
    discard = held & (notes < t.max_notes)[:, None]  # rule 5.2
    # Each seat's colours and ranks as bits (C colour bits, then R rank bits), slot by slot:
    # small loops of whole-batch operations cost less than reductions over short axes.
    present = t.clue_bits[hands[:, :, 0]]
    for slot in range(1, t.hand_size):
        present = present | t.clue_bits[hands[:, :, slot]]
    targets = (current[:, None] + xp.arange(1, t.players)) % t.players  # (B, P-1)
    values = (present[xp.arange(b)[:, None], targets][..., None] >> t.clue_shifts) & 1
    clue = (notes > 0)[:, None]  # rule 4.1; rule 4.5: a clue touches a card
    colour_clues = values[..., : t.colours].reshape(b, -1).astype(bool) & clue
    rank_clues = values[..., t.colours :].reshape(b, -1).astype(bool) & clue
    mask = xp.concatenate([discard, held, colour_clues, rank_clues], axis=1)
    return mask & ~done[:, None]  # rule 3.3


def init(xp: Any, t: Tables, deck: Any) -> BatchState:
    """New games from (B, D) decks of faces (rule 2.4: seat p is dealt cards pH … pH+H−1)."""
    b = deck.shape[0]
    p, h = t.players, t.hand_size
    deck = deck.astype(xp.int8)
    # Copies (H2 of issue 30): no two fields share memory, so NumPy users cannot reach one
    # field through another (on JAX, arrays are immutable and these are the same values).
    hands = deck[:, : p * h].reshape(b, p, h).copy()
    drawn = xp.full((b,), p * h, xp.int32)

    def zeros(dtype: Any = xp.int32) -> Any:
        return xp.zeros((b,), dtype)

    # Rule 7.3: when the deal takes the last card, the final round starts at once.
    turns_left = xp.full((b,), p if p * h == t.deck_size else -1, xp.int32)
    notes = xp.full((b,), t.max_notes, xp.int32)
    done = zeros(bool)
    return BatchState(
        deck=deck,
        drawn=drawn,
        hands=hands,
        knowledge=xp.full((b, p, h), t.fresh, xp.uint16),
        fireworks=xp.zeros((b, t.colours), xp.int32),
        notes=notes,
        storms=zeros(),
        discards=xp.zeros((b, t.cr), xp.int32),
        current=zeros(),
        turn=zeros(),
        turns_left=turns_left,
        score=zeros(),
        done=done,
        last_uid=xp.full((b,), -1, xp.int32),
        last_actor=zeros(),
        last_card=xp.full((b,), t.empty, xp.int32),
        last_mask=zeros(),
        last_scored=zeros(bool),
        last_note=zeros(bool),
        history=xp.full((b, t.max_turns), -1, xp.int8),
        legal=legal_mask(xp, t, hands, notes, zeros(), done),
    )


def advance(xp: Any, t: Tables, s: BatchState, uid: Any, act: Any) -> tuple[BatchState, Any]:
    """Every game with `act` set takes move `uid` (which must be legal there); the others are
    left as they were. Returns the new state and the (B,) rewards (the change in score)."""
    b = uid.shape[0]
    p, h, r, c = t.players, t.hand_size, t.ranks, t.colours
    rows = xp.arange(b)
    uid = xp.clip(uid, 0, t.moves - 1)
    kind = t.kind[uid]
    slot = t.slot[uid]
    offset = t.offset[uid]
    value = t.value[uid]
    cur = s.current
    is_discard = kind == 0
    is_play = kind == 1
    is_card = kind <= 1
    is_clue = kind >= 2
    # Plays and discards (sections 5 and 6).
    hand = _seat_rows(xp, s.hands, cur).astype(xp.int32)  # (B, H)
    face = _take(xp, hand, slot)
    colour = xp.minimum(face // r, c - 1)
    rank = face % r
    built = _take(xp, s.fireworks, colour)
    fits = is_play & (built == rank)  # rule 6.2
    misplay = is_play & ~fits  # rule 6.3
    fireworks = s.fireworks + ((xp.arange(c) == colour[:, None]) & fits[:, None])
    note_back = fits & (rank == r - 1) & (s.notes < t.max_notes)  # rule 6.4
    notes = s.notes + is_discard + note_back - is_clue  # rules 4.1, 5.3
    storms = s.storms + misplay
    to_pile = is_discard | misplay
    discards = s.discards + ((xp.arange(t.cr) == face[:, None]) & to_pile[:, None])
    # Rule 6.5: draw the next card, the newest, at the end of the hand.
    draws = is_card & (s.drawn < t.deck_size)
    new_card = xp.where(draws, _take(xp, s.deck, xp.minimum(s.drawn, t.deck_size - 1)), t.empty)
    drawn = s.drawn + draws
    j = xp.arange(h)
    source = j + (j >= slot[:, None])  # the card after the one that left, or the new one
    hand_after = xp.take_along_axis(xp.concatenate([hand, new_card[:, None]], axis=1), source, 1)
    mine = _seat_rows(xp, s.knowledge, cur)
    fresh = xp.where(draws, t.fresh, 0).astype(xp.uint16)
    mine_after = xp.take_along_axis(xp.concatenate([mine, fresh[:, None]], axis=1), source, 1)
    # Clues (section 4): what they touch, and the knowledge they give (HLE's ValueKnowledge).
    target = (cur + offset) % p
    theirs = _seat_rows(xp, s.hands, target).astype(xp.int32)
    is_colour = kind == 2
    matches = xp.where(is_colour[:, None], theirs // r, theirs % r) == value[:, None]
    touched = (theirs != t.empty) & matches & is_clue[:, None]
    value16 = value.astype(xp.uint16)
    bit = xp.where(
        is_colour, xp.left_shift(1, value16), xp.left_shift(1, value16 + _RANK_SHIFT)
    ).astype(xp.uint16)
    shift = xp.where(is_colour, _HINTED_COLOUR_SHIFT, _HINTED_RANK_SHIFT).astype(xp.uint16)
    yes = bit | xp.left_shift(value16 + 1, shift)
    keep = xp.where(is_colour, 0xFFFF & ~_COLOUR_FIELD, 0xFFFF & ~_RANK_FIELD).astype(xp.uint16)
    known = _seat_rows(xp, s.knowledge, target)
    known_after = xp.where(
        touched, (known & keep[:, None]) | yes[:, None], known & ~bit[:, None]
    ).astype(xp.uint16)
    seats = xp.arange(p)
    mover = (seats == cur[:, None]) & is_card[:, None]  # (B, P)
    told = (seats == target[:, None]) & is_clue[:, None]
    hands = xp.where(mover[..., None], hand_after[:, None, :].astype(xp.int8), s.hands)
    knowledge = xp.where(
        mover[..., None],
        mine_after[:, None, :],
        xp.where(told[..., None], known_after[:, None, :], s.knowledge),
    )
    # Rule 7.3: the final round.
    turns_left = xp.where(s.turns_left >= 0, s.turns_left - 1, s.turns_left)
    turns_left = xp.where(draws & (drawn == t.deck_size), p, turns_left)
    # Section 7, in rule 7.7's order, and section 8.
    total = fireworks[:, 0]
    for colour_index in range(1, c):
        total = total + fireworks[:, colour_index]
    storm_out = storms >= t.max_storms  # rule 7.1
    done = storm_out | (total == c * r) | (turns_left == 0)  # rules 7.2, 7.3
    score = xp.where(storm_out, 0, total) if t.storm_out_zero else total  # rule 8.2
    mask = touched[:, 0].astype(xp.int32)
    for i in range(1, h):
        mask = mask | (touched[:, i].astype(xp.int32) << i)
    act = act & ~s.done  # rule 3.3: nothing is played after the end
    if xp is np:
        # NumPy: one write into a copy instead of a select over the whole history.
        history = s.history.copy()
        history[rows[act], s.turn[act]] = uid[act]
    else:
        history = xp.where(
            xp.arange(t.max_turns) == s.turn[:, None], uid[:, None].astype(xp.int8), s.history
        )
    new = BatchState(
        deck=s.deck,
        drawn=drawn,
        hands=hands,
        knowledge=knowledge,
        fireworks=fireworks,
        notes=notes,
        storms=storms,
        discards=discards,
        current=(cur + 1) % p,  # rule 3.2
        turn=s.turn + 1,
        turns_left=turns_left,
        score=score,
        done=done,
        last_uid=uid,
        last_actor=cur,
        last_card=xp.where(is_card, face, t.empty),
        last_mask=mask,
        last_scored=fits,
        last_note=note_back,
        history=history,
        legal=s.legal,
    )
    # NumPy, when every game moved: nothing to select.
    state = new if xp is np and act.all() else _select(xp, act, new, s)
    state = state._replace(
        legal=legal_mask(xp, t, state.hands, state.notes, state.current, state.done)
    )
    return state, xp.where(act, state.score - s.score, 0)


def _select(xp: Any, where: Any, new: BatchState, old: BatchState) -> BatchState:
    """`new`'s games where `where` is set, `old`'s elsewhere."""
    b = where.shape[0]
    picked = []
    for before, after in zip(old, new, strict=True):
        if before is after:
            picked.append(before)
            continue
        shape = (b,) + (1,) * (after.ndim - 1)
        picked.append(xp.where(where.reshape(shape), after, before).astype(before.dtype))
    return BatchState(*picked)


def reset_where(xp: Any, s: BatchState, fresh: BatchState, where: Any) -> BatchState:
    """`fresh`'s games where `where` is set, `s`'s elsewhere."""
    return _select(xp, where, fresh, s)


# A piece of the observation: ("all", (B, n)) the same for every seat; ("seat", (B, P, n)) per
# observer; ("rot", (B, P, n), k0) the blocks of seats k0 … P−1 places after each observer.
Piece = tuple[str, Any, int]


def _sections(xp: Any, t: Tables, s: BatchState) -> list[Piece]:
    """Sections 1 to 4 of every seat's canonical vector, as pieces."""
    b = s.hands.shape[0]
    p, h = t.players, t.hand_size
    hand_bits = t.face_bits[s.hands].reshape(b, p, h * t.cr)  # (B, P, H·CR)
    short = (s.hands[:, :, h - 1] == t.empty).astype(xp.uint8)  # (B, P)
    missing = short[:, t.rot]  # (B, P, P), observer first
    deck_size = t.deck_size - s.drawn
    fireworks = [t.firework_bits[s.fireworks[:, c]] for c in range(t.colours)]
    board = xp.concatenate(
        [
            t.deck_thermo[deck_size],
            *fireworks,
            t.note_thermo[s.notes],
            t.life_thermo[t.max_storms - s.storms],
        ],
        axis=1,
    )
    discards = (s.discards[:, t.discard_face] > t.discard_within).astype(xp.uint8)
    # Section 4, looked up: uid M stands for "no move yet".
    uid = xp.where(s.last_uid >= 0, s.last_uid, t.moves)
    head = t.last_head[s.last_actor * (t.moves + 1) + uid]  # (B, P, P + 4 + P)
    flags = xp.stack([s.last_scored, s.last_note], axis=1).astype(xp.uint8)  # plays only
    tail = xp.concatenate(
        [
            t.last_value[uid],
            t.mask_bits[s.last_mask]
            if t.mask_bits is not None
            else ((s.last_mask[:, None] >> xp.arange(t.hand_size)) & 1).astype(xp.uint8),
            t.last_position[uid],
            t.face_bits[s.last_card],
            flags,
        ],
        axis=1,
    )
    return [
        ("rot", hand_bits, 1),
        ("seat", missing, 0),
        ("all", board, 0),
        ("all", discards, 0),
        ("seat", head, 0),
        ("all", tail, 0),
    ]


def _assemble(xp: Any, t: Tables, pieces: list[Piece], dtype: Any) -> Any:
    """The (B, P, L) vectors from their pieces."""
    p = t.players
    if xp is np:
        # NumPy: written in place into one new array (no temporary per piece).
        b = pieces[0][1].shape[0]
        length = sum(a.shape[-1] * (p - k if kind == "rot" else 1) for kind, a, k in pieces)
        out = np.empty((b, p, length), dtype)
        at = 0
        for kind, array, first in pieces:
            n = array.shape[-1]
            if kind == "all":
                out[:, :, at : at + n] = array[:, None, :]
                at += n
            elif kind == "seat":
                out[:, :, at : at + n] = array
                at += n
            else:
                for k in range(first, p):
                    for seat in range(p):
                        out[:, seat, at : at + n] = array[:, (seat + k) % p]
                    at += n
        return out
    # XLA: each observer's vector joined from static slices (copies that fuse; a gather with an
    # index array does not).
    rows = []
    for seat in range(p):
        parts = []
        for kind, array, first in pieces:
            if kind == "all":
                parts.append(array.astype(dtype))
            elif kind == "seat":
                parts.append(array[:, seat].astype(dtype))
            else:
                parts.extend(array[:, (seat + k) % p].astype(dtype) for k in range(first, p))
        rows.append(xp.concatenate(parts, axis=1))
    return xp.stack(rows, axis=1)


def knowledge_bits(xp: Any, t: Tables, packed: Any) -> Any:
    """Section 5's CR + C + R bits of each packed card knowledge, (…, K) uint8."""
    if xp is np:
        return t.knowledge_bits[packed]  # NumPy: one table lookup
    # XLA: the same bits by arithmetic, which fuses, where a gather from the table does not.
    k = packed[..., None]
    colour = (k >> xp.arange(t.colours)) & 1
    rank = (k >> (_RANK_SHIFT + xp.arange(t.ranks))) & 1
    plausible = (colour[..., :, None] & rank[..., None, :]).reshape(*packed.shape, t.cr)
    hinted_colour = ((k >> _HINTED_COLOUR_SHIFT) & 7) - 1 == xp.arange(t.colours)
    hinted_rank = ((k >> _HINTED_RANK_SHIFT) & 7) - 1 == xp.arange(t.ranks)
    return xp.concatenate([plausible, hinted_colour, hinted_rank], axis=-1).astype(xp.uint8)


def observe(xp: Any, t: Tables, s: BatchState, observation_type: int) -> Any:
    """Every seat's canonical vector, (B, P, L) uint8, seat s at index s (HLE's
    ``ObservationEncoder(CANONICAL)``); observation types 0 minimal, 1 card knowledge, 2 seer."""
    pieces = _sections(xp, t, s)
    if observation_type != 0:
        b = s.hands.shape[0]
        p, h = t.players, t.hand_size
        if observation_type == 2:  # SEER: each card is known from its deal
            packed = t.seer_knowledge[s.hands.astype(xp.int32)]
        else:
            packed = s.knowledge.astype(xp.int32)
        bits = knowledge_bits(xp, t, packed).reshape(b, p, h * t.card_bits)
        pieces.append(("rot", bits, 0))
    return _assemble(xp, t, pieces, xp.uint8)


def observe_v0_belief(xp: Any, t: Tables, s: BatchState, dtype: Any) -> Any:
    """Every seat's V0-belief vector (`hanabi_core.hle.encode_v0_belief`), (B, P, L) of `dtype`."""
    b = s.hands.shape[0]
    p, h, r, cr = t.players, t.hand_size, t.ranks, t.cr
    pieces = _sections(xp, t, s)
    built = (xp.arange(r) < s.fireworks[:, :, None]).reshape(b, cr)
    remaining = (t.copies - s.discards - built).astype(dtype)  # (B, CR)
    bits = knowledge_bits(xp, t, s.knowledge.astype(xp.int32)).astype(dtype)  # (B, P, H, K)
    weights = bits[..., :cr] * remaining[:, None, None, :]
    total = xp.sum(weights, axis=3, keepdims=True)
    belief = xp.where(total > 0, weights / xp.where(total > 0, total, 1), 0).astype(dtype)
    card = xp.concatenate([belief, bits[..., cr:]], axis=3).reshape(b, p, h * t.card_bits)
    pieces.append(("rot", card, 0))
    return _assemble(xp, t, pieces, dtype)
