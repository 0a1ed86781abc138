"""Hostile use, round three (issue 30): each finding's regression test is named after it.

M1 the Quux bots refuse what they cannot play; M4/M7 hanab.live seeds are cut and encoded as its
server does; M8 the command line's bot failures; L2 SVGs stay well-formed XML; and the round-two
leftover, `sample_state` on a view whose suit the variant lacks.
"""

from __future__ import annotations

import pytest

from hanabi_core import InvalidDeck
from hanabi_core.hanablive import deck
from hanabi_core.hanablive.decks import permutation


def test_m4_a_lone_surrogate_seed_is_an_invalid_deck() -> None:
    for seed in ("\ud800", "p2v0s1\udfff", "legacy-1-\ud800"):
        with pytest.raises(InvalidDeck):
            deck(seed)
        with pytest.raises(InvalidDeck):
            permutation(seed, 50)


def test_m7_the_legacy_prefix_is_cut_by_bytes_as_the_server_cuts_it() -> None:
    # server/src/misc.go, setSeed: Go's `seed[len("legacy-x-"):]` slices bytes. "é" is two bytes
    # in UTF-8, so "legacy-é-abc" loses "legacy-é" (9 bytes) and keeps "-abc"; cutting 9
    # characters would keep "abc", another deck.
    assert deck("legacy-é-abc", "No Variant") == deck("-abc", "No Variant")
    assert deck("legacy-é-abc", "No Variant") != deck("abc", "No Variant")
    assert permutation("legacy-éé", 60) == permutation("é", 60)
    # The ASCII case is unchanged.
    assert permutation("legacy-1-p2v0s1", 50) == permutation("p2v0s1", 50)


def test_m7_a_legacy_seed_too_short_for_the_cut_is_refused() -> None:
    # Go panics slicing 9 bytes from an 8-byte string: the server deals no deck for it.
    for seed in ("legacy-", "legacy-1"):
        with pytest.raises(InvalidDeck, match="deals no deck"):
            permutation(seed, 50)
    assert permutation("legacy-1-", 50) == permutation("", 50)
