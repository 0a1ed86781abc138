"""Variants as data (spec section 9).

A [`Variant`][hanabi_core.Variant] is a list of suits, the clue colours and ranks that may be named,
and a few flags that change which cards a clue touches (rules 9.15 to 9.22, in the order of rule
9.27) or how Notes and clues are counted (rules 9.25 and 9.26). No variant has transition code of
its own (rule 9.1): `rules.py` reads this data through a few hooks.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from enum import Enum
from functools import cached_property, partial
from typing import Any, TypeVar

from attrs import Attribute, field, frozen

from ._support.hashing import none_key
from ._support.readonly import ReadOnlyMap
from .cards import RANKS, START, Card, ClueTouch, Suit
from .cards import _rank_slot as _slot
from .errors import InvalidOptions, brief

__all__ = [
    "BASE_COLOURS",
    "MAX_CARDS",
    "VARIANTS",
    "ClueShown",
    "RankTouch",
    "SpecialRank",
    "Variant",
]

#: The most cards a variant's deck may have (the largest built-in variant has 60), and the most a
#: game record holds.
MAX_CARDS = 1000

#: The prefix of the ids (`Variant.id`) of the variants built from hanab.live's catalogue
#: (`hanablive.variant`): `repr` shows a variant's id without it.
ID_PREFIX = "hanab.live:"

#: The five colours of the base game, in the order the spec lists them.
BASE_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "white")


_T = TypeVar("_T")
#: One lock for every `Cache.keep`: a table is built once per value, so it is rarely taken.
_CACHE_LOCK = threading.Lock()


class Cache:
    """Room for the tables higher modules derive from a frozen value: `tables` for `rules.py`'s
    (through `_tables`), `faces` for `knowledge.py`'s face masks (a variant's only).

    A frozen value keeps one in a `functools.cached_property`, which attrs stores in a slot of its
    own: not a field, so never part of equality, `attrs.asdict`, pickling or copying (a copy builds
    its own on first use). What goes in is derived from the value alone and read-only.
    """

    __slots__ = ("faces", "tables")

    def __init__(self) -> None:
        self.tables: object = None
        self.faces: object = None

    def __setattr__(self, name: str, value: object) -> None:
        # Write once: a view shares its options, and so this cache, with the engine and every
        # other holder; whoever holds one must not change what `legal_actions` returns for all.
        if getattr(self, name, None) is not None:
            raise AttributeError(f"the cached {name} are read-only once built")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the cached {name} are read-only once built")

    def keep(self, name: str, value: _T) -> _T:
        """Store `value` as `name` unless it is set already; what is stored. Threads that build
        the same tables at once (`simulate` on a thread pool, a Dask worker's threads) keep the
        first one built, where a second write would raise."""
        with _CACHE_LOCK:
            found = getattr(self, name)
            if found is None:
                object.__setattr__(self, name, value)
                return value
            return found  # type: ignore[no-any-return]  # what this name always holds


def _suit_index(suits: tuple[Suit, ...]) -> Mapping[str, int]:
    return ReadOnlyMap({suit.name: i for i, suit in enumerate(suits)})


def _variant_flag(instance: object, attribute: Attribute[Any], value: object) -> None:
    # `type() is bool`: 1 equals True, but a flag is a flag (issue 14's validation style).
    if type(value) is not bool:
        raise InvalidOptions(
            "variant", f"a variant's {attribute.name} must be True or False, got {brief(value)}"
        )


def _special_rank_value(instance: object, attribute: Attribute[Any], value: object) -> None:
    if type(value) is not int or value not in RANKS:
        raise InvalidOptions(
            "variant", f"a special rank is a whole number from 1 to 5, got {brief(value)}"
        )


def _kind_of(kind: type, what: str, optional: bool = False) -> Any:
    def check(instance: object, attribute: Attribute[Any], value: object) -> None:
        if not (isinstance(value, kind) or (optional and value is None)):
            raise InvalidOptions(
                "variant", f"a Variant's {attribute.name} must be {what}, got {brief(value)}"
            )

    return check


_BOOL = _variant_flag


class RankTouch(str, Enum):
    """Which ranks a rank clue naming v touches, before suit and special-rank overrides."""

    #: Rank v only (rule 4.7).
    EQUAL = "equal"
    #: A clue "1" touches 1, 3 and 5; a clue "2" touches 2 and 4 (Odds and Evens, rule 9.19).
    ODDS_AND_EVENS = "odds-and-evens"
    #: Every rank up to v (Funnels, rule 9.20).
    FUNNELS = "funnels"
    #: Every rank from v up (Chimneys, rule 9.21).
    CHIMNEYS = "chimneys"


class ClueShown(str, Enum):
    """What the players who did not give a clue are shown of it (rules 9.30 and 9.31).

    Everybody sees who gave it, to whom, and which cards it touched; the giver knows what they
    chose.
    """

    #: Its colour or rank (rule 4.2).
    VALUE = "value"
    #: Only whether it named a colour or a rank (Cow & Pig, rule 9.30).
    TYPE = "type"
    #: Neither (Duck, rule 9.31).
    NOTHING = "nothing"


@frozen
class SpecialRank:
    """The rank whose cards clues treat apart (hanab.live's "-Ones" and "-Fives", rule 9.15).

    Attributes:
        rank: the special rank (1 or 5 in hanab.live).
        all_colours: every colour clue touches the cards of this rank.
        no_colours: no colour clue touches them.
        all_ranks: every rank clue touches them.
        no_ranks: no rank clue touches them.
        deceptive: a rank clue touches them only when it names the variant's clue rank at index
            (suit index mod the number of clue ranks) (rule 9.16).
    """

    rank: int = field(validator=_special_rank_value)
    all_colours: bool = field(default=False, validator=_BOOL)
    no_colours: bool = field(default=False, validator=_BOOL)
    all_ranks: bool = field(default=False, validator=_BOOL)
    no_ranks: bool = field(default=False, validator=_BOOL)
    deceptive: bool = field(default=False, validator=_BOOL)


@frozen
class Variant:
    """A deck and the clues that can be given about it.

    Attributes:
        id: the stable id under which [`VARIANTS`][hanabi_core.VARIANTS] holds it.
        name: a name for people.
        suits: the suits, in a fixed order (fireworks and deck listings follow it).
        clue_colours: the colours a clue may name (rule 4.3), in the order `legal_actions` uses.
        clue_ranks: the ranks a clue may name (rule 4.3; fewer in some variants, none when rank
            clues are mute, rule 9.18).
        special_rank: the rank clues treat apart, if any (rules 9.15 and 9.16).
        rank_touch: which ranks a rank clue touches (rules 4.7, 9.19 to 9.21).
        colour_clues_touch_nothing: colour clues touch no card and are legal all the same (rule
            9.17).
        rank_clues_touch_nothing: the same for rank clues (rule 9.17).
        synesthesia: a colour clue also touches the cards whose rank r has the colour at index
            (r − 1) mod the number of clue colours (rule 9.22).
        clue_starved: a discard and a completed firework bring back half a Note (rule 9.25).
        alternating_clues: a clue must not be of the type of the clue given before it (rule 9.26).
        clue_shown: what the players who did not give a clue are shown of its colour or rank
            (rules 9.30 and 9.31); the clue itself is given and touches cards as always.
        up_or_down: each suit has one `START` card more (its copies of rank 1 are the suit's
            data), and each firework's direction is chosen by its first cards (rule 9.29).
        sudoku: each firework may start at any rank no other firework started at, and wraps
            around from `stack_size` to 1 (rule 9.32).
        stack_size: the cards of a complete firework, 1 to 5 (rule 9.32): the deck holds the ranks
            1 to `stack_size` only, a suit's copies of higher ranks are not dealt (hanab.live's
            ``stackSize``; below 5 only with `sudoku`).
        hidden_plays: Throw It in a Hole (rule 9.33): a card played or misplayed goes face down
            into a hole, so that until the game ends no player is shown its face (if it was their
            own), the fireworks, the score or the Storms; completing a firework brings no Note
            back (rule 6.4 does not apply).
        display_name: the title people are shown where it is not `name` (`None`: `name`), e.g.
            hanab.live's ``"Rainbow (6 Suits)"`` for ``multicolour-wild`` taken from
            [`hanablive.variant`][hanabi_core.hanablive.variant] (its suits then carry the
            site's names too, `Suit.display_name`); presentation only: not compared (the rules
            are the same, rule 9.8). `render` and the command line show it (`label`).
        ranks: derived: the ranks of the deck, ascending, then `START` in Up or Down.
        note_units: derived: how many units a Note is counted in, 2 in Clue Starved where a
            discard brings back half a Note (rule 9.25), else 1. `GameState.notes` counts units.
        discards_at_note_cap: derived: whether a discard is legal while every Note is available,
            as in a variant with an inverted suit (rule 9.13).

    Raises:
        InvalidOptions: a field of the wrong kind (``field`` is ``"variant"``). `suits`,
            `clue_colours` and `clue_ranks` must be tuples, never lists, so that a variant (and
            every state of a game played with it) stays a hashable value that cannot change
            mid-game; the deck has 1 to `MAX_CARDS` cards.
    """

    id: str
    name: str
    suits: tuple[Suit, ...]
    clue_colours: tuple[str, ...]
    clue_ranks: tuple[int, ...] = field(default=RANKS, kw_only=True)
    special_rank: SpecialRank | None = field(
        default=None,
        kw_only=True,
        validator=_kind_of(SpecialRank, "a SpecialRank or None", optional=True),
        eq=none_key,
    )
    rank_touch: RankTouch = field(
        default=RankTouch.EQUAL, kw_only=True, validator=_kind_of(RankTouch, "a RankTouch")
    )
    colour_clues_touch_nothing: bool = field(default=False, kw_only=True, validator=_BOOL)
    rank_clues_touch_nothing: bool = field(default=False, kw_only=True, validator=_BOOL)
    synesthesia: bool = field(default=False, kw_only=True, validator=_BOOL)
    clue_starved: bool = field(default=False, kw_only=True, validator=_BOOL)
    alternating_clues: bool = field(default=False, kw_only=True, validator=_BOOL)
    clue_shown: ClueShown = field(
        default=ClueShown.VALUE, kw_only=True, validator=_kind_of(ClueShown, "a ClueShown")
    )
    up_or_down: bool = field(default=False, kw_only=True, validator=_BOOL)
    sudoku: bool = field(default=False, kw_only=True, validator=_BOOL)
    stack_size: int = field(default=len(RANKS), kw_only=True)
    hidden_plays: bool = field(default=False, kw_only=True, validator=_BOOL)
    display_name: str | None = field(default=None, kw_only=True, eq=False, repr=False)
    ranks: tuple[int, ...] = field(init=False, eq=False, repr=False)
    note_units: int = field(init=False, eq=False, repr=False)
    discards_at_note_cap: bool = field(init=False, eq=False, repr=False)
    _index: Mapping[str, int] = field(init=False, eq=False, repr=False)
    _colour_bits: tuple[tuple[int, ...], ...] = field(init=False, eq=False, repr=False)
    _rank_bits: tuple[tuple[int, ...], ...] = field(init=False, eq=False, repr=False)
    _deck: tuple[Card, ...] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for name in ("id", "name"):
            if not isinstance(getattr(self, name), str):
                raise InvalidOptions(
                    "variant", f"a Variant's {name} is a string, got {brief(getattr(self, name))}"
                )
        if self.display_name is not None and (
            not isinstance(self.display_name, str) or not self.display_name
        ):
            raise InvalidOptions(
                "variant",
                f"a Variant's display_name is None or a string, got {brief(self.display_name)}",
            )
        if type(self.suits) is not tuple or not all(type(s) is Suit for s in self.suits):
            raise InvalidOptions(
                "variant", f"a Variant's suits are a tuple of Suit, got {brief(self.suits)}"
            )
        if not self.suits:
            raise InvalidOptions("variant", f"variant {brief(self.id)} has no suit")
        if type(self.clue_colours) is not tuple or not all(
            type(c) is str for c in self.clue_colours
        ):
            raise InvalidOptions(
                "variant",
                f"a Variant's clue colours are a tuple of strings, got {brief(self.clue_colours)}",
            )
        names = [s.name for s in self.suits]
        if len(set(names)) != len(names):
            raise InvalidOptions("variant", f"variant {brief(self.id)} has two suits of one name")
        if len(set(self.clue_colours)) != len(self.clue_colours):
            raise InvalidOptions("variant", f"variant {brief(self.id)} lists a clue colour twice")
        if sum(s.size for s in self.suits) > MAX_CARDS:
            raise InvalidOptions(
                "variant", f"variant {brief(self.id)} has more than {MAX_CARDS} cards"
            )
        ranks = self.clue_ranks
        if (
            type(ranks) is not tuple
            or not all(type(v) is int and v in RANKS for v in ranks)
            or len(set(ranks)) != len(ranks)
        ):
            raise InvalidOptions(
                "variant",
                f"a Variant's clue ranks are a tuple of distinct ranks 1-5, got {brief(ranks)}",
            )
        if self.special_rank is not None and self.special_rank.deceptive and not ranks:
            raise InvalidOptions(
                "variant",
                f"variant {brief(self.id)}: a deceptive rank needs clue ranks (rule 9.16)",
            )
        self._check_sudoku()
        if (self.up_or_down or self.sudoku) and self.hidden_plays:
            # hanab.live combines them nowhere; a hidden firework's direction or start is not
            # defined (what a view would show of it).
            raise InvalidOptions(
                "variant",
                f"variant {brief(self.id)}: Up or Down (rule 9.29) or Sudoku (rule 9.32) and "
                "Throw It in a Hole (rule 9.33) are not combined (rule 9.33a)",
            )
        object.__setattr__(self, "_index", _suit_index(self.suits))
        # Rule 9.29: a START card in each suit of an Up or Down deck, after its 5. Rule 9.32: the
        # ranks up to the stack size only.
        dealt_ranks = RANKS[: self.stack_size]
        object.__setattr__(self, "ranks", (*RANKS, START) if self.up_or_down else dealt_ranks)
        # Plain attributes, not properties: rules.py reads them on every clue and discard.
        object.__setattr__(self, "note_units", 2 if self.clue_starved else 1)
        object.__setattr__(self, "discards_at_note_cap", any(s.inverted for s in self.suits))
        object.__setattr__(
            self,
            "_colour_bits",
            tuple(tuple(self._bits(i, r) for r in self.ranks) for i in range(len(self.suits))),
        )
        object.__setattr__(
            self,
            "_rank_bits",
            tuple(
                tuple(sum(1 << v for v in ranks if self._rank_touch(v, i, r)) for r in self.ranks)
                for i in range(len(self.suits))
            ),
        )
        starts = self.up_or_down
        object.__setattr__(
            self,
            "_deck",
            tuple(
                card
                for suit in self.suits
                for card in (*suit.cards, *((Card(suit.name, START),) if starts else ()))
                if card.rank in self.ranks
            ),
        )

    def _check_sudoku(self) -> None:
        size = self.stack_size
        if type(size) is not int or not 1 <= size <= len(RANKS):
            raise InvalidOptions(
                "variant",
                f"a Variant's stack size is a whole number from 1 to 5 (rule 9.32a), got "
                f"{brief(size)}",
            )
        if size != len(RANKS) and not self.sudoku:
            raise InvalidOptions(
                "variant",
                f"variant {brief(self.id)}: a stack size below 5 needs Sudoku (rule 9.32a)",
            )
        if self.sudoku and (self.up_or_down or any(s.descending for s in self.suits)):
            raise InvalidOptions(
                "variant",
                f"variant {brief(self.id)}: Sudoku fireworks wrap around upwards (rule 9.32a); "
                "they cannot be Up or Down or descending",
            )

    def __reduce__(self) -> tuple[object, ...]:
        # Pickle what defines the variant, not the caches derived from it.
        flags: dict[str, object] = {
            "clue_ranks": self.clue_ranks,
            "special_rank": self.special_rank,
            "rank_touch": self.rank_touch,
            "colour_clues_touch_nothing": self.colour_clues_touch_nothing,
            "rank_clues_touch_nothing": self.rank_clues_touch_nothing,
            "synesthesia": self.synesthesia,
            "clue_starved": self.clue_starved,
            "alternating_clues": self.alternating_clues,
            "clue_shown": self.clue_shown,
            "up_or_down": self.up_or_down,
            "sudoku": self.sudoku,
            "stack_size": self.stack_size,
            "hidden_plays": self.hidden_plays,
            "display_name": self.display_name,
        }
        rebuild = partial(Variant, **flags)  # type: ignore[arg-type]  # the fields, as they were
        return (rebuild, (self.id, self.name, self.suits, self.clue_colours))

    @cached_property
    def _cache(self) -> Cache:
        # rules.py's lookup tables for this variant (every DealtCard it can deal, …) and
        # knowledge.py's face masks.
        return Cache()

    def fireworks(self, built: tuple[int, ...]) -> Mapping[str, int]:
        """Suit name → cards built, from the counts in suit order (read-only)."""
        return ReadOnlyMap(dict(zip(self.suit_names, built, strict=True)))

    @property
    def label(self) -> str:
        """The title people are shown: `display_name`, else `name`."""
        return self.name if self.display_name is None else self.display_name

    def label_of(self, name: str) -> str:
        """The name people are shown for the suit, or the clue colour, called `name`: the label
        of the suit of that name (a colour is shown as the suit it is named after, hanab.live's
        ``"Purple"`` for ``white``), else `name` itself."""
        at = self._index.get(name)
        return name if at is None else self.suits[at].label

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
        """The highest score: five per firework (rule 8.1), the stack size in Sudoku (rule 9.32)."""
        return self.stack_size * len(self.suits)

    def touches(self, colour: str, suit: Suit | str, rank: int | None = None) -> bool:
        """Whether a clue naming `colour` touches the card of `suit` and `rank` (rules 4.6, 9.27).

        Without `rank`: whether it touches every card of the suit (in the six built-in variants a
        colour clue touches all of a suit's cards or none of them).
        """
        i = self._suit_position(suit)
        c = self._colour_position(colour)
        if c is None:
            return False
        if rank is None:
            return all(bits >> c & 1 for bits in self._colour_bits[i])
        return bool(self.colour_bits(suit, rank) >> c & 1)

    def rank_touches(self, value: int, suit: Suit | str, rank: int) -> bool:
        """Whether a clue naming the rank `value` touches the card of `suit` and `rank` (rules
        4.7, 9.27); `False` for a rank the variant's clues cannot name."""
        return bool(self.rank_bits(suit, rank) >> value & 1)

    def colour_bits(self, suit: Suit | str, rank: int | None = None) -> int:
        """Bit ``c`` is set when clue colour ``c`` touches the card of `suit` and `rank` (rule
        4.6); without `rank`, the colours that touch every card of the suit."""
        bits = self._colour_bits[self._suit_position(suit)]
        if rank is not None:
            # No clue touches a card the deck does not hold (a 5 in four-suit Sudoku, rule 9.32).
            return bits[_slot(rank)] if rank in self.ranks else 0
        every = -1
        for b in bits:
            every &= b
        return every

    def rank_bits(self, suit: Suit | str, rank: int) -> int:
        """Bit ``v`` is set when a clue naming rank ``v`` touches the card (rule 4.7); 0 for a rank
        the deck does not hold."""
        bits = self._rank_bits[self._suit_position(suit)]
        return bits[_slot(rank)] if rank in self.ranks else 0

    def _suit_position(self, suit: Suit | str) -> int:
        return self._index[suit if isinstance(suit, str) else suit.name]

    def _colour_position(self, colour: str) -> int | None:
        try:
            return self.clue_colours.index(colour)
        except ValueError:
            return None

    def _bits(self, i: int, rank: int) -> int:
        return sum(1 << c for c in range(len(self.clue_colours)) if self._colour_touch(c, i, rank))

    def _colour_touch(self, c: int, i: int, rank: int) -> bool:
        """Rule 9.27, colour clues: hanab.live's order of precedence (server/src/variants.go,
        variantIsCardTouched), the first rule that decides wins."""
        suit = self.suits[i]
        if self.colour_clues_touch_nothing:  # rule 9.17
            return False
        if suit.touch is ClueTouch.EVERY_COLOUR:  # rule 4.6 (wild suits)
            return True
        if suit.touch is ClueTouch.NO_COLOUR:
            return False
        n = len(self.clue_colours)
        if self.synesthesia and not suit.no_ranks and c == (rank - 1) % n:  # rule 9.22
            return True
        special = self.special_rank
        if special is not None and special.rank == rank:  # rule 9.15
            if special.all_colours:
                return True
            if special.no_colours:
                return False
        if suit.prism:  # rule 9.11
            if rank == START:  # rule 9.29: a START card counts as rank 0, the last colour's
                return c == n - 1
            return c == (rank - 1) % n
        return self.clue_colours[c] in suit.clue_colours  # rules 4.6 and 9.9

    def _rank_touch(self, value: int, i: int, rank: int) -> bool:
        """Rule 9.27, rank clues: hanab.live's order of precedence (variantIsCardTouched)."""
        suit = self.suits[i]
        if self.rank_clues_touch_nothing:  # rule 9.17
            return False
        if suit.all_ranks:  # rule 9.10
            return True
        if suit.no_ranks:
            return False
        special = self.special_rank
        if special is not None and special.rank == rank:  # rules 9.15 and 9.16
            if special.all_ranks:
                return True
            if special.no_ranks:
                return False
            if special.deceptive:
                return value == self.clue_ranks[i % len(self.clue_ranks)]
        touch = self.rank_touch
        if touch is RankTouch.ODDS_AND_EVENS:  # rule 9.19
            return rank in (1, 3, 5) if value == 1 else rank in (2, 4)
        if touch is RankTouch.FUNNELS:  # rule 9.20
            return rank <= value
        if touch is RankTouch.CHIMNEYS:  # rule 9.21
            return rank >= value
        return value == rank  # rule 4.7


def _base_suits() -> tuple[Suit, ...]:
    return tuple(Suit(colour) for colour in BASE_COLOURS)


_ONE_OF_EACH = (1, 1, 1, 1, 1)
_QUUX = ("red", "orange", "yellow", "green", "blue")
_QUUX_SUITS = tuple(Suit(colour) for colour in _QUUX)

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
    # Rule 11.7: Quuxplusone/Hanabi's five suits (its colours r o y g b), ten cards each.
    Variant("quux", "Quux (red, orange, yellow, green, blue)", _QUUX_SUITS, _QUUX),
)

#: Every variant the library knows, by id: ``"base"``, ``"multicolour"``, ``"multicolour-five"``,
#: ``"multicolour-wild"``, ``"multicolour-wild-five"``, ``"black-powder"``, ``"quux"``. Read-only.
VARIANTS: Mapping[str, Variant] = ReadOnlyMap({v.id: v for v in _ALL})
