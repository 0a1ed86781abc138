"""How a turn of `LiveGame` ends: whose turn is next (rule 3.2) and whether the game ended
(section 7), as far as one seat can tell from what it sees.

The rules are the rules room's (`rules.effects.after_turn`, section 7 in rule 7.7's order); this
module gives it the facts the tracker holds, the seat's own cards unseen, and it says "cannot
tell" where a rule hangs on them (rules 7.4c and 7.6a); while its own cards lie face down in the
hole (rule 9.33) rules 7.6 and 7.6a are not asked. The server's next message settles what is
left open (`_ending.game_over_outcome`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..actions import Action
from ..cards import DealtCard
from ..rules import legal_actions_from  # the one statement of legality (sections 3 to 5)
from ..rules.effects import Table, after_turn  # the one statement of section 7
from ..views import HiddenClue, HiddenPlay
from .track import (
    LoggedTurn,
    Marks,
    Track,
    logged_actions,
    push_turn,
    with_fits,
)

if TYPE_CHECKING:
    from .live import LiveGame


__all__ = ["can_act", "end_turn"]


def end_turn(  # noqa: PLR0917
    game: LiveGame,
    track: Track,
    entry: LoggedTurn,
    draws: bool,
    hands: tuple[tuple[int, ...], ...],
    marks: tuple[tuple[Marks, ...], ...],
    faces: tuple[DealtCard | None, ...],
    seen: tuple[int, ...],
    built: tuple[int, ...],
    discards: tuple[DealtCard, ...],
    notes: int,
    storms: int,
    card: DealtCard | None,
    directions: tuple[int, ...],
    starts: tuple[int, ...],
) -> Track:
    """The turn order (rule 3.2) and the end of the game (section 7), as `rules.apply` has
    them, with the draw that is still to come (rule 6.5) counted in advance. `track` is the
    game before the turn, but for the hole's counters (rule 9.33), already the turn's."""
    options = game.options
    player = entry.player
    last_draw = draws and track.drawn + 1 == len(faces)
    if track.hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat knows the score (the fits),
        # not the fireworks: rules 7.1 to 7.3 need only the score (no Throw It in a Hole
        # variant reverses a suit); the server's gameOver says when rule 7.6 or 7.6a ends it
        # (`_ending`), so they are not asked here.
        table = Table(with_fits(built, track.hole_fits), discards, notes, storms)
        options, card = options.replace(end_at_max_reachable=False), None
    else:
        table = Table(built, discards, notes, storms, directions, starts)
    # The cards held after the turn as the seat sees them: its own unseen, and the draw still to
    # come (rule 6.5) unseen too; where one of them alone could decide rule 7.6a or 7.4c,
    # `after_turn` says undecided and the server's next message settles it. Only those two
    # rules read the hands (7.6a in the final round, 7.4c without a last round): other turns
    # build none.
    seen_hands: tuple[tuple[DealtCard | None, ...], ...] = ()
    if not options.last_round or (
        options.end_at_max_reachable and (track.turns_left is not None or last_draw)
    ):
        seen_hands = tuple(
            (None,) * len(hand) if s == game.seat else tuple(faces[o] for o in hand)
            for s, hand in enumerate(hands)
        )
        if draws:
            drawer = (*seen_hands[player], None)
            seen_hands = (*seen_hands[:player], drawer, *seen_hands[player + 1 :])
    turns_left, outcome, after, undecided = after_turn(
        options, table, track.turns_left, last_draw, card, seen_hands,
        (player + 1) % options.players,  # rule 3.2
        lambda s: can_act(game, s, hands, faces, notes, (entry.action, *logged_actions(track))),
    )  # fmt: skip
    log = track.log
    pending = None
    if draws:
        pending = entry
    else:
        log = push_turn(log, entry)
    return Track(
        hands, marks, faces, seen, track.drawn, built, discards, notes, storms,
        after, track.turn + 1, turns_left, outcome, log, pending, directions, starts,
        track.hole_unknown, track.hole_fits, undecided,
    )  # fmt: skip


def can_act(  # noqa: PLR0917
    game: LiveGame,
    seat: int,
    hands: tuple[tuple[int, ...], ...],
    faces: tuple[DealtCard | None, ...],
    notes: int,
    newest_first: tuple[Action | HiddenClue | HiddenPlay, ...],
) -> bool | None:
    """Whether `seat` has a legal action after the turn (rule 7.4c), decided by
    `rules.legal_actions_from` from the hands this seat sees; `None` when only a clue to this
    seat's own unseen cards could be legal, which it cannot tell (the server's next message
    will: `LiveGame` defers to it rather than guess)."""
    if hands[seat]:
        return True  # rule 6.1: a card to play
    own = game.seat
    seen = tuple(
        () if s == own else tuple(cast(DealtCard, faces[o]) for o in hand)
        for s, hand in enumerate(hands)
    )
    logged = tuple(a for a in newest_first if not isinstance(a, (HiddenClue, HiddenPlay)))
    if legal_actions_from(game.options, seat, 0, seen, notes, iter(logged)):
        return True  # an action that touches no unseen card
    if seat == own or not hands[own]:
        return False
    # Only a clue to this seat could be legal, if it touches one of its unseen cards: try its
    # hand as cards that every clue touching some card of the variant touches; no such clue
    # legal, then surely none.
    colours = ranks = 0
    for bits in game._v.colour_bits:
        colours |= bits
    for bits in game._v.rank_bits:
        ranks |= bits
    wild = (DealtCard(-1, "?", 0, 0, colours, ranks),) * len(hands[own])
    seen = (*seen[:own], wild, *seen[own + 1 :])
    return None if legal_actions_from(game.options, seat, 0, seen, notes, iter(logged)) else False
