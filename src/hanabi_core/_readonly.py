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
    """A mapping with no way to change it; equal to any mapping with the same items."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[K, V]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._data,))
