"""The ids of the numbered rules in the spec (``docs/spec/``).

Every rule of the game has a stable id, ``"<section>.<number>"``; section 13 holds the rulings,
cited the same way ("ruling 13.1"). A lettered sub-rule (``"7.7a"``) belongs to its rule. The same
id appears in the spec, in ``IllegalAction.rule``, in a comment at the line of code that enforces
the rule, and in the names of the tests that check it (``test_r4_5_...`` checks rule 4.5). Ids are
never reused or renumbered: a rule that is withdrawn keeps its number, marked as withdrawn in the
spec.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

__all__ = ["SECTIONS", "SPEC_DATE", "SPEC_VERSION", "Rule"]

#: The version of the spec's text (docs/spec): what a judge cites with a rule id ("rule 4.5,
#: spec 1.0"). The CHANGELOG's Rules section records what changed in each version, rule by rule.
SPEC_VERSION = "1.0"
#: The date of that version (ISO 8601).
SPEC_DATE = "2026-12-01"


class Rule(str, Enum):
    """A numbered rule of the spec.

    The value is the citable id (``Rule.CLUE_MUST_TOUCH == "4.5"``); the name says what the rule is
    about. Being a ``str`` subclass, a member compares equal to its id.
    """

    # 1. Components
    DECK_COMPOSITION = "1.1"
    NOTE_TOKENS = "1.2"
    STORM_TOKENS = "1.3"
    CARD_ORDER = "1.4"

    # 2. Set-up
    PLAYER_COUNT = "2.1"
    HAND_SIZE = "2.2"
    DECK_IS_THE_VARIANTS_CARDS = "2.3"
    DEALING = "2.4"
    SEEDED_SHUFFLE = "2.5"
    FIRST_PLAYER = "2.6"
    STARTING_TOKENS = "2.7"

    # 3. The turn
    ONE_ACTION_PER_TURN = "3.1"
    TURN_ORDER = "3.2"
    NO_ACTION_AFTER_THE_END = "3.3"
    KNOWN_ACTIONS_ONLY = "3.4"

    # 4. Clues
    CLUE_COSTS_A_NOTE = "4.1"
    CLUE_TARGETS_ANOTHER_PLAYER = "4.2"
    CLUE_NAMES_ONE_VALUE = "4.3"
    CLUE_IS_COMPLETE = "4.4"
    CLUE_MUST_TOUCH = "4.5"
    COLOUR_CLUE_TOUCHES = "4.6"
    RANK_CLUE_TOUCHES = "4.7"

    # 5. Discarding
    DISCARD_FROM_OWN_HAND = "5.1"
    DISCARD_NEEDS_A_SPENT_NOTE = "5.2"
    DISCARD_EFFECT = "5.3"

    # 6. Playing
    PLAY_FROM_OWN_HAND = "6.1"
    PLAY_EXTENDS_FIREWORK = "6.2"
    MISPLAY = "6.3"
    FIREWORK_BONUS = "6.4"
    DRAW_AFTER_PLAY_OR_DISCARD = "6.5"

    # 7. The end of the game
    STORM_OUT = "7.1"
    ALL_FIREWORKS_COMPLETE = "7.2"
    FINAL_ROUND = "7.3"
    NO_LAST_ROUND = "7.4"
    ABANDONED = "7.5"
    NOTHING_LEFT_TO_BUILD = "7.6"
    END_PRECEDENCE = "7.7"

    # 8. Scoring
    SCORE = "8.1"
    STORM_OUT_SCORE = "8.2"
    RATING = "8.3"
    NO_LAST_ROUND_SCORE = "8.4"

    # 9. Variants
    VARIANTS_ARE_DATA = "9.1"
    MULTICOLOUR = "9.2"
    MULTICOLOUR_FIVE = "9.3"
    MULTICOLOUR_WILD = "9.4"
    MULTICOLOUR_WILD_FIVE = "9.5"
    BLACK_POWDER = "9.6"
    DESCENDING_FIREWORK = "9.7"
    HANAB_LIVE_VARIANTS = "9.8"
    SUIT_CLUE_COLOURS = "9.9"
    SUIT_RANK_TOUCH = "9.10"
    PRISM = "9.11"
    ONE_OF_EACH = "9.12"
    INVERTED_SUIT = "9.13"
    REVERSED_SUIT = "9.14"
    SPECIAL_RANK = "9.15"
    DECEPTIVE_RANK = "9.16"
    BLIND_CLUES = "9.17"
    MUTE_CLUES = "9.18"
    ODDS_AND_EVENS = "9.19"
    FUNNELS = "9.20"
    CHIMNEYS = "9.21"
    SYNESTHESIA = "9.22"
    CRITICAL_RANK = "9.23"
    SCARCE_ONES = "9.24"
    CLUE_STARVED = "9.25"
    ALTERNATING_CLUES = "9.26"
    TOUCH_ORDER = "9.27"
    UNSUPPORTED_MECHANICS = "9.28"
    UP_OR_DOWN = "9.29"
    COW_AND_PIG = "9.30"
    DUCK = "9.31"
    SUDOKU = "9.32"
    THROW_IT_IN_A_HOLE = "9.33"

    # 10. Options
    OPTIONS_VALIDATED = "10.1"
    OPTION_NEGATIVE_CLUES = "10.2"
    OPTION_MAX_NOTES = "10.3"
    OPTION_MAX_STORMS = "10.4"
    OPTION_STORM_OUT_SCORE = "10.5"
    OPTION_LAST_ROUND = "10.6"
    OPTION_HAND_SIZE = "10.7"
    OPTIONS_OVERRIDE_BASE_RULES = "10.8"
    OPTION_END_AT_MAX_REACHABLE = "10.9"
    OPTION_DESCENDING_SCORE = "10.10"
    OPTION_DESCENDING_BONUS = "10.11"
    OPTION_NO_LEGAL_ACTION = "10.12"

    # 11. Editions
    EDITION_ABACUS = "11.1"
    EDITION_RR_DELUXE = "11.2"
    EDITION_COCKTAIL = "11.3"
    EDITION_HANAB_LIVE = "11.4"
    EDITION_HLE = "11.5"
    EDITION_ABACUS_ADVANCED = "11.6"
    EDITION_QUUX = "11.7"

    # 12. Information
    OWN_HAND_HIDDEN = "12.1"
    PUBLIC_INFORMATION = "12.2"
    DECK_ORDER_HIDDEN = "12.3"
    CLUE_KNOWLEDGE = "12.4"

    # 13. Rulings: where the sources disagree or are silent
    RULING_NEGATIVE_CLUES = "13.1"
    RULING_STORM_OUT_SCORE = "13.2"
    RULING_FIRST_PLAYER = "13.3"
    RULING_SPARE_NOTE_TOKEN = "13.4"
    RULING_FEWER_STORMS = "13.5"
    RULING_WILD_NEGATIVE = "13.6"
    RULING_DESCENDING_SCORE = "13.7"
    RULING_DESCENDING_BONUS = "13.8"
    RULING_NO_LAST_ROUND = "13.9"
    RULING_END_AT_MAX_REACHABLE = "13.10"
    RULING_CLUE_TO_AN_EMPTY_HAND = "13.11"
    RULING_REARRANGING_A_HAND = "13.12"
    RULING_CONVENTIONS = "13.13"
    RULING_SIX_PLAYERS = "13.14"
    RULING_RATINGS_ABOVE_25 = "13.15"
    RULING_DEALING_ORDER = "13.16"
    RULING_BLACK_POWDER_WITH_MULTICOLOUR = "13.17"

    @property
    def id(self) -> str:
        """The citable id, e.g. ``"4.5"``."""
        return str(self.value)

    @property
    def section(self) -> int:
        """The number of the spec section the rule belongs to."""
        return int(self.value.split(".")[0])

    def __str__(self) -> str:
        return f"rule {self.value}"


#: The titles of the spec's sections, by number.
SECTIONS: Mapping[int, str] = MappingProxyType(
    {
        1: "Components",
        2: "Set-up",
        3: "The turn",
        4: "Clues",
        5: "Discarding",
        6: "Playing",
        7: "The end of the game",
        8: "Scoring",
        9: "Variants",
        10: "Options",
        11: "Editions",
        12: "Information",
        13: "Rulings",
    }
)
