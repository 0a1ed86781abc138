"""Entry checks of `hanabi_core.hle`'s functions: an argument of the wrong kind (``None``, a dict
for a state) is refused with `InvalidArgument` naming it, never a bare `AttributeError`."""

from __future__ import annotations

from ..errors import InvalidArgument, brief
from ..options import Options
from ..state import GameState
from ..views import PlayerView

__all__ = ["need_options", "need_state", "need_view"]


def need_state(state: object) -> None:
    """Raises `InvalidArgument` unless `state` is a `GameState`."""
    if not isinstance(state, GameState):
        raise InvalidArgument("state", f"must be a GameState, got {brief(state)}")


def need_view(seen: object) -> None:
    """Raises `InvalidArgument` unless `seen` is a `PlayerView`."""
    if not isinstance(seen, PlayerView):
        raise InvalidArgument("view", f"must be a PlayerView, got {brief(seen)}")


def need_options(options: object) -> None:
    """Raises `InvalidArgument` unless `options` is an `Options`."""
    if not isinstance(options, Options):
        raise InvalidArgument("options", f"must be an Options, got {brief(options)}")
