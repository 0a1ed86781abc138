"""`frozen_builder(cls)`: build a frozen attrs instance without its generated `__init__`.

attrs' `__init__` of a frozen slotted class writes each field through a bound
`object.__setattr__` and runs its validators and converters; the hot paths (`apply` builds a
`GameState` a turn, `view` a `SeenTurn` a turn and a `CardKnowledge` a card, `LiveGame` itself a
message) already hold values of the right types, so they write the slots through their descriptors
instead, at about half the cost. The instance is just as frozen afterwards, and equal to the one
`__init__` would build. This is the one copy of that workaround.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from attrs import NOTHING, Factory, fields

__all__ = ["frozen_builder"]

_T = TypeVar("_T")


def frozen_builder(cls: type[_T]) -> Callable[..., _T]:
    """A function taking `cls`'s fields positionally, in their order (or by their attribute
    names), that returns the instance with those fields, without running `__init__`, validators or
    converters. A field with a plain default may be left out; one with a factory may not.

    ```python
    from attrs import frozen
    from hanabi_core._support.fast import frozen_builder

    @frozen
    class Point:
        x: int
        y: int = 0

    point = frozen_builder(Point)
    assert point(1, 2) == Point(1, 2) and point(3) == Point(3, 0)
    ```
    """
    names = [a.name for a in fields(cls)]  # type: ignore[arg-type]
    params = []
    defaults: dict[str, object] = {}
    for a in fields(cls):  # type: ignore[arg-type]
        if a.default is NOTHING or isinstance(a.default, Factory):  # type: ignore[arg-type]
            params.append(a.name)
        else:
            defaults[f"_default_{a.name}"] = a.default
            params.append(f"{a.name}=_default_{a.name}")
    setters = {f"_set_{name}": cls.__dict__[name].__set__ for name in names}
    # Generated like attrs' own `__init__`: the setters are the enclosing function's locals, so the
    # builder reads them as closure cells (cheaper than globals); one line a field, no loop.
    outer = ", ".join(["_new", "_cls", *setters, *defaults])
    body = "".join(f"        _set_{name}(obj, {name})\n" for name in names)
    source = (
        f"def _make({outer}):\n"
        f"    def build({', '.join(params)}):\n"
        f"        obj = _new(_cls)\n{body}"
        f"        return obj\n"
        f"    return build\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<frozen_builder {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., _T] = namespace["_make"](
        object.__new__, cls, *setters.values(), *defaults.values()
    )
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = (
        f"`{cls.__name__}(...)` without `__init__` (see `_support.fast.frozen_builder`)."
    )
    return build
