"""Compare every «…» quote of the spec with the source text its citation key names.

Run by hand from the repository root, with the folder of source texts as argument (a user's clone
does not have them, so this is not a test)::

    python scripts/check_quotes.py ../shared/seeds

Guillemets are reserved for quotes of the four primary texts (docs/spec/sources.md). A quote is
checked against the text of the nearest citation key before it in the same paragraph or list
item (or the ``### KEY`` heading of its section). " … " inside a quote marks an omission: each
piece must occur, in order, within one paragraph of the source (an omission may span
paragraphs). Whitespace is compared loosely (a Markdown line break is a space); every other
character, quotation marks and accents included, must match exactly. Prints each mismatch and
exits 1 if there is any.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Citation key -> the file-name prefix of the source text it names (the keys of sources.md).
KEYS = {"ES-GUIDE": "000_", "PT-GUIDE": "001_", "ES-FAQ": "003_", "ES-WIKI": "004_"}
# A key as a link ("[ES-GUIDE](sources.md#es-guide)") or as a bare word (the command line's text).
KEY = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, KEYS)) + r")(?![\w-])")
HEADING = re.compile(r"^#+ (" + "|".join(map(re.escape, KEYS)) + r")\b")
QUOTE = re.compile(r"«(.+?)»", re.DOTALL)
PAGES = ("src/hanabi_core/rulebook", "docs")


def _loose(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _blocks(markdown: str) -> list[str]:
    """Paragraphs and list items: a quote's citation key is looked for in its own block, or else
    in the heading of its section (the Sources page describes each key under its own heading)."""
    blocks: list[str] = []
    current: list[str] = []
    section = ""
    for raw in markdown.splitlines():
        heading = HEADING.match(raw)
        if raw.startswith("#"):
            section = f"{heading.group(1)} " if heading else ""
        line = "" if raw.startswith("#") else raw
        if section and line.strip() and not current:
            line = section + line
        starts_item = re.match(r"^\s*(?:[-*]|\d+\.)\s", line) is not None
        if not line.strip() or starts_item or line.startswith("|"):
            if current:
                blocks.append("\n".join(current))
            current = [] if not line.strip() else [line]
            if line.startswith("|"):
                blocks.append(line)
                current = []
            continue
        current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def _found(quote: str, paragraphs: list[str]) -> bool:
    # A piece never contains the paragraph mark, so it cannot join two paragraphs (or two bullet
    # items) silently; an omission marked by " … " may span them.
    text = " ¶ ".join(paragraphs)
    pieces = [_loose(piece) for piece in re.split(r"\s*…\s*", quote) if piece.strip()]
    at = 0
    for piece in pieces:
        at = text.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def main(argv: list[str]) -> int:
    seeds = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "seeds"
    texts: dict[str, list[str]] = {}
    for key, prefix in KEYS.items():
        (path,) = sorted(seeds.glob(prefix + "*.txt"))
        texts[key] = [_loose(p) for p in path.read_text(encoding="utf-8").splitlines() if p.strip()]
    checked = failures = 0
    for base in PAGES:
        for page in sorted((ROOT / base).rglob("*.md")):
            for block in _blocks(page.read_text(encoding="utf-8")):
                for match in QUOTE.finditer(block):
                    checked += 1
                    keys = KEY.findall(block[: match.start()])
                    where = f"{page.relative_to(ROOT)}: «{_loose(match.group(1))[:60]}»"
                    if not keys:
                        failures += 1
                        print(f"{where}: no citation key before the quote")
                    elif not _found(match.group(1), texts[keys[-1]]):
                        failures += 1
                        print(f"{where}: not verbatim in {keys[-1]}")
    print(f"{checked} quotes checked, {failures} not verbatim or not attributed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
