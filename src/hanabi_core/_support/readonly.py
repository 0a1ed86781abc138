"""A read-only mapping that pickles and deep-copies.

`types.MappingProxyType` cannot be pickled, so a frozen value that held one could not be sent to
a worker process or deep-copied. This wrapper can: it pickles as the dict it wraps.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["ReadOnlyMap"]


class ReadOnlyMap(Mapping[K, V], Generic[K, V]):
    """A mapping with no way to change it; equal to any mapping with the same items.

    `ReadOnlyMap.of_pairs` builds one from ``(key, value)`` pairs whose dict is made on first
    use: a view builds one per distinct clue knowledge at every turn and most are never read
    (`CardKnowledge.identities`). The dict is the same either way, and so are equality, pickling
    and copying, which read the items.
    """

    __slots__ = ("_data",)

    _data: dict[K, V]

    def __init__(self, data: Mapping[K, V]) -> None:
        self._data = dict(data)

    @staticmethod
    def of_pairs(pairs: tuple[tuple[K, V], ...]) -> ReadOnlyMap[K, V]:
        """The mapping of `pairs` (each key once), its dict built when first read."""
        return _PairsMap(pairs)

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyMap, (dict(self.items()),))


class _PairsMap(ReadOnlyMap[K, V]):
    """`ReadOnlyMap.of_pairs`: the dict is made from the pairs on first read, so that the plain
    `ReadOnlyMap`'s reads carry no check."""

    __slots__ = ("_pairs",)

    def __init__(self, pairs: tuple[tuple[K, V], ...]) -> None:
        # Not `ReadOnlyMap.__init__`: `_data` is made on first read (`_items`).
        self._pairs = pairs

    def _items(self) -> dict[K, V]:
        try:
            return self._data
        except AttributeError:
            self._data = data = dict(self._pairs)
            return data

    def __getitem__(self, key: K) -> V:
        return self._items()[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __contains__(self, key: object) -> bool:
        return key in self._items()

    def __repr__(self) -> str:
        return repr(self._items())
