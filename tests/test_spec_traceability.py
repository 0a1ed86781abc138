"""Traceability between the code, the spec and the tests (design principle 2).

- every `Rule` member has a heading in the rulebook, and every heading is a `Rule` member;
- every rule id the code cites (``Rule.NAME``, ``rule 4.5`` in comments and messages) exists;
- every rule id a test name cites (``test_r4_5_...``) exists;
- every rule is named by at least one test, except the ids in `PENDING`, whose tests are still to
  be written (this set only ever shrinks);
- every lettered sub-rule is named by at least one test (``test_r7_7_a_...`` for rule 7.7a).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hanabi_core.rulebook import RuleText, all_rules, rule_text, section_titles
from hanabi_core.spec import SECTIONS, Rule

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "hanabi_core"
TESTS = ROOT / "tests"

#: Rules no test names yet. Empty it as the tests arrive; never add to it.
PENDING: frozenset[str] = frozenset()

_RULE_IN_TEST_NAME = re.compile(r"(?:^|_)r(\d+)_(\d+)(?=_|$)")
_RULE_IN_TEXT = re.compile(r"\b[Rr]ules? (\d+\.\d+)(?:(?:,| and| or| to|\u2013|-) (\d+\.\d+))*")
_SUBRULE_IN_TEST_NAME = re.compile(r"(?:^|_)r(\d+)_(\d+)_([a-z])_")
_ID = re.compile(r"\d+\.\d+")
_MEMBER = re.compile(r"\bRule\.([A-Z][A-Z0-9_]+)\b")


def _test_names() -> dict[str, list[str]]:
    """Rule id → names of the test functions that cite it."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                node.name.startswith("test")
            ):
                for section, number in _RULE_IN_TEST_NAME.findall(node.name):
                    found.setdefault(f"{section}.{number}", []).append(
                        f"{path.relative_to(ROOT)}::{node.name}"
                    )
    return found


def _source_files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "rulebook" not in p.parts)


def test_rulebook_parses_in_spec_order() -> None:
    rules = all_rules()
    ids = [rule.id for rule in rules]
    assert ids == sorted(ids, key=lambda i: tuple(int(p) for p in i.split(".")))
    assert len(set(ids)) == len(ids), "a rule id has two headings"


def test_every_rule_member_has_a_heading_and_back() -> None:
    in_spec = {rule.id for rule in all_rules()}
    in_code = {member.value for member in Rule}
    assert in_code - in_spec == set(), "Rule members with no heading in the rulebook"
    assert in_spec - in_code == set(), "rulebook headings with no Rule member"


def test_section_titles_match_the_enum() -> None:
    assert dict(section_titles()) == dict(SECTIONS)


@pytest.mark.parametrize("rule", list(Rule), ids=lambda r: r.value)
def test_every_rule_has_its_parts(rule: Rule) -> None:
    text: RuleText = rule_text(rule)
    assert text.section == rule.section
    assert text.title
    assert "**Formal.**" in text.body, f"rule {rule.value} has no formal statement"
    assert text.sources, f"rule {rule.value} has no sources"
    assert f"`Rule.{rule.name}`" in text.body, f"rule {rule.value} does not give its code name"
    assert "```python" in text.body, f"rule {rule.value} has no example"


def test_rule_text_refuses_unknown_ids() -> None:
    assert rule_text("rule 4.5") == rule_text(Rule.CLUE_MUST_TOUCH) == rule_text("4.5")
    with pytest.raises(ValueError, match=r"'99\.1'"):
        rule_text("99.1")


def test_every_rule_the_code_cites_exists() -> None:
    members = {member.name for member in Rule}
    ids = {member.value for member in Rule}
    problems = []
    for path in _source_files():
        text = path.read_text(encoding="utf-8")
        for name in _MEMBER.findall(text):
            if name not in members:
                problems.append(f"{path.relative_to(ROOT)}: Rule.{name}")
        for match in _RULE_IN_TEXT.finditer(text):
            for rule_id in _ID.findall(match.group(0)):
                if rule_id not in ids:
                    problems.append(f"{path.relative_to(ROOT)}: rule {rule_id}")
    assert problems == []


def test_every_rule_a_test_name_cites_exists() -> None:
    ids = {member.value for member in Rule}
    unknown = {rule_id: names for rule_id, names in _test_names().items() if rule_id not in ids}
    assert unknown == {}


def test_every_rule_is_named_by_a_test() -> None:
    tested = set(_test_names())
    missing = sorted(
        (member.value for member in Rule if member.value not in tested | PENDING),
        key=lambda i: tuple(int(p) for p in i.split(".")),
    )
    assert missing == [], (
        f"rules no test names (add tests named test_r<section>_<n>_...): {missing}"
    )


def test_pending_only_lists_untested_rules() -> None:
    stale = sorted(PENDING & set(_test_names()))
    assert stale == [], f"remove these from PENDING, they have tests now: {stale}"


def test_every_sub_rule_is_named_by_a_test() -> None:
    named = {
        f"{section}.{number}{letter}"
        for path in sorted(TESTS.rglob("test_*.py"))
        for section, number, letter in _SUBRULE_IN_TEST_NAME.findall(
            " ".join(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
        )
    }
    sub_rules = [sub for rule in all_rules() for sub in rule.subrules]
    missing = [sub for sub in sub_rules if sub not in named]
    assert sub_rules and missing == [], (
        f"sub-rules no test names (add tests named test_r<section>_<n>_<letter>_...): {missing}"
    )
