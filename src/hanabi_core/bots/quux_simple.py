"""The former path of `hanabi_core.quux.simple`: kept for imports naming it."""

from ..quux.simple import QuuxSimpleBot

__all__ = [
    "QuuxSimpleBot",
]
