"""Checks `LiveGame` makes of what a message claims about the seat's own cards (issue 25, M2 and
M3), kept apart from the tracker so that they read the tracker's state and change nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Discard, Play
from ..cards import DealtCard
from ..options import Options
from ..rules.tables import FACES_PER_SUIT, face_index, variant_tables
from ..views import HiddenPlay
from ._track import _oldest_first, _Track
from .protocol import Desync

__all__ = ["check_revealed", "left_mask"]


def left_mask(copies: Sequence[int], seen: Sequence[int]) -> int:
    """The face mask (bit `f` for face index `f`) of the faces with a copy the seat has not seen:
    what one of its own unknown cards may still be (rule 12.4)."""
    mask = 0
    for face, (total, shown) in enumerate(zip(copies, seen, strict=True)):
        if total > shown:
            mask |= 1 << face
    return mask


def check_revealed(
    options: Options, track: _Track, faces: Sequence[DealtCard | None], index: int
) -> None:
    """Whether the faces `LiveGame.reveal` was given agree with the game: no more copies of a face
    than the variant has (rule 1.2), and each card that went into the hole (rule 9.33) fitted its
    firework then exactly when the server said it did (``play`` against ``discard`` with
    ``failed``: rule 6.2).

    Raises:
        Desync: the first card at fault, as ``cardIdentities[order]``.
    """
    variant = options.variant
    tables = variant_tables(variant)
    copies = [0] * (len(variant.suits) * FACES_PER_SUIT)
    for printed in variant.deck:
        copies[face_index(variant.suit_names.index(printed.suit), printed.rank)] += 1
    for given in faces:
        if given is None:
            continue
        face = face_index(given.suit_index, given.rank)
        copies[face] -= 1
        if copies[face] < 0:
            raise Desync(
                index,
                f"cardIdentities[{given.order}]",
                f"the variant has no more copies of {given.card} (rule 1.2)",
            )
    # Rule 9.33a: Throw It in a Hole is never Up or Down nor Sudoku: a firework grows along its
    # suit's build order (rule 6.2), which `next_rank` states.
    built = [0] * len(variant.suits)
    for entry in _oldest_first(track):
        action = entry[2]
        card: DealtCard | None
        if isinstance(action, HiddenPlay):
            card = faces[entry[3][0]]
        elif isinstance(action, (Play, Discard)):
            card = entry[5]
        else:
            continue
        if card is None:
            continue
        suit = card.suit_index
        fits = tables.next_rank[suit][built[suit]] == card.rank
        if isinstance(action, HiddenPlay):
            if fits == bool(entry[6]):
                said = "missed" if entry[6] else "fitted"
                raise Desync(
                    index,
                    f"cardIdentities[{card.order}]",
                    f"{card.card} {'fits' if fits else 'does not fit'} its firework then, "
                    f"but the server said it {said} (rules 6.2 and 9.33)",
                )
            if fits:
                built[suit] += 1
        elif not entry[6] and (type(action) is Play) != card.inverted:
            built[suit] += 1
