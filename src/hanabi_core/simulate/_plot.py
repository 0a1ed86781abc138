"""The score histograms, drawn with matplotlib (the ``plot`` extra)."""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ._results import Simulation

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def plot(simulation: Simulation, path: str | os.PathLike[str] | None = None) -> Figure:
    """Each bot's score histogram, as a matplotlib `Figure` (a notebook shows it inline), also
    saved to `path` when given (PNG, SVG, PDF: by its extension).

    ```python
    from hanabi_core.simulate import plot, simulate

    figure = plot(simulate(["simple", "random"], games=10, workers=1))
    assert figure.axes[0].get_xlabel() == "score"
    ```

    Needs matplotlib, the ``plot`` extra: ``pip install -e ".[plot]"`` from a clone,
    ``pip install "hanabi-core[plot]"`` once released on PyPI.

    Raises:
        ImportError: matplotlib is not installed (the message says how to install it).
    """
    try:
        import matplotlib.figure  # noqa: F401, PLC0415  (an optional extra: asked at every call)
    except ImportError:
        from .._support.extras import missing_extra  # noqa: PLC0415

        raise missing_extra("drawing a plot", "matplotlib", "plot") from None
    max_score = simulation.options.variant.max_score
    figure = _figure_class()(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    count = max(1, len(simulation.summaries))
    width = 0.8 / count
    for i, summary in enumerate(simulation.summaries):
        counts: Mapping[int, int] = dict(summary.histogram)
        xs = [s + (i - (count - 1) / 2) * width for s in range(max_score + 1)]
        axes.bar(
            xs,
            [counts.get(s, 0) for s in range(max_score + 1)],
            width=width,
            label=f"{summary.bot}: mean {summary.mean:.2f} ± {summary.stderr:.2f}",
        )
    o = simulation.options
    games = max((summary.games for summary in simulation.summaries), default=0)
    axes.set_title(
        f"{o.variant.name}, {o.players} players, {games} games per bot from seed {simulation.seed}"
    )
    axes.set_xlabel("score")
    axes.set_ylabel("games")
    axes.set_xlim(-1, max_score + 1)
    axes.legend()
    if path is not None:
        figure.savefig(os.fspath(path))
    return figure


@functools.cache
def _figure_class() -> type[Figure]:
    """matplotlib's `Figure`, with the PNG a notebook shows for a cell's value: made without
    pyplot, a figure is shown inline only once the inline backend is loaded otherwise."""
    from matplotlib.figure import Figure  # noqa: PLC0415  (an optional extra)

    class ScoreFigure(Figure):
        """The score histograms' figure; a notebook shows it inline."""

        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png")
            return buffer.getvalue()

    return ScoreFigure
