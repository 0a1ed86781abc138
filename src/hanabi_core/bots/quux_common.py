"""The former path of `hanabi_core.quux.common`: kept for imports naming it."""

from ..quux.common import *  # noqa: F403  (the names of its `__all__`)
