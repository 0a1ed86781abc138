"""Card knowledge: what the holder of a card knows of it (spec rule 12.4).

A player never sees their own cards (rule 12.1); what they know of each comes from the clues given
to them and from the cards they can see. [`CardKnowledge`][hanabi_core.CardKnowledge] holds both
for one held card:

- **clue knowledge**: the faces (suit and rank) the card may still be, given every clue to its
  holder since it was drawn, those that touched it (positive information) and those that missed it
  (negative information). A clue touches exactly the faces the variant says it touches (rules 4.6,
  4.7 and 9.27), so the same two lines are right in every variant: touched by a red clue, the
  card is a face red touches (red, or wild multicolour, never Black Powder's black; in
  Rainbow-Ones any 1 too); missed by it, a face red does not touch. Where the variant hides a
  clue's value from its target (Cow & Pig and Duck, rules 9.30 and 9.31), the clue tells which
  cards it touched and nothing of their faces.
- **empathy**: the identities still possible, each with how many of its copies are unaccounted
  for: the variant's copies, minus the cards on the fireworks, in the discard pile, and in the
  hands the holder can see. It is plain counting: the holder's other cards are not removed even
  when clues identify them.

Clue knowledge is common knowledge: everybody heard the clues. Empathy depends on who is counting;
see [`view`][hanabi_core.view] for whose counts a view holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from attrs import field, frozen

from ._support.fast import frozen_builder
from ._support.readonly import ReadOnlyMap
from .actions import ColourClue, RankClue
from .cards import Card
from .rules.tables import face_index, variant_tables
from .variants import Variant

__all__ = ["CardKnowledge"]


@frozen
class CardKnowledge:
    """What the holder of one card knows of it: frozen, hashable, comparable.

    Attributes:
        order: the card's order (its position in the initial deck, rule 1.4): public.
        suits: the suits the card may still be given every clue to its holder, in the variant's
            order (rule 12.4).
        ranks: the ranks it may still be given every clue, ascending (rule 12.4).
        clued: at least one clue touched it.
        counts: the identities still possible (a suit of `suits`, a rank of `ranks`) with the
            number of copies not accounted for by the cards the counting player sees, each
            at least 1; in the variant's order, ranks ascending within a suit. The true card is
            always among them.

    ```python
    from hanabi_core import CardKnowledge, Card
    k = CardKnowledge(7, ("red", "multicolour"), (5,), True, ((Card("red", 5), 1),))
    assert k.known == Card("red", 5) and k.probability(Card("red", 5)) == 1
    ```
    """

    order: int
    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    clued: bool
    counts: tuple[tuple[Card, int], ...]
    # `counts` as a read-only mapping, built once (derived, so not part of equality or repr).
    _identities: Mapping[Card, int] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_identities", ReadOnlyMap(dict(self.counts)))

    @property
    def identities(self) -> Mapping[Card, int]:
        """The possible identities, each with its number of unaccounted copies (read-only)."""
        return self._identities

    @property
    def total(self) -> int:
        """How many physical cards the card may be: the sum of `counts`."""
        return sum(count for _, count in self.counts)

    @property
    def known(self) -> Card | None:
        """The card's face when only one identity is possible, else `None`."""
        return self.counts[0][0] if len(self.counts) == 1 else None

    @property
    def known_suit(self) -> str | None:
        """The suit when clues leave only one, else `None`."""
        return self.suits[0] if len(self.suits) == 1 else None

    @property
    def known_rank(self) -> int | None:
        """The rank when clues leave only one, else `None`."""
        return self.ranks[0] if len(self.ranks) == 1 else None

    def may_be(self, card: Card) -> bool:
        """Whether `card` is one of the possible identities."""
        return card in self._identities

    def probability(self, card: Card) -> Fraction:
        """The chance that the card is `card`, counting every unaccounted copy as equally likely.

        This is the simple count of empathy, not a model of the other players' conventions.
        """
        total = self.total
        count = self._identities.get(card, 0)
        return Fraction(count, total) if total else Fraction(0)


# --- Clue knowledge as bit masks (used by `views.view`) ----------------------------------------
# A face mask has bit 6·i + (r − 1) set when the card may still be the variant's suit i, rank r
# (bit 6·i + 5 for its START card in Up or Down, rule 9.29).
# Faces, not a suit mask and a rank mask apart: in some variants a clue touches a set of faces that
# is no product of suits and ranks (a red clue touching the red cards and every 1, rule 9.15).


def _bit(suit: int, rank: int) -> int:
    return 1 << face_index(suit, rank)


@frozen
class _FaceTables:
    """What `views.view` reads of a variant on every call, derived once per variant and kept on
    it (`Variant._cache`, as `rules.tables` keeps the rules'): pure functions of the variant, so
    read-only, and never part of its equality, hashing, pickling or copying.

    Attributes:
        all: the face mask of a card nothing is known about.
        keys: every face as (suit index, rank), in the variant's order (suits in order, ranks
            ascending within a suit).
        cards: those faces as cards.
        bits: the bit of each in a face mask.
        suit_masks: each suit's name with the mask of its faces, in the variant's order.
        rank_masks: each rank of the variant with the mask of its faces, ascending.
        colour: the face mask a clue naming each of the variant's clue colours touches.
        rank: the same for each rank its clues may name.
        copies: the variant's copies of each ``(suit index, rank)``.
    """

    all: int
    keys: tuple[tuple[int, int], ...]
    cards: tuple[Card, ...]
    bits: tuple[int, ...]
    suit_masks: tuple[tuple[str, int], ...]
    rank_masks: tuple[tuple[int, int], ...]
    colour: Mapping[str, int]
    rank: Mapping[int, int]
    copies: Mapping[tuple[int, int], int]


def _face_tables(variant: Variant) -> _FaceTables:
    cache = variant._cache
    tables: _FaceTables | None = cache.faces  # type: ignore[assignment]  # the variant's cache
    if tables is None:
        suits = range(len(variant.suits))
        keys = tuple((i, rank) for i in suits for rank in variant.ranks)
        bits = tuple(_bit(i, rank) for i, rank in keys)
        # The copies of each face, as the deal's tables count them (rules 1.1, 9.29, 9.32).
        copies = {
            (i, rank): count
            for i, counts in enumerate(variant_tables(variant).copies)
            for rank, count in counts.items()
        }
        # Rules 4.6, 4.7 and 9.27: each clue the variant's players may give, through
        # `_touched_faces`'s test; a clue naming anything else is computed when asked.
        colour = {c: _touched_faces(variant, ColourClue(0, c)) for c in variant.clue_colours}
        rank = {v: _touched_faces(variant, RankClue(0, v)) for v in variant.clue_ranks}
        tables = _FaceTables(
            all=sum(bits),
            keys=keys,
            cards=tuple(Card(variant.suits[i].name, rank) for i, rank in keys),
            bits=bits,
            suit_masks=tuple(
                (variant.suits[i].name, sum(_bit(i, r) for r in variant.ranks)) for i in suits
            ),
            rank_masks=tuple((r, sum(_bit(i, r) for i in suits)) for r in variant.ranks),
            colour=MappingProxyType(colour),
            rank=MappingProxyType(rank),
            copies=MappingProxyType(copies),
        )
        tables = cache.keep("faces", tables)
    return tables


def all_faces(variant: Variant) -> int:
    """The face mask of a card nothing is known about."""
    return _face_tables(variant).all


def clue_faces(variant: Variant, clue: ColourClue | RankClue) -> int:
    """The face mask of the cards `clue` touches (rules 4.6, 4.7 and 9.27): the same test the rules
    make, through `Variant.touches` and `Variant.rank_touches`, made once per variant and clue
    value (a view applies every clue of the history at every call)."""
    tables = _face_tables(variant)
    if isinstance(clue, ColourClue):
        mask = tables.colour.get(clue.colour)
    else:
        mask = tables.rank.get(clue.rank)
    return _touched_faces(variant, clue) if mask is None else mask


def _touched_faces(variant: Variant, clue: ColourClue | RankClue) -> int:
    """`clue_faces`, computed: every face of the variant put to the rules' test."""
    faces = 0
    for i, suit in enumerate(variant.suits):
        for rank in variant.ranks:
            if isinstance(clue, ColourClue):
                hit = variant.touches(clue.colour, suit, rank)
            else:
                hit = variant.rank_touches(clue.rank, suit, rank)
            if hit:
                faces |= _bit(i, rank)
    return faces


def learn(hit_faces: int, faces: int, touched: bool) -> int:
    """The face mask of a card after a clue that touches `hit_faces` touched it or missed it (rule
    12.4): touched, it is one of them; missed, it is none of them."""
    return faces & hit_faces if touched else faces & ~hit_faces


#: What clues leave of a card: its suits, its ranks, its identities with their counts, and those
#: as the read-only mapping `CardKnowledge.identities` gives.
_Known = tuple[
    tuple[str, ...], tuple[int, ...], tuple[tuple[Card, int], ...], ReadOnlyMap[Card, int]
]


def counting(
    variant: Variant, unseen: Mapping[tuple[int, int], int]
) -> Callable[[int, tuple[int, bool]], CardKnowledge]:
    """A function of a card's order and what clues told of it (face mask, touched) that gives its
    `CardKnowledge`, counting the copies in `unseen`.

    `unseen` maps ``(suit index, rank)`` to the copies the counting player cannot account for.
    Cards with the same clue knowledge share their counts, computed once.
    """
    tables = _face_tables(variant)
    cards, bits = tables.cards, tables.bits
    # The copies of each face, in the order of `cards`: read once here, not for every card.
    left = [unseen[face] for face in tables.keys]
    suit_masks = tables.suit_masks
    rank_masks = tables.rank_masks
    cache: dict[int, _Known] = {}

    def knowledge(order: int, clues: tuple[int, bool]) -> CardKnowledge:
        mask, clued = clues
        known = cache.get(mask)
        if known is None:
            counts = tuple(
                (card, n)
                for card, bit, n in zip(cards, bits, left, strict=True)
                if n > 0 and mask & bit
            )
            known = (
                tuple(name for name, faces in suit_masks if mask & faces),
                tuple(rank for rank, faces in rank_masks if mask & faces),
                counts,
                ReadOnlyMap(dict(counts)),
            )
            cache[mask] = known
        return _card_knowledge(order, clued, known)

    return knowledge


_build_knowledge = frozen_builder(CardKnowledge)


def _card_knowledge(order: int, clued: bool, known: _Known) -> CardKnowledge:
    """`CardKnowledge(order, suits, ranks, clued, counts)` for `views.view`, which builds one per
    held card at every call, without `__init__` (`_support.fast.frozen_builder`), and the read-only
    `identities` shared by the cards whose clue knowledge is the same instead of built for each.
    The value is the same, just as frozen."""
    suits, ranks, counts, identities = known
    return _build_knowledge(order, suits, ranks, clued, counts, identities)


def unaccounted(variant: Variant, seen: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The variant's copies of each ``(suit index, rank)`` minus those in `seen`."""
    copies = dict(_face_tables(variant).copies)
    for face in seen:
        copies[face] -= 1
    return copies


_Face_contra = TypeVar("_Face_contra", contravariant=True)
_Tally = TypeVar("_Tally", bound="_Counts[Any]")


class _Counts(Protocol[_Face_contra]):
    """A tally of copies by face: a dict keyed by face, or a list indexed by a face's index."""

    def copy(self) -> _Counts[_Face_contra]: ...
    def __getitem__(self, face: _Face_contra, /) -> int: ...
    def __setitem__(self, face: _Face_contra, count: int, /) -> None: ...


def unseen_by_holder(left: _Tally, held: Sequence[Iterable[Any]], viewer: int) -> list[_Tally]:
    """Rule 12.4's counting for each holder as `viewer` can tell it: the copies `left` once the
    public cards are counted out, less the faces of every hand the holder sees but the viewer's
    (the viewer cannot see its own; the holder cannot see its own). `held` gives each seat's
    faces, as `left` is keyed; `left` is not changed. Shared by `views.view`, `LiveGame.view`
    (through `views.empathy`) and `simulate`'s incremental views.

    ```python
    from hanabi_core.knowledge import unseen_by_holder
    left = {"r1": 3, "b5": 1}
    held = [["r1"], ["b5"], ["r1"]]  # seat 0 is the viewer
    assert unseen_by_holder(left, held, 0) == [
        {"r1": 2, "b5": 0},  # the viewer counts out seats 1 and 2
        {"r1": 2, "b5": 1},  # seat 1 sees seat 2 (and the viewer's hand, hidden from the viewer)
        {"r1": 3, "b5": 0},  # seat 2 sees seat 1
    ]
    ```
    """
    # Every hand the viewer sees counted out once; each other holder gets its own hand back.
    seen = left.copy()
    for seat, faces in enumerate(held):
        if seat != viewer:
            for face in faces:
                seen[face] -= 1
    tallies = []
    for holder, faces in enumerate(held):
        if holder == viewer:
            tallies.append(seen)
            continue
        unseen = seen.copy()
        for face in faces:
            unseen[face] += 1
        tallies.append(unseen)
    return tallies  # type: ignore[return-value]
