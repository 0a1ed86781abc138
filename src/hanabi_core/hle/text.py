"""HLE's text of an observation: what ``str()`` of an `rl_env` observation prints, as HLE prints
its ``HanabiObservation`` (the adapter's own words; `render` draws the library's table)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidArgument, brief
from ..views import PlayerView
from .config import COLOUR_CHARS
from .knowledge import RANK_SHIFT, view_knowledge

__all__ = ["hle_text"]


def hle_text(
    observation: Mapping[str, Any],
    *,
    knowledge: Sequence[Sequence[int]] | str | None = "view",
) -> str:
    """An rl_env observation printed as HLE prints its ``HanabiObservation``: life and info
    tokens, the fireworks, each hand from the observer's on (``Cur player`` before the hand of the
    player to move) with each card's clue knowledge (``RX|R12345``: the colour and rank a clue
    named, X for none, then the colours and ranks still plausible), the deck size and the discards.

    It reads the observation's own entries (``life_tokens``, ``observed_hands``, …) and, for the
    plausible colours and ranks, `knowledge`: HLE's packed card knowledge of each hand from the
    observer's on (the format of [`hle_knowledge`][hanabi_core.hle.hle_knowledge]); ``"view"``
    (the default) computes it from the observation's ``pyhanabi`` view; `None` prints none, as HLE
    does for its MINIMAL observation type. `str(observation)` passes the environment's own.

    Raises:
        InvalidArgument: `observation` is not a mapping with HLE's observation keys.

    ```python
    from hanabi_core import rl_env

    env = rl_env.make("Hanabi-Full", num_players=2)
    observation = env.reset()["player_observations"][0]
    assert str(observation).splitlines()[:2] == ["Life tokens: 3", "Info tokens: 8"]
    ```
    """
    if not isinstance(observation, Mapping) or not all(k in observation for k in _HLE_KEYS):
        raise InvalidArgument(
            "observation", f"must be an rl_env observation (HLE's keys), got {brief(observation)}"
        )
    seen = observation["pyhanabi"]
    fireworks = observation["fireworks"]
    colours = len(fireworks)
    ranks = len(seen.options.variant.ranks) if isinstance(seen, PlayerView) else 5
    players = observation["num_players"]
    hands = observation["observed_hands"]
    hinted = observation["card_knowledge"]
    plausible: Sequence[Sequence[int]] | None = None
    if knowledge == "view" and isinstance(seen, PlayerView):
        packed = view_knowledge(seen)
        plausible = [packed[(seen.seat + offset) % players] for offset in range(players)]
    elif not isinstance(knowledge, str):
        plausible = knowledge
    lines = [
        f"Life tokens: {observation['life_tokens']}",
        f"Info tokens: {observation['information_tokens']}",
        "Fireworks: " + "".join(f"{c}{n} " for c, n in fireworks.items()),
        "Hands:",
    ]
    for offset, hand in enumerate(hands):
        if offset > 0:
            lines.append("-----")
        if offset == observation["current_player_offset"]:
            lines.append("Cur player")
        for slot, card in enumerate(hand):
            face = _hle_card(card)
            told = hinted[offset][slot]
            colour = told["color"] or "X"
            rank = "X" if told["rank"] is None else str(told["rank"] + 1)
            bits = (1 << colours) - 1 | ((1 << ranks) - 1) << RANK_SHIFT
            if plausible is not None:
                bits = plausible[offset][slot]
            # HLE's packing (`knowledge`): bits 0-4 the plausible colours, then the ranks.
            maybe = "".join(COLOUR_CHARS[c] for c in range(colours) if bits >> c & 1)
            maybe += "".join(str(r + 1) for r in range(ranks) if bits >> (RANK_SHIFT + r) & 1)
            lines.append(f"{face} || {colour}{rank}|{maybe}")
    lines.append(f"Deck size: {observation['deck_size']}")
    discards = "".join(" " + _hle_card(card) for card in observation["discard_pile"])
    return "\n".join(lines) + f"\nDiscards:{discards}"


#: The entries of an observation `hle_text` reads.
_HLE_KEYS = (
    "life_tokens", "information_tokens", "fireworks", "num_players", "observed_hands",
    "card_knowledge", "current_player_offset", "deck_size", "discard_pile", "pyhanabi",
)  # fmt: skip


def _hle_card(card: Mapping[str, Any]) -> str:
    if card["color"] is None or card["rank"] < 0:
        return "XX"
    return f"{card['color']}{card['rank'] + 1}"
