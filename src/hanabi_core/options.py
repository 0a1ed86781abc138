"""Options and editions (spec sections 10 and 11).

[`Options`][hanabi_core.Options] holds every setting that changes what is legal or how a game is
scored; it is validated when it is built, so a game never starts from settings the rules do not
allow. An [`Edition`][hanabi_core.Edition] is a preset: the options one printed edition (or one
research engine) plays by, with the sources it follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from attrs import evolve, field, fields, frozen

from ._support.readonly import ReadOnlyMap
from .errors import InvalidOptions, brief
from .variants import VARIANTS, Cache, Variant

__all__ = [
    "DESCENDING_BONUSES",
    "DESCENDING_SCORES",
    "EDITIONS",
    "NO_LEGAL_ACTION",
    "STORM_OUT_SCORES",
    "Edition",
    "Options",
    "default_hand_size",
]

#: The most Note tokens, Storm tokens or cards in a hand that `Options` allows: far beyond any
#: edition, and low enough that every game stays short (a game lasts at most about as many turns
#: as there are Notes and cards) and fits in a record (which holds at most this many).
MAX_TOKENS = 1000

#: The allowed values of `Options.storm_out_score` (rule 10.5).
STORM_OUT_SCORES: tuple[str, ...] = ("zero", "fireworks")
#: The allowed values of `Options.descending_score` (rule 10.10, ruling 13.7).
DESCENDING_SCORES: tuple[str, ...] = ("cards", "highest", "minus-five")
#: The allowed values of `Options.descending_bonus` (rule 10.11, ruling 13.8).
DESCENDING_BONUSES: tuple[str, ...] = ("complete", "five")
#: The allowed values of `Options.no_legal_action` (rule 10.12, ruling 13.9).
NO_LEGAL_ACTION: tuple[str, ...] = ("loss", "pass", "wait")

_HAND_SIZES: Mapping[int, int] = ReadOnlyMap({2: 5, 3: 5, 4: 4, 5: 4, 6: 3})


def default_hand_size(players: int) -> int:
    """The rulebook's hand size (rule 2.2): 5 cards for 2–3 players, 4 for 4–5, 3 for 6."""
    try:
        return _HAND_SIZES[players]
    except (KeyError, TypeError):
        raise InvalidOptions(
            "players", f"must be a whole number from 2 to 6, got {brief(players)}"
        ) from None


def _to_variant(value: Variant | str) -> Variant:
    if isinstance(value, Variant):
        return value
    if isinstance(value, str) and value in VARIANTS:
        return VARIANTS[value]
    raise InvalidOptions(
        "variant", f"must be a Variant or one of {', '.join(VARIANTS)}, got {brief(value)}"
    )


def _variant_repr(variant: Variant) -> str:
    # The whole suit list would drown every state's repr; the id says the same.
    return f"VARIANTS[{variant.id!r}]" if VARIANTS.get(variant.id) == variant else repr(variant)


def _is_int(value: object) -> bool:
    return type(value) is int  # bool is an int subclass, and True players is nonsense


@frozen
class Options:
    """The settings of one game, validated at construction (rule 10.1).

    Args:
        players: 2 to 5 (rule 2.1); 6 is hanab.live's convention, not printed.
        variant: the deck and its clue colours; a [`Variant`][hanabi_core.Variant] or its id.
        hand_size: cards per hand; `None` means the rulebook's table (rule 2.2). After
            construction it holds the resolved number.
        max_notes: the Note-token cap (rule 10.3); 8 in print, 9 in the Abacus easing variant.
        max_storms: the Storm that ends the game (rule 10.4); 3 in print, fewer in the Abacus
            "too easy?" variant.
        negative_clues: whether a clue may touch no card (rule 10.2).
        storm_out_score: ``"zero"`` or ``"fireworks"``: the score after the last Storm (rule 10.5).
        last_round: `False` is the printed "no last round" variant (rule 7.4).
        end_at_max_reachable: end the game as soon as no card still in play can be built, as
            hanab.live does (rule 7.6, ruling 13.10); in the final round, once no player still
            to move holds a card that can be played (rule 7.6a).
        descending_score: how a firework built downwards (Black Powder) scores (rule 10.10,
            ruling 13.7): ``"cards"`` (the cards built), ``"highest"`` (the value of its highest
            card) or ``"minus-five"`` (cards built, minus 5: the Grands Feux rule as reported).
        descending_bonus: when a firework built downwards earns its Note (rule 10.11, ruling 13.8):
            ``"complete"`` (with its last card, the 1) or ``"five"`` (with its 5, its first card).
        no_legal_action: under "no last round", what happens to a player with nothing legal to do
            (rule 10.12, ruling 13.9): ``"loss"`` (the game is lost), ``"pass"`` (the turn
            passes) or ``"wait"`` (hanab.live: lost only with no Note; with one the player
            waits, with nothing legal to do, until the game is stopped, rule 7.5).

    Raises:
        InvalidOptions: naming the field at fault and the values it allows.

    ```python
    from hanabi_core import Options, VARIANTS
    options = Options(3, variant=VARIANTS["multicolour"])
    assert options.hand_size == 5 and options.max_notes == 8
    ```
    """

    players: int
    variant: Variant = field(default=VARIANTS["base"], converter=_to_variant, repr=_variant_repr)
    hand_size: int = None  # type: ignore[assignment]  # resolved in __attrs_post_init__
    max_notes: int = 8
    max_storms: int = 3
    negative_clues: bool = False
    storm_out_score: str = "zero"
    last_round: bool = True
    end_at_max_reachable: bool = False
    descending_score: str = "cards"
    descending_bonus: str = "complete"
    no_legal_action: str = "loss"

    def __attrs_post_init__(self) -> None:
        # Rule 10.1: every field is checked here, once, so the transitions may trust them.
        if not _is_int(self.players) or not 2 <= self.players <= 6:
            raise InvalidOptions(
                "players", f"must be a whole number from 2 to 6, got {brief(self.players)}"
            )
        deck_size = len(self.variant.deck)
        if self.hand_size is None:
            object.__setattr__(self, "hand_size", default_hand_size(self.players))
        elif not _is_int(self.hand_size) or not 1 <= self.hand_size <= MAX_TOKENS:
            raise InvalidOptions(
                "hand_size",
                f"must be a whole number from 1 to {MAX_TOKENS}, got {brief(self.hand_size)}",
            )
        # Rule 2.2: the hands are dealt from the deck, whether their size is the table's or not.
        if self.hand_size * self.players > deck_size:
            raise InvalidOptions(
                "hand_size",
                f"{self.players} hands of {self.hand_size} need {self.hand_size * self.players} "
                f"cards, but the deck has {deck_size}",
            )
        for name in ("max_notes", "max_storms"):
            value = getattr(self, name)
            if not _is_int(value) or not 1 <= value <= MAX_TOKENS:
                raise InvalidOptions(
                    name, f"must be a whole number from 1 to {MAX_TOKENS}, got {brief(value)}"
                )
        if type(self.negative_clues) is not bool:
            raise InvalidOptions(
                "negative_clues", f"must be True or False, got {brief(self.negative_clues)}"
            )
        if self.storm_out_score not in STORM_OUT_SCORES:
            raise InvalidOptions(
                "storm_out_score",
                f"must be 'zero' or 'fireworks', got {brief(self.storm_out_score)}",
            )
        if type(self.last_round) is not bool:
            raise InvalidOptions(
                "last_round", f"must be True or False, got {brief(self.last_round)}"
            )
        if type(self.end_at_max_reachable) is not bool:
            raise InvalidOptions(
                "end_at_max_reachable",
                f"must be True or False, got {brief(self.end_at_max_reachable)}",
            )
        for name, allowed in (
            ("descending_score", DESCENDING_SCORES),
            ("descending_bonus", DESCENDING_BONUSES),
            ("no_legal_action", NO_LEGAL_ACTION),
        ):
            value = getattr(self, name)
            if type(value) is not str or value not in allowed:
                raise InvalidOptions(
                    name, f"must be one of {', '.join(map(repr, allowed))}, got {brief(value)}"
                )

    def __reduce__(self) -> tuple[object, ...]:
        # Pickle the settings, not the tables `rules.py` caches on first use.
        return (Options, tuple(getattr(self, a.name) for a in fields(Options) if a.init))

    @cached_property
    def _cache(self) -> Cache:
        # The action tables of `rules.py`, built on first use and kept with the options they derive
        # from; they hold actions only, never anything of a game (a view shares these options).
        return Cache()

    @property
    def deck_size(self) -> int:
        """How many cards the variant's deck has."""
        return len(self.variant.deck)

    def replace(self, **changes: Any) -> Options:
        """A copy with some fields changed, validated again.

        Raises:
            InvalidOptions: a change names no option, or gives a value the option does not allow.
        """
        known = [a.name for a in fields(Options) if a.init]
        for name in changes:
            if name not in known:
                raise InvalidOptions(name, f"is not an option; the options are {', '.join(known)}")
        if "hand_size" not in changes and "players" in changes:
            changes["hand_size"] = None
        return evolve(self, **changes)


def _read_only(settings: Mapping[str, Any]) -> Mapping[str, Any]:
    return ReadOnlyMap(dict(settings))


@frozen
class Edition:
    """A preset: the options a printed edition or a research engine plays by (section 11).

    Attributes:
        id: the stable id under which [`EDITIONS`][hanabi_core.EDITIONS] holds it.
        name: the edition's name.
        rule: the spec rule that describes the edition.
        sources: the citation keys of the texts it follows (the spec's Sources page).
        defaults: the option values it sets, on top of `Options`' own defaults.
        players: the player counts the edition allows.
    """

    id: str
    name: str
    rule: str
    sources: tuple[str, ...]
    defaults: Mapping[str, Any] = field(converter=_read_only)
    players: tuple[int, ...] = (2, 3, 4, 5)

    def options(self, players: int, **overrides: Any) -> Options:
        """The edition's `Options` for `players`, with `overrides` applied on top.

        Raises:
            InvalidOptions: if the edition has no rules for that many players, or an override is
                not an option or not a valid value.
        """
        if players not in self.players:
            raise InvalidOptions(
                "players",
                f"the {self.name} edition is for {self.players[0]} to {self.players[-1]} "
                f"players, got {brief(players)}",
            )
        known = [a.name for a in fields(Options) if a.init and a.name != "players"]
        for name in overrides:
            if name not in known:
                raise InvalidOptions(name, f"is not an option; the options are {', '.join(known)}")
        settings = {**self.defaults, **overrides}
        return Options(players, **settings)


# Sources are named by their citation keys (docs/spec/sources.md says what each one is).
_EDITIONS = (
    Edition(
        "abacus",
        "Abacusspiele (German edition)",
        "11.1",
        ("ES-GUIDE", "ABACUS-EN"),
        {"negative_clues": True},
    ),
    Edition(
        "rr-deluxe",
        "R&R Games Deluxe",
        "11.2",
        ("RR-EN", "ES-FAQ", "ES-WIKI"),
        {},
    ),
    Edition(
        "cocktail",
        "Cocktail Games / Grands Feux",
        "11.3",
        ("PT-GUIDE", "HL-974"),
        # Ruling 13.1: PT-GUIDE gives clues that touch nothing as examples; ruling 13.7: the
        # Grands Feux Black Powder score, as HL-974 reports the printed rule.
        {"negative_clues": True, "descending_score": "minus-five"},
    ),
    Edition(
        "hanab-live",
        "hanab.live",
        "11.4",
        ("HL",),
        # Ruling 13.10: hanab.live ends a game once no card still in play can be built; ruling
        # 13.9: its "All or Nothing" softlock needs no card and no clue token, else it waits.
        {"end_at_max_reachable": True, "no_legal_action": "wait"},
        (2, 3, 4, 5, 6),
    ),
    Edition(
        "hle",
        "DeepMind Hanabi Learning Environment",
        "11.5",
        ("HLE",),
        {},
    ),
    Edition(
        "abacus-advanced",
        "Abacusspiele (German edition), advanced game as ES-GUIDE gives it",
        "11.6",
        ("ES-GUIDE",),
        # Ruling 13.4: ES-GUIDE's advanced version adds the ten multicolour cards and the spare
        # Note token together.
        {"negative_clues": True, "variant": "multicolour", "max_notes": 9},
    ),
    Edition(
        "quux",
        "Quuxplusone/Hanabi",
        "11.7",
        ("QUUX",),
        # Rule 11.7: its five suits (colours r o y g b), and the score kept on the last Storm.
        {"variant": "quux", "storm_out_score": "fireworks"},
    ),
)

#: The edition presets by id: ``"abacus"``, ``"rr-deluxe"``, ``"cocktail"``, ``"hanab-live"``,
#: ``"hle"``, ``"abacus-advanced"``, ``"quux"``. Read-only.
EDITIONS: Mapping[str, Edition] = ReadOnlyMap({e.id: e for e in _EDITIONS})
