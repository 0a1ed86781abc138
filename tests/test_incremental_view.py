"""`simulate`'s incremental views equal `views.view`, field for field, at every turn (rule 12)."""

from __future__ import annotations

import random

import pytest

from hanabi_core import Options, apply, legal_actions, new_game, view
from hanabi_core._incremental_view import IncrementalViews
from hanabi_core.errors import InvalidArgument
from hanabi_core.hanablive import variant

OPTIONS = [
    Options(2),
    Options(3, variant="quux"),
    Options(4, variant="multicolour"),
    Options(5, variant="black-powder"),
    Options(2, negative_clues=True),
    Options(3, variant=variant("Up or Down (5 Suits)")),
    Options(4, variant=variant("Sudoku (5 Suits)")),
    Options(3, variant=variant("Cow & Pig (5 Suits)")),  # left to views.view (rule 9.30)
    Options(2, variant=variant("Throw It in a Hole (5 Suits)")),  # likewise (rule 9.33)
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.variant.id}-{o.players}p")
def test_r12_2_every_seat_sees_what_view_gives_at_every_turn(options: Options) -> None:
    for game in range(4):
        rng = random.Random(game)
        state = new_game(options, seed=game)
        views = IncrementalViews(state)
        while True:
            for seat in range(options.players):
                assert views.view(state, seat) == view(state, seat), (game, state.turn, seat)
            if state.outcome is not None:
                break
            actions = legal_actions(state)
            # Half the time the last action (a clue, usually), so that games last.
            state = apply(state, rng.choice(actions) if rng.random() < 0.5 else actions[-1])


def test_a_state_of_another_line_is_viewed_afresh() -> None:
    options = Options(2)
    first = new_game(options, seed=1)
    views = IncrementalViews(first)
    later = apply(first, legal_actions(first)[-1])
    assert views.view(later, 0) == view(later, 0)
    other = apply(first, legal_actions(first)[0])  # not after `later`: the history is replayed
    assert views.view(other, 1) == view(other, 1)
    stranger = new_game(options, seed=2)
    assert views.view(stranger, 0) == view(stranger, 0)
    with pytest.raises(InvalidArgument):
        views.view(later, 2)
