"""Checks `LiveGame` makes of what a message claims about the seat's own cards (issue 25, M2 and
M3), and the refusal of an action the seat may not send (`LiveGame.action_message`), kept apart
from the tracker so that they read the tracker's state and change nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..actions import Discard, Play
from ..cards import DealtCard
from ..options import Options
from ..rules import legality
from ..rules.tables import face_index, variant_tables
from ..spec import Rule
from ..state import Fate, card_fate
from ..views import HiddenPlay
from .protocol import Desync
from .track import Track, live_tables, logged_actions, oldest_first

if TYPE_CHECKING:
    from .live import LiveGame

__all__ = ["check_revealed", "left_mask", "refusal"]


def left_mask(copies: Sequence[int], seen: Sequence[int]) -> int:
    """The face mask (bit `f` for face index `f`) of the faces with a copy the seat has not seen:
    what one of its own unknown cards may still be (rule 12.4)."""
    mask = 0
    for face, (total, shown) in enumerate(zip(copies, seen, strict=True)):
        if total > shown:
            mask |= 1 << face
    return mask


def check_revealed(
    options: Options, track: Track, faces: Sequence[DealtCard | None], index: int
) -> None:
    """Whether the faces `LiveGame.reveal` was given agree with the game: no more copies of a face
    than the variant has (rule 1.1), and each card that went into the hole (rule 9.33) fitted its
    firework then exactly when the server said it did (``play`` against ``discard`` with
    ``failed``: rule 6.2).

    Raises:
        Desync: the first card at fault, as ``cardIdentities[order]``.
    """
    variant = options.variant
    tables = variant_tables(variant)
    copies = list(live_tables(variant).copies)
    for given in faces:
        if given is None:
            continue
        face = face_index(given.suit_index, given.rank)
        copies[face] -= 1
        if copies[face] < 0:
            raise Desync(
                index,
                f"cardIdentities[{given.order}]",
                f"the variant has no more copies of {given.card} (rule 1.1)",
            )
    # Rule 9.33a: Throw It in a Hole is never Up or Down nor Sudoku: a firework grows along its
    # suit's build order (rule 6.2), which `next_rank` states.
    built = [0] * len(variant.suits)
    for entry in oldest_first(track):
        action = entry.action
        card: DealtCard | None
        if isinstance(action, HiddenPlay):
            card = faces[entry.touched[0]]
        elif isinstance(action, (Play, Discard)):
            card = entry.card
        else:
            continue
        if card is None:
            continue
        suit = card.suit_index
        fits = tables.next_rank[suit][built[suit]] == card.rank
        if isinstance(action, HiddenPlay):
            if fits == bool(entry.misplay):
                said = "missed" if entry.misplay else "fitted"
                raise Desync(
                    index,
                    f"cardIdentities[{card.order}]",
                    f"{card.card} {'fits' if fits else 'does not fit'} its firework then, "
                    f"but the server said it {said} (rules 6.2 and 9.33)",
                )
            if fits:
                built[suit] += 1
        elif card_fate(action, card, bool(entry.misplay)) is Fate.BUILT:  # rule 9.13
            built[suit] += 1


def refusal(game: LiveGame, action: object) -> tuple[Rule, str]:
    """The first rule `action` breaks, in rule order as `rules.check` finds it, and why, in
    `check`'s sentence (for `LiveGame.action_message`): rules 3.3 and 3.2 here, the rest by
    `rules.legality.refusal` from what the seat sees (its own hand unseen, which no clue of its
    own touches)."""
    seat, track = game.seat, game._t
    if game.is_over:
        return Rule.NO_ACTION_AFTER_THE_END, f"Cannot {action}: the game is over"
    if not game.is_my_turn:
        return Rule.TURN_ORDER, f"Cannot {action}: it is not seat {seat}'s turn"
    faces = track.faces
    hands = tuple(
        None if s == seat else tuple(cast(DealtCard, faces[order]) for order in hand)
        for s, hand in enumerate(track.hands)
    )
    found = legality.refusal(
        game.options,
        seat,
        len(track.hands[seat]),
        hands,
        track.notes,
        logged_actions(track),
        action,
    )
    assert found is not None  # only an action `legal_actions` leaves out is asked about
    return found.rule, found.reason
