"""The messages a seat received in a recorded game: [`messages`][hanabi_core.hanablive.messages].

The server's side of [`hanablive.protocol`][hanabi_core.hanablive.protocol], played back from a
[`GameRecord`][hanabi_core.GameRecord], so that a bot can be tested offline against real records.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ..actions import ColourClue, RankClue
from ..cards import RANKS, DealtCard
from ..errors import InvalidOptions
from ..rules.reach import reachable, sudoku_reach
from ..rules.tables import variant_tables
from ..state import EndReason, Fate, GameState
from . import wire
from .protocol import END_CONDITION, HIDDEN, TERMINATED, TERMINATED_BY_VOTE

if TYPE_CHECKING:
    from ..records import GameRecord

__all__ = ["messages"]


def messages(record: GameRecord, seat: int) -> tuple[wire.GameActionItem, ...]:
    """The game actions seat `seat` received in the game of `record`, in the server's order, typed
    as [`wire.parse`][hanabi_core.hanablive.wire.parse] reads them (`action.raw()` is the
    server's JSON object).

    The deal's draws come first; then, for each action: its message (a misplay is a ``strike``
    and a ``discard`` with ``failed`` true), the ``draw`` that follows a play or a discard, a
    ``status``, a ``gameOver`` when the game ends, and a ``turn``. Draws to `seat` are hidden
    (``suitIndex`` and ``rank`` −1). A record ended by the server or a vote (rule 7.5) ends with
    hanab.live's ``gameOver`` for it.

    Args:
        record: a [`GameRecord`][hanabi_core.GameRecord] (e.g. from
            [`read_record`][hanabi_core.read_record]); its variant must exist on hanab.live.
        seat: the seat receiving the messages.

    Raises:
        InvalidOptions: `seat` is not a seat of the game.
        IllegalAction: the record has an action the rules forbid.

    ```python
    from hanabi_core import GameRecord, Options, legal_actions, new_game, apply, view
    from hanabi_core.hanablive import LiveGame, messages

    state = new_game(Options(3), seed=5)
    for _ in range(12):
        state = apply(state, legal_actions(state)[-1])
    record = GameRecord.from_state(state)
    game = LiveGame.from_options(record.options, seat=2).receive_all(messages(record, 2))
    assert game.view == view(state, 2)
    ```
    """
    states = list(record.states())
    first = states[0]
    options = first.options
    if type(seat) is not int or not 0 <= seat < options.players:
        raise InvalidOptions(
            "seat", f"must be a seat from 0 to {options.players - 1}, got {seat!r}"
        )
    variant = options.variant
    out: list[wire.GameActionItem] = [
        _draw_message(player, card, seat)
        for player, hand in enumerate(first.hands)
        for card in hand
    ]
    # The server lowers its maxScore when a play or discard lowers the count, never raises it
    # (server/src/game_player.go, PlayCard and DiscardCard): a running minimum.
    best = variant.max_score
    for before, after in pairwise(states):
        if after.turn == before.turn:  # the record was abandoned (rule 7.5)
            abandoned = record.abandoned
            assert abandoned is not None
            vote = abandoned.by == "vote"
            code = abandoned.code or (TERMINATED_BY_VOTE if vote else TERMINATED)
            out.append(_status_message(after, best))
            seat_of = -1 if abandoned.seat is None else abandoned.seat
            out.append(wire.GameOver(code, seat_of, None))
            out.append(wire.Turn(after.turn + 1, -1))
            break
        turn = after.last_turn
        assert turn is not None
        action = turn.action
        if isinstance(action, (ColourClue, RankClue)):
            if isinstance(action, ColourClue):
                kind, value = 0, variant.clue_colours.index(action.colour)
            else:
                kind, value = 1, action.rank
            out.append(
                wire.Clue(turn.player, action.target, kind, value, turn.touched, turn.number)
            )
        else:
            card = turn.card
            assert card is not None
            suit, rank = card.suit_index, card.rank
            if turn.misplay:
                out.append(wire.Strike(after.storms, turn.number, card.order))
            # hanab.live says what befell the card: for a card of an inverted suit, the other
            # button's (rule 9.13).
            if variant.hidden_plays and turn.fate is not Fate.DISCARDED:
                # Rule 9.33 (server/src/actions_scrub.go): a card put into the hole reaches every
                # player face down.
                suit = rank = HIDDEN
            if turn.fate is Fate.BUILT:
                out.append(wire.Play(turn.player, card.order, suit, rank))
            else:
                out.append(wire.Discard(turn.player, card.order, suit, rank, turn.misplay))
            if turn.drawn is not None:
                out.append(_draw_message(turn.player, turn.drawn, seat))
        if turn.card is not None:
            best = min(best, _max_score(after))
        out.append(_status_message(after, best))
        if after.outcome is not None:
            reason = after.outcome.reason
            player = after.current_player if reason is EndReason.NO_LEGAL_ACTION else -1
            out.append(wire.GameOver(END_CONDITION[reason], player, None))
        current = -1 if after.outcome is not None else after.current_player
        out.append(wire.Turn(after.turn, current))
    return tuple(out)


def _draw_message(player: int, card: DealtCard, seat: int) -> wire.Draw:
    if player == seat:  # rule 12.1, as hanab.live scrubs it
        return wire.Draw(player, card.order, HIDDEN, HIDDEN)
    return wire.Draw(player, card.order, card.suit_index, card.rank)


def _status_message(state: GameState, max_score: int) -> wire.Status:
    return wire.Status(state.notes, sum(state.built), max_score)


def _max_score(state: GameState) -> int:
    """hanab.live's ``maxScore``: per suit, the cards still buildable before the first face whose
    copies are all discarded (misplays included); in Up or Down, the better of the walks up and
    down from each firework's possible starts (rule 9.29, variantReversibleGetMaxScore); in Sudoku,
    the best assignment of start ranks, each walk counted as the server counts it (rule 9.32,
    variantSudokuGetMaxScore)."""
    variant = state.options.variant
    if variant.up_or_down:
        return reachable(state.options, state.built, state.discards, state.directions)
    gone: dict[tuple[int, int], int] = {}
    for card in state.discards:
        gone[card.suit_index, card.rank] = gone.get((card.suit_index, card.rank), 0) + 1
    if variant.sudoku:
        return sudoku_reach(variant_tables(variant), gone, state.starts, server=True)
    total = 0
    for i, suit in enumerate(variant.suits):
        copies = dict(zip(RANKS, suit.copies, strict=True))
        for rank in suit.build_order:
            if gone.get((i, rank), 0) >= copies[rank]:
                break
            total += 1
    return total
