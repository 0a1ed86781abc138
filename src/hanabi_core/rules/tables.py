"""Lookup tables derived once per `Options` or per variant, for `rules` (speed only, no rules).

The tables hold interned actions and lookups derived from the options or the variant alone: never
anything of a game, since a view shares its state's options (rule 12.1). They are read-only
(tuples and mapping proxies), so that nothing can make an illegal clue legal through them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TypeVar

from attrs import frozen

from ..actions import ColourClue, Discard, Play, RankClue
from ..cards import RANKS, START, Card, DealtCard
from ..options import Options
from ..variants import Variant

#: Faces a suit takes in a face index: ranks 1 to 5, then START (rule 9.29).
FACES_PER_SUIT = len(RANKS) + 1


def face_index(suit_index: int, rank: int) -> int:
    """The face index of a card: suit index · 6 + its rank's slot (0 to 4 for ranks 1 to 5, 5 for
    START). The one encoding of a face as a small int, read by the face masks of `knowledge`, by
    `sampling` and by `LiveGame`'s tracker.

    ```python
    from hanabi_core.cards import START
    from hanabi_core.rules.tables import face_index
    assert face_index(0, 1) == 0 and face_index(1, 5) == 10 and face_index(2, START) == 17
    ```
    """
    return suit_index * FACES_PER_SUIT + (5 if rank == START else rank - 1)


_face_index = face_index  # `variant_tables` names a local `face_index`

_Clue = TypeVar("_Clue", ColourClue, RankClue)


#: Colour clue tables are built for every set of clue colours a hand can show when the variant has
#: at most this many colours (2**8 entries a seat); past it, `legal_actions` filters the clues.
_MAX_TABLED_COLOURS = 8
#: Seats the clue tables cover: every seat a game can have (rule 2.1, and hanab.live's six).
_MAX_SEATS = 6


@frozen
class OptionTables:
    """Interned actions for one `Options` (speed only, no rules of their own)."""

    # plays[n]: Play of slots 0 to n-1; slot_moves[n]: those, then Discard of the same slots.
    plays: tuple[tuple[Play, ...], ...]
    slot_moves: tuple[tuple[Play | Discard, ...], ...]
    # others[p]: the seats after p in turn order, p excluded (the order of clues in legal_actions).
    others: tuple[tuple[int, ...], ...]
    # The variant's clue tables (see `VariantTables`).
    colour_clues: tuple[tuple[tuple[ColourClue, ...], ...], ...] | None
    colour_actions: tuple[tuple[ColourClue, ...], ...]
    rank_clues: tuple[tuple[tuple[RankClue, ...], ...], ...]
    all_clues: tuple[tuple[ColourClue | RankClue, ...], ...]
    # Note units (rule 9.25): the cap, and what a clue costs (8 and 1 in print).
    note_cap: int
    clue_cost: int
    # Rule 9.13: a discard is legal at the Note cap.
    discard_at_cap: bool
    # Rule 9.26: clue types alternate.
    alternating: bool


def option_tables(options: Options) -> OptionTables:
    cache = options._cache
    tables: OptionTables | None = cache.tables  # type: ignore[assignment]  # a cache options keeps
    if tables is None:
        tables = _build_tables(options)
        tables = cache.keep("tables", tables)
    return tables


@frozen
class VariantTables:
    """Lookup tables that depend on the variant alone (speed only, no rules of their own)."""

    # The distinct faces in canonical order, and each canonical position's face index.
    face_index: Mapping[Card, int]
    canonical_face: tuple[int, ...]
    # dealt[order][face]: every DealtCard a game of the variant can hold, so dealing is a lookup.
    dealt: tuple[tuple[DealtCard, ...], ...]
    # seeded[order][position]: the same cards by canonical deck position (`dealt` through
    # `canonical_face`), so that a seeded deal is one lookup per card.
    seeded: tuple[tuple[DealtCard, ...], ...]
    colour_index: Mapping[str, int]
    # next_rank[suit][built]: the rank that extends the firework, 0 once it is complete.
    next_rank: tuple[tuple[int, ...], ...]
    copies: tuple[Mapping[int, int], ...]
    # colour_actions[target]: every colour clue to `target`, in clue-colour order; and
    # colour_clues[target][bits]: those that touch a hand whose cards' colour bits OR to `bits`
    # (rule 4.6), for every possible `bits` (None past _MAX_TABLED_COLOURS colours).
    colour_actions: tuple[tuple[ColourClue, ...], ...]
    colour_clues: tuple[tuple[tuple[ColourClue, ...], ...], ...] | None
    # rank_clues[target][bits]: the rank clues that touch a hand whose cards' rank bits OR to
    # `bits` (rule 4.7), ranks ascending (the variant's clue ranks only, rule 4.3).
    rank_clues: tuple[tuple[tuple[RankClue, ...], ...], ...]
    # The rank clues a clue may name (rule 4.3), as a set.
    clue_ranks: frozenset[int]
    # Rule 9.29: fireworks built up or down as their first cards decide (next_rank is not read).
    up_or_down: bool
    # Rule 9.32: fireworks start at any free rank and wrap around (next_rank is not read); the
    # cards of a complete firework.
    sudoku: bool
    stack_size: int
    # By face index (`face_index`: every suit has a START slot, rule 9.29; a face the variant
    # does not deal has no bits and no copies): the clues that touch it (rules 4.6, 4.7 and
    # 9.27) and the variant's copies of it. What a driver that reads faces as indices looks up
    # (`hanablive`'s reducer).
    face_colour_bits: tuple[int, ...]
    face_rank_bits: tuple[int, ...]
    face_copies: tuple[int, ...]
    # By suit index: its name, and whether its cards' play and discard are swapped (rule 9.13).
    suit_names: tuple[str, ...]
    inverted: tuple[bool, ...]
    # Face masks (bit f for face index f, as `knowledge` keeps clue knowledge, rule 9.27): every
    # face the variant deals, and the faces each clue colour (by clue-colour index) and each clue
    # rank (by rank) touches, from the face bits above (rules 4.6 and 4.7).
    all_faces: int
    colour_faces: tuple[int, ...]
    rank_faces: Mapping[int, int]


def variant_tables(variant: Variant) -> VariantTables:
    """Built once per variant and kept on it, so that options built again and again (drivers
    often make a fresh `Options` per game) share them."""
    cache = variant._cache
    tables: VariantTables | None = cache.tables  # type: ignore[assignment]  # its cache
    if tables is None:
        faces = list(dict.fromkeys(variant.deck))
        face_index = {face: i for i, face in enumerate(faces)}
        suit_of = [variant.suit_names.index(f.suit) for f in faces]
        bits = [variant.colour_bits(f.suit, f.rank) for f in faces]
        rank_bits = [variant.rank_bits(f.suit, f.rank) for f in faces]
        inverted = [variant.suits[i].inverted for i in suit_of]
        colours = variant.clue_colours
        colour_actions, colour_clues, rank_clues = _clue_tables(
            colours,
            variant.colour_clues_touch_nothing,
            variant.clue_ranks,
            variant.rank_clues_touch_nothing,
        )
        canonical = tuple(face_index[c] for c in variant.deck)
        # Every suit's faces by face index, START included (rule 9.29).
        by_index = [(suit, rank) for suit in variant.suits for rank in (*RANKS, START)]
        face_copies = [0] * len(by_index)
        for i in canonical:
            face_copies[_face_index(suit_of[i], faces[i].rank)] += 1
        face_colour_bits = tuple(
            variant.colour_bits(s, r) if r in variant.ranks else 0 for s, r in by_index
        )
        face_rank_bits = tuple(
            variant.rank_bits(s, r) if r in variant.ranks else 0 for s, r in by_index
        )
        dealt = tuple(
            tuple(
                DealtCard(order, f.suit, f.rank, suit_of[i], bits[i], rank_bits[i], inverted[i])
                for i, f in enumerate(faces)
            )
            for order in range(len(variant.deck))
        )
        tables = VariantTables(
            face_index=MappingProxyType(face_index),
            canonical_face=canonical,
            dealt=dealt,
            seeded=tuple(tuple(map(row.__getitem__, canonical)) for row in dealt),
            colour_index=MappingProxyType({c: i for i, c in enumerate(colours)}),
            next_rank=tuple((*suit.build_order, 0) for suit in variant.suits),
            copies=tuple(
                MappingProxyType(
                    {
                        **{
                            rank: count
                            for rank, count in zip(RANKS, suit.copies, strict=True)
                            if rank in variant.ranks  # rule 9.32: up to the stack size
                        },
                        **({START: 1} if variant.up_or_down else {}),  # rule 9.29
                    }
                )
                for suit in variant.suits
            ),
            colour_actions=colour_actions,
            colour_clues=colour_clues,
            rank_clues=rank_clues,
            clue_ranks=frozenset(variant.clue_ranks),
            up_or_down=variant.up_or_down,
            sudoku=variant.sudoku,
            stack_size=variant.stack_size,
            face_colour_bits=face_colour_bits,
            face_rank_bits=face_rank_bits,
            face_copies=tuple(face_copies),
            suit_names=variant.suit_names,
            inverted=tuple(suit.inverted for suit in variant.suits),
            all_faces=sum(1 << f for f, (_, r) in enumerate(by_index) if r in variant.ranks),
            colour_faces=tuple(
                _mask(face_colour_bits, c) for c in range(len(variant.clue_colours))
            ),
            rank_faces=MappingProxyType({v: _mask(face_rank_bits, v) for v in variant.clue_ranks}),
        )
        tables = cache.keep("tables", tables)
    return tables


def _mask(bits: tuple[int, ...], clue: int) -> int:
    """The face mask of the faces whose clue bits (by face index) have bit `clue` set."""
    return sum(1 << f for f, b in enumerate(bits) if b >> clue & 1)


def filter_bits(actions: tuple[_Clue, ...], bits: int) -> tuple[_Clue, ...]:
    """The actions whose index has its bit set in `bits`."""
    return tuple(a for i, a in enumerate(actions) if bits >> i & 1)


_ClueTables = tuple[
    tuple[tuple[ColourClue, ...], ...],
    tuple[tuple[tuple[ColourClue, ...], ...], ...] | None,
    tuple[tuple[tuple[RankClue, ...], ...], ...],
]


@lru_cache(maxsize=64)
def _clue_tables(
    colours: tuple[str, ...], colour_blind: bool, ranks: tuple[int, ...], rank_blind: bool
) -> _ClueTables:
    """The clue tables of `VariantTables`, which depend on the clues a variant names alone (many
    hanab.live variants share them). A memo of a pure function: it never changes a result."""
    colour_actions = tuple(tuple(ColourClue(t, c) for c in colours) for t in range(_MAX_SEATS))
    colour_clues = None
    if len(colours) <= _MAX_TABLED_COLOURS:
        colour_clues = tuple(
            # Rule 9.17: a colour clue that touches nothing is legal all the same.
            tuple(filter_bits(actions, -1 if colour_blind else b) for b in range(1 << len(colours)))
            for actions in colour_actions
        )
    # Bit v of a card's rank bits stands for a clue naming rank v (bit 0 always clear); the clues
    # go ranks ascending.
    rank_actions = tuple(tuple(RankClue(t, r) for r in sorted(ranks)) for t in range(_MAX_SEATS))
    rank_clues = tuple(
        tuple(
            # Rule 9.17: a rank clue that touches nothing is legal all the same.
            tuple(a for a in actions if rank_blind or b >> a.rank & 1)
            for b in range(2 << len(RANKS))
        )
        for actions in rank_actions
    )
    return colour_actions, colour_clues, rank_clues


def _build_tables(options: Options) -> OptionTables:
    n = options.players
    variant = variant_tables(options.variant)
    colour_actions = variant.colour_actions[:n]
    # Every bit set: every rank clue the variant may name.
    rank_actions = tuple(clues[-1] for clues in variant.rank_clues[:n])
    return OptionTables(
        plays=tuple(tuple(map(Play, range(n))) for n in range(options.hand_size + 1)),
        slot_moves=tuple(
            (*map(Play, range(n)), *map(Discard, range(n))) for n in range(options.hand_size + 1)
        ),
        others=tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n)),
        colour_clues=variant.colour_clues,
        colour_actions=colour_actions,
        rank_clues=variant.rank_clues,
        all_clues=tuple((*c, *r) for c, r in zip(colour_actions, rank_actions, strict=True)),
        note_cap=note_cap(options),
        clue_cost=options.variant.note_units,
        discard_at_cap=options.variant.discards_at_note_cap,
        alternating=options.variant.alternating_clues,
    )


def note_cap(options: Options) -> int:
    """The Note cap in units (rules 1.2, 10.3 and 9.25)."""
    return options.max_notes * options.variant.note_units
