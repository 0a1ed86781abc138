"""Hypothesis strategies for options, decks, states and actions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st

from ..actions import Action, ColourClue, Discard, Play, RankClue
from ..cards import Card
from ..options import DESCENDING_BONUSES, DESCENDING_SCORES, EDITIONS, NO_LEGAL_ACTION, Options
from ..rules import apply, legal_actions, new_game, playable
from ..state import GameState
from ..variants import VARIANTS, Variant
from .invariants import absurd_actions, turn_bound

__all__ = ["actions", "any_actions", "decks", "options", "states"]

#: Explicit hand sizes to try besides the rulebook's table.
_HAND_SIZES = (1, 2, 3, 4, 5, 6)


def _variant(variant: Variant | str) -> Variant:
    return VARIANTS[variant] if isinstance(variant, str) else variant


def options(
    *,
    variants: Iterable[Variant | str] | None = None,
    editions: Iterable[str | None] | None = None,
    players: Iterable[int] | None = None,
    flags: bool = True,
) -> st.SearchStrategy[Options]:
    """Valid `Options`: every variant, every edition preset (and plain `Options`), 2 to 6 players.

    Args:
        variants: the variants to draw from (ids or `Variant`s); all of `VARIANTS` by default.
        editions: the edition ids to draw from; `None` in the list means plain `Options(...)`
            without a preset. By default every edition and plain options.
        players: the player counts to draw from; by default every count the edition allows
            (2 to 6 for plain options and hanab.live, 2 to 5 for the others).
        flags: also vary the options on top of the preset: hand size, Note cap, Storm count,
            negative clues, Storm-out score, the last round and the options of rules 10.9 to
            10.12. Each is left at the preset's
            value unless a draw says otherwise, so examples shrink towards the preset.

    ```python
    from hypothesis import given
    from hanabi_core.testing import options

    @given(options(variants=["black-powder"], editions=["abacus"]))
    def test_abacus_allows_negative_clues(opts):
        assert opts.variant.id == "black-powder" and 2 <= opts.players <= 5
    ```
    """
    variant_list = [_variant(v) for v in (VARIANTS.values() if variants is None else variants)]
    edition_list = [None, *EDITIONS] if editions is None else list(editions)
    for edition in edition_list:
        if edition is not None and edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
    if not variant_list or not edition_list:
        raise ValueError("options() needs at least one variant and one edition")
    wanted = None if players is None else tuple(players)

    @st.composite
    def build(draw: st.DrawFn) -> Options:
        variant = draw(st.sampled_from(variant_list), label="variant")
        edition = draw(st.sampled_from(edition_list), label="edition")
        allowed = EDITIONS[edition].players if edition is not None else (2, 3, 4, 5, 6)
        counts = [n for n in allowed if wanted is None or n in wanted]
        if not counts:
            raise ValueError(f"no player count of {wanted} suits edition {edition!r}")
        n = draw(st.sampled_from(counts), label="players")
        settings: dict[str, Any] = {"variant": variant}
        if flags:
            if draw(st.booleans()):
                fits = [h for h in _HAND_SIZES if h * n <= len(variant.deck)]
                settings["hand_size"] = draw(st.sampled_from(fits), label="hand_size")
            if draw(st.booleans()):
                settings["max_notes"] = draw(st.sampled_from((1, 2, 3, 9, 12)), label="max_notes")
            if draw(st.booleans()):
                settings["max_storms"] = draw(st.sampled_from((1, 2, 4)), label="max_storms")
            if draw(st.booleans()):
                settings["negative_clues"] = draw(st.booleans(), label="negative_clues")
            if draw(st.booleans()):
                settings["storm_out_score"] = draw(
                    st.sampled_from(("zero", "fireworks")), label="storm_out_score"
                )
            if draw(st.booleans()):
                settings["last_round"] = draw(st.booleans(), label="last_round")
            if draw(st.booleans()):
                settings["end_at_max_reachable"] = draw(st.booleans(), label="end_at_max_reachable")
            for name, values in (
                ("descending_score", DESCENDING_SCORES),
                ("descending_bonus", DESCENDING_BONUSES),
                ("no_legal_action", NO_LEGAL_ACTION),
            ):
                if draw(st.booleans()):
                    settings[name] = draw(st.sampled_from(values), label=name)
        if edition is None:
            return Options(n, **settings)
        return EDITIONS[edition].options(n, **settings)

    return build()


_any_options = options


def decks(variant: Variant | str = "base") -> st.SearchStrategy[tuple[Card, ...]]:
    """The variant's full deck in any order, top card first (shrinks towards the canonical order).

    ```python
    from collections import Counter
    from hypothesis import given
    from hanabi_core import VARIANTS
    from hanabi_core.testing import decks

    @given(decks("multicolour-five"))
    def test_a_deck_is_the_variants_cards(deck):
        assert Counter(deck) == Counter(VARIANTS["multicolour-five"].deck)
    ```
    """
    return st.permutations(list(_variant(variant).deck)).map(tuple)


def _misplay(state: GameState, action: Action) -> bool:
    if type(action) is not Play:
        return False
    # `playable` follows every build rule: descending suits, Up or Down, Sudoku (9.7, 9.29, 9.32).
    return not playable(state, state.hands[state.current_player][action.slot])


def states(
    options: Options | st.SearchStrategy[Options] | None = None,
    *,
    finished: bool | None = None,
) -> st.SearchStrategy[GameState]:
    """States reached from a dealt deck by legal play.

    Each example draws options (from `options()` unless given), a deck, a style of play (any legal
    action, or only actions that do not misplay, so that games also reach the final round) and a
    number of turns, then plays them.

    Args:
        options: an `Options` or a strategy of them; `options()` by default.
        finished: `True` for finished games only, `False` for games still going on, `None` for
            both (finished games are drawn often: shrinking favours playing to the end).

    ```python
    from hypothesis import given
    from hanabi_core.testing import states

    @given(states(finished=True))
    def test_a_finished_game_has_an_outcome(state):
        assert state.is_over and state.outcome is not None
    ```
    """
    if options is None:
        source: st.SearchStrategy[Options] = _any_options()
    elif isinstance(options, Options):
        source = st.just(options)
    else:
        source = options

    @st.composite
    def build(draw: st.DrawFn) -> GameState:
        opts = draw(source, label="options")
        deck = draw(decks(opts.variant), label="deck")
        state = new_game(opts, deck=deck)
        careful = draw(st.booleans(), label="careful")
        bound = turn_bound(opts)
        if finished is None:
            limit = draw(st.one_of(st.none(), st.integers(0, bound)), label="turns")
        elif finished:
            limit = None
        else:
            limit = draw(st.integers(0, bound), label="turns")
        while not state.is_over and (limit is None or state.turn < limit):
            legal = legal_actions(state)
            if not legal:
                break  # rule 7.4c under no_legal_action="wait": the game waits (rule 7.5)
            if careful:
                legal = tuple(a for a in legal if not _misplay(state, a)) or legal
            after = apply(state, draw(st.sampled_from(legal)))
            if finished is False and after.is_over:
                break
            state = after
        return state

    return build()


def actions(state: GameState) -> st.SearchStrategy[Action]:
    """A legal action of `state` (one of `legal_actions(state)`).

    Raises:
        ValueError: the game is over, so no action is legal.
    """
    legal = legal_actions(state)
    if not legal:
        raise ValueError("the game is over: no action is legal")
    return st.sampled_from(legal)


def any_actions(state: GameState) -> st.SearchStrategy[object]:
    """Legal actions and absurd ones: slots out of range or negative, clues to yourself or to seats
    that do not exist, unknown colours, ranks 0 and 6, and objects that are not actions at all.

    Every value is something a careless caller might pass to `apply`; an engine must accept the
    legal ones and refuse every other with `IllegalAction`.
    """
    n = state.options.players
    colours = st.sampled_from(
        (*state.options.variant.clue_colours, "black", "multicolour", "purple", "")
    )
    choices: list[st.SearchStrategy[object]] = [
        st.sampled_from(absurd_actions(state)),
        # Actions hold 64-bit numbers at most (larger ones are refused when built, InvalidAction).
        st.builds(Play, st.integers(-(2**63), 2**63 - 1)),
        st.builds(Discard, st.integers(-(2**63), 2**63 - 1)),
        st.builds(ColourClue, st.integers(-2, n + 1), colours | st.text(max_size=8)),
        st.builds(RankClue, st.integers(-2, n + 1), st.integers(-2, 8)),
        st.none() | st.integers() | st.text(max_size=8),
    ]
    if not state.is_over:
        choices.insert(0, actions(state))
    return st.one_of(choices)
