"""MkDocs hooks: the traceability page, generated at build time.

`docs/spec/traceability.md` holds the marker ``<!-- traceability -->``; this hook replaces it with a
table of every rule of the spec and the tests that name it. A test names a rule by carrying
``r<section>_<number>`` in its function name, e.g. ``test_r4_5_clue_touching_nothing_is_refused``;
one name may cite several rules (``test_r6_4_and_r8_1_...``).
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- traceability -->"
RULE_IN_NAME = re.compile(r"(?:^|_)r(\d+)_(\d+)(?=_|$)")
PAGES = {
    1: "01-components.md",
    2: "02-set-up.md",
    3: "03-the-turn.md",
    4: "04-clues.md",
    5: "05-discarding.md",
    6: "06-playing.md",
    7: "07-the-end-of-the-game.md",
    8: "08-scoring.md",
    9: "09-variants.md",
    10: "10-options.md",
    11: "11-editions.md",
    12: "12-information.md",
    13: "13-rulings.md",
}


def rule_ids_in_name(name: str) -> list[str]:
    """The rule ids a test function's name cites: ``test_r4_5_x`` → ``["4.5"]``."""
    return [f"{section}.{number}" for section, number in RULE_IN_NAME.findall(name)]


def tests_by_rule(tests_dir: Path) -> dict[str, list[str]]:
    """Rule id → the tests (``path::name``) whose names cite it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        relative = path.relative_to(tests_dir.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                node.name.startswith("test")
            ):
                for rule_id in rule_ids_in_name(node.name):
                    found[rule_id].append(f"{relative}::{node.name}")
    return found


def _table() -> str:
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from hanabi_core.rulebook import all_rules  # noqa: PLC0415  (needs src on the path)
    finally:
        sys.path.pop(0)
    found = tests_by_rule(ROOT / "tests")
    lines = ["| rule | title | tests |", "|---|---|---|"]
    untested = 0
    for rule in all_rules():
        tests = found.get(rule.id, [])
        untested += not tests
        cell = "<br>".join(f"`{test}`" for test in tests) if tests else "*none yet*"
        link = f"[{rule.id}]({PAGES[rule.section]}#rule-{rule.id})"
        lines.append(f"| {link} | {rule.title} | {cell} |")
    known = {rule.id for rule in all_rules()}
    unknown = sorted(set(found) - known)
    summary = (
        f"{len(known) - untested} of {len(known)} rules are named by at least one test "
        f"({sum(len(v) for k, v in found.items() if k in known)} test names in all)."
    )
    if unknown:
        summary += " Test names cite ids that are not in the spec: " + ", ".join(unknown) + "."
    return summary + "\n\n" + "\n".join(lines) + "\n"


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """Fill the traceability page's marker with the generated table."""
    if MARKER in markdown:
        return markdown.replace(MARKER, _table())
    return markdown
