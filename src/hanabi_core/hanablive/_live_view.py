"""The seat's `PlayerView` of a tracked hanab.live game (rules 12.1 to 12.4 and 9.33).

[`LiveGame.view`][hanabi_core.hanablive.live.LiveGame.view] is built here from the game's
`_Track` (`hanablive/_track.py`), apart from the class and its message handlers
(`hanablive/live.py`): it is the one place that turns what the tracker keeps into what the seat
knows, counted as `views.view` counts it, with the hole of Throw It in a Hole face down until
every card of it is known (rule 9.33).

It imports nothing of `live.py` (imports go downward only).
"""

from __future__ import annotations

from ..cards import DealtCard
from ..options import Options
from ..views import HiddenPlay, PlayerView, SeenTurn, empathy, firework_faces, hole_action
from ._track import _Entry, _oldest_first, _Track


def _seat_view(options: Options, seat: int, track: _Track) -> PlayerView:
    """What `seat` knows of the game `track` keeps: the body of `LiveGame.view`."""
    variant = options.variant
    players = options.players
    faces = track.faces
    cards = [tuple(faces[o] for o in hand) for hand in track.hands]
    # Empathy (rule 12.4), counted as views.view counts it.
    built = track.built
    entries = _oldest_first(track)
    # Rule 9.33: while the game goes on (and until `reveal`, if the seat's own cards went into
    # the hole), the hole is face down: its cards are counted only by those who saw them.
    hole = variant.hidden_plays and (track.outcome is None or track.hole_unknown > 0)
    discards = track.discards
    holed: list[tuple[int, DealtCard]] = []
    if hole:
        into = {e[3][0] for e in entries if isinstance(e[2], HiddenPlay)}
        discards = tuple(c for c in discards if c.order not in into)
        holed = [
            (e[1], e[5])
            for e in entries
            if isinstance(e[2], HiddenPlay) and e[5] is not None and e[1] != seat
        ]
    public = [(card.suit_index, card.rank) for card in discards]
    if not hole:  # rule 9.33: the fireworks are hidden, the hole counted per holder instead
        away = {o for hand in track.hands for o in hand} | {c.order for c in track.discards}
        public += firework_faces(variant, built, faces[: track.drawn], away)
    seen = [
        [] if s == seat else [(c.suit_index, c.rank) for c in cards[s]]  # type: ignore[union-attr]
        for s in range(players)
    ]
    knowledge = [
        tuple(map(know, track.hands[holder], track.marks[holder]))
        for holder, know in enumerate(empathy(variant, seat, public, seen, holed))
    ]
    return PlayerView(
        seat=seat,
        options=options,
        hands=tuple(None if s == seat else hand for s, hand in enumerate(cards)),  # type: ignore[misc]
        knowledge=tuple(knowledge),
        built=None if hole else built,
        directions=track.directions,
        starts=track.starts,
        discards=discards,
        notes=track.notes,
        storms=None if hole else track.storms,
        deck_size=len(faces) - track.drawn,
        turn=track.turn,
        current_player=track.current_player,
        turns_left=track.turns_left,
        outcome=track.outcome,
        history=tuple(_seen(entry, seat, faces, hole) for entry in entries),
    )


def _seen(entry: _Entry, seat: int, faces: tuple[DealtCard | None, ...], hole: bool) -> SeenTurn:
    """One turn as the seat sees it: as logged, but for a card put into the hole (rule 9.33),
    face down while `hole`, and as the action taken once everything is shown."""
    action = entry[2]
    if not isinstance(action, HiddenPlay):
        return SeenTurn(*entry)
    number, player, _, (order,), _, card, misplay, gained, drawn_order, drawn = entry
    if hole:
        shown = card if player != seat else None
        return SeenTurn(number, player, action, (), (), shown, None, gained, drawn_order, drawn)
    card = faces[order]
    assert card is not None  # `LiveGame.view` shows the hole once every card of it is known
    # Rule 9.13: into the hole went a card played, or an inverted suit's card discarded.
    taken = hole_action(action, card)
    return SeenTurn(number, player, taken, (), (), card, misplay, gained, drawn_order, drawn)
