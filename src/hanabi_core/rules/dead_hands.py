"""Rule 7.6a: in the final round, the hands of players who have taken their last turn are dead;
and rule 7.4c under ``no_legal_action="wait"``: a player who cannot act waits while a Note is left.

With `end_at_max_reachable` (rule 7.6, the `hanab-live` preset), once the deck is empty a card
held by a player who has taken their last turn can never be played, so it no longer counts toward
what can still be built; the game ends, scored by rule 8.1, as soon as no card held by a player
still to move can be played now. This is hanab.live's ending (``server/src/command_action.go``
marks such hands "cannot be played"; ``server/src/game.go``, ``CheckEnd``, and the same test in
``variants_reversible.go`` and ``variants_sudoku.go`` end the game when no card left can extend
a firework). [`apply`][hanabi_core.apply] and [`LiveGame`][hanabi_core.hanablive.LiveGame] drive
these functions; [ruling 13.10](../spec/13-rulings.md) gives both sides.

Without a last round (hanab.live's "All or Nothing"), the server calls a game lost for a player
with nothing to do only when they hold no card and no clue token (``server/src/game.go``,
``CheckEnd``, ``EndConditionAllOrNothingSoftlock``); with a token left and no clue to give, the
game waits, with nothing legal to do, until it is stopped from outside (rule 7.5). That is
``no_legal_action="wait"`` (rule 10.12, ruling 13.9), in the `hanab-live` preset: `waits`.

The functions are stated in `rules.effects`, beside `after_turn`, which composes them in rule
7.7's order; this module keeps their names.
"""

from __future__ import annotations

from .effects import dead_hands_outcome, playable_now, still_to_move, waits

__all__ = ["dead_hands_outcome", "playable_now", "still_to_move", "waits"]
