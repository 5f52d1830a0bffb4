"""How Prime Time's events name the players. The engine does not know their names, so an event says
"Seat 1" or "seat 2" for a player (as a D20 roll-off says "Seat 1 rolls 12"); whoever shows an
event to people passes its text through ``with_names``, which puts each seat's name in its place."""

from __future__ import annotations

import re
from collections.abc import Sequence

SEAT = re.compile(r"\b[Ss]eat ([12])\b")


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with every "Seat N" / "seat N" replaced by the name of the N-th seat's player."""
    return SEAT.sub(lambda match: names[int(match.group(1)) - 1], text)
