"""Who is at the table: a player who clicked one of a running game's controls within the last two
minutes sees its board change as it happens, so a call to act needs no message for them.

A player called to act is notified with a message (a ping) unless they are at the table by this
measure; the turn clock's reminder still reaches them if they then stay silent. Clicks in the lobby
do not count (the game's first call always pings everyone it calls), and what is kept is only in this
process's memory: after a restart nobody is at the table until they click, so a call owed a
notification then always gets one. The two minutes scale with ``TURN_CLOCK_SCALE`` like every delay
of the table, so tests can shorten them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

AWAY_AFTER_SECONDS = 120.0
# Games whose players' clicks are kept at most; those seen longest ago are forgotten first.
KEPT_GAMES = 10_000


class Presence:
    def __init__(self, away_after: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.away_after = away_after
        self.clock = clock
        self._seen: dict[int, dict[int, float]] = {}

    def saw(self, game_id: int, user_id: int) -> None:
        """The user just clicked one of the game's controls."""
        players = self._seen.pop(game_id, {})
        players[user_id] = self.clock()
        # Kept in the order games were last seen, so the oldest are first to go.
        self._seen[game_id] = players
        while len(self._seen) > KEPT_GAMES:
            self._seen.pop(next(iter(self._seen)))

    def at_table(self, game_id: int, user_id: int) -> bool:
        seen = self._seen.get(game_id, {}).get(user_id)
        return seen is not None and self.clock() - seen < self.away_after

    def forget(self, game_id: int) -> None:
        """The game is over: nobody is at its table any more."""
        self._seen.pop(game_id, None)
