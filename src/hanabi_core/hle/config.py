"""HLE's game config, colours and card dicts, in hanabi_core's terms."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..cards import Card, DealtCard, Suit
from ..errors import InvalidOptions, brief
from ..options import EDITIONS, Options
from ..variants import VARIANTS, Variant
from ._guards import need_options

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
#: The observation types by the names PettingZoo and Gymnasium-style environments take.
OBSERVATION_TYPES: Mapping[str, int] = MappingProxyType(
    {"minimal": MINIMAL, "card_knowledge": CARD_KNOWLEDGE, "seer": SEER}
)

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
        raise InvalidOptions("colors", f"must be a whole number from 1 to 5, got {brief(colors)}")
    return _VARIANTS[colors]


_HLE_VARIANTS = frozenset(_VARIANTS.values())


def require_hle_variant(options: Options) -> None:
    """Refuse a game HLE cannot play: its variant must be HLE's (`hle_variant` of 1 to 5
    colours). HLE's move uids, colour indices and observation bits exist for those alone.

    Raises:
        InvalidOptions: another variant (a hanab.live variant, a multicolour suit, …).

    ```python
    from hanabi_core import InvalidOptions, Options
    from hanabi_core.hanablive import variant
    from hanabi_core.hle import require_hle_variant
    require_hle_variant(Options(players=2))  # the base game is HLE's five colours
    try:
        require_hle_variant(Options(players=2, variant=variant("Rainbow (5 Suits)")))
    except InvalidOptions as error:
        assert "HLE" in str(error)
    ```
    """
    need_options(options)
    if options.variant not in _HLE_VARIANTS:
        raise InvalidOptions(
            "variant",
            f"HLE plays only its own colours (R, Y, G, W, B; 1 to 5 of them), not "
            f"{brief(options.variant.name)}",
        )


def _int_option(config: Mapping[str, Any], key: str, default: int) -> int:
    value = config.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value))  # HLE passes every value to C++ as a string
        except ValueError:
            raise InvalidOptions(key, f"must be a whole number, got {brief(value)}") from None
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
            # The key is the caller's: any object, any length; the error names it in brief.
            field = key if isinstance(key, str) and len(key) <= 40 else brief(key)
            raise InvalidOptions(field, f"is not an HLE config key; the keys are {_CONFIG_KEYS}")
    players = _int_option(config, "players", 2)
    if not 2 <= players <= 5:
        raise InvalidOptions("players", f"must be a whole number from 2 to 5, got {brief(players)}")
    ranks = _int_option(config, "ranks", 5)
    if ranks != 5:
        raise InvalidOptions(
            "ranks", f"must be 5: hanabi_core's cards have the ranks 1 to 5, got {brief(ranks)}"
        )
    variant = hle_variant(_int_option(config, "colors", 5))
    hand_size = _int_option(config, "hand_size", 5 if players < 4 else 4)
    observation_type = _int_option(config, "observation_type", CARD_KNOWLEDGE)
    if observation_type not in (MINIMAL, CARD_KNOWLEDGE, SEER):
        raise InvalidOptions(
            "observation_type", f"must be 0 (minimal), 1 (card knowledge) or 2 (seer), got "
            f"{brief(observation_type)}"
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
