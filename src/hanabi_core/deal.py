"""The portable seeded shuffle (rule 2.5) and deck checks (rule 2.3).

`random.shuffle` is not used: Python does not promise that its output stays the same across
versions. The generator here is SplitMix64 (Steele, Lea and Flood, 2014), chosen because it is ten
lines in any language, passes BigCrush, and needs only 64-bit wrapping arithmetic. Bounded draws use
rejection so every permutation is equally likely. The spec page "Seeded deals" gives the same
algorithm as pseudocode with test vectors.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from .cards import Card
from .errors import InvalidDeck
from .variants import Variant

__all__ = ["MAX_SEED", "check_deck", "shuffled_deck", "splitmix64"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: Seeds are whole numbers from 0 to ``MAX_SEED`` (2**64 - 1).
MAX_SEED = _MASK


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream for `seed`: an endless sequence of 64-bit unsigned integers."""
    state = seed & _MASK
    while True:
        state = (state + _GAMMA) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def _below(stream: Iterator[int], n: int) -> int:
    # Rejection keeps the draw uniform: 2**64 is not a multiple of n, so the top sliver is refused.
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next(stream)
        if r < limit:
            return r % n


def shuffled_deck(variant: Variant, seed: int) -> tuple[Card, ...]:
    """The variant's deck shuffled by `seed`, top card first (rule 2.5).

    The same seed gives the same deck on every platform and Python version.

    Raises:
        InvalidDeck: if `seed` is not a whole number from 0 to 2**64 - 1 (field ``"seed"``).

    ```python
    from hanabi_core import VARIANTS
    from hanabi_core.deal import shuffled_deck
    deck = shuffled_deck(VARIANTS["base"], 42)
    assert len(deck) == 50 and deck == shuffled_deck(VARIANTS["base"], 42)
    ```
    """
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidDeck("seed", f"must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    cards = list(variant.deck)
    stream = splitmix64(seed)
    # Fisher-Yates, from the last position down (Durstenfeld's form).
    for i in range(len(cards) - 1, 0, -1):
        j = _below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def check_deck(variant: Variant, deck: object) -> tuple[Card, ...]:
    """`deck` as a tuple of cards, if it is exactly the variant's cards in some order (rule 2.3).

    Raises:
        InvalidDeck: naming the position of a card that is not a `Card`, or the cards missing or
            extra (field ``"deck"``).
    """
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise InvalidDeck("deck", f"must be a sequence of Card, got {type(deck).__name__}")
    for i, card in enumerate(deck):
        if not isinstance(card, Card):
            raise InvalidDeck("deck", f"position {i} holds {card!r}, not a Card")
    given = Counter(deck)
    wanted = Counter(variant.deck)
    missing = wanted - given
    extra = given - wanted
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + _describe(missing))
        if extra:
            parts.append("extra " + _describe(extra))
        raise InvalidDeck(
            "deck",
            f"is not the {variant.id!r} variant's {len(variant.deck)} cards: " + "; ".join(parts),
        )
    return tuple(deck)


def _describe(cards: Counter[Card]) -> str:
    return ", ".join(
        f"{count} x {card}" if count > 1 else str(card) for card, count in sorted(cards.items())
    )
