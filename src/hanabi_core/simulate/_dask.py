"""`hanabi-core simulate --dask ADDRESS`: a running Dask scheduler as `simulate`'s executor."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..bots import BotFactory

__all__ = ["dask_executor", "send_by_value"]


@contextmanager
def dask_executor(address: str, timeout: float = 20.0) -> Iterator[tuple[Executor, int]]:
    """The executor of the Dask scheduler at `address` (``tcp://host:8786``) and its worker
    threads, connected for the block's length.

    Raises:
        ImportError: distributed is not installed (the message says how to install it).
        ValueError: no scheduler answered at `address` within `timeout` seconds, or it has no
            worker.
    """
    try:
        from distributed import Client  # noqa: PLC0415  (an optional extra)
    except ImportError:
        from .._support.extras import missing_extra  # noqa: PLC0415

        raise missing_extra("--dask", "dask[distributed]", "dask") from None
    try:
        connect: Any = Client  # distributed's types are partial
        client: Any = connect(address, timeout=timeout, set_as_default=False)
    except (OSError, ValueError, TypeError) as error:
        raise ValueError(
            f"no Dask scheduler answered at {address!r} within {timeout:g} s "
            f"({type(error).__name__}: {str(error)[:200]})"
        ) from None
    try:
        threads = sum(client.nthreads().values())
        if threads < 1:
            raise ValueError(f"the Dask scheduler at {address!r} has no worker")
        yield client.get_executor(), threads
    finally:
        client.close()


def send_by_value(factories: Iterable[BotFactory]) -> None:
    """Have cloudpickle send the modules of the bots given by path or by a module of the user's
    (not an installed package's) by value, so that a cluster's workers need only hanabi_core."""
    import cloudpickle  # noqa: PLC0415  (installed with distributed)

    for factory in factories:
        for found in _factories(factory):
            module = sys.modules.get(getattr(found, "__module__", "") or "")
            if module is None or module.__name__.split(".")[0] in ("hanabi_core", "__main__"):
                continue
            file = getattr(module, "__file__", None)
            if file is None or any(
                p in ("site-packages", "dist-packages") for p in Path(file).parts
            ):
                continue
            cloudpickle.register_pickle_by_value(module)


def _factories(factory: Any) -> list[Any]:
    """The factories inside a `NamedFactory` or a `Seats` table, and the factory itself."""
    inner = [factory]
    if hasattr(factory, "factory"):
        inner += _factories(factory.factory)
    for seat in getattr(factory, "factories", ()):
        inner += _factories(seat)
    return inner
