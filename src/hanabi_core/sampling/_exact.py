"""The exact, bounded half of `sample_state`: own-hand faces drawn by counts of completions.

`sampling.sample_state` first tries a few cheap rejection proposals (steps 2 and 3 of its
algorithm); when they all fail, it draws from `Completions` here, which never rejects.

## The count

The own cards are `i = 0 … k-1`, card `i` allowed the faces `allowed[i]`; the pool holds
`pool[f]` labelled copies of face `f`. Group the faces into *atoms*: faces allowed to exactly the
same set of own cards. Inside an atom, copies are interchangeable for every card, so only how
many labelled copies each atom has left matters. Write `rem[a]` for that number and `atoms(i)` for
the atoms card `i` may take. The number of *labelled assignments* (distinct pool copies, one per
own card, each allowed by its card's clues) of the cards `i … k-1` is

    g(k, rem) = 1
    g(i, rem) = Σ over a in atoms(i) of rem[a] · g(i + 1, rem with one fewer copy in a)

(card `i` takes one of the `rem[a]` copies of atom `a`, the later cards share what is left).

## Why the draw is uniform

For card `i` in turn, given the copies taken so far, the sampler draws an integer `r` uniformly
below `g(i, rem)` and reads it in the sum above: it falls in the term of atom `a` with probability
`rem[a] · g(i + 1, rem − a) / g(i, rem)`, and inside that term `r // g(i + 1, rem − a)` names one
of the `rem[a]` labelled copies, each equally likely. So one labelled assignment `x` is drawn with
probability

    ∏ over i of 1/rem_i(x) · rem_i(x) · g(i+1, ·)/g(i, ·) = g(k, ·)/g(0, pool) = 1/g(0, pool),

the product telescoping: the same for every assignment, i.e. uniform over them all. Each
`sampling` caller mixes this with the accepted rejection proposals, themselves uniform (the proof
in `sampling`); a mixture of uniform draws over the same set is uniform.

## The limit

`g` is memoised on (card, copies left in the atoms the later cards may take). Real hands have few
atoms and few states (hundreds at most); a view made to be hard could need many more, so the work
is bounded: beyond `STATES` memoised states the draw stops with `SamplingError` rather than run
for ever. `below` and `shuffle` bound the other loop, the one inside `random.Random.randrange`:
a generator whose `getrandbits` never returns a number in range is refused after `RETRIES`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence
from typing import TypeVar

from ..errors import HanabiError

__all__ = [
    "LEAVES",
    "NODES",
    "RETRIES",
    "STATES",
    "Completions",
    "Option",
    "UnionDraw",
    "below",
    "shuffle",
]

#: The most memoised states the exact count may build (a bound on time and memory: about a
#: second of work on this project's reference machine).
STATES = 200_000
#: How many out-of-range numbers `below` accepts from a generator before it refuses it: an honest
#: generator gives that many with probability under 2**-64.
RETRIES = 64

_T = TypeVar("_T")


def below(rng: random.Random, n: int, error: Callable[[str, str], HanabiError]) -> int:
    """A uniform integer in `[0, n)` (`n ≥ 1`) from `rng.getrandbits`, as `rng.randrange(n)`
    draws it (the same numbers from the same generator), but refusing, with `error("rng", …)`,
    a generator that keeps returning numbers out of range."""
    bits = n.bit_length()
    for _ in range(RETRIES):
        r = rng.getrandbits(bits)
        if type(r) is int and 0 <= r < n:
            return r
    raise error("rng", f"its getrandbits({bits}) gave no number below {n} in {RETRIES} tries")


def shuffle(
    rng: random.Random, items: MutableSequence[_T], error: Callable[[str, str], HanabiError]
) -> None:
    """Fisher–Yates in place, as `random.Random.shuffle` does it, with `below`'s bound."""
    for i in reversed(range(1, len(items))):
        j = below(rng, i + 1, error)
        items[i], items[j] = items[j], items[i]


class Completions:
    """The counts `g` of the module's algorithm for one problem, memoised across draws, and
    uniform draws from them.

    Args:
        allowed: per own card, the faces its clues allow.
        pool: labelled copies left per face.
        error: builds the error raised (`SamplingError`), from a field and a reason.
    """

    def __init__(
        self,
        allowed: list[list[int]],
        pool: list[int],
        error: Callable[[str, str], HanabiError],
    ) -> None:
        k = len(allowed)
        self._k = k
        self._pool = pool
        self._error = error
        # Atoms: the faces with a copy left, grouped by the set of cards that may take them.
        signature: dict[int, list[int]] = {}
        for i, faces in enumerate(allowed):
            for f in faces:
                if pool[f] > 0:
                    signature.setdefault(f, []).append(i)
        atom_of: dict[tuple[int, ...], int] = {}
        self._atom_faces: list[list[int]] = []
        for f, cards in signature.items():
            a = atom_of.setdefault(tuple(cards), len(self._atom_faces))
            if a == len(self._atom_faces):
                self._atom_faces.append([])
            self._atom_faces[a].append(f)
        self._sizes = [sum(pool[f] for f in faces) for faces in self._atom_faces]
        card_atoms: list[list[int]] = [[] for _ in range(k)]
        for members, a in atom_of.items():
            for i in members:
                card_atoms[i].append(a)
        # Fewest copies first: the atoms of the most constrained cards retire early, which keeps
        # the memo small (any fixed order is exact).
        self._order = sorted(range(k), key=lambda i: sum(self._sizes[a] for a in card_atoms[i]))
        self._atoms = [card_atoms[i] for i in self._order]
        # The atoms still wanted from step j on: the memo key keeps only their copies left.
        self._wanted: list[tuple[int, ...]] = [()] * (k + 1)
        later: set[int] = set()
        for j in range(k - 1, -1, -1):
            later.update(self._atoms[j])
            self._wanted[j] = tuple(sorted(later))
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def _count(self, j: int, rem: list[int]) -> int:
        if j == self._k:
            return 1
        key = (j, tuple(rem[a] for a in self._wanted[j]))
        found = self._memo.get(key)
        if found is not None:
            return found
        if len(self._memo) >= STATES:
            raise self._error(
                "view",
                f"its own cards' clues need more than {STATES} counting states "
                "(the documented limit of sample_state)",
            )
        total = 0
        for a in self._atoms[j]:
            left = rem[a]
            if left:
                rem[a] = left - 1
                total += left * self._count(j + 1, rem)
                rem[a] = left
        self._memo[key] = total
        return total

    def total(self) -> int:
        """How many labelled assignments there are (0: none)."""
        return self._count(0, list(self._sizes))

    def draw(self, rng: random.Random) -> list[int] | None:
        """A uniform labelled assignment: the faces, card by card; `None` if there is none.

        Raises:
            HanabiError: `error("view", …)` when the count needs more than `STATES` states, or
                `error("rng", …)` for a generator `below` refuses.
        """
        rem = list(self._sizes)
        if self._count(0, rem) == 0:
            return None
        left_faces = list(self._pool)
        chosen = [0] * self._k
        for j, i in enumerate(self._order):
            r = below(rng, self._count(j, rem), self._error)
            for a in self._atoms[j]:
                copies = rem[a]
                if not copies:
                    continue
                rem[a] = copies - 1
                rest = self._count(j + 1, rem)
                if r < copies * rest:
                    pick = r // rest  # one of the atom's labelled copies left, uniformly
                    for f in self._atom_faces[a]:
                        pick -= left_faces[f]
                        if pick < 0:
                            break
                    left_faces[f] -= 1
                    chosen[i] = f
                    break
                r -= copies * rest
                rem[a] = copies
        return chosen


#: Bounds of `UnionDraw`: steps of its search over the clues hidden clues may have been, and the
#: distinct constraint sets (leaves) it keeps; a hidden clue past them is left to rejection.
NODES = 20_000
LEAVES = 512

#: One way a hidden clue may have been: per own card in the target's hand then, the faces it
#: allows that card (those the clue touches if it touched the card, the others if not).
Option = tuple[tuple[int, frozenset[int]], ...]


class UnionDraw:
    """Uniform draws of own-hand faces under clues whose values the view hides (rules 9.30 and
    9.31): each hidden clue was one of several clues, and the faces must agree with at least one
    of them for every hidden clue.

    The fitting assignments are the union, over every choice of one clue per hidden clue, of the
    assignments allowed by the per-card face sets that choice implies (a *leaf*: leaves that imply
    the same sets are one). A depth-first search over the choices, pruning those that leave a card
    no face, lists the leaves; `Completions` counts each leaf's assignments `|A_T|`, `S` their sum.

    One try draws a leaf `T` with probability `|A_T| / S`, an assignment `x` uniformly in `A_T`
    (`Completions.draw`), and keeps `x` with probability `1 / c(x)`, `c(x)` the number of leaves
    whose sets allow `x`. So `x` is kept with probability
    `Σ over T ∋ x of |A_T|/S · 1/|A_T| · 1/c(x) = c(x)/S · 1/c(x) = 1/S`: the same for every
    fitting assignment, i.e. uniform over the union (Karp and Luby's estimator, used to sample).
    A try keeps its draw with probability at least `1 / leaves` (the union is at least as large
    as its largest leaf); `64 · leaves` tries fail with probability under `e**-64`.

    The search is bounded: a hidden clue that would take it past `NODES` steps or `LEAVES`
    leaves is left out, and `complete` says so; the caller must then reject the draws some hidden
    clue does not fit (rejection keeps a uniform draw uniform over what it keeps).
    """

    def __init__(
        self,
        allowed: list[list[int]],
        pool: list[int],
        clauses: list[list[Option]],
        error: Callable[[str, str], HanabiError],
    ) -> None:
        self._error = error
        # Breadth first, one hidden clue at a time (fewest ways first), the narrowed sets of a
        # level kept once: choices that narrow alike share their continuations. A clue that would
        # take the search past its bounds is left out (`complete` turns false): the caller then
        # rejects the draws it does not fit, which keeps the draw uniform over those it fits.
        level: set[tuple[frozenset[int], ...]] = {tuple(frozenset(faces) for faces in allowed)}
        nodes = 0
        self.complete = True
        for options in sorted(clauses, key=len):
            following: set[tuple[frozenset[int], ...]] = set()
            nodes += len(level) * len(options)
            if nodes > NODES:
                self.complete = False
                continue
            for current in level:
                for option in options:
                    narrowed = list(current)
                    for i, faces in option:
                        narrowed[i] = narrowed[i] & faces
                        if not narrowed[i]:
                            break
                    else:
                        following.add(tuple(narrowed))
                if len(following) > LEAVES:
                    break
            if len(following) > LEAVES:
                self.complete = False
                continue
            level = following
        leaves = level
        self._parts: list[tuple[tuple[frozenset[int], ...], Completions, int]] = []
        for leaf in sorted(leaves, key=lambda sets: [sorted(s) for s in sets]):
            completions = Completions([sorted(s) for s in leaf], pool, error)
            total = completions.total()
            if total:
                self._parts.append((leaf, completions, total))
        self._sum = sum(total for _, _, total in self._parts)

    def draw(self, rng: random.Random) -> list[int] | None:
        """A uniform fitting assignment (faces, card by card), or `None` if there is none."""
        parts = self._parts
        if not parts:
            return None
        for _ in range(64 * len(parts)):
            r = below(rng, self._sum, self._error)
            at = 0
            while r >= parts[at][2]:
                r -= parts[at][2]
                at += 1
            drawn = parts[at][1].draw(rng)
            assert drawn is not None  # the leaf has assignments
            count = sum(
                all(face in sets[i] for i, face in enumerate(drawn)) for sets, _, _ in parts
            )
            if below(rng, count, self._error) == 0:
                return drawn
        raise self._error("rng", f"no draw was kept in {64 * len(parts)} tries")
