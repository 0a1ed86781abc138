"""Cards and suits (spec section 1, Components; section 9, Variants).

A [`Card`][hanabi_core.Card] is a face: a suit name and a rank. A
[`DealtCard`][hanabi_core.DealtCard] is one physical card of a game: a face plus its *order*, its
position in the initial deck, which tells apart the three red 1s. A [`Suit`][hanabi_core.Suit] is
data: which colour clues touch it, how many copies of each rank it has, and which way it is built.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from attrs import Attribute, field, frozen

from ._support.hashing import none_key
from .errors import InvalidDeck, InvalidOptions, brief

__all__ = ["RANKS", "START", "Card", "ClueTouch", "DealtCard", "Suit"]

#: The printed values, lowest first.
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5)

#: The rank of a START card (Up or Down, rule 9.29): hanab.live's ``StartCardRank``
#: (server/src/variants_reversible.go). No rank clue names it; only Up or Down decks hold it.
START = 7


def _card_suit(instance: object, attribute: Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise InvalidDeck("card", f"a suit is a name, got {brief(value)}")


def _card_rank(instance: object, attribute: Attribute[Any], value: object) -> None:
    # `type() is int`: True equals 1 and 1.0 equals 1, but neither is a printed value.
    if type(value) is not int or (value not in RANKS and value != START):
        raise InvalidDeck(
            "card", f"a rank is a whole number from 1 to 5 (or 7, START), got {brief(value)}"
        )


@frozen(order=True)
class Card:
    """The face of a card: a suit name and a rank (1–5; `START`, 7, in Up or Down, rule 9.29).
    Frozen, hashable and ordered.

    ```python
    from hanabi_core import Card
    assert Card("red", 3) == Card("red", 3)
    assert str(Card("red", 3)) == "red 3"
    ```
    """

    suit: str = field(validator=_card_suit)
    rank: int = field(validator=_card_rank)

    def __str__(self) -> str:
        return f"{self.suit} {_rank_name(self.rank)}"


def _rank_slot(rank: int) -> int:
    """The position of `rank` among a variant's ranks: 0 to 4 for ranks 1 to 5, 5 for START."""
    return 5 if rank == START else rank - 1


def _rank_name(rank: int) -> str:
    return "START" if rank == START else str(rank)


@frozen(repr=False)
class DealtCard:
    """One physical card of a game: its face and its order (its position in the initial deck).

    Two red 1s have equal faces but different orders. Hands, the deck, the discard pile and the
    history hold `DealtCard`s.

    Attributes:
        order: the card's position in the initial deck, top card 0 (rule 1.4).
        suit: the suit name.
        rank: the printed value.
        suit_index: the position of the suit in the variant's suit list.
    """

    order: int
    suit: str
    rank: int
    suit_index: int
    # Bit c is set when clue colour c of the variant touches the card (rule 4.6); precomputed so
    # that clue legality is a bitwise OR over a hand instead of a loop over colours.
    colour_bits: int = field(eq=False)
    # Bit v is set when a rank clue naming v touches the card (rules 4.7 and 9.27): 1 << rank
    # in the base game.
    rank_bits: int = field(eq=False)
    # Its suit is inverted (rule 9.13): playing it discards it and discarding it plays it.
    inverted: bool = field(default=False, eq=False)

    @property
    def card(self) -> Card:
        """The face of the card, without its order."""
        return Card(self.suit, self.rank)

    def __repr__(self) -> str:
        return f"DealtCard(order={self.order}, suit={self.suit!r}, rank={self.rank})"

    def __str__(self) -> str:
        return f"{self.suit} {_rank_name(self.rank)} (#{self.order})"


class ClueTouch(str, Enum):
    """Which colour clues touch the cards of a suit (rule 4.6)."""

    #: Only a clue naming the suit's own colour, as in the base game.
    OWN_COLOUR = "own"
    #: Every colour clue, and the suit's colour cannot be named (wild multicolour, rule 9.4).
    EVERY_COLOUR = "every"
    #: No colour clue, and the suit's colour cannot be named (Black Powder, rule 9.6).
    NO_COLOUR = "none"


#: The most copies of one card a suit may have (the base game has at most 3).
MAX_COPIES = 100


def _suit_error(instance: object, message: str) -> InvalidOptions:
    return InvalidOptions("variant", f"a Suit's {message}")


def _suit_name(instance: object, attribute: Attribute[Any], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise _suit_error(instance, f"name must be a non-empty string, got {brief(value)}")


def _display_name(instance: object, attribute: Attribute[Any], value: object) -> None:
    if value is not None and (not isinstance(value, str) or not value):
        raise _suit_error(
            instance, f"display_name must be None or a non-empty string, got {brief(value)}"
        )


def _suit_touch(instance: object, attribute: Attribute[Any], value: object) -> None:
    if not isinstance(value, ClueTouch):
        raise _suit_error(instance, f"touch must be a ClueTouch, got {brief(value)}")


def _copies_valid(instance: object, attribute: Attribute[Any], value: object) -> None:
    # A tuple, never a list: a suit is a frozen, hashable value (and so are states holding it).
    if (
        type(value) is not tuple
        or len(value) != len(RANKS)
        or any(type(c) is not int or not 1 <= c <= MAX_COPIES for c in value)
    ):
        raise _suit_error(
            instance,
            f"copies must be a tuple of 5 whole numbers from 1 to {MAX_COPIES}, one for each rank "
            f"1-5, got {brief(value)}",
        )


def _suit_descending(instance: object, attribute: Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        raise _suit_error(instance, f"descending must be True or False, got {brief(value)}")


def _colours_valid(instance: object, attribute: Attribute[Any], value: object) -> None:
    # None (the suit's own name) or a tuple of names, never a list: the suit stays hashable.
    if value is not None and (
        type(value) is not tuple or not all(isinstance(c, str) and c for c in value)
    ):
        raise _suit_error(
            instance, f"colours must be None or a tuple of colour names, got {brief(value)}"
        )


def _suit_flag(instance: object, attribute: Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        raise _suit_error(instance, f"{attribute.name} must be True or False, got {brief(value)}")


@frozen
class Suit:
    """A suit of a variant: data, never code (rule 9.1).

    Raises:
        InvalidOptions: a field of the wrong kind (``field`` is ``"variant"``); `copies` must be a
            tuple, never a list, so that the suit stays a hashable value.

    Attributes:
        name: the suit's name, e.g. ``"red"`` (hanab.live's suits keep their names, ``"Red"``).
        touch: which colour clues touch its cards.
        copies: how many cards of each rank, ranks 1 to 5 (the base game's ``(3, 2, 2, 2, 1)``).
        descending: built from 5 down to 1 (Black Powder, rule 9.7; hanab.live's reversed suits,
            rule 9.14) instead of 1 up to 5.
        colours: with `touch` `OWN_COLOUR`, the clue colours that touch its cards when they are not
            just the suit's own name: several for a dual-colour suit, a shared one for an
            ambiguous suit, none at all (rule 9.9).
        all_ranks: every rank clue touches its cards (rule 9.10).
        no_ranks: no rank clue touches its cards (rule 9.10).
        prism: a colour clue touches its card of rank r when it names the clue colour at index
            (r − 1) mod the number of clue colours (rule 9.11).
        inverted: playing one of its cards discards it and discarding it plays it (rule 9.13).
        display_name: the name people are shown where it is not `name` (`None`: `name`), e.g.
            hanab.live's ``"Purple"`` for the library's ``white`` suit of a variant taken from
            [`hanablive.variant`][hanabi_core.hanablive.variant]; presentation only: not
            compared (two suits of the same rules are equal, rule 9.8), never in a card.
    """

    name: str = field(validator=_suit_name)
    touch: ClueTouch = field(default=ClueTouch.OWN_COLOUR, validator=_suit_touch)
    copies: tuple[int, ...] = field(default=(3, 2, 2, 2, 1), validator=_copies_valid)
    descending: bool = field(default=False, validator=_suit_descending)
    colours: tuple[str, ...] | None = field(
        default=None, kw_only=True, validator=_colours_valid, eq=none_key
    )
    all_ranks: bool = field(default=False, kw_only=True, validator=_suit_flag)
    no_ranks: bool = field(default=False, kw_only=True, validator=_suit_flag)
    prism: bool = field(default=False, kw_only=True, validator=_suit_flag)
    inverted: bool = field(default=False, kw_only=True, validator=_suit_flag)
    display_name: str | None = field(
        default=None, kw_only=True, validator=_display_name, eq=False, repr=False
    )

    @property
    def label(self) -> str:
        """The name people are shown: `display_name`, else `name`."""
        return self.name if self.display_name is None else self.display_name

    @property
    def clue_colours(self) -> tuple[str, ...]:
        """The colours whose clues touch the suit's cards by rule 4.6 (its own name unless
        `colours` says otherwise; none for a suit every or no colour touches)."""
        if self.touch is not ClueTouch.OWN_COLOUR or self.prism:
            return ()
        return (self.name,) if self.colours is None else self.colours

    @property
    def build_order(self) -> tuple[int, ...]:
        """The ranks in the order they are played on the firework (rules 6.2 and 9.7)."""
        return tuple(reversed(RANKS)) if self.descending else RANKS

    @property
    def size(self) -> int:
        """How many cards the suit has."""
        return sum(self.copies)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The suit's cards in canonical order: ranks ascending, copies adjacent (rule 2.5)."""
        return tuple(
            Card(self.name, rank)
            for rank, count in zip(RANKS, self.copies, strict=True)
            for _ in range(count)
        )
