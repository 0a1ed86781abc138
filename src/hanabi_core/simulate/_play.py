"""The play loop: one game, dealt from a seed or a deck, one bot per seat; what travels back."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from ..bots import BotFactory, decide
from ..cards import Card
from ..errors import IllegalAction
from ..options import Options
from ..quux import deck_from_codes
from ..records import GameRecord, write_record
from ..rules import apply, new_game
from ..scoring import points
from ..state import GameState
from ..views._incremental import IncrementalViews


def _bot_seed(seed: int, seat: int, key: int) -> int:
    """The seed of one seat's random source in the game dealt from `seed`: a keyed hash (BLAKE2b
    keyed by the run's `bot_seed`), from which, without the key, nothing of `seed` can be
    recovered (issue 25, M9)."""
    digest = hashlib.blake2b(
        f"{seed}:{seat}".encode(), digest_size=16, key=key.to_bytes(8, "big")
    ).digest()
    return int.from_bytes(digest, "big")


def play_game(
    options: Options,
    bot: BotFactory,
    seed: int,
    deck: Sequence[Card] | None = None,
    *,
    bot_seed: int = 0,
) -> GameState:
    """Play one game dealt from `seed` (or the given `deck`, top card first) with `bot` in every
    seat; the final state.

    Seat *s* gets its own bot, made from a `random.Random` seeded by a keyed hash of `seed` and
    *s*, with `bot_seed` the key (0 to 2**64 - 1; `simulate` draws a secret one per run, so that a
    bot's generator says nothing of the deal). This is the loop `simulate` runs in each worker.

    Raises:
        IllegalAction: a bot chose an action the rules forbid; the message names the seed.
    """
    state = new_game(options, seed=seed) if deck is None else new_game(options, deck=deck)
    seats = [bot(random.Random(_bot_seed(seed, s, bot_seed))) for s in range(options.players)]
    # The views `views.view` gives, each turn read once rather than the history at every call.
    views = IncrementalViews(state)
    while state.outcome is None:
        seat = state.current_player
        action = decide(seats[seat], views.view(state, seat), state.hands[seat])
        try:
            state = apply(state, action)
        except IllegalAction as error:
            raise IllegalAction(
                error.rule,
                f"the bot in seat {seat} of the game dealt from seed {seed}: {error.reason}",
                action=error.action,
                state=error.state,
            ) from None
    return state


#: A game's result as it travels from a worker: plain values, cheap to pickle.
_Row = tuple[int, int, int, int, int, str, int]


def _row(state: GameState, seed: int) -> _Row:
    outcome = state.outcome
    assert outcome is not None
    fireworks = points(state.options, state.built)
    return (
        seed,
        outcome.score,
        outcome.max_score,
        state.turn,
        state.storms,
        outcome.reason.value,
        fireworks,
    )


def _record_text(name: str, state: GameState, edition: str | None) -> str:
    players = tuple(f"{name} {seat}" for seat in range(state.options.players))
    return write_record(GameRecord.from_state(state, players=players, edition=edition))


_QUUX_DECK = 50  # cards in a Quux deck, one code (byte) each


def _deck(
    options: Options, deals: str, seed: int, first: int, codes: bytes | None
) -> tuple[Card, ...] | None:
    """The deck of the game `seed` of a batch starting at `first` (`None`: dealt by rule 2.5)."""
    if codes is not None:  # Quux's stream, made in the parent
        k = (seed - first) * _QUUX_DECK
        return tuple(deck_from_codes(codes[k : k + _QUUX_DECK], options.variant.suit_names))
    if deals == "hanab-live":
        # The hanab.live adapter, imported on first use: the play room does not load it otherwise.
        from ..hanablive.decks import deck, seed_name  # noqa: PLC0415

        variant = options.variant
        return deck(seed_name(options.players, variant, seed), variant)
    return None


def _quux_deck(suits: Sequence[str]) -> list[Card]:
    """Quux's cards with its colours named by the variant's suits, by position."""
    return list(deck_from_codes(bytes(range(_QUUX_DECK)), suits))
