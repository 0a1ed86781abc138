"""The former path of `hanabi_core.quux.info`: kept for imports naming it."""

from ..quux.info import QuuxInfoBot

__all__ = [
    "QuuxInfoBot",
]
