"""How `LiveGame`'s game ends as hanab.live's server says it: the ``gameOver`` message read
against the rules (rule 7.5 for a game stopped from outside; rules 7.4c, 7.6a and 9.33 where
the seat cannot tell the end itself and the server can), and the ``cardIdentities`` shown once
it is over (rule 9.33: the seat's own cards in the hole).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..options import Options
from ..rules.dead_hands import dead_hands_outcome
from ..rules.effects import no_legal_action
from ..scoring import max_points
from ..spec import Rule
from ..state import EndReason, Outcome
from ._checks import check_revealed
from ._messages_in import face_of
from .protocol import (
    ALL_OR_NOTHING_FAIL,
    ALL_OR_NOTHING_SOFTLOCK,
    END_CONDITION,
    NORMAL,
    STOPPED,
    Desync,
    field_int,
)
from .track import Track, hole_score, rebuilt

if TYPE_CHECKING:
    from .live import LiveGame

__all__ = ["game_over_outcome", "revealed"]


def game_over_outcome(options: Options, track: Track, condition: int, index: int) -> Outcome:
    """How the game ended, by hanab.live's ``gameOver`` end `condition` and by the rules (rule 7.5
    for a game stopped from outside; rules 7.4c and 9.33 where the seat cannot tell the end
    itself, and the server can).

    Raises:
        Desync: the rules and the server disagree (message `index`).
    """
    outcome = track.outcome
    if outcome is not None:
        expected = END_CONDITION.get(outcome.reason)
        if condition != expected:
            raise Desync(
                index,
                "endCondition",
                f"the game ended by {outcome.reason.value} (hanab.live's {expected}), "
                f"not {condition}",
            )
    elif condition in STOPPED:
        # Rule 7.5: stopped from outside (a timeout, a termination, a vote), scored 0.
        outcome = Outcome(EndReason.ABANDONED, 0, max_points(options), Rule.ABANDONED)
    elif condition == NORMAL and track.undecided and options.last_round:
        # Rule 7.6a: no card this seat sees with a player still to move can be played, and the
        # server saw that its own (or the card still to be drawn) cannot either.
        outcome = dead_hands_outcome(options, track.built)
    elif condition == ALL_OR_NOTHING_SOFTLOCK and track.undecided:
        # Rule 7.4c: the seat to move had nothing legal to do, which this seat could not see.
        outcome = no_legal_action(options)
    elif condition in (NORMAL, ALL_OR_NOTHING_FAIL) and track.hole_unknown:
        # Rule 9.33: with cards of its own in the hole the seat cannot tell when nothing is
        # left to build (rule 7.6) or, without a last round, when the maximum is out of reach
        # (rule 7.4b, scored 0); the server can, and says so.
        if condition == NORMAL:
            score = hole_score(track.built, track.hole_fits)
            reason, rule = EndReason.NOTHING_LEFT_TO_BUILD, Rule.NOTHING_LEFT_TO_BUILD
        else:
            score, reason, rule = 0, EndReason.MAX_SCORE_UNREACHABLE, Rule.NO_LAST_ROUND
        outcome = Outcome(reason, score, max_points(options), rule)
    elif condition == NORMAL:
        # The rules end every game hanab.live ends normally (rule 7.6 included), so the view's
        # outcome always agrees with the server's ending.
        why = "the game ended normally, but by the rules it goes on"
        if not options.end_at_max_reachable:
            why += (
                " under these options; hanab.live ends a game once nothing is left to build "
                "(rule 7.6: end_at_max_reachable=True, as in the hanab-live preset)"
            )
        raise Desync(index, "endCondition", why)
    else:
        raise Desync(index, "endCondition", f"end condition {condition}, but the game goes on")
    return outcome


def revealed(game: LiveGame, identities: Sequence[Mapping[str, Any]]) -> Track:
    """The tracker of `game` with every card's face known, from ``cardIdentities`` (see
    `LiveGame.reveal`).

    Raises:
        Desync: the game is not over, or the identities contradict a card the seat saw.
    """
    index = game.received
    if not game.is_over:
        raise Desync(index, "cardIdentities", "the cards are shown once the game is over")
    t = game._t
    if not isinstance(identities, Sequence) or len(identities) != len(t.faces):
        raise Desync(index, "cardIdentities", f"must list the {len(t.faces)} cards")
    faces = list(t.faces)
    deal = []
    for order, item in enumerate(identities):
        if not isinstance(item, Mapping):
            raise Desync(index, f"cardIdentities[{order}]", "must be an object")
        suit = field_int(item, "suitIndex", index)
        rank = field_int(item, "rank", index)
        card, _ = face_of(game, suit, rank, order, index)
        deal.append(card)
        if order >= t.drawn:
            continue  # still in the deck: shown, but no part of the game's tracking
        known = faces[order]
        if known is not None and known != card:
            raise Desync(index, f"cardIdentities[{order}]", f"card {order} is {known.card}")
        if known is None and not any(order in hand for hand in t.hands):
            faces[order] = card  # a card of the seat's own, in the hole
    # Rules 1.2, 6.2 and 9.33: the faces must be the variant's copies and fit the plays.
    check_revealed(game.options, t, faces, index)
    # The fireworks and the discard pile (misplays in turn order), built again from the log.
    built, discards = rebuilt(t, faces)
    return t._replace(
        faces=tuple(faces),
        built=built,
        discards=discards,
        hole_unknown=0,
        hole_fits=0,
        deal=tuple(deal),
    )
