"""The practice layer's random numbers: mulberry32, the project's one PRNG
(mc_widget/engine/deals.py; js/engine/deals.js), so that a seed gives the
same exercise and the same set in Python and in JavaScript.

``Rng(seed).below(n)`` is ``next() % n``: a tiny bias for large ``n``, but
exact integer arithmetic in both engines, which is what matters here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..engine.deals import mulberry32

__all__ = ["Rng"]

T = TypeVar("T")


class Rng:
    """A mulberry32 stream seeded with ``seed`` (an int ``0 … 2**32 - 1``)."""

    def __init__(self, seed: int) -> None:
        self._outputs = mulberry32(seed)

    def next(self) -> int:
        """The next output, a uint32."""
        return next(self._outputs)

    def below(self, n: int) -> int:
        """An int ``0 … n - 1`` (``next() % n``); ``n`` must be at least 1."""
        return self.next() % n

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items`` (not empty): ``items[below(len(items))]``."""
        return items[self.below(len(items))]
