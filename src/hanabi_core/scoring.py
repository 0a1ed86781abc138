"""The rating of a final score (rule 8.3).

Every edition rates a score in six bands: 0–5, 6–10, 11–15, 16–20, 21–24 and 25. The wording
differs by edition and language; the bands do not. No edition prints a band above 25: the library
rates 26–30 (six-suit variants) in the top band. The "no last round" variant does not use the scale
(rule 8.4), so it has no rating.
"""

from __future__ import annotations

from attrs import frozen

from .errors import InvalidArgument, brief
from .options import Options

__all__ = ["RATINGS", "Rating", "max_points", "points", "rating"]


def _descending(build_order: tuple[int, ...]) -> bool:
    return build_order[0] > build_order[-1]


def points(options: Options, built: tuple[int, ...]) -> int:
    """The points of fireworks with `built` cards each (rule 8.1; ruling 13.7 for a descending one).

    ```python
    from hanabi_core import Options
    from hanabi_core.scoring import points
    black_powder = Options(2, variant="black-powder")
    assert points(black_powder, (5, 5, 5, 5, 5, 2)) == 27                # the cards built
    assert points(black_powder.replace(descending_score="highest"), (5, 5, 5, 5, 5, 2)) == 30
    assert points(black_powder.replace(descending_score="minus-five"), (5, 5, 5, 5, 5, 2)) == 22
    ```
    """
    reading = options.descending_score
    if reading == "cards":
        return sum(built)
    suits = options.variant.suits
    if reading == "highest":
        # The value of the highest card built: a descending firework's first card, its 5.
        return sum(
            max(suit.build_order[:n]) if n else 0 for suit, n in zip(suits, built, strict=True)
        )
    # "minus-five": each descending firework starts at -5 and each card built adds 1.
    return sum(built) - 5 * sum(_descending(suit.build_order) for suit in suits)


def max_points(options: Options) -> int:
    """The highest score of a game under `options`: every firework complete (rules 8.1, 10.10)."""
    variant = options.variant
    # Rule 8.1: every firework complete, of `stack_size` cards (4 in four-suit Sudoku, rule 9.32).
    return points(options, (variant.stack_size,) * len(variant.suits))


@frozen
class Rating:
    """One band of the rating scale.

    Attributes:
        band: 1 (lowest) to 6 (highest).
        low: the lowest score of the band.
        high: the highest score of the band (25 for the top band, which also takes 26–30).
        en: the wording in English.
        es: the wording of the Spanish source (ES-GUIDE, the spec's Sources page).
        pt: the wording of the Portuguese source (PT-GUIDE).
    """

    band: int
    low: int
    high: int
    en: str
    es: str
    pt: str

    def text(self, language: str = "en") -> str:
        """The wording in ``"en"``, ``"es"`` or ``"pt"``."""
        if language not in ("en", "es", "pt"):
            raise ValueError(f"language must be 'en', 'es' or 'pt', got {language!r}")
        text: str = getattr(self, language)
        return text


#: The six bands, lowest first.
RATINGS: tuple[Rating, ...] = (
    Rating(
        1,
        0,
        5,
        "Horrible: booed by the crowd.",
        "¡vaya! El público ha abucheado.",
        "Horrível, vaias da multidão…",
    ),
    Rating(
        2,
        6,
        10,
        "Mediocre: just a hint of scattered applause.",
        "¡flojo! Apenas unos aplausos.",
        "Medíocre, mal se ouvem aplausos.",
    ),
    Rating(
        3,
        11,
        15,
        "Honourable, but it will not be remembered for long.",
        "¡aceptable! Los espectadores han visto cosas mejores.",
        "Honrosa, mas não ficará na memória...",
    ),
    Rating(
        4,
        16,
        20,
        "Excellent: it delights the crowd.",
        "¡bien! El público queda satisfecho.",
        "Excelente, encanta a multidão.",
    ),
    Rating(
        5,
        21,
        24,
        "Extraordinary: it will be remembered!",
        "¡muy bien! El público está entusiasmado.",
        "Extraordinária, ficará na memória!",
    ),
    Rating(
        6,
        25,
        25,
        "Legendary: adults and children speechless, stars in their eyes!",
        "¡legendario! El público no olvidará jamás este espectáculo.",
        "Lendária, adultos e crianças atônitos, estrelas em seus olhos!",
    ),
)


def rating(score: int, options: Options | None = None) -> Rating | None:
    """The band of `score` (rule 8.3); `None` under the "no last round" variant (rule 8.4).

    ```python
    from hanabi_core import rating
    assert rating(23).band == 5
    assert rating(0).es == "¡vaya! El público ha abucheado."
    ```

    A negative score, possible only under ``descending_score="minus-five"`` (ruling 13.7), is in
    the lowest band ("5 or less").

    Raises:
        InvalidArgument: `score` is not a whole number, or negative when `options` does not allow
            it, or `options` is not an `Options` (a `ValueError` and a `TypeError`).
    """
    if options is not None and not isinstance(options, Options):
        raise InvalidArgument("options", f"must be an Options or None, got {brief(options)}")
    negative_allowed = options is not None and options.descending_score == "minus-five"
    if type(score) is not int or (score < 0 and not negative_allowed):
        raise InvalidArgument("score", f"must be a whole number of at least 0, got {brief(score)}")
    if options is not None and not options.last_round:
        return None
    for band in RATINGS:
        if score <= band.high:
            return band
    return RATINGS[-1]
