"""A seeded random generator whose whole state lives inside the game state.

SplitMix64 in counter mode: draw number ``n`` of seed ``s`` is a pure function of ``(s, n)``, so the
same seed and the same actions replay to the same game on any machine and any Python version, and
the generator serializes as two integers.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from pydantic import BaseModel

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _splitmix64(value: int) -> int:
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & _MASK64
    value = (value ^ (value >> 27)) * 0x94D049BB133111EB & _MASK64
    return value ^ (value >> 31)


class Rng(BaseModel):
    """Seed plus the number of draws taken so far; mutate only a copy owned by a reducer."""

    seed: int
    draws: int = 0

    def next_u64(self) -> int:
        self.draws += 1
        return _splitmix64((self.seed + self.draws * _GOLDEN_GAMMA) & _MASK64)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, without modulo bias."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound

    def choice(self, options: list[T]) -> T:
        return options[self.below(len(options))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for index in range(len(items) - 1, 0, -1):
            other = self.below(index + 1)
            items[index], items[other] = items[other], items[index]
