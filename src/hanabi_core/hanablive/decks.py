"""hanab.live's seeded decks: the deck its server deals for a seed such as ``"p4v0s1"``.

Every game on hanab.live is dealt from a seed, a string. A table started normally gets the
first seed ``p<players>v<variant id>s<n>`` (n = 1, 2, ...) that none of its players has played
(`server/src/command_table_start.go`, `getNextAvailableSeed`); a ``!seed`` table or a replay
names one. The server then (`server/src/game_deck.go`, `server/src/misc.go`):

1. lays out the variant's cards in order: suit by suit in the variant's suit order, and within
   a suit rank by rank (1 to 5, then START in Up or Down), each as many times as it has copies
   (`InitDeck`) — exactly the order of `Variant.deck`;
2. seeds Go's `math/rand` with the CRC-64 (ECMA polynomial) of the seed string, read as a
   signed 64-bit number (`setSeed`; a ``legacy-`` seed loses its first 9 bytes,
   ``legacy-N-``, first);
3. shuffles with ascending swaps, position ``i`` swapped with ``rand.Intn(i + 1)``
   (`ShuffleDeck`); the deck's first card is dealt first.

`deck` reproduces the three steps, so a bot can play, offline, the very decks people play on
hanab.live. The shuffle is Go's original generator (the additive lagged Fibonacci generator of
D. P. Mitchell and J. A. Reeds in Go's `math/rand/rng.go`), written here from its published
behaviour; its 607 seeding constants are data (`data/go-rng-cooked.txt`, BSD licence, see
`data/README.md`). Checked against decks exported from hanab.live and against Go itself.

```python
from hanabi_core.hanablive import deck, variant
cards = deck("p4v0s1")                     # 4 players, No Variant (id 0), seed 1
assert [str(card) for card in cards[:3]] == ["yellow 4", "yellow 1", "yellow 4"]
assert len(deck("p2v3s1")) == len(variant("Rainbow (6 Suits)").deck) == 60
```
"""

from __future__ import annotations

import re
from functools import cache

from ..cards import Card
from ..errors import InvalidDeck, brief
from ..variants import Variant
from .variants import HANAB_LIVE_VARIANTS, ID_PREFIX, _data
from .variants import variant as _variant_by_name

__all__ = ["deck", "permutation", "seed_name", "variant_of_seed"]

#: A seed as the server names it: ``p<players>v<variant id>s<number>``.
_SEED = re.compile(r"p([0-9]+)v([0-9]+)s([0-9]+)")
#: The longest seed string taken (the server's are a dozen characters).
_MAX_SEED_LENGTH = 1000

# Go's math/rand (rng.go): the register length, the tap, the seeding generator's modulus.
_LEN = 607
_TAP = 273
_M31 = (1 << 31) - 1
_MASK64 = (1 << 64) - 1
_MASK63 = (1 << 63) - 1
# The reflected ECMA-182 polynomial of Go's hash/crc64 (crc64.ECMA).
_CRC64_ECMA = 0xC96C5795D7870F42


def seed_name(players: int, variant: str | Variant, number: int) -> str:
    """The seed hanab.live gives the `number`-th deal of `variant` for `players` players.

    ```python
    from hanabi_core.hanablive import seed_name
    assert seed_name(4, "No Variant", 1) == "p4v0s1"
    assert seed_name(2, "Rainbow (6 Suits)", 7) == "p2v3s7"
    ```

    Raises:
        InvalidDeck: `players` or `number` is not a whole number of at least 0, or `variant` is
            not a hanab.live variant (field ``"seed"``).
    """
    for field, value in (("players", players), ("number", number)):
        if type(value) is not int or value < 0:
            raise InvalidDeck("seed", f"{field} must be a whole number, got {brief(value)}")
    return f"p{players}v{_variant_id(variant)}s{number}"


def variant_of_seed(seed: str) -> Variant:
    """The hanab.live variant a seed of the form ``p<players>v<id>s<n>`` names.

    Raises:
        InvalidDeck: the seed is not of that form, or no variant has that id (field ``"seed"``).
    """
    match = _SEED.fullmatch(seed) if isinstance(seed, str) else None
    if match is None:
        raise InvalidDeck(
            "seed",
            f"names no variant: a server seed reads p<players>v<variant id>s<n>, got {brief(seed)}",
        )
    name = _names_by_id().get(int(match[2]))
    if name is None:
        raise InvalidDeck("seed", f"hanab.live has no variant with the id {match[2]}")
    return _variant_by_name(name)


def deck(seed: str, variant: str | Variant | None = None) -> tuple[Card, ...]:
    """The deck hanab.live's server deals for `seed`, first card dealt first.

    Args:
        seed: the seed string, e.g. ``"p4v0s1"`` (any string the server takes, e.g. a replay's
            custom seed; a ``legacy-N-`` prefix is cut as the server cuts it).
        variant: the variant (a hanab.live name or a `Variant`); by default the one the seed
            names (``v<id>``). Any `Variant` is dealt in its `deck` order, which for a hanab.live
            variant is the server's.

    Raises:
        InvalidDeck: `seed` is not a string of UTF-8 text, or `variant` is not given and the
            seed names none (field ``"seed"``).
        InvalidOptions: `variant` is a name hanab.live does not have.
    """
    if not isinstance(seed, str) or len(seed) > _MAX_SEED_LENGTH:
        raise InvalidDeck("seed", f"a hanab.live seed is a short string, got {brief(seed)}")
    if variant is None:
        chosen = variant_of_seed(seed)
    elif isinstance(variant, Variant):
        chosen = variant
    else:
        chosen = _variant_by_name(variant)
    cards = chosen.deck
    return tuple(cards[k] for k in permutation(seed, len(cards)))


def permutation(seed: str, size: int) -> list[int]:
    """Where each card of the laid-out deck ends up: ``permutation(seed, n)[k]`` is the laid-out
    position of the card dealt `k`-th (`server/src/game_deck.go`, `ShuffleDeck`).

    Raises:
        InvalidDeck: `seed` is not a string of UTF-8 text (a lone surrogate is not), is a
            ``legacy-`` seed too short for the server's cut, or `size` is not a whole number
            (field ``"seed"``).
    """
    if not isinstance(seed, str) or len(seed) > _MAX_SEED_LENGTH:
        raise InvalidDeck("seed", f"a hanab.live seed is a short string, got {brief(seed)}")
    if type(size) is not int or not 0 <= size <= 10_000:
        raise InvalidDeck("seed", f"a deck size is a whole number to 10,000, got {brief(size)}")
    try:
        data = seed.encode()
    except UnicodeEncodeError:  # a lone surrogate: no string the server can be sent
        raise InvalidDeck("seed", f"a seed is UTF-8 text, got {brief(seed)}") from None
    if data.startswith(b"legacy-"):
        # server/src/misc.go, setSeed: Go slices the string's bytes, `seed[len("legacy-x-"):]`,
        # so the cut is 9 bytes (one byte of N), wherever that falls in a non-ASCII seed; a
        # shorter seed makes the slice panic there, so the server deals no deck for it.
        if len(data) < len(b"legacy-x-"):
            raise InvalidDeck("seed", f"hanab.live's server deals no deck for {brief(seed)}")
        data = data[len(b"legacy-x-") :]
    source = _GoSource(_signed64(_crc64_ecma(data)))
    cards = list(range(size))
    for i in range(size):
        j = source.intn(i + 1)  # rand.Intn(1) is drawn too: it moves the stream
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _variant_id(variant: str | Variant) -> int:
    if isinstance(variant, Variant):
        if variant.id.startswith(ID_PREFIX):
            name: object = variant.id[len(ID_PREFIX) :]
        else:  # one of the six variants hanab.live shares with the library (rule 9.8)
            shared = {ours: theirs for theirs, ours in HANAB_LIVE_VARIANTS.items()}
            name = shared.get(variant.id)
            if name is None:
                raise InvalidDeck("seed", f"{variant.id!r} is not a hanab.live variant")
    else:
        name = variant
    facts = _data()[0].get(name) if isinstance(name, str) else None
    if facts is None:
        raise InvalidDeck("seed", f"hanab.live has no variant named {brief(name)}")
    return int(facts["id"])


@cache
def _names_by_id() -> dict[int, str]:
    return {int(facts["id"]): name for name, facts in _data()[0].items()}


def _crc64_ecma(data: bytes) -> int:
    """Go's ``crc64.Checksum(data, crc64.MakeTable(crc64.ECMA))``: reflected, all ones in and
    out."""
    table = _crc_table()
    crc = _MASK64
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ _MASK64


@cache
def _crc_table() -> tuple[int, ...]:
    rows = []
    for index in range(256):
        crc = index
        for _ in range(8):
            crc = (crc >> 1) ^ _CRC64_ECMA if crc & 1 else crc >> 1
        rows.append(crc)
    return tuple(rows)


def _signed64(value: int) -> int:
    """Go's ``int64(value)`` for a uint64."""
    return value - (1 << 64) if value >> 63 else value


@cache
def _cooked() -> tuple[int, ...]:
    """Go's ``rngCooked``: the 607 seeding constants (data, see `data/README.md`)."""
    from importlib import resources  # noqa: PLC0415  (on first use)

    text = resources.files(__package__).joinpath("data/go-rng-cooked.txt").read_text("ascii")
    values = tuple(int(line) & _MASK64 for line in text.split())
    if len(values) != _LEN:  # a damaged installation, not a user's error
        raise RuntimeError(f"go-rng-cooked.txt holds {len(values)} numbers, not {_LEN}")
    return values


def _seed_step(x: int) -> int:
    """Go's ``seedrand``: one step of x ↦ 48271·x mod (2**31 − 1)."""
    return x * 48271 % _M31


class _GoSource:
    """Go's ``math/rand`` source as ``rand.Seed(seed)`` leaves it (rng.go: `Seed`, `Uint64`),
    with ``Intn`` for the bounds a deck needs (rand.go: `Intn`, `Int31n`, `Int31`)."""

    __slots__ = ("_feed", "_tap", "_vec")

    def __init__(self, seed: int) -> None:
        # Go's % truncates toward zero (the remainder takes the seed's sign); Seed then moves a
        # negative remainder into [0, M).
        seed = seed % _M31 if seed >= 0 else -(-seed % _M31)
        if seed < 0:
            seed += _M31
        if seed == 0:
            seed = 89482311
        x = seed
        for _ in range(20):
            x = _seed_step(x)
        cooked = _cooked()
        vec = [0] * _LEN
        for i in range(_LEN):
            x = _seed_step(x)
            u = (x << 40) & _MASK64
            x = _seed_step(x)
            u ^= (x << 20) & _MASK64
            x = _seed_step(x)
            u ^= x
            vec[i] = u ^ cooked[i]
        self._vec = vec
        self._tap = 0
        self._feed = _LEN - _TAP

    def _int31(self) -> int:
        self._tap = (self._tap - 1) % _LEN
        self._feed = (self._feed - 1) % _LEN
        value = (self._vec[self._feed] + self._vec[self._tap]) & _MASK64
        self._vec[self._feed] = value
        return (value & _MASK63) >> 32

    def intn(self, n: int) -> int:
        """``rand.Intn(n)`` for 0 < n < 2**31: ``Int31n``, rejecting the top partial range."""
        if n & (n - 1) == 0:
            return self._int31() & (n - 1)
        top = (1 << 31) - 1 - (1 << 31) % n
        value = self._int31()
        while value > top:
            value = self._int31()
        return value % n
