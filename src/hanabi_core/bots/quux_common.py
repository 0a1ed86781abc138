"""The former path of `hanabi_core.quux.common`: kept for imports naming it."""

from ..quux.common import (
    QuuxBot,
    QuuxObserver,
    check_quux_variant,
    plays_quux_variant,
    quux_options_refusal,
)

__all__ = [
    "QuuxBot",
    "QuuxObserver",
    "check_quux_variant",
    "plays_quux_variant",
    "quux_options_refusal",
]
