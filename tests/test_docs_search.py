"""The docs site's search ranks the spec above the API pages (issue 32, item 8).

The spec pages carry mkdocs-material's front matter ``search: boost:`` above 1, the API reference
pages below 1; the slow test builds the site and runs mkdocs-material's own search worker under
Node on the built ``search_index.json``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FRONT_MATTER = re.compile(r"\A---\nsearch:\n  boost: (?P<boost>[0-9.]+)\n---\n")
SPEC_PAGES = [
    *sorted((DOCS / "spec").glob("[01]*.md")),
    DOCS / "spec" / "out-of-scope.md",
    DOCS / "spec" / "players.md",
    DOCS / "spec" / "glossary.md",
]


def boost(page: Path) -> float:
    match = FRONT_MATTER.match(page.read_text(encoding="utf-8"))
    assert match, f"{page.relative_to(ROOT)} has no 'search: boost:' front matter"
    return float(match["boost"])


def test_spec_pages_are_boosted_and_api_pages_demoted() -> None:
    assert len(SPEC_PAGES) == 16
    assert all(boost(page) > 1 for page in SPEC_PAGES)
    reference = sorted((DOCS / "reference").glob("*.md"))
    assert reference and all(boost(page) < 1 for page in reference)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the search worker")
def test_site_search_lists_the_spec_first(tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=600,
    )
    entries = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    boosts = {entry["location"].split("#")[0]: entry.get("boost") for entry in entries["docs"]}
    assert boosts["spec/09-variants/"] == 3 and boosts["reference/rl/"] == 0.3
    queries = ["rainbow every colour", "joker", "discard at max clues", "null clue", "fuse"]
    found = json.loads(
        subprocess.run(
            ["node", str(ROOT / "tests" / "data" / "material_search.js"), str(site), *queries],
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    )
    for query in queries:
        assert found[query] and found[query][0].startswith("spec/"), (query, found[query])
    assert found["joker"][0] == "spec/out-of-scope/#joker"
