"""What `LiveGame` keeps of a game, and the free helpers that read it (rules 12.4, 9.33).

[`LiveGame`][hanabi_core.hanablive.LiveGame] is one seat's game fed hanab.live's messages; this
module holds what it is made of, apart from the class (`hanablive/live.py`) and its reducer
(`hanablive/reducer.py`), so that each module stays readable on its own.

Its names carry no underscore because the hanab.live room's modules share them; they are internal
to that room (not exported by `hanabi_core.hanablive`, and they may change at any time):

- `Track`: the tuple of everything the tracker keeps besides its identity, the table's facts in
  the rules room's `rules.effects.Table`; `LoggedTurn`: one logged turn (the fields of
  `SeenTurn`); `Marks`: what clues told of one card;
- the helpers that read a track or a turn without the class: `touches` (whether a clue touches
  a seen card), `push_turn`, `newest_first`, `oldest_first` and `order_of` (the log walked either
  way), `logged_actions` (rule 9.26), `hole_score` and `with_fits` (the score of cards in the
  hole, rule 9.33), `rebuilt` (the fireworks once every card is shown), and `seen_turns` (the
  history as the seat sees it).

The variant's lookups are the rules room's (`rules.tables.VariantTables`); the rules a track
follows are the engine's, called from the reducer (`rules.effects`, `rules.legality`); what the
seat sees of a turn is `views.seen_turn`'s, and the seat's view of the whole track is
`views.seat_view`'s.

It imports nothing of the rest of `hanablive/` (imports go downward only).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, cast

from .._support.fast import frozen_builder
from ..actions import Action, Discard, Play
from ..cards import RANKS, DealtCard
from ..rules.effects import Table
from ..rules.tables import face_index
from ..state import Entry, Fate, Log, Outcome, card_fate, push
from ..variants import ClueShown
from ..views import HiddenClue, HiddenPlay, SeenTurn, hole_action, seen_turn

#: One turn as the tracker logs it: what `views.seen_turn` returned for the seat (the history as
#: the seat sees it), but for a card put into the hole (rule 9.33), which the tracker logs as a
#: `HiddenPlay` keeping the card's order in `touched` and whether it missed in `misplay`
#: (`seen_turns` turns it into what the seat sees, which changes once the game is over).
LoggedTurn = SeenTurn
#: `LoggedTurn(...)` with its fields in order, without `__init__` (`_support.fast.frozen_builder`).
logged_turn: Callable[..., SeenTurn] = frozen_builder(SeenTurn)
#: What clues told of a card: (face mask, touched by a clue), as `views.view` keeps it.
Marks = tuple[int, bool]


class Track(NamedTuple):
    """What the tracker keeps of the game besides its identity (see `LiveGame`)."""

    # Each seat's cards by order, oldest first, and what clues told of each (rule 12.4).
    hands: tuple[tuple[int, ...], ...]
    marks: tuple[tuple[Marks, ...], ...]
    # faces[order]: the card when this seat has seen it (another seat's, or played/discarded).
    faces: tuple[DealtCard | None, ...]
    # seen[face index]: how many copies of the face this seat has seen.
    seen: tuple[int, ...]
    drawn: int
    # The table's facts a turn changes (fireworks, discards, Notes, Storms, and the Up or Down
    # directions and Sudoku starts, rules 9.29 and 9.32), as the rules room names them.
    table: Table
    current_player: int
    turn: int
    turns_left: int | None
    outcome: Outcome | None
    # The turns so far, newest first, in the engine's `Log` (a persistent linked list whose
    # equality, hashing, pickling and copying loop rather than recurse: a long game stays an
    # ordinary value, as for `GameState`).
    log: Log | None
    # A play or discard whose draw has not arrived yet (its turn is already counted).
    pending: LoggedTurn | None
    # Rule 9.33 (Throw It in a Hole): the seat's own cards in the hole whose faces it does not
    # know, and how many of them fitted (the server's message says which: a play or a failed
    # discard). `built` and `discards` hold the cards it knows; `reveal` fills in the rest.
    hole_unknown: int = 0
    hole_fits: int = 0
    # Rule 7.4c without a last round: the seat to move has an empty hand and the seat cannot tell
    # whether it can act (a clue would touch only the seat's own, unseen cards). The server's next
    # message says: an action of that seat, or a gameOver (all-or-nothing softlock).
    undecided: bool = False
    # Every card of the deal by order, once the server's cardIdentities showed them (`reveal`):
    # what `LiveGame.record` writes as the deck.
    deal: tuple[DealtCard, ...] | None = None
    # hanab.live's ``(endCondition, playerIndex)`` once a ``gameOver`` arrived (`LiveGame.ended`).
    ended: tuple[int, int] | None = None


def touches(card: DealtCard | None, hit_faces: int) -> bool:
    assert card is not None  # another seat's card: seen
    return bool(hit_faces >> face_index(card.suit_index, card.rank) & 1)


def push_turn(log: Log | None, entry: LoggedTurn) -> Log:
    """`log` with one more turn. The tracker's entries are `SeenTurn`'s fields rather than the
    engine's `Entry`; `Log` holds any tuple, and only this module reads these entries back."""
    return push(log, cast(Entry, entry))


def with_draw(entry: LoggedTurn, order: int, card: DealtCard | None) -> LoggedTurn:
    """`entry`, a play or a discard, with the card drawn after it: its order, and its face when
    the seat saw it (another seat's draw; rule 12.1 hides the seat's own)."""
    e = entry
    return logged_turn(
        e.number, e.player, e.action, e.touched, e.slots, e.card, e.misplay, e.note_gained, order,
        card,
    )  # fmt: skip


def newest_first(log: Log | None) -> Iterator[LoggedTurn]:
    """The tracker's logged turns, the latest first."""
    node = log
    while node is not None:
        yield cast(LoggedTurn, node.entry)
        node = node.previous


def order_of(entry: LoggedTurn) -> int | None:
    """The order of the card a play or discard entry moved (`None` for a clue)."""
    if isinstance(entry.action, HiddenPlay):
        return entry.touched[0]  # rule 9.33: kept in `touched`, see `reducer.into_hole`
    return entry.card.order if entry.card is not None else None


def oldest_first(track: Track) -> list[LoggedTurn]:
    """Every entry of the game, the pending one included, oldest first."""
    entries: list[LoggedTurn] = [] if track.pending is None else [track.pending]
    entries.extend(newest_first(track.log))
    entries.reverse()
    return entries


def hole_score(built: tuple[int, ...], fits: int) -> int:
    """The score as the seat knows it in Throw It in a Hole (rule 9.33): the cards it knows on
    the fireworks (`built`) and the `fits` of its own cards in the hole, whose faces it does not
    know (hanab.live's ``status`` score, and rule 7.6's at a ``gameOver``)."""
    return sum(built) + fits


def with_fits(built: tuple[int, ...], fits: int) -> tuple[int, ...]:
    """`built` with `fits` more cards, each on the first firework with room: fireworks whose sum
    is `hole_score(built, fits)` (while the fits have room), the right sum for rules 7.1 to 7.3
    when the seat cannot tell which fireworks its own cards built (rule 9.33)."""
    out = list(built)
    for i, n in enumerate(out):
        room = min(fits, len(RANKS) - n)
        out[i] += room
        fits -= room
    return tuple(out)


def rebuilt(
    track: Track, faces: Sequence[DealtCard | None]
) -> tuple[tuple[int, ...], tuple[DealtCard, ...]]:
    """The fireworks and the discard pile (misplays in turn order), built again from the log
    with `faces` (every card played or discarded known): what `LiveGame.reveal` shows of a
    Throw It in a Hole game once its cards are shown (rule 9.33)."""
    built = [0] * len(track.table.built)
    discards: list[DealtCard] = []
    for entry in oldest_first(track):
        action = entry.action
        if isinstance(action, HiddenPlay):
            holed = faces[entry.touched[0]]
            assert holed is not None
            if entry.misplay:
                discards.append(holed)
            else:
                built[holed.suit_index] += 1
        elif isinstance(action, (Play, Discard)):
            card = entry.card
            assert card is not None
            if entry.misplay:
                discards.append(card)
            elif card_fate(action, card, False) is Fate.BUILT:
                built[card.suit_index] += 1
            else:
                discards.append(card)
    return tuple(built), tuple(discards)


def logged_actions(track: Track) -> Iterator[Action]:
    """The game's actions, the latest first (the pending entry, if any, is a play or a
    discard, so no clue is missed)."""
    for entry in newest_first(track.log):
        # Read only under Alternating Clues (rule 9.26), never combined with a hidden clue.
        action = entry.action
        if not isinstance(action, (HiddenClue, HiddenPlay)):
            yield action


def seen_turns(track: Track, seat: int, shown: ClueShown, hole: bool) -> tuple[SeenTurn, ...]:
    """The history as `seat` sees it: each turn as logged (`views.seen_turn`'s already), but for a
    card put into the hole (rule 9.33), which `views.seen_turn` shows face down while `hole`, and
    as the action taken once everything is shown."""
    faces = track.faces
    turns = []
    for entry in oldest_first(track):
        action = entry.action
        if not isinstance(action, HiddenPlay):
            turns.append(entry)
            continue
        card = entry.card
        taken: Action | HiddenPlay = action
        if not hole:
            card = faces[entry.touched[0]]
            assert card is not None  # `LiveGame.view` shows the hole once every card is known
            taken = hole_action(action, card)
        turns.append(
            seen_turn(
                seat, shown, hole, entry.number, entry.player, taken, (), (), card, entry.misplay,
                entry.note_gained, entry.drawn_order, entry.drawn,
            )
        )  # fmt: skip
    return tuple(turns)
