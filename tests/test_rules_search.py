"""`hanabi-core rules --search` and `rulebook.search`: a ranked search over the rules, the rulings
and the out-of-scope page, by the words players use (issue 32, item 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanabi_core.cli import main
from hanabi_core.rulebook import out_of_scope, rule_text, search, snippet
from hanabi_core.rulebook._search import SYNONYMS, Index, parse_query, stem

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "spec" / "glossary.md"


def ids(text: str, limit: int | None = None) -> list[str]:
    return [rule.id for rule in search(text, limit)]


# Everyday queries, written from players' words (forum questions, the issue's list, what a table
# asks a judge), each with the rule that answers it. The list was written before the ranking was
# tuned; the ranking's weights (title, statement, body, k1, the idf's power) were then chosen on
# it, so it measures the search's fit, not an unseen sample.
EVERYDAY_QUERIES = [
    # The issue's own words.
    ("null clue", "4.5"),
    ("discard at max clues", "5.2"),
    ("discard 8 clues", "5.2"),
    ("clue yourself", "4.2"),
    ("out of clues", "4.1"),
    ("bomb out", "7.1"),
    ("perfect score", "7.2"),
    ("timeout", "7.5"),
    ("sort hand", "13.12"),
    ("same value twice", "6.2"),
    ("which stack", "6.2"),
    ("how many cards", "2.2"),
    ("extra card", "9.2"),
    ("hint", "4.1"),
    ("last round", "7.3"),
    ("rainbow every colour", "9.4"),
    ("joker", "joker"),
    ("flamboyants", "flamboyants"),
    ("master artisan", "master-artisan"),
    # Components and set-up.
    ("how many cards in the deck", "1.1"),
    ("how many fives are there", "1.1"),
    ("how many clue tokens", "1.2"),
    ("how many strikes do we get", "1.3"),
    ("fuse tokens", "1.3"),
    ("how many players can play", "2.1"),
    ("can six people play", "13.14"),
    ("hand size with four players", "2.2"),
    ("who goes first", "2.6"),
    ("who deals the cards", "2.4"),
    ("shuffle with a seed", "2.5"),
    ("starting clue tokens", "2.7"),
    # The turn.
    ("can I pass my turn", "3.1"),
    ("skip a turn", "3.1"),
    ("turn order clockwise", "3.2"),
    ("what can I do on my turn", "3.1"),
    # Clues.
    ("clue with no tokens left", "4.1"),
    ("give a hint to myself", "4.2"),
    ("colour and number in one clue", "4.3"),
    ("do I have to point at all my red cards", "4.4"),
    ("you have no blue cards", "13.1"),
    ("negative clue", "13.1"),
    ("empty clue", "10.2"),
    ("which cards does a colour clue touch", "4.6"),
    ("number clue touches", "4.7"),
    ("clue an empty hand", "13.11"),
    # Discarding.
    ("discard with all tokens", "5.2"),
    ("get a clue back by discarding", "5.3"),
    ("discard my own card", "5.1"),
    # Playing.
    ("blind play", "6.1"),
    ("play a card that doesn't fit", "6.3"),
    ("misplay", "6.3"),
    ("lose a life", "1.3"),
    ("bonus clue for completing a firework", "6.4"),
    ("playing a 5 gives a clue back", "6.4"),
    ("draw a card after playing", "6.5"),
    ("where does the new card go", "6.5"),
    # The end.
    ("three strikes and you lose", "7.1"),
    ("strikeout", "7.1"),
    ("game over when all fireworks complete", "7.2"),
    ("deck runs out", "7.3"),
    ("one more turn after the last card", "7.3"),
    ("no last round variant", "7.4"),
    ("quit the game early", "7.5"),
    ("all the fives are discarded", "7.6"),
    ("last strike on the last turn", "7.7"),
    # Scoring.
    ("how is the score counted", "8.1"),
    ("score zero after three fuses", "8.2"),
    ("score when you lose", "8.2"),
    ("legendary", "8.3"),
    ("rating scale", "8.3"),
    ("score above 25", "13.15"),
    # Variants.
    ("multicolor sixth suit", "9.2"),
    ("rainbow cards wild", "9.4"),
    ("black powder", "9.6"),
    ("black cards count down", "9.6"),
    ("hanab.live variant names", "9.8"),
    ("up or down", "9.29"),
    ("sudoku", "9.32"),
    ("throw it in a hole", "9.33"),
    # Options, editions and rulings.
    ("play with two fuses", "13.5"),
    ("ninth clue token", "13.4"),
    ("R&R Games deluxe", "11.2"),
    ("Cocktail Games", "11.3"),
    ("deepmind learning environment", "11.5"),
    ("can I look at my own cards", "12.1"),
    ("can we look at the discard pile", "12.2"),
    ("table talk", "13.13"),
    ("conventions before the game", "13.13"),
    ("rearrange my cards", "13.12"),
    ("does the deck order matter", "12.3"),
    ("what does a clue tell me", "12.4"),
]


# The spec states some points three times: the rule, the option of section 10 that overrides it
# (rule 10.8) and the ruling of section 13 that weighs the sources. Any of them answers.
SAME_POINT = (
    {"4.5", "10.2", "13.1"},  # clues that touch no card
    {"8.2", "10.5", "13.2"},  # the score after the last Storm
    {"7.4", "10.6", "13.9"},  # no last round
    {"1.2", "10.3", "13.4"},  # the Note tokens and their cap
    {"1.3", "10.4", "13.5"},  # the Storm tokens and their number
    {"2.6", "13.3"},  # who starts
    {"2.2", "10.7"},  # hand size
    {"2.1", "13.14"},  # the number of players
    {"7.6", "10.9", "13.10"},  # nothing left to build
    {"8.1", "10.10", "13.7"},  # the score, and a descending firework's
    {"6.4", "10.11", "13.8"},  # the firework bonus, and a descending firework's
)


def answers(rule: str) -> set[str]:
    return next((point for point in SAME_POINT if rule in point), {rule})


def test_everyday_queries_find_their_rule_in_the_first_five() -> None:
    assert len(EVERYDAY_QUERIES) >= 78
    assert len({query for query, _ in EVERYDAY_QUERIES}) == len(EVERYDAY_QUERIES)
    for _, rule in EVERYDAY_QUERIES:
        assert rule_text(rule).id == rule
    misses = [
        (query, rule, ids(query, 5))
        for query, rule in EVERYDAY_QUERIES
        if not answers(rule) & set(ids(query, 5))
    ]
    # 87 of 91 at the time of writing; the misses ask in words the spec does not use ("how many
    # cards": hand size; "how is the score counted": 7.1's "count" outweighs 8.1's title).
    assert len(EVERYDAY_QUERIES) - len(misses) >= 87, misses
    assert len(misses) / len(EVERYDAY_QUERIES) <= 4 / 78, misses


@pytest.mark.parametrize(
    ("words", "first"),
    [
        ("discard at max clues", "5.2"),
        ("clue yourself", "4.2"),
        ("timeout", "7.5"),
        ("sort hand", "13.12"),
        ("same value twice", "6.2"),
        ("which stack", "6.2"),
        ("precedence", "7.7"),
        ("joker", "joker"),
        ("flamboyants", "flamboyants"),
        ("master artisan", "master-artisan"),
    ],
)
def test_the_rule_that_answers_ranks_first(words: str, first: str) -> None:
    assert ids(words)[0] == first


def test_results_are_ranked_not_in_rule_number_order() -> None:
    assert ids("last round", 3)[0] in {"7.3", "10.6", "7.4"}
    assert ids("last round").index("7.3") < 3
    assert ids("hint").index("4.1") < 10  # was fourth of 63 in rule-number order
    assert ids("rainbow every colour", 5)[:3].count("9.4") == 1


def test_every_word_need_not_match_and_stop_words_are_skipped() -> None:
    assert ids("discard at max clues")[0] == ids("discard max clues")[0] == "5.2"
    assert "5.2" in ids("discard 8 clues", 5)
    assert ids("fuse xyzzy")[0] == ids("fuse")[0]
    assert parse_query("how many cards at the table").terms == (("cards",), ("table",))
    assert search("") == () and search("   ") == () and search("the of at") == ()
    assert search("xyzzy plugh") == ()


def test_search_matches_stems_not_substrings() -> None:
    # "refused" holds "fuse", "misplay" holds "play": neither is the word searched for.
    assert "2.1" in ids("refused") and "2.1" not in ids("fuse")
    assert not parse_query("fuse").matches("Any other number of players is refused.")
    assert not parse_query("play").matches("A misplay turns a Storm token.")
    assert parse_query("clue").matches("Note tokens pay for clues")
    assert parse_query("FUSE").matches("Four fuse tiles")
    assert stem("clueing") == stem("clues") == stem("cluing") == stem("clue")
    assert stem("color") == stem("colours") and stem("Fives") == stem("5") == stem("five")
    assert stem("drew") == stem("draws") and stem("downwards") == stem("down")


def test_out_of_scope_entries_are_searched_and_quoted() -> None:
    assert [entry.id for entry in out_of_scope()] == ["flamboyants", "master-artisan", "joker"]
    assert all(entry.kind == "Out of scope" and entry.section == 0 for entry in out_of_scope())
    assert rule_text("joker").title == "Multicolour as a joker"
    assert "joker" in ids("wild rainbow jokers", 5)


def test_a_glossary_phrase_counts_as_a_phrase() -> None:
    # "empty clue" is the glossary's phrase: "A clue to an empty hand" (13.11) is not about it.
    assert parse_query("empty clue").terms[0][0] == "empty clue"
    assert set(ids("empty clue", 2)) <= {"4.5", "10.2", "13.1"}
    assert ids("clue to an empty hand")[0] == "13.11"


def test_index_ranks_a_title_above_a_body() -> None:
    index = Index(
        [
            {"title": "Notes", "statement": "Eight tokens pay for clues.", "body": "storm"},
            {"title": "Storm tokens", "statement": "Three count misplays.", "body": ""},
        ]
    )
    assert [number for number, _ in index.rank(parse_query("storm"))] == [1, 0]
    assert index.rank(parse_query("xyzzy")) == []


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("strike", "1.3"),  # hanab.live's strike: the Storm token
        ("fuse", "1.3"),  # R&R Games' fuse tiles
        ("lives", "1.3"),  # HLE's life tokens
        ("bomb", "6.3"),  # hanab.live's bomb: a misplay
        ("clue token", "1.2"),  # the Note token
        ("hint token", "1.2"),
        ("hint", "4.1"),  # a clue
        ("blind play", "6.1"),  # a play like any other
        ("strikeout", "7.1"),  # the last Storm
        ("empty clue", "10.2"),
        ("rainbow", "9.4"),
    ],
)
def test_search_knows_the_glossarys_synonyms(words: str, expected: str) -> None:
    assert expected in ids(words, 10)


def test_every_synonym_is_in_the_glossary() -> None:
    glossary = GLOSSARY.read_text(encoding="utf-8").casefold()
    for word in SYNONYMS:
        singular = "life" if word == "lives" else word.removesuffix("s")
        assert singular in glossary, word


def test_snippet_shows_the_words_around_the_hit() -> None:
    line = snippet(rule_text("1.3"), "strike")  # the word itself, in the sources
    assert "strikes" in line and len(line) <= 96
    assert snippet(rule_text("1.3"), "storm").startswith("Storm tokens count misplays")
    line = snippet(rule_text("13.5"), "fuse")  # the query's own word before its synonym "Storm"
    assert "fuse" in line and len(line) <= 96
    assert "Storm" in snippet(rule_text("1.3"), "lives")  # the synonym, where the word is absent
    assert len(snippet(rule_text("4.5"), "negative", width=40)) <= 40
    assert snippet(rule_text("5.2"), "discard at max clues").startswith("Discarding")


def test_cli_search_prints_the_best_ten_with_snippets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--search", "bomb"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[0] == search("bomb")[0].id
    assert lines[1].startswith("        ")
    assert lines[0].startswith("  ") and not lines[0].startswith("   ")
    assert all(len(line) <= 100 for line in lines)
    assert main(["rules", "--search", "hint"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 * 10 + 1 and lines[-1].endswith("more mention these words less)")


def test_cli_search_takes_several_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--search", "master", "artisan"]) == 0
    out = capsys.readouterr().out
    assert out.split()[0] == "master-artisan" and "(out of scope)" in out
    assert main(["rules", "--search", "xyzzy", "plugh"]) == 2
    assert "no rule or ruling mentions 'xyzzy plugh'" in capsys.readouterr().err
