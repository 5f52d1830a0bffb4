"""Parsed game states, kept so that a click does not validate the same saved state again and again.

A click loads its game's state several times (to check the seat, to apply the move, to draw the
board, to wake the AI), and turning the stored JSON back into a pydantic model is the costliest step
of a move that the bot makes on its event loop. States are never changed in place: every reducer
works on a copy (``reduce_copy``), so one parsed state can serve every reader of the same version.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.storage import GameRecord

# Games whose latest state is kept: a parsed state takes about 80 KB, so this is some 10 MB at most.
# A bot running more games at once than this still works, only parsing more often.
CACHED_GAMES = 128


@dataclass(frozen=True)
class _Entry:
    version: int
    state_json: str
    state: Any


class StateCache:
    """The latest parsed state of each recently used game, by game id.

    An entry serves a record only if the record's version and its stored JSON are both the ones the
    state was parsed from (or saved as), so a record read before or after a save, or a save that
    failed, never gets a state that does not match its own JSON.
    """

    def __init__(self, size: int = CACHED_GAMES) -> None:
        self.size = size
        self._entries: OrderedDict[int, _Entry] = OrderedDict()

    def get(self, record: GameRecord) -> Any | None:
        entry = self._entries.get(record.id)
        if entry is None or entry.version != record.version or entry.state_json != record.state_json:
            return None
        self._entries.move_to_end(record.id)
        return entry.state

    def put(self, record: GameRecord, state: Any) -> None:
        """Remembers ``state`` as the one ``record``'s JSON holds; the newest version of a game wins."""
        assert record.state_json is not None
        entry = self._entries.get(record.id)
        if entry is not None and entry.version > record.version:
            return
        self._entries[record.id] = _Entry(record.version, record.state_json, state)
        self._entries.move_to_end(record.id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
