"""hanab.live's game messages, as its server sends them to a seat, and the error for a bad one.

The messages, as hanab.live's server builds them (learnt from its GPL source, cited by path, none
of it copied: ``server/src/actions.go`` for the fields, ``server/src/command_action.go`` and
``server/src/game_player.go`` for their order, ``server/src/actions_scrub.go`` for what a seat is
not shown):

- ``draw {playerIndex, order, suitIndex, rank}``: the deal (seat 0's block first), then after a
  play or a discard while cards are left; ``suitIndex`` and ``rank`` are −1 for the seat's own card;
- ``clue {giver, target, clue: {type: 0 colour | 1 rank, value}, list, turn}``: ``list`` holds the
  orders touched, and a colour's ``value`` indexes the variant's clue colours (sent to every seat
  even in Cow & Pig and Duck, whose client hides it: the view hides it, rules 9.30 and 9.31);
- ``play {playerIndex, order, suitIndex, rank}``: a card that extended its firework;
- ``strike {num, order, turn}`` then ``discard {…, failed: true}``: a misplay;
- ``discard {playerIndex, order, suitIndex, rank, failed: false}``: a discard;
- (these three say what befell the card: for a card of an inverted suit the player pressed the
  other button, rule 9.13, and the tracker logs that action, as `apply` does;)
- in Throw It in a Hole (rule 9.33) a ``play`` and a ``discard`` with ``failed`` true reach every
  seat with ``suitIndex`` and ``rank`` −1 (``ActionPlay.Scrub``, ``ActionDiscard.Scrub``); the
  ``strike`` and the ``status`` score are sent as always and the client hides them, as the view
  does. The tracker knows the face when another seat held the card; for the seat's own it counts
  the score and Storms from the messages, leaves the end by rule 7.6 (or 7.4b) to the server's
  ``gameOver``, and learns the faces from the ``cardIdentities`` the server sends after the game
  (``server/src/game_end.go``), given to `LiveGame.reveal`;
- ``status {clues, score, maxScore}`` (``clues`` in half Notes in Clue Starved, as the server
  counts them, ``server/src/variant.go`` ``GetAdjustedClueTokens``, and as
  `GameState.notes` does, rule 9.25), then ``gameOver {endCondition, playerIndex, votes}`` when
  the game ends, then ``turn {num, currentPlayerIndex}`` (−1 once over): after every action.

A ``gameOver`` must agree with the rules (the `hanab-live` preset's, with rule 7.6's early end):
``endCondition`` normal (1) after an ending that scores the fireworks, strikeout (2) after the
last Storm, the "All or Nothing" conditions (8, 9) after rules 7.4b and 7.4c. Only a game stopped
from outside (4, 3, 6, 10: rule 7.5) may end while the rules go on; it ends abandoned.

``status``, ``turn`` and ``strike`` only confirm what the tracker derives itself, so it accepts them
anywhere between the action they follow and the next one (before or after the draw); ``maxScore``
(hanab.live's count of the points still reachable) is not a rule of this library and is not checked.
A clue's ``turn`` is checked when present; the client-side ``ignoreNegative`` flag is ignored (the
server never sets it in a game). ``playerTimes`` and the note messages are accepted and ignored. A
deck play (hanab.live's ``deckPlays`` option) is not supported: it arrives as a desync.
"""

from __future__ import annotations

from ..state import EndReason
from . import records as _records
from .wire import _Refusal

__all__ = ["Desync"]

#: hanab.live's end conditions (``endCondition`` of ``gameOver``).
NORMAL, STRIKEOUT, TIMEOUT, SPEEDRUN_FAIL, IDLE_TIMEOUT = 1, 2, 3, 5, 6
CHARACTER_SOFTLOCK, ALL_OR_NOTHING_FAIL, ALL_OR_NOTHING_SOFTLOCK = 7, 8, 9
TERMINATED, TERMINATED_BY_VOTE = _records.TERMINATED, _records.TERMINATED_BY_VOTE  # 4 and 10
#: The end conditions of a game stopped from outside the rules (rule 7.5).
STOPPED = frozenset({TIMEOUT, TERMINATED, IDLE_TIMEOUT, TERMINATED_BY_VOTE})
#: Our reason for the end → hanab.live's end condition.
END_CONDITION = {
    EndReason.STORM_OUT: STRIKEOUT,
    EndReason.ALL_FIREWORKS: NORMAL,
    EndReason.FINAL_ROUND: NORMAL,
    EndReason.NOTHING_LEFT_TO_BUILD: NORMAL,  # rule 7.6: hanab.live's own early end
    EndReason.MAX_SCORE_UNREACHABLE: ALL_OR_NOTHING_FAIL,
    EndReason.NO_LEGAL_ACTION: ALL_OR_NOTHING_SOFTLOCK,
}
#: Messages that carry nothing the rules need (timers, notes, spectators' efficiency modifier).
IGNORED = frozenset(
    {"playerTimes", "editNote", "receiveNote", "noteList", "noteListPlayer", "setEffMod"}
)
#: What a seat is shown of its own cards: suitIndex and rank −1.
HIDDEN = -1


class Desync(_Refusal):
    """A hanab.live message that contradicts what the game has seen, or is malformed.

    The game it was sent to is unchanged (every `LiveGame` is a frozen value).

    Attributes:
        index: the message's index: how many messages the game had received before it.
        field: the field at fault, e.g. ``"order"``, ``"clue.value"``, ``"list"``.
        reason: the plain-words sentence.
    """

    def __init__(self, index: int, field: str, reason: str) -> None:
        self.index = index
        super().__init__(index, field, reason, f"Message {index}, field {field!r}: {reason}")
