"""Which placed die or token sits in which cost box of a threat tile.

The engine records only what was placed; the picture needs a box for each. Fixed icons take their
own face first, the linked wilds take the face most of the rest share, and the remainder fill the
single and separated wilds in order (the same order ``rules.cell.threat_slots`` checks them in).
"""

from __future__ import annotations

from collections import Counter

from rules.cell.state import Placement

WILD_ORDER = ("any", "different")


def slot_placements(cost: list[str], placed: list[Placement]) -> list[Placement | None]:
    slots: list[Placement | None] = [None] * len(cost)
    waiting = list(placed)
    for index, kind in enumerate(cost):
        match = next((placement for placement in waiting if placement.face == kind), None)
        if match is not None:
            slots[index] = match
            waiting.remove(match)
    linked = [index for index, kind in enumerate(cost) if kind == "same"]
    if linked and waiting:
        face, _ = Counter(placement.face for placement in waiting).most_common(1)[0]
        for index in linked:
            match = next((placement for placement in waiting if placement.face == face), None)
            if match is None:
                break
            slots[index] = match
            waiting.remove(match)
    for index, kind in enumerate(cost):
        if kind in WILD_ORDER and waiting:
            slots[index] = waiting.pop(0)
    return slots
