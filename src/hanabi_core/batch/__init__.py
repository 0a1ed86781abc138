"""Thousands of HLE games at once, as arrays: the batch engine (NumPy, and JAX).

Install the `batch` extra (`pip install -e ".[batch]"` from a clone, `pip install
"hanabi-core[batch]"` once released: NumPy); the JAX twin
[`hanabi_core.batch.jax`][hanabi_core.batch.jax] needs the `jax` extra. With Gymnasium
installed (the `rl` extra), importing this module registers
[`VectorEnv`][hanabi_core.batch.VectorEnv] for ``gymnasium.make_vec("hanabi_core/Hanabi-v0",
num_envs=N, **config)``.
"""

from __future__ import annotations

from .._support.extras import missing_extra

try:
    import numpy  # noqa: F401
except ImportError as error:  # pragma: no cover - the extra is missing
    raise missing_extra("hanabi_core.batch", "NumPy", "batch") from error

from ._core import BatchState
from .engine import Engine, check_options
from .vector import BatchParallelEnv, ParallelEnv, VectorEnv, register_gymnasium

__all__ = ["BatchParallelEnv", "BatchState", "Engine", "ParallelEnv", "VectorEnv", "check_options"]

register_gymnasium()  # gymnasium.make_vec("hanabi_core/Hanabi-v0", ...), when Gymnasium is here
