"""Test configuration: Hypothesis profiles and the test data folder (tests/data).

Profiles (choose with the HYPOTHESIS_PROFILE environment variable):

- ``dev`` (default): a quick local run.
- ``ci``: what `.ci/run` uses; few examples, no deadline, so the whole run stays within minutes.
- ``thorough``: many more examples, for a long run before a release (`-m slow` adds the slow tests).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No profile fails a test for being slow to generate: on a loaded machine (a user's laptop, a
# shared CI host) that check fails at random and says nothing about the rules.
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

#: The test data kept in the repository (tests/data/README.md gives each file's source and
#: licence); no test reads anything outside the repository.
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def hanab_live() -> Path:
    """The folder of real hanab.live game records (tests/data/hanab-live)."""
    return DATA / "hanab-live"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests that load JAX run last: the JAX tests, and the docs examples of pages that use
    it. JAX starts threads when it is imported, and `os.fork` in a threaded process can deadlock
    the child; `simulate` (and the tests that kill its workers) fork worker processes, so none may
    run after JAX is loaded."""

    def loads_jax(item: pytest.Item) -> bool:
        if "jax" in item.nodeid.split("::")[0]:
            return True
        page = getattr(item, "callspec", None) and item.callspec.params.get("page")
        return isinstance(page, Path) and "import jax" in page.read_text(encoding="utf-8")

    items.sort(key=loads_jax)
