"""The former path of `hanabi_core.quux.cheat`: kept for imports naming it."""

from ..quux.cheat import QuuxCheatBot

__all__ = [
    "QuuxCheatBot",
]
