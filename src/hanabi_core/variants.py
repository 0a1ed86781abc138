"""Variants as data (spec section 9).

A [`Variant`][hanabi_core.Variant] is a list of suits and a list of clue colours; nothing else
changes between variants, so no variant has transition code of its own (rule 9.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from attrs import field, frozen

from ._readonly import ReadOnlyMap
from .cards import RANKS, Card, ClueTouch, Suit
from .errors import InvalidOptions, _brief

__all__ = ["BASE_COLOURS", "MAX_CARDS", "VARIANTS", "Variant"]

#: The most cards a variant's deck may have (the largest built-in variant has 60), and the most a
#: game record holds.
MAX_CARDS = 1000

#: The five colours of the base game, in the order the spec lists them.
BASE_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "white")


class Cache:
    """Room for the tables a higher module (`rules.py`) derives from a frozen value.

    A frozen value keeps one in a `functools.cached_property`, which attrs stores in a slot of its
    own: not a field, so never part of equality, `attrs.asdict`, pickling or copying (a copy builds
    its own on first use). What goes in is derived from the value alone and read-only.
    """

    __slots__ = ("tables",)

    def __init__(self) -> None:
        self.tables: object = None


def _suit_index(suits: tuple[Suit, ...]) -> Mapping[str, int]:
    return ReadOnlyMap({suit.name: i for i, suit in enumerate(suits)})


@frozen
class Variant:
    """A deck and the clues that can be given about it.

    Attributes:
        id: the stable id under which [`VARIANTS`][hanabi_core.VARIANTS] holds it.
        name: a name for people.
        suits: the suits, in a fixed order (fireworks and deck listings follow it).
        clue_colours: the colours a clue may name (rule 4.3), in the order `legal_actions` uses.

    Raises:
        InvalidOptions: a field of the wrong kind (``field`` is ``"variant"``). `suits` and
            `clue_colours` must be tuples, never lists, so that a variant (and every state of a
            game played with it) stays a hashable value that cannot change mid-game; the deck has
            1 to `MAX_CARDS` cards.
    """

    id: str
    name: str
    suits: tuple[Suit, ...]
    clue_colours: tuple[str, ...]
    _index: Mapping[str, int] = field(init=False, eq=False, repr=False)
    _colour_bits: tuple[int, ...] = field(init=False, eq=False, repr=False)
    _deck: tuple[Card, ...] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for name in ("id", "name"):
            if not isinstance(getattr(self, name), str):
                raise InvalidOptions(
                    "variant", f"a Variant's {name} is a string, got {_brief(getattr(self, name))}"
                )
        if type(self.suits) is not tuple or not all(type(s) is Suit for s in self.suits):
            raise InvalidOptions(
                "variant", f"a Variant's suits are a tuple of Suit, got {_brief(self.suits)}"
            )
        if not self.suits:
            raise InvalidOptions("variant", f"variant {_brief(self.id)} has no suit")
        if type(self.clue_colours) is not tuple or not all(
            type(c) is str for c in self.clue_colours
        ):
            raise InvalidOptions(
                "variant",
                f"a Variant's clue colours are a tuple of strings, got {_brief(self.clue_colours)}",
            )
        names = [s.name for s in self.suits]
        if len(set(names)) != len(names):
            raise InvalidOptions("variant", f"variant {_brief(self.id)} has two suits of one name")
        if len(set(self.clue_colours)) != len(self.clue_colours):
            raise InvalidOptions("variant", f"variant {_brief(self.id)} lists a clue colour twice")
        if sum(s.size for s in self.suits) > MAX_CARDS:
            raise InvalidOptions(
                "variant", f"variant {_brief(self.id)} has more than {MAX_CARDS} cards"
            )
        object.__setattr__(self, "_index", _suit_index(self.suits))
        object.__setattr__(self, "_colour_bits", tuple(self._bits(s) for s in self.suits))
        object.__setattr__(self, "_deck", tuple(card for suit in self.suits for card in suit.cards))

    def __reduce__(self) -> tuple[object, ...]:
        # Pickle what defines the variant, not the caches derived from it.
        return (Variant, (self.id, self.name, self.suits, self.clue_colours))

    @cached_property
    def _cache(self) -> Cache:
        # rules.py's lookup tables for this variant (every DealtCard it can deal, …).
        return Cache()

    def fireworks(self, built: tuple[int, ...]) -> Mapping[str, int]:
        """Suit name → cards built, from the counts in suit order (read-only)."""
        return ReadOnlyMap(dict(zip(self.suit_names, built, strict=True)))

    @property
    def suit_names(self) -> tuple[str, ...]:
        """The names of the suits, in order."""
        return tuple(s.name for s in self.suits)

    def suit(self, name: str) -> Suit:
        """The suit called `name`; `KeyError` if the variant has none."""
        return self.suits[self._index[name]]

    def suit_index(self, name: str) -> int | None:
        """The position of the suit called `name`, or `None` if the variant has no such suit."""
        return self._index.get(name)

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the variant in canonical order (rule 2.5): suits in order, then ranks."""
        return self._deck

    @property
    def max_score(self) -> int:
        """The highest score: five per firework (rule 8.1)."""
        return len(RANKS) * len(self.suits)

    def touches(self, colour: str, suit: Suit | str) -> bool:
        """Whether a clue naming `colour` touches the cards of `suit` (rule 4.6)."""
        if isinstance(suit, str):
            suit = self.suit(suit)
        if colour not in self.clue_colours:
            return False
        if suit.touch is ClueTouch.EVERY_COLOUR:
            return True
        if suit.touch is ClueTouch.NO_COLOUR:
            return False
        return suit.name == colour

    def colour_bits(self, suit: Suit | str) -> int:
        """Bit ``c`` is set when clue colour ``c`` touches the suit's cards (rule 4.6)."""
        if isinstance(suit, str):
            return self._colour_bits[self._index[suit]]
        return self._bits(suit)

    def _bits(self, suit: Suit) -> int:
        return sum(
            1 << c for c, colour in enumerate(self.clue_colours) if self.touches(colour, suit)
        )


def _base_suits() -> tuple[Suit, ...]:
    return tuple(Suit(colour) for colour in BASE_COLOURS)


_ONE_OF_EACH = (1, 1, 1, 1, 1)

_ALL = (
    # Rule 1.1: five colours of ten cards.
    Variant("base", "Base game", _base_suits(), BASE_COLOURS),
    # Rule 9.2: a sixth suit of ten, clued by a sixth colour of its own.
    Variant(
        "multicolour",
        "Multicolour (sixth suit, 10 cards)",
        (*_base_suits(), Suit("multicolour")),
        (*BASE_COLOURS, "multicolour"),
    ),
    # Rule 9.3: a sixth suit with one card of each value.
    Variant(
        "multicolour-five",
        "Multicolour (sixth suit, 5 cards)",
        (*_base_suits(), Suit("multicolour", copies=_ONE_OF_EACH)),
        (*BASE_COLOURS, "multicolour"),
    ),
    # Rule 9.4: ten wild cards that every colour clue touches; "multicolour" is never named.
    Variant(
        "multicolour-wild",
        "Wild multicolour (10 cards, every colour)",
        (*_base_suits(), Suit("multicolour", ClueTouch.EVERY_COLOUR)),
        BASE_COLOURS,
    ),
    # Rule 9.5: wild and one of each value.
    Variant(
        "multicolour-wild-five",
        "Wild multicolour (5 cards, every colour)",
        (*_base_suits(), Suit("multicolour", ClueTouch.EVERY_COLOUR, _ONE_OF_EACH)),
        BASE_COLOURS,
    ),
    # Rules 9.6 and 9.7: ten black cards 5,5,5,4,4,3,3,2,2,1, built downwards, never colour-clued.
    Variant(
        "black-powder",
        "Black Powder",
        (*_base_suits(), Suit("black", ClueTouch.NO_COLOUR, (1, 2, 2, 2, 3), descending=True)),
        BASE_COLOURS,
    ),
)

#: Every variant the library knows, by id: ``"base"``, ``"multicolour"``, ``"multicolour-five"``,
#: ``"multicolour-wild"``, ``"multicolour-wild-five"``, ``"black-powder"``. Read-only.
VARIANTS: Mapping[str, Variant] = ReadOnlyMap({v.id: v for v in _ALL})
