"""How a turn of `LiveGame` ends: whose turn is next (rule 3.2) and whether the game ended
(section 7), as far as one seat can tell from what it sees.

The rules are the rules room's (`rules.effects.end_of_turn`, `seat_to_move`, `no_legal_action`,
`rules.dead_hands`); this module gives them the facts the tracker holds, and says "cannot tell"
where a rule hangs on the seat's own unseen cards (rules 7.4c and 7.6a, and 9.33 while its own
cards lie face down in the hole): the server's next message settles it
(`_ending.game_over_outcome`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..actions import Action
from ..cards import DealtCard
from ..rules import legal_actions_from  # the one statement of legality (sections 3 to 5)
from ..rules.dead_hands import dead_hands_outcome, playable_now, still_to_move, waits
from ..rules.effects import (  # the one statement of a turn's effects (sections 5 to 7)
    Table,
    end_of_turn,
    no_legal_action,
    seat_to_move,
)
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
        # variant reverses a suit); the server's gameOver says when rule 7.6 ends it.
        scored = with_fits(built, track.hole_fits)
        table = Table(scored, discards, notes, storms)
        turns_left, outcome = end_of_turn(options, table, track.turns_left, last_draw, None)
    else:
        table = Table(built, discards, notes, storms, directions, starts)
        turns_left, outcome = end_of_turn(options, table, track.turns_left, last_draw, card)
    after = (player + 1) % options.players  # rule 3.2
    undecided = False
    if (
        outcome is None
        and turns_left
        and options.end_at_max_reachable
        and not track.hole_unknown  # rule 9.33: the server's gameOver says (`_ending`)
    ):
        # Rule 7.6a: in the final round only the hands of players still to move count. The
        # seat's own cards, and a card still to be drawn, are unseen: if one of them alone
        # could decide, the server's next message does.
        seats = still_to_move(options.players, after, turns_left)
        held = (cast(DealtCard, faces[o]) for s in seats if s != game.seat for o in hands[s])
        if not playable_now(options, table, held):
            unseen = (game.seat in seats and hands[game.seat]) or (draws and player in seats)
            if unseen:
                undecided = True
            else:
                outcome = dead_hands_outcome(options, built)
    if (
        outcome is None
        and not options.last_round
        and not hands[after]
        and not waits(options, notes)  # rule 7.4c under "wait": the game goes on
    ):
        # Rule 7.4c, no last round: a seat with an empty hand may have nothing to do.
        newest = (entry.action, *logged_actions(track))
        seat, ends = seat_to_move(
            options, after, lambda s: can_act(game, s, hands, faces, notes, newest)
        )
        if ends:
            outcome = no_legal_action(options)
        else:
            after, undecided = seat, ends is None
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
