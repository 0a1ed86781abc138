"""hanab.live's variants by name (rule 9.8): its catalogue read as data, built on first use.

The facts (every variant's name, id, suits and flags; every suit's clue properties; the colours)
come from hanab.live's ``packages/game/src/json/{variants,suits,colors}.json``; see
``hanablive/data/README.md`` for the commit and the licence. The rules they switch on are spec
section 9 (rules 9.9 to 9.27, 9.29 to 9.32); the mechanics hanabi_core does not implement yet are
refused by name (rule 9.28), never played wrong.

```python
from hanabi_core.hanablive import variant
rainbow = variant("Rainbow (5 Suits)")
assert rainbow.suit_names[-1] == "Rainbow" and len(rainbow.deck) == 50
assert rainbow.clue_colours == ("Red", "Yellow", "Green", "Blue")
assert variant("rainbow (5 suits)") is rainbow  # case and spacing do not matter
```

The six names of [`HANAB_LIVE_VARIANTS`][hanabi_core.hanablive.variants.HANAB_LIVE_VARIANTS] are the
library's own variants (``variant("No Variant") == VARIANTS["base"]``, suits ``red`` to
``white``), so that one game has one set of suit names whichever way it was made: by name, read
from a record of either format, or followed live. Taken from here they show the site's names
(`Variant.display_name`, `Suit.display_name`: presentation, not rules, so not compared), which
`render`, the command line and the library's records keep:

```python
from hanabi_core import VARIANTS
from hanabi_core.hanablive import variant
six = variant("Rainbow (6 Suits)")
assert six == VARIANTS["multicolour-wild"] and six.label == "Rainbow (6 Suits)"
assert six.suit_names[4] == "white" and six.suits[4].label == "Purple"
```
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from attrs import evolve

from ..cards import RANKS, ClueTouch, Suit
from ..errors import InvalidOptions, brief
from ..variants import ID_PREFIX, VARIANTS, ClueShown, RankTouch, SpecialRank, Variant

__all__ = [
    "HANAB_LIVE_VARIANTS",
    "ID_PREFIX",
    "UNSUPPORTED",
    "find_variant_name",
    "mechanics",
    "variant",
    "variant_names",
]

#: hanab.live variant name → the id of the library's own variant it is, for every variant both
#: know: `variant` gives these, records of either format read them, `LiveGame` plays them. (Its
#: "Purple" suit is our ``white``, its Teal and Black of the six-suit games our ``multicolour``,
#: its reversed White our ``black``; the rules are the same, rule 9.8.)
HANAB_LIVE_VARIANTS: Mapping[str, str] = MappingProxyType(
    {
        "No Variant": "base",
        "6 Suits": "multicolour",
        "Black (6 Suits)": "multicolour-five",
        "Rainbow (6 Suits)": "multicolour-wild",
        "Dark Rainbow (6 Suits)": "multicolour-wild-five",
        "White Reversed (6 Suits)": "black-powder",
    }
)

#: hanab.live's suffix for a suit built downwards (``SUIT_REVERSED_SUFFIX`` in its constants.ts).
_REVERSED = " Reversed"

#: The variant flags of mechanics hanabi_core does not implement yet, with their names (rule 9.28):
#: none since Sudoku (rule 9.32) and Throw It in a Hole (rule 9.33).
UNSUPPORTED: Mapping[str, str] = {}
#: Suit flags of mechanics hanabi_core does not implement yet (rule 9.28): none today.
_UNSUPPORTED_SUIT: Mapping[str, str] = {}
#: The keys of a variant's facts that `_build` reads. Any other key is a mechanic hanabi_core
#: does not know (one hanab.live added after the catalogue's commit): refused by name (rule 9.28).
_READ = frozenset({
    "alternatingClues", "chimneys", "clueColors", "clueRanks", "clueStarved",
    "colorCluesTouchNothing", "cowAndPig", "criticalRank", "duck", "funnels", "id", "name",
    "oddsAndEvens", "rankCluesTouchNothing", "scarceOnes", "specialRank",
    "specialRankAllClueColors", "specialRankAllClueRanks", "specialRankDeceptive",
    "specialRankNoClueColors", "specialRankNoClueRanks", "stackSize", "sudoku", "suits",
    "synesthesia", "throwItInAHole", "upOrDown",
})  # fmt: skip
#: The keys of a suit's facts that `_suit` reads (rule 9.28, as `_READ`).
_READ_SUIT = frozenset({
    "allClueColors", "allClueRanks", "clueColors", "inverted", "name", "noClueColors",
    "noClueRanks", "oneOfEach", "prism",
})  # fmt: skip


@cache
def _data() -> tuple[Mapping[str, Any], Mapping[str, Mapping[str, Any]], frozenset[str]]:
    """The variants by name, the suits by name, and the colour names (read once)."""
    import gzip  # noqa: PLC0415  (on first use: importing hanabi_core stays cheap)
    from importlib import resources  # noqa: PLC0415

    raw = resources.files(__package__).joinpath("data/hanab-live-variants.json.gz").read_bytes()
    doc = json.loads(gzip.decompress(raw))
    return (
        {v["name"]: v for v in doc["variants"]},
        {s["name"]: s for s in doc["suits"]},
        frozenset(doc["colors"]),
    )


def variant_names() -> tuple[str, ...]:
    """Every hanab.live variant name, in the catalogue's order (its ids ascending)."""
    return tuple(_data()[0])


def mechanics(name: str) -> tuple[str, ...]:
    """The mechanics of the variant `name` that hanabi_core refuses (rule 9.28): those of
    `UNSUPPORTED`, and any flag of its facts or its suits' that hanabi_core does not read. Empty
    for every variant of the catalogue today. Raises `InvalidOptions` for an unknown name."""
    data = _facts(name)
    suits = _data()[1]
    found = [label for flag, label in UNSUPPORTED.items() if data.get(flag)]
    found += [f"the variant flag {key!r}" for key in data if key not in _READ]
    for suit_name in data["suits"]:
        suit = suits[suit_name.removesuffix(_REVERSED)]
        found += [label for flag, label in _UNSUPPORTED_SUIT.items() if suit.get(flag)]
        found += [f"the suit flag {key!r}" for key in suit if key not in _READ_SUIT]
    return tuple(dict.fromkeys(found))


def _key(name: str) -> str:
    """A name as the lookup compares it: case folded, without white space."""
    return "".join(name.split()).casefold()


@cache
def _by_key() -> Mapping[str, str]:
    # No two of the catalogue's names differ by case or spacing alone (a test checks it).
    return {_key(name): name for name in _data()[0]}


def find_variant_name(name: str) -> str:
    """hanab.live's own spelling of the variant called `name`, ignoring case and spacing.

    Raises:
        InvalidOptions: no variant has that name; the message suggests the nearest names
            (`difflib`), e.g. ``did you mean 'Rainbow (6 Suits)'?``.

    ```python
    from hanabi_core.hanablive import find_variant_name
    assert find_variant_name("  rainbow (6  SUITS)") == "Rainbow (6 Suits)"
    assert find_variant_name("NoVariant") == "No Variant"
    ```
    """
    if not isinstance(name, str):
        raise InvalidOptions("variant", f"a hanab.live variant name is a str, got {brief(name)}")
    if name in _data()[0]:
        return name
    keys = _by_key()
    found = keys.get(_key(name))
    if found is not None:
        return found
    # The nearest names, compared as the lookup compares them; a long name is cut first, as
    # difflib's cost grows with the product of the lengths.
    near = difflib.get_close_matches(_key(name[:200]), list(keys), n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(repr(keys[k]) for k in near)}?" if near else ""
    raise InvalidOptions(
        "variant",
        f"hanab.live has no variant named {brief(name)}{hint} (hanabi_core.hanablive."
        "variant_names() lists the 2,426 names)",
    )


def _facts(name: str) -> Mapping[str, Any]:
    found: Mapping[str, Any] = _data()[0][find_variant_name(name)]
    return found


def variant(name: str) -> Variant:
    """The hanab.live variant called `name`, as a `Variant` (rule 9.8).

    Case and spacing do not matter (``"rainbow (6 suits)"``). The six names of
    `HANAB_LIVE_VARIANTS` give the library's own variants (``variant("No Variant")`` equals
    ``VARIANTS["base"]``, suits ``red`` to ``white``), as records and `LiveGame` read them,
    showing hanab.live's title and suit names (``display_name``).
    Suits are in hanab.live's order (its `suitIndex`), clue colours in its clue-colour order (its
    colour clue `value`), rank clues as its `clueRanks`.

    Raises:
        InvalidOptions: hanab.live has no variant of that name, or the variant needs a mechanic
            hanabi_core does not implement (rule 9.28; the message names it; none today).

    ```python
    from hanabi_core import VARIANTS, InvalidOptions
    from hanabi_core.hanablive import variant
    assert variant("Rainbow-Ones (5 Suits)").special_rank.all_colours
    assert variant("Throw It in a Hole (5 Suits)").hidden_plays  # rule 9.33
    assert variant("No Variant") == VARIANTS["base"]
    try:
        variant("Rainbow (7 Suits)")
    except InvalidOptions as error:
        assert "no variant named" in str(error) and "did you mean" in str(error)
    ```
    """
    found = find_variant_name(name)  # first: an unhashable or unknown name is refused
    if found in HANAB_LIVE_VARIANTS:
        return _shared(found)
    return _build(found)


@cache
def _shared(name: str) -> Variant:
    """The library's own variant that hanab.live's `name` is (rule 9.8), shown with the site's
    names: its title, and each suit's name from the catalogue, by position (the suits are in
    the same order, which `decks` relies on too). Equal to the built-in: names are not rules."""
    ours = VARIANTS[HANAB_LIVE_VARIANTS[name]]
    theirs = _facts(name)["suits"]
    suits = tuple(
        evolve(suit, display_name=shown) for suit, shown in zip(ours.suits, theirs, strict=True)
    )
    return evolve(ours, suits=suits, display_name=name)


@cache
def _build(name: str) -> Variant:
    data = _facts(name)
    refused = mechanics(name)
    if refused:
        # Rule 9.28: refused by name rather than played by the wrong rules.
        raise InvalidOptions(
            "variant",
            f"the hanab.live variant {name!r} needs {', '.join(refused)}, which hanabi_core does "
            "not implement yet (rule 9.28)",
        )
    suits_json = _data()[1]
    suits = tuple(_suit(suits_json[s.removesuffix(_REVERSED)], s, data) for s in data["suits"])
    colours = data.get("clueColors")
    if colours is None:
        # Rule 9.9: the clue colours of the suits in order, each once; a suit that every colour
        # touches adds none (variantsInit.ts, getVariantClueColors).
        colours = [
            c
            for suit in suits
            if suit.touch is not ClueTouch.EVERY_COLOUR
            for c in suit.clue_colours
        ]
    special = None
    if "specialRank" in data:
        special = SpecialRank(
            data["specialRank"],
            **{ours: data.get(theirs, False) for ours, theirs in _SPECIAL_RANK_FLAGS.items()},
        )
    touch = RankTouch.EQUAL
    for flag, rule in (
        ("oddsAndEvens", RankTouch.ODDS_AND_EVENS),
        ("funnels", RankTouch.FUNNELS),
        ("chimneys", RankTouch.CHIMNEYS),
    ):
        if data.get(flag):
            touch = rule
    return Variant(
        f"{ID_PREFIX}{name}",
        name,
        suits,
        tuple(dict.fromkeys(colours)),
        clue_ranks=tuple(data.get("clueRanks", RANKS)),
        special_rank=special,
        rank_touch=touch,
        **{ours: data.get(theirs, False) for ours, theirs in _VARIANT_FLAGS.items()},
        # Rules 9.30 and 9.31: what the other players are shown of a clue.
        clue_shown=ClueShown.NOTHING
        if data.get("duck")
        else ClueShown.TYPE
        if data.get("cowAndPig")
        else ClueShown.VALUE,
        # Rule 9.32: fireworks start anywhere and wrap around, of stackSize cards (5 by default).
        stack_size=data.get("stackSize", len(RANKS)),
    )


#: The special rank's flags (rule 9.15): our `SpecialRank` field → hanab.live's variant key.
_SPECIAL_RANK_FLAGS = {
    "all_colours": "specialRankAllClueColors",
    "no_colours": "specialRankNoClueColors",
    "all_ranks": "specialRankAllClueRanks",
    "no_ranks": "specialRankNoClueRanks",
    "deceptive": "specialRankDeceptive",
}
#: The variant's flags, false when absent: our `Variant` field → hanab.live's variant key.
_VARIANT_FLAGS = {
    "colour_clues_touch_nothing": "colorCluesTouchNothing",  # rule 9.17
    "rank_clues_touch_nothing": "rankCluesTouchNothing",
    "synesthesia": "synesthesia",
    "clue_starved": "clueStarved",  # rule 9.25
    "alternating_clues": "alternatingClues",  # rule 9.26
    "up_or_down": "upOrDown",  # rule 9.29
    "sudoku": "sudoku",  # rule 9.32
    "hidden_plays": "throwItInAHole",  # rule 9.33
}


def _suit(facts: Mapping[str, Any], name: str, variant: Mapping[str, Any]) -> Suit:
    """One suit of a variant: its touch data (rules 9.9 to 9.11) and copies (9.12 to 9.14, 9.23,
    9.24)."""
    reversed_ = name.endswith(_REVERSED)
    if facts.get("allClueColors"):
        touch = ClueTouch.EVERY_COLOUR
    elif facts.get("noClueColors"):
        touch = ClueTouch.NO_COLOUR
    else:
        touch = ClueTouch.OWN_COLOUR
    colours = facts.get("clueColors")
    if colours is None:
        # A suit without clue colours of its own data is clued by the colour of its name
        # (suitsInit.ts, getSuitClueColors), unless it is special (every, none, prism).
        special = facts.get("allClueColors") or facts.get("noClueColors") or facts.get("prism")
        own = facts["name"]
        colours = [] if special or own not in _data()[2] else [own]
    return Suit(
        name,
        touch,
        _copies(facts, reversed_, variant),
        reversed_,
        colours=tuple(colours),
        all_ranks=facts.get("allClueRanks", False),
        no_ranks=facts.get("noClueRanks", False),
        prism=facts.get("prism", False),
        inverted=facts.get("inverted", False),
    )


def _copies(
    facts: Mapping[str, Any], reversed_: bool, variant: Mapping[str, Any]
) -> tuple[int, ...]:
    """Copies of each rank (packages/game/src/rules/deck.ts, getNumCopiesOfCard)."""
    if facts.get("oneOfEach"):
        return (1, 1, 1, 1, 1)  # rule 9.12
    if variant.get("sudoku"):
        return (2, 2, 2, 2, 2)  # rule 9.32: two of each rank (up to the stack size)
    copies = [3, 2, 2, 2, 1]
    if reversed_:
        copies[0], copies[4] = 1, 3  # rule 9.14: the 5s are the common cards
    elif variant.get("upOrDown"):
        copies[0] = 1  # rule 9.29: two 1s give way to a START card
    elif variant.get("scarceOnes"):
        copies[0] = 2  # rule 9.24
    critical = variant.get("criticalRank")
    if critical is not None:
        copies[critical - 1] = 1  # rule 9.23
    return tuple(copies)
