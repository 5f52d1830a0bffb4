"""Whether a set of dice faces fits a threat tile's cancel cost.

Fixed icons take only their own face. A single wild takes any face. Linked wilds take one face,
the same for all of them. Separated wilds make every die on the tile differ, fixed icons included
(the tile's words: "All dice icons placed on this threat must be different").
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from rules.cell.content import FACES, Face, SlotKind


@cache
def faces_fit(cost: tuple[SlotKind, ...], faces: tuple[Face, ...]) -> bool:
    """True when ``faces`` (in any order) can be assigned to distinct slots of ``cost``."""
    if len(faces) > len(cost):
        return False
    separated = cost.count("different")
    placed = Counter(faces)
    if separated and any(count > 1 for count in placed.values()):
        return False
    leftover = Counter({face: max(0, placed[face] - cost.count(face)) for face in FACES})
    unplaced = sum(leftover.values())
    linked = cost.count("same")
    best_linked_fill = max((min(count, linked) for count in leftover.values()), default=0)
    return unplaced - best_linked_fill <= cost.count("any") + separated


def fits_with(cost: list[SlotKind], faces: list[Face], extra: Face) -> bool:
    return faces_fit(tuple(cost), (*sorted(faces), extra))


def is_complete(cost: list[SlotKind], faces: list[Face]) -> bool:
    return len(faces) == len(cost) and faces_fit(tuple(cost), tuple(sorted(faces)))
