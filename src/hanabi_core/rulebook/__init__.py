"""The text of the spec, shipped inside the package.

The numbered rules live in this package as Markdown, one file per section (``01-components.md`` …
``12-information.md``). The same files are included in the documentation site, so the text the
``hanabi-core rules`` command quotes is the text of the published spec, word for word.

Each rule is a level-2 heading ``## <id> <title> {#rule-<id>}`` followed by its body, which holds
the rule in plain words, a **Formal** statement, its **Sources**, its code name and an **Example**.
Section 13 holds the rulings, numbered the same way; ``out-of-scope.md`` the printed matter the
library does not model, one level-2 heading ``## <title> {#<id>}`` each. A paragraph that starts
with a bold lettered id (``**7.7a**``) is a sub-rule of its rule, and ``rule_text("7.7a")`` finds
it.

Example:
    >>> from hanabi_core.rulebook import rule_text
    >>> rule_text("4.5").title
    'A clue must touch a card'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

import attrs

from ..spec import Rule
from ._search import Index, parse_query

__all__ = [
    "RuleText",
    "all_rules",
    "out_of_scope",
    "plain_text",
    "rule_text",
    "search",
    "section_titles",
    "snippet",
]

_SECTION_HEADING = re.compile(r"^# (?P<number>\d+)\. (?P<title>.+?)(?:\s+\{[^}]*\})?\s*$")
_RULE_HEADING = re.compile(
    r"^## (?P<id>\d+\.\d+) (?P<title>.+?)\s+\{#rule-(?P<anchor>\d+\.\d+)\}\s*$"
)
_FILE_NAME = re.compile(r"^\d\d-[a-z-]+\.md$")
_SOURCES_LABEL = "**Sources.**"
_LABEL = re.compile(r"^\*\*[A-Z][^*]*[.:]\*\*")
_SUBRULE = re.compile(r"^\*\*(?P<id>\d+\.\d+[a-z])\*\*\s")
_SUBRULE_ID = re.compile(r"^(?P<rule>\d+\.\d+)[a-z]$")
_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)")
_RULE_ANCHOR = re.compile(r"#rule-(?P<id>\d+\.\d+)$")
_FENCED = re.compile(r"^```[^\n]*\n.*?^```[^\n]*$", re.MULTILINE | re.DOTALL)


@attrs.frozen
class RuleText:
    """The spec text of one numbered rule.

    Attributes:
        id: the rule's citable id, e.g. ``"4.5"``.
        title: the heading's words, e.g. ``"A clue must touch a card"``.
        section: the number of the section the rule belongs to, e.g. ``4``.
        body: the Markdown that follows the heading, up to the next rule (the plain-words rule, the
            formal statement, the sources, the code name and the examples).
        sources: the text of the rule's **Sources** paragraph (seed file names, quotes, editions),
            without the label; empty if the rule has none.
    """

    id: str
    title: str
    section: int
    body: str
    sources: str

    @property
    def anchor(self) -> str:
        """The permalink anchor of the rule in its spec page, e.g. ``"rule-4.5"``."""
        return f"rule-{self.id}"

    @property
    def subrules(self) -> Mapping[str, str]:
        """The lettered sub-rules of the rule (``{"7.7a": "A misplay that …", …}``), in order.

        Each is the paragraph that starts with its bold id, without the id.
        """
        found: dict[str, str] = {}
        current: str | None = None
        lines: list[str] = []
        for line, outside in _split_lines_outside_fences(self.body):
            match = _SUBRULE.match(line) if outside else None
            if match or not line.strip() or not outside:
                if current is not None:
                    found[current] = " ".join(lines)
                current, lines = None, []
            if match:
                current, lines = match["id"], [line[match.end() :].strip()]
            elif current is not None:
                lines.append(line.strip())
        if current is not None:
            found[current] = " ".join(lines)
        return MappingProxyType(found)

    @property
    def kind(self) -> str:
        """``"Ruling"`` for the rulings of section 13, ``"Out of scope"`` for an entry of the
        out-of-scope page (section 0), ``"Rule"`` otherwise."""
        if self.section == 0:
            return "Out of scope"
        return "Ruling" if self.section == 13 else "Rule"

    def __str__(self) -> str:
        return f"{self.id} {self.title}\n\n{self.body}"


def _split_lines_outside_fences(text: str) -> list[tuple[str, bool]]:
    """Each line of ``text`` with whether it is outside a fenced code block."""
    lines: list[tuple[str, bool]] = []
    fence: str | None = None
    for line in text.splitlines():
        stripped = line.lstrip()
        if fence is None:
            if stripped.startswith(("```", "~~~")):
                fence = stripped[:3]
                lines.append((line, False))
                continue
            lines.append((line, True))
        else:
            if stripped.startswith(fence):
                fence = None
            lines.append((line, False))
    return lines


def _sources_of(body: str) -> str:
    """The text of the **Sources.** paragraph(s) of a rule body, up to the next bold label."""
    collected: list[str] = []
    inside = False
    for line, outside in _split_lines_outside_fences(body):
        if not outside:
            if inside:
                break
            continue
        stripped = line.strip()
        if stripped.startswith(_SOURCES_LABEL):
            inside = True
            rest = stripped[len(_SOURCES_LABEL) :].strip()
            if rest:
                collected.append(rest)
            continue
        if inside:
            if _LABEL.match(stripped):
                break
            collected.append(line.rstrip())
    return "\n".join(collected).strip()


def _parse_file(name: str, text: str) -> tuple[int, str, list[RuleText]]:
    """The section number, section title and rules of one rulebook file."""
    section: int | None = None
    title: str | None = None
    rules: list[RuleText] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def finish() -> None:
        if current is not None and section is not None:
            text = "\n".join(body).strip()
            rules.append(RuleText(current[0], current[1], section, text, _sources_of(text)))

    for line, outside in _split_lines_outside_fences(text):
        if outside and section is None:
            match = _SECTION_HEADING.match(line)
            if match:
                section, title = int(match["number"]), match["title"].strip()
                continue
        if outside and line.startswith("## "):
            match = _RULE_HEADING.match(line)
            if match is None or match["id"] != match["anchor"]:
                raise ValueError(f"rulebook/{name}: malformed rule heading {line!r}")
            finish()
            current, body = (match["id"], match["title"].strip()), []
            continue
        if current is not None:
            body.append(line)
    finish()
    if section is None or title is None:
        raise ValueError(f"rulebook/{name}: no section heading '# <n>. <title>'")
    return section, title, rules


_OUT_OF_SCOPE = "out-of-scope.md"
_ENTRY_HEADING = re.compile(r"^## (?P<title>.+?)\s+\{#(?P<id>[a-z][a-z-]*)\}\s*$")


@cache
def out_of_scope() -> tuple[RuleText, ...]:
    """The entries of the spec's out-of-scope page: what the printed games hold that the library
    does not model (section ``0``, ids such as ``"joker"``), in page order.

    ```python
    from hanabi_core.rulebook import out_of_scope, rule_text

    assert [entry.id for entry in out_of_scope()] == ["flamboyants", "master-artisan", "joker"]
    assert rule_text("joker").kind == "Out of scope"
    ```
    """
    text = resources.files(__name__).joinpath(_OUT_OF_SCOPE).read_text(encoding="utf-8")
    entries: list[RuleText] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def finish() -> None:
        if current is not None:
            entries.append(RuleText(current[0], current[1], 0, "\n".join(body).strip(), ""))

    for line, outside in _split_lines_outside_fences(text):
        if outside and line.startswith("## "):
            match = _ENTRY_HEADING.match(line)
            if match is None:
                raise ValueError(f"rulebook/{_OUT_OF_SCOPE}: malformed heading {line!r}")
            finish()
            current, body = (match["id"], match["title"].strip()), []
        elif current is not None:
            body.append(line)
    finish()
    return tuple(entries)


@cache
def _load() -> tuple[tuple[RuleText, ...], Mapping[int, str]]:
    files = sorted(
        (
            entry
            for entry in resources.files(__name__).iterdir()
            if entry.is_file() and _FILE_NAME.match(entry.name)
        ),
        key=lambda entry: entry.name,
    )
    rules: list[RuleText] = []
    titles: dict[int, str] = {}
    for entry in files:
        section, title, section_rules = _parse_file(entry.name, entry.read_text(encoding="utf-8"))
        titles[section] = title
        rules.extend(section_rules)
    rules.sort(key=lambda rule: tuple(int(part) for part in rule.id.split(".")))
    return tuple(rules), MappingProxyType(dict(sorted(titles.items())))


def all_rules() -> tuple[RuleText, ...]:
    """Every rule of the spec, in spec order (1.1, 1.2, …, 12.4).

    Returns:
        The text of each rule, as parsed from the rulebook files shipped in the package.
    """
    return _load()[0]


def section_titles() -> Mapping[int, str]:
    """The title of each section of the spec, by number (``{1: "Components", …}``)."""
    return _load()[1]


def rule_text(rule: Rule | str) -> RuleText:
    """The spec text of one rule.

    Args:
        rule: a [`Rule`][hanabi_core.spec.Rule] member or its id, e.g. ``"4.5"`` (a leading
            ``"rule "`` or ``"ruling "`` is accepted too, so ``str(Rule.CLUE_MUST_TOUCH)`` works),
            a sub-rule's id, e.g. ``"7.7a"``, or an out-of-scope entry's, e.g. ``"joker"``.

    Returns:
        The rule's [`RuleText`][hanabi_core.rulebook.RuleText] (for a sub-rule, its rule's; the
        sub-rule is in ``.subrules``).

    Raises:
        ValueError: if no rule has that id; the message names the id.
    """
    wanted = rule.value if isinstance(rule, Rule) else str(rule).strip()
    wanted = wanted.removeprefix("rule ").removeprefix("ruling ").strip()
    sub = _SUBRULE_ID.match(wanted)
    if sub:
        parent = rule_text(sub["rule"])
        if wanted in parent.subrules:
            return parent
        raise ValueError(f"Rule {parent.id} has no sub-rule {wanted!r}")
    for text in (*all_rules(), *out_of_scope()):
        if text.id == wanted:
            return text
    raise ValueError(f"No rule {wanted!r} in the spec; ids look like '4.5' (see docs/spec/)")


def _link_text(match: re.Match[str]) -> str:
    text, anchor = match["text"], _RULE_ANCHOR.search(match["target"])
    if anchor is None or anchor["id"] in text:
        return text
    return f"{text} (rule {anchor['id']})"


def plain_text(markdown: str, width: int = 100) -> str:
    """`markdown` from the spec as plain text for a terminal: no emphasis, code marks or fences,
    a link shown as its words (with the rule id it points to, if the words do not name it), and
    paragraphs and list items wrapped at `width` columns. Code and tables keep their lines.

    ```python
    from hanabi_core.rulebook import plain_text
    assert plain_text("See [ruling 13.1](13-rulings.md#rule-13.1).") == "See ruling 13.1."
    assert plain_text("**Code:** `Rule.SCORE`") == "Code: Rule.SCORE"
    ```
    """
    out: list[str] = []
    words: list[str] = []
    indent = ""

    def flush() -> None:
        nonlocal words
        if words:
            first, rest = (indent, indent.replace("-", " ")) if indent else ("", "")
            out.append(
                textwrap.fill(" ".join(words), width, initial_indent=first, subsequent_indent=rest)
            )
            words = []

    for line, outside in _split_lines_outside_fences(markdown):
        if line.lstrip().startswith(("```", "~~~")):
            continue  # the fence marks, not their content
        if not outside:
            flush()
            out.append("    " + line if line.strip() else "")
            continue
        text = _LINK.sub(_link_text, line)
        text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
        text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
        text = re.sub(r"`([^`]+)`", r"\1", text)
        text = re.sub(r"\s*\{#[^}]+\}", "", text)
        item = re.match(r"^(\s*(?:[-*]|\d+\.)\s+)(.*)$", text)
        if not text.strip() or text.lstrip().startswith("|"):
            flush()
            out.append(text.rstrip())
        elif item:
            flush()
            indent, words = item[1].replace("*", "-"), [item[2].strip()]
        else:
            if not words:
                indent = ""
            words.append(text.strip())
    flush()
    return "\n".join(out).strip()


def search(text: str, limit: int | None = None) -> tuple[RuleText, ...]:
    """The rules, rulings and out-of-scope entries that answer `text`, best first.

    The query is read as players write it: stop words ("at", "how many") are skipped, words are
    matched by stem (``clue`` finds "clues" and "clueing", never "refused" for ``fuse``), and the
    glossary's other names for the library's terms find them too (``strike``, ``fuse`` and
    ``lives`` the Storm tokens, ``clue token`` the Note tokens, ``hint`` a clue, ``bomb`` a
    misplay, ``rainbow`` multicolour). Not every word need occur: each text is ranked by BM25F,
    a word of its title counting more than one of its statement (the rule in plain words, the
    ruling, the formal block), which counts more than one of its sources.

    Args:
        text: the query, in any case.
        limit: at most this many results (all that hold any word of the query if ``None``).

    ```python
    from hanabi_core.rulebook import search

    assert search("precedence")[0].id == "7.7"
    assert search("discard at max clues")[0].id == "5.2"
    assert search("joker")[0].kind == "Out of scope"
    assert "5.2" not in [rule.id for rule in search("fuse")]  # "refused" is not "fuse"
    ```
    """
    query = parse_query(text)
    if not query.weights:
        return ()
    texts, index = _index()
    scored = [
        (number, score * _PRIOR.get(texts[number].section, 1.0))
        for number, score in index.rank(query)
    ]
    ranked = [texts[number] for number, _ in sorted(scored, key=lambda pair: -pair[1])]
    return tuple(ranked if limit is None else ranked[:limit])


@cache
def _index() -> tuple[tuple[RuleText, ...], Index]:
    texts = (*all_rules(), *out_of_scope())
    return texts, Index([_fields(text) for text in texts])


#: How much a rule of a section weighs against one of the base game's (sections 1 to 8 and 12):
#: an everyday query is about the base game; a variant's, an option's or an edition's rule must
#: answer it better to rank above.
_PRIOR: Mapping[int, float] = MappingProxyType({9: 0.85, 10: 0.8, 11: 0.8})

_STATEMENT_LABELS = ("**Formal.**", "**Ruling.**", "**Option:**", "**Option.**", "**What", "**Why")
_BODY_LABELS = ("**Sources.**", "**Code:**")


def _fields(rule: RuleText) -> dict[str, str]:
    """The searched fields of a rule: its title; its statement (the text before any label, the
    formal block, the ruling and its option); the rest of its body but the examples."""
    statement: list[str] = []
    rest: list[str] = []
    target = statement
    for line, outside in _split_lines_outside_fences(rule.body):
        stripped = line.strip()
        if outside and stripped.startswith("**Example"):
            target = []  # the examples are code, not words
        elif outside and stripped.startswith(_STATEMENT_LABELS):
            target = statement
        elif outside and stripped.startswith(_BODY_LABELS):
            target = rest
        target.append(line)
    return {
        "title": f"{rule.id} {rule.title}",
        "section": section_titles().get(rule.section, ""),
        "statement": plain_text("\n".join(statement)),
        "body": plain_text("\n".join(rest)),
    }


def snippet(rule: RuleText, text: str, width: int = 96) -> str:
    """A line of `rule`'s text around the first word of the query `text` it holds (see `search`;
    the query's own words before their synonyms), at most `width` characters, with "…" where it is
    cut.

    ```python
    from hanabi_core.rulebook import rule_text, snippet

    line = snippet(rule_text("1.3"), "storm")
    assert line.startswith("Storm tokens count misplays") and len(line) <= 96
    assert "strikes" in snippet(rule_text("1.3"), "strike")  # the word itself before its synonym
    ```
    """
    query = parse_query(text)
    words = rule.body.split("**Example", 1)[0]
    # The prose first; the formal statement's code and the tables only when the words are there
    # alone.
    prose = _FENCED.sub("", words).replace("**Formal.**", "")
    prose = "\n".join(line for line in prose.splitlines() if not line.lstrip().startswith("|"))
    plain = " ".join(plain_text(prose, width=10_000).split())
    match = query.first_match(plain)
    if match is None:
        plain = " ".join(plain_text(words, width=10_000).split())
        match = query.first_match(plain)
    start = 0 if match is None else match.start()
    begin = max(0, start - width // 3)
    if begin:  # start at a word
        space = plain.find(" ", begin, start)
        begin = start if space < 0 else space + 1
    end = begin + width - (2 if begin else 1)
    if end >= len(plain):
        return ("…" if begin else "") + plain[begin:]
    space = plain.rfind(" ", begin, end)
    end = space if space > start else end
    return ("…" if begin else "") + plain[begin:end] + "…"
