"""The former path of `hanabi_core.quux.smart`: kept for imports naming it."""

from ..quux.smart import QuuxSmartBot

__all__ = [
    "QuuxSmartBot",
]
