"""`simulate`'s incremental views equal `views.view`, field for field, at every turn (rule 12)."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

from hanabi_core import Card, Options, apply, legal_actions, new_game, view
from hanabi_core._support.readonly import ReadOnlyMap
from hanabi_core.errors import InvalidArgument
from hanabi_core.hanablive import variant
from hanabi_core.views._incremental import IncrementalViews

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


def test_a_view_whose_identities_are_unread_pickles_copies_and_hashes_as_views_own() -> None:
    # The incremental view builds each card's `identities` on first read (`ReadOnlyMap.of_pairs`):
    # unread, it must still pickle, copy, hash and convert as `views.view`'s, which built them.
    state = new_game(Options(3, variant="quux"), seed=5)
    for action_index in (0, -1, 3, -1):
        state = apply(state, legal_actions(state)[action_index])
    fresh = IncrementalViews(state).view(state, 1)
    built = view(state, 1)
    assert pickle.loads(pickle.dumps(fresh)) == built
    assert copy.deepcopy(IncrementalViews(state).view(state, 1)) == built
    assert hash(IncrementalViews(state).view(state, 1)) == hash(built)
    assert attrs.asdict(IncrementalViews(state).view(state, 1)) == attrs.asdict(built)
    card = IncrementalViews(state).view(state, 1).own[0]
    assert repr(card.identities) == repr(built.own[0].identities)
    assert dict(card.identities) == dict(built.own[0].identities)
    for face in (Card("red", 1), Card("blue", 5)):
        assert (face in card.identities) == (face in built.own[0].identities)


def test_a_read_only_map_of_pairs_equals_the_map_of_its_dict() -> None:
    pairs = ((Card("red", 1), 3), (Card("blue", 5), 1))
    lazy = ReadOnlyMap.of_pairs(pairs)
    assert lazy == ReadOnlyMap(dict(pairs)) == dict(pairs)
    assert pickle.loads(pickle.dumps(ReadOnlyMap.of_pairs(pairs))) == dict(pairs)
    assert copy.deepcopy(ReadOnlyMap.of_pairs(pairs)) == dict(pairs)
    assert len(ReadOnlyMap.of_pairs(pairs)) == 2 and list(lazy) == [Card("red", 1), Card("blue", 5)]
    assert Card("blue", 5) in ReadOnlyMap.of_pairs(pairs) and lazy[Card("red", 1)] == 3
