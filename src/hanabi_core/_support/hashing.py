"""Hashes that do not change between processes: `None` stands in as a constant (issue 25).

On CPython before 3.12, `hash(None)` is the object's address, which differs from one process to
the next even with `PYTHONHASHSEED` fixed; every attrs-generated `__hash__` over a field holding
`None` (an optional field, or a tuple with a hidden hand in it) inherits that. Strings, numbers and
enums (whose hash is their name's) are stable under a fixed `PYTHONHASHSEED`, so replacing `None`
by `ABSENT`, a value whose hash is a constant, is all that is needed.

The fields that may hold `None` take `none_key` (or `none_items_key`) as their attrs `eq` key:
attrs then compares and hashes `key(value)` for them. Each key maps `None` to `ABSENT` and every
other value to itself, so two values have equal keys exactly when they are equal: equality is
unchanged, only the hash is stable. Nothing is stored: the keys are computed when a hash or a
comparison is asked for, never when a value is built (`apply` and `view` build one a turn).
"""

from __future__ import annotations

from typing import Any, Final, final

__all__ = ["ABSENT", "none_items_key", "none_key"]


@final
class _Absent:
    """The stand-in for `None` in a key: equal only to itself, with a constant hash."""

    __slots__ = ()

    def __hash__(self) -> int:
        return 0x4E6F6E65  # "None" in ASCII: any constant will do

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"  # the one instance, through this module's global


#: What `None` hashes as in a key.
ABSENT: Final = _Absent()


def none_key(value: Any) -> Any:
    """`ABSENT` for `None`, `value` itself otherwise: an attrs `eq` key for an optional field."""
    return ABSENT if value is None else value


def none_items_key(value: Any) -> Any:
    """`value` with each `None` item (one level down, as a view's hidden hand) replaced by
    `ABSENT`; `none_key` of `value` when it is not a tuple."""
    if value is None:
        return ABSENT
    if type(value) is tuple and None in value:
        return tuple(ABSENT if item is None else item for item in value)
    return value
