"""Card knowledge: what the holder of a card knows of it (spec rule 12.4).

A player never sees their own cards (rule 12.1); what they know of each comes from the clues given
to them and from the cards they can see. [`CardKnowledge`][hanabi_core.CardKnowledge] holds both
for one held card:

- **clue knowledge**: the suits and the ranks the card may still be, given every clue to its
  holder since it was drawn, those that touched it (positive information) and those that missed it
  (negative information). A clue naming a colour touches exactly the suits the variant says it
  touches (rule 4.6), so the same two lines are right in every variant: touched by a red clue, the
  card is of a suit red touches (red, or wild multicolour, never Black Powder's black); missed by
  it, of a suit red does not touch (neither red nor wild multicolour; black stays possible).
- **empathy**: the identities still possible, each with how many of its copies are unaccounted
  for: the variant's copies, minus the cards on the fireworks, in the discard pile, and in the
  hands the holder can see. It is plain counting: the holder's other cards are not removed even
  when clues identify them.

Clue knowledge is common knowledge: everybody heard the clues. Empathy depends on who is counting;
see [`view`][hanabi_core.view] for whose counts a view holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

from attrs import field, frozen

from ._readonly import ReadOnlyMap
from .actions import ColourClue, RankClue
from .cards import RANKS, Card
from .variants import Variant

__all__ = ["CardKnowledge"]

_ALL_RANKS = sum(1 << r for r in RANKS)


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
# A suit mask has bit i set when the variant's suit i is still possible; a rank mask has bit r set
# when rank r is still possible.


def all_suits(variant: Variant) -> int:
    """The suit mask of a card nothing is known about."""
    return (1 << len(variant.suits)) - 1


def all_ranks() -> int:
    """The rank mask of a card nothing is known about."""
    return _ALL_RANKS


def clue_masks(variant: Variant, clue: ColourClue | RankClue) -> tuple[int, int]:
    """The suit mask and the rank mask of the cards `clue` touches (rules 4.6 and 4.7).

    A colour clue touches the suits `variant.touches` names (every rank); a rank clue touches one
    rank (every suit).
    """
    if isinstance(clue, ColourClue):
        suits = sum(1 << i for i, s in enumerate(variant.suits) if variant.touches(clue.colour, s))
        return suits, _ALL_RANKS
    return all_suits(variant), 1 << clue.rank


def learn(
    clue: ColourClue | RankClue, masks: tuple[int, int], suits: int, ranks: int, touched: bool
) -> tuple[int, int]:
    """The suit and rank masks of a card after `clue` touched it or missed it (rule 12.4).

    `masks` is `clue_masks(variant, clue)`: touched, the card is one of the cards the clue
    touches; missed, it is none of them.
    """
    hit_suits, hit_ranks = masks
    if touched:
        return suits & hit_suits, ranks & hit_ranks
    if isinstance(clue, ColourClue):
        return suits & ~hit_suits, ranks
    return suits, ranks & ~hit_ranks


#: What clues leave of a card: its suits, its ranks, and its identities with their counts.
_Known = tuple[tuple[str, ...], tuple[int, ...], tuple[tuple[Card, int], ...]]


@lru_cache(maxsize=64)
def _faces(variant: Variant) -> tuple[tuple[int, int, Card], ...]:
    """Every face of the variant as (suit index, rank, card), in the variant's order."""
    return tuple(
        (i, rank, Card(suit.name, rank)) for i, suit in enumerate(variant.suits) for rank in RANKS
    )


def counting(
    variant: Variant, unseen: Mapping[tuple[int, int], int]
) -> Callable[[int, tuple[int, int, bool]], CardKnowledge]:
    """A function of a card's order and what clues told of it (suit mask, rank mask, touched)
    that gives its `CardKnowledge`, counting the copies in `unseen`.

    `unseen` maps ``(suit index, rank)`` to the copies the counting player cannot account for.
    Cards with the same clue knowledge share their counts, computed once.
    """
    faces = _faces(variant)
    names = variant.suit_names
    cache: dict[tuple[int, int], _Known] = {}

    def knowledge(order: int, clues: tuple[int, int, bool]) -> CardKnowledge:
        suits, ranks, clued = clues
        known = cache.get((suits, ranks))
        if known is None:
            counts = tuple(
                (card, unseen[i, rank])
                for i, rank, card in faces
                if suits >> i & 1 and ranks >> rank & 1 and unseen[i, rank] > 0
            )
            known = (
                tuple(name for i, name in enumerate(names) if suits >> i & 1),
                tuple(r for r in RANKS if ranks >> r & 1),
                counts,
            )
            cache[suits, ranks] = known
        return CardKnowledge(order, known[0], known[1], clued, known[2])

    return knowledge


def unaccounted(variant: Variant, seen: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The variant's copies of each ``(suit index, rank)`` minus those in `seen`."""
    copies = {
        (i, rank): count
        for i, suit in enumerate(variant.suits)
        for rank, count in zip(RANKS, suit.copies, strict=True)
    }
    for face in seen:
        copies[face] -= 1
    return copies
