"""The portable seeded shuffle (rule 2.5) and deck checks (rule 2.3).

`random.shuffle` is not used: Python does not promise that its output stays the same across
versions. The random stream is SHAKE128 (FIPS 202) of the seed's eight little-endian bytes, read
as little-endian 32-bit words: a standard function that every language's crypto library has, and
that CPython computes in C, so a seeded deal costs microseconds. Bounded draws use rejection so
that every permutation is equally likely. The spec page "Seeded deals" gives the same algorithm as
pseudocode, with test vectors.
"""

from __future__ import annotations

import hashlib
import operator
import struct
from collections import Counter
from collections.abc import Sequence

from .cards import Card
from .errors import InvalidDeck, brief
from .variants import Variant

__all__ = ["MAX_SEED", "check_deck", "check_seed", "permutation", "shuffled_deck", "words"]

#: Seeds are whole numbers from 0 to ``MAX_SEED`` (2**64 - 1).
MAX_SEED = (1 << 64) - 1
_SPAN = 1 << 32


def words(seed: int, count: int) -> tuple[int, ...]:
    """The first `count` 32-bit words of the stream for `seed`.

    The stream is SHAKE128 of ``seed.to_bytes(8, "little")``, cut into 4-byte little-endian
    unsigned integers. Asking for more words gives a longer stream with the same beginning.
    """
    digest = hashlib.shake_128(seed.to_bytes(8, "little")).digest(4 * count)
    return struct.unpack(f"<{count}I", digest)


def permutation(n: int, seed: int) -> list[int]:
    """The seeded Fisher–Yates permutation of ``range(n)`` (rule 2.5).

    ``permutation(n, seed)[k]`` is the canonical position of the card that ends up at deck
    position `k` (position 0 is the top card).
    """
    bounds = range(n, 1, -1)  # the swap at position i draws from i + 1 positions
    stream = words(seed, n - 1)
    limits = _LIMITS[n:1:-1] if n < len(_LIMITS) else tuple(map(_limit, bounds))
    if all(map(operator.lt, stream, limits)):
        # The common case (rejection is rarer than 1 in 70 million per draw for these decks).
        draws: list[int] = list(map(operator.mod, stream, bounds))
    else:
        draws = _draws_with_rejection(n, seed)
    cards = list(range(n))
    for i, j in zip(range(n - 1, 0, -1), draws, strict=True):
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _limit(bound: int) -> int:
    """The largest multiple of `bound` that fits in 32 bits: words from it up are refused."""
    return _SPAN - _SPAN % bound


# _LIMITS[b] == _limit(b) for the bounds of every deck up to 256 cards, computed once.
_LIMITS: tuple[int, ...] = (0, *(_limit(b) for b in range(1, 257)))


def _draws_with_rejection(n: int, seed: int) -> list[int]:
    # The general form of the draws: a word at or above the largest multiple of the bound is
    # refused and the next word is taken, so every draw is uniform.
    budget = 2 * n
    stream = words(seed, budget)
    k = 0
    draws = []
    for bound in range(n, 1, -1):
        limit = _limit(bound)
        while True:
            if k == budget:
                budget *= 2
                stream = words(seed, budget)
            word = stream[k]
            k += 1
            if word < limit:
                break
        draws.append(word % bound)
    return draws


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
    check_seed(seed)
    canonical = variant.deck
    return tuple(canonical[k] for k in permutation(len(canonical), seed))


def check_seed(seed: object) -> int:
    """`seed` itself, if it is a whole number from 0 to 2**64 - 1 (rule 2.5).

    Raises:
        InvalidDeck: naming the field ``"seed"``.
    """
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidDeck("seed", f"must be a whole number from 0 to 2**64 - 1, got {brief(seed)}")
    return seed


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
            raise InvalidDeck("deck", f"position {i} holds {brief(card)}, not a Card")
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
