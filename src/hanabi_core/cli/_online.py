"""What the two hanab.live commands, `live` (`_live.py`) and `serve` (`_serve.py`), share: how
they refuse their input and how they log."""

from __future__ import annotations

import logging
import sys

__all__ = ["BAD_INPUT", "log", "refuse"]

#: The exit code of input the command cannot use (the command line's code for it).
BAD_INPUT = 2


def refuse(message: str) -> int:
    """Print ``hanabi-core: message`` on standard error; return `BAD_INPUT`."""
    print(f"hanabi-core: {message}", file=sys.stderr)
    return BAD_INPUT


def log(verbose: bool) -> None:
    """Log to standard error with the time and level: every frame (DEBUG) when `verbose`, else
    INFO."""
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
